"""OpenAlex works (its API's JSON): abstracts put back from their inverted index, authors,
venue, year, DOI and the details citations use."""

from __future__ import annotations

import json
from pathlib import Path

from index import Library
from index.ingest.formats import read_list
from index.ingest.readers_openalex import abstract_from_index

FIXTURE = Path(__file__).parent / "fixtures" / "openalex.json"


def test_an_api_page_of_works_is_read():
    parsed = read_list(FIXTURE)
    assert parsed.format == "openalex"
    dpo, kernels = parsed.records
    assert dpo.title.startswith("Direct Preference Optimization")
    assert dpo.abstract == (
        "While large-scale unsupervised language models (LMs) learn broad world knowledge, "
        "achieving precise control of their behavior is difficult. We introduce DPO to "
        "align language models with preferences directly.")
    assert dpo.authors == ["Rafael Rafailov", "Chelsea Finn"]
    assert (dpo.venue, dpo.year) == ("NeurIPS", 2023)
    assert dpo.extra["doi"] == "10.48550/arxiv.2305.18290"
    assert dpo.extra["arxiv_id"] == "2305.18290"
    assert dpo.extra["keywords"] == ["Preference learning"]
    assert dpo.url == "https://arxiv.org/abs/2305.18290"
    assert (kernels.venue, kernels.extra["entry_type"]) == ("JMLR", "article")


def test_works_are_searched_and_cited_as_what_they_are(tmp_path):
    with Library(tmp_path / "home", seed=False) as library:
        library.add(FIXTURE)
        [card] = library.search("preferences directly", complete_last=False).cards()
        bib = library.cite([library.paper(card.id)], "bibtex")
        assert bib.startswith("@inproceedings{rafailov2023direct,")
        assert "pages         = {53728--53741}" in bib
        [card] = library.search("tabular kernel", complete_last=False).cards()
        bib = library.cite([library.paper(card.id)], "bibtex")
        assert bib.startswith("@article{") and "Journal of Machine Learning Research" in bib


def test_a_single_work_and_a_bare_list_of_works(tmp_path):
    work = json.loads(FIXTURE.read_text())["results"][1]
    (tmp_path / "one.json").write_text(json.dumps(work))
    (tmp_path / "many.json").write_text(json.dumps([work]))
    for name in ("one.json", "many.json"):
        [record] = read_list(tmp_path / name).records
        assert record.abstract.startswith("Kernel methods revisited:")


def test_an_inverted_index_is_put_back_in_order_and_odd_positions_are_ignored():
    assert abstract_from_index({"b": [1, 3], "a": [0], "c": [2]}) == "a b c b"
    assert abstract_from_index({"a": [0], "x": [-1, "2", 10**9, None], "y": "3"}) == "a"
    assert abstract_from_index(None) == "" and abstract_from_index([1]) == ""


def test_list_fields_that_are_not_lists_are_read_as_empty(tmp_path):
    # Found by the fuzz test of the JSON readers: `"keywords": true` raised a TypeError.
    work = {"title": "A work", "abstract_inverted_index": {"We": [0], "study": [1],
                                                           "sparse": [2], "models": [3]}}
    for odd in ({"keywords": True}, {"authorships": 5}, {"keywords": "not a list"}):
        path = tmp_path / "works.json"
        path.write_text(json.dumps([{**work, **odd}]), encoding="utf-8")
        [record] = read_list(path).records
        assert record.abstract == "We study sparse models"
        assert record.authors == [] and "keywords" not in record.extra
