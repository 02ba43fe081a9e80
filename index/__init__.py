"""The paper library: the one API the command line and the app call.

Data flows one way, and the folders show it:

    ingest/  files -> records -> papers ready to store (readers, rendering, titles)
    store/   the SQLite library: lists, papers, tags, edits; importing; recovery
    search/  the Whoosh index kept in step with the store; queries and results
             (search/engine/: how postings are written and ranked)
    semantic/  the meaning space beside the index: similar papers, `~` search, topics
    output/  citations and exported files
    library.py  `Library`, the facade over all of them

Knows nothing of Textual; front ends import only the names below.

Each name is imported from its module when it is first used (PEP 562), so a command
that never searches (`papers --version`, `papers lists`, `papers tag`) never loads Whoosh
or numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_exports

_HOMES = {
    ".card": ("Card",),
    ".errors": ("DiskFull", "LibraryError", "ListFormatError", "PaperNotFound",
                "SearchCancelled", "StoreError"),
    ".first_page": ("FirstPage",),
    ".ingest.formats": ("LIST_FORMATS", "ListFormat"),
    ".ingest.safe": ("sanitize",),
    ".library": ("MAX_PRIORITY", "STATUSES", "Library", "ReadingProgress", "SavedSearch",
                 "SyncReport", "TagChange", "clean_tag", "parse_tag_input"),
    ".models": ("SORTS", "Paper", "counted"),
    ".output.formats": ("CITATION_FORMATS", "EXPORT_FORMATS", "OUTPUT_FORMATS",
                        "OutputFormat"),
    ".output.links": ("DEFAULT_SEARCH_URL", "SEARCH_URLS", "Target", "web_url"),
    ".search": ("HighlightTerms", "Results", "Trend", "Trends"),
    ".semantic": ("MEANING_PREFIX", "Topic", "split_topic_filters"),
    ".store": ("ListInfo",),
}

__all__ = ["CITATION_FORMATS", "DEFAULT_SEARCH_URL", "EXPORT_FORMATS", "LIST_FORMATS",
           "FirstPage", "MAX_PRIORITY", "MEANING_PREFIX", "OUTPUT_FORMATS", "SEARCH_URLS", "SORTS",
           "STATUSES", "Card", "DiskFull", "HighlightTerms", "Library", "LibraryError",
           "ListFormat", "ListFormatError", "ListInfo", "OutputFormat", "Paper",
           "PaperNotFound", "ReadingProgress", "Results", "SavedSearch", "SearchCancelled",
           "StoreError", "SyncReport", "TagChange", "Target", "Topic", "Trend", "Trends",
           "clean_tag", "counted", "parse_tag_input", "sanitize", "split_topic_filters", "web_url"]


__getattr__, __dir__ = lazy_exports(__name__, _HOMES, globals(), __all__)


if TYPE_CHECKING:  # what type checkers and readers see: the same names, imported
    from .card import Card
    from .errors import (
        DiskFull,
        LibraryError,
        ListFormatError,
        PaperNotFound,
        SearchCancelled,
        StoreError,
    )
    from .first_page import FirstPage
    from .ingest.formats import LIST_FORMATS, ListFormat
    from .ingest.safe import sanitize
    from .library import (
        MAX_PRIORITY,
        STATUSES,
        Library,
        ReadingProgress,
        SavedSearch,
        SyncReport,
        TagChange,
        clean_tag,
        parse_tag_input,
    )
    from .models import SORTS, Paper, counted
    from .output.formats import CITATION_FORMATS, EXPORT_FORMATS, OUTPUT_FORMATS, OutputFormat
    from .output.links import DEFAULT_SEARCH_URL, SEARCH_URLS, Target, web_url
    from .search import HighlightTerms, Results, Trend, Trends
    from .semantic import MEANING_PREFIX, Topic, split_topic_filters
    from .store import ListInfo
