"""The tag prompt under hostile input (issue #16, items 8 and 20)."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from tui.screens import TagScreen

from .helpers import results, running_app, settle, type_query

pytestmark = pytest.mark.timeout(120)

BIBTEX = """@inproceedings{doe24,
  title = {A Paper Pasted Whole},
  author = {Doe, Jane and Roe, Richard},
  booktitle = {Proceedings of the 41st International Conference on Machine Learning},
  year = {2024},
}"""


async def _open_tag_prompt(app, pilot) -> Input:
    await type_query(app, pilot, "owpo")
    await pilot.press("escape")
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, TagScreen)
    return app.screen.query_one("#tag-input", Input)


async def test_enter_twice_in_the_tag_prompt_tags_once_and_does_not_crash(home):
    async with running_app(home) as (app, pilot):
        await _open_tag_prompt(app, pilot)
        await pilot.press(*"abc", "enter", "enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, TagScreen)
        assert app.is_running
        assert results(app).current.tags == ("abc",)


async def test_a_pasted_bibtex_entry_gives_its_first_line_only(home):
    async with running_app(home) as (app, pilot):
        prompt = await _open_tag_prompt(app, pilot)
        app.post_message(events.Paste(BIBTEX))  # as the terminal delivers it
        await pilot.pause()
        assert prompt.value == "@inproceedings{doe24,"
        prompt.value = ""
        app.post_message(events.Paste("\n\n  to-read later\nsecond line\n"))
        await pilot.pause()
        assert prompt.value == "to-read later"
        await pilot.press("enter")
        await settle(app, pilot)
        assert results(app).current.tags == ("later", "to-read")


async def test_ctrl_v_of_a_copied_citation_into_a_path_prompt_is_one_line(home, tmp_path,
                                                                        monkeypatch):
    """The key fuzzer found it: `c` copies a BibTeX entry into the app's clipboard, and
    ctrl+v in the export prompt inserted it whole; the export then crashed on a file
    name of 600 characters with newlines in it."""
    monkeypatch.chdir(tmp_path)
    from tui.screens import PathScreen

    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "owpo")
        await pilot.press("escape", "c")
        await settle(app, pilot)
        assert "@" in app.clipboard and "\n" in app.clipboard
        app.export_tag("x", "markdown")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        prompt = app.screen.query_one("#path-input", Input)
        prompt.value = ""
        await pilot.press("ctrl+v")
        assert "\n" not in prompt.value and prompt.value.startswith("@")
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.is_running
