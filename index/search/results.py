"""What a search returns: an ordered list of document numbers, with each row's card read
from the index only when it is drawn, so 100,000 results cost little."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..card import Card
from .highlight import HighlightTerms
from .query import respell

_UNSET = object()
# Cards kept per searcher (SearchIndex passes the dict as `_read`): most of the rows a
# keystroke shows were read for the keystroke before, and reading and decoding a row's
# stored card was about 1 ms of each keystroke at ICML 2023. Some 300 bytes a card.
CARDS_KEPT = 4096


@dataclass(slots=True)
class Results:
    """An ordered result list; row cards are read lazily so 100k results cost little."""

    query: str
    docnums: Sequence[int]  # a list, or a ranking's array (engine/ranked.py)
    scores: Sequence[float]
    total: int
    elapsed: float
    terms: HighlightTerms
    error: str | None = None
    _searcher: Any = None
    _cards: dict[int, Card] = field(default_factory=dict)
    _read: dict[int, Card] | None = None  # the searcher's cards as stored, shared
    _suggestion: Any = _UNSET
    partial: bool = False  # the first matches found, unranked; the ranked list follows
    # Paper id -> its tags, from the store when the search ran (tags are not in the
    # index); None leaves the cards as the index has them.
    tags: dict[str, tuple[str, ...]] | None = None
    # When too few papers have every word and those with most follow (coordination.py):
    # what to tell the user ("no paper has all 7 words; 12 have 5 or more"), and how many
    # of the query's words each row has.
    relaxed: str | None = None
    matched: list[int] = field(default_factory=list)
    words: int = 0
    by_meaning: bool = False  # ranked by meaning (`~words`), not by the words themselves
    # Where the papers closest in meaning to a search by few-matched words start
    # (Library.search's `meaning_below`); None when every row was found by its words.
    meaning_from: int | None = None

    def __len__(self) -> int:
        return len(self.docnums)

    def card(self, position: int) -> Card:
        docnum = self.docnums[position]
        card = self._cards.get(docnum)
        if card is None:
            read = self._read
            card = read.get(docnum) if read is not None else None
            if card is None:
                card = Card.from_tuple(self._searcher.stored_fields(docnum)["card"])
                if read is not None:
                    if len(read) >= CARDS_KEPT:
                        read.clear()
                    read[docnum] = card
            if self.tags is not None:
                tags = self.tags.get(card.id, ())
                if tags != card.tags:
                    card = replace(card, tags=tags)
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

    def has_all_words(self, position: int) -> bool:
        """Whether the row has every word of the query (only rows that papers with
        most of the words follow may not, nor those found by meaning below them)."""
        if self.meaning_from is not None and position >= self.meaning_from:
            return False
        return not self.matched or self.matched[position] == self.words

    def by_meaning_at(self, position: int) -> bool:
        """Whether the row was found by meaning rather than by the query's words."""
        return self.by_meaning or (self.meaning_from is not None
                                   and position >= self.meaning_from)

    def ids(self) -> list[str]:
        return [self.card(i).id for i in range(len(self))]

    @property
    def suggestion(self) -> str | None:
        """'Did you mean', when few papers match. Slower than the search itself, so it is
        worked out on first use, not on every keystroke."""
        if self._suggestion is _UNSET:
            # Few papers, or only papers with some of the words: a word may be misspelt.
            wanted = (self.total < 3 or self.relaxed) and self.query.strip() \
                and self._searcher is not None
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
