"""index/semantic/spectral.py, the meaning space's spectral regression: its scalable steps
give what the dense variant of benchmarks/similar_variants.py gives, and a library big
enough is fitted by it."""

from __future__ import annotations

import numpy as np

from benchmarks.similar_spectral import spectral_fit
from benchmarks.similar_variants import Counts, dense, tfidf_graph
from index.semantic import model, spectral
from index.semantic.model import normalized
from index.semantic.sparse import Rows, randomized_svd
from index.semantic.spectral import knn_graph, lanczos_top
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


def test_lanczos_handles_a_row_with_no_values() -> None:
    """A paper with no neighbour (an empty row and column) leaves the rest's eigenpairs
    as the dense decomposition has them."""
    unit = unit_rows(50)
    graph = dense(knn_graph(unit, k=6)).astype(np.float64)
    graph[7] = 0.0
    graph[:, 7] = 0.0
    rows, columns = np.nonzero(graph)
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=50))])
    matrix = Rows(indptr.astype(np.int64), columns.astype(np.int32),
                  graph[rows, columns].astype(np.float32), 50)
    exact_values, exact_vectors = np.linalg.eigh(graph)
    top = np.argsort(-exact_values)[:4]
    values, vectors = lanczos_top(matrix, 4, steps=50)
    assert np.allclose(values, exact_values[top], atol=1e-5)
    assert np.allclose(np.abs(np.sum(vectors * exact_vectors[:, top], axis=0)), 1.0,
                       atol=1e-4)


def test_spectral_fit_components_fold_the_rows_into_its_vectors() -> None:
    texts, topic = topic_texts()
    rows = Counts(texts).rows()
    components, vectors = spectral_fit(rows, dims=3, wide=12, k=5)
    assert components.shape == (3, rows.shape[1])
    assert np.allclose(normalized(rows.dot(components.T)), vectors, atol=1e-4)
    cosines = vectors @ vectors.T
    np.fill_diagonal(cosines, -np.inf)
    assert (topic[np.argsort(-cosines, axis=1)[:, :3]] == topic[:, None]).mean() > 0.9


def many_topic_texts(topics: int = 6, per_topic: int = 50,
                     seed: int = 5) -> tuple[list[str], np.ndarray]:
    """Enough texts for the spectral path (spectral.MIN_PAPERS), each of 20 words from
    its topic's own 40 and from 40 every topic uses: made-up words of letters only."""
    rng = np.random.default_rng(seed)
    syllables = ["ka", "lo", "mi", "nu", "pe", "ro", "su", "ti", "va", "ze"]

    def words(prefix: str, count: int) -> list[str]:
        return [prefix + syllables[n // 10] + syllables[n % 10] for n in range(count)]

    pools = [words(syllables[t] + "x", 40) for t in range(topics)]
    shared = words("qq", 40)
    topic = np.repeat(np.arange(topics), per_topic)
    texts = [" ".join(rng.choice(pools[t] + shared, size=20)) for t in topic]
    return texts, topic


def test_a_library_of_a_few_hundred_papers_is_fitted_by_spectral_regression() -> None:
    texts, topic = many_topic_texts()
    assert len(texts) >= spectral.MIN_PAPERS
    fitted = model.fit(texts)
    dims = fitted.basis.dims
    mapped = spectral.components(fitted.tfidf, dims, power=model.POWER_ITERATIONS,
                                 seed=model.SEED)
    plain = randomized_svd(fitted.tfidf, dims, power=model.POWER_ITERATIONS,
                           seed=model.SEED)
    assert np.allclose(fitted.basis.components, mapped, atol=1e-6)
    assert not np.allclose(fitted.basis.components, plain, atol=1e-2)
    # Not orthonormal as SVD directions are: a regression's map.
    gram = fitted.basis.components.astype(np.float64) @ fitted.basis.components.T
    assert not np.allclose(gram, np.eye(dims), atol=1e-2)
    cosines = fitted.vectors @ fitted.vectors.T
    np.fill_diagonal(cosines, -np.inf)
    assert (topic[np.argsort(-cosines, axis=1)[:, :10]] == topic[:, None]).mean() > 0.9


def test_a_small_library_keeps_plain_lsa() -> None:
    texts, _ = many_topic_texts(per_topic=20)
    assert len(texts) < spectral.MIN_PAPERS
    fitted = model.fit(texts)
    plain = randomized_svd(fitted.tfidf, fitted.basis.dims,
                           power=model.POWER_ITERATIONS, seed=model.SEED)
    assert np.allclose(fitted.basis.components, plain, atol=1e-6)


def test_a_large_fit_sample_draws_its_graph_on_a_spread_of_rows(monkeypatch) -> None:
    texts, topic = many_topic_texts(per_topic=60)
    monkeypatch.setattr(spectral, "GRAPH_SAMPLE", 300)
    fitted = model.fit(texts)
    rows = model.sample_rows(len(texts), 300)
    mapped = spectral.components(fitted.tfidf, fitted.basis.dims,
                                 power=model.POWER_ITERATIONS, seed=model.SEED,
                                 graph_rows=rows)
    assert np.allclose(fitted.basis.components, mapped, atol=1e-6)
    # Every row is still placed, the ones the graph left out as well as the others.
    outside = np.setdiff1d(np.arange(len(texts)), rows)
    cosines = fitted.vectors[outside] @ fitted.vectors.T
    cosines[np.arange(len(outside)), outside] = -np.inf
    near = np.argsort(-cosines, axis=1)[:, :10]
    assert (topic[near] == topic[outside][:, None]).mean() > 0.9


def test_a_library_past_the_spectral_limit_keeps_plain_lsa(monkeypatch) -> None:
    texts, _ = many_topic_texts()
    monkeypatch.setattr(spectral, "MAX_PAPERS", len(texts) - 1)
    fitted = model.fit(texts)
    plain = randomized_svd(fitted.tfidf, fitted.basis.dims,
                           power=model.POWER_ITERATIONS, seed=model.SEED)
    assert np.allclose(fitted.basis.components, plain, atol=1e-6)
