"""The meaning model's own numerics (index/semantic/sparse.py, tfidf.py, kmeans.py), each
checked against a plain computation of what it stands for: dense products, the exact SVD,
TF-IDF by its formula, brute-force matchings."""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
import textwrap
from collections import Counter

import numpy as np
import pytest

from index.semantic import sparse
from index.semantic.kmeans import kmeans, matching
from index.semantic.model import fit
from index.semantic.sparse import Rows, randomized_svd
from index.semantic.stop_words import ENGLISH_STOP_WORDS
from index.semantic.text import terms

from ..locations import REPO, SEED_FILES, seed_abstracts


def rows_of(dense: np.ndarray) -> Rows:
    """`dense` stored by rows, its zeros left out."""
    indptr = np.concatenate([[0], np.cumsum((dense != 0).sum(axis=1))]).astype(np.int64)
    rows, columns = np.nonzero(dense)
    return Rows(indptr, columns.astype(np.int32), dense[rows, columns].astype(np.float32),
                dense.shape[1])


def sparse_matrix(rng: np.random.Generator, shape: tuple[int, int],
                  density: float) -> np.ndarray:
    dense = rng.random(shape, dtype=np.float32) * (rng.random(shape) < density)
    dense[3] = 0  # an empty row
    dense[-1] = 0  # the last one too
    return dense


@pytest.mark.parametrize("each_above", [0, 1 << 30], ids=["one by one", "sorted"])
@pytest.mark.parametrize("cells", [1 << 30, 40, 1], ids=["one block", "a few rows a block",
                                                          "a row a block"])
def test_sparse_products_equal_the_dense_ones(monkeypatch, cells, each_above):
    monkeypatch.setattr(sparse, "BLOCK_CELLS", cells)
    monkeypatch.setattr(sparse, "EACH_ABOVE", each_above)
    rng = np.random.default_rng(4)
    dense = sparse_matrix(rng, (40, 30), 0.2)
    matrix = rows_of(dense)
    right = rng.standard_normal((30, 5)).astype(np.float32)
    left = rng.standard_normal((40, 5)).astype(np.float32)
    assert np.allclose(matrix.dot(right), dense @ right, atol=1e-5)
    assert np.allclose(matrix.transposed().dot(left), dense.T @ left, atol=1e-5)
    assert np.allclose(matrix.dot(right[:, :1]), dense @ right[:, :1], atol=1e-5)
    assert matrix.dot(right.astype(np.float64)).dtype == np.float32
    empty = rows_of(np.zeros((4, 30), dtype=np.float32))
    assert np.array_equal(empty.dot(right), np.zeros((4, 5), dtype=np.float32))
    assert np.allclose(matrix.column_means(), dense.mean(axis=0), atol=1e-6)
    groups = rng.integers(0, 3, size=40)
    means = list(matrix.group_means(groups, 3))
    for group in range(3):
        assert np.allclose(means[group], dense[groups == group].mean(axis=0), atol=1e-6)


def principal_cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosines of the angles between the row spaces of two orthonormal row sets."""
    return np.linalg.svd(a.astype(np.float64) @ b.T.astype(np.float64), compute_uv=False)


@pytest.fixture
def randomized(monkeypatch):
    """The randomized path even for the small matrices of these tests."""
    monkeypatch.setattr(sparse, "EXACT_CELLS", 0)


def test_a_small_matrix_is_decomposed_exactly():
    dense = sparse_matrix(np.random.default_rng(9), (30, 50), 0.3)
    top = np.linalg.svd(dense.astype(np.float64), full_matrices=False)[2][:5]
    assert principal_cosines(randomized_svd(rows_of(dense), 5), top).min() > 1 - 1e-6


def test_the_randomized_svd_recovers_a_low_rank_matrixs_subspace(randomized):
    rng = np.random.default_rng(7)
    rank = 6
    left = np.linalg.qr(rng.standard_normal((300, rank)))[0]
    right = np.linalg.qr(rng.standard_normal((500, rank)))[0].T
    dense = (left * np.linspace(10, 1, rank)) @ right
    found = randomized_svd(rows_of(dense.astype(np.float32)), rank, seed=1)
    assert found.shape == (rank, 500)
    assert np.allclose(found @ found.T, np.eye(rank), atol=1e-4)  # orthonormal rows
    assert principal_cosines(found, right).min() > 0.999


def test_the_randomized_svd_of_a_noisy_sparse_matrix_captures_nearly_the_most(randomized):
    """Where the spectrum is flat (random sparse values) no method can tell directions
    apart, but the subspace found must hold nearly as much of the matrix as the best."""
    rng = np.random.default_rng(8)
    dense = sparse_matrix(rng, (400, 900), 0.05)
    top = np.linalg.svd(dense.astype(np.float64), full_matrices=False)[2][:8]
    best = np.linalg.norm(dense @ top.T) ** 2

    def captured(power: int) -> float:
        found = randomized_svd(rows_of(dense), 8, power=power, seed=0)
        return np.linalg.norm(dense @ found.T.astype(np.float64)) ** 2 / best

    shares = [captured(power) for power in (0, 2, 8)]
    # Each subspace iteration brings it closer to the best (Halko et al., section 4.5).
    assert shares[0] < shares[1] < shares[2] and shares[1] > 0.93 and shares[2] > 0.99
    found = randomized_svd(rows_of(dense), 8, power=2, seed=0)
    assert principal_cosines(found[:1], top[:1])[0] > 0.999  # the one that stands out
    assert np.array_equal(found, randomized_svd(rows_of(dense), 8, power=2, seed=0))


def test_tfidf_rows_are_sublinear_tf_times_smoothed_idf_normalised():
    texts = ["Graph networks learn graph structure.", "Protein structure from graph data.",
             "Speech audio models.", "Graph audio."]
    fitted = fit(texts)
    vocabulary = fitted.basis.vocabulary
    counts = [Counter(terms(text, ENGLISH_STOP_WORDS)) for text in texts]
    df = Counter(term for c in counts for term in c)
    assert set(vocabulary) == set(df)  # a handful of texts: every term kept
    n = len(texts)
    for row, c in enumerate(counts):
        expected = {t: (1 + math.log(k)) * (math.log((1 + n) / (1 + df[t])) + 1)
                    for t, k in c.items()}
        norm = math.sqrt(sum(v * v for v in expected.values()))
        start, stop = fitted.tfidf.indptr[row], fitted.tfidf.indptr[row + 1]
        got = {fitted.terms[col]: float(value) for col, value in
               zip(fitted.tfidf.indices[start:stop], fitted.tfidf.data[start:stop],
                   strict=True)}
        assert got.keys() == expected.keys()
        for term, value in expected.items():
            assert got[term] == pytest.approx(value / norm, rel=1e-5)


def test_a_vocabulary_keeps_terms_of_two_papers_and_at_most_half_of_them():
    texts = [f"common word in every paper; shared{i // 2} pair; single{i}" for i in range(60)]
    vocabulary = fit(texts).basis.vocabulary
    assert "shared0" in vocabulary and "shared29" in vocabulary  # in two papers
    assert "single3" not in vocabulary  # in one
    assert "common" not in vocabulary and "common word" not in vocabulary  # in all


def test_the_columns_do_not_depend_on_the_order_of_the_texts():
    texts = seed_abstracts(SEED_FILES[0])
    forward, backward = fit(texts), fit(texts[::-1])
    assert forward.terms == backward.terms == sorted(forward.terms)
    assert np.allclose(forward.basis.idf, backward.basis.idf)


def test_kmeans_finds_separated_clusters_and_is_the_same_under_its_seed():
    rng = np.random.default_rng(5)
    centres = rng.standard_normal((4, 8)) * 10
    truth = np.repeat(np.arange(4), 50)
    points = centres[truth] + rng.standard_normal((200, 8))
    found, labels = kmeans(points, 4, seed=3)
    # One cluster per true group, each whole.
    assert len({(t, lab) for t, lab in zip(truth, labels, strict=True)}) == 4
    assert np.allclose(np.sort(found, axis=0), np.sort(centres, axis=0), atol=0.5)
    again, labels_again = kmeans(points, 4, seed=3)
    assert np.array_equal(labels, labels_again) and np.array_equal(found, again)


def test_kmeans_with_more_centres_than_distinct_points_still_ends():
    points = np.repeat(np.eye(3), 4, axis=0)
    centres, labels = kmeans(points, 5, seed=0)
    assert centres.shape == (5, 3) and labels.shape == (12,)
    assert len(set(labels.tolist())) >= 3


def brute_force(cost: np.ndarray) -> float:
    rows, columns = cost.shape
    if rows <= columns:
        return min(sum(cost[i, p[i]] for i in range(rows))
                   for p in itertools.permutations(range(columns), rows))
    return min(sum(cost[p[j], j] for j in range(columns))
               for p in itertools.permutations(range(rows), columns))


def test_matching_finds_the_least_cost_one_to_one_pairs():
    rng = np.random.default_rng(2)
    for _ in range(150):
        shape = tuple(int(x) for x in rng.integers(1, 6, size=2))
        cost = rng.integers(0, 10, size=shape).astype(float)
        rows, columns = matching(cost)
        assert len(rows) == len(set(rows.tolist())) == min(shape)
        assert len(set(columns.tolist())) == min(shape)
        assert cost[rows, columns].sum() == pytest.approx(brute_force(cost))


def test_fitting_the_meaning_space_imports_neither_scikit_learn_nor_scipy():
    code = textwrap.dedent("""
        import json, sys
        from index.semantic.model import fit
        from index.semantic.topics import cluster, stable_ids
        from tests.locations import SEED_FILES, seed_abstracts

        fitted = fit(seed_abstracts(SEED_FILES[0]))
        cluster(fitted.vectors, fitted.tfidf, fitted.tfidf_rows, fitted.terms)
        stable_ids({1: {"a"}, 2: {"b"}}, [{"b"}, {"a"}])
        print(json.dumps(sorted(sys.modules)))
    """)
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    loaded = {name.split(".")[0] for name in json.loads(run.stdout)}
    assert not loaded & {"sklearn", "scipy"}


def test_the_latin_of_citations_is_no_term_of_the_meaning_space():
    """A fifth of a theory list's abstracts cite "Smith et al." (COLT 2023: 14 of 62):
    "et" and "al" were terms, and "al · et" a topic's label."""
    texts = [f"Following Zorb et al., we bound the regret of {topic} bandits; cf. the "
             f"lower bounds of Quux et al. for {topic} regret." for topic in
             ("linear", "contextual", "dueling", "combinatorial", "adversarial", "sparse")]
    terms_fitted = set(fit(texts).terms)
    assert "regret" in terms_fitted and "bandits" in terms_fitted
    assert not {"et", "al", "cf"} & {word for term in terms_fitted for word in term.split()}
