"""Exporting papers to files: BibTeX, a Markdown reading list, CSV, JSON, JSON Lines, RIS
and CSL-JSON (the last three in writers.py).

Files are written atomically (a temporary file in the same directory, then a rename), so
a crash never leaves half a file, and an existing file is only replaced when asked.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import stat
import uuid
from collections.abc import Sequence
from pathlib import Path

from ..errors import ExportError
from ..models import Paper
from . import writers
from .citations import TEXT_DERIVED_MARK, bibtex, markdown_escape, markdown_url
from .formats import EXPORT_FORMATS

COLUMNS = ("id", "title", "title_derived", "name", "authors", "venue", "year", "url", "tags",
           "lists", "abstract", "doi", "arxiv_id", "status", "priority", "note")


def export_text(papers: Sequence[Paper], fmt: str, *, heading: str | None = None) -> str:
    """`papers` as the text of a file in `fmt`; `heading` titles a Markdown list."""
    if fmt not in EXPORT_FORMATS:
        choices = ", ".join(EXPORT_FORMATS)
        raise ValueError(f"unknown export format {fmt!r}; choose one of {choices}")
    if fmt == "bibtex":
        text = bibtex(papers, abstracts=True, notes=True)
        return text + "\n" if text else ""
    if fmt == "markdown":
        return _markdown(papers, heading)
    if fmt == "csv":
        return _csv(papers)
    if fmt == "ris":
        return writers.ris(papers)
    if fmt == "csl-json":
        return writers.csl_json(papers)
    if fmt == "jsonl":
        return writers.jsonl([record(p) for p in papers])
    return json.dumps([record(p) for p in papers], ensure_ascii=False, indent=2) + "\n"


def record(paper: Paper) -> dict:
    """The exported fields of a paper, as JSON values."""
    return {
        "id": paper.id,
        "title": paper.title,
        "title_derived": paper.title_derived,
        "name": paper.name,
        "authors": list(paper.authors),
        "venue": paper.venue,
        "year": paper.year,
        "url": paper.link,
        "tags": list(paper.tags),
        "lists": list(paper.lists),
        "abstract": paper.abstract,
        "doi": writers.ids(paper).get("doi"),
        "arxiv_id": writers.ids(paper).get("arxiv_id"),
        # The reader's own: where they are in it, its star, their note.
        "status": paper.status,
        "priority": paper.priority,
        "note": paper.note,
    }


def _csv(papers: Sequence[Paper]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS)
    writer.writeheader()
    for paper in papers:
        row = record(paper)
        for key in ("authors", "tags", "lists"):
            row[key] = "; ".join(row[key])
        row["title_derived"] = "true" if paper.title_derived else "false"
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return out.getvalue()


def _code(text: str) -> str:
    # A code span needs a fence longer than any run of backticks inside it.
    fence = "`"
    while fence in text:
        fence += "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _paragraphs(text: str) -> str:
    """Rendered abstract text as Markdown paragraphs that show every character literally."""
    blocks = [" ".join(block.split()) for block in re.split(r"\n\s*\n", text)]
    blocks = [_literal_start(markdown_escape(b)) for b in blocks if b]
    return "\n\n".join(blocks)


def _literal_start(block: str) -> str:
    # A paragraph starting like a heading, quote, list item or table would become one.
    if block.startswith(("#", ">", "-", "+", "=", "|")):
        return "\\" + block
    return re.sub(r"^(\d+)([.)])(?=\s|$)", r"\1\\\2", block)


def _heading(text: str) -> str:
    # "#" escaped too: a heading ending in " #" would lose it as a closing sequence.
    return markdown_escape(" ".join(text.split())).replace("#", "\\#")


def _markdown(papers: Sequence[Paper], heading: str | None) -> str:
    parts = [f"# {_heading(heading)}"] if heading else []
    for paper in papers:
        mark = TEXT_DERIVED_MARK if paper.title_derived else ""
        parts.append(f"## {_heading(paper.title)}{mark}")
        facts = []
        if paper.venue_year:
            facts.append(f"- {markdown_escape(paper.venue_year)}")
        if paper.name:
            facts.append(f"- Name: {markdown_escape(paper.name)}")
        if paper.authors:
            facts.append(f"- Authors: {markdown_escape(', '.join(paper.authors))}")
        if paper.link:
            facts.append(f"- Link: <{markdown_url(paper.link)}>")
        if paper.tags:
            facts.append(f"- Tags: {', '.join(_code(tag) for tag in paper.tags)}")
        if facts:
            parts.append("\n".join(facts))
        if abstract := _paragraphs(paper.abstract):
            parts.append(abstract)
        if paper.note.strip():
            # The reader's note, as a quote under the abstract, each line kept.
            lines = [_literal_start(markdown_escape(line.strip()))
                     for line in paper.note.strip().split("\n")]
            parts.append("**Note:**\n\n" + "\n".join(f"> {line}".rstrip() for line in lines))
    return "\n\n".join(parts) + "\n" if parts else ""


def export_file(papers: Sequence[Paper], fmt: str, path: str | Path, *,
                heading: str | None = None,
                overwrite: bool = False) -> Path:
    """Write `papers` to `path`; returns where they went.

    A regular file is written atomically (a temporary file beside it, then a rename) and
    an existing one replaced only if `overwrite`. A character device or a FIFO
    (`/dev/stdout`, `/dev/null`, a pipe) is written through: renaming over it would
    replace the device with a file. Anything else that is not a regular file (a
    directory, a socket) is refused. Errors name `path`, never the temporary file.
    """
    text = export_text(papers, fmt, heading=heading)
    given = Path(path).expanduser()
    target = given.resolve()
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise ExportError(f"{given}: cannot write there ({error.strerror or error})") from None
    if mode is not None and (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
        _write_through(given, text)
        return given
    if mode is not None and stat.S_ISDIR(mode) or (mode is None and str(path).endswith("/")):
        raise ExportError(f"{given} is a directory; name a file")
    if mode is not None and not stat.S_ISREG(mode):
        raise ExportError(f"{given} is not a regular file; not writing over it")
    if mode is not None and not overwrite:
        raise FileExistsError(f"{target} already exists; not overwriting it")
    temp = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        # O_EXCL: never write through someone else's file; mode 0o666 lets the umask decide.
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as error:
        raise ExportError(f"{given}: cannot write there ({error.strerror or error})") from None
    try:
        with open(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if overwrite:
            os.replace(temp, target)
        else:
            _link_new(temp, target)
    except OSError as error:
        if isinstance(error, FileExistsError):
            raise
        raise ExportError(f"{given}: could not be written ({error.strerror or error}); "
                          "nothing was changed there") from None
    finally:
        temp.unlink(missing_ok=True)
    return target


def _write_through(path: Path, text: str) -> None:
    """Write to a device or a pipe as it is: no temporary file, no rename."""
    try:
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    except OSError as error:
        raise ExportError(f"{path}: could not be written ({error.strerror or error})") from None


def _link_new(temp: Path, target: Path) -> None:
    """Move `temp` to `target` only if no file appeared there since the check above."""
    try:
        os.link(temp, target)  # fails if target exists: no window for a race
    except FileExistsError:
        raise FileExistsError(f"{target} already exists; not overwriting it") from None
    except OSError:  # a file system without hard links
        if target.exists():
            raise FileExistsError(f"{target} already exists; not overwriting it") from None
        os.replace(temp, target)
