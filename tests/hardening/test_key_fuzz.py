"""Random keys on a real library through Pilot: the app stays up and the store stays
consistent (issue #16, item 10). A short run in every suite, a long one in the slow set.

Quitting keys are left out (the app would be right to stop); `o` opens the link with a
browser command that does nothing; exports land in this test's temp dir.
"""

from __future__ import annotations

import random
import sqlite3

import pytest

from index import Library

from ..tui.helpers import running_app, settle

KEYS = ([chr(c) for c in range(ord("a"), ord("z") + 1) if chr(c) != "q"]
        + list("ABCGKMSTX") + ["question_mark", "slash", "space", "tilde", "asterisk"]
        + [f"ctrl+{c}" for c in "abdefghklnprstuvwxy"]
        + ["escape", "tab", "shift+tab", "enter", "backspace", "up", "down", "left", "right",
           "pageup", "pagedown", "home", "end"]
        + ["t", "e", "ctrl+p", "escape", "enter"])  # the dialogs, more often


async def _fuzz(home, count: int, seed: int) -> None:
    rng = random.Random(seed)
    async with running_app(home) as (app, pilot):
        for number in range(count):
            await pilot.press(rng.choice(KEYS))
            if number % 25 == 0:
                await pilot.pause()
            assert app.is_running, f"the app stopped after key {number}"
        await settle(app, pilot)
        assert app.is_running
    db = sqlite3.connect(home / "data" / "library.sqlite3")
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert db.execute("SELECT COUNT(*) FROM papers").fetchone()[0] == 33
    finally:
        db.close()
    with Library(home) as library:
        library.sync()
        assert len(library.search("").ids()) == 33  # the index agrees with the store


@pytest.fixture
def harmless(monkeypatch, tmp_path):
    monkeypatch.setenv("BROWSER", "true")  # `true URL`: opens nothing
    monkeypatch.chdir(tmp_path)  # exports default to the current directory


@pytest.mark.timeout(300)
@pytest.mark.parametrize("seed", [1, 2])
async def test_random_keys_short(seeded_home, harmless, seed):
    await _fuzz(seeded_home, 300, seed)


@pytest.mark.slow
@pytest.mark.timeout(1800)
async def test_random_keys_long(seeded_home, harmless):
    await _fuzz(seeded_home, 2000, 20261201)
