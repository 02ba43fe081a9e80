"""The papers app: search bar, results list, abstract pane, tag panel.

All data goes through `index.Library`; every search runs in a thread worker and the
newest search always wins, so typing never waits for the index.
"""

from __future__ import annotations

import gc
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.events import Resize
from textual.widgets import Footer, Input, OptionList, Static
from textual.worker import get_current_worker

from index import (
    EXPORT_FORMATS,
    OUTPUT_FORMATS,
    SORTS,
    Card,
    Library,
    LibraryError,
    Paper,
    Results,
    SearchCancelled,
    StoreError,
)

from .commands import ActionCommands, JumpToPaper
from .config import Config, load_config, save_config
from .reading_lists import ALL_TAGS, ReadingListActions
from .widgets.abstract import AbstractPane
from .widgets.clean_input import CleanInput
from .widgets.results import ResultsView

NARROW_BELOW = 120
FIRST_MATCHES_ABOVE = 5_000  # papers; smaller libraries rank every keystroke at once
SORT_LABELS = {"relevance": "relevance", "title": "title", "venue": "venue+year",
               "year": "year (newest first)", "author": "first author",
               "status": "status (unread first)", "priority": "priority (starred first)"}


@dataclass(frozen=True, slots=True)
class View:
    """What was on screen before "more like this", to go back to."""

    query: str
    sort: str
    tag: str | None
    cursor: int


class PapersApp(ReadingListActions, App):
    TITLE = "papers"
    CSS_PATH = "papers.tcss"
    COMMANDS = App.COMMANDS | {ActionCommands, JumpToPaper}
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
        Binding("question_mark", "help", "Help", id="help", tooltip="This help"),
        Binding("q", "quit", "Quit", id="quit", tooltip="Quit"),
    ]

    def __init__(self, data_dir: str | None = None, *, library: Library | None = None) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.library: Library | None = library
        self.config_path: Path | None = None
        self.config = Config()
        self.sort = "relevance"
        self.tag_filter: str | None = None
        self.history: list[View] = []
        self.similar_to: Paper | None = None
        self._search_seq = 0
        self._shown_seq = 0
        self.last_results: Results | None = None
        self.paper_count = 0
        self.ready = False
        self._warm_up_started = False

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield CleanInput(placeholder="Search papers: words, \"phrases\", author:name, tag:x, "
                                "year:[2020 TO 2026]  (/ to focus, ? for help)",
                    id="search")
        with Horizontal(id="main"):
            yield OptionList(id="tag-panel")
            yield ResultsView(id="results")
            yield AbstractPane(id="abstract")
        yield Static(id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tag-panel").display = False
        self.query_one("#search", Input).focus()
        self._apply_width(self.size.width)
        self.set_status("Opening the library…")
        self.open_library()

    def on_resize(self, event: Resize) -> None:
        self._apply_width(event.size.width)

    def _apply_width(self, width: int) -> None:
        self.screen.set_class(width < NARROW_BELOW, "narrow")

    # -- start-up --------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="open")
    def open_library(self) -> None:
        """Open (and if needed index) the library off the UI thread."""
        try:
            library = self.library or Library(self.data_dir)
            self.config_path = library.where.config_file
            config = load_config(self.config_path)
            self.call_from_thread(self._apply_config, config)

            def progress(done: int, total: int, phase: str = "papers") -> None:
                what = f"{done:,} of {total:,} papers" if phase == "papers" else \
                    f"writing it, {100 * done // max(total, 1)}%"
                self.call_from_thread(self.set_status, f"Building the search index: {what}")

            report = library.sync(progress)
        except (StoreError, LibraryError, OSError, sqlite3.DatabaseError) as error:
            self.call_from_thread(self._fail_open, str(error))
            return
        self.library = library
        self.paper_count = library.count()
        self.call_from_thread(self._library_ready, report.rebuilt, report.reason)

    def _warm_up_after_paint(self) -> None:
        """Start the warm-up once, after the next paint (the first results, or the message
        in their place): building the word table holds the index's lock, so a first search
        started beside it waited for it (about 40 ms at ICML 2023, 250 ms at 100k papers)."""
        if not self._warm_up_started:
            self._warm_up_started = True
            self.call_after_refresh(self._warm_up)

    @work(thread=True, group="warm-up")
    def _warm_up(self) -> None:
        self.library.warm_up()  # before the first keystrokes need it
        # What is loaded now lives as long as the app: keep the garbage collector from
        # walking it on every full collection (46-73 ms pauses while typing at 10k).
        gc.collect()
        gc.freeze()

    def _fail_open(self, message: str) -> None:
        self.query_one(ResultsView).show_message(["The library could not be opened:", message])
        self.set_status(message)
        self.notify(message, severity="error", markup=False, timeout=15)

    def _apply_config(self, config: Config) -> None:
        self.config = config
        self.sort = config.sort
        if config.keys:
            self.set_keymap(config.keys)
        if config.theme in self.available_themes:
            self.theme = config.theme
        if config.problem:
            self.notify(config.problem, title="Settings", severity="warning", markup=False,
                        timeout=10)

    def _library_ready(self, rebuilt: bool, reason: str) -> None:
        self.ready = True
        if rebuilt and reason != "no index yet":
            self.notify(f"The search index was rebuilt ({reason}).", markup=False)
        self.refresh_tag_panel()
        damaged = self.library.damaged_file if self.library is not None else None
        for notice in self.library.notices if self.library is not None else []:
            self.notify(notice, title="Library file damaged", severity="error", markup=False,
                        timeout=120)
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
        self.run_search()

    def watch_theme(self, theme: str) -> None:
        if self.ready and self.config_path is not None and theme != self.config.theme:
            self.config.theme = theme
            save_config(self.config_path, self.config)

    # -- searching -------------------------------------------------------------------------
    @property
    def query_text(self) -> str:
        return self.query_one("#search", Input).value

    @on(Input.Changed, "#search")
    def _query_changed(self) -> None:
        if self.ready:
            self.similar_to = None
            self.run_search()

    @on(Input.Submitted, "#search")
    def _query_submitted(self) -> None:
        self.action_focus_results()

    def run_search(self, cursor: int = 0) -> None:
        self._search_seq += 1
        self._search(self._search_seq, self.query_text, self.sort, self.tag_filter, cursor)

    @work(thread=True, exclusive=True, group="search")
    def _search(self, seq: int, query: str, sort: str, tag: str | None, cursor: int) -> None:
        if self.paper_count > FIRST_MATCHES_ABOVE and query.strip():
            # Ranking every match takes a large library a while: show the first matches
            # at once, then the ranked list when it is ready.
            first = self.library.first_matches(query, tag=tag)
            if get_current_worker().is_cancelled:
                return
            self.call_from_thread(self._show_results, seq, first, cursor)
        worker = get_current_worker()
        try:
            # A newer keystroke cancels this worker: stop between posting lists rather
            # than finish a ranking nobody will see while the UI thread waits for the GIL.
            results = self.library.search(query, sort=sort, tag=tag,
                                          cancelled=lambda: worker.is_cancelled)
        except SearchCancelled:
            return
        if worker.is_cancelled:
            return
        self.call_from_thread(self._show_results, seq, results, cursor)
        if results.total < 3 and results.suggestion:  # worked out after the results show
            self.call_from_thread(self._show_results, seq, results, cursor)

    def _show_results(self, seq: int, results: Results, cursor: int = 0) -> None:
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
        view.show(results, self._empty_message(results), cursor)
        if not len(results):
            self.query_one(AbstractPane).show_paper(None, empty="")
        self.set_status(self._status_text(results))
        self._warm_up_after_paint()

    def _empty_message(self, results: Results) -> list[str]:
        if len(results):
            return []
        if self.library is not None and self.library.count() == 0:
            return ["Your library is empty.", "",
                    "Add a list from the shell:  papers add FILE"]
        lines = [f"No papers match “{results.query.strip()}”"
                 + (f" tagged #{self.tag_filter}" if self.tag_filter else "") + "."]
        if results.known_suggestion:
            lines += ["", f"Did you mean: {results.known_suggestion}"]
        if results.error:
            lines += ["", results.error]
        lines += ["", "Words must all match; try fewer words, a prefix* or fuzzy~ word."]
        return lines

    def _status_text(self, results: Results) -> Text:
        text = Text()
        shown = len(results)
        if results.partial:
            text.append(f"first {shown:,} matches · ranking every match…")
        elif self.similar_to is not None:
            text.append(f"{shown} papers like “{self.similar_to.title}” · backspace goes back")
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
        marked = len(self.query_one(ResultsView).marked)
        if marked:
            text.append(f" · {marked} marked")
        if results.known_suggestion:
            text.append(f" · did you mean: {results.known_suggestion}", "bold")
        if results.error:
            text.append(f" · {results.error}", "italic")
        return text

    def set_status(self, message: str | Text) -> None:
        self.query_one("#status", Static).update(
            message if isinstance(message, Text) else Text(message))

    # -- selection -------------------------------------------------------------------------
    @on(ResultsView.Highlighted)
    def _highlighted(self, event: ResultsView.Highlighted) -> None:
        pane = self.query_one(AbstractPane)
        if event.card is None or self.library is None:
            pane.show_paper(None)
            return
        try:
            paper = self.library.paper(event.card.id)
        except LibraryError:
            pane.show_paper(None, empty="This paper is no longer in the library.")
            return
        terms = self.last_results.terms if self.last_results is not None else None
        pane.show_paper(paper, terms)

    @on(ResultsView.Opened)
    def _opened(self) -> None:
        self.query_one(AbstractPane).focus()

    def current_card(self) -> Card | None:
        return self.query_one(ResultsView).current

    def target_papers(self) -> list[Paper]:
        """The marked papers, else the one under the cursor."""
        if self.library is None:
            return []
        view = self.query_one(ResultsView)
        if view.marked:
            return self.library.papers(sorted(view.marked))
        card = view.current
        return [self.library.paper(card.id)] if card else []

    def _describe(self, papers: list[Paper]) -> str:
        if len(papers) == 1:
            title = papers[0].title
            return f"“{title[:60]}{'…' if len(title) > 60 else ''}”"
        return f"{len(papers)} marked papers"

    # -- actions: navigation ---------------------------------------------------------------
    def action_focus_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_focus_results(self) -> None:
        self.query_one(ResultsView).focus()

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
        card = self.current_card()
        if card is None or self.library is None:
            return
        view = self.query_one(ResultsView)
        self.history.append(View(self.query_text, self.sort, self.tag_filter, view.cursor))
        self.similar_to = self.library.paper(card.id)
        self._search_seq += 1
        self._similar(self._search_seq, card.id)

    @work(thread=True, exclusive=True, group="search")
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
        card = self.current_card()
        if card is None or self.library is None:
            return
        link = self.library.paper(card.id).link
        if not link:
            self.notify("This paper has no link.", severity="warning")
            return
        self._open_in_browser(link)

    @work(thread=True, group="browser")
    def _open_in_browser(self, link: str) -> None:
        import webbrowser  # 5 ms of start-up for a key seldom pressed

        opened = webbrowser.open(link)
        message = f"Opened {link}" if opened else f"No browser found to open {link}"
        self.call_from_thread(self.notify, message, markup=False,
                              severity="information" if opened else "warning")

    def action_help(self) -> None:
        from .screens import HelpScreen

        self.push_screen(HelpScreen(self.help_sections()))

    def keys_shown(self, binding: Binding) -> str:
        """The keys of `binding` as the user has them (remaps included), for people."""
        keymap = self._keymap if hasattr(self, "_keymap") else {}
        keys = keymap.get(binding.id, binding.key) if binding.id else binding.key
        return ", ".join(self.get_key_display(Binding(k, "")) for k in keys.split(","))

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        def rows(bindings: list[Binding]) -> list[tuple[str, str]]:
            return [(self.keys_shown(b), b.tooltip or b.description) for b in bindings]

        return [
            ("Anywhere", rows(self.BINDINGS) + [("ctrl+p", "Command palette: actions, "
                                                "jump to a paper, theme, exports"),
                                               ("tab", "Next pane")]),
            ("Results list", rows(ResultsView.BINDINGS)),
            ("Abstract pane", rows(AbstractPane.BINDINGS)),
            ("Search bar", [("enter, escape, down", "Go to the results list")]),
            ("Marks in the list", [("≈", "title derived from the abstract (the list has "
                                         "none)"), ("●", "marked paper")]),
        ]

    @on(OptionList.OptionSelected, "#tag-panel")
    def _tag_chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ALL_TAGS
        self.filter_by_tag(None if option_id == ALL_TAGS else option_id.removeprefix("tag:"))

    def jump_to_paper(self, paper_id: str) -> None:
        search = self.query_one("#search", Input)
        self.tag_filter = None
        search.value = ""
        self._search_seq += 1
        self._jump(self._search_seq, paper_id)

    @work(thread=True, exclusive=True, group="search")
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
        ]
        commands.append(("Show all papers (clear tag filter)", "",
                         partial(self.filter_by_tag, None)))
        if self.library is not None:
            for tag, count in self.library.tags():
                commands.append((f"Show tag: #{tag}", f"{count} papers",
                                 partial(self.filter_by_tag, tag)))
                for fmt in EXPORT_FORMATS:
                    commands.append((f"Export #{tag} as {fmt}",
                                     f"writes a .{OUTPUT_FORMATS[fmt].suffix} file",
                                     partial(self.export_tag, tag, fmt)))
        return commands


def run_app(data_dir: str | None = None) -> int:
    app = PapersApp(data_dir)
    app.run()
    if app.library is not None:
        app.library.close()
    return app.return_code or 0
