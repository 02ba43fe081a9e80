"""The index writer papers builds: Whoosh's SegmentWriter with papers' codec and pool.

Whoosh's SegmentWriter accepts a `poolclass` argument and ignores it, so `PapersWriter`
sets its own pool after Whoosh's constructor made the stock one (which holds nothing
yet). In a large commit no posting goes through the pool: `batch.py` builds the word
fields' as arrays, `plain.py` keeps the unscored fields' so; the pool holds what merged
segments bring (and the batch's then join it there).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from itertools import groupby, islice
from operator import itemgetter
from typing import NamedTuple

from whoosh.columns import Column
from whoosh.fields import FieldType
from whoosh.writing import PostingPool, SegmentWriter

from .codec import PapersCodec

# progress(done, total): postings written to the new segment so far, of all of them.
WritingProgress = Callable[[int, int], None]

_RUN_CHUNK = 1024  # postings per pickle in a run file; one chunk per run is in memory


class PapersPool(PostingPool):
    """Whoosh's posting pool, faster, and reporting how far writing the segment is.

    Writing a segment handles every posting in Python several times over: into the
    pool, out of it, into a block. `add` drops the type assertions on values Whoosh made
    itself. A large build spills the pool to sorted run files and merges them; Whoosh
    pickled and unpickled each posting with its own call (a third of a 10,000-paper
    build): runs now hold lists of postings.
    """

    def __init__(self, tempstore, segment, limitmb=128, *,
                 progress: WritingProgress | None = None, progress_every: int = 100_000,
                 **kwargs) -> None:
        super().__init__(tempstore, segment, limitmb=limitmb, **kwargs)
        self.progress = progress
        self.progress_every = progress_every
        self.saved = 0  # postings spilled to run files so far

    def add(self, item):
        # item = (fieldname, tbytes, docnum, weight, vbytes); the size is Whoosh's estimate
        self.fieldnames.add(item[0])
        self.currentsize += 150 + len(item[0]) + 2 * len(item[1]) + len(item[4] or b"")
        if self.currentsize > self.limit:
            self.save()
        self.current.append(item)

    def save(self):
        # Counted as they happen, so the total is known when the commit writes.
        self.saved += len(self.current)
        super().save()

    def iter_postings(self):
        if self.progress is None:
            return super().iter_postings()
        return self._reporting(self.saved + len(self.current))

    def _reporting(self, total: int):
        postings = iter(super().iter_postings())  # a list when nothing was spilled
        done = 0
        while chunk := list(islice(postings, self.progress_every)):
            yield from chunk
            done += len(chunk)
            self.progress(done, total)

    def _write_run(self, f, items):
        items = iter(items)
        try:
            while chunk := list(islice(items, _RUN_CHUNK)):
                pickle.dump(chunk, f, pickle.HIGHEST_PROTOCOL)
        finally:
            f.close()

    def _read_run(self, path):
        f = self._open_run(path)
        try:
            while True:
                try:
                    chunk = pickle.load(f)
                except EOFError:
                    return
                yield from chunk
        finally:
            f.close()
            self._remove_run(path)


# Where a field's postings go (_FieldPlan.taken_by); None: a field not indexed.
_BATCH, _PLAIN, _POOL = "batch", "plain", "pool"


class _FieldPlan(NamedTuple):
    """What add_document does with a field's values, read from the schema once a writer
    rather than for every value (the schema's and fields' lookups were a twentieth of
    adding ICML 2023's documents). The per-document writer hears of a field only when
    it stores or scores it: for any other, Whoosh's add_field does nothing."""

    field: FieldType
    taken_by: str | None  # _BATCH, _PLAIN, _POOL
    stored: bool
    scored: bool  # its lengths are kept
    column: Column | None


class PapersWriter(SegmentWriter):
    """A SegmentWriter writing with `PapersCodec`: every field's postings as arrays
    (`BatchPostings`), those of merged segments through a `PapersPool`. With
    `batched=False` every posting goes through the pool, as in Whoosh's writer (the same
    segment, slower)."""

    def __init__(self, ix, *, limitmb: float = 128, progress: WritingProgress | None = None,
                 progress_every: int = 100_000, codec=None, batched: bool = True,
                 **kwargs) -> None:
        super().__init__(ix, limitmb=limitmb, codec=codec or PapersCodec(), **kwargs)
        self.pool = PapersPool(self._tempstorage, self.newsegment, limitmb=limitmb,
                               progress=progress, progress_every=progress_every)
        from .batch import BatchPostings  # numpy: not loaded by importing papers

        self.batch = BatchPostings(self.schema if batched else None)
        self._progress = progress
        # The field names of the documents added (as given) -> how each field is taken.
        self._plans: dict[tuple[str, ...], list[tuple[str, _FieldPlan]]] = {}

    def add_document(self, **fields):
        """Whoosh's add_document, with the word fields' words taken by `self.batch`
        (the options papers never uses, boosts, vectors and spelling fields, are
        Whoosh's own)."""
        self._check_state()
        plans = self._plans.get(tuple(fields))
        if plans is None:
            plans = self._plans[tuple(fields)] = self._plans_of(fields)
        perdocwriter, batch, docnum = self.perdocwriter, self.batch, self.docnum
        add_post = self.pool.add
        perdocwriter.start_doc(docnum)
        try:
            for fieldname, (field, taken_by, stored, scored, column) in plans:
                value = fields[fieldname]
                if value is None:
                    continue
                length = 0
                if taken_by is _BATCH:
                    length = batch.add(fieldname, docnum, value)
                elif taken_by is _PLAIN:  # unscored: no length
                    batch.add_plain(fieldname, docnum, value)
                elif taken_by is _POOL:
                    for tbytes, freq, weight, vbytes in field.index(value):
                        length += freq
                        add_post((fieldname, tbytes, docnum, weight, vbytes))
                if stored or scored:
                    perdocwriter.add_field(fieldname, field, value if stored else None,
                                           length if scored else 0)
                if column:
                    perdocwriter.add_column_value(fieldname, column,
                                                  field.to_column_value(value))
        except BaseException:
            perdocwriter.cancel_doc()
            raise
        perdocwriter.finish_doc()
        self._added = True
        self.docnum += 1

    def _plans_of(self, fields) -> list[tuple[str, _FieldPlan]]:
        """How add_document takes each of these fields, in Whoosh's order (by name:
        the order of a document's stored values)."""
        if any(name.startswith("_") for name in fields):
            raise TypeError("papers' writer takes no boosts or custom stored values")
        fieldnames = sorted(fields)
        self._check_fields(self.schema, fieldnames)
        plans = []
        for fieldname in fieldnames:
            field = self.schema[fieldname]
            taken_by = _BATCH if fieldname in self.batch.fields else \
                _PLAIN if fieldname in self.batch.plain_fields else \
                _POOL if field.indexed else None
            plans.append((fieldname, _FieldPlan(field, taken_by, field.stored,
                                                field.scorable, field.column_type)))
        return plans

    def _flush_segment(self):
        batch = self.batch
        if batch.names() & self.pool.fieldnames:
            # Segments merged in brought postings of the word fields through the pool:
            # the batch's go there too, and Whoosh sorts them all.
            batch.spill(self.pool)
        if not batch:
            return super()._flush_segment()
        self.perdocwriter.close()
        self.pool.progress = None  # reported below, with the batch's postings
        lengths = self.per_document_reader() if self.codec.length_stats else None
        total = self.pool.saved + len(self.pool.current) + batch.posting_estimate()
        done = 0

        def report(written: int) -> None:
            if self._progress:
                self._progress(min(done + written, total), total)

        pooled = groupby(self.pool.iter_postings(), key=itemgetter(0))
        pending = batch.fieldnames()
        fieldwriter = self.fieldwriter
        for fieldname, items in pooled:
            while pending and pending[0] < fieldname:
                done += batch.write(fieldwriter, pending.pop(0), report)
            counted = _Counted(items)
            fieldwriter.add_postings(self.schema, lengths, counted)
            done += counted.count
            report(0)
        while pending:
            done += batch.write(fieldwriter, pending.pop(0), report)
        fieldwriter.close()
        if lengths:
            lengths.close()


class _Counted:
    """An iterator that counts what it gives."""

    def __init__(self, items) -> None:
        self._items = iter(items)
        self.count = 0

    def __iter__(self):
        return self

    def __next__(self):
        item = next(self._items)
        self.count += 1
        return item


def open_writer(ix, *, limitmb: float = 128, timeout: float = 0.0,
                progress: WritingProgress | None = None,
                progress_every: int = 100_000, batched: bool = True) -> PapersWriter:
    """A writer for the Whoosh index `ix` (waiting up to `timeout` seconds for its lock);
    `progress`, if given, hears every `progress_every` postings of the commit."""
    return PapersWriter(ix, limitmb=limitmb, timeout=timeout, progress=progress,
                        progress_every=progress_every, batched=batched)
