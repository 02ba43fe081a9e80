"""Spectral regression for `papers similar`, in the form a library's fit could take, with
its quality and its cost measured (issue 15, fifth round; not shipped: see README).

benchmarks/similar_variants.py found that the spectral embedding of the library's own
neighbour graph, regressed linearly on 128 LSA dimensions, moves held-out precision@10
by about +0.01 (titled and bare), where nothing before moved it beyond seed noise. Its
variant there is dense (every cosine, a full eigendecomposition): fine at 1,000 papers,
not at a 20,000-paper fit sample. Here each step is one that scales:

- the 128 LSA dimensions Z of the TF-IDF rows (papers' randomized SVD, more dimensions);
- the kNN graph of Z's cosines, computed CHUNK rows at a time (never n x n), each paper
  joined to its K nearest, symmetrised (the larger weight), normalised D^-1/2 W D^-1/2;
- the graph's leading eigenvectors by Lanczos with full reorthogonalisation (a sparse
  product a step), each times its eigenvalue, the first (degree only) left out: Y;
- the ridge regression of Y on Z, B = (Z^T Z + ridge I)^-1 Z^T Y, so the basis'
  components are B^T V^T (dims x terms): a text folds in as it does now.

    python -m benchmarks.similar_spectral [LIST.json]   (precision@10, about 2 minutes)
    python -m benchmarks.similar_spectral --cost [LIST.json ...]   (the fit's CPU time)
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from index.semantic import model
from index.semantic.model import normalized
from index.semantic.sparse import Rows, randomized_svd

from .similar import DEV
from .similar_variants import K_GRAPH, SEEDS, WIDE, WIDE_RIDGE, Counts, expanded, precision

COST_LISTS = ("icml2023", "icml2020", "icml2021", "icml2022", "iclr2024_topics_dev")
CHUNK = 1024  # rows of cosines at a time: CHUNK x n floats


def knn_graph(unit: np.ndarray, k: int = K_GRAPH, chunk: int = CHUNK) -> Rows:
    """The normalised kNN graph of unit rows' cosines (similar_variants.tfidf_graph's,
    `chunk` rows at a time), as sparse rows."""
    n = len(unit)
    k = min(k, n - 1)
    first_ends, second_ends, weights = [], [], []
    for first in range(0, n, chunk):
        cosines = unit[first:first + chunk] @ unit.T
        own = np.arange(len(cosines))
        cosines[own, own + first] = -np.inf
        near = np.argpartition(-cosines, k - 1, axis=1)[:, :k]
        first_ends.append(np.repeat(own + first, k))
        second_ends.append(near.ravel())
        weights.append(np.clip(np.take_along_axis(cosines, near, axis=1), 0, None).ravel())
    ends_a, ends_b = np.concatenate(first_ends), np.concatenate(second_ends)
    weight = np.concatenate(weights)
    # Each edge both ways; where both ends chose the other, the larger weight is kept
    # (the same cosine, in float32 from either side).
    row, column = np.concatenate([ends_a, ends_b]), np.concatenate([ends_b, ends_a])
    weight = np.concatenate([weight, weight]).astype(np.float64)
    key = row.astype(np.int64) * n + column
    order = np.lexsort((-weight, key))
    key, weight = key[order], weight[order]
    kept = np.concatenate([[True], key[1:] != key[:-1]])
    key, weight = key[kept], weight[kept]
    row, column = key // n, key % n
    scale = np.maximum(np.bincount(row, weights=weight, minlength=n), 1e-12) ** -0.5
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(row, minlength=n), out=indptr[1:])
    return Rows(indptr, column.astype(np.int32),
                (weight * scale[row] * scale[column]).astype(np.float32), n)


def lanczos_top(matrix: Rows, count: int, steps: int,
                seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The `count` largest eigenvalues of a symmetric sparse matrix and their unit
    eigenvectors (columns), from `steps` Lanczos steps, each new vector reorthogonalised
    against all before it (twice: one pass leaves rounding that lets copies of converged
    eigenvectors back in)."""
    n = matrix.shape[0]
    steps = min(steps, n)
    basis = np.zeros((n, steps + 1))
    alpha, beta = np.zeros(steps), np.zeros(steps)
    start = np.random.default_rng(seed).normal(size=n)
    basis[:, 0] = start / np.linalg.norm(start)
    for step in range(steps):
        w = matrix.dot(basis[:, step:step + 1].astype(np.float32)).astype(np.float64)[:, 0]
        alpha[step] = basis[:, step] @ w
        for _ in range(2):
            w -= basis[:, :step + 1] @ (basis[:, :step + 1].T @ w)
        beta[step] = np.linalg.norm(w)
        if beta[step] < 1e-10:  # an invariant subspace: nothing more to find
            steps = step + 1
            break
        basis[:, step + 1] = w / beta[step]
    tridiagonal = np.diag(alpha[:steps]) + np.diag(beta[:steps - 1], 1) \
        + np.diag(beta[:steps - 1], -1)
    values, vectors = np.linalg.eigh(tridiagonal)
    top = np.argsort(-values)[:count]
    return values[top], basis[:, :steps] @ vectors[:, top]


def spectral_fit(tfidf: Rows, dims: int, seed: int = 0, wide: int = WIDE,
                 ridge: float = WIDE_RIDGE, k: int = K_GRAPH, power: int = 4,
                 marks: dict[str, float] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(components, dims x terms; the unit vectors of the rows): spectral regression on
    `wide` LSA dimensions. `marks`, if given, gets each step's CPU seconds."""
    clock = time.process_time
    started = clock()
    lsa = randomized_svd(tfidf, wide, power=power, seed=seed)
    coordinates = tfidf.dot(lsa.T).astype(np.float64)
    svd_done = clock()
    graph = knn_graph(normalized(coordinates.astype(np.float32)), k)
    graph_done = clock()
    values, vectors = lanczos_top(graph, dims + 1, 3 * dims + 40, seed)
    target = vectors[:, 1:] * np.clip(values[1:], 0, None)
    eigen_done = clock()
    mapped = np.linalg.solve(coordinates.T @ coordinates + ridge * np.eye(wide),
                             coordinates.T @ target)
    components = (mapped.T @ lsa).astype(np.float32)
    if marks is not None:
        marks.update(svd=svd_done - started, graph=graph_done - svd_done,
                     eigen=eigen_done - graph_done, ridge=clock() - eigen_done)
    return components, normalized((coordinates @ mapped).astype(np.float32))


def quality(path: Path) -> None:
    """Precision@10 on halves A and B and the whole list, over SEEDS seeds, beside the
    shipped rule, titled and bare (the libraries built as similar_variants builds them)."""
    import tempfile

    from .similar import build, halves, listed, load, reference_neighbours

    for titled in (True, False):
        with tempfile.TemporaryDirectory(prefix="papers-similar-spectral-") as temp:
            library, _ = build(load(path), Path(temp), titled)
            with library:
                ids, papers, texts = listed(library)
        topics = np.array([papers[pid].extra["topic"] for pid in ids])
        half_a, half_b = (np.array(r) for r in halves([papers[p].abstract for p in ids]))
        everyone = np.arange(len(ids))
        reference = reference_neighbours(ids, texts)
        topic_of = dict(zip(ids, topics, strict=True))
        ref = float(np.mean([np.mean([topic_of[n] == topic_of[pid] for n in reference[pid]])
                             for pid in ids]))
        rows = Counts(texts).rows()
        dims = model.dims_for(len(ids))
        found: dict[str, list[tuple[float, float, float]]] = {"shipped": [], "spectral": []}
        for seed in range(SEEDS):
            components = randomized_svd(rows, dims, power=model.POWER_ITERATIONS, seed=seed)
            for name, vectors in (("shipped", normalized(rows.dot(components.T))),
                                  ("spectral", spectral_fit(rows, dims, seed)[1])):
                scores = expanded(vectors)
                found[name].append(tuple(precision(scores, topics, half)
                                         for half in (half_a, half_b, everyone)))
        print(f"{'titled' if titled else 'bare'}: reference (whole list) {ref:.3f}")
        for name, runs in found.items():
            a, b, whole = np.mean(runs, axis=0)
            print(f"  {name:<9} A {a:.3f}  B {b:.3f} (sd {np.std([r[1] for r in runs]):.3f})"
                  f"  whole {whole:.3f} ({whole - ref:+.3f} over the reference)")


def cost(paths: list[Path]) -> None:
    """CPU seconds of papers' fit and of the spectral fit in its SVD's place, on each
    list and on all of them together, three times each."""
    lists = {path.stem: [f"{r.get('title') or ''}. {r['abstract']}" for r in
                         json.loads(path.read_text(encoding="utf-8")) if r.get("abstract")]
             for path in paths}
    if len(lists) > 1:
        lists["together"] = [text for texts in lists.values() for text in texts]
    for name, texts in lists.items():
        for _ in range(3):
            started = time.process_time()
            fitted = model.fit(texts)
            fit = time.process_time() - started
            started = time.process_time()
            randomized_svd(fitted.tfidf, fitted.basis.dims, power=model.POWER_ITERATIONS)
            svd = time.process_time() - started
            marks: dict[str, float] = {}
            started = time.process_time()
            spectral_fit(fitted.tfidf, fitted.basis.dims, marks=marks)
            spectral = time.process_time() - started
            print(f"{name} ({len(texts)}): fit {fit:.2f} s, its SVD {svd:.2f} s; spectral in "
                  f"the SVD's place {spectral:.2f} s (" +
                  ", ".join(f"{step} {seconds:.2f}" for step, seconds in marks.items()) + ")",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("list", nargs="?", type=Path, default=DEV)
    parser.add_argument("--cost", nargs="*", type=Path, metavar="LIST.json",
                        help="only measure the fit's cost, on these lists (by default "
                             "the development lists, ICML 2023 first)")
    args = parser.parse_args()
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1):  # as papers fits (index/semantic/build.py)
        if args.cost is not None:
            cost(args.cost or [DEV.parent / f"{name}.json" for name in COST_LISTS])
        else:
            quality(args.list)


if __name__ == "__main__":
    main()
