"""How the discovery views look (pytest-textual-snapshot): the trends screen (two small
lists compared, the terms that rose and fell, the bar chart) and the topic panel beside
the results, with the paper's topic in the pane. Update with `--snapshot-update` and
review the SVG diffs."""

from __future__ import annotations

import pytest

from tui.app import PapersApp

from .helpers import steady
from .test_topics_app import topics_loaded
from .test_trends import two_lists_home  # noqa: F401 - the fixture

pytestmark = pytest.mark.timeout(180)


def test_trends_screen(snap_compare, two_lists_home):  # noqa: F811
    assert snap_compare(PapersApp(str(two_lists_home)), terminal_size=(130, 40),
                        run_before=steady("escape", "W"))


def test_topic_panel(snap_compare, home, monkeypatch):
    # Waiting for the topics takes longer than a paper takes to become seen.
    monkeypatch.setattr("tui.reading_state.SEEN_AFTER", 3600)

    async def run_before(pilot) -> None:
        await topics_loaded(pilot.app, pilot)
        await steady("escape", "ctrl+t")(pilot)

    assert snap_compare(PapersApp(str(home)), terminal_size=(130, 40), run_before=run_before)
