"""The abstract pane: everything known of the selected paper, then its abstract.

Text is assembled as Rich `Text` with styles attached to ranges; nothing from a paper is
ever parsed as markup, so `[bold]` or `[@click=app.quit]` in an abstract stay characters.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.selection import Selection
from textual.strip import Strip

from index import Paper, Topic

if TYPE_CHECKING:  # the search package loads Whoosh: the app imports it after its first paint
    from index import HighlightTerms

from .steady_scroll import SteadyScrollView

SHOWN_CHARS = 20_000  # far beyond any real abstract
LAYOUTS_KEPT = 64  # papers whose wrapped lines are remembered (per width)
LABEL_WIDTH = 9  # "Authors  ": a fact's label, and the indent of its value's next lines
ROW_LABELS = frozenset({"Name", "Authors", "Venue", "Year", "Lists", "Tags", "Topic", "Link",
                        "Status", "Id", "Edited"})


class AbstractPane(SteadyScrollView, can_focus=True):
    """A Line-API view: the paper's text is wrapped here, once per paper, marked words and
    width, into lines kept for the next time (the cursor going back, a repaint), and a
    new paper repaints the pane without laying out the screen. Two Static widgets in a
    scroll container cost two layouts and a scroll-bar refresh per paper, three frames
    where the list takes one."""

    BINDINGS = [
        Binding("h,escape", "back", "Back to list", id="abstract.back"),
        Binding("j", "scroll_down", "Scroll down", id="abstract.down", show=False),
        Binding("k", "scroll_up", "Scroll up", id="abstract.up", show=False),
        Binding("g", "scroll_home", "Top", id="abstract.top", show=False),
        Binding("G", "scroll_end", "Bottom", id="abstract.bottom", show=False),
    ]
    COMPONENT_CLASSES = {
        "abstract--title", "abstract--label", "abstract--derived", "abstract--match",
        "abstract--link", "abstract--tag", "abstract--unknown", "abstract--note",
        "abstract--topic",
    }

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.paper_id: str | None = None
        # What the pane shows: the paper's facts, then (after a blank line) its abstract.
        self.header = Text()
        self.body = Text()
        self._lines: list[Text] = []  # the shown text wrapped to the content width
        self._starts: list[int] = []  # where each of _lines starts in `text`
        self._indents: list[int] = []  # the cells each line is indented by (not in `text`)
        self._width = 0  # the width _lines were wrapped to
        # (width, text and its styles) -> wrapped lines, most recently used last.
        self._wrapped: OrderedDict[tuple, tuple[list[Text], list[int]]] = OrderedDict()
        self._strips: dict[int, Strip] = {}  # line -> drawn, for the lines shown now

    @property
    def allow_select(self) -> bool:
        return True

    @property
    def text(self) -> str:
        """Everything the pane shows, as plain text (before wrapping)."""
        return self._joined().plain

    def _joined(self) -> Text:
        """The facts, then the abstract below a blank line (the body starts with a line
        break of its own)."""
        text = self.header.copy()
        if self.body.plain:
            text.append("\n")
            text.append_text(self.body)
        return text

    @property
    def wrapped_lines(self) -> list[str]:
        """The lines the pane draws, as wrapped to its width (plain text)."""
        return [line.plain for line in self._lines]

    def action_back(self) -> None:
        self.app.action_focus_results()

    def show_paper(self, paper: Paper | None, terms: HighlightTerms | None = None,
                   empty: str = "", topic: Topic | None = None) -> None:
        if paper is None:
            self.paper_id = None
            self._show(Text(empty), Text())
            return
        self._show(self.header_text(paper, topic), self.body_text(paper, terms))
        if paper.id != self.paper_id and self.scroll_y:  # the same paper again: stay put
            self.scroll_to(y=0, animate=False, immediate=True)
        self.paper_id = paper.id

    def _show(self, header: Text, body: Text) -> None:
        # The same text again (typing on often leaves the paper under the cursor and its
        # marked words as they were) is neither wrapped nor drawn again.
        if header == self.header and body == self.body and self._width:
            return
        self.header, self.body = header, body
        self._lay_out()

    def _lay_out(self) -> None:
        """Wrap the shown text to the content width; repaint the pane."""
        self._wrap_to(self.scrollable_content_region.width)
        self._fit_rows()
        self.refresh()

    def _fit_rows(self) -> None:
        # Never shorter than the pane: a scroll bar over text that fits shows no thumb
        # (Textual draws a thumb longer than the track for content shorter than it).
        self.set_rows(max(len(self._lines), self.scrollable_content_region.height))

    def _wrap_to(self, width: int) -> None:
        self._width = width
        self._lines, self._indents = self._wrap(width) if width > 0 else ([], [])
        self._starts, position, text = [], 0, self.text
        # The lines are slices of the text (newlines left out), after their indent.
        for line, indent in zip(self._lines, self._indents, strict=True):
            found = text.find(line.plain[indent:], position)
            position = found if found >= 0 else position
            self._starts.append(position)
            position += len(line.plain) - indent
        self._strips.clear()

    def _wrap(self, width: int) -> tuple[list[Text], list[int]]:
        """The lines and their indents: a fact too long for its line goes on under its
        value, not under its label."""
        key = (width, self.header.plain, tuple(self.header.spans), self.body.plain,
               tuple(self.body.spans))
        wrapped = self._wrapped.get(key)
        if wrapped is not None:
            self._wrapped.move_to_end(key)
            return wrapped
        console = self.app.console
        lines: list[Text] = []
        indents: list[int] = []
        for row in self.header.split("\n", allow_blank=True):
            label = row.plain[:LABEL_WIDTH]
            if cell_len(row.plain) <= width:  # most facts: one line as it is
                lines.append(row)
                indents.append(0)
            elif label.rstrip() in ROW_LABELS and label.endswith(" ") \
                    and width > 2 * LABEL_WIDTH:
                pieces = row[LABEL_WIDTH:].wrap(console, width - LABEL_WIDTH,
                                                justify="default", overflow="fold")
                for number, piece in enumerate(pieces):
                    lines.append(Text.assemble(row[:LABEL_WIDTH] if not number
                                               else " " * LABEL_WIDTH, piece))
                    indents.append(LABEL_WIDTH if number else 0)
            else:
                pieces = row.wrap(console, width, justify="default", overflow="fold")
                lines += pieces
                indents += [0] * len(pieces)
        if self.body.plain:  # (it begins with a line break: a blank line above it)
            pieces = self.body.wrap(console, width, justify="default", overflow="fold")
            lines += pieces
            indents += [0] * len(pieces)
        for line in lines:
            line.rstrip()  # the space a line was broken at is not drawn (nor copied)
        self._wrapped[key] = lines, indents
        if len(self._wrapped) > LAYOUTS_KEPT:
            self._wrapped.popitem(last=False)
        return lines, indents

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._lay_out()
        else:  # only taller or shorter: the same lines, in a pane of another height
            self._fit_rows()

    def render_line(self, y: int) -> Strip:
        row = y + round(self.scroll_offset.y)
        width = self.scrollable_content_region.width
        if width != self._width and width > 0:
            # A width no Resize told of. Opening a side panel narrows the pane, and
            # Textual may size it on a scroll's fast layout first, so that the full
            # layout after it finds no change to send a Resize for: the pane drew blank
            # lines until the next paper. Wrapped here; the row count follows.
            self._wrap_to(width)
            self.call_later(self._fit_rows)
        if row >= len(self._lines) or width != self._width:
            return Strip.blank(width, self.base_style)
        selection = self.text_selection
        strip = self._strips.get(row) if selection is None else None
        if strip is None:
            line = self._lines[row]
            if selection is not None and (span := selection.get_span(row)) is not None:
                start, end = span
                line = line.copy()
                line.stylize(self.screen.get_component_rich_style("screen--selection"),
                             start, len(line) if end == -1 else end)
            strip = self._draw(line, width).apply_offsets(0, row)
            if selection is None:
                self._strips[row] = strip
        return strip

    def _draw(self, line: Text, width: int) -> Strip:
        """The line on the pane's own colours, padded or cut to `width`: what rendering a
        copy with the base style put under its spans gives (Text.stylize_before), from
        the line itself (a copy, its spans and two more Strips were half of a line's 80
        us, some 30 lines a new paper)."""
        base = self.base_style
        segments = [Segment(text, base if style is None else base + style) if text
                    else Segment(text, style)
                    for text, style, _ in line.render(self.app.console)]
        cells = cell_len(line.plain)
        if cells < width:
            segments.append(Segment(" " * (width - cells), base))
            cells = width
        strip = Strip(segments, cells)
        return strip.crop(0, width) if cells > width else strip

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The text selected with the mouse, as in the paper (not broken where the pane
        wrapped it)."""
        if not self._lines:
            return None
        text = self.text

        def position(offset, default: int) -> int:
            if offset is None:
                return default
            row = min(max(offset.y, 0), len(self._starts) - 1)
            return min(self._starts[row] + max(offset.x - self._indents[row], 0), len(text))

        return text[position(selection.start, 0):position(selection.end, len(text))], "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()  # drawn with the old styles

    def _style(self, name: str) -> Style:
        return self.component_style(name)

    def header_text(self, paper: Paper, topic: Topic | None = None) -> Text:
        text = Text()
        text.append(paper.title, self._style("abstract--title"))
        if paper.title_derived:
            text.append("\n≈ title derived from the abstract", self._style("abstract--derived"))
        label = self._style("abstract--label")

        def row(name: str, value: str | Text, style: Style | None = None) -> None:
            # (name: one of ROW_LABELS, whose rows _wrap indents under their values)
            text.append(f"\n{name:<{LABEL_WIDTH}}", label)
            if isinstance(value, Text):
                text.append_text(value)
            else:
                text.append(value, style or Style())

        if paper.name:
            row("Name", self._name_text(paper.name))
        if paper.authors:
            row("Authors", "; ".join(paper.authors))
        else:
            row("Authors", "unknown (not given in the list)", self._style("abstract--unknown"))
        row(paper.venue_label, paper.venue_year or "unknown")
        row("Lists", ", ".join(paper.lists) or "-")
        if paper.tags:
            row("Tags", " ".join(f"#{t}" for t in paper.tags), self._style("abstract--tag"))
        if topic is not None:
            value = Text(topic.label, self._style("abstract--topic"))
            value.append(f"  topic:{topic.id} · {topic.count:,} papers", label)
            row("Topic", value)
        links = list(dict.fromkeys(filter(None, [paper.url, *paper.urls])))
        for link in links:
            row("Link", link, self._style("abstract--link") + Style(link=link))
        status = {"unread": "unread", "seen": "seen", "read": "read ✓"}[paper.status]
        if paper.starred:
            status += f" · {'★' * paper.priority} (priority {paper.priority})"
        row("Status", status)
        row("Id", paper.id)
        if paper.edited:
            row("Edited", ", ".join(paper.edited))
        return text

    def _name_text(self, name: str) -> Text:
        """The method's name, and whether other papers claim it too: then how many, as a
        link (and the N key) to list them."""
        text = Text(name)
        library = getattr(self.app, "library", None)
        claims = library.name_claims(name) if library is not None else None
        if claims is not None and claims > 1:  # (None: not known yet, after launch)
            text.append("  ")
            text.append(f"{claims} papers call their method {name}",
                        self._style("abstract--link") + Style(meta={"@click": "app.same_name"}))
            text.append(" (N lists them)", self._style("abstract--label"))
        return text

    def body_text(self, paper: Paper, terms: HighlightTerms | None) -> Text:
        abstract = paper.abstract
        if len(abstract) > SHOWN_CHARS:
            # Laying out a megabyte of text takes seconds on the UI thread.
            abstract = abstract[:SHOWN_CHARS]
        text = Text("\n" + abstract)
        offset = 1
        for span in paper.emphasis:
            style = {"em": Style(italic=True), "strong": Style(bold=True),
                     "code": Style(dim=True, bold=True)}.get(span.kind)
            if span.kind == "link":
                style = self._style("abstract--link") + Style(link=span.url) \
                    if span.url else self._style("abstract--link")
            if style is not None:
                text.stylize(style, span.start + offset, span.end + offset)
        if terms:
            match = self._style("abstract--match")
            position = offset
            for segment, matched in terms.segments(abstract):
                if matched:
                    text.stylize(match, position, position + len(segment))
                position += len(segment)
        if len(paper.abstract) > SHOWN_CHARS:
            text.append(f"\n\n[{len(paper.abstract) - SHOWN_CHARS:,} more characters not "
                        "shown; a copies the whole abstract]", self._style("abstract--unknown"))
        if paper.note:
            text.append("\n\nYour note", self._style("abstract--label") + Style(bold=True))
            text.append(" (n edits)\n", self._style("abstract--label"))
            text.append(paper.note[:SHOWN_CHARS], self._style("abstract--note"))
        return text
