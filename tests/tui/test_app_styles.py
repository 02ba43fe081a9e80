"""The app's side of #13. `C` offers references in a few common CSL styles and any other by name (#13); `c`
uses the config's `citation_style` when the citation format is a reference; the palette
exports the marked papers in any format."""

from __future__ import annotations

import pyperclip
import pytest
from textual.widgets import Input

from tui.screens import CiteScreen, StyleScreen

from .helpers import running_app, settle, type_query


@pytest.fixture
def no_system_clipboard(monkeypatch):
    def unavailable(text):
        raise pyperclip.PyperclipException("no clipboard mechanism")

    monkeypatch.setattr(pyperclip, "copy", unavailable)


async def test_c_offers_common_styles_after_the_formats(home, no_system_clipboard):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "tracer")
        await pilot.press("escape", "C")
        await pilot.pause()
        assert isinstance(app.screen, CiteScreen)
        ids = [o.id for o in app.screen.query_one("#cite-options").options]
        assert ids[:4] == ["bibtex", "apa", "markdown", "plain"]
        assert ids[4] == "style:ieee" and ids[-1] == "style:*"
        await pilot.press("down", "down", "down", "down", "enter")  # ieee
        await pilot.pause()
        assert app.clipboard.startswith("[1] ")
        assert any("ieee reference" in str(n.message) for n in app._notifications)


async def test_another_style_is_found_by_typing_its_name(home, no_system_clipboard):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "tracer")
        await pilot.press("escape", "C")
        await pilot.pause()
        await pilot.press("end", "enter")  # "Reference in another style…"
        await pilot.pause()
        assert isinstance(app.screen, StyleScreen)
        assert len(app.screen.matches("")) > 1000
        app.screen.query_one("#style-input", Input).value = "nature"
        await pilot.pause()
        assert app.screen.matches("nature")[0] == "nature"  # the common one first
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.clipboard.startswith("1. ")
        assert "TRACER" in app.clipboard


async def test_c_uses_the_configured_style(home, no_system_clipboard):
    (home / "config").mkdir(exist_ok=True)
    async with running_app(home) as (app, pilot):
        app.config.citation_format = "apa"
        app.config.citation_style = "ieee"
        await type_query(app, pilot, "tracer")
        await pilot.press("escape", "c")
        await pilot.pause()
        assert app.clipboard.startswith("[1] ")


async def test_the_marked_papers_export_from_the_palette(home, tmp_path):
    from tui.screens import PathScreen

    target = tmp_path / "marked.ris"
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "space", "space")
        await pilot.pause()
        commands = [c[0] for c in app.palette_commands()]
        app.export_marked("ris")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await pilot.pause()
    assert target.read_text().count("TY  - ") == 2
    assert "Export the 2 marked papers as ris" in commands
