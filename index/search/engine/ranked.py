"""A ranking's numbers kept in the ranker's numpy array and read as Python numbers.

Copying the 93,000 matches of "di" at 100,000 papers into two Python lists took 3 ms of
its 9-ms search, while a keystroke's frame reads a screen of them. (No numpy import here:
the arrays bring their own methods, and the module stays as light as the search package's
others, which a small library's first search loads without numpy.)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


class RankedNumbers(Sequence):
    """A ranking's document numbers (or scores), read as Python numbers: one at a time
    when a row is drawn, all of them (once, kept) only when something goes through the
    whole ranking. Behaves as, and is equal to, the list of the same numbers."""

    __slots__ = ("array", "_listed")

    def __init__(self, array: np.ndarray) -> None:
        self.array = array
        self._listed: list | None = None

    def __len__(self) -> int:
        return self.array.shape[0]

    def __getitem__(self, position):
        if isinstance(position, slice):
            return RankedNumbers(self.array[position])
        return self.array[position].item()

    def tolist(self) -> list:
        if self._listed is None:
            self._listed = self.array.tolist()
        return self._listed

    def __iter__(self) -> Iterator:
        return iter(self.tolist())

    def __contains__(self, value) -> bool:
        if type(value) is not int:  # (a float, NaN included, as a list compares it)
            return value in self.tolist()
        return bool((self.array == value).any())

    def index(self, value, start: int = 0, stop: int | None = None) -> int:
        if type(value) is not int:
            return self.tolist().index(value, start, len(self) if stop is None else stop)
        begin, end, _step = slice(start, stop).indices(len(self))
        found = (self.array[begin:end] == value).nonzero()[0]
        if not found.shape[0]:
            raise ValueError(f"{value!r} is not in the ranking")
        return begin + int(found[0])

    def __eq__(self, other) -> bool:
        if isinstance(other, RankedNumbers):
            return self.tolist() == other.tolist()
        if isinstance(other, list):
            return self.tolist() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (a list's equal: unhashable too)

    def __add__(self, other: Iterable) -> list:
        return self.tolist() + list(other)

    def __radd__(self, other: Iterable) -> list:
        return list(other) + self.tolist()

    def __repr__(self) -> str:
        return f"RankedNumbers({self.tolist()!r})"
