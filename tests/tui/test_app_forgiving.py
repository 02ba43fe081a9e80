"""The app's side of #12: it lists what `papers search` lists for the same query once
typing stops, and its status line says when papers with most of the words follow."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import record_shown, results, running_app, status_text, type_query, workers_done


@pytest.mark.parametrize("query", ["reinforcement le", "policy optimiz", "graph neural"])
async def test_the_app_lists_what_the_command_line_lists(seeded_home: Path, run_cli,
                                                         query: str):
    code, out, _err = run_cli("search", "--limit", "1000", *query.split())
    listed = [line.split()[0] for line in out.splitlines()]
    assert code == 0 and listed
    async with running_app(seeded_home) as (app, pilot):
        await type_query(app, pilot, query)
        assert results(app).results.ids() == listed


async def test_the_status_line_says_when_words_are_forgiven(seeded_home: Path, run_cli):
    _code, out, err = run_cli("search", "--limit", "1000", "policy", "optimization",
                              "verifier", "unicorn")
    (note,) = [line for line in err.splitlines() if line.startswith("note: ")]
    async with running_app(seeded_home) as (app, pilot):
        await type_query(app, pilot, "policy optimization verifier unicorn ")
        status = status_text(app)
        assert note.removeprefix("note: ").startswith("no paper has all 4 words; ")
        assert note.removeprefix("note: ") in status
        assert len(results(app).results) == len(out.splitlines()) > 0


async def test_a_large_library_never_flashes_no_papers_when_words_are_forgiven(
        seeded_home: Path, monkeypatch):
    monkeypatch.setattr("tui.app.FIRST_MATCHES_ABOVE", 0)  # treat the seeds as "large"
    monkeypatch.setattr("tui.app.FIRST_MATCHES_AFTER_S", 0)  # ... ranking slowly
    monkeypatch.setattr("tui.app.FIRST_MATCHES_WHEN_RANKING_S", -1)  # ... every time
    async with running_app(seeded_home) as (app, pilot):
        shown = record_shown(app)
        await type_query(app, pilot, "policy optimization verifier unicorn ")
        # The first matches (every word) are none: not shown; the ranked list forgives.
        assert shown and all(count > 0 for _partial, count in shown)
        assert shown[-1][0] is False and "no paper has all 4 words" in status_text(app)


async def test_the_forgiven_words_note_comes_before_the_reading_progress(seeded_home: Path):
    """The status line is cut at the terminal's edge: what explains the list (which words
    were forgiven) must not be pushed past it by the counts of seen and read papers."""
    async with running_app(seeded_home) as (app, pilot):
        await type_query(app, pilot, "policy optimization verifier unicorn ")
        await workers_done(app)
        await pilot.pause()
        status = status_text(app)
        assert "seen " in status, status  # the reading progress is there ...
        assert status.index("no paper has all 4 words") < status.index("seen "), status
