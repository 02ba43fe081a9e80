"""Search latency, in process, for papers and for the SQLite FTS5 reference engine.

Every query is measured twice over: the search alone (`search_ms`), and the search plus
what a keystroke costs in the app once results arrive (`total_ms`): the cards and title
highlighting of the visible rows, and the selected paper's abstract highlighted in full
(what `AbstractPane.body_text` does). The FTS5 side does the equivalent work: the ranked
top 1,000 and an exact count, then `highlight()` of the visible titles and of one abstract.
"""

from __future__ import annotations

import gc
import math
import re
import sqlite3
import statistics
import time
from collections.abc import Callable
from pathlib import Path

VISIBLE_ROWS = 40
TOP = 1000  # FTS5 lists the top 1,000 (papers lists every match: FTS5 is spared the rows)
SLOW_S = 1.0  # a query slower than this once is not repeated
BM25 = "bm25(fts, 3.0, 1.0, 1.5, 1.0)"  # papers' FIELD_BOOSTS: title, name, authors, abstract

# (papers query, FTS5 MATCH expression, extra SQL condition)
QUERY_CLASSES: dict[str, list[tuple[str, str, str]]] = {
    "one-word": [(w, w, "") for w in (
        "reinforcement", "diffusion", "transformer", "graph", "optimization", "privacy",
        "robustness", "bandits", "kernel", "federated")],
    "multi-word": [(q, q, "") for q in (
        "reinforcement learning", "language models", "graph neural networks",
        "policy gradient", "contrastive learning", "stochastic gradient descent",
        "federated learning privacy", "diffusion models sampling",
        "large language model reasoning", "adversarial robustness")],
    "phrase": [(f'"{q}"', f'"{q}"', "") for q in (
        "reinforcement learning", "language models", "neural networks", "gradient descent",
        "diffusion models", "graph neural networks", "in-context learning",
        "sample complexity", "optimal transport", "mixture of experts")],
    "field": [
        ("title:diffusion", "title:diffusion", ""),
        ('title:"language models"', 'title:"language models"', ""),
        ("year:2026 reasoning", "reasoning", "year = 2026"),
        ("year:2023 policy", "policy", "year = 2023"),
        ("title:graph abstract:neural", "title:graph AND abstract:neural", ""),
        ("title:transformer year:2023", "title:transformer", "year = 2023"),
        ("venue:icml optimization", "optimization", "venue = 'icml'"),
        ("author:zhang", "authors:zhang", ""),
        ("abstract:bandit", "abstract:bandit", ""),
        ("title:privacy", "title:privacy", ""),
    ],
    "fuzzy": [(f"{w}~", f"~{w}", "") for w in (
        "reinforcment", "difusion", "transfomer", "optimzation", "gradiant", "languge",
        "robustnes", "federatd", "kernal", "bandts")],
    "prefix": [(f"{w}*", f'"{w}"*', "") for w in (
        "reinf", "diff", "trans", "optim", "grap", "lang", "rob", "fed", "gen", "conv")],
    # Misspelt words that match nothing: papers then looks for a "did you mean".
    "no match (typo)": [(q, q, "") for q in (
        "reinforcment", "difusion models", "transfomer", "federatd learning", "privcy",
        "langauge models", "optimzation", "robustnes", "kernal methods", "bandt")],
}
TYPED = ("reinforcement learning", "language models", "diffusion", "graph neural")


def keystrokes(text: str) -> list[str]:
    """Every prefix of `text` as typed: "r", "re", …, "reinforcement ", "reinforcement l", …"""
    return [text[:i] for i in range(1, len(text) + 1)]


def stats(samples: list[float]) -> dict[str, float | None]:
    if not samples:
        return {"median": None, "p95": None, "max": None, "n": 0}
    ordered = sorted(samples)
    p95 = ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
    return {"median": statistics.median(ordered), "p95": p95, "max": ordered[-1],
            "n": len(ordered)}


Run = tuple[float, float, int, float]  # search s, with rows s, hits, "did you mean" s


def _measure(run: Callable[[], Run], repeats: int) -> dict:
    """Warm up once, then `repeats` runs; one result per query: the median of its runs."""
    warm = run()
    runs = [warm] if warm[1] + warm[3] > SLOW_S else [run() for _ in range(repeats)]
    return {"search_ms": statistics.median(r[0] for r in runs) * 1000,
            "total_ms": statistics.median(r[1] for r in runs) * 1000,
            "suggest_ms": statistics.median(r[3] for r in runs) * 1000,
            "cold_ms": warm[1] * 1000, "hits": runs[-1][2], "runs": len(runs),
            "samples_search": [r[0] * 1000 for r in runs],
            "samples_total": [r[1] * 1000 for r in runs]}


def _summarise(rows: list[dict]) -> dict:
    search = [s for row in rows for s in row.pop("samples_search")]
    total = [s for row in rows for s in row.pop("samples_total")]
    worst = max(rows, key=lambda r: r["total_ms"]) if rows else None
    return {"queries": rows, "search": stats(search), "total": stats(total),
            "suggest": stats([r["suggest_ms"] for r in rows]),
            "keystroke_total": stats([r["total_ms"] for r in rows]),
            "worst": {"q": worst["q"], "total_ms": worst["total_ms"],
                      "search_ms": worst["search_ms"]} if worst else None}


def _run_all(one: Callable[[str, str, str, bool], Run],
             repeats: int, progress: Callable[[str], None]) -> dict:
    out: dict = {"classes": {}, "typing": {}}
    for name, queries in QUERY_CLASSES.items():
        rows = []
        for papers_q, fts_q, where in queries:
            result = _measure(lambda p=papers_q, f=fts_q, w=where: one(p, f, w, False), repeats)
            rows.append({"q": papers_q, **result})
        out["classes"][name] = _summarise(rows)
        progress(f"{name}: median {out['classes'][name]['search']['median']:.1f} ms")
    rows = []
    for text in TYPED:
        for prefix in keystrokes(text):
            result = _measure(lambda p=prefix: one(p, p, "", True), repeats)
            rows.append({"q": prefix, **result})
        progress(f"typing {text!r}: worst so far {max(r['total_ms'] for r in rows):.0f} ms")
    out["typing"] = _summarise(rows)
    return out


# -- papers ------------------------------------------------------------------------------------
def papers_search(home: Path, repeats: int, progress: Callable[[str], None]) -> dict:
    from index import Library

    cold: dict[str, float] = {}
    started = time.perf_counter()
    library = Library(home)
    library.sync()
    cold["open_ms"] = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    library.search("")
    cold["first_search_ms"] = (time.perf_counter() - started) * 1000
    # The word being typed is completed from a table of the index's words, built on the
    # first keystroke that needs it (4 letters or more): a cost the first such key pays.
    started = time.perf_counter()
    table = library.index.prefixes()
    cold["prefix_table_ms"] = (time.perf_counter() - started) * 1000
    cold["prefix_table_terms"] = len(getattr(table, "terms", ()))
    started = time.perf_counter()
    library.search("neural")
    cold["first_word_search_ms"] = (time.perf_counter() - started) * 1000
    # What the app does after its first paint: load the rest of what typing needs, then
    # keep the garbage collector from walking it (tui/app.py `_open_library`).
    started = time.perf_counter()
    if hasattr(library, "warm_up"):
        library.warm_up()
    cold["warm_up_ms"] = (time.perf_counter() - started) * 1000
    gc.collect()
    gc.freeze()

    def one(query: str, _fts: str, _where: str, typing: bool) -> Run:
        start = time.perf_counter()
        results = library.search(query, complete_last=typing)
        searched = time.perf_counter()
        shown = min(VISIBLE_ROWS, len(results))
        for row in range(shown):
            results.terms.segments(results.card(row).title)
        if shown:
            paper = library.paper(results.card(0).id)
            results.terms.segments(paper.abstract)
        shown_at = time.perf_counter()
        # "Did you mean" when almost nothing matches: worked out after the rows show (or
        # inside search(), in older versions), but still CPU the next keystroke waits for.
        if results.total < 3:
            getattr(results, "suggestion", None)
        return (searched - start, shown_at - start, results.total,
                time.perf_counter() - shown_at)

    def first(query: str) -> Run:
        start = time.perf_counter()
        results = library.first_matches(query)
        searched = time.perf_counter()
        shown = min(VISIBLE_ROWS, len(results))
        for row in range(shown):
            results.terms.segments(results.card(row).title)
        return searched - start, time.perf_counter() - start, results.total, 0.0

    out = _run_all(one, repeats, progress)
    if hasattr(library, "first_matches"):  # large libraries show these before ranking
        rows = []
        for text in TYPED:
            for prefix in keystrokes(text):
                rows.append({"q": prefix, **_measure(lambda p=prefix: first(p), repeats)})
        out["typing_first"] = _summarise(rows)
        progress(f"first matches while typing: median "
                 f"{out['typing_first']['keystroke_total']['median']:.1f} ms")
    out["cold"] = cold
    out["papers"] = library.count()
    library.close()
    return out


# -- SQLite FTS5 -------------------------------------------------------------------------------
_WORD = re.compile(r"\w+")
_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


def _edits1(word: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in splits if b}
            | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
            | {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
            | {a + c + b for a, b in splits for c in _LETTERS})


class Fts5:
    """The reference engine: one FTS5 table (porter stemming, 1-3 character prefix indexes,
    like papers' edge field) built from the same rendered papers papers indexes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(path)
        self.vocabulary: set[str] = set()

    def build(self, home: Path) -> dict:
        from index import Library

        library = Library(home, seed=False)
        started = time.perf_counter()
        self.db.execute(
            "CREATE VIRTUAL TABLE fts USING fts5(title, name, authors, abstract,"
            " year UNINDEXED, venue UNINDEXED,"
            " tokenize='porter unicode61 remove_diacritics 2', prefix='1 2 3')")
        count = 0
        with self.db:
            ids = library.store.ids()
            for start in range(0, len(ids), 1000):
                rows = []
                for paper in library.store.papers(ids[start:start + 1000]):
                    authors = " ; ".join(paper.authors)
                    rows.append((paper.title, paper.name or "", authors, paper.abstract,
                                 paper.year or 0, (paper.venue or "").lower()))
                    self.vocabulary.update(_WORD.findall(
                        f"{paper.title} {paper.name or ''} {authors} {paper.abstract}".lower()))
                self.db.executemany("INSERT INTO fts VALUES (?,?,?,?,?,?)", rows)
                count += len(rows)
        self.db.execute("INSERT INTO fts(fts) VALUES ('optimize')")
        self.db.commit()
        seconds = time.perf_counter() - started
        library.close()
        return {"build_s": seconds, "papers": count, "size_mb": self.path.stat().st_size / 2**20}

    def _match(self, query: str, typing: bool) -> str:
        if typing:
            words = _WORD.findall(query.lower())
            if not words:
                return ""
            partial = not query[-1].isspace()
            quoted = [f'"{w}"' for w in words]
            if partial:
                quoted[-1] += "*"
            return " ".join(quoted)
        if query.startswith("~"):  # fuzzy: the indexed words one edit away, OR-ed
            word = query[1:]
            near = sorted((_edits1(word) | {word}) & self.vocabulary)
            return " OR ".join(f'"{w}"' for w in near) or f'"{word}"'
        return query

    def query(self, query: str, where: str, typing: bool) -> Run:
        start = time.perf_counter()
        match = self._match(query, typing)
        condition = "fts MATCH ?" + (f" AND {where}" if where else "")
        if not match:
            return 0.0, time.perf_counter() - start, 0, 0.0
        top = [r[0] for r in self.db.execute(
            f"SELECT rowid FROM fts WHERE {condition} ORDER BY {BM25} LIMIT {TOP}", (match,))]
        total = self.db.execute(f"SELECT count(*) FROM fts WHERE {condition}",
                                (match,)).fetchone()[0]
        searched = time.perf_counter()
        shown = top[:VISIBLE_ROWS]
        if shown:
            marks = ",".join("?" * len(shown))
            self.db.execute(f"SELECT highlight(fts, 0, char(1), char(2)) FROM fts WHERE "
                            f"{condition} AND rowid IN ({marks})", (match, *shown)).fetchall()
            self.db.execute("SELECT highlight(fts, 3, char(1), char(2)) FROM fts WHERE "
                            "fts MATCH ? AND rowid = ?", (match, shown[0])).fetchall()
        return searched - start, time.perf_counter() - start, total, 0.0


def fts_search(home: Path, path: Path, repeats: int, progress: Callable[[str], None]) -> dict:
    path.unlink(missing_ok=True)
    engine = Fts5(path)
    build = engine.build(home)
    progress(f"FTS5 built in {build['build_s']:.1f} s, {build['size_mb']:.1f} MB")
    out = _run_all(lambda q, fts_q, where, typing: engine.query(q if typing else fts_q,
                                                                 where, typing),
                   repeats, progress)
    out["build"] = build
    return out
