"""The search index, a cache of the store: the Whoosh schema, keeping it in step with the
store (generations), the query language, prefixes, highlighting and results. How postings
are written and ranked is the engine's business (`engine/`), reached only from here."""

from .highlight import HighlightTerms
from .results import Card, Results
from .schema import SORTS
from .search_index import Progress, SearchIndex

__all__ = ["SORTS", "Card", "HighlightTerms", "Progress", "Results", "SearchIndex"]
