"""Abstracts that arrive as HTML or JATS: their tags and entities read, not shown.

Crossref's abstracts (and so Zotero's, for a paper added by its DOI) are JATS XML
("<jats:p>We propose <jats:italic>X</jats:italic>…</jats:p>"), and abstracts copied from
web pages or some APIs carry HTML ("R&amp;D", "<i>agents</i>", "H<sub>2</sub>O"). Shown as
they come, the tags are noise in every row and pane. Only known tags are read (a "<" in
"x < y" or "$a<b$" is prose or math); what render() already reads takes their place:
emphasis as render()'s own emphasis (a pair of tags only), a link as "[text](url)", sub- and superscript
digits as Unicode; paragraphs and line breaks become spaces; a JATS title that only says
"Abstract" is dropped; any other known tag (MathML's too) leaves its text. Entities are
decoded by the standard library's `html.unescape`, after the tags, so that an escaped
"&lt;i&gt;" stays text.
"""

from __future__ import annotations

import html
import re

_TAG_NAMES = (r"i|em|b|strong|u|sub|sup|p|br|hr|a|span|div|tt|code|sc|small|big|font|abbr"
              r"|italic|bold|jats:[a-z-]+|mml:[a-z]+|mathml:[a-z]+")
_TAG = re.compile(rf"<(/?)({_TAG_NAMES})\b((?:\s+[^<>]*?)?)\s*/?>", re.I)
_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")
_HREF = re.compile(r"""\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.I)
_HEADING_ONLY = re.compile(r"<jats:title>\s*(?:abstract|summary)\s*[:.]?\s*</jats:title>",
                           re.I)
_EMPHASIS = {"i": "*", "em": "*", "italic": "*", "jats:italic": "*",
             "b": "**", "strong": "**", "bold": "**", "jats:bold": "**"}
_BREAKS = {"p", "br", "hr", "div", "jats:p", "jats:sec", "jats:title", "jats:list-item"}
_SUB = str.maketrans("0123456789+-=()", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎")
_SUP = str.maketrans("0123456789+-=()n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ")
_SCRIPT = re.compile(r"<(sub|sup|jats:sub|jats:sup)\b[^<>]*>([^<>]{1,12})</\1\s*>", re.I)
_PAIRED = re.compile(r"<(i|em|b|strong|italic|bold|jats:italic|jats:bold)\b[^<>]*>(.*?)"
                     r"</\1\s*>", re.I | re.S)
_LINK = re.compile(r"<a\b([^<>]*)>([^<>]*)</a\s*>", re.I)


def has_markup(text: str) -> bool:
    """Known HTML or JATS tags, or character entities: what `from_html` reads."""
    return ("<" in text and _TAG.search(text) is not None) or \
        ("&" in text and _ENTITY.search(text) is not None)


def from_html(text: str, em: tuple[str, str] = ("*", "*"),
              strong: tuple[str, str] = ("**", "**")) -> str:
    """The text with its known tags read as described above and its entities decoded;
    an emphasised run is put between `em`'s or `strong`'s two marks (render() passes the
    markers it reads spans from)."""
    if "<" in text:
        text = _HEADING_ONLY.sub(" ", text)
        text = _SCRIPT.sub(_script, text)
        text = _LINK.sub(_link, text)
        marks = {"*": em, "**": strong}

        def emphasis(match: re.Match) -> str:
            inner = match.group(2)
            core = inner.strip()
            if not _TAG.sub("", core).strip():
                return inner
            opener, closer = marks[_EMPHASIS[match.group(1).lower()]]
            before, after = inner[:len(inner) - len(inner.lstrip())], \
                inner[len(inner.rstrip()):]
            return f"{before}{opener}{core}{closer}{after}"

        for _ in range(3):  # nested runs (<b><i>x</i></b>) from the inside out
            text, found = _PAIRED.subn(emphasis, text)
            if not found:
                break
        text = _TAG.sub(_tag, text)  # the rest: breaks become spaces, others go
    return _ENTITY.sub(lambda m: html.unescape(m.group()), text) if "&" in text else text


def _script(match: re.Match) -> str:
    inner = html.unescape(match.group(2))
    table = _SUB if match.group(1).lower().endswith("sub") else _SUP
    scripted = inner.translate(table)
    # Only when every character has a form (H₂O, x²); else the plain text (Hsub, x^{ij})
    return scripted if not set(scripted) & set(inner) - {" "} else inner


def _link(match: re.Match) -> str:
    href = _HREF.search(match.group(1))
    url = next((g for g in href.groups() if g), "") if href else ""
    label = match.group(2).strip()
    if not url.lower().startswith(("http://", "https://")):
        return label
    return f"[{label}]({url})" if label and label != url else url


def _tag(match: re.Match) -> str:
    return " " if match.group(2).lower() in _BREAKS else ""
