"""The first page kept beside the index (index/first_page.py): what the app lists before
the search engine loads. It must be exactly what the live empty search lists, and never
read once the library changed since it was written.

The expected rows are the live search's own (`Library.search("")`), read from the index
on disk: the page is a copy of them, made at write time, so the two are compared.
"""

from __future__ import annotations

import json
import shutil

import pytest

from index import Library
from index.first_page import (
    KEY_ABSTRACTS,
    KEY_MODULES,
    KEY_QUERIES,
    KEY_ROWS,
    PAGE_ROWS,
    PAGE_SORTS,
    ROW_MODULES,
    KeyPage,
)
from index.store.list_import import import_list

from .locations import REPO

ABSTRACT = "We propose quokka sampling, a method for drawing marsupials from a posterior."


def _live(library: Library, sort: str) -> tuple[list[str], list]:
    results = library.search("", sort=sort)
    return library.ids_of(results), results.cards()


def _assert_same_as_live(library: Library) -> None:
    for sort in PAGE_SORTS:
        page = library.first_page(sort)
        assert page is not None, f"no first page kept for {sort}"
        ids, cards = _live(library, sort)
        assert page.ids() == ids, sort
        assert len(page) == page.total == len(ids)
        assert page.cards() == cards, sort  # the same cards, tags included
        assert [page.position(pid) for pid in ids[:5]] == list(range(min(5, len(ids))))


def test_each_sorts_first_page_is_what_the_empty_search_lists(copied_library):
    library = copied_library
    paper = library.search("policy").ids()[0]
    library.tag([paper], ["later"])  # tags come from the store, as the live search's do
    _assert_same_as_live(library)
    assert "later" in library.first_page("title").card(
        library.first_page("title").position(paper)).tags


def test_rows_below_the_kept_cards_are_the_live_rows_too(icml2023_library):
    library = icml2023_library
    page = library.first_page("year")
    assert page is not None and len(page) > PAGE_ROWS  # some rows are read by id
    _assert_same_as_live(library)


def test_no_page_for_the_sorts_that_follow_reading_states(copied_library):
    for sort in ("status", "priority"):
        assert copied_library.first_page(sort) is None


def test_a_change_to_the_library_makes_the_page_unread_until_the_next_sync(
        copied_library, write_list):
    library = copied_library
    before = library.first_page("relevance")
    assert before is not None
    # Another process imports a list, and dies before its index update: the store has
    # moved on, the page has not.
    import_list(library.store, library.where, write_list("quokka.txt", [ABSTRACT]))
    assert library.first_page("relevance") is None
    library.sync()
    after = library.first_page("relevance")
    assert after is not None and len(after) == len(before) + 1
    _assert_same_as_live(library)


def test_an_edit_or_a_removed_list_makes_the_page_unread(copied_library):
    library = copied_library
    paper = library.first_page("title").ids()[0]
    library.store.edit(paper, title="Aardvarks first")  # no sync yet
    assert library.first_page("title") is None
    library.sync()
    page = library.first_page("title")
    assert page.card(page.position(paper)).title == "Aardvarks first"
    _assert_same_as_live(library)
    library.store.remove_list(library.lists()[0].name)
    assert library.first_page("title") is None


def test_a_page_of_another_library_or_other_code_is_not_read(copied_library, tmp_path):
    library = copied_library
    folder = library.where.cache_dir / "first-page"
    kept = folder / "title.json"
    body = json.loads(kept.read_text(encoding="utf-8"))
    for field, value in (("store", "0" * 32), ("code", "an older papers"),
                         ("generation", "gen-elsewhere"), ("format", 0)):
        kept.write_text(json.dumps({**body, field: value}), encoding="utf-8")
        assert library.first_page("title") is None, field
    kept.write_text("{not json", encoding="utf-8")  # damaged: the live search it is
    assert library.first_page("title") is None
    # Rows that do not match their own order (a file edited by hand) are not trusted.
    kept.write_text(json.dumps({**body, "ids": "\n".join(reversed(body["ids"].split("\n")))}),
                    encoding="utf-8")
    assert library.first_page("title") is None


def test_a_rebuilt_index_writes_its_own_page(copied_library, tmp_path):
    """Papers that sort alike keep the order of the generation they were indexed in:
    a page from the generation before a rebuild is not the rebuilt index's."""
    library = copied_library
    folder = library.where.cache_dir / "first-page"
    old = tmp_path / "old-pages"
    shutil.copytree(folder, old)
    library.rebuild()
    _assert_same_as_live(library)
    shutil.rmtree(folder)
    shutil.copytree(old, folder)  # the old generation's pages, put back
    assert library.first_page("year") is None


@pytest.mark.parametrize("session", [{"query": "policy"}, {"tag": "later"},
                                     {"hide_seen": True},
                                     {"query": "policy", "sort": "title"}])
def test_a_session_that_reopens_on_a_search_gets_no_page(seeded_home, session):
    """No page for a tag, hidden seen papers, a query in another sort than relevance,
    or a query whose page was not kept (the app keeps it when it closes)."""
    from tui.opening import open_library

    with Library(seeded_home) as library:
        library.sync()
        if session.get("sort"):  # a page kept for the query, but in relevance order
            library.keep_session_page(session["query"])
        library.remember_session(session)
    opened = open_library(str(seeded_home))
    try:
        assert opened.error is None and opened.page is None
    finally:
        opened.library.close()


def test_the_code_stamp_reads_every_module_that_decides_the_rows():
    root = REPO / "index"
    assert [name for name in ROW_MODULES if not (root / name).is_file()] == []


# -- the first keystroke's pages ---------------------------------------------------------
def _assert_keys_same_as_live(library: Library, queries=KEY_QUERIES) -> int:
    """Every kept key page lists what `search(query)` lists and marks what its terms
    mark; returns how many were kept."""
    kept = 0
    for query in queries:
        page = library.key_page(query)
        results = library.search(query)
        if page is None:  # kept for the live search only: few papers, or a word forgiven
            assert results.total < 3 or results.relaxed, query
            continue
        kept += 1
        assert isinstance(page, KeyPage) and page.query == query == results.query
        assert page.ids() == library.ids_of(results), query
        assert len(page) == page.total == results.total
        rows = min(len(results), KEY_ROWS + 5)  # a few read by id below the kept cards
        assert page.cards(0, rows) == results.cards(0, rows), query
        for card in results.cards(0, rows):
            assert page.terms.segments(card.title) in (
                list(results.terms.segments(card.title)),
                [(card.title, False)]), query  # below the kept rows: unmarked
        for card in results.cards(0, KEY_ROWS):
            assert page.terms.segments(card.title) == \
                list(results.terms.segments(card.title)), (query, card.title)
        for paper in library.papers(results.ids()[:KEY_ABSTRACTS]):
            assert page.terms.segments(paper.abstract) == \
                list(results.terms.segments(paper.abstract)), (query, paper.id)
    return kept


def test_each_first_keys_page_is_what_its_search_lists_and_marks(icml2023_library,
                                                                   tmp_path):
    shutil.copytree(icml2023_library.where.cache_dir.parent, tmp_path / "home")
    with Library(tmp_path / "home", seed=False) as library:
        library.sync()
        assert all(library.key_page(query) is None for query in KEY_QUERIES)  # not by sync
        library.keep_first_page(keys=True)
        assert _assert_keys_same_as_live(library) == len(KEY_QUERIES)
        library.warm_up()  # the array ranker lists the same as the lists before it
        assert _assert_keys_same_as_live(library) == len(KEY_QUERIES)


def test_a_key_page_is_unread_once_the_library_changed(copied_library, write_list):
    library = copied_library
    library.sync()  # (opens the index)
    library.keep_first_page(keys=True)
    assert _assert_keys_same_as_live(library, "dp") == 2
    paper = library.key_page("d").ids()[0]
    library.tag([paper], ["later"])  # tags come from the store, as the live search's do
    assert "later" in library.key_page("d").card(0).tags
    import_list(library.store, library.where, write_list("quokka.txt", [ABSTRACT]))
    assert library.key_page("d") is None  # the store moved on: the live search it is
    library.sync()
    assert library.key_page("d") is None  # until the app keeps the pages again
    library.keep_first_page(keys=True)
    assert _assert_keys_same_as_live(library, "dpq") >= 2
    assert library.key_page("dp") is None and library.key_page("D") is None


def test_a_key_page_of_other_code_or_damaged_is_not_read(copied_library):
    library = copied_library
    library.sync()
    library.keep_first_page(keys=True)
    kept = library.where.cache_dir / "first-page" / "key-d.json"
    body = json.loads(kept.read_text(encoding="utf-8"))
    for field, value in (("code", "an older papers"), ("query", "e"), ("live", True)):
        kept.write_text(json.dumps({**body, field: value}), encoding="utf-8")
        assert library.key_page("d") is None, field
    kept.write_text("{not json", encoding="utf-8")
    assert library.key_page("d") is None


def test_no_key_pages_above_their_size(copied_library, monkeypatch):
    import index.first_page

    monkeypatch.setattr(index.first_page, "KEYS_UP_TO", library_size := 3)
    assert copied_library.count() > library_size
    copied_library.sync()
    copied_library.keep_first_page(keys=True)
    assert copied_library.key_page("d") is None


def test_the_key_stamp_reads_the_search_package():
    root = REPO / "index"
    assert all((root / folder / "search_index.py").is_file() or
               (root / folder / "ranking.py").is_file() for folder in KEY_MODULES)


def test_the_pages_are_current_for_their_own_mark_only(copied_library):
    """Whether a warm-up writes the pages again is decided from each page's first bytes
    (a page at 100,000 papers is a megabyte): yes for any other mark, even one whose
    change number begins the written one's, and for a page missing or damaged."""
    from index import first_page

    library = copied_library
    library.sync()
    library.keep_first_page(keys=True)
    folder = library.where.cache_dir / "first-page"
    seq = library.store.last_change()
    mark = first_page.stamp(library.store.uuid, seq, library._generation())
    key_mark = first_page.key_stamp(library.store.uuid, seq, library._generation())
    assert seq >= 10 and first_page.is_current(folder, mark)
    assert first_page.keys_current(folder, key_mark)
    for field, value in (("seq", seq // 10), ("seq", seq + 1), ("store", "0" * 32),
                         ("generation", None), ("code", "an older papers"), ("format", 0)):
        assert not first_page.is_current(folder, {**mark, field: value}), (field, value)
        assert not first_page.keys_current(folder, {**key_mark, field: value}), (field, value)
    (folder / "key-q.json").write_text("{not json", encoding="utf-8")
    assert not first_page.keys_current(folder, key_mark)
    (folder / "year.json").unlink()
    assert not first_page.is_current(folder, mark)
    library.keep_first_page(keys=True)  # written again, and current again
    assert first_page.is_current(folder, mark) and first_page.keys_current(folder, key_mark)


def _assert_session_same_as_live(library: Library, query: str) -> None:
    page = library.session_page(query)
    results = library.search(query)
    assert isinstance(page, KeyPage) and page.query == query == results.query
    assert page.ids() == library.ids_of(results) and page.total == results.total
    assert page.cards() == results.cards()  # the kept cards, and those read by id below
    for card in results.cards(0, KEY_ROWS):
        assert page.terms.segments(card.title) == list(results.terms.segments(card.title))
    for paper in library.papers(results.ids()[:KEY_ABSTRACTS]):
        assert page.terms.segments(paper.abstract) == \
            list(results.terms.segments(paper.abstract))


def test_the_session_page_is_what_its_query_lists_until_the_library_changes(
        copied_library, write_list):
    """The page of the query the app closed on lists and marks what `search(query)`
    does; it is read for that query only, and never once the library moved on."""
    library = copied_library
    library.sync()
    assert library.session_page("policy gradient") is None  # not kept by a sync
    library.keep_session_page("policy gradient")
    _assert_session_same_as_live(library, "policy gradient")
    assert library.session_page("policy") is None  # one query's page: the last one kept
    library.keep_session_page("diffusion mod")  # the last word a prefix, as typed
    _assert_session_same_as_live(library, "diffusion mod")
    assert library.session_page("policy gradient") is None
    import_list(library.store, library.where, write_list("quokka.txt", [ABSTRACT]))
    assert library.session_page("diffusion mod") is None  # the store moved on
    library.keep_session_page("diffusion mod")  # not from an index behind the store
    assert library.session_page("diffusion mod") is None
    library.sync()
    library.keep_session_page("diffusion mod")
    _assert_session_same_as_live(library, "diffusion mod")


def test_a_query_only_the_live_search_lists_keeps_no_session_page(copied_library):
    """A word forgiven (no paper has all of them) or a query that is an error is listed
    by the live search, which says so; no page is read for it."""
    library = copied_library
    library.sync()
    for query in ("policy quokkaless", 'policy "unclosed'):
        results = library.search(query)
        library.keep_session_page(query)
        if results.relaxed or results.error:
            assert library.session_page(query) is None, query
    assert library.search("policy quokkaless").relaxed  # (the case the test is about)


@pytest.mark.parametrize("damage", ["truncated", "not an object", "ids not text",
                                    "cards not the ids", "older code"])
def test_a_damaged_session_page_is_not_read_and_the_next_close_writes_it_again(
        copied_library, damage):
    library = copied_library
    library.sync()
    library.keep_session_page("policy gradient")
    kept = library.where.cache_dir / "first-page" / "session.json"
    text = kept.read_text(encoding="utf-8")
    body = json.loads(text)
    kept.write_text({"truncated": text[:len(text) // 2],
                     "not an object": "[1, 2]",
                     "ids not text": json.dumps({**body, "ids": [1, 2]}),
                     "cards not the ids": json.dumps({**body, "cards": body["cards"][1:]}),
                     "older code": json.dumps({**body, "code": "an older papers"}),
                     }[damage], encoding="utf-8")
    assert library.session_page("policy gradient") is None
    library.keep_session_page("policy gradient")
    _assert_session_same_as_live(library, "policy gradient")
