"""A BibTeX entry carried in another format's record (Paper Copilot's paperlists: JSON
records with a "bibtex" field and no venue or year of their own): the paper takes its
venue, year, link, pages and key from it, and is cited from its proceedings.

tests/ingest/fixtures/paperlists.json is written in paperlists' shape (its field names
and order, PMLR's BibTeX layout with tabs), with made-up papers.
"""

from __future__ import annotations

import json
from pathlib import Path

from index import Library
from index.ingest.bibtex_text import carried_entry
from index.ingest.formats import read_list
from index.ingest.prepare import prepare

FIXTURE = Path(__file__).parent / "fixtures" / "paperlists.json"

ENTRY = ("@InProceedings{pmlr-v1-roe24a,\n  title = \t {Sparse {Bandits} at Scale},\n"
         "  author = {M{\\\"u}ller, J{\\\"u}rgen and Roe, Ana},\n"
         "  booktitle = \t {Proceedings of the 41st International Conference on Machine "
         "Learning},\n  year = {2024},\n  abstract = {We give a {\\em sparse} bandit "
         "algorithm whose regret is $O(\\sqrt{s T})$ and prove it is {tight}.},\n"
         "  note = {Spotlight}\n}")


def _prepared(tmp_path: Path, records: list[dict]) -> list:
    path = tmp_path / "list.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return [prepare(record) for record in read_list(path).records]


def test_a_paperlists_paper_is_filed_under_the_venue_and_year_of_its_bibtex():
    first, second = [prepare(record) for record in read_list(FIXTURE).records]
    assert (first.venue, first.year) == ("COLT", 2022)
    assert first.url == "https://proceedings.mlr.press/v999/doe22a.html"  # its "site"
    assert first.authors == ["Jane Doe", "Jürgen Müller", "Ana Roe"]  # the record's own
    extra = first.extra
    assert extra["venue_as_given"] == "Proceedings of Thirty Fifth Conference on Learning Theory"
    assert (extra["pages"], extra["publisher"], extra["volume"]) == ("1126--1166", "PMLR", "999")
    assert (extra["entry_type"], extra["citation_key"]) == ("inproceedings", "pmlr-v999-doe22a")
    assert "bibtex" not in extra  # read into the paper's fields
    # An empty "bibtex" (paperlists' OpenReview venues) gives nothing; "site" is the link.
    assert (second.venue, second.year) == (None, None)
    assert second.url == "https://openreview.net/forum?id=AbCdEfGh12"


def test_an_entry_gives_what_the_record_lacks_with_its_latex_decoded(tmp_path):
    [paper] = _prepared(tmp_path, [{"abstract": "We give a sparse bandit algorithm.",
                                    "bibtex": ENTRY, "track": "main"}])
    assert paper.title == "Sparse Bandits at Scale"
    assert paper.authors == ["Jürgen Müller", "Ana Roe"]
    assert (paper.venue, paper.year) == ("ICML", 2024)
    assert paper.extra["note"] == "Spotlight"  # a field after the abstract is kept
    assert paper.extra["track"] == "main"


def test_the_records_own_fields_win_over_its_entry(tmp_path):
    [paper] = _prepared(tmp_path, [{"title": "Sparse Bandits at Scale (extended)", "year": 2025,
                          "venue": "JMLR", "abstract": "We extend our bandit to many arms.",
                          "bibtex": ENTRY}])
    assert (paper.title, paper.year, paper.venue) == \
        ("Sparse Bandits at Scale (extended)", 2025, "JMLR")
    assert paper.abstract == "We extend our bandit to many arms."
    assert paper.extra["citation_key"] == "pmlr-v1-roe24a"


def test_a_bibtex_field_that_is_not_one_entry_is_kept_as_given(tmp_path):
    for text in ("see the proceedings", "@article{a, title={A}}\n@article{b, title={B}}",
                 "@article{broken, title = {never closed"):
        [paper] = _prepared(tmp_path, [{"title": "A Paper", "abstract": "We study a thing.",
                              "bibtex": text}])
        assert paper.extra["bibtex"] == text and paper.venue is None and paper.year is None


def test_a_site_is_the_papers_link_only_when_it_is_a_web_address(tmp_path):
    [city, page] = _prepared(tmp_path, [
        {"title": "A Paper", "abstract": "We study a thing.", "site": "Vienna"},
        {"title": "B Paper", "abstract": "We study another thing.",
         "site": "https://example.org/b"}])
    assert city.url is None and city.extra["site"] == "Vienna"
    assert page.url == "https://example.org/b" and "site" not in page.extra


def test_an_entrys_prose_is_read_only_when_the_record_lacks_it():
    """Decoding an abstract's LaTeX is most of reading an entry: one the record has is
    left out; one it lacks is decoded."""
    assert "abstract" not in carried_entry(ENTRY).fields
    assert "title" not in carried_entry(ENTRY).fields
    lacking = carried_entry(ENTRY, frozenset({"abstract"})).fields
    assert lacking["abstract"] == ("We give a sparse bandit algorithm whose regret is "
                                   "$O(\\sqrt{s T})$ and prove it is tight.")
    assert lacking["note"] == "Spotlight"


def test_a_paperlists_list_is_filed_and_cited_from_its_proceedings(tmp_path):
    with Library(tmp_path / "home", seed=False) as library:
        library.add(FIXTURE)
        [paper] = [p for p in library.store.papers() if p.title.startswith("Tight")]
        text = library.cite([paper], "bibtex")
        [info] = library.lists()
    assert (info.venue, info.year) == ("COLT", 2022)  # the list's, from its papers
    assert text.startswith("@inproceedings{pmlr-v999-doe22a,")
    assert "booktitle = {Proceedings of Thirty Fifth Conference on Learning Theory}" in text
    assert "year      = 2022" in text and "pages     = {1126--1166}" in text
