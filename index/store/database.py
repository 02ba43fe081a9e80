"""The user's library on disk: lists, papers, tags and edits in one SQLite file.

SQLite in WAL mode gives what a reference manager needs: a crash mid-write loses only the
transaction in flight, and two processes writing at once are serialised rather than lost.
Every change to a paper is appended to `changes`, so the search index can catch up
incrementally instead of re-reading everything.
"""

from __future__ import annotations

import errno
import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DiskFull, ReadOnly, StoreDamaged, StoreError
from ..models import NewPaper, Paper, Span

# 2: reading state (status, priority), notes and saved searches. Older libraries gain the
# new tables on open (every statement is CREATE ... IF NOT EXISTS); nothing else changes.
SCHEMA_VERSION = 2

# Read status, as stored: a paper with no `reading` row is unread.
STATUSES = ("unread", "seen", "read")
MAX_PRIORITY = 3
# Extra fields that name one paper wherever it is listed (normalised by the readers).
ID_FIELDS = ("doi", "arxiv_id")
# meta: what a list's papers were last imported from and by (list_import._unchanged).
PREPARED_KEY = "prepared:{}"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS lists (
    name TEXT PRIMARY KEY, title TEXT NOT NULL, venue TEXT, year INTEGER,
    format TEXT NOT NULL, file TEXT NOT NULL, original TEXT, sha256 TEXT NOT NULL,
    added_at REAL NOT NULL, records INTEGER NOT NULL, bundled INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS papers (
    id TEXT PRIMARY KEY, abstract_key TEXT UNIQUE, title_key TEXT UNIQUE,
    title TEXT, authors TEXT NOT NULL DEFAULT '[]', venue TEXT, year INTEGER, url TEXT,
    abstract_source TEXT NOT NULL DEFAULT '', abstract TEXT NOT NULL DEFAULT '',
    emphasis TEXT NOT NULL DEFAULT '[]', urls TEXT NOT NULL DEFAULT '[]',
    name TEXT, derived_title TEXT NOT NULL DEFAULT '', extra TEXT NOT NULL DEFAULT '{}',
    added_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS memberships (
    list TEXT NOT NULL, position INTEGER NOT NULL, paper_id TEXT NOT NULL,
    PRIMARY KEY (list, position)
);
CREATE INDEX IF NOT EXISTS memberships_paper ON memberships (paper_id);
CREATE TABLE IF NOT EXISTS tags (
    paper_id TEXT NOT NULL, tag TEXT NOT NULL, added_at REAL NOT NULL,
    PRIMARY KEY (paper_id, tag)
);
CREATE INDEX IF NOT EXISTS tags_tag ON tags (tag);
CREATE TABLE IF NOT EXISTS edits (
    paper_id TEXT PRIMARY KEY, title TEXT, authors TEXT, url TEXT, edited_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, paper_id TEXT NOT NULL);
-- Schema 2. Status and priority are not in the search index (a change costs no index
-- update); a note is, so writing one logs a change. All keyed by the stable paper id,
-- and, like tags, kept when the paper's list is removed.
CREATE TABLE IF NOT EXISTS reading (
    paper_id TEXT PRIMARY KEY, status INTEGER NOT NULL DEFAULT 0,
    priority INTEGER NOT NULL DEFAULT 0, changed_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS reading_status ON reading (status);
CREATE TABLE IF NOT EXISTS notes (
    paper_id TEXT PRIMARY KEY, note TEXT NOT NULL, edited_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS saved_searches (
    name TEXT PRIMARY KEY, query TEXT NOT NULL, sort TEXT NOT NULL DEFAULT 'relevance',
    saved_at REAL NOT NULL
);
"""


# `PRAGMA quick_check` reads every page: about 4 ms a megabyte, so up to this size.
# Bigger files get the structural checks only; damage deeper in shows up when read.
QUICK_CHECK_MAX_BYTES = 64 * 1024 * 1024
SQLITE_MAGIC = b"SQLite format 3\x00"


def damage(path: Path, *, read_only: bool = False) -> str | None:
    """Why `path` is not a sound SQLite database, or None if it is (or does not exist).

    Never writes to the file. "Database is locked" and similar are not damage: they
    raise sqlite3.OperationalError for the caller to report as such.
    """
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return None
    if size == 0:
        return "the file is empty (0 bytes)"
    if _open_here(path):
        # Closing any descriptor of a database file drops every POSIX lock this process
        # holds on it, its open connections' read locks included (SQLite's "how to
        # corrupt" §2.2): another process may then fold the WAL back in under them. The
        # file is open and sound here already; SQLite's own check below still runs.
        header = b""
    else:
        with path.open("rb") as handle:
            header = handle.read(100)
    if header and not header.startswith(SQLITE_MAGIC):
        return "not an SQLite database: its first bytes are not an SQLite header"
    if header and len(header) < 100:
        return f"truncated to {size} bytes"
    header = header or bytes(100)
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    header_valid = header[24:28] == header[92:96]
    # A header counting more pages than the file holds is only a hint: a checkpoint that a
    # full disk stopped halfway leaves exactly that, and the WAL still holds the pages, so
    # SQLite reads the library whole. SQLite's own check decides wherever it can run.
    truncated = f"truncated: {size:,} bytes of {pages * page_size:,}" \
        if header_valid and pages and size < pages * page_size else None
    # (immutable where nothing may be written: a WAL library cannot be opened read-only
    # there otherwise. Elsewhere not: another process may be writing it.)
    mode = "mode=ro&immutable=1" if read_only else "mode=ro"
    db = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True, timeout=30)
    try:
        db.execute("PRAGMA busy_timeout=30000")
        if size <= QUICK_CHECK_MAX_BYTES:
            rows = db.execute("PRAGMA quick_check(5)").fetchall()
            if rows != [("ok",)]:
                first = str(rows[0][0]).replace("*** in database main ***", "").strip()
                return truncated or f"integrity check failed: {' '.join(first.split())}"
        else:
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            if truncated and not _has_wal_frames(path):
                return truncated  # too large to check every page: the header decides
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as error:
        return truncated or str(error)
    finally:
        db.close()
    return None


# Library files this process has open (resolved path -> open Stores): see damage().
_OPEN_STORES: dict[str, int] = {}
_OPEN_STORES_LOCK = threading.Lock()


def _open_here(path: Path) -> bool:
    with _OPEN_STORES_LOCK:
        return _OPEN_STORES.get(str(path.resolve()), 0) > 0


def _count_open(path: Path, change: int) -> None:
    key = str(path.resolve())
    with _OPEN_STORES_LOCK:
        left = _OPEN_STORES.get(key, 0) + change
        if left > 0:
            _OPEN_STORES[key] = left
        else:
            _OPEN_STORES.pop(key, None)


def _has_wal_frames(path: Path) -> bool:
    try:
        return Path(f"{path}-wal").stat().st_size > 32  # more than the WAL's own header
    except OSError:
        return False


@dataclass(frozen=True, slots=True)
class ListInfo:
    name: str
    title: str
    venue: str | None
    year: int | None
    format: str
    file: str
    original: str | None
    papers: int
    bundled: bool


def is_disk_full(error: BaseException) -> bool:
    """ENOSPC from the OS, or SQLite's SQLITE_FULL ("database or disk is full")."""
    if isinstance(error, OSError) and error.errno == errno.ENOSPC:
        return True
    return isinstance(error, sqlite3.OperationalError) and (
        getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL
        or "disk is full" in str(error))


def _inside(path: Path, directory: Path) -> bool:
    try:
        return path.resolve().is_relative_to(directory.resolve())
    except (OSError, ValueError):
        return False


def _id_expression(field: str) -> str:
    # json_valid first: one damaged row must not make the index (or an import) fail.
    return f"(CASE WHEN json_valid(extra) THEN json_extract(extra, '$.{field}') END)"


# json.dumps(value, ensure_ascii=False) and json.dumps(value, ensure_ascii=False,
# default=str), without building an encoder for every call (json.dumps does, given
# any option): the same text.
_json_text = json.JSONEncoder(ensure_ascii=False).encode
_json_extra = json.JSONEncoder(ensure_ascii=False, default=str).encode


def spans_to_json(spans: Iterable[Span]) -> str:
    return json.dumps([[s.start, s.end, s.kind, s.url] for s in spans])


def _spans_from_json(text: str) -> tuple[Span, ...]:
    return tuple(Span(a, b, kind, url) for a, b, kind, url in json.loads(text))


class Store:
    """Thread-safe access to the library file: one SQLite connection per thread."""

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        """`read_only`: for a library on read-only media or in a folder we may not write:
        searched and read, never written (SQLite is told so, and the WAL left alone)."""
        self.path = path
        self.read_only = read_only
        self._local = threading.local()
        self._connections: list[tuple[threading.Thread, sqlite3.Connection]] = []
        self._lock = threading.Lock()
        self._counted = False
        fresh = not path.exists()
        try:
            problem = damage(path, read_only=read_only)
        except sqlite3.OperationalError as error:
            raise StoreError(f"{path}: cannot open the library ({error})") from error
        if problem:
            raise StoreDamaged(path, problem)
        if read_only and not path.is_file():
            raise StoreError(f"{path}: no library here, and its folder is read-only")
        try:
            # Read first: opening a library another process is writing must not wait
            # for its write lock; only a new file needs the schema written.
            if self._schema() is None and not read_only:
                self._create()
            self._upgrade_schema()
            self._counted = True
            _count_open(path, +1)
        except BaseException as error:
            self.close()
            if fresh:
                # Never leave a half-made library file behind (a full disk): the next
                # start would take an empty file for a truncated library.
                for suffix in ("", "-wal", "-shm"):
                    with suppress(OSError):
                        Path(f"{path}{suffix}").unlink()
            if is_disk_full(error) or isinstance(error, DiskFull):
                raise DiskFull(f"{path.parent}: the disk is full; the library cannot be "
                               "opened until some space is free") from error
            if isinstance(error, sqlite3.OperationalError):
                raise StoreError(f"{path}: cannot open the library ({error})") from error
            if isinstance(error, sqlite3.DatabaseError):
                raise StoreDamaged(path, str(error)) from error
            raise

    def _create(self) -> None:
        """A new library's tables, its schema version and its uuid."""
        self._db().executescript(_SCHEMA)
        with self.transaction() as db:
            if db.execute("SELECT 1 FROM meta WHERE key='schema'").fetchone() is None:
                db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                db.execute("INSERT INTO meta VALUES ('uuid', ?)", (uuid.uuid4().hex,))

    def _upgrade_schema(self) -> None:
        """Refuse a library a newer papers wrote; bring an older one up to date."""
        schema = self._schema()
        if schema is not None and int(schema) > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: written by a newer version of papers "
                             f"(schema {schema}); upgrade papers to open it")
        if schema is not None and int(schema) < SCHEMA_VERSION:
            if self.read_only:
                raise StoreError(f"{self.path}: written by an older papers and read-only "
                                 "here; open it once where it can be written to upgrade it")
            self._migrate()

    def _migrate(self) -> None:
        """An older library: add what later schemas add. Idempotent, so two processes
        opening the same old file at once both succeed."""
        self._db().executescript(_SCHEMA)
        with self.transaction() as db:
            db.execute("UPDATE meta SET value=? WHERE key='schema' AND CAST(value AS INTEGER) < ?",
                       (str(SCHEMA_VERSION), SCHEMA_VERSION))

    def _schema(self) -> str | None:
        try:
            row = self._db().execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                return None
            raise
        return row[0] if row else None

    # -- connections -------------------------------------------------------------------
    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._connect()
            self._local.db = db
            with self._lock:
                # Every worker thread of the app gets a connection of its own; close
                # those of threads that have ended, or they would pile up all session.
                for thread, old in [(t, c) for t, c in self._connections
                                    if not t.is_alive()]:
                    with suppress(sqlite3.Error):
                        old.close()
                    self._connections.remove((thread, old))
                self._connections.append((threading.current_thread(), db))
        return db

    def _connect(self) -> sqlite3.Connection:
        if self.read_only:
            # immutable: SQLite neither locks nor looks for a WAL to write beside a
            # library it may not write (a WAL library otherwise cannot be opened
            # read-only once its -shm file is gone).
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro&immutable=1",
                                 uri=True, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA query_only=ON")
            return db
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                             check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA busy_timeout=30000")
        return db

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE: writers queue up front instead of failing at commit.

        All or nothing: on any failure nothing of the transaction stays. A full disk is
        raised as DiskFull, saying so; SQLite may already have rolled back by itself (a
        second ROLLBACK then failed with "no transaction is active", hiding the cause).
        """
        if self.read_only:
            raise ReadOnly(f"{self.path.parent} is read-only: changes cannot be saved "
                           "(searching and reading work)")
        db = self._db()
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                raise
        except (sqlite3.OperationalError, OSError) as error:
            if is_disk_full(error):
                raise DiskFull(f"{self.path.parent}: the disk is full; nothing of this "
                               "change was saved (free some space and try again)") from error
            raise

    def read(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        return self._db().execute(sql, tuple(params)).fetchall()

    def close(self) -> None:
        with self._lock:
            for _thread, db in self._connections:
                with suppress(sqlite3.Error):
                    db.close()
            self._connections.clear()
            if self._counted:
                self._counted = False
                _count_open(self.path, -1)
        self._local = threading.local()

    # -- meta ----------------------------------------------------------------------------
    def meta(self, key: str, default: str | None = None) -> str | None:
        rows = self.read("SELECT value FROM meta WHERE key=?", (key,))
        return rows[0][0] if rows else default

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    @property
    def uuid(self) -> str:
        return self.meta("uuid") or ""

    # -- lists ---------------------------------------------------------------------------
    def lists(self) -> list[ListInfo]:
        rows = self.read(
            "SELECT l.name, l.title, l.venue, l.year, l.format, l.file, l.original, "
            "(SELECT COUNT(DISTINCT paper_id) FROM memberships m WHERE m.list = l.name), "
            "l.bundled FROM lists l ORDER BY l.added_at, l.name")
        return [ListInfo(row[0], row[1], row[2], row[3], row[4],
                         str(self.list_copy(row[0], row[5])), *row[6:8], bool(row[8]))
                for row in rows]

    @property
    def lists_dir(self) -> Path:
        """Where this library keeps its copies of list files (beside the library file)."""
        return self.path.parent / "lists"

    def list_copy(self, name: str, recorded: str) -> Path:
        """This library's copy of a list file. Copies are recorded relative to the data
        dir; an absolute path from an older papers, or from a library copied elsewhere
        (`cp -a A B`), may point into another library, so only its file name is taken:
        nothing outside this library's lists/ is ever read or deleted as its own."""
        path = Path(recorded)
        if not path.is_absolute():
            path = self.path.parent / path
        if not _inside(path, self.lists_dir):
            path = self.lists_dir / (Path(recorded).name or name)
        return path

    def list_by_sha(self, db: sqlite3.Connection, sha256: str) -> str | None:
        row = db.execute("SELECT name FROM lists WHERE sha256=?", (sha256,)).fetchone()
        return row[0] if row else None

    def remove_list(self, name: str) -> list[str]:
        """Remove a list; papers no other list holds go too. Returns the removed ids.

        Tags and edits stay keyed by id: re-adding the list brings them back.
        """
        with self.transaction() as db:
            ids = [r[0] for r in db.execute(
                "SELECT DISTINCT paper_id FROM memberships WHERE list=?", (name,))]
            db.execute("DELETE FROM memberships WHERE list=?", (name,))
            db.execute("DELETE FROM lists WHERE name=?", (name,))
            db.execute("DELETE FROM meta WHERE key=?", (PREPARED_KEY.format(name),))
            orphans = [pid for pid in ids if db.execute(
                "SELECT 1 FROM memberships WHERE paper_id=? LIMIT 1", (pid,)).fetchone() is None]
            db.executemany("DELETE FROM papers WHERE id=?", [(pid,) for pid in orphans])
            db.executemany("INSERT INTO changes (paper_id) VALUES (?)", [(pid,) for pid in ids])
        return orphans

    # -- papers --------------------------------------------------------------------------
    def find_match(self, db: sqlite3.Connection, paper: NewPaper) -> str | None:
        """The stored paper `paper` is: the same abstract, the same title and year, or the
        same DOI or arXiv id (the same paper from arXiv and from a proceedings' RIS)."""
        if paper.abstract_key and paper.title_key:
            # Both keys in one statement (SQLite searches each unique index): a paper with
            # the abstract wins over one with the title and year, as when asked in turn.
            rows = db.execute("SELECT id, abstract_key FROM papers"
                              " WHERE abstract_key=? OR title_key=?",
                              (paper.abstract_key, paper.title_key)).fetchall()
            if rows:
                return next((found for found, key in rows if key == paper.abstract_key),
                            rows[0][0])
        else:
            for column, key in (("abstract_key", paper.abstract_key),
                                ("title_key", paper.title_key)):
                if key:
                    row = db.execute(f"SELECT id FROM papers WHERE {column}=?",
                                     (key,)).fetchone()
                    if row:
                        return row[0]
        # Ids live in the extra JSON, not in columns of their own: no new columns, so
        # every existing library keeps working; an index on each (ensure_id_indexes)
        # keeps the lookup cheap.
        for field in ID_FIELDS:
            value = paper.extra.get(field)
            if isinstance(value, str) and value:
                row = db.execute(f"SELECT id FROM papers WHERE {_id_expression(field)} = ?",
                                 (value,)).fetchone()
                if row:
                    return row[0]
        return None

    @staticmethod
    def ensure_id_indexes(db: sqlite3.Connection) -> None:
        """Indexes on the ids in `extra`, made on first need: a library from before them
        gets them at its next import (an index changes no table)."""
        for field in ID_FIELDS:
            db.execute(f"CREATE INDEX IF NOT EXISTS papers_{field} ON papers "
                       f"({_id_expression(field)})")

    def insert_paper(self, db: sqlite3.Connection, paper_id: str, paper: NewPaper, *,
                     changes: list[tuple[str]] | None = None) -> None:
        """Store a new paper and log its change; with `changes`, the change is appended
        there instead, for the caller to log in order with others (executemany)."""
        db.execute(
            "INSERT INTO papers (id, abstract_key, title_key, title, authors, venue, year, url,"
            " abstract_source, abstract, emphasis, urls, name, derived_title, extra, added_at)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (paper_id, paper.abstract_key, paper.title_key, paper.title,
             _json_text(paper.authors), paper.venue, paper.year, paper.url,
             paper.abstract_source, paper.abstract, spans_to_json(paper.emphasis),
             json.dumps(list(paper.urls)), paper.name, paper.derived_title,
             _json_extra(paper.extra), time.time()))
        if changes is None:
            db.execute("INSERT INTO changes (paper_id) VALUES (?)", (paper_id,))
        else:
            changes.append((paper_id,))

    def merge_paper(self, db: sqlite3.Connection, paper_id: str, paper: NewPaper,
                    former: tuple[str | None, int | None] | None = None) -> None:
        """Fill what the stored copy lacks from another list's copy of the same paper.

        `former`: the venue and year of the list being refreshed, as it had them before. A
        stored venue or year equal to those came from that list (a plain list gives all
        its papers its heading's), and the list read again now says what they are: an
        older reader took a headerless list's venue from its first abstract's words."""
        row = db.execute("SELECT abstract_key, title_key, title, authors, venue, year, url, "
                         "abstract_source, extra FROM papers WHERE id=?", (paper_id,)).fetchone()
        updates: dict[str, Any] = {}
        if not row[0] and paper.abstract_key and not self._key_taken(db, "abstract_key",
                                                                     paper.abstract_key):
            updates.update(abstract_key=paper.abstract_key, abstract_source=paper.abstract_source,
                           abstract=paper.abstract, emphasis=spans_to_json(paper.emphasis),
                           urls=json.dumps(list(paper.urls)), name=paper.name,
                           derived_title=paper.derived_title)
        if not row[1] and paper.title_key and not self._key_taken(db, "title_key",
                                                                  paper.title_key):
            updates["title_key"] = paper.title_key
        for column, value, current in (("title", paper.title, row[2]),
                                       ("venue", paper.venue, row[4]),
                                       ("year", paper.year, row[5]), ("url", paper.url, row[6])):
            if value and not current:
                updates[column] = value
        if former is not None:
            updates.update(self._as_the_list_says(db, paper_id, paper, row[4:6], former))
        if "title" in updates and paper.name_from_title:  # the title's name is the truth
            updates["name"] = paper.name
        if paper.authors and row[3] == "[]":
            updates["authors"] = json.dumps(paper.authors, ensure_ascii=False)
        extra = json.loads(row[8])
        if any(k not in extra for k in paper.extra):
            updates["extra"] = json.dumps({**paper.extra, **extra}, ensure_ascii=False,
                                          default=str)
        if updates:
            assignments = ", ".join(f"{column}=?" for column in updates)
            db.execute(f"UPDATE papers SET {assignments} WHERE id=?", (*updates.values(), paper_id))
            db.execute("INSERT INTO changes (paper_id) VALUES (?)", (paper_id,))

    @staticmethod
    def _as_the_list_says(db: sqlite3.Connection, paper_id: str, paper: NewPaper,
                          stored: tuple[str | None, int | None],
                          former: tuple[str | None, int | None]) -> dict[str, Any]:
        """The venue and year a refreshed list gives a paper in place of the ones it gave
        before (merge_paper). One is cleared only where no other list holds the paper: that
        list may have given the same (the list's own memberships are written after)."""
        updates: dict[str, Any] = {}
        elsewhere = None
        for column, value, current, given in zip(("venue", "year"), (paper.venue, paper.year),
                                                 stored, former, strict=True):
            if current is None or current != given or value == current:
                continue
            if value is None and elsewhere is None:
                elsewhere = db.execute("SELECT 1 FROM memberships WHERE paper_id=? LIMIT 1",
                                       (paper_id,)).fetchone() is not None
            if value is not None or not elsewhere:
                updates[column] = value
        return updates

    @staticmethod
    def _key_taken(db: sqlite3.Connection, column: str, key: str) -> bool:
        return db.execute(f"SELECT 1 FROM papers WHERE {column}=?", (key,)).fetchone() is not None

    def ids(self) -> list[str]:
        return [r[0] for r in self.read("SELECT id FROM papers ORDER BY id")]

    def ids_starting(self, prefix: str, limit: int) -> list[str]:
        """`[prefix]` if a paper has exactly that id, else up to `limit` ids beginning
        with it, in order: what an id prefix on the command line may mean."""
        if self.read("SELECT 1 FROM papers WHERE id=?", (prefix,)):
            return [prefix]
        pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        return [row[0] for row in self.read(
            "SELECT id FROM papers WHERE id LIKE ? ESCAPE '\\' ORDER BY id LIMIT ?",
            (pattern, limit))]

    def count(self) -> int:
        return self.read("SELECT COUNT(*) FROM papers")[0][0]

    def papers(self, ids: Iterable[str] | None = None) -> list[Paper]:
        """Materialise papers (all when `ids` is None), in the order of `ids`."""
        base = ("SELECT p.id, p.title, p.authors, p.venue, p.year, p.url, p.abstract_source, "
                "p.abstract, p.emphasis, p.urls, p.name, p.derived_title, p.extra, "
                "e.title, e.authors, e.url, r.status, r.priority, n.note FROM papers p "
                "LEFT JOIN edits e ON e.paper_id = p.id LEFT JOIN reading r ON r.paper_id = p.id "
                "LEFT JOIN notes n ON n.paper_id = p.id")
        if ids is None:
            rows = self.read(base)
            wanted: list[str] | None = None
        else:
            wanted = list(dict.fromkeys(ids))
            rows = []
            for start in range(0, len(wanted), 500):
                chunk = wanted[start:start + 500]
                marks = ",".join("?" * len(chunk))
                rows += self.read(f"{base} WHERE p.id IN ({marks})", chunk)
        found = {row[0]: row for row in rows}
        order = wanted if wanted is not None else list(found)
        tags = self._map("SELECT paper_id, tag FROM tags ORDER BY tag", found)
        lists = self._map("SELECT DISTINCT paper_id, list FROM memberships ORDER BY list", found)
        return [self._paper(found[pid], tags.get(pid, []), lists.get(pid, []))
                for pid in order if pid in found]

    def titles_and_abstracts(self, ids: Iterable[str]) -> dict[str, tuple[str | None, str]]:
        """id -> (the title papers() gives the paper unless it is derived, else None; its
        abstract) for those of `ids` present."""
        found: dict[str, tuple[str | None, str]] = {}
        wanted = list(ids)
        for start in range(0, len(wanted), 500):
            chunk = wanted[start:start + 500]
            for pid, title, edit_title, abstract in self.read(
                    "SELECT p.id, p.title, e.title, p.abstract FROM papers p LEFT JOIN edits e "
                    f"ON e.paper_id = p.id WHERE p.id IN ({','.join('?' * len(chunk))})",
                    chunk):
                found[pid] = (edit_title or title or None, abstract)
        return found

    def _map(self, sql: str, found: dict[str, Any]) -> dict[str, list[str]]:
        mapping: dict[str, list[str]] = {}
        if len(found) > 2000:
            rows = self.read(sql)
        else:
            rows = []
            keys = list(found)
            where = sql.replace(" ORDER BY", " WHERE paper_id IN ({}) ORDER BY")
            for start in range(0, len(keys), 500):
                chunk = keys[start:start + 500]
                rows += self.read(where.format(",".join("?" * len(chunk))), chunk)
        for pid, value in rows:
            mapping.setdefault(pid, []).append(value)
        return mapping

    @staticmethod
    def _paper(row: sqlite3.Row, tags: list[str], lists: list[str]) -> Paper:
        (pid, title, authors, venue, year, url, source, abstract, emphasis, urls, name,
         derived, extra, edit_title, edit_authors, edit_url, status, priority, note) = row
        edited = [field for field, value in (("title", edit_title), ("authors", edit_authors),
                                             ("url", edit_url)) if value is not None]
        shown_title = edit_title or title or derived
        return Paper(
            id=pid, title=shown_title, title_derived=not (edit_title or title), name=name,
            authors=json.loads(edit_authors if edit_authors is not None else authors),
            venue=venue, year=year, abstract=abstract, abstract_source=source,
            emphasis=_spans_from_json(emphasis), urls=json.loads(urls),
            url=edit_url if edit_url is not None else url, lists=lists, tags=tags,
            extra=json.loads(extra), edited=edited, status=STATUSES[status or 0],
            priority=priority or 0, note=note or "")

    # -- tags and edits ------------------------------------------------------------------
    def tag(self, ids: Iterable[str], tags: Iterable[str]) -> int:
        pairs = [(pid, tag) for pid in ids for tag in tags]
        now = time.time()
        with self.transaction() as db:
            before = db.total_changes
            db.executemany("INSERT OR IGNORE INTO tags VALUES (?, ?, ?)",
                           [(pid, tag, now) for pid, tag in pairs])
            added = db.total_changes - before
            if added:
                self.tags_changed(db)
        return added

    def untag(self, ids: Iterable[str], tags: Iterable[str]) -> int:
        pairs = [(pid, tag) for pid in ids for tag in tags]
        with self.transaction() as db:
            before = db.total_changes
            db.executemany("DELETE FROM tags WHERE paper_id=? AND tag=?", pairs)
            removed = db.total_changes - before
            if removed:
                self.tags_changed(db)
        return removed

    # Tags are not in the search index: a tag rewrote the paper's document, which moved
    # every other paper's score (the collection's statistics count the replaced copy)
    # until segments merged. They are filtered by from here (`tag:`), and a counter in
    # `meta` tells every process that they changed.
    @staticmethod
    def tags_changed(db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO meta VALUES ('tags_version', '1') ON CONFLICT(key) DO "
                   "UPDATE SET value = CAST(value AS INTEGER) + 1")

    def names(self) -> list[tuple[str, str]]:
        """(paper id, method name) of every paper whose abstract names its method."""
        return [(pid, name) for pid, name in self.read(
            "SELECT id, name FROM papers WHERE name IS NOT NULL AND name != '' ORDER BY id")]

    def names_stamp(self) -> tuple:
        """Changes whenever the papers' names may have: when a list is added, refreshed
        or removed, papers recovered, or names derived again (store/rederive.py; names
        are not edited)."""
        return tuple(self.read("SELECT (SELECT COUNT(*) FROM papers), (SELECT COUNT(*) "
                               "FROM lists), (SELECT MAX(added_at) FROM lists), "
                               "(SELECT value FROM meta WHERE key='names_model')")[0])

    def tags_version(self) -> int:
        """A number that changes whenever a tag is added or removed, in any process."""
        return int(self.meta("tags_version", "0") or 0)

    def tags_by_paper(self) -> dict[str, tuple[str, ...]]:
        """Every tagged paper's tags, in name order (as `papers()` gives them)."""
        mapping: dict[str, list[str]] = {}
        for pid, tag in self.read("SELECT paper_id, tag FROM tags ORDER BY tag"):
            mapping.setdefault(pid, []).append(tag)
        return {pid: tuple(tags) for pid, tags in mapping.items()}

    def tag_counts(self) -> list[tuple[str, int]]:
        """Tags on papers currently in the library, most used first."""
        rows = self.read("SELECT t.tag, COUNT(*) FROM tags t JOIN papers p ON p.id = t.paper_id "
                         "GROUP BY t.tag ORDER BY COUNT(*) DESC, t.tag")
        return [(tag, count) for tag, count in rows]

    def listed(self, name: str) -> list[str]:
        """The ids of a list's papers, in the list's order (once each)."""
        rows = self.read("SELECT paper_id FROM memberships WHERE list=? ORDER BY position",
                         (name,))
        return list(dict.fromkeys(r[0] for r in rows))

    def tagged(self, tag: str) -> list[str]:
        rows = self.read("SELECT t.paper_id FROM tags t JOIN papers p ON p.id = t.paper_id "
                         "WHERE t.tag=? ORDER BY t.added_at, t.paper_id", (tag,))
        return [r[0] for r in rows]

    def edit(self, paper_id: str, *, title: str | None = None,
             authors: list[str] | None = None, url: str | None = None) -> None:
        """Record the user's values; None leaves a field as it is, '' clears the edit."""
        with self.transaction() as db:
            row = db.execute("SELECT title, authors, url FROM edits WHERE paper_id=?",
                             (paper_id,)).fetchone() or (None, None, None)
            new_title = row[0] if title is None else (title.strip() or None)
            new_authors = row[1] if authors is None else (
                json.dumps(authors, ensure_ascii=False) if authors else None)
            new_url = row[2] if url is None else (url.strip() or None)
            db.execute("INSERT OR REPLACE INTO edits VALUES (?, ?, ?, ?, ?)",
                       (paper_id, new_title, new_authors, new_url, time.time()))
            db.execute("INSERT INTO changes (paper_id) VALUES (?)", (paper_id,))

    # -- reading state, notes, saved searches --------------------------------------------
    def set_status(self, ids: Iterable[str], status: str, *, upgrade_only: bool = False) -> int:
        """Set the read status; `upgrade_only` never moves a paper back (seen on opening
        must not undo "read"). Only the status column is written, so a star set by
        another process at the same moment is kept. Returns the papers changed."""
        return self._write_reading(ids, "status", STATUSES.index(status),
                                   "<" if upgrade_only else "!=")

    def set_priority(self, ids: Iterable[str], priority: int) -> int:
        """0 (no star) to MAX_PRIORITY; only the priority column is written."""
        return self._write_reading(ids, "priority", max(0, min(int(priority), MAX_PRIORITY)),
                                   "!=")

    def _write_reading(self, ids: Iterable[str], column: str, value: int,
                       compare: str) -> int:
        """Write one column of the reading state where the stored value `compare`s to
        the new one ("!=": any change; "<": only upwards); the other column is left as
        it is. A paper without a row is at 0 in both. Returns the papers changed."""
        assert column in ("status", "priority") and compare in ("!=", "<")
        other = "priority" if column == "status" else "status"
        ids, now = list(dict.fromkeys(ids)), time.time()
        with self.transaction() as db:
            before = db.total_changes
            if value == 0:  # back to 0: a paper without a row already is
                db.executemany(f"UPDATE reading SET {column}=0, changed_at=? "
                               f"WHERE paper_id=? AND {column} != 0",
                               [(now, pid) for pid in ids])
            else:
                db.executemany(
                    f"INSERT INTO reading (paper_id, {column}, {other}, changed_at) "
                    f"VALUES (?, ?, 0, ?) ON CONFLICT(paper_id) DO UPDATE SET "
                    f"{column}=excluded.{column}, changed_at=excluded.changed_at "
                    f"WHERE reading.{column} {compare} excluded.{column}",
                    [(pid, value, now) for pid in ids])
            return db.total_changes - before

    def reading_states(self) -> dict[str, tuple[str, int]]:
        """Every paper not in the default state (unread, no star): id -> (status, priority).
        Small: only papers the user has touched have a row."""
        rows = self.read("SELECT paper_id, status, priority FROM reading "
                         "WHERE status != 0 OR priority != 0")
        return {pid: (STATUSES[status], priority) for pid, status, priority in rows}

    def ids_with(self, *, status: str | None = None, min_priority: int | None = None,
                 priority: int | None = None) -> set[str]:
        """Papers with that status (not "unread": that is every paper without one) or
        priority: what `is:seen`, `is:starred` and `priority:2` filter by."""
        if status is not None:
            rows = self.read("SELECT paper_id FROM reading WHERE status=?",
                             (STATUSES.index(status),))
        elif priority is not None:
            rows = self.read("SELECT paper_id FROM reading WHERE priority=?", (priority,))
        else:
            rows = self.read("SELECT paper_id FROM reading WHERE priority>=?",
                             (min_priority or 1,))
        return {row[0] for row in rows}

    def tagged_ids(self) -> set[str]:
        return {row[0] for row in self.read("SELECT DISTINCT paper_id FROM tags")}

    def list_progress(self) -> dict[str, tuple[int, int, int, int, int]]:
        """Per list: (papers, seen or read, read, starred, tagged)."""
        rows = self.read(
            "SELECT m.list, COUNT(DISTINCT m.paper_id), "
            "COUNT(DISTINCT CASE WHEN r.status >= 1 THEN m.paper_id END), "
            "COUNT(DISTINCT CASE WHEN r.status = 2 THEN m.paper_id END), "
            "COUNT(DISTINCT CASE WHEN r.priority >= 1 THEN m.paper_id END), "
            "COUNT(DISTINCT t.paper_id) FROM memberships m "
            "LEFT JOIN reading r ON r.paper_id = m.paper_id "
            "LEFT JOIN tags t ON t.paper_id = m.paper_id GROUP BY m.list")
        return {row[0]: tuple(row[1:]) for row in rows}

    def note(self, paper_id: str) -> str:
        rows = self.read("SELECT note FROM notes WHERE paper_id=?", (paper_id,))
        return rows[0][0] if rows else ""

    def notes_stamp(self) -> tuple:
        """Changes whenever a note is written or deleted, here or in another process."""
        return tuple(self.read("SELECT COUNT(*), MAX(edited_at) FROM notes")[0])

    def all_notes(self) -> dict[str, str]:
        return dict(self.read("SELECT paper_id, note FROM notes"))

    def set_note(self, paper_id: str, note: str) -> bool:
        """Write (or, when blank, delete) a paper's note. Notes are searched beside the
        index, not in it, so nothing is logged for the index. Returns whether it changed."""
        with self.transaction() as db:
            row = db.execute("SELECT note FROM notes WHERE paper_id=?", (paper_id,)).fetchone()
            if (row[0] if row else "") == note:
                return False
            if note.strip():
                db.execute("INSERT OR REPLACE INTO notes VALUES (?, ?, ?)",
                           (paper_id, note, time.time()))
            else:
                db.execute("DELETE FROM notes WHERE paper_id=?", (paper_id,))
        return True

    def save_search(self, name: str, query: str, sort: str) -> None:
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO saved_searches VALUES (?, ?, ?, ?)",
                       (name, query, sort, time.time()))

    def delete_saved_search(self, name: str) -> bool:
        with self.transaction() as db:
            return db.execute("DELETE FROM saved_searches WHERE name=?", (name,)).rowcount > 0

    def saved_searches(self) -> list[tuple[str, str, str]]:
        """(name, query, sort), oldest first: the order `1`-`9` recall them in."""
        return [tuple(row) for row in self.read(
            "SELECT name, query, sort FROM saved_searches ORDER BY saved_at, name")]

    # -- change log ----------------------------------------------------------------------
    def last_change(self) -> int:
        return self.read("SELECT COALESCE(MAX(seq), 0) FROM changes")[0][0]

    def changed_since(self, seq: int) -> tuple[list[str], int]:
        rows = self.read("SELECT paper_id, seq FROM changes WHERE seq > ? ORDER BY seq", (seq,))
        last = rows[-1][1] if rows else seq
        return list(dict.fromkeys(r[0] for r in rows)), last
