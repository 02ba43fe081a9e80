"""The garbage collector waits while a keystroke is answered.

Drawing a new results list allocates a few thousand objects (rows, strips, styles): at
Python's default thresholds that set off about twenty young collections and two of the
middle generation in the keystroke's frame, the middle ones 2-8 ms each on the UI
thread (measured in tmux at ICML 2023) while the key waited. Collection is paused from
the key until its results are painted, and resumes then, so the same collections run
in the idle moment after the frame rather than inside it: a few ms after it
(`release_after`), once Textual's writer thread, which needs the interpreter, has sent
the frame's bytes to the terminal. Nothing is left uncollected:
a key whose results never come (a search superseded, an error) resumes it after
`LONGEST_HOLD_S`.

The same goes for the launch (`pause_for_launch`, called by `papers` before the app's
imports): importing Textual, the app and the library set off a full collection of the
whole young heap, 48 ms inside the first frame in one traced launch. The collector
resumes after the first paint, the heap it would have walked frozen first (as the app
freezes it once the engine loads), so that collection never runs.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # launch.py imports this module before Textual loads
    from textual.timer import Timer

LONGEST_HOLD_S = 0.5
_paused_for_launch = False


def pause_for_launch() -> None:
    """No collection until the app's first paint (KeystrokeCollection.after_first_paint)."""
    global _paused_for_launch
    if gc.isenabled():
        gc.disable()
        _paused_for_launch = True


class KeystrokeCollection:
    """`hold()` when a key comes, `release()` once its frame is painted."""

    def __init__(self) -> None:
        global _paused_for_launch
        # Paused by us (never resumes a collector someone else paused): at first, the
        # launch's pause is ours to end.
        self.held, _paused_for_launch = _paused_for_launch, False
        self._timer: Timer | None = None

    def after_first_paint(self) -> None:
        """The launch's pause ends, what was loaded frozen first (see the module's doc)."""
        if self.held:
            gc.freeze()
            if self._timer is None:  # (else a key is being answered: it resumes it)
                self.release()

    def _release_in(self, app, seconds: float, release) -> None:
        """`release` in `seconds`, in place of any release already timed."""
        if self._timer is not None:
            self._timer.stop()
        self._timer = app.set_timer(seconds, release)

    def hold(self, app) -> None:
        self._release_in(app, LONGEST_HOLD_S, self.release)
        if not self.held and gc.isenabled():
            gc.disable()
            self.held = True

    def release_after(self, app, seconds: float, then=None) -> None:
        """`release()` (and `then()`) in `seconds`, unless a new key holds it first (then
        that key's own release, or its longest hold, ends it)."""
        def release() -> None:
            self.release()
            if then is not None:
                then()

        self._release_in(app, seconds, release)

    def release(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.held:
            self.held = False
            gc.enable()
