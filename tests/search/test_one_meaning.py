"""One meaning per query (#12): the last word, with no space after it, also matches as the
start of a longer word only when it reads as one — more papers have a longer word it
begins (not merely another form of it) than have the word itself. The app and `papers
search` search the same way, so the same query lists the same papers in both."""

from __future__ import annotations

from pathlib import Path

import pytest

from index import Library

PAPERS = {
    "graph 1": "We bound the chromatic number of every planar graph by a new counting argument.",
    "graph 2": "Random walks on a graph mix fast when its spectral gap is large, we show here.",
    "graph 3": "A graph neural network learns node features from the graphs it is trained on.",
    "graphical": "Graphical lasso estimates sparse precision matrices from few samples here.",
    "mod": "We count the solutions of polynomial equations mod p with a sieve of our own.",
    "modular 1": "Modular networks compose small experts, and modular training keeps them apart.",
    "modular 2": "We learn modular policies whose parts transfer between related robot tasks.",
    "modular 3": "Modular arithmetic circuits are verified with a new decision procedure.",
    "area": "The area under the curve of a graph classifier ranks its errors well.",
}


@pytest.fixture
def small(home: Path, write_list) -> tuple[Library, dict[str, str]]:
    library = Library(home, seed=False)
    library.add(write_list("small.txt", PAPERS.values()))
    ids = {p.abstract: p.id for p in library.store.papers()}
    return library, {key: ids[text] for key, text in PAPERS.items()}


def _found(library: Library, query: str, **options) -> set[str]:
    return set(library.search(query, forgive=False, **options).ids())


def test_a_word_more_common_than_the_words_it_begins_is_whole(small):
    library, ids = small
    graphs = {ids["graph 1"], ids["graph 2"], ids["graph 3"], ids["area"]}
    assert _found(library, "graph") == graphs  # not "graphical" too
    assert _found(library, "grap") == graphs | {ids["graphical"]}  # no word "grap"


def test_a_word_rarer_than_the_words_it_begins_is_their_start(small):
    library, ids = small
    modular = {ids["modular 1"], ids["modular 2"], ids["modular 3"]}
    assert _found(library, "mod") == modular | {ids["mod"]}
    assert _found(library, "mod ") == {ids["mod"]}  # a space after it: the word alone
    assert _found(library, "mod", complete_last=False) == {ids["mod"]}


def test_the_command_line_lists_what_the_library_search_does(seeded_home: Path, run_cli):
    code, out, _err = run_cli("search", "--limit", "1000", "reinforcement", "le")
    listed = [line.split()[0] for line in out.splitlines()]
    with Library(seeded_home) as library:
        searched = library.search("reinforcement le")
        assert listed == searched.ids() and code == 0
        # More than the whole word "le" would give: "le" is the start of "learning".
        assert len(listed) > len(library.search("reinforcement le ", forgive=False))


def test_a_stop_word_ending_a_query_is_whole_and_dropped(small):
    """"graph are" (a title typed to its end: "… we think we are") is "graph": read as the
    start of "area", the stop word was the one word every paper had to have."""
    library, ids = small
    graphs = {ids["graph 1"], ids["graph 2"], ids["graph 3"], ids["area"]}
    assert _found(library, "graph are") == _found(library, "graph") == graphs
    assert _found(library, "graph we are") == graphs
    # Alone it is still the start of the word being typed: nothing else is searched for.
    assert _found(library, "are") == {ids["area"]}
