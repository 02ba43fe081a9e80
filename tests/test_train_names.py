"""benchmarks.train_names' stability measure: bootstrap resamples drawn by paper, the
same for the same seed, and a count of held-out papers whose name the resamples change."""

from __future__ import annotations

import pytest

from benchmarks.train_names import Paper, resample, unstable


def paper(key: str, vectors: list[list[float]], labels: list[int]) -> Paper:
    return Paper([f"{key}{i}" for i in range(len(vectors))], vectors, labels, f"{key}0",
                 f"{key}0: a title")


PAPERS = [paper(chr(ord("A") + i), [[1.0, float(i % 3)], [0.0, 1.0]], [1, 0])
          for i in range(12)]


def test_a_resample_draws_whole_papers_and_the_same_ones_for_the_same_seed():
    drawn = resample(PAPERS, 3)
    assert len(drawn) == len(PAPERS)
    assert all(any(p is q for q in PAPERS) for p in drawn)  # a paper's candidates together
    assert [p.title for p in drawn] == [p.title for p in resample(PAPERS, 3)]
    assert len({p.title for p in drawn}) < len(PAPERS)  # with replacement: 12 of 12 ...
    seeds = {tuple(p.title for p in resample(PAPERS, seed)) for seed in range(5)}
    assert len(seeds) == 5  # ... and another seed, other papers


def test_unstable_counts_held_out_papers_and_is_the_same_run_after_run():
    pytest.importorskip("sklearn")
    # the first candidate is the name wherever its first feature is 1: every fit agrees on
    # a held-out paper shaped the same, so none of the three changes name
    training = {"held": PAPERS}
    held = {"held": [paper(k, [[1.0, 0.0], [0.0, 1.0]], [1, 0]) for k in "XYZ"]}
    assert unstable(training, held, 1.0, 0.3, 4) == (0, 3)
    assert unstable(training, held, 1.0, 0.3, 4) == unstable(training, held, 1.0, 0.3, 4)
