"""Importing a list file: parse, render, de-duplicate, and record it in the store."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import sqlite3
import time
import unicodedata
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from .formats import read_list
from .models import Record
from .paths import Locations
from .render import render, sanitize
from .store import NewPaper, Store
from .titles import derive_name_and_title

_SPACE = re.compile(r"\s+")


@dataclass(slots=True)
class ImportReport:
    file: str
    list_name: str
    read: int = 0
    new: int = 0
    merged: int = 0
    skipped: list[str] = field(default_factory=list)
    refreshed: bool = False

    def summary(self) -> str:
        verb = "refreshed" if self.refreshed else "added"
        line = (f"{self.file}: {verb} as '{self.list_name}': {self.read} papers read, "
                f"{self.new} new, {self.merged} duplicates merged, {len(self.skipped)} skipped")
        return line + "".join(f"\n  skipped {reason}" for reason in self.skipped)


def normalise(text: str) -> str:
    """What de-duplication compares: Unicode-normalised, case-folded, spaces collapsed."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def keys_for(record: Record) -> tuple[str | None, str | None]:
    abstract = normalise(record.abstract)
    title = normalise(record.title or "")
    abstract_key = _digest(abstract).hex() if abstract else None
    title_key = _digest(f"{title}|{record.year}").hex() if title and record.year else None
    return abstract_key, title_key


def short_id(key: str, length: int = 8) -> str:
    """A short, readable id from a match key: the same paper always gets the same id."""
    return base64.b32encode(bytes.fromhex(key)).decode("ascii").lower()[:length]


def prepare(record: Record) -> NewPaper:
    rendered = render(record.abstract) if record.abstract else None
    name, derived_title = (derive_name_and_title(record.abstract, rendered)
                           if rendered and rendered.text else (None, ""))
    title = render(record.title).text.strip() if record.title else None
    abstract_key, title_key = keys_for(record)
    return NewPaper(
        abstract_key=abstract_key, title_key=title_key, title=title or None,
        authors=[sanitize(a) for a in record.authors],
        venue=sanitize(record.venue) if record.venue else None, year=record.year,
        url=sanitize(record.url).strip() if record.url else None,
        abstract_source=sanitize(record.abstract),
        abstract=rendered.text if rendered else "",
        emphasis=rendered.spans if rendered else (), urls=rendered.urls if rendered else (),
        name=name, derived_title=derived_title or (title or ""), extra=record.extra)


def _list_name(store: Store, db: sqlite3.Connection, path: Path) -> str:
    base = re.sub(r"[^\w.-]+", "-", path.stem).strip("-") or "list"
    name, number = base, 1
    while db.execute("SELECT 1 FROM lists WHERE name=?", (name,)).fetchone():
        number += 1
        name = f"{base}-{number}"
    return name


def import_list(store: Store, where: Locations, path: Path, *,
                bundled: bool = False) -> ImportReport:
    """Read `path` and add its papers; all or nothing: a failure changes nothing."""
    path = Path(path)
    parsed = read_list(path)
    data = path.read_bytes()
    sha = hashlib.sha256(data).hexdigest()
    prepared = [(record, prepare(record)) for record in parsed.records]
    where.lists_dir.mkdir(parents=True, exist_ok=True)
    temp_copy = where.lists_dir / f".incoming-{uuid.uuid4().hex}"
    temp_copy.write_bytes(data)
    try:
        with store.transaction() as db:
            existing = store.list_by_sha(db, sha)
            name = existing or _list_name(store, db, path)
            report = ImportReport(str(path), name, read=len(prepared),
                                  skipped=list(parsed.skipped), refreshed=bool(existing))
            copy = where.lists_dir / f"{name}{path.suffix.lower() or '.txt'}"
            db.execute("DELETE FROM memberships WHERE list=?", (name,))
            db.execute("INSERT OR REPLACE INTO lists (name, title, venue, year, format, file,"
                       " original, sha256, added_at, records, bundled)"
                       " VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                       (name, sanitize(parsed.title), parsed.venue, parsed.year, parsed.format,
                        str(copy), None if bundled else str(path.resolve()), sha, time.time(),
                        len(prepared), int(bundled)))
            seen: set[str] = set()
            for position, (_record, paper) in enumerate(prepared):
                paper_id = store.find_match(db, paper)
                if paper_id is None:
                    paper_id = _free_id(db, paper)
                    store.insert_paper(db, paper_id, paper)
                    report.new += 1
                else:
                    store.merge_paper(db, paper_id, paper)
                    if paper_id in seen or not existing:
                        report.merged += 1
                seen.add(paper_id)
                db.execute("INSERT INTO memberships VALUES (?, ?, ?)", (name, position, paper_id))
            os.replace(temp_copy, copy)
    except BaseException:
        temp_copy.unlink(missing_ok=True)
        raise
    return report


def _free_id(db: sqlite3.Connection, paper: NewPaper) -> str:
    key = paper.abstract_key or paper.title_key or uuid.uuid4().hex * 2
    for length in range(8, 52):
        candidate = short_id(key, length)
        if db.execute("SELECT 1 FROM papers WHERE id=?", (candidate,)).fetchone() is None:
            return candidate
    raise RuntimeError("no free id")  # unreachable: 52 base32 chars is the whole digest

