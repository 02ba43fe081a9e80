"""Loading the search engine a module at a time, so a keystroke never waits for it.

The app lists its first page, and answers a first keystroke from the pages kept beside
the index (first_page.py), before this package is imported; then it loads Whoosh and
this package (about 120 ms of imports on a quiet machine, 125 modules) in a thread. In
one import that thread held the interpreter for most of that time: a key typed then
waited for it, since the UI thread runs only when the importing thread lets go (every
few ms, to hand it back a few ms later). Imported here in `ENGINE_MODULES`' order, the
order in which their imports finish (`python -X importtime`), each step loads one
module whose own imports are already loaded, a few ms each; the caller waits between
steps while a keystroke is being drawn.

The list is only an order: a module missing from it is imported by the one that needs
it, as before, and one that is gone (another Whoosh) is skipped.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import suppress

# What `Library.sync` and the first search import beyond what the first page needed, as
# their imports finish (python -X importtime, papers 2026-12, Whoosh 2.7.4).
ENGINE_MODULES = (
    "whoosh", "_queue", "queue", "email", "_hashlib", "_blake2", "hashlib", "http",
    "email.errors", "email.quoprimime", "email.base64mime", "quopri", "email.encoders",
    "email.charset", "email.header", "calendar", "email._parseaddr", "email.utils",
    "email._policybase", "email.feedparser", "email.parser", "email._encoded_words",
    "email.iterators", "email.message", "http.client", "urllib.response", "urllib.error",
    "urllib.request", "html.entities", "html", "whoosh.compat", "whoosh.analysis.acore",
    "whoosh.util", "whoosh.util.text", "whoosh.analysis.tokenizers",
    "whoosh.analysis.filters", "whoosh.lang", "whoosh.lang.dmetaphone",
    "whoosh.lang.porter", "whoosh.util.cache", "whoosh.analysis.morph",
    "whoosh.analysis.intraword", "whoosh.analysis.ngrams", "whoosh.analysis.analyzers",
    "whoosh.analysis", "whoosh.filedb", "whoosh.system", "whoosh.util.varints",
    "whoosh.filedb.structfile", "whoosh.util.numeric", "whoosh.idsets",
    "whoosh.util.numlists", "whoosh.columns", "whoosh.formats", "whoosh.util.times",
    "whoosh.fields", "whoosh.util.loading", "whoosh.legacy", "whoosh.index",
    "whoosh.sorting", "whoosh.classify", "whoosh.highlight", "whoosh.matching.mcore",
    "whoosh.matching.binary", "whoosh.matching.wrappers", "whoosh.matching.combo",
    "whoosh.matching", "cached_property", "whoosh.util.filelock",
    "whoosh.filedb.filestore", "whoosh.support", "whoosh.support.levenshtein",
    "whoosh.reading", "whoosh.query.qcore", "whoosh.lang.morph_en", "whoosh.query.terms",
    "whoosh.query.compound", "whoosh.query.positional", "whoosh.query.wrappers",
    "whoosh.query.ranges", "whoosh.query.nested", "whoosh.query.qcolumns",
    "whoosh.query.spans", "whoosh.query", "whoosh.scoring", "whoosh.searching",
    "whoosh.collectors", "whoosh.externalsort", "whoosh.writing", "whoosh.support.charset",
    "index.ingest.scripts", "Stemmer", "index.search.analysis", "whoosh.qparser.common",
    "whoosh.qparser.syntax", "whoosh.qparser.default", "whoosh.qparser.taggers",
    "whoosh.qparser.plugins", "whoosh.qparser", "index.search.engine",
    "index.search.engine.matching", "index.search.highlight", "index.search.prefixes",
    "index.search.query", "index.search.coordination", "whoosh.codec", "whoosh.automata",
    "whoosh.automata.fsa", "whoosh.automata.lev", "mmap", "whoosh.filedb.compound",
    "whoosh.codec.base", "whoosh.filedb.filetables", "whoosh.codec.whoosh3",
    "index.search.engine.blocks", "index.search.engine.codec", "index.search.engine.stats",
    "index.search.engine.writer", "index.search.notes", "index.search.proximity",
    "index.search.results", "index.search.facets", "index.search.schema",
    "index.search.generations", "index.search.engine.postings", "index.search.engine.searched",
    "index.search.engine.lists", "index.search.filters", "index.search.search_index",
)


def engine_steps() -> Iterator[str]:
    """Import the engine one module a step (each yields its name once loaded)."""
    for name in ENGINE_MODULES:
        if name not in sys.modules:
            with suppress(ImportError):  # another version of a dependency: its own
                importlib.import_module(name)
        yield name
