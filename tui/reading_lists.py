"""The reading-list actions of the app: marks, tags, the tag panel, copying citations and
abstracts, editing a paper's details and exporting a tag.

A mixin of `PapersApp`, kept apart so each file reads in one sitting; it relies on the
app's `library`, `config`, `tag_filter` and helpers such as `target_papers`.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets.option_list import Option, OptionDoesNotExist

from index import OUTPUT_FORMATS, LibraryError, StoreError, counted

from .clipboard import copy_text
from .widgets.results import ResultsView
from .workers import in_thread

if TYPE_CHECKING:
    from index import TagChange

    from .screens import Edit

# The dialogs (tui.screens) are imported by the actions that open them: nothing needs
# them before the first results are painted.

ALL_TAGS = "\0all"
# What a write to the library may raise besides LibraryError: a read-only or vanished
# file (sqlite3.OperationalError), an OS error. A worker must never let one escape.
WRITE_ERRORS = (LibraryError, StoreError, sqlite3.Error, OSError)


class ReadingListActions:
    # -- actions: marks and tags -----------------------------------------------------------
    def action_mark(self) -> None:
        view = self.query_one(ResultsView)
        card = view.current
        if card is None:
            return
        view.marked.symmetric_difference_update({card.id})
        view.refresh()
        view.action_cursor_down()
        if self.last_results is not None:
            self.set_status(self._status_text(self.last_results))

    def action_unmark_all(self) -> None:
        view = self.query_one(ResultsView)
        view.marked.clear()
        view.refresh()
        if self.last_results is not None:
            self.set_status(self._status_text(self.last_results))

    def action_tag(self) -> None:
        papers = self.target_papers()
        if not papers or self.library is None:
            return
        current = sorted({t for p in papers for t in p.tags})
        all_tags = [tag for tag, _ in self.library.tags()]
        from .screens import TagScreen

        self.push_screen(TagScreen(self._describe(papers), current, all_tags),
                         partial(self._apply_tags, [p.id for p in papers]))

    def _apply_tags(self, ids: list[str], change: TagChange | None) -> None:
        if change is not None and self.library is not None:
            self._write_tags(ids, change)

    @in_thread("write")
    def _write_tags(self, ids: list[str], change: TagChange) -> None:
        """Off the UI thread: another process may hold the index for a moment."""
        try:
            added = self.library.tag(ids, change.add) if change.add else 0
            removed = self.library.untag(ids, change.remove) if change.remove else 0
        except WRITE_ERRORS as error:
            self._say_not_saved("the tags", error)
            return
        parts = []
        if change.add:
            parts.append(f"added {' '.join('#' + t for t in change.add)}")
        if change.remove:
            parts.append(f"removed {' '.join('#' + t for t in change.remove)}")
        who = counted(len(ids), "paper")
        self.call_from_thread(self._written, f"{who}: {'; '.join(parts)} "
                                             f"({added} added, {removed} removed)")

    def _written(self, message: str) -> None:
        self.notify(message, markup=False)
        self.refresh_tag_panel()
        self.run_search(cursor=self.query_one(ResultsView).cursor)

    def action_toggle_tags(self) -> None:
        self.toggle_panel("tag-panel", self.refresh_tag_panel)
        self.update_chip()  # a tag filter the hidden panel no longer shows

    def refresh_tag_panel(self) -> None:
        panel = self.shown_panel("tag-panel")
        if self.library is None or panel is None:  # (filled afresh when it is shown)
            return
        tags = self.library.tags()
        panel.clear_options()
        panel.add_option(Option(Text(f"All papers ({self.library.count():,})"), id=ALL_TAGS))
        for tag, count in tags:
            panel.add_option(Option(Text(f"#{tag}  {count}"), id=f"tag:{tag}"))
        if not tags:
            panel.add_option(Option(Text("No tags yet: press t on a paper"), disabled=True))
        current = f"tag:{self.tag_filter}" if self.tag_filter else ALL_TAGS
        with suppress(OptionDoesNotExist):
            panel.highlighted = panel.get_option_index(current)

    def filter_by_tag(self, tag: str | None) -> None:
        self.tag_filter = tag
        self.similar_to = None
        self.run_search()
        self.action_focus_results()

    # -- actions: copying ------------------------------------------------------------------
    def _copy(self, text: str, what: str) -> None:
        try:
            where = copy_text(text, self.copy_to_clipboard)
        except Exception as error:  # noqa: BLE001 - a copy must never crash the app
            self.notify(f"Could not copy: {error}", severity="error", markup=False)
            return
        self.notify(f"Copied {what} to the {where}.", markup=False)

    def action_copy_citation(self, fmt: str | None = None, style: str | None = None) -> None:
        """Copy the citation in `fmt` (the config's by default); references (the "apa"
        format) in `style`, else the config's `citation_style`."""
        papers = self.target_papers()
        if not papers or self.library is None:
            return
        fmt = fmt or self.config.citation_format
        style = (style or self.config.citation_style) if fmt == "apa" else None
        try:
            text = self.library.cite(papers, fmt, style)
        except Exception as error:  # noqa: BLE001
            self.notify(f"Could not format the citation: {error}", severity="error",
                        markup=False)
            return
        what = OUTPUT_FORMATS[fmt].label if style in (None, "apa") else f"{style} reference"
        self._copy(text, f"the {what} of {self._describe(papers)}")

    def action_choose_citation(self) -> None:
        papers = self.target_papers()
        if papers and self.library is not None:
            from .screens import CiteScreen

            common, _ = self.library.citation_styles()
            self.push_screen(CiteScreen(self._describe(papers), common), self._cite_chosen)

    def _cite_chosen(self, choice: str | None) -> None:
        from .screens import ANOTHER_STYLE, STYLE_PREFIX, StyleScreen

        if not choice or self.library is None:
            return
        if choice == ANOTHER_STYLE:
            common, every = self.library.citation_styles()
            self.push_screen(StyleScreen(every, common),
                             lambda name: name and self.action_copy_citation("apa", name))
        elif choice.startswith(STYLE_PREFIX):
            self.action_copy_citation("apa", choice.removeprefix(STYLE_PREFIX))
        else:
            # APA is the chooser's own line: the config's style is for `c`.
            self.action_copy_citation(choice, "apa" if choice == "apa" else None)

    def action_copy_abstract(self) -> None:
        papers = self.target_papers()
        if not papers:
            return
        if len(papers) == 1:
            text = papers[0].abstract
        else:
            text = "\n\n".join(f"{p.title}\n\n{p.abstract}" for p in papers)
        self._copy(text, f"the abstract of {self._describe(papers)}")

    # -- actions: editing and exporting ----------------------------------------------------
    def action_edit(self) -> None:
        paper = self.current_paper()
        if paper is None:
            return
        title = "" if paper.title_derived else paper.title
        from .screens import EditScreen

        self.push_screen(EditScreen(title, paper.authors, paper.url or ""),
                         partial(self._apply_edit, paper.id))

    def _apply_edit(self, paper_id: str, edit: Edit | None) -> None:
        if edit is not None and self.library is not None:
            self._write_edit(paper_id, edit)

    @in_thread("write")
    def _write_edit(self, paper_id: str, edit: Edit) -> None:
        try:
            paper = self.library.edit(paper_id, title=edit.title, authors=edit.authors,
                                      url=edit.url)
        except WRITE_ERRORS as error:
            self._say_not_saved("your details", error)
            return
        self.call_from_thread(self._written,
                              f"Saved your details for {self._describe([paper])}.")

    def _say_not_saved(self, what: str, error: BaseException) -> None:
        """From a write worker: the store could not be written (read-only, disk full,
        gone); nothing of the change was kept, and the user is told so, plainly."""
        reason = str(error) if isinstance(error, LibraryError | StoreError) else \
            f"{type(error).__name__}: {error}"
        self.call_from_thread(self.notify, f"Could not save {what}: {reason}",
                              severity="error", markup=False, timeout=10)

    def export_tag(self, tag: str, fmt: str) -> None:
        self._ask_export(f"#{tag}", tag, lambda: self.library.tagged(tag),
                         f"Reading list: {tag}", fmt)

    def export_marked(self, fmt: str) -> None:
        """Export the marked papers (the palette offers it while some are marked)."""
        papers = self.target_papers()
        if papers:
            self._ask_export(self._describe(papers), "marked", lambda: papers,
                             "Marked papers", fmt)

    def _ask_export(self, what: str, stem: str, papers, heading: str, fmt: str) -> None:
        default = str(Path.cwd() / f"{stem}.{OUTPUT_FORMATS[fmt].suffix}")
        from .screens import PathScreen

        self.push_screen(PathScreen(f"Export {what} as {fmt} to:", default),
                         partial(self._export_to, what, papers, heading, fmt, False))

    def _export_to(self, what: str, papers, heading: str, fmt: str, overwrite: bool,
                   path: str | None) -> None:
        if not path or self.library is None:
            return
        target = Path(os.path.expanduser(path))
        try:
            exists = target.exists()
        except OSError as error:  # a name too long, a path through a file
            self.notify(f"Export failed: {path}: {error.strerror or error}",
                        severity="error", markup=False)
            return
        if exists and not overwrite:
            from .screens import ConfirmScreen

            self.push_screen(ConfirmScreen(f"{target} exists. Overwrite it?"),
                             lambda yes: yes and self._export_to(what, papers, heading, fmt,
                                                                 True, path))
            return
        try:
            written = self.library.export(papers(), fmt, target, heading=heading,
                                          overwrite=overwrite)
        except (OSError, LibraryError) as error:
            self.notify(f"Export failed: {error}", severity="error", markup=False)
            return
        self.notify(f"Exported {what} to {written}", markup=False)
