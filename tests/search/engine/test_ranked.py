"""A ranking's numbers read from its array (engine/ranked.py) behave as the list of the
same numbers, and a search leaves them in the array until something needs them all."""

from __future__ import annotations

import random

import numpy as np
import pytest

from index import Library
from index.search.engine.ranked import RankedNumbers

from ...factories import generate_list


def _pair(values: list, dtype) -> tuple[RankedNumbers, list]:
    return RankedNumbers(np.asarray(values, dtype=dtype)), list(values)


@pytest.mark.parametrize("dtype", [np.int64, np.float64])
def test_it_reads_as_the_list_of_its_numbers(dtype):
    rng = random.Random(3)
    for size in (0, 1, 2, 7, 300):
        values = [dtype(rng.randrange(-50, 50)).item() for _ in range(size)]
        ranked, listed = _pair(values, dtype)
        assert len(ranked) == len(listed) and bool(ranked) == bool(listed)
        assert list(ranked) == listed and ranked.tolist() == listed
        assert [type(v) for v in ranked] == [type(v) for v in listed]
        for position in range(-size, size):
            assert ranked[position] == listed[position]
            assert type(ranked[position]) is type(listed[position])
        for cut in (slice(None, 3), slice(2, None), slice(-4, -1), slice(None, None, 2),
                    slice(None, None, -1), slice(5, 2)):
            assert list(ranked[cut]) == listed[cut]
        assert ranked == listed and listed == ranked and ranked == RankedNumbers(
            np.asarray(values, dtype=dtype))
        assert ranked != tuple(listed)  # as a list is not its tuple
        assert ranked + [1] == listed + [1] and [1] + ranked == [1] + listed
        with pytest.raises(IndexError):
            ranked[size]


def test_membership_and_position_are_the_lists():
    values = [5, 3, 9, 3, 12, 0, 9]
    ranked, listed = _pair(values, np.int64)
    for value in (5, 3, 9, 12, 0, 7, -1, 3.0, 9.5, None, "3", True, False):
        assert (value in ranked) == (value in listed), value
    for value in (5, 3, 9, 12, 0, 3.0):
        for start, stop in ((0, None), (2, None), (-4, None), (1, 5), (-100, 100)):
            try:
                expected = listed.index(value, start, len(listed) if stop is None else stop)
            except ValueError:
                with pytest.raises(ValueError):
                    ranked.index(value, start, stop)
            else:
                assert ranked.index(value, start, stop) == expected, (value, start, stop)
    for value in (7, None, "3"):
        with pytest.raises(ValueError):
            ranked.index(value)


def test_a_search_reads_only_what_it_shows_and_counts(tmp_path):
    """A broad search of a library ranked by arrays keeps its numbers in the array while
    its rows are drawn and the papers touched among them are counted (the reading
    progress), and counts the same papers as the whole list would."""
    home = tmp_path / "home"
    with Library(home, seed=False) as library:
        library.add(generate_list(tmp_path / "many.txt", 300, "quokkas"))
        library.warm_up()  # the array ranker (a small index ranks on lists)
        found = library.search("quokkas")
        assert isinstance(found.docnums, RankedNumbers) and len(found) == 300
        every = library.ids_of(library.search("quokkas"))
        touched = set(random.Random(5).sample(every, 40)) | {"not-a-paper"}
        found.cards(0, 30)
        among = library.index.ids_among(found, touched)
        assert found.docnums._listed is None and found.scores._listed is None
        assert among == touched & set(every)
        assert found.position(every[123]) == every.index(every[123])
        assert found.docnums._listed is None
