"""An Input that never holds terminal control characters, whatever is pasted into it."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from index import sanitize


class CleanInput(Input):
    """Pasted text (a web page's hidden OSC 52 write, say) is cleaned before it is drawn:
    whatever an Input holds is sent to the terminal on every repaint."""

    def _on_paste(self, event: events.Paste) -> None:
        # One line: a pasted multi-line title becomes one query, not its first line.
        event.text = " ".join(sanitize(event.text).split())
        super()._on_paste(event)


class SearchInput(CleanInput):
    """The search bar. `/` is the key that focuses it, so a `/` typed into an empty bar
    (pressed at launch, when the bar already has focus) is taken as that and not typed;
    inside a query (`w/o`, `C/C++`) it is an ordinary character."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character == "/" and not self.value:
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)
