"""Records to papers ready to store: rendered, named, titled, cleaned, with match keys."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import threading
import unicodedata
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from ..cores import cores, fork_is_safe
from ..models import NewPaper, Record, Rendered
from .bibtex_text import PROTECTED, with_carried_entry
from .mojibake import repaired
from .names import NameStatistics, list_statistics
from .render import render, sanitize
from .titles import derive_name, derive_name_and_title, name_in_title
from .wrapped import unwrapped

_MATH = re.compile(r"\$[^$]+\$|\\\(.+?\\\)")
# Line and paragraph separators end a line in some terminals: never inside a one-line field.
_SEPARATORS = str.maketrans({"\u2028": " ", "\u2029": " "})


def normalise(text: str) -> str:
    """What de-duplication compares: Unicode-normalised, case-folded, spaces collapsed."""
    # split() and strip() take the same white space as the pattern's \s (str.isspace).
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def one_line(text: str) -> str:
    """`text` with no line or paragraph separator (translated only where there is one:
    translating looks every character up, 5% of preparing when done always)."""
    return text.translate(_SEPARATORS) if "\u2028" in text or "\u2029" in text else text


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
    # Base32 spells each 5 bytes as 8 characters: the first `length` characters are
    # those of the first 5 bytes per 8 of them (encoding the whole key took 16 µs).
    data = bytes.fromhex(key)[:5 * -(-length // 8)]
    return base64.b32encode(data).decode("ascii").lower()[:length]


def clean_line(text: str) -> str:
    """A one-line field (title, author, venue, url): terminal-safe, whitespace collapsed.

    Lists are untrusted: a newline or tab in a title would break a results row, and
    escape sequences must never reach the terminal.
    """
    return " ".join(one_line(sanitize(text)).split())


def clean_value(value: Any) -> Any:
    """Unknown extra fields, kept as given but made terminal-safe (keys too), recursively."""
    if isinstance(value, str):
        return one_line(sanitize(value))
    if isinstance(value, dict):
        return {clean_value(str(key)): clean_value(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [clean_value(item) for item in value]
    return value


# What a paper takes from its abstract: its rendering, and the name and title derived
# from it (for one list's statistics). A paper with a real title takes the name its title
# gives, if any, and derives no title (None): none would be shown.
FromAbstract = tuple[Rendered | None, str | None, str | None]


def rendered_abstract(abstract: str) -> Rendered:
    """The abstract as a paper stores it: rendered, on one line (and without a CSV
    export's quoting around it, wrapped.py)."""
    return _rendered(unwrapped(abstract))


def _rendered(abstract: str) -> Rendered:
    rendered = render(abstract)
    # (one character for one: emphasis offsets stay exact)
    return replace(rendered, text=one_line(rendered.text))


def from_abstract(abstract: str, statistics: NameStatistics | None,
                  title: str | None = None) -> FromAbstract:
    """`title`: the paper's real title, rendered (None for a bare paper)."""
    abstract = unwrapped(abstract)
    rendered = _rendered(abstract) if abstract else None
    text = rendered.text if rendered else ""
    if title:
        name = name_in_title(title, text, statistics) or \
            (derive_name(abstract, rendered, statistics) if text else None)
        return rendered, name, None
    name, derived_title = (derive_name_and_title(abstract, rendered, statistics)
                           if text else (None, ""))
    return rendered, name, derived_title


def _repaired(record: Record) -> Record:
    """The record with its text as its authors wrote it, where the list had decoded it
    twice (mojibake.py): title, abstract, authors, venue."""
    abstract, title = repaired(record.abstract), record.title and repaired(record.title)
    authors = [repaired(author) for author in record.authors]
    venue = record.venue and repaired(record.venue)
    if (abstract, title, authors, venue) == \
            (record.abstract, record.title, record.authors, record.venue):
        return record
    return replace(record, abstract=abstract, title=title, authors=authors, venue=venue)


def prepare(record: Record, statistics: NameStatistics | None = None,
            derived: FromAbstract | None = None) -> NewPaper:
    """`statistics`: `list_statistics` of the record's whole list (see names.py);
    `derived`: `from_abstract` of this record's abstract, if known already."""
    return _prepared(record, statistics, derived)[0]


def _prepared(record: Record, statistics: NameStatistics | None,
              derived: FromAbstract | None) -> tuple[NewPaper, FromAbstract]:
    """The paper, and what it took from its abstract (for a repeat of the abstract)."""
    record = _repaired(with_carried_entry(record))
    source_title = unwrapped(record.title) if record.title else None
    title = clean_line(render(source_title).text) if record.title else None
    # What another record of the same abstract took serves one with a title as this one
    # is (or is not); with the list's titles for some records only, it is taken again.
    if derived is None or (derived[2] is None) != bool(title):
        derived = from_abstract(record.abstract, statistics, title)
    rendered, name, derived_title = derived
    extra = clean_value(record.extra)
    if record.title and "title_source" not in extra and (
            _MATH.search(record.title) or PROTECTED.search(record.title)):
        # The title as the source wrote it, math and all: BibTeX keeps `$\mathcal{O}(n)$`
        # rather than re-encoding its rendering ("O(n)"), and the source's "{Gaussian}"
        # (a .bib's reader gives that itself: its title here is decoded).
        extra["title_source"] = clean_line(source_title)
    abstract_key, title_key = keys_for(record)
    authors = [clean_line(a) for a in record.authors]
    name = clean_line(name) or None if name else None
    text = rendered.text if rendered else ""
    paper = NewPaper(
        abstract_key=abstract_key, title_key=title_key, title=title or None,
        authors=[a for a in authors if a],
        venue=clean_line(record.venue) or None if record.venue else None, year=record.year,
        url=clean_line(record.url) or None if record.url else None,
        abstract_source=one_line(sanitize(record.abstract)),
        abstract=text,
        emphasis=rendered.spans if rendered else (), urls=rendered.urls if rendered else (),
        name=name, derived_title=clean_line(derived_title or (title or "")), extra=extra,
        name_from_title=name is not None and name == name_in_title(title, text, statistics))
    return paper, derived


# -- many records, over the cores ----------------------------------------------------------
# Rendering and naming are most of importing a list (0.8 ms a record, on one core), and
# each record's is its own: large lists are prepared by worker processes, in order, while
# this process stores what they sent.
PARALLEL_FROM = 400  # records; for fewer, starting the workers costs more than it saves
CHUNK = 100  # records per task
IN_FLIGHT = 2  # tasks per worker handed out ahead: records are held about once


def _prepare_chunk(records: list[Record | None], kept: list[bool],
                   statistics: NameStatistics | None) -> list[Prepared | None]:
    """Each record's paper (None for a record left out, a repeat), with what it took
    from its abstract where `kept` (its abstract comes again later in the list)."""
    prepared: list[Prepared | None] = []
    for record, keep in zip(records, kept, strict=True):
        if record is None:
            prepared.append(None)
            continue
        paper, derived = _prepared(record, statistics, None)
        prepared.append((paper, derived if keep else None))
    return prepared


# A paper, and what it took from its abstract when another record repeats that abstract.
Prepared = tuple[NewPaper, FromAbstract | None]

# The list's statistics in a worker process: given once, as it starts (forked, so not even
# pickled), rather than with every chunk (a 10,000-paper list's are a megabyte).
_worker_statistics: NameStatistics | None = None


def _adopt_statistics(statistics: NameStatistics | None) -> None:
    global _worker_statistics
    _worker_statistics = statistics


def _prepare_chunk_in_worker(records: list[Record | None],
                             kept: list[bool]) -> list[Prepared | None]:
    return _prepare_chunk(records, kept, _worker_statistics)


class _Repeats:
    """Abstracts a list has more than once (a conference's list repeats a paper for each
    of its sessions: 154 of ICML 2023's 2,020, half of ICML 2022's): each is rendered
    and named once, its later records take that (the same list, so the same statistics:
    the same result)."""

    def __init__(self, records: list[Record | None]) -> None:
        counts = Counter(record.abstract for record in records if record is not None)
        self.left = {abstract: n - 1 for abstract, n in counts.items() if n > 1}
        del counts
        self.handed: set[str] = set()  # repeated abstracts whose first record is out
        self.derived: dict[str, FromAbstract] = {}  # ... and what it took from them

    def hand_out(self, record: Record) -> tuple[Record | None, bool]:
        """What to prepare of `record` (None: a repeat, taken from the first) and
        whether to keep what its abstract gave."""
        abstract = record.abstract
        if abstract not in self.left:
            return record, False
        if abstract in self.handed:
            return None, False
        self.handed.add(abstract)
        return record, True

    def take(self, record: Record, statistics: NameStatistics | None) -> NewPaper:
        """A repeat's paper, from what its abstract's first record gave."""
        derived = self.derived[record.abstract]
        self.left[record.abstract] -= 1
        if not self.left[record.abstract]:
            del self.left[record.abstract], self.derived[record.abstract]
            self.handed.discard(record.abstract)
        return prepare(record, statistics, derived)


def worker_count(count: int) -> int:
    """Worker processes for `count` records: none for a small list, on one core, or
    in a process with other threads (the app), where forking is unsafe."""
    if count < PARALLEL_FROM or not fork_is_safe():
        return 0
    return count_of_cores if (count_of_cores := cores()) > 1 else 0


def statistics_over_cores(abstracts: list[str]) -> NameStatistics:
    """`list_statistics(abstracts)`, the same to the last count and key order: for a
    large list the second half is counted by a forked child while this process counts
    the first (it is the one step before the workers start that kept a core idle)."""
    abstracts = list(dict.fromkeys(abstracts))  # (a repeat is counted once: list_statistics)
    if worker_count(len(abstracts)) < 2:
        return list_statistics(abstracts)
    import pickle

    half = len(abstracts) // 2
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: count the second half, send it, leave at once
        code = 1
        try:
            os.close(read)
            counted = list_statistics(abstracts[half:])
            data = pickle.dumps((counted.documents, dict(counted.usage)),
                                pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write, "wb") as out:
                out.write(data)
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    try:
        first = list_statistics(abstracts[:half])
        with os.fdopen(read, "rb") as source:
            data = source.read()
    finally:
        _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        return list_statistics(abstracts)  # (never seen: the child counts plain text)
    documents, usage = pickle.loads(data)
    # Counter.update of the first half's counts with the second's: the keys in the order
    # a single pass meets them first, each count the sum.
    first.usage.update(usage)  # type: ignore[attr-defined]
    return NameStatistics(first.documents + documents, first.usage)


def prepare_each(records: list[Record | None], statistics: NameStatistics | None = None,
                 meanwhile: Callable[[], object] | None = None) -> Iterator[NewPaper]:
    """`prepare(record, statistics)` of each record, in order; each record is let go (set
    to None in `records`) once it is handed out, so a list is held once. An abstract
    the list repeats is rendered and named once (_Repeats).

    `meanwhile` (work this process would wait idle beside: importing what comes after)
    runs on a thread while worker processes prepare, and is done when the papers are;
    without workers it is not called."""
    repeats = _Repeats(records)
    workers = worker_count(len(records))
    if not workers:
        for position, record in enumerate(records):
            records[position] = None
            given, keep = repeats.hand_out(record)
            if given is None:
                yield repeats.take(record, statistics)
                continue
            [(paper, derived)] = _prepare_chunk([given], [keep], statistics)
            if derived is not None:
                repeats.derived[record.abstract] = derived
            yield paper
        return
    yield from _in_workers(records, statistics, repeats, workers, meanwhile)


def _in_workers(records: list[Record | None], statistics: NameStatistics | None,
                repeats: _Repeats, workers: int,
                meanwhile: Callable[[], object] | None) -> Iterator[NewPaper]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # Forked, the workers start at once with everything imported (a new interpreter
    # would import papers again: longer than preparing a conference).
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_adopt_statistics, initargs=(statistics,))
    pending: deque = deque()  # (the task, the chunk's records, in the order handed)
    handed = 0

    def hand_out() -> None:
        nonlocal handed
        if handed < len(records):
            chunk = records[handed:handed + CHUNK]
            records[handed:handed + len(chunk)] = [None] * len(chunk)
            handed += len(chunk)
            given, kept = zip(*map(repeats.hand_out, chunk), strict=True)
            pending.append((pool.submit(_prepare_chunk_in_worker, list(given), list(kept)),
                            chunk))
    beside = None
    try:
        for _ in range(workers * IN_FLIGHT):
            hand_out()
        if meanwhile is not None:  # the workers are forked: a thread is safe now
            beside = threading.Thread(target=meanwhile, name="papers-meanwhile",
                                      daemon=True)
            beside.start()
        while pending:
            task, chunk = pending.popleft()
            prepared = task.result()
            hand_out()
            for record, done in zip(chunk, prepared, strict=True):
                if done is None:
                    yield repeats.take(record, statistics)
                    continue
                paper, derived = done
                if derived is not None:
                    repeats.derived[record.abstract] = derived
                yield paper
            del chunk, prepared
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if beside is not None:  # no thread outlives the workers: the next list may fork
            beside.join()
