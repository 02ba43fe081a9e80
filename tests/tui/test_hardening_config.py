"""The user's config.toml is theirs: edited in place, every bad value reported and its
default kept (issue #16, items 4 and 19)."""

from __future__ import annotations

import tomllib

import pytest

from tui.screens import TagScreen

from .helpers import record_notifications, running_app, settle, status_text

pytestmark = pytest.mark.timeout(120)

USERS_FILE = '''# my papers settings
theme = "nord"   # the dark one
citation_format = "apa"
colour = "blue"  # a key papers does not know

[keys]
sort = "S"       # capital S
'''


async def test_changing_the_theme_keeps_comments_and_unknown_keys(home, monkeypatch):
    config = home / "config" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(USERS_FILE, encoding="utf-8")
    async with running_app(home) as (app, pilot):
        assert app.theme == "nord"
        app.theme = "gruvbox"
        await settle(app, pilot)
    text = config.read_text(encoding="utf-8")
    assert text == USERS_FILE.replace('theme = "nord"', 'theme = "gruvbox"')
    assert tomllib.loads(text)["theme"] == "gruvbox"


async def test_every_bad_value_is_reported_once_and_defaults_kept(home, monkeypatch):
    config = home / "config" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('theme = "no-such-theme"\nsort = ""\n\n[keys]\n'
                      'tag = "nonsense-key-xyz"\nno_such_binding = "x"\nsimilar = "M"\n',
                      encoding="utf-8")
    notes = record_notifications(monkeypatch)
    async with running_app(home) as (app, pilot):
        settings = [n for n in notes if "config.toml" in n]
        assert len(settings) == 1, notes
        [note] = settings
        for words in ("no-such-theme", "sort = ''", "nonsense-key-xyz", "no_such_binding"):
            assert words in note
        assert app.theme == "textual-dark" and app.sort == "relevance"
        # `t` still tags (its default kept); the valid remap applies
        app.action_focus_results()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TagScreen)
        await pilot.press("escape")
        await pilot.press("M")
        await settle(app, pilot)
        assert "papers like" in status_text(app)
    assert "nonsense-key-xyz" in config.read_text()  # reported, never rewritten
