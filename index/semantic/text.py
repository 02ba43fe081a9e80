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

from ..ingest.ascii_words import LETTERS_AND_DIGITS, AsciiWords
from ..ingest.scripts import CJK, cjk_pieces, has_cjk, is_cjk
from ..models import Paper

# A word of letters and digits (hyphens inside), or a run of CJK letters: Chinese and
# Japanese put no spaces between words, so a run is read as its pairs of letters, as the
# search reads it (ingest/scripts.py), and such a pair joins no bigram (it is one).
_WORD = re.compile(rf"[{CJK}]+|[^\W_{CJK}]+(?:-[^\W_{CJK}]+)*")
# The same for ASCII text, where the ASCII and Unicode classes of word characters agree:
# r"[^\W_]+(?:-[^\W_]+)*" with re.ASCII, split without the pattern (a third sooner).
ascii_words = AsciiWords(LETTERS_AND_DIGITS, "-")
_COMBINING = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_NOT_LETTERS = "0123456789-"  # a word of only these is a number or a range
# A link's words (https, github, com) say where code is, not what a paper is about.
_URL = re.compile(r"\b(?:https?://|www\.)\S+|\b\S+\.(?:com|org|io|net)/\S*", re.IGNORECASE)


def paper_text(paper: Paper) -> str:
    """The title (unless it was derived from the abstract, which would count the
    abstract's words twice) and the abstract."""
    return title_and_abstract(None if paper.title_derived else paper.title, paper.abstract)


def title_and_abstract(title: str | None, abstract: str) -> str:
    """paper_text of a paper whose own title is `title` (None: it has none)."""
    return f"{title}. {abstract}" if title else abstract


def _fold(text: str) -> str:
    text = text.lower()
    if text.isascii():  # most abstracts: nothing to fold
        return text
    # Accents off Latin letters; kana's voicing marks (not in _COMBINING) composed again:
    # デ is not テ.
    return unicodedata.normalize("NFC", _COMBINING.sub("", unicodedata.normalize("NFKD", text)))


def tokens(text: str) -> list[str]:
    """Every word of `text` in order, folded, links left out; words() keeps the content
    words of these."""
    if "/" in text or "www." in text:  # the URL pattern costs a third of the time
        text = _URL.sub(" ", text)
    folded = _fold(text)
    if folded.isascii():
        return ascii_words(folded)
    if not has_cjk(folded):  # accents, dashes, Greek: no word to cut in pairs
        return _WORD.findall(folded)
    return [piece for word in _WORD.findall(folded)
            for piece in (cjk_pieces(word) if is_cjk(word) else (word,))]


# Chinese and Japanese function words of one letter (的 "of", の, は, を …): a pair of
# letters with one of them in it is mostly grammar or spans two words ("型的" of 模型的).
_CJK_FUNCTION = frozenset("的了是在和与及或之其为以被把这该着过"
                          "のはがをにでともへやなだ")


def is_content(word: str, stop_words: frozenset[str] | set[str]) -> bool:
    """Not a stop word, a number or a single character (nor a CJK pair with a function
    word's letter in it)."""
    return len(word) > 1 and word not in stop_words and bool(word.strip(_NOT_LETTERS)) \
        and not (is_cjk(word) and not _CJK_FUNCTION.isdisjoint(word))


def words(text: str, stop_words: frozenset[str] | set[str]) -> list[str]:
    """Content words in order: stop words, numbers and single characters dropped."""
    return [word for word in tokens(text) if is_content(word, stop_words)]


def terms(text: str, stop_words: frozenset[str] | set[str]) -> list[str]:
    """The words of `text` and the bigrams of neighbouring content words."""
    found = words(text, stop_words)
    pairs = zip(found, found[1:], strict=False)
    if not text.isascii():
        pairs = ((a, b) for a, b in pairs if not is_cjk(a) and not is_cjk(b))
    return found + [f"{a} {b}" for a, b in pairs]


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
