"""What else was tried for `papers similar`, scored beside what papers ships.

`benchmarks/similar.py` scores papers' rule (LSA of TF-IDF, 2 sqrt(n) dimensions, the
paper expanded by its 20 nearest: semantic/space.py). Each variant here changes one thing
of it, and all are scored in one run on the same library (built by `Library.add`, titled
or bare), on half A (where each variant's parameter was chosen, from the grid named in
its line) and on half B (held out), as the mean over SEEDS random starts of the SVD:
one start moves precision@10 by about 0.004, more than most differences here.

- input weighting: BM25's saturating tf (k1 1.2, b 0.75) instead of 1 + ln tf; pivoted
  length normalisation (slope 0.7; Singhal et al. 1996); binary tf;
- the reduced space: each direction scaled by its singular value to a power p other than
  1 (p in 0, 0.5, 1.25, 1.5, 2); the first direction removed, or the vectors centred
  ("all-but-the-top", Mu and Viswanath 2018);
- the query: two rounds of the expansion (the expanded query expanded again); 40 nearest;
- re-ranking by the library's own neighbour graph (k nearest by cosine, k in 10, 20, 50):
  shared nearest neighbours added to the score; a bonus when the paper is among the
  candidate's own k nearest (reciprocal neighbours); hubness corrected by the candidate's
  mean cosine with its k nearest (CSLS, Conneau et al. 2018); every paper replaced by the
  weighted mean of its nearest (database-side augmentation, Arandjelovic and Zisserman
  2012) before the expansion; a diffusion over the mutual k-nearest graph (Zhou et al.
  2004; Iscen et al. 2017);
- the topic map: a bonus for the candidate sharing the paper's k-means cluster;
- (issue 15, fourth round) the text and its terms: the lead (the title and the abstract's
  first sentence, where an abstract names its field) counted twice; a light plural fold
  of every word (text.stem); bigrams weighted by half; unigrams only; log-entropy instead
  of idf as the terms' global weight (Dumais 1991); each term's weight multiplied by how
  concentrated it is in the library's own k-means clusters (1 - its entropy over them,
  to the power 0.5) and the space fitted again; each author a term, twice (titled lists
  have authors; papers that share one are often on one topic);
- (fourth round) the space: 32 LSA directions of unigrams beside 32 of unigrams and
  bigrams (two feature sets in the same 64 floats);
- (fourth round) the query: alpha query expansion (neighbours weighted by cosine^3,
  Radenovic et al. 2018).

    python -m benchmarks.similar_variants [LIST.json]   (scipy-free; about 5 minutes)
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

from index.semantic import model, space
from index.semantic.kmeans import kmeans
from index.semantic.model import normalized
from index.semantic.sparse import Rows, randomized_svd
from index.semantic.stop_words import ENGLISH_STOP_WORDS
from index.semantic.text import stem
from index.semantic.tfidf import WORD_BITS, WordTable, choose, counted

from .similar import DEV, SEED, K, build, halves, listed, load

SEEDS = 5
EXPAND = space.EXPAND


_SENTENCE_END = re.compile(r"(?<=[.])\s+")


def lead_twice(text: str, title: str | None) -> str:
    """The text with its lead (the title, if it has a real one, and the abstract's first
    sentence) in front of it once more."""
    titled = bool(title) and text.startswith(f"{title}. ")
    abstract = text[len(title) + 2:] if titled else text
    lead = _SENTENCE_END.split(abstract, maxsplit=1)[0]
    return f"{title}. {lead} {text}" if titled else f"{lead} {text}"


def author_term(name: str) -> str:
    """One word for an author (no English word starts "author" and goes on in letters
    of a name the way these do)."""
    return "author" + "".join(ch for ch in name.lower() if ch.isalpha())


def with_authors(text: str, authors: list[str], times: int) -> str:
    """The text with one term per author, `times` times: papers that share authors
    share terms."""
    return " ".join([text] + [author_term(name) for name in authors] * times)


class Counts:
    """A list's counted terms and vocabulary (papers' rules), for TF-IDF rows weighted
    in other ways; `fold`, a function every word goes through first (a stemmer)."""

    def __init__(self, texts: list[str], fold: Callable[[str], str] | None = None) -> None:
        table = WordTable(ENGLISH_STOP_WORDS)
        if fold is not None:
            import index.semantic.tfidf as tfidf_module

            plain = tfidf_module.tokens
            tfidf_module.tokens = lambda text: [fold(word) for word in plain(text)]
            try:
                self.__init__(texts)
            finally:
                tfidf_module.tokens = plain
            return
        self.n = len(texts)
        self.text_of, self.codes, self.counts = counted(*table.codes(texts, grow=True))
        vocabulary = choose(self.n, self.codes, self.counts, min_df=2, max_df=model.MAX_DF,
                            most=model.MAX_TERMS)
        self.vocabulary, self.terms = vocabulary.in_order(table.spelt(vocabulary.codes))

    def rows(self, tf: str = "log", pivot: float | None = None, glob: str = "idf",
             bigrams: float = 1.0, term_weight: np.ndarray | None = None) -> Rows:
        """TF-IDF rows: `glob` "idf" or "entropy" (log-entropy), bigram columns times
        `bigrams` (0: left out), every column times `term_weight` if given."""
        voc = self.vocabulary
        columns = np.minimum(np.searchsorted(voc.codes, self.codes), voc.codes.shape[0] - 1)
        known = voc.codes[columns] == self.codes
        text_of = self.text_of[known]
        is_bigram = (voc.codes >> WORD_BITS > 0)[columns[known]]
        columns = voc.column_of[columns[known]].astype(np.int32)
        count = self.counts[known].astype(np.float64)
        if bigrams != 1.0:
            scale = np.where(is_bigram, bigrams, 1.0)
            kept = scale > 0
            text_of, columns, count, scale = (a[kept] for a in
                                              (text_of, columns, count, scale))
        if tf == "log":
            weight = 1.0 + np.log(count)
        elif tf == "bm25":
            length = np.bincount(text_of, weights=count, minlength=self.n)
            weight = count * 2.2 / (count + 1.2 * (0.25 + 0.75 * length[text_of]
                                                   / length.mean()))
        else:  # binary
            weight = np.ones_like(count)
        if glob == "entropy":  # 1 + sum_d p log p / log n, p = the term's share in d
            total = np.bincount(columns, weights=count, minlength=voc.codes.shape[0])
            share = count / total[columns]
            entropy = np.bincount(columns, weights=share * np.log(share),
                                  minlength=voc.codes.shape[0])
            values = weight * (1.0 + entropy / np.log(self.n))[columns]
        else:
            values = weight * voc.idf[columns]
        if bigrams != 1.0:
            values = values * scale
        if term_weight is not None:
            values = values * term_weight[columns]
        norms = np.sqrt(np.bincount(text_of, weights=values ** 2, minlength=self.n))
        if pivot is not None:
            norms = (1 - pivot) * norms.mean() + pivot * norms
        order = np.lexsort((columns, text_of))
        indptr = np.zeros(self.n + 1, dtype=np.int64)
        np.cumsum(np.bincount(text_of, minlength=self.n), out=indptr[1:])
        return Rows(indptr, columns[order], (values / norms[text_of])[order]
                    .astype(np.float32), voc.codes.shape[0])


def reduced(rows: Rows, seed: int, power: float = 1.0, drop: int = 0,
            centre: bool = False, dims: int | None = None) -> np.ndarray:
    """Unit LSA vectors of `rows` (papers' dimensions unless `dims`), each direction
    scaled by its singular value to `power` (1: what papers stores), the first `drop`
    left out."""
    dims = dims or model.dims_for(rows.shape[0])
    components = randomized_svd(rows, dims + drop, power=model.POWER_ITERATIONS, seed=seed)
    vectors = rows.dot(components.T).astype(np.float64)
    singular = np.linalg.norm(vectors, axis=0)
    vectors = vectors[:, drop:] * singular[drop:] ** (power - 1.0)
    if centre:
        vectors -= vectors.mean(axis=0)
    return normalized(vectors.astype(np.float32))


def expanded(vectors: np.ndarray, expand: int = EXPAND, rounds: int = 1,
             alpha: float = 1.0) -> np.ndarray:
    """Every paper's scores as `similar` ranks them (space.similarity), the expansion
    repeated `rounds` times, each neighbour weighted by its cosine to `alpha`."""
    out = np.empty((len(vectors), len(vectors)), dtype=np.float32)
    for row in range(len(vectors)):
        scores = vectors @ vectors[row]
        for _ in range(rounds):
            near = space.top_rows(scores, expand + 1)
            query = normalized((np.clip(scores[near], 0, None) ** alpha
                                @ vectors[near])[None, :])[0]
            scores = vectors @ query
        out[row] = scores
    return out


def nearest(cosines: np.ndarray, k: int) -> np.ndarray:
    """Each row's k nearest other rows."""
    off = cosines.copy()
    np.fill_diagonal(off, -np.inf)
    return np.argsort(-off, axis=1, kind="stable")[:, :k]


def membership(neighbours: np.ndarray) -> np.ndarray:
    """member[i, j] = 1 when j is among i's neighbours (or is i)."""
    n = len(neighbours)
    member = np.eye(n, dtype=np.float32)
    member[np.arange(n)[:, None], neighbours] = 1.0
    return member


def shared_neighbours(vectors: np.ndarray, k: int = 50, weight: float = 0.5) -> np.ndarray:
    member = membership(nearest(vectors @ vectors.T, k))
    return expanded(vectors) + weight * (member @ member.T) / (k + 1)


def reciprocal(vectors: np.ndarray, k: int = 50, weight: float = 0.05) -> np.ndarray:
    return expanded(vectors) + weight * membership(nearest(vectors @ vectors.T, k)).T


def csls(vectors: np.ndarray, k: int = 50, weight: float = 0.25) -> np.ndarray:
    cosines = vectors @ vectors.T
    density = np.take_along_axis(cosines, nearest(cosines, k), axis=1).mean(axis=1)
    return expanded(vectors) - weight * density[None, :]


def augmented(vectors: np.ndarray, k: int = 5, gamma: float = 3.0) -> np.ndarray:
    cosines = vectors @ vectors.T
    near = np.argsort(-cosines, axis=1, kind="stable")[:, :k + 1]  # itself first
    weights = np.clip(np.take_along_axis(cosines, near, axis=1), 0, None) ** gamma
    return expanded(normalized(np.einsum("ij,ijk->ik", weights, vectors[near])
                               .astype(np.float32)), expand=40)


def diffusion(vectors: np.ndarray, k: int = 50, gamma: float = 3.0,
              alpha: float = 0.99) -> np.ndarray:
    cosines = vectors @ vectors.T
    n = len(vectors)
    graph = np.zeros_like(cosines)
    near = nearest(cosines, k)
    graph[np.arange(n)[:, None], near] = np.clip(
        np.take_along_axis(cosines, near, axis=1), 0, None) ** gamma
    graph = np.minimum(graph, graph.T)
    degree = np.maximum(graph.sum(axis=1), 1e-12) ** -0.5
    return np.linalg.inv(np.eye(n) - alpha * graph * degree[:, None] * degree[None, :])


def same_cluster(vectors: np.ndarray, weight: float = 0.05) -> np.ndarray:
    from index.semantic.topics import topics_for

    labels = kmeans(vectors, topics_for(len(vectors)), seed=SEED)[1]
    return expanded(vectors) + weight * (labels[:, None] == labels[None, :])


def cluster_weights(counts: Counts, seed: int, power: float = 0.5) -> np.ndarray:
    """Each term's concentration in the k-means clusters (topics_for(n) of them) of the
    shipped space: (1 - its entropy over them / log k) ** power, the clusters' shares
    smoothing a term's few papers (one pseudo-paper of the library's mix)."""
    from index.semantic.topics import topics_for

    rows = counts.rows()
    k = max(2, topics_for(counts.n))
    labels = kmeans(reduced(rows, seed), k, seed=seed)[1]
    prior = np.bincount(labels, minlength=k) / counts.n
    together = np.zeros((rows.shape[1], k))
    np.add.at(together, (rows.indices, labels[rows.row_of_values()]), 1.0)
    share = (together + prior) / (together.sum(axis=1, keepdims=True) + 1.0)
    entropy = -(share * np.log(np.maximum(share, 1e-12))).sum(axis=1)
    return np.maximum(1.0 - entropy / np.log(k), 0.0) ** power


# name -> (how the TF-IDF rows are made, how the vectors are reduced, how they are scored);
# in the first, "text" names a change of the text (TEXTS), "clusters" asks for
# cluster_weights; in the second, "halves" for 32 unigram directions beside 32 of all terms.
Variant = tuple[dict, dict, Callable[[np.ndarray], np.ndarray]]
Texts = Callable[[list[str], list[str | None], list[list[str]]], Counts]
TEXTS: dict[str, Texts] = {
    "lead twice": lambda texts, titles, _: Counts([lead_twice(t, title) for t, title
                                                   in zip(texts, titles, strict=True)]),
    "plural fold": lambda texts, titles, _: Counts(texts, fold=stem),
    "lead twice, plural fold": lambda texts, titles, _: Counts(
        [lead_twice(t, title) for t, title in zip(texts, titles, strict=True)], fold=stem),
    "authors twice": lambda texts, _, authors: Counts(
        [with_authors(t, names, 2) for t, names in zip(texts, authors, strict=True)]),
}
VARIANTS: dict[str, Variant] = {
    "papers (shipped)": ({}, {}, expanded),
    "tf: BM25 saturation": ({"tf": "bm25"}, {}, expanded),
    "tf: pivoted length norm": ({"pivot": 0.7}, {}, expanded),
    "tf: binary": ({"tf": "binary"}, {}, expanded),
    "singular values ^0.5": ({}, {"power": 0.5}, expanded),
    "singular values ^1.25": ({}, {"power": 1.25}, expanded),
    "first direction removed": ({}, {"drop": 1}, expanded),
    "vectors centred": ({}, {"centre": True}, expanded),
    "expansion twice": ({}, {}, lambda v: expanded(v, rounds=2)),
    "expansion by 40": ({}, {}, lambda v: expanded(v, expand=40)),
    "no expansion": ({}, {}, lambda v: v @ v.T),
    "shared neighbours": ({}, {}, shared_neighbours),
    "reciprocal neighbours": ({}, {}, reciprocal),
    "hubness (CSLS)": ({}, {}, csls),
    "augmented papers": ({}, {}, augmented),
    "diffusion": ({}, {}, diffusion),
    "same topic cluster": ({}, {}, same_cluster),
    "text: lead twice": ({"text": "lead twice"}, {}, expanded),
    "text: plural fold": ({"text": "plural fold"}, {}, expanded),
    "text: lead twice + plural": ({"text": "lead twice, plural fold"}, {}, expanded),
    "text: authors as terms, x2": ({"text": "authors twice"}, {}, expanded),
    "terms: bigrams x0.5": ({"bigrams": 0.5}, {}, expanded),
    "terms: unigrams only": ({"bigrams": 0.0}, {}, expanded),
    "terms: log-entropy": ({"glob": "entropy"}, {}, expanded),
    "terms: cluster concentration": ({"clusters": True}, {}, expanded),
    "32 unigram + 32 all dims": ({}, {"halves": True}, expanded),
    "alpha expansion (cos^3)": ({}, {}, lambda v: expanded(v, alpha=3.0)),
}


def precision(scores: np.ndarray, topics: np.ndarray, half: np.ndarray) -> float:
    """The share of each paper of `half`'s K best-scored others that has its topic."""
    part = scores[half].astype(np.float64)
    part[np.arange(len(half)), half] = -np.inf
    top = np.argsort(-part, axis=1, kind="stable")[:, :K]
    return float(np.mean(topics[top] == topics[half][:, None]))


def run(path: Path, titled: bool) -> dict[str, tuple[float, float, float]]:
    """Each variant's (A, B, B's standard deviation over the seeds)."""
    records = load(path)
    with tempfile.TemporaryDirectory(prefix="papers-similar-variants-") as temp:
        library, _ = build(records, Path(temp), titled)
        with library:
            ids, papers, texts = listed(library)
            topics = np.array([papers[pid].extra["topic"] for pid in ids])
    titles = [None if papers[pid].title_derived else papers[pid].title for pid in ids]
    authors = [list(papers[pid].authors) for pid in ids]
    half_a, half_b = (np.array(rows) for rows in halves([papers[pid].abstract
                                                         for pid in ids]))
    counts = Counts(texts)
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in VARIANTS}
    for name, (weighting, reduction, scored) in VARIANTS.items():
        weighting = dict(weighting)
        these = TEXTS[weighting.pop("text")](texts, titles, authors) \
            if "text" in weighting else counts
        clusters = weighting.pop("clusters", False)
        rows = these.rows(**weighting)
        for seed in range(SEEDS):
            if clusters:
                rows = these.rows(term_weight=cluster_weights(these, seed))
            if reduction.get("halves"):
                vectors = normalized(np.hstack([
                    reduced(these.rows(bigrams=0.0), seed, dims=32),
                    reduced(rows, seed + SEEDS, dims=32)]))
            else:
                vectors = reduced(rows, seed, **reduction)
            scores = scored(vectors)
            found[name].append((precision(scores, topics, half_a),
                                precision(scores, topics, half_b)))
    return {name: (float(np.mean([a for a, _ in v])), float(np.mean([b for _, b in v])),
                   float(np.std([b for _, b in v]))) for name, v in found.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("list", nargs="?", type=Path, default=DEV)
    args = parser.parse_args()
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1):
        for titled in (True, False):
            result = run(args.list, titled)
            shipped = result["papers (shipped)"]
            print(f"{'titled' if titled else 'bare'}: precision@10 over {SEEDS} SVD seeds")
            print(f"  {'variant':<26} {'A':>6} {'B':>6} {'B sd':>6} {'B - shipped':>11}")
            for name, (a, b, sd) in result.items():
                print(f"  {name:<26} {a:.3f}  {b:.3f}  {sd:.3f}  {b - shipped[1]:+.3f}")


if __name__ == "__main__":
    main()
