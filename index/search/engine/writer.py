"""The index writer papers builds: Whoosh's SegmentWriter with papers' codec and pool.

Whoosh's SegmentWriter accepts a `poolclass` argument and ignores it, so `PapersWriter`
sets its own pool after Whoosh's constructor made the stock one (which holds nothing
yet).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from itertools import islice

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


class PapersWriter(SegmentWriter):
    """A SegmentWriter writing with `PapersCodec` through a `PapersPool`."""

    def __init__(self, ix, *, limitmb: float = 128, progress: WritingProgress | None = None,
                 progress_every: int = 100_000, codec=None, **kwargs) -> None:
        super().__init__(ix, limitmb=limitmb, codec=codec or PapersCodec(), **kwargs)
        self.pool = PapersPool(self._tempstorage, self.newsegment, limitmb=limitmb,
                               progress=progress, progress_every=progress_every)


def open_writer(ix, *, limitmb: float = 128, timeout: float = 0.0,
                progress: WritingProgress | None = None,
                progress_every: int = 100_000) -> PapersWriter:
    """A writer for the Whoosh index `ix` (waiting up to `timeout` seconds for its lock);
    `progress`, if given, hears every `progress_every` postings of the commit."""
    return PapersWriter(ix, limitmb=limitmb, timeout=timeout, progress=progress,
                        progress_every=progress_every)
