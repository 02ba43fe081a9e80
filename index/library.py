"""`Library`: the one API the command line and the app call.

Files → parse → records → store (+ tags and edits) → Whoosh index → search results.
The store is the truth; the index is a cache brought up to date on open and after writes.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

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
from .ingest.formats import EXTENSIONS, GZIP_SUFFIX
from .ingest.prepare import clean_line
from .ingest.render import sanitize
from .locks import library_lock
from .models import Paper
from .output.links import Target
from .paths import Locations, locate
from .store import (
    MAX_PRIORITY,
    STATUSES,
    ImportReport,
    ListInfo,
    RecoveryReport,
    Store,
    damaged_message,
    import_list,
    is_disk_full,
    move_aside,
    recover,
    remove_dead_incoming,
)

if TYPE_CHECKING:
    from .search import IdFilter, Progress, ReadingFilter, Results, SearchIndex

__all__ = ["MAX_PRIORITY", "STATUSES", "Library", "LibraryError", "PaperNotFound",
           "ReadingProgress", "SavedSearch", "SyncReport"]

PENDING_NOTICE = "library-moved-aside.txt"  # see Library._open_store
AMBIGUOUS_SHOWN = 5  # candidates named when an id prefix is ambiguous
REBUILD_ABOVE = 5000  # changed papers; more than this (or a quarter) rebuild instead
BUNDLED_LISTS = ("icml2026_papers.txt", "icml2026_papers_zh.txt")
MAX_TAG_CHARS = 64
_TAG_FORBIDDEN = set(",\n\r\t")
# How long a sync waits for another process's index update before going on without it
# (searching the last built index), and how long when there is no index to search at all.
SYNC_WAIT = 5.0
SYNC_WAIT_NO_INDEX = 600.0


@dataclass(frozen=True, slots=True)
class SyncReport:
    papers: int
    indexed: int
    rebuilt: bool
    reason: str
    seconds: float
    stale: bool = False  # the index could not catch up (a full disk): `reason` says why


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


class Library:
    """The user's library. `notices` holds what the user must be told about opening it
    (a damaged library file moved aside); the CLI and the app show each one."""

    def __init__(self, home: str | Path | None = None, *, seed: bool = True) -> None:
        self.where: Locations = locate(home).create()
        self.notices: list[str] = []
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
                    if seed and self.store.meta("seeded") is None:
                        self._seed()
            except LockTimeout as error:
                raise StoreError(str(error)) from None
        self._sync_lock = threading.Lock()

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
        self._saving("a list")
        results: list[tuple[ImportReport | None, ListFormatError | None]] = []
        for path in paths:
            try:
                results.append((import_list(self.store, self.where, Path(path),
                                            progress=progress), None))
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
    def sync(self, progress: Progress | None = None, *, rebuild: bool = False) -> SyncReport:
        """Bring the index up to date: nothing to do when nothing changed.

        Repairs on the way: a missing, damaged, foreign or older-version index, or one
        whose last build was cut short, is rebuilt, and the report says why. Another
        process updating the index is waited for a moment; if it takes longer (a long
        rebuild), this one searches the last built index and catches up next time.
        """
        start = time.perf_counter()
        if not _writable(self.index.root if self.index.root.is_dir()
                         else self.where.cache_dir):
            return self._sync_read_only(start)
        try:
            report = self._sync(progress, rebuild, start)
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
            report = SyncReport(self.store.count(), 0, False, reason,
                                time.perf_counter() - start, stale=True)
        self.index_warning = report.reason if report.stale else None
        return report

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
        if len(changed) > max(REBUILD_ABOVE, self.store.count() // 4):
            # Writing a fresh generation in one pass beats replacing this many documents
            # one by one (and the merges that follow) in both time and memory.
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
        count = self.index.rebuild(self._all_papers(), total, store_uuid=self.store.uuid,
                                   seq=seq, progress=progress)
        return SyncReport(total, count, True, reason, time.perf_counter() - start)

    def _all_papers(self) -> Iterable[Paper]:
        ids = self.store.ids()
        for start in range(0, len(ids), 1000):
            yield from self.store.papers(ids[start:start + 1000])

    def rebuild(self, progress: Progress | None = None) -> SyncReport:
        return self.sync(progress, rebuild=True)

    # -- reading -----------------------------------------------------------------------
    def search(self, query: str, *, sort: str = "relevance", tag: str | None = None,
               complete_last: bool = True, limit: int | None = None,
               cancelled: Callable[[], bool] | None = None,
               unread_only: bool = False) -> Results:
        """Raises SearchCancelled if `cancelled()` turns true while it runs.

        `is:…` and `priority:N` are taken out of the query and applied from the store
        (as is `unread_only`, the app's "hide seen"); Whoosh never sees them, so they
        change which papers are listed, never a score."""
        from .search import ReadingFilter, split_reading_filters

        self._ensure_open()
        kwargs = {"limit": limit} if limit is not None else {}
        # A query is shown back to the user (status line, "no papers match …"): no escapes.
        query = sanitize(query).replace("\n", " ")
        text, filters, problem = split_reading_filters(query)
        if unread_only:
            filters.append(ReadingFilter("unread"))
        results = self.index.search(text, sort=sort, tag=clean_tag(tag) if tag else None,
                                    complete_last=complete_last, cancelled=cancelled,
                                    only=self._id_filter(filters), groups=self._groups(sort),
                                    **kwargs)
        results.query = query
        if problem:
            results.error = f"{results.error}; {problem}" if results.error else problem
        return results

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
        lengths), then the table of words for prefixes (a word of three letters or more).
        A search meanwhile waits for the first (a keystroke needs it) but not the second:
        it expands prefixes from the lexicon until the table is ready."""
        self._ensure_open()
        self.index.warm_up()
        self.index.prefixes()

    def first_matches(self, query: str, *, tag: str | None = None,
                      complete_last: bool = True, count: int = 100,
                      unread_only: bool = False) -> Results:
        """The first papers that match, unranked and at once, for large libraries."""
        from .search import ReadingFilter, split_reading_filters

        self._ensure_open()
        text, filters, _problem = split_reading_filters(sanitize(query).replace("\n", " "))
        if unread_only:
            filters.append(ReadingFilter("unread"))
        return self.index.first_matches(text, tag=tag, complete_last=complete_last,
                                        count=count, only=self._id_filter(filters))

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
        return self.store.last_change() > seq or not self.index.seen_latest()

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
            shown = ", ".join(found[:AMBIGUOUS_SHOWN]) + (", …" if len(found) > AMBIGUOUS_SHOWN
                                                         else "")
            raise PaperNotFound(f"paper id {ref!r} is ambiguous: {shown}")
        raise PaperNotFound(f"no paper with id {ref!r}")

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
        self._ensure_open()
        return self.index.similar(self.paper(ref), limit)

    def count(self) -> int:
        return self.store.count()

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
            found = self.search(query, complete_last=False, limit=None)
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

    def _progress_of(self, ids: Iterable[str],
                     states: dict[str, tuple[str, int]] | None = None) -> ReadingProgress:
        states = self.store.reading_states() if states is None else states
        tagged = self.store.tagged_ids()
        papers = seen = read = starred = tags = 0
        for pid in ids:
            papers += 1
            status, priority = states.get(pid, ("unread", 0))
            seen += status != "unread"
            read += status == "read"
            starred += priority > 0
            tags += pid in tagged
        return ReadingProgress(papers, seen, read, starred, tags)

    def progress(self, results: Results | None = None,
                 states: dict[str, tuple[str, int]] | None = None) -> ReadingProgress:
        """Progress through `results` (every paper when None); `states` is what
        reading_states() returned, when the caller has just read it."""
        if results is None:
            return self._progress_of(self.store.ids(), states)
        return self._progress_of(self.index.ids_of(results), states)

    def ids_of(self, results: Results) -> list[str]:
        """The paper id of every result, in order (without reading a card per row)."""
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
