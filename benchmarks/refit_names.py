"""`python -m benchmarks.refit_names FEATURE ...`: fit the weights of the named features of
the name model with every other weight of the shipped model held as it is.

A full retrain (`python -m benchmarks.train_names`) refits every weight at once. The
shipped weights were fitted before several rounds of naming rules, each pinned by a test
on an abstract of the error class it answers; refitting them all on the development
lists alone moves those rules' cases (at the twenty-fourth stop a full retrain failed 5
of those tests, named "LMNN" for "ζ-SVM", and lost 2 of 19 names of samples 53-55 that
the shipped weights got right). A new feature is therefore added in a stage of its own:

- the candidates fitted on are train_names' (papers whose title names a method the
  abstract says), with their features as the import computes them and the known tables
  from the *other* lists, as train_names builds them;
- each candidate's offset is the shipped model's score without the named features (its
  bias included); the named features' weights are fitted on top of it by L2-regularised
  logistic regression (Newton's method in numpy, the C of the shipped model); bias and
  threshold stay;
- leave-one-list-out: for each list the weights are fitted on the other four and the list
  is scored with them, beside the shipped weights alone (the named features at 0; those
  weights were fitted on all five lists, so only the new weights are held out here);
- then fitted on all five lists and written, with the tables the import reads made again
  from the five lists by today's code (as the candidates were fitted with): names used,
  long forms spelled out, and phrases said (`names.said_phrases`), each in KNOWN_MIN
  abstracts or more.

    python -m benchmarks.refit_names long_said [--dry-run]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from index.ingest.names import FEATURES

from . import train_names as train
from .titles import LISTS


def fitted_weights(offsets: np.ndarray, columns: np.ndarray, labels: np.ndarray,
                   c: float) -> np.ndarray:
    """The weights w minimising the log loss of sigmoid(offset + columns · w) plus
    |w|² / 2c (what scikit-learn's LogisticRegression(C=c) minimises, without a bias)."""
    weights = np.zeros(columns.shape[1])
    for _ in range(100):
        probability = 1.0 / (1.0 + np.exp(-(offsets + columns @ weights)))
        gradient = columns.T @ (probability - labels) + weights / c
        hessian = (columns.T * (probability * (1.0 - probability))) @ columns \
            + np.eye(len(weights)) / c
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-10:
            break
    return weights


class Staged:
    """The shipped model's weights, with those of `named` set apart to be fitted."""

    def __init__(self, shipped: dict, named: list[str]) -> None:
        weights = dict(zip(shipped["features"], shipped["weights"], strict=True))
        self.bias = float(shipped["bias"])
        self.held = np.array([0.0 if f in named else float(weights.get(f, 0.0))
                              for f in FEATURES])
        self.columns = [FEATURES.index(f) for f in named]

    def arrays(self, papers: list[train.Paper]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Offsets, the named features' columns and the labels of the fitted candidates."""
        fitted = [p for p in papers if p.truth is not None and p.said and p.vectors]
        vectors = np.array([v for p in fitted for v in p.vectors])
        labels = np.array([y for p in fitted for y in p.labels], dtype=float)
        return self.bias + vectors @ self.held, vectors[:, self.columns], labels

    def probabilities(self, papers: list[train.Paper], weights: np.ndarray
                      ) -> list[list[float]]:
        full = self.held.copy()
        full[self.columns] = weights
        return [list(1.0 / (1.0 + np.exp(-(self.bias + np.array(p.vectors) @ full))))
                if p.vectors else [] for p in papers]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("features", nargs="+", choices=FEATURES, metavar="FEATURE")
    parser.add_argument("--dry-run", action="store_true", help="do not write the weights")
    parser.add_argument("--output", type=Path, default=train.OUTPUT)
    args = parser.parse_args(argv)
    shipped = json.loads(args.output.read_text(encoding="utf-8"))
    staged = Staged(shipped, args.features)
    c, threshold = float(shipped["c"]), float(shipped["threshold"])
    featurised = train.featurise_all()
    data, statistics = featurised.data, featurised.statistics
    phrases, said = featurised.phrases, featurised.said
    held_out, alone = {}, {}
    for name in LISTS:
        others = [o for o in LISTS if o != name]
        weights = fitted_weights(*staged.arrays(
            train.training_set(data, statistics, phrases, said, others)), c)
        scored = train.with_known(data[name], train.known_names(
            [statistics[o] for o in others], [phrases[o] for o in others],
            [said[o] for o in others]))
        held_out[name] = staged.probabilities(scored, weights)
        alone[name] = staged.probabilities(scored, np.zeros(len(args.features)))
        data[name] = scored
        print(f"{name}: fitted on the other lists, "
              + ", ".join(f"{f} {w:+.3f}" for f, w in zip(args.features, weights, strict=True)))
    print(train.HEADER)
    print(train.tally(data, alone, threshold).row("shipped weights alone"),
          f"  (threshold {threshold:.2f})")
    print(train.tally(data, held_out, threshold).row("refit, held out"))
    everything = train.training_set(data, statistics, phrases, said, list(LISTS))
    weights = fitted_weights(*staged.arrays(everything), c)
    print("fitted on all lists: "
          + ", ".join(f"{f} {w:+.3f}" for f, w in zip(args.features, weights, strict=True)))
    print(train.LEGEND)
    if not args.dry_run:
        full = staged.held.copy()
        full[staged.columns] = weights
        known = train.known_names(list(statistics.values()), list(phrases.values()),
                                  list(said.values()))
        shipped["features"] = list(FEATURES)
        shipped["weights"] = [round(float(w), 6) for w in full]
        shipped["known"] = {"documents": known.documents, "usage": dict(known.usage),
                            "phrases": dict(known.phrases), "said": dict(known.said)}
        args.output.write_text(json.dumps(shipped, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
