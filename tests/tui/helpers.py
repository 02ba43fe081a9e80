"""Driving the real app in tests: open it on a library in a temp dir and wait for it."""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

from textual.widgets import Input, Static
from textual.worker import WorkerCancelled

from tui.app import PapersApp
from tui.widgets.abstract import AbstractPane
from tui.widgets.results import ResultsView


async def workers_done(app: PapersApp) -> None:
    """Wait for the app's workers. A search superseded before it started is cancelled,
    and waiting on it raises: that is the app working as meant, so skip those."""
    for _ in range(100):
        try:
            await app.workers.wait_for_complete(
                [w for w in app.workers if not w.is_cancelled])
            return
        except WorkerCancelled:
            continue


async def settle(app: PapersApp, pilot) -> None:
    """Wait until every worker (searches, library opening) is done and the screen drawn."""
    for _ in range(3):
        await workers_done(app)
        await pilot.pause()


@asynccontextmanager
async def running_app(home: Path, size: tuple[int, int] = (130, 40)):
    app = PapersApp(str(home))
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        app.query_one("#search", Input).cursor_blink = False
        yield app, pilot


async def type_query(app: PapersApp, pilot, text: str) -> None:
    await pilot.click("#search")
    search = app.query_one("#search", Input)
    search.value = ""
    await pilot.press(*text) if text else None
    await settle(app, pilot)


def results(app: PapersApp) -> ResultsView:
    return app.query_one(ResultsView)


def titles(app: PapersApp) -> list[str]:
    view = results(app)
    return [view.results.card(i).title for i in range(view.count)]


def pane_text(app: PapersApp) -> str:
    return app.query_one(AbstractPane).text


def status_text(app: PapersApp) -> str:
    content = app.query_one("#status", Static).content
    return getattr(content, "plain", str(content))


async def tag_current(app: PapersApp, pilot, text: str) -> str:
    """Tag the paper under the cursor as a user does (`t`, the tags, enter); its id."""
    from tui.screens import TagScreen

    app.action_focus_results()
    await pilot.pause()
    card = results(app).current
    assert card is not None, "no paper under the cursor"
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, TagScreen)
    await pilot.press(*text, "enter")
    await settle(app, pilot)
    return card.id


def record_notifications(monkeypatch) -> list[str]:
    """Every message the app passes to `notify` from now on (start-up ones included)."""
    messages: list[str] = []
    notify = PapersApp.notify

    def recording(self, message, *args, **kwargs):
        messages.append(str(message))
        return notify(self, message, *args, **kwargs)

    monkeypatch.setattr(PapersApp, "notify", recording)
    return messages


def steady(*keys: str):
    """For snapshots: wait for the library, type `keys`, then blank the timing in the
    status line (it differs run to run)."""

    async def run_before(pilot) -> None:
        app = pilot.app
        await settle(app, pilot)
        app.query_one("#search", Input).cursor_blink = False
        if keys:
            await pilot.press(*keys)
            await settle(app, pilot)
        if app.last_results is not None:
            app.last_results.elapsed = 0.0
            app.set_status(app._status_text(app.last_results))
        await pilot.pause()

    return run_before


def record_shown(app: PapersApp) -> list[tuple[bool, int]]:
    """(partial, how many) of every result list the app hands to its list from now on:
    the first unranked matches and the ranked lists that follow them."""
    shown: list[tuple[bool, int]] = []
    real_show = app._show_results

    def spy(seq, found, *rest):
        shown.append((found.partial, len(found)))
        real_show(seq, found, *rest)

    app._show_results = spy
    return shown


async def wait_for(app, pilot, condition, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.05)):
        await settle(app, pilot)
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError("condition never held")
