"""What of a paper the meaning model reads, and how that text becomes terms.

One tokenizer serves fitting (through scikit-learn's vectorizer) and folding in (a query
or a new paper, in plain Python and numpy), so both see the same terms. Terms are
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


def paper_text(paper: Paper) -> str:
    """The title (unless it was derived from the abstract, which would count the
    abstract's words twice) and the abstract."""
    if paper.title and not paper.title_derived:
        return f"{paper.title}. {paper.abstract}"
    return paper.abstract


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str, stop_words: frozenset[str] | set[str]) -> list[str]:
    """Content words in order: stop words, numbers and single characters dropped."""
    return [word for word in _WORD.findall(_fold(text))
            if len(word) > 1 and word not in stop_words and not word.isdigit()
            and any(ch.isalpha() for ch in word)]


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
