"""The app through `App.run_test()`: launch to first results painted, keystroke to the
updated list painted, resident memory, and how long the UI thread ever stalls.

"Painted" is the moment the results list draws a line of a new `Results` object:
`ResultsView.render_line` is wrapped to note the first time it draws each one. Beside
each keystroke's wall time, the CPU time the UI thread spent drawing it
(`time.thread_time()` inside the screen's refreshes and the app's `_show_results`, both
wrapped here as `render_line` is; the harness's own polling left out): on a machine
shared with other work the wall time carries the load, this much less.

Launch is timed from the process's creation, so the interpreter's start-up and every
import of the app are in it; what only the benchmark needs (psutil, the query lists, the
test helpers) is imported after the first paint, so none of it is.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

KEY_TIMEOUT_S = 60.0
BURST_INTERVAL_S = 0.06  # a fast typist: about 16 characters a second


class _Stalls:
    """The longest the event loop went without running a 1 ms timer, while armed."""

    def __init__(self) -> None:
        self.worst = 0.0
        self.armed = False
        self._task: asyncio.Task | None = None

    async def _watch(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            late = time.perf_counter() - before - 0.001
            if self.armed:
                self.worst = max(self.worst, late)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch())

    def stop(self) -> None:
        if self._task:
            self._task.cancel()


def _send_key(app, char: str) -> None:
    """A key press without waiting for the app to go idle (Pilot.press waits)."""
    from textual import events

    key = "space" if char == " " else char
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)


async def _wait_painted(painted: list[tuple[float, str, bool, int]], since: int, text: str,
                        timeout: float, ranked: bool = False) -> float | None:
    """When results for `text` were first drawn (of the `painted` record, from `since` on);
    with `ranked`, the ranked list (large libraries first show unranked first matches,
    marked `partial`)."""
    limit = time.perf_counter() + timeout
    while time.perf_counter() < limit:
        for moment, query, partial, _count in painted[since:]:
            if query == text and not (ranked and partial):
                return moment
        await asyncio.sleep(0.0005)
    return None


async def _measure(home: str, size: tuple[int, int], process_start: float,
                   on_first_paint: Callable[[], None]) -> dict:
    from tui.app import PapersApp  # first, as `papers` imports it: it sets TEXTUAL_FPS
    from tui.widgets.results import ResultsView  # isort: skip

    from textual.widgets import Input  # isort: skip

    # What was painted, not the Results themselves: holding every ranked list of 100k
    # papers would charge the harness's memory to the app.
    painted: list[tuple[float, str, bool, int]] = []  # moment, query, partial, count
    last_painted: list[object] = [None]
    original = ResultsView.render_line

    def render_line(self, y):
        strip = original(self, y)
        results = self.results
        if results is not None and results is not last_painted[0]:
            last_painted[0] = results
            painted.append((time.perf_counter(), results.query, results.partial, len(results)))
        return strip

    ResultsView.render_line = render_line
    from textual.screen import Screen  # isort: skip

    drawing = [0.0]  # the UI thread's CPU seconds in frames and in handing results over

    def timed(function):
        def wrapper(*args, **kwargs):
            cpu = time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                drawing[0] += time.thread_time() - cpu
        return wrapper

    Screen._compositor_refresh = timed(Screen._compositor_refresh)
    PapersApp._show_results = timed(PapersApp._show_results)
    out: dict = {}
    imported = time.perf_counter()
    app = PapersApp(home)
    async with app.run_test(size=size) as pilot:
        deadline = time.perf_counter() + 120
        while not painted and time.perf_counter() < deadline:
            await asyncio.sleep(0.001)
        first = painted[0][0] if painted else float("nan")
        out["first_paint_s"] = first - imported
        out["launch_s"] = first - process_start
        import psutil

        from tests.tui.helpers import workers_done

        from .search import TYPED, keystrokes, stats

        process = psutil.Process()
        out["rss_first_paint_mb"] = process.memory_info().rss / 2**20
        out["first_results"] = painted[0][3] if painted else 0
        on_first_paint()
        await workers_done(app)
        await pilot.pause()
        search = app.query_one("#search", Input)
        stalls = _Stalls()
        stalls.start()

        async def clear() -> None:
            search.value = ""
            await workers_done(app)
            await pilot.pause()

        # One keystroke at a time: each measured from the key press to its list painted.
        keys = []
        stalls.armed = True
        for text in TYPED:
            await clear()
            for prefix in keystrokes(text):
                since = len(painted)
                drawing[0] = 0.0
                pressed = time.perf_counter()
                await pilot.press(" " if prefix[-1] == " " else prefix[-1])
                moment = await _wait_painted(painted, since, prefix, KEY_TIMEOUT_S)
                final = await _wait_painted(painted, since, prefix, KEY_TIMEOUT_S, ranked=True)
                await workers_done(app)
                await pilot.pause()
                keys.append({"q": prefix, "ms": (moment - pressed) * 1000 if moment else None,
                             "ranked_ms": (final - pressed) * 1000 if final else None,
                             "ui_cpu_ms": drawing[0] * 1000})
        stalls.armed = False
        measured = [k["ms"] for k in keys if k["ms"] is not None]
        out["keystroke"] = stats(measured)
        out["keystroke"]["timeouts"] = sum(k["ms"] is None for k in keys)
        out["keystroke_ui_cpu"] = stats([k["ui_cpu_ms"] for k in keys])
        out["keystroke_ranked"] = stats([k["ranked_ms"] for k in keys
                                         if k["ranked_ms"] is not None])
        worst = max(keys, key=lambda k: k["ms"] if k["ms"] is not None else 1e12)
        out["keystroke_worst"] = worst
        out["keys"] = keys
        out["stall_single_ms"] = stalls.worst * 1000

        # Typing fast: keys every 60 ms; how long after the last key is the list right,
        # and how long did the UI thread ever stall meanwhile?
        bursts = []
        for text in TYPED:
            await clear()
            stalls.worst = 0.0
            stalls.armed = True
            since = len(painted)
            last = time.perf_counter()
            for char in text:
                last = time.perf_counter()
                _send_key(app, char)
                await asyncio.sleep(BURST_INTERVAL_S)
            moment = await _wait_painted(painted, since, text, KEY_TIMEOUT_S, ranked=True)
            stalls.armed = False
            bursts.append({"q": text, "after_last_key_ms":
                           (moment - last) * 1000 if moment else None,
                           "stall_ms": stalls.worst * 1000})
        out["burst"] = bursts
        out["stall_burst_ms"] = max(b["stall_ms"] for b in bursts)
        out["rss_after_typing_mb"] = process.memory_info().rss / 2**20
        stalls.stop()
        await workers_done(app)
    if app.library is not None:
        app.library.close()
    return out


def app_bench(home: str, process_start: float, size: tuple[int, int] = (130, 40),
              on_first_paint: Callable[[], None] = lambda: None) -> dict:
    """`process_start`: the process's creation time on the perf_counter clock."""
    return asyncio.run(_measure(home, size, process_start, on_first_paint))
