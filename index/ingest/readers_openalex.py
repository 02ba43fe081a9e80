"""OpenAlex works: what its API returns (`/works?filter=...`: a page `{"meta", "results"}`,
or one work) and what people save from it.

A work's abstract comes as an inverted index (each word with the positions it stands
at: OpenAlex may not redistribute abstracts as text), which is put back in order here;
authors are `authorships[].author.display_name`, the venue the primary location's
source, the year `publication_year`, the volume, issue and pages `biblio`.
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
    given_venue,
    load_json,
    read_items,
    wrapped_items,
)

# An inverted index naming positions past this is not an abstract (nor a sane file).
MAX_ABSTRACT_WORDS = 20_000


def _work(item: Any) -> bool:
    return isinstance(item, dict) and (
        isinstance(item.get("abstract_inverted_index"), dict)
        or isinstance(item.get("authorships"), list) and "publication_year" in item)


def _works(data: Any) -> list[Any] | None:
    return wrapped_items(data, "results", _work)


def is_openalex(data: Any) -> bool:
    works = _works(data)
    return works is not None and (not works or any(_work(w) for w in works[:50]))


def abstract_from_index(index: Any) -> str:
    """The abstract an inverted index stands for: each word at its positions."""
    if not isinstance(index, dict):
        return ""
    words: dict[int, str] = {}
    for word, positions in index.items():
        if not isinstance(positions, list):
            continue
        for position in positions:
            if isinstance(position, int) and 0 <= position < MAX_ABSTRACT_WORDS:
                words[position] = str(word)
    return " ".join(words[p] for p in sorted(words))


def _get(mapping: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(mapping, dict):
            return None
        mapping = mapping.get(key)
    return mapping


def _items(value: Any) -> list:
    """A list field as a list: anything else (`"keywords": true` in a hand-made file)
    holds no items."""
    return value if isinstance(value, list) else []


def _openalex_record(work: dict[str, Any], number: int) -> Record:
    title = work.get("title") or work.get("display_name")
    authors = [name for a in _items(work.get("authorships"))
               if isinstance(name := _get(a, "author", "display_name"), str) and name.strip()]
    extra: dict[str, Any] = {}
    source = _get(work, "primary_location", "source") or {}
    venue = given_venue(_get(source, "display_name"), extra)
    url = _get(work, "primary_location", "landing_page_url") or work.get("doi")
    if work.get("doi"):
        extra["doi"] = work["doi"]  # "https://doi.org/10…": finish_record keeps the DOI
    biblio = work.get("biblio") if isinstance(work.get("biblio"), dict) else {}
    for key, name in (("volume", "volume"), ("issue", "issue"), ("first_page", "start_page"),
                      ("last_page", "end_page")):
        if isinstance(biblio.get(key), str | int) and str(biblio[key]).strip():
            extra[name] = str(biblio[key]).strip()
    kind = CROSSREF_TYPES.get(str(work.get("type_crossref") or ""))
    if kind is None and _get(source, "type") == "journal":
        kind = "article"
    if kind is not None:
        extra["entry_type"] = kind  # how citations tell an article (output/publication.py)
    keywords = [k.get("display_name") for k in _items(work.get("keywords"))
                if isinstance(k, dict) and isinstance(k.get("display_name"), str)]
    if keywords:
        extra["keywords"] = keywords
    if work.get("id"):
        extra["openalex_id"] = str(work["id"]).rsplit("/", 1)[-1]
    record = Record(
        title=" ".join(str(title).split()) if title else None,
        abstract=abstract_from_index(work.get("abstract_inverted_index")),
        authors=authors,
        venue=venue,
        year=as_year(work.get("publication_year")),
        url=str(url).strip() if isinstance(url, str) and url.strip() else None,
        source_id=str(work["id"]) if work.get("id") else None,
        extra=extra,
        line=number,
    )
    return finish_record(record)


def read_openalex_data(path: Path, data: Any) -> ParsedList:
    works = _works(data)
    if works is None:
        raise ListFormatError(path, 'expected OpenAlex works (a work, a list of works or '
                                    '{"results": [...]})')
    return read_items(path, "openalex", works, _openalex_record, label="OpenAlex")


def read_openalex(path: Path, text: str) -> ParsedList:
    return read_openalex_data(path, load_json(path, text))
