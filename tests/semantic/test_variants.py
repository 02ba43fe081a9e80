"""The variants benchmarks/similar_variants.py scores beside papers' rule: each change
does what its line says (so that a figure in the README measures what it names)."""

from __future__ import annotations

import numpy as np

import index.semantic.tfidf as tfidf_module
from benchmarks.similar_variants import (
    Counts,
    cluster_weights,
    cluster_whitened,
    dense,
    expanded,
    lead_twice,
    rank_fused,
    ranks,
    spectral,
    spectral_of_wide_lsa,
    spectral_regression,
    tfidf_graph,
    with_authors,
)
from index.semantic.model import normalized
from index.semantic.text import stem

TEXTS = [
    "Reward models for language models. We align language models with reward models.",
    "Graph neural networks on molecules. Message passing graph networks predict molecules.",
    "Reward model ensembles. An ensemble of reward models resists reward hacking.",
    "Molecule graphs and message passing. Graph networks for molecule property prediction.",
    "Diffusion models generate images. Image diffusion models denoise images step by step.",
    "Denoising diffusion for image synthesis. Diffusion models and image generation.",
]


def test_lead_twice_repeats_the_title_and_first_sentence_only() -> None:
    titled = lead_twice("A title. First sentence here. Second one.", "A title")
    assert titled == "A title. First sentence here. A title. First sentence here. Second one."
    bare = lead_twice("First sentence here. Second one.", None)
    assert bare == "First sentence here. First sentence here. Second one."
    # A title the text does not start with (derived, or none) is not counted again.
    assert lead_twice("One. Two.", "Other") == "One. One. Two."


def test_a_fold_merges_words_and_leaves_the_tokenizer_as_it_was() -> None:
    plain_tokens = tfidf_module.tokens
    folded, plain = Counts(TEXTS, fold=stem), Counts(TEXTS)
    assert tfidf_module.tokens is plain_tokens
    def unfolded(terms: list[str]) -> set[str]:
        return {word for term in terms for word in term.split() if stem(word) != word}

    assert "networks" in unfolded(plain.terms)
    assert not unfolded(folded.terms)
    assert "network" in folded.terms


def test_rows_without_bigrams_and_with_log_entropy() -> None:
    counts = Counts(TEXTS)
    bigram = (counts.vocabulary.codes >> tfidf_module.WORD_BITS) > 0
    assert bigram.any()
    bigram_columns = counts.vocabulary.column_of[np.flatnonzero(bigram)]
    unigrams = dense(counts.rows(bigrams=0.0))
    assert not unigrams[:, bigram_columns].any()
    assert dense(counts.rows())[:, bigram_columns].any()
    half = dense(counts.rows(bigrams=0.5))
    assert np.allclose(np.linalg.norm(half, axis=1), 1.0)
    entropy = dense(counts.rows(glob="entropy"))
    assert np.allclose(np.linalg.norm(entropy, axis=1), 1.0)
    assert not np.allclose(entropy, dense(counts.rows()))


def test_cluster_weights_favour_a_term_of_one_cluster() -> None:
    counts = Counts(TEXTS * 4)
    weights = cluster_weights(counts, seed=0)
    assert weights.shape == (counts.vocabulary.codes.shape[0],)
    assert ((weights >= 0) & (weights <= 1)).all()
    assert weights.max() > weights.min()


def test_authors_become_terms_papers_can_share() -> None:
    assert with_authors("Text.", ["Jian Xie", "Kai Zhang"], 2) == \
        "Text. authorjianxie authorkaizhang authorjianxie authorkaizhang"
    counts = Counts([with_authors(text, ["Ann Lee"] if i % 2 else [], 1)
                     for i, text in enumerate(TEXTS)])
    assert "authorannlee" in counts.terms


# -- fifth round ---------------------------------------------------------------------------
def two_groups(size: int = 8, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Cosines of two groups: high within a group, low across, a little noise."""
    rng = np.random.default_rng(seed)
    group = np.repeat([0, 1], size)
    cosines = np.where(group[:, None] == group[None, :], 0.8, 0.05) \
        + rng.uniform(0, 0.1, (2 * size, 2 * size))
    cosines = (cosines + cosines.T) / 2
    np.fill_diagonal(cosines, 1.0)
    return cosines, group


def test_ranks_count_from_one_and_put_the_paper_itself_last() -> None:
    scores = np.array([[9.0, 3.0, 1.0], [2.0, 9.0, 5.0], [0.0, 4.0, 9.0]])
    assert ranks(scores).tolist() == [[3, 1, 2], [2, 3, 1], [2, 1, 3]]


def test_rank_fusion_follows_either_ranking_at_its_ends() -> None:
    rng = np.random.default_rng(1)
    vectors = normalized(rng.normal(size=(30, 6)).astype(np.float32))
    lexical = rng.uniform(size=(30, 30))
    def order(scores: np.ndarray) -> np.ndarray:
        return np.argsort(ranks(scores), axis=1)
    assert (order(rank_fused(vectors, lexical, weight=1.0)) == order(lexical)).all()
    assert (order(rank_fused(vectors, lexical, weight=0.0)) == order(expanded(vectors))).all()
    assert not (order(rank_fused(vectors, lexical, weight=0.5)) == order(lexical)).all()


def test_cluster_whitening_evens_the_spread_within_clusters() -> None:
    rng = np.random.default_rng(2)
    group = np.repeat([0, 1], 300)
    centres = np.zeros((2, 8))
    centres[0, 0] = centres[1, 1] = 1.0
    noise = rng.normal(size=(600, 8)) * np.array([0.01] * 2 + [0.2] + [0.01] * 5)
    vectors = normalized((centres[group] + noise).astype(np.float32))
    def spread(v: np.ndarray) -> np.ndarray:  # per axis, about each group's mean
        return np.concatenate([v[group == g] - v[group == g].mean(0) for g in (0, 1)]).std(0)
    before = spread(vectors)
    after = spread(cluster_whitened(vectors, seed=0, k=2, floor=0.0))
    assert before[2] > 10 * before[3:].max()
    assert after[2] < 2 * after[3:].min()
    assert np.allclose(np.linalg.norm(cluster_whitened(vectors, seed=0, k=2), axis=1), 1.0)


def test_the_tfidf_graph_joins_each_paper_to_its_nearest_by_cosine() -> None:
    cosines, _ = two_groups()
    graph = tfidf_graph(cosines, k=3)
    assert np.allclose(graph, graph.T)
    assert not np.diag(graph).any()
    joined = np.zeros_like(cosines)
    for row in range(len(cosines)):
        others = [j for j in np.argsort(-cosines[row], kind="stable") if j != row][:3]
        joined[row, others] = cosines[row, others]
    joined = np.maximum(joined, joined.T)
    degree = joined.sum(axis=1)
    assert np.allclose(graph, joined / np.sqrt(np.outer(degree, degree)))


def test_spectral_vectors_are_the_graphs_eigenvectors_and_split_its_groups() -> None:
    cosines, group = two_groups()
    graph = tfidf_graph(cosines, k=10)
    plain = spectral(cosines, dims=3, k=10, power=0.0)
    assert np.allclose(plain.T @ plain, np.eye(3), atol=1e-8)
    values = np.einsum("ij,ij->j", plain, graph @ plain)
    assert np.allclose(graph @ plain, plain * values, atol=1e-8)
    assert values[0] < 1 - 1e-6  # the trivial direction (eigenvalue 1) is left out
    first = np.sign(plain[:, 0])
    assert len(set(first[group == 0])) == len(set(first[group == 1])) == 1
    assert first[group == 0][0] != first[group == 1][0]
    scaled = spectral(cosines, dims=3, k=10, power=1.0)
    assert np.allclose(scaled, plain * np.clip(values, 0, None))  # a negative one counts 0


def topic_texts(per_topic: int = 10, seed: int = 3) -> tuple[list[str], np.ndarray]:
    """Texts of three topics, each of 14 words drawn from its topic's words and from
    words every topic uses."""
    rng = np.random.default_rng(seed)
    pools = [["reward", "preference", "alignment", "feedback", "policy", "human"],
             ["graph", "molecule", "message", "node", "edge", "protein"],
             ["diffusion", "image", "denoising", "sampler", "pixel", "score"]]
    shared = ["method", "results", "training", "propose", "experiments", "performance"]
    topic = np.repeat(np.arange(3), per_topic)
    texts = [" ".join(rng.choice(pools[t] * 2 + shared, size=14)) for t in topic]
    return texts, topic


def test_spectral_regression_is_a_linear_map_of_the_rows_near_the_embedding() -> None:
    texts, _ = topic_texts()
    rows = Counts(texts).rows()
    x = dense(rows).astype(np.float64)
    assert np.linalg.matrix_rank(x) == len(texts)
    vectors = spectral_regression(rows, dims=3, ridge=1e-6, k=12)
    target = normalized(spectral(x @ x.T, 3, k=12).astype(np.float32))
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)

    # 12 neighbours, more than a topic's 10 papers: with 5 the graph fell into parts whose
    # eigenvalues tie, and which eigenvectors of the tie came back varied with the
    # machine's LAPACK. Connected, the three topics still leave two near-equal ones, any
    # rotation of whose eigenvectors is the embedding: the papers' cosines (all that
    # similarity reads) are compared, not the coordinates.
    def cosines(v: np.ndarray) -> np.ndarray:
        return v @ v.T

    # Independent rows: a tiny ridge reproduces the embedding itself...
    assert np.allclose(cosines(vectors), cosines(target), atol=1e-3)
    # ...through components over the terms, which fold a row in as a basis does.
    components = x.T @ np.linalg.solve(x @ x.T + 1e-6 * np.eye(len(x)),
                                       spectral(x @ x.T, 3, k=12))
    folded = normalized((x @ components).astype(np.float32))
    assert np.allclose(cosines(folded), cosines(vectors), atol=1e-3)
    assert not np.allclose(cosines(spectral_regression(rows, dims=3, ridge=100.0, k=12)),
                           cosines(target), atol=1e-2)


def test_wide_lsa_spectral_regression_is_unit_and_groups_papers_of_a_topic() -> None:
    texts, topic = topic_texts()
    vectors = spectral_of_wide_lsa(Counts(texts).rows(), seed=0, dims=3, wide=12, k=5)
    assert vectors.shape == (30, 3)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    cosines = vectors @ vectors.T
    np.fill_diagonal(cosines, -np.inf)
    nearest_three = np.argsort(-cosines, axis=1)[:, :3]
    assert (topic[nearest_three] == topic[:, None]).mean() > 0.9
