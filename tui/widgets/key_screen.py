"""The app's main screen: a keystroke's results are painted as soon as they are in.

Textual paints a screen from its update timer, which ticks at a fixed cadence (120 times
a second here): the first change after a quiet moment goes out at once, the next only at
the timer's next tick. A keystroke in the search bar is two changes a few ms apart: the
bar's echo, painted at once, then the thread worker's results (5-12 ms after the key at
ICML 2023), which waited for the tick after the echo's: in traced tmux runs, a median
4.7 ms (up to 12) between the results handed over and their frame.

Here, once the screen has seen results due (the app's `results_due()`: a search under way
for what the search bar shows), the idle moment after they are handed over paints them
at once (median 1.1 ms, up to 7, in the same traces). Everything else paints as Textual
does.

Not done: holding the echo until the results come, to paint both in one frame. The echo
is cheap (1-2 ms of CPU), and a key whose results change nothing on screen (typing on
in a word) then settled with its results rather than its echo, 5-10 ms later; in tmux
typing runs it was slower throughout (docs/development-log.md, "Speed, eighth round").
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen


class KeyScreen(Screen):
    """The app's default screen (`PapersApp.get_default_screen`)."""

    # Frames painted at once for a keystroke's results (the tests count them).
    frames_at_once = 0
    _waiting = False  # results were seen due and have not been painted yet

    def _results_due(self) -> bool:
        due = getattr(self.app, "results_due", None)
        return self.app.screen is self and due is not None and due()

    async def _on_idle(self, event: events.Idle) -> None:
        if self._results_due():
            self._waiting = True
        elif self._waiting:
            self._waiting = False
            if self._dirty_widgets and not self.app._batch_count:
                # The results are in and their widgets have asked for a repaint: paint
                # now, not at the timer's next tick.
                event.prevent_default()
                self.frames_at_once += 1
                self._on_timer_update()
                return
        await super()._on_idle(event)
