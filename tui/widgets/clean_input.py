"""An Input that never holds terminal control characters, whatever is pasted into it."""

from __future__ import annotations

from textual import events
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input

from index import sanitize


class CleanInput(Input):
    """Pasted text (a web page's hidden OSC 52 write, say) is cleaned before it is drawn:
    whatever an Input holds is sent to the terminal on every repaint.

    Pasted lines are joined (a multi-line title becomes one query), or with
    `first_line_only` only the first is kept: a BibTeX entry pasted into the tag prompt
    made 35 tags of its words.
    """

    def __init__(self, *args, first_line_only: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.first_line_only = first_line_only

    def _clean(self, text: str) -> str:
        text = sanitize(text)
        if self.first_line_only:
            text = next((line for line in text.splitlines() if line.strip()), "")
        return " ".join(text.split())

    def _on_paste(self, event: events.Paste) -> None:
        # Input's own handler runs next (Textual calls each class's handler in turn) and
        # inserts what is left here.
        event.text = self._clean(event.text)

    def action_paste(self) -> None:
        """ctrl+v pastes the app's own clipboard (the last citation copied, say): cleaned
        the same way, where Textual inserted it whole, newlines and all."""
        start, end = self.selection
        self.replace(self._clean(self.app.clipboard), start, end)


class SearchInput(CleanInput):
    """The search bar. `/` is the key that focuses it, so a `/` typed into an empty bar
    (pressed at launch, when the bar already has focus) is taken as that and not typed;
    inside a query (`w/o`, `C/C++`) it is an ordinary character."""

    # Input keeps its text's length as its virtual size, and a change of that is a
    # layout of the whole screen, on every keystroke (and a repaint of every scroll bar
    # the frame after). The bar's own size does not depend on its text (Input asks for
    # a layout itself when its width or height is auto): repainting the bar is enough.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    async def _on_key(self, event: events.Key) -> None:
        if event.character == "/" and not self.value:
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)
