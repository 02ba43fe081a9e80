"""Atom feeds, chiefly arXiv API responses (`export.arxiv.org/api/query?…`), read with
feedparser.

Each entry is a paper: its arXiv id (without version), categories, primary category,
comment, journal reference and DOI are kept in the extra fields. arXiv gives no venue: a
venue named in the comment or journal reference ("Accepted at ICML 2024") is used, else
the venue is "arXiv"; the year is the first version's.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ..errors import ListFormatError
from ..models import ParsedList, Record
from .records import (
    arxiv_id,
    finish_record,
    keep_or_skip,
    known_venue,
    split_authors,
    summarise,
    venue_and_year,
)


def _venue(entry: Any) -> tuple[str | None, int | None]:
    for source in (entry.get("arxiv_journal_ref"), entry.get("arxiv_comment")):
        if venue := known_venue(source):
            return venue, venue_and_year(source)[1]
    return None, None


def _link(entry: Any) -> str | None:
    for link in entry.get("links", []):
        if link.get("rel") == "alternate" and link.get("href"):
            return link["href"]
    return entry.get("link") or None


def _record(entry: Any, number: int) -> Record:
    published = entry.get("published_parsed") or entry.get("updated_parsed")
    venue, venue_year = _venue(entry)
    identifier = arxiv_id(entry.get("id"))
    extra: dict[str, Any] = {}
    if identifier:
        extra["arxiv_id"] = identifier
    if categories := [t["term"] for t in entry.get("tags", []) if t.get("term")]:
        extra["categories"] = categories
    primary = entry.get("arxiv_primary_category")
    if isinstance(primary, dict) and primary.get("term"):
        extra["primary_category"] = primary["term"]
    for key, name in (("arxiv_comment", "comment"), ("arxiv_journal_ref", "journal_ref"),
                      ("arxiv_doi", "doi")):
        if entry.get(key):
            extra[name] = entry[key]
    for link in entry.get("links", []):
        if link.get("title") == "pdf" and link.get("href"):
            extra["pdf_url"] = link["href"]
    return finish_record(Record(
        title=" ".join(entry.get("title", "").split()) or None,
        abstract=" ".join(entry.get("summary", "").split()),
        authors=split_authors([a.get("name", "") for a in entry.get("authors", [])]),
        venue=venue or ("arXiv" if identifier else None),
        year=venue_year or (published.tm_year if published else None),
        url=_link(entry),
        source_id=entry.get("id") or None,
        extra=extra,
        line=number,
    ))


def read_atom(path: Path, text: str) -> ParsedList:
    import feedparser

    # A stream, never a string: feedparser fetches a string that looks like a URL and
    # opens one that names a file.
    feed = feedparser.parse(io.BytesIO(text.encode("utf-8")))
    version = feed.get("version") or ""
    if not version.startswith("atom"):
        problem = "not an Atom feed"
        if feed.get("bozo") and feed.get("bozo_exception") is not None:
            problem += f" ({str(feed.bozo_exception).splitlines()[0]})"
        raise ListFormatError(path, problem)
    records: list[Record] = []
    skipped: list[str] = []
    for number, entry in enumerate(feed.entries, start=1):
        keep_or_skip(records, skipped, _record(entry, number), f"entry {number}")
    if not records and not skipped:
        raise ListFormatError(path, "the Atom feed has no entries")
    return summarise(path, "atom", records, skipped, label="Atom")
