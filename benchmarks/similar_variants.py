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
  Radenovic et al. 2018);
- (fifth round) the lexical signal fused by rank, not by score: reciprocal-rank fusion
  (Cormack et al. 2009; k 60, the lexical ranking weighted 0.15 of 0.15-0.5) of the
  expanded ranking with the plain TF-IDF cosine's; the reduced space whitened by the
  covariance of each paper around its k-means cluster's centre (44 clusters, the
  covariance's eigenvalues floored by 0.3 of their mean; a linear discriminant's
  within-class whitening with the library's own clusters for classes);
- (fifth round) the space from the library's TF-IDF neighbour graph: each paper joined to
  its K_GRAPH nearest by the TF-IDF cosine (weighted by it, symmetrised), the graph's
  leading eigenvectors of the normalised adjacency, each scaled by its eigenvalue (a
  Laplacian eigenmap; Belkin and Niyogi 2003) as the vectors; and the same embedding
  made a linear map of the TF-IDF rows by ridge regression ("spectral regression", Cai,
  He and Han 2007), so that a query or a new paper folds in as a basis' components do.

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
from index.semantic.spectral import RIDGE as WIDE_RIDGE
from index.semantic.spectral import WIDE

# The spectral variants' parameters, chosen here on half A, shipped in spectral.py.
from index.semantic.spectral import K as K_GRAPH
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


def rank_fused(vectors: np.ndarray, lexical: np.ndarray, weight: float = 0.15,
               k: int = 60) -> np.ndarray:
    """Reciprocal-rank fusion: each candidate's (1 - weight) / (k + its rank by the
    expanded LSA score) + weight / (k + its rank by `lexical`), ranks from 1, the paper
    itself left out of both."""
    return (1.0 - weight) / (k + ranks(expanded(vectors))) + weight / (k + ranks(lexical))


def ranks(scores: np.ndarray) -> np.ndarray:
    """Each row's ranks of its columns by score, 1 the highest; the diagonal last."""
    off = scores.astype(np.float64)
    np.fill_diagonal(off, -np.inf)
    order = np.argsort(-off, axis=1, kind="stable")
    out = np.empty_like(order)
    out[np.arange(len(off))[:, None], order] = np.arange(1, off.shape[1] + 1)[None, :]
    return out


def cluster_whitened(vectors: np.ndarray, seed: int, k: int = 44,
                     floor: float = 0.3) -> np.ndarray:
    """`vectors` times the inverse square root of their covariance about their k-means
    clusters' centres (its eigenvalues plus `floor` times their mean), made unit again."""
    labels = kmeans(vectors, k, seed=seed)[1]
    wide = vectors.astype(np.float64)
    centres = np.zeros((k, wide.shape[1]))
    np.add.at(centres, labels, wide)
    centres /= np.maximum(np.bincount(labels, minlength=k), 1)[:, None]
    residual = wide - centres[labels]
    values, axes = np.linalg.eigh(residual.T @ residual / len(wide))
    scale = axes @ np.diag((values + floor * values.mean()) ** -0.5) @ axes.T
    return normalized((wide @ scale).astype(np.float32))


def dense(rows: Rows) -> np.ndarray:
    out = np.zeros(rows.shape, dtype=np.float32)
    out[rows.row_of_values(), rows.indices] = rows.data
    return out


def tfidf_graph(cosines: np.ndarray, k: int = K_GRAPH) -> np.ndarray:
    """The kNN graph of `cosines` (the TF-IDF rows' Gram matrix): each row joined to its
    k nearest others, weighted by the (non-negative) cosine, kept where either end chose
    the other, then normalised: D^-1/2 W D^-1/2."""
    graph = np.zeros(cosines.shape, dtype=np.float64)
    near = nearest(cosines, k)
    graph[np.arange(len(cosines))[:, None], near] = np.clip(
        np.take_along_axis(cosines, near, axis=1), 0, None)
    graph = np.maximum(graph, graph.T)
    degree = np.maximum(graph.sum(axis=1), 1e-12) ** -0.5
    return graph * degree[:, None] * degree[None, :]


def spectral(cosines: np.ndarray, dims: int, k: int = K_GRAPH,
             power: float = 1.0) -> np.ndarray:
    """The graph's `dims` leading eigenvectors after the first (which only says how
    connected each paper is), each times its eigenvalue to `power` (1 of 0, 0.5, 1, 1.5,
    2, 3 on half A)."""
    values, vectors = np.linalg.eigh(tfidf_graph(cosines, k))
    lead = np.argsort(-values)[1:dims + 1]
    return vectors[:, lead] * np.clip(values[lead], 0, None) ** power


RIDGE = 0.3  # of 0.03, 0.1, 0.3, 1 on half A


def spectral_regression(rows: Rows, dims: int, ridge: float = RIDGE,
                        k: int = K_GRAPH) -> np.ndarray:
    """Unit vectors X C^T of the TF-IDF rows X, C the ridge regression of the spectral
    embedding Y on them: C^T = X^T (X X^T + ridge I)^-1 Y (the dual form)."""
    gram = (lambda x: (x @ x.T).astype(np.float64))(dense(rows))
    target = spectral(gram, dims, k)
    return normalized((gram @ np.linalg.solve(gram + ridge * np.eye(len(gram)), target))
                      .astype(np.float32))


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
    "plain LSA (rounds 1-4)": ({}, {}, expanded),
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
    "rank fusion with TF-IDF cosine": ({}, {"lexical": True}, rank_fused),
    "cluster-whitened space": ({}, {"whiten": True}, expanded),
    "spectral (TF-IDF kNN graph)": ({}, {"spectral": "embedding"}, expanded),
    "spectral regression": ({}, {"spectral": "regression"}, expanded),
    "spectral regression, 128 LSA": ({}, {"spectral": "wide LSA"}, expanded),
}




def spectral_of_wide_lsa(rows: Rows, seed: int, dims: int, wide: int = WIDE,
                         ridge: float = WIDE_RIDGE, k: int = K_GRAPH) -> np.ndarray:
    """Spectral regression without the TF-IDF Gram matrix: the graph of the cosines of
    `wide` LSA dimensions (Z, the rows' raw coordinates), its spectral embedding Y
    regressed on Z: unit rows of Z (Z^T Z + ridge I)^-1 Z^T Y. A linear map of the
    TF-IDF rows again (components B^T V^T), `dims` wide."""
    components = randomized_svd(rows, wide, power=model.POWER_ITERATIONS, seed=seed)
    wide_rows = rows.dot(components.T).astype(np.float64)
    unit = normalized(wide_rows.astype(np.float32)).astype(np.float64)
    target = spectral(unit @ unit.T, dims, k)
    mapped = np.linalg.solve(wide_rows.T @ wide_rows + ridge * np.eye(wide),
                             wide_rows.T @ target)
    return normalized((wide_rows @ mapped).astype(np.float32))


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
        reduction = dict(reduction)
        lexical = (lambda x: x @ x.T)(dense(rows)) if reduction.pop("lexical", False) \
            else None
        whiten, kind = reduction.pop("whiten", False), reduction.pop("spectral", None)
        fixed = None  # a deterministic space: the same for every seed
        if kind == "embedding":
            fixed = normalized(spectral((lambda x: (x @ x.T).astype(np.float64))(
                dense(rows)), model.dims_for(rows.shape[0])).astype(np.float32))
        elif kind == "regression":
            fixed = spectral_regression(rows, model.dims_for(rows.shape[0]))
        for seed in range(SEEDS):
            if clusters:
                rows = these.rows(term_weight=cluster_weights(these, seed))
            if fixed is not None:
                vectors = fixed
            elif kind == "wide LSA":
                vectors = spectral_of_wide_lsa(rows, seed, model.dims_for(rows.shape[0]))
            elif whiten:
                vectors = cluster_whitened(reduced(rows, seed), seed)
            elif reduction.get("halves"):
                vectors = normalized(np.hstack([
                    reduced(these.rows(bigrams=0.0), seed, dims=32),
                    reduced(rows, seed + SEEDS, dims=32)]))
            else:
                vectors = reduced(rows, seed, **reduction)
            scores = scored(vectors, lexical) if lexical is not None else scored(vectors)
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
            shipped = result["plain LSA (rounds 1-4)"]
            print(f"{'titled' if titled else 'bare'}: precision@10 over {SEEDS} SVD seeds")
            print(f"  {'variant':<26} {'A':>6} {'B':>6} {'B sd':>6} {'B - LSA':>11}")
            for name, (a, b, sd) in result.items():
                print(f"  {name:<26} {a:.3f}  {b:.3f}  {sd:.3f}  {b - shipped[1]:+.3f}")


if __name__ == "__main__":
    main()
