"""Reading paper lists: plain text, JSON, JSON Lines, BibTeX and CSV.

Every reader returns a `ParsedList` or raises `ListFormatError` naming the file and the
problem (line and column where known). Readers never touch the library: a failed read
changes nothing.

`LIST_FORMATS` (after the readers) is the one table of them: a new format is a reader and
one entry there; the extensions, an import's copy name and the command line's help follow.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import logging
import os
import re
import stat
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ListFormatError
from ..models import ParsedList, Record
from .sniff import binary_kind, foreign_text_kind, looks_like_prose

MIN_ABSTRACT_CHARS = 30
MAX_FILE_BYTES = 512 * 1024 * 1024
MAX_FIELD_CHARS = 64 * 1024 * 1024

_YEAR = re.compile(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9&+\-]*")
_GENERIC_WORDS = {"papers", "paper", "list", "accepted", "proceedings", "of", "the", "abstracts"}

_TITLE_KEYS = ("title",)
_ABSTRACT_KEYS = ("abstract", "summary")
_AUTHOR_KEYS = ("authors", "author")
_VENUE_KEYS = ("venue", "conference", "booktitle", "journal")
_YEAR_KEYS = ("year",)
_URL_KEYS = ("url", "paper_url", "pdf_url", "link")
_ID_KEYS = ("id", "key", "ID")


def venue_and_year(title: str) -> tuple[str | None, int | None]:
    """'ICML 2026 Papers' and 'ICML 2026 论文列表' both give ('ICML', 2026)."""
    match = _YEAR.search(title)
    year = int(match.group(1)) if match else None
    before = title[: match.start()] if match else title
    after = title[match.end():] if match else ""
    for part in (before, after):
        words = [w for w in _LATIN_WORD.findall(part) if w.lower() not in _GENERIC_WORDS]
        if not words:
            continue
        # Venue acronyms carry inner capitals (ICML, NeurIPS); prefer the one nearest the year.
        acronyms = [w for w in words if sum(c.isupper() for c in w) >= 2]
        if acronyms:
            return canonical_venue(acronyms[-1] if part is before else acronyms[0]), year
        return canonical_venue(words[-1] if part is before else words[0]), year
    return None, year


def split_authors(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return [str(a).strip() for a in value if str(a).strip()]
    text = str(value).strip()
    if not text:
        return []
    parts = re.split(r"\s+and\s+|;|,(?![^()]*\))", text) if " and " in text or ";" in text \
        else text.split(",")
    return [p.strip() for p in parts if p.strip()]


def _as_year(value: Any) -> int | None:
    if value is None or isinstance(value, bool):
        return None
    match = _YEAR.search(str(value))
    return int(match.group(1)) if match else None


def _first(mapping: dict[str, Any], keys: tuple[str, ...]) -> tuple[str | None, Any]:
    for key in keys:
        if key in mapping and mapping[key] not in (None, "", []):
            return key, mapping[key]
    return None, None


def record_from_mapping(mapping: dict[str, Any], line: int) -> Record:
    """Map the usual field names (case-insensitive) onto a Record, keeping the rest."""
    lowered = {str(k).strip().lower(): v for k, v in mapping.items()}
    used: set[str] = set()

    def take(keys: tuple[str, ...]) -> Any:
        key, value = _first(lowered, tuple(k.lower() for k in keys))
        if key is not None:
            used.add(key)
        return value

    title = take(_TITLE_KEYS)
    abstract = take(_ABSTRACT_KEYS)
    authors = take(_AUTHOR_KEYS)
    venue = take(_VENUE_KEYS)
    year = take(_YEAR_KEYS)
    url = take(_URL_KEYS)
    source_id = take(_ID_KEYS)
    extra = {k: v for k, v in lowered.items() if k not in used and v not in (None, "")}
    return Record(
        abstract=str(abstract).strip() if abstract else "",
        title=str(title).strip() if title else None,
        authors=split_authors(authors),
        venue=canonical_venue(str(venue)) if venue else None,
        year=_as_year(year),
        url=str(url).strip() if url else None,
        source_id=str(source_id) if source_id is not None else None,
        extra=extra,
        line=line,
    )


def _keep_or_skip(records: list[Record], skipped: list[str], record: Record, where: str) -> None:
    if not record.abstract and not record.title:
        skipped.append(f"{where}: no title and no abstract")
    else:
        records.append(record)


def _summarise(path: Path, fmt: str, records: list[Record], skipped: list[str]) -> ParsedList:
    if not records:
        reasons = f" ({len(skipped)} records skipped: {skipped[0]})" if skipped else ""
        raise ListFormatError(path, f"no papers found in this {fmt} file{reasons}")
    venues = Counter(r.venue for r in records if r.venue)
    years = Counter(r.year for r in records if r.year)
    return ParsedList(
        title=path.stem,
        venue=venues.most_common(1)[0][0] if venues else None,
        year=years.most_common(1)[0][0] if years else None,
        format=fmt,
        records=records,
        skipped=skipped,
    )


def read_plain(path: Path, text: str) -> ParsedList:
    """First non-empty line names the list; then one abstract per blank-line paragraph."""
    # Lines are walked one at a time, not split into a list first: a list of every
    # line of a 200 MB file cost several times the file in memory.
    lines = _lines(text)
    start, title = next(((n, line.strip()) for n, line in lines if line.strip()),
                        (None, ""))
    if start is None:
        raise ListFormatError(path, "the file is empty")
    venue, year = venue_and_year(title)
    if year is None and len(title) > 200:
        # No title line: the first line is already an abstract.
        lines = itertools.chain([(start, title)], lines)
        title = path.stem
    records: list[Record] = []
    skipped: list[str] = []
    paragraph: list[str] = []
    paragraph_line = 0
    for number, line in itertools.chain(lines, [(0, "")]):
        if line.strip():
            if not paragraph:
                paragraph_line = number
            paragraph.append(line.strip())
            continue
        if paragraph:
            abstract = " ".join(paragraph)
            if len(abstract) < MIN_ABSTRACT_CHARS:
                skipped.append(f"line {paragraph_line}: too short for an abstract "
                               f"({len(abstract)} characters)")
            else:
                records.append(Record(abstract=abstract, venue=venue, year=year,
                                      line=paragraph_line))
            paragraph = []
    if not records:
        problem = "only a title line, no abstracts" if not skipped else \
            f"no abstracts ({len(skipped)} paragraphs too short)"
        raise ListFormatError(path, problem)
    if not looks_like_prose([record.abstract for record in records]):
        raise ListFormatError(path, "this does not look like a paper list: its paragraphs "
                                    f"are not prose{_WHAT_WE_READ}")
    return ParsedList(title=title, venue=venue, year=year, format="plain",
                      records=records, skipped=skipped)


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """(1-based number, line) of each line of `text`, without a list of them all."""
    start = 0
    for number in itertools.count(1):
        end = text.find("\n", start)
        if end < 0:
            yield number, text[start:]
            return
        yield number, text[start:end]
        start = end + 1


def _json(path: Path, text: str, line: int | None = None) -> Any:
    """json.loads, with every failure as a ListFormatError at its line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ListFormatError(path, f"invalid JSON: {error.msg}",
                              line if line is not None else error.lineno,
                              error.colno) from None
    except RecursionError:
        raise ListFormatError(path, "invalid JSON: nested too deeply", line) from None
    except ValueError as error:  # e.g. an integer with more digits than Python allows
        raise ListFormatError(path, f"invalid JSON: {str(error).split(';')[0]}",
                              line) from None


def read_json(path: Path, text: str) -> ParsedList:
    data = _json(path, text)
    if isinstance(data, dict):
        if {str(k).strip().lower() for k in data} & {*_TITLE_KEYS, *_ABSTRACT_KEYS}:
            data = [data]  # one paper on its own (its authors are not the list)
        else:
            # A {"papers": [...]}-style wrapper around the list: one list of objects.
            lists = [v for v in data.values()
                     if isinstance(v, list) and any(isinstance(i, dict) for i in v)]
            if len(lists) != 1:
                raise ListFormatError(path, "expected a JSON list of paper objects")
            data = lists[0]
    if not isinstance(data, list):
        raise ListFormatError(path, "expected a JSON list of paper objects")
    records: list[Record] = []
    skipped: list[str] = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            skipped.append(f"item {number}: not an object")
            continue
        _keep_or_skip(records, skipped, record_from_mapping(item, number), f"item {number}")
    return _summarise(path, "json", records, skipped)


def read_jsonl(path: Path, text: str) -> ParsedList:
    records: list[Record] = []
    skipped: list[str] = []
    for number, line in _lines(text):
        if not line.strip():
            continue
        item = _json(path, line, number)
        if not isinstance(item, dict):
            skipped.append(f"line {number}: not a JSON object")
            continue
        _keep_or_skip(records, skipped, record_from_mapping(item, number), f"line {number}")
    return _summarise(path, "jsonl", records, skipped)


_BOOKTITLE_VENUES = (
    ("international conference on machine learning", "ICML"),
    ("neural information processing systems", "NeurIPS"),
    ("international conference on learning representations", "ICLR"),
)


_KNOWN_VENUES = {v.lower(): v for v in (
    "ICML", "NeurIPS", "ICLR", "ACL", "EMNLP", "NAACL", "CVPR", "ICCV", "ECCV", "AAAI",
    "IJCAI", "KDD", "COLT", "AISTATS", "UAI", "SIGIR", "WWW", "TMLR", "JMLR", "CoRL")}
_KNOWN_VENUES["nips"] = "NeurIPS"


def canonical_venue(venue: str | None) -> str | None:
    """'icml' and 'Proceedings of the 40th International Conference on Machine Learning'
    are both ICML; anything unknown is kept as written."""
    if not venue:
        return venue
    lowered = venue.strip().lower()
    if lowered in _KNOWN_VENUES:
        return _KNOWN_VENUES[lowered]
    for long_name, short in _BOOKTITLE_VENUES:
        if long_name in lowered:
            return short
    return venue.strip()


def read_bibtex(path: Path, text: str) -> ParsedList:
    import bibtexparser
    from bibtexparser import middlewares
    from bibtexparser.model import Entry, ParsingFailedBlock

    # bibtexparser logs each bad block as a multi-line warning; our error says it in one.
    logger = logging.getLogger("bibtexparser")
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())
    try:
        library = bibtexparser.parse_string(text, append_middleware=[
            middlewares.LatexDecodingMiddleware(keep_math_mode=True),
            middlewares.SeparateCoAuthors(),
        ])
    except RecursionError:
        raise ListFormatError(path, "malformed BibTeX: nested too deeply") from None
    except Exception as error:  # noqa: BLE001 - the parser's own failures on odd input
        raise ListFormatError(path, f"malformed BibTeX ({type(error).__name__})") from None
    entries = list(library.entries)
    for block in library.failed_blocks:
        recovered = getattr(block, "ignore_error_block", None)
        if isinstance(recovered, Entry) and type(block) is not ParsingFailedBlock:
            # A duplicate key or field, or LaTeX the decoder choked on: the entry itself
            # was read, so keep it (ids do not come from BibTeX keys).
            entries.append(recovered)
            continue
        error = block.error
        reason = getattr(error, "abort_reason", None) or str(error) or "malformed entry"
        reason = " ".join(reason.split("\n")[0].split()).rstrip(" .")
        start = (block.start_line or 0) + 1
        end = getattr(error, "end_index", None)
        stop = text.count("\n", 0, min(end, len(text))) + 1 if isinstance(end, int) else start
        where = f" (reading line {stop})" if stop != start else ""
        raise ListFormatError(path, f"malformed BibTeX entry: {reason}{where}", start)
    records: list[Record] = []
    skipped: list[str] = []
    for entry in entries:
        fields = {f.key: f.value for f in entry.fields}
        fields.setdefault("id", entry.key)
        record = record_from_mapping(fields, entry.start_line + 1)
        record.extra["entry_type"] = entry.entry_type
        _keep_or_skip(records, skipped, record, f"entry {entry.key}")
    return _summarise(path, "bibtex", records, skipped)


def read_csv(path: Path, text: str) -> ParsedList:
    # One abstract may be far longer than csv's default 128 KiB field limit.
    csv.field_size_limit(max(csv.field_size_limit(), MAX_FIELD_CHARS))
    try:
        dialect = csv.Sniffer().sniff(text[:8192], delimiters=",\t;")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=dialect, strict=True)
    try:
        header = [h.strip().lower() for h in (reader.fieldnames or [])]
    except csv.Error as error:
        raise ListFormatError(path, f"invalid CSV header: {error}", 1) from None
    if not {"title", "abstract", "summary"} & set(header):
        found = ", ".join(header) or "nothing"
        raise ListFormatError(path, f"the CSV header has no 'title' or 'abstract' column "
                                    f"(found: {found})", 1)
    records: list[Record] = []
    skipped: list[str] = []
    try:
        for row in reader:
            line = reader.line_num
            if None in row:
                raise ListFormatError(path, f"row has {len(header) + len(row[None])} fields, "
                                            f"the header has {len(header)}", line)
            missing = [str(name).strip() for name, value in row.items() if value is None]
            if missing:
                raise ListFormatError(path, f"row has {len(header) - len(missing)} fields, "
                                            f"the header has {len(header)} (missing: "
                                            f"{', '.join(missing)})", line)
            _keep_or_skip(records, skipped, record_from_mapping(row, line), f"line {line}")
    except csv.Error as error:
        raise ListFormatError(path, f"invalid CSV: {error}", reader.line_num) from None
    return _summarise(path, "csv", records, skipped)


@dataclass(frozen=True, slots=True)
class ListFormat:
    """A kind of list file papers reads; adding a reader is adding one of these."""

    name: str  # what a list's format is recorded as (`papers lists --json`)
    label: str  # how a person names it ("JSON Lines")
    reader: Callable[[Path, str], ParsedList]
    suffixes: tuple[str, ...]  # extensions that select it; the first names an import's copy
    short: str = ""  # the command line's help, where space is short; else the label

    @property
    def short_label(self) -> str:
        return self.short or self.label


LIST_FORMATS: dict[str, ListFormat] = {f.name: f for f in (
    ListFormat("plain", "plain text", read_plain, (".txt", ".md"), short="plain"),
    ListFormat("json", "JSON", read_json, (".json",)),
    ListFormat("jsonl", "JSON Lines", read_jsonl, (".jsonl", ".ndjson"), short="JSONL"),
    ListFormat("bibtex", "BibTeX", read_bibtex, (".bib", ".bibtex")),
    ListFormat("csv", "CSV", read_csv, (".csv", ".tsv")),
)}
READERS = {name: f.reader for name, f in LIST_FORMATS.items()}
EXTENSIONS = {suffix: name for name, f in LIST_FORMATS.items() for suffix in f.suffixes}


_NOT_SPACE = re.compile(r"\S")
_NOT_SPACE_BYTES = re.compile(rb"\S")


def detect_format(path: Path, text: str) -> str:
    """The reader for `text`: its content decides, the extension only between formats
    the content allows (a list saved as .txt is still read as the JSON it is)."""
    fmt = EXTENSIONS.get(path.suffix.lower())
    # (Only the start of `text` is copied in here: a whole copy of a 200 MB list, or
    # three, was most of the memory an import took.)
    opening = text[:8192]
    head = opening.lstrip()[:1]
    if head == "[":
        return "json"
    if head == "{":
        # JSON Lines saved as .json: a later line starts an object of its own.
        lines_of_objects = text.find("\n{", _NOT_SPACE.search(text).start()) >= 0
        return "json" if fmt == "json" and not lines_of_objects else "jsonl"
    if re.match(r"\s*@\w+\s*[{(]", text[:4096]) or (
            fmt != "plain" and re.search(r"^\s*@\w+\s*\{", text[:4096], re.M)):
        return "bibtex"
    foreign = foreign_text_kind(text)
    if foreign is not None:
        raise ListFormatError(path, f"this looks like {foreign}, which papers does not read"
                                    f"{_WHAT_WE_READ}")
    if fmt == "csv" or _looks_like_csv(text):
        return "csv"
    return fmt or "plain"


def _looks_like_csv(text: str) -> bool:
    """A first line that is a header naming a title or abstract column, and more lines."""
    first, _, rest = text[:8192].lstrip("\n").partition("\n")
    if not rest.strip():
        return False
    for delimiter in (",", "\t", ";"):
        names = {cell.strip().strip('"').strip().lower() for cell in first.split(delimiter)}
        if len(names) > 1 and names & {"title", "abstract", "summary"}:
            return True
    return False


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
# What every refusal adds, from the table above: "; papers reads plain text, JSON, …".
_WHAT_WE_READ = "; papers reads " + ", ".join(
    f.label for f in list(LIST_FORMATS.values())[:-1]) + \
    f" and {list(LIST_FORMATS.values())[-1].label} lists (plain text: a title line, then " \
    "one abstract per paragraph)"


def decode(path: Path, data: bytes) -> str:
    """UTF-8 only: a wrong guess at an encoding would silently corrupt abstracts."""
    if data.startswith(_UTF16_BOMS):
        raise ListFormatError(path, "UTF-16 text, not UTF-8; save the file as UTF-8")
    kind = binary_kind(data)
    if kind is not None:
        raise ListFormatError(path, f"this is {kind}, not a paper list{_WHAT_WE_READ}")
    nul = data.find(b"\x00")
    if nul >= 0:
        # Refused wherever it is: deleting it glued words ("some\0text" -> "sometext").
        raise ListFormatError(path, "a NUL byte: this is a binary file, not a text list",
                              data.count(b"\n", 0, nul) + 1)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise ListFormatError(path, f"not UTF-8 text (byte 0x{data[error.start]:02x}); "
                                    "save the file as UTF-8", line, column) from None
    if "\r" in text:  # (each replace copies the whole text)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_bytes(path: Path | str) -> bytes:
    """The file's bytes, or a ListFormatError saying why they cannot be read.

    Only regular files and pipes are read (`papers add <(zcat list.gz)`); a pipe is read
    up to the size limit and a FIFO nobody writes to reads as empty instead of waiting
    forever. Devices (/dev/zero would be read until memory ran out) and sockets are
    refused.
    """
    path = Path(path)
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise ListFormatError(path, "is a directory, not a list file")
        if stat.S_ISFIFO(mode):
            return _read_pipe(path)
        if not stat.S_ISREG(mode):
            kind = "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else \
                "a socket" if stat.S_ISSOCK(mode) else "not a regular file"
            raise ListFormatError(path, f"is {kind}, not a list file")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ListFormatError(path, "file is larger than 512 MB")
        return path.read_bytes()
    except FileNotFoundError:
        raise ListFormatError(path, "no such file") from None
    except PermissionError:
        raise ListFormatError(path, "permission denied") from None
    except IsADirectoryError:
        raise ListFormatError(path, "is a directory, not a list file") from None
    except OSError as error:
        raise ListFormatError(path, f"cannot read the file ({error.strerror or error})") \
            from None


def _read_pipe(path: Path) -> bytes:
    # O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer to appear.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        os.set_blocking(fd, True)  # now read waits for data, and ends when writers close
        chunks, size = [], 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_FILE_BYTES:
                raise ListFormatError(path, "more than 512 MB came through the pipe")
        return b"".join(chunks)
    finally:
        os.close(fd)


def parse(path: Path | str, data: bytes, fmt: str | None = None) -> ParsedList:
    """Parse a list file's bytes (`path` names it in messages and picks the format)."""
    return parse_text(path, decode_list(path, data), fmt)


def decode_list(path: Path | str, data: bytes) -> str:
    """The list file's text, or a ListFormatError saying why it has none we can read."""
    path = Path(path)
    if not _NOT_SPACE_BYTES.search(data):
        raise ListFormatError(path, "the file is empty")
    text = decode(path, data)
    if not _NOT_SPACE.search(text):
        raise ListFormatError(path, "the file is empty")
    return text


def parse_text(path: Path | str, text: str, fmt: str | None = None) -> ParsedList:
    """Parse a list file's decoded text: a caller that lets go of the bytes first holds
    a large list once less."""
    path = Path(path)
    fmt = fmt or detect_format(path, text)
    if fmt not in READERS:
        raise ListFormatError(path, f"unknown format {fmt!r}")
    try:
        return READERS[fmt](path, text)
    except RecursionError:
        raise ListFormatError(path, f"cannot read this {fmt} file: nested too deeply") from None


def read_list(path: Path | str, fmt: str | None = None) -> ParsedList:
    path = Path(path)
    return parse(path, read_bytes(path), fmt)
