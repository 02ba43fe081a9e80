"""The bare-list benchmarks on lists this project has not seen (`--files`): a titled file
of any format papers reads is scored against its own titles, and a file without titles is
refused with its name, not scored as zeros."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import titles
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
