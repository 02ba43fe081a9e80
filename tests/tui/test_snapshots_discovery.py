"""How the discovery views look (pytest-textual-snapshot): the trends screen (two small
lists compared, the terms that rose and fell, the bar chart) and the topic panel beside
the results, with the paper's topic in the pane. Update with `--snapshot-update` and
review the SVG diffs."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from tui.app import PapersApp

from .helpers import steady
from .test_topics_app import topics_loaded
from .test_trends import two_lists_home  # noqa: F401 - the fixture

pytestmark = pytest.mark.timeout(180)


def test_trends_screen(snap_compare, two_lists_home):  # noqa: F811
    async def run_before(pilot) -> None:
        await steady("escape", "W")(pilot)
        # The trends come from a thread worker: wait until both tables have their rows.
        # (Their columns' widths come with the rows, so no later sizing can be caught
        # half done: a DataTable left to fit its columns was shot with rows cut to
        # their header's widths in three CI runs.)
        for _ in range(250):
            tables = list(pilot.app.screen.query(DataTable))
            if len(tables) == 2 and all(t.row_count for t in tables):
                break
            await pilot.pause(0.02)
        await pilot.pause()

    assert snap_compare(PapersApp(str(two_lists_home)), terminal_size=(130, 40),
                        run_before=run_before)


def test_topic_panel(snap_compare, home, monkeypatch):
    # Waiting for the topics takes longer than a paper takes to become seen.
    monkeypatch.setattr("tui.reading_state.SEEN_AFTER", 3600)

    async def run_before(pilot) -> None:
        await topics_loaded(pilot.app, pilot)
        await steady("escape", "ctrl+t")(pilot)

    assert snap_compare(PapersApp(str(home)), terminal_size=(130, 40), run_before=run_before)
