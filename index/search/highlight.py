"""Marking the query's words in text, structurally: segments of (text, matched).

Whoosh's highlighter finds and ranks the fragments; a segment list (not a markup string)
comes out, so callers style matches without ever parsing untrusted text as markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from whoosh.highlight import (
    DEFAULT_CHARLIMIT,
    ContextFragmenter,
    Formatter,
    WholeFragmenter,
    highlight,
)

from . import analysis

Segments = list[tuple[str, bool]]

_FIELDS_SHOWN = {"title", "name", "abstract", "authors", "author", "by", "text"}
_FUZZY_SUFFIX = re.compile(r"~\d*$")
_QUERY_TOKEN = re.compile(r'-?(?:\w+:)?(?:"[^"]*"?|\S+)')
_OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE", "TO"}
SEGMENTS_KEPT = 4096  # texts (titles, mostly) whose marked segments are remembered
# Texts this short (titles) have their words remembered: every keystroke's new terms look
# at the words of mostly the same rows again (reading them was half of marking a row).
SHORT_TEXT = 300  # characters


@lru_cache(maxsize=SEGMENTS_KEPT)
def _short_text_words(text: str) -> frozenset[str]:
    return frozenset(analysis.words(text))


@lru_cache(maxsize=SEGMENTS_KEPT)
def _marked(text: str, termset: frozenset[str]) -> tuple[tuple[str, bool], ...]:
    """`text` with the words of `termset` marked. Kept by the words it matches, not the
    query: typing "diffusion mo" after "diffusion m" marks a title's same words again,
    and the results list draws its rows from these.

    What Whoosh's highlight() with the whole text as one fragment gives, from one regex
    pass (analysis.token_spans) rather than its token pipeline, fragment and scorer: the
    rows a keystroke puts on screen and the paper in the pane were marked on the UI
    thread in 2-8 ms a key at ICML 2023, most of it that pipeline (the tests compare
    both ways). Text with CJK letters goes through Whoosh.
    """
    spans = analysis.token_spans(text)
    if spans is None:
        return tuple(highlight(text, set(termset), analysis.word_analyzer(),
                               WholeFragmenter(), _SegmentFormatter(), top=1, minscore=0))
    # WholeFragmenter stops at the first token ending past its limit.
    matches = [(start, end) for word, start, end in spans
               if end <= DEFAULT_CHARLIMIT and word in termset]
    return tuple(_merged(_fragment_segments(text, 0, len(text), matches)))


def _fragment_segments(text: str, start: int, stop: int,
                       matches: list[tuple[int | None, int]]) -> Segments:
    """text[start:stop] cut at the (start, end) of each match, matched pieces marked."""
    out: Segments = []
    index = start
    for first, end in sorted(matches, key=lambda m: (m[0], -m[1])):
        if first is None or end <= index:
            continue
        if first < index:  # overlapping pieces of CJK text (analysis.py)
            out.append((text[index:end], True))
            index = end
            continue
        if first > index:
            out.append((text[index:first], False))
        out.append((text[first:end], True))
        index = end
    out.append((text[index:stop], False))
    return out


def _merged(out: Segments) -> Segments:
    """Empty pieces dropped, and marked pieces side by side joined."""
    merged: Segments = []
    for text, hit in out:
        if not text:
            continue
        if hit and merged and merged[-1][1]:  # a CJK word marked piece by piece
            merged[-1] = (merged[-1][0] + text, hit)
        else:
            merged.append((text, hit))
    return merged


class _SegmentFormatter(Formatter):
    between = "…"

    def format_fragment(self, fragment, replace=False) -> Segments:
        return _fragment_segments(fragment.text, fragment.startchar, fragment.endchar,
                                  [(t.startchar, t.endchar) for t in fragment.matches])

    def format(self, fragments, replace=False) -> Segments:
        out: Segments = []
        for number, fragment in enumerate(fragments):
            if number:
                out.append((self.between, False))
            out.extend(self.format_fragment(fragment))
        return _merged(out)


@dataclass(slots=True)
class HighlightTerms:
    """The words a query looks for: exact words, stems, and prefixes being typed."""

    words: set[str] = field(default_factory=set)
    stems: set[str] = field(default_factory=set)
    prefixes: set[str] = field(default_factory=set)
    # Word -> whether it matches, for the sets as they were when it was asked (their
    # sizes: they only grow): a keystroke's new rows and paper ask for a few hundred
    # words, most of them again and again (stemming each, and each prefix, every time
    # was a third of marking a title).
    _matched: dict[str, bool] = field(default_factory=dict, init=False, repr=False,
                                      compare=False)
    _matched_for: tuple[int, int, int] = field(default=(0, 0, 0), init=False, repr=False,
                                               compare=False)

    @property
    def prefix(self) -> str | None:
        return next(iter(self.prefixes), None)

    @prefix.setter
    def prefix(self, value: str) -> None:
        self.prefixes.add(value)

    @classmethod
    def from_query(cls, text: str) -> HighlightTerms:
        terms = cls()
        for token in _QUERY_TOKEN.findall(text or ""):
            if token.startswith("-") or token in _OPERATORS:
                continue
            fieldname, _, value = token.rpartition(":") if ":" in token.split('"')[0] \
                else ("", "", token)
            if fieldname and fieldname.lower() not in _FIELDS_SHOWN:
                continue
            value = value.strip('"()+')
            if value.endswith("*"):
                terms.prefixes.update(analysis.words(value[:-1])[-1:])
                continue
            value = _FUZZY_SUFFIX.sub("", value)
            terms.add_words(analysis.words(value))
            terms.add_stems(analysis.stems(value))
        return terms

    def add_words(self, words) -> None:
        self.words.update(words)

    def add_stems(self, stems) -> None:
        self.stems.update(stems)

    def __bool__(self) -> bool:
        return bool(self.words or self.stems or self.prefixes)

    def matches(self, word: str) -> bool:
        sizes = (len(self.words), len(self.stems), len(self.prefixes))
        if sizes != self._matched_for:
            self._matched, self._matched_for = {}, sizes
        found = self._matched.get(word)
        if found is None:
            found = self._matched[word] = (
                word in self.words or analysis.stem_word(word) in self.stems
                or any(analysis.begins(word, p) for p in self.prefixes))
        return found

    def _termset(self, text: str) -> set[str]:
        words = _short_text_words(text) if len(text) <= SHORT_TEXT \
            else set(analysis.words(text))
        return {w for w in words if self.matches(w)}

    def segments(self, text: str) -> Segments:
        """The whole text, matched words marked."""
        termset = self._termset(text) if self else set()
        if not termset:
            return [(text, False)] if text else []
        return list(_marked(text, frozenset(termset)))

    def snippet(self, text: str, chars: int = 220) -> Segments:
        """The best passage of about `chars` characters, matched words marked."""
        termset = self._termset(text) if self else set()
        if termset:
            fragmenter = ContextFragmenter(maxchars=chars, surround=chars // 3)
            found = highlight(text, termset, analysis.word_analyzer(), fragmenter,
                              _SegmentFormatter(), top=1)
            if found:
                return found
        cut = text[:chars]
        return [(cut + ("…" if len(text) > chars else ""), False)] if text else []
