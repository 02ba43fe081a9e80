"""The records that flow through the library: parsed records in, papers out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

# The orders results can be listed in (search/schema.py knows how the index sorts each);
# here, where a command line that never searches can read them without loading Whoosh.
SORTS = ("relevance", "title", "venue", "year", "author", "status", "priority")

SpanKind = Literal["em", "strong", "link", "code"]


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """"1 paper", "2,020 papers": a count and its noun, in the number it needs."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


@dataclass(frozen=True, slots=True)
class Span:
    """A styled run [start, end) of rendered text; `url` is set for links."""

    start: int
    end: int
    kind: SpanKind
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Rendered:
    """Readable Unicode text made from LaTeX/markdown source, with its structure kept."""

    text: str
    spans: tuple[Span, ...] = ()
    urls: tuple[str, ...] = ()


@dataclass(slots=True)
class Record:
    """One paper as a list file states it, before rendering and de-duplication.

    `line` is the 1-based line in the file where the record starts (for messages).
    Fields a format does not know are kept in `extra`, never dropped.
    """

    abstract: str = ""
    title: str | None = None
    authors: list[str] = field(default_factory=list)
    venue: str | None = None
    year: int | None = None
    url: str | None = None
    source_id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = 0


@dataclass(slots=True)
class ParsedList:
    """A whole list file: its own venue/year/title, its records, and what was skipped."""

    title: str
    venue: str | None
    year: int | None
    format: str
    records: list[Record]
    skipped: list[str] = field(default_factory=list)  # one reason per skipped record


@dataclass(slots=True)
class NewPaper:
    """A rendered record ready to store; keys are what de-duplication matches on."""

    abstract_key: str | None
    title_key: str | None
    title: str | None
    authors: list[str]
    venue: str | None
    year: int | None
    url: str | None
    abstract_source: str
    abstract: str
    emphasis: tuple[Span, ...]
    urls: tuple[str, ...]
    name: str | None
    derived_title: str
    extra: dict[str, Any]
    name_from_title: bool = False  # the name is the one the real title gives ("NAME: …")


@dataclass(slots=True)
class Paper:
    """A de-duplicated paper with everything the UI, search and citations need.

    `title` is what to show: a user's edit wins, then the source's real title, then one
    derived from the abstract (`title_derived` is then True). `abstract` is the rendered
    Unicode text and `emphasis` its styled runs; `abstract_source` is the text as listed.
    """

    id: str
    title: str
    title_derived: bool
    name: str | None
    authors: list[str]
    venue: str | None
    year: int | None
    abstract: str
    abstract_source: str
    emphasis: tuple[Span, ...] = ()
    urls: list[str] = field(default_factory=list)
    url: str | None = None  # the paper's own page, when the list or the user gave one
    lists: list[str] = field(default_factory=list)  # names of the lists it came from
    tags: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    edited: list[str] = field(default_factory=list)  # fields the user has edited
    status: str = "unread"  # unread | seen | read (the store's; never in the index)
    priority: int = 0  # 0 = no star, 1-3 (the store's; never in the index)
    note: str = ""  # the user's note (indexed, so `note:word` finds it)

    @property
    def starred(self) -> bool:
        return self.priority > 0

    @property
    def venue_year(self) -> str:
        return " ".join(str(part) for part in (self.venue, self.year) if part)

    @property
    def venue_label(self) -> str:
        """The label for venue_year: "Year" when the list gives a year and no venue
        ("Venue 2025" read as if 2025 were the venue), else "Venue"."""
        return "Year" if self.year and not self.venue else "Venue"

    @property
    def link(self) -> str | None:
        """The best link to open: the paper's page, else its first extracted URL."""
        return self.url or (self.urls[0] if self.urls else None)
