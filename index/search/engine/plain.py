"""The unscored fields' postings of a whole segment (id, venue, year, facet, list, url),
kept as arrays until the segment is written.

Whoosh's writer hands each of their postings to its pool as a tuple, sorts the pool and
writes the postings one by one; at 100,000 papers those twelve postings a paper (a year is
eight terms, one per precision) were a third of writing the index. Here each value is
analysed by its field's own `index()` (once per distinct value: a conference has a few
venues, years and lists), and each posting is three numbers in arrays, grouped by term
with one stable sort when the segment is written (batch.py turns them into blocks, the
same bytes the pool's postings make).
"""

from __future__ import annotations

from array import array

import numpy as np
from whoosh.analysis import IDTokenizer
from whoosh.fields import FieldType
from whoosh.formats import Existence, Frequency

from ...sorting import stable_order

_VALUES_REMEMBERED = 4096  # distinct values of a field analysed once each (then again)


def plain(field) -> bool:
    """Whether a schema field's postings can be kept here: unscored (no lengths), no
    positions, and weights that are the counts."""
    return (field.indexed and not field.scorable and not field.vector
            and not field.separate_spelling()
            and type(field.format) in (Existence, Frequency)
            and field.format.field_boost == 1)


class PlainTerms:
    """One field's postings for every document added: each posting's term (numbered as
    first met), document and count."""

    def __init__(self, field) -> None:
        self.has_values = type(field.format) is Frequency  # its counts; Existence: none
        self._index = field.index
        # A value that is its one term, as an ID field's (Whoosh's IDTokenizer and no
        # filter): taken as it is, not through Whoosh's token pipeline and the cache of
        # values analysed, which unique values only fill (ICML 2023's 1,898 paper ids:
        # 8 ms, now 1).
        self._whole_value = type(field.analyzer) is IDTokenizer and \
            type(field).index is FieldType.index
        self._numbers: dict[bytes, int] = {}
        self._analysed: dict = {}  # value -> [(term number, count)]
        self.terms = array("i")
        self.docs = array("i")
        self.freqs = array("i")

    def __len__(self) -> int:
        return len(self.docs)

    def add(self, docnum: int, value) -> None:
        """Take a document's value of the field."""
        if self._whole_value and isinstance(value, str):
            self.terms.append(self._numbers.setdefault(value.encode(), len(self._numbers)))
            self.docs.append(docnum)
            self.freqs.append(1)
            return
        try:
            found = self._analysed.get(value)
        except TypeError:  # a list of values (Whoosh's fields take them): not kept
            found = self._analyse(value)
        if found is None:
            if len(self._analysed) >= _VALUES_REMEMBERED:
                self._analysed.clear()
            found = self._analysed[value] = self._analyse(value)
        terms, docs, freqs = self.terms, self.docs, self.freqs
        for number, freq in found:
            terms.append(number)
            docs.append(docnum)
            freqs.append(freq)

    def _analyse(self, value) -> list[tuple[int, int]]:
        numbers = self._numbers
        found = []
        for tbytes, freq, weight, _value in self._index(value):
            if weight != freq:  # plain() admits only fields whose weights are counts
                raise ValueError(f"a weight of {weight} for a count of {freq}")
            found.append((numbers.setdefault(tbytes, len(numbers)), freq))
        return found

    def sorted_postings(self) -> tuple[list[bytes], np.ndarray, np.ndarray, np.ndarray]:
        """The terms in order (bytes order: Whoosh's), each term's first posting then
        the total, and the postings' documents and counts, by term then document. The
        postings are let go of here."""
        texts = list(self._numbers)  # number -> term
        by_text = sorted(range(len(texts)), key=texts.__getitem__)
        rank = np.empty(len(texts), dtype=np.int64)
        rank[by_text] = np.arange(len(texts))
        ranks = rank[np.frombuffer(self.terms, dtype=np.int32)]
        # Documents were added in order: a stable sort by term keeps each term's so.
        order = stable_order(ranks, len(texts))
        ranks = ranks[order]
        docs = np.frombuffer(self.docs, dtype=np.int32)[order].astype(np.int64)
        freqs = np.frombuffer(self.freqs, dtype=np.int32)[order].astype(np.int64)
        self.terms, self.docs, self.freqs = array("i"), array("i"), array("i")
        self._numbers, self._analysed = {}, {}
        term_starts = np.append(np.flatnonzero(np.diff(ranks, prepend=-1)), len(docs))
        return [texts[n] for n in by_text], term_starts, docs, freqs
