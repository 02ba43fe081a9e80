"""The search index, a cache of the store: the Whoosh schema, keeping it in step with the
store (generations), the query language, prefixes, highlighting and results. How postings
are written and ranked is the engine's business (`engine/`), reached only from here."""

from . import analysis
from .facets import FACETS
from .filters import FacetFilter, Filters, NameFilter, TagFilter, split_filters
from .highlight import HighlightTerms
from .query import READING_KINDS, ReadingFilter, split_reading_filters
from .results import Card, Results
from .schema import SORTS
from .search_index import IdFilter, Progress, SearchIndex

__all__ = ["FACETS", "READING_KINDS", "SORTS", "Card", "FacetFilter", "Filters",
           "HighlightTerms", "IdFilter", "NameFilter", "Progress", "ReadingFilter", "Results",
           "SearchIndex", "TagFilter", "analysis", "split_filters", "split_reading_filters"]
