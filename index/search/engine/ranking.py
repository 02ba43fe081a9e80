"""Ranking whole posting lists at once with numpy, to Whoosh's own BM25F scores.

Whoosh ranks by walking its matcher tree one posting at a time in Python: a two-word
query over four fields at 100,000 papers scores hundreds of thousands of postings and
took 0.4-0.6 s (SQLite FTS5: 15-25 ms). Here the same index is read a posting block at a
time into arrays, and the same formula (`whoosh.scoring.bm25`, with Whoosh's own idf,
average lengths and field-length bytes) runs over whole arrays.

Only the query shapes the search box produces are handled: terms, AND, OR, ANDNOT, and
the words a fuzzy term, prefix or wildcard expands to. Anything else (phrases, ranges,
NOT alone) raises `Unsupported` and Whoosh's own matchers run it; tests check both agree.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

import numpy as np
from whoosh.query import And, AndNot, FuzzyTerm, NullQuery, Or, Prefix, Query, Term, Wildcard
from whoosh.util.numeric import byte_to_length

from ...errors import SearchCancelled
from ..notes import NOTE_FIELD, NotePostings, note_score
from .lists import ListRanker
from .matching import AndNot as ExcludingAndNot
from .postings import SegmentPostings, Unsupported, join_weights
from .ranked import RankedNumbers
from .score_order import by_score
from .searched import SearchedIndex

__all__ = ["Unsupported", "VectorRanker"]

# A segment with at most this many terms (every field's) has its ranked fields' term
# tables read when a ranker first meets it (~5 ms); larger ones wait for warm_up.
READ_TERMS_AT_ONCE = 10_000
# Documents: an index this small ranks plain words on Python lists (_rank_plain_words).
# On the 33 bundled papers that took a word from 40 to 20 µs and the slowest runs from
# 120 to 45 µs; with lists of hundreds of postings numpy wins.
SMALL_INDEX = 128
GROUP_CACHE = 512  # words' scores kept per small index's ranker (a few KB each at most)
# Terms' scored postings kept per ranker (_term). Reading and scoring a term's postings
# was half a two-word search at 100,000 papers (3-4 ms of 7-8), and each keystroke of a
# query reads its earlier words again; the commonest word there is about 1 MB.
SCORED_TERMS_BYTES = 16 << 20
# Field-length bytes decoded once: Whoosh stores each length as one lossy byte.
_LENGTH_OF_BYTE = np.array([byte_to_length(b) if b else 1 for b in range(256)],
                           dtype=np.float64)


class _Matches:
    """Which documents match (a boolean mask) and their summed scores (0 elsewhere)."""

    __slots__ = ("mask", "scores")

    def __init__(self, mask: np.ndarray, scores: np.ndarray) -> None:
        self.mask = mask
        self.scores = scores


class _Postings:
    """One term's matches: document numbers (each once) and their scores."""

    __slots__ = ("ids", "scores")

    def __init__(self, ids: np.ndarray, scores: np.ndarray) -> None:
        self.ids = ids
        self.scores = scores


def _boosted(part: _Part, boost: float) -> _Part:
    """A compound's boost applied: a term's postings (kept for the ranker's life: new
    scores) or the matches the compound summed (its own arrays: scaled in place)."""
    if isinstance(part, _Postings):
        return _Postings(part.ids, part.scores * boost)
    part.scores *= boost
    return part


_NO_IDS = np.empty(0, dtype=np.int64)
_NO_POSTINGS = _Postings(_NO_IDS, np.empty(0))
_Part = _Matches | _Postings


class VectorRanker(SearchedIndex):
    """Evaluates queries over one searcher's segments; caches per-segment arrays."""

    def __init__(self, searcher, ranked_fields=(), term_tables: dict | None = None) -> None:
        """`term_tables` keeps the ranked fields' term tables, by segment id, from one
        ranker to the next: a segment's are read once (small ones now, others in
        warm_up), not again for every searcher."""
        super().__init__(searcher)
        self._ranked_fields = tuple(ranked_fields)
        self._term_tables = {} if term_tables is None else term_tables
        current = {segment.segment_id for segment, _offset in self.segments}
        for gone in set(self._term_tables) - current:
            self._term_tables.pop(gone, None)
        for segment, _offset in self.segments:
            if segment.segment_id in self._term_tables:
                segment.loaded_terms = self._term_tables[segment.segment_id]
            elif segment.term_count <= READ_TERMS_AT_ONCE:
                self._load_terms(segment)
        self._lengths: dict[str, np.ndarray] = {}
        self._field_norms: dict[str, np.ndarray] = {}
        self._field_unit_scores: dict[str, np.ndarray] = {}
        self._on_lists: ListRanker | None = None  # a small index's plain words, on lists
        self._group_cache: dict[tuple, dict[int, float]] = {}
        self._scored_terms: OrderedDict[tuple[str, bytes], _Postings] = OrderedDict()
        self._scored_bytes = 0
        self._scored_lock = threading.Lock()  # (not _lock: held while lengths are read)
        self._lock = threading.Lock()
        # The reader's notes for the search under way (search_index sets them per search).
        self.notes: NotePostings | None = None
        self._live = self._live_mask()
        self._dead = set() if self._live is None else \
            set(np.flatnonzero(~self._live).tolist()) if self._size <= SMALL_INDEX else None

    def _live_mask(self) -> np.ndarray | None:
        """False for deleted documents (replaced by a tag or an edit), else None."""
        live = None
        for offset, deleted in self._deleted_by_segment():
            if live is None:
                live = np.ones(self._size, dtype=bool)
            live[np.fromiter(deleted, dtype=np.int64) + offset] = False
        return live

    def _load_terms(self, segment: SegmentPostings) -> None:
        segment.load_terms(self._ranked_fields)
        self._term_tables[segment.segment_id] = segment.loaded_terms

    def warm_up(self) -> None:
        for fieldname in self._ranked_fields:
            if self._schema[fieldname].scorable:
                self._unit_scores(fieldname)
        for segment, _offset in self.segments:
            if segment.segment_id not in self._term_tables:
                self._load_terms(segment)

    # -- reading -------------------------------------------------------------------
    def _field_lengths(self, fieldname: str) -> np.ndarray:
        """Every document's length in `fieldname`, as Whoosh's scorer sees it."""
        with self._lock:
            cached = self._lengths.get(fieldname)
            if cached is not None:
                return cached
            lengths = np.ones(self._size, dtype=np.float64)
            for offset, raw in self._length_bytes(fieldname):
                codes = np.frombuffer(raw, dtype=np.uint8)
                lengths[offset:offset + len(codes)] = _LENGTH_OF_BYTE[codes]
            self._lengths[fieldname] = lengths
            return lengths

    def _norms(self, fieldname: str) -> np.ndarray:
        """BM25's per-document length normalisation, `k1 * ((1 - b) + b * length /
        average)`: the same for every term of a field, so worked out once."""
        norms = self._field_norms.get(fieldname)
        if norms is None:
            average = self._average_length(fieldname) or 1
            b, k1 = self._b, self._k1
            norms = k1 * ((1 - b) + b * self._field_lengths(fieldname) / average)
            self._field_norms[fieldname] = norms
        return norms

    def _unit_scores(self, fieldname: str) -> np.ndarray:
        """BM25's `(tf * (k1 + 1)) / (tf + norm)` for tf = 1, each document's: a word
        once in a field is the commonest posting, and this saves its arithmetic."""
        scores = self._field_unit_scores.get(fieldname)
        if scores is None:
            scores = (1.0 * (self._k1 + 1)) / (1.0 + self._norms(fieldname))
            self._field_unit_scores[fieldname] = scores
        return scores

    def document_numbers(self, fieldname: str, text: str) -> np.ndarray:
        """The documents with the term, ascending (deleted ones included)."""
        return self._postings(fieldname, text.encode("utf-8"))[0]

    def _postings(self, fieldname: str, btext: bytes) -> tuple[np.ndarray, np.ndarray | None]:
        """Global document numbers and weights (None: all 1) of one term, deleted
        documents included."""
        found = []
        for segment, offset in self.segments:
            arrays = segment.read(fieldname, btext)
            if arrays is not None:
                found.append((arrays[0] + offset if offset else arrays[0], arrays[1]))
        if not found:
            return _NO_IDS, None
        if len(found) == 1:
            return found[0]
        ids = [f[0] for f in found]
        return np.concatenate(ids), join_weights(ids, [f[1] for f in found])

    # -- evaluating -----------------------------------------------------------------
    def evaluate(self, query: Query, allowed: Query | None = None,
                 cancelled: Callable[[], bool] | None = None) -> _Matches:
        """Live documents matching `query` (and `allowed`, unscored), with scores."""
        cancelled = cancelled or (lambda: False)
        matches = self._dense(self._node(query, cancelled))
        if allowed is not None:
            matches.mask &= self._dense(self._node(allowed, cancelled)).mask
        if self._live is not None:
            matches.mask &= self._live
        return matches

    def _empty(self) -> _Matches:
        return _Matches(np.zeros(self._size, dtype=bool), np.zeros(self._size))

    def _dense(self, part: _Part) -> _Matches:
        if isinstance(part, _Matches):
            return part
        matches = self._empty()
        matches.mask[part.ids] = True
        matches.scores[part.ids] = part.scores
        return matches

    def _node(self, query: Query, cancelled: Callable[[], bool]) -> _Part:
        if cancelled():
            raise SearchCancelled
        kind = type(query)
        if query is NullQuery:
            return _NO_POSTINGS
        if kind is Term:
            return self._term(query)
        if (kind is Or and not query.minmatch and not query.scale) or kind is And:
            parts = []
            for subquery in query.subqueries:
                part = self._term(subquery) if type(subquery) is Term \
                    else self._node(subquery, cancelled)
                if part is _NO_POSTINGS:
                    if kind is And:
                        return _NO_POSTINGS  # the rest cannot make it match
                    continue
                parts.append(part)
            if not parts:
                return _NO_POSTINGS
            combined = self._or(parts) if kind is Or else self._and(parts)
            # Whoosh applies a compound's boost only when it has several parts.
            if len(query.subqueries) > 1 and query.boost != 1.0:
                combined = _boosted(combined, query.boost)
            return combined
        if kind is AndNot or kind is ExcludingAndNot:
            kept = self._dense(self._node(query.a, cancelled))
            removed = self._node(query.b, cancelled)
            dropped = removed.ids if isinstance(removed, _Postings) else removed.mask
            kept.mask[dropped] = False
            kept.scores[dropped] = 0.0
            return kept
        if kind in (FuzzyTerm, Prefix, Wildcard):
            # Whoosh scores these expansions by BM25F in libraries over 5,000 papers and
            # gives them a constant score below that (its preloaded OR drops the
            # weighting); here they are always ranked, so size does not change the order.
            return self._expanded(query, cancelled)
        raise Unsupported(kind.__name__)

    def _expanded(self, query: Query, cancelled: Callable[[], bool]) -> _Part:
        """A fuzzy word or a pattern is the OR of the words it reaches, as Whoosh
        expands it."""
        terms = self._expansions(query)
        if not terms:
            return _NO_POSTINGS
        if len(terms) == 1:
            return self._node(terms[0], cancelled)
        return self._node(Or(terms, boost=query.boost), cancelled)

    def _term(self, query: Term) -> _Part:
        fieldname = query.fieldname
        if fieldname == NOTE_FIELD:
            return self._note_term(query)
        btext = self._term_bytes(query)
        if btext is None:
            return _NO_POSTINGS
        key = (fieldname, btext)
        with self._scored_lock:
            scored = self._scored_terms.get(key)
            if scored is not None:
                self._scored_terms.move_to_end(key)
        if scored is None:
            scored = self._scored_term(fieldname, btext)
            self._keep_scored(key, scored)
        if query.boost != 1.0 and scored is not _NO_POSTINGS:
            return _boosted(scored, query.boost)
        return scored

    def _keep_scored(self, key: tuple[str, bytes], scored: _Postings) -> None:
        """Keeps a term's scored postings for the ranker's life (its segments never
        change), the least recently used dropped past SCORED_TERMS_BYTES. The arrays are
        made read-only: whatever combines them makes new ones, and a slip that wrote
        into them would change every later search that has the word."""
        size = scored.ids.nbytes + scored.scores.nbytes
        if size > SCORED_TERMS_BYTES // 4:
            return
        scored.ids.flags.writeable = False
        scored.scores.flags.writeable = False
        with self._scored_lock:
            if key in self._scored_terms:
                return
            self._scored_terms[key] = scored
            self._scored_bytes += size
            while self._scored_bytes > SCORED_TERMS_BYTES:
                _key, dropped = self._scored_terms.popitem(last=False)
                self._scored_bytes -= dropped.ids.nbytes + dropped.scores.nbytes

    def _scored_term(self, fieldname: str, btext: bytes) -> _Postings:
        """One term's documents and BM25F scores (before any boost)."""
        field = self._fields.get(fieldname)
        ids, weights = self._postings(fieldname, btext)
        if not len(ids):
            return _NO_POSTINGS
        if field.scorable:
            idf = self._searcher.idf(fieldname, btext)
            # whoosh.scoring.bm25, operation for operation, so the floats come out the same
            if weights is None:
                scores = idf * self._unit_scores(fieldname)[ids]
            else:
                scores = idf * ((weights * (self._k1 + 1))
                                / (weights + self._norms(fieldname)[ids]))
        else:  # Whoosh's WeightScorer: the term's weight in the document
            scores = np.ones(len(ids)) if weights is None else weights
        return _Postings(ids, scores)

    def _note_term(self, query: Term) -> _Part:
        """A word of the reader's notes: from the store (search/notes.py), not the index."""
        found = self.notes.get(query.text) if self.notes and type(query.text) is str else None
        if found is None:
            return _NO_POSTINGS
        ids, counts = found
        scores = np.array([note_score(c, self._k1) * query.boost for c in counts])
        return _Postings(np.asarray(ids, dtype=np.int64), scores)

    def _or(self, parts: list[_Part]) -> _Part:
        if len(parts) == 1:
            return parts[0]
        # One dense accumulator for the whole OR: a prefix expands to dozens of terms,
        # and an array of every document per term cost more than the terms themselves.
        total = next((p for p in parts if isinstance(p, _Matches)), None) or self._empty()
        for part in parts:
            if part is total:
                continue
            if isinstance(part, _Postings):
                total.mask[part.ids] = True
                total.scores[part.ids] += part.scores  # a term's ids are unique
            else:
                total.mask |= part.mask
                total.scores += part.scores
        return total

    def _and(self, parts: list[_Part]) -> _Part:
        if len(parts) == 1:
            return parts[0]
        total = self._dense(parts[0])
        for part in parts[1:]:
            if isinstance(part, _Postings):
                present = np.zeros(self._size, dtype=bool)
                present[part.ids] = True
                total.mask &= present
                total.scores[part.ids] += part.scores
            else:
                total.mask &= part.mask
                total.scores += part.scores
        total.scores[~total.mask] = 0.0
        return total

    # -- ranking -------------------------------------------------------------------
    def rank(self, query: Query, allowed: Query | None = None,
             cancelled: Callable[[], bool] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Matching document numbers by descending score, ties by document number (as
        Whoosh orders them), with their scores."""
        matches = self.evaluate(query, allowed, cancelled)
        docnums = matches.mask.nonzero()[0]
        scores = matches.scores[docnums]
        order = by_score(scores)  # (docnums ascend: ties keep document order)
        return docnums[order], scores[order]

    def ranked(self, query: Query, allowed: Query | None = None,
               cancelled: Callable[[], bool] | None = None
               ) -> tuple[Sequence[int], Sequence[float]]:
        """`rank` read as Python numbers (ranked.py: converted as they are read, not all at
        once); plain words in a small index are ranked without numpy, into lists."""
        if allowed is None and self._size <= SMALL_INDEX:
            small = self._rank_plain_words(query)
            if small is not None:
                return small
        docnums, scores = self.rank(query, allowed, cancelled)
        return RankedNumbers(docnums), RankedNumbers(scores)

    def _rank_plain_words(self, query: Query) -> tuple[list[int], list[float]] | None:
        """What `rank` gives, for an AND of ORs of terms (the query plain words make),
        computed on Python lists: in an index of a few dozen papers numpy's cost per call
        was most of a search, and numpy's code, pushed out of the processor's caches by
        drawing the results, made the slowest searches two to three times the typical
        one. The same operations in the same order, so the floats are the same (tests
        compare the two). None for any other query shape."""
        groups = query.subqueries if type(query) is And else [query]
        if type(query) is And and query.boost != 1.0:
            return None
        total: dict[int, float] | None = None
        for group in groups:
            terms = _plain_terms(group)
            if terms is None:
                return None
            scores = self._group_scores(terms)
            if total is None:
                total = scores
            else:
                total = {d: total[d] + score for d, score in scores.items() if d in total}
            if not total:
                return [], []
        if total is None:
            return [], []
        dead = self._dead
        # np.round(x, 9) is rint(x * 1e9) / 1e9; Python's round() to an integer is rint.
        ranked = sorted(((-(round(score * 1e9) / 1e9), docnum, score)
                         for docnum, score in total.items() if docnum not in dead))
        return [docnum for _key, docnum, _score in ranked], \
            [score for _key, _docnum, score in ranked]

    def _group_scores(self, terms: list[Term]) -> dict[int, float]:
        """Document -> score of one word's group (or an OR's), summed term by term. Kept
        for the ranker's life (its segments never change), so that the forgiving
        fallback, which scores the words again, and the next keystroke reuse it. Notes
        change between searches: a group with a note term is summed afresh while any
        paper has a note (without notes such a term adds nothing, so the stored sum is
        the same floats). Never mutate the result."""
        if self.notes and any(term.fieldname == NOTE_FIELD for term in terms):
            scores: dict[int, float] = {}
            for term in terms:
                self._add_term_scores(term, scores)
            return scores
        scored = [term for term in terms if term.fieldname != NOTE_FIELD]
        key = tuple((term.fieldname, term.text, term.boost) for term in scored)
        scores = self._group_cache.get(key)
        if scores is None:
            scores = {}
            for term in scored:
                self._add_term_scores(term, scores)
            if len(self._group_cache) >= GROUP_CACHE:
                self._group_cache.clear()
            self._group_cache[key] = scores
        return scores

    def _add_term_scores(self, term: Term, scores: dict[int, float]) -> None:
        """_term's scores, added to `scores` (document -> sum so far): on lists, by the
        ranker that ranks before numpy loads (lists.py), the same floats."""
        if self._on_lists is None:
            self._on_lists = ListRanker(self._searcher, self._term_tables)
        self._on_lists.notes = self.notes
        self._on_lists.add_term_scores(term, scores)

    def coordinated(self, groups: list[Query], need: int, allowed: Query | None = None,
                    cancelled: Callable[[], bool] | None = None
                    ) -> tuple[list[int], list[int], list[float]]:
        """Documents matching at least `need` of `groups` (a query's words) but not all
        of them, with how many each matches and its score (the sum over those words).

        Ranked by that score, as Lucene ranks a minimum-should-match query: a word
        missing costs its own score, little for "using" and much for "mimetic". (The
        score times the idf-weighted share of words each has, Lucene's old coordination
        factor, found the same known papers and fewer of them in the first 10 once the
        head is ranked by words together, proximity.py: `python -m
        benchmarks.known_item`.) Ties go by document number."""
        if allowed is None and self._size <= SMALL_INDEX:
            small = self._coordinate_plain_words(groups, need)
            if small is not None:
                return small
        return self._coordinate_arrays(groups, need, allowed, cancelled)

    def _coordinate_arrays(self, groups: list[Query], need: int, allowed: Query | None,
                           cancelled: Callable[[], bool] | None
                           ) -> tuple[list[int], list[int], list[float]]:
        cancelled = cancelled or (lambda: False)
        counts = np.zeros(self._size, dtype=np.int64)
        scores = np.zeros(self._size)
        for group in groups:
            part = self._node(group, cancelled)
            ids = part.ids if isinstance(part, _Postings) else part.mask.nonzero()[0]
            counts[ids] += 1
            scores[ids] += part.scores if isinstance(part, _Postings) else part.scores[ids]
        keep = (counts >= need) & (counts < len(groups))
        if allowed is not None:
            keep &= self._dense(self._node(allowed, cancelled)).mask
        if self._live is not None:
            keep &= self._live
        docnums = keep.nonzero()[0]
        docnums = docnums[by_score(scores[docnums])]
        return docnums.tolist(), counts[docnums].tolist(), scores[docnums].tolist()

    def _coordinate_plain_words(self, groups: list[Query], need: int
                                ) -> tuple[list[int], list[int], list[float]] | None:
        """`coordinated` on Python lists for groups of plain words in a small index (as
        `_rank_plain_words`: numpy's cost per call was most of a forgiven search there).
        The same operations in the same order, so the floats and the order are the same
        (tests compare the two); None for any other group shape."""
        per_group = []
        for group in groups:
            terms = _plain_terms(group)
            if terms is None:
                return None
            per_group.append(self._group_scores(terms))
        counts: dict[int, int] = {}
        totals: dict[int, float] = {}
        for scores in per_group:
            for docnum, score in scores.items():
                counts[docnum] = counts.get(docnum, 0) + 1
                totals[docnum] = totals.get(docnum, 0.0) + score
        dead, every = self._dead, len(groups)
        ranked = sorted((-(round(totals[d] * 1e9) / 1e9), d)
                        for d, count in counts.items()
                        if need <= count < every and d not in dead)
        return [d for _key, d in ranked], [counts[d] for _key, d in ranked], \
            [totals[d] for _key, d in ranked]

    def matching(self, query: Query, allowed: Query | None = None,
                 cancelled: Callable[[], bool] | None = None) -> np.ndarray:
        """Matching document numbers in index order (for sorting by a field)."""
        return np.flatnonzero(self.evaluate(query, allowed, cancelled).mask)


def _plain_terms(group: Query) -> list[Term] | None:
    """The terms of one plain word's group (a term, or an unweighted OR of its forms);
    None for anything else."""
    if type(group) is Term:
        return [group]
    if type(group) is Or and not group.minmatch and not group.scale \
            and (group.boost == 1.0 or len(group.subqueries) < 2) \
            and all(type(term) is Term for term in group.subqueries):
        return list(group.subqueries)
    return None
