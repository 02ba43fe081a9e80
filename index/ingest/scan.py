"""Faster scans for patterns whose matches can only start at few, easily found places.

Python's regular expressions skip quickly only to where a pattern's first character can
be; a pattern that opens with a lookbehind, a word boundary or a case-insensitive word is
tried at every character of an abstract. Each function here gives what
`pattern.finditer(text)` gives, trying the pattern only where a match can start.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator


def matches_at(pattern: re.Pattern, text: str, starts: Iterable[int]) -> Iterator[re.Match]:
    """`pattern.finditer(text)`, when every match of `pattern` is non-empty and starts at
    one of `starts` (ascending): each start is tried (`pattern.match` there sees the
    whole text, lookbehinds included), after the end of the last match found."""
    end = 0
    for start in starts:
        if start < end:
            continue
        match = pattern.match(text, start)
        if match is not None:
            yield match
            end = match.end()


class WordStarts:
    """Where one of `words` (compared as re.IGNORECASE compares) starts a word, that is
    after no word character (a `\\b` before it). The pattern opens with a class of the
    words' first letters, so that the search skips to those. A start may be where a
    longer word begins ("were" for "we"): `matches_at` tries the real pattern there."""

    def __init__(self, words: Iterable[str]) -> None:
        words = sorted({word.lower() for word in words})
        firsts = "".join(sorted({c for w in words for c in (w[0], w[0].upper())}))
        rests = "|".join(f"(?<={re.escape(w[0])}){re.escape(w[1:])}" for w in words)
        self.pattern = re.compile(f"[{re.escape(firsts)}](?<!\\w.)(?i:{rests})")

    def __call__(self, text: str) -> list[int]:
        return [match.start() for match in self.pattern.finditer(text)]
