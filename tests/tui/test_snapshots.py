"""How the main states look, at fixed terminal sizes (pytest-textual-snapshot).

Update after an intended change with `pytest tests/test_snapshots.py --snapshot-update`
and review the SVG diffs. Textual is pinned exactly because SVGs change between releases.
"""

from __future__ import annotations

import pytest

from tui.app import PapersApp

from .helpers import steady

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def _nothing_becomes_seen(monkeypatch):
    """Waiting for the workers (the topics are built after the first paint) can take
    longer than a paper takes to become seen: the shots show the state before reading."""
    monkeypatch.setattr("tui.reading_state.SEEN_AFTER", 3600)


def test_wide_layout(snap_compare, home):
    assert snap_compare(PapersApp(str(home)), terminal_size=(130, 40), run_before=steady())


def test_narrow_layout(snap_compare, home):
    assert snap_compare(PapersApp(str(home)), terminal_size=(80, 24),
                        run_before=steady(*"policy", "escape"))


def test_help_screen(snap_compare, home):
    assert snap_compare(PapersApp(str(home)), terminal_size=(130, 40),
                        run_before=steady("escape", "question_mark"))


def test_no_results(snap_compare, home):
    assert snap_compare(PapersApp(str(home)), terminal_size=(130, 30),
                        run_before=steady(*"reinfrocement "))


def test_paper_with_latex_rendered(snap_compare, home):
    assert snap_compare(PapersApp(str(home)), terminal_size=(130, 40),
                        run_before=steady(*"length generalization", "escape"))


def test_tag_prompt(snap_compare, home):
    assert snap_compare(PapersApp(str(home)), terminal_size=(130, 30),
                        run_before=steady(*"owpo", "escape", "t", *"to-read"))
