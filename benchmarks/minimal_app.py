"""Textual's floor: the least app that shows what is typed (an Input and a Static echoing
it), run as an anchor beside papers in the terminal typing run. Start it with
TEXTUAL_FPS=120, as papers runs.

    python -m benchmarks.minimal_app
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input, Static

READY = "Type to search"  # the placeholder: on screen at the first paint


class EchoApp(App):
    CSS = "Input { margin: 0 1; } #echo { padding: 0 2; }"

    def compose(self) -> ComposeResult:
        yield Input(placeholder=READY)
        yield Static("echo:", id="echo", markup=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#echo", Static).update(f"echo: {event.value}")


if __name__ == "__main__":
    EchoApp().run()
