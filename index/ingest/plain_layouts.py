"""Plain-text lists that carry titles: which layout their paragraphs follow.

The bundled lists are bare: a heading line, then one abstract per paragraph. Lists copied
from a conference's site or written by hand often give each paper's title (and authors)
too, in one of three layouts:

- *labelled*: "Title: …", "Authors: …", "Abstract: …" lines (any case, "**Title:**" and
  "Summary:" too); a record per title, or wherever a field comes a second time;
- *inline*: each paragraph's first line is the title, an authors line may follow, then
  the abstract ("Title\\nAbstract …");
- *alternating*: a one-line title paragraph (a Markdown heading is one) before each
  abstract paragraph ("Title\\n\\nAbstract …").

Read as bare, such a file makes garbage of its papers: titles glued to the front of their
abstracts, or imported as papers of their own, the first paper's title taken for the
list's name. A layout is taken only when it explains nearly every paragraph of the file's
opening (EXPLAINED of the first SAMPLE paragraphs): a hard-wrapped bare abstract also has
a first line without a full stop, but its next line seldom starts a sentence, and lines
that do in nearly every paragraph are titles. With fewer than FEW paragraphs the titles
must look like titles (Title Case, a Markdown heading or bold). Otherwise the file is
bare, read as it always was (formats.read_plain).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..models import Record
from .records import record_from_mapping, split_authors, venue_and_year
from .scripts import text_length

MIN_ABSTRACT_CHARS = 30  # Latin characters; a CJK letter counts for three (scripts.py)
SAMPLE = 400  # paragraphs a layout is judged on ...
SAMPLE_LINES = 50  # ... and lines of each
LONG_LINE = 250  # characters (text_length's): longer than hard wrapping makes a line
EXPLAINED = 0.8  # of them it must explain
FEW = 5  # papers below which titles must also look like titles
TITLE_WORDS = 30  # a title line has at most this many words ...
TITLE_LENGTH = 250  # ... and characters (text_length's)

# A field's label at a line's start: "Title:", "**Abstract:**", "AUTHORS :", "Summary："
_LABEL = re.compile(r"^[*_#\s]{0,4}(title|abstract|summary|authors?|venue|conference|year"
                    r"|url|link|pdf|keywords|tl;?dr)[*_\s]{0,3}[:：][*_]{0,2}\s*", re.I)
# Any other short label with a value after it: "Comments: …", "Primary Area: …", "DOI: …"
_OTHER_LABEL = re.compile(r"^[*_]{0,2}([A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2})[*_]{0,2}"
                          r"\s*[:：][*_]{0,2}\s+(?=\S)")
_LISTING_FIELDS = {"listing", "arxiv"}  # what a listing's line before the fields gives
_LISTED_ARXIV = re.compile(r"\barXiv:\s*(\d{4}\.\d{4,5}|[a-z.-]+/\d{7})", re.I)
_RECORD_FIELDS = {"summary": "abstract", "link": "url", "pdf": "url", "author": "authors"}
# What a title line may carry around it: "## Title", "**Title**", "1. Title", "[3] Title"
_TITLE_DECORATION = re.compile(r"^(?:#{1,6}\s+|\*\*|__|\(?\d{1,4}[.)]\s+|\[\d{1,4}\]\s+)")
_RULE = re.compile(r"^\s*([-*_=~])(?:\s*\1){2,}\s*$")  # "---", "* * *", "====="
_MARKER = re.compile(r"^(?:\(?\d{1,5}[.)]|\[\d{1,5}\]|[-*•‣◦])\s+")
_ABSTRACT_WORD = re.compile(r"^[*_#\s]{0,4}(?:abstract|summary)[*_\s]{0,3}[:：]?[*_]{0,2}$", re.I)
_HEADING = re.compile(r"^#{1,6}\s+\S|^\*\*[^*].*\*\*$|^__[^_].*__$")
_SENTENCE_END = re.compile(r"[.!?\u3002\uff01\uff1f][\"'\u201d\u2019)\]\u300d\u300f\uff09]*$")
_FULL_STOP_END = re.compile(r"[.\u3002\uff0e][\"'\u201d\u2019)\]\u300d\u300f\uff09]*$")
_WORD = re.compile(r"[^\W_][\w'’-]*")
# Separators of an authors line: "Jane Doe, John Roe", "Jane Doe · John Roe; …", "… and …"
_AUTHOR_SEPARATORS = re.compile(r"\s*(?:[,;·•|]|\band\b|&)\s*")
# Words a wrapped line of prose often ends with and a title hardly ever does; and the
# short words Title Case leaves in lowercase.
_RUNS_ON = frozenset({"the", "a", "an", "of", "and", "or", "to", "in", "for", "with", "on",
                      "by", "from", "as", "at", "that", "which", "is", "are", "was", "were",
                      "be", "its", "their", "our", "this", "these", "we", "can", "has",
                      "have", "than", "into", "such", "both", "between", "while"})
_LOWER_IN_TITLES = frozenset({"with", "from", "into", "over", "upon", "onto", "without",
                              "through", "across", "under", "that", "than", "when", "where",
                              "versus", "within", "beyond", "toward", "towards", "via"})
_NAME_PARTICLES = frozenset({"de", "van", "von", "der", "den", "di", "da", "del", "della",
                             "le", "la", "du", "dos", "das", "y", "bin", "ibn", "al"})


@dataclass(frozen=True)
class Paragraph:
    line: int  # 1-based line of its first line
    lines: tuple[str, ...]  # stripped, none empty

    @property
    def text(self) -> str:
        return " ".join(self.lines)

    def after_first_line(self) -> list[Paragraph]:
        """What follows its first line (a heading's), as a paragraph: none or one."""
        return [Paragraph(self.line + 1, self.lines[1:])] if len(self.lines) > 1 else []

    @property
    def long_lines(self) -> bool:
        """Two lines or more, each longer than hard wrapping makes one: an abstract each."""
        return len(self.lines) >= 2 and all(text_length(line) >= LONG_LINE
                                            for line in self.lines)


@dataclass
class Titled:
    """What a titled layout read: the list's heading (None: the file has none) and papers."""

    heading: str | None
    records: list[Record]
    skipped: list[str]


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """(1-based number, line) of each line of `text`, without a list of them all (a list
    of every line of a 200 MB file cost several times the file in memory)."""
    start = 0
    for number in itertools.count(1):
        end = text.find("\n", start)
        if end < 0:
            yield number, text[start:]
            return
        yield number, text[start:end]
        start = end + 1


def paragraphs(text: str, limit: int | None = None) -> Iterator[Paragraph]:
    """The blank-line (or rule-line: "---", "* * *") paragraphs of `text`; with `limit`,
    only a paragraph's first `limit` lines (a sample need not hold a file of one
    paragraph twice)."""
    lines: list[str] = []
    first = 0
    for number, line in itertools.chain(numbered_lines(text), [(0, "")]):
        if line.strip() and not _RULE.match(line):
            if not lines:
                first = number
            if limit is None or len(lines) < limit:
                lines.append(line.strip())
        elif lines:
            yield Paragraph(first, tuple(lines))
            lines = []


def sample(text: str) -> list[Paragraph]:
    """The opening paragraphs a layout or a bare list's style is judged on."""
    return list(itertools.islice(paragraphs(text, SAMPLE_LINES), SAMPLE))


# -- bare lists ------------------------------------------------------------------------------
@dataclass(frozen=True)
class BareStyle:
    """How a bare list sets its abstracts apart besides blank lines."""

    per_line: bool  # long lines with no blank line between them: an abstract a line
    markers: bool  # "1. …", "[1] …", "- …" before each abstract: not the abstract's


def bare_style(body: list[Paragraph]) -> BareStyle:
    """The style of a bare list's paragraphs (its heading left out). A paragraph of long
    lines, each longer than any hard wrapping makes them, is a list with no blank lines
    between its abstracts when it is the whole list or half its paragraphs are such (a
    list that has blank lines between abstracts keeps a long line break inside one);
    markers are dropped when four in five paragraphs (or lines) open with one."""
    long = [p for p in body if p.long_lines]
    per_line = bool(long) and (len(body) == 1 or len(long) >= 0.5 * len(body))
    openings = [line for p in body for line in (p.lines if per_line and p in long
                                                 else p.lines[:1])]
    marked = sum(_MARKER.match(line) is not None for line in openings)
    return BareStyle(per_line, bool(openings) and marked >= 0.8 * len(openings))


def bare_abstracts(paragraph: Paragraph, style: BareStyle) -> list[tuple[int, str]]:
    """(line, abstract) of each abstract a bare list's paragraph holds."""
    if style.per_line and paragraph.long_lines:
        found = [(paragraph.line + n, line) for n, line in enumerate(paragraph.lines)]
    else:
        found = [(paragraph.line, paragraph.text)]
    if style.markers:
        found = [(line, _MARKER.sub("", text, count=1)) for line, text in found]
    return found


# -- the shapes of lines ---------------------------------------------------------------------
def title_text(line: str) -> str:
    """A title line without its decoration ("## ", "**…**", "1. ")."""
    line = _TITLE_DECORATION.sub("", line.strip(), count=1).strip()
    for mark in ("**", "__"):
        if line.endswith(mark):
            line = line[: -len(mark)].rstrip()
    return line


def title_shaped(line: str, *, full_stop: bool = False) -> bool:
    """A line that can be a title: a few words, no full stop at its end (a title may end
    with "?"; with `full_stop`, once a layout is known, with "." too: some do), not
    broken off at a comma, a hyphen or a little word as a wrapped line is."""
    text = title_text(line)
    words = _WORD.findall(text)
    if _HEADING.match(line.strip()):  # "## Title", "**Title**": marked as one
        return 0 < len(words) <= TITLE_WORDS and text_length(text) <= TITLE_LENGTH
    return (0 < len(words) <= TITLE_WORDS and text_length(text) <= TITLE_LENGTH
            and (full_stop or not _FULL_STOP_END.search(text)) and text[-1:] not in ",;-–"
            and words[-1].lower() not in _RUNS_ON and _LABEL.match(line) is None)


def looks_like_a_title(line: str) -> bool:
    """Title Case or marked as a heading: what a title line must be where a handful of
    paragraphs is too few to judge a layout by."""
    if _HEADING.match(line.strip()):
        return True
    text = title_text(line)
    words = [w for w in _WORD.findall(text) if len(w) > 3 and w not in _LOWER_IN_TITLES]
    # (All capitals is no sign: a line of capitals is as likely shouted prose.)
    return bool(words) and text != text.upper() and \
        sum(w[0].isupper() for w in words) >= 0.8 * len(words)


def abstract_shaped(text: str) -> bool:
    """Prose an abstract can be: long enough, and a sentence (its end) or longer than any
    title."""
    length = text_length(text)
    return length >= MIN_ABSTRACT_CHARS and (
        _SENTENCE_END.search(text) is not None or length > TITLE_LENGTH
        or len(_WORD.findall(text)) > TITLE_WORDS)


def reads_as_an_abstract(line: str) -> bool:
    """The first line of a plain list is an abstract, not the list's title: longer than
    any title, or a sentence (its end says so) as long as two short abstracts' minimum.
    Lengths are text_length's, so a Chinese or Japanese abstract of 30 letters counts."""
    length = text_length(line)
    return length > 200 or (length >= 2 * MIN_ABSTRACT_CHARS
                            and _SENTENCE_END.search(line) is not None)


def starts_a_sentence(line: str) -> bool:
    """The line's first letter is a capital, or it opens with no letter at all ("$k$-means
    …", "(1) …"): the line before it ended, it did not run on."""
    first = line[:1]
    return not first.isalpha() or first.isupper() or not first.islower()  # (CJK: no case)


def authors_shaped(line: str) -> bool:
    """A line of people: a few capitalised words between commas, "·", ";" or "and"."""
    if _SENTENCE_END.search(line) and not line.rstrip().endswith("."):
        return False
    people = [p for p in _AUTHOR_SEPARATORS.split(line.strip().rstrip(".")) if p]
    if not people or len(people) > 100 or any(len(p.split()) > 5 for p in people):
        return False
    # Nearly every person's words capitalised (a source may write one "hui shi").
    named = sum(all(w[0].isupper() or w[0].isdigit() or w[0] in "*†‡"
                    for w in p.replace(".", ". ").split() if w.lower() not in _NAME_PARTICLES)
                for p in people)
    return named >= 0.75 * len(people) and (len(people) >= 2 or len(people[0].split()) >= 2)


# -- layouts -------------------------------------------------------------------------------
def _labelled(paragraph: Paragraph) -> bool:
    """The paragraph gives a paper's fields: a labelled line opens it, or follows a
    listing's line or two ("[1] arXiv:2312.00001 [pdf, other]", then "Title: …")."""
    return any(_LABEL.match(line) is not None for line in paragraph.lines[:3])


def _inline_parts(paragraph: Paragraph, *, full_stop: bool = False
                  ) -> tuple[str, str | None, str] | None:
    """(title, authors line or None, abstract) of a paragraph laid out inline. With
    `full_stop` (reading a list known to be laid out so) a title may end with "." and
    its abstract open in lowercase ("$k$-means …")."""
    lines = paragraph.lines
    if len(lines) < 2 or not title_shaped(lines[0], full_stop=full_stop):
        return None
    for authors in ((lines[1] if len(lines) > 2 and authors_shaped(lines[1]) else None), None):
        rest = lines[2:] if authors else lines[1:]
        if rest and _ABSTRACT_WORD.match(rest[0]):  # "Abstract" on a line of its own
            rest = rest[1:]
        if rest and (full_stop or starts_a_sentence(rest[0])) \
                and abstract_shaped(" ".join(rest)):
            return title_text(lines[0]), authors, " ".join(rest)
    return None


def _filled(paragraph: Paragraph) -> bool:
    """The paragraph is hard-wrapped and its first line as full as the wrapping made the
    others: the next line's first word would not have fitted on it."""
    lines = paragraph.lines
    if len(lines) < 3:
        return False
    width = max(len(line) for line in lines[1:-1])
    return len(lines[0]) <= width < len(lines[0]) + 1 + len(lines[1].split()[0])


def _is_title_paragraph(paragraph: Paragraph, *, full_stop: bool = False) -> bool:
    return len(paragraph.lines) == 1 and title_shaped(paragraph.lines[0], full_stop=full_stop)


def _alternating_share(body: list[Paragraph]) -> tuple[float, list[str]]:
    """Paragraphs taken two by two, the share that are a title and its abstract (a
    paragraph left over counts as half a pair unexplained)."""
    pairs = [(body[i], body[i + 1]) for i in range(0, len(body) - 1, 2)]
    good = [t.lines[0] for t, a in pairs
            if _is_title_paragraph(t) and abstract_shaped(a.text) and not _is_title_paragraph(a)]
    return (len(good) / (len(body) / 2) if pairs else 0.0), good


def _share(body: list[Paragraph], layout: str) -> tuple[float, list[str]]:
    """How much of `body` the layout explains, and the title lines it found."""
    if not body:
        return 0.0, []
    if layout == "labelled":
        # Opening with a field, and giving titles and abstracts: a bare abstract does not
        # start "Title:" (an abstract's later paragraphs are unlabelled).
        fields = {label.group(1).lower() for p in body for line in p.lines
                  if (label := _LABEL.match(line)) is not None}
        if not _labelled(body[0]) or "title" not in fields:
            return 0.0, []
        if fields & {"abstract", "summary"}:
            return 1.0, ["Title"]
        # Fields, then the abstract as an unlabelled paragraph (arXiv's listings): every
        # fields paragraph followed by one.
        fielded = [i for i, p in enumerate(body) if _labelled(p)]
        followed = sum(i + 1 < len(body) and not _labelled(body[i + 1]) for i in fielded)
        return (followed / len(fielded) if fielded else 0.0), ["Title"]
    if layout == "inline":
        parts = [_inline_parts(p) for p in body]
        share = sum(p is not None for p in parts) / len(body)
        if len(body) < FEW and any(_filled(p) for p in body):
            return 0.0, []  # too few paragraphs to tell a title from a wrapped line
        return share, [p[0] for p in parts if p is not None]
    return _alternating_share(body)


def detect(sample: list[Paragraph]) -> tuple[str, bool] | None:
    """The titled layout the opening paragraphs follow, and whether the first line is
    the list's heading; None for a bare list."""
    if not sample:
        return None
    first = sample[0]
    # The first line is the heading where it stands alone (or names a year, "ICML 2026
    # Papers" right above the first paper); the layouts are tried with it first.
    options = []
    if _LABEL.match(first.lines[0]) is None and (
            len(first.lines) == 1 or venue_and_year(first.lines[0])[1] is not None):
        options.append((True, first.after_first_line() + sample[1:]))
    options.append((False, sample))
    for heading, body in options:
        for layout in ("labelled", "inline", "alternating"):
            share, titles = _share(body, layout)
            if share >= EXPLAINED and titles and (
                    len(titles) >= FEW or layout == "labelled"
                    or all(looks_like_a_title(t) for t in titles)):
                return layout, heading
        if heading and body and sum(abstract_shaped(p.text) for p in body) >= \
                EXPLAINED * len(body):
            return None  # a heading, then abstracts: bare ("ICML 2024 Papers", abstracts)
    return None


def read_titled(text: str, opening: list[Paragraph]) -> Titled | None:
    """The papers of a plain list laid out with titles, or None for a bare list
    (`opening`: its `sample`)."""
    found = detect(opening)
    if found is None:
        return None
    layout, has_heading = found
    body: Iterator[Paragraph] = paragraphs(text)
    heading = None
    if has_heading:
        first = next(body)
        heading = first.lines[0]
        body = itertools.chain(first.after_first_line(), body)
    reader = {"labelled": _read_labelled, "inline": _read_inline,
              "alternating": _read_alternating}[layout]
    records, skipped = reader(body)
    return Titled(heading, records, skipped)


def _bare(paragraph: Paragraph, records: list[Record], skipped: list[str],
          title: str | None = None) -> None:
    """A paragraph as one paper's abstract (with the title before it, if any)."""
    abstract = paragraph.text
    if text_length(abstract) < MIN_ABSTRACT_CHARS:
        what = "a title with no abstract after it" if title is None and \
            _is_title_paragraph(paragraph) else \
            f"too short for an abstract ({len(abstract)} characters)"
        skipped.append(f"line {paragraph.line}: {what}")
        return
    records.append(Record(abstract=abstract, title=title, line=paragraph.line))


def _people(line: str | None) -> list[str]:
    return split_authors(re.sub(r"\s*[·•|]\s*", "; ", line)) if line else []


def _read_inline(body: Iterable[Paragraph]) -> tuple[list[Record], list[str]]:
    records: list[Record] = []
    skipped: list[str] = []
    for paragraph in body:
        parts = _inline_parts(paragraph, full_stop=True)
        if parts is None:
            _bare(paragraph, records, skipped)
        else:
            title, authors, abstract = parts
            records.append(Record(abstract=abstract, title=title, line=paragraph.line,
                                  authors=_people(authors)))
    return records, skipped


def _read_alternating(body: Iterable[Paragraph]) -> tuple[list[Record], list[str]]:
    records: list[Record] = []
    skipped: list[str] = []
    title: Paragraph | None = None  # a title paragraph whose abstract comes next
    for paragraph, after in itertools.pairwise(itertools.chain(body, [None])):
        if title is not None:
            _bare(paragraph, records, skipped, title_text(title.lines[0]))
            title = None
        elif _is_title_paragraph(paragraph, full_stop=True) and after is not None \
                and abstract_shaped(after.text) and not _is_title_paragraph(after):
            title = paragraph
        elif _is_title_paragraph(paragraph):
            skipped.append(f"line {paragraph.line}: a title with no abstract after it")
        else:
            _bare(paragraph, records, skipped)
    return records, skipped


def _read_labelled(body: Iterable[Paragraph]) -> tuple[list[Record], list[str]]:
    reader = _LabelledReader()
    for paragraph in body:
        reader.paragraph(paragraph)
    reader.finish()
    return reader.records, reader.skipped


class _LabelledReader:
    """Records of labelled lines: a title (or a field said a second time) starts the
    next; a line without a label goes on with the field before it."""

    def __init__(self) -> None:
        self.records: list[Record] = []
        self.skipped: list[str] = []
        self.fields: dict[str, list[str]] = {}
        self.start = 0
        self.last: str | None = None

    def paragraph(self, paragraph: Paragraph) -> None:
        if not _labelled(paragraph) and self.fields and "abstract" not in self.fields:
            # Fields, then their paper's abstract as a paragraph of its own (arXiv's
            # listings say no "Abstract:").
            self.fields["abstract"] = list(paragraph.lines)
            self.last = "abstract"
            return
        opening = next(n for n, line in enumerate(paragraph.lines)
                       if _LABEL.match(line)) if _labelled(paragraph) else 0
        if opening:  # a listing's line before the fields: "[1] arXiv:2312.00001 [pdf]"
            self.finish()
            self.fields = {"listing": list(paragraph.lines[:opening])}
            listed = _LISTED_ARXIV.search(" ".join(paragraph.lines[:opening]))
            if listed:  # the paper's arXiv id (its link, and one paper with its other copies)
                self.fields["arxiv"] = [listed.group(1)]
            self.start, self.last = paragraph.line, "listing"
        for offset, line in enumerate(paragraph.lines[opening:], opening):
            self.line(line, paragraph.line + offset)

    def line(self, line: str, number: int) -> None:
        label = _LABEL.match(line)
        if label is None and self.fields and "abstract" not in self.fields:
            # Before the abstract, "Comments: 10 pages" or "Subjects: cs.LG" is a field
            # of its own (kept with the paper), not more of the authors' line.
            label = _OTHER_LABEL.match(line)
        if label is None:
            if self.last is None:
                self.skipped.append(f"line {number}: not a field of a paper")
            else:  # the field before it goes on (an abstract of several lines)
                self.fields[self.last].append(line)
            return
        name = label.group(1).lower().replace(";", "")
        name = _RECORD_FIELDS.get(name, name)
        if name in self.fields or (name == "title" and set(self.fields) - _LISTING_FIELDS):
            self.finish()
        if not self.fields:
            self.start = number
        value = line[label.end():].strip()
        self.fields[name] = [value] if value else []
        self.last = name

    def finish(self) -> None:
        """The record of the fields read so far, if any; then none."""
        fields, self.fields = self.fields, {}
        if not fields:
            return
        mapping: dict[str, object] = {name: " ".join(parts) for name, parts in fields.items()}
        if "authors" in mapping:
            mapping["authors"] = _people(str(mapping["authors"]))
        record = record_from_mapping(mapping, self.start)
        if text_length(record.abstract) < MIN_ABSTRACT_CHARS:
            self.skipped.append(f"line {self.start}: no abstract" if not record.abstract else
                                f"line {self.start}: too short for an abstract "
                                f"({len(record.abstract)} characters)")
        else:
            self.records.append(record)
