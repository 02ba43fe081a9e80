"""Facets and the method-name index in the app and on the command line: `has:code` as
typed, a name several papers claim flagged in each one's abstract pane, N (or the flag)
listing them, and the palette jumping to a method by name (#15)."""

from __future__ import annotations

import json

from textual.command import CommandPalette
from textual.widgets import Input

from index import Library

from .helpers import pane_text, results, running_app, settle, type_query

CLAIMS = [
    "We propose ZORBLAX, a tracing method for sparse gradient flows in deep networks.",
    "We introduce ZORBLAX, a tracer for reinforcement learning agents that explains "
    "their decisions.",
    "This paper presents Zorblax, an interpretable method for language models that "
    "scales to billions of parameters.",
    "We propose QUIMBLE, a quantile method for imbalanced regression with heavy tails. "
    "Our code is at https://gitlab.com/example/quimble.",
]


def _library(home, write_list) -> None:
    with Library(home) as library:
        library.add(write_list("names.txt", CLAIMS))


async def _go_to(app, pilot, query: str) -> None:
    await type_query(app, pilot, query)
    app.action_focus_results()
    await settle(app, pilot)


async def test_a_name_several_papers_claim_is_flagged_and_n_lists_them(home, write_list):
    _library(home, write_list)
    async with running_app(home) as (app, pilot):
        await _go_to(app, pilot, "zorblax tracer reinforcement")
        assert "ZORBLAX  3 papers call their method ZORBLAX (N lists them)" in pane_text(app)
        await pilot.press("N")
        await settle(app, pilot)
        assert app.query_one("#search", Input).value == 'named:"ZORBLAX"'
        found = {results(app).results.card(i).id for i in range(results(app).count)}
        assert len(found) == 3
        assert all("orblax" in app.library.paper(pid).abstract.lower() for pid in found)
        await pilot.press("backspace")  # back where the reader was
        await settle(app, pilot)
        assert app.query_one("#search", Input).value == "zorblax tracer reinforcement"


async def test_a_name_one_paper_gives_is_not_flagged(home, write_list):
    _library(home, write_list)
    async with running_app(home) as (app, pilot):
        await _go_to(app, pilot, "quimble")
        text = pane_text(app)
        assert "QUIMBLE" in text and "call their method" not in text


async def test_the_palette_goes_to_a_method_by_name(home, write_list):
    _library(home, write_list)
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"quimble")
        for _ in range(20):
            await pilot.pause(0.05)
        await pilot.press("enter")  # the one paper that introduces it
        await settle(app, pilot)
        assert results(app).current.name == "QUIMBLE"
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"zorblax")
        for _ in range(20):
            await pilot.pause(0.05)
        await pilot.press("enter")  # three papers claim it: they are listed
        await settle(app, pilot)
        assert app.query_one("#search", Input).value == 'named:"ZORBLAX"'
        assert results(app).count == 3


async def test_has_code_typed_in_the_search_bar(home, write_list):
    _library(home, write_list)
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "quantile has:code")
        assert [results(app).results.card(i).name for i in range(results(app).count)] == \
            ["QUIMBLE"]
        await type_query(app, pilot, "quantile -has:code")
        assert results(app).count == 0


def test_has_and_named_on_the_command_line(home, write_list, run_cli):
    _library(home, write_list)
    code, out, _err = run_cli("search", "has:code", "--json", "--limit", "100")
    names = [json.loads(line)["name"] for line in out.splitlines()]
    assert code == 0 and "QUIMBLE" in names and "ZORBLAX" not in names
    code, out, _err = run_cli("search", "quantile", "has:code", "--json")
    assert [json.loads(line)["name"] for line in out.splitlines()] == ["QUIMBLE"]
    code, out, _err = run_cli("search", "named:zorblax", "--json")
    assert code == 0 and len(out.splitlines()) == 3
    code, _out, err = run_cli("search", "has:video")
    assert "has:video is not a filter" in err
