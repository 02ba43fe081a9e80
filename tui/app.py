"""The papers app: search bar, results list, abstract pane, tag panel.

All data goes through `index.Library`; every search runs in a thread worker and the
newest search always wins, so typing never waits for the index.
"""

from __future__ import annotations

import gc
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.events import Resize
from textual.widgets import Input, OptionList, Static
from textual.worker import get_current_worker

from index import (
    EXPORT_FORMATS,
    OUTPUT_FORMATS,
    SORTS,
    FirstPage,
    Library,
    LibraryError,
    Paper,
    SearchCancelled,
    StoreError,
    counted,
    web_url,
)

from .collection import KeystrokeCollection
from .commands import ActionCommands, JumpToMethod, JumpToPaper, PapersCommandPalette
from .config import Config, save_setting
from .discovery import DiscoveryActions
from .opening import Opened, Opening, open_errors, open_library, page_query
from .reading_lists import ALL_TAGS, ReadingListActions
from .reading_state import SAVED_KEYS, ReadingStateActions
from .widgets.abstract import AbstractPane
from .widgets.clean_input import SearchInput
from .widgets.key_screen import KeyScreen
from .widgets.results import ResultsView
from .widgets.steady_footer import SteadyFooter
from .workers import in_thread

if TYPE_CHECKING:  # the search package loads Whoosh: after the first paint (open_library)
    from index import Card, ReadingProgress, Results, Topic

NARROW_BELOW = 120
WATCH_SECONDS = 1.0  # how often the app looks for changes made elsewhere
FIRST_MATCHES_ABOVE = 5_000  # papers; smaller libraries rank every keystroke at once
# A large library's first matches are shown only when ranking them all takes longer than
# this after the keystroke's search began (a timer: _show_first_matches): most keys rank
# in 2-25 ms at 100,000 papers after finding their first matches in 1-36 ms, and a list
# painted twice (its first matches, then ranked) cost two frames a key. (30 ms painted
# twice keys like "diffusion mod", ranked 5 ms after the timer: 100-166 ms to settle.)
FIRST_MATCHES_AFTER_S = 0.05
# ... and looked for only while ranking may be slow: until a ranking has been timed, and
# while the last one took more than this. Warm, every ranking of the typing benchmark's
# keys took 5-21 ms at 100,000 papers, and finding first matches 1-43 ms before it (more
# than the ranking for "learning based approach for"): a key's cost, never shown.
FIRST_MATCHES_WHEN_RANKING_S = FIRST_MATCHES_AFTER_S / 2
# The opening worker waits this long at most for the first page to be painted before it
# loads the search engine (the paint comes in a frame or two).
FIRST_PAINT_WAIT_S = 0.5
# Loading the search engine (its imports, the warm-up) goes a step at a time, each after
# the keystroke in hand is drawn; this long at most for a keystroke that draws nothing.
KEY_FIRST_S = 0.2
FRAME_SENT_S = 0.004  # after a key's frame is painted: its bytes are written by then
# Meanwhile the interpreter passes between threads every ms rather than every 5: a
# keystroke goes through a few threads and messages, and each waited for its turn.
LOADING_SWITCH_S = 0.001
SORT_LABELS = {"relevance": "relevance", "title": "title", "venue": "venue+year",
               "year": "year (newest first)", "author": "first author",
               "status": "status (unread first)", "priority": "priority (starred first)"}


@contextmanager
def _switching(seconds: float) -> Iterator[None]:
    """The interpreter's switch interval set to `seconds` meanwhile (sys.setswitchinterval)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@dataclass(frozen=True, slots=True)
class View:
    """What was on screen before "more like this", to go back to."""

    query: str
    sort: str
    tag: str | None
    cursor: int


class PapersApp(DiscoveryActions, ReadingStateActions, ReadingListActions, App):
    TITLE = "papers"
    CSS_PATH = "papers.tcss"
    COMMANDS = App.COMMANDS | {ActionCommands, JumpToPaper, JumpToMethod}
    # The tooltip is the help screen's longer line, and the palette's: more than the footer
    # has room for.
    BINDINGS = [
        Binding("slash", "focus_search", "Search", id="focus_search",
                tooltip="Focus the search bar"),
        Binding("s", "cycle_sort", "Sort", id="sort",
                tooltip="Cycle the sort: relevance, title, venue+year, year, first author, "
                        "status, priority"),
        Binding("m", "more_like_this", "Similar", id="similar",
                tooltip="More like this: papers similar to the selected one"),
        Binding("backspace", "back", "Back", id="back", show=False,
                tooltip="Back to the results before \"more like this\""),
        Binding("o", "open_link", "Open", id="open_link",
                tooltip="Open the paper's link in the browser"),
        Binding("t", "tag", "Tag", id="tag",
                tooltip="Add tags (tag1 tag2) or remove them (-tag) on the paper or marked "
                        "papers"),
        Binding("T", "toggle_tags", "Tags", id="tags_panel",
                tooltip="Show or hide the tag panel; choose a tag to filter"),
        Binding("ctrl+t", "toggle_topics", "Topics", id="topics_panel", show=False,
                tooltip="Show or hide the topic panel; choose a topic to filter (topic:N)"),
        Binding("space", "mark", "Mark", id="mark", show=False,
                tooltip="Mark or unmark the paper (tag, cite and copy act on marked papers)"),
        Binding("u", "unmark_all", "Unmark all", id="unmark_all", show=False,
                tooltip="Unmark every paper"),
        Binding("c", "copy_citation", "Cite", id="cite",
                tooltip="Copy the citation (BibTeX unless the config says otherwise)"),
        Binding("C", "choose_citation", "Cite as…", id="cite_as", show=False,
                tooltip="Copy the citation as BibTeX, APA, Markdown or plain text"),
        Binding("a", "copy_abstract", "Copy abstract", id="copy_abstract", show=False,
                tooltip="Copy the abstract as clean Unicode text"),
        Binding("e", "edit", "Edit", id="edit", show=False,
                tooltip="Edit the paper's title, authors and URL"),
        Binding("r", "toggle_read", "Mark read", id="read",
                tooltip="Mark the paper (or the marked papers) read; again: back to seen"),
        Binding("asterisk", "cycle_star", "Star", id="star",
                tooltip="Cycle the star: ★, ★★, ★★★ (priority 1-3), none"),
        Binding("n", "note", "Note", id="note",
                tooltip="Write the paper's note (shown under the abstract; searchable)"),
        Binding("H", "toggle_hide_seen", "Hide seen", id="hide_seen", show=False,
                tooltip="Hide the papers you have seen or read, or show them again"),
        Binding("x", "clear_filters", "Clear filter", id="clear_filter", show=False,
                tooltip="Clear the filters named above the list (tag, hidden seen papers)"),
        Binding("N", "same_name", "Same method name", id="same_name", show=False,
                tooltip="The papers that claim this paper's method name"),
        Binding("A", "author_view", "Author's papers", id="author_view", show=False,
                tooltip="Other papers by one of this paper's authors (backspace: back)"),
        Binding("W", "trends", "What changed", id="trends", show=False,
                tooltip="What changed between two lists: the terms that rose and fell"),
        Binding("ctrl+s", "save_search", "Save search", id="save_search", show=False,
                tooltip="Save the current query under a name (1-9 recall saved searches)"),
        *[Binding(str(n), f"recall_saved({n})", f"Saved search {n}", id=f"saved_{n}",
                  show=False, tooltip=f"Run saved search {n}")
          for n in range(1, SAVED_KEYS + 1)],
        Binding("question_mark", "help", "Help", id="help", tooltip="This help"),
        Binding("q", "quit", "Quit", id="quit", tooltip="Quit"),
    ]

    def __init__(self, data_dir: str | None = None, *, library: Library | None = None,
                 opening: Opening | None = None) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.library: Library | None = library
        self._opening = opening  # the library opened while Textual loaded (launch.py)
        self._opened: Opened | None = None
        self._page_painted = threading.Event()
        self._keys_drawn = threading.Event()  # no keystroke waits to be drawn
        self._keys_drawn.set()
        self._collection = KeystrokeCollection()  # paused while a key is answered
        self._footer_drawn = threading.Event()
        self.config_path: Path | None = None
        self.config = Config()
        self.sort = "relevance"
        self.tag_filter: str | None = None
        self.history: list[View] = []
        self.similar_to: Paper | None = None
        self._search_seq = 0
        self._shown_seq = 0
        self._searched_query = ""  # the query of the newest search
        self.last_results: Results | None = None
        self.paper_count = 0
        self.ready = False
        self._warm_up_started = False
        self._last_ranking_s = float("inf")  # how long the last ranking of words took
        self.reading: dict[str, tuple[str, int]] = {}
        self.hide_seen = False
        self._seen_timer = None
        self.saved_searches: list = []
        self.progress_text = ""
        self._last_session: dict | None = None
        self._pane_results: Results | None = None  # the results the pane was filled for

    # -- layout ----------------------------------------------------------------------------
    def get_default_screen(self) -> KeyScreen:
        return KeyScreen(id="_default")  # a keystroke's results painted as soon as they come

    def compose(self) -> ComposeResult:
        yield SearchInput(placeholder="Search papers: words, \"phrases\", author:name, tag:x, "
                                      "is:unread, year:[2020 TO 2026]  (/ to focus, ? for help)",
                          id="search")
        yield Static(id="filter-chip", markup=False)
        with Horizontal(id="main"):
            yield ResultsView(id="results")
            yield AbstractPane(id="abstract")
        yield Static(id="status", markup=False)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one("#filter-chip").display = False
        self._search_bar = self.query_one("#search", Input)
        self._search_bar.focus()
        self._footer_drawn = self.query_one(SteadyFooter).drawn  # (for open_library)
        self._apply_width(self.size.width)
        self.set_status("Opening the library…")
        if self._opening is not None and self._opening.done():
            opened = self._opening.result()
            if opened.error is None:
                self._apply_opened(opened)  # in the first frame
        self.open_library()
        self.call_after_refresh(self._collection.after_first_paint)

    def on_resize(self, event: Resize) -> None:
        self._apply_width(event.size.width)

    def _apply_width(self, width: int) -> None:
        self.screen.set_class(width < NARROW_BELOW, "narrow")

    # -- start-up --------------------------------------------------------------------------
    @in_thread("open", exclusive=True)
    def open_library(self) -> None:
        """Open (and if needed index) the library off the UI thread. What the first frame
        lists (opening.py) is shown before the search engine loads; the live search
        follows once the index is open."""
        opened = self._opened
        if opened is None:
            opened = self._opening.result() if self._opening is not None else \
                open_library(self.data_dir, self.library)
            if opened.error is None:
                self.call_from_thread(self._apply_opened, opened)
        if opened.error is not None:
            self.call_from_thread(self._fail_open, opened.error)
            return
        # A page on screen: let it be painted before the imports that would hold the
        # interpreter the paint needs.
        # So is the footer, whose keys Textual builds a few frames later: its work would
        # otherwise share the interpreter with the engine's, and show after a key typed
        # at the first paint is answered.
        deadline = time.monotonic() + FIRST_PAINT_WAIT_S
        self._page_painted.wait(FIRST_PAINT_WAIT_S)
        self._footer_drawn.wait(max(deadline - time.monotonic(), 0))
        # What is loaded by now lives as long as the app: keep the garbage collector from
        # walking it again while the search engine loads (a full collection then made
        # opening the index and the first search a third slower).
        gc.freeze()
        library, session = opened.library, opened.session
        # The engine's modules one at a time (a few ms each), a keystroke drawn first:
        # one import of them all held the interpreter a key typed now needs (the first
        # key waited 200-250 ms for it).
        with _switching(LOADING_SWITCH_S):
            for _module in library.engine_steps():
                self._keys_drawn.wait(KEY_FIRST_S)
        try:
            def progress(done: int, total: int, phase: str = "papers") -> None:
                what = f"{done:,} of {total:,} papers" if phase == "papers" else \
                    f"writing it, {100 * done // max(total, 1)}%"
                self.call_from_thread(self.set_status, f"Building the search index: {what}")

            # The meaning space (similar papers, topics) follows after the first paint.
            # and so do the first pages, if they need writing (warm-up).
            # Papers an older name model named are named again after (_name_again).
            report = library.sync(progress, meaning=False, keep_page=False, names=False)
            states, saved = library.reading_states(), library.saved_searches()
            # The topics as they are (a few ms: the meaning space is memory-mapped), so
            # the first live search's pane has its Topic line at once rather than a
            # moment later.
            topics = library.topics()
        except open_errors() as error:
            self.call_from_thread(self._fail_open, str(error))
            return
        self.library = library
        self.paper_count = library.count()
        self.call_from_thread(self._library_ready, report.rebuilt, report.reason, states,
                              saved, session, topics)

    def _apply_opened(self, opened: Opened) -> None:
        """The settings, and the first page if there is one (on the UI thread: in on_mount
        when opening finished in time, so the first frame lists it)."""
        self._opened = opened
        self.config_path = opened.library.where.config_file
        self._apply_config(opened.config)
        page = opened.page
        if page is None or self.last_results is not None or self.query_text:
            self._page_painted.set()  # nothing to paint first (a search or typing came)
            return
        self.library = opened.library  # the store is open: the pane reads papers from it
        self.sort = page.sort
        self.reading.update(opened.states)
        view = self.query_one(ResultsView)
        view.reading = self.reading
        self.last_results = page
        if page.query:  # the session's query, as restore_session puts it back
            search = self._search_bar
            with search.prevent(Input.Changed):
                search.value = page.query
                search.cursor_position = len(page.query)
        position = page.position(opened.paper_id) if opened.paper_id is not None else None
        with suppress(LibraryError, StoreError, sqlite3.Error):
            # The status line with its progress, as the live search's will say it.
            self.progress_text = opened.library.progress(page, self.reading).summary()
        view.show(page, self._empty_message(page), position or 0)
        self.set_status(self._status_text(page))
        self.call_after_refresh(self._page_painted.set)

    def _warm_up_after_paint(self) -> None:
        """Start the warm-up once, after the next paint (the first results, or the message
        in their place). Keystrokes meanwhile never wait for it (Library.warm_up)."""
        if not self._warm_up_started:
            self._warm_up_started = True
            self.call_after_refresh(self._warm_up)

    @in_thread("warm-up")
    def _warm_up(self) -> None:
        # What is loaded by now lives as long as the app: keep the garbage collector from
        # walking it on every full collection (46-73 ms pauses while typing at 10k).
        # What is frozen is never collected: the garbage frozen with it is left, as
        # collecting it (about 2,800 objects, under 1 MB at ICML 2023) was a full
        # collection holding the interpreter 40-75 ms, the longest stall while typing.
        gc.freeze()

        def after_keys() -> None:
            self._keys_drawn.wait(KEY_FIRST_S)

        with _switching(LOADING_SWITCH_S):
            # Before the first keystrokes need it; each step's long loops, too, wait
            # while a keystroke is answered (Library.warm_up_steps).
            for _step in self.library.warm_up_steps(after_keys):
                after_keys()
        gc.freeze()
        with suppress(LibraryError, StoreError, OSError, sqlite3.Error):
            # For the next start, if the library moved on: the first pages, and the
            # first keystroke's (a search each, giving way to keystrokes between them).
            self.library.keep_first_page(keys=True, gate=after_keys)
        self.update_meaning()  # a worker of its own: similar papers and topics

    @in_thread("meaning", exclusive=True)
    def update_meaning(self) -> None:
        """Bring the meaning space up to date (a first build, or papers added while the app
        was closed) in a worker: the app stays usable; until then `m` ranks by shared
        words."""
        library = self.library
        if library is None:
            return
        try:
            if not library.meaning_due():  # up to date (or not ours to write): no child
                if not self.topics_ready:  # (read with the library when it opened)
                    self.load_topics()
                return
            report = library.update_meaning(separate=True)  # its own process: keys stay quick
        except (LibraryError, StoreError, OSError, sqlite3.Error) as error:
            self.call_from_thread(self.notify, f"Similar papers and topics could not be "
                                  f"updated: {error}", severity="warning", markup=False)
            return
        if report is not None and (report.refitted or report.folded):
            self.call_from_thread(self._meaning_updated)
        self.load_topics()  # here, in the worker: it reads the meaning space

    def _fitting_meaning(self) -> bool:
        return any(worker.group == "meaning" and not worker.is_finished
                   for worker in self.workers)

    def _meaning_updated(self) -> None:
        """The meaning space changed: a search by meaning or by topic is run again."""
        query = self.query_text
        if self.similar_to is None and ("~" in query or "topic:" in query.lower()):
            card = self.current_card()
            self.run_search(cursor=self.query_one(ResultsView).cursor,
                            paper_id=card.id if card is not None else None)

    def _fail_open(self, message: str) -> None:
        self.query_one(ResultsView).show_message(["The library could not be opened:", message])
        self.set_status(message)
        self.notify(message, severity="error", markup=False, timeout=15)

    def _apply_config(self, config: Config) -> None:
        config.check(self.binding_ids() if config.keys else set(), set(self.available_themes))
        self.config = config
        self.sort = config.sort
        if config.keys:
            self.set_keymap(config.keys)
        self.theme = config.theme
        if config.problem:
            self.notify(config.problem, title="Settings", severity="warning", markup=False,
                        timeout=10)

    def _library_ready(self, rebuilt: bool, reason: str,
                       states: dict[str, tuple[str, int]] | None = None,
                       saved: list | None = None, session: dict | None = None,
                       topics: list[Topic] | None = None) -> None:
        self.ready = True
        if topics is not None:
            self.topic_list, self.topics_ready = topics, True
        self.reading.update(states or {})
        self.query_one(ResultsView).reading = self.reading
        self.saved_searches = saved or []
        paper_id = self.restore_session(session) if session else None
        if isinstance(self.last_results, FirstPage):  # the live search replaces the page,
            card = self.current_card()  # on the paper the cursor is on by now
            paper_id = card.id if card is not None else paper_id
        # What the command line (or another app) changes shows here within a second or
        # two: a list added or removed, a tag, an edit.
        self.set_interval(WATCH_SECONDS, self._watch_library)
        self._name_again()
        if rebuilt and reason != "no index yet":
            self.notify(f"The search index was rebuilt ({reason}).", markup=False)
        self.refresh_tag_panel()
        damaged = self.library.damaged_file if self.library is not None else None
        for notice in self.library.notices if self.library is not None else []:
            self.notify(notice, title="Library file damaged" if damaged else "Library",
                        severity="error" if damaged else "warning", markup=False,
                        timeout=120 if damaged else 15)
        if damaged is not None:
            # Said in the list too, where it stays until the first search.
            self.query_one(ResultsView).show_message([
                "Your library file was damaged. It has been set aside, unchanged, as:",
                f"  {damaged}", "A fresh library was started with the bundled lists.", "",
                "To bring back your lists, tags and edits, quit and run:",
                f"  papers recover {damaged}", "", "Type to search the fresh library."])
            self.set_status(f"Library file damaged: set aside as {damaged}; "
                            f"recover with: papers recover {damaged}")
            self._warm_up_after_paint()
            return
        self.run_search(paper_id=paper_id)

    @in_thread("naming", exclusive=True)
    def _name_again(self) -> None:
        """Papers named by an older name model (a newer papers) named again, by a child
        process, while the library is searched as it is (a minute at 100,000 papers);
        then the index takes the new names and the search shows them."""
        library = self.library
        if library is None or not library.names_stale():
            return
        count = library.count()
        self.call_from_thread(
            self.notify, f"Naming {count:,} papers again with this version's name model; "
            "search goes on meanwhile.", markup=False)
        try:
            changed = library.names_up_to_date()
            if changed:
                library.sync(meaning=False)
        except (LibraryError, StoreError, OSError, sqlite3.Error):
            return  # the watcher's next sync, or the next start, goes on
        if changed:
            self.call_from_thread(self._library_changed)
        if not library.names_stale():  # (not a child that failed or another thread's)
            self.call_from_thread(
                # (what changed may be a name, a derived title or how an abstract reads)
                self.notify, f"Papers named again: {counted(changed, 'paper')} changed.",
                markup=False)

    @in_thread("watch", exclusive=True)
    def _watch_library(self) -> None:
        library = self.library
        if library is None:
            return
        if not library.behind():
            # The meaning space (similar papers, topics) has its own worker: started when
            # it lags, never twice at once, and never re-running the search under the
            # cursor as the user moves.
            if library.meaning_due() and not self._fitting_meaning():
                self.call_from_thread(self.update_meaning)
            return
        try:
            library.sync(meaning=False)
        except (LibraryError, StoreError, OSError, sqlite3.Error):
            return  # the next look tries again; a search reports what is wrong
        self.paper_count = library.count()
        self.call_from_thread(self._library_changed)

    def _library_changed(self) -> None:
        """Another process changed the library: the same query again, the cursor on the
        same paper, the tag panel recounted."""
        self.refresh_tag_panel()
        if self.similar_to is None:
            card = self.current_card()
            self.run_search(cursor=self.query_one(ResultsView).cursor,
                            paper_id=card.id if card is not None else None)

    def watch_theme(self, theme: str) -> None:
        if self.ready and self.config_path is not None and theme != self.config.theme:
            self.config.theme = theme
            save_setting(self.config, "theme", theme)

    def action_command_palette(self) -> None:
        """The palette, as Textual opens it, in papers' guarded subclass."""
        if self.use_command_palette and not PapersCommandPalette.is_open(self):
            self.push_screen(PapersCommandPalette(id="--command-palette"))

    def binding_ids(self) -> set[str]:
        """Every binding id a keymap may name: the app's, its widgets' and its dialogs'."""
        from . import screens  # the dialogs load with the first that opens, or here
        from .trends import TrendsScreen

        classes = [type(self), ResultsView, AbstractPane, TrendsScreen,
                   *(v for v in vars(screens).values()
                     if isinstance(v, type) and issubclass(v, screens.ModalScreen))]
        return {b.id for cls in classes for b in getattr(cls, "BINDINGS", [])
                if isinstance(b, Binding) and b.id}

    # -- searching -------------------------------------------------------------------------
    @property
    def query_text(self) -> str:
        return self.query_one("#search", Input).value

    @on(Input.Changed, "#search")
    def _query_changed(self) -> None:
        # The engine's loading waits while this key is answered: until its results are
        # drawn (_show_results), or at once where it lists nothing new before the index
        # is open (the kept page is drawn in the next refresh).
        self._keys_drawn.clear()
        self._collection.hold(self)
        if self.ready:
            self.similar_to = None
            self.run_search()
            return
        self._show_kept_page()
        self.call_after_refresh(self._key_painted)

    def _key_painted(self) -> None:
        """A keystroke's results are painted: once Textual's writer thread has sent the
        frame to the terminal (it needs the interpreter for that), the engine's loading,
        the reading states' read and the garbage collector may go on. When they went on
        at once, a collection or the read held the interpreter 1-5 ms between the frame
        and its bytes (traced in tmux at ICML 2023). Until the library is open the
        loading goes on at once: the first key's live results wait for it."""
        if not self.ready:
            self._keys_drawn.set()
        self._collection.release_after(self, FRAME_SENT_S, self._keys_drawn.set)

    def _show_kept_page(self) -> None:
        """A key typed while the first page shows, before the search engine is ready (the
        first keystroke, typed at first paint): its results from the page the last
        warm-up kept for it (Library.key_page), at once; the live search follows once
        the index is open, and lists the same. Nothing kept: the live search it is."""
        shown = self.last_results
        opened = self._opened
        if not isinstance(shown, FirstPage) or opened is None or opened.page is None \
                or self.library is None or self.tag_filter or self.hide_seen \
                or self.similar_to is not None:
            return
        query = self.query_text
        page = opened.page if not query and not opened.page.query else None
        with suppress(LibraryError, StoreError, OSError, sqlite3.Error):
            if query and self.sort == "relevance":
                page = self.library.key_page(query)
            elif not query and opened.page.query:  # the session's query cleared
                page = self.library.first_page(self.sort)
        if page is None or page is shown:
            return
        if not self.topics_ready:  # the pane's Topic line, as the live search's pane has it
            with suppress(LibraryError, StoreError, OSError, sqlite3.Error):
                self.topic_list, self.topics_ready = self.library.topics(), True
        view = self.query_one(ResultsView)
        card = view.current  # as the live search keeps the cursor on the paper it is on
        position = page.position(card.id) if card is not None else None
        self.last_results = self._pane_results = page
        with suppress(LibraryError, StoreError, sqlite3.Error):
            self.progress_text = self.library.progress(page, self.reading).summary()
        view.show(page, self._empty_message(page), position or 0)
        self.show_current_paper(view.current)
        self.set_status(self._status_text(page))


    @on(Input.Submitted, "#search")
    def _query_submitted(self) -> None:
        self.action_focus_results()

    def results_due(self) -> bool:
        """Whether results are on their way for what the search bar shows (KeyScreen paints
        them as soon as they come): a search under way, or a key typed whose search is
        about to start (its Input.Changed not handled yet: the bar's echo is painted
        first). Asked at each of the screen's idle moments: no query of the DOM."""
        return self.ready and (self._search_seq > self._shown_seq
                               or self._search_bar.value != self._searched_query)

    def run_search(self, cursor: int = 0, paper_id: str | None = None) -> None:
        """`paper_id`: put the cursor on that paper if it is among the results."""
        self._search_seq += 1
        self._searched_query = self.query_text
        self._search(self._search_seq, self.query_text, self.sort, self.tag_filter, cursor,
                     self.hide_seen, paper_id)

    @in_thread("search", exclusive=True)
    def _search(self, seq: int, query: str, sort: str, tag: str | None, cursor: int,
                unread_only: bool = False, paper_id: str | None = None) -> None:
        worker = get_current_worker()
        if self.paper_count > FIRST_MATCHES_ABOVE and query.strip() and paper_id is None \
                and self._last_ranking_s > FIRST_MATCHES_WHEN_RANKING_S:
            # Ranking every match can take a large library a while: its first matches
            # show if the ranking is not done soon (then the ranked list follows).
            deadline = time.monotonic() + FIRST_MATCHES_AFTER_S
            first = self.library.first_matches(query, tag=tag, unread_only=unread_only)
            if worker.is_cancelled:
                return
            if len(first):  # none with every word: the ranked list may forgive one
                self.call_from_thread(self._show_first_matches, seq, first, cursor,
                                      deadline - time.monotonic())
        ranking = time.monotonic()
        try:
            # A newer keystroke cancels this worker: stop between posting lists rather
            # than finish a ranking nobody will see while the UI thread waits for the GIL.
            results = self.library.search(query, sort=sort, tag=tag,
                                          cancelled=lambda: worker.is_cancelled,
                                          unread_only=unread_only)
        except SearchCancelled:
            return
        if worker.is_cancelled:
            return
        if query.strip():  # (listing every paper ranks nothing: it says nothing of it)
            self._last_ranking_s = time.monotonic() - ranking
        if paper_id is not None:
            kept = results.position(paper_id)
            cursor = kept if kept is not None else min(cursor, max(len(results) - 1, 0))
        shown = self.last_results
        if isinstance(shown, FirstPage) and shown.query == results.query \
                and self.library.lists_the_same(shown, results):
            # A page kept beside the index is on screen (the first page, or the page kept
            # for this key: _show_kept_page), and these are its rows: the status line goes
            # on saying how soon they were listed.
            results.elapsed = shown.elapsed
        # The progress through these results goes out in the same frame as the list (a
        # status line that changes again a frame later is a keystroke that settles
        # late), counted with the reading states as last read: about 1 ms at 100,000
        # results (Library.progress reads no listed paper's id), but after the list
        # where the index's id table must be read first (the first search of a large
        # library, before the warm-up reads it: 150-300 ms at 100,000 papers).
        progress = self.library.progress_at_once(results, self.reading)
        self.call_from_thread(self._show_results, seq, results, cursor, progress)
        # Read afresh after the results show, never on the keystroke's path, and not at
        # all once a newer keystroke has superseded these results: what another papers
        # process marked (the command line, a second window) shows then. After the
        # key's frame is sent (_key_painted), not beside it.
        self._keys_drawn.wait(KEY_FIRST_S)
        if not worker.is_cancelled:
            states = self.library.reading_states()
            if progress is None or states != self.reading:
                self.call_from_thread(self._show_progress, seq,
                                      self.library.progress(results, states), states)
        if (results.total < 3 or results.relaxed) and results.suggestion:
            # (worked out after the results show)
            self.call_from_thread(self._show_results, seq, results, cursor, progress)

    def _show_first_matches(self, seq: int, first: Results, cursor: int,
                            delay: float) -> None:
        """A large library's first matches for search `seq`, shown after `delay` (on a
        timer: a ranking that is slow to start, such as the first one while the engine
        warms up, asks no cancellation check for hundreds of ms) unless its ranked list
        or a newer search came first; at once when the delay has passed already."""
        def show() -> None:
            if seq == self._search_seq and self._shown_seq < seq:
                self._show_results(seq, first, cursor)

        if delay <= 0:
            show()
        else:
            self.set_timer(delay, show)

    def _show_results(self, seq: int, results: Results, cursor: int = 0,
                      progress: ReadingProgress | None = None) -> None:
        """`progress`: through these results (the status line shows it)."""
        if seq < self._search_seq:
            return  # a newer search is under way: never let an old one overwrite it
        view = self.query_one(ResultsView)
        previous = self.last_results
        if previous is not None and previous.partial and seq == self._shown_seq \
                and view.current is not None and view.cursor:
            # The ranked list replaces the first matches: stay on the paper the user chose.
            # Both come from the same searcher, so document numbers compare directly,
            # without reading a thousand stored cards on the UI thread.
            chosen = previous.docnums[view.cursor]
            cursor = results.docnums.index(chosen) if chosen in results.docnums else 0
        self._shown_seq = seq
        self.last_results = results
        if progress is not None:
            self.progress_text = progress.summary()
        self.update_chip()
        view.show(results, self._empty_message(results), cursor)
        # The abstract pane in the same frame as the list (it lays out nothing: see
        # AbstractPane); the Highlighted message the cursor posts then finds it done.
        self._pane_results = results
        if len(results):
            self.show_current_paper(view.current)
        else:
            self.query_one(AbstractPane).show_paper(None, empty="")
        self.set_status(self._status_text(results))
        self.count_topics()  # (while the topic panel shows: those of these results)
        if not results.partial:
            # (First matches are not the key's answer: the engine's loading goes on
            # waiting for its ranked list, which would otherwise share the interpreter
            # with the warm-up and settle 100 ms later at 100,000 papers.)
            self.call_after_refresh(self._key_painted)
        self._warm_up_after_paint()

    def _empty_message(self, results: Results) -> list[str]:
        if len(results):
            return []
        if self.library is not None and self.library.count() == 0:
            return ["Your library is empty.", "",
                    "Add a list from the shell:  papers add FILE"]
        lines = [f"No papers match “{results.query.strip()}”"
                 + (f" tagged #{self.tag_filter}" if self.tag_filter else "")
                 + (" among the papers you have not seen" if self.hide_seen else "") + "."]
        if self.tag_filter or self.hide_seen:
            lines += ["", f"Press {self.keys_for('clear_filter')} to clear the filters."]
        if results.known_suggestion:
            lines += ["", f"Did you mean: {results.known_suggestion}"]
        if results.error:
            lines += ["", results.error]
        lines += ["", "Try fewer or other words, a prefix* or fuzzy~ word."]
        return lines

    def _status_text(self, results: Results) -> Text:
        text = Text()
        shown = len(results)
        if results.partial:
            text.append(f"first {shown:,} matches · ranking every match…")
        elif self.similar_to is not None:
            how = " by meaning" if results.by_meaning else " by shared words"
            text.append(f"{counted(shown, 'paper')} like “{self.similar_to.title}”{how} · "
                        "backspace goes back")
        elif results.by_meaning:
            text.append(f"{counted(shown, 'paper')} closest in meaning · "
                        f"{results.elapsed * 1000:.0f} ms · a search by meaning (~), "
                        "not by the words")
        else:
            noun = "paper" if results.total == 1 else "papers"
            count = f"{results.total:,} {noun}" if shown == results.total else \
                f"top {shown:,} of {results.total:,} {noun}"
            text.append(count)
            sort = SORT_LABELS[self.sort]
            if self.sort == "relevance" and not results.query.strip():
                sort = "title (no query to rank by)"
            text.append(f" · {results.elapsed * 1000:.0f} ms · sort: {sort}")
        if self.tag_filter:
            text.append(f" · tag: #{self.tag_filter}")
        if self.hide_seen:
            text.append(" · unread only")
        # What the query did comes before the reading progress: the line is cut at the
        # terminal's edge, and "no paper has all 7 words; 12 have 4 or more" is what
        # explains the list (at 120 columns it was cut after "12 have").
        if results.relaxed:
            text.append(f" · {results.relaxed}", "italic")
        if results.known_suggestion:
            text.append(f" · did you mean: {results.known_suggestion}", "bold")
        if results.error:
            text.append(f" · {results.error}", "italic")
        marked = len(self.query_one(ResultsView).marked)
        if marked:
            text.append(f" · {marked} marked")
        if self.progress_text and not results.partial:
            text.append(f" · {self.progress_text}")
        return text

    def _show_progress(self, seq: int, progress,
                       states: dict[str, tuple[str, int]] | None = None) -> None:
        if seq < self._shown_seq or self.last_results is None:
            return
        if states is not None and states != self.reading:
            self.reading.clear()
            self.reading.update(states)  # the dict the results list draws from
            self.query_one(ResultsView).refresh()
        self.progress_text = progress.summary()
        self.set_status(self._status_text(self.last_results))

    def update_progress(self) -> None:
        """After a status or star changed: the progress of what is listed, off the UI
        thread (it reads the store)."""
        if self.last_results is not None and self.library is not None:
            self._progress(self._shown_seq, self.last_results)

    @in_thread("progress", exclusive=True)
    def _progress(self, seq: int, results: Results) -> None:
        states = self.library.reading_states()
        self.call_from_thread(self._show_progress, seq, self.library.progress(results, states),
                              states)

    def set_status(self, message: str | Text) -> None:
        # One line whatever it says: no layout, only the line is drawn again (a layout
        # per keystroke was most of a frame).
        self.query_one("#status", Static).update(
            message if isinstance(message, Text) else Text(message), layout=False)

    # -- selection -------------------------------------------------------------------------
    @on(ResultsView.Highlighted)
    def _highlighted(self, event: ResultsView.Highlighted) -> None:
        self.start_seen_timer(event.card.id if event.card is not None else None)
        self._last_session = self.session_state()  # saved on quit (widgets are gone then)
        pane = self.query_one(AbstractPane)
        if event.card is not None and event.card.id == pane.paper_id \
                and self._pane_results is self.last_results:
            return  # shown with these results already (_show_results)
        self._pane_results = None
        self.show_current_paper(event.card)

    def show_current_paper(self, card: Card | None = None) -> None:
        """The paper under the cursor (or `card`) in the abstract pane, read afresh."""
        pane = self.query_one(AbstractPane)
        card = card or self.current_card()
        if card is None or self.library is None:
            pane.show_paper(None)
            return
        try:
            paper = self.library.paper(card.id)
        except LibraryError:
            pane.show_paper(None, empty="This paper is no longer in the library.")
            return
        terms = self.last_results.terms if self.last_results is not None else None
        pane.show_paper(paper, terms, topic=self.topic_of(paper.id))

    @on(ResultsView.Opened)
    def _opened(self) -> None:
        self.query_one(AbstractPane).focus()

    def current_card(self) -> Card | None:
        try:
            view = self.query_one(ResultsView)
        except NoMatches:  # the app is closing (a timer fired as its widgets went)
            return None
        return view.current

    def target_papers(self) -> list[Paper]:
        """The marked papers, else the one under the cursor: those still in the library.
        The command line may have removed a list since the results were drawn; then
        the user is told which are gone and the keys act on the rest."""
        if self.library is None:
            return []
        view = self.query_one(ResultsView)
        ids = sorted(view.marked) if view.marked else \
            [view.current.id] if view.current is not None else []
        papers, gone = self.library.still_here(ids)
        if gone:
            view.marked.difference_update(gone)
            what = "This paper is" if len(ids) == 1 else \
                f"{len(gone)} of the {len(ids)} marked papers are"
            rest = "" if not papers else f"; acting on the other {len(papers)}"
            self.notify(f"{what} no longer in the library (its list was removed){rest}.",
                        severity="warning", markup=False)
        return papers

    def current_paper(self) -> Paper | None:
        """The paper under the cursor, if it is still in the library (else say so)."""
        view = self.query_one(ResultsView)
        if view.current is None or self.library is None:
            return None
        papers, _gone = self.library.still_here([view.current.id])
        if not papers:
            self.notify("This paper is no longer in the library (its list was removed).",
                        severity="warning", markup=False)
            return None
        return papers[0]

    def _describe(self, papers: list[Paper]) -> str:
        if len(papers) == 1:
            title = papers[0].title
            return f"“{title[:60]}{'…' if len(title) > 60 else ''}”"
        return f"{len(papers)} marked papers"

    # -- actions: navigation ---------------------------------------------------------------
    def action_focus_search(self) -> None:
        self.query_one("#search", Input).focus()

    def on_unmount(self) -> None:
        self._collection.release()  # never leave the collector paused behind the app
        opened = self.library or (self._opened.library if self._opened else None)
        if opened is not None:
            # A meaning fit or the naming of papers again in its child process would hold
            # the exit until it ends (the worker thread waiting for it is joined): stop
            # it; the last space and names stay, and the next start goes on.
            opened.stop_children()
        # The last place, for the next start. The UI is gone by now, so this one write
        # on the UI thread makes no one wait; the seen timer's worker also saves it as
        # you read, so a crash resumes nearly here.
        if self.library is not None and self._last_session and self.config.resume:
            with suppress(LibraryError, StoreError, sqlite3.Error):
                self.library.remember_session(self._last_session)
            query = page_query(self._last_session, self._last_session.get("sort", ""))
            if self.ready and query:
                # Its page, for the next start's first frame (tui/opening.py): a search
                # (5-60 ms) after the UI has gone.
                with suppress(LibraryError, StoreError, sqlite3.Error, SearchCancelled):
                    self.library.keep_session_page(query)

    def action_focus_results(self) -> None:
        self.query_one(ResultsView).focus()

    # The side panels, left of the results in this order. Each is mounted the first time
    # it is shown: composed hidden at launch, the two cost the main thread about 8 ms of
    # CPU before the first frame (their styles, composing and layout; measured in
    # docs/development-log.md, twelfth stop).
    SIDE_PANELS = ("tag-panel", "topic-panel")

    def shown_panel(self, panel_id: str) -> OptionList | None:
        """The side panel `panel_id` if it is mounted and showing, else None."""
        panel = self._side_panel(panel_id)
        return panel if panel is not None and panel.display else None

    def _side_panel(self, panel_id: str) -> OptionList | None:
        try:
            return self.query_one(f"#{panel_id}", OptionList)
        except NoMatches:
            return None

    def _mount_side_panel(self, panel_id: str) -> OptionList:
        later = [other for other in self.SIDE_PANELS[self.SIDE_PANELS.index(panel_id) + 1:]
                 if self._side_panel(other) is not None]
        panel = OptionList(id=panel_id)
        self.query_one("#main").mount(panel, before=f"#{later[0]}" if later else "#results")
        return panel

    def toggle_panel(self, panel_id: str, refresh: Callable[[], None]) -> None:
        """Show a side panel (the tags', the topics'), filled afresh and focused, or hide
        it and go back to the list."""
        panel = self._side_panel(panel_id)
        if panel is None:
            panel = self._mount_side_panel(panel_id)
        else:
            panel.display = not panel.display
        if panel.display:
            refresh()
            panel.focus()
        else:
            self.action_focus_results()

    def on_key(self, event) -> None:
        search = self.query_one("#search", Input)
        if search.has_focus and event.key in ("escape", "down"):
            event.stop()
            self.action_focus_results()

    def action_cycle_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        self.notify(f"Sorted by {SORT_LABELS[self.sort]}", timeout=2)
        if self.similar_to is None:
            self.run_search()

    def action_more_like_this(self) -> None:
        paper = self.current_paper()
        if paper is None:
            return
        self.push_history()
        self.similar_to = paper
        self._search_seq += 1
        self._similar(self._search_seq, paper.id)

    def push_history(self) -> None:
        """Remember what is on screen, for backspace to come back to."""
        view = self.query_one(ResultsView)
        self.history.append(View(self.query_text, self.sort, self.tag_filter, view.cursor))

    @in_thread("search", exclusive=True)
    def _similar(self, seq: int, paper_id: str) -> None:
        results = self.library.similar(paper_id, limit=50)
        self.call_from_thread(self._show_results, seq, results)

    def action_back(self) -> None:
        if not self.history:
            return
        view = self.history.pop()
        self.similar_to = None
        self.sort, self.tag_filter = view.sort, view.tag
        search = self.query_one("#search", Input)
        with search.prevent(Input.Changed):
            search.value = view.query
        self.run_search(cursor=view.cursor)
        self.action_focus_results()

    def action_open_link(self) -> None:
        paper = self.current_paper()
        if paper is None:
            return
        target = self.library.link_target(paper, self.config.search_url)
        if target.url is None:
            self.notify(target.why, severity="warning", markup=False)
            return
        self._open_in_browser(target.url, target.why)

    @in_thread("browser")
    def _open_in_browser(self, link: str, why: str) -> None:
        import webbrowser  # 5 ms of start-up for a key seldom pressed

        if web_url(link) is None:  # never a file:, javascript: or "-option" to a browser
            return
        opened = webbrowser.open(link)
        message = why if opened else f"No browser found to open {link}"
        self.call_from_thread(self.notify, message, markup=False,
                              severity="information" if opened else "warning")

    def action_help(self) -> None:
        from .screens import HelpScreen

        self.push_screen(HelpScreen(self.help_sections()))

    def keys_for(self, binding_id: str) -> str:
        binding = next(b for b in self.BINDINGS if b.id == binding_id)
        return self.keys_shown(binding)

    def keys_shown(self, binding: Binding) -> str:
        """The keys of `binding` as the user has them (remaps included), for people."""
        keymap = self._keymap if hasattr(self, "_keymap") else {}
        keys = keymap.get(binding.id, binding.key) if binding.id else binding.key
        return ", ".join(self.get_key_display(Binding(k, "")) for k in keys.split(","))

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        def rows(bindings: list[Binding]) -> list[tuple[str, str]]:
            return [(self.keys_shown(b), b.tooltip or b.description) for b in bindings]

        saved = [b for b in self.BINDINGS if (b.id or "").startswith("saved_")]
        others = [b for b in self.BINDINGS if b not in saved]
        return [
            ("Anywhere", rows(others) + [
                (", ".join(self.keys_shown(b) for b in saved),
                 "Run saved search 1-9 (save one with ctrl+s or from the palette)"),
                ("ctrl+p", "Command palette: actions, jump to a paper, theme, exports, "
                           "saved searches"),
                ("tab", "Next pane")]),
            ("Results list", rows(ResultsView.BINDINGS)),
            ("Abstract pane", rows(AbstractPane.BINDINGS)),
            ("Search bar", [("enter, escape, down", "Go to the results list")]),
            ("Marks in the list", [("≈", "title derived from the abstract (the list has "
                                         "none)"), ("●", "marked paper"),
                                   ("•", "unread (bold title): not yet open for "
                                         "1.5 s in the abstract pane"),
                                   ("(none)", "seen"), ("✓", "read (dim title)"),
                                   ("★ ★★ ★★★", "starred, priority 1-3")]),
            ("What changed between lists (W)", self.trends_help()),
            ("Reading filters in queries", [
                ("is:unread", "not yet seen; also is:seen, is:read"),
                ("is:starred", "any star; priority:2 for ★★ exactly"),
                ("note:word", "your notes (plain words search them too, below the "
                              "paper's own text)"),
                ("has:code", "a link to code in the abstract; also has:link, has:name"),
                ("named:NAME", "the papers that call their method NAME (N on a paper)"),
                ("topic:N", "papers of one topic (the topic panel, ctrl+t, lists them)")]),
        ]

    @on(OptionList.OptionSelected, "#tag-panel")
    def _tag_chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ALL_TAGS
        self.filter_by_tag(None if option_id == ALL_TAGS else option_id.removeprefix("tag:"))

    @on(OptionList.OptionSelected, "#topic-panel")
    def _topic_chosen(self, event: OptionList.OptionSelected) -> None:
        self.topic_option_chosen(event.option.id)

    def jump_to_paper(self, paper_id: str) -> None:
        search = self.query_one("#search", Input)
        self.tag_filter = None
        search.value = ""
        self._search_seq += 1
        self._jump(self._search_seq, paper_id)

    @in_thread("search", exclusive=True)
    def _jump(self, seq: int, paper_id: str) -> None:
        results = self.library.search("", sort=self.sort)
        ids = results.ids()
        cursor = ids.index(paper_id) if paper_id in ids else 0
        self.call_from_thread(self._show_results, seq, results, cursor)
        self.call_from_thread(self.action_focus_results)

    # -- command palette -------------------------------------------------------------------
    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        commands: list[tuple[str, str, Callable[[], object]]] = [
            (binding.description,
             f"{self.keys_shown(binding)} · {binding.tooltip or binding.description}",
             partial(self.run_action, binding.action))
            for binding in self.BINDINGS if binding.action not in ("quit",)
            and not (binding.id or "").startswith("saved_")
        ]
        for number, saved in enumerate(self.saved_searches, 1):
            key = f"{number} · " if number <= SAVED_KEYS else ""
            commands.append((f"Saved search: {saved.name}", f"{key}{saved.query}",
                             partial(self.recall_search, saved.name)))
        commands.append(("Show all papers (clear tag filter)", "",
                         partial(self.filter_by_tag, None)))
        commands += self.topic_commands()
        marked = len(self.query_one(ResultsView).marked) if self.library else 0
        for fmt in EXPORT_FORMATS if marked else ():
            commands.append((f"Export the {marked} marked papers as {fmt}",
                             f"writes a .{OUTPUT_FORMATS[fmt].suffix} file",
                             partial(self.export_marked, fmt)))
        if self.library is not None:
            for tag, count in self.library.tags():
                commands.append((f"Show tag: #{tag}", counted(count, "paper"),
                                 partial(self.filter_by_tag, tag)))
                for fmt in EXPORT_FORMATS:
                    commands.append((f"Export #{tag} as {fmt}",
                                     f"writes a .{OUTPUT_FORMATS[fmt].suffix} file",
                                     partial(self.export_tag, tag, fmt)))
        return commands


def run_app(data_dir: str | None = None, opening: Opening | None = None) -> int:
    """`opening`: the library already being opened (launch.py starts it before Textual
    loads)."""
    app = PapersApp(data_dir, opening=opening)
    app.run()
    if app.library is not None:
        app.library.close()
    return app.return_code or 0
