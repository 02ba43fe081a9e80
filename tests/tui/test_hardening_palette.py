"""The command palette survives paging while its list changes (issue #16, item 9)."""

from __future__ import annotations

import pytest
from textual.command import CommandList
from textual.widgets.option_list import Option

from tui.commands import PapersCommandPalette

from .helpers import running_app, settle

pytestmark = pytest.mark.timeout(120)

# The replay that crashed the app in 2 of 3 runs at 50 ms between keys.
REPLAY = ["escape", "y", "ctrl+m", "x", "ctrl+v", "ctrl+p", "S", "c", "h", "j", "z",
          "pageup", "pageup", "w", "ctrl+r", "t", "tilde", "K"]


async def test_page_keys_while_the_list_has_no_room_do_not_crash(home):
    async with running_app(home) as (app, pilot):
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, PapersCommandPalette)
        commands = palette.query_one(CommandList)
        for action in ("page_up", "page_down", "page_up"):
            # options in a list with no room on screen (hidden between two updates while
            # typing): Textual maps options to lines only when the list has a size
            commands.display = False
            await pilot.pause()
            commands.clear_options()
            commands.add_options([Option(f"command {n}") for n in range(30)])
            commands.highlighted = 0
            palette._action_command_list(action)
        assert app.is_running
        assert commands.highlighted in (0, 29)


@pytest.mark.parametrize("delay", [0.0, 0.05])
async def test_the_replayed_sequence_leaves_the_app_alive(home, delay):
    async with running_app(home) as (app, pilot):
        for key in REPLAY:
            await pilot.press(key)
            await pilot.pause(delay)
        await settle(app, pilot)
        assert app.is_running
        assert app.library is not None and app.library.count() == 33
