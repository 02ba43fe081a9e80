"""`python -m benchmarks.train_names`: train the name model and write its weights.

Needs the development extra (`pip install -e '.[train]'`: scikit-learn); the package
itself only reads the weights (index/ingest/names.py). Uses the corpora lists (real
titles are the truth, see title_truth.py):

- every candidate of an abstract whose title names its method ("NAME: …") is one example,
  with the features `papers` computes at import (list statistics included, computed per
  list as the import does): positive when it is NAME, negative otherwise. Abstracts whose
  title names nothing are not fitted on: whether they introduce a name is unknown (many
  do, and their titles never say it); they are scored, so the wrong and unconfirmed
  columns show what the model does on them;
- papers whose title names a method the abstract never says are left out;
- the model's probability must reach THRESHOLD for a name to be given. It is fixed, not
  tuned: the table by threshold shows the trade (recall against names on papers whose
  titles give none), and 0.3 is where, reading a sample, most such names are real.

It prints leave-one-list-out figures (trained on the other lists, scored on the one held
out), then trains on all lists and writes index/ingest/data/name_model.json.

    python -m benchmarks.train_names [--dry-run]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from index.ingest.names import FEATURES, MODEL_FILE, list_statistics
from index.ingest.render import render
from index.ingest.titles import name_features
from tests import locations

from . import title_truth as truth
from .titles import LISTS, load

OUTPUT = locations.REPO / "index" / "ingest" / "data" / MODEL_FILE
C = 1.0  # inverse regularisation strength


@dataclass
class Paper:
    names: list[str]
    vectors: list[list[float]]
    labels: list[int]  # all 0 for a paper whose title names nothing (not fitted on)
    truth: str | None  # the title's NAME (findable), None for a title without one
    title: str


def featurise(list_name: str) -> list[Paper]:
    real = load(list_name)
    statistics = list_statistics(p.abstract for p in real)
    papers = []
    for paper in real:
        rendered = render(paper.abstract)
        title = render(paper.title).text
        name = truth.true_name(title)
        if name is not None and not truth.mentions(rendered.text, name):
            continue
        features = name_features(paper.abstract, rendered, statistics)
        labels = [int(name is not None and truth.same_name(c, name)) for c in features]
        papers.append(Paper(list(features), list(features.values()), labels, name, title))
    return papers


def fit(papers: list[Paper]):
    """Logistic regression over the candidates of the papers whose title names one."""
    from sklearn.linear_model import LogisticRegression

    named = [p for p in papers if p.truth is not None]
    model = LogisticRegression(C=C, max_iter=5000)
    model.fit([v for p in named for v in p.vectors], [y for p in named for y in p.labels])
    return model


@dataclass
class Tally:
    papers: int = 0
    findable: int = 0
    right: int = 0
    wrong_named: int = 0  # a name other than the title's
    unconfirmed: int = 0  # a name on a paper whose title neither has nor spells it

    def add(self, paper: Paper, chosen: str | None) -> None:
        self.papers += 1
        if paper.truth is not None:
            self.findable += 1
            if chosen is not None and truth.same_name(chosen, paper.truth):
                self.right += 1
            elif chosen is not None:
                self.wrong_named += 1
        elif chosen is not None and not truth.confirms(paper.title, chosen):
            self.unconfirmed += 1

    def row(self, label: str) -> str:
        return (f"{label:<22} {self.papers:>6} {self.findable:>6}"
                f" {100 * self.right / max(1, self.findable):6.1f}%"
                f" {100 * self.wrong_named / max(1, self.papers):6.1f}%"
                f" {100 * self.unconfirmed / max(1, self.papers):6.1f}%")


HEADER = (f"{'held out':<22} {'papers':>6} {'named':>6} {'recall':>7} {'wrong':>7}"
          f" {'unconf.':>7}")


def choose(papers: list[Paper], probabilities: list[list[float]], threshold: float
           ) -> list[str | None]:
    chosen = []
    for paper, scores in zip(papers, probabilities, strict=True):
        if not scores:
            chosen.append(None)
            continue
        best = max(range(len(scores)), key=scores.__getitem__)
        chosen.append(paper.names[best] if scores[best] >= threshold else None)
    return chosen


def probabilities_of(model, papers: list[Paper]) -> list[list[float]]:
    return [list(model.predict_proba(p.vectors)[:, 1]) if p.vectors else [] for p in papers]


THRESHOLD = 0.3  # see the module's docstring


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.train_names",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="do not write the weights")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    data = {name: featurise(name) for name in LISTS}
    print(f"features of {sum(len(p) for p in data.values()):,} papers in "
          f"{time.perf_counter() - start:.1f}s", file=sys.stderr)
    print(HEADER)
    held_out = Tally()
    held_out_probabilities: dict[str, list[list[float]]] = {}
    for name in LISTS:
        training = [p for other in LISTS if other != name for p in data[other]]
        model = fit(training)
        threshold = THRESHOLD
        tally = Tally()
        held_out_probabilities[name] = probabilities_of(model, data[name])
        for paper, chosen in zip(data[name], choose(data[name], held_out_probabilities[name],
                                                    threshold), strict=True):
            tally.add(paper, chosen)
            held_out.add(paper, chosen)
        print(tally.row(name), f"  (threshold {threshold:.2f})")
    print(held_out.row("all, held out"))
    print("held out, by threshold (the shipped one is the row marked *):")
    for candidate in (0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5):
        tally = Tally()
        for name in LISTS:
            papers = data[name]
            chosen = choose(papers, held_out_probabilities[name], candidate)
            for paper, pick in zip(papers, chosen, strict=True):
                tally.add(paper, pick)
        print(tally.row(f"  threshold {candidate:.2f}" + (" *" if candidate == THRESHOLD else "")))
    everything = [p for papers in data.values() for p in papers]
    model = fit(everything)
    probabilities = probabilities_of(model, everything)
    threshold = THRESHOLD
    final = Tally()
    for paper, chosen in zip(everything, choose(everything, probabilities, threshold),
                             strict=True):
        final.add(paper, chosen)
    print(final.row("all, trained on all"), f"  (threshold {threshold:.2f})")
    weights = dict(zip(FEATURES, (float(w) for w in model.coef_[0]), strict=True))
    print("weights:", ", ".join(f"{k} {v:+.2f}" for k, v in weights.items()))
    if not args.dry_run:
        args.output.write_text(json.dumps({
            "about": "name model of index/ingest/names.py; regenerate with "
                     "python -m benchmarks.train_names",
            "features": list(FEATURES), "weights": [round(w, 6) for w in weights.values()],
            "bias": round(float(model.intercept_[0]), 6), "threshold": threshold,
        }, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
