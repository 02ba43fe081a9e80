"""Placing texts in a fitted basis, a chunk at a time, over the cores when the caller may
use them.

Past FIT_SAMPLE papers a fit learns the basis from a sample and places the rest (model.fit):
at 100,000 papers 80,000 texts counted and projected, half of the fit's time, each chunk
on its own. `papers add` builds a large library's space after its index, on its own, so
one core sat idle while the other placed them. Where the caller says the cores are its
(`workers` > 1: a command line sync, never the app's child, which leaves a core for
typing), forked worker processes place every other chunk while this process reads the
texts (the store stays this process's) and places its own share. A chunk's vector rows
are the same numbers wherever they are computed: the same terms, the same product on one
BLAS thread.

Measured at 100,000 synthetic papers (two cores): the fit 20-23 s -> 15 s; a worker's own
memory 50-80 MB (the pages of this process it writes to, its growing word table), so the
fit's peak, summed over the processes, 294 -> 371 MB.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..cores import fork_is_safe, trim_heap
from .sparse import Rows
from .tfidf import WordTable, counted

PARALLEL_FROM = 5_000  # texts; for fewer, forking costs about what sharing saves
IN_FLIGHT = 2  # chunks per worker handed out ahead: a chunk's texts are held a moment


@dataclass(frozen=True)
class Placer:
    """The fitted basis's pieces that place a text: the word table, the vocabulary's
    TF-IDF rows and the components."""

    table: WordTable
    rows: Callable[..., Rows]  # Vocabulary.rows(count, text_of, codes, counts)
    components: np.ndarray  # dims x terms

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        found = counted(*self.table.codes(texts, grow=False))
        return self.rows(len(texts), *found).dot(self.components.T)


def place(read: Callable[[np.ndarray], list[str]], rows: np.ndarray, chunk: int,
          placer: Placer, vectors: np.ndarray, workers: int = 1) -> None:
    """vectors[r] = the placed text of each row r of `rows`, read `chunk` rows at a time
    by `read` (in order, in this process); with `workers` > 1, enough rows and forking
    safe here (cores.fork_is_safe: never beside the app's threads), forked worker
    processes place all but every `workers`-th chunk."""
    chunks = [rows[first:first + chunk] for first in range(0, len(rows), chunk)]
    if workers < 2 or len(rows) < PARALLEL_FROM or not fork_is_safe():
        for part in chunks:
            vectors[part] = placer(read(part))
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # The heap's free pages back to the system first: after a large index write they are
    # most of this process (170 MB of 300 at 100,000 papers), and a worker would share,
    # and copy, pages nobody uses.
    trim_heap()
    helpers = workers - 1
    pool = ProcessPoolExecutor(helpers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_adopt, initargs=(placer,))
    pending: deque = deque()  # (a worker's task, its rows), in the order handed out
    try:
        for number, part in enumerate(chunks):
            texts = read(part)
            if number % workers == 0:  # this process's share
                vectors[part] = placer(texts)
            else:
                pending.append((pool.submit(_place_in_worker, texts), part))
            del texts
            while len(pending) > helpers * IN_FLIGHT:
                task, done = pending.popleft()
                vectors[done] = task.result()
        while pending:
            task, done = pending.popleft()
            vectors[done] = task.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# The placer in a worker process: given once, as it starts (forked, so never pickled).
_worker_placer: Placer | None = None


def _adopt(placer: Placer) -> None:
    global _worker_placer
    _worker_placer = placer


def _place_in_worker(texts: list[str]) -> np.ndarray:
    assert _worker_placer is not None  # (set by the pool's initializer)
    return _worker_placer(texts)
