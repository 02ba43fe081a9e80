"""What every reader shares: field names onto a `Record`, people's names, venues, years,
ids, and the summary of a list read.

Readers (formats.py and the readers_*.py modules) import from here and never from each
other, so adding a format never makes an import cycle.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from ..errors import ListFormatError
from ..models import ParsedList, Record

T = TypeVar("T")

_YEAR = re.compile(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)")
_SHORT_YEAR = re.compile(r"(?<=[A-Za-z])['’](\d\d)(?!\d)")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9&+\-]*")
_GENERIC_WORDS = {"papers", "paper", "list", "accepted", "proceedings", "of", "the", "abstracts"}

# Field names as `field_key` writes them (lowercase letters and digits only): "Paper
# Title", "paper_title" and "paperTitle" are one; Zotero's CSV says "Abstract Note",
# "Publication Title" and "Publication Year", BibLaTeX "journaltitle".
TITLE_KEYS = ("title", "papertitle", "articletitle", "documenttitle")
ABSTRACT_KEYS = ("abstract", "summary", "abstracttext", "abstractnote", "paperabstract")
_AUTHOR_KEYS = ("authors", "author", "authornames", "authorlist")
_VENUE_KEYS = ("venue", "conference", "booktitle", "journal", "howpublished",
               "publicationtitle", "journaltitle", "journalname", "proceedingstitle",
               "conferencename", "proceeding")
_YEAR_KEYS = ("year", "publicationyear", "pubyear")
# A date the year may be read from when no year is given: Papers with Code's "date"
# ("2020-06-02"), Semantic Scholar's "publicationDate".
_DATE_KEYS = ("date", "publicationdate", "published", "pubdate")
_URL_KEYS = ("url", "paperurl", "pdfurl", "link", "pdflink")
# Where else a link to the paper's page may be, taken only when it is a web address (a
# CSV's "site" may be a city): Paper Copilot's paperlists call the proceedings page "site".
_PAGE_KEYS = ("site", "page", "pdf")
_ID_KEYS = ("id", "key", "paperid")
# A venue written as a slug, its name, its year and a part: "icml-2020-7", "neurips-2021".
_VENUE_SLUG = re.compile(r"([a-z][a-z0-9]*)-((?:19|20)\d\d)(?:-\w+)?")
_PAPER_FIELDS = frozenset((*TITLE_KEYS, *ABSTRACT_KEYS))


def venue_and_year(title: str) -> tuple[str | None, int | None]:
    """'ICML 2026 Papers' and 'ICML 2026 论文列表' both give ('ICML', 2026), and so does
    "ICML'26" (a venue's short year, after an apostrophe)."""
    match = _YEAR.search(title) or _SHORT_YEAR.search(title)
    year = None if match is None else int(match.group(1)) if len(match.group(1)) == 4 \
        else (1900 if int(match.group(1)) > 50 else 2000) + int(match.group(1))
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
        if year is None:
            # Without a year, a plain word is no venue ("My reading list" is not at a
            # venue named "reading"); a venue's full name still is.
            known = canonical_venue(title)
            return (known if known != title.strip() else None), year
        return canonical_venue(words[-1] if part is before else words[0]), year
    return None, year


# --- people -----------------------------------------------------------------------------

def person(name: Any) -> str:
    """One person as "First Last", whichever way the source wrote them.

    "Doe, Jane" (RIS, BibTeX, Zotero), "Jane Doe" and a CSL name object
    ({"family": "Doe", "given": "Jane"}) are the same person; "Doe, Jr., Jane" keeps its
    suffix last. Anything else is kept as written.
    """
    if isinstance(name, dict):
        return _person_object(name)
    if not isinstance(name, str):
        return ""  # a null or a number in a list of authors is nobody
    text = " ".join(name.split())
    pieces = [p.strip() for p in text.split(",")]
    if len(pieces) == 2 and all(pieces):
        return f"{pieces[1]} {pieces[0]}"
    if len(pieces) == 3 and all(pieces):
        return f"{pieces[2]} {pieces[0]} {pieces[1]}"
    return text


# A person as an object: its whole name under one of these keys (OpenReview, Semantic
# Scholar, OpenAlex's `author`, DBLP), or in parts (CSL; first and last names).
_WHOLE_NAME_KEYS = ("name", "fullname", "full_name", "display_name",
                    "displayName", "author")
_NAME_PARTS = (("given", "dropping-particle", "non-dropping-particle", "family", "suffix"),
               ("first_name", "middle_name", "last_name"), ("firstName", "middleName",
                                                           "lastName"), ("first", "last"))


def _person_object(name: dict) -> str:
    if isinstance(name.get("literal"), str) and name["literal"].strip():
        return " ".join(name["literal"].split())  # CSL: kept as written ("Google, Inc.")
    for key in _WHOLE_NAME_KEYS:
        value = name.get(key)
        if isinstance(value, dict):  # OpenAlex: {"author": {"display_name": ...}}
            value = _person_object(value)
        if isinstance(value, str) and value.strip():
            return person(value)
    for keys in _NAME_PARTS:
        parts = [name.get(k) for k in keys]
        if any(isinstance(p, str) and p.strip() for p in parts):
            return " ".join(" ".join(p.split()) for p in parts if isinstance(p, str) and p)
    return ""


def split_authors(value: Any) -> list[str]:
    """A list of people from a list, or from one string.

    In a string, ";" or BibTeX's " and " separate people (each may be "Last, First");
    with neither, commas do ("A. Smith, B. Jones").
    """
    if value is None:
        return []
    if isinstance(value, list | tuple):
        people = [person(a) for a in value]
        return [p for p in people if p]
    text = str(value).strip()
    if not text:
        return []
    if ";" in text:
        parts = [person(p) for p in text.split(";")]
    elif re.search(r"\s+and\s+", text):
        parts = [person(p) for p in re.split(r"\s+and\s+", text)]
    else:
        parts = re.split(r",(?![^()]*\))", text)
    return [p.strip() for p in parts if p.strip()]


# --- years, venues, ids -----------------------------------------------------------------

def as_year(value: Any) -> int | None:
    if value is None or isinstance(value, bool):
        return None
    match = _YEAR.search(str(value))
    return int(match.group(1)) if match else None


_BOOKTITLE_VENUES = (
    ("international conference on machine learning", "ICML"),
    ("neural information processing systems", "NeurIPS"),
    ("international conference on learning representations", "ICLR"),
    ("conference on computer vision and pattern recognition", "CVPR"),
    ("international conference on computer vision", "ICCV"),
    ("european conference on computer vision", "ECCV"),
    # The ACL's chapters and journal before the ACL itself: NAACL's, EACL's and AACL's
    # proceedings, and TACL, all name "the Association for Computational Linguistics".
    ("north american chapter of the association for computational linguistics", "NAACL"),
    ("european chapter of the association for computational linguistics", "EACL"),
    ("asia-pacific chapter of the association for computational linguistics", "AACL"),
    ("transactions of the association for computational linguistics", "TACL"),
    ("association for computational linguistics", "ACL"),
    ("empirical methods in natural language processing", "EMNLP"),
    ("international conference on computational linguistics", "COLING"),
    ("conference on computational natural language learning", "CoNLL"),
    ("aaai conference on artificial intelligence", "AAAI"),
    ("international joint conference on artificial intelligence", "IJCAI"),
    ("knowledge discovery and data mining", "KDD"),
    ("conference on learning theory", "COLT"),
    ("artificial intelligence and statistics", "AISTATS"),
    ("uncertainty in artificial intelligence", "UAI"),
    ("conference on language modeling", "COLM"),
    ("conference on robot learning", "CoRL"),
    ("transactions on machine learning research", "TMLR"),
    ("journal of machine learning research", "JMLR"),
    ("winter conference on applications of computer vision", "WACV"),
    ("british machine vision conference", "BMVC"),
    ("medical image computing and computer assisted intervention", "MICCAI"),
    ("international conference on acoustics, speech and signal processing", "ICASSP"),
    ("international conference on robotics and automation", "ICRA"),
    ("international conference on intelligent robots and systems", "IROS"),
    ("sigir conference on research and development in information retrieval", "SIGIR"),
    ("web search and data mining", "WSDM"),
    ("conference on information and knowledge management", "CIKM"),
    ("acm web conference", "WWW"),
    ("conference on fairness, accountability, and transparency", "FAccT"),
    ("siam international conference on data mining", "SDM"),
    ("ieee international conference on data mining", "ICDM"),
    ("asian conference on machine learning", "ACML"),
    ("algorithmic learning theory", "ALT"),
    ("international conference on 3d vision", "3DV"),
    ("conference on automated machine learning", "AutoML"),
    ("robotics: science and systems", "RSS"),
)
# Crossref's work types as BibTeX's (how citations tell an article: output/publication.py).
CROSSREF_TYPES = {"journal-article": "article", "proceedings-article": "inproceedings"}


_KNOWN_VENUES = {v.lower(): v for v in (
    "ICML", "NeurIPS", "ICLR", "ACL", "EMNLP", "NAACL", "EACL", "AACL", "TACL", "COLING",
    "CoNLL", "CVPR", "ICCV", "ECCV", "AAAI", "IJCAI", "KDD", "COLT", "AISTATS", "UAI",
    "SIGIR", "WWW", "TMLR", "JMLR", "CoRL", "COLM", "WACV", "BMVC", "MICCAI", "ICASSP",
    "ICRA", "IROS", "WSDM", "CIKM", "FAccT", "SDM", "ICDM", "Interspeech", "ACML", "ALT",
    "3DV", "AutoML", "RSS")}
# The ACL Anthology's "Findings of the Association for Computational Linguistics: EMNLP
# 2023" (or "ACL 2023", "NAACL 2024"): a companion volume of that conference, not the ACL.
_FINDINGS = re.compile(r"\bfindings of (?:the association for computational linguistics\W*)?"
                       r"(?P<venue>[a-z]+)\b")
_KNOWN_VENUES["nips"] = "NeurIPS"


def canonical_venue(venue: str | None) -> str | None:
    """'icml' and 'Proceedings of the 40th International Conference on Machine Learning'
    are both ICML; anything unknown is kept as written."""
    if not venue:
        return venue
    lowered = " ".join(venue.strip().lower().split())
    if lowered in _KNOWN_VENUES:
        return _KNOWN_VENUES[lowered]
    findings = _FINDINGS.search(lowered)
    if findings and findings.group("venue") in _KNOWN_VENUES:
        return f"{_KNOWN_VENUES[findings.group('venue')]} Findings"
    for long_name, short in _BOOKTITLE_VENUES:
        if long_name in lowered:
            return short
    return venue.strip()


def given_venue(given: Any, extra: dict[str, Any]) -> str | None:
    """The venue papers files a paper under (canonical_venue), keeping the name as the
    source gave it in `extra["venue_as_given"]` where that differs: a citation names
    the proceedings or journal as the source did ("Proceedings of the 40th International
    Conference on Machine Learning"), the list shows ICML."""
    text = " ".join(str(given).split()) if given not in (None, "") else ""
    if not text:
        return None
    venue = canonical_venue(text)
    keep_venue_as_given(text, venue, extra)
    return venue


def keep_venue_as_given(given: str, venue: str | None, extra: dict[str, Any]) -> None:
    """`extra["venue_as_given"] = given` where the source's name says more than the venue
    papers files the paper under: a name, not an acronym spelled its own way."""
    if venue and given != venue and len(given.split()) >= 3:
        extra["venue_as_given"] = given


def known_venue(text: str | None) -> str | None:
    """The short name of a major venue that `text` names ("CVPR 2023", "Proceedings of the
    IEEE/CVF Conference on Computer Vision and Pattern Recognition"), else None."""
    if not text:
        return None
    known = set(_KNOWN_VENUES.values())
    for guess in (canonical_venue(text), venue_and_year(text)[0]):
        if guess in known:
            return guess
    return None


_DOI = re.compile(r"\b(10\.\d{4,9}/\S+)", re.I)
_ARXIV = re.compile(r"(?:arxiv\.org/(?:abs|pdf)/|arxiv:\s*|^)(\d{4}\.\d{4,5}|[a-z.-]+/\d{7})"
                    r"(?:v\d+)?(?:\.pdf)?$", re.I)


def doi(value: Any) -> str | None:
    """A DOI as de-duplication compares it: "10.1000/x", lowercased, whatever the prefix
    ("https://doi.org/", "doi:")."""
    match = _DOI.search(str(value or ""))
    return match.group(1).rstrip(".").lower() if match else None


def arxiv_id(value: Any) -> str | None:
    """"2401.01234" from "http://arxiv.org/abs/2401.01234v2", "arXiv:2401.01234" or the
    id itself (versions dropped: v1 and v2 are one paper)."""
    match = _ARXIV.search(str(value or "").strip())
    return match.group(1).lower() if match else None


def load_json(path: Path, text: str, line: int | None = None) -> Any:
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


# --- mappings onto records --------------------------------------------------------------

@cache
def field_key(name: str) -> str:
    """A field's name as the readers look it up: lowercase letters and digits only."""
    return re.sub(r"[\W_]+", "", name.lower())


def has_paper_fields(names: Iterable[Any]) -> bool:
    """Some of `names` name a title or an abstract (in any of their spellings)."""
    return any(field_key(str(name)) in _PAPER_FIELDS for name in names)


# What an export writes for a value it did not have: Python's None and pandas' NaN
# printed as text (`url = {None}`, "nan"), JSON's null quoted, "N/A". Such a field is
# missing, not a link called "None" or an author called "nan".
_MISSING = frozenset({"none", "null", "nan", "n/a", "undefined"})


def _missing(value: Any) -> bool:
    # (Only a short text can be one: an abstract is never lowercased to find out.)
    return value in (None, "", []) or (isinstance(value, str) and len(value) <= 16
                                        and value.strip().casefold() in _MISSING)


def record_from_mapping(mapping: dict[str, Any], line: int) -> Record:
    """Map the usual field names (any case or spelling, `field_key`) onto a Record,
    keeping the rest; a value written for a missing one (`_MISSING`) is left out."""
    lowered = {str(k).strip().lower(): v for k, v in mapping.items()}
    spelled: dict[str, str] = {}
    for name in lowered:
        spelled.setdefault(field_key(name), name)
    used: set[str] = set()

    def take(keys: tuple[str, ...]) -> Any:
        for key in keys:
            name = spelled.get(key)
            if name is not None and not _missing(lowered[name]):
                used.add(name)
                return lowered[name]
        return None

    title = take(TITLE_KEYS)
    abstract = take(ABSTRACT_KEYS)
    if title is None and abstract is not None and isinstance(lowered.get("name"), str):
        # The conferences' virtual sites (neurips.cc, icml.cc, iclr.cc: /static/virtual/
        # data/…-orals-posters.json) call a paper's title its "name".
        title = take(("name",))
    authors = take(_AUTHOR_KEYS)
    venue = take(_VENUE_KEYS)
    year = take(_YEAR_KEYS)
    if year is None and (dated := as_year(take(_DATE_KEYS))):
        year = dated
    url = take(_URL_KEYS)
    if url is None:
        page = next((name for key in _PAGE_KEYS if (name := spelled.get(key)) is not None
                     and str(lowered[name]).startswith(("https://", "http://"))), None)
        if page is not None:
            used.add(page)
            url = lowered[page]
    source_id = take(_ID_KEYS)
    extra = {k: v for k, v in lowered.items() if k not in used and not _missing(v)}
    if isinstance(venue, str) and (slug := _VENUE_SLUG.fullmatch(venue.strip())):
        # Papers with Code's "proceeding": "icml-2020-7" is ICML 2020 (the source's slug
        # kept beside it).
        extra["venue_as_given"] = venue.strip()
        venue, year = canonical_venue(slug.group(1)), year or int(slug.group(2))
    return finish_record(Record(
        abstract=str(abstract).strip() if abstract else "",
        title=str(title).strip() if title else None,
        authors=split_authors(authors),
        venue=given_venue(venue, extra),
        year=as_year(year),
        url=str(url).strip() if url else None,
        source_id=str(source_id) if source_id is not None else None,
        extra=extra,
        line=line,
    ))


# What papers writes beside a title it derived (index/output): read back, the title is
# derived again rather than taken for the source's own.
DERIVED_TITLE_NOTE = "Title derived from the abstract by papers"


def _derived(extra: dict[str, Any]) -> bool:
    if extra.get("title_derived") in (True, "true", "True", "1"):
        return True
    notes = [extra.get(key) for key in ("note", "notes")]
    flat = [n for note in notes for n in (note if isinstance(note, list) else [note])]
    return any(isinstance(n, str) and DERIVED_TITLE_NOTE in n for n in flat)


def finish_record(record: Record) -> Record:
    """Normalise the ids a record carries (`doi`, `arxiv_id`) so de-duplication can
    compare them; an arXiv link as the url gives the arXiv id. A title papers derived
    (said by papers' own exports) is dropped, to be derived again."""
    extra = record.extra
    if _derived(extra):
        record.title = None
    given_ids = extra.get("externalids")  # Semantic Scholar: {"DOI": …, "ArXiv": …}
    if isinstance(given_ids, dict):
        for name, key in (("DOI", "doi"), ("ArXiv", "arxiv_id")):
            if not extra.get(key) and isinstance(given_ids.get(name), str):
                extra[key] = given_ids[name]
    if extra.get("doi") and (found := doi(extra["doi"])):
        extra["doi"] = found
    elif "doi" in extra and not doi(extra["doi"]):
        extra["doi_as_given"] = extra.pop("doi")
    if not extra.get("arxiv_id"):
        # arXiv's own DOIs (10.48550/arXiv.1706.03762) name the arXiv id too.
        arxiv_doi = str(extra.get("doi") or "").removeprefix("10.48550/arxiv.")
        for candidate in (extra.get("arxiv"), extra.get("eprint"), record.url, arxiv_doi,
                          extra.get("accession_number"), extra.get("number")):
            if found := arxiv_id(candidate):
                extra["arxiv_id"] = found
                break
    else:
        extra["arxiv_id"] = arxiv_id(extra["arxiv_id"]) or str(extra["arxiv_id"])
    return record


def keep_or_skip(records: list[Record], skipped: list[str], record: Record, where: str) -> None:
    if not record.abstract and not record.title:
        skipped.append(f"{where}: no title and no abstract")
    else:
        records.append(record)


def wrapped_items(data: Any, key: str, is_item: Callable[[Any], bool]) -> list[Any] | None:
    """The items of a JSON export that may come as a page (`{key: [...], ...}`), a list
    whose first element is one, or one on its own; None if `data` is none of these."""
    if isinstance(data, dict) and isinstance(data.get(key), list):
        return data[key]
    if is_item(data):
        return [data]
    if isinstance(data, list) and data and is_item(data[0]):
        return data
    return None


def read_items(path: Path, fmt: str, items: list, to_record: Callable[[dict, int], Record],
               label: str | None = None) -> ParsedList:
    """A JSON list of objects, each made a record (numbered from 1 for messages);
    anything else in the list, or an object with neither title nor abstract, skipped."""
    records: list[Record] = []
    skipped: list[str] = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            skipped.append(f"item {number}: not an object")
            continue
        keep_or_skip(records, skipped, to_record(item, number), f"item {number}")
    return summarise(path, fmt, records, skipped, label=label)


def prevailing(values: Iterable[T]) -> T | None:
    """The value most of the records that state one have, or None where none has most: a
    list gathered over venues and years ("ACL", "EMNLP", … 2000-2020) is not "ACL 2020",
    as its most common pair alone called it."""
    counts = Counter(value for value in values if value)
    if not counts:
        return None
    value, count = counts.most_common(1)[0]
    return value if 2 * count > sum(counts.values()) else None


def venue_in_file_name(path: Path) -> tuple[str | None, int | None]:
    """The major venue and the year a file is named after ("neurips-2023-orals-posters.json",
    "icml2023.json", "colt2022.json"), else (None, None)."""
    venue, year = venue_and_year(re.sub(r"[_-]+", " ", path.stem))
    if known_venue(venue) is None or year is None:
        return None, None
    return venue, year


def _venue_from_name(path: Path, records: list[Record]) -> None:
    """A file named after a major venue and a year gives them to its records that say
    neither, and its venue to those of that year that name none, as a plain list's
    heading line does: a conference's own exports seldom repeat its name in every record."""
    venue, year = venue_in_file_name(path)
    if venue is None:
        return
    for record in records:
        if record.venue is None and record.year in (None, year):
            record.venue, record.year = venue, year


def summarise(path: Path, fmt: str, records: list[Record], skipped: list[str],
              label: str | None = None) -> ParsedList:
    if not records:
        reasons = f" ({len(skipped)} records skipped: {skipped[0]})" if skipped else ""
        raise ListFormatError(path, f"no papers found in this {label or fmt} file{reasons}")
    _venue_from_name(path, records)
    return ParsedList(
        title=path.stem,
        venue=prevailing(r.venue for r in records),
        year=prevailing(r.year for r in records),
        format=fmt,
        records=records,
        skipped=skipped,
    )
