"""JSON lists that carry their own schema: CSL-JSON and OpenReview notes.

CSL-JSON is what Zotero ("Export… → CSL JSON"), Better BibTeX and citeproc read and
write: a list of items with a `type`, names as objects (`{"family", "given"}`), the venue
in `container-title` or `event-title` and the date in `issued`. Crossref's REST API
answers in its own dialect of it (`/works?query=…` a page `{"message": {"items": [...]}}`,
`/works/{doi}` one work in `message`): titles and containers as lists, the date also in
`published`, the type its own ("proceedings-article"), the abstract in JATS.

OpenReview's notes API comes in two versions: v1 puts values straight in `content`
(`content.title`), v2 wraps each one (`content.title.value`). Both come as a single note,
a list of notes or a page `{"notes": [...], "count": N}`. The venue and year are in
`content.venue` ("ICLR 2024 poster"), `venueid`/`domain` or the invitation
("ICLR.cc/2024/Conference/-/Submission").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import ListFormatError
from ..models import ParsedList, Record
from .records import (
    CROSSREF_TYPES,
    as_year,
    finish_record,
    keep_or_skip,
    keep_venue_as_given,
    known_venue,
    load_json,
    read_items,
    split_authors,
    summarise,
    venue_and_year,
    wrapped_items,
)

# --- CSL-JSON ---------------------------------------------------------------------------

# Keys only CSL uses (hyphenated or upper-case), any of which with `type` makes an item CSL.
_CSL_KEYS = frozenset({"container-title", "event-title", "collection-title", "issued",
                       "DOI", "URL", "ISBN", "ISSN", "citation-key", "page", "publisher"})


def _csl_item(item: Any) -> bool:
    if not isinstance(item, dict) or not isinstance(item.get("type"), str):
        return False
    authors = item.get("author")
    named = isinstance(authors, list) and bool(authors) and all(
        isinstance(a, dict) for a in authors)
    return named or bool(_CSL_KEYS & item.keys())


def crossref_works(data: Any) -> list[Any] | None:
    """The works of a Crossref API answer (a page of them, or one), else None."""
    if not isinstance(data, dict) or not isinstance(message := data.get("message"), dict):
        return None
    kind = data.get("message-type")
    if kind == "work-list" or (kind is None and isinstance(message.get("items"), list)):
        return message.get("items") if isinstance(message.get("items"), list) else None
    return [message] if kind == "work" else None


def _first(value: Any) -> Any:
    """A CSL string, or the first of the list Crossref gives in its place."""
    if isinstance(value, list):
        return next((v for v in value if isinstance(v, str) and v.strip()), None)
    return value


def is_csl_json(data: Any) -> bool:
    """A list whose items (most of those looked at) are CSL items."""
    if not isinstance(data, list) or not data:
        return False
    sample = data[:50]
    return sum(_csl_item(item) for item in sample) * 2 > len(sample)


def _csl_year(value: Any) -> int | None:
    if isinstance(value, dict):
        parts = value.get("date-parts")
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            return as_year(parts[0][0])
        return as_year(value.get("raw") or value.get("literal"))
    return as_year(value)


def _csl_venue(item: dict[str, Any]) -> str | None:
    """A major venue named by the container or the event (often the acronym: "CVPR
    2023"), else the container as written."""
    container = _first(item.get("container-title"))  # a list in CSL 1.0 and Crossref
    candidates = [c.strip() for c in (container, item.get("event-title"), item.get("event"),
                                      _first(item.get("collection-title")))
                  if isinstance(c, str) and c.strip()]
    for candidate in candidates:
        if venue := known_venue(candidate):
            return venue
    return candidates[0] if candidates else None


_CSL_USED = {"title", "abstract", "author", "container-title", "event-title", "event",
             "collection-title", "issued", "URL", "id", "DOI", "keyword"}
# Where Crossref dates a work when `issued` is missing, most telling first.
_CROSSREF_DATES = ("published", "published-print", "published-online")


def _csl_record(item: dict[str, Any], number: int) -> Record:
    title = _first(item.get("title"))
    date = item.get("issued") or next(
        (item[key] for key in _CROSSREF_DATES if item.get(key)), None)
    record = Record(
        title=" ".join(str(title).split()) if title else None,
        abstract=str(item.get("abstract") or "").strip(),
        authors=split_authors(item.get("author") or []),
        venue=_csl_venue(item),
        year=_csl_year(date),
        url=str(item["URL"]).strip() if item.get("URL") else None,
        source_id=str(item["id"]) if item.get("id") is not None else None,
        line=number,
    )
    extra = {k: v for k, v in item.items() if k not in _CSL_USED and v not in (None, "", [])}
    container = _first(item.get("container-title"))
    if isinstance(container, str):  # for citations (output/publication.py)
        keep_venue_as_given(" ".join(container.split()), record.venue, extra)
    if kind := CROSSREF_TYPES.get(str(item.get("type"))):
        extra["entry_type"] = kind  # (a CSL type is read with its `csl_id`)
    if item.get("DOI"):
        extra["doi"] = item["DOI"]
    if item.get("keyword"):
        extra["keywords"] = [k.strip() for k in str(item["keyword"]).split(",") if k.strip()]
    if item.get("id") is not None:
        extra["csl_id"] = str(item["id"])
    record.extra = extra
    return finish_record(record)


def read_csl_data(path: Path, data: Any) -> ParsedList:
    if not isinstance(data, list):
        raise ListFormatError(path, "expected a CSL-JSON list of items")
    return read_items(path, "csl-json", data, _csl_record, label="CSL-JSON")


def read_csl_json(path: Path, text: str) -> ParsedList:
    return read_csl_data(path, load_json(path, text))


# --- OpenReview -------------------------------------------------------------------------

OPENREVIEW = "https://openreview.net"


def _note(item: Any) -> bool:
    if not isinstance(item, dict) or not isinstance(item.get("content"), dict):
        return False
    return "title" in item["content"] or "abstract" in item["content"]


def _notes(data: Any) -> list[Any] | None:
    return wrapped_items(data, "notes", _note)


def is_openreview(data: Any) -> bool:
    notes = _notes(data)
    return notes is not None and (not notes or any(_note(n) for n in notes[:50]))


def _value(content: dict[str, Any], key: str) -> Any:
    """v2 wraps every value ({"value": …}); v1 does not."""
    value = content.get(key)
    if isinstance(value, dict) and "value" in value:
        return value["value"]
    return value


def _venue_from_id(venue_id: Any) -> tuple[str | None, int | None]:
    """"ICLR.cc/2024/Conference" -> ("ICLR", 2024); "colmweb.org/COLM/2024/Conference"
    -> ("COLM", 2024)."""
    if not isinstance(venue_id, str) or "/" not in venue_id:
        return None, None
    parts = venue_id.split("/-/")[0].split("/")
    year = next((as_year(p) for p in parts if as_year(p) and len(p) == 4), None)
    names = [p.removesuffix(".cc") for p in parts
             if p and not p.isdigit() and p not in ("Conference", "Workshop", "Track")]
    known = [venue for n in names if (venue := known_venue(n))]
    return (known or names or [None])[0], year


def _openreview_venue(note: dict[str, Any], content: dict[str, Any]
                      ) -> tuple[str | None, int | None]:
    venue, year = None, None
    shown = _value(content, "venue")
    if isinstance(shown, str):
        venue, year = venue_and_year(shown)  # "ICLR 2024 poster"
    invitations = note.get("invitations") or [note.get("invitation")]
    if not isinstance(invitations, list):  # a file's own shape: one, or none of use
        invitations = [invitations] if isinstance(invitations, str) else []
    for source in (_value(content, "venueid"), note.get("domain"), *invitations):
        found_venue, found_year = _venue_from_id(source)
        venue, year = venue or found_venue, year or found_year
    if year is None:
        year = as_year(_value(content, "year"))
    return venue, year


_NOTE_USED = {"title", "abstract", "authors", "venue", "venueid", "pdf", "_bibtex"}


def _openreview_record(note: dict[str, Any], number: int) -> Record:
    content = note["content"]
    venue, year = _openreview_venue(note, content)
    forum = note.get("forum") or note.get("id")
    title = _value(content, "title")
    abstract = _value(content, "abstract")
    record = Record(
        title=" ".join(str(title).split()) if title else None,
        abstract=str(abstract or "").strip(),
        authors=split_authors(_value(content, "authors") or []),
        venue=venue,
        year=year,
        url=f"{OPENREVIEW}/forum?id={forum}" if isinstance(forum, str) and forum else None,
        source_id=str(note["id"]) if note.get("id") else None,
        line=number,
    )
    extra: dict[str, Any] = {key: _value(content, key) for key in content
                             if key not in _NOTE_USED and _value(content, key) not in
                             (None, "", [])}
    if isinstance(forum, str) and forum:
        extra["openreview_forum"] = forum
    pdf = _value(content, "pdf")
    if isinstance(pdf, str) and pdf:
        extra["pdf_url"] = OPENREVIEW + pdf if pdf.startswith("/") else pdf
    if isinstance(_value(content, "venue"), str):
        extra["openreview_venue"] = _value(content, "venue")
    record.extra = extra
    return finish_record(record)


def read_openreview_data(path: Path, data: Any) -> ParsedList:
    notes = _notes(data)
    if notes is None:
        raise ListFormatError(path, "expected OpenReview notes (a note, a list of notes or "
                                    '{"notes": [...]})')
    records: list[Record] = []
    skipped: list[str] = []
    for number, note in enumerate(notes, start=1):
        if not _note(note):
            skipped.append(f"note {number}: no content with a title or abstract")
            continue
        keep_or_skip(records, skipped, _openreview_record(note, number), f"note {number}")
    return summarise(path, "openreview", records, skipped, label="OpenReview")


def read_openreview(path: Path, text: str) -> ParsedList:
    return read_openreview_data(path, load_json(path, text))
