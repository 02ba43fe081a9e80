"""What a search returns: an ordered list of document numbers, with each row's card read
from the index only when it is drawn, so 100,000 results cost little."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..models import Paper
from .highlight import HighlightTerms
from .query import respell


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

    def as_tuple(self) -> tuple:
        return (self.id, self.title, self.title_derived, self.name, self.venue, self.year,
                list(self.tags), list(self.authors))

    @classmethod
    def from_tuple(cls, values: Iterable[Any]) -> Card:
        pid, title, derived, name, venue, year, tags, authors = values
        return cls(pid, title, derived, name, venue, year, tuple(tags), tuple(authors))

    @property
    def venue_year(self) -> str:
        return " ".join(str(p) for p in (self.venue, self.year) if p)


_UNSET = object()


@dataclass(slots=True)
class Results:
    """An ordered result list; row cards are read lazily so 100k results cost little."""

    query: str
    docnums: list[int]
    scores: list[float]
    total: int
    elapsed: float
    terms: HighlightTerms
    error: str | None = None
    _searcher: Any = None
    _cards: dict[int, Card] = field(default_factory=dict)
    _suggestion: Any = _UNSET
    partial: bool = False  # the first matches found, unranked; the ranked list follows
    by_meaning: bool = False  # ranked by meaning (`~words`), not by the words themselves

    def __len__(self) -> int:
        return len(self.docnums)

    def card(self, position: int) -> Card:
        docnum = self.docnums[position]
        card = self._cards.get(docnum)
        if card is None:
            card = Card.from_tuple(self._searcher.stored_fields(docnum)["card"])
            self._cards[docnum] = card
        return card

    def cards(self, start: int = 0, stop: int | None = None) -> list[Card]:
        return [self.card(i) for i in range(start, min(stop or len(self), len(self)))]

    def position(self, paper_id: str) -> int | None:
        """Where the paper is in these results (None if it is not in them)."""
        if self._searcher is None:
            return None
        docnum = self._searcher.document_number(id=paper_id)
        try:
            return self.docnums.index(docnum) if docnum is not None else None
        except ValueError:
            return None

    def ids(self) -> list[str]:
        return [self.card(i).id for i in range(len(self))]

    @property
    def suggestion(self) -> str | None:
        """'Did you mean', when few papers match. Slower than the search itself, so it is
        worked out on first use, not on every keystroke."""
        if self._suggestion is _UNSET:
            wanted = self.total < 3 and self.query.strip() and self._searcher is not None
            try:
                self._suggestion = respell(self._searcher, self.query, self.terms.prefix) \
                    if wanted else None
            except Exception:  # noqa: BLE001 - a suggestion is a nicety, never a failure
                self._suggestion = None
        return self._suggestion

    @property
    def known_suggestion(self) -> str | None:
        """The suggestion if already worked out; never computes (for the UI thread)."""
        return None if self._suggestion is _UNSET else self._suggestion
