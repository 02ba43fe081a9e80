"""A query's words standing together in a paper, in the query's order, rank it above a
paper that has them apart (search/proximity.py): the known-item gain of #12. The abstracts
are written for these tests; their words are in no bundled abstract."""

from __future__ import annotations

import json
import random

from index import Library
from index.search import proximity

TOGETHER = ("We propose a quivering lattice method for sparse recovery. Experiments on many "
            "benchmark datasets show that the approach converges quickly, scales to large "
            "problems with modest memory, and is simple to implement in practice.")
APART = "A lattice of sensors records quivering signals in the field."  # short: BM25 likes it
ALL_THREE = ("Zebra stripes inspire a lattice design; the quivering of each cell is measured "
             "across many trials and compared with earlier designs.")


def _order(library: Library, query: str) -> list[str]:
    results = library.search(query, complete_last=False)
    return [library.paper(pid).abstract for pid in library.ids_of(results)]


def test_words_together_rank_a_paper_above_one_with_them_apart(library: Library,
                                                                write_list) -> None:
    library.add(write_list("together.txt", [TOGETHER, APART]))
    # The words alone (an explicit AND: no proximity) rank the short abstract first ...
    assert _order(library, "quivering AND lattice") == [APART, TOGETHER]
    # ... the two words typed as a title put the one that says them in a row first,
    assert _order(library, "quivering lattice") == [TOGETHER, APART]
    # in the query's order only.
    assert _order(library, "lattice quivering") == [APART, TOGETHER]


def test_a_paper_with_every_word_stays_above_one_with_most(library: Library,
                                                           write_list) -> None:
    library.add(write_list("three.txt", [TOGETHER, ALL_THREE]))
    results = library.search("quivering lattice zebra", complete_last=False)
    order = [library.paper(pid).abstract for pid in library.ids_of(results)]
    # TOGETHER has two of the three words, side by side; ALL_THREE has all three apart.
    assert order[:2] == [ALL_THREE, TOGETHER]
    assert results.has_all_words(0) and not results.has_all_words(1)


def test_the_command_line_ranks_the_same(library: Library, write_list, run_cli) -> None:
    library.add(write_list("together.txt", [TOGETHER, APART]))
    library.close()
    code, out, _err = run_cli("search", "quivering", "lattice", "--json")
    assert code == 0
    assert [json.loads(line)["snippet"][:30] for line in out.splitlines()] == \
        [TOGETHER[:30], APART[:30]]


def test_the_order_is_a_full_sort_of_each_part() -> None:
    # boosted_order merges the moved papers into the unmoved ones; it must equal sorting
    # each part by the boosted scores outright.
    rng = random.Random(7)
    for _ in range(300):
        size = rng.randint(1, 60)
        scores = sorted((rng.uniform(1, 30) for _ in range(size)), reverse=True)
        docnums = rng.sample(range(1000), size)
        followers = rng.randint(0, size)
        together = {d: rng.randint(1, 3) for d in docnums if rng.random() < 0.3}
        found = proximity.boosted_order(docnums, scores, followers, together, 0.25)
        if not together:
            assert found is None
            continue
        boosted = {d: s * (1 + 0.25 * together.get(d, 0))
                   for d, s in zip(docnums, scores, strict=True)}
        expected = [d for part in (docnums[:followers], docnums[followers:])
                    for d in sorted(part, key=lambda d: -boosted[d])]
        assert found == (expected, [boosted[d] for d in expected])
