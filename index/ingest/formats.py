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
import os
import re
import stat
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ListFormatError
from ..models import ParsedList, Record
from .plain_layouts import (
    MIN_ABSTRACT_CHARS,
    Titled,
    bare_abstracts,
    bare_style,
    numbered_lines,
    paragraphs,
    read_titled,
    reads_as_an_abstract,
    sample,
    title_text,
)
from .readers_atom import read_atom
from .readers_json import (
    crossref_works,
    is_csl_json,
    is_openreview,
    read_csl_data,
    read_csl_json,
    read_openreview,
    read_openreview_data,
)
from .readers_openalex import is_openalex, read_openalex, read_openalex_data
from .readers_ris import read_ris
from .records import (
    has_paper_fields,
    keep_or_skip,
    load_json,
    read_items,
    record_from_mapping,
    summarise,
    venue_and_year,
    venue_in_file_name,
)
from .safe import sanitize
from .scripts import text_length
from .sniff import binary_kind, foreign_text_kind, looks_like_prose, readable_text_kind

MAX_FILE_BYTES = 512 * 1024 * 1024
MAX_FIELD_CHARS = 64 * 1024 * 1024

def read_plain(path: Path, text: str) -> ParsedList:
    """First non-empty line names the list; then one abstract per blank-line paragraph,
    or a title and its abstract in one of the layouts of plain_layouts.py."""
    opening = sample(text)
    titled = read_titled(text, opening)
    if titled is not None:
        return _titled_list(path, titled)
    # Paragraphs are walked one at a time, not split into a list first: a list of every
    # line of a 200 MB file cost several times the file in memory.
    body = paragraphs(text)
    first = next(body, None)
    if first is None:
        raise ListFormatError(path, "the file is empty")
    title = title_text(first.lines[0])  # "# ICML 2026 Papers" is "ICML 2026 Papers"
    venue, year = venue_and_year(title)
    if year is None and reads_as_an_abstract(title):
        # No title line: the first line is already an abstract, and its words name no
        # venue ("… namely 1DFormer" gave every paper the venue "DFormer"); a file named
        # after one does ("icml2023.txt"), as a structured list's name does.
        body = itertools.chain([first], body)
        title = path.stem
        venue, year = venue_in_file_name(path)
    else:
        # The first abstract may come right under the title line.
        body = itertools.chain(first.after_first_line(), body)
        opening = opening[0].after_first_line() + opening[1:]
    style = bare_style(opening)
    records: list[Record] = []
    skipped: list[str] = []
    for paragraph in body:
        for line, abstract in bare_abstracts(paragraph, style):
            if text_length(abstract) < MIN_ABSTRACT_CHARS:
                skipped.append(f"line {line}: too short for an abstract "
                               f"({len(abstract)} characters)")
            else:
                records.append(Record(abstract=abstract, venue=venue, year=year, line=line))
    return _plain_list(path, title, venue, year, records, skipped)


def _titled_list(path: Path, titled: Titled) -> ParsedList:
    """A titled plain list: the heading's venue and year for papers that name none."""
    title = title_text(titled.heading) if titled.heading else path.stem
    venue, year = venue_and_year(title) if titled.heading else (None, None)
    for record in titled.records:
        record.venue = record.venue or venue
        record.year = record.year or year
    return _plain_list(path, title, venue, year, titled.records, titled.skipped)


def _plain_list(path: Path, title: str, venue: str | None, year: int | None,
                records: list[Record], skipped: list[str]) -> ParsedList:
    if not records:
        problem = "only a title line, no abstracts" if not skipped else \
            f"no abstracts ({len(skipped)} paragraphs too short)"
        raise ListFormatError(path, problem)
    if not looks_like_prose([record.abstract for record in records]):
        raise ListFormatError(path, "this does not look like a paper list: its paragraphs "
                                    f"are not prose{_WHAT_WE_READ}")
    return ParsedList(title=title, venue=venue, year=year, format="plain",
                      records=records, skipped=skipped)


def read_json(path: Path, text: str) -> ParsedList:
    """A JSON list of papers; OpenAlex works, CSL-JSON and OpenReview notes are told
    apart by content (the file is parsed once) and read by their own readers."""
    data = load_json(path, text)
    if (works := crossref_works(data)) is not None:
        data = works  # Crossref's API dialect of CSL-JSON, out of its envelope
    if is_openalex(data):
        return read_openalex_data(path, data)
    if is_csl_json(data):
        return read_csl_data(path, data)
    if is_openreview(data):
        return read_openreview_data(path, data)
    return read_json_data(path, data)


def read_json_data(path: Path, data: Any) -> ParsedList:
    if isinstance(data, dict):
        if has_paper_fields(data):
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
    return read_items(path, "json", data, record_from_mapping)


def read_jsonl(path: Path, text: str) -> ParsedList:
    records: list[Record] = []
    skipped: list[str] = []
    for number, line in numbered_lines(text):
        if not line.strip():
            continue
        item = load_json(path, line, number)
        if not isinstance(item, dict):
            skipped.append(f"line {number}: not a JSON object")
            continue
        keep_or_skip(records, skipped, record_from_mapping(item, number), f"line {number}")
    return summarise(path, "jsonl", records, skipped)


# BibTeX entry types (biblatex's too) for a whole book or proceedings rather than a paper.
_VOLUMES = frozenset({"proceedings", "mvproceedings", "book", "mvbook", "collection",
                      "mvcollection", "periodical"})


def read_bibtex(path: Path, text: str) -> ParsedList:
    from bibtexparser.model import Entry, ParsingFailedBlock

    from .bibtex_text import parse, protected_title

    try:
        library = parse(text)
    except RecursionError:
        raise ListFormatError(path, "malformed BibTeX: nested too deeply") from None
    except Exception as error:  # noqa: BLE001 - the parser's own failures on odd input
        raise ListFormatError(path, f"malformed BibTeX ({type(error).__name__})") from None
    entries = list(library.entries)
    for block in library.failed_blocks:
        recovered = getattr(block, "ignore_error_block", None)
        if isinstance(recovered, Entry) and type(block) is not ParsingFailedBlock:
            # A duplicate key or field, or LaTeX the decoder choked on: the entry itself
            # was read, so keep it (paper ids do not come from BibTeX keys).
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
        if entry.entry_type.lower() in _VOLUMES and not fields.get("abstract"):
            # The ACL Anthology opens each volume's .bib with the volume itself: its
            # papers are the other entries.
            skipped.append(f"entry {_shown_key(entry.key)}: a whole {entry.entry_type.lower()} "
                           f"volume, not a paper")
            continue
        fields.setdefault("id", entry.key)
        record = record_from_mapping(fields, entry.start_line + 1)
        record.extra["entry_type"] = entry.entry_type
        # The source's own key: a document citing \cite{doe24} keeps working.
        record.extra["citation_key"] = entry.key
        if (written := protected_title(entry.raw or "")) is not None:
            record.extra["title_source"] = written  # "{Gaussian}": cited as written
        keep_or_skip(records, skipped, record, f"entry {_shown_key(entry.key)}")
    return summarise(path, "bibtex", records, skipped)


def _shown_key(key: str) -> str:
    """An entry's key as a message names it: on one line, without control characters, at
    most 60 characters (bibtexparser takes anything before the first comma as the key,
    a line break included: "@article{0\\n0}" made a two-line error)."""
    shown = " ".join(sanitize(key).split())
    return shown if len(shown) <= 60 else shown[:59] + "…"


def read_csv(path: Path, text: str) -> ParsedList:
    # One abstract may be far longer than csv's default 128 KiB field limit.
    csv.field_size_limit(max(csv.field_size_limit(), MAX_FIELD_CHARS))
    try:
        dialect = csv.Sniffer().sniff(text[:8192], delimiters=",\t;")
    except csv.Error:
        dialect = csv.excel
    # The sniffer counts characters, and "Doe, J.; Roe, R." in every row outvotes the
    # header's commas: the header line, naming its columns, decides. And it misses
    # doubled quotes ("a ""b"" c") where few rows have one; every spreadsheet writes them.
    delimiter = _header_delimiter(text) or dialect.delimiter
    dialect = type("ListDialect", (csv.excel,), {
        "delimiter": delimiter, "quotechar": dialect.quotechar or '"',
        "skipinitialspace": dialect.skipinitialspace,
        "doublequote": dialect.doublequote or dialect.escapechar is None})
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=dialect, strict=True)
    try:
        header = [h.strip().lower() for h in (reader.fieldnames or [])]
    except csv.Error as error:
        raise ListFormatError(path, f"invalid CSV header: {error}", 1) from None
    if not has_paper_fields(header):
        # (each column's name as one line, controls out: a quoted header cell may hold a
        # line break, and the message is one line)
        found = ", ".join(" ".join(sanitize(column).split()) for column in header) or "nothing"
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
            keep_or_skip(records, skipped, record_from_mapping(row, line), f"line {line}")
    except csv.Error as error:
        raise ListFormatError(path, f"invalid CSV: {error}", reader.line_num) from None
    return summarise(path, "csv", records, skipped)


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
    ListFormat("ris", "RIS", read_ris, (".ris",)),
    # Both are JSON: `read_json` tells them apart by content; .json stays plain JSON's.
    ListFormat("csl-json", "CSL-JSON", read_csl_json, (".json",)),
    ListFormat("openreview", "OpenReview notes (JSON)", read_openreview, (".json",),
               short="OpenReview"),
    ListFormat("openalex", "OpenAlex works (JSON)", read_openalex, (".json",),
               short="OpenAlex"),
    ListFormat("atom", "arXiv Atom feed", read_atom, (".atom", ".xml"), short="arXiv Atom"),
)}
READERS = {name: f.reader for name, f in LIST_FORMATS.items()}
# The first format to claim an extension keeps it.
EXTENSIONS: dict[str, str] = {}
for _name, _format in LIST_FORMATS.items():
    for _suffix in _format.suffixes:
        EXTENSIONS.setdefault(_suffix, _name)
GZIP_SUFFIX = ".gz"


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
    readable = readable_text_kind(text)
    if readable is not None:
        return readable
    foreign = foreign_text_kind(text)
    if foreign is not None:
        raise ListFormatError(path, f"this looks like {foreign}, which papers does not read"
                                    f"{_WHAT_WE_READ}")
    if fmt == "csv" or _looks_like_csv(text):
        return "csv"
    return fmt or "plain"


def _header_delimiter(text: str) -> str | None:
    """The delimiter that splits the first line into columns naming a title or abstract."""
    first = text[:8192].lstrip("\n").partition("\n")[0]
    for delimiter in (",", "\t", ";"):
        names = {cell.strip().strip('"').strip().lower() for cell in first.split(delimiter)}
        if len(names) > 1 and names & {"title", "abstract", "summary"}:
            return delimiter
    return None


def _looks_like_csv(text: str) -> bool:
    """A first line that is a header naming a title or abstract column, and more lines."""
    rest = text[:8192].lstrip("\n").partition("\n")[2]
    return bool(rest.strip()) and _header_delimiter(text) is not None


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
# What every refusal adds, from the table above: "; papers reads plain text, JSON, …".
_LABELS = [f.label for f in LIST_FORMATS.values()]
_WHAT_WE_READ = "; papers reads " + ", ".join(_LABELS[:-1]) + f" and {_LABELS[-1]} " \
    "lists, and a .gz of any of them (plain text: a title line, then one abstract per " \
    "paragraph, each with its title or not)"


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
    """Parse a list file's bytes (`path` names it in messages and picks the format).

    A gzip file is decompressed and what is inside detected as any file is, by its
    content and then by the name without `.gz` (`icml2024.json.gz` is JSON).
    """
    text, named = decode_list(path, data)
    return parse_text(path, text, fmt, named=named)


def decode_list(path: Path | str, data: bytes) -> tuple[str, Path]:
    """The list file's text, and the name to detect its format by (without `.gz`), or a
    ListFormatError saying why it has no text we can read."""
    path = Path(path)
    named = path
    if data.startswith(GZIP_MAGIC):
        data = gunzip(path, data)
        if path.suffix.lower() == GZIP_SUFFIX:
            named = path.with_suffix("")
    if not _NOT_SPACE_BYTES.search(data):
        raise ListFormatError(path, "the file is empty")
    text = decode(path, data)
    if not _NOT_SPACE.search(text):
        raise ListFormatError(path, "the file is empty")
    return text, named


def parse_text(path: Path | str, text: str, fmt: str | None = None, *,
               named: Path | None = None) -> ParsedList:
    """Parse a list file's decoded text: a caller that lets go of the bytes first holds
    a large list once less. `named` is the name its format is detected by."""
    path = Path(path)
    named = named or path
    fmt = fmt or detect_format(named, text)
    if fmt not in READERS:
        raise ListFormatError(path, f"unknown format {fmt!r}")
    try:
        parsed = READERS[fmt](path, text)
    except RecursionError:
        raise ListFormatError(path, f"cannot read this {fmt} file: nested too deeply") from None
    if parsed.title == path.stem:
        parsed.title = named.stem
    return parsed


GZIP_MAGIC = b"\x1f\x8b"


def gunzip(path: Path, data: bytes) -> bytes:
    """The decompressed bytes, at most MAX_FILE_BYTES of them (a small .gz can expand to
    gigabytes); a gzip inside the gzip is refused rather than unpacked again."""
    inflate = zlib.decompressobj(wbits=31)  # 31: a gzip header, not a raw zlib stream
    try:
        out = inflate.decompress(data, MAX_FILE_BYTES + 1)
    except zlib.error as error:
        raise ListFormatError(path, f"a gzip-compressed file that cannot be decompressed "
                                    f"({error})") from None
    if len(out) > MAX_FILE_BYTES or inflate.unconsumed_tail:
        raise ListFormatError(path, "decompresses to more than 512 MB")
    if not inflate.eof:
        raise ListFormatError(path, "a gzip-compressed file that is cut short")
    if out.startswith(GZIP_MAGIC):
        raise ListFormatError(path, "a gzip file inside a gzip file; decompress it once")
    return out


def read_list(path: Path | str, fmt: str | None = None) -> ParsedList:
    path = Path(path)
    return parse(path, read_bytes(path), fmt)
