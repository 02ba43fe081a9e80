"""k-means in numpy (Lloyd's iterations from greedy k-means++ seeds, the best of a few
seeded starts), and the one-to-one matching that keeps topic ids across refits.

scikit-learn's KMeans and scipy's linear_sum_assignment do the same; importing either
costs more than clustering a conference list, and the topic map needs only this much.
"""

from __future__ import annotations

import math

import numpy as np

MAX_ITERATIONS = 300
TOLERANCE = 1e-4  # of the points' mean variance: centres moving less than this have settled


def kmeans(points: np.ndarray, k: int, *, starts: int = 3, seed: int = 0,
           ) -> tuple[np.ndarray, np.ndarray]:
    """(centres k x d, each point's centre) of the lowest-inertia run of `starts`;
    the same points and seed always give the same result."""
    points = np.asarray(points, dtype=np.float64)
    rng = np.random.default_rng(seed)
    squares = np.einsum("ij,ij->i", points, points)
    settled = TOLERANCE * float(np.mean(np.var(points, axis=0)))
    best: tuple[float, np.ndarray, np.ndarray] | None = None
    for _ in range(starts):
        centres = _seeds(points, squares, k, rng)
        centres, labels, inertia = _lloyd(points, squares, centres, settled)
        if best is None or inertia < best[0]:
            best = (inertia, centres, labels)
    return best[1], best[2]


def _distances(points: np.ndarray, squares: np.ndarray, centres: np.ndarray) -> np.ndarray:
    out = points @ centres.T
    out *= -2.0
    out += squares[:, None]
    out += np.einsum("ij,ij->i", centres, centres)[None, :]
    return np.maximum(out, 0.0, out=out)


def _seeds(points: np.ndarray, squares: np.ndarray, k: int,
           rng: np.random.Generator) -> np.ndarray:
    """Greedy k-means++ (Arthur and Vassilvitskii 2007, with the 2 + ln k trials per
    centre scikit-learn uses): each next centre drawn in proportion to its squared
    distance from the centres so far, the best of the trials kept."""
    n = points.shape[0]
    trials = 2 + int(math.log(k))
    chosen = [int(rng.integers(n))]
    closest = _distances(points, squares, points[chosen])[:, 0]
    for _ in range(1, k):
        total = closest.sum()
        if total <= 0:  # fewer distinct points than centres: any will do
            candidates = rng.integers(n, size=trials)
        else:
            candidates = np.minimum(np.searchsorted(np.cumsum(closest),
                                                    rng.random(trials) * total), n - 1)
        reach = np.minimum(closest[:, None],
                           _distances(points, squares, points[candidates]))
        pick = int(np.argmin(reach.sum(axis=0)))
        chosen.append(int(candidates[pick]))
        closest = reach[:, pick]
    return points[chosen].copy()


def _lloyd(points: np.ndarray, squares: np.ndarray, centres: np.ndarray,
           settled: float) -> tuple[np.ndarray, np.ndarray, float]:
    k = centres.shape[0]
    # Each centre's sum of its points, a coordinate at a time by bincount (20,000
    # points, 64 coordinates, 100 centres: 1.8 ms, where a k x n membership matrix
    # times the points took 9 ms).
    by_coordinate = np.ascontiguousarray(points.T)
    for _ in range(MAX_ITERATIONS):
        # The nearest centre: the points' own squares, the same for every centre, left
        # out of the distances.
        scores = points @ centres.T
        scores *= -2.0
        scores += np.einsum("ij,ij->i", centres, centres)[None, :]
        labels = np.argmin(scores, axis=1)
        sizes = np.bincount(labels, minlength=k)
        moved = np.stack([np.bincount(labels, weights=column, minlength=k)
                          for column in by_coordinate], axis=1)
        empty = sizes == 0
        moved[~empty] /= sizes[~empty, None]
        if empty.any():  # an emptied centre restarts at the points farthest from theirs
            far = np.sum((points - centres[labels]) ** 2, axis=1)
            moved[empty] = points[np.argsort(-far, kind="stable")[:int(empty.sum())]]
        shift = float(np.sum((moved - centres) ** 2))
        centres = moved
        if shift <= settled:
            break
    distances = _distances(points, squares, centres)
    labels = np.argmin(distances, axis=1)
    return centres, labels, float(distances[np.arange(points.shape[0]), labels].sum())


def matching(cost: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rows, columns) of the one-to-one matching of least total cost, as many pairs as
    the shorter side (the Hungarian method with potentials, Kuhn-Munkres as
    Jonker-Volgenant write it: one shortest augmenting path per row, each step over all
    columns at once). Rows come back sorted."""
    cost = np.asarray(cost, dtype=np.float64)
    if cost.shape[0] > cost.shape[1]:
        columns, rows = matching(cost.T)
        order = np.argsort(rows)
        return rows[order], columns[order]
    n, m = cost.shape
    u, v = np.zeros(n + 1), np.zeros(m + 1)
    owner = np.zeros(m + 1, dtype=np.int64)  # column -> its row + 1 (0: free); 0 is a sentinel
    way = np.zeros(m + 1, dtype=np.int64)
    for row in range(1, n + 1):
        owner[0], column = row, 0
        least = np.full(m + 1, np.inf)
        used = np.zeros(m + 1, dtype=bool)
        while True:
            used[column] = True
            current = owner[column]
            reduced = cost[current - 1] - u[current] - v[1:]
            better = ~used[1:] & (reduced < least[1:])
            least[1:][better] = reduced[better]
            way[1:][better] = column
            open_least = np.where(used[1:], np.inf, least[1:])
            step_to = int(np.argmin(open_least)) + 1
            delta = open_least[step_to - 1]
            u[owner[used]] += delta
            v[used] -= delta
            least[~used] -= delta
            column = step_to
            if owner[column] == 0:
                break
        while column:  # flip the augmenting path
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    matched = np.flatnonzero(owner[1:])
    rows = owner[1:][matched] - 1
    order = np.argsort(rows)
    return rows[order], matched[order]
