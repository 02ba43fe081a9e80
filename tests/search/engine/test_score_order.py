"""The order of ranked matches (engine/score_order.py): numpy's stable float sort of the
rounded scores, reached by one packed integer sort."""

import numpy as np
import pytest

from index.search.engine.score_order import by_score


def _stable_float_sort(scores: np.ndarray) -> np.ndarray:
    """The order as it was defined: descending round(score, 9), ties by position."""
    return (-scores.round(9)).argsort(kind="stable")


def _scores(kind: str, size: int, rng: np.random.Generator) -> np.ndarray:
    if kind == "bm25-like":
        return rng.gamma(2.0, 3.0, size)
    if kind == "many exact ties":
        return np.round(rng.gamma(2.0, 3.0, size), 1)
    if kind == "near ties":  # sums in another order: equal once rounded
        scores = np.round(rng.gamma(2.0, 3.0, size), 3)
        scores[::3] += 1e-13
        scores[1::3] -= 1e-13
        return scores
    if kind == "rounding boundary":  # halfway between two ninth decimals
        return np.round(rng.uniform(0, 5, size), 8) + 5e-10
    if kind == "negative and zero":
        scores = rng.normal(0.0, 4.0, size)
        scores[::5] = 0.0
        return scores
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["bm25-like", "many exact ties", "near ties",
                                  "rounding boundary", "negative and zero"])
def test_by_score_is_the_stable_sort_of_rounded_scores(kind: str) -> None:
    rng = np.random.default_rng(len(kind))
    for size in (0, 1, 2, 3, 127, 128, 129, 5_000, 100_000):
        scores = _scores(kind, size, rng)
        assert np.array_equal(by_score(scores), _stable_float_sort(scores)), size


def test_near_ties_keep_their_positions() -> None:
    # A hand-made case, independent of numpy's sort: the same three word scores summed
    # in two orders differ in the last bit (0.6 and 0.6000000000000001); rounded they are
    # one score, so the two papers keep their order rather than the later one going first.
    first, second = 0.3 + 0.2 + 0.1, 0.1 + 0.2 + 0.3
    assert first < second
    scores = np.array([first, 1.0, second, 0.2])
    assert by_score(scores).tolist() == [1, 0, 2, 3]


@pytest.mark.parametrize("scores", [
    np.array([3.0, 1e12, 2.0, 1e12]),  # too large to pack beside the positions
    np.array([1.0, np.inf, 2.0, -np.inf]),
    np.array([1.0, np.nan, 2.0, 0.5]),
])
def test_scores_that_do_not_pack_take_the_float_sort(scores: np.ndarray) -> None:
    assert np.array_equal(by_score(scores), _stable_float_sort(scores))
