"""Importing a list file into the store: parse, prepare, de-duplicate, record, all or nothing."""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import stat
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..errors import DiskFull
from ..ingest.formats import (
    EXTENSIONS,
    GZIP_MAGIC,
    GZIP_SUFFIX,
    LIST_FORMATS,
    decode_list,
    parse_text,
    read_bytes,
)
from ..ingest.prepare import clean_line, prepare_each, short_id, statistics_over_cores
from ..ingest.records import prevailing
from ..models import NewPaper, Record, counted
from ..paths import Locations
from ..source_stamp import INDEX_ROOT, source_crc
from .database import PREPARED_KEY, Store, is_disk_full
from .incoming import INCOMING_PREFIX

# progress(done, total, phase)
Progress = Callable[[int, int, str], None]

PROGRESS_EVERY = 250  # records between progress reports
SKIPPED_SHOWN = 5  # reasons listed; a count says how many more
_MAX_NAME = 80  # characters of a list file's stem kept in its name (and its copy's name)


@dataclass(slots=True)
class ImportReport:
    file: str
    list_name: str
    read: int = 0
    new: int = 0
    merged: int = 0
    skipped: list[str] = field(default_factory=list)
    refreshed: bool = False
    unchanged: bool = False  # the same file, imported by the same code: nothing done
    last_id: str = ""  # the paper the last record became (while importing)

    def summary(self) -> str:
        if self.unchanged:
            return (f"{self.file}: already in the library as '{self.list_name}' "
                    f"({counted(self.read, 'paper')}), unchanged: nothing to import")
        verb = "refreshed" if self.refreshed else "added"
        line = (f"{self.file}: {verb} as '{self.list_name}': "
                f"{counted(self.read, 'paper')} read, {self.new:,} new, "
                f"{counted(self.merged, 'duplicate')} merged, {len(self.skipped):,} skipped")
        shown = self.skipped[:SKIPPED_SHOWN]
        line += "".join(f"\n  skipped {reason}" for reason in shown)
        if len(self.skipped) > len(shown):
            line += f"\n  … and {len(self.skipped) - len(shown):,} more skipped"
        return line




def _copy_suffix(path: Path, fmt: str, gzipped: bool) -> str:
    """The copy keeps a known extension of its format; anything else gets the format's own.
    A gzip file's copy is the same bytes, so it ends in `.gz` too."""
    if gzipped and path.suffix.lower() == GZIP_SUFFIX:
        path = path.with_suffix("")
    suffix = path.suffix.lower()
    if EXTENSIONS.get(suffix) != fmt:
        suffix = LIST_FORMATS[fmt].suffixes[0] if fmt in LIST_FORMATS else ".txt"
    return suffix + (GZIP_SUFFIX if gzipped else "")


def _list_name(db: sqlite3.Connection, where: Locations, stem: str, suffix: str,
               size: int, sha: str) -> tuple[str, Path]:
    """A new list's name and the path of its copy, both made from `stem` only.

    The name is one safe path component (no separators, no leading dot, bounded length),
    so whatever a list file is called, its copy lands inside `lists/`. A copy already on
    disk is never overwritten with other content: it may belong to a library that was
    moved aside as damaged (`papers recover` reads it), or to an import cut short.
    """
    base = re.sub(r"[^\w.-]+", "-", stem)[:_MAX_NAME].strip("-.") or "list"
    name, number = base, 1
    while True:
        copy = where.lists_dir / f"{name}{suffix}"
        taken = db.execute("SELECT 1 FROM lists WHERE name=?", (name,)).fetchone()
        if not taken and (not copy.exists() or _same_content(copy, size, sha)):
            return name, copy
        number += 1
        name = f"{base}-{number}"


def _stem(path: Path, title: str) -> str:
    """What a list is named after: its file's stem, or for a pipe (`papers add <(…)`,
    read from /dev/fd/63) its own title line, since "63" names nothing."""
    try:
        piped = stat.S_ISFIFO(path.stat().st_mode)
    except OSError:
        piped = True  # gone already: a pipe's /dev/fd entry closes with it
    if piped and title:
        return title.lower()
    return path.with_suffix("").stem if path.suffix.lower() == GZIP_SUFFIX else path.stem


def _same_content(path: Path, size: int, sha: str) -> bool:
    try:
        return path.is_file() and path.stat().st_size == size and \
            hashlib.sha256(path.read_bytes()).hexdigest() == sha
    except OSError:
        return False


def import_list(store: Store, where: Locations, path: Path, *, bundled: bool = False,
                progress: Progress | None = None,
                meanwhile: Callable[[], object] | None = None) -> ImportReport:
    """Read `path` and add its papers; all or nothing: a failure changes nothing.

    The file is read once; its copy is written to a temporary name (carrying our pid, so
    a later start can tell a dead import's leftover from a live one) and moved into place
    inside the transaction, so a crash leaves either no trace in the store or the whole
    list. Records are rendered (by worker processes, for a large list: see
    `prepare_each`) and stored in order, and let go as they are, so a list is held once
    (a 200 MB list was held three times over and peaked at 1.9 GB).
    `progress(done, total, phase)` hears "reading" (bytes) at once, then "importing"
    (records). `meanwhile`: see `prepare_each`.
    """
    path = Path(path)
    data = read_bytes(path)
    size, sha = len(data), hashlib.sha256(data).hexdigest()
    if progress:
        progress(0, size, "reading")
    unchanged = _unchanged(store, path, sha, size, bundled)
    if unchanged is not None:
        return unchanged
    where.lists_dir.mkdir(parents=True, exist_ok=True)
    temp_copy = where.lists_dir / f"{INCOMING_PREFIX}{os.getpid()}-{uuid.uuid4().hex}"
    try:
        temp_copy.write_bytes(data)
        gzipped = data.startswith(GZIP_MAGIC)
        text, named = decode_list(path, data)
        del data  # held once at a time: the bytes, then the text, then the records
        parsed = parse_text(path, text, named=named)
        del text
        records: list[Record | None] = list(parsed.records)
        parsed.records = []
        total = len(records)
        # One cheap pass before the records are prepared: how many abstracts of this list
        # use each name-shaped token (a name most of them use is prior work, names.py).
        statistics = statistics_over_cores([r.abstract for r in records if r is not None])
        suffix = _copy_suffix(path, parsed.format, gzipped)
        with store.transaction() as db:
            store.ensure_id_indexes(db)
            existing = store.list_by_sha(db, sha)
            # What the list gave its papers before a refresh (see Store.merge_paper).
            former: tuple[str | None, int | None] | None = None
            if existing:
                name = existing
                recorded, venue, year = db.execute(
                    "SELECT file, venue, year FROM lists WHERE name=?", (name,)).fetchone()
                copy = store.list_copy(name, recorded)
                former = (venue, year)
            else:
                name, copy = _list_name(db, where, _stem(path, parsed.title), suffix,
                                        size, sha)
            report = ImportReport(str(path), name, read=total,
                                  skipped=list(parsed.skipped), refreshed=bool(existing))
            db.execute("DELETE FROM memberships WHERE list=?", (name,))
            db.execute("INSERT OR REPLACE INTO lists (name, title, venue, year, format, file,"
                       " original, sha256, added_at, records, bundled)"
                       " VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                       (name, clean_line(parsed.title) or name, parsed.venue, parsed.year,
                        parsed.format, str(copy.relative_to(where.data_dir)),
                        None if bundled else str(path.resolve()),
                        sha, time.time(), total, int(bundled)))
            seen: set[str] = set()
            rows = _Rows(db)
            # A list's venue and year as its papers have them once prepared: a BibTeX
            # entry a record carries gives them then (ingest/bibtex_text.py).
            venues: list[tuple[str | None, int | None]] = []
            for position, paper in enumerate(prepare_each(records, statistics, meanwhile)):
                if progress and position % PROGRESS_EVERY == 0:
                    progress(position, total, "importing")
                if parsed.venue is None and parsed.year is None:
                    venues.append((paper.venue, paper.year))
                _store_paper(store, db, paper, report, seen, former, rows)
                rows.memberships.append((name, position, report.last_id))
                if len(rows.memberships) >= _ROWS_HELD:
                    rows.write()
            rows.write()
            if venues:
                db.execute("UPDATE lists SET venue=?, year=? WHERE name=?",
                           (prevailing(v for v, _ in venues), prevailing(y for _, y in venues),
                            name))
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                       (PREPARED_KEY.format(name), _mark(sha, _held(db, name)[0])))
            if progress:
                progress(total, total, "importing")
            os.replace(temp_copy, copy)
    except BaseException as error:
        temp_copy.unlink(missing_ok=True)
        if isinstance(error, DiskFull) or is_disk_full(error):
            raise DiskFull(f"{where.data_dir}: the disk is full; {path} was not added "
                           "(your library is as it was)") from error
        raise
    return report


# The code that decides what a list file's papers are stored as: parsing, rendering,
# naming and its model, keys, de-duplication and the store's rows.
_INGEST_CODE = ("ingest", "ingest/data", "store/list_import.py", "store/database.py",
                "models.py")


@cache
def ingest_stamp(root: Path = INDEX_ROOT) -> str:
    """A CRC of _INGEST_CODE's files under `root` (this package's, read once a process):
    an upgrade that changes any of them imports an unchanged list again, so the papers
    are what this code makes."""
    return f"{source_crc(_INGEST_CODE, root=root, suffixes=('.py', '.json', '.txt')):08x}"


def _mark(sha: str, memberships: int) -> str:
    """What `meta` keeps of a list's import: the file's sha256, the code that imported
    it, and how many memberships it left."""
    return f"{sha}:{ingest_stamp()}:{memberships}"


def _held(db: sqlite3.Connection, name: str) -> tuple[int, int]:
    """The list's memberships, and how many of them name a paper the store lacks."""
    return db.execute("SELECT COUNT(*), COUNT(*) - COUNT(p.id) FROM memberships m"
                      " LEFT JOIN papers p ON p.id = m.paper_id WHERE m.list=?",
                      (name,)).fetchone()


def _unchanged(store: Store, path: Path, sha: str, size: int,
               bundled: bool) -> ImportReport | None:
    """The report of importing a file the library holds already, unchanged (the same
    bytes, imported by this code, its papers and its copy intact), or None: its papers
    would come out as they are, so none is parsed, prepared or merged again, and the
    index has nothing to catch up on (re-adding ICML 2023: 2.15 -> 0.34 s; `papers add
    DIR` with three lists known and a new one: 7.35 -> 5.00 s). Only what a refresh
    records of the adding itself is written: where the file was added from, and when."""
    with store.transaction() as db:
        name = store.list_by_sha(db, sha)
        if name is None:
            return None
        mark = db.execute("SELECT value FROM meta WHERE key=?",
                          (PREPARED_KEY.format(name),)).fetchone()
        # Its papers as the import left them: as many memberships, each paper there (a
        # damaged library that lost some gets them back from a refresh).
        held, lost = _held(db, name)
        if mark is None or mark[0] != _mark(sha, held) or lost:
            return None
        file, records = db.execute("SELECT file, records FROM lists WHERE name=?",
                                   (name,)).fetchone()
        if not _same_content(store.list_copy(name, file), size, sha):
            return None  # (a refresh writes the copy again)
        db.execute("UPDATE lists SET original=?, added_at=?, bundled=? WHERE name=?",
                   (None if bundled else str(path.resolve()), time.time(), int(bundled),
                    name))
    return ImportReport(str(path), name, read=records, refreshed=True, unchanged=True)


_ROWS_HELD = 1000  # memberships (and changes) held before they are written


class _Rows:
    """The import's rows of `changes` and `memberships`, written a few hundred at a time
    by executemany rather than one statement each, in the order they came: the same
    rows, and the same change numbers, as written one by one (nothing in the import
    reads them back)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.changes: list[tuple[str]] = []
        self.memberships: list[tuple[str, int, str]] = []

    def write(self) -> None:
        if self.changes:
            self.db.executemany("INSERT INTO changes (paper_id) VALUES (?)", self.changes)
            self.changes.clear()
        if self.memberships:
            self.db.executemany("INSERT INTO memberships VALUES (?, ?, ?)", self.memberships)
            self.memberships.clear()


def _store_paper(store: Store, db: sqlite3.Connection, paper: NewPaper,
                 report: ImportReport, seen: set[str],
                 former: tuple[str | None, int | None] | None, rows: _Rows) -> None:
    """A new paper, or its copy merged into the one the library has (`report.last_id`).
    `former`: when the list is refreshed, the venue and year it had before."""
    refreshing = former is not None
    paper_id = store.find_match(db, paper)
    if paper_id is None:
        paper_id = _free_id(db, paper)
        store.insert_paper(db, paper_id, paper, changes=rows.changes)
        report.new += 1
    else:
        rows.write()  # the merge may log a change of its own: after those held
        store.merge_paper(db, paper_id, paper, former)
        # Its `list` field changed even when no other field did: re-index it.
        rows.changes.append((paper_id,))
        if paper_id in seen or not refreshing:
            report.merged += 1
    seen.add(paper_id)
    report.last_id = paper_id


def _free_id(db: sqlite3.Connection, paper: NewPaper) -> str:
    key = paper.abstract_key or paper.title_key or uuid.uuid4().hex * 2
    for length in range(8, 52):
        candidate = short_id(key, length)
        if db.execute("SELECT 1 FROM papers WHERE id=?", (candidate,)).fetchone() is None:
            return candidate
    raise RuntimeError("no free id")  # unreachable: 52 base32 chars is the whole digest

