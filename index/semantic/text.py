"""What of a paper the meaning model reads, and how that text becomes terms.

One tokenizer serves fitting (tfidf.py) and folding in (a query or a new paper), so both
see the same terms. Terms are
lowercased, accent-folded words of two or more characters with at least one letter, and
the bigrams of neighbouring words once stop words are taken out (sklearn's own n-gram
rule), so "reward models" can be a term and a topic's label.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ..models import Paper

_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")
# The same pattern for ASCII text, where it finds the same words (the ASCII and Unicode
# classes of word characters agree on ASCII) a quarter faster: 1.6-1.9 s against
# 2.0-2.6 over 20,000 synthetic abstracts, 98 % of them ASCII.
_ASCII_WORD = re.compile(_WORD.pattern, re.ASCII)
_COMBINING = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_NOT_LETTERS = "0123456789-"  # a word of only these is a number or a range
# A link's words (https, github, com) say where code is, not what a paper is about.
_URL = re.compile(r"\b(?:https?://|www\.)\S+|\b\S+\.(?:com|org|io|net)/\S*", re.IGNORECASE)


def paper_text(paper: Paper) -> str:
    """The title (unless it was derived from the abstract, which would count the
    abstract's words twice) and the abstract."""
    if paper.title and not paper.title_derived:
        return f"{paper.title}. {paper.abstract}"
    return paper.abstract


def _fold(text: str) -> str:
    text = text.lower()
    if text.isascii():  # most abstracts: nothing to fold
        return text
    return _COMBINING.sub("", unicodedata.normalize("NFKD", text))


def tokens(text: str) -> list[str]:
    """Every word of `text` in order, folded, links left out; words() keeps the content
    words of these."""
    if "/" in text or "www." in text:  # the URL pattern costs a third of the time
        text = _URL.sub(" ", text)
    text = _fold(text)
    return (_ASCII_WORD if text.isascii() else _WORD).findall(text)


def is_content(word: str, stop_words: frozenset[str] | set[str]) -> bool:
    """Not a stop word, a number or a single character."""
    return len(word) > 1 and word not in stop_words and bool(word.strip(_NOT_LETTERS))


def words(text: str, stop_words: frozenset[str] | set[str]) -> list[str]:
    """Content words in order: stop words, numbers and single characters dropped."""
    return [word for word in tokens(text) if is_content(word, stop_words)]


def terms(text: str, stop_words: frozenset[str] | set[str]) -> list[str]:
    """The words of `text` and the bigrams of neighbouring content words."""
    found = words(text, stop_words)
    return found + [f"{a} {b}" for a, b in zip(found, found[1:], strict=False)]


def stem(word: str) -> str:
    """A light English plural fold, only to tell "model" and "models" apart in labels."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def stems(phrase: str) -> set[str]:
    return {stem(word) for word in phrase.split()}


def joined(parts: Iterable[str]) -> str:
    return " · ".join(parts)
