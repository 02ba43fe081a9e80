"""RIS (Zotero, Mendeley, EndNote, publishers' "export citation"), read with rispy.

Venue from `T2` (Zotero's proceedings or journal title) or the journal tags, year from
`PY`/`Y1`/`DA`; DOI, keywords and the rest of the tags are kept in the paper's extra
fields under rispy's names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import ListFormatError
from ..models import ParsedList, Record
from .records import (
    as_year,
    finish_record,
    given_venue,
    keep_or_skip,
    split_authors,
    summarise,
)

_TITLE = ("title", "primary_title", "translated_title")
_ABSTRACT = ("abstract", "notes_abstract")
_VENUE = ("secondary_title", "journal_name", "alternate_title3", "alternate_title1",
          "alternate_title2", "tertiary_title")
_YEAR = ("year", "publication_year", "date")
_AUTHORS = ("authors", "first_authors")


def _pick(entry: dict[str, Any], keys: tuple[str, ...], used: set[str]) -> Any:
    for key in keys:
        value = entry.get(key)
        if value not in (None, "", []):
            used.add(key)
            return value
    return None


def _text(value: Any) -> str | None:
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    return " ".join(str(value).split()) if value else None


def _record(entry: dict[str, Any], line: int) -> Record:
    used = {"type_of_reference", "end_of_reference", "unknown_tag"}
    unknown = {tag: values[0] if len(values) == 1 else list(values)
               for tag, values in dict(entry.get("unknown_tag") or {}).items()}
    if "BT" in unknown and not any(entry.get(key) for key in _VENUE):
        entry = {**entry, "secondary_title": unknown.pop("BT")}
    authors = _pick(entry, _AUTHORS, used) or []
    urls = _pick(entry, ("urls",), used) or []
    venue = _text(_pick(entry, _VENUE, used))
    record = Record(
        title=_text(_pick(entry, _TITLE, used)),
        abstract=_text(_pick(entry, _ABSTRACT, used)) or "",
        authors=split_authors(list(authors)),
        year=as_year(_pick(entry, _YEAR, used)),
        url=urls[0] if urls else None,
        source_id=_text(_pick(entry, ("id",), used)),
        line=line,
    )
    record.extra = {key: value for key, value in entry.items()
                    if key not in used and value not in (None, "", [])}
    record.extra.update(unknown)
    record.venue = given_venue(venue, record.extra)
    record.extra["ris_type"] = entry.get("type_of_reference")
    if len(urls) > 1:
        record.extra["urls"] = list(urls)
    return finish_record(record)


def _record_lines(text: str) -> list[int]:
    """The line each record starts on, for messages (rispy does not say)."""
    return [number for number, line in enumerate(text.split("\n"), start=1)
            if line.startswith("TY  -")]


def read_ris(path: Path, text: str) -> ParsedList:
    import rispy

    starts = _record_lines(text)
    if not starts:
        raise ListFormatError(path, "no RIS records (no line starting 'TY  - ')")
    try:
        # Tags rispy has no name for (DBLP's BT, the book title) are kept, by tag.
        entries = rispy.loads(text, skip_unknown_tags=False, enforce_list_tags=False)
    except Exception as error:  # noqa: BLE001 - rispy raises bare IOError/ValueError/KeyError
        problem = str(error).split("\n")[0] or type(error).__name__
        raise ListFormatError(path, f"malformed RIS: {problem}") from None
    records: list[Record] = []
    skipped: list[str] = []
    for number, entry in enumerate(entries):
        line = starts[number] if number < len(starts) else 0
        keep_or_skip(records, skipped, _record(entry, line), f"line {line}")
    return summarise(path, "ris", records, skipped, label="RIS")
