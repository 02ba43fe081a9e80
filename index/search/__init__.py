"""The search index, a cache of the store: the Whoosh schema, keeping it in step with the
store (generations), the query language, prefixes, highlighting and results, and the
terms that rose and fell between two lists (trends.py), in the index's own words. How postings
are written and ranked is the engine's business (`engine/`), reached only from here.

Each name is imported from its module when first used (PEP 562), as in the `index`
facade: the app's first search loads what searching needs, not the trends (numpy and
their own tables, 10-20% of the search package's import)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

_HOMES = {
    "..models": ("SORTS",),
    ".facets": ("FACETS",),
    ".filters": ("FacetFilter", "Filters", "NameFilter", "TagFilter", "split_filters"),
    ".highlight": ("HighlightTerms",),
    ".query": ("READING_KINDS", "ReadingFilter", "split_reading_filters"),
    ".results": ("Card", "Results"),
    ".search_index": ("IdFilter", "Progress", "SearchIndex"),
    ".trends": ("ListTexts", "Trend", "Trends", "compare_lists"),
}

__all__ = ["FACETS", "READING_KINDS", "SORTS", "Card", "FacetFilter", "Filters",
           "HighlightTerms", "IdFilter", "ListTexts", "NameFilter", "Progress", "ReadingFilter",
           "Results", "SearchIndex", "TagFilter", "Trend", "Trends", "analysis", "compare_lists",
           "split_filters", "split_reading_filters"]

__getattr__, __dir__ = lazy_exports(__name__, _HOMES, globals(), __all__)


if TYPE_CHECKING:  # what type checkers and readers see: the same names, imported
    from ..models import SORTS
    from . import analysis
    from .facets import FACETS
    from .filters import FacetFilter, Filters, NameFilter, TagFilter, split_filters
    from .highlight import HighlightTerms
    from .query import READING_KINDS, ReadingFilter, split_reading_filters
    from .results import Card, Results
    from .search_index import IdFilter, Progress, SearchIndex
    from .trends import ListTexts, Trend, Trends, compare_lists
