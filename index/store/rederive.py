"""Bare papers stored by an older name model get their names and titles derived again;
papers with a real title get the name their title gives ("NAME: …"); and every paper's
abstract is rendered again from its stored source.

A paper's derived name and title are computed once, when its list is imported, and stored;
a newer name model (index/ingest/data/name_model.json) or title rule would otherwise reach
only lists imported after it. The library's `meta` holds the stamp of the derivation that
made its names (`STAMP_KEY`); when it differs from this code's (`current_stamp`), every
bare paper (no real title) is derived again from its stored abstract with its list's
statistics, as at import, and a paper whose title gives a name (titles.name_in_title)
takes it, as one imported now would (the abstract's other names are not derived again).

What it never touches: real titles, and any paper the user has made their own (an edit, a
tag, a note, a read mark or a priority): they keep the name and title the user knows them
by. Only `name` and `derived_title` change, and the rendered abstract (`abstract`,
`emphasis`, `urls`: what `render` makes of `abstract_source`, as at import; nobody edits an
abstract, so every paper's is rendered again: a rendering fix, "M∈ℝ" read "M ∈ ℝ", reaches
lists imported before it). A changed paper is logged in `changes`, so the next sync
re-indexes it.

When: before the index is brought up to date (`names_up_to_date`, at the start of every
sync and of an import), never at open: a command that indexes nothing and an app's first
frame wait for nothing. Deriving is shared by forked workers, or done by a child process
where this one has threads (the app).

Crash-safe as the rest of the store: papers are written in transactions of `CHUNK`, and
the stamp only after the last one. Stopped half way, the next sync derives again from the
start; deriving is a pure function of the stored abstract and the list, so the papers
already written come out the same.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import suppress
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import LibraryError
from ..source_stamp import INDEX_ROOT, source_crc
from .database import Store, spans_to_json

if TYPE_CHECKING:
    import subprocess

    from ..ingest.names import NameStatistics
    from ..models import Rendered

# names.MODEL_FILE, spelled here: the check runs at every open, and importing the name
# model's module costs 50 ms (its patterns); it is imported only to derive.
MODEL_FILE = "name_model.json"
STAMP_KEY = "names_model"
# Bumped by hand when what is derived changes through code outside DERIVATION_SOURCES.
DERIVATION = 10
# The code that decides a bare paper's name and title, by content (source_stamp.py): a
# change to any of it is a new derivation, as a retrained model is (its file's digest).
# By hand alone, the stamp stayed 9 through some sixty naming changes, and libraries kept
# the names of the code that imported them.
DERIVATION_SOURCES = ("ingest/names.py", "ingest/titles.py", "ingest/phrases.py",
                      "ingest/name_first.py", "ingest/scan.py", "ingest/render.py",
                      "ingest/html_text.py", "ingest/safe.py", "ingest/lost_backslash.py",
                      "ingest/line_breaks.py", "ingest/data/line_break_words.txt")
CHUNK = 500  # papers a transaction


@lru_cache(maxsize=1)
def current_stamp() -> str:
    from importlib import resources  # (here: the app's launch never needs it, nor hashlib)

    model = resources.files("index.ingest.data").joinpath(MODEL_FILE).read_bytes()
    return derivation_stamp(model, INDEX_ROOT)


def derivation_stamp(model: bytes, root: Path) -> str:
    """The stamp of names derived by the model `model` and the DERIVATION_SOURCES under
    `root` (the `index` package)."""
    import hashlib

    code = source_crc(DERIVATION_SOURCES, root=root)
    return f"{DERIVATION}:{hashlib.sha256(model).hexdigest()[:16]}:{code:08x}"


def stale(store: Store) -> bool:
    """The library's names were made by another derivation than this code's."""
    return store.meta(STAMP_KEY) != current_stamp()


def mark_current(store: Store) -> None:
    """Names made now are this derivation's (a new library, or after `rederive`)."""
    store.set_meta(STAMP_KEY, current_stamp())


def names_current_if_empty(store: Store) -> None:
    """A library without papers (new) takes this derivation's stamp: what it imports is
    named by it. (Deriving its seed papers again to find that out costs 40 ms.)"""
    if not store.read_only and store.meta(STAMP_KEY) is None and store.count() == 0:
        mark_current(store)


# Nobody made the paper their own (`{p}`: the papers table's name in the statement).
_NOT_OWN = """
  AND NOT EXISTS (SELECT 1 FROM edits e WHERE e.paper_id = {p}.id)
  AND NOT EXISTS (SELECT 1 FROM tags t WHERE t.paper_id = {p}.id)
  AND NOT EXISTS (SELECT 1 FROM notes n WHERE n.paper_id = {p}.id)
  AND NOT EXISTS (SELECT 1 FROM reading r WHERE r.paper_id = {p}.id
                  AND (r.status >= 2 OR r.priority > 0))
"""
# Such papers with the list they came with (the oldest they are in): bare ones, and those
# whose title may give their name (a colon in it: "NAME: what it is").
_PAPERS = """
SELECT p.id, p.abstract_source, p.name, p.derived_title, p.title,
       (SELECT m.list FROM memberships m JOIN lists l ON l.name = m.list
        WHERE m.paper_id = p.id ORDER BY l.added_at, l.name LIMIT 1) AS list
FROM papers p
WHERE {which}""" + _NOT_OWN.format(p="p") + "ORDER BY p.id"
_BARE = _PAPERS.format(which="(p.title IS NULL OR p.title = '') AND p.abstract_source != ''")
_TITLED = _PAPERS.format(which="p.title LIKE '%:%'")
# The same conditions at write time: a tag or an edit made meanwhile (another process)
# keeps its paper as it is; so does a title changed meanwhile.
_UPDATE = """
UPDATE papers SET name = ?, derived_title = ?
WHERE id = ? AND (title IS NULL OR title = '')""" + _NOT_OWN.format(p="papers")
_UPDATE_NAME = """
UPDATE papers SET name = ? WHERE id = ? AND title = ?""" + _NOT_OWN.format(p="papers")
# The papers whose abstract `_BARE` does not render already (with a real title, or their
# user's own): rendered again on their own.
_OTHERS = """
SELECT p.id, p.abstract_source FROM papers p
WHERE p.abstract_source != '' AND NOT ((p.title IS NULL OR p.title = '')""" + \
    _NOT_OWN.format(p="p") + ") ORDER BY p.id"
# Written only where it differs (and the source is still the one rendered): an unchanged
# abstract changes no row, so logs no change and costs the index nothing.
_UPDATE_ABSTRACT = """
UPDATE papers SET abstract = ?, emphasis = ?, urls = ?
WHERE id = ? AND abstract_source = ? AND (abstract != ? OR emphasis != ? OR urls != ?)"""


def _list_statistics(store: Store, lists: set[str]) -> dict[str, NameStatistics]:
    """Each list's name statistics over its stored abstracts (at import: its records')."""
    from ..ingest.names import list_statistics

    found = {}
    for name in sorted(lists):
        found[name] = list_statistics(row[0] for row in store.read(
            "SELECT p.abstract_source FROM memberships m JOIN papers p ON p.id = m.paper_id"
            " WHERE m.list = ? ORDER BY m.position", (name,)))
    return found


def rederive(store: Store, progress: Callable[[int, int], None] | None = None, *,
             chunk: int = CHUNK) -> int:
    """Derive the bare papers' names and titles again when the stamp is stale, give
    papers with a title the name their title gives, and render every abstract again; the
    number of papers changed.
    `progress(done, total)` after each transaction (of `chunk` papers looked at).

    Deriving is most of the time (about 1.3 ms a bare paper: two minutes for 100,000 on
    one core), so a large library is derived by forked worker processes, one a core,
    where forking is safe (`worker_count`: a process with no other thread); the writes
    stay here, in order."""
    if not stale(store):
        return 0
    bare, titled, others = store.read(_BARE), store.read(_TITLED), store.read(_OTHERS)
    rows = [("bare", row) for row in bare] + [("titled", row) for row in titled] + \
        [("abstract", row) for row in others]
    del bare, titled, others
    if progress is not None:  # (counting the lists' words takes a while at 100,000)
        progress(0, len(rows))
    # Every list's statistics before any paper is derived: a worker never reads the store.
    deriving = _Deriving(_list_statistics(
        store, {row[5] for kind, row in rows if kind != "abstract" and row[5]}))
    chunks = [rows[start:start + chunk] for start in range(0, len(rows), chunk)]
    changed = done = 0
    for updates in _derived(deriving, chunks):
        if updates:
            with store.transaction() as db:
                before = db.total_changes
                for statement, values, paper_id in updates:
                    db.execute(statement, values)
                    if db.total_changes > before:
                        db.execute("INSERT INTO changes (paper_id) VALUES (?)", (paper_id,))
                        changed += 1
                    before = db.total_changes
        done += chunk
        if progress is not None:
            progress(min(done, len(rows)), len(rows))
    mark_current(store)
    return changed


_Update = tuple[str, tuple, str]  # (statement, values, paper id)
_worker_deriving: _Deriving | None = None  # a worker's, set when it starts


def _derived(deriving: _Deriving, chunks: list[list[tuple[str, tuple]]]
             ) -> Iterator[list[_Update]]:
    """Each chunk's updates, in order: here, or by forked workers for a large library."""
    from ..ingest.prepare import worker_count

    workers = worker_count(sum(map(len, chunks)))
    if not workers:
        yield from (deriving.chunk(rows) for rows in chunks)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                             initializer=_adopt, initargs=(deriving,)) as pool:
        yield from pool.map(_chunk_in_worker, chunks)


def _adopt(deriving: _Deriving) -> None:
    global _worker_deriving
    _worker_deriving = deriving


def _chunk_in_worker(rows: list[tuple[str, tuple]]) -> list[_Update]:
    assert _worker_deriving is not None
    return _worker_deriving.chunk(rows)


class _Deriving:
    """What one paper of `_BARE` or `_TITLED` takes now: (statement, values, paper id),
    or None when it has that already. `statistics`: each list's (`_list_statistics`)."""

    def __init__(self, statistics: dict[str, NameStatistics]) -> None:
        self.statistics = statistics

    def chunk(self, rows: list[tuple[str, tuple]]) -> list[_Update]:
        """The updates of rows ("bare", "titled" or "abstract": the row of `_BARE`,
        `_TITLED` or `_OTHERS`)."""
        kinds = {"bare": self.bare, "titled": self.titled, "abstract": self.abstract}
        return [update for kind, row in rows for update in kinds[kind](*row)]

    def statistics_of(self, list_name: str | None) -> NameStatistics | None:
        return self.statistics.get(list_name) if list_name else None

    def bare(self, paper_id: str, source: str, old_name: str | None, old_title: str,
             _title: None, list_name: str | None) -> list[_Update]:
        from ..ingest.prepare import clean_line, from_abstract

        rendered, name, title = from_abstract(source, self.statistics_of(list_name))
        name = clean_line(name) or None if name else None
        title = clean_line(title or "")
        updates = [_rendering(paper_id, source, rendered)]
        if (name, title) != (old_name, old_title):
            updates.append((_UPDATE, (name, title, paper_id), paper_id))
        return updates

    def abstract(self, paper_id: str, source: str) -> list[_Update]:
        from ..ingest.prepare import rendered_abstract

        return [_rendering(paper_id, source, rendered_abstract(source))]

    def titled(self, paper_id: str, source: str, old_name: str | None, _derived: str,
               title: str, list_name: str | None) -> list[_Update]:
        """The name the title gives, if any (libraries from before titles gave names kept
        the abstract's: ConViT named GPSA); without one, the abstract's from import."""
        from ..ingest.render import render
        from ..ingest.titles import name_in_title, title_word

        if title_word(title) is None:
            return []
        # A made-up shape needs nothing more; a plain word (few titles) the abstract and
        # the list's statistics.
        name = name_in_title(title) or name_in_title(
            title, render(source).text, self.statistics_of(list_name))
        if name is None or name == old_name:
            return []
        return [(_UPDATE_NAME, (name, paper_id, title), paper_id)]


def _rendering(paper_id: str, source: str, rendered: Rendered) -> _Update:
    """The update that stores `rendered` as the paper's abstract where it reads otherwise."""
    import json

    emphasis, urls = spans_to_json(rendered.spans), json.dumps(list(rendered.urls))
    return (_UPDATE_ABSTRACT, (rendered.text, emphasis, urls, paper_id, source,
                               rendered.text, emphasis, urls), paper_id)


def names_up_to_date(store: Store, progress: Callable[[int, int], None] | None = None
                     ) -> int:
    """`rederive` where it holds nothing up, before the index is brought up to date (it
    logs the papers it changes): in this process (its workers) when it has no other
    thread, else in a child process, so that an app's keystrokes never wait behind two
    minutes of deriving at 100,000 papers. A library that cannot be written now
    (read-only, a full disk, another process holding it long) keeps the names it has and
    is derived again next time: 0 changed."""
    if store.read_only or not stale(store):
        return 0
    try:
        if threading.active_count() > 1:
            return _in_child(store, progress)
        return rederive(store, progress)
    except (LibraryError, sqlite3.Error, OSError):
        return 0


_child: subprocess.Popen | None = None  # the child deriving for this process, if any


def _in_child(store: Store, progress: Callable[[int, int], None] | None) -> int:
    """`rederive` of `store`'s file by a new interpreter (forking a process with threads
    is unsafe): "done total" lines while it derives, then "changed N". A child that
    failed or was stopped (`stop_child`) changed nothing this process need know of."""
    import subprocess

    global _child
    # -P: the working folder is not put on the child's path (an `index` package of the
    # user's is never imported in place of papers' own).
    child = _child = subprocess.Popen(
        [sys.executable, "-P", "-c", "import index.store.rederive as r; r.child_main()",
         str(store.path)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        text=True, start_new_session=True)  # its own group: its workers stop with it
    changed = 0
    try:
        assert child.stdout is not None
        for line in child.stdout:
            match line.split():
                case ["changed", count]:
                    changed = int(count)
                case [done, total] if progress is not None:
                    progress(int(done), int(total))
    finally:
        child.wait()
        _child = None
    return changed if child.returncode == 0 else 0


def stop_child() -> None:
    """End a derivation running in a child (an app quitting). Cut short, it leaves the
    stamp stale: the next sync derives again (what it wrote is what it writes again)."""
    import signal

    child = _child
    if child is not None and child.poll() is None:
        # The whole group: a worker it forked would live on, holding the pipe open.
        with suppress(ProcessLookupError):  # (it ended meanwhile)
            os.killpg(child.pid, signal.SIGTERM)


def child_main() -> None:
    """The child of `_in_child`: the store named by its argument derived again."""
    store = Store(Path(sys.argv[1]))
    try:
        changed = rederive(store, lambda done, total: print(done, total, flush=True))
    finally:
        store.close()
    print("changed", changed, flush=True)
