"""The meaning space's spectral regression (index/semantic/spectral.py) beside plain
LSA, the rule it replaced: quality and cost (issue 15, fifth round).

benchmarks/similar_variants.py found that the spectral embedding of the library's own
neighbour graph, regressed linearly on 128 LSA dimensions, moves held-out precision@10
by about +0.01 (titled and bare), where nothing before moved it beyond seed noise. Its
variant there is dense (every cosine, a full eigendecomposition); the shipped form's
steps scale: the kNN graph a chunk of rows at a time, Lanczos for the eigenvectors, a
ridge regression onto the LSA coordinates (see spectral.py).

    python -m benchmarks.similar_spectral [LIST.json]   (precision@10, about 2 minutes)
    python -m benchmarks.similar_spectral --cost [LIST.json ...]   (the fit's CPU time)
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from index.semantic import model, spectral
from index.semantic.model import normalized
from index.semantic.sparse import Rows, randomized_svd

from .similar import DEV
from .similar_variants import K_GRAPH, SEEDS, WIDE, WIDE_RIDGE, Counts, expanded, precision

COST_LISTS = ("icml2023", "icml2020", "icml2021", "icml2022", "iclr2024_topics_dev")


def spectral_fit(tfidf: Rows, dims: int, seed: int = 0, wide: int = WIDE,
                 ridge: float = WIDE_RIDGE, k: int = K_GRAPH,
                 power: int = model.POWER_ITERATIONS) -> tuple[np.ndarray, np.ndarray]:
    """(components, dims x terms; the unit vectors of the rows) of the meaning space's
    spectral regression (index/semantic/spectral.py), its parameters open to the
    variants' search."""
    components = spectral.components(tfidf, dims, power=power, seed=seed, wide=wide,
                                     k=k, ridge=ridge)
    return components, normalized(tfidf.dot(components.T))


def quality(path: Path) -> None:
    """Precision@10 on halves A and B and the whole list, over SEEDS seeds, of plain LSA
    and of spectral regression, titled and bare (the libraries built as similar_variants
    builds them)."""
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
        found: dict[str, list[tuple[float, float, float]]] = {"plain LSA": [], "spectral": []}
        for seed in range(SEEDS):
            components = randomized_svd(rows, dims, power=model.POWER_ITERATIONS, seed=seed)
            for name, vectors in (("plain LSA", normalized(rows.dot(components.T))),
                                  ("spectral", spectral_fit(rows, dims, seed)[1])):
                scores = expanded(vectors)
                found[name].append(tuple(precision(scores, topics, half)
                                         for half in (half_a, half_b, everyone)))
        print(f"{'titled' if titled else 'bare'}: reference (whole list) {ref:.3f}")
        for name, runs in found.items():
            a, b, whole = np.mean(runs, axis=0)
            print(f"  {name:<10} A {a:.3f}  B {b:.3f} (sd {np.std([r[1] for r in runs]):.3f})"
                  f"  whole {whole:.3f} ({whole - ref:+.3f} over the reference)")


def cost(paths: list[Path]) -> None:
    """CPU seconds of papers' whole fit (spectral regression where the library is big
    enough) and of the plain LSA SVD it replaced, on each list and on all of them
    together, three times each."""
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
            started = time.process_time()
            spectral_fit(fitted.tfidf, fitted.basis.dims)
            steps = time.process_time() - started
            print(f"{name} ({len(texts)}): fit {fit:.2f} s, of which spectral regression "
                  f"{steps:.2f} s, where plain LSA's SVD took {svd:.2f} s", flush=True)


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
