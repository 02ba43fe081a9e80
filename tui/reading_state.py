"""The reading actions of the app (issue #14): seen on opening, read and stars, notes,
hiding what you have seen, saved searches, the author view and resuming where you were.

A mixin of `PapersApp`, like `reading_lists.py`. Status and stars live in the store only:
the app keeps them in `reading` (id -> (status, priority)), shared with the results list,
and updates it when its own writes land; every write runs in a thread worker.
"""

from __future__ import annotations

from functools import partial

from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widgets import Input, Static

from index import MAX_PRIORITY, Paper, counted

from .reading_lists import WRITE_ERRORS
from .widgets.results import ResultsView
from .workers import in_thread

SEEN_AFTER = 1.5  # seconds a paper stays in the abstract pane before it counts as seen
SAVED_KEYS = 9  # 1-9 recall the first nine saved searches


class ReadingStateActions:
    reading: dict[str, tuple[str, int]]
    hide_seen: bool
    _seen_timer: Timer | None

    # -- seen: a paper that stayed in the pane for a moment ------------------------------
    def start_seen_timer(self, paper_id: str | None) -> None:
        """Restarted by every cursor move, so flying past papers marks none of them."""
        if self._seen_timer is not None:
            self._seen_timer.stop()
            self._seen_timer = None
        if paper_id is None or self.library is None:
            return
        self._seen_timer = self.set_timer(SEEN_AFTER, partial(self._dwelt_on, paper_id))

    def _dwelt_on(self, paper_id: str) -> None:
        self._seen_timer = None
        try:
            card = self.current_card()
        except NoMatches:  # the timer fired as the app closed: its widgets are gone
            return
        if card is None or card.id != paper_id:
            return
        unread = self.reading.get(paper_id, ("unread", 0))[0] == "unread"
        self._write_seen(paper_id if unread else None, self.session_state())

    @in_thread("write")
    def _write_seen(self, paper_id: str | None, session: dict) -> None:
        """Seen, and where the reader is (so even a crash resumes here)."""
        try:
            if paper_id is not None:
                self.library.mark_seen([paper_id])
            if self.config.resume:
                self.library.remember_session(session)
        except WRITE_ERRORS:
            return  # a paper removed meanwhile, or a store that cannot be written: unmarked
        if paper_id is not None:
            self.call_from_thread(self._reading_changed, self.library.reading_states())

    # -- read, stars -----------------------------------------------------------------------
    def action_toggle_read(self) -> None:
        """Read; pressed again on read papers, back to seen."""
        ids = self._target_ids()
        if not ids:
            return
        everything_read = all(self.reading.get(i, ("unread", 0))[0] == "read" for i in ids)
        self._write_status(ids, "seen" if everything_read else "read")

    @in_thread("write")
    def _write_status(self, ids: list[str], status: str) -> None:
        try:
            self.library.set_status(ids, status)
        except WRITE_ERRORS as error:
            self._say_not_saved("the read status", error)
            return
        who = counted(len(ids), "paper")
        self.call_from_thread(self._reading_changed, self.library.reading_states(),
                              f"{who} marked {status}")

    def action_cycle_star(self) -> None:
        """No star → ★ → ★★ → ★★★ → no star; on marked papers, from the first one's."""
        ids = self._target_ids()
        if not ids:
            return
        priority = (self.reading.get(ids[0], ("unread", 0))[1] + 1) % (MAX_PRIORITY + 1)
        self._write_priority(ids, priority)

    @in_thread("write")
    def _write_priority(self, ids: list[str], priority: int) -> None:
        try:
            self.library.set_priority(ids, priority)
        except WRITE_ERRORS as error:
            self._say_not_saved("the star", error)
            return
        who = counted(len(ids), "paper")
        what = f"starred {'★' * priority} (priority {priority})" if priority else "unstarred"
        self.call_from_thread(self._reading_changed, self.library.reading_states(),
                              f"{who} {what}")

    def _target_ids(self) -> list[str]:
        view = self.query_one(ResultsView)
        if view.marked:
            return sorted(view.marked)
        card = view.current
        return [card.id] if card is not None else []

    def _reading_changed(self, states: dict[str, tuple[str, int]],
                         message: str | None = None) -> None:
        self.reading.clear()
        self.reading.update(states)  # the very dict the results list draws from
        self.query_one(ResultsView).refresh()
        self.show_current_paper()
        self.update_progress()
        if message:
            self.notify(message, markup=False, timeout=2)

    # -- notes -----------------------------------------------------------------------------
    def action_note(self) -> None:
        card = self.current_card()
        if card is None or self.library is None:
            return
        paper = self.library.paper(card.id)
        from .screens import NoteScreen

        self.push_screen(NoteScreen(self._describe([paper]), paper.note),
                         partial(self._note_written, paper.id))

    def _note_written(self, paper_id: str, text: str | None) -> None:
        if text is not None:
            self._write_note(paper_id, text)

    @in_thread("write")
    def _write_note(self, paper_id: str, text: str) -> None:
        """Off the UI thread, like every write to the store."""
        try:
            changed = self.library.set_note(paper_id, text)
        except WRITE_ERRORS as error:
            self._say_not_saved("the note", error)
            return
        if changed:
            self.call_from_thread(self._written, "Note saved." if text.strip()
                                  else "Note deleted.")

    # -- hiding what you have seen, the filter chip ----------------------------------------
    def action_toggle_hide_seen(self) -> None:
        self.hide_seen = not self.hide_seen
        self.notify("Hiding the papers you have seen" if self.hide_seen
                    else "Showing seen papers again", timeout=2)
        self.similar_to = None
        self.run_search()

    def action_clear_filters(self) -> None:
        """What the chip above the list names: the tag filter and hidden seen papers."""
        if self.tag_filter is None and not self.hide_seen:
            return
        self.tag_filter, self.hide_seen = None, False
        self.refresh_tag_panel()
        self.similar_to = None
        self.run_search()

    def update_chip(self) -> None:
        """Filters the screen does not otherwise show: a tag filter while the tag panel is
        hidden, and hidden seen papers. Never left silently in force."""
        parts = []
        panel_shown = self.shown_panel("tag-panel") is not None
        if self.tag_filter and not panel_shown:
            parts.append(f"tag #{self.tag_filter}")
        if self.hide_seen:
            parts.append("unread only (seen papers hidden)")
        chip = self.query_one("#filter-chip", Static)
        chip.display = bool(parts)
        if parts:
            key = self.keys_for("clear_filter")
            chip.update(f"Filtered: {' · '.join(parts)}   ({key} clears)")

    # -- saved searches --------------------------------------------------------------------
    def action_save_search(self) -> None:
        query = self.query_text.strip()
        if not query:
            self.notify("Type a query first; then save it.", severity="warning")
            return
        from .screens import PromptScreen

        self.push_screen(PromptScreen(f"Save “{query}” as:", help_text=(
            "enter saves (1-9 recall the first nine) · escape cancels")),
            partial(self._save_search, query, self.sort))

    def _save_search(self, query: str, sort: str, name: str | None) -> None:
        if name:
            self._write_saved_search(name, query, sort)

    @in_thread("write")
    def _write_saved_search(self, name: str, query: str, sort: str) -> None:
        try:
            saved = self.library.save_search(name, query, sort)
            searches = self.library.saved_searches()
        except WRITE_ERRORS as error:
            self._say_not_saved("the search", error)
            return
        self.call_from_thread(self._saved_searches_loaded, searches)
        number = next(n for n, s in enumerate(searches, 1) if s.name == saved.name)
        key = f" (key {number})" if number <= SAVED_KEYS else ""
        self.call_from_thread(self.notify, f"Saved “{saved.name}”{key}", markup=False)

    def _saved_searches_loaded(self, searches: list) -> None:
        self.saved_searches = searches

    def action_recall_saved(self, number: int) -> None:
        if not 1 <= number <= len(self.saved_searches):
            self.notify(f"No saved search {number}: save one from the palette (ctrl+p, "
                        "“Save this search”)", severity="warning", markup=False)
            return
        self.recall_search(self.saved_searches[number - 1].name)

    def recall_search(self, name: str) -> None:
        saved = next((s for s in self.saved_searches if s.name == name), None)
        if saved is None:
            return
        self.sort, self.similar_to = saved.sort, None
        self.set_query(saved.query)
        self.notify(f"Saved search “{saved.name}”", markup=False, timeout=2)

    def set_query(self, query: str, cursor: int = 0, paper_id: str | None = None) -> None:
        search = self.query_one("#search", Input)
        with search.prevent(Input.Changed):
            search.value = query
        self.run_search(cursor=cursor, paper_id=paper_id)
        self.action_focus_results()

    # -- the author view -------------------------------------------------------------------
    def action_author_view(self) -> None:
        card = self.current_card()
        if card is None or self.library is None:
            return
        paper = self.library.paper(card.id)
        if not paper.authors:
            self.notify("The list gives no authors for this paper (e edits them).",
                        severity="warning")
            return
        if len(paper.authors) == 1:
            self._show_author(paper, paper.authors[0])
            return
        from .screens import ChoiceScreen

        self.push_screen(ChoiceScreen("Papers by which author?", paper.authors),
                         lambda author: author and self._show_author(paper, author))

    def _show_author(self, paper: Paper, author: str) -> None:
        """The author's papers as a query the reader can see and change; backspace goes
        back to where they were."""
        self.push_history()
        name = " ".join(author.replace('"', " ").split())
        self.tag_filter, self.similar_to = None, None
        self.set_query(f'author:"{name}"', paper_id=paper.id)

    # -- method names ----------------------------------------------------------------------
    def action_same_name(self) -> None:
        """The papers that call their method what the paper under the cursor calls its."""
        card = self.current_card()
        if card is None or self.library is None:
            return
        if not card.name:
            self.notify("This abstract names no method.", severity="warning")
            return
        self.show_named(card.name, card.id)

    def show_named(self, name: str, paper_id: str | None = None) -> None:
        """The papers naming their method `name`, as a query the reader can see and
        change (`named:"…"`); backspace goes back."""
        self.push_history()
        self.tag_filter, self.similar_to = None, None
        self.set_query(f'named:"{" ".join(name.replace(chr(34), " ").split())}"',
                       paper_id=paper_id)

    # -- resume ----------------------------------------------------------------------------
    def session_state(self) -> dict:
        card = self.current_card()
        return {"query": self.query_text, "sort": self.sort, "tag": self.tag_filter,
                "hide_seen": self.hide_seen, "paper": card.id if card else None}

    def restore_session(self, session: dict) -> str | None:
        """Put back the last query, sort and filters; the paper to put the cursor on."""
        from index import SORTS

        if session.get("sort") in SORTS:
            self.sort = session["sort"]
        tag = session.get("tag")
        self.tag_filter = tag if isinstance(tag, str) and tag else None
        self.hide_seen = session.get("hide_seen") is True
        query = session.get("query")
        if isinstance(query, str) and query:
            search = self.query_one("#search", Input)
            with search.prevent(Input.Changed):
                search.value = query
                search.cursor_position = len(query)
        paper = session.get("paper")
        return paper if isinstance(paper, str) else None
