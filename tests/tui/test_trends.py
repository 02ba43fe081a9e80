"""What changed between lists, from the command line (`papers trends`) and in the app (the
trends screen, through Pilot), on a library of two small lists written here."""

from __future__ import annotations

import json

import pytest
from textual.widgets import DataTable, Select

from index import Library
from tui.trends import TrendsScreen

from ..search.test_trends import abstracts
from .helpers import results, running_app, settle, titles

pytestmark = pytest.mark.timeout(120)

TREND_KEYS = {"kind", "key", "label", "papers_a", "papers_b", "share_a", "share_b",
              "log_odds", "z", "query", "ids_a", "ids_b"}


@pytest.fixture
def two_lists_home(home, write_list):
    """`older` says "kernel methods" in every paper, `newer` "diffusion models" in most;
    the bundled lists removed (so the command line and the app do not seed them)."""
    with Library(home) as library:
        for info in library.lists():
            library.remove_list(info.name)
        library.add(write_list("older.txt", abstracts(
            "Kernel methods give the baseline we compare with", 14), title="ICML 2023"))
        library.add(write_list("newer.txt", [
            f"Using diffusion models, {text[0].lower()}{text[1:]}" if n % 4 != 3 else text
            for n, text in enumerate(abstracts("", 14))], title="ICML 2024"))
    return home


def test_cli_lists_the_terms_that_rose_and_fell(two_lists_home, run_cli):
    code, out, err = run_cli("trends", "older", "newer")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "What changed from older (14 papers) to newer (14 papers)"
    rose = lines.index(next(line for line in lines if line.startswith("Rose")))
    fell = lines.index(next(line for line in lines if line.startswith("Fell")))
    assert lines[rose + 1].split()[:2] == ["diffusion", "models"]
    assert "0 → 11" in lines[rose + 1] and "0% → 78.6%" in lines[rose + 1]
    assert any(line.lower().split()[:2] == ["kernel", "methods"] for line in lines[fell:])
    assert "papers search '\"diffusion models\" (list:older OR list:newer)'" in err


def test_cli_json_has_every_field(two_lists_home, run_cli):
    code, out, _err = run_cli("trends", "older", "newer", "--json", "--limit", "3")
    assert code == 0
    found = json.loads(out)
    assert set(found) == {"list_a", "list_b", "rising", "falling", "topics_rising",
                          "topics_falling", "seconds"}
    assert found["list_a"] == {"name": "older", "papers": 14}
    assert found["list_b"] == {"name": "newer", "papers": 14}
    assert 1 <= len(found["rising"]) <= 3 and 1 <= len(found["falling"]) <= 3
    for trend in found["rising"] + found["falling"]:
        assert set(trend) == TREND_KEYS
        assert trend["papers_a"] == len(trend["ids_a"])
        assert trend["papers_b"] == len(trend["ids_b"])
    top = found["rising"][0]
    assert (top["label"], top["kind"], top["papers_a"], top["papers_b"]) == \
        ("diffusion models", "term", 0, 11)
    assert top["z"] > 1.96 and top["share_b"] == pytest.approx(11 / 14, abs=1e-6)


def test_cli_names_an_unknown_list(two_lists_home, run_cli):
    code, out, err = run_cli("trends", "older", "icml1999")
    assert code == 1 and out == ""
    assert err.strip() == "papers: no list named 'icml1999' (lists: newer, older)"


async def test_screen_compares_two_lists_and_enter_lists_a_terms_papers(two_lists_home):
    async with running_app(two_lists_home) as (app, pilot):
        await pilot.press("escape", "W")
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, TrendsScreen)
        # The newest two lists, older first.
        assert screen.query_one("#trends-from", Select).value == "older"
        assert screen.query_one("#trends-to", Select).value == "newer"
        rising = screen.query_one("#trends-rising", DataTable)
        assert rising.has_focus
        assert str(rising.get_row_at(0)[0]) == "diffusion models"
        assert str(rising.get_row_at(0)[1]) == "0 → 11"
        falling = screen.query_one("#trends-falling", DataTable)
        assert "kernel methods" in [str(falling.get_row_at(i)[0]).lower()
                                    for i in range(falling.row_count)]
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, TrendsScreen)
        assert app.query_text == '"diffusion models" (list:older OR list:newer)'
        assert len(titles(app)) == 11 and results(app).has_focus
        with Library(two_lists_home) as library:
            expected = {p.id for p in library.select(list_name="newer")
                        if "diffusion models" in p.abstract}
        view = results(app)
        assert {view.results.card(i).id for i in range(view.count)} == expected
        # Backspace goes back to what was listed before; W again remembers the lists.
        await pilot.press("backspace")
        await settle(app, pilot)
        assert app.query_text == ""
        await pilot.press("W")
        await settle(app, pilot)
        assert isinstance(app.screen, TrendsScreen)


async def test_screen_swaps_the_lists_and_keeps_app_keys_out(two_lists_home):
    async with running_app(two_lists_home) as (app, pilot):
        await pilot.press("escape", "W")
        await settle(app, pilot)
        screen = app.screen
        await pilot.press("w")  # swap: newer → older, so kernel methods rose
        await settle(app, pilot)
        assert screen.query_one("#trends-from", Select).value == "newer"
        rising = screen.query_one("#trends-rising", DataTable)
        falling = screen.query_one("#trends-falling", DataTable)
        assert "kernel methods" in [str(rising.get_row_at(i)[0]).lower()
                                    for i in range(rising.row_count)]
        assert str(falling.get_row_at(0)[0]) == "diffusion models"
        await pilot.press("t", "s")  # the app's tag and sort keys do not reach through
        await settle(app, pilot)
        assert app.screen is screen and app.sort == "relevance"
        await pilot.press("escape")
        await settle(app, pilot)
        assert not isinstance(app.screen, TrendsScreen)
        assert app.trend_lists == ("newer", "older")


async def test_a_library_of_one_list_says_trends_need_two(home, write_list, monkeypatch):
    from .helpers import record_notifications

    messages = record_notifications(monkeypatch)
    with Library(home) as library:
        for info in library.lists():
            library.remove_list(info.name)
        library.add(write_list("only.txt", abstracts("", 6), title="ICML 2024"))
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "W")
        await settle(app, pilot)
        assert not isinstance(app.screen, TrendsScreen)
        assert any("compare two lists" in m for m in messages)


async def test_t_shows_the_topics_that_rose_and_enter_lists_one(home, write_list):
    from ..search.test_trends import DIFFUSION, KERNELS, research

    with Library(home) as library:
        for info in library.lists():
            library.remove_list(info.name)
        library.add(write_list("older.txt", research(KERNELS, "tight bounds"),
                               title="ICML 2023"))
        library.add(write_list("newer.txt", research(DIFFUSION, "better samples"),
                               title="ICML 2024"))
        expected = library.trends("older", "newer").topics_rising[0]
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "W")
        await settle(app, pilot)
        screen = app.screen
        await pilot.press("t")
        await settle(app, pilot)
        rising = screen.query_one("#trends-rising", DataTable)
        assert [str(c.label) for c in rising.columns.values()][0] == "Topic"
        shown = str(rising.get_row_at(0)[0])  # a long label is cut to its column
        assert shown == expected.label or (shown.endswith("…") and
                                           expected.label.startswith(shown[:-1]))
        assert str(rising.get_row_at(0)[1]) == f"{expected.count_a} → {expected.count_b}"
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.query_text == f"{expected.key} (list:older OR list:newer)"
        view = results(app)
        assert {view.results.card(i).id for i in range(view.count)} == \
            set(expected.ids_a) | set(expected.ids_b)


async def test_choosing_the_same_list_twice_says_so(two_lists_home):
    from textual.widgets import Static

    async with running_app(two_lists_home) as (app, pilot):
        await pilot.press("escape", "W")
        await settle(app, pilot)
        screen = app.screen
        screen.query_one("#trends-to", Select).value = "older"
        await settle(app, pilot)
        summary = screen.query_one("#trends-summary", Static)
        assert str(summary.content) == "Choose two different lists to compare."
        assert screen.query_one("#trends-rising", DataTable).row_count == 0
        screen.query_one("#trends-to", Select).value = "newer"
        await settle(app, pilot)
        assert str(screen.query_one("#trends-rising", DataTable).get_row_at(0)[0]) == \
            "diffusion models"


async def test_a_side_where_nothing_moved_says_so_first(home, write_list):
    # `newer` only adds a phrase: nothing fell. The title says so before the list names,
    # which are long enough to fill the line.
    with Library(home) as library:
        for info in library.lists():
            library.remove_list(info.name)
        library.add(write_list("the_older_of_two_long_named_lists.txt",
                               abstracts("", 14), title="ICML 2023"))
        library.add(write_list("the_newer_of_two_long_named_lists.txt",
                               abstracts("diffusion models", 14), title="ICML 2024"))
    async with running_app(home, size=(110, 40)) as (app, pilot):
        await pilot.press("escape", "W")
        await settle(app, pilot)
        screen = app.screen
        assert screen.query_one("#trends-rising", DataTable).row_count
        assert screen.query_one("#trends-falling", DataTable).row_count == 0
        title = screen.query_one("#trends-falling-title")
        assert str(title.content).startswith("No term fell clearly from the_older_of_two")
        # The whole title is on screen: it wraps inside its column rather than running
        # past it (where it was cut).
        assert title.region.right <= title.parent.content_region.right
        assert title.region.height >= 2
