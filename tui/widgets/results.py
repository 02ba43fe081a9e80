"""The results list: one line per paper, drawn only for the rows on screen.

A Line-API ScrollView (as Toolong's log view) rather than one widget or option per paper,
so 100,000 results cost a list of document numbers, and cards are read as rows appear.
Each row's drawn line is kept (per paper, width, matched words and state): a keystroke
that leaves a paper on screen, a cursor move or a repaint draws no row twice.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

if TYPE_CHECKING:  # the search package loads Whoosh: the app imports it after its first paint
    from index import Card, Results

from .steady_scroll import SteadyScrollView

DERIVED_MARK = "≈ "
MARKED = "● "
UNMARKED = "  "
# The read status column: a dot (and a bold title) for what you have not looked at yet.
STATUS_MARKS = {"unread": "• ", "seen": "  ", "read": "✓ "}
STAR = "★"
META_WIDTH = 34
DEFAULT_STATE = ("unread", 0)
ROWS_KEPT = 512  # drawn rows remembered: a dozen screens of a 40-line terminal
# Characters one cell wide each, whatever follows them (no wide, combining or control
# characters): a row made only of these is drawn by `_segments_of_row`, one character a
# cell, and any other row through Rich's Text (tests check both draw the same).
ONE_CELL = re.compile(r"[\x20-\x7e\u00a1-\u00ac\u00ae-\u02af\u0391-\u03a1\u03a3-\u03c9"
                      r"\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2200-\u22ff\u25cf\u2605\u2713]*")


class ResultsView(SteadyScrollView, can_focus=True):
    """Keyboard-driven list of search results with a cursor and marks."""

    BINDINGS = [
        Binding("down,j", "cursor_down", "Down", id="results.down", show=False),
        Binding("up,k", "cursor_up", "Up", id="results.up", show=False),
        Binding("g,home", "first", "First", id="results.first", show=False),
        Binding("G,end", "last", "Last", id="results.last", show=False),
        Binding("pagedown", "page_down", "Page down", id="results.page_down", show=False),
        Binding("pageup", "page_up", "Page up", id="results.page_up", show=False),
        Binding("enter,l", "open", "Read", id="results.open"),
    ]
    COMPONENT_CLASSES = {
        "results--cursor", "results--match", "results--meta", "results--tag",
        "results--derived", "results--marked", "results--message", "results--unread",
        "results--read", "results--star",
    }

    # Not a repaint of every row: watch_cursor redraws the rows it changes.
    cursor: reactive[int] = reactive(0, always_update=True, init=False, repaint=False)

    class Highlighted(Message):
        """The cursor moved to another paper (or the list emptied: card is None)."""

        def __init__(self, card: Card | None) -> None:
            super().__init__()
            self.card = card

    class Opened(Message):
        """The user asked to read the paper under the cursor."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.results: Results | None = None
        self.marked: set[str] = set()
        # id -> (status, priority), from the store (never the index), kept by the app:
        # papers absent are unread and unstarred.
        self.reading: dict[str, tuple[str, int]] = {}
        self.message_lines: list[str] = ["Loading the library…"]
        # What a row looks like -> its drawn line, most recently used last. Styles are
        # not in the key: a change of theme or focus empties it (notify_style_update).
        self._drawn: OrderedDict[tuple, Strip] = OrderedDict()
        self._on_screen: dict[int, tuple] = {}  # line on screen -> the key it was drawn by
        # A title's marked segments under the shown results' words: worked out once per
        # row and keystroke (tokenizing a title is most of a row's key), where the key of
        # each row on screen is asked for twice a frame (show, then render_line).
        self._segments_of: tuple[object, dict[str, tuple]] = (None, {})

    # -- data ------------------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.results) if self.results is not None else 0

    @property
    def current(self) -> Card | None:
        return self.results.card(self.cursor) if self.count else None

    def show(self, results: Results, message: list[str] | None = None,
             cursor: int = 0) -> None:
        """Replace the rows; `message` is shown in place of rows when there are none."""
        self.results = results
        self.message_lines = message or []
        self.set_rows(max(self.count, len(self.message_lines)))
        scrolled = round(self.scroll_offset.y) != 0
        self.scroll_to(y=0, animate=False, immediate=True)
        self.cursor = min(cursor, max(self.count - 1, 0))
        if scrolled or not self._on_screen:
            self.refresh()
            return
        # Typing on in a word often leaves rows as they were: draw only the rows whose
        # paper, marked words or state changed (and send only those to the terminal).
        # Most of them changed (a new list): one refresh, not one a row (each one
        # Textual's dirty-region bookkeeping: some 3 ms a key at 35 rows).
        top = round(self.scroll_offset.y)
        region = self.scrollable_content_region
        changed = [y for y in range(region.height)
                   if self._on_screen.get(y) != self._row_key(top + y, region.width)]
        if len(changed) > region.height // 2:
            self.refresh()
            return
        for y in changed:
            self.refresh_line(top + y)

    def show_message(self, lines: list[str]) -> None:
        self.results = None
        self.message_lines = lines
        self.set_rows(len(lines))
        self.refresh()
        self.post_message(self.Highlighted(None))

    # -- cursor ----------------------------------------------------------------------------
    def validate_cursor(self, value: int) -> int:
        return max(0, min(value, self.count - 1)) if self.count else 0

    def watch_cursor(self, previous: int, value: int) -> None:
        height = self.scrollable_content_region.height or 1
        top = round(self.scroll_offset.y)
        if value < top:
            self.scroll_to(y=value, animate=False, immediate=True)
            self.refresh()
        elif value >= top + height:
            self.scroll_to(y=value - height + 1, animate=False, immediate=True)
            self.refresh()
        else:  # no scroll: only the rows the cursor left and reached change
            self.refresh_line(previous)
            self.refresh_line(value)
        self.post_message(self.Highlighted(self.current))

    def action_cursor_down(self) -> None:
        self.cursor += 1

    def action_cursor_up(self) -> None:
        self.cursor -= 1

    def action_first(self) -> None:
        self.cursor = 0

    def action_last(self) -> None:
        self.cursor = self.count - 1

    def action_page_down(self) -> None:
        self.cursor += max(self.scrollable_content_region.height - 1, 1)

    def action_page_up(self) -> None:
        self.cursor -= max(self.scrollable_content_region.height - 1, 1)

    def action_open(self) -> None:
        if self.count:
            self.post_message(self.Opened())

    def on_click(self, event: Click) -> None:
        if self.on_bar(event):  # (the bar scrolls: SteadyScrollView)
            return
        row = event.y + round(self.scroll_offset.y)
        if 0 <= row < self.count:
            if row == self.cursor and event.chain >= 2:
                self.action_open()
            self.cursor = row

    def on_resize(self) -> None:
        # The new width, without the layout of the screen a new virtual size asks for
        # (the screen was just laid out: that is what resized the view; it scrolls no
        # wider than itself, overflow-x being hidden). Once as the app opens, that layout
        # was 10-20 ms of the first keystroke's wait.
        if self.virtual_size.width != self.size.width:
            self.set_reactive(ScrollView.virtual_size,
                              Size(self.size.width, self.virtual_size.height))
        self.set_rows(max(self.count, len(self.message_lines)))

    # -- drawing ---------------------------------------------------------------------------
    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn.clear()
        self._on_screen.clear()

    def _row_key(self, row: int, width: int) -> tuple:
        """Everything row `row` is drawn from, but the styles."""
        if not self.count:
            line = self.message_lines[row] if row < len(self.message_lines) else None
            return ("message", width, line)
        if row >= self.count:
            return ("blank", width)
        card = self.results.card(row)
        return ("card", width, card, self._segments(card.title), card.id in self.marked,
                self.reading.get(card.id, DEFAULT_STATE), row == self.cursor)

    def _segments(self, title: str) -> tuple:
        """`title` with the shown results' words marked (kept while those words are)."""
        terms = self.results.terms if self.results is not None else None
        if not terms:
            return ((title, False),)
        kept_for, kept = self._segments_of
        if kept_for is not terms or len(kept) > ROWS_KEPT:
            kept = {}
            self._segments_of = (terms, kept)
        segments = kept.get(title)
        if segments is None:
            segments = kept[title] = tuple(terms.segments(title))
        return segments

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        key = self._row_key(y + round(self.scroll_offset.y), width)
        self._on_screen[y] = key
        strip = self._drawn.get(key)
        if strip is not None:
            self._drawn.move_to_end(key)
            return strip
        strip = self._drawn[key] = self._draw(key)
        if len(self._drawn) > ROWS_KEPT:
            self._drawn.popitem(last=False)
        return strip

    def _draw(self, key: tuple) -> Strip:
        kind, width, *what = key
        base = self.base_style  # padding and gaps take the list's own background
        if kind == "blank" or (kind == "message" and what[0] is None):
            return Strip.blank(width, base)
        if kind == "message":
            text = Text(what[0], style=self.component_style("results--message"),
                        no_wrap=True, overflow="ellipsis")
            text.truncate(width, overflow="ellipsis", pad=True)
            text.stylize_before(base)
            return Strip(text.render(self.app.console)).simplify()
        card, segments, _marked, _state, is_cursor = what
        cursor = self.component_style("results--cursor") if is_cursor else None
        drawn = self._segments_of_row(card, width, segments, base, cursor)
        if drawn is not None:
            return Strip(drawn, width)
        return self._rich_row(card, width, segments, base, cursor)

    def _rich_row(self, card: Card, width: int, segments, base: Style,
                  cursor: Style | None) -> Strip:
        """The row drawn through Rich's Text (any characters, any width)."""
        text = self._row_text(card, width, list(segments))
        text.stylize_before(base)
        if cursor is not None:
            text.stylize(cursor)
        return Strip(text.render(self.app.console), width).simplify()

    def _row_pieces(self, card: Card, segments) -> tuple[list, list]:
        """The row's pieces before its meta and the meta's, (text, style): what
        `_row_text` appends."""
        status, priority = self.reading.get(card.id, DEFAULT_STATE)
        marked = card.id in self.marked
        meta = []
        if priority:
            meta.append((STAR * priority + " ", self.component_style("results--star")))
        meta.append((card.venue_year, self.component_style("results--meta")))
        tag_style = self.component_style("results--tag")
        meta += [(f" #{tag}", tag_style) for tag in card.tags]
        title_style = self.component_style("results--derived") \
            if card.title_derived else Style()
        if status == "unread":
            title_style += Style(bold=True)
        elif status == "read":
            title_style += self.component_style("results--read")
        head = [(MARKED if marked else UNMARKED,
                 self.component_style("results--marked") if marked else Style()),
                (STATUS_MARKS[status], self.component_style("results--unread")
                 if status == "unread" else self.component_style("results--read")
                 if status == "read" else Style())]
        if card.title_derived:
            head.append((DERIVED_MARK, title_style))
        match_style = self.component_style("results--match")
        head += [(segment, title_style + match_style if matched else title_style)
                 for segment, matched in segments]
        return head, meta

    def _segments_of_row(self, card: Card, width: int, segments, base: Style,
                         cursor: Style | None) -> list[Segment] | None:
        """The row's segments as `_row_text` rendered, stylized and simplified would give
        them, without Rich's Text (a tenth of the time); None for a row with a character
        that is not one cell wide, or too narrow a list (Rich's Text draws those)."""
        head, meta = self._row_pieces(card, segments)
        one_cell = ONE_CELL.fullmatch
        if not all(one_cell(text) for text, _ in head) \
                or not all(one_cell(text) for text, _ in meta):
            return None
        meta_len = sum(len(text) for text, _ in meta)
        if meta_len > META_WIDTH:  # cut as Text.truncate cuts: the last kept cell an ellipsis
            meta = _ellipsized(meta, META_WIDTH)
            meta_len = META_WIDTH
        room = max(width - meta_len - 2, 10)
        if room + 2 + meta_len != width:
            return None
        head_len = sum(len(text) for text, _ in head)
        if head_len > room:
            head = _ellipsized(head, room)
        elif head_len < room:
            head.append((" " * (room - head_len), None))
        pieces = [*head, ("  ", None), *meta]
        out: list[Segment] = []
        last_text, last_style = "", None
        for text, style in pieces:
            if not text:
                continue
            style = base + style if style else base
            if cursor is not None:
                style += cursor
            if out and last_style == style:
                last_text += text
                out[-1] = Segment(last_text, last_style)
            else:
                last_text, last_style = text, style
                out.append(Segment(text, style))
        return out

    def _row_text(self, card: Card, width: int,
                  segments: list[tuple[str, bool]] | None = None) -> Text:
        if segments is None:
            segments = list(self._segments(card.title))
        head, meta_pieces = self._row_pieces(card, segments)
        meta = Text(no_wrap=True)
        for text, style in meta_pieces:
            meta.append(text, style)
        if cell_len(meta.plain) > META_WIDTH:
            meta.truncate(META_WIDTH, overflow="ellipsis")
        row = Text(no_wrap=True, overflow="ellipsis", end="")
        for text, style in head:
            row.append(text, style)
        room = max(width - cell_len(meta.plain) - 2, 10)
        row.truncate(room, overflow="ellipsis", pad=True)
        row.append("  ")
        row.append_text(meta)
        row.truncate(width, pad=True)
        return row


def _ellipsized(pieces: list[tuple[str, Style]], cells: int) -> list[tuple[str, Style]]:
    """One-cell pieces cut to `cells`, the last cell an ellipsis in the style of the
    character it replaces (as Text.truncate's spans leave it)."""
    out, used = [], 0
    for text, style in pieces:
        if used + len(text) >= cells:
            out.append((text[:cells - 1 - used] + "…", style))
            return out
        out.append((text, style))
        used += len(text)
    return out
