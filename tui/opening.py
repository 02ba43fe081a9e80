"""Opening the library while Textual loads: the store, the settings, the last session,
the reading states and the first page kept beside the index (index/first_page.py).

`papers` starts this thread before it imports Textual (tui/launch.py), so by the time the
app mounts, what its first frame lists is usually ready and is drawn in that very frame.
Nothing here loads the search engine: the app opens the index after that first paint.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from index import FirstPage, Library

    from .config import Config


@dataclass
class Opened:
    """What opening found; `error` instead if the library could not be opened."""

    library: Library | None = None
    config: Config | None = None
    session: dict = field(default_factory=dict)
    page: FirstPage | None = None  # None: no page that is still true, or not wanted
    states: dict[str, tuple[str, int]] = field(default_factory=dict)
    paper_id: str | None = None  # where the session left the cursor
    error: str | None = None


def open_library(data_dir: str | None, library: Library | None = None) -> Opened:
    """Open the library (unless given) and read what the first frame shows. (The
    library's modules are imported here, in the opening thread, not by the thread that
    starts it and goes on to import Textual.)"""
    from index import SORTS, Library

    from .config import load_config

    try:
        library = library or Library(data_dir)
        config = load_config(library.where.config_file)
        session = library.session() if config.resume else {}
        opened = Opened(library, config, session)
        paper = session.get("paper")
        opened.paper_id = paper if isinstance(paper, str) else None
        sort = session.get("sort") if session.get("sort") in SORTS else config.sort
        query = page_query(session, sort)
        if query == "":
            opened.page = library.first_page(sort)
        elif query is not None:
            opened.page = library.session_page(query)
        if opened.page is not None:
            opened.states = library.reading_states()
        return opened
    except open_errors() as error:
        return Opened(error=str(error))


def page_query(session: dict, sort: str) -> str | None:
    """The query whose kept page can be a session's first frame, in `sort`: "" for the
    empty query's (any sort), the query itself for the session page (kept when the app
    was closed on it, by relevance), None for no page (a tag, hidden seen papers or a
    query in another sort: the live search)."""
    if session.get("tag") or session.get("hide_seen"):
        return None
    query = session.get("query")
    if not query:
        return ""
    return query if isinstance(query, str) and sort == "relevance" else None


def open_errors() -> tuple[type[Exception], ...]:
    """What opening a library may fail with (said to the user, never a crash)."""
    import sqlite3

    from index import LibraryError, StoreError

    return StoreError, LibraryError, OSError, sqlite3.DatabaseError


class Opening:
    """`open_library` in a thread of its own, started at once."""

    def __init__(self, data_dir: str | None) -> None:
        self._result: Opened | None = None
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(data_dir,),
                                        name="papers-opening", daemon=True)
        self._thread.start()

    def _run(self, data_dir: str | None) -> None:
        try:
            self._result = open_library(data_dir)
        except BaseException as failure:  # noqa: BLE001 - raised again in result()
            self._failure = failure

    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self) -> Opened:
        self._thread.join()
        if self._failure is not None:  # a bug, not a library that cannot be opened
            raise self._failure
        assert self._result is not None
        return self._result
