"""Driving the real app in tests: open it on a library in a temp dir and wait for it."""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

from textual.widgets import Input, Static

from tui.app import PapersApp
from tui.widgets.abstract import AbstractPane
from tui.widgets.results import ResultsView


async def settle(app: PapersApp, pilot) -> None:
    """Wait until every worker (searches, library opening) is done and the screen drawn."""
    for _ in range(3):
        await app.workers.wait_for_complete()
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
    pane = app.query_one(AbstractPane)
    header = pane.query_one("#paper-header", Static).content
    body = pane.query_one("#paper-body", Static).content
    return f"{getattr(header, 'plain', header)}\n{getattr(body, 'plain', body)}"


def status_text(app: PapersApp) -> str:
    content = app.query_one("#status", Static).content
    return getattr(content, "plain", str(content))
