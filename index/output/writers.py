"""Exports that other reference tools read: RIS, CSL-JSON and JSON Lines.

Each writes what papers' own readers (index/ingest/) read back to the same papers:
titles, authors with given and family names, venue, year, link and ids (DOI, arXiv id).
A derived title is written with a note saying so, and read back as no title.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..models import Paper
from .citations import DERIVED_NOTE, csl_item_of, csl_name
from .publication import publication


def ids(paper: Paper) -> dict[str, str]:
    """The paper's DOI and arXiv id, where a list gave them."""
    return {key: str(paper.extra[key]) for key in ("doi", "arxiv_id")
            if isinstance(paper.extra.get(key), str) and paper.extra[key]}


def _one_line(text: str) -> str:
    # An RIS value ends at the line's end: a newline inside would start a bogus tag.
    return " ".join(str(text).split())


def _ris_name(author: str) -> str:
    name = csl_name(author)
    if "literal" in name:
        return _one_line(name["literal"])
    family = " ".join(filter(None, (name.get("non-dropping-particle"), name["family"])))
    rest = ", ".join(filter(None, (name.get("given"), name.get("suffix"))))
    return f"{family}, {rest}" if rest else family


_RIS_TYPES = {"article": "JOUR", "proceedings": "CONF", None: "GEN"}


def ris(papers: Sequence[Paper]) -> str:
    """RIS as Zotero writes it: `TAG  - value` lines, a blank line between records."""
    out = []
    for paper in papers:
        where = publication(paper)
        lines = [("TY", _RIS_TYPES[where.kind]), ("TI", paper.title)]
        lines += [("AU", _ris_name(author)) for author in paper.authors]
        if where.container:
            lines.append(("T2", where.container))
        if paper.year:
            lines.append(("PY", str(paper.year)))
        for tag, value in (("VL", where.volume), ("IS", where.issue),
                           ("SP", where.first_page), ("EP", where.last_page),
                           ("PB", where.publisher)):
            if value:
                lines.append((tag, value))
        if paper.abstract:
            lines.append(("AB", paper.abstract))
        found = ids(paper)
        if "doi" in found:
            lines.append(("DO", found["doi"]))
        if "arxiv_id" in found:
            lines.append(("AN", f"arXiv:{found['arxiv_id']}"))
        if paper.link:
            lines.append(("UR", paper.link))
        keywords = paper.extra.get("keywords")
        if isinstance(keywords, list):
            lines += [("KW", str(k)) for k in keywords]
        if paper.title_derived:
            lines.append(("N1", DERIVED_NOTE))
        lines.append(("ID", paper.id))
        body = "".join(f"{tag}  - {_one_line(value)}\n" for tag, value in lines)
        out.append(body + "ER  - \n")
    return "\n".join(out)


def csl_item(paper: Paper) -> dict:
    """A CSL-JSON item, as Zotero exports one."""
    item = csl_item_of(paper, paper.id, paper.title)
    if paper.abstract:
        item["abstract"] = paper.abstract
    found = ids(paper)
    if "doi" in found:
        item["DOI"] = found["doi"]
    if "arxiv_id" in found:
        item["number"] = f"arXiv:{found['arxiv_id']}"  # where Zotero puts a preprint's id
    if paper.link:
        item["URL"] = paper.link
    if isinstance(paper.extra.get("keywords"), list):
        item["keyword"] = ", ".join(map(str, paper.extra["keywords"]))
    # CSL has one `note`: papers' word on a derived title, then the reader's own note.
    note = "\n\n".join(filter(None, [DERIVED_NOTE if paper.title_derived else "",
                                     paper.note.strip()]))
    if note:
        item["note"] = note
    return item


def csl_json(papers: Sequence[Paper]) -> str:
    return json.dumps([csl_item(p) for p in papers], ensure_ascii=False, indent=2) + "\n"


def jsonl(records: Sequence[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
