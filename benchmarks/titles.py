"""`python -m benchmarks.titles`: how well names and titles are derived for bare lists.

For each real list in the corpora folder (ICML 2020–2023, half of ICLR 2024), and each
titled list given with `--files` (another venue or year, in any format papers reads: the
way to measure on lists this project has not seen), the titles are stripped and the
abstracts written in the bundled lists' bare format (a title line, then one abstract per
paragraph). The bare file is then read back and each paper named and
titled, and the result is scored against the real titles (definitions in title_truth.py).

Two ways through the import, giving the same names and titles:

- default: the bare file is parsed by the real reader (`read_list`) and every record goes
  through `prepare` with the list's name statistics, exactly the calls `import_list` makes
  (a few seconds per list);
- `--import`: `papers`' real import (`Library.add`) into a temporary PAPERS_HOME, papers
  read back from the store (slower: it also builds the search index).

Last, each list is prepared with its titles, as a list that has them is imported: of the
titles that name a method, the share whose paper is named that (titles.name_in_title).

The seeds (the two bundled lists) are scored against the names read by hand in
tests/ingest/test_titles.py: right names, and no name for the six without one.

    python -m benchmarks.titles [--import] [--lists icml2023 ...] [--files PATH ...]
                                [--show N]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from index.ingest.formats import read_list
from index.ingest.names import list_statistics
from index.ingest.prepare import normalise, prepare
from index.ingest.records import Record
from index.ingest.render import render
from index.ingest.titles import defined_pairs
from tests import locations

from . import name_check as check
from . import title_truth as truth
from .titled_lists import DEVELOPMENT, NoTitles, chosen_sources, list_labels, titled_records

LISTS = DEVELOPMENT


@dataclass
class Real:
    """A corpus paper: its abstract and real title."""

    abstract: str
    title: str


@dataclass
class Derived:
    name: str | None
    title: str


@dataclass
class Score:
    label: str
    papers: int = 0
    named: int = 0  # real titles that name a method
    findable: int = 0  # ... whose name the abstract says
    right: int = 0  # derived name == true name (findable ones)
    wrong: int = 0  # a name other than the one the title gives
    unconfirmed: int = 0  # a name on a paper whose title neither gives nor confirms one
    sentence_like: int = 0
    cut: int = 0
    real_sentence_like: int = 0  # the detector on the real titles (its false alarms)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def note(self, kind: str, text: str) -> None:
        self.examples.setdefault(kind, []).append(text)

    def row(self) -> str:
        def pct(part: int, whole: int) -> str:
            return f"{100 * part / whole:5.1f}%" if whole else "    –"
        return (f"{self.label:<22} {self.papers:>6} {self.findable:>5}/{self.named:<5}"
                f" {pct(self.right, self.findable)} {pct(self.right, self.named)}"
                f" {pct(self.wrong, self.papers)} {pct(self.wrong, self.named)}"
                f" {pct(self.unconfirmed, self.papers)}"
                f" {pct(self.sentence_like, self.papers)}"
                f" {pct(self.cut, self.papers)} {pct(self.real_sentence_like, self.papers)}")


HEADER = (f"{'list':<22} {'papers':>6} {'named':>11} {'recall':>6} {'r.all':>6}"
          f" {'wrong':>6} {'w.nam':>6} {'unconf':>6} {'sent.':>6} {'cut':>6} {'real.s':>6}")
LEGEND = """\
named   real titles "NAME: …" whose abstract says NAME / all such titles
recall  derived name = NAME, over the first count; r.all over the second
wrong   derived names other than the title's NAME, over all papers; w.nam: the same
        over the titles that name one (how issue 12 counted "9% get a different name")
unconf  derived names on papers whose title has no NAME and neither contains nor spells
        the derived one (often a real introduction the title omits), over all papers
sent.   derived titles that read as a sentence; cut: ending "…" or on a dangling word
real.s  the same sentence detector on the real titles (how often it misfires)"""


def load(source: str | Path) -> list[Real]:
    """A titled list (a development list's name or a file: titled_lists.py), each
    abstract once (the lists hold exact repeats)."""
    seen: dict[str, Real] = {}
    for record in titled_records(source):
        abstract, title = record["abstract"], record["title"]
        if len(abstract.split()) >= 5:
            seen.setdefault(normalise(abstract), Real(" ".join(abstract.split()), title))
    return list(seen.values())


def write_bare(papers: list[Real], path: Path, heading: str) -> None:
    """The bundled lists' format: a title line, then one abstract per paragraph."""
    path.write_text(heading + "\n\n" + "\n\n".join(p.abstract for p in papers) + "\n",
                    encoding="utf-8")


def derive_by_prepare(path: Path) -> dict[str, Derived]:
    """What `import_list` computes for each record, without storing it."""
    records = read_list(path).records
    statistics = list_statistics(record.abstract for record in records)
    derived = {}
    for record in records:
        paper = prepare(record, statistics)
        derived[normalise(record.abstract)] = Derived(paper.name, paper.derived_title)
    return derived


def derive_by_import(path: Path) -> dict[str, Derived]:
    """The real import into a temporary library, papers read back from its store."""
    from index.library import Library

    with tempfile.TemporaryDirectory(prefix="papers-titles-") as home, \
            Library(home, seed=False) as library:
        report = library.add(path)
        papers = library.select(list_name=report.list_name)
        return {normalise(p.abstract_source): Derived(p.name, p.title) for p in papers}


def score(label: str, papers: list[Real], derived: dict[str, Derived]) -> Score:
    result = Score(label)
    for paper in papers:
        got = derived.get(normalise(paper.abstract))
        if got is None:  # skipped by the reader (too short): nothing was derived
            continue
        result.papers += 1
        real_title = render(paper.title).text
        name = truth.true_name(real_title)
        text = render(paper.abstract).text
        definitions = defined_pairs(text) if name is not None else []
        if name is not None:
            result.named += 1
            if truth.mentions(text, name):
                result.findable += 1
                if truth.same_name(got.name, name, definitions):
                    result.right += 1
                else:
                    result.note("missed", f"{name!r} -> {got.name!r}  [{got.title}]")
        if got.name is not None and name is not None and not truth.same_name(
                got.name, name, definitions):
            result.wrong += 1
            result.note("wrong", f"{got.name!r} (truth {name!r})  [{real_title}]")
        elif got.name is not None and name is None and not truth.confirms(real_title,
                                                                          got.name):
            result.unconfirmed += 1
            result.note("unconfirmed", f"{got.name!r}  [{real_title}]")
        if truth.sentence_like(got.title, text):
            result.sentence_like += 1
            result.note("sentence", got.title)
        if truth.cut(got.title):
            result.cut += 1
            result.note("cut", got.title)
        result.real_sentence_like += truth.sentence_like(real_title, text)
    return result


def seeds() -> tuple[int, int, int, int, list[str]]:
    """(right, named, invented, unnamed, problems) on the bundled lists, against the names
    read by hand (tests/ingest/test_titles.py)."""
    from tests.ingest.test_titles import EXPECTED_NAMES

    records = [r for path in locations.SEED_FILES for r in read_list(path).records]
    statistics = list_statistics(r.abstract for r in records)
    right = named = invented = unnamed = 0
    problems: list[str] = []
    done: set[str] = set()
    for record in records:
        snippet = next(s for s in EXPECTED_NAMES if s in record.abstract)
        if snippet in done:
            continue
        done.add(snippet)
        expected, got = EXPECTED_NAMES[snippet], prepare(record, statistics).name
        if expected is None:
            unnamed += 1
            invented += got is not None
        else:
            named += 1
            right += got == expected
        if got != expected:
            problems.append(f"{snippet[:40]!r}: expected {expected!r}, got {got!r}")
    return right, named, invented, unnamed, problems


def with_titles(papers: list[Real]) -> tuple[int, int, int]:
    """The list imported with its titles (as `import_list` prepares it): of the titles
    naming a method ("NAME: …", read from the rendered title as title_truth reads
    titles), how many papers are named NAME, and how many another name."""
    records = [Record(abstract=p.abstract, title=p.title) for p in papers]
    statistics = list_statistics(record.abstract for record in records)
    naming = right = other = 0
    for record in records:
        paper = prepare(record, statistics)
        expected = truth.true_name(paper.title)
        if expected is None:
            continue
        naming += 1
        right += truth.same_name(paper.name, expected)
        other += paper.name is not None and not truth.same_name(paper.name, expected)
    return naming, right, other


def print_with_titles(lists: dict[str, list[Real]]) -> None:
    print("\nlists with their titles (a paper takes the name its title gives):")
    print(f"{'list':<22} {'naming':>7} {'right':>7} {'other':>7}")
    total = [0, 0, 0]
    for name, papers in lists.items():
        counts = with_titles(papers)
        total = [a + b for a, b in zip(total, counts, strict=True)]
        print(_titled_row(name, *counts), flush=True)
    print(_titled_row("all lists", *total))
    print("naming  titles that name a method (NAME: …); right: the paper is named NAME; "
          "other: another name")


def _titled_row(label: str, naming: int, right: int, other: int) -> str:
    return (f"{label:<22} {naming:>7} {100 * right / max(1, naming):6.1f}%"
            f" {100 * other / max(1, naming):6.1f}%")


def chosen_lists(names: list[str] | None, files: list[Path]) -> dict[str, list[Real]]:
    """The development lists `names` (all of them unless only files are given) and the
    titled `files`, by label, each loaded."""
    sources = chosen_sources(names, files)
    if any(s in LISTS for s in sources) and not locations.CORPORA.is_dir():
        raise NoTitles(f"no corpora at {locations.CORPORA}")
    return {label: load(source)
            for label, source in zip(list_labels(sources), sources, strict=True)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.titles",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--import", dest="real_import", action="store_true",
                        help="go through papers' real import into a temporary PAPERS_HOME")
    parser.add_argument("--lists", nargs="+", choices=LISTS, default=None,
                        help="development lists (default: all, unless --files is given)")
    parser.add_argument("--files", nargs="+", type=Path, default=[], metavar="PATH",
                        help="also score these titled lists (any format papers reads): "
                        "lists of other venues and years, stripped of their titles")
    parser.add_argument("--show", type=int, default=0, metavar="N",
                        help="print N random examples of each kind of miss")
    args = parser.parse_args(argv)
    try:  # every list read before any is scored: a bad file stops the run at once
        lists = chosen_lists(args.lists, args.files)
    except NoTitles as error:
        print(error, file=sys.stderr)
        return 2
    derive = derive_by_import if args.real_import else derive_by_prepare
    print(HEADER)
    total = Score("all lists")
    scores = []
    labels, hand = check.read_labels(), check.Check()
    with tempfile.TemporaryDirectory(prefix="papers-bare-") as folder:
        for name, papers in lists.items():
            start = time.perf_counter()
            path = Path(folder) / f"{name}.txt"
            write_bare(papers, path, f"{name.upper()} Papers")
            derived = derive(path)
            result = score(name, papers, derived)
            hand_labelled = check.labels_by_abstract(name, labels) if name in LISTS else {}
            for key, label in hand_labelled.items():
                if key in derived:
                    hand.add(label, derived[key].name)
            scores.append(result)
            print(result.row(), f"  {time.perf_counter() - start:4.1f}s", flush=True)
    for result in scores:
        for key in ("papers", "named", "findable", "right", "wrong", "unconfirmed",
                    "sentence_like", "cut", "real_sentence_like"):
            setattr(total, key, getattr(total, key) + getattr(result, key))
        for kind, texts in result.examples.items():
            total.examples.setdefault(kind, []).extend(texts)
    print(total.row())
    print(LEGEND)
    print(f"{hand.describe()} (benchmarks/name_check.tsv; papers whose title names nothing)")
    right, named, invented, unnamed, problems = seeds()
    print(f"seeds: {right}/{named} names right; {invented} invented for the {unnamed} "
          "without one")
    for problem in problems:
        print("  ", problem)
    print_with_titles(lists)
    rng = random.Random(0)
    for kind, texts in sorted(total.examples.items()):
        if args.show:
            print(f"\n{kind} ({len(texts)}):")
            for text in rng.sample(texts, min(args.show, len(texts))):
                print("  ", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
