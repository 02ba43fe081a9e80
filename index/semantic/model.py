"""The meaning model: TF-IDF (sublinear tf, idf, l2) reduced by truncated SVD (latent
semantic analysis), learned from the library's own abstracts.

Words that occur in the same abstracts share directions of the reduced space, so two
papers (or a query and a paper) are close when they use related words, not only the same
ones. Fitting uses scikit-learn, imported only here and only when fitting; folding a text
in (a query, a newly added paper) is a sparse dot product done with numpy.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .text import terms

MAX_DIMS = 64  # float32 dimensions per paper
MAX_TERMS = 65_536  # vocabulary cap: the basis stays 16 MB at most
MAX_DF = 0.5  # a term in more than half of the abstracts says nothing of their topic
SEED = 0
FIT_SAMPLE = 20_000  # papers the basis is learned from (see fit)


def dims_for(papers: int) -> int:
    """2 sqrt(n) dimensions, 8 to 64: a small library cannot support many independent
    directions (each would be fitted to a few papers' noise), a large one needs more.
    (On half of the ICLR dev list, 64 dimensions beat 16-48 at about 1,000 papers;
    benchmarks/similar.py.)"""
    return max(8, min(MAX_DIMS, round(2 * math.sqrt(papers))))


@dataclass
class Basis:
    """What folding a text in needs: the vocabulary (term -> column), each column's idf,
    and the SVD components (dims x terms)."""

    vocabulary: dict[str, int]
    idf: np.ndarray
    components: np.ndarray
    stop_words: frozenset[str]

    @property
    def dims(self) -> int:
        return int(self.components.shape[0])

    def fold(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors (rows) of `texts` in the reduced space; a text with no known
        term is the zero vector."""
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        for row, text in enumerate(texts):
            counts = Counter(t for t in terms(text, self.stop_words) if t in self.vocabulary)
            if not counts:
                continue
            columns = np.fromiter((self.vocabulary[t] for t in counts), dtype=np.int64)
            weights = (1.0 + np.log(np.fromiter(counts.values(), dtype=np.float32))) \
                * self.idf[columns]
            weights /= np.linalg.norm(weights)
            out[row] = weights @ self.components[:, columns].T
        return normalized(out)

    def save(self, directory: Path) -> None:
        ordered = sorted(self.vocabulary, key=self.vocabulary.__getitem__)
        (directory / "vocabulary.json").write_text(json.dumps(ordered), encoding="utf-8")
        (directory / "stop_words.json").write_text(json.dumps(sorted(self.stop_words)),
                                                   encoding="utf-8")
        np.save(directory / "idf.npy", self.idf)
        np.save(directory / "components.npy", self.components)

    @classmethod
    def load(cls, directory: Path) -> Basis:
        ordered = json.loads((directory / "vocabulary.json").read_text(encoding="utf-8"))
        stop = json.loads((directory / "stop_words.json").read_text(encoding="utf-8"))
        return cls({term: column for column, term in enumerate(ordered)},
                   np.load(directory / "idf.npy"),
                   np.load(directory / "components.npy", mmap_mode="r"), frozenset(stop))


FILES = ("vocabulary.json", "stop_words.json", "idf.npy", "components.npy")


def normalized(rows: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return np.divide(rows, norms, out=np.zeros_like(rows), where=norms > 0)


@dataclass
class Fitted:
    basis: Basis
    vectors: np.ndarray  # unit rows, one per text
    tfidf: object  # the sparse TF-IDF matrix (scipy CSR), for topic labels
    terms: list[str]  # column -> term


def sample_rows(count: int, most: int) -> np.ndarray:
    """`most` rows spread evenly over `count` (every row when there are fewer): a
    deterministic sample that takes from every list of a library in store order."""
    if count <= most:
        return np.arange(count)
    return np.linspace(0, count - 1, most).round().astype(np.int64)


def fit(texts: Sequence[str], dims: int | None = None) -> Fitted:
    """Learn the basis from `texts` (at most FIT_SAMPLE of them, spread evenly) and place
    every one of them in it; `dims` is dims_for() of the number of texts unless given.

    Past FIT_SAMPLE papers a bigger sample barely moves 64 directions of a vocabulary,
    and fitting all of them grew the 100k build by minutes (the SVD's cost grows with
    every paper); placing the rest is one sparse product."""
    from sklearn.decomposition import TruncatedSVD
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer

    stop_words = frozenset(ENGLISH_STOP_WORDS)
    rows = sample_rows(len(texts), FIT_SAMPLE)
    sample = [texts[row] for row in rows]
    few = len(sample) < 50  # a term in two of a handful of abstracts is half the list
    vectorizer = TfidfVectorizer(analyzer=lambda text: terms(text, stop_words),
                                 sublinear_tf=True, min_df=1 if few else 2,
                                 max_df=1.0 if few else MAX_DF, max_features=MAX_TERMS,
                                 dtype=np.float32)
    try:
        tfidf = vectorizer.fit_transform(sample)
    except ValueError:  # no abstract has a term another one shares
        vectorizer = TfidfVectorizer(analyzer=lambda text: terms(text, stop_words),
                                     sublinear_tf=True, dtype=np.float32)
        tfidf = vectorizer.fit_transform(sample)
    dims = min(dims or dims_for(len(texts)), tfidf.shape[0] - 1, tfidf.shape[1] - 1)
    if dims < 1:  # one paper, or one term: nothing to reduce
        components = np.eye(1, tfidf.shape[1], dtype=np.float32)
    else:
        svd = TruncatedSVD(n_components=dims, algorithm="randomized", random_state=SEED)
        svd.fit(tfidf)
        components = svd.components_.astype(np.float32)
    if len(sample) < len(texts):
        tfidf = _with_the_rest(vectorizer, tfidf, texts, rows)
    vocabulary = {term: int(column) for term, column in vectorizer.vocabulary_.items()}
    basis = Basis(vocabulary, vectorizer.idf_.astype(np.float32),
                  np.ascontiguousarray(components), stop_words)
    vectors = normalized(np.asarray(tfidf @ components.T, dtype=np.float32))
    return Fitted(basis, vectors, tfidf, list(vectorizer.get_feature_names_out()))


def _with_the_rest(vectorizer, sampled, texts: Sequence[str], rows: np.ndarray):
    """Every text's TF-IDF row in order, reading only the texts outside the sample."""
    from scipy import sparse

    rest = np.setdiff1d(np.arange(len(texts)), rows)
    others = vectorizer.transform([texts[r] for r in rest])
    stacked = sparse.vstack([sampled, others], format="csr")
    del others  # before the reordered copy is made
    order = np.empty(len(texts), dtype=np.int64)
    order[np.concatenate([rows, rest])] = np.arange(len(texts))
    return stacked[order]
