"""A results row's card: what the list shows of a paper. Apart from the search package
(which stores it in the index) so the app's first page (first_page.py) builds rows
without loading Whoosh."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .models import Paper


@dataclass(frozen=True, slots=True)
class Card:
    """What a results row shows, stored in the index so rows need no database read."""

    id: str
    title: str
    title_derived: bool
    name: str | None
    venue: str | None
    year: int | None
    tags: tuple[str, ...]
    authors: tuple[str, ...]

    @classmethod
    def from_paper(cls, paper: Paper) -> Card:
        return cls(paper.id, paper.title, paper.title_derived, paper.name, paper.venue,
                   paper.year, tuple(paper.tags), tuple(paper.authors[:3]))

    def as_tuple(self, tags: tuple[str, ...] | None = None) -> tuple:
        """What the index stores; `tags` in place of the card's own."""
        return (self.id, self.title, self.title_derived, self.name, self.venue, self.year,
                list(self.tags if tags is None else tags), list(self.authors))

    @classmethod
    def from_tuple(cls, values: Iterable[Any]) -> Card:
        pid, title, derived, name, venue, year, tags, authors = values
        return cls(pid, title, derived, name, venue, year, tuple(tags), tuple(authors))

    @property
    def venue_year(self) -> str:
        return " ".join(str(p) for p in (self.venue, self.year) if p)
