"""The Whoosh index: schema, building, incremental sync, and searching.

The index is a cache derived from the store. It lives in generation folders under the cache
dir with a `CURRENT` pointer, so a rebuild writes a new generation beside the one readers
are using and swaps the pointer atomically when it is complete.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema
from whoosh.qparser import (
    AndGroup,
    FieldAliasPlugin,
    FuzzyTermPlugin,
    MultifieldParser,
    PlusMinusPlugin,
)
from whoosh.query import And, Every, NullQuery, Or, Query, Term

from . import analysis, whoosh_speedups  # noqa: F401 - patches on import
from .highlight import HighlightTerms
from .models import Paper
from .prefixes import PrefixTable

SCHEMA_VERSION = 3
WRITER_TIMEOUT = 30.0
RELEVANCE_LIMIT = 1000
SORTS = ("relevance", "title", "venue")
SORT_FIELDS = {"title": ["title_sort"], "venue": ["venue_sort", "title_sort"]}
DEFAULT_FIELDS = ("title", "name", "authors", "abstract")
FIELD_BOOSTS = {"title": 3.0, "name": 4.0, "authors": 1.5, "abstract": 1.0}
FIELD_ALIASES = {"authors": ["author", "by"], "tag": ["tags"], "list": ["source"],
                 "abstract": ["text"], "url": ["link"]}
_OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"}
_SLOT = "zzqslotzzq"  # survives every analyzer unchanged

Progress = Callable[[int, int], None]


def make_schema() -> Schema:
    return Schema(
        id=ID(stored=True, unique=True),
        title=TEXT(analyzer=analysis.stem_analyzer()),
        name=TEXT(analyzer=analysis.word_analyzer()),
        authors=TEXT(analyzer=analysis.word_analyzer()),
        abstract=TEXT(analyzer=analysis.stem_analyzer()),
        venue=KEYWORD(lowercase=True),
        year=NUMERIC(int, bits=32, signed=False),
        tag=KEYWORD(lowercase=True, commas=True, scorable=False),
        list=KEYWORD(lowercase=True, commas=True, scorable=False),
        url=KEYWORD(commas=True, scorable=False),
        # Unstemmed copy of all the words: the spelling corrector and prefix expansion
        # need real words (correct_query on a stemmed field returns the query unchanged).
        # Unscored (no lengths, no positions): writing postings with lengths is what
        # makes Whoosh indexing slow, and these two only decide *whether* a paper matches.
        words=KEYWORD(analyzer=analysis.word_analyzer(), scorable=False),
        edge=KEYWORD(analyzer=analysis.edge_analyzer(), scorable=False),
        title_sort=ID(sortable=True),
        venue_sort=ID(sortable=True),
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
        "edge": searchable,
        "title_sort": paper.title.casefold(),
        "venue_sort": venue_key,
        "card": Card.from_paper(paper).as_tuple(),
    }


@dataclass(frozen=True, slots=True)
class Card:
    """What a results row shows, stored in the index so rows need no database read."""

    id: str
    title: str
    title_derived: bool
    name: str | None
    venue: str | None
    year: int | None
    tags: tuple[str, ...]
    authors: tuple[str, ...]

    @classmethod
    def from_paper(cls, paper: Paper) -> Card:
        return cls(paper.id, paper.title, paper.title_derived, paper.name, paper.venue,
                   paper.year, tuple(paper.tags), tuple(paper.authors[:3]))

    def as_tuple(self) -> tuple:
        return (self.id, self.title, self.title_derived, self.name, self.venue, self.year,
                list(self.tags), list(self.authors))

    @classmethod
    def from_tuple(cls, values: Iterable[Any]) -> Card:
        pid, title, derived, name, venue, year, tags, authors = values
        return cls(pid, title, derived, name, venue, year, tuple(tags), tuple(authors))

    @property
    def venue_year(self) -> str:
        return " ".join(str(p) for p in (self.venue, self.year) if p)


@dataclass(slots=True)
class Results:
    """An ordered result list; row cards are read lazily so 100k results cost little."""

    query: str
    docnums: list[int]
    scores: list[float]
    total: int
    elapsed: float
    terms: HighlightTerms
    suggestion: str | None = None
    error: str | None = None
    _searcher: Any = None
    _cards: dict[int, Card] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.docnums)

    def card(self, position: int) -> Card:
        docnum = self.docnums[position]
        card = self._cards.get(docnum)
        if card is None:
            card = Card.from_tuple(self._searcher.stored_fields(docnum)["card"])
            self._cards[docnum] = card
        return card

    def cards(self, start: int = 0, stop: int | None = None) -> list[Card]:
        return [self.card(i) for i in range(start, min(stop or len(self), len(self)))]

    def ids(self) -> list[str]:
        return [self.card(i).id for i in range(len(self))]


class IndexBroken(RuntimeError):
    pass


class SearchIndex:
    """One generation of the Whoosh index plus its sync state (store uuid, change seq)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.schema = make_schema()
        self._lock = threading.RLock()
        self._ix = None
        self._searcher = None
        self._prefixes: PrefixTable | None = None
        self._parser = MultifieldParser(list(DEFAULT_FIELDS), self.schema,
                                        fieldboosts=FIELD_BOOSTS, group=AndGroup)
        self._parser.add_plugin(FuzzyTermPlugin())
        self._parser.add_plugin(PlusMinusPlugin())
        self._parser.add_plugin(FieldAliasPlugin(FIELD_ALIASES))

    # -- generations -------------------------------------------------------------------
    @property
    def _pointer(self) -> Path:
        return self.root / "CURRENT"

    def _current_dir(self) -> Path | None:
        try:
            name = self._pointer.read_text().strip()
        except FileNotFoundError:
            return None
        path = self.root / name
        return path if name and path.is_dir() else None

    def meta(self) -> dict[str, Any]:
        current = self._current_dir()
        if current is None:
            return {}
        try:
            return json.loads((current / "papers-meta.json").read_text())
        except (OSError, ValueError):
            return {}

    def _write_meta(self, directory: Path, meta: dict[str, Any]) -> None:
        temp = directory / f"papers-meta.json.{uuid.uuid4().hex}"
        temp.write_text(json.dumps(meta))
        os.replace(temp, directory / "papers-meta.json")

    def open(self) -> None:
        """Open the current generation; raises IndexBroken if missing, stale or corrupt."""
        with self._lock:
            current = self._current_dir()
            if current is None:
                raise IndexBroken("no index yet")
            if self.meta().get("schema") != SCHEMA_VERSION:
                raise IndexBroken("the index was built by another version")
            try:
                ix = whoosh_index.open_dir(str(current))
                searcher = ix.searcher()
                searcher.doc_count()
            except Exception as error:  # Whoosh raises many kinds on damaged files
                raise IndexBroken(f"the index is damaged ({type(error).__name__})") from error
            self._close_handles()
            self._ix, self._searcher, self._prefixes = ix, searcher, None

    def _close_handles(self) -> None:
        # Searchers are left to the garbage collector: a Results object still on screen
        # may hold the old one, and Linux keeps files readable after a swap.
        self._ix = self._searcher = None

    def close(self) -> None:
        with self._lock:
            self._close_handles()

    @property
    def is_open(self) -> bool:
        return self._ix is not None

    def doc_count(self) -> int:
        with self._lock:
            return self._searcher.doc_count() if self._searcher else 0

    def rebuild(self, papers: Iterable[Paper], total: int, *, store_uuid: str, seq: int,
                progress: Progress | None = None) -> int:
        """Write a complete new generation, then point CURRENT at it."""
        self.root.mkdir(parents=True, exist_ok=True)
        generation = f"gen-{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:8]}"
        directory = self.root / generation
        directory.mkdir()
        try:
            ix = whoosh_index.create_in(str(directory), self.schema)
            writer = ix.writer(limitmb=256)
            count = 0
            for paper in papers:
                writer.add_document(**document(paper))
                count += 1
                if progress and (count % 250 == 0 or count == total):
                    progress(count, total)
            writer.commit()
            self._write_meta(directory, {"schema": SCHEMA_VERSION, "store": store_uuid,
                                         "seq": seq, "built": time.time()})
            temp = self.root / f"CURRENT.{uuid.uuid4().hex}"
            temp.write_text(generation)
            os.replace(temp, self._pointer)
        except BaseException:
            shutil.rmtree(directory, ignore_errors=True)
            raise
        self._remove_old_generations(keep=generation)
        self.open()
        return count

    def _remove_old_generations(self, keep: str) -> None:
        for path in self.root.glob("gen-*"):
            if path.name != keep and path.is_dir():
                shutil.rmtree(path, ignore_errors=True)

    def update(self, papers: list[Paper], deleted: list[str], *, seq: int) -> None:
        """Apply changed and deleted papers, then record how far the index has caught up."""
        with self._lock:
            if self._ix is None:
                raise IndexBroken("index not open")
            if papers or deleted:
                writer = self._ix.writer(timeout=WRITER_TIMEOUT)
                try:
                    for pid in deleted:
                        writer.delete_by_term("id", pid)
                    for paper in papers:
                        writer.update_document(**document(paper))
                    writer.commit()
                except BaseException:
                    writer.cancel()
                    raise
            current = self._current_dir()
            if current is not None:
                meta = self.meta()
                meta["seq"] = seq
                self._write_meta(current, meta)
            self._refresh()

    def _refresh(self) -> None:
        if self._searcher is not None:
            fresh = self._searcher.refresh()
            if fresh is not self._searcher:
                self._searcher, self._prefixes = fresh, None

    # -- searching -----------------------------------------------------------------------
    def prefixes(self) -> PrefixTable:
        with self._lock:
            if self._prefixes is None:
                self._prefixes = PrefixTable.from_reader(self._searcher.reader(), "words")
            return self._prefixes

    def parse(self, text: str) -> Query:
        return self._parser.parse(text)

    def _build_query(self, text: str, complete_last: bool) -> tuple[Query, HighlightTerms]:
        """Parse the query; the word still being typed becomes a prefix query.

        The whole string is parsed with a placeholder in the last word's place, so
        operators around it (`-word`, `NOT`, fields) keep their meaning, then the
        placeholder is swapped for the prefix query.
        """
        stripped = text.strip()
        last = ""
        if complete_last and stripped and not text[-1].isspace():
            head, _, tail = stripped.rpartition(" ")
            if tail and tail not in _OPERATORS and all(c.isalnum() or c in "-_." for c in tail):
                stripped, last = f"{head} {_SLOT}", tail
        terms = HighlightTerms.from_query(stripped.replace(_SLOT, ""))
        query = self._parser.parse(stripped) if stripped else Every()
        prefix = self._prefix_query(last, terms) if last else None

        def swap(node: Query) -> Query:
            # Top-down, so the multi-field OR around the placeholder goes as one piece.
            children = getattr(node, "subqueries", ())
            if prefix is not None and isinstance(node, Or | Term) and all(
                    isinstance(c, Term) and c.text == _SLOT for c in (children or [node])):
                return prefix
            if isinstance(node, Every) or any(isinstance(c, Every) for c in children):
                return Every()  # `*` alone: every paper, without scoring four fields
            return node.apply(swap) if children else node

        return swap(query), terms

    def _prefix_query(self, word: str, terms: HighlightTerms) -> Query:
        """The word being typed: its exact (stemmed) match, or any word it begins."""
        whole = self._parser.parse(word)
        tokens = analysis.words(word, keep_stop_words=True)  # "th" may become "theory"
        terms.add_words(tokens[:-1])
        terms.add_stems(analysis.stems(word))
        if not tokens:
            return whole
        *complete, partial = tokens
        terms.prefix = partial
        if len(partial) <= analysis.EDGE_PREFIX_MAX:
            started: Query = Term("edge", partial)
        else:
            # Completions are searched through the scored fields, so they rank as typed words.
            expansions = self.prefixes().expand(partial)
            stems = sorted({analysis.stem_word(w) for w in expansions})
            started = Or([Term("title", s, boost=FIELD_BOOSTS["title"]) for s in stems]
                         + [Term("abstract", s) for s in stems]
                         + [Term("name", w, boost=FIELD_BOOSTS["name"]) for w in expansions]
                         ) if expansions else Term("words", partial)
        if complete:
            started = And([Term("words", w) for w in complete] + [started])
        return Or([whole, started])

    def search(self, text: str, *, sort: str = "relevance", tag: str | None = None,
               complete_last: bool = True, limit: int | None = RELEVANCE_LIMIT) -> Results:
        """Never raises for any query string: a bad query falls back to plain words."""
        start = time.perf_counter()
        error = None
        try:
            query, terms = self._build_query(text, complete_last)
            if query is NullQuery:
                query = Every()
                if text.strip():
                    error = "nothing to search for in that query; showing every paper"
            results = self._run(query, sort, tag, limit)
        except Exception as failure:  # noqa: BLE001 - any parser/matcher failure
            plain = " ".join(analysis.words(text))
            error = f"could not read the query as written ({type(failure).__name__}); " \
                    "searched for its words"
            try:
                query, terms = self._build_query(plain, complete_last)
                results = self._run(query, sort, tag, limit)
            except Exception:  # noqa: BLE001
                query, terms = Every(), HighlightTerms()
                results = self._run(Term("id", "\0none"), sort, None, limit)
        docnums, scores, total, searcher = results
        found = Results(text, docnums, scores, total, 0.0, terms, error=error,
                        _searcher=searcher)
        if total < 3 and text.strip():
            found.suggestion = self.suggest(text)
        found.elapsed = time.perf_counter() - start
        return found

    def _run(self, query: Query, sort: str, tag: str | None, limit: int | None):
        with self._lock:
            searcher = self._searcher
            if searcher is None:
                raise IndexBroken("index not open")
        filter_query = Term("tag", tag.lower()) if tag else None
        if isinstance(query, Every) or sort != "relevance":
            fields = SORT_FIELDS.get(sort, SORT_FIELDS["title"])
            hits = searcher.search(query, filter=filter_query, limit=None, sortedby=fields)
        else:
            hits = searcher.search(query, filter=filter_query, limit=limit)
        docnums = [hit.docnum for hit in hits]
        scores = [hit.score or 0.0 for hit in hits] if sort == "relevance" else []
        total = len(hits)  # exact: an estimate would read 'every paper' for common words
        return docnums, scores, max(total, len(docnums)), searcher

    def suggest(self, text: str) -> str | None:
        """'Did you mean': respell unknown words from the unstemmed lexicon."""
        with self._lock:
            searcher = self._searcher
        if searcher is None:
            return None
        corrector = searcher.corrector("words")
        reader = searcher.reader()
        changed = False
        out = []
        for token in text.split():
            word = token.lower()
            if (token in _OPERATORS or ":" in token or not word.isalpha()
                    or reader.doc_frequency("words", word) > 0):
                out.append(token)
                continue
            suggestions = corrector.suggest(word, limit=1, maxdist=2)
            if suggestions:
                out.append(suggestions[0])
                changed = True
            else:
                out.append(token)
        return " ".join(out) if changed else None

    def similar(self, paper: Paper, limit: int = 10) -> Results:
        start = time.perf_counter()
        with self._lock:
            searcher = self._searcher
        docnum = searcher.document_number(id=paper.id)
        if docnum is None:
            return Results("", [], [], 0, 0.0, HighlightTerms(), _searcher=searcher)
        text = " ".join(filter(None, (paper.title, paper.name, paper.abstract)))
        hits = searcher.more_like(docnum, "words", text=text, top=limit, numterms=25)
        docnums = [h.docnum for h in hits]
        return Results(f"similar:{paper.id}", docnums, [h.score for h in hits], len(docnums),
                       time.perf_counter() - start, HighlightTerms(), _searcher=searcher)
