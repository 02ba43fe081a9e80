"""Bad files: each gets one line naming the file and the problem, and changes nothing.

`papers add` on a non-UTF-8, binary, empty, header-only, truncated, malformed or
column-less file exits 1 with a single `papers: FILE[:LINE[:COL]]: problem` line on stderr
and no traceback; the library (lists, ids, tags, the index and the list copies) is exactly
as it was. Property tests: every reader, given any bytes or text, returns a ParsedList or
raises ListFormatError with a one-line message naming the file, and nothing else.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from index import Library
from index.ingest.formats import READERS, ListFormatError, parse
from index.models import ParsedList

from ..on_disk import current_generation

ABSTRACT = ("We propose a method for testing paper list readers against every kind of "
            "broken file that a scraper can produce, and show that none of them crash.")
TRUNCATED = json.dumps([{"title": "A", "abstract": ABSTRACT}], indent=1)[:-5] + ', "year": '
BAD_FILES = {
    # name: (bytes, expected words in the problem, line, column)
    "latin1.txt": ("ICML 2025 Papers\n\nCaf\xe9 au lait abstract that is long enough to count."
                   .encode("latin-1"), "not UTF-8", 3, 4),
    "image.txt": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4, "PNG image",
                  None, None),
    # Foreign files, sniffed by content whatever their name (#16 items 14-15). RIS and
    # arXiv Atom are read since #13 (tests/test_readers_more.py); other XML is refused.
    "other.xml": (b'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
                  b'<item><title>X</title></item></channel></rss>\n', "XML (<rss>)",
                  None, None),
    "zotero.rdf": (b'<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="x">\n</rdf:RDF>\n', "RDF",
                   None, None),
    "page.txt": (b"<!DOCTYPE html>\n<html><head><title>ICML 2026</title></head>\n\n<body>"
                 b"<p>" + ABSTRACT.encode() + b"</p></body></html>\n", "an HTML page",
                 None, None),
    "list.txt.gz": (b"\x1f\x8b\x08\x00" + bytes(40), "gzip-compressed", None, None),
    "lists.zip": (b"PK\x03\x04" + bytes(40), "zip archive", None, None),
    "paper.pdf": (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n" + bytes(40), "PDF document", None, None),
    "utf16-no-bom.txt": (("ICML 2025 Papers\n\n" + ABSTRACT).encode("utf-16-le"),
                         "UTF-16 text without a byte-order mark", None, None),
    "late-nul.txt": (f"ICML 2025 Papers\n\n{ABSTRACT}\n\n{'x ' * 5000}\n\nsome\0text "
                     f"{ABSTRACT}\n".encode(), "NUL byte", 7, None),
    "utf16.txt": (("ICML 2025\n\n" + ABSTRACT).encode("utf-16"), "UTF-16", None, None),
    "empty.txt": (b"", "empty", None, None),
    "blank.json": (b" \n\t\n  ", "empty", None, None),
    "header-only.txt": (b"ICML 2025 Papers\n\n\n", "only a title line", None, None),
    "header-only.csv": (b"title,abstract,authors\n", "no papers", None, None),
    "truncated.json": (TRUNCATED.encode(), "invalid JSON: Expecting value",
                       TRUNCATED.count("\n") + 1, len(TRUNCATED.split("\n")[-1]) + 1),
    "not-a-list.json": (b'{"a": 1, "b": 2}', "expected a JSON list", None, None),
    "bad-line.jsonl": ((json.dumps({"abstract": ABSTRACT}) + "\n{oops\n").encode(),
                       "invalid JSON", 2, 2),
    "malformed.bib": (b"@article{ok,\n  title = {Fine},\n  abstract = {Fine abstract.}\n}\n\n"
                      b"@article{broken\n  title = {No comma after the key},\n}\n",
                      "malformed BibTeX entry", 6, None),
    "no-columns.csv": (b"name,pages\nfoo,12\nbar,3\n", "no 'title' or 'abstract' column",
                       1, None),
    "short-row.csv": (f'title,abstract,year\nFine,"{ABSTRACT}",2024\nShort row\n'.encode(),
                      "missing: abstract, year", 3, None),
    "long-row.csv": (f'title,abstract\nFine,"{ABSTRACT}",extra,more\n'.encode(),
                     "row has 4 fields", 2, None),
    "nested.json": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply", None, None),
}


@pytest.fixture
def library(copied_library):
    """The seeded library, copied from a template (faster than seeding each time)."""
    return copied_library


def library_state(home: Path) -> dict:
    """Everything a failed import must leave alone."""
    with Library(home) as library:
        return {
            "lists": [(i.name, i.title, i.papers, i.file, i.original) for i in library.lists()],
            "ids": library.store.ids(),
            "tags": library.tags(),
            "tagged": {tag: [p.id for p in library.tagged(tag)] for tag, _ in library.tags()},
            "changes": library.store.last_change(),
            "generation": current_generation(library.index.root).name,
            "index_meta": library.index.meta(),
            "doc_count": (library.sync(), library.index.doc_count())[1],
            "copies": sorted(p.name for p in library.where.lists_dir.iterdir()),
            "search": library.search("policy", complete_last=False).ids(),
        }


@pytest.fixture
def tagged_home(library: Library, home: Path) -> Path:
    ids = library.store.ids()
    library.tag(ids[:3], ["keep", "read later"])
    library.close()
    return home


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_is_one_line_naming_it_and_changes_nothing(tagged_home, tmp_path, run_cli,
                                                            name):
    data, problem, line, column = BAD_FILES[name]
    path = tmp_path / name
    path.write_bytes(data)
    before = library_state(tagged_home)
    code, out, err = run_cli("--data-dir", tagged_home, "add", path)
    assert code == 1 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err  # exactly one line
    assert err.startswith(f"papers: {path}"), err
    assert problem in err, err
    if line is not None:
        assert err.startswith(f"papers: {path}:{line}:" + (f"{column}:" if column else "")), err
    assert "Traceback" not in err
    assert library_state(tagged_home) == before


def test_one_bad_file_among_good_ones_fails_alone(tagged_home, tmp_path, run_cli, write_list):
    good = write_list("good.txt", [ABSTRACT])
    bad = tmp_path / "bad.json"
    bad.write_text('[{"title": "x", ', encoding="utf-8")
    code, out, err = run_cli("--data-dir", tagged_home, "add", bad, good)
    assert code == 1
    assert err.count("\n") == 1 and str(bad) in err
    assert "good" in out and "1 new" in out
    with Library(tagged_home) as library:
        assert [i.name for i in library.lists()][-1] == "good"


@pytest.mark.parametrize("target", ["missing.txt", "a-directory"])
def test_missing_file_or_directory_is_one_line(home, tmp_path, run_cli, target):
    (tmp_path / "a-directory").mkdir()
    code, out, err = run_cli("add", tmp_path / target)
    assert code == 1 and err.count("\n") == 1 and str(tmp_path / target) in err


def test_the_real_command_prints_no_traceback(home, tmp_path):
    path = tmp_path / "image.bib"
    path.write_bytes(BAD_FILES["image.txt"][0])
    done = subprocess.run([sys.executable, "-m", "tui", "add", str(path)], capture_output=True,
                          text=True, env={"PAPERS_HOME": str(home), "PATH": "/usr/bin:/bin"},
                          timeout=120)
    assert done.returncode == 1
    assert done.stderr.startswith(f"papers: {path}: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_file_names_with_escapes_are_shown_visibly(home, tmp_path, run_cli):
    path = tmp_path / "evil\x1b]0;pwned\x07name.json"
    path.write_text("[", encoding="utf-8")
    code, _, err = run_cli("add", path)
    assert code == 1 and "\x1b" not in err and "\x07" not in err
    assert "\\x1b]0;pwned\\x07name.json" in err and err.count("\n") == 1


# -- any input: a ParsedList or a ListFormatError, nothing else ----------------------------

LIST_TEXT = st.lists(st.one_of(
    st.characters(codec="utf-8"),
    st.sampled_from(list('\n\n\n,;\t"{}[]@=:%$\\ ') + [
        "title", "abstract", "@article{", "ICML 2026", '"title":', "\r\n", ABSTRACT])),
    max_size=150).map("".join)


def check(path: Path, call) -> None:
    try:
        parsed = call()
    except ListFormatError as error:
        message = str(error)
        assert message.startswith(str(path)) and "\n" not in message, message
        return
    assert isinstance(parsed, ParsedList) and parsed.records
    for record in parsed.records:
        assert record.abstract or record.title


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fmt=st.sampled_from(sorted(READERS)), text=LIST_TEXT)
@example(fmt="json", text="[" * 5000)
@example(fmt="json", text='[{"year": ' + "9" * 5000 + "}]")
@example(fmt="bibtex", text="@article{a, title={" + "{" * 3000)
@example(fmt="csv", text='title,abstract\n"unterminated')
@example(fmt="jsonl", text='{"abstract": "x"}\n[1]\n"s"\n')
@example(fmt="bibtex", text="@article{0\n0}")  # a key with a line break (found, seed 0)
def test_every_reader_returns_a_list_or_a_format_error(tmp_path_factory, fmt, text):
    path = Path("/lists") / f"any.{fmt}"
    check(path, lambda: READERS[fmt](path, text))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(suffix=st.sampled_from([".txt", ".json", ".jsonl", ".bib", ".csv", ".tsv", ".dat", ""]),
       data=st.one_of(st.binary(max_size=400), LIST_TEXT.map(lambda t: t.encode("utf-8"))))
@example(suffix=".txt", data=b"\xef\xbb\xbf")
@example(suffix=".csv", data=b"\xff\xfe\x00\x00")
@example(suffix=".csv", data=b'"\x01\nname",x\nfoo,bar\n')  # a line break in a header cell
def test_any_bytes_parse_to_a_list_or_a_format_error(suffix, data):
    path = Path("/lists") / f"file{suffix}"
    check(path, lambda: parse(path, data))
