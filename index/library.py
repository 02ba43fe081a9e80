"""`Library`: the one API the command line and the app call.

Files → parse → records → store (+ tags and edits) → Whoosh index → search results.
The store is the truth; the index is a cache brought up to date on open and after writes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from .formats import ListFormatError
from .importer import ImportReport, import_list
from .models import Paper
from .paths import Locations, locate
from .search import IndexBroken, Progress, Results, SearchIndex
from .store import ListInfo, Store, StoreError

__all__ = ["Library", "LibraryError", "PaperNotFound", "SyncReport"]

BUNDLED_LISTS = ("icml2026_papers.txt", "icml2026_papers_zh.txt")
_TAG_FORBIDDEN = set(",\n\r\t")


class LibraryError(Exception):
    """A user-facing problem; str() is a one-line message."""


class PaperNotFound(LibraryError, KeyError):
    def __str__(self) -> str:
        return self.args[0]


@dataclass(frozen=True, slots=True)
class SyncReport:
    papers: int
    indexed: int
    rebuilt: bool
    reason: str
    seconds: float


def clean_tag(tag: str) -> str:
    tag = " ".join(tag.split()).strip().lower()
    if not tag or _TAG_FORBIDDEN & set(tag):
        raise LibraryError(f"invalid tag {tag!r}: tags are non-empty and contain no commas")
    return tag


class Library:
    def __init__(self, home: str | Path | None = None, *, seed: bool = True) -> None:
        self.where: Locations = locate(home).create()
        self.store = Store(self.where.store_file)
        self.index = SearchIndex(self.where.index_dir)
        self._sync_lock = threading.Lock()
        if seed and self.store.meta("seeded") is None:
            self._seed()

    def close(self) -> None:
        self.index.close()
        self.store.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- lists -------------------------------------------------------------------------
    def _seed(self) -> None:
        """First run: the bundled ICML 2026 lists, so `papers` shows something useful."""
        data = resources.files("index.data")
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
        """Bring the index up to date: nothing to do when nothing changed."""
        start = time.perf_counter()
        with self._sync_lock:
            reason = "requested" if rebuild else ""
            if not rebuild:
                try:
                    if not self.index.is_open:
                        self.index.open()
                    if self.index.meta().get("store") != self.store.uuid:
                        reason = "the index belongs to another library"
                except IndexBroken as error:
                    reason = str(error)
            if reason:
                return self._rebuild(progress, reason, start)
            seq = int(self.index.meta().get("seq", 0))
            changed, last = self.store.changed_since(seq)
            if changed:
                present = self.store.papers(changed)
                gone = sorted(set(changed) - {p.id for p in present})
                self.index.update(present, gone, seq=last)
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
               complete_last: bool = True, limit: int | None = None) -> Results:
        self._ensure_open()
        kwargs = {"limit": limit} if limit is not None else {}
        return self.index.search(query, sort=sort, tag=tag, complete_last=complete_last,
                                 **kwargs)

    def _ensure_open(self) -> None:
        if not self.index.is_open:
            self.sync()

    def resolve(self, ref: str) -> str:
        """A full id, or a unique prefix of one."""
        ref = ref.strip().lower()
        if not ref:
            raise PaperNotFound("empty paper id")
        if self.store.read("SELECT 1 FROM papers WHERE id=?", (ref,)):
            return ref
        rows = self.store.read("SELECT id FROM papers WHERE id LIKE ? ESCAPE '\\' LIMIT 3",
                               (ref.replace("\\", "\\\\").replace("%", "\\%")
                                .replace("_", "\\_") + "%",))
        if len(rows) == 1:
            return rows[0][0]
        if rows:
            raise PaperNotFound(f"paper id {ref!r} is ambiguous")
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
        self.store.edit(paper_id, title=title, authors=authors, url=url)
        self.sync()
        return self.paper(paper_id)

    # -- citing and exporting ----------------------------------------------------------
    def cite(self, papers: Sequence[Paper], fmt: str = "bibtex") -> str:
        from .citations import cite  # citeproc is slow to import; only load it to cite

        return cite(papers, fmt)

    def export(self, papers: Sequence[Paper], fmt: str, path: str | Path, *,
               heading: str | None = None, overwrite: bool = False) -> Path:
        from .export import export_file

        return export_file(papers, fmt, Path(path), heading=heading, overwrite=overwrite)


# Re-exported so callers need only this module.
ListFormatError = ListFormatError
StoreError = StoreError
