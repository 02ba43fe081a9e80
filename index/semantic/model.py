"""The meaning model: TF-IDF (sublinear tf, idf, l2) reduced by truncated SVD (latent
semantic analysis) and, for a library of a few hundred papers or more, mapped by spectral
regression on its own neighbour graph (spectral.py), learned from the library's own
abstracts.

Words that occur in the same abstracts share directions of the reduced space, so two
papers (or a query and a paper) are close when they use related words, not only the same
ones. Fitting is numpy only (tfidf.py counts the terms, sparse.py reduces them); folding
a text in (a query, a newly added paper) is a sparse dot product.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from . import spectral
from .placing import Placer, place
from .sparse import Rows, randomized_svd
from .stop_words import ENGLISH_STOP_WORDS
from .text import terms
from .tfidf import WordTable, choose, counted

MAX_DIMS = 64  # float32 dimensions per paper
MAX_TERMS = 65_536  # vocabulary cap: the basis stays 16 MB at most
MAX_DF = 0.5  # a term in more than half of the abstracts says nothing of their topic
SEED = 0
FIT_SAMPLE = 20_000  # papers the basis is learned from (see fit)
READ_CHUNK = 1000  # texts read and counted at a time
# Subspace iterations of the randomized SVD. On half A of the ICLR dev list
# (benchmarks/similar.py) 0, 1, 2, 4, 7 gave precision@10 .255 .289 .292 .290 .289 titled,
# and 2, 4, 7 gave .274 .284 .280 bare: fewer leave the result to the random start.
POWER_ITERATIONS = 4


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


class TextSource(Protocol):
    """Texts by row, read a batch at a time (a library's are read from its store)."""

    def __len__(self) -> int: ...

    def take(self, rows: np.ndarray) -> list[str]: ...


@dataclass
class ListedTexts:
    texts: Sequence[str]

    def __len__(self) -> int:
        return len(self.texts)

    def take(self, rows: np.ndarray) -> list[str]:
        return [self.texts[row] for row in rows.tolist()]


@dataclass
class Fitted:
    basis: Basis
    vectors: np.ndarray  # unit rows, one per text
    tfidf: Rows  # the TF-IDF rows of the texts the basis was fitted on, for topic labels
    tfidf_rows: np.ndarray  # which texts those are
    terms: list[str]  # column -> term


def sample_rows(count: int, most: int) -> np.ndarray:
    """`most` rows spread evenly over `count` (every row when there are fewer): a
    deterministic sample that takes from every list of a library in store order."""
    if count <= most:
        return np.arange(count)
    return np.linspace(0, count - 1, most).round().astype(np.int64)


def fit(texts: Sequence[str] | TextSource, dims: int | None = None,
        seed: int = SEED, workers: int = 1) -> Fitted:
    """Learn the basis from `texts` (at most FIT_SAMPLE of them, spread evenly) and place
    every one of them in it; `dims` is dims_for() of the number of texts unless given,
    `seed` the randomized SVD's, `workers` the processes that may place the texts left
    out of the sample (placing.place).

    Past FIT_SAMPLE papers a bigger sample barely moves 64 directions of a vocabulary,
    and fitting all of them grew the 100k build by minutes (the SVD's cost grows with
    every paper); the rest are read READ_CHUNK at a time and placed, so neither their
    text nor their TF-IDF is ever held whole."""
    source = texts if hasattr(texts, "take") else ListedTexts(texts)
    count = len(source)
    rows = sample_rows(count, FIT_SAMPLE)
    table = WordTable(ENGLISH_STOP_WORDS)
    pairs = [counted(*table.codes(source.take(rows[first:first + READ_CHUNK]), grow=True))
             for first in range(0, len(rows), READ_CHUNK)]
    text_of = np.concatenate([(p[0] + first).astype(np.int32) for p, first in
                              zip(pairs, range(0, len(rows), READ_CHUNK), strict=True)])
    codes = np.concatenate([p[1] for p in pairs])
    counts = np.concatenate([p[2] for p in pairs])
    del pairs
    few = len(rows) < 50  # a term in two of a handful of abstracts is half the list
    vocabulary = choose(len(rows), codes, counts, min_df=1 if few else 2,
                        max_df=1.0 if few else MAX_DF, most=MAX_TERMS)
    if not vocabulary.codes.shape[0]:  # no abstract has a term another one shares
        vocabulary = choose(len(rows), codes, counts, min_df=1, max_df=1.0, most=MAX_TERMS)
    vocabulary, terms = vocabulary.in_order(table.spelt(vocabulary.codes))
    tfidf = vocabulary.rows(len(rows), text_of, codes, counts)
    del text_of, codes, counts
    dims = min(dims or dims_for(count), tfidf.shape[0] - 1, tfidf.shape[1] - 1)
    if dims < 1:  # one paper, or one term: nothing to reduce
        components = np.eye(1, max(tfidf.shape[1], 1), dtype=np.float32)
    elif spectral.MIN_PAPERS <= count <= spectral.MAX_PAPERS:
        graph_rows = (sample_rows(len(rows), spectral.GRAPH_SAMPLE)
                      if len(rows) > spectral.GRAPH_SAMPLE else None)
        components = spectral.components(tfidf, dims, power=POWER_ITERATIONS, seed=seed,
                                         graph_rows=graph_rows)
    else:
        components = randomized_svd(tfidf, dims, power=POWER_ITERATIONS, seed=seed)
    vectors = np.zeros((count, components.shape[0]), dtype=np.float32)
    vectors[rows] = tfidf.dot(components.T)
    place(source.take, np.setdiff1d(np.arange(count), rows), READ_CHUNK,
          Placer(table, vocabulary.rows, components), vectors, workers)
    basis = Basis({term: column for column, term in enumerate(terms)}, vocabulary.idf,
                  np.ascontiguousarray(components), ENGLISH_STOP_WORDS)
    return Fitted(basis, normalized(vectors), tfidf, rows, terms)
