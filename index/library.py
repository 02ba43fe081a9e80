"""`Library`: the one API the command line and the app call.

Files → parse → records → store (+ tags and edits) → Whoosh index → search results.
The store is the truth; the index is a cache brought up to date on open and after writes.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, wait
from dataclasses import dataclass, replace
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING

from . import first_page
from .card import Card
from .cores import ForkedChild, cores, fork_is_safe
from .errors import (
    DiskFull,
    IndexBroken,
    LibraryError,
    ListFormatError,
    LockTimeout,
    PaperNotFound,
    ReadOnly,
    StoreDamaged,
    StoreError,
)
from .giving_way import give_way, giving_way
from .ingest.safe import sanitize
from .locks import library_lock
from .models import Paper
from .paths import Locations, locate
from .semantic import (
    MEANING_LIMIT,
    BuildReport,
    MeaningIndex,
    StoreView,
    Topic,
    TopicFilter,
    meaning_query,
    split_topic_filters,
)
from .store import rederive
from .store.database import MAX_PRIORITY, STATUSES, ListInfo, Store, is_disk_full
from .store.incoming import remove_dead_incoming
from .store.rederive import names_current_if_empty

# Imported where they are used: the search package loads Whoosh (and the ranker numpy),
# importing lists and salvaging a damaged file every reader; opening the library and
# showing the first page (first_page.py) need neither.
if TYPE_CHECKING:
    from .output.links import Target
    from .search import (
        Filters,
        IdFilter,
        ListTexts,
        Progress,
        ReadingFilter,
        Results,
        SearchIndex,
        Trends,
    )
    from .store import ImportReport, RecoveryReport

__all__ = ["MAX_PRIORITY", "STATUSES", "Library", "LibraryError", "PaperNotFound",
           "ReadingProgress", "SavedSearch", "SyncReport"]

PENDING_NOTICE = "library-moved-aside.txt"  # see Library._open_store
AMBIGUOUS_SHOWN = 5  # candidates named when an id prefix is ambiguous
AMBIGUOUS_TITLE_CHARS = 70
REBUILD_SHARE = 4  # more than 1/REBUILD_SHARE of the papers changed: rebuild instead
BUNDLED_LISTS = ("icml2026_papers.txt", "icml2026_papers_zh.txt")
MAX_TAG_CHARS = 64
GIVE_WAY_EVERY = 2_000  # names read between turns given to a keystroke (giving_way.py)
# Rows of a kept page compared with a live search's from their cards (lists_the_same).
ROWS_COMPARED = 100
_TAG_FORBIDDEN = set(",\n\r\t")
# How long a sync waits for another process's index update before going on without it
# (searching the last built index), and how long when there is no index to search at all.
SYNC_WAIT = 5.0
SYNC_WAIT_NO_INDEX = 600.0
# Up to this many papers a sync builds the meaning space in a child process while it
# writes the index (_MeaningBeside); above it, after, in this process. The two processes'
# peaks add up: measured 227 MB together at 1,865 papers and 693 MB at 100,000 (444 MB
# the index writer, the rest the fit), about 220 MB + 4.75 MB per 1,000 papers, so up to
# here they stay under the 500 MB a `papers add` may take.
MEANING_BESIDE_MAX_PAPERS = 50_000
# From this many papers, with no meaning child beside it, a rebuild writes the index on
# two cores (search/forked_part.py).
INDEX_IN_TWO_FROM = 50_000
# The child's share: it adds and then writes its part while the parent adds the rest, and
# writing a part takes about 1.3 times as long as adding it, so the two are even near a
# third (then the parent writes its own). Less than half also keeps the child's writing
# peak, which meets the parent's added words, smaller (100,000 papers: 492 MB at half).
FIRST_PART_SHARE = 1 / 3
TRENDS_KEPT = 4  # comparisons remembered while the library is unchanged


@dataclass(frozen=True, slots=True)
class SyncReport:
    papers: int
    indexed: int
    rebuilt: bool
    reason: str
    seconds: float
    stale: bool = False  # the index could not catch up (a full disk): `reason` says why


def _import_index_modules() -> None:
    """Import what writing the index needs (see add_all)."""
    from .search.search_index import load_writing_modules

    load_writing_modules()


def _writable(directory: Path) -> bool:
    """Whether papers may write in `directory` (access() also says no on a read-only
    file system, even to root)."""
    return os.access(directory, os.W_OK | os.X_OK)


@dataclass(frozen=True, slots=True)
class ReadingProgress:
    """How far through a set of papers (a list, the library, the current results) the
    reader is: `seen` counts papers seen or read."""

    papers: int
    seen: int
    read: int
    starred: int
    tagged: int

    def summary(self) -> str:
        return (f"seen {self.seen:,} / {self.papers:,} · read {self.read:,} · "
                f"starred {self.starred:,} · tagged {self.tagged:,}")


@dataclass(frozen=True, slots=True)
class SavedSearch:
    name: str
    query: str
    sort: str


def clean_line(text: str) -> str:
    """One line of untrusted text, as the readers clean it (ingest/prepare.py, which
    loads the renderer: imported on the first edit or export, not on opening)."""
    from .ingest.prepare import clean_line as clean

    return clean(text)


def name_key(name: str) -> str:
    """What makes two method names the same name: their words, folded."""
    from .search.analysis import words

    return " ".join(words(name, keep_stop_words=True))


def clean_name(name: str) -> str:
    """A saved search's name: one line, not empty."""
    name = " ".join(sanitize(name).split())
    if not name:
        raise LibraryError("a saved search needs a name")
    return name


def clean_tag(tag: str) -> str:
    tag = " ".join(sanitize(tag).split()).strip().lower()
    if not tag or _TAG_FORBIDDEN & set(tag):
        raise LibraryError(f"invalid tag {tag!r}: tags are non-empty and contain no commas")
    if len(tag) > MAX_TAG_CHARS:
        raise LibraryError(f"invalid tag {tag[:20]!r}…: tags are at most {MAX_TAG_CHARS} "
                           f"characters (this one has {len(tag):,})")
    return tag


@dataclass(frozen=True, slots=True)
class TagChange:
    add: list[str]
    remove: list[str]


def parse_tag_input(words: str | Sequence[str]) -> TagChange:
    """`rlhf to-read -old`: tags to add, and (after a minus) tags to remove; the one
    syntax of the app's tag prompt and `papers tag`."""
    if isinstance(words, str):
        words = words.replace(",", " ").split()
    add, remove = [], []
    for word in words:
        if word.startswith("-") and len(word) > 1:
            remove.append(word[1:])
        elif not word.startswith("-"):
            add.append(word)
    return TagChange(add, remove)


def _joined(first: IdFilter | None, second: IdFilter) -> IdFilter:
    """Papers both filters admit."""
    from .search import IdFilter

    if first is None:
        return second
    if first.allow is None or second.allow is None:
        allow = first.allow if second.allow is None else second.allow
    else:
        allow = first.allow & second.allow
    return IdFilter(allow, first.deny | second.deny, first.facets + second.facets,
                    first.without_facets + second.without_facets)


# A search by words that fewer papers than this match may be followed by the papers
# closest to its words in meaning (Library.search's `meaning_below`).
MEANING_BELOW = 10


def _admits(only: IdFilter) -> Callable[[str], bool]:
    if only.allow is None:
        return lambda pid: pid not in only.deny
    return lambda pid: pid in only.allow and pid not in only.deny


def _meaning_child_line(home: str, refit: bool) -> str:
    """What the meaning child reports (update_meaning_child): the library named by
    `home` brought up to date, the report as one line of JSON."""
    import json
    from dataclasses import asdict

    with Library(home or None, seed=False) as library:
        try:
            report = library.update_meaning(refit=refit)
        except (OSError, sqlite3.OperationalError) as error:
            if not is_disk_full(error):
                raise
            return json.dumps({"disk_full": str(error)})
    return json.dumps(None if report is None else asdict(report))


def _papers_of(store: Store, ids: list[str]) -> Iterator[Paper]:
    """The papers of `ids`, read a thousand at a time."""
    for start in range(0, len(ids), 1000):
        yield from store.papers(ids[start:start + 1000])


def _papers_read_anew(store_file: Path, ids: list[str]) -> Iterator[Paper]:
    """The papers of `ids` from a connection of this process's own (a forked child's).
    (Not read_only: that connection is immutable, blind to what the WAL holds yet.)"""
    store = Store(store_file)
    try:
        yield from _papers_of(store, ids)
    finally:
        store.close()


class _MeaningBeside:
    """The meaning space brought up to date while a sync writes the search index.

    Both are made from the store alone, so on two cores neither need wait for the
    other: `papers add` of a conference wrote its index and then fitted its meaning
    space, one after the other on one core. The build runs in a child process
    (Library.update_meaning(separate=True), as the app's), which a thread of this one
    waits on: the index writer, most of it Python, keeps this interpreter's lock to
    itself, and the fit's memory is the child's. A child reports no progress: once the
    index is written, a wait that is not over yet shows as the "topics" phase.
    """

    def __init__(self, library: Library, progress: Progress | None, *, refit: bool) -> None:
        self._library, self._progress = library, progress
        self._built: Future[BuildReport | None] = Future()
        # Forked here, from the only thread, when it can be: the child starts with
        # papers and numpy imported (a new interpreter spent 0.2-0.3 s of the fit's
        # core importing them again, longer than the index write the fit runs beside).
        forked = library._fork_meaning_child(refit) if fork_is_safe() else None
        threading.Thread(target=self._build, args=(refit, forked), daemon=True,
                         name="papers meaning beside the index").start()

    def _build(self, refit: bool, forked: ForkedChild | None) -> None:
        try:
            self._built.set_result(
                self._library.update_meaning(refit=refit, separate=True) if forked is None
                else self._library._meaning_child_report(forked))
        except BaseException as error:  # noqa: BLE001 - handed to the sync's thread
            self._built.set_exception(error)

    def finish(self) -> str | None:
        """Wait for the build: the warning a full disk left, None when it is built (or
        another process was building it). Any other failure is raised."""
        waiting = self._progress is not None and not self._built.done()
        papers = max(self._library.store.count(), 1)
        if waiting:
            self._progress(0, papers, "topics")
        try:
            self._built.result()
        except (OSError, DiskFull) as error:
            return self._library._meaning_disk_full(error)
        finally:
            if waiting:
                self._progress(papers, papers, "topics")
        return None

    def abandon(self) -> None:
        """The sync failed or was interrupted: the child is stopped (it leaves the last
        meaning space in use) and the thread waited for; the sync's error is the one
        raised."""
        while not self._built.done():  # (a child not started yet cannot be stopped)
            self._library.stop_meaning_child()
            wait([self._built], timeout=0.05)


class Library:
    """The user's library. `notices` holds what the user must be told about opening it
    (a damaged library file moved aside); the CLI and the app show each one."""

    def __init__(self, home: str | Path | None = None, *, seed: bool = True) -> None:
        self.where: Locations = locate(home).create()
        self.notices: list[str] = []
        self._meaning_child = None  # subprocess.Popen of update_meaning(separate=True)
        self._meaning_stopped = False
        # Set when the last sync left the index behind the store (what was saved is
        # saved; searches miss it until a later sync): the front ends say so.
        self.index_warning: str | None = None
        self.damaged_file: Path | None = None
        self.read_only = not _writable(self.where.data_dir)
        if self.read_only:
            # Nothing can be created, seeded, moved aside or locked here: open what
            # there is to read, and say once that changes cannot be saved.
            self.store = Store(self.where.store_file, read_only=True)
            self.notices.append(f"{self.where.data_dir} is read-only: you can search and "
                                "read, but tags, edits and lists cannot be saved")
        else:
            remove_dead_incoming(self.where.lists_dir)
            try:
                with library_lock(self.where):  # one process at a time checks, creates,
                    self.store = self._open_store()  # seeds
                    names_current_if_empty(self.store)  # what it imports is named now
                    if seed and self.store.meta("seeded") is None:
                        self._seed()
            except LockTimeout as error:
                raise StoreError(str(error)) from None
        self._sync_lock = threading.Lock()
        self._naming = threading.Lock()  # names_up_to_date: one thread at a time
        # (the store's names_stamp, name key -> (the name as written, its paper ids))
        self._name_index: tuple[tuple, dict[str, tuple[str, tuple[str, ...]]]] | None = None
        # (the store's tags_version, paper id -> tags, tag -> paper ids) when last read
        self._tag_maps: tuple[int, dict[str, tuple[str, ...]], dict[str, frozenset[str]]] \
            | None = None
        self.meaning = MeaningIndex(self.where.meaning_dir)
        # (list A, list B, limit, the store's last change, the meaning space's
        # generation) -> what trends() found
        self._trends: dict[tuple, Trends] = {}

    @cached_property
    def index(self) -> SearchIndex:
        """The search index, made on first use: a command that never searches (`papers
        lists`, `papers tag`) never loads Whoosh."""
        from .search import SearchIndex

        return SearchIndex(self.where.index_dir,
                           notes=lambda: (self.store.notes_stamp(), self.store.all_notes))

    def _open_store(self) -> Store:
        """Open the library file; a damaged one is moved aside, never written over.

        Moving a library aside is always announced: the notice waits in a file beside it
        until a fresh library has opened, so a start that fails right after the move (a
        full disk) cannot lose it.
        """
        path = self.where.store_file
        pending = self.where.data_dir / PENDING_NOTICE
        try:
            store = Store(path)
        except StoreDamaged as error:
            from .store import damaged_message, move_aside

            self.damaged_file = move_aside(path)
            notice = damaged_message(path, self.damaged_file, error.reason)
            pending.write_text(f"{self.damaged_file}\n{notice}\n", encoding="utf-8")
            store = Store(path)
            store.set_meta("recovered_from", str(self.damaged_file))
        if pending.is_file():
            aside, _, notice = pending.read_text(encoding="utf-8").partition("\n")
            self.damaged_file = Path(aside)
            self.notices.append(notice.strip())
            pending.unlink()
        return store

    def close(self) -> None:
        if "index" in self.__dict__:  # made (cached_property)
            self.index.close()
        self.store.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- lists -------------------------------------------------------------------------
    def _seed(self) -> None:
        """First run: the bundled ICML 2026 lists, so `papers` shows something useful."""
        from importlib import resources

        from .store import import_list

        data = resources.files("index.ingest.data")
        for name in BUNDLED_LISTS:
            with resources.as_file(data / name) as path:
                import_list(self.store, self.where, path, bundled=True)
        self.store.set_meta("seeded", "1")

    @staticmethod
    def list_files(path: str | Path) -> list[Path]:
        """`path` itself, or for a directory every list file inside it (and its folders),
        in name order: files with a list format's extension, or a .gz of one. Hidden
        files and a folder's README or LICENSE are not lists."""
        from .ingest.formats import EXTENSIONS, GZIP_SUFFIX

        path = Path(path)
        if not path.is_dir():
            return [path]
        found = []
        for file in sorted(path.rglob("*")):
            parts = file.relative_to(path).parts
            if any(part.startswith(".") for part in parts) or not file.is_file():
                continue
            if file.name.lower().startswith(("readme", "license", "licence")):
                continue
            name = file.with_suffix("") if file.suffix.lower() == GZIP_SUFFIX else file
            if name.suffix.lower() in EXTENSIONS:
                found.append(file)
        return found

    def add(self, path: str | Path, progress: Progress | None = None) -> ImportReport:
        """Import one list file; raises ListFormatError (nothing changed) if unreadable."""
        [(report, error)] = self.add_all([path], progress)
        if error is not None:
            raise error
        return report

    def add_all(self, paths: Sequence[str | Path], progress: Progress | None = None
                ) -> list[tuple[ImportReport | None, ListFormatError | None]]:
        """Import several list files, each all or nothing, then bring the index up to
        date once: per file, its report or why it could not be read. (An index update per
        file made six files of a 12,000-paper conference take 37 s instead of 23.)"""
        from .store import import_list

        self._saving("a list")
        # (first: the new papers are named by this code's model already)
        self.names_up_to_date(progress)
        results: list[tuple[ImportReport | None, ListFormatError | None]] = []
        for path in paths:
            try:
                # While worker processes prepare the papers, this one would wait: it
                # imports the index's modules (Whoosh, numpy: 0.3 s) then instead.
                results.append((import_list(self.store, self.where, Path(path),
                                            progress=progress,
                                            meanwhile=_import_index_modules), None))
            except ListFormatError as error:
                results.append((None, error))
        if any(report is not None for report, _error in results):
            self._sync_after_write(progress)
        return results

    def lists(self) -> list[ListInfo]:
        return self.store.lists()

    def recover(self, path: str | Path) -> RecoveryReport:
        """Bring lists, papers, tags and edits back from a damaged (or any) library file."""
        self._saving("recovered lists")
        source = Path(path).expanduser()
        if not source.is_file():
            raise LibraryError(f"{source}: no such file")
        if source.resolve() == self.where.store_file.resolve():
            raise LibraryError(f"{source} is the library in use; name the damaged file "
                               f"(library.sqlite3.damaged-…) to recover from")
        from .store import recover

        report = recover(self.store, self.where, source)
        self._sync_after_write()
        return report

    def remove_list(self, name: str) -> tuple[ListInfo, int]:
        self._saving("the removal of a list")
        matches = [info for info in self.lists() if info.name == name]
        if not matches:
            known = ", ".join(info.name for info in self.lists()) or "none"
            raise LibraryError(f"no list named {name!r} (lists: {known})")
        removed = self.store.remove_list(name)
        # `file` is this library's own copy (Store.list_copy): never a file elsewhere.
        Path(matches[0].file).unlink(missing_ok=True)
        self._sync_after_write()
        return matches[0], len(removed)

    # -- index -------------------------------------------------------------------------
    def sync(self, progress: Progress | None = None, *, rebuild: bool = False,
             meaning: bool = True, keep_page: bool = True, names: bool = True) -> SyncReport:
        """Bring the index up to date: nothing to do when nothing changed.

        With `meaning` (the default) the meaning space follows (update_meaning), as part
        of indexing: when it lags the store it is built while the index is written
        (`_MeaningBeside`), else checked after. The app passes False to paint first and
        updates it in a worker. With `keep_page` (the default) the pages the app's first
        frame lists are kept in step (keep_first_page); the app passes False when it
        opens, to search first. With `names` (the default) papers an older name model
        named are named again first (names_up_to_date); the app passes False to open
        at once, and names them in a worker after.

        Repairs on the way: a missing, damaged, foreign or older-version index, or one
        whose last build was cut short, is rebuilt, and the report says why. Another
        process updating the index is waited for a moment; if it takes longer (a long
        rebuild), this one searches the last built index and catches up next time.
        """
        start = time.perf_counter()
        if not _writable(self.index.root if self.index.root.is_dir()
                         else self.where.cache_dir):
            return self._sync_read_only(start)
        if names:
            self.names_up_to_date(progress)
        # (A space in step with the store, and no refit asked for, is only checked after:
        # starting a child costs more than that.)
        beside = _MeaningBeside(self, progress, refit=rebuild) \
            if meaning and self._meaning_writable() and \
            (rebuild or self.meaning_behind()) and \
            self.store.count() <= MEANING_BESIDE_MAX_PAPERS else None
        try:
            report = self._sync_index(progress, rebuild, start)
            if keep_page and not report.stale:
                self.keep_first_page()
            if self._name_index is not None:  # in use (the app): keep it current
                self._names()
        except BaseException:
            if beside is not None:
                beside.abandon()
            raise
        self.index_warning = report.reason if report.stale else None
        if beside is not None:
            warning = beside.finish()
            self.index_warning = self.index_warning or warning
        elif meaning and not report.stale:
            self._update_meaning_quietly(progress, refit=rebuild)
        if meaning:
            # Building the meaning space is part of indexing: the time says so.
            report = replace(report, seconds=time.perf_counter() - start)
        return report

    def _sync_index(self, progress: Progress | None, rebuild: bool,
                    start: float) -> SyncReport:
        """The index brought up to date (sync without the meaning space); a full disk
        leaves the last index built in use, and the report says so (stale)."""
        try:
            return self._sync(progress, rebuild, start)
        except (OSError, DiskFull, sqlite3.OperationalError) as error:
            if not (isinstance(error, DiskFull) or is_disk_full(error)):
                raise
            # What the store holds is saved; only the cache is behind. Search the last
            # index built, if there is one, and say so: the next sync catches up.
            reason = f"the disk is full ({self.index.root}): the search index could not " \
                     "be brought up to date; papers catches up when it next runs with " \
                     "space free"
            if not self.index.is_open:
                raise DiskFull(reason) from error
            return SyncReport(self.store.count(), 0, False, reason,
                              time.perf_counter() - start, stale=True)

    # -- the first page: the app's first frame without the search engine ----------------
    def _page_folder(self) -> Path:
        return self.where.cache_dir / first_page.FOLDER

    def _generation(self) -> str | None:
        """The index generation searches read (search/generations.py's pointer), which
        decides the order of papers that sort alike."""
        try:
            return (self.where.index_dir / "CURRENT").read_text(encoding="utf-8").strip()
        except (OSError, ValueError):
            return None

    def _page_mark(self, seq: int) -> dict:
        return first_page.stamp(self.store.uuid, seq, self._generation())

    def _key_mark(self, seq: int) -> dict:
        """A query's page's mark (a key page's or the session's): _page_mark's, and the
        code that ranks and marks."""
        return first_page.key_stamp(self.store.uuid, seq, self._generation())

    def first_page(self, sort: str = "relevance") -> first_page.FirstPage | None:
        """What `search("", sort=sort)` lists, read without opening the index, if the
        last sync kept it and nothing changed since (else None: search)."""
        mark = self._page_mark(self.store.last_change())
        return first_page.read(self._page_folder(), sort, mark, self.store.tags_by_paper(),
                               self._card)

    def _card(self, paper_id: str) -> Card:
        """A row of the page below its kept cards, from the store."""
        found = self.store.papers([paper_id])
        if not found:  # removed by another process since the page was read: the live
            return Card(paper_id, "(no longer in the library)", False, None, None, None,
                        (), ())  # search, a moment later, lists what is there now
        return Card.from_paper(found[0])

    def key_page(self, query: str) -> first_page.KeyPage | None:
        """What `search(query)` lists for a one-character query (the first keystroke),
        read without opening the index, if the app's warm-up kept it and nothing changed
        since (else None: search)."""
        if query not in first_page.KEY_QUERIES:
            return None
        return first_page.read_key(self._page_folder(), query,
                                   self._key_mark(self.store.last_change()),
                                   self.store.tags_by_paper(), self._card)

    def _index_in_step(self) -> int | None:
        """The store's change number if the index is open, in step with the store and
        pages can be written here; else None (a page is never made from a stale index)."""
        if self.read_only or not self.index.is_open:
            return None
        try:
            seq = int(self.index.meta().get("seq", -1))
        except (TypeError, ValueError):
            return None
        return seq if seq == self.store.last_change() else None

    def keep_first_page(self, *, keys: bool = False,
                        gate: Callable[[], object] | None = None) -> None:
        """The first pages, made again if the index moved on since they were written
        (only where the index is in step with the store, never from a stale one). Every
        sync does this unless told not to; the app does it after its first search, with
        `keys`: then the first keystroke's pages too (first_page.KEY_QUERIES), in a
        library of up to KEYS_UP_TO papers, a search each; `gate`: called between them
        (giving_way.py), as the warm-up's steps call it."""
        seq = self._index_in_step()
        if seq is None:
            return
        folder, mark = self._page_folder(), self._page_mark(seq)
        try:
            if not first_page.is_current(folder, mark):
                for sort in first_page.PAGE_SORTS:
                    results = self.search("", sort=sort)
                    first_page.write(folder, sort, mark, self.index.ids_of(results),
                                     results.cards(0, first_page.PAGE_ROWS))
            if keys and self.store.count() <= first_page.KEYS_UP_TO:
                with giving_way(gate) if gate is not None else contextlib.nullcontext():
                    self._keep_key_pages(folder, self._key_mark(seq))
        except OSError:  # a full disk, say: the app searches instead
            return

    def _keep_key_pages(self, folder: Path, mark: dict) -> None:
        """Each first keystroke's page, as `search(query)` lists it by relevance, with the
        segments its terms mark in the kept rows' titles and the first rows' abstracts."""
        if first_page.keys_current(folder, mark):
            return
        for query in first_page.KEY_QUERIES:
            give_way()  # a search each (60 ms at 100,000 papers): a keystroke first
            first_page.write_key(folder, query, mark, *self._query_page(query, least=3))

    def _query_page(self, query: str, least: int = 1) -> tuple:
        """What a query's page keeps (first_page.write_key's ids, cards and marked
        texts) as `search(query)` lists it by relevance; ids None where only the live
        search can list it (a word forgiven, an error, a partial list, or fewer than
        `least` results)."""
        results = self.search(query)
        if results.relaxed or results.error or results.partial or results.total < least \
                or results.by_meaning:
            return None, (), None
        cards = results.cards(0, first_page.KEY_ROWS)
        marked = {card.title: list(results.terms.segments(card.title)) for card in cards}
        for paper in self.store.papers([c.id for c in cards[:first_page.KEY_ABSTRACTS]]):
            marked[paper.abstract] = list(results.terms.segments(paper.abstract))
        return self.index.ids_of(results), cards, marked

    def session_page(self, query: str) -> first_page.KeyPage | None:
        """What `search(query)` lists by relevance, read without opening the index, if
        the app kept it when it was closed on that query (keep_session_page) and nothing
        changed since (else None: search)."""
        return first_page.read_session(self._page_folder(), query,
                                       self._key_mark(self.store.last_change()),
                                       self.store.tags_by_paper(), self._card)

    def keep_session_page(self, query: str) -> None:
        """Keep the page of `query`, the query the app is closed on, for its next first
        frame (only where the index is in step with the store, as keep_first_page)."""
        seq = self._index_in_step() if query else None
        if seq is None:
            return
        if self.session_page(query) is not None:  # kept, and reads (not damaged)
            return
        with contextlib.suppress(OSError):  # a full disk: the next start searches
            first_page.write_session(self._page_folder(), query, self._key_mark(seq),
                                     *self._query_page(query))

    # -- meaning: similar papers, search by meaning, topics ------------------------------
    def _store_view(self) -> StoreView:
        return StoreView(self.store.uuid, self.store.last_change, self.store.ids,
                         self.store.papers, self.store.titles_and_abstracts,
                         self.store.changed_since)

    def update_meaning(self, progress: Progress | None = None, *, refit: bool = False,
                       separate: bool = False, workers: int = 1) -> BuildReport | None:
        """Bring the meaning space up to date with the store (new papers folded in, or the
        basis and topics fitted again); None if it cannot be written here or another
        process is building it. Safe to call from a worker thread while searching.

        With `separate` the work is done by a child process (without progress): a fit
        holds this interpreter for a second or more in numpy and the tokenizer, which an
        app's keystrokes would wait behind; the child only makes the worker thread wait.
        The new generation is read from disk as any other process's would be.

        `workers` > 1 lets a fit in this process place the papers it does not learn
        from over that many processes (semantic/placing.py): for a caller with the
        cores to itself (a command line sync), not the app's child, which leaves one
        for typing."""
        if not self._meaning_writable():
            return None
        if separate:
            return self._update_meaning_in_child(refit)
        return self.meaning.update(self._store_view(), refit=refit, progress=progress,
                                   workers=workers)

    def _update_meaning_in_child(self, refit: bool) -> BuildReport | None:
        import json
        import subprocess
        import sys

        home = self._child_home()
        # -P: the working folder is not put on the child's path, so a folder of the user's
        # that holds an `index` package is never imported in place of papers' own.
        self._meaning_stopped = False
        child = subprocess.Popen(
            [sys.executable, "-P", "-c", "import index.library as l; l.update_meaning_child()",
             json.dumps({"home": home, "refit": refit})],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
            text=True)
        self._meaning_child = child
        return self._meaning_child_report(child)

    def _fork_meaning_child(self, refit: bool) -> ForkedChild | None:
        """update_meaning(separate=True)'s child, forked (see _MeaningBeside); None
        when the space cannot be written here."""
        if not self._meaning_writable():
            return None
        self._meaning_stopped = False
        child = self._meaning_child = ForkedChild(
            partial(_meaning_child_line, self._child_home(), refit))
        return child

    def _meaning_child_report(self, child) -> BuildReport | None:
        """Wait for a meaning child (a new interpreter's Popen or a ForkedChild; None:
        none was started): the report its last line of output gives."""
        import json

        if child is None:
            return None
        try:
            out, err = child.communicate()
        finally:
            self._meaning_child = None
        if child.returncode != 0:
            if child.returncode == -signal.SIGTERM and self._meaning_stopped:
                return None  # stopped by stop_meaning_child: the app is closing
            last = (err.strip().splitlines() or ["it ended with no message"])[-1]
            raise LibraryError(f"building the meaning space failed: {last}")
        found = json.loads(out.strip().splitlines()[-1])
        if isinstance(found, dict) and "disk_full" in found:
            raise DiskFull(found["disk_full"])
        return None if found is None else BuildReport(**found)

    def _child_home(self) -> str:
        """The home a meaning child opens: this library's, "" when PAPERS_HOME (or the
        default) finds it anyway."""
        root = self.where.config_dir.parent
        return str(root) if locate(root) == self.where else ""

    def names_up_to_date(self, progress: Progress | None = None) -> int:
        """Papers named by an older name model or title rule named again (store/
        rederive.py), in the "naming" phase; the number changed. Part of `sync` and `add`,
        never of opening: a command that indexes nothing (`lists`, `tag`) and an app's
        first frame do not wait for it."""
        if not self._naming.acquire(blocking=False):
            return 0  # another thread of this process is at it (the app's worker)
        try:
            report = None if progress is None else \
                (lambda done, total: progress(done, total, "naming"))
            return rederive.names_up_to_date(self.store, report)
        finally:
            self._naming.release()

    def names_stale(self) -> bool:
        """Papers are named by an older name model or title rule (names_up_to_date would
        name them again)."""
        return not self.store.read_only and rederive.stale(self.store)

    def stop_children(self) -> None:
        """End what child processes are doing for this library (an app quitting): the
        meaning build and the naming of papers again, each resumed next time."""
        self.stop_meaning_child()
        rederive.stop_child()

    def stop_meaning_child(self) -> None:
        """End a meaning build running in a child process (an app quitting: it would
        otherwise wait for a fit of up to a minute at 100k before it exits). A build cut
        short leaves the last meaning space in use; the next one tidies what it left."""
        child = self._meaning_child
        if child is not None and child.poll() is None:
            self._meaning_stopped = True
            child.terminate()

    def _update_meaning_quietly(self, progress: Progress | None, *, refit: bool) -> None:
        """After indexing: a meaning space that cannot be written (a full disk) leaves the
        last one in use and says so; the search index and the library are unaffected.
        The index is written, so a fit may place papers on every core (when this
        process may fork: the app's threads make it one, semantic/placing.py)."""
        try:
            self.update_meaning(progress, refit=refit, workers=cores())
        except (OSError, DiskFull) as error:
            self.index_warning = self._meaning_disk_full(error)

    def _meaning_disk_full(self, error: OSError | DiskFull) -> str:
        """What the front ends say when a full disk stopped a meaning build (any other
        error is raised again)."""
        if not (isinstance(error, DiskFull) or is_disk_full(error)):
            raise error
        return f"the disk is full ({self.where.meaning_dir}): similar papers and topics " \
               "could not be brought up to date"

    def _meaning_writable(self) -> bool:
        return not self.read_only and _writable(self.where.cache_dir)

    def meaning_behind(self) -> bool:
        """Whether the meaning space lags the library (or is not built yet)."""
        return self.meaning.behind(self.store.uuid, self.store.last_change())

    def topics(self, within: Results | first_page.FirstPage | None = None) -> list[Topic]:
        """The library's topics, the biggest first (empty before the meaning space is
        built). `within` some results: the topics of those papers, each counting only
        those of them it holds (the topics none of them has left out); papers the
        meaning space does not hold yet are in none."""
        space = self.meaning.current()
        if space is None:
            return []
        if within is None:
            topics = list(space.topics.values())
        else:
            counts = space.topic_counts(self.ids_of(within))
            topics = [replace(space.topics[t], count=c) for t, c in counts.items()
                      if t in space.topics]
        return sorted(topics, key=lambda t: (-t.count, t.id))

    def topic_of(self, ref: str) -> Topic | None:
        """The topic a paper belongs to; None if the meaning space does not hold it yet."""
        paper_id = self.resolve(ref)
        space = self.meaning.current()
        return None if space is None else space.topic_of(paper_id)

    def _topic_ids(self, filters: list[TopicFilter]
                   ) -> tuple[set[str] | None, set[str], str | None]:
        """(papers to keep, or None for all; papers to leave out; what was wrong)."""
        if not filters:
            return None, set(), None
        space = self.meaning.current()
        if space is None:
            return set(), set(), "topics are not built yet"
        allow: set[str] | None = None
        deny: set[str] = set()
        problems = []
        for item in filters:
            topics = item.matching(space.topics.values())
            if not topics:
                problems.append(f"no topic matches {item}; see papers topics")
            ids = space.in_topics(topics)
            if item.negated:
                deny |= ids
            else:
                allow = ids if allow is None else allow & ids
        return allow, deny, "; ".join(problems) or None

    def _sync_read_only(self, start: float) -> SyncReport:
        """The index's folder may not be written: search the generation that is there,
        and say if it is behind the library."""
        try:
            self.index.open()
        except IndexBroken as error:
            raise ReadOnly(f"{self.index.root} is read-only and holds no usable search "
                           f"index ({error})") from None
        behind = int(self.index.meta().get("seq", 0) or 0) < self.store.last_change()
        reason = f"{self.index.root} is read-only: the search index is behind the library " \
                 "and cannot be brought up to date" if behind else "up to date"
        self.index_warning = reason if behind else None
        return SyncReport(self.store.count(), 0, False, reason, time.perf_counter() - start,
                          stale=behind)

    def _saving(self, what: str) -> None:
        """Before a change: refuse it at once, with the reason, in a read-only library."""
        if self.read_only:
            raise ReadOnly(f"{self.where.data_dir} is read-only: {what} cannot be saved")

    def _sync_after_write(self, progress: Progress | None = None) -> None:
        """After a change is saved in the store: bring the index up to date, or, if a
        full disk stops that, keep what was saved and say the index is behind."""
        try:
            self.sync(progress)
        except DiskFull as error:
            self.index_warning = str(error)

    def _sync(self, progress: Progress | None, rebuild: bool, start: float) -> SyncReport:
        from .search import generations

        with self._sync_lock:
            root = self.index.root
            with generations.sync_lock(root, SYNC_WAIT) as held:
                if held:
                    return self._sync_locked(progress, rebuild, start)
            if not rebuild:
                for _attempt in range(3):
                    try:
                        self.index.open()  # read-only: the last generation another built
                        break
                    except IndexBroken:  # swapped under our feet: look again
                        continue
                if self.index.is_open:  # the newest we could open, or the one we had
                    return SyncReport(self.store.count(), 0, False,
                                      "another papers process is updating the index; "
                                      "searching the last one built",
                                      time.perf_counter() - start)
            with generations.sync_lock(root, SYNC_WAIT_NO_INDEX) as held:
                if held:
                    return self._sync_locked(progress, rebuild, start)
            raise LibraryError(f"another papers process has been updating the search index "
                               f"in {root} for over {SYNC_WAIT_NO_INDEX:.0f} s")

    def _sync_locked(self, progress: Progress | None, rebuild: bool,
                     start: float) -> SyncReport:
        from .search import generations

        repair = generations.clean(self.index.root, self.index._current_dir())
        reason = "requested" if rebuild else (repair or "")
        if not reason:
            try:
                self.index.open(tidy=True)
                if self.index.meta().get("store") != self.store.uuid:
                    reason = "the index belongs to another library"
            except IndexBroken as error:
                reason = str(error)
        if reason:
            return self._rebuild(progress, reason, start)
        try:
            seq = int(self.index.meta().get("seq", 0))
        except (TypeError, ValueError):
            return self._rebuild(progress, "the index's record of changes is unreadable", start)
        changed, last = self.store.changed_since(seq)
        if len(changed) > self.store.count() // REBUILD_SHARE:
            # Writing a fresh generation in one pass (its word fields' postings built as
            # arrays) beats replacing this many documents one by one, whose postings, and
            # those of the segments merged with them, go through Whoosh's pool (adding
            # ICML 2023 to the bundled lists: 4.8 s of CPU updating, 3.5 s rebuilding).
            return self._rebuild(progress, f"{len(changed):,} papers changed", start)
        if changed:
            present = self.store.papers(changed)
            gone = sorted(set(changed) - {p.id for p in present})
            try:
                self.index.update(present, gone, seq=last)
            except Exception as error:  # noqa: BLE001 - a damaged segment, a stuck lock
                return self._rebuild(progress, f"the index could not be updated "
                                               f"({type(error).__name__})", start)
        total = self.store.count()
        if self.index.doc_count() != total:
            return self._rebuild(progress, "the index was out of step", start)
        return SyncReport(total, len(changed), False, "up to date" if not changed
                          else f"{len(changed)} changed", time.perf_counter() - start)

    def _rebuild(self, progress: Progress | None, reason: str, start: float) -> SyncReport:
        seq = self.store.last_change()
        total = self.store.count()
        ids = self.store.ids()
        first_part = None
        # A core is free when no meaning child runs beside (above
        # MEANING_BESIDE_MAX_PAPERS): a forked child writes the first part (forked_part.py).
        if total >= INDEX_IN_TWO_FROM and self._meaning_child is None and fork_is_safe():
            first, store_file = int(len(ids) * FIRST_PART_SHARE), self.store.path
            first_part = (partial(_papers_read_anew, store_file, ids[:first]), first)
            ids = ids[first:]
        count = self.index.rebuild(_papers_of(self.store, ids), total,
                                   store_uuid=self.store.uuid, seq=seq, progress=progress,
                                   first_part=first_part)
        return SyncReport(total, count + (first_part[1] if first_part else 0), True,
                          reason, time.perf_counter() - start)

    def _all_papers(self) -> Iterable[Paper]:
        return _papers_of(self.store, self.store.ids())

    def rebuild(self, progress: Progress | None = None) -> SyncReport:
        return self.sync(progress, rebuild=True)

    # -- reading -----------------------------------------------------------------------
    def search(self, query: str, *, sort: str = "relevance", tag: str | None = None,
               complete_last: bool = True, limit: int | None = None,
               cancelled: Callable[[], bool] | None = None,
               unread_only: bool = False, forgive: bool = True,
               meaning_below: bool = False) -> Results:
        """Raises SearchCancelled if `cancelled()` turns true while it runs.

        The app and `papers search` call this the same way, so a query means the same
        papers in both: the last word, with no space after it, also matches as the start
        of a longer word when it reads as one (`complete_last`, search/prefixes.py), and
        when fewer than a handful of papers have every word those with most of them
        follow (`forgive`; `results.relaxed` says so).

        `is:…`, `priority:N`, `tag:…` and `named:…` are taken out of the query and
        applied from the store (as are `tag`, the tag panel's, and `unread_only`, the
        app's "hide seen"), `has:…` from the index's facet sets; Whoosh never sees them,
        so they change which papers are listed, never a score.

        With `meaning_below`, a search by words (sorted by relevance) that fewer than
        MEANING_BELOW papers match is followed by the papers closest to its words in
        meaning that the same filters admit (`results.meaning_from` says where they
        start). On the known-item benchmark this finds the paper in the first ten a
        little more often for three title words (+0-0.6 points) and never moves a paper
        the words found (benchmarks/known_item.py --blend); `papers search
        --with-meaning` asks for it, the normal search does not."""
        self._ensure_open()
        kwargs = {"limit": limit} if limit is not None else {}
        query, text, only, problem, by_paper = self._parsed(query, tag, unread_only)
        words = meaning_query(text)
        if words is not None:
            results = self._meaning_search(words, sort, only, limit)
        else:
            results = self.index.search(text, sort=sort, complete_last=complete_last,
                                        cancelled=cancelled, groups=self._groups(sort),
                                        only=only, forgive=forgive, **kwargs)
        results.query, results.tags = query, by_paper
        if problem:
            results.error = f"{results.error}; {problem}" if results.error else problem
        if meaning_below and words is None:
            results = self._with_meaning_below(results, sort, text, only, limit)
        return results

    def _parsed(self, query: str, tag: str | None, unread_only: bool
                ) -> tuple[str, str, IdFilter | None, str | None, dict[str, tuple[str, ...]]]:
        """(the query as shown, its words without filters, the papers it may list, what
        was wrong with its filters, every paper's tags)."""
        from .search import ReadingFilter, split_filters, split_reading_filters

        # A query is shown back to the user (status line, "no papers match …"): no escapes.
        query = sanitize(query).replace("\n", " ")
        text, extra = split_filters(query)
        text, filters, problem = split_reading_filters(text)
        text, topic_filters = split_topic_filters(text)
        if unread_only:
            filters.append(ReadingFilter("unread"))
        by_paper, by_tag = self._tags()
        only, topic_problem = self._with_topics(self._filter(filters, extra, tag, by_tag),
                                                topic_filters)
        problem = "; ".join(filter(None, (extra.problem, problem, topic_problem))) or None
        return query, text, only, problem, by_paper

    def _with_meaning_below(self, results: Results, sort: str, text: str,
                            only: IdFilter | None, limit: int | None) -> Results:
        """`results` followed by the papers closest in meaning to `text`, as a new
        Results; or `results` itself when it is not a few matched by words."""
        if sort != "relevance" or results.total >= MEANING_BELOW or not text.strip():
            return results
        space = self.meaning.current()
        room = min(limit or MEANING_LIMIT, MEANING_LIMIT) - len(results)
        if space is None or room <= 0:
            return results
        start = time.perf_counter()
        ranked = space.search(text, MEANING_LIMIT,
                              allowed=None if only is None else _admits(only))
        found = self.index.results_of(results.query, ranked, started=start, only=only)
        if found._searcher is not results._searcher and results._searcher is not None:
            return results  # the index was reopened meanwhile: its numbers differ
        listed = set(results.docnums)
        added = [(d, s) for d, s in zip(found.docnums, found.scores, strict=True)
                 if d not in listed][:room]
        if not added:
            return results
        return replace(
            results, docnums=[*results.docnums, *(d for d, _ in added)],
            scores=[*results.scores, *(s for _, s in added)] if results.scores else [],
            matched=[*results.matched, *[0] * len(added)] if results.matched else [],
            total=results.total + len(added), meaning_from=len(results.docnums),
            elapsed=results.elapsed + time.perf_counter() - start, _searcher=found._searcher,
            _cards=dict(results._cards))

    def _tags(self) -> tuple[dict[str, tuple[str, ...]], dict[str, frozenset[str]]]:
        """Every paper's tags and every tag's papers, read again only when a tag changed
        (in any process): one small read per search otherwise."""
        version = self.store.tags_version()
        cached = self._tag_maps
        if cached is None or cached[0] != version:
            by_paper = self.store.tags_by_paper()
            by_tag: dict[str, set[str]] = {}
            for pid, tags in by_paper.items():
                for name in tags:
                    by_tag.setdefault(name, set()).add(pid)
            cached = self._tag_maps = (version, by_paper, {name: frozenset(ids) for name, ids
                                                           in by_tag.items()})
        return cached[1], cached[2]

    def _filter(self, filters: list[ReadingFilter], extra: Filters, tag: str | None,
                by_tag: dict[str, frozenset[str]]) -> IdFilter | None:
        """The reading filters, `tag:` filters (and the tag panel's `tag`), `named:`
        and `has:` facets as one filter of the papers a search may list."""
        from .search import IdFilter, TagFilter

        reading = self._id_filter(filters)
        tags = [TagFilter((tag,))] if tag else []
        tags += extra.tags
        if not tags and not extra.facets and not extra.names:
            return reading
        allow = None if reading is None or reading.allow is None else set(reading.allow)
        deny = set() if reading is None else set(reading.deny)
        id_sets = [(item.negated, self._tagged(item.tags, by_tag)) for item in tags]
        id_sets += [(item.negated, {pid for name in item.names
                                    for pid in self.papers_named(name)})
                    for item in extra.names]
        for negated, ids in id_sets:
            if negated:
                deny |= ids
            else:
                allow = set(ids) if allow is None else allow & ids
        return IdFilter(None if allow is None else frozenset(allow), frozenset(deny),
                        tuple(f.facets for f in extra.facets if not f.negated),
                        tuple(f.facets for f in extra.facets if f.negated))

    @staticmethod
    def _tagged(tags: tuple[str, ...], by_tag: dict[str, frozenset[str]]) -> set[str]:
        """The papers with any of `tags` (a tag nobody could have: none)."""
        found: set[str] = set()
        for name in tags:
            try:
                found |= by_tag.get(clean_tag(name), frozenset())
            except LibraryError:
                continue
        return found

    def _meaning_search(self, words: str, sort: str, only: IdFilter | None,
                        limit: int | None) -> Results:
        """`~words`: the papers whose meaning vectors are closest to the folded words
        (at most MEANING_LIMIT), then narrowed and sorted like any search."""
        start = time.perf_counter()
        space = self.meaning.current()
        ranked = []
        if space is not None and words:
            admitted = None if only is None else _admits(only)
            ranked = space.search(words, min(limit or MEANING_LIMIT, MEANING_LIMIT),
                                  allowed=admitted)
        results = self.index.results_of(f"~{words}", ranked, started=start, words=words,
                                        sort=sort, only=only,
                                        groups=self._groups(sort))
        results.by_meaning = True
        if not words:
            results.error = "type words after ~ to search by meaning"
        elif space is None:
            results.error = "the meaning space is not built yet (papers index builds it)"
        return results

    def _with_topics(self, only: IdFilter | None, topic_filters: list[TopicFilter]
                     ) -> tuple[IdFilter | None, str | None]:
        """`only` narrowed to the papers of the `topic:` filters, and what was wrong."""
        from .search import IdFilter

        allow, deny, problem = self._topic_ids(topic_filters)
        if allow is None and not deny:
            return only, problem
        return _joined(only, IdFilter(None if allow is None else frozenset(allow),
                                      frozenset(deny))), problem

    def _id_filter(self, filters: list[ReadingFilter]) -> IdFilter | None:
        """The store's sets of ids for `is:` and `priority:` filters. "unread" is every
        paper not seen or read, so it is a set to leave out rather than one to keep."""
        from .search import IdFilter

        if not filters:
            return None
        allow: set[str] | None = None
        deny: set[str] = set()
        for item in filters:
            if item.kind == "unread":
                ids, keep = self.store.ids_with(status="seen") | \
                    self.store.ids_with(status="read"), False
            elif item.kind in ("seen", "read"):
                ids, keep = self.store.ids_with(status=item.kind), True
            elif item.kind == "starred":
                ids, keep = self.store.ids_with(min_priority=1), True
            elif item.value == 0:  # priority:0 is "no star"
                ids, keep = self.store.ids_with(min_priority=1), False
            else:
                ids, keep = self.store.ids_with(priority=item.value), True
            if keep != item.negated:
                allow = set(ids) if allow is None else allow & ids
            else:
                deny |= ids
        return IdFilter(None if allow is None else frozenset(allow), frozenset(deny))

    def _groups(self, sort: str) -> dict[str, int] | None:
        """For the store's sorts: unread first, then seen, then read; or the highest
        priority first. Papers not named sort as unread and unstarred (key 0)."""
        if sort == "status":
            return {pid: STATUSES.index(status)
                    for pid, (status, _p) in self.store.reading_states().items()}
        if sort == "priority":
            return {pid: -priority
                    for pid, (_s, priority) in self.store.reading_states().items()}
        return None

    def warm_up(self) -> None:
        """Load what the first keystrokes need: the ranker's arrays (numpy, field
        lengths), then the table of words for prefixes (a word of three letters or more),
        the method-name index and the meaning space. A search meanwhile waits for the
        first (a keystroke needs it) but not the others: it expands prefixes from the
        lexicon until the table is ready."""
        for _step in self.warm_up_steps():
            pass

    def warm_up_steps(self, gate: Callable[[], object] | None = None) -> Iterator[str]:
        """`warm_up` a step at a time (each yields what it loaded), for a caller that
        lets a keystroke go first between them; within a step, its long loops call
        `gate` every few thousand items (giving_way.py: the app's waits while a
        keystroke is answered)."""
        self._ensure_open()
        # (The meaning space's ids: the first `m` at 100k papers took 266 ms before,
        # 88 ms after, later ones 5 ms.)
        # (The id table: the reading progress of a keystroke's results, once a paper
        # is marked, reads it; at 100,000 papers 150-200 ms.)
        steps = (("ranker", self.index.warm_up), ("ids", self.index.read_ids),
                 ("prefixes", self.index.prefixes),
                 ("meaning", self._meaning_rows), ("names", self._names))
        for name, step in steps:
            with giving_way(gate) if gate is not None else contextlib.nullcontext():
                step()
            yield name

    def _meaning_rows(self) -> None:
        """The meaning space open with its table of rows (Space.rows) built, for the
        Topic line of every paper the next keystrokes show."""
        space = self.meaning.current()
        if space is not None:
            space.rows  # noqa: B018 - built here, beside the keystrokes, not on them

    @staticmethod
    def engine_steps() -> Iterator[str]:
        """Import the search engine a module a step (search/loading.py), for a caller
        that lets a keystroke go first between them; `sync` then opens the index."""
        from .search.loading import engine_steps

        return engine_steps()

    def first_matches(self, query: str, *, tag: str | None = None,
                      complete_last: bool = True, count: int = 100,
                      unread_only: bool = False) -> Results:
        """The first papers that match, unranked and at once, for large libraries."""
        from .search import ReadingFilter, split_filters, split_reading_filters

        self._ensure_open()
        text, extra = split_filters(sanitize(query).replace("\n", " "))
        text, filters, _problem = split_reading_filters(text)
        text, topic_filters = split_topic_filters(text)
        if meaning_query(text) is not None:  # as fast as first matches: the real thing
            return self.search(query, tag=tag, complete_last=complete_last,
                               unread_only=unread_only)
        if unread_only:
            filters.append(ReadingFilter("unread"))
        by_paper, by_tag = self._tags()
        only = self._with_topics(self._filter(filters, extra, tag, by_tag), topic_filters)[0]
        results = self.index.first_matches(text, complete_last=complete_last, count=count,
                                           only=only)
        results.tags = by_paper
        return results

    def behind(self) -> bool:
        """Whether another process changed the library (a list added, a tag) or its index
        since this one last looked: cheap (one SQL read, one small file), for a front end
        to ask every second or so."""
        if not self.index.is_open:
            return True
        try:
            seq = int(self.index.meta().get("seq", 0) or 0)
        except (TypeError, ValueError):
            return True
        if self._tag_maps is not None and self.store.tags_version() != self._tag_maps[0]:
            return True  # tags changed: the rows show them (they are not in the index)
        return self.store.last_change() > seq or not self.index.seen_latest()

    def meaning_due(self) -> bool:
        """Whether the meaning space lags the library and can be brought up to date here
        (apart from `behind`: a front end fits it in a worker of its own, never in the
        way of a search)."""
        return self._meaning_writable() and self.meaning_behind()

    def _ensure_open(self) -> None:
        if not self.index.is_open:
            self.sync()

    def resolve(self, ref: str) -> str:
        """A full id, or a unique prefix of one."""
        ref = ref.strip().lower()
        if not ref:
            raise PaperNotFound("empty paper id")
        found = self.store.ids_starting(ref, limit=AMBIGUOUS_SHOWN + 1)
        if len(found) == 1:
            return found[0]
        if found:
            raise PaperNotFound(self._ambiguous(ref, found))
        raise PaperNotFound(f"no paper with id {ref!r}")

    def _ambiguous(self, ref: str, found: list[str]) -> str:
        """Which papers an ambiguous id prefix may mean: one line each, its id and title,
        so the user can type enough of the one they meant."""
        more = len(found) > AMBIGUOUS_SHOWN
        lines = [f"paper id {ref!r} is ambiguous; it begins the ids of "
                 f"{'more than ' if more else ''}{min(len(found), AMBIGUOUS_SHOWN)} papers:"]
        for paper in self.store.papers(found[:AMBIGUOUS_SHOWN]):
            title = paper.title if len(paper.title) <= AMBIGUOUS_TITLE_CHARS \
                else paper.title[:AMBIGUOUS_TITLE_CHARS - 1].rstrip() + "…"
            lines.append(f"  {paper.id}  {title}")
        if more:
            lines.append("  … type more of the id")
        return "\n".join(lines)

    def paper(self, ref: str) -> Paper:
        return self.store.papers([self.resolve(ref)])[0]

    def papers(self, refs: Sequence[str]) -> list[Paper]:
        return self.store.papers([self.resolve(ref) for ref in refs])

    def still_here(self, ids: Sequence[str]) -> tuple[list[Paper], list[str]]:
        """The papers of `ids` still in the library, in order, and the ids that are not
        (another process removed their list): what a screen showing old results acts on."""
        papers = self.store.papers(ids)
        present = {paper.id for paper in papers}
        return papers, [pid for pid in dict.fromkeys(ids) if pid not in present]

    def similar(self, ref: str, limit: int = 10) -> Results:
        """The papers closest in meaning to one (see semantic/space.py); by shared words
        (Whoosh's more-like-this) while the meaning space does not hold it yet."""
        self._ensure_open()
        paper = self.paper(ref)
        start = time.perf_counter()
        space = self.meaning.current()
        ranked = space.similar(paper.id, limit + 1) if space is not None else None
        if ranked is None:
            results = self.index.similar(paper, limit)
            results.tags = self._tags()[0]
            return results
        results = self.index.results_of(f"similar:{paper.id}",
                                         [r for r in ranked if r[0] != paper.id][:limit],
                                         started=start)
        results.by_meaning, results.tags = True, self._tags()[0]
        return results

    def count(self) -> int:
        return self.store.count()

    # -- method names --------------------------------------------------------------------
    def _names(self, build: bool = True) -> dict[str, tuple[str, tuple[str, ...]]] | None:
        """The method-name index: a name's key (its words, case and accents folded, so
        Fed-CBS and FED CBS are one) -> (the spelling most of its papers use, the
        papers), built again only when the lists changed (names come with the papers;
        an edit changes none). Reading every name takes a large library a while: with
        `build` False, None rather than build it."""
        version = self.store.names_stamp()
        cached = self._name_index
        if cached is None or cached[0] != version:
            if not build:
                return None
            spellings: dict[str, dict[str, list[str]]] = {}
            for number, (pid, name) in enumerate(self.store.names()):
                if number % GIVE_WAY_EVERY == 0:
                    give_way()  # built in the app's warm-up, beside its first keystrokes
                key = name_key(name)
                if any(c.isalpha() for c in key):  # (not a number taken for a name)
                    spellings.setdefault(key, {}).setdefault(name, []).append(pid)
            index = {}
            for key, by_spelling in spellings.items():
                shown = max(by_spelling, key=lambda s: (len(by_spelling[s]), s))
                index[key] = (shown, tuple(sorted(p for ids in by_spelling.values()
                                                  for p in ids)))
            cached = self._name_index = (version, index)
        return cached[1]

    def method_names(self) -> list[tuple[str, tuple[str, ...]]]:
        """Every method name the abstracts give, with the papers that give it: the names
        most papers claim first, then by name."""
        return sorted(self._names().values(), key=lambda entry: (-len(entry[1]),
                                                                 entry[0].casefold()))

    def papers_named(self, name: str) -> tuple[str, ...]:
        """The ids of the papers that call their method `name` (in any case or hyphenation)."""
        return self._names().get(name_key(name), ("", ()))[1]

    def name_claims(self, name: str) -> int | None:
        """How many papers call their method `name`, at once or not at all: None while
        the name index is not built (warm_up builds it, and sync keeps it current), for
        the UI thread."""
        names = self._names(build=False)
        return None if names is None else len(names.get(name_key(name), ("", ()))[1])

    def trends(self, list_a: str, list_b: str, limit: int = 20) -> Trends:
        """What changed from list A to list B: the terms, and once the meaning space is
        built the topics, whose share of papers rose and fell, strongest evidence first,
        each with its papers (search/trends.py says how it is measured). Reads the store
        and the topic map only; a second or so for 2 x 2,000 papers."""
        from .search import compare_lists

        if limit < 1:
            raise LibraryError("the limit must be at least 1")
        known = {info.name for info in self.lists()}
        for name in (list_a, list_b):
            if name not in known:
                raise LibraryError(f"no list named {name!r} (lists: "
                                   f"{', '.join(sorted(known)) or 'none'})")
        if list_a == list_b:
            raise LibraryError(f"name two different lists to compare (both are {list_a!r})")
        key = (list_a, list_b, limit, self.store.last_change(), self.meaning.current_name())
        if key in self._trends:  # the same lists again (the screen reopened): unchanged
            return self._trends[key]
        texts = [self._list_texts(list_a), self._list_texts(list_b)]
        found = compare_lists(texts[0], texts[1], limit, self._paper_topics(texts))
        while len(self._trends) >= TRENDS_KEPT:
            del self._trends[next(iter(self._trends))]
        self._trends[key] = found
        return found

    def _list_texts(self, name: str) -> ListTexts:
        from .search import ListTexts

        papers = self.store.papers(self.store.listed(name))
        if not papers:
            raise LibraryError(f"the list {name!r} holds no papers")
        return ListTexts(name, [(p.id, p.title, p.abstract) for p in papers])

    def _paper_topics(self, texts: Sequence[ListTexts]) -> dict[str, tuple[int, str]] | None:
        """paper id -> its topic's (id, label), for the papers of `texts`; None before
        the meaning space is built."""
        space = self.meaning.current()
        if space is None:
            return None
        found = {}
        for listed in texts:
            for paper_id, _title, _abstract in listed.papers:
                topic = space.topic_of(paper_id)
                if topic is not None:
                    found[paper_id] = (topic.id, topic.label)
        return found

    # -- tags and edits ----------------------------------------------------------------
    def tag(self, refs: Sequence[str], tags: Iterable[str], *, reindex: bool = True) -> int:
        """Add tags. With `reindex` False the index is left behind the store (a command
        that only tags need not load Whoosh): the next sync, any search's or the app's
        watcher, brings it up to date."""
        self._saving("tags")
        ids = [self.resolve(ref) for ref in refs]
        added = self.store.tag(ids, [clean_tag(t) for t in tags])
        if reindex:
            self._sync_after_write()
        return added

    def untag(self, refs: Sequence[str], tags: Iterable[str], *, reindex: bool = True
              ) -> int:
        """Remove tags (`reindex` as for tag)."""
        self._saving("tags")
        ids = [self.resolve(ref) for ref in refs]
        removed = self.store.untag(ids, [clean_tag(t) for t in tags])
        if reindex:
            self._sync_after_write()
        return removed

    def tags(self) -> list[tuple[str, int]]:
        return self.store.tag_counts()

    def tagged(self, tag: str) -> list[Paper]:
        return self.store.papers(self.store.tagged(clean_tag(tag)))

    def select(self, *, refs: Sequence[str] = (), tag: str | None = None,
               query: str | None = None, list_name: str | None = None,
               everything: bool = False) -> list[Paper]:
        """The papers named by ids, then those a tag, a query (best first), a list (in its
        order) or `everything` selects; each paper once. A selector that selects nothing
        is an error saying so, never an empty export."""
        chosen: list[Paper] = self.papers(refs) if refs else []
        groups: list[tuple[str, list[str]]] = []
        if tag:
            groups.append((f"no papers are tagged {clean_tag(tag)!r}",
                           self.store.tagged(clean_tag(tag))))
        if query is not None:
            if not sanitize(query).strip():
                raise LibraryError("empty query")
            # What `papers search` lists, but only papers with every word: a command that
            # tags or exports by query acts on exactly what the query says.
            found = self.search(query, limit=None, forgive=False)
            groups.append((f"no papers match {sanitize(query)!r}", found.ids()))
        if list_name is not None:
            if list_name not in {info.name for info in self.lists()}:
                known = ", ".join(info.name for info in self.lists()) or "none"
                raise LibraryError(f"no list named {list_name!r} (lists: {known})")
            groups.append((f"the list {list_name!r} holds no papers",
                           self.store.listed(list_name)))
        if everything:
            groups.append(("the library holds no papers", self.store.ids()))
        for empty, ids in groups:
            if not ids:
                raise LibraryError(empty)
            chosen += self.store.papers(ids)
        return list({paper.id: paper for paper in chosen}.values())

    def edit(self, ref: str, *, title: str | None = None, authors: list[str] | None = None,
             url: str | None = None) -> Paper:
        self._saving("edits")
        paper_id = self.resolve(ref)
        self.store.edit(paper_id, title=None if title is None else clean_line(title),
                        authors=None if authors is None else [
                            a for a in map(clean_line, authors) if a],
                        url=None if url is None else clean_line(url))
        self._sync_after_write()
        return self.paper(paper_id)

    # -- reading: status, stars, notes, progress, saved searches ------------------------
    # Status and stars live only in the store: a change costs no index update and cannot
    # move any paper's score. Notes are indexed, so a note re-indexes its paper alone.
    def set_status(self, refs: Sequence[str], status: str) -> int:
        if status not in STATUSES:
            raise LibraryError(f"unknown status {status!r} ({', '.join(STATUSES)})")
        return self.store.set_status([self.resolve(ref) for ref in refs], status)

    def mark_seen(self, refs: Sequence[str]) -> int:
        """Unread papers become seen; seen and read ones stay as they are."""
        return self.store.set_status([self.resolve(ref) for ref in refs], "seen",
                                     upgrade_only=True)

    def set_priority(self, refs: Sequence[str], priority: int) -> int:
        if not 0 <= priority <= MAX_PRIORITY:
            raise LibraryError(f"priority is 0 (no star) to {MAX_PRIORITY}")
        return self.store.set_priority([self.resolve(ref) for ref in refs], priority)

    def reading_states(self) -> dict[str, tuple[str, int]]:
        """id -> (status, priority) for every paper not unread and unstarred."""
        return self.store.reading_states()

    def note(self, ref: str) -> str:
        return self.store.note(self.resolve(ref))

    def set_note(self, ref: str, text: str) -> bool:
        """Write a paper's note (blank deletes it); returns whether it changed."""
        note = sanitize(text).strip("\n")
        # Searched beside the index (search/notes.py): the next search sees it, and no
        # paper is re-indexed.
        return self.store.set_note(self.resolve(ref), note.rstrip())

    def _progress_of(self, among: Callable[[set[str]], Iterable[str]], count: int,
                     states: dict[str, tuple[str, int]] | None = None) -> ReadingProgress:
        """Progress through `count` papers, of which `among(ids)` says which of `ids` are
        listed. Counted from the side of the papers the reader touched (a state or a tag:
        a few hundred), not of the papers listed: at 100,000 papers, walking every listed
        id in Python, and reading every paper's id from the index first, held the
        interpreter 270 ms beside the next keystroke."""
        states = self.store.reading_states() if states is None else states
        tagged = self.store.tagged_ids()
        touched = tagged.union(states)
        if not touched:
            return ReadingProgress(count, 0, 0, 0, 0)
        seen = read = starred = tags = 0
        for pid in among(touched):
            status, priority = states.get(pid, ("unread", 0))
            seen += status != "unread"
            read += status == "read"
            starred += priority > 0
            tags += pid in tagged
        return ReadingProgress(count, seen, read, starred, tags)

    def progress(self, results: Results | None = None,
                 states: dict[str, tuple[str, int]] | None = None) -> ReadingProgress:
        """Progress through `results` (every paper when None); `states` is what
        reading_states() returned, when the caller has just read it."""
        if results is None:
            return self._progress_of(lambda touched: touched.intersection(self.store.ids()),
                                     self.store.count(), states)
        if isinstance(results, first_page.FirstPage):
            return self._progress_of(lambda touched: touched.intersection(results.ids()),
                                     len(results), states)
        # By document number: no listed paper's id is read (ids_among).
        return self._progress_of(lambda touched: self.index.ids_among(results, touched),
                                 len(results), states)

    def lists_the_same(self, page: first_page.FirstPage, results: Results) -> bool:
        """Whether `results` list the papers `page` lists, in its order. Where the
        index's id table is not read yet (the first search of a large library, before
        the warm-up reads it: 150-300 ms at 100,000 papers), only the first
        ROWS_COMPARED rows are, from their cards (which the list draws next anyway)."""
        if len(page) != len(results):
            return False
        if self.index.ids_read(results):
            return page.ids() == self.ids_of(results)
        rows = min(len(results), ROWS_COMPARED)
        return page.ids()[:rows] == [card.id for card in results.cards(0, rows)]

    def progress_at_once(self, results: Results,
                         states: dict[str, tuple[str, int]]) -> ReadingProgress | None:
        """`progress`, if it can be counted without reading the index's id table (a
        paper touched and the table not read yet for these results' searcher: the first
        search of a large library, before the warm-up read it); None then, for the
        caller to count it off a keystroke's path."""
        if isinstance(results, first_page.FirstPage) or self.index.ids_read(results) \
                or not (states or self.store.tagged_ids()):
            return self.progress(results, states)
        return None

    def ids_of(self, results: Results | first_page.FirstPage) -> list[str]:
        """The paper id of every result, in order (without reading a card per row)."""
        if isinstance(results, first_page.FirstPage):
            return results.ids()
        return self.index.ids_of(results)

    def list_progress(self) -> dict[str, ReadingProgress]:
        return {name: ReadingProgress(*counts)
                for name, counts in self.store.list_progress().items()}

    def save_search(self, name: str, query: str, sort: str = "relevance") -> SavedSearch:
        from .search import SORTS

        if sort not in SORTS:
            raise LibraryError(f"unknown sort {sort!r}")
        saved = SavedSearch(clean_name(name), sanitize(query).replace("\n", " ").strip(), sort)
        self.store.save_search(saved.name, saved.query, saved.sort)
        return saved

    def saved_searches(self) -> list[SavedSearch]:
        return [SavedSearch(*row) for row in self.store.saved_searches()]

    def saved_search(self, name: str) -> SavedSearch:
        wanted = " ".join(sanitize(name).split())
        for saved in self.saved_searches():
            if saved.name == wanted:
                return saved
        known = ", ".join(s.name for s in self.saved_searches()) or "none"
        raise LibraryError(f"no saved search named {wanted!r} (saved: {known})")

    def delete_saved_search(self, name: str) -> bool:
        return self.store.delete_saved_search(" ".join(sanitize(name).split()))

    def session(self) -> dict:
        """Where the app was when it last closed (query, sort, filters, paper)."""
        import json

        try:
            value = json.loads(self.store.meta("session") or "{}")
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}

    def remember_session(self, session: dict) -> None:
        import json

        self.store.set_meta("session", json.dumps(session, ensure_ascii=False))

    # -- citing and exporting ----------------------------------------------------------
    def cite(self, papers: Sequence[Paper], fmt: str = "bibtex",
             style: str | None = None) -> str:
        """Citations in `fmt`; `style` is the CSL style of references (APA by default).
        Raises LibraryError for an unknown style or one citeproc-py cannot format."""
        from .output.citations import cite  # citeproc is slow to import; only load it to cite

        try:
            return cite(papers, fmt, style)
        except ValueError as error:
            raise LibraryError(str(error)) from None

    @staticmethod
    def link_target(paper: Paper, search_url: str | None = None) -> Target:
        """What to open for `paper`: its page, else a search for its title built from the
        `search_url` template; only ever an http(s) URL. ValueError for a bad template."""
        from .output.links import link_target

        return link_target(paper, search_url)

    @staticmethod
    def citation_styles() -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(the common styles, every style): the CSL styles `cite` takes by name."""
        from .output.citations import COMMON_STYLES, citation_styles

        every = citation_styles()
        return tuple(s for s in COMMON_STYLES if s in every), every

    def export_text(self, papers: Sequence[Paper], fmt: str, *,
                    heading: str | None = None) -> str:
        """`papers` as the text of an exported file in `fmt`."""
        from .output.export import export_text

        return export_text(papers, fmt,
                           heading=clean_line(heading) if heading is not None else None)

    def export(self, papers: Sequence[Paper], fmt: str, path: str | Path, *,
               heading: str | None = None, overwrite: bool = False) -> Path:
        from .output.export import export_file

        return export_file(papers, fmt, path, overwrite=overwrite,
                           heading=clean_line(heading) if heading is not None else None)


def update_meaning_child() -> None:
    """The child process of Library.update_meaning(separate=True): the library named by
    its argument brought up to date, the report printed as JSON."""
    import json
    import sys

    wanted = json.loads(sys.argv[1])
    print(_meaning_child_line(wanted["home"], wanted["refit"]), flush=True)
