"""What a file is, from its content: the check made before any reader runs.

RIS and Atom feeds have readers (`readable_text_kind` finds them first); HTML, RDF and
other XML do not. A file papers cannot read must be refused with a word on what it looks like, never
imported as garbage: a saved web page read as a plain list became 49 "papers" with the
venue `DOCTYPE`. Content decides first, the extension second.
"""

from __future__ import annotations

import re

# Magic numbers of files people save by mistake beside their lists.
_MAGIC = (
    (b"\x1f\x8b", "a gzip-compressed file"),
    (b"PK\x03\x04", "a zip archive"),
    (b"%PDF-", "a PDF document"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
)
_RIS = re.compile(r"^TY  - ", re.M)
_XML = re.compile(r"^\s*<\?xml\b", re.I)
_HTML = re.compile(r"^\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html\b|head\b|body\b)",
                   re.I | re.S)
_ELEMENT = re.compile(r"<([A-Za-z][\w:.-]*)")


def binary_kind(data: bytes) -> str | None:
    """What a binary file is ("a zip archive"), or None if it may be text."""
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    head = data[:512]
    if len(head) >= 16:
        # ASCII saved as UTF-16 has a NUL in every other byte.
        odd, even = head[1::2].count(0), head[0::2].count(0)
        if max(odd, even) > len(head) // 4 and min(odd, even) < len(head) // 32:
            return "UTF-16 text without a byte-order mark"
    return None


def _first_element(head: str) -> str:
    return next((m.group(1) for m in _ELEMENT.finditer(head)
                 if not m.group(1).startswith(("?", "!"))), "")


def readable_text_kind(text: str) -> str | None:
    """A text format with a reader of its own, known by content: "ris" or "atom"."""
    head = text[:8192]
    if _RIS.search(head):
        return "ris"
    if (_XML.match(head) or head.lstrip().startswith("<")) and \
            _first_element(head).lower() == "feed":
        return "atom"
    return None


def foreign_text_kind(text: str) -> str | None:
    """A text format papers does not read ("RIS", "an HTML page"), or None."""
    head = text[:8192]
    if _RIS.search(head):
        return "RIS"
    if _HTML.match(head):
        return "an HTML page"
    if _XML.match(head) or head.lstrip().startswith("<"):
        element = _first_element(head)
        if element.lower() == "feed":
            return "an Atom feed (XML)"
        if element.lower() in ("rdf:rdf", "rdf"):
            return "RDF (XML), such as a Zotero RDF export"
        return "XML" + (f" (<{element}>)" if element else "")
    return None


def looks_like_prose(paragraphs: list[str]) -> bool:
    """Most paragraphs are mostly letters: what abstracts are, in any script (Chinese has
    no spaces, so letters are counted, not words)."""
    if not paragraphs:
        return False
    sample = paragraphs[:200]
    prose = 0
    for paragraph in sample:
        visible = [c for c in paragraph if not c.isspace()]
        letters = sum(c.isalpha() for c in visible)
        if visible and letters >= 0.6 * len(visible):
            prose += 1
    return prose * 2 >= len(sample)
