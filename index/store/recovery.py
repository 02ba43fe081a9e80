"""When the library file is damaged: set it aside, start afresh, and salvage it later.

A damaged `library.sqlite3` is never written to, repaired in place or deleted. It is moved
(with its `-wal` and `-shm`) to `library.sqlite3.damaged-YYYYmmdd-HHMMSS`, a fresh library
is started, and the user is told where the file went and that `papers recover FILE` brings
back what can still be read: every list (from the list copies in `lists/`, or rebuilt from
the paper rows), tags and edits. Salvage reads the file row by row, skipping over pages it
cannot read, and works on a copy so the damaged file stays exactly as it was found.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ListFormatError
from ..ingest.prepare import clean_line, clean_value
from ..ingest.render import sanitize
from ..paths import Locations
from .database import SQLITE_MAGIC, Store, damage
from .list_import import import_list

DAMAGED_MARK = ".damaged-"
CORE_TABLES = ("lists", "papers", "memberships", "tags", "edits")
READING_TABLES = ("reading", "notes", "saved_searches")  # schema 2
_CHUNK = 200


def move_aside(path: Path) -> Path:
    """Rename the damaged file and its -wal/-shm to `<name>.damaged-<time>`; return it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}{DAMAGED_MARK}{stamp}")
    number = 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", "-wal", "-shm")):
        number += 1
        target = path.with_name(f"{path.name}{DAMAGED_MARK}{stamp}-{number}")
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        with suppress(FileNotFoundError):
            os.replace(f"{path}{suffix}", f"{target}{suffix}")
    return target


def damaged_message(original: Path, aside: Path, reason: str) -> str:
    return (f"The library file {original} was damaged ({reason}). It was moved aside, "
            f"unchanged, to {aside}, and a fresh library was started with the bundled lists. "
            f"To bring back your lists, tags and edits from it, run: papers recover {aside}")


# -- salvage -------------------------------------------------------------------------------

@dataclass
class Salvage:
    """What could be read from a damaged library file, table by table."""

    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _readable_copy(path: Path, workdir: Path) -> Path:
    """A copy to read (SQLite may write beside what it opens), with a lost header mended."""
    copy = workdir / "damaged.sqlite3"
    shutil.copyfile(path, copy)
    with copy.open("r+b") as handle:
        if len(handle.read(100)) == 100:
            handle.seek(0)
            handle.write(SQLITE_MAGIC)  # the rest of a file is often fine when this is not
    wal = Path(f"{path}-wal")
    if wal.is_file():  # committed transactions not yet in the main file
        shutil.copyfile(wal, f"{copy}-wal")
    return copy


def _rows(db: sqlite3.Connection, table: str, salvage: Salvage) -> list[dict[str, Any]]:
    """Every readable row of `table`, by rowid, jumping over ranges that fail to read."""
    rows: list[dict[str, Any]] = []
    try:
        highest = db.execute(f'SELECT MAX(rowid) FROM "{table}"').fetchone()[0]
    except sqlite3.DatabaseError:
        highest = None
    last, jump, failures = 0, 1, 0
    while True:
        try:
            cursor = db.execute(f'SELECT rowid, * FROM "{table}" WHERE rowid > ? '
                                f"ORDER BY rowid LIMIT {_CHUNK}", (last,))
            names = [d[0] for d in cursor.description]
            chunk = cursor.fetchall()
        except sqlite3.DatabaseError:
            failures += 1
            if (highest is not None and last >= highest) or failures > 200:
                break
            last += jump
            jump = min(jump * 2, 1 << 20)
            continue
        jump = 1
        if not chunk:
            break
        rows.extend(dict(zip(names[1:], row[1:], strict=True)) for row in chunk)
        last = chunk[-1][0]
    if failures:
        salvage.problems.append(f"table {table}: {len(rows)} rows read, some pages unreadable")
    return rows


def salvage(path: Path) -> Salvage:
    """Read what can be read from a damaged library file, leaving the file untouched."""
    result = Salvage()
    with tempfile.TemporaryDirectory(prefix="papers-recover-") as workdir:
        db = sqlite3.connect(_readable_copy(path, Path(workdir)))
        try:
            try:
                db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            except sqlite3.DatabaseError as error:
                result.problems.append(f"no table could be read ({error}); lists come back "
                                       "from their copies in lists/ only")
                return result
            for table in (*CORE_TABLES, *READING_TABLES):
                try:
                    db.execute(f'SELECT 1 FROM "{table}" LIMIT 0')
                except sqlite3.DatabaseError as error:
                    if table in READING_TABLES and "no such table" in str(error):
                        continue  # a library from before schema 2 has none
                    result.problems.append(f"table {table}: unreadable ({error})")
                    continue
                result.tables[table] = _rows(db, table, result)
        finally:
            db.close()
    return result


# -- recover -------------------------------------------------------------------------------

@dataclass
class RecoveryReport:
    source: Path
    lists: list[str] = field(default_factory=list)  # one line per list brought back
    papers: int = 0  # papers rebuilt from rows because no list file held them
    tags: int = 0
    edits: int = 0
    reading: int = 0  # papers whose status or star came back
    notes: int = 0
    saved: int = 0  # saved searches
    problems: list[str] = field(default_factory=list)

    @property
    def anything(self) -> bool:
        return bool(self.lists or self.papers or self.tags or self.edits or self.reading
                    or self.notes or self.saved)

    def summary(self) -> str:
        lines = [f"Recovered from {self.source}:"]
        lines += [f"  list {line}" for line in self.lists] or ["  no lists"]
        if self.papers:
            lines.append(f"  {self.papers} papers no list file held, as the list "
                         f"'{RECOVERED_LIST_STEM}'")
        lines.append(f"  {self.tags} tags, {self.edits} edits")
        lines.append(f"  {self.reading} read statuses or stars, {self.notes} notes, "
                     f"{self.saved} saved searches")
        lines += [f"  could not recover: {problem}" for problem in self.problems]
        return "\n".join(lines)


RECOVERED_LIST_STEM = "recovered-papers"


def recover(store: Store, where: Locations, source: Path) -> RecoveryReport:
    """Bring lists, papers, tags and edits from the damaged file `source` into `store`."""
    source = Path(source)
    report = RecoveryReport(source)
    found = salvage(source)
    report.problems += found.problems
    _recover_lists(store, where, source, found, report)
    ids = _recover_papers(store, where, found, report)
    _recover_tags_and_edits(store, found, ids, report)
    _recover_reading(store, found, ids, report)
    return report


def _list_files(source: Path, found: Salvage, where: Locations) -> list[tuple[str, Path]]:
    """The list files to re-import: those the damaged file names, else its `lists/` dir."""
    candidates: list[tuple[str, Path]] = []
    if "lists" in found.tables:
        for row in found.tables["lists"]:
            name = str(row.get("name") or "?")
            recorded = Path(str(row["file"])) if row.get("file") else None
            paths = []
            if recorded is not None:
                # The copy sits in `lists/` beside the library file, wherever that now is
                # (recorded relative to it; older libraries recorded absolute paths).
                paths.append(source.parent / "lists" / recorded.name)
                if recorded.is_absolute():
                    paths.append(recorded)
            if row.get("original"):
                paths.append(Path(str(row["original"])))
            existing = next((p for p in paths if p.is_file()), None)
            candidates.append((name, existing) if existing else (name, Path()))
        return candidates
    for directory in dict.fromkeys((source.parent / "lists", where.lists_dir)):
        if directory.is_dir():
            candidates += [(p.stem, p) for p in sorted(directory.iterdir())
                           if p.is_file() and not p.name.startswith(".")]
    return candidates


def _recover_lists(store: Store, where: Locations, source: Path, found: Salvage,
                   report: RecoveryReport) -> None:
    for name, path in _list_files(source, found, where):
        if path == Path():
            report.problems.append(f"list {sanitize(name)}: its file is gone; "
                                   "its papers come back from the damaged file's rows")
            continue
        try:
            result = import_list(store, where, path)
        except ListFormatError as error:
            report.problems.append(f"list {sanitize(name)}: {sanitize(str(error))}")
            continue
        state = "already in the library" if result.refreshed else f"{result.new} new papers"
        report.lists.append(f"'{result.list_name}' from {sanitize(str(path))}: "
                            f"{result.read} papers ({state})")


def _current_ids(store: Store, rows: list[dict[str, Any]]) -> dict[str, str]:
    """Old paper id → id of the same paper in the current library (by its match keys)."""
    mapping: dict[str, str] = {}
    for row in rows:
        for column in ("abstract_key", "title_key"):
            key = row.get(column)
            if key and row.get("id"):
                hit = store.read(f"SELECT id FROM papers WHERE {column}=?", (key,))
                if hit:
                    mapping[str(row["id"])] = hit[0][0]
                    break
    return mapping


def _recover_papers(store: Store, where: Locations, found: Salvage,
                    report: RecoveryReport) -> dict[str, str]:
    """Papers no re-imported list holds are rebuilt from their rows, as one new list."""
    rows = found.tables.get("papers", [])
    ids = _current_ids(store, rows)
    missing = [row for row in rows if row.get("id") and str(row["id"]) not in ids]
    records = [record for record in map(_record_from_row, missing) if record]
    if records:
        with tempfile.TemporaryDirectory(prefix="papers-recover-") as workdir:
            path = Path(workdir) / f"{RECOVERED_LIST_STEM}.json"
            path.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
            try:
                result = import_list(store, where, path)
                report.papers = result.new + result.merged
            except ListFormatError as error:
                report.problems.append(f"papers without a list: {error}")
        ids.update(_current_ids(store, missing))
    return ids


def _record_from_row(row: dict[str, Any]) -> dict[str, Any] | None:
    def load(value: Any, default: Any) -> Any:
        try:
            return json.loads(value) if isinstance(value, str) else default
        except ValueError:
            return default

    abstract = row.get("abstract_source") or row.get("abstract") or ""
    title = row.get("title")
    if not (isinstance(abstract, str) and abstract.strip()) and not title:
        return None
    record = {"title": title, "abstract": abstract, "venue": row.get("venue"),
              "year": row.get("year"), "url": row.get("url"),
              "authors": load(row.get("authors"), [])}
    extra = load(row.get("extra"), {})
    if isinstance(extra, dict):
        record.update({k: v for k, v in clean_value(extra).items() if k not in record})
    return {k: v for k, v in record.items() if v not in (None, "", [])}


def _recover_tags_and_edits(store: Store, found: Salvage, ids: dict[str, str],
                            report: RecoveryReport) -> None:
    now = time.time()
    with store.transaction() as db:
        before = db.total_changes
        touched: set[str] = set()
        for row in found.tables.get("tags", []):
            old, tag = row.get("paper_id"), row.get("tag")
            if not isinstance(old, str) or not isinstance(tag, str):
                continue
            tag = " ".join(sanitize(tag).split()).lower()
            if not tag or "," in tag:
                continue
            paper_id = ids.get(old, old)  # tags outlive their paper, as remove_list keeps them
            added_at = row.get("added_at") if isinstance(row.get("added_at"), float | int) \
                else now
            db.execute("INSERT OR IGNORE INTO tags VALUES (?, ?, ?)", (paper_id, tag, added_at))
        report.tags = db.total_changes - before
        if report.tags:
            store.tags_changed(db)
        for row in found.tables.get("edits", []):
            old = row.get("paper_id")
            if not isinstance(old, str):
                continue
            paper_id = ids.get(old, old)
            edited_at = row.get("edited_at") if isinstance(row.get("edited_at"), float | int) \
                else 0.0
            mine = db.execute("SELECT edited_at FROM edits WHERE paper_id=?",
                              (paper_id,)).fetchone()
            if mine is not None and mine[0] >= edited_at:
                continue  # an edit made in the fresh library is newer: it wins
            title = clean_line(row["title"]) if isinstance(row.get("title"), str) else None
            url = clean_line(row["url"]) if isinstance(row.get("url"), str) else None
            authors = row.get("authors") if isinstance(row.get("authors"), str) else None
            if authors is not None:
                try:
                    names = json.loads(authors)
                    authors = json.dumps([clean_line(str(a)) for a in names],
                                         ensure_ascii=False) if isinstance(names, list) else None
                except ValueError:
                    authors = None
            db.execute("INSERT OR REPLACE INTO edits VALUES (?, ?, ?, ?, ?)",
                       (paper_id, title or None, authors, url or None, edited_at))
            report.edits += 1
            touched.add(paper_id)
        db.executemany("INSERT INTO changes (paper_id) VALUES (?)", [(i,) for i in touched])


def _stamp(row: dict[str, Any], column: str) -> float:
    value = row.get(column)
    return float(value) if isinstance(value, float | int) else 0.0


def _recover_reading(store: Store, found: Salvage, ids: dict[str, str],
                     report: RecoveryReport) -> None:
    """Statuses, stars, notes and saved searches; what the fresh library already holds
    and changed later wins, as with edits."""
    with store.transaction() as db:
        for row in found.tables.get("reading", []):
            old, status, priority = row.get("paper_id"), row.get("status"), row.get("priority")
            if not isinstance(old, str) or not isinstance(status, int) \
                    or not isinstance(priority, int) or not 0 <= status <= 2:
                continue
            paper_id, changed_at = ids.get(old, old), _stamp(row, "changed_at")
            mine = db.execute("SELECT changed_at FROM reading WHERE paper_id=?",
                              (paper_id,)).fetchone()
            if mine is not None and mine[0] >= changed_at:
                continue
            db.execute("INSERT OR REPLACE INTO reading VALUES (?, ?, ?, ?)",
                       (paper_id, status, max(0, min(priority, 3)), changed_at))
            report.reading += 1
        for row in found.tables.get("notes", []):
            old, note = row.get("paper_id"), row.get("note")
            if not isinstance(old, str) or not isinstance(note, str) or not note.strip():
                continue
            paper_id, edited_at = ids.get(old, old), _stamp(row, "edited_at")
            mine = db.execute("SELECT edited_at FROM notes WHERE paper_id=?",
                              (paper_id,)).fetchone()
            if mine is not None and mine[0] >= edited_at:
                continue
            db.execute("INSERT OR REPLACE INTO notes VALUES (?, ?, ?)",
                       (paper_id, sanitize(note), edited_at))
            report.notes += 1  # (notes are searched beside the index: nothing to re-index)
        for row in found.tables.get("saved_searches", []):
            name, query = row.get("name"), row.get("query")
            if not isinstance(name, str) or not isinstance(query, str):
                continue
            sort = row.get("sort") if isinstance(row.get("sort"), str) else "relevance"
            before = db.total_changes
            db.execute("INSERT OR IGNORE INTO saved_searches VALUES (?, ?, ?, ?)",
                       (clean_line(name), sanitize(query).replace("\n", " "), sort,
                        _stamp(row, "saved_at")))
            report.saved += db.total_changes - before


__all__ = ["DAMAGED_MARK", "RecoveryReport", "damage", "damaged_message", "move_aside",
           "recover", "salvage"]
