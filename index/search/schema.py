"""What the index holds of a paper: the Whoosh schema and a paper's document."""

from __future__ import annotations

from typing import Any

from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, Schema

from ..models import Paper
from . import analysis
from .facets import facets_of
from .results import Card

# SORTS (models.py): "status" and "priority" come from the store, not the index: the
# search orders by title, then the library regroups by the store's values (see
# SearchIndex.search's `groups`).
SORT_FIELDS = {"title": ["title_sort"], "venue": ["venue_sort", "title_sort"],
               "year": ["year_sort", "title_sort"], "author": ["author_sort", "title_sort"],
               "status": ["title_sort"], "priority": ["title_sort"]}
NO_YEAR = 9999


class SortKey(ID):
    """A sort order's key: a column only. Orders are read from columns, and no query
    names these fields, so they have no terms (indexing them was a fifth of the terms
    of a conference's index)."""

    indexed = False

    def __init__(self) -> None:
        super().__init__(sortable=True)


def make_schema() -> Schema:
    return Schema(
        # Sortable: a column of every document's id, read at once to turn the store's
        # sets of ids (`is:read`, `is:starred`) into document numbers.
        id=ID(stored=True, unique=True, sortable=True),
        # Only a title the list or the user gave is ranked as a title. One derived from
        # the abstract is the abstract's own words: it is kept apart, for `title:`
        # (query.py copies the field to it), and scores nothing in a plain search, where
        # ranking it like a title counted those words twice.
        title=analysis.WordText(stemmed=True),
        derived_title=analysis.WordText(stemmed=True),
        name=analysis.WordText(),
        authors=analysis.WordText(),
        abstract=analysis.WordText(stemmed=True),
        # The user's note, for the query parser only (`note:word`): notes are searched
        # beside the index (search/notes.py), and this field stays empty.
        note=analysis.WordText(stemmed=True),
        venue=KEYWORD(lowercase=True),
        year=NUMERIC(int, bits=32, signed=False),
        # Tags are not here (the store filters by them, search/filters.py): a tag must
        # not rewrite a document, which moves every other paper's score.
        # What the abstract offers (search/facets.py): `has:code`, `has:link`, `has:name`.
        facet=KEYWORD(commas=True, scorable=False),
        list=KEYWORD(lowercase=True, commas=True, scorable=False),
        url=KEYWORD(commas=True, scorable=False),
        # Unstemmed copy of all the words: the spelling corrector and prefix expansion
        # need real words (correct_query on a stemmed field returns the query unchanged).
        # Unscored (no lengths, no positions): it only decides *whether* a paper matches.
        # A separate edge-n-gram field made indexing 1.7x slower; marked one- and
        # two-letter prefixes in this field cost a fifth of that (see analysis.py).
        words=analysis.MarkedWords(),
        title_sort=SortKey(),
        venue_sort=SortKey(),
        year_sort=SortKey(),
        author_sort=SortKey(),
        card=STORED(),
    )


def document(paper: Paper) -> dict[str, Any]:
    authors = " ; ".join(paper.authors)
    venue_key = f"{paper.venue or '~'} {paper.year or 0:04d}".lower()
    return {
        "id": paper.id,
        "title": "" if paper.title_derived else paper.title,
        "derived_title": paper.title if paper.title_derived else "",
        "name": paper.name or "",
        "authors": authors,
        "abstract": paper.abstract,
        "venue": paper.venue or "",
        "year": paper.year or 0,
        "facet": ",".join(facets_of(paper)),
        "list": ",".join(paper.lists),
        "url": ",".join(filter(None, [paper.url, *paper.urls])),
        # The texts of the fields above, each tokenised once (analysis.JoinedText).
        "words": analysis.JoinedText((paper.title, paper.name or "", paper.abstract,
                                      authors)),
        "title_sort": paper.title.casefold(),
        "venue_sort": venue_key,
        # Newest first; papers without a year last.
        "year_sort": f"{NO_YEAR - (paper.year or 0) if paper.year else NO_YEAR:04d}",
        "author_sort": (paper.authors[0].casefold() if paper.authors else "\uffff"),
        # Without its tags: rows take them from the store (Results.tags).
        "card": Card.from_paper(paper).as_tuple(tags=()),
    }
