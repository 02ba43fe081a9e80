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


def sanitize(text: str) -> str:
    """Remove everything that could drive the terminal or hide/reorder what is shown."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # Every escape sequence starts with an unsafe character (ESC or a C1 control): text
    # with none, nearly all of it, skips the slower sequence pattern.
    if _UNSAFE_CHARACTER.search(text) is None:
        return text
    return _UNSAFE_CHARACTER.sub("", _ESCAPE_SEQUENCE.sub("", text))
