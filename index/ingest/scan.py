"""Faster scans for patterns whose matches can only start at few, easily found places.

Python's regular expressions skip quickly only to where a pattern's first character can
be; a pattern that opens with a lookbehind, a word boundary or a case-insensitive word is
tried at every character of an abstract. Each function here gives what
`pattern.finditer(text)` gives, trying the pattern only where a match can start.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache


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
    longer word begins ("were" for "we"): `matches_at` tries the real pattern there.

    Every instance's words are looked for in one scan of a text (`_tagged_starts`, kept
    for the last few texts): naming and titling an abstract asked four sets of words of
    it, each scan a few percent of preparing. The scan tags each start with the first word
    (in sorted order) found there, so a word that begins with another of the scan's words
    must come with it ("were" with "we"), and words are ASCII letters."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = tuple(sorted({word.lower() for word in words}))
        if not all(word.isascii() and word.isalpha() for word in self.words):
            raise ValueError(f"WordStarts takes ASCII words: {self.words}")
        union = _ALL_WORDS | set(self.words)
        for owner in (*_INSTANCES, self):
            for word in owner.words:
                for other in union:
                    if word != other and word.startswith(other) and other not in owner.words:
                        raise ValueError(f"{word!r} needs {other!r} with it (WordStarts)")
        self.pattern = _pattern(self.words)  # the scan of these words alone
        _INSTANCES.append(self)
        _ALL_WORDS.update(self.words)
        _scan_pattern.cache_clear()
        _tagged_starts.cache_clear()

    def __call__(self, text: str) -> list[int]:
        tagged = _tagged_starts(text)
        starts = [start for word in self.words for start in tagged.get(word, ())]
        starts.sort()
        return starts


_INSTANCES: list[WordStarts] = []
_ALL_WORDS: set[str] = set()


def _pattern(words: tuple[str, ...], tag: bool = False) -> re.Pattern:
    """The words' pattern (sorted lowercase words); `tag`: each word's rest a group.
    The rests of the words of one first letter are one branch, behind that letter: at a
    word start the scan tries the branch of its letter, not each word's in turn (a
    sixth of the scan's time). The groups keep the words' order."""
    firsts = "".join(sorted({c for w in words for c in (w[0], w[0].upper())}))
    rest = "({})" if tag else "{}"
    by_first: dict[str, list[str]] = {}
    for w in words:
        by_first.setdefault(w[0], []).append(rest.format(re.escape(w[1:])))
    rests = "|".join(f"(?<={re.escape(first)})"
                     + (others[0] if len(others) == 1 else f"(?:{'|'.join(others)})")
                     for first, others in by_first.items())
    return re.compile(f"[{re.escape(firsts)}](?<!\\w.)(?i:{rests})")


@lru_cache(maxsize=1)
def _scan_pattern() -> tuple[re.Pattern, tuple[str, ...]]:
    words = tuple(sorted(_ALL_WORDS))
    return _pattern(words, tag=True), words


@lru_cache(maxsize=4)
def _tagged_starts(text: str) -> dict[str, list[int]]:
    """Each word of all the instances -> where it starts a word of `text`, ascending. A
    word that begins another ("we" of "were") takes those starts: it is tried first."""
    pattern, words = _scan_pattern()
    tagged: dict[str, list[int]] = {}
    for match in pattern.finditer(text):
        tagged.setdefault(words[match.lastindex - 1], []).append(match.start())
    return tagged
