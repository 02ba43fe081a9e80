"""Ranking on Python lists before numpy loads (engine/lists.py) gives the array ranker's
results exactly: the same papers, the same order and the same floats."""

from __future__ import annotations

import json
import os
import string
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from index import Library
from index.search.engine.lists import LISTS_UP_TO, ListRanker
from index.search.engine.ranking import VectorRanker
from index.search.query import DEFAULT_FIELDS

from ...locations import REPO
from .test_vector_ranking import QUERIES, add_segments

# What typing the benchmark's queries sends, key by key, and every letter and
# letter-vowel pair (a first key's query), beside the array ranker's own test queries.
TYPED = [q[:end] for q in ("diffusion models", "reinforcement learning", "graph neural net")
         for end in range(1, len(q) + 1)]
LETTERS = list(string.ascii_lowercase + string.digits) + \
    [a + b for a in string.ascii_lowercase for b in "aeiou"]


def _assert_lists_equal_arrays(library: Library, texts: list[str]) -> int:
    index = library.index
    searcher = index._searcher
    on_lists = ListRanker(searcher, {})
    on_arrays = VectorRanker(searcher, DEFAULT_FIELDS, {})
    matched = 0
    for text in texts:
        query = index._queries.build(text, True).query
        on_lists.notes = on_arrays.notes = index._notes_for(searcher)
        found = on_lists.ranked(query)
        assert found == on_arrays.ranked(query), text
        matched += bool(found[0])
    return matched


def test_lists_rank_as_arrays_on_icml2023(icml2023_library: Library) -> None:
    assert icml2023_library.index.doc_count() <= LISTS_UP_TO  # the app ranks it on lists
    texts = QUERIES + TYPED + LETTERS
    assert _assert_lists_equal_arrays(icml2023_library, texts) > len(texts) * 0.8


def test_lists_rank_as_arrays_across_segments_deletions_and_notes(library: Library,
                                                                   tmp_path: Path) -> None:
    add_segments(library, tmp_path)
    ids = library.search("graph policy").ids()
    library.edit(ids[0], title="Keep graph")
    library.set_note(ids[1], "graph policy notes on bandits")
    ranker = ListRanker(library.index._searcher, {})
    assert len(ranker.segments) >= 3 and ranker.dead
    assert _assert_lists_equal_arrays(library, ["graph policy", "neural bandits regret",
                                                "privacy", "le", "keep graph", "learning",
                                                "bandits", "graph -neural", "notes"] + LETTERS)


SEARCH_CHILD = textwrap.dedent("""
    import json
    import sys

    from index import Library

    library = Library()
    library.sync(meaning=False, keep_page=False)
    first = [library.search(text).ids() for text in sys.argv[1:]]
    loaded = "numpy" in sys.modules
    library.warm_up()  # the array ranker, as the app builds it after its first search
    assert library.index._searcher._papers_ranker is not None
    print(json.dumps([loaded, first, [library.search(text).ids() for text in sys.argv[1:]]]))
""")


@pytest.mark.parametrize("texts", [["d", "le", "policy", "reinf*", "policy -bandit",
                                    "language models", "reinforcement learning"]])
def test_a_search_before_the_warm_up_loads_no_numpy(seeded_home, texts) -> None:
    """The app's first search (a key typed at its first paint) waits for no numpy, and
    lists what the array ranker lists after the warm-up. (A query that too few papers
    match in full forgives a word on arrays: numpy, a moment later.)"""
    run = subprocess.run([sys.executable, "-c", SEARCH_CHILD, *texts], cwd=REPO,
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PAPERS_HOME": str(seeded_home)})
    assert run.returncode == 0, run.stderr
    numpy_loaded, before, after = json.loads(run.stdout)
    assert not numpy_loaded
    assert before == after and all(before)


def test_after_the_warm_up_a_new_searcher_ranks_on_arrays(library: Library) -> None:
    """Lists are for the searches before the app's warm-up: once it ran, the searcher
    an edit brings ranks on arrays too."""
    index = library.index
    before = library.search("policy").ids()
    assert getattr(index._searcher, "_papers_lists", None) is not None  # ranked on lists
    library.warm_up()
    library.edit(before[-1], title="A policy paper, edited")
    assert set(library.search("policy").ids()) == set(before)
    searcher = index._searcher
    assert getattr(searcher, "_papers_lists", None) is None
    assert getattr(searcher, "_papers_ranker", None) is not None
