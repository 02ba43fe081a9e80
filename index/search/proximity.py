"""Words of a query that stand together in a paper rank it higher.

BM25 scores each word on its own (a bag of words): a paper that says "optimal transport"
and one that says "optimal" in one sentence and "transport" in another score alike. A
remembered or pasted title is a run of words, and the abstract of that paper usually says
them in a row. So each result's score is multiplied by how many of the query's
neighbouring word pairs stand next to each other, in that order, in its title or abstract
(stop words left out on both sides, as the index counts positions):

    score × (1 + WEIGHT × pairs together / pairs in the query)

the ordered, adjacent window of Metzler and Croft's sequential dependence model. The
papers with every word are ranked again among themselves, and those that follow them
among themselves (coordination.py): a paper never moves across that line.

Each paper's factor is its own, never a function of where it stood: a tag or an edit of one
paper moves no other (tests/search/test_stable_ranking.py). To stay cheap on the keystroke
path, a pair counts only while one of its words is in at most PAIR_PAPERS papers of the
lists' frozen statistics (engine/stats.py, so an edit never changes which pairs count),
and the pairs found are kept for the searcher while a title is typed: the words of a
remembered title that tell it apart ("concept bottleneck") are rare, and "neural network"
ranks nothing apart anyway (1,000 ranked the dev lists' titles within 0.002 of MRR of
200, for more time). Typing 40 ICML 2023 titles a letter at a time, a search takes 1.4–1.8
ms median against 1.1–1.3 without proximity, p95 13.3–15.3 against 12.9–14.5, in the
same runs on a loaded machine.

WEIGHT was chosen on ICML 2020–2022 of the known-item benchmark (0.25, 0.5, 1 and 2 tried)
and held out on ICML 2023 and ICLR 2024 (`python -m benchmarks.known_item`, README).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from whoosh.query import Query, Term

from .coordination import word_groups

if TYPE_CHECKING:
    import numpy as np

WEIGHT = 0.5
FIELDS = ("title", "abstract")  # the text fields with positions a title's words are in
PAIR_PAPERS = 200

Word = frozenset[tuple[str, str]]  # a query word's (field, stemmed term) in FIELDS


def query_words(query: Query, text: str) -> list[Word] | None:
    """Each word of a plain query of two or more words, as the (field, stemmed term)
    pairs it searches in FIELDS, in the query's order; None for any other query (one
    word, operators: they say what they mean)."""
    split = word_groups(query, text, some_match=True)
    if split is None:
        return None
    # (A hyphenated word is a phrase of its parts: its exact terms are what can stand
    # next to another word. The word being typed counts as its letters so far: its
    # completions, after them in its group, would be dozens of pairs a keystroke.)
    words = []
    for group in split[0]:
        first: dict[str, str] = {}
        for leaf in group.leaves():
            if type(leaf) is Term and leaf.field() in FIELDS:
                first.setdefault(leaf.field(), leaf.text)
        words.append(frozenset(first.items()))
    return words if sum(1 for terms in words if terms) >= 2 else None


def _frozen_frequency(searcher, fieldname: str, term: str) -> int:
    frequency = getattr(searcher.weighting, "doc_frequency", None)
    if frequency is None:  # a weighting without frozen statistics: the index's own
        return searcher.doc_frequency(fieldname, term)
    return frequency(searcher, fieldname, term)


class PairsSeen:
    """The pairs of terms worked out for one searcher (its index does not change): while
    a title is typed every keystroke asks for the same pairs again, and only the pair
    with the word being typed is new. `documents(field, term)`: the documents with the
    term, ascending (the ranker's posting lists, engine/ranking.py)."""

    KEPT = 512

    def __init__(self, searcher,
                 documents: Callable[[str, str], np.ndarray | list[int]]) -> None:
        self.searcher = searcher
        self.documents = documents
        self._pairs: dict[tuple[str, str, str], frozenset[int]] = {}

    def papers(self, fieldname: str, before: str, after: str) -> frozenset[int]:
        """The documents where `before` stands right before `after` in the field."""
        key = (fieldname, before, after)
        found = self._pairs.get(key)
        if found is None:
            if len(self._pairs) >= self.KEPT:
                self._pairs.clear()
            found = self._pairs[key] = self._adjacent(fieldname, before, after)
        return found

    def _adjacent(self, fieldname: str, term_a: str, term_b: str) -> frozenset[int]:
        """The documents where `term_a` stands right before `term_b`; none when both
        terms are too common to count (PAIR_PAPERS)."""
        searcher = self.searcher
        rare_a = _frozen_frequency(searcher, fieldname, term_a)
        rare_b = _frozen_frequency(searcher, fieldname, term_b)
        # (Both frequencies come before any posting list is read: most pairs stop here.)
        if min(rare_a, rare_b) > PAIR_PAPERS or not rare_a or not rare_b:
            return frozenset()
        first, second = self.documents(fieldname, term_a), self.documents(fieldname, term_b)
        if isinstance(first, list):  # the ranker on lists' (before numpy loads)
            wanted = sorted(set(first).intersection(second))
        else:
            import numpy as np

            wanted = np.intersect1d(first, second, assume_unique=True).tolist()
        if not wanted:
            return frozenset()
        before = _positions(searcher, fieldname, term_a, wanted)
        after = _positions(searcher, fieldname, term_b, wanted)
        return frozenset(docnum for docnum, places in after.items()
                         if docnum in before and any(p - 1 in before[docnum] for p in places))


def _positions(searcher, fieldname: str, term: str, wanted: list[int]
               ) -> dict[int, frozenset[int]]:
    """Where `term` stands in each of the `wanted` documents (ascending) that has it."""
    try:
        matcher = searcher.postings(fieldname, term)
    except Exception:  # noqa: BLE001 - a term no document has (whoosh TermNotFound)
        return {}
    found = {}
    for docnum in wanted:
        if matcher.id() < docnum:
            matcher.skip_to(docnum)
        if not matcher.is_active():
            break
        if matcher.id() == docnum:
            found[docnum] = frozenset(matcher.value_as("positions"))
    return found


def pairs_together(seen: PairsSeen, words: Sequence[Word]) -> dict[int, int]:
    """Document number -> how many neighbouring pairs of `words` stand together in it, in
    one field (documents with none left out)."""
    counts: dict[int, int] = {}
    for first, second in pairwise(words):
        papers: set[int] = set()
        for fieldname, before in first:
            for other_field, after in second:
                if other_field == fieldname:
                    papers |= seen.papers(fieldname, before, after)
        for docnum in papers:
            counts[docnum] = counts.get(docnum, 0) + 1
    return counts


def rerank(seen: PairsSeen, query: Query, text: str, docnums: list[int],
           scores: list[float], followers: int) -> tuple[list[int], list[float]] | None:
    """`docnums` ordered again by their scores with the proximity factor, the papers with
    every word (those before position `followers`) and those with most of them each among
    themselves; None when the query is not one for it or no paper has two of its words
    together."""
    words = query_words(query, text)
    if words is None or len(docnums) < 2:
        return None
    together = pairs_together(seen, words)
    if not together:
        return None
    return boosted_order(docnums, scores, followers, together, WEIGHT / (len(words) - 1))


def boosted_order(docnums: list[int], scores: list[float], followers: int,
                  together: dict[int, int], share: float
                  ) -> tuple[list[int], list[float]] | None:
    """`docnums` (by descending score) with each score times (1 + share × its pairs
    `together`), in descending order again within [0, followers) and [followers, end);
    None when none of them has a pair together."""
    # Only the papers with a pair together move (up); the rest keep their order, so each
    # part is its unmoved papers with the moved ones put back in by score (at 100k
    # results a sort of them all would be most of the search).
    moved = [i for i, docnum in enumerate(docnums) if docnum in together]
    if not moved:
        return None
    boosted = list(scores)
    for i in moved:
        boosted[i] = scores[i] * (1 + share * together[docnums[i]])
    order: list[int] = []
    for start, stop in ((0, followers), (followers, len(docnums))):
        order += _merged(start, stop, [i for i in moved if start <= i < stop], boosted)
    return [docnums[i] for i in order], [boosted[i] for i in order]


def _merged(start: int, stop: int, moved: list[int], boosted: list[float]) -> list[int]:
    """Positions start..stop by descending boosted score: the unmoved ones are in that
    order already, each moved one goes in after those that score at least as much."""
    if not moved:
        return list(range(start, stop))
    chosen = set(moved)
    kept = [i for i in range(start, stop) if i not in chosen]
    falling = [-boosted[i] for i in kept]  # ascending
    out: list[int] = []
    done = 0
    for i in sorted(moved, key=lambda i: (-boosted[i], i)):
        place = bisect_right(falling, -boosted[i], lo=done)
        out += kept[done:place]
        out.append(i)
        done = place
    out += kept[done:]
    return out
