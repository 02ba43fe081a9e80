"""The search index, a cache of the store: the Whoosh schema, keeping it in step with the
store (generations), the query language, prefixes, highlighting and results. How postings
are written and ranked is the engine's business (`engine/`), reached only from here."""

from ..models import SORTS
from .highlight import HighlightTerms
from .query import READING_KINDS, ReadingFilter, split_reading_filters
from .results import Card, Results
from .search_index import IdFilter, Progress, SearchIndex

__all__ = ["READING_KINDS", "SORTS", "Card", "HighlightTerms", "IdFilter", "Progress",
           "ReadingFilter", "Results", "SearchIndex", "split_reading_filters"]
