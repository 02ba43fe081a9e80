"""What the index holds of a paper: the Whoosh schema and a paper's document."""

from __future__ import annotations

from typing import Any

from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, Schema

from ..models import Paper
from . import analysis
from .results import Card

# SORTS (models.py): "status" and "priority" come from the store, not the index: the
# search orders by title, then the library regroups by the store's values (see
# SearchIndex.search's `groups`).
SORT_FIELDS = {"title": ["title_sort"], "venue": ["venue_sort", "title_sort"],
               "year": ["year_sort", "title_sort"], "author": ["author_sort", "title_sort"],
               "status": ["title_sort"], "priority": ["title_sort"]}
NO_YEAR = 9999


def make_schema() -> Schema:
    return Schema(
        # Sortable: a column of every document's id, read at once to turn the store's
        # sets of ids (`is:read`, `is:starred`) into document numbers.
        id=ID(stored=True, unique=True, sortable=True),
        title=analysis.WordText(stemmed=True),
        name=analysis.WordText(),
        authors=analysis.WordText(),
        abstract=analysis.WordText(stemmed=True),
        # The user's note, for the query parser only (`note:word`): notes are searched
        # beside the index (search/notes.py), and this field stays empty.
        note=analysis.WordText(stemmed=True),
        venue=KEYWORD(lowercase=True),
        year=NUMERIC(int, bits=32, signed=False),
        tag=KEYWORD(lowercase=True, commas=True, scorable=False),
        list=KEYWORD(lowercase=True, commas=True, scorable=False),
        url=KEYWORD(commas=True, scorable=False),
        # Unstemmed copy of all the words: the spelling corrector and prefix expansion
        # need real words (correct_query on a stemmed field returns the query unchanged).
        # Unscored (no lengths, no positions): it only decides *whether* a paper matches.
        # A separate edge-n-gram field made indexing 1.7x slower; marked one- and
        # two-letter prefixes in this field cost a fifth of that (see analysis.py).
        words=analysis.MarkedWords(),
        title_sort=ID(sortable=True),
        venue_sort=ID(sortable=True),
        year_sort=ID(sortable=True),
        author_sort=ID(sortable=True),
        card=STORED(),
    )


def document(paper: Paper) -> dict[str, Any]:
    searchable = " ".join(filter(None, (paper.title, paper.name or "", paper.abstract)))
    venue_key = f"{paper.venue or '~'} {paper.year or 0:04d}".lower()
    return {
        "id": paper.id,
        "title": paper.title,
        "name": paper.name or "",
        "authors": " ; ".join(paper.authors),
        "abstract": paper.abstract,
        "venue": paper.venue or "",
        "year": paper.year or 0,
        "tag": ",".join(paper.tags),
        "list": ",".join(paper.lists),
        "url": ",".join(filter(None, [paper.url, *paper.urls])),
        "words": searchable + " " + " ".join(paper.authors),
        "title_sort": paper.title.casefold(),
        "venue_sort": venue_key,
        # Newest first; papers without a year last.
        "year_sort": f"{NO_YEAR - (paper.year or 0) if paper.year else NO_YEAR:04d}",
        "author_sort": (paper.authors[0].casefold() if paper.authors else "\uffff"),
        "card": Card.from_paper(paper).as_tuple(),
    }
