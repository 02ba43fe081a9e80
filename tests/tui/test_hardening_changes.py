"""The app when the library changes or fails under it (issue #16, items 6 and 7)."""

from __future__ import annotations

import sqlite3

import pytest
from textual.widgets import Input

from index import Library
from index.store.database import Store

from .helpers import record_notifications, results, running_app, settle, type_query

pytestmark = pytest.mark.timeout(120)

MINE = ["We propose Zorblax, a method for counting the zorbs of a graph in linear time "
        "and show that it beats every baseline on twelve zorb benchmarks.",
        "We study zorb estimation under noise and prove matching upper and lower bounds "
        "for the zorb counting problem on random graphs of bounded degree."]


async def test_keys_on_papers_whose_list_was_removed_act_on_the_rest(home, write_list,
                                                                     monkeypatch):
    monkeypatch.setenv("BROWSER", "true")
    # Keys pressed before the app has noticed the change (it looks every second).
    monkeypatch.setattr("tui.app.WATCH_SECONDS", 3600)
    with Library(home) as library:
        library.add(write_list("mine.txt", MINE, title="ZORB 2025 Papers"))
    notes = record_notifications(monkeypatch)
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "zorb")
        await pilot.press("escape")
        assert results(app).count == 2
        with Library(home) as other:  # the command line, meanwhile
            other.remove_list("mine")
        for key in ("t", "c", "C", "a", "e", "o", "m"):
            await pilot.press(key)
            await settle(app, pilot)
            if key in ("t", "C", "e"):
                await pilot.press("escape")  # (no dialog opens for a paper that is gone)
            assert app.is_running, key
        gone = [n for n in notes if "no longer in the library" in n]
        assert len(gone) >= 6
        # marked papers, one of them gone: act on the others
        await type_query(app, pilot, "policy")
        await pilot.press("escape", "space")
        view = results(app)
        assert len(view.marked) == 1
        view.marked.add("zzzzgone")  # a mark left on a paper since removed
        await pilot.press("c")
        await settle(app, pilot)
        assert app.is_running
        assert any("1 of the 2 marked papers are no longer" in n for n in notes)


async def test_a_store_that_cannot_be_written_is_said_not_raised(home, monkeypatch):
    def read_only(*_args, **_kwargs):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(Store, "tag", read_only)
    monkeypatch.setattr(Store, "edit", read_only)
    notes = record_notifications(monkeypatch)
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "owpo")
        await pilot.press("escape", "t", *"keep", "enter")
        await settle(app, pilot)
        assert app.is_running
        assert any(n.startswith("Could not save the tags") and "readonly" in n
                   for n in notes)
        await pilot.press("e")
        await pilot.pause()
        title = app.screen.query_one("#edit-title", Input)
        title.value = "A Title Of My Own"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.is_running
        assert any(n.startswith("Could not save your details") for n in notes)
        assert results(app).current.tags == ()


async def _until(app, pilot, condition, seconds: float = 10.0) -> bool:
    for _ in range(int(seconds / 0.1)):
        await pilot.pause(0.1)
        if condition():
            return True
    return condition()


async def test_what_the_command_line_changes_shows_in_the_app(home, write_list):
    """A list added and a tag set by another process show within a second or two, the
    cursor staying on its paper (issue #16, item 17)."""
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "policy")
        await pilot.press("escape", "down")
        view = results(app)
        chosen = view.current.id
        with Library(home) as other:  # the command line, meanwhile
            other.tag([chosen], ["from-cli"])
            other.add(write_list("mine.txt", MINE, title="ZORB 2025 Papers"))
        assert await _until(app, pilot, lambda: view.current is not None
                            and "from-cli" in view.current.tags)
        assert view.current.id == chosen  # the cursor stayed on the paper
        await type_query(app, pilot, "list:mine")
        assert results(app).count == 2
