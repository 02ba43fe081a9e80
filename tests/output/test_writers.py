"""Writers of #13 (RIS, CSL-JSON, JSON Lines) and the round trip of every writer that has
a reader: export -> import gives the same papers (titles, authors with given and family
names, venue, year, links, DOI and arXiv id), in a library of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from index import EXPORT_FORMATS, LIST_FORMATS, OUTPUT_FORMATS, Library
from index.output.citations import split_name

FIXTURES = Path(__file__).parents[1] / "ingest" / "fixtures"
SOURCES = ["zotero.ris", "zotero-csl.json", "openreview-v1.json", "openreview-v2.json",
           "arxiv.atom.xml", "dblp.ris"]
# Writers whose files papers reads back (Markdown is for people).
ROUND_TRIP = ["bibtex", "ris", "csl-json", "csv", "json", "jsonl"]


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """The bundled lists plus one file in each format from a tool, in one library."""
    home = tmp_path_factory.mktemp("writers-home")
    with Library(home) as library:
        for name in SOURCES:
            library.add(FIXTURES / name)
        yield library


def facts(paper) -> tuple:
    people = tuple(split_name(author) for author in paper.authors)
    ids = (paper.extra.get("doi"), paper.extra.get("arxiv_id"))
    title = "(derived)" if paper.title_derived else paper.title
    return title, people, paper.venue, paper.year, paper.link, ids


def test_every_export_format_is_in_the_table():
    assert set(ROUND_TRIP) | {"markdown"} == set(EXPORT_FORMATS)
    assert OUTPUT_FORMATS["ris"].suffix == "ris"


@pytest.mark.parametrize("fmt", ROUND_TRIP)
def test_export_then_import_gives_the_same_papers(source, tmp_path, fmt):
    papers = source.store.papers()
    assert any(p.extra.get("doi") for p in papers) and any(p.title_derived for p in papers)
    path = source.export(papers, fmt, tmp_path / f"out.{OUTPUT_FORMATS[fmt].suffix}")
    with Library(tmp_path / "home", seed=False) as copy:
        report = copy.add(path)
        assert report.skipped == []
        listed = copy.lists()[0]
        assert listed.format == fmt
        back = copy.store.papers()
    assert len(back) == len(papers)
    assert sorted(map(facts, back), key=repr) == sorted(map(facts, papers), key=repr)


def test_ris_is_what_zotero_reads(source):
    text = source.export_text(source.store.papers(), "ris")
    records = text.split("\n\n")
    assert all(r.startswith("TY  - ") and r.rstrip("\n").endswith("ER  - ") for r in records)
    assert "AU  - Vaswani, Ashish" in text
    assert "AU  - van der Berg, Anna" in text
    assert "DO  - 10.1109/cvpr.2016.90" in text
    assert "AN  - arXiv:1706.03762" in text
    assert all("\n" not in line for line in text.split("\n"))


def test_csl_json_names_are_objects_and_years_date_parts(source):
    items = json.loads(source.export_text(source.store.papers(), "csl-json"))
    attention = next(i for i in items if i["title"] == "Attention Is All You Need")
    assert attention["author"][0] == {"family": "Vaswani", "given": "Ashish"}
    assert attention["issued"] == {"date-parts": [[2017]]}
    # The proceedings as the source named them (Zotero's T2 / container-title), its volume
    assert attention["container-title"] == "Advances in Neural Information Processing Systems"
    assert attention["volume"] == "30"
    derived = next(i for i in items if i.get("note"))
    assert "derived" in derived["note"].lower()


def test_jsonl_is_one_json_record_per_line(source):
    papers = source.store.papers()
    lines = source.export_text(papers, "jsonl").splitlines()
    assert [json.loads(line)["id"] for line in lines] == [p.id for p in papers]


def test_csv_authors_given_as_last_first_survive(tmp_path):
    path = tmp_path / "list.csv"
    path.write_text('title,authors,year,abstract\nA Paper,"Doe, Jane; Roe, Richard",2024,'
                    '"We study a problem at length and find a method that works well."\n')
    with Library(tmp_path / "a", seed=False) as library:
        library.add(path)
        out = library.export(library.store.papers(), "csv", tmp_path / "out.csv")
    with Library(tmp_path / "b", seed=False) as library:
        library.add(out)
        (paper,) = library.store.papers()
    assert paper.authors == ["Jane Doe", "Richard Roe"]
    assert LIST_FORMATS["csv"].label == "CSV"
