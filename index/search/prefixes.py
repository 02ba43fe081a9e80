"""Expanding the word being typed to the indexed words it begins.

An OR over every expansion of a short prefix is what makes naive `prefix*` slow, so only
the most frequent expansions are searched; each further keystroke narrows the set.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..giving_way import give_way
from .analysis import EDGE_MARK, EDGE_MAX, stem_word

MAX_EXPANSIONS = 24
# Building the table gives way every this many words (giving_way.py): it is built beside
# the app's first keystrokes, and holding the interpreter for all of it (0.2 s at 100k
# papers) held their echo and their search.
YIELD_EVERY = 2_000


@dataclass(slots=True)
class PrefixTable:
    """The sorted words of one field; document frequencies are read only for the words a
    prefix covers (reading all 124,000 of a 100k-paper index took 2.4 s, the words 0.2)."""

    terms: list[str]
    frequency: Callable[[str], int]
    _cache: dict[tuple[str, int], list[str]] = field(default_factory=dict)

    @classmethod
    def from_reader(cls, reader, fieldname: str) -> PrefixTable:
        terms = []
        for number, term in enumerate(reader.lexicon(fieldname), 1):
            word = term.decode("utf-8") if isinstance(term, bytes) else term
            if not word.startswith(EDGE_MARK):  # marks are not words
                terms.append(word)
            if number % YIELD_EVERY == 0:
                give_way()  # to the UI, a search
        return cls(terms, lambda word: reader.doc_frequency(fieldname, word))

    @classmethod
    def from_segments(cls, segments: Iterable[Iterable[tuple[bytes, int]]]) -> PrefixTable:
        """The table with every word's document frequency read with it: each segment's
        terms in order with the documents each is in (engine.postings' `field_terms`),
        summed over the segments as Whoosh's reader sums them. A prefix then expands
        without a lookup a word (at 100,000 papers a three-letter prefix covers a few
        hundred words, 20-30 ms of lookups a keystroke), and reading the counts with the
        words took less than walking Whoosh's merged lexicon for the words alone."""
        counts: dict[str, int] = {}
        parts = 0
        for terms in segments:
            parts += 1
            known = counts.get
            for term, documents in terms:
                word = term.decode("utf-8")
                counts[word] = known(word, 0) + documents
        words = [word for word in counts if not word.startswith(EDGE_MARK)]
        if parts > 1:  # one segment's are in order already (UTF-8 bytes sort as text)
            words.sort()
        known = counts.get
        return cls(words, lambda word: known(word, 0))

    def expand(self, prefix: str, limit: int = MAX_EXPANSIONS) -> list[str]:
        """The `limit` most frequent indexed words starting with `prefix`."""
        cached = self._cache.get((prefix, limit))
        if cached is None:
            cached = self._cache[(prefix, limit)] = self._expand(prefix, limit)
        return cached

    def _expand(self, prefix: str, limit: int) -> list[str]:
        start = bisect_left(self.terms, prefix)
        stop = bisect_left(self.terms, prefix + "\U0010ffff", lo=start)
        if stop - start <= limit:
            return self.terms[start:stop]
        best = heapq.nlargest(limit, self.terms[start:stop], key=self.frequency)
        return sorted(best)


def begins_longer_words(prefix: str, frequency: Callable[[str], int],
                        beginning: Callable[[str], Iterable[str]]) -> bool:
    """Whether `prefix`, the last word of a query with no space after it, is more likely
    the start of a longer word than a word of its own: more papers have some longer word
    it begins, not merely another form of it ("models" for "model"), than have the word
    itself or its forms. `frequency` is a word's document frequency, `beginning` the
    indexed words a prefix begins.

    So "reinforcement le" finds "learning" and "language mod" "models", while "graph" is
    the word graph, not also "graphical". One rule, for the app as it is typed and for
    `papers search`: the same query means the same papers in both."""
    if len(prefix) <= EDGE_MAX:  # the words field marks the first letters of longer words
        return frequency(EDGE_MARK + prefix) > frequency(prefix)
    own = stem_word(prefix)
    itself, longer = frequency(prefix), 0
    for word in beginning(prefix):
        count = frequency(word)
        if word == prefix or stem_word(word) == own:
            itself = max(itself, count)
        else:
            longer = max(longer, count)
    return longer > itself


@dataclass(slots=True)
class LexiconPrefixes:
    """The same expansions as a PrefixTable's, read from the index's lexicon one prefix at
    a time: what a search uses while the table is still being built, so that a keystroke
    right at launch never waits for it."""

    reader: Any
    fieldname: str

    def expand(self, prefix: str, limit: int = MAX_EXPANSIONS) -> list[str]:
        words = [t.decode("utf-8") if isinstance(t, bytes) else t
                 for t in self.reader.expand_prefix(self.fieldname, prefix)]
        words = [w for w in words if not w.startswith(EDGE_MARK)]
        if len(words) <= limit:
            return words
        best = heapq.nlargest(limit, words,
                              key=lambda w: self.reader.doc_frequency(self.fieldname, w))
        return sorted(best)
