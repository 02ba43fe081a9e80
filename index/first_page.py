"""The first page: what the app lists for the empty query, kept beside the index so its
first frame needs no search engine.

Opening the app used to wait for Whoosh and numpy (a third of a second on this machine)
before anything was listed. Whenever a sync leaves the index in step with the store, the
library writes here, for each sort that depends on the papers alone, the order of every
paper and the cards of the first rows, exactly as `Library.search("")` returned them; the
app shows that at once and the live search replaces it when the index is open.

A page is shown only while it is certainly what the live search would show: it names the
library (the store's id), the store's last change it was made at, the index generation it
was searched in (papers that sort alike keep their order there) and the code that made it
(the text of the modules that decide the rows). Any list added or removed, any edit,
another library in the same place, a rebuilt index or other code (an upgrade, an edited
checkout) leaves it unread until the next sync writes it afresh. Tags are not in it:
they are read from the store with it, as the live search reads them.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

from .card import Card
from .source_stamp import source_crc

FORMAT = 1
PAGE_ROWS = 150  # cards kept per sort: a tall terminal's list; rows below are read by id
# The sorts whose empty-query order is the papers' own; "status" and "priority" follow
# the reading states (seen, stars), which change without a sync.
PAGE_SORTS = ("relevance", "title", "venue", "year", "author")
FOLDER = "first-page"


# The modules that decide the empty query's rows: what a card holds, the sort keys the
# index keeps and how they order papers, and the library's search on top.
ROW_MODULES = ("card.py", "models.py", "library.py", "first_page.py", "search/schema.py",
               "search/search_index.py", "search/results.py", "search/query.py",
               "search/filters.py")

# The first keystroke: a key typed as the first frame shows, before the search engine
# has loaded (it waited 200-250 ms for Whoosh's imports and the index), is answered
# from a page kept for its one-character query, in relevance order, with the words its
# search marks in the rows' titles and the first rows' abstracts. The app keeps these
# pages (Library.keep_first_page(keys=True)) for libraries of up to KEYS_UP_TO papers.
KEY_QUERIES = tuple("abcdefghijklmnopqrstuvwxyz0123456789")
KEY_ROWS = 60  # rows whose cards and marked titles a key page keeps
KEY_ABSTRACTS = 3  # rows whose marked abstracts it keeps (the pane shows the cursor's)
# At 100,000 papers the 36 key pages take 1.1 s to make (after the warm-up, giving way to
# keystrokes between them) and 28 MB (every result's id), and one is read in 5 ms: the
# first key at first paint waited 300 ms for the engine there (numpy's import alone 120).
KEYS_UP_TO = 200_000  # papers
# A key page's rows follow the ranking too: every module of the search package decides
# them (read only when a key page is, never for the first frame).
KEY_MODULES = ("search", "search/engine")


@cache
def code_stamp() -> str:
    """The code that makes the rows: the text of ROW_MODULES (read once a process: the
    code it runs is the code it loaded; see source_stamp)."""
    return f"{source_crc(ROW_MODULES):08x}"


@cache
def key_code_stamp() -> str:
    """The code that makes a key page's rows and marks: ROW_MODULES and every module of
    the search package (its ranking, prefixes, highlighting)."""
    return f"{source_crc(KEY_MODULES, start=int(code_stamp(), 16)):08x}"


class FirstPage:
    """The empty query's results as the live search listed them, for the app's first
    frame: the same rows, count and order, with the same cards (tags from the store)."""

    query = ""
    terms = None  # the empty query marks no words
    error = None
    relaxed = None
    partial = False
    by_meaning = False
    known_suggestion = None
    suggestion = None
    from_first_page = True

    def __init__(self, sort: str, ids: list[str], cards: list[Card],
                 tags: dict[str, tuple[str, ...]], card_of: Callable[[str], Card],
                 elapsed: float) -> None:
        self.sort = sort
        self._ids = ids
        self._cards = cards
        self.tags = tags
        self._card_of = card_of  # a row below the kept cards, from the store
        self.elapsed = elapsed
        self._drawn: dict[int, Card] = {}  # position -> its card, tags applied

    def __len__(self) -> int:
        return len(self._ids)

    @property
    def total(self) -> int:
        return len(self._ids)

    def card(self, position: int) -> Card:
        card = self._drawn.get(position)
        if card is None:
            card = self._cards[position] if position < len(self._cards) else \
                self._card_of(self._ids[position])
            card = self._drawn[position] = replace(card, tags=self.tags.get(card.id, ()))
        return card

    def cards(self, start: int = 0, stop: int | None = None) -> list[Card]:
        return [self.card(i) for i in range(start, min(stop or len(self), len(self)))]

    def ids(self) -> list[str]:
        return list(self._ids)

    def position(self, paper_id: str) -> int | None:
        try:
            return self._ids.index(paper_id)  # asked once, at opening: no table built
        except ValueError:
            return None

    def has_all_words(self, position: int) -> bool:
        return True


class KeptTerms:
    """The words a key page's search marked, as segments of the texts kept with it (its
    rows' titles, its first rows' abstracts), exactly as the search's HighlightTerms
    gave them; any other text is shown unmarked until the live results replace the page
    (a row scrolled far down, or a cursor left below the kept rows)."""

    prefix = None

    def __init__(self, marked: dict[str, list]) -> None:
        self._marked = marked

    def __bool__(self) -> bool:
        return True

    def segments(self, text: str) -> list[tuple[str, bool]]:
        kept = self._marked.get(text)
        if kept is None:
            return [(text, False)] if text else []
        return [(piece, bool(hit)) for piece, hit in kept]


class KeyPage(FirstPage):
    """A query's results as the live search listed them, by relevance, for the moment
    before the search engine is ready: a first keystroke's (one character), or the
    query the app was closed on (its session page)."""

    def __init__(self, query: str, ids: list[str], cards: list[Card], terms: KeptTerms,
                 tags: dict[str, tuple[str, ...]], card_of: Callable[[str], Card],
                 elapsed: float) -> None:
        super().__init__("relevance", ids, cards, tags, card_of, elapsed)
        self.query = query
        self.terms = terms


def _file(folder: Path, sort: str) -> Path:
    return folder / f"{sort}.json"


def _key_file(folder: Path, query: str) -> Path:
    return folder / f"key-{query}.json"


# The page of the query the app was closed on, whatever it is (one file, the query in
# it): the app reopens on that query, and without it waited for the search engine before
# listing anything (ICML 2023: 450 ms to the first results against 285 for the empty
# query's page; 100,000 papers: 600 against 290).
SESSION_FILE = "session.json"


def key_stamp(store_uuid: str, seq: int, generation: str | None) -> dict:
    """What a key page is valid for: as `stamp`, by the code that ranks and marks."""
    return {**stamp(store_uuid, seq, generation), "code": key_code_stamp()}


def stamp(store_uuid: str, seq: int, generation: str | None) -> dict:
    """What a page is valid for: this library at its change `seq`, searched in index
    `generation` (papers that sort alike keep the order they have there), by this code."""
    return {"format": FORMAT, "store": store_uuid, "seq": seq, "generation": generation,
            "code": code_stamp()}


def write(folder: Path, sort: str, mark: dict, ids: Sequence[str], cards: Sequence[Card]
          ) -> None:
    """Keep one sort's page (atomically: a reader sees the old page or the new)."""
    folder.mkdir(parents=True, exist_ok=True)
    body = {**mark, "sort": sort, "ids": "\n".join(ids),
            "cards": [card.as_tuple(tags=()) for card in cards[:PAGE_ROWS]]}
    target = _file(folder, sort)
    temporary = target.with_name(f".{target.name}.{os.getpid()}")
    temporary.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    os.replace(temporary, target)


def write_key(folder: Path, query: str, mark: dict, ids: Sequence[str] | None,
              cards: Sequence[Card] = (),
              marked: dict[str, list[tuple[str, bool]]] | None = None) -> None:
    """Keep one key's page: `marked`, the segments its search marks in each kept text.
    `ids` None: a key whose results only the live search gives (a suggestion, a word
    forgiven), kept so as not to be searched again at every warm-up."""
    _write_query_page(_key_file(folder, query), query, mark, ids, cards, marked)


def write_session(folder: Path, query: str, mark: dict, ids: Sequence[str] | None,
                  cards: Sequence[Card] = (),
                  marked: dict[str, list[tuple[str, bool]]] | None = None) -> None:
    """Keep the page of the query the app was closed on, as write_key keeps a key's."""
    _write_query_page(folder / SESSION_FILE, query, mark, ids, cards, marked)


def _write_query_page(target: Path, query: str, mark: dict, ids: Sequence[str] | None,
                      cards: Sequence[Card],
                      marked: dict[str, list[tuple[str, bool]]] | None) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    marked = marked or {}
    body = {**mark, "query": query, "live": ids is None, "ids": "\n".join(ids or ()),
            "cards": [card.as_tuple(tags=()) for card in cards[:KEY_ROWS]],
            "marked": {text: [[piece, int(hit)] for piece, hit in segments]
                       for text, segments in marked.items()}}
    temporary = target.with_name(f".{target.name}.{os.getpid()}")
    temporary.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    os.replace(temporary, target)


def keys_current(folder: Path, mark: dict) -> bool:
    """Whether every key's page was made for `mark` (a key stamp)."""
    return all(_opens_with(_key_file(folder, query), {**mark, "query": query})
               for query in KEY_QUERIES)


def _opens_with(path: Path, head: dict) -> bool:
    """Whether the page at `path` begins with the items of `head`, as `write` and
    `write_key` lay them out (the mark, then the sort or query, then more): asked at
    every warm-up, whose pages at 100,000 papers are a megabyte each, 39 of them. Read
    whole and parsed, 100-170 ms beside the first keystrokes; their first bytes do."""
    expected = json.dumps(head, ensure_ascii=False)[:-1].encode("utf-8") + b", "
    try:
        with path.open("rb") as page:
            return page.read(len(expected)) == expected
    except OSError:
        return False


def read_key(folder: Path, query: str, mark: dict, tags: dict[str, tuple[str, ...]],
             card_of: Callable[[str], Card]) -> KeyPage | None:
    """The page kept for the one-character `query`, if made for `mark`; else None."""
    if query not in KEY_QUERIES:
        return None
    return _read_query_page(_key_file(folder, query), query, mark, tags, card_of)


def read_session(folder: Path, query: str, mark: dict, tags: dict[str, tuple[str, ...]],
                 card_of: Callable[[str], Card]) -> KeyPage | None:
    """The session page, if it was kept for `query` and made for `mark`; else None."""
    return _read_query_page(folder / SESSION_FILE, query, mark, tags, card_of)


def _read_query_page(path: Path, query: str, mark: dict, tags: dict[str, tuple[str, ...]],
                     card_of: Callable[[str], Card]) -> KeyPage | None:
    started = time.perf_counter()
    body = _read_body(path, mark)
    if body is None or body.get("query") != query or body.get("live", True):
        return None
    try:
        ids = body["ids"].split("\n") if body["ids"] else []
        cards = [Card.from_tuple(values) for values in body["cards"]]
        marked = {text: [(piece, bool(hit)) for piece, hit in segments]
                  for text, segments in body["marked"].items()}
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if [card.id for card in cards] != ids[:len(cards)]:
        return None
    return KeyPage(query, ids, cards, KeptTerms(marked), tags, card_of,
                   time.perf_counter() - started)


def is_current(folder: Path, mark: dict) -> bool:
    """Whether every sort's page was made for `mark` (nothing to write again)."""
    return all(_opens_with(_file(folder, sort), {**mark, "sort": sort})
               for sort in PAGE_SORTS)


def _read(folder: Path, sort: str, mark: dict) -> dict | None:
    body = _read_body(_file(folder, sort), mark)
    if body is None or body.get("sort") != sort:
        return None
    return body


def _read_body(path: Path, mark: dict) -> dict | None:
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # none yet, or damaged: the live search it is
    if not isinstance(body, dict) or any(body.get(k) != v for k, v in mark.items()):
        return None
    return body


def read(folder: Path, sort: str, mark: dict, tags: dict[str, tuple[str, ...]],
         card_of: Callable[[str], Card]) -> FirstPage | None:
    """The page kept for `sort`, if it was made for `mark`; else None."""
    started = time.perf_counter()
    if sort not in PAGE_SORTS:
        return None
    body = _read(folder, sort, mark)
    if body is None:
        return None
    try:
        ids = body["ids"].split("\n") if body["ids"] else []
        cards = [Card.from_tuple(values) for values in body["cards"]]
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if [card.id for card in cards] != ids[:len(cards)]:
        return None
    return FirstPage(sort, ids, cards, tags, card_of, time.perf_counter() - started)
