"""The topic map: the library's papers clustered in the meaning space, each cluster named
by its own key phrases.

k-means (kmeans.py, seeded, so the same library gives the same map) on the unit LSA
vectors; k grows as sqrt(n / 2), the usual rule of thumb, capped so the panel stays
readable. A label is the three terms (bigrams welcome) most particular to the cluster:
high in its mean TF-IDF and higher there than across the library, with a phrase left out
when its words are already said ("reward" after "reward models").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .kmeans import kmeans, matching
from .model import sample_rows
from .sparse import Rows
from .text import joined, stem, stems

MAX_TOPICS = 100
CLUSTER_SAMPLE = 20_000  # papers k-means is fitted on; the rest join their nearest topic
LABEL_TERMS = 3
SEED = 0


def topics_for(papers: int) -> int:
    return max(1, min(MAX_TOPICS, round(math.sqrt(papers / 2))))


@dataclass
class Clustering:
    assignment: np.ndarray  # row -> cluster index
    centroids: np.ndarray  # cluster index -> unit vector
    labels: list[str]


def cluster(vectors: np.ndarray, tfidf: Rows, tfidf_rows: np.ndarray,
            terms: Sequence[str]) -> Clustering:
    """Cluster unit vectors and label each cluster from the TF-IDF rows of its papers
    (`tfidf` holds those of the rows `tfidf_rows`: the sample the basis was fitted on)."""
    n = vectors.shape[0]
    k = min(topics_for(n), max(1, len({row.tobytes() for row in vectors[:5000]})))
    if k == 1:
        assignment = np.zeros(n, dtype=np.int32)
        centroids = vectors.mean(axis=0, keepdims=True)
    else:
        # Fitted on an even sample (as the basis is), then every paper to its nearest.
        sample = vectors[sample_rows(n, CLUSTER_SAMPLE)]
        centroids = kmeans(sample, k, seed=SEED)[0].astype(np.float32)
        assignment = nearest(vectors, centroids)
    norms = np.linalg.norm(centroids, axis=1, keepdims=True)
    centroids = np.divide(centroids, norms, out=np.zeros_like(centroids), where=norms > 0)
    return Clustering(assignment, centroids,
                      label_clusters(assignment[tfidf_rows], k, tfidf, terms))


def nearest(vectors: np.ndarray, centroids: np.ndarray, chunk: int = 20_000) -> np.ndarray:
    """Each vector's nearest centroid (squared distance), a slice at a time."""
    squares = np.einsum("ij,ij->i", centroids, centroids)
    out = np.empty(vectors.shape[0], dtype=np.int32)
    for first in range(0, vectors.shape[0], chunk):
        part = vectors[first:first + chunk]
        out[first:first + chunk] = np.argmin(squares[None, :] - 2 * part @ centroids.T,
                                             axis=1)
    return out


def label_clusters(assignment: np.ndarray, k: int, tfidf: Rows,
                   terms: Sequence[str]) -> list[str]:
    overall = tfidf.column_means() + 1e-9
    labels = []
    for row in tfidf.group_means(assignment, k):
        # Mean weight times lift: frequent in the cluster, and more so than elsewhere.
        labels.append(_label(row * np.log1p(row / overall), terms) or "(no key phrase)")
    return labels


def _label(scores: np.ndarray, terms: Sequence[str]) -> str:
    chosen: list[str] = []
    # Terms a cluster weighs alike (all of a one-paper cluster's words, often) differ only
    # in the last bits of their float sums, which differ between CPUs' BLAS kernels: they
    # are ranked as ties, in the columns' order (the terms' alphabetical order), so a
    # library gets the same labels on every machine.
    top = scores.max(initial=0.0)
    even = np.round(scores / top, 9) if top > 0 else scores
    for column in _highest(even, 60):
        if scores[column] <= 0 or len(chosen) == LABEL_TERMS:
            break
        chosen = _with(chosen, terms[column])
    return joined(chosen)


def _highest(values: np.ndarray, count: int) -> np.ndarray:
    """np.argsort(-values, kind="stable")[:count] of values none of which is negative:
    the columns of the `count` highest, ties in column order. Only the positive ones
    (a cluster's own terms) are sorted, then zeros follow in column order (ICML 2023's
    31 clusters of 22,122 terms: 1.6 ms, where sorting all took 15)."""
    positive = np.flatnonzero(values > 0)
    if positive.shape[0] > count:  # (only those as high as the count-th)
        least = np.partition(values[positive], positive.shape[0] - count)[-count]
        positive = positive[values[positive] >= least]
    first = positive[np.argsort(-values[positive], kind="stable")[:count]]
    if first.shape[0] < count:
        first = np.concatenate([first, np.flatnonzero(values == 0)[:count - first.shape[0]]])
    return first


def _with(chosen: list[str], term: str) -> list[str]:
    """The label's phrases with `term` added: left out if its words are said already;
    joined to a phrase it continues ("large language" + "language models" is "large
    language models"); replacing the phrases whose words it says."""
    words = stems(term)
    if words <= set().union(*map(stems, chosen)):
        return chosen
    parts = term.split()
    for i, phrase in enumerate(chosen):
        have = phrase.split()
        if len(parts) == 2 and len(have) == 2:  # at most three words
            if stem(have[-1]) == stem(parts[0]):
                return [*chosen[:i], f"{phrase} {parts[1]}", *chosen[i + 1:]]
            if stem(have[0]) == stem(parts[1]):
                return [*chosen[:i], f"{parts[0]} {phrase}", *chosen[i + 1:]]
    return [c for c in chosen if not stems(c) <= words] + [term]


def stable_ids(old: dict[int, set[str]], new: list[set[str]]) -> list[int]:
    """Ids for the new clusters: each takes the id of the old topic it shares most papers
    with (a one-to-one matching maximising the overlap), the rest new ids."""
    ids = [0] * len(new)
    taken: set[int] = set()
    if old and new:
        old_ids = sorted(old)
        overlap = np.array([[len(old[o] & members) for o in old_ids] for members in new],
                           dtype=np.float64)
        rows, columns = matching(-overlap)
        for row, column in zip(rows, columns, strict=True):
            if overlap[row, column] > 0:
                ids[row] = old_ids[column]
                taken.add(old_ids[column])
    next_id = max([*old, 0]) + 1
    for row in range(len(new)):
        if not ids[row]:
            while next_id in taken:
                next_id += 1
            ids[row] = next_id
            taken.add(next_id)
    return ids
