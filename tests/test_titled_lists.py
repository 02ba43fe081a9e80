"""The bare-list benchmarks on lists this project has not seen (`--files`): a titled file
of any format papers reads is scored against its own titles, and a file without titles is
refused with its name, not scored as zeros."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import titled_lists, titles
from benchmarks.titled_lists import NoTitles, list_label, titled_records

PROPOSE = ("We propose GraphCleaner, a post-hoc method to detect and correct mislabelled "
           "nodes in graph datasets. GraphCleaner finds mislabelled nodes that earlier "
           "methods miss, on six real graph datasets.")
STUDY = ("We study how the learning rate schedule changes what a network memorises, and "
         "show that a short warm-up removes most of the memorised noise in practice.")


def bibtex(path: Path) -> Path:
    path.write_text(
        "@inproceedings{a, title={{GraphCleaner}: Detecting Mislabelled Samples in Popular "
        f"Graph Learning Benchmarks}}, abstract={{{PROPOSE}}}, year={{2031}}}}\n\n"
        "@inproceedings{b, title={Warm-up Removes Memorised Noise}, "
        f"abstract={{{STUDY}}}, year={{2031}}}}\n", encoding="utf-8")
    return path


def test_a_titled_file_is_read_by_papers_own_reader(tmp_path):
    records = titled_records(bibtex(tmp_path / "venue2031.bib"))
    assert [r["title"][:14] for r in records] == ["GraphCleaner: ", "Warm-up Remove"]
    assert records[0]["abstract"].startswith("We propose GraphCleaner")
    assert list_label(tmp_path / "venue2031.bib") == "venue2031"
    assert list_label("icml2023") == "icml2023"


def test_a_file_without_titles_is_refused_naming_it(tmp_path):
    bare = tmp_path / "bare.txt"
    bare.write_text(f"Bare list\n\n{PROPOSE}\n\n{STUDY}\n", encoding="utf-8")
    with pytest.raises(NoTitles, match=r"bare\.txt: no record has both a title"):
        titled_records(bare)
    with pytest.raises(NoTitles, match=r"missing\.json: no such file"):
        titled_records(tmp_path / "missing.json")


def test_the_titles_benchmark_scores_a_file_against_its_titles(tmp_path, capsys):
    assert titles.main(["--files", str(bibtex(tmp_path / "venue2031.bib"))]) == 0
    out = capsys.readouterr().out
    # only the file (no development list): 2 papers, 1 title naming a method, named right
    rows = [line.split() for line in out.splitlines() if line.startswith("venue2031 ")]
    assert rows[0][:5] == ["venue2031", "2", "1/1", "100.0%", "100.0%"]
    assert not any(line.startswith("icml") for line in out.splitlines())


def test_the_titles_benchmark_stops_at_a_bad_file(tmp_path, capsys):
    bare = tmp_path / "bare.txt"
    bare.write_text(f"Bare list\n\n{PROPOSE}\n", encoding="utf-8")
    assert titles.main(["--files", str(bare)]) == 2
    assert "bare.txt: no record has both a title" in capsys.readouterr().err


def test_two_files_of_one_name_are_two_lists(tmp_path, capsys):
    """`--files a/venue2031.bib b/venue2031.bib`: each is scored as its own list, named by
    its folder (keyed by the bare stem, the second had replaced the first)."""
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    bibtex(first / "venue2031.bib")
    (second / "venue2031.bib").write_text(
        "@inproceedings{c, title={Sharper Bounds for Sparse Recovery}, abstract={We prove "
        "sharper bounds for sparse recovery from random measurements and show that they are "
        "tight for Gaussian designs in every dimension.}, year={2031}}\n", encoding="utf-8")
    assert titled_lists.list_labels([first / "venue2031.bib", second / "venue2031.bib",
                                     "icml2023"]) == ["a-venue2031", "b-venue2031", "icml2023"]
    assert titled_lists.list_labels([first / "x.json", first / "x.bib"]) == ["a-x", "a-x-2"]
    # (samples kept in sub-folders of one name: the path below the common folder tells
    # them apart, where the folder's own name gave "fresh-x" twice over)
    assert titled_lists.list_labels([tmp_path / "s62" / "fresh" / "x.json",
                                     tmp_path / "s54" / "x.json",
                                     tmp_path / "s70" / "fresh" / "x.json"]) \
        == ["s62-fresh-x", "s54-x", "s70-fresh-x"]
    assert titles.main(["--files", str(first / "venue2031.bib"),
                        str(second / "venue2031.bib")]) == 0
    rows: dict[str, str] = {}
    for line in capsys.readouterr().out.splitlines():  # (the first table's rows)
        if line.startswith(("a-venue2031 ", "b-venue2031 ")):
            rows.setdefault(line.split()[0], line.split()[1])
    assert rows == {"a-venue2031": "2", "b-venue2031": "1"}  # papers in each
