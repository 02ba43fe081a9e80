"""Where a paper was published, as its citations say it: a journal article or a paper in
proceedings, under the name the source gave (else the name papers knows for the venue),
with the volume, issue, pages and publisher the source gave. One answer for BibTeX, CSL
(APA and the other styles, CSL-JSON) and RIS, so the formats never disagree."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..models import Paper

_VENUE = re.compile(r"^\s*(icml|neurips|nips|iclr)(?:\s*'?(\d{4}))?\s*$", re.IGNORECASE)
# Journals a list may name by their short names only.
JOURNALS = {"TMLR": "Transactions on Machine Learning Research",
            "JMLR": "Journal of Machine Learning Research"}
# What each format calls a journal article: BibTeX's entry type, RIS's TY, CSL's type.
_BIBTEX_ARTICLE = frozenset({"article"})
_RIS_ARTICLE = frozenset({"JOUR", "JFULL", "EJOUR", "MGZN", "NEWS"})
_CSL_ARTICLE = frozenset({"article-journal", "article-magazine", "article-newspaper"})
_PAGE_RANGE = re.compile(r"\s*(?:-{1,2}|[–—])\s*")


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


@dataclass(frozen=True)
class Publication:
    article: bool  # in a journal (else in proceedings, or unknown)
    container: str | None  # the journal's or the proceedings' name
    volume: str | None = None
    issue: str | None = None
    first_page: str | None = None
    last_page: str | None = None
    publisher: str | None = None
    series: str | None = None  # of proceedings: "Proceedings of Machine Learning Research"

    @property
    def kind(self) -> str | None:
        """"article", "proceedings", or None where nothing names where it appeared: what
        each format spells its own way (BibTeX's entry type, CSL's type, RIS's TY)."""
        if not self.container:
            return None
        return "article" if self.article else "proceedings"


def _value(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, str | int):
        return None
    text = " ".join(str(value).split())
    return text or None


def _is_article(paper: Paper) -> bool:
    extra = paper.extra
    if isinstance(kind := extra.get("entry_type"), str):
        return kind.lower() in _BIBTEX_ARTICLE
    if isinstance(kind := extra.get("ris_type"), str):
        return kind.upper() in _RIS_ARTICLE
    if "csl_id" in extra and isinstance(kind := extra.get("type"), str):
        return kind in _CSL_ARTICLE
    return paper.venue in JOURNALS


def _pages(extra: dict[str, Any]) -> tuple[str | None, str | None]:
    first, last = _value(extra.get("start_page")), _value(extra.get("end_page"))  # RIS
    if first:
        return first, last
    pages = _value(extra.get("pages")) or _value(extra.get("page"))  # BibTeX, CSL
    if not pages:
        return None, None
    parts = _PAGE_RANGE.split(pages)
    return (parts[0], parts[1]) if len(parts) == 2 and all(parts) else (pages, None)


def publication(paper: Paper) -> Publication:
    article = _is_article(paper)
    given = _value(paper.extra.get("venue_as_given"))  # (records.given_venue)
    if given:
        container = given
    elif article:
        container = JOURNALS.get(paper.venue or "", paper.venue)
    else:
        container = booktitle(paper.venue, paper.year)
    extra = paper.extra
    issue = _value(extra.get("issue")) or _value(extra.get("number"))
    if issue and issue.lower().startswith("arxiv"):  # where Zotero keeps a preprint's id
        issue = None
    first, last = _pages(extra)
    return Publication(article=article, container=container,
                       volume=_value(extra.get("volume")), issue=issue,
                       first_page=first, last_page=last,
                       publisher=_value(extra.get("publisher")),
                       series=_value(extra.get("series")) or _value(extra.get("tertiary_title")))
