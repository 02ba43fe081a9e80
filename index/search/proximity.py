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
ranks nothing apart anyway. (1,000 ranked the dev lists' titles within 0.002 of MRR of
200; typing 40 ICML 2023 titles a letter at a time, a search took 1.7 ms median with
1,000, 1.5 with 200, 1.05 without proximity.)

WEIGHT was chosen on ICML 2020–2022 of the known-item benchmark (0.25, 0.5, 1 and 2 tried)
and held out on ICML 2023 and ICLR 2024 (`python -m benchmarks.known_item`, README).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from whoosh.query import Query, Term

from .coordination import word_groups

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
    # (A hyphenated word is a phrase of its parts, a word being typed a prefix too: their
    # exact terms are what can stand next to another word.)
    words = [frozenset((leaf.field(), leaf.text) for leaf in group.leaves()
                       if type(leaf) is Term and leaf.field() in FIELDS)
             for group in split[0]]
    return words if sum(1 for terms in words if terms) >= 2 else None


def _frozen_frequency(searcher, fieldname: str, term: str) -> int:
    frequency = getattr(searcher.weighting, "doc_frequency", None)
    if frequency is None:  # a weighting without frozen statistics: the index's own
        return searcher.doc_frequency(fieldname, term)
    return frequency(searcher, fieldname, term)


class PairsSeen:
    """The pairs of terms worked out for one searcher (its index does not change): while
    a title is typed every keystroke asks for the same pairs again, and only the pair
    with the word being typed is new."""

    KEPT = 512

    def __init__(self, searcher) -> None:
        self.searcher = searcher
        self._pairs: dict[tuple[str, str, str], frozenset[int]] = {}

    def papers(self, fieldname: str, before: str, after: str) -> frozenset[int]:
        """The documents where `before` stands right before `after` in the field."""
        key = (fieldname, before, after)
        found = self._pairs.get(key)
        if found is None:
            if len(self._pairs) >= self.KEPT:
                self._pairs.clear()
            found = self._pairs[key] = _adjacent(self.searcher, fieldname, before, after)
        return found


def _positions(searcher, fieldname: str, term: str, only: set[int] | None = None
               ) -> dict[int, frozenset[int]]:
    """Where `term` stands in each document that has it (of `only`, when given)."""
    try:
        matcher = searcher.postings(fieldname, term)
    except Exception:  # noqa: BLE001 - a term no document has (whoosh TermNotFound)
        return {}
    found = {}
    if only is None:
        while matcher.is_active():
            found[matcher.id()] = frozenset(matcher.value_as("positions"))
            matcher.next()
        return found
    for docnum in sorted(only):
        if matcher.id() < docnum:
            matcher.skip_to(docnum)
        if not matcher.is_active():
            break
        if matcher.id() == docnum:
            found[docnum] = frozenset(matcher.value_as("positions"))
    return found


def _adjacent(searcher, fieldname: str, term_a: str, term_b: str) -> frozenset[int]:
    """The documents where `term_a` stands right before `term_b`; none when both terms
    are too common to count (PAIR_PAPERS)."""
    rare_a = _frozen_frequency(searcher, fieldname, term_a)
    rare_b = _frozen_frequency(searcher, fieldname, term_b)
    if min(rare_a, rare_b) > PAIR_PAPERS or not rare_a or not rare_b:
        return frozenset()
    if rare_a <= rare_b:
        before = _positions(searcher, fieldname, term_a)
        after = _positions(searcher, fieldname, term_b, set(before))
    else:
        after = _positions(searcher, fieldname, term_b)
        before = _positions(searcher, fieldname, term_a, set(after))
    return frozenset(docnum for docnum, places in after.items()
                     if docnum in before and any(p - 1 in before[docnum] for p in places))


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
    share = WEIGHT / (len(words) - 1)
    # Only the papers with a pair together move (up); the rest keep their order, so each
    # part is its unmoved papers merged with its moved ones sorted (at 100k results a
    # sort of them all would be most of the search).
    moved = [i for i, docnum in enumerate(docnums) if docnum in together]
    if not moved:
        return None
    boosted = list(scores)
    for i in moved:
        boosted[i] = scores[i] * (1 + share * together[docnums[i]])
    order: list[int] = []
    for start, stop in ((0, followers), (followers, len(docnums))):
        order += _merged(range(start, stop), [i for i in moved if start <= i < stop],
                         boosted, docnums)
    return [docnums[i] for i in order], [boosted[i] for i in order]


def _merged(part: range, moved: list[int], boosted: list[float], docnums: list[int]
            ) -> list[int]:
    """The positions of `part` in order of (-boosted, docnum): its unmoved positions
    are in that order already."""
    if not moved:
        return list(part)
    key = lambda i: (-boosted[i], docnums[i])  # noqa: E731 - one key, used twice
    rising = sorted(moved, key=key)
    chosen = set(moved)
    out: list[int] = []
    next_up = 0
    for i in part:
        if i in chosen:
            continue
        while next_up < len(rising) and key(rising[next_up]) < key(i):
            out.append(rising[next_up])
            next_up += 1
        out.append(i)
    out += rising[next_up:]
    return out
