"""The variants benchmarks/similar_variants.py scores beside papers' rule: each change
does what its line says (so that a figure in the README measures what it names)."""

from __future__ import annotations

import numpy as np

import index.semantic.tfidf as tfidf_module
from benchmarks.similar_variants import Counts, cluster_weights, lead_twice, with_authors
from index.semantic.text import stem

TEXTS = [
    "Reward models for language models. We align language models with reward models.",
    "Graph neural networks on molecules. Message passing graph networks predict molecules.",
    "Reward model ensembles. An ensemble of reward models resists reward hacking.",
    "Molecule graphs and message passing. Graph networks for molecule property prediction.",
    "Diffusion models generate images. Image diffusion models denoise images step by step.",
    "Denoising diffusion for image synthesis. Diffusion models and image generation.",
]


def dense(rows) -> np.ndarray:
    out = np.zeros(rows.shape)
    out[rows.row_of_values(), rows.indices] = rows.data
    return out


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
