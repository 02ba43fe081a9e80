"""Records to papers ready to store: rendered, named, titled, cleaned, with match keys."""

from __future__ import annotations

import base64
import hashlib
import re
import unicodedata
from dataclasses import replace
from typing import Any

from ..models import NewPaper, Record
from .names import NameStatistics
from .render import render, sanitize
from .titles import derive_name_and_title

_SPACE = re.compile(r"\s+")
_MATH = re.compile(r"\$[^$]+\$|\\\(.+?\\\)")
# Line and paragraph separators end a line in some terminals: never inside a one-line field.
_SEPARATORS = str.maketrans({"\u2028": " ", "\u2029": " "})


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


def clean_line(text: str) -> str:
    """A one-line field (title, author, venue, url): terminal-safe, whitespace collapsed.

    Lists are untrusted: a newline or tab in a title would break a results row, and
    escape sequences must never reach the terminal.
    """
    return " ".join(sanitize(text).translate(_SEPARATORS).split())


def clean_value(value: Any) -> Any:
    """Unknown extra fields, kept as given but made terminal-safe (keys too), recursively."""
    if isinstance(value, str):
        return sanitize(value).translate(_SEPARATORS)
    if isinstance(value, dict):
        return {clean_value(str(key)): clean_value(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [clean_value(item) for item in value]
    return value


def prepare(record: Record, statistics: NameStatistics | None = None) -> NewPaper:
    """`statistics`: `list_statistics` of the record's whole list (see names.py)."""
    rendered = render(record.abstract) if record.abstract else None
    if rendered is not None:  # one character for one: emphasis offsets stay exact
        rendered = replace(rendered, text=rendered.text.translate(_SEPARATORS))
    name, derived_title = (derive_name_and_title(record.abstract, rendered, statistics)
                           if rendered and rendered.text else (None, ""))
    title = clean_line(render(record.title).text) if record.title else None
    extra = clean_value(record.extra)
    if record.title and _MATH.search(record.title):
        # The title as the source wrote it, math and all: BibTeX keeps `$\mathcal{O}(n)$`
        # rather than re-encoding its rendering ("O(n)").
        extra["title_source"] = clean_line(record.title)
    abstract_key, title_key = keys_for(record)
    authors = [clean_line(a) for a in record.authors]
    return NewPaper(
        abstract_key=abstract_key, title_key=title_key, title=title or None,
        authors=[a for a in authors if a],
        venue=clean_line(record.venue) or None if record.venue else None, year=record.year,
        url=clean_line(record.url) or None if record.url else None,
        abstract_source=sanitize(record.abstract).translate(_SEPARATORS),
        abstract=rendered.text if rendered else "",
        emphasis=rendered.spans if rendered else (), urls=rendered.urls if rendered else (),
        name=clean_line(name) or None if name else None,
        derived_title=clean_line(derived_title or (title or "")),
        extra=extra)
