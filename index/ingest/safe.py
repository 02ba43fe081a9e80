"""Untrusted text made safe to show: what `sanitize` removes, in a module of its own so
the app's search bar and the library's open path have it without loading the renderer
(pylatexenc)."""

from __future__ import annotations

import re

_ESCAPE_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI, e.g. colours and cursor movement
    r"|[\x1b][\]PX^_][^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?"  # OSC/DCS/SOS/PM/APC to BEL or ST
    r"|\x1b[ -/]*[0-~]"  # every other escape sequence
    r"|\x9b[0-?]*[ -/]*[@-~]"  # 8-bit CSI
    r"|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?"  # 8-bit string controls
)
# C0 (except \t and \n), DEL, C1, bidi embeddings/overrides/isolates, invisible spaces.
# ZWJ/ZWNJ (U+200D/U+200C) stay: emoji sequences and several scripts need them.
_UNSAFE_CHARACTER = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b\u202a-\u202e\u2060\u2066-\u2069\ufeff]"
)


# The ASCII characters _UNSAFE_CHARACTER leaves, as bytes to delete.
_SAFE_ASCII = bytes(c for c in range(128) if not _UNSAFE_CHARACTER.match(chr(c)))


def sanitize(text: str) -> str:
    """Remove everything that could drive the terminal or hide/reorder what is shown."""
    if "\r" in text:  # (one character is searched for sooner than two: 8 -> 4 ms below)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    # Every escape sequence starts with an unsafe character (ESC or a C1 control): text
    # with none, nearly all of it, skips the slower sequence pattern. ASCII text (most)
    # has none when deleting its safe bytes leaves nothing, found in a fifth of the time
    # of the pattern's search (sanitizing ICML 2020's and 2023's abstracts: 23 -> 8 ms).
    if text.isascii() and not text.encode("ascii").translate(None, _SAFE_ASCII):
        return text
    if _UNSAFE_CHARACTER.search(text) is None:
        return text
    return _UNSAFE_CHARACTER.sub("", _ESCAPE_SEQUENCE.sub("", text))
