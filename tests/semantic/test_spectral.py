"""benchmarks/similar_spectral.py: the scalable steps of spectral regression give what
the dense variant of benchmarks/similar_variants.py gives."""

from __future__ import annotations

import numpy as np

from benchmarks.similar_spectral import knn_graph, lanczos_top, spectral_fit
from benchmarks.similar_variants import Counts, dense, tfidf_graph
from index.semantic.model import normalized
from tests.semantic.test_variants import topic_texts


def unit_rows(count: int = 40, seed: int = 4) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(4, 6))
    return normalized((centres[np.arange(count) % 4] + 0.7 * rng.normal(size=(count, 6)))
                      .astype(np.float32))


def test_the_chunked_knn_graph_is_the_dense_one() -> None:
    unit = unit_rows()
    cosines = (unit @ unit.T).astype(np.float64)
    for chunk in (7, 1024):  # rows split unevenly over chunks, and all in one
        graph = knn_graph(unit, k=5, chunk=chunk)
        assert np.allclose(dense(graph), tfidf_graph(cosines, k=5), atol=1e-6)
        assert (np.diff(graph.indices[graph.indptr[0]:graph.indptr[1]]) > 0).all()


def test_lanczos_finds_the_largest_eigenpairs() -> None:
    unit = unit_rows(60)
    graph = knn_graph(unit, k=6)
    exact_values, exact_vectors = np.linalg.eigh(dense(graph).astype(np.float64))
    top = np.argsort(-exact_values)[:5]
    values, vectors = lanczos_top(graph, 5, steps=60)
    assert np.allclose(values, exact_values[top], atol=1e-5)
    assert np.allclose(np.abs(np.sum(vectors * exact_vectors[:, top], axis=0)), 1.0,
                       atol=1e-4)
    assert np.isclose(values[0], 1.0, atol=1e-5)  # D^1/2 1: what the fit leaves out


def test_spectral_fit_components_fold_the_rows_into_its_vectors() -> None:
    texts, topic = topic_texts()
    rows = Counts(texts).rows()
    components, vectors = spectral_fit(rows, dims=3, wide=12, k=5)
    assert components.shape == (3, rows.shape[1])
    assert np.allclose(normalized(rows.dot(components.T)), vectors, atol=1e-4)
    cosines = vectors @ vectors.T
    np.fill_diagonal(cosines, -np.inf)
    assert (topic[np.argsort(-cosines, axis=1)[:, :3]] == topic[:, None]).mean() > 0.9
