"""`Library`: the one API the command line and the app call.

Files → parse → records → store (+ tags and edits) → Whoosh index → search results.
The store is the truth; the index is a cache brought up to date on open and after writes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from .errors import (
    IndexBroken,
    LibraryError,
    LockTimeout,
    PaperNotFound,
    StoreDamaged,
    StoreError,
)
from .ingest.prepare import clean_line
from .ingest.render import sanitize
from .locks import library_lock
from .models import Paper
from .paths import Locations, locate
from .search import (
    IdFilter,
    Progress,
    ReadingFilter,
    Results,
    SearchIndex,
    generations,
    split_reading_filters,
)
from .store import (
    MAX_PRIORITY,
    STATUSES,
    ImportReport,
    ListInfo,
    RecoveryReport,
    Store,
    damaged_message,
    import_list,
    move_aside,
    recover,
    remove_dead_incoming,
)

__all__ = ["MAX_PRIORITY", "STATUSES", "Library", "LibraryError", "PaperNotFound",
           "ReadingProgress", "SavedSearch", "SyncReport"]

AMBIGUOUS_SHOWN = 5  # candidates named when an id prefix is ambiguous
REBUILD_ABOVE = 5000  # changed papers; more than this (or a quarter) rebuild instead
BUNDLED_LISTS = ("icml2026_papers.txt", "icml2026_papers_zh.txt")
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
    return tag


class Library:
    """The user's library. `notices` holds what the user must be told about opening it
    (a damaged library file moved aside); the CLI and the app show each one."""

    def __init__(self, home: str | Path | None = None, *, seed: bool = True) -> None:
        self.where: Locations = locate(home).create()
        self.notices: list[str] = []
        self.damaged_file: Path | None = None
        remove_dead_incoming(self.where.lists_dir)
        try:
            with library_lock(self.where):  # one process at a time checks, creates, seeds
                self.store = self._open_store()
                if seed and self.store.meta("seeded") is None:
                    self._seed()
        except LockTimeout as error:
            raise StoreError(str(error)) from None
        self.index = SearchIndex(self.where.index_dir)
        self._sync_lock = threading.Lock()

    def _open_store(self) -> Store:
        """Open the library file; a damaged one is moved aside, never written over."""
        path = self.where.store_file
        try:
            return Store(path)
        except StoreDamaged as error:
            self.damaged_file = move_aside(path)
            self.notices.append(damaged_message(path, self.damaged_file, error.reason))
        store = Store(path)
        store.set_meta("recovered_from", str(self.damaged_file))
        return store

    def close(self) -> None:
        if hasattr(self, "index"):
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

    def add(self, path: str | Path) -> ImportReport:
        """Import one list file; raises ListFormatError (nothing changed) if unreadable."""
        report = import_list(self.store, self.where, Path(path))
        self.sync()
        return report

    def lists(self) -> list[ListInfo]:
        return self.store.lists()

    def recover(self, path: str | Path) -> RecoveryReport:
        """Bring lists, papers, tags and edits back from a damaged (or any) library file."""
        source = Path(path).expanduser()
        if not source.is_file():
            raise LibraryError(f"{source}: no such file")
        if source.resolve() == self.where.store_file.resolve():
            raise LibraryError(f"{source} is the library in use; name the damaged file "
                               f"(library.sqlite3.damaged-…) to recover from")
        report = recover(self.store, self.where, source)
        self.sync()
        return report

    def remove_list(self, name: str) -> tuple[ListInfo, int]:
        matches = [info for info in self.lists() if info.name == name]
        if not matches:
            known = ", ".join(info.name for info in self.lists()) or "none"
            raise LibraryError(f"no list named {name!r} (lists: {known})")
        removed = self.store.remove_list(name)
        Path(matches[0].file).unlink(missing_ok=True)
        self.sync()
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
        """Load what the first keystrokes need: the table of words for prefixes, and
        the ranker's arrays (numpy, field lengths)."""
        self._ensure_open()
        self.index.prefixes()
        self.index.warm_up()

    def first_matches(self, query: str, *, tag: str | None = None,
                      complete_last: bool = True, count: int = 100,
                      unread_only: bool = False) -> Results:
        """The first papers that match, unranked and at once, for large libraries."""
        self._ensure_open()
        text, filters, _problem = split_reading_filters(sanitize(query).replace("\n", " "))
        if unread_only:
            filters.append(ReadingFilter("unread"))
        return self.index.first_matches(text, tag=tag, complete_last=complete_last,
                                        count=count, only=self._id_filter(filters))

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

    def similar(self, ref: str, limit: int = 10) -> Results:
        self._ensure_open()
        return self.index.similar(self.paper(ref), limit)

    def count(self) -> int:
        return self.store.count()

    # -- tags and edits ----------------------------------------------------------------
    def tag(self, refs: Sequence[str], tags: Iterable[str]) -> int:
        ids = [self.resolve(ref) for ref in refs]
        added = self.store.tag(ids, [clean_tag(t) for t in tags])
        self.sync()
        return added

    def untag(self, refs: Sequence[str], tags: Iterable[str]) -> int:
        ids = [self.resolve(ref) for ref in refs]
        removed = self.store.untag(ids, [clean_tag(t) for t in tags])
        self.sync()
        return removed

    def tags(self) -> list[tuple[str, int]]:
        return self.store.tag_counts()

    def tagged(self, tag: str) -> list[Paper]:
        return self.store.papers(self.store.tagged(clean_tag(tag)))

    def edit(self, ref: str, *, title: str | None = None, authors: list[str] | None = None,
             url: str | None = None) -> Paper:
        paper_id = self.resolve(ref)
        self.store.edit(paper_id, title=None if title is None else clean_line(title),
                        authors=None if authors is None else [
                            a for a in map(clean_line, authors) if a],
                        url=None if url is None else clean_line(url))
        self.sync()
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
        changed = self.store.set_note(self.resolve(ref), note.rstrip())
        if changed:
            self.sync()
        return changed

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
    def cite(self, papers: Sequence[Paper], fmt: str = "bibtex") -> str:
        from .output.citations import cite  # citeproc is slow to import; only load it to cite

        return cite(papers, fmt)

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
