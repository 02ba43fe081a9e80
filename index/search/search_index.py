"""The Whoosh index: schema, building, incremental sync, and searching.

The index is a cache derived from the store. It lives in generation folders under the cache
dir with a `CURRENT` pointer, so a rebuild writes a new generation beside the one readers
are using and swaps the pointer atomically when it is complete.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from itertools import accumulate, count, islice
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from whoosh import index as whoosh_index
from whoosh.collectors import WrappingCollector
from whoosh.columns import VarBytesColumn
from whoosh.query import And, Every, NullQuery, Query, Term
from whoosh.reading import SegmentReader
from whoosh.writing import MERGE_SMALL

from ..errors import IndexBroken, SearchCancelled
from ..giving_way import give_way
from ..models import Paper
from . import analysis
from .coordination import FORGIVE_BELOW, Forgiven, fewest_to_match, operators_as_words, word_groups
from .engine.codec import POSTINGS_PER_BLOCK  # noqa: F401 - where tests look for it
from .engine.stats import StableBM25F
from .engine.writer import open_writer
from .forked_part import PART_FOLDER, ForkedPart
from .highlight import HighlightTerms
from .notes import NotePostings
from .prefixes import LexiconPrefixes, PrefixTable, begins_longer_words
from .proximity import PairsSeen, rerank
from .query import DEFAULT_FIELDS, Built, QueryBuilder
from .results import Results
from .schema import SORT_FIELDS, document, make_schema

# 8: papers' own codec (engine/codec.py); 9: id, year and first-author columns;
# 10: notes no longer in the documents (searched beside the index, search/notes.py);
# 11: sort keys are columns only (schema.SortKey);
# 12: tags no longer in the documents (filtered by from the store); the facet field;
# 13: derived titles in a field of their own (schema.py); 14: a CJK pair marks both its
# letters in the words field (analysis.edge_marks); 15: Greek letters folded to their
# names (analysis.GREEK_MAP); 16: compatibility forms folded (ℓ₁ is l1: analysis.FOLD_MAP);
# 17: small capitals folded (ꜱᴜᴍ is sum: analysis._small_capitals_map); 18: Porter stems
# from PyStemmer, a doubled final consonant undone ("planning" is plan: analysis.stem)
SCHEMA_VERSION = 18
WRITER_TIMEOUT = 30.0
# In the index's meta: the segments whose statistics rank (engine/stats.py), those
# written when the lists last changed.
FROZEN = "frozen_segments"
ID_PAGE = 4096  # ids read between two chances for a keystroke to go first (read_ids)
MAX_SEGMENTS = 10  # from this many, a commit merges the small ones
MERGE_RATIO = 2  # a commit takes in a segment of at most this many times the papers it has
# Whoosh's pool, which holds the postings of segments merged in and of commits too small
# for arrays (a large commit keeps every field's as arrays: engine/batch.py, plain.py),
# spills to run files from this many MB of postings.
WRITER_MEMORY_MB = 32
# Every match is ranked and kept: with vector ranking, listing all 100,000 costs 3 ms.
RELEVANCE_LIMIT: int | None = None

# progress(done, total, phase): phase "papers" counts papers read into the writer, then
# "writing" counts postings written to the new segment (a third of a large build).
Progress = Callable[[int, int, str], None]
# () -> (a stamp that changes when the notes do, () -> {paper id: note})
NoteSource = Callable[[], tuple[Any, Callable[[], dict[str, str]]]]
# Papers a commit must add before their word fields are built as arrays: fewer (a tag,
# an edit, a workshop's list, the bundled lists) go through Whoosh's pool, as fast for
# them, and the process never loads numpy to write.
ARRAYS_FROM = 500
WRITING_PROGRESS_ABOVE = 1000  # papers: smaller indexes are written in under a second
WRITING_PROGRESS_STEP = 100_000  # postings between reports


# Numbers for searchers (_serial), never given twice in a process; each searcher's is
# kept beside it (weakly: it goes with the searcher), not written onto Whoosh's object.
_SERIALS = count(1)
_SERIAL_OF: WeakKeyDictionary = WeakKeyDictionary()


def _serial(searcher) -> int:
    """The key of what is read once per searcher (the id table, facets, sort orders, the
    notes' postings): a number no other searcher of this process has had. Not its id():
    CPython gives a freed searcher's address to a later object, and a later commit's
    searcher then took the last one's id table (an IndexError after the bundled lists
    were removed, with an empty table, and a list added)."""
    serial = _SERIAL_OF.get(searcher)
    if serial is None:  # (two threads at once: each keeps its own, and one reads again)
        serial = _SERIAL_OF[searcher] = next(_SERIALS)
    return serial


def load_writing_modules() -> None:
    """Import what a large build writes with (numpy, the array writer) ahead of it."""
    from .engine import batch  # noqa: F401


def _merge_policy(writer, segments: list, frozen: frozenset[str] | None = None) -> list:
    """The segments a commit keeps as they are; the others are copied into the segment
    it writes.

    Every search looks its words up in every segment, but merging copies postings at
    about 8 ms a paper: Whoosh's default policy made every tag (then in the index)
    rewrite a library of a few hundred papers. Here a commit takes in the smallest
    segments while each holds at most MERGE_RATIO times the papers gathered so far
    (those it adds, then those it took), so segments grow in tiers, like a binary
    counter: a paper is copied about log(n) times in all, an edit merges only the edits
    before it, and a list the segments up to twice its size. A segment left without a
    live paper is dropped, which costs nothing; from MAX_SEGMENTS on, Whoosh's policy
    merges the small ones.

    An edit's commit keeps the `frozen` segments, whose statistics the ranking uses
    (engine/stats.py), as they are, even emptied: it merges only later ones.
    """
    if frozen is not None:
        return [s for s in segments if s.segment_id() in frozen] + _merge_policy(
            writer, [s for s in segments if s.segment_id() not in frozen])
    live = [segment for segment in segments if segment.doc_count() > 0]
    if len(live) >= MAX_SEGMENTS:
        return MERGE_SMALL(writer, live)
    size = writer.docnum - writer.docbase  # papers this commit adds
    merged = []
    for segment in sorted(live, key=lambda s: s.doc_count_all()):
        if segment.doc_count_all() > MERGE_RATIO * size:
            break
        size += segment.doc_count_all()
        merged.append(segment)
    for segment in merged:
        reader = SegmentReader(writer.storage, writer.schema, segment)
        writer.add_reader(reader)
        reader.close()
    return [segment for segment in live if segment not in merged]


@dataclass(frozen=True, slots=True)
class IdFilter:
    """Papers a search may return: by id, from outside the index (the store's reading
    state and tags), only those in `allow` (when given) and none in `deny`; and by the
    index's facets (search/facets.py), those with one at least of each group of
    `facets` and none of any group of `without_facets`."""

    allow: frozenset[str] | None = None
    deny: frozenset[str] = frozenset()
    facets: tuple[tuple[str, ...], ...] = ()
    without_facets: tuple[tuple[str, ...], ...] = ()


def _prefix_table(searcher) -> PrefixTable:
    """The prefix table of the words field, with its words' counts read from the term
    tables of papers' codec; from Whoosh's lexicon where they cannot be (another codec,
    an index not memory-mapped)."""
    from .engine.postings import SegmentPostings, Unsupported

    reader = searcher.reader()
    try:
        segments = [SegmentPostings(leaf) for leaf, _offset in reader.leaf_readers()
                    if leaf.doc_count_all()]  # (an empty index has an EmptyReader)
        return PrefixTable.from_segments(segment.field_terms("words")
                                         for segment in segments)
    except Unsupported:
        return PrefixTable.from_reader(reader, "words")


class SearchIndex:
    """One generation of the Whoosh index plus its sync state (store uuid, change seq)."""

    def __init__(self, root: Path, notes: NoteSource | None = None) -> None:
        """`notes` gives the reader's notes, searched beside the index (search/notes.py):
        a stamp that changes whenever they do, then the notes by paper id."""
        self.root = root
        self._notes_source = notes
        self._note_postings: tuple[int, Any, NotePostings] | None = None
        self.schema = make_schema()
        self._lock = threading.RLock()
        self._ix = None
        self._searcher = None
        self._prefixes: PrefixTable | None = None
        self._cards_read: tuple[Any, dict] = (None, {})  # (searcher, its cards: _read_cards)
        self._queries = QueryBuilder(self.schema, self._expansions, self._begins_longer_words)
        self._orders: dict[tuple[int, str], Any] = {}
        # Ranked fields' term tables read into memory, per segment id: segments never
        # change, so a new searcher (after every tag) reuses what an older one read.
        self._term_tables: dict[str, Any] = {}
        self._warmed = False  # warm_up ran: rank on arrays from now on (numpy is loaded)
        # (searcher id, every document's paper id by docnum, live paper id -> docnum)
        self._id_columns: tuple[int, list[str], dict[str, int]] | None = None
        self._id_columns_lock = threading.Lock()
        self._pairs_seen: PairsSeen | None = None  # proximity.py, for the current searcher
        # (searcher id, facet -> the document numbers that have it)
        self._facet_columns: tuple[int, dict[str, frozenset[int]]] | None = None

    # -- generations -------------------------------------------------------------------
    @property
    def _pointer(self) -> Path:
        return self.root / "CURRENT"

    def _current_dir(self) -> Path | None:
        """The generation CURRENT names; None if there is none or the pointer is bad."""
        try:
            name = self._pointer.read_text(encoding="utf-8").strip()
        except (OSError, ValueError):  # missing, unreadable, or garbage bytes
            return None
        if not name.startswith("gen-") or "/" in name or "\\" in name:
            return None  # only ever one of our own folder names
        path = self.root / name
        return path if path.is_dir() else None

    def meta(self) -> dict[str, Any]:
        """Sync state of the generation open here, else of the current one."""
        directory = Path(self._ix.storage.folder) if self._ix is not None \
            else self._current_dir()
        if directory is None:
            return {}
        try:
            meta = json.loads((directory / "papers-meta.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return meta if isinstance(meta, dict) else {}

    def _write_meta(self, directory: Path, meta: dict[str, Any]) -> None:
        temp = directory / f"papers-meta.json.{uuid.uuid4().hex}"
        temp.write_text(json.dumps(meta))
        os.replace(temp, directory / "papers-meta.json")

    def open(self, *, tidy: bool = False) -> None:
        """Open the current generation, or move to it when another process replaced the
        one open here (already on it: just see its latest commit).

        Raises IndexBroken if there is none, or it is stale or corrupt; the generation
        open before stays in use. `tidy` (only with the sync lock held, so no commit
        is under way) also deletes files a killed commit left unreferenced.
        """
        with self._lock:
            current = self._current_dir()
            if current is None:
                raise IndexBroken("no index yet" if not self._pointer.exists()
                                  else "the index pointer (CURRENT) names no index")
            if self._ix is not None and Path(self._ix.storage.folder) == current:
                self._refresh()
                return
            try:
                meta = json.loads((current / "papers-meta.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                meta = None
            if not isinstance(meta, dict):
                raise IndexBroken("the index's own record (papers-meta.json) is unreadable")
            if meta.get("schema") != SCHEMA_VERSION:
                raise IndexBroken("the index was built by another version")
            try:
                ix = whoosh_index.open_dir(str(current))
                searcher = _searcher(ix, meta)
                searcher.doc_count()
                if tidy:
                    toc = ix._read_toc()
                    whoosh_index.clean_files(ix.storage, ix.indexname, toc.generation,
                                             toc.segments)
            except Exception as error:  # Whoosh raises many kinds on damaged files
                raise IndexBroken(f"the index is damaged ({type(error).__name__})") from error
            self._close_handles()
            self._ix, self._searcher, self._prefixes = ix, searcher, None

    def _close_handles(self) -> None:
        # Searchers are left to the garbage collector: a Results object still on screen
        # may hold the old one, and Linux keeps files readable after a swap.
        self._ix = self._searcher = None

    def close(self) -> None:
        with self._lock:
            self._close_handles()

    @property
    def is_open(self) -> bool:
        return self._ix is not None

    def seen_latest(self) -> bool:
        """Whether this process searches the newest commit of the current generation:
        False once another process has committed to it or swapped in a new one."""
        with self._lock:
            if self._ix is None or self._searcher is None:
                return False
            if self._current_dir() != Path(self._ix.storage.folder):
                return False
            try:
                return self._searcher.up_to_date()
            except Exception:  # noqa: BLE001 - a generation deleted under us: not the latest
                return False

    def doc_count(self) -> int:
        with self._lock:
            return self._searcher.doc_count() if self._searcher else 0

    def rebuild(self, papers: Iterable[Paper], total: int, *, store_uuid: str, seq: int,
                progress: Progress | None = None,
                first_part: tuple[Callable[[], Iterable[Paper]], int] | None = None) -> int:
        """Write a complete new generation, then point CURRENT at it. `first_part`:
        (papers, how many) a forked child writes beside this process, which writes
        `papers`, the rest (forked_part.py); the count returned is this process's."""
        self.root.mkdir(parents=True, exist_ok=True)
        generation = f"gen-{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:8]}"
        directory = self.root / generation
        directory.mkdir()
        child = None
        try:
            ix = whoosh_index.create_in(str(directory), self.schema)
            if first_part is not None:
                child = ForkedPart(directory / PART_FOLDER,
                                   partial(self._write_part, *first_part))
            own = total - (first_part[1] if first_part else 0)
            writing = None
            if progress and total > WRITING_PROGRESS_ABOVE:
                def writing(done: int, postings: int) -> None:
                    progress(done, postings, "writing")
            writer = open_writer(ix, limitmb=WRITER_MEMORY_MB, progress=writing,
                                 progress_every=WRITING_PROGRESS_STEP,
                                 batched=own >= ARRAYS_FROM)
            count = 0
            for paper in papers:
                writer.add_document(**document(paper))
                count += 1
                if progress and (count % 250 == 0 or count == own):
                    # (the child keeps about the same pace: its share is counted so)
                    progress(count * total // max(own, 1), total, "papers")
            if child is None:
                writer.commit()
            else:
                first = child.segment(ix.storage, ix.indexname)
                # Listed before this writer's segment: the documents in store order.
                writer.commit(mergetype=lambda _writer, segments: [*segments, first])
            self._write_meta(directory, {"schema": SCHEMA_VERSION, "store": store_uuid,
                                         "seq": seq, "built": time.time(),
                                         FROZEN: _segment_ids(ix)})
            temp = self.root / f"CURRENT.{uuid.uuid4().hex}"
            temp.write_text(generation)
            os.replace(temp, self._pointer)
        except BaseException:
            if child is not None:
                child.abandon()
            shutil.rmtree(directory, ignore_errors=True)
            raise
        self._remove_old_generations(keep=generation)
        self.open()
        return count

    def _write_part(self, papers: Callable[[], Iterable[Paper]], total: int,
                    folder: Path) -> None:
        """A rebuild's first part, in a forked child: `papers()` as an index of one
        segment in `folder`."""
        folder.mkdir()
        ix = whoosh_index.create_in(str(folder), self.schema)
        writer = open_writer(ix, limitmb=WRITER_MEMORY_MB, batched=total >= ARRAYS_FROM)
        written = 0
        for paper in papers():
            writer.add_document(**document(paper))
            written += 1
        if written != total:  # (a paper the child could not see would be missing)
            writer.cancel()
            raise IndexBroken(f"the index's first part read {written:,} of {total:,} papers")
        writer.commit()

    def _remove_old_generations(self, keep: str) -> None:
        """Delete the generations `keep` replaced (callers hold the sync lock). A process
        searching one keeps reading it: its files stay open until it moves on."""
        for path in self.root.glob("gen-*"):
            if path.name != keep and path.is_dir():
                shutil.rmtree(path, ignore_errors=True)

    def update(self, papers: list[Paper], deleted: list[str], *, seq: int) -> None:
        """Apply changed and deleted papers, then record how far the index has caught up."""
        with self._lock:
            if self._ix is None:
                raise IndexBroken("index not open")
            meta = self.meta()
            if papers or deleted:
                # Papers only replaced (an edit): the statistics stay those of the
                # frozen segments; papers added or removed (a list): count them all anew.
                known = self._ids(self._searcher)[1]
                frozen = meta.get(FROZEN)
                edits = not deleted and isinstance(frozen, list) and all(
                    paper.id in known for paper in papers)
                writer = open_writer(self._ix, timeout=WRITER_TIMEOUT,
                                     limitmb=WRITER_MEMORY_MB,
                                     batched=len(papers) >= ARRAYS_FROM)
                try:
                    for pid in deleted:
                        writer.delete_by_term("id", pid)
                    for paper in papers:
                        writer.update_document(**document(paper))
                    writer.commit(mergetype=partial(_merge_policy, frozen=frozenset(frozen))
                                  if edits else _merge_policy)
                except BaseException:
                    writer.cancel()
                    raise
                if not edits:
                    meta[FROZEN] = _segment_ids(self._ix)
            # The generation written to, even if CURRENT moved meanwhile (callers hold
            # the sync lock, so it cannot; but a stale seq elsewhere would lose changes).
            meta["seq"] = seq
            self._write_meta(Path(self._ix.storage.folder), meta)
            self._refresh()

    def _refresh(self) -> None:
        """See the latest commit of the open generation (kept if it cannot be read)."""
        if self._searcher is not None:
            try:
                meta = self.meta()
                if self._searcher.up_to_date() and \
                        self._searcher.weighting.frozen == _frozen(meta):
                    return
                # A new searcher, not `searcher.refresh()`: whoosh-reloaded's refresh reuses
                # a segment's old reader when only its deletions changed, so a replaced
                # document (every edit) would be seen twice.
                fresh = _searcher(self._ix, meta)
            except Exception as error:  # noqa: BLE001 - the folder went or a file is bad
                raise IndexBroken(f"the index cannot be re-read ({type(error).__name__})") \
                    from error
            self._searcher, self._prefixes = fresh, None

    def _results(self, searcher, *args, **kwargs) -> Results:
        """Results read through `searcher`, sharing the cards read through it."""
        return Results(*args, _searcher=searcher, _read=self._read_cards(searcher), **kwargs)

    def _read_cards(self, searcher) -> dict | None:
        """The cards read through `searcher`, shared by its results (Results.card); None
        for a searcher no longer current (its results read their own)."""
        kept_for, cards = self._cards_read
        if kept_for is not searcher:
            if searcher is None or searcher is not self._searcher:
                return None
            cards = {}
            self._cards_read = (searcher, cards)
        return cards

    # -- searching -----------------------------------------------------------------------
    def prefixes(self) -> PrefixTable:
        """The table of words prefixes expand to, built once per searcher. It is built
        outside the index's lock: searches go on meanwhile (see _expansions)."""
        with self._lock:
            table, searcher = self._prefixes, self._searcher
        if table is None:
            table = _prefix_table(searcher)
            with self._lock:
                if self._searcher is searcher:
                    self._prefixes = table
        return table

    def _expansions(self) -> PrefixTable | LexiconPrefixes:
        """What the query builder expands a prefix with: the table once it is built,
        until then the lexicon itself (a few ms a prefix, against the table's 40-250 ms
        to build)."""
        with self._lock:
            table, searcher = self._prefixes, self._searcher
        return table if table is not None else LexiconPrefixes(searcher.reader(), "words")

    def _begins_longer_words(self, prefix: str) -> bool:
        """prefixes.begins_longer_words against this index: from the prefix table once the
        app has built it, else from the lexicon (so `papers search` builds no table)."""
        with self._lock:
            searcher, table = self._searcher, self._prefixes
        if table is not None:
            return begins_longer_words(prefix, table.frequency, table.expand)
        if searcher is None:
            return True
        reader = searcher.reader()

        def beginning(start: str) -> Iterable[str]:
            for word in reader.expand_prefix("words", start):
                yield word.decode("utf-8") if isinstance(word, bytes) else word

        return begins_longer_words(prefix, lambda w: reader.doc_frequency("words", w),
                                   beginning)

    def warm_up(self) -> None:
        """Ready the ranker so the first ranked search pays no set-up."""
        from .engine.ranking import Unsupported

        with self._lock:
            searcher = self._searcher
        self._warmed = True
        if searcher is not None:
            with contextlib.suppress(Unsupported):  # then Whoosh's matchers rank
                self._ranker(searcher).warm_up()

    def parse(self, text: str) -> Query:
        return self._queries.parse(text)

    def search(self, text: str, *, sort: str = "relevance",
               complete_last: bool = True, limit: int | None = RELEVANCE_LIMIT,
               cancelled: Callable[[], bool] | None = None, only: IdFilter | None = None,
               groups: dict[str, int] | None = None, forgive: bool = True) -> Results:
        """Never raises for any query string: a bad query falls back to plain words.

        `cancelled` is asked between posting lists; when it says so, SearchCancelled
        is raised and the search stops early. `only` keeps the papers it admits, after
        ranking (scores are the index's alone); `groups` (paper id -> key, 0 for papers
        not named) stably reorders the results by key: the store's status or priority.
        With `forgive`, when too few papers have every word those with most of them
        follow (coordination.py).
        """
        start = time.perf_counter()
        narrowed = only is not None or groups
        # (Relevance ranks every match: words together move a paper up, proximity.py.)
        run_limit = None if narrowed or sort == "relevance" else limit
        try:
            built = self._queries.build(text, complete_last)
            note = built.note
            results = self._run(built.query, sort, run_limit, cancelled)
        except (IndexBroken, SearchCancelled):
            raise
        except Exception as failure:  # noqa: BLE001 - any parser/matcher failure
            note = f"could not read the query as written ({type(failure).__name__}); " \
                   "searched for its words"
            try:
                built = self._queries.build(" ".join(analysis.words(text)), complete_last)
                results = self._run(built.query, sort, run_limit)
            except Exception:  # noqa: BLE001
                built = Built(NullQuery, HighlightTerms())
                results = [], [], 0, self._searcher
        docnums, scores, total, searcher = results
        if narrowed and searcher is not None:
            docnums, scores = self._narrow(searcher, docnums, scores, only, groups)
            total = len(docnums)
        found = self._results(searcher, text, docnums, scores, total,
                              time.perf_counter() - start, built.terms, error=note)
        if forgive and sort == "relevance" and total < FORGIVE_BELOW and searcher is not None:
            self._add_forgiven(found, built.query, only, cancelled)
            again = None if found.total else self._operators_read_as_words(
                text, complete_last, limit, cancelled, only, groups)
            if again is not None:  # (ranked, proximity and limit included, by its search)
                again.elapsed = time.perf_counter() - start
                return again
        if sort == "relevance" and not groups and searcher is not None:
            self._rank_words_together(found, built.query)
        if limit and len(found.docnums) > limit:
            found.docnums, found.scores = found.docnums[:limit], found.scores[:limit]
            found.matched = found.matched[:limit]
        found.elapsed = time.perf_counter() - start
        return found

    def _operators_read_as_words(self, text: str, complete_last: bool, limit: int | None,
                                 cancelled: Callable[[], bool] | None,
                                 only: IdFilter | None, groups: dict[str, int] | None
                                 ) -> Results | None:
        """A query with operator words that matches nothing, searched again with them
        read as words (coordination.operators_as_words); None when that finds nothing
        either. The results say so."""
        plain = operators_as_words(text)
        if plain is None:
            return None
        again = self.search(plain[0], complete_last=complete_last, limit=limit,
                            cancelled=cancelled, only=only, groups=groups)
        if not again.total:
            return None
        operators = ", ".join(plain[1])
        said = f"{operators} read as a word (no match as an operator)"
        again.query, again.error = text, "; ".join(filter(None, (again.error, said)))
        return again

    def _rank_words_together(self, found: Results, query: Query) -> None:
        """The results ranked again with the query's words that stand together in each
        paper (proximity.py)."""
        seen = self._pairs_seen
        if seen is None or seen.searcher is not found._searcher:
            # (The posting lists of the ranker in use: before the warm-up, on lists.)
            ranker = self._list_ranker(found._searcher) or self._ranker(found._searcher)
            seen = self._pairs_seen = PairsSeen(found._searcher, ranker.document_numbers)
        followers = next((i for i, count in enumerate(found.matched) if count != found.words),
                         len(found.docnums))
        again = rerank(seen, query, found.query, found.docnums, found.scores, followers)
        if again is None:
            return
        if found.matched:
            matched = dict(zip(found.docnums, found.matched, strict=True))
            found.matched = [matched[d] for d in again[0]]
        found.docnums, found.scores = again

    def _add_forgiven(self, found: Results, query: Query,
                      only: IdFilter | None, cancelled: Callable[[], bool] | None) -> None:
        """Fewer than FORGIVE_BELOW papers have every word: those with most of them
        follow, and the results say so."""
        searcher = found._searcher
        forgiven = self._forgiving(searcher, query, found.query, found.total > 0, cancelled)
        if forgiven is not None and only is not None:
            forgiven = forgiven.keep(self._admitted(searcher, only))
        if forgiven is None or not forgiven.docnums:
            return
        found.relaxed, found.words = forgiven.describe(found.total), forgiven.words
        found.matched = [forgiven.words] * len(found.docnums) + forgiven.matched
        found.docnums = list(found.docnums) + forgiven.docnums
        found.scores = list(found.scores) + forgiven.scores
        found.total += len(forgiven.docnums)

    def _forgiving(self, searcher, query: Query, text: str, some_have_all: bool,
                   cancelled: Callable[[], bool] | None
                   ) -> Forgiven | None:
        """The papers with most but not all the words of a query of plain words
        (search/coordination.py); None for other queries."""
        from .engine.ranking import Unsupported

        split = word_groups(query, text, some_have_all)
        if split is None:
            return None
        groups, required = split
        need = fewest_to_match(len(groups), some_have_all)
        if need is None:
            return None
        # (Tags, like every store filter, are applied after: `only` in _add_forgiven.)
        allowed = None if not required else required[0] if len(required) == 1 \
            else And(required)
        try:
            ranker = self._ranker(searcher)
            ranker.notes = self._notes_for(searcher)
            docnums, counts, scores = ranker.coordinated(groups, need, allowed, cancelled)
        except Unsupported:
            return None
        return Forgiven(len(groups), docnums, scores, counts)

    # -- filters by paper id (the store's reading state) ---------------------------------
    def _ids(self, searcher) -> tuple[list[str], dict[str, int]]:
        """Every document's paper id by document number, and live ids to numbers: read
        from the id column once per searcher (a few ms at 10k papers)."""
        cached = self._ids_read_for(searcher)
        if cached is not None:
            return cached
        # One thread reads them; another asking meanwhile (a keystroke's search beside
        # a command's) waits for it rather than reading them too, each holding the
        # interpreter from the app's drawing.
        with self._id_columns_lock:
            cached = self._ids_read_for(searcher)
            if cached is None:
                cached = _id_columns(searcher.reader())
                self._id_columns = (_serial(searcher), *cached)
            return cached

    def _ids_read_for(self, searcher) -> tuple[list[str], dict[str, int]] | None:
        """The id table as read for `searcher`, or None if it is not read yet."""
        cached = self._id_columns
        return cached[1:] if cached is not None and cached[0] == _serial(searcher) else None

    def read_ids(self) -> None:
        """Read the id table before a keystroke's search needs it (a warm-up step: the
        reading progress of the first results after a paper was marked needs it, and at
        100,000 papers it took 150-200 ms there). Read outside the lock a search takes,
        giving way between pages of it (giving_way.py); a search that needs the table
        meanwhile reads it itself."""
        with self._lock:
            searcher = self._searcher
        if searcher is None or self._ids_read_for(searcher) is not None:
            return
        column, numbers = _id_columns(searcher.reader(), paced=True)
        with self._id_columns_lock:
            if self._ids_read_for(searcher) is None:
                self._id_columns = (_serial(searcher), column, numbers)

    def _docset(self, searcher, ids: Iterable[str]) -> set[int]:
        numbers = self._ids(searcher)[1]
        return {numbers[pid] for pid in ids if pid in numbers}

    def facet_docs(self, searcher, facet: str) -> frozenset[int]:
        """The documents with `facet`: read from the index once per searcher (that is,
        per commit), not per search."""
        cached = self._facet_columns
        if cached is None or cached[0] != _serial(searcher):
            cached = self._facet_columns = (_serial(searcher), {})
        docs = cached[1].get(facet)
        if docs is None:
            reader = searcher.reader()
            docs = cached[1][facet] = frozenset(
                n for n in searcher.docs_for_query(Term("facet", facet))
                if not reader.is_deleted(n))
        return docs

    def _admitted(self, searcher, only: IdFilter) -> Callable[[int], bool]:
        allow = None if only.allow is None else self._docset(searcher, only.allow)
        deny = self._docset(searcher, only.deny)
        for group in only.facets:
            docs = set().union(*(self.facet_docs(searcher, facet) for facet in group))
            allow = docs if allow is None else allow & docs
        for group in only.without_facets:
            for facet in group:
                deny |= self.facet_docs(searcher, facet)
        if allow is None:
            return lambda docnum: docnum not in deny
        allow -= deny
        return allow.__contains__

    def _narrow(self, searcher, docnums: list[int], scores: list[float],
                only: IdFilter | None, groups: dict[str, int] | None):
        if only is not None:
            admitted = self._admitted(searcher, only)
            if scores:
                kept = [(d, s) for d, s in zip(docnums, scores, strict=True) if admitted(d)]
                docnums, scores = [d for d, _ in kept], [s for _, s in kept]
            else:
                docnums = [d for d in docnums if admitted(d)]
        if groups:
            numbers = self._ids(searcher)[1]
            key = {numbers[pid]: value for pid, value in groups.items() if pid in numbers}
            order = sorted(range(len(docnums)), key=lambda i: key.get(docnums[i], 0))
            docnums = [docnums[i] for i in order]
            scores = [scores[i] for i in order] if scores else scores
        return docnums, scores

    def ids_of(self, results: Results) -> list[str]:
        """The paper ids of every result, without reading a stored card per row."""
        if results._searcher is None:
            return []
        column = self._ids(results._searcher)[0]
        return [column[d] for d in results.docnums]

    def ids_read(self, results: Results) -> bool:
        """Whether the id table of the searcher `results` came from is read already
        (ids_among then reads nothing: at 100,000 papers the table took 150-300 ms)."""
        return results._searcher is None or \
            self._ids_read_for(results._searcher) is not None

    def ids_among(self, results: Results, ids: Iterable[str]) -> set[str]:
        """Which of `ids` are among `results`, found by document number: the few hundred
        papers a reader touched against 100,000 results is one set intersection in C
        (about 1 ms), where the id of every result (ids_of) took 15-20 ms."""
        if results._searcher is None:
            return set()
        column, numbers = self._ids(results._searcher)
        wanted = {numbers[pid] for pid in ids if pid in numbers}
        return {column[n] for n in _among(wanted, results.docnums)}

    def _run(self, query: Query, sort: str, limit: int | None,
             cancelled: Callable[[], bool] | None = None):
        with self._lock:
            searcher = self._searcher
            if searcher is None:
                raise IndexBroken("index not open")
        # Every filter (tags, facets, the reading state) is applied after ranking, by
        # document numbers (`only`): the query alone decides the scores.
        ranked = sort == "relevance" and not isinstance(query, Every)
        if not ranked and isinstance(query, Every):
            order = self._every_paper(searcher, sort)
            return order, [], len(order), searcher
        fast = self._vector_run(searcher, query, sort, limit, cancelled)
        if fast is not None:
            return fast
        # Collecting every match gives the exact total for free; asking a limited search
        # for its length runs the whole query a second time (35-40% of a search at 100k).
        fields = None if ranked else SORT_FIELDS.get(sort, SORT_FIELDS["title"])
        collector = searcher.collector(limit=None, sortedby=fields)
        if cancelled is not None:
            collector = _CancellableCollector(collector, cancelled)
        searcher.search_with_collector(query, collector)
        hits = collector.results()
        if ranked:
            ranked_hits = hits.top_n
            top = ranked_hits[:limit] if limit else ranked_hits
            return [docnum for _score, docnum in top], \
                [score or 0.0 for score, _docnum in top], len(ranked_hits), searcher
        docnums = [hit.docnum for hit in hits]
        return docnums, [], len(docnums), searcher

    def _vector_run(self, searcher, query: Query, sort: str, limit: int | None,
                    cancelled: Callable[[], bool] | None):
        """The query ranked (or matched, for a field sort) over whole posting lists; None
        when its shape is one only Whoosh's matchers evaluate."""
        from .engine.postings import Unsupported

        try:
            if sort == "relevance":
                # Before the warm-up built the array ranker (numpy: after the app's first
                # search), a small library ranks on lists, the same floats.
                ranker = self._list_ranker(searcher) or self._ranker(searcher)
                ranker.notes = self._notes_for(searcher)
                docnums, scores = ranker.ranked(query, None, cancelled)
                return docnums[:limit], scores[:limit], len(docnums), searcher
            ranker = self._ranker(searcher)
            ranker.notes = self._notes_for(searcher)
            matched = ranker.matching(query, None, cancelled)
        except Unsupported:
            return None
        position = self._sort_positions(searcher, sort)
        docnums = matched[position[matched].argsort(kind="stable")].tolist()
        return docnums, [], len(docnums), searcher

    def _notes_for(self, searcher) -> NotePostings | None:
        """The notes' postings for `searcher`, read again only when the notes changed."""
        if self._notes_source is None:
            return None
        stamp, read = self._notes_source()
        cached = self._note_postings
        if cached is not None and cached[0] == _serial(searcher) and cached[1] == stamp:
            return cached[2]
        notes = read()
        # (No notes, no table of ids: building it takes 250 ms at 100k papers, and the
        # first keystroke's search would wait for it.)
        postings = NotePostings(notes, self._ids(searcher)[1] if notes else {})
        self._note_postings = (_serial(searcher), stamp, postings)
        return postings

    def _list_ranker(self, searcher):
        """The ranker on lists (engine/lists.py) until warm_up readies the array ranker
        (the app's, after its first search; a command that searches once never does), in
        an index of at most LISTS_UP_TO documents; else None."""
        from .engine.lists import LISTS_UP_TO, ListRanker

        if self._warmed or getattr(searcher, "_papers_ranker", None) is not None \
                or searcher.doc_count_all() > LISTS_UP_TO:
            return None
        ranker = getattr(searcher, "_papers_lists", None)
        if ranker is None:
            ranker = searcher._papers_lists = ListRanker(searcher, self._term_tables)
        return ranker

    def _ranker(self, searcher):
        from .engine.ranking import VectorRanker

        ranker = getattr(searcher, "_papers_ranker", None)
        if ranker is None:
            ranker = searcher._papers_ranker = VectorRanker(searcher, DEFAULT_FIELDS,
                                                             self._term_tables)
        return ranker

    def _sort_positions(self, searcher, sort: str):
        """Each document's place in `sort` order, to order any subset at array speed."""
        import numpy as np

        key = (_serial(searcher), f"{sort} positions")
        positions = self._orders.get(key)
        if positions is None:
            order = np.asarray(self._every_paper(searcher, sort), dtype=np.int64)
            positions = np.full(searcher.doc_count_all(), len(order), dtype=np.int64)
            positions[order] = np.arange(len(order))
            self._orders[key] = positions
        return positions

    def _every_paper(self, searcher, sort: str) -> list[int]:
        """Every paper in `sort` order, kept per searcher: the empty query is the start
        screen and what clearing the search bar shows, so it must cost nothing."""
        fields = SORT_FIELDS.get(sort, SORT_FIELDS["title"])
        serial = _serial(searcher)
        key = (serial, ",".join(fields))
        cached = self._orders.get(key)
        if cached is None:
            cached = _sorted_by_columns(searcher.reader(), fields)
            self._orders = {k: v for k, v in self._orders.items() if k[0] == serial}
            self._orders[key] = cached
        return cached

    def first_matches(self, text: str, *, complete_last: bool = True,
                      count: int = 100, only: IdFilter | None = None) -> Results:
        """The first `count` papers that match, unranked, found without reading every
        posting: in a large library these show at once while the ranked search runs."""
        start = time.perf_counter()
        with self._lock:
            searcher = self._searcher
            if searcher is None:
                raise IndexBroken("index not open")
        try:
            built = self._queries.build(text, complete_last)
            query = built.query
            admitted = self._admitted(searcher, only) if only is not None else None
            if isinstance(query, Every) and admitted is None:
                order = self._every_paper(searcher, "title")[:count]
                return self._results(searcher, text, order, [], len(order),
                                     time.perf_counter() - start, built.terms, partial=True)
            docnums: list[int] = []
            matcher = query.matcher(searcher)
            while matcher.is_active() and len(docnums) < count:
                if admitted is None or admitted(matcher.id()):
                    docnums.append(matcher.id())
                matcher.next()
        except Exception:  # noqa: BLE001 - the full search reports what went wrong
            built, docnums = Built(NullQuery, HighlightTerms()), []
        return self._results(searcher, text, docnums, [], len(docnums),
                             time.perf_counter() - start, built.terms, partial=True)

    def results_of(self, query: str, ranked: list[tuple[str, float]], *, started: float,
                   words: str = "", sort: str = "relevance", only: IdFilter | None = None,
                   groups: dict[str, int] | None = None) -> Results:
        """Results for papers ranked outside Whoosh (by meaning), best first: those the
        index holds, narrowed like a search, in `sort` order; `words` are highlighted."""
        with self._lock:
            searcher = self._searcher
            if searcher is None:
                raise IndexBroken("index not open")
        numbers = self._ids(searcher)[1]
        found = [(numbers[pid], score) for pid, score in ranked if pid in numbers]
        docnums, scores = [d for d, _ in found], [s for _, s in found]
        if only is not None or groups:
            docnums, scores = self._narrow(searcher, docnums, scores, only, groups)
        if sort != "relevance" and not groups and docnums:
            import numpy as np

            position = self._sort_positions(searcher, sort)
            order = np.argsort(position[np.asarray(docnums)], kind="stable")
            docnums, scores = [docnums[i] for i in order], []
        terms = self._queries.build(words, False).terms if words.strip() \
            else HighlightTerms()
        return self._results(searcher, query, docnums, scores, len(docnums),
                             time.perf_counter() - started, terms)

    def similar(self, paper: Paper, limit: int = 10) -> Results:
        start = time.perf_counter()
        with self._lock:
            searcher = self._searcher
        docnum = searcher.document_number(id=paper.id)
        if docnum is None:
            return Results("", [], [], 0, 0.0, HighlightTerms(), _searcher=searcher)
        text = " ".join(filter(None, (paper.title, paper.name, paper.abstract)))
        hits = searcher.more_like(docnum, "abstract", text=text, top=limit, numterms=25)
        docnums = [h.docnum for h in hits]
        return self._results(searcher, f"similar:{paper.id}", docnums,
                             [h.score for h in hits], len(docnums),
                             time.perf_counter() - start, HighlightTerms())


def _among(wanted: set[int], docnums) -> set[int]:
    """The document numbers of `wanted` that are in `docnums`. A ranking still in its
    array (engine/ranked.py) is looked up there: a set intersection would first read all
    of it into Python numbers (93,000 for "di" at 100,000 papers)."""
    array = getattr(docnums, "array", None)
    if array is None or not wanted or not array.shape[0]:
        return wanted.intersection(docnums)
    import numpy as np

    asked = np.fromiter(wanted, dtype=np.int64, count=len(wanted))
    present = np.zeros(max(int(array.max()), int(asked.max())) + 1, dtype=bool)
    present[array] = True
    return set(asked[present[asked]].tolist())


def _frozen(meta: dict[str, Any]) -> frozenset[str] | None:
    frozen = meta.get(FROZEN)
    return frozenset(frozen) if isinstance(frozen, list) else None


def _searcher(ix, meta: dict[str, Any]):
    """A searcher ranking by the statistics of the segments `meta` names as frozen."""
    return ix.searcher(weighting=StableBM25F(_frozen(meta)))


def _segment_ids(ix) -> list[str]:
    return sorted(segment.segment_id() for segment in ix._segments())


class _CancellableCollector(WrappingCollector):
    """Whoosh's own matchers (phrases, ranges) asked `cancelled()` as matches come in: a
    phrase takes 0.2-0.4 s at 100,000 papers, and a newer keystroke makes it pointless."""

    CHECK_EVERY = 64  # matches

    def __init__(self, child, cancelled: Callable[[], bool]) -> None:
        super().__init__(child)
        self._cancelled = cancelled
        self._collected = 0

    def prepare(self, top_searcher, q, context) -> None:
        if self._cancelled():
            raise SearchCancelled
        super().prepare(top_searcher, q, context)

    def collect(self, sub_docnum):
        self._collected += 1
        if self._collected % self.CHECK_EVERY == 0 and self._cancelled():
            raise SearchCancelled
        return self.child.collect(sub_docnum)


def _sorted_by_columns(reader, fields: list[str]) -> list[int]:
    """Live document numbers ordered by the sortable `fields`, then document number: what
    `searcher.search(Every(), sortedby=fields)` returns, in half the time (90 ms at
    100,000 papers), read straight from the columns."""
    columns = [list(reader.column_reader(name)) for name in fields]
    keys = columns[0] if len(columns) == 1 else list(zip(*columns, strict=True))
    live = [n for n in range(reader.doc_count_all()) if not reader.is_deleted(n)] \
        if reader.has_deletions() else range(reader.doc_count_all())
    return sorted(live, key=keys.__getitem__)


def _id_columns(reader, paced: bool = False) -> tuple[list[str], dict[str, int]]:
    """Every document's paper id by document number, and live ids to numbers; `paced`
    gives way every ID_PAGE ids (giving_way.py)."""
    if not reader.doc_count_all():  # (an empty index's reader has no columns)
        return [], {}
    column = _column_at_once(reader)
    if column is None:  # one id at a time, through Whoosh's column reader
        ids = iter(reader.column_reader("id"))
        column = []
        while page := list(islice(ids, ID_PAGE if paced else None)):
            column += page
            if paced:
                give_way()
    elif paced:
        give_way()
    if not reader.has_deletions():
        return column, dict(zip(column, range(len(column)), strict=True))
    # (An edited paper's old document is deleted and has its id: the live one counts.)
    deleted = {offset + n for segment, offset in reader.leaf_readers()
               for n in segment.deleted_docs_set}
    return column, {pid: n for n, pid in enumerate(column) if n not in deleted}


def _column_at_once(reader) -> list[str] | None:
    """The id column of every segment read as one block of bytes and cut at its stored
    lengths: a third of the time of a value at a time through Whoosh's reader (100,000
    ids: 25-30 ms against 85, and 150-430 ms beside the app's first searches). Whoosh
    2.7's VarBytesColumn keeps a segment's values end to end, their lengths in an array
    (its Reader's _basepos, _lengths and _dbfile); None, for the reader a value at a
    time, where a segment's column is not that or its ids are not ASCII."""
    column: list[str] = []
    for segment, _offset in reader.leaf_readers():
        if not segment.has_column("id"):
            return None
        raw = segment.column_reader("id", translate=False)
        if not isinstance(raw, VarBytesColumn.Reader) \
                or len(lengths := raw._lengths) != segment.doc_count_all():
            return None
        block = raw._dbfile.get(raw._basepos, sum(lengths))
        if not block.isascii():  # (a character a byte: the lengths cut the text)
            return None
        text = block.decode("ascii")
        ends = list(accumulate(lengths))
        column += [text[start:end] for start, end in zip([0, *ends[:-1]], ends,
                                                          strict=True)]
    return column
