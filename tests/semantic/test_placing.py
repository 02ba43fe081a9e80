"""Placing the papers a fit does not learn from over worker processes (semantic/placing.py):
the same vectors as in one process, and a command line sync uses the workers."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

import index.library
import index.semantic.model
import index.semantic.placing
import index.semantic.topics
from index import Library
from index.cores import cores, fork_is_safe
from index.semantic.model import fit

from ..factories import write_list
from .test_meaning import subject_abstracts

# Where _recording_place notes the process that placed each chunk (a test sets it).
_PIDS: Path | None = None
_place_in_worker = index.semantic.placing._place_in_worker


def _recording_place(texts: list[str]) -> np.ndarray:
    """placing's worker function, noting which process ran it (module level: a task's
    function is pickled by name)."""
    assert _PIDS is not None
    with _PIDS.open("a", encoding="utf-8") as out:
        out.write(f"{os.getpid()}\n")
    return _place_in_worker(texts)


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A fit that learns from 30 papers, reads 10 at a time and shares out any rest; the
    file naming each process a worker's chunk was placed in."""
    global _PIDS
    _PIDS = tmp_path / "pids"
    monkeypatch.setattr(index.semantic.model, "FIT_SAMPLE", 30)
    monkeypatch.setattr(index.semantic.model, "READ_CHUNK", 10)
    monkeypatch.setattr(index.semantic.topics, "CLUSTER_SAMPLE", 30)
    monkeypatch.setattr(index.semantic.placing, "PARALLEL_FROM", 10)
    monkeypatch.setattr(index.semantic.placing, "_place_in_worker", _recording_place)
    return _PIDS


def worker_pids(path: Path) -> set[int]:
    return {int(line) for line in path.read_text().split()} if path.exists() else set()


@pytest.mark.skipif(cores() < 2 or not fork_is_safe(),
                    reason="one core here, or no fork: nothing to share out")
def test_papers_placed_by_workers_get_the_very_vectors_placed_here(small_chunks):
    texts = subject_abstracts(per_subject=30)  # 90: 30 learned from, 60 placed
    alone = fit(texts, workers=1)
    assert not worker_pids(small_chunks)
    shared = fit(texts, workers=2)
    pids = worker_pids(small_chunks)
    assert pids and os.getpid() not in pids  # (placed by another process)
    assert np.array_equal(alone.vectors, shared.vectors)


@pytest.mark.skipif(cores() < 2 or not fork_is_safe(),
                    reason="one core here, or no fork: nothing to share out")
def test_a_command_line_sync_places_a_large_librarys_papers_over_workers(
        home, tmp_path, monkeypatch, small_chunks):
    # (a library too large to build its space beside the index: built after it)
    monkeypatch.setattr(index.library, "MEANING_BESIDE_MAX_PAPERS", 0)
    path = write_list(tmp_path, "subjects.txt", subject_abstracts(per_subject=30))
    with Library(home, seed=False) as library:
        library.add(path)
        pids = worker_pids(small_chunks)
        assert pids and os.getpid() not in pids
        space = library.meaning.current()
        assert len(space) == library.count() == 90
        ids, vectors = list(space.ids), np.array(space.vectors)
        # The rows are the ones one process gives.
        here = Library(home, seed=False)
        try:
            small_chunks.unlink()
            here.update_meaning(refit=True)
            assert not worker_pids(small_chunks)
            again = here.meaning.current()
            assert list(again.ids) == ids
            assert np.array_equal(np.asarray(again.vectors), vectors)
        finally:
            here.close()
