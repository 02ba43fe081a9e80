"""The search index, a cache of the store: the Whoosh schema, keeping it in step with the
store (generations), the query language, prefixes, highlighting and results, and the
terms that rose and fell between two lists (trends.py), in the index's own words. How postings
are written and ranked is the engine's business (`engine/`), reached only from here."""

from ..models import SORTS
from . import analysis
from .facets import FACETS
from .filters import FacetFilter, Filters, NameFilter, TagFilter, split_filters
from .highlight import HighlightTerms
from .query import READING_KINDS, ReadingFilter, split_reading_filters
from .results import Card, Results
from .search_index import IdFilter, Progress, SearchIndex
from .trends import ListTexts, Trend, Trends, compare_lists

__all__ = ["FACETS", "READING_KINDS", "SORTS", "Card", "FacetFilter", "Filters",
           "HighlightTerms", "IdFilter", "ListTexts", "NameFilter", "Progress", "ReadingFilter",
           "Results", "SearchIndex", "TagFilter", "Trend", "Trends", "analysis", "compare_lists",
           "split_filters", "split_reading_filters"]
