"""Spectral regression (Cai, He and Han, 2007): the meaning space's directions learned
from the library's own neighbour graph, as a linear map of the TF-IDF rows.

Plain LSA keeps the directions along which the abstracts' words vary most; on a single
conference list (a thousand or two abstracts) those are partly vocabulary noise. Here
the papers are first placed by WIDE LSA dimensions Z, each joined to its K nearest by
cosine; the leading eigenvectors Y of that graph (after the first, which only says how
connected a paper is) say which papers belong together; a ridge regression of Y on Z
turns that into a linear map, so a text still folds in as TF-IDF times components (a
query, a paper added later) and a paper is still `dims` floats.

Measured (benchmarks/similar_spectral.py, benchmarks/similar_variants.py; parameters
chosen on half A of the ICLR dev list, confirmed on half B over five seeds): precision@10
of same-topic neighbours +0.059 over the TF-IDF reference titled and bare, where LSA
gives +0.049 / +0.047; half B moves +0.011 / +0.009 against a seed noise of 0.004. It
costs about 0.5 s more of fitting at ICML size than plain LSA (docs/development-log.md,
"Indexing speed, sixth round"): the 128 LSA dimensions must be accurate (fewer subspace
iterations lost the gain; an exact SVD gains nothing over the four), and the graph's
cosines grow with the square of the papers it is drawn on (so at most GRAPH_SAMPLE of
them).
"""

from __future__ import annotations

import numpy as np

from .sparse import Rows, randomized_svd

WIDE = 128  # LSA dimensions the graph and the regression read (of 64, 128, 256 on A)
RIDGE = 0.01  # of 0.01, 0.1 on half A: the map is nearly least squares
K = 70  # neighbours per paper (of 20 … 400 on half A, ~1,000 papers)
GRAPH_SAMPLE = 8_000  # papers the graph is drawn on: ~1.5 s of cosines there
# Rows of cosines at a time, never n x n: at 8,000 papers a slice's cosines, their
# negation and argpartition's int64 order take 64 MB (1,024 rows took 130 MB).
CHUNK = 512
# Below this many papers a paper's K neighbours are a large share of the library, and the
# graph says little plain LSA does not: such a library keeps plain LSA.
MIN_PAPERS = 4 * K
# Above this many papers a library keeps plain LSA too. The spectral step's arrays add
# about 70 MB to the fit (a 20,000-paper sample, 65,536 terms); above 50,000 papers
# `papers add` fits in its own process after the index write, where they took the peak of
# adding 100,000 papers from 414 to 557-581 MB, and below it the fitting child's peak adds
# to the index writer's (index/library.py: about 220 MB + 4.75 MB per 1,000 papers), so
# 40,000 papers is where both stay under the 500 MB the speed issue allows.
MAX_PAPERS = 40_000


def unit(rows: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.maximum(norms, 1e-12)


def knn_graph(vectors: np.ndarray, k: int = K, chunk: int = CHUNK) -> Rows:
    """The normalised kNN graph D^-1/2 W D^-1/2 of unit rows' cosines: each row joined
    to its k nearest others, weighted by the (non-negative) cosine, kept where either end
    chose the other (the larger weight), as sparse rows with sorted columns."""
    n = len(vectors)
    k = min(k, n - 1)
    starts, ends, weights = [], [], []
    for first in range(0, n, chunk):
        cosines = vectors[first:first + chunk] @ vectors.T
        own = np.arange(len(cosines))
        cosines[own, own + first] = -np.inf
        near = np.argpartition(-cosines, k - 1, axis=1)[:, :k]
        starts.append(np.repeat(own + first, k))
        ends.append(near.ravel())
        weights.append(np.clip(np.take_along_axis(cosines, near, axis=1), 0, None).ravel())
    start, end = np.concatenate(starts), np.concatenate(ends)
    weight = np.concatenate(weights).astype(np.float64)
    row, column = np.concatenate([start, end]), np.concatenate([end, start])
    weight = np.concatenate([weight, weight])
    # Sorted by edge, each edge kept once with its larger weight: where both ends chose
    # each other the two weights are the same cosine, in float32 from either side.
    # (Sorting the keys alone and taking each edge's maximum: 12 ms at ICML 2023, where
    # lexsort by edge and weight took 46.)
    key = row.astype(np.int64) * n + column
    order = np.argsort(key)
    key = key[order]
    first_of_edge = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]]))
    key, weight = key[first_of_edge], np.maximum.reduceat(weight[order], first_of_edge)
    row, column = key // n, key % n
    scale = np.maximum(np.bincount(row, weights=weight, minlength=n), 1e-12) ** -0.5
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(row, minlength=n), out=indptr[1:])
    return Rows(indptr, column.astype(np.int32),
                (weight * scale[row] * scale[column]).astype(np.float32), n)


def lanczos_top(matrix: Rows, count: int, steps: int,
                seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The `count` largest eigenvalues of a symmetric sparse matrix and their unit
    eigenvectors (columns), from `steps` Lanczos steps. Each new vector is
    reorthogonalised against all before it, twice: one pass leaves enough rounding for
    copies of converged eigenvectors to come back."""
    n = matrix.shape[0]
    steps = min(steps, n)
    # The Lanczos vectors as rows, so that the ones so far are one contiguous block for
    # the reorthogonalisation's products (as columns each product copied them first).
    basis = np.zeros((steps + 1, n))
    alpha, beta = np.zeros(steps), np.zeros(steps)
    start = np.random.default_rng(seed).normal(size=n)
    basis[0] = start / np.linalg.norm(start)
    # The matrix times one vector in float32, as the matrix is: each value times its
    # column's entry, summed by rows (ICML 2023's graph, 229 steps: 0.08 s, where a
    # block product of one column, Rows.dot, spent 1 s in its Python loop and a
    # float64 bincount 0.29 s).
    filled = np.flatnonzero(np.diff(matrix.indptr))
    starts = matrix.indptr[filled]
    # The columns as numpy's own index type, taken with mode "wrap" (a no-op: every column
    # is in range): the default converted the int32 columns and checked each one at every
    # step, 0.32 ms of ICML 2023's graph against 0.09.
    columns = matrix.indices.astype(np.intp)
    products = np.empty(matrix.data.shape[0], dtype=np.float32)
    w = np.zeros(n)
    for step in range(steps):
        np.take(basis[step].astype(np.float32), columns, out=products, mode="wrap")
        products *= matrix.data
        w[:] = 0.0
        if starts.shape[0]:
            w[filled] = np.add.reduceat(products, starts)
        alpha[step] = basis[step] @ w
        done = basis[:step + 1]
        for _ in range(2):
            w -= (done @ w) @ done
        beta[step] = np.linalg.norm(w)
        if beta[step] < 1e-10:  # an invariant subspace: nothing more to find
            steps = step + 1
            break
        basis[step + 1] = w / beta[step]
    tridiagonal = (np.diag(alpha[:steps]) + np.diag(beta[:steps - 1], 1)
                   + np.diag(beta[:steps - 1], -1))
    values, vectors = np.linalg.eigh(tridiagonal)
    top = np.argsort(-values, kind="stable")[:count]
    return values[top], basis[:steps].T @ vectors[:, top]


def components(tfidf: Rows, dims: int, *, power: int, seed: int = 0,
               graph_rows: np.ndarray | None = None, wide: int = WIDE, k: int = K,
               ridge: float = RIDGE) -> np.ndarray:
    """The `dims` x terms map of spectral regression (float32): WIDE LSA dimensions of
    the TF-IDF rows (`power` subspace iterations), the kNN graph of `graph_rows` of them
    (every row unless given), its leading eigenvectors times their eigenvalues, and the
    ridge regression of those on the LSA coordinates."""
    rows, terms = tfidf.shape
    wide = min(wide, rows - 1, terms - 1)
    lsa = randomized_svd(tfidf, wide, power=power, seed=seed)
    coordinates = tfidf.dot(lsa.T).astype(np.float64)
    if graph_rows is not None:
        coordinates = coordinates[graph_rows]
    graph = knn_graph(unit(coordinates).astype(np.float32), k)
    dims = min(dims, len(coordinates) - 2)
    values, vectors = lanczos_top(graph, dims + 1, 3 * dims + 40, seed)
    target = vectors[:, 1:] * np.clip(values[1:], 0, None)
    mapped = np.linalg.solve(coordinates.T @ coordinates + ridge * np.eye(wide),
                             coordinates.T @ target)
    return np.ascontiguousarray((mapped.T @ lsa).astype(np.float32))
