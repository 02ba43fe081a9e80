"""The user's library on disk: lists, papers, tags and edits in one SQLite file.

SQLite in WAL mode gives what a reference manager needs: a crash mid-write loses only the
transaction in flight, and two processes writing at once are serialised rather than lost.
Every change to a paper is appended to `changes`, so the search index can catch up
incrementally instead of re-reading everything.
"""

from __future__ import annotations

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

from ..errors import StoreDamaged, StoreError
from ..models import NewPaper, Paper, Span

# 2: reading state (status, priority), notes and saved searches. Older libraries gain the
# new tables on open (every statement is CREATE ... IF NOT EXISTS); nothing else changes.
SCHEMA_VERSION = 2

# Read status, as stored: a paper with no `reading` row is unread.
STATUSES = ("unread", "seen", "read")
MAX_PRIORITY = 3

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


def damage(path: Path) -> str | None:
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
    with path.open("rb") as handle:
        header = handle.read(100)
    if not header.startswith(SQLITE_MAGIC):
        return "not an SQLite database: its first bytes are not an SQLite header"
    if len(header) < 100:
        return f"truncated to {size} bytes"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    header_valid = header[24:28] == header[92:96]
    if header_valid and pages and size < pages * page_size:
        return f"truncated: {size:,} bytes of {pages * page_size:,}"
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    try:
        db.execute("PRAGMA busy_timeout=30000")
        if size <= QUICK_CHECK_MAX_BYTES:
            rows = db.execute("PRAGMA quick_check(5)").fetchall()
            if rows != [("ok",)]:
                first = str(rows[0][0]).replace("*** in database main ***", "").strip()
                return f"integrity check failed: {' '.join(first.split())}"
        else:
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as error:
        return str(error)
    finally:
        db.close()
    return None


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


def _spans_to_json(spans: Iterable[Span]) -> str:
    return json.dumps([[s.start, s.end, s.kind, s.url] for s in spans])


def _spans_from_json(text: str) -> tuple[Span, ...]:
    return tuple(Span(a, b, kind, url) for a, b, kind, url in json.loads(text))


class Store:
    """Thread-safe access to the library file: one SQLite connection per thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        try:
            problem = damage(path)
        except sqlite3.OperationalError as error:
            raise StoreError(f"{path}: cannot open the library ({error})") from error
        if problem:
            raise StoreDamaged(path, problem)
        try:
            # Read first: opening a library another process is writing must not wait
            # for its write lock; only a new file needs the schema written.
            if self._schema() is None:
                self._db().executescript(_SCHEMA)
                with self.transaction() as db:
                    if db.execute("SELECT 1 FROM meta WHERE key='schema'").fetchone() is None:
                        db.execute("INSERT INTO meta VALUES ('schema', ?)",
                                   (str(SCHEMA_VERSION),))
                        db.execute("INSERT INTO meta VALUES ('uuid', ?)", (uuid.uuid4().hex,))
            schema = self._schema()
            if schema is not None and int(schema) > SCHEMA_VERSION:
                raise StoreError(f"{path}: written by a newer version of papers "
                                 f"(schema {schema}); upgrade papers to open it")
            if schema is not None and int(schema) < SCHEMA_VERSION:
                self._migrate()
        except sqlite3.OperationalError as error:
            self.close()
            raise StoreError(f"{path}: cannot open the library ({error})") from error
        except sqlite3.DatabaseError as error:
            self.close()
            raise StoreDamaged(path, str(error)) from error
        except BaseException:
            self.close()
            raise

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
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                                 check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA busy_timeout=30000")
            self._local.db = db
            with self._lock:
                self._connections.append(db)
        return db

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE: writers queue up front instead of failing at commit."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def read(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        return self._db().execute(sql, tuple(params)).fetchall()

    def close(self) -> None:
        with self._lock:
            for db in self._connections:
                with suppress(sqlite3.Error):
                    db.close()
            self._connections.clear()
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
        return [ListInfo(*row[:8], bool(row[8])) for row in rows]

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
            orphans = [pid for pid in ids if db.execute(
                "SELECT 1 FROM memberships WHERE paper_id=? LIMIT 1", (pid,)).fetchone() is None]
            db.executemany("DELETE FROM papers WHERE id=?", [(pid,) for pid in orphans])
            db.executemany("INSERT INTO changes (paper_id) VALUES (?)", [(pid,) for pid in ids])
        return orphans

    # -- papers --------------------------------------------------------------------------
    def find_match(self, db: sqlite3.Connection, paper: NewPaper) -> str | None:
        for column, key in (("abstract_key", paper.abstract_key), ("title_key", paper.title_key)):
            if key:
                row = db.execute(f"SELECT id FROM papers WHERE {column}=?", (key,)).fetchone()
                if row:
                    return row[0]
        return None

    def insert_paper(self, db: sqlite3.Connection, paper_id: str, paper: NewPaper) -> None:
        db.execute(
            "INSERT INTO papers (id, abstract_key, title_key, title, authors, venue, year, url,"
            " abstract_source, abstract, emphasis, urls, name, derived_title, extra, added_at)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (paper_id, paper.abstract_key, paper.title_key, paper.title,
             json.dumps(paper.authors, ensure_ascii=False), paper.venue, paper.year, paper.url,
             paper.abstract_source, paper.abstract, _spans_to_json(paper.emphasis),
             json.dumps(list(paper.urls)), paper.name, paper.derived_title,
             json.dumps(paper.extra, ensure_ascii=False, default=str), time.time()))
        db.execute("INSERT INTO changes (paper_id) VALUES (?)", (paper_id,))

    def merge_paper(self, db: sqlite3.Connection, paper_id: str, paper: NewPaper) -> None:
        """Fill what the stored copy lacks from another list's copy of the same paper."""
        row = db.execute("SELECT abstract_key, title_key, title, authors, venue, year, url, "
                         "abstract_source, extra FROM papers WHERE id=?", (paper_id,)).fetchone()
        updates: dict[str, Any] = {}
        if not row[0] and paper.abstract_key and not self._key_taken(db, "abstract_key",
                                                                     paper.abstract_key):
            updates.update(abstract_key=paper.abstract_key, abstract_source=paper.abstract_source,
                           abstract=paper.abstract, emphasis=_spans_to_json(paper.emphasis),
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
            db.executemany("INSERT INTO changes (paper_id) VALUES (?)",
                           [(pid,) for pid in {pid for pid, _ in pairs}])
        return added

    def untag(self, ids: Iterable[str], tags: Iterable[str]) -> int:
        pairs = [(pid, tag) for pid in ids for tag in tags]
        with self.transaction() as db:
            before = db.total_changes
            db.executemany("DELETE FROM tags WHERE paper_id=? AND tag=?", pairs)
            removed = db.total_changes - before
            db.executemany("INSERT INTO changes (paper_id) VALUES (?)",
                           [(pid,) for pid in {pid for pid, _ in pairs}])
        return removed

    def tag_counts(self) -> list[tuple[str, int]]:
        """Tags on papers currently in the library, most used first."""
        rows = self.read("SELECT t.tag, COUNT(*) FROM tags t JOIN papers p ON p.id = t.paper_id "
                         "GROUP BY t.tag ORDER BY COUNT(*) DESC, t.tag")
        return [(tag, count) for tag, count in rows]

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
        value = STATUSES.index(status)
        guard = " WHERE reading.status < excluded.status" if upgrade_only else \
            " WHERE reading.status != excluded.status"
        now = time.time()
        with self.transaction() as db:
            before = db.total_changes
            if value == 0:  # back to unread: a paper without a row already is
                db.executemany("UPDATE reading SET status=0, changed_at=? "
                               "WHERE paper_id=? AND status != 0",
                               [(now, pid) for pid in dict.fromkeys(ids)])
                return db.total_changes - before
            db.executemany(
                "INSERT INTO reading (paper_id, status, priority, changed_at) VALUES (?, ?, 0, ?)"
                " ON CONFLICT(paper_id) DO UPDATE SET status=excluded.status, "
                "changed_at=excluded.changed_at" + guard,
                [(pid, value, now) for pid in dict.fromkeys(ids)])
            return db.total_changes - before

    def set_priority(self, ids: Iterable[str], priority: int) -> int:
        """0 (no star) to MAX_PRIORITY; only the priority column is written."""
        priority = max(0, min(int(priority), MAX_PRIORITY))
        now = time.time()
        with self.transaction() as db:
            before = db.total_changes
            if priority == 0:  # no star: a paper without a row already has none
                db.executemany("UPDATE reading SET priority=0, changed_at=? "
                               "WHERE paper_id=? AND priority != 0",
                               [(now, pid) for pid in dict.fromkeys(ids)])
                return db.total_changes - before
            db.executemany(
                "INSERT INTO reading (paper_id, status, priority, changed_at) VALUES (?, 0, ?, ?)"
                " ON CONFLICT(paper_id) DO UPDATE SET priority=excluded.priority, "
                "changed_at=excluded.changed_at WHERE reading.priority != excluded.priority",
                [(pid, priority, now) for pid in dict.fromkeys(ids)])
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

    def set_note(self, paper_id: str, note: str) -> bool:
        """Write (or, when blank, delete) a paper's note; it is searchable, so the change
        is logged for the index. Returns whether it changed."""
        with self.transaction() as db:
            row = db.execute("SELECT note FROM notes WHERE paper_id=?", (paper_id,)).fetchone()
            if (row[0] if row else "") == note:
                return False
            if note.strip():
                db.execute("INSERT OR REPLACE INTO notes VALUES (?, ?, ?)",
                           (paper_id, note, time.time()))
            else:
                db.execute("DELETE FROM notes WHERE paper_id=?", (paper_id,))
            db.execute("INSERT INTO changes (paper_id) VALUES (?)", (paper_id,))
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
