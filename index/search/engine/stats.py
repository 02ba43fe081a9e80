"""BM25F with collection statistics frozen at the last change of the library's lists.

BM25 scores a paper by how rare its words are in the collection (idf) and how long its
fields are against the average. Whoosh counts both over every document of every segment,
replaced ones included: a paper re-indexed after an edit was counted twice until its
segments merged, and its new words moved the statistics, so one edit moved every other
paper's score and swapped near-tied rows under the cursor.

Here the statistics come only from the segments written when lists last changed (a
rebuild, a list added or removed: `frozen`). An edit writes its paper to a new segment
that the statistics leave out, and never merges the frozen ones (search_index.py), so
it changes that paper's own score alone. The next list change counts everything again.
"""

from __future__ import annotations

from collections.abc import Collection
from math import log

from whoosh.scoring import BM25F, BM25FScorer, WeightScorer


class StableBM25F(BM25F):
    """Whoosh's BM25F, its idf and average field lengths counted over the `frozen`
    segments only (None: all of them, as Whoosh does). One per searcher."""

    def __init__(self, frozen: Collection[str] | None, B: float = 0.75,
                 K1: float = 1.2) -> None:
        super().__init__(B=B, K1=K1)
        self.frozen = None if frozen is None else frozenset(frozen)
        self._later: list | None = None  # leaf readers of segments written after

    def _later_leaves(self, searcher) -> list:
        if self._later is None:
            leaves = searcher.get_parent().reader().leaf_readers()
            self._later = [] if self.frozen is None else [
                reader for reader, _offset in leaves
                if reader.doc_count_all() and reader.segment() is not None
                and reader.segment().segment_id() not in self.frozen]
        return self._later

    def doc_count(self, searcher) -> int:
        parent = searcher.get_parent()
        return parent.doc_count_all() - sum(r.doc_count_all()
                                             for r in self._later_leaves(searcher))

    def doc_frequency(self, searcher, fieldname, text) -> int:
        """How many documents of the frozen segments have the term."""
        parent = searcher.get_parent()
        return parent.doc_frequency(fieldname, text) - sum(
            r.doc_frequency(fieldname, text) for r in self._later_leaves(searcher))

    def idf(self, searcher, fieldname, text) -> float:
        # WeightingModel.idf, over the frozen segments
        n = self.doc_frequency(searcher, fieldname, text)
        return log(self.doc_count(searcher) / (n + 1)) + 1

    def avg_field_length(self, searcher, fieldname) -> float | None:
        """Searcher.avg_field_length, over the frozen segments."""
        parent = searcher.get_parent()
        if not parent.schema[fieldname].scorable:
            return None
        total = parent.field_length(fieldname) - sum(
            r.field_length(fieldname) for r in self._later_leaves(searcher))
        return total / (self.doc_count(searcher) or 1)

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return WeightScorer.for_(searcher, fieldname, text)
        return _StableScorer(searcher, fieldname, text, self, qf=qf)


class _StableScorer(BM25FScorer):
    """BM25FScorer with the frozen average field length."""

    def __init__(self, searcher, fieldname, text, weighting: StableBM25F, qf=1) -> None:
        parent = searcher.get_parent()
        self.idf = parent.idf(fieldname, text)
        self.avgfl = weighting.avg_field_length(searcher, fieldname) or 1
        self.B = weighting.B
        self.K1 = weighting.K1
        self.qf = qf
        self.setup(searcher, fieldname, text)
