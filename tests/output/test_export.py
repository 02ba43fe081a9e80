"""Exports: every format reads back, and files are written atomically without clobbering."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
from pylatexenc.latex2text import LatexNodes2Text

from index.errors import ExportError
from index.models import Paper
from index.output import export as export_module
from index.output.citations import bibtex, cite
from index.output.export import EXPORT_FORMATS, export_file, export_text

from ..locations import SEED_FILES, seed_abstracts

HEADER = ["id", "title", "title_derived", "name", "authors", "venue", "year", "url", "tags",
          "lists", "abstract", "doi", "arxiv_id", "status", "priority", "note"]
# #13: the ids, where a list gave them; #14: the reader's status, star and note
NO_IDS = {"doi": None, "arxiv_id": None, "status": "unread", "priority": 0, "note": ""}


def seed_papers() -> list[Paper]:
    """Seed abstracts as derived-title papers; the title is a stand-in: the first ten words."""
    papers = []
    for path in SEED_FILES:
        title = path.read_text(encoding="utf-8").split("\n", 1)[0].strip()
        for i, abstract in enumerate(seed_abstracts(path)):
            papers.append(Paper(id=f"{path.stem}-{i}", title=" ".join(abstract.split()[:10]),
                                title_derived=True, name=None, authors=[], venue="ICML",
                                year=2026, abstract=abstract, abstract_source=abstract,
                                lists=[title]))
    return papers


def icml2023_papers(corpus: Path) -> list[Paper]:
    # Titles rendered as the app would; abstracts kept as LaTeX source, which is the harder
    # text to carry through CSV and JSON (and rendering 2,020 of them is slow).
    to_text = LatexNodes2Text().latex_to_text
    return [Paper(id=r["id"], title=" ".join(to_text(r["title"]).split()), title_derived=False,
                  name=None, authors=r["authors"], venue="ICML", year=r["year"],
                  abstract=r["abstract"], abstract_source=r["abstract"],
                  url=r["paper_url"], lists=["ICML 2023"])
            for r in json.loads(corpus.read_text(encoding="utf-8"))]


OWPO = Paper(
    id="a1", title="One-Way Policy Optimization", title_derived=True, name="OWPO", authors=[],
    venue="ICML", year=2026, abstract="We propose OWPO.\n\nIt *works*; see [1].",
    abstract_source="We propose **OWPO**.", urls=["https://github.com/x/owpo"],
    lists=["ICML 2026 Papers", "Mine"], tags=["rl", "to-read"])
SAMPLE = Paper(
    id="b2", title='Sample Bounds, "Noisy" Regimes; 50% é', title_derived=False, name=None,
    authors=["Seyed Amir Saberi", "Amir Najafi"], venue="ICML", year=2023,
    abstract="Line one,\nline two.", abstract_source="Line one,\nline two.",
    url="https://example.org/b2", lists=["ICML 2023"], tags=[])
MARKUP = Paper(
    id="c3", title="[bold]x[/] [@click=app.quit] `code`", title_derived=False, name=None,
    authors=["Ada Lovelace"], venue=None, year=None, abstract="# not a heading",
    abstract_source="# not a heading")
PAPERS = [OWPO, SAMPLE, MARKUP]


def test_csv_round_trips():
    rows = list(csv.DictReader(io.StringIO(export_text(PAPERS, "csv"))))
    assert list(rows[0]) == HEADER
    assert all(row.pop("doi") == row.pop("arxiv_id") == "" for row in rows)
    assert all((row.pop("status"), row.pop("priority"), row.pop("note")) == ("unread", "0", "")
               for row in rows)
    assert rows == [
        {"id": "a1", "title": "One-Way Policy Optimization", "title_derived": "true",
         "name": "OWPO", "authors": "", "venue": "ICML", "year": "2026",
         "url": "https://github.com/x/owpo", "tags": "rl; to-read",
         "lists": "ICML 2026 Papers; Mine", "abstract": "We propose OWPO.\n\nIt *works*; see [1]."},
        {"id": "b2", "title": 'Sample Bounds, "Noisy" Regimes; 50% é', "title_derived": "false",
         "name": "", "authors": "Seyed Amir Saberi; Amir Najafi", "venue": "ICML",
         "year": "2023", "url": "https://example.org/b2", "tags": "", "lists": "ICML 2023",
         "abstract": "Line one,\nline two."},
        {"id": "c3", "title": "[bold]x[/] [@click=app.quit] `code`", "title_derived": "false",
         "name": "", "authors": "Ada Lovelace", "venue": "", "year": "", "url": "", "tags": "",
         "lists": "", "abstract": "# not a heading"},
    ]


def test_json_round_trips():
    text = export_text(PAPERS, "json")
    assert "é" in text  # not \u00e9
    assert json.loads(text) == [{**r, **NO_IDS} for r in [
        {"id": "a1", "title": "One-Way Policy Optimization", "title_derived": True,
         "name": "OWPO", "authors": [], "venue": "ICML", "year": 2026,
         "url": "https://github.com/x/owpo", "tags": ["rl", "to-read"],
         "lists": ["ICML 2026 Papers", "Mine"],
         "abstract": "We propose OWPO.\n\nIt *works*; see [1]."},
        {"id": "b2", "title": 'Sample Bounds, "Noisy" Regimes; 50% é', "title_derived": False,
         "name": None, "authors": ["Seyed Amir Saberi", "Amir Najafi"], "venue": "ICML",
         "year": 2023, "url": "https://example.org/b2", "tags": [], "lists": ["ICML 2023"],
         "abstract": "Line one,\nline two."},
        {"id": "c3", "title": "[bold]x[/] [@click=app.quit] `code`", "title_derived": False,
         "name": None, "authors": ["Ada Lovelace"], "venue": None, "year": None, "url": None,
         "tags": [], "lists": [], "abstract": "# not a heading"},
    ]]


def test_markdown_reading_list():
    text = export_text(PAPERS, "markdown", heading="My [list]")
    assert text == (
        "# My \\[list\\]\n"
        "\n"
        "## One-Way Policy Optimization (derived title)\n"
        "\n"
        "- ICML 2026\n"
        "- Name: OWPO\n"
        "- Link: <https://github.com/x/owpo>\n"
        "- Tags: `rl`, `to-read`\n"
        "\n"
        "We propose OWPO.\n"
        "\n"
        "It \\*works\\*; see \\[1\\].\n"
        "\n"
        '## Sample Bounds, "Noisy" Regimes; 50% é\n'
        "\n"
        "- ICML 2023\n"
        "- Authors: Seyed Amir Saberi, Amir Najafi\n"
        "- Link: <https://example.org/b2>\n"
        "\n"
        "Line one, line two.\n"
        "\n"
        "## \\[bold\\]x\\[/\\] \\[@click=app.quit\\] \\`code\\`\n"
        "\n"
        "- Authors: Ada Lovelace\n"
        "\n"
        "\\# not a heading\n"
    )


def test_markdown_keeps_look_alike_syntax_literal():
    p = Paper(id="d4", title="Parsing C #", title_derived=False, name=None, authors=[],
              venue=None, year=None, abstract="2023. A year.\n \n- not a list\n\n> nor a quote",
              abstract_source="", tags=["a`b"])
    assert export_text([p], "markdown", heading="C #") == (
        "# C \\#\n\n## Parsing C \\#\n\n- Tags: ``a`b``\n\n"
        "2023\\. A year.\n\n\\- not a list\n\n\\> nor a quote\n")


def test_markdown_without_heading_starts_with_the_first_paper():
    assert export_text([SAMPLE], "markdown").startswith("## Sample Bounds")


def test_bibtex_export_is_the_citation_text():
    # #13: plus each abstract, so that papers reads its export back to the same papers.
    assert export_text(PAPERS, "bibtex") == bibtex(PAPERS, abstracts=True) + "\n"
    assert "abstract  " not in cite(PAPERS, "bibtex")  # the field, not the note


def test_unknown_format_is_refused_by_name():
    with pytest.raises(ValueError, match="'docx'"):
        export_text(PAPERS, "docx")
    assert EXPORT_FORMATS == ("bibtex", "markdown", "csv", "json", "ris", "csl-json", "jsonl")


@pytest.fixture(scope="module")
def corpus(icml2023_path) -> list[Paper]:
    return icml2023_papers(icml2023_path) + seed_papers()


def test_whole_corpus_round_trips_in_csv_and_json(corpus):
    rows = list(csv.DictReader(io.StringIO(export_text(corpus, "csv"))))
    records = json.loads(export_text(corpus, "json"))
    assert len(rows) == len(records) == len(corpus)
    for row, record, paper in zip(rows, records, corpus, strict=True):
        assert row["title"] == record["title"] == paper.title
        assert row["abstract"] == record["abstract"] == paper.abstract
        assert (row["authors"].split("; ") if row["authors"] else []) == paper.authors
        assert record["authors"] == paper.authors
        assert record["title_derived"] is paper.title_derived
        assert record["year"] == paper.year


def test_whole_corpus_markdown_has_a_heading_per_paper(corpus):
    lines = export_text(corpus, "markdown", heading="Everything").split("\n")
    headings = [line for line in lines if line.startswith("## ")]
    assert lines[0] == "# Everything"
    assert len(headings) == len(corpus)
    # Every abstract line stays text: only headings and fact lines start with "#" or "- ".
    assert sum(line.startswith("#") for line in lines) == len(corpus) + 1


# --- files ---------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", EXPORT_FORMATS)
def test_export_file_writes_the_text(tmp_path, fmt):
    path = export_file(PAPERS, fmt, tmp_path / f"out.{fmt}")
    assert path == (tmp_path / f"out.{fmt}").resolve()
    assert path.read_bytes() == export_text(PAPERS, fmt).encode("utf-8")
    assert os.listdir(tmp_path) == [f"out.{fmt}"]  # no temporary file left behind


def test_export_file_returns_the_resolved_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = export_file(PAPERS, "json", Path("list.json"))
    assert path.is_absolute() and path == tmp_path.resolve() / "list.json"


def test_export_file_refuses_to_overwrite(tmp_path):
    target = tmp_path / "papers.bib"
    target.write_text("mine", encoding="utf-8")
    with pytest.raises(FileExistsError, match="papers.bib"):
        export_file(PAPERS, "bibtex", target)
    assert target.read_text(encoding="utf-8") == "mine"
    assert os.listdir(tmp_path) == ["papers.bib"]


def test_export_file_overwrites_when_asked(tmp_path):
    target = tmp_path / "papers.csv"
    target.write_text("old", encoding="utf-8")
    export_file(PAPERS, "csv", target, overwrite=True)
    assert target.read_bytes() == export_text(PAPERS, "csv").encode("utf-8")
    assert os.listdir(tmp_path) == ["papers.csv"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "papers.md"
    target.write_text("old", encoding="utf-8")

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(export_module.os, "fsync", disk_full)
    with pytest.raises(ExportError, match="papers.md: could not be written .No space left"):
        export_file(PAPERS, "markdown", target, overwrite=True)
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["papers.md"]


def test_a_file_that_appears_during_the_write_is_not_clobbered(tmp_path, monkeypatch):
    target = tmp_path / "papers.json"
    real_fsync = os.fsync

    def someone_else_writes(fd):
        real_fsync(fd)
        target.write_text("theirs", encoding="utf-8")

    monkeypatch.setattr(export_module.os, "fsync", someone_else_writes)
    with pytest.raises(FileExistsError, match="papers.json"):
        export_file(PAPERS, "json", target)
    assert target.read_text(encoding="utf-8") == "theirs"
    assert os.listdir(tmp_path) == ["papers.json"]


def test_the_readers_status_star_and_note_are_exported():
    """#14: the note and reading state go out in JSON, CSV and CSL-JSON (Markdown and
    BibTeX carry the note as a quote and `annote`)."""
    from dataclasses import replace

    read = replace(SAMPLE, status="read", priority=2, note="Compare with OWPO.\nLater.")
    [as_json] = json.loads(export_text([read], "json"))
    assert (as_json["status"], as_json["priority"], as_json["note"]) == \
        ("read", 2, "Compare with OWPO.\nLater.")
    [row] = csv.DictReader(io.StringIO(export_text([read], "csv")))
    assert (row["status"], row["priority"], row["note"]) == ("read", "2", "Compare with OWPO.\nLater.")
    [item] = json.loads(export_text([read], "csl-json"))
    assert item["note"] == "Compare with OWPO.\nLater."
    [derived] = json.loads(export_text([replace(OWPO, note="Mine.")], "csl-json"))
    assert derived["note"].endswith("\n\nMine.") and "derived" in derived["note"]
