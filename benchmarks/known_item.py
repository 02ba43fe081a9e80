"""Known-item search on bare lists: does typing a paper's title find it?

    python -m benchmarks.known_item                 # 400 papers a list, a few minutes
    python -m benchmarks.known_item --sample 0      # every paper
    python -m benchmarks.known_item --lists icml2023 --out /tmp/known
    python -m benchmarks.known_item --files neurips2024.json   # any titled list papers reads

For each corpus list in `../shared/corpora/` (ICML 2020-2023, half of ICLR 2024), and each
titled list given with `--files` (another venue or year, in any format papers reads), the
titles are stripped and the abstracts written in the bundled seed format (a title line,
then one abstract a paragraph), imported with the real import path (`Library.add_all`, what
`papers add` runs) into a temporary PAPERS_HOME. Then, for a fixed sample of its papers,
two queries:

- "title": every word of the paper's real title (LaTeX math left out, split at anything
  that is not a letter or digit), as someone types a title they have in front of them;
- "3 words": three of the title's content words (words of 3 letters or more, not in
  FUNCTION_WORDS below, each once), chosen with `random.Random(f"{SEED}:{title}")`, so
  the same paper always gets the same three whatever the sample; all of them when the
  title has fewer.

papers runs each query through `Library.search` with the command line's arguments
(`tui/cli.py` `_search`: `papers search` prints the same list). The reference is SQLite
FTS5 (porter tokenizer, bm25) over the same bare text — the rendered abstracts papers
indexes — with the same words OR-ed, in the same run. A query finds its paper at the
rank of the first result whose real title is the paper's (two records may share a title).

Reported per list and query kind: top-1, found in the first 10, empty results and MRR
(the reciprocal rank, 0 beyond the first RANKED), for papers beside FTS5. The sample is
`--sample` papers a list drawn with `random.Random(SEED)` from the papers the import kept
(0: all). Measurement only: nothing here is a test.

With `--blend`, the same queries also run as searches by meaning (`~words`, the meaning
space `papers add` built), and the ways of taking them into the search by words are
scored beside it in the same run (a second table): the meaning results appended below
the lexical ones ("below"); appended only when fewer than FEW papers match lexically
("if few"), and the same as papers does it ("with-meaning": `papers search
--with-meaning`, Library.search(meaning_below=True)); and reciprocal-rank fusion of the
two lists
(Cormack et al. 2009, 1 / (RRF_K + rank), the meaning list's share weighted by each of
RRF_WEIGHTS), which reorders the lexical results too. The meaning search alone is
listed for scale.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .titled_lists import (
    DEVELOPMENT,
    NoTitles,
    chosen_sources,
    list_label,
    list_labels,
    titled_records,
)

SEED = 20261201
DEFAULT_SAMPLE = 400
RANKED = 100  # ranks looked at; MRR counts a paper found lower as 0
LISTS = DEVELOPMENT
KINDS = ("title", "3 words")
FEW = 10  # "if few": the meaning results follow only when fewer papers match lexically
RRF_K = 60  # the usual constant of reciprocal-rank fusion
RRF_WEIGHTS = (0.25, 0.5, 1.0)
BLENDS = ("words only", "with-meaning", "below", "if few", *(f"rrf {w}" for w in RRF_WEIGHTS), "meaning")
# English function words: what a person recalling a title leaves out. Fixed here, not
# taken from papers' analyzer, so the benchmark does not move with the code it measures.
FUNCTION_WORDS = frozenset((
    "a", "about", "above", "after", "against", "all", "along", "among", "an", "and", "any",
    "are", "as", "at", "be", "been", "before", "being", "below", "between", "beyond",
    "both", "but", "by", "can", "could", "do", "does", "doing", "down", "during", "each",
    "few", "for", "from", "further", "had", "has", "have", "having", "how", "if", "in",
    "into", "is", "it", "its", "itself", "just", "more", "most", "no", "nor", "not", "of",
    "off", "on", "once", "only", "or", "other", "our", "out", "over", "own", "same",
    "should", "so", "some", "such", "than", "that", "the", "their", "them", "then",
    "there", "these", "they", "this", "those", "through", "to", "too", "toward", "towards",
    "under", "until", "up", "upon", "very", "via", "was", "we", "were", "what", "when",
    "where", "which", "while", "who", "whom", "why", "will", "with", "within", "without",
    "you", "your",
))
_MATH = re.compile(r"\$[^$]*\$")
_WORD = re.compile(r"[^\W_]+")


def title_words(title: str) -> list[str]:
    """The words of a title as typed: math left out, split at non-alphanumerics."""
    return _WORD.findall(_MATH.sub(" ", title))


def three_words(title: str) -> list[str]:
    """Three content words of the title, the same three on every run, in title order."""
    content: list[str] = []
    for word in title_words(title):
        folded = word.lower()
        if len(folded) >= 3 and folded not in FUNCTION_WORDS and folded not in content:
            content.append(folded)
    if len(content) <= 3:
        return content
    chosen = set(random.Random(f"{SEED}:{title}").sample(range(len(content)), 3))
    return [word for i, word in enumerate(content) if i in chosen]


def _key(text: str) -> str:
    return " ".join(text.split())


def write_bare(records: list[dict], path: Path, label: str) -> dict[str, str]:
    """The records' abstracts in the seed format; returns abstract key -> real title.
    Exact repeats are written once."""
    titles: dict[str, str] = {}
    blocks = [f"{label} (bare)"]
    for record in records:
        abstract, title = _key(record.get("abstract") or ""), _key(record.get("title") or "")
        if abstract and title and abstract not in titles:
            titles[abstract] = title
            blocks.append(abstract)
    path.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    return titles


@dataclass
class Tally:
    ranks: list[int | None] = field(default_factory=list)  # None: not in the first RANKED
    empty: int = 0

    def add(self, rank: int | None, empty: bool) -> None:
        self.ranks.append(rank)
        self.empty += empty

    def summary(self) -> dict[str, float]:
        n = len(self.ranks) or 1
        return {"n": len(self.ranks),
                "top1": sum(r == 1 for r in self.ranks) / n,
                "found10": sum(r is not None and r <= 10 for r in self.ranks) / n,
                "empty": self.empty / n,
                "mrr": sum(1 / r for r in self.ranks if r) / n}


class Fts5Reference:
    """FTS5 over the rendered abstracts papers indexes, queried with the words OR-ed."""

    def __init__(self, abstracts: list[str]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE fts USING fts5(abstract,"
                        " tokenize='porter unicode61 remove_diacritics 2')")
        self.db.executemany("INSERT INTO fts(rowid, abstract) VALUES (?, ?)",
                            list(enumerate(abstracts)))
        self.db.commit()

    def search(self, words: list[str]) -> list[int]:
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        return [row[0] for row in self.db.execute(
            f"SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY bm25(fts) LIMIT {RANKED}",
            (match,))]


def _rank(found: list[str], wanted: str, title_of: dict[str, str]) -> int | None:
    for position, paper_id in enumerate(found[:RANKED], 1):
        if title_of.get(paper_id) == wanted:
            return position
    return None


def blended(lexical: list[str], meaning: list[str]) -> dict[str, list[str]]:
    """The ways of taking the meaning results into the lexical ones (see the module's
    docstring), each a ranked list of ids."""
    seen = set(lexical)
    below = lexical + [pid for pid in meaning if pid not in seen]
    out = {"words only": lexical, "below": below[:RANKED],
           "if few": below[:RANKED] if len(lexical) < FEW else lexical, "meaning": meaning}
    for weight in RRF_WEIGHTS:
        score: dict[str, float] = {}
        for share, ranked in ((1.0, lexical), (weight, meaning)):
            for position, pid in enumerate(ranked, 1):
                score[pid] = score.get(pid, 0.0) + share / (RRF_K + position)
        out[f"rrf {weight}"] = sorted(score, key=lambda pid: -score[pid])[:RANKED]
    return out


def run_list(source: str | Path, sample: int, work: Path, blend: bool = False,
             label: str | None = None) -> dict:
    from index import Library

    name = label or list_label(source)
    records = titled_records(source)
    home = work / name
    bare = work / f"{name}.txt"
    titles = write_bare(records, bare, name)
    started = time.perf_counter()
    library = Library(home, seed=False)
    [(report, error)] = library.add_all([bare])
    if error is not None:
        raise SystemExit(f"{bare}: {error}")
    imported_s = time.perf_counter() - started
    ids = library.store.ids()
    papers = [p for start in range(0, len(ids), 1000)
              for p in library.store.papers(ids[start:start + 1000])]
    title_of = {p.id: titles[_key(p.abstract_source)] for p in papers
                if _key(p.abstract_source) in titles}
    chosen = [p for p in papers if p.id in title_of]
    if sample and sample < len(chosen):
        chosen = random.Random(SEED).sample(chosen, sample)
    fts = Fts5Reference([p.abstract for p in papers])
    tallies = {(engine, kind): Tally() for engine in ("papers", "fts5") for kind in KINDS}
    blends = {(way, kind): Tally() for way in BLENDS for kind in KINDS}
    seconds = {"papers": 0.0, "fts5": 0.0, "meaning": 0.0}
    for paper in chosen:
        title = title_of[paper.id]
        for kind, words in (("title", title_words(title)), ("3 words", three_words(title))):
            start = time.perf_counter()
            # What `papers search WORDS` runs (tui/cli.py `_search`).
            results = library.search(" ".join(words), sort="relevance", limit=RANKED)
            found = library.index.ids_of(results)
            seconds["papers"] += time.perf_counter() - start
            tallies["papers", kind].add(_rank(found, title, title_of), not len(results))
            if blend:
                # `papers search --with-meaning`, beside the ways it was chosen from.
                shipped = library.index.ids_of(library.search(
                    " ".join(words), sort="relevance", limit=RANKED, meaning_below=True))
                blends["with-meaning", kind].add(_rank(shipped, title, title_of),
                                                 not shipped)
                start = time.perf_counter()
                by_meaning = library.index.ids_of(library.search(
                    "~" + " ".join(words), sort="relevance", limit=RANKED))
                seconds["meaning"] += time.perf_counter() - start
                for way, ranked in blended(found[:RANKED], by_meaning).items():
                    blends[way, kind].add(_rank(ranked, title, title_of), not ranked)
            start = time.perf_counter()
            rows = fts.search(words)
            seconds["fts5"] += time.perf_counter() - start
            tallies["fts5", kind].add(_rank([papers[r].id for r in rows], title, title_of),
                                      not rows)
    library.close()
    return {"list": name, "records": len(records), "papers": len(papers),
            "matched_titles": len(title_of), "sampled": len(chosen),
            "import_s": imported_s, "search_s": seconds,
            "results": {f"{engine}/{kind}": tally.summary()
                        for (engine, kind), tally in tallies.items()},
            **({"blends": {f"{way}/{kind}": tally.summary()
                           for (way, kind), tally in blends.items()}} if blend else {})}


def _table(runs: list[dict]) -> str:
    lines = ["| list | query | papers top-1 | FTS5 top-1 | papers in 10 | FTS5 in 10 "
             "| papers empty | FTS5 empty | papers MRR | FTS5 MRR |",
             "|:---|:---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for run in runs:
        for kind in KINDS:
            p, f = run["results"][f"papers/{kind}"], run["results"][f"fts5/{kind}"]
            lines.append(
                f"| {run['list']} ({run['sampled']}) | {kind} "
                f"| {p['top1']:.1%} | {f['top1']:.1%} | {p['found10']:.1%} "
                f"| {f['found10']:.1%} | {p['empty']:.1%} | {f['empty']:.1%} "
                f"| {p['mrr']:.3f} | {f['mrr']:.3f} |")
    return "\n".join(lines)


def _blend_table(runs: list[dict]) -> str:
    lines = ["| list | query | " + " | ".join(f"{way} in 10 / MRR / empty" for way in BLENDS)
             + " |", "|:---|:---|" + "---:|" * len(BLENDS)]
    for run in runs:
        for kind in KINDS:
            cells = []
            for way in BLENDS:
                t = run["blends"][f"{way}/{kind}"]
                cells.append(f"{t['found10']:.1%} / {t['mrr']:.3f} / {t['empty']:.1%}")
            lines.append(f"| {run['list']} ({run['sampled']}) | {kind} | "
                         + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.known_item",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--lists", nargs="+", default=None, choices=LISTS,
                        help="development lists (default: all, unless --files is given)")
    parser.add_argument("--files", nargs="+", type=Path, default=[], metavar="PATH",
                        help="also these titled lists (any format papers reads): lists of "
                        "other venues and years, stripped of their titles")
    parser.add_argument("--sample", type=int, default=DEFAULT_SAMPLE,
                        help=f"papers a list (default {DEFAULT_SAMPLE}; 0: all)")
    parser.add_argument("--out", type=Path, help="also write known_item.json here")
    parser.add_argument("--blend", action="store_true",
                        help="also score the search by meaning taken into the normal one")
    args = parser.parse_args(argv)
    runs = []
    with tempfile.TemporaryDirectory(prefix="papers-known-item-") as scratch:
        sources = chosen_sources(args.lists, args.files)
        for source, label in zip(sources, list_labels(sources), strict=True):
            try:
                run = run_list(source, args.sample, Path(scratch), args.blend, label)
            except NoTitles as error:
                print(error, file=sys.stderr)
                return 2
            name = run["list"]
            runs.append(run)
            print(f"[known-item] {name}: {run['papers']:,} papers, {run['sampled']} "
                  f"sampled, import {run['import_s']:.1f} s, searches papers "
                  f"{run['search_s']['papers']:.1f} s / FTS5 {run['search_s']['fts5']:.1f} s"
                  + (f" / by meaning {run['search_s']['meaning']:.1f} s" if args.blend
                     else ""),
                  file=sys.stderr, flush=True)
    print(_table(runs))
    if args.blend:
        print()
        print(_blend_table(runs))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "known_item.json").write_text(json.dumps(runs, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
