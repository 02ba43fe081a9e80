"""How text becomes search terms, shared by indexing, querying and highlighting.

Indexing the rendered Unicode (not the LaTeX source) is what makes `C-RASP`, `η` and
`Poincaré` findable; folding accents makes `poincare` find `Poincaré` too.
"""

from __future__ import annotations

from functools import lru_cache

from whoosh.analysis import (
    CharsetFilter,
    Filter,
    LowercaseFilter,
    RegexTokenizer,
    StemFilter,
    StopFilter,
)
from whoosh.lang.porter import stem
from whoosh.support.charset import accent_map

TOKEN_PATTERN = r"\w+(?:\.\w+)*"
# One- and two-letter prefixes begin thousands of words; rather than OR them together,
# each word's first letters are indexed too, as marked terms of the unscored words field.
EDGE_MARK = "\x01"
EDGE_MAX = 2


class EdgeMarkFilter(Filter):
    """Emit each word, then its first EDGE_MAX letters marked with EDGE_MARK."""

    def __call__(self, tokens):
        for token in tokens:
            word = token.text
            yield token
            for size in range(1, min(len(word) - 1, EDGE_MAX) + 1):
                token.text = EDGE_MARK + word[:size]
                yield token


def word_analyzer():
    """Lowercased, accent-folded words, unstemmed: spelling, prefixes, names, authors.

    Every field drops the same stop words: with a multi-field AND, a word dropped by some
    fields but not others would have to match in those others, so "learning to rank"
    would find nothing. minsize=1 keeps one-letter symbols such as `η` or the `f` of
    f-divergence.
    """
    return (RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)
            | StopFilter(minsize=1))


def words_field_analyzer():
    return word_analyzer() | EdgeMarkFilter()


def stem_analyzer():
    """Stemmed words, so `optimize` finds `optimization`: titles and abstracts."""
    return word_analyzer() | StemFilter(cachesize=100_000)


_WORDS = word_analyzer()
_STEMS = stem_analyzer()


def words(text: str, keep_stop_words: bool = False) -> list[str]:
    return [t.text for t in _WORDS(text, removestops=not keep_stop_words)]


def stems(text: str) -> list[str]:
    return [t.text for t in _STEMS(text)]


@lru_cache(maxsize=100_000)
def stem_word(word: str) -> str:
    return stem(word)
