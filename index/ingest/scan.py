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


def word_starts(words: Iterable[str]) -> re.Pattern:
    """A pattern for where one of `words` (compared as re.IGNORECASE does) starts a word:
    a `\\b` before it. It opens with a class of the words' first letters, so the search
    skips to those; what follows is checked there. A start may be found where a longer
    word begins ("were" for "we"): `matches_at` tries the real pattern there."""
    words = sorted(set(words))
    firsts = "".join(sorted({c for w in words for c in (w[0].lower(), w[0].upper())}))
    rests = "|".join(f"(?<={re.escape(w[0])}){re.escape(w[1:])}" for w in words)
    return re.compile(f"[{re.escape(firsts)}](?<!\\w.)(?i:{rests})")


def starts_of(pattern: re.Pattern, text: str) -> Iterator[int]:
    return (match.start() for match in pattern.finditer(text))
