"""The abstract pane: everything known of the selected paper, then its abstract.

Text is assembled as Rich `Text` with styles attached to ranges; nothing from a paper is
ever parsed as markup, so `[bold]` or `[@click=app.quit]` in an abstract stay characters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from index import Paper, Topic

if TYPE_CHECKING:  # the search package loads Whoosh: the app imports it after its first paint
    from index import HighlightTerms

SHOWN_CHARS = 20_000  # far beyond any real abstract


class AbstractPane(VerticalScroll, can_focus=True):
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

    paper_id: str | None = None
    # What the two parts show now: the same text again (typing on leaves the paper under
    # the cursor and its marked words as they were) is not laid out and drawn again.
    _shown: tuple[Text, Text] | None = None

    def compose(self):
        yield Static(id="paper-header", markup=False)
        yield Static(id="paper-body", markup=False)

    def action_back(self) -> None:
        self.app.action_focus_results()

    def show_paper(self, paper: Paper | None, terms: HighlightTerms | None = None,
                   empty: str = "", topic: Topic | None = None) -> None:
        header = self.query_one("#paper-header", Static)
        body = self.query_one("#paper-body", Static)
        if paper is None:
            self.paper_id = None
            self._update(header, body, Text(empty), Text())
            return
        self._update(header, body, self.header_text(paper, topic),
                     self.body_text(paper, terms))
        if paper.id != self.paper_id and self.scroll_y:  # the same paper again: stay put
            self.scroll_home(animate=False)
        self.paper_id = paper.id

    def _update(self, header: Static, body: Static, header_text: Text, body_text: Text
                ) -> None:
        shown = self._shown or (None, None)
        if header_text != shown[0]:
            header.update(header_text)
        if body_text != shown[1]:
            body.update(body_text)
        self._shown = (header_text, body_text)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._shown = None  # the texts carry the theme's styles: build them again

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(name)

    def header_text(self, paper: Paper, topic: Topic | None = None) -> Text:
        text = Text()
        text.append(paper.title, self._style("abstract--title"))
        if paper.title_derived:
            text.append("\n≈ title derived from the abstract", self._style("abstract--derived"))
        label = self._style("abstract--label")

        def row(name: str, value: str | Text, style: Style | None = None) -> None:
            text.append(f"\n{name:<9}", label)
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
        row("Venue", paper.venue_year or "unknown")
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
