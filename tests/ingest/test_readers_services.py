"""Exports as services give them: Crossref's REST API (its dialect of CSL-JSON, in an
envelope), Papers with Code's paper dumps (a venue slug and a date, no year) and the
conferences' virtual-site data (titles as "name"s, the venue only in the file's name).

The fixtures are written in the shapes those services return (field names, nesting and
bookkeeping fields as they are), with made-up papers.
"""

from __future__ import annotations

import json
from pathlib import Path

from index import Library
from index.ingest.formats import read_list
from index.ingest.prepare import prepare

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_crossref_page_of_works_is_read_as_csl_json():
    parsed = read_list(FIXTURES / "crossref-works.json")
    proceedings, article = [prepare(record) for record in parsed.records]
    assert parsed.format == "csl-json"
    assert proceedings.title == "Sparse Attention for Long Documents"  # a list in Crossref
    assert proceedings.authors == ["Jane Doe", "Jürgen Müller"]
    assert (proceedings.venue, proceedings.year) == ("ACL", 2021)
    assert proceedings.abstract == ("We study sparse attention for long documents and prove "
                                    "tight bounds on its error.")  # JATS read as text
    assert proceedings.extra["doi"] == "10.18653/v1/2021.acl-long.999"
    assert proceedings.extra["entry_type"] == "inproceedings"
    # No `issued`: the year from `published-online`; a journal article is cited as one.
    assert (article.venue, article.year) == ("Artificial Intelligence", 2022)
    assert article.extra["entry_type"] == "article"


def test_one_crossref_work_is_read(tmp_path):
    page = json.loads((FIXTURES / "crossref-works.json").read_text(encoding="utf-8"))
    one = {"status": "ok", "message-type": "work", "message-version": "1.0.0",
           "message": page["message"]["items"][1]}
    path = tmp_path / "work.json"
    path.write_text(json.dumps(one), encoding="utf-8")
    [record] = read_list(path).records
    assert (record.title, record.year) == ("Bandits with Sparse Rewards", 2022)


def test_crossref_works_are_cited_as_what_they_are(tmp_path):
    with Library(tmp_path / "home", seed=False) as library:
        library.add(FIXTURES / "crossref-works.json")
        papers = sorted(library.store.papers(), key=lambda paper: paper.title)
        text = library.cite(papers, "bibtex")
    assert text.count("@article{") == 1 and text.count("@inproceedings{") == 1
    assert "journal   = {Artificial Intelligence}" in text
    assert "pages     = {101--112}" in text


def test_a_papers_with_code_dump_gives_venue_and_year_from_its_slug_and_date():
    mirror, preprint = [prepare(r) for r in read_list(FIXTURES / "paperswithcode.json").records]
    assert (mirror.venue, mirror.year) == ("ICML", 2020)  # "proceeding": "icml-2020-7"
    assert mirror.extra["venue_as_given"] == "icml-2020-7"
    assert mirror.extra["arxiv_id"] == "2006.01234"
    assert (preprint.venue, preprint.year) == (None, 2021)  # no proceeding: its date


def test_a_date_gives_the_year_only_when_no_year_is_given(tmp_path):
    path = tmp_path / "list.json"
    path.write_text(json.dumps([{"title": "A Paper", "abstract": "We study a thing.",
                                 "year": 2019, "date": "2021-01-02"}]), encoding="utf-8")
    [record] = read_list(path).records
    assert record.year == 2019 and record.extra["date"] == "2021-01-02"


def test_a_virtual_site_export_gives_titles_from_names_and_its_venue_from_its_file_name():
    """neurips.cc's /static/virtual/data/neurips-2023-orals-posters.json: a page of
    results whose titles are "name"s, with no venue or year in any record."""
    parsed = read_list(FIXTURES / "neurips-2023-orals-posters.json")
    first, second = parsed.records
    assert first.title == "Sparse Bandits at Scale" and first.authors == ["Jane Doe", "Ana Roe"]
    assert second.title == "Mirror Descent Without Mirrors"
    assert {(r.venue, r.year) for r in parsed.records} == {("NeurIPS", 2023)}
    assert (parsed.venue, parsed.year) == ("NeurIPS", 2023)


def test_a_file_name_gives_no_venue_a_record_has_or_an_unknown_one(tmp_path):
    records = [{"title": "A Paper", "abstract": "We study a thing.", "venue": "JMLR",
                "year": 2021},
               {"title": "B Paper", "abstract": "We study another thing.", "year": 2019},
               {"title": "C Paper", "abstract": "We study a third thing."}]
    named = tmp_path / "icml2023.json"
    named.write_text(json.dumps(records), encoding="utf-8")
    a, b, c = read_list(named).records
    assert (a.venue, a.year) == ("JMLR", 2021) and (b.venue, b.year) == (None, 2019)
    assert (c.venue, c.year) == ("ICML", 2023)
    unknown = tmp_path / "reading-list-2023.json"
    unknown.write_text(json.dumps(records), encoding="utf-8")
    assert read_list(unknown).records[2].venue is None
