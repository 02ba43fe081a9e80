"""BibTeX text to entries: a whole .bib file (formats.read_bibtex), or the one entry a
record of another format carries in a field.

Paper Copilot's paperlists (the JSON lists of most conferences' accepted papers) give
each paper its proceedings' BibTeX: `"bibtex": "@InProceedings{pmlr-v178-varshney22a,
booktitle = {Proceedings of Thirty Fifth Conference on Learning Theory}, pages =
{1126--1166}, year = {2022}, publisher = {PMLR}, …}"`, and no venue or year of their own.
A carried entry fills what the record lacks (`with_carried_entry`), so the paper is filed
under COLT 2022 and cited from its proceedings, not as `@misc` without a year. It is
read when the record is prepared (prepare.py), in the worker processes for a large list,
not while the list is read: a third of a millisecond an entry, on one core, would double
reading a 2,000-paper list.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from ..models import Record
from .records import as_year, field_key, finish_record, given_venue, split_authors


def parse(text: str, *, decode: bool = True) -> Any:
    """`bibtexparser.parse_string(text)` with, if `decode`, LaTeX decoded to text (math
    kept as written) and co-authors split. A bibtexparser `Library`; the parser's own
    exceptions pass through."""
    import bibtexparser

    # bibtexparser logs each bad block as a multi-line warning; callers say it in one.
    logger = logging.getLogger("bibtexparser")
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())
    return bibtexparser.parse_string(text, append_middleware=list(_decoding()) if decode else [])


@cache
def _decoding() -> tuple[Any, ...]:
    """LaTeX decoded, then co-authors split (a list of names is not decoded). Made once:
    the decoder's LaTeX context takes milliseconds to build, longer than an entry."""
    from bibtexparser import middlewares

    return (middlewares.LatexDecodingMiddleware(keep_math_mode=True),
            middlewares.SeparateCoAuthors())


_BRACES = re.compile(r"[{}]")
# A group of braces that is no macro's argument: a BibTeX title's "{Gaussian}", "{L}ipschitz",
# the author's word kept as written when a style lowercases titles (output/latex.py).
# (One level of braces may stand inside: "{Erd\\H{o}s}".)
PROTECTED = re.compile(r"(?<![\\\w])\{((?:[^{}$]|\{[^{}$]*\})+)\}")


def _braced_field(text: str, name: str) -> tuple[int, int, int, int] | None:
    """Where the braced field `name` (`, abstract = {…}`) of an entry's `text` starts and
    ends, and its value inside the braces; None for none (or one written "…"). Braces
    balance inside a BibTeX value, as BibTeX counts them."""
    field_start = re.search(rf",\s*{name}\s*=\s*{{", text, re.I)
    if field_start is None:
        return None
    depth = 1
    for brace in _BRACES.finditer(text, field_start.end()):
        depth += 1 if brace.group() == "{" else -1
        if depth == 0:
            return field_start.start(), brace.end(), field_start.end(), brace.start()
    return None


def _without_field(text: str, name: str) -> str:
    """`text` without its braced field `name`: the parser's splitter reads every character
    of an entry (an abstract is 0.4 of its 0.45 ms), and a field the record has already
    need not be read. A field written otherwise ("…") is left to the parser."""
    span = _braced_field(text, name)
    return text if span is None else text[:span[0]] + text[span[1]:]


def protected_title(raw_entry: str) -> str | None:
    """An entry's title as written, when braces in it protect the author's words ("the
    {Gaussian} case"): what decoding its LaTeX loses, for citing it again."""
    span = _braced_field(raw_entry, "title")
    if span is None:
        return None
    title = " ".join(raw_entry[span[2]:span[3]].split())
    return title if PROTECTED.search(title) else None


@dataclass
class CarriedEntry:
    """The one entry a record carries: its type, key and fields (lowercase names)."""

    entry_type: str
    key: str
    fields: dict[str, Any] = field(default_factory=dict)


# A carried entry's fields that are long prose the record has anyway: decoding LaTeX in an
# abstract is most of parsing it (7 ms of the 7.2 a PMLR entry takes), so they are decoded
# only when the record lacks them (`needed`).
_PROSE = frozenset({"abstract", "title", "author"})
# What LaTeX to decode looks like; a field without any (a year, "PMLR", a url, pages
# "1126--1166", kept as BibTeX writes them) is taken as it is: pylatexenc takes a quarter
# of a millisecond for any field, and a list of 2,000 entries has 20,000.
_LATEX = re.compile(r"[\\{}$~]")


def carried_entry(text: Any, needed: frozenset[str] = frozenset()) -> CarriedEntry | None:
    """The single entry of the BibTeX `text`, its LaTeX decoded (the prose fields only
    when `needed`), or None when `text` is no string holding exactly one entry that parses."""
    if not isinstance(text, str) or "@" not in text:
        return None
    for name in _PROSE - needed:
        text = _without_field(text, name)
    try:
        library = parse(text, decode=False)
    except Exception:  # noqa: BLE001 - the parser's own failures: then no entry is carried
        return None
    entries = list(library.entries)
    if len(entries) != 1 or library.failed_blocks:
        return None
    from bibtexparser import Library

    entry = entries[0]
    kept = [f for f in entry.fields if f.key.lower() not in _PROSE or f.key.lower() in needed]
    latex = [isinstance(f.value, str) and (f.key.lower() == "author" or
                                           _LATEX.search(f.value) is not None) for f in kept]
    plain = [f for f, decode in zip(kept, latex, strict=True) if not decode]
    entry.fields = [f for f, decode in zip(kept, latex, strict=True) if decode]
    if entry.fields:
        library = Library([entry])
        for middleware in _decoding():
            library = middleware.transform(library)
        [entry] = library.entries
    fields = {f.key.lower(): f.value for f in [*plain, *entry.fields]
              if isinstance(f.value, str | list) and f.value}
    return CarriedEntry(entry.entry_type, entry.key, fields)


# The names a record's field holding its BibTeX has, as `field_key` spells them.
_CARRYING_FIELDS = frozenset({"bibtex", "bib", "citationbibtex"})
# A carried entry's fields the record takes as its own where it lacks them; the others
# join its extra fields (pages, publisher, volume, series: output/publication.py cites
# them), each unless the record has it already.
_OWN = frozenset({"title", "abstract", "author", "booktitle", "journal", "year", "url"})


def with_carried_entry(record: Record) -> Record:
    """`record` with what the BibTeX entry it carries (a "bibtex" field) gives and it
    lacks: title, abstract, authors, venue, year, url, doi, its entry type and key, and
    the entry's other fields. The field itself goes once read (the record keeps all it
    said); a record carrying none, or one that does not parse, is returned as it is."""
    name = next((key for key, value in record.extra.items() if isinstance(value, str)
                 and field_key(key) in _CARRYING_FIELDS), None)
    if name is None:
        return record
    needed = frozenset(field for field, value in (("title", record.title),
                                                  ("abstract", record.abstract),
                                                  ("author", record.authors)) if not value)
    carried = carried_entry(record.extra[name], needed)
    if carried is None:
        return record
    fields = carried.fields
    extra = {key: value for key, value in record.extra.items() if key != name}
    venue = record.venue
    if venue is None and (given := fields.get("booktitle") or fields.get("journal")):
        venue = given_venue(given, extra)
    for key, value in fields.items():
        if key not in _OWN:
            extra.setdefault(key, value)
    extra.setdefault("entry_type", carried.entry_type)
    # The source's own key: a document that cites \cite{pmlr-v178-varshney22a} works.
    extra.setdefault("citation_key", carried.key)
    title = fields.get("title")
    return finish_record(replace(
        record, title=record.title or (" ".join(title.split()) if isinstance(title, str)
                                       else None),
        abstract=record.abstract or str(fields.get("abstract") or "").strip(),
        authors=record.authors or split_authors(fields.get("author") or []),
        venue=venue, year=record.year or as_year(fields.get("year")),
        url=record.url or (str(fields["url"]).strip() if fields.get("url") else None),
        extra=extra))
