"""One generation of the meaning space, opened for reading: each paper's unit vector
(memory-mapped), the paper ids in row order, each paper's topic and the topics' labels;
the basis for folding a query in is read on the first search by meaning."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from .layout import MEANING_LIMIT, META
from .model import Basis, normalized
from .query import Topic

# similar(): the paper's nearest papers that join it as the query (see Space.similar;
# 20 was the best of 0, 5, 10 and 20 on half of the ICLR dev list).
EXPAND = 20


class Space:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.meta = json.loads((directory / META).read_text(encoding="utf-8"))
        self.ids: list[str] = json.loads((directory / "ids.json").read_text(encoding="utf-8"))
        self.vectors = np.load(directory / "vectors.npy", mmap_mode="r")
        self.hashes = np.load(directory / "hashes.npy")
        self.assignment = np.load(directory / "assignment.npy")  # row -> topic id
        self.centroids = np.load(directory / "centroids.npy")  # in topic_ids order
        if not len(self.ids) == self.vectors.shape[0] == len(self.hashes) \
                == len(self.assignment):
            raise ValueError(f"{directory}: its files disagree on the number of papers")
        labels = json.loads((directory / "topics.json").read_text(encoding="utf-8"))
        self.topic_ids: list[int] = [item["id"] for item in labels]
        counts = np.bincount(self.assignment, minlength=max(self.topic_ids, default=0) + 1)
        self.topics = {item["id"]: Topic(item["id"], item["label"], int(counts[item["id"]]))
                       for item in labels}
        self.rows = {pid: row for row, pid in enumerate(self.ids)}
        self._basis: Basis | None = None

    def reread_meta(self) -> None:
        # (Replaced meanwhile: the next current() opens the new generation.)
        with contextlib.suppress(OSError, ValueError):
            self.meta = json.loads((self.directory / META).read_text(encoding="utf-8"))

    @property
    def basis(self) -> Basis:
        if self._basis is None:
            self._basis = Basis.load(self.directory)
        return self._basis

    def __len__(self) -> int:
        return len(self.ids)

    def topic_of(self, paper_id: str) -> Topic | None:
        row = self.rows.get(paper_id)
        return None if row is None else self.topics.get(int(self.assignment[row]))

    def topic_counts(self, paper_ids: Iterable[str]) -> dict[int, int]:
        """Topic id -> how many of `paper_ids` it holds (those it holds none of left
        out; a paper not in the space counts for none)."""
        rows = np.fromiter((self.rows.get(pid, -1) for pid in paper_ids), dtype=np.int64)
        counts = np.bincount(self.assignment[rows[rows >= 0]])
        return {int(t): int(counts[t]) for t in np.flatnonzero(counts)}

    def in_topics(self, topic_ids: Iterable[int]) -> set[str]:
        rows = np.flatnonzero(np.isin(self.assignment, list(topic_ids)))
        return {self.ids[row] for row in rows}

    def similar(self, paper_id: str, limit: int) -> list[tuple[str, float]] | None:
        """The papers closest to one, best first; None if it is not in the space.

        The query is the paper together with its EXPAND nearest papers, each weighted by
        its cosine ("average query expansion", from image retrieval): what the paper
        shares with its neighbourhood is its topic, and counts more than what is
        peculiar to it alone (benchmarks/similar.py measures the gain).
        """
        row = self.rows.get(paper_id)
        if row is None:
            return None
        scores = similarity(np.asarray(self.vectors), row)
        scores[row] = -np.inf
        return self._ranked(scores, limit)

    def search(self, text: str, limit: int = MEANING_LIMIT,
               allowed: Callable[[str], bool] | None = None) -> list[tuple[str, float]]:
        """Papers by the cosine of their vector with the folded query, best first: only
        those with a positive cosine, and only those `allowed` admits."""
        query = self.basis.fold([text])[0]
        if not query.any():
            return []
        scores = np.asarray(self.vectors) @ query
        if allowed is not None:
            refused = [row for row, pid in enumerate(self.ids) if not allowed(pid)]
            scores[refused] = -np.inf
        return self._ranked(scores, limit)

    def _ranked(self, scores: np.ndarray, limit: int) -> list[tuple[str, float]]:
        return [(self.ids[row], float(scores[row])) for row in top_rows(scores, limit)
                if scores[row] > 0]


def similarity(vectors: np.ndarray, row: int, expand: int = EXPAND) -> np.ndarray:
    """Every row's cosine with row `row` expanded by its `expand` nearest rows."""
    scores = vectors @ vectors[row]
    if expand <= 0:
        return scores
    near = top_rows(scores, expand + 1)
    query = normalized((np.clip(scores[near], 0, None) @ vectors[near])[None, :])[0]
    return vectors @ query


def top_rows(scores: np.ndarray, count: int) -> np.ndarray:
    """Rows of the `count` highest scores, highest first (ties by row)."""
    count = min(count, scores.shape[0])
    if count <= 0:
        return np.empty(0, dtype=np.int64)
    part = np.argpartition(-scores, count - 1)[:count]
    return part[np.lexsort((part, -scores[part]))]
