"""A tag, note, status or edit of one paper never moves any other paper's score or place.

On the real ICML 2023 list: tags were in the index, so a tag rewrote the paper's document
and the collection's statistics (which count the replaced copy) moved every score
(33.4031 -> 33.4014), swapping near-tied rows; an edit moved them through its words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from index import Library

# Plain words (the vector ranker), a word being typed (a prefix), a phrase and a field
# (Whoosh's own matchers), a fuzzy word.
QUERIES = ["reinforcement learning policy", "graph neural network", "diffusion mod",
           '"language models" reasoning', "title:optimization convergence", "bandit~"]


@pytest.fixture(scope="module")
def icml2023(tmp_path_factory: pytest.TempPathFactory, icml2023_path: Path
             ) -> Iterator[Library]:
    """A library of its own (these tests change it): the ICML 2023 list alone."""
    lib = Library(tmp_path_factory.mktemp("stable-home"), seed=False)
    lib.add(icml2023_path)
    yield lib
    lib.close()


def _scores(library: Library) -> dict[str, list[tuple[str, float]]]:
    found = {}
    for text in QUERIES:
        results = library.search(text, complete_last=text.endswith("mod"))
        found[text] = list(zip(library.ids_of(results), results.scores, strict=True))
        assert found[text], text
    return found


def _others(rows: list[tuple[str, float]], paper: str) -> list[tuple[str, float]]:
    return [row for row in rows if row[0] != paper]


def _assert_others_unmoved(library: Library, change: Callable[[str], object]) -> str:
    """Apply `change` to a paper near the top of the first query; every other paper
    keeps its exact score and order in every query. Returns the paper changed."""
    before = _scores(library)
    paper = before[QUERIES[0]][3][0]
    change(paper)
    after = _scores(library)
    for text in QUERIES:
        assert _others(after[text], paper) == _others(before[text], paper), text
    return paper


def test_a_tag_and_its_removal_move_no_score(icml2023: Library) -> None:
    paper = _assert_others_unmoved(icml2023, lambda pid: icml2023.tag([pid], ["later"]))
    assert icml2023.search("tag:later policy").ids() == [paper]
    _assert_others_unmoved(icml2023, lambda pid: icml2023.untag([pid], ["later"]))


def test_a_note_and_a_status_move_no_score(icml2023: Library) -> None:
    _assert_others_unmoved(icml2023, lambda pid: icml2023.set_note(pid, "policy gradients"))
    _assert_others_unmoved(icml2023, lambda pid: icml2023.set_status([pid], "read"))
    _assert_others_unmoved(icml2023, lambda pid: icml2023.set_priority([pid], 2))


def test_an_edit_moves_only_the_edited_papers_score(icml2023: Library) -> None:
    before = _scores(icml2023)
    paper = _assert_others_unmoved(icml2023, lambda pid: icml2023.edit(
        pid, title="Reinforcement learning policy graph neural network convergence"))
    after = _scores(icml2023)
    own = {text: dict(rows).get(paper) for text, rows in after.items()}
    assert own["graph neural network"] is not None  # its new words are found
    assert dict(before["graph neural network"]).get(paper) != own["graph neural network"]
    # and again (its copy from the first edit replaced), then the edit undone
    _assert_others_unmoved(icml2023, lambda pid: icml2023.edit(pid, title="Something else"))
    _assert_others_unmoved(icml2023, lambda pid: icml2023.edit(pid, title=""))


def test_a_new_list_counts_every_paper_again(icml2023: Library, write_list) -> None:
    """Statistics are frozen between list changes only: a list's words count at once."""
    before = dict(_scores(icml2023)[QUERIES[0]])
    icml2023.add(write_list("more.txt", [
        f"We study reinforcement learning policy number {i} for robots in the wild."
        for i in range(40)]))
    after = dict(_scores(icml2023)[QUERIES[0]])
    common = set(before) & set(after)
    assert any(before[pid] != after[pid] for pid in common)
