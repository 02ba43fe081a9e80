"""Ranking on Python lists, without numpy: the floats and the order `ranking.py`'s arrays
give, for a search that comes before numpy is loaded.

The app's first keystroke is typed at its first paint, and its search used to wait for
numpy's import (about a third of loading the search engine, 50-70 ms here) before the
ranker could run. In a library of a few thousand papers the same sums are cheap on lists
(a letter matching every paper: a few ms), so until the app's warm-up builds the array
ranker, a search is ranked here; so is `papers search`, which ranks once.

Every step is the array ranker's, operation for operation and in the same order, so the
scores are the same floats (tests compare the two): a node's matches are a dict of
document -> score, marked dense where the array ranker holds a whole-index array (an
OR or AND of several parts), whose first such part is the one the others are added to.
Query shapes the array ranker does not handle raise `Unsupported`, as there.
"""

from __future__ import annotations

from collections.abc import Callable

from whoosh.query import And, AndNot, FuzzyTerm, NullQuery, Or, Prefix, Query, Term, Wildcard
from whoosh.util.numeric import byte_to_length

from ...errors import SearchCancelled
from ..notes import NOTE_FIELD, NotePostings, note_score
from .matching import AndNot as ExcludingAndNot
from .postings import Unsupported
from .searched import SearchedIndex

# Libraries up to this size rank on lists until the array ranker is built (a letter that
# every paper's words begin with costs about 1.5 µs a paper and field here).
LISTS_UP_TO = 5_000
# A field-length byte as Whoosh's scorer reads it (ranking.py's table, as floats).
_LENGTH_OF_BYTE = [float(byte_to_length(b)) if b else 1.0 for b in range(256)]

# One node's matches: whether the array ranker holds them as a whole-index array, and
# document -> score. None: no postings at all (the array ranker's _NO_POSTINGS).
Part = tuple[bool, dict[int, float]]


class ListRanker(SearchedIndex):
    """Ranks one searcher's documents on lists; keeps each field's length norms."""

    def __init__(self, searcher, term_tables: dict | None = None) -> None:
        """`term_tables`: the ranked fields' term tables already read, by segment id (the
        array ranker's, shared by the index); none are read here."""
        super().__init__(searcher)
        for segment, _offset in self.segments:
            if term_tables and segment.segment_id in term_tables:
                segment.loaded_terms = term_tables[segment.segment_id]
        self._per_field: dict[tuple[str, str], list[float]] = {}
        self.dead = self._deleted()
        # The reader's notes for the search under way (search_index sets them per search).
        self.notes: NotePostings | None = None

    def _deleted(self) -> set[int]:
        """Deleted documents (replaced by an edit), by global number."""
        dead: set[int] = set()
        for offset, deleted in self._deleted_by_segment():
            dead.update(docnum + offset for docnum in deleted)
        return dead

    # -- a field's BM25 parts, as ranking.py's arrays hold them ---------------------------
    def _lengths(self, fieldname: str) -> list[float]:
        lengths = [1.0] * self._size
        for offset, raw in self._length_bytes(fieldname):
            lengths[offset:offset + len(raw)] = [_LENGTH_OF_BYTE[code] for code in raw]
        return lengths

    def per_field(self, kind: str, fieldname: str) -> list[float]:
        """Each document's `k1 * ((1 - b) + b * length / average)` ("norms") or BM25's
        score of a word once in the field ("unit"), in the arrays' order of operations."""
        key = (kind, fieldname)
        values = self._per_field.get(key)
        if values is None:
            if kind == "norms":
                average = self._average_length(fieldname) or 1
                b, k1 = self._b, self._k1
                values = [k1 * ((1 - b) + b * length / average)
                          for length in self._lengths(fieldname)]
            else:
                unit = 1.0 * (self._k1 + 1)
                values = [unit / (1.0 + norm) for norm in self.per_field("norms", fieldname)]
            self._per_field[key] = values
        return values

    # -- terms ---------------------------------------------------------------------------
    def add_term_scores(self, term: Term, scores: dict[int, float]) -> None:
        """The term's score in each document it is in, added to `scores` (document ->
        sum so far), segment by segment."""
        fieldname = term.fieldname
        if fieldname == NOTE_FIELD:
            found = self.notes.get(term.text) if self.notes and type(term.text) is str else None
            for docnum, count in zip(*(found or ((), ())), strict=True):
                scores[docnum] = scores.get(docnum, 0.0) + note_score(count, self._k1) * \
                    term.boost
            return
        field = self._fields.get(fieldname)
        btext = self._term_bytes(term)
        if btext is None:
            return
        idf = self._searcher.idf(fieldname, btext) if field.scorable else 1.0
        boost = term.boost
        for segment, offset in self.segments:
            found = segment.read_lists(fieldname, btext)
            if found is None:
                continue
            ids, weights = found
            if offset:
                ids = [docnum + offset for docnum in ids]
            if not field.scorable:
                values = weights or [1.0] * len(ids)
            elif weights is None:
                unit = self.per_field("unit", fieldname)
                values = [idf * unit[docnum] for docnum in ids]
            else:
                norms, k = self.per_field("norms", fieldname), self._k1 + 1
                values = [idf * ((w * k) / (w + norms[docnum]))
                          for docnum, w in zip(ids, weights, strict=True)]
            if boost != 1.0:
                values = [value * boost for value in values]
            for docnum, value in zip(ids, values, strict=True):
                scores[docnum] = scores.get(docnum, 0.0) + value

    def document_numbers(self, fieldname: str, text: str) -> list[int]:
        """The documents with the term, ascending (deleted ones included): the array
        ranker's document_numbers, as a list."""
        btext = text.encode("utf-8")
        found: list[int] = []
        for segment, offset in self.segments:
            lists = segment.read_lists(fieldname, btext)
            if lists is not None:
                found.extend(docnum + offset for docnum in lists[0])
        return found

    # -- queries -------------------------------------------------------------------------
    def ranked(self, query: Query, allowed: Query | None = None,
               cancelled: Callable[[], bool] | None = None) -> tuple[list[int], list[float]]:
        """VectorRanker.ranked: matching live documents by descending score (rounded to
        1e-9, as the arrays' near-ties), ties by document number. Raises Unsupported for
        a query shape only Whoosh's matchers evaluate, as the array ranker does, and for
        an `allowed` query (the array ranker's)."""
        if allowed is not None:
            raise Unsupported("an allowed set is ranked on arrays")
        part = self._node(query, cancelled or (lambda: False))
        totals = part[1] if part is not None else {}
        dead = self.dead
        # np.round(x, 9) is rint(x * 1e9) / 1e9; Python's round() to an integer is rint.
        order = sorted((-(round(score * 1e9) / 1e9), docnum, score)
                       for docnum, score in totals.items() if docnum not in dead)
        return [docnum for _key, docnum, _score in order], \
            [score for _key, _docnum, score in order]

    def _node(self, query: Query, cancelled: Callable[[], bool]) -> Part | None:
        if cancelled():
            raise SearchCancelled
        kind = type(query)
        if query is NullQuery:
            return None
        if kind is Term:
            scores: dict[int, float] = {}
            self.add_term_scores(query, scores)
            return (False, scores) if scores else None
        if (kind is Or and not query.minmatch and not query.scale) or kind is And:
            return self._compound(query, cancelled)
        if kind is AndNot or kind is ExcludingAndNot:
            kept = self._node(query.a, cancelled)
            removed = self._node(query.b, cancelled)
            dropped = removed[1] if removed is not None else {}
            return True, {docnum: score for docnum, score in (kept or (True, {}))[1].items()
                          if docnum not in dropped}
        if kind in (FuzzyTerm, Prefix, Wildcard):
            terms = self._expansions(query)
            if not terms:
                return None
            if len(terms) == 1:
                return self._node(terms[0], cancelled)
            return self._node(Or(terms, boost=query.boost), cancelled)
        raise Unsupported(kind.__name__)

    def _compound(self, query: Or | And, cancelled: Callable[[], bool]) -> Part | None:
        is_or = type(query) is Or
        parts = []
        for subquery in query.subqueries:
            part = self._node(subquery, cancelled)
            if part is None:
                if not is_or:
                    return None  # the rest cannot make it match
                continue
            parts.append(part)
        if not parts:
            return None
        combined = parts[0] if len(parts) == 1 else \
            (self._or(parts) if is_or else self._and(parts))
        # Whoosh applies a compound's boost only when it has several parts.
        if len(query.subqueries) > 1 and query.boost != 1.0:
            boost = query.boost
            combined = combined[0], {d: score * boost for d, score in combined[1].items()}
        return combined

    @staticmethod
    def _or(parts: list[Part]) -> Part:
        # The arrays add every part to the first whole-index one (or to zeros).
        base = next((part for part in parts if part[0]), None)
        total = dict(base[1]) if base is not None else {}
        for part in parts:
            if part is base:
                continue
            for docnum, score in part[1].items():
                total[docnum] = total.get(docnum, 0.0) + score
        return True, total

    @staticmethod
    def _and(parts: list[Part]) -> Part:
        total = parts[0][1]
        for part in parts[1:]:
            total = {docnum: total[docnum] + score for docnum, score in part[1].items()
                     if docnum in total}
        return True, total
