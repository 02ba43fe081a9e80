"""Expanding the word being typed to the indexed words it begins.

An OR over every expansion of a short prefix is what makes naive `prefix*` slow, so only
the most frequent expansions are searched; each further keystroke narrows the set.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
from dataclasses import dataclass, field

from .analysis import EDGE_MARK

MAX_EXPANSIONS = 24


@dataclass(slots=True)
class PrefixTable:
    terms: list[str]
    frequencies: list[int]
    _cache: dict[tuple[str, int], list[str]] = field(default_factory=dict)

    @classmethod
    def from_reader(cls, reader, fieldname: str) -> PrefixTable:
        terms: list[str] = []
        frequencies: list[int] = []
        for term, info in reader.iter_field(fieldname):
            word = term.decode("utf-8") if isinstance(term, bytes) else term
            if not word.startswith(EDGE_MARK):  # indexed prefixes, not words
                terms.append(word)
                frequencies.append(info.doc_frequency())
        return cls(terms, frequencies)

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
        best = heapq.nlargest(limit, range(start, stop), key=self.frequencies.__getitem__)
        return [self.terms[i] for i in sorted(best)]
