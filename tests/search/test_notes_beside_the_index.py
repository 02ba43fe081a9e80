"""Notes are searched beside the index, so writing one changes no other paper's score
and re-indexes nothing (#14: "none of it changes search scores of other papers")."""

from __future__ import annotations

from index import Library


def _scores(library: Library, query: str) -> dict[str, float]:
    results = library.search(query, complete_last=False)
    return {results.card(i).id: score for i, score in enumerate(results.scores)}


def test_a_note_changes_no_other_papers_score_and_is_found(copied_library: Library):
    library = copied_library
    before = _scores(library, "policy optimization")
    assert len(before) >= 5
    noted = list(before)[-1]
    changes = library.store.last_change()
    library.set_note(noted, "Compare with the graph policy papers of 2023.")
    assert library.store.last_change() == changes  # nothing for the index to catch up
    after = _scores(library, "policy optimization")
    assert {pid: s for pid, s in after.items() if pid != noted} == \
        {pid: s for pid, s in before.items() if pid != noted}  # exactly equal floats
    assert after[noted] > before[noted]  # its note has "policy": it counts, a little
    assert library.search("note:graph", complete_last=False).ids() == [noted]
    # a word only the note has finds the paper, below papers that say it themselves
    graph = library.search("graph", complete_last=False).ids()
    assert noted in graph and graph[-1] == noted


def test_a_deleted_note_is_no_longer_found(copied_library: Library):
    library = copied_library
    [pid] = library.search("owpo", complete_last=False).ids()[:1]
    library.set_note(pid, "zorblax")
    assert library.search("zorblax", complete_last=False).ids() == [pid]
    library.set_note(pid, "")
    assert library.search("zorblax", complete_last=False).ids() == []
