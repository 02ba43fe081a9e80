"""The app's first frame: the page kept beside the index, drawn before the search engine
loads (tui/opening.py, index/first_page.py), row for row what the live search then draws;
and a page the library has moved past is never drawn."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

import tui.app
from index import FirstPage, Library
from index.store.list_import import import_list
from tui.app import PapersApp
from tui.opening import Opening
from tui.widgets.results import ResultsView

from .helpers import settle, status_text

SIZE = (130, 40)
ABSTRACT = "We propose quokka sampling, a method for drawing marsupials from a posterior."


class FirstFrame(PapersApp):
    """The real app, noting what its list drew in its first frame."""

    CSS_PATH = Path(tui.app.__file__).with_name(PapersApp.CSS_PATH)
    first_rows: list[str] | None = None
    first_results = None

    first_status: str | None = None
    _noted = False

    # (Not on_mount: Textual calls each class's handler, so an override that calls
    # super() mounted the app twice, its second "Opening the library…" after the page.)
    def _apply_opened(self, opened) -> None:
        super()._apply_opened(opened)
        if not self._noted:  # at mount, when opening finished in time: the first frame
            self._noted = True
            self.first_results = self.query_one(ResultsView).results
            self.call_after_refresh(self._note_rows)

    def _note_rows(self) -> None:
        if self.first_rows is None:
            self.first_rows = _rows(self)
            self.first_status = status_text(self)


def _rows(app: PapersApp) -> list[str]:
    view = app.query_one(ResultsView)
    return [view.render_line(y).text for y in range(view.scrollable_content_region.height)]


def _opened_in_time(home) -> Opening:
    opening = Opening(str(home))  # as `papers` does, before Textual loads
    opening.result()  # finished by the time the app mounts
    return opening


async def test_the_first_frame_lists_the_kept_page_and_the_live_search_draws_the_same(
        seeded_home):
    app = FirstFrame(str(seeded_home), opening=_opened_in_time(seeded_home))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.first_results, FirstPage)  # listed at mount: the first frame
        await settle(app, pilot)
        view = app.query_one(ResultsView)
        assert not isinstance(view.results, FirstPage)  # the live search replaced it
        assert app.first_rows == _rows(app)
        assert "sort: title (no query to rank by)" in status_text(app)
        # the status line too, progress included: the live search changes nothing on screen
        assert app.first_status == status_text(app) and " · seen " in app.first_status
        # and the live list is the one the library searches, typed queries work on
        app.query_one("#search", Input).focus()
        await pilot.press(*"policy")
        await settle(app, pilot)
        assert view.count == len(app.library.search("policy"))


async def test_a_page_the_library_moved_past_is_never_drawn(seeded_home, write_list):
    with Library(seeded_home) as library:
        # Another process imported a list and died before updating the index.
        import_list(library.store, library.where, write_list("quokka.txt", [ABSTRACT]))
        count = library.count()
    app = FirstFrame(str(seeded_home), opening=_opened_in_time(seeded_home))
    async with app.run_test(size=SIZE) as pilot:
        assert app.first_results is None  # nothing listed before the live search
        await settle(app, pilot)
        view = app.query_one(ResultsView)
        assert not isinstance(view.results, FirstPage)
        assert view.count == count  # the new paper is there: the index caught up
    # and the sync that caught up kept a new page, true again
    with Library(seeded_home) as library:
        page = library.first_page("relevance")
        assert page is not None and len(page) == count


async def test_a_cursor_moved_on_the_page_stays_on_its_paper(seeded_home):
    opening = _opened_in_time(seeded_home)
    app = PapersApp(str(seeded_home), opening=opening)
    async with app.run_test(size=SIZE) as pilot:
        view = app.query_one(ResultsView)
        assert isinstance(view.results, FirstPage)
        view.cursor = 3  # moved before the index is open
        chosen = view.current
        await settle(app, pilot)
        assert view.current == chosen


def _pane_text(app: PapersApp) -> str:
    from tui.widgets.abstract import AbstractPane

    pane = app.query_one(AbstractPane)
    return "\n".join(pane.render_line(y).text for y in range(pane.size.height))


async def test_a_first_key_before_the_engine_lists_its_kept_page_as_the_live_search(
        seeded_home):
    """The first key typed before the search engine is ready: the page kept for it, drawn
    row for row, mark for mark, as the live search then draws it (the cursor on the
    paper it was on), and the status line does not change when the live search
    confirms it."""
    from index import FirstPage as Page

    with Library(seeded_home) as library:
        library.sync()
        library.keep_first_page(keys=True)  # as the app's warm-up does
        live = library.search("d")
        live_ids = library.ids_of(live)
    app = FirstFrame(str(seeded_home), opening=_opened_in_time(seeded_home))
    app.open_library = lambda: None  # the engine is not ready: the page must answer
    async with app.run_test(size=SIZE) as pilot:
        view = app.query_one(ResultsView)
        chosen = view.current
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(view.results, Page) and view.results.query == "d"
        assert view.results.ids() == live_ids
        assert not app.ready and app.library.index.is_open is False
        assert view.current == chosen  # kept on its paper, as the live search keeps it
        rows, pane, status = _rows(app), _pane_text(app), status_text(app)
        segments = [view._row_key(y, 80)[3] for y in range(view.count)]
        assert any(hit for row in segments for _text, hit in row)  # titles marked
        first = app._opened.page
        await pilot.press("backspace")  # the empty query again: the first page
        await pilot.pause()
        assert view.results is first
        await pilot.press("d")
        await pilot.pause()
        assert view.results.query == "d" and _rows(app) == rows
        status = status_text(app)  # (read again: its time is this reading's)
        PapersApp.open_library(app)  # the engine loads now
        await settle(app, pilot)
        assert app.ready and not isinstance(view.results, Page)
        assert view.current == chosen
        assert _rows(app) == rows and _pane_text(app) == pane
        assert [view._row_key(y, 80)[3] for y in range(view.count)] == segments
        assert status_text(app) == status


def test_key_pages_are_made_a_search_each_giving_way_between_them(seeded_home):
    from index.first_page import KEY_QUERIES

    calls: list[int] = []
    with Library(seeded_home) as library:
        library.sync(keep_page=False)
        library.keep_first_page(keys=True, gate=lambda: calls.append(1))
        assert library.key_page("d") is not None
    assert len(calls) >= len(KEY_QUERIES)


async def test_keys_without_a_kept_page_wait_for_the_live_search(seeded_home):
    with Library(seeded_home) as library:
        library.sync()
        library.keep_first_page(keys=True)
    app = FirstFrame(str(seeded_home), opening=_opened_in_time(seeded_home))
    app.open_library = lambda: None
    async with app.run_test(size=SIZE) as pilot:
        view = app.query_one(ResultsView)
        page = view.results
        await pilot.press("D")  # no page for a capital: the live search's to answer
        await pilot.pause()
        assert view.results is page
        await pilot.press("backspace", "d", "i")  # nor for two letters
        await pilot.pause()
        assert view.results.query == "d"  # the last key that had a page
        PapersApp.open_library(app)
        await settle(app, pilot)
        assert view.results.query == "di"
        assert app.library.ids_of(view.results) == app.library.ids_of(
            app.library.search("di"))


def test_a_kept_page_is_compared_with_its_live_search_without_the_id_table(
        seeded_home, monkeypatch):
    """The first live search of a large library finds the id table unread (150-300 ms at
    100,000 papers): whether it lists the kept page's rows is then read from the first
    rows' cards, the ones the list draws next."""
    with Library(seeded_home) as library:
        library.sync(keep_page=False)
        library.keep_first_page(keys=True)
        page, live = library.key_page("d"), library.search("d")
        assert len(page) == len(live) > 3
        library.index._id_columns = None
        assert library.lists_the_same(page, live)
        assert library.index._id_columns is None  # not read for it
        monkeypatch.setattr("index.library.ROWS_COMPARED", 3)
        live.docnums[1], live.docnums[2] = live.docnums[2], live.docnums[1]
        assert not library.lists_the_same(page, live)
        live.docnums[1], live.docnums[2] = live.docnums[2], live.docnums[1]
        live.docnums[-1], live.docnums[-2] = live.docnums[-2], live.docnums[-1]
        assert library.lists_the_same(page, live)  # below the rows compared
        library.index.read_ids()
        assert not library.lists_the_same(page, live)  # every row, once the table is read


async def test_an_app_closed_on_a_query_reopens_on_its_page_before_the_engine(seeded_home):
    """Closed on a query, the app keeps its page; the next start lists it in its first
    frame, query in the search bar and cursor on the paper it was on, before the search
    engine is ready, and the live search then draws the same rows. Cleared before the
    engine is ready, the bar gets the empty query's page."""
    from index.first_page import KeyPage

    first = PapersApp(str(seeded_home))
    async with first.run_test(size=SIZE) as pilot:
        await settle(first, pilot)
        await pilot.press(*"policy opt")
        await settle(first, pilot)
        view = first.query_one(ResultsView)
        assert view.count > 3
        view.cursor = 2
        await pilot.pause()
        chosen, live_ids = view.current, view.results.ids()
    app = FirstFrame(str(seeded_home), opening=_opened_in_time(seeded_home))
    app.open_library = lambda: None  # the engine is not ready: the page must answer
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.first_results, KeyPage)  # listed at mount: the first frame
        await pilot.pause()
        view = app.query_one(ResultsView)
        assert app.query_one("#search", Input).value == "policy opt"
        assert view.results.ids() == live_ids and view.current == chosen
        assert not app.ready and app.library.index.is_open is False
        rows = _rows(app)
        PapersApp.open_library(app)  # the engine loads now
        await settle(app, pilot)
        assert app.ready and not isinstance(view.results, FirstPage)
        assert view.results.ids() == live_ids and view.current == chosen
        assert _rows(app) == rows and app.query_one("#search", Input).value == "policy opt"
    cleared = FirstFrame(str(seeded_home), opening=_opened_in_time(seeded_home))
    cleared.open_library = lambda: None
    async with cleared.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+u")  # the bar emptied before the engine is ready
        await pilot.pause()
        view = cleared.query_one(ResultsView)
        assert cleared.query_one("#search", Input).value == ""
        assert isinstance(view.results, FirstPage) and view.results.query == ""
        assert len(view.results) == cleared._opened.library.count()
