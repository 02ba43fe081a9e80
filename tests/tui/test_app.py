"""The app through Pilot: every key action, search-as-you-type ordering, layouts."""

from __future__ import annotations

import threading
import time
import tomllib

import pytest
from textual.command import CommandPalette
from textual.widgets import Input

from index import Library
from tui.app import PapersApp
from tui.screens import HelpScreen
from tui.widgets.abstract import AbstractPane

from .helpers import (
    pane_text,
    record_shown,
    results,
    running_app,
    settle,
    status_text,
    titles,
    type_query,
)

pytestmark = pytest.mark.timeout(120)


async def test_opens_on_the_bundled_lists_with_every_paper(home):
    async with running_app(home) as (app, _pilot):
        assert results(app).count == 33
        assert "33 papers" in status_text(app)
        assert app.query_one("#search", Input).has_focus


async def test_search_as_you_type_updates_on_each_keystroke(home):
    async with running_app(home) as (app, pilot):
        counts = []
        await pilot.click("#search")
        for char in "owpo":
            await pilot.press(char)
            await settle(app, pilot)
            counts.append(results(app).count)
        assert counts[0] > counts[-1] == 1  # "o" matches many, "owpo" one paper
        assert titles(app) == ["OWPO: One-Way Policy Optimization"]
        assert "OWPO" in pane_text(app)


async def test_newest_search_wins_over_a_slow_older_one(home):
    async with running_app(home) as (app, pilot):
        real_search = app.library.search
        slow_started = threading.Event()

        def search(query, **kwargs):
            if query == "tracer":
                slow_started.set()
                time.sleep(0.8)  # an old, slow search that finishes last
            return real_search(query, **kwargs)

        app.library.search = search
        await pilot.click("#search")
        await pilot.press(*"tracer")
        while not slow_started.is_set():
            await pilot.pause(0.01)
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace",
                          "backspace", *"owpo")
        await settle(app, pilot)
        assert titles(app) == ["OWPO: One-Way Policy Optimization"]


async def test_navigation_keys(home):
    async with running_app(home, size=(130, 30)) as (app, pilot):
        view = results(app)
        await pilot.press("escape")
        assert view.has_focus
        await pilot.press("j", "j", "down")
        assert view.cursor == 3
        await pilot.press("k", "up")
        assert view.cursor == 1
        await pilot.press("G")
        assert view.cursor == 32
        await pilot.press("g")
        assert view.cursor == 0
        await pilot.press("pagedown")
        page = view.cursor
        assert page > 5
        await pilot.press("pageup")
        assert view.cursor == 0
        await pilot.press("enter")
        assert app.query_one(AbstractPane).has_focus
        await pilot.press("h")
        assert view.has_focus
        await pilot.press("l")
        assert app.query_one(AbstractPane).has_focus
        await pilot.press("escape")
        assert view.has_focus
        await pilot.press("slash")
        assert app.query_one("#search", Input).has_focus
        await pilot.press("down")
        assert view.has_focus
        await pilot.press("tab")
        assert app.query_one(AbstractPane).has_focus


async def test_cursor_moves_show_that_paper_in_the_abstract_pane(home):
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "j", "j")
        card = results(app).current
        assert card.title in pane_text(app)


async def test_sort_cycles_relevance_title_venue(home, tmp_path):
    other = tmp_path / "neurips.txt"
    other.write_text("NeurIPS 2019 Papers\n\nA zebra-striped abstract about sorting papers "
                     "by venue and year in a terminal browser.\n", encoding="utf-8")
    with Library(home) as library:
        library.add(other)
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "s")
        await settle(app, pilot)
        assert app.sort == "title"
        shown = titles(app)
        assert shown == sorted(shown, key=str.casefold)
        await pilot.press("s")
        await settle(app, pilot)
        assert app.sort == "venue"
        venues = [results(app).results.card(i).venue for i in range(results(app).count)]
        assert venues[0] == "ICML" and venues[-1] == "NeurIPS"
        await pilot.press("s")
        await settle(app, pilot)
        assert app.sort == "year"  # then first author, status, priority (issue #14)


async def test_more_like_this_and_back(home):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "policy")
        await pilot.press("escape", "j")
        cursor = results(app).cursor
        source = results(app).current
        await pilot.press("m")
        await settle(app, pilot)
        similar_ids = [results(app).results.card(i).id for i in range(results(app).count)]
        assert similar_ids and source.id not in similar_ids
        assert "papers like" in status_text(app)
        await pilot.press("backspace")
        await settle(app, pilot)
        assert app.query_one("#search", Input).value == "policy"
        assert results(app).cursor == cursor
        assert results(app).current.id == source.id


async def test_open_link_uses_the_browser_or_says_there_is_none(home, monkeypatch):
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda url: opened.append(url) or True)
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "tracer")
        await pilot.press("escape", "o")
        await settle(app, pilot)
        assert opened == ["https://github.com/HesamAsad/TRACER"]
        await type_query(app, pilot, "owpo")
        await pilot.press("escape", "o")
        await settle(app, pilot)
        assert len(opened) == 1
        assert any("no link" in n.message for n in app._notifications)


async def test_q_quits(home):
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "q")
        await pilot.pause()
        assert app.return_code == 0 and not app.is_running


async def test_help_lists_keys_including_user_remaps(home):
    config = home / "config" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('[keys]\nsort = "S"\n', encoding="utf-8")
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        rows = dict(row for _title, section in app.help_sections() for row in section)
        assert rows["S"].startswith("Cycle the sort")
        assert "j" in " ".join(rows) and "ctrl+p" in rows
        await pilot.press("escape")
        await pilot.press("s")  # no longer bound
        await settle(app, pilot)
        assert app.sort == "relevance"
        await pilot.press("S")
        await settle(app, pilot)
        assert app.sort == "title"


async def test_theme_choice_persists(home):
    async with running_app(home) as (app, pilot):
        app.theme = "nord"
        await pilot.pause()
    saved = tomllib.loads((home / "config" / "config.toml").read_text())
    assert saved["theme"] == "nord"
    async with running_app(home) as (app, pilot):
        assert app.theme == "nord"


async def test_broken_config_is_reported_and_left_untouched(home):
    config = home / "config" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("theme = [unclosed\n", encoding="utf-8")
    async with running_app(home) as (app, pilot):
        assert any("config.toml" in n.message for n in app._notifications)
        app.theme = "nord"
        await pilot.pause()
    assert config.read_text() == "theme = [unclosed\n"


async def test_command_palette_jumps_to_a_paper(home):
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"trifuse")
        for _ in range(20):
            await pilot.pause(0.05)
        await pilot.press("enter")
        await settle(app, pilot)
        assert results(app).current.name == "Trifuse"
        assert results(app).has_focus


@pytest.mark.parametrize(("size", "narrow"), [((140, 40), False), ((100, 30), True),
                                                ((80, 24), True)])
async def test_layout_is_side_by_side_when_wide_and_stacked_when_narrow(home, size, narrow):
    async with running_app(home, size=size) as (app, pilot):
        list_region = results(app).region
        pane_region = app.query_one(AbstractPane).region
        assert app.screen.has_class("narrow") is narrow
        if narrow:
            assert pane_region.y >= list_region.bottom
        else:
            assert pane_region.x >= list_region.right
            assert pane_region.y == list_region.y
        assert list_region.height >= 3 and pane_region.height >= 3


async def test_markup_in_papers_is_shown_literally_and_triggers_nothing(home, tmp_path):
    hostile = ("Hostile 2026 Papers\n\nWe study [bold]bold[/] and [@click=app.quit]quit[/] and "
               "[link=https://example.com]link[/] tags in an abstract about markup safety, "
               "with [/foo] and \x1b[31mred\x1b[0m escape codes.\n")
    path = tmp_path / "hostile.txt"
    path.write_text(hostile, encoding="utf-8")
    with Library(home) as library:
        library.add(path)
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "markup safety")
        text = pane_text(app)
        for literal in ("[bold]bold[/]", "[@click=app.quit]quit[/]",
                        "[link=https://example.com]link[/]", "[/foo]"):
            assert literal in text
        assert "\x1b" not in text
        await pilot.press("escape", "enter")
        await pilot.click(AbstractPane, offset=(20, 12))
        await settle(app, pilot)
        assert app.is_running


async def test_no_results_shows_a_message_with_a_suggestion(home):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "reinfrocement ")
        view = results(app)
        assert view.count == 0
        message = " ".join(view.message_lines)
        assert "No papers match" in message and "reinforcement" in message


async def test_empty_library_says_how_to_add_lists(home):
    with Library(home) as library:
        for info in library.lists():
            library.remove_list(info.name)
    async with running_app(home) as (app, _pilot):
        assert results(app).count == 0
        assert "papers add FILE" in " ".join(results(app).message_lines)


def test_app_module_is_importable_without_running():
    assert PapersApp.CSS_PATH == "papers.tcss"


async def test_large_library_shows_first_matches_then_the_ranked_list(home, monkeypatch):
    monkeypatch.setattr("tui.app.FIRST_MATCHES_ABOVE", 0)  # treat the seeds as "large"
    monkeypatch.setattr("tui.app.FIRST_MATCHES_AFTER_S", 0)  # ... ranking slowly
    monkeypatch.setattr("tui.app.FIRST_MATCHES_WHEN_RANKING_S", -1)  # ... every time
    async with running_app(home) as (app, pilot):
        shown = record_shown(app)
        await type_query(app, pilot, "policy")
        partial = [count for is_partial, count in shown if is_partial]
        assert partial and partial[-1] > 0
        assert shown[-1][0] is False  # the ranked list always comes last
        assert not app.last_results.partial
        assert "ranking" not in status_text(app)
        assert app.last_results.scores == sorted(app.last_results.scores, reverse=True)


async def test_the_engine_loading_waits_for_the_ranked_list_not_the_first_matches(
        home, monkeypatch):
    """The warm-up gives way to a keystroke until its answer is drawn: its ranked list.
    First matches on screen are not that answer (the warm-up resuming beside the
    ranking made it settle 100 ms later at 100,000 papers)."""
    monkeypatch.setattr("tui.app.FIRST_MATCHES_ABOVE", 0)  # treat the seeds as "large"
    monkeypatch.setattr("tui.app.FIRST_MATCHES_AFTER_S", 0)  # ... ranking slowly
    monkeypatch.setattr("tui.app.FIRST_MATCHES_WHEN_RANKING_S", -1)  # ... every time
    async with running_app(home) as (app, pilot):
        library = app.library
        ranking_done = threading.Event()
        real_search = library.search

        def slow_search(*args, **kwargs):
            ranking_done.wait(10)  # the ranked list comes when the test says so
            return real_search(*args, **kwargs)

        monkeypatch.setattr(library, "search", slow_search)
        await pilot.click("#search")
        await pilot.press("p")
        for _ in range(100):
            await pilot.pause(0.02)
            if app.last_results is not None and app.last_results.partial:
                break
        assert app.last_results.partial  # the first matches are on screen
        await pilot.pause(0.2)  # frames go by
        assert not app._keys_drawn.is_set()  # the engine's loading still waits
        ranking_done.set()
        await settle(app, pilot)
        assert not app.last_results.partial and app._keys_drawn.is_set()


async def test_first_matches_are_looked_for_only_while_ranking_is_slow(home, monkeypatch):
    """Finding a large library's first matches costs a key as much as ranking them once
    the ranker is warm: they are looked for before the first ranking is timed and after
    one slower than FIRST_MATCHES_WHEN_RANKING_S, not after a quick one."""
    monkeypatch.setattr("tui.app.FIRST_MATCHES_ABOVE", 0)  # treat the seeds as "large"
    async with running_app(home) as (app, pilot):
        library = app.library
        looked: list[str] = []
        real_first, real_search = library.first_matches, library.search
        monkeypatch.setattr(library, "first_matches",
                            lambda query, **kw: looked.append(query) or real_first(query, **kw))
        assert app._last_ranking_s == float("inf")  # no words ranked yet (the first page)

        async def press(key: str) -> None:
            await pilot.press(key)
            await settle(app, pilot)

        def slow_search(*args, **kwargs):
            time.sleep(0.05)
            return real_search(*args, **kwargs)

        await pilot.click("#search")
        for key in "po":
            await press(key)
        assert looked == ["p"] and len(app.last_results) > 0  # "p": no ranking timed yet
        monkeypatch.setattr(library, "search", slow_search)
        await press("l")  # after a quick ranking: no first matches, ranked slowly
        assert looked == ["p"] and app._last_ranking_s >= 0.05
        await press("i")  # after a slow one: first matches looked for
        monkeypatch.setattr(library, "search", real_search)
        await press("c")  # after a slow one again, ranked quickly
        await press("y")  # after a quick one
        assert looked == ["p", "poli", "polic"]
        assert not app.last_results.partial and len(app.last_results) > 0


async def test_a_large_library_ranking_in_time_paints_its_list_once(home, monkeypatch):
    # The first matches wait for the ranking this long: a ranking done sooner is the
    # one list painted for the key (each paint of a changed list is a frame).
    monkeypatch.setattr("tui.app.FIRST_MATCHES_ABOVE", 0)  # treat the seeds as "large"
    monkeypatch.setattr("tui.app.FIRST_MATCHES_AFTER_S", 60)
    monkeypatch.setattr("tui.app.FIRST_MATCHES_WHEN_RANKING_S", -1)
    async with running_app(home) as (app, pilot):
        shown = record_shown(app)
        await type_query(app, pilot, "policy")
        assert shown and all(is_partial is False for is_partial, _count in shown), shown
        assert not app.last_results.partial and len(app.last_results) > 0


def _rows_on_screen(app) -> list[str]:
    """The results list's lines as the screen has them (its cache of drawn lines, the
    border left out): a row not redrawn after a change would show here as it was."""
    view = results(app)
    lines = [strip.text for strip in view.render_lines(view.size.region)]
    return lines[1:-1]


async def test_the_rows_drawn_are_the_results_after_every_keystroke_and_move(home):
    """Rows are drawn again only when their paper, marked words or state change: the
    screen must still show the current results, row for row, cursor included."""
    async with running_app(home) as (app, pilot):
        await pilot.click("#search")
        for key in [*"policy", "space", *"opt", "backspace", "backspace", "down", "down",
                    "space", "up"]:
            await pilot.press(key)
            await settle(app, pilot)
            view = results(app)
            shown = _rows_on_screen(app)
            for row in range(min(view.count, len(shown))):
                title = view.results.card(row).title
                assert title[:20] in shown[row], (key, row, title, shown[row])
            for row in range(view.count, len(shown)):
                assert not shown[row].strip(" │▁▂▃▄▅▆▇█▔"), (key, row, shown[row])
