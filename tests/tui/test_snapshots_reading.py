"""How the reading states of issue #14 look (pytest-textual-snapshot): unread, seen, read
and starred rows with a note under the abstract, the note editor, the filter chip and the
prompt that saves a search. Update with `--snapshot-update` and review the SVG diffs."""

from __future__ import annotations

import pytest

from index import Library
from tui.app import PapersApp

from .helpers import steady

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def reading_home(home, monkeypatch):
    """The bundled papers, some seen, read and starred, one with a note. Papers do not
    become seen on their own while the snapshot is taken."""
    monkeypatch.setattr("tui.reading_state.SEEN_AFTER", 3600)
    with Library(home) as library:
        ids = library.ids_of(library.search(""))
        library.set_status(ids[1:3], "seen")
        library.set_status(ids[3:5], "read")
        library.set_priority(ids[0:1], 1)
        library.set_priority(ids[3:4], 3)
        library.set_note(ids[0], "Compare with OWPO.\n[bold]not markup[/]")
    return home


def test_reading_states_and_a_note(snap_compare, reading_home):
    assert snap_compare(PapersApp(str(reading_home)), terminal_size=(130, 40),
                        run_before=steady("escape"))


def test_note_editor(snap_compare, reading_home):
    assert snap_compare(PapersApp(str(reading_home)), terminal_size=(130, 30),
                        run_before=steady("escape", "n"))


def test_hidden_seen_and_filter_chip(snap_compare, reading_home):
    assert snap_compare(PapersApp(str(reading_home)), terminal_size=(130, 30),
                        run_before=steady("escape", "H"))


def test_save_search_prompt(snap_compare, reading_home):
    assert snap_compare(PapersApp(str(reading_home)), terminal_size=(130, 30),
                        run_before=steady(*"policy", "ctrl+s", *"todo"))


def test_author_chooser(snap_compare, home, tmp_path, monkeypatch):
    import json

    monkeypatch.setattr("tui.reading_state.SEEN_AFTER", 3600)
    listed = tmp_path / "authored.json"
    listed.write_text(json.dumps([
        {"title": "Alpha paper", "authors": ["Ada Lovelace", "Alan Turing", "[bold]Eve[/]"],
         "abstract": "An abstract about alpha methods and their analysis in depth."}]))
    with Library(home) as library:
        library.add(listed)
    assert snap_compare(PapersApp(str(home)), terminal_size=(130, 30),
                        run_before=steady(*"alpha", "escape", "A"))
