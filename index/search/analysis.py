"""How text becomes search terms, shared by indexing, querying and highlighting.

Indexing the rendered Unicode (not the LaTeX source) is what makes `C-RASP`, `η` and
`Poincaré` findable; folding accents makes `poincare` find `Poincaré` too.

Chinese and Japanese write words without spaces between them, so a run of their letters
(Han, kana; Hangul too) is indexed as its overlapping two-letter pieces, as Lucene's
CJKBigramFilter does: 强化学习 is 强化 化学 学习, and the query 强化学习 is analysed the
same way and must have all three. It needs no dictionary and no model, finds every word
of two or more letters (most Chinese words have two), and a lone letter is kept as it is.
A letter typed alone finds every paper with it (edge_marks): a pair marks both its letters.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

import Stemmer  # PyStemmer: the Snowball stemmers, in C
from whoosh.analysis import (
    STOP_WORDS,
    CharsetFilter,
    Filter,
    LowercaseFilter,
    RegexTokenizer,
    StemFilter,
    StopFilter,
    Token,
    Tokenizer,
)
from whoosh.fields import KEYWORD, TEXT
from whoosh.formats import Frequency, Positions
from whoosh.support.charset import accent_map
from whoosh.system import pack_uint

from ..ingest.ascii_words import LETTERS_AND_DIGITS, AsciiWords
from ..ingest.scripts import CJK, cjk_pieces

# Greek letters are read by their names, folded like accents: the `α` of a rendered
# `$\alpha$`-divergence is the word `alpha`, so `alpha-divergence` finds it and `α` finds
# a paper that writes "alpha" (lowercase forms, as folding comes after lowercasing; the
# variant forms and the micro sign with their letters). Greek prose is folded the same
# way for documents and queries, so its words still match each other.
_GREEK_NAMES = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
                "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma",
                "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega")
GREEK_MAP = {code: name for code, name in zip(range(0x3B1, 0x3CA), _GREEK_NAMES,
                                              strict=True)}  # α..ω, ς (0x3C2) included
GREEK_MAP.update({ord("ϵ"): "epsilon", ord("ϑ"): "theta", ord("ϕ"): "phi", ord("ϖ"): "pi",
                  ord("ϱ"): "rho", ord("ϰ"): "kappa", ord("µ"): "mu"})


def _compatibility_map() -> dict[int, str]:
    """Letters and digits written in a compatibility form, folded as NFKC reads them, so
    a rendered `$\\ell_1$` (ℓ₁) is the word `l1` and `x²` is `x2`: superscripts and
    subscripts, letterlike symbols (ℓ, ℎ), ligatures (ﬁ) and the mathematical alphabets
    of text pasted from a PDF (𝒙, 𝛼 → alpha). Only characters a word can hold; a few
    hundred, found once."""
    blocks = ((0xB2, 0xBA), (0x1D2C, 0x1D80), (0x2070, 0x20A0), (0x2100, 0x2150),
              (0xFB00, 0xFB07), (0x1D400, 0x1D800))
    folded: dict[int, str] = {}
    for start, stop in blocks:
        for code in range(start, stop):
            char = chr(code)
            form = unicodedata.normalize("NFKC", char).lower()
            if char.isalnum() and form != char and form.isalnum():
                folded[code] = form.translate(accent_map).translate(GREEK_MAP)
    return folded


_SMALL_CAPITAL = "LATIN LETTER SMALL CAPITAL "


def _small_capitals_map() -> dict[int, str]:
    """Small capital letters (ᴀ, ɪ, ꜱ), which NFKC leaves alone: an abstract that sets a
    name in small capitals as its paper does ("iFᴀᴄᴇᴛSᴜᴍ", "FᴇᴅAᴠɢ") is found by the name
    typed in plain letters. Each letter Unicode names LATIN LETTER SMALL CAPITAL X (not the
    turned, barred or reversed ones), found once from the IPA, phonetic and Latin
    Extended-D blocks."""
    blocks = ((0x250, 0x2B0), (0x1D00, 0x1D2C), (0xA720, 0xA800))
    folded: dict[int, str] = {}
    for start, stop in blocks:
        for code in range(start, stop):
            name = unicodedata.name(chr(code), "")
            if name.startswith(_SMALL_CAPITAL) and len(name) == len(_SMALL_CAPITAL) + 1:
                folded[code] = name[-1].lower()
    return folded


FOLD_MAP = {**accent_map, **GREEK_MAP, **_compatibility_map(), **_small_capitals_map()}

# A run of CJK letters, or a word of other letters and digits (`\w` without CJK).
TOKEN_PATTERN = rf"[{CJK}]+|[^\W{CJK}]+(?:\.[^\W{CJK}]+)*"
# One- and two-letter prefixes begin thousands of words; rather than OR them together,
# each word's first letters are indexed too, as marked terms of the unscored words field.
EDGE_MARK = "\x01"
EDGE_MAX = 2


class WordTokenizer(Tokenizer):
    """Whoosh's RegexTokenizer(TOKEN_PATTERN), each run of CJK letters split into its
    pieces (cjk_pieces), with their own positions and character offsets (highlighting
    marks 强化学习 through its pieces)."""

    def __call__(self, value, positions=False, chars=False, keeporiginal=False,
                 removestops=True, start_pos=0, start_char=0, tokenize=True, mode="",
                 **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            yield from RegexTokenizer(TOKEN_PATTERN)(
                value, positions, chars, keeporiginal, removestops, start_pos, start_char,
                tokenize, mode, **kwargs)
            return
        pos = start_pos
        for match in _TOKEN_RE.finditer(value):
            text, start = match.group(), match.start()
            pieces = cjk_pieces(text) if _CJK_LETTER.match(text) else [text]
            for offset, piece in enumerate(pieces):
                token.text = piece
                token.boost = 1.0
                token.stopped = False
                if keeporiginal:
                    token.original = piece
                if positions:
                    token.pos = pos
                if chars:
                    token.startchar = start_char + start + offset
                    token.endchar = token.startchar + len(piece)
                pos += 1
                yield token


def edge_marks(word: str) -> tuple[str | None, ...]:
    """The marked terms the words field adds for `word`, one slot a mark (None: no mark):
    its first 1..EDGE_MAX letters when the word is longer than them. A CJK pair marks
    each of its letters instead: a letter typed alone is a prefix query, and with only
    first letters marked the last letter of a run (应用 in 中的应用，) could not be
    found, since no pair begins with it."""
    if len(word) == 2 and _CJK_LETTER.match(word):
        return (EDGE_MARK + word[0], EDGE_MARK + word[1])
    return tuple(EDGE_MARK + word[:size] if size < len(word) else None
                 for size in range(1, EDGE_MAX + 1))


def edge_marks_of(words: list[str]) -> list[list[str | None]]:
    """[edge_marks(word) for word in words], slot by slot: one list a slot."""
    slots = [[EDGE_MARK + word[:size] if size < len(word) else None for word in words]
             for size in range(1, EDGE_MAX + 1)]
    for at, word in enumerate(words):
        if len(word) == 2 and _CJK_LETTER.match(word):
            slots[0][at], slots[1][at] = EDGE_MARK + word[0], EDGE_MARK + word[1]
    return slots


def begins(word: str, prefix: str) -> bool:
    """Whether the prefix query `prefix` finds `word`: it begins the word, or is the
    second letter of a CJK pair (edge_marks), so highlighting marks what was found: a
    letter typed alone marks the pairs it stands in."""
    return word.startswith(prefix) or (
        len(word) == 2 and word[1] == prefix and _CJK_LETTER.match(word) is not None)


class EdgeMarkFilter(Filter):
    """Emit each word, then its edge_marks()."""

    def __call__(self, tokens):
        for token in tokens:
            word = token.text
            yield token
            for mark in edge_marks(word):
                if mark is not None:
                    token.text = mark
                    yield token


def word_analyzer():
    """Lowercased, accent-folded words, unstemmed: spelling, prefixes, names, authors.

    Every field drops the same stop words: with a multi-field AND, a word dropped by some
    fields but not others would have to match in those others, so "learning to rank"
    would find nothing. minsize=1 keeps one-letter symbols such as `η` or the `f` of
    f-divergence.
    """
    return (WordTokenizer() | LowercaseFilter() | CharsetFilter(FOLD_MAP)
            | StopFilter(minsize=1))


def words_field_analyzer():
    return word_analyzer() | EdgeMarkFilter()


def stem_analyzer():
    """Stemmed words, so `optimize` finds `optimization`: titles and abstracts."""
    return word_analyzer() | StemFilter(stemfn=stem, cachesize=100_000)


# -- words without the token pipeline ---------------------------------------------------
# Whoosh runs every token through a chain of generators, one Token object mutated at
# each step: for a 2,000-paper import that was a third of the indexing time, and for a
# query a fifth of a search in a small library. The functions below give the same words
# from one regex pass and a cache per distinct raw token, which holds because each step
# of word_analyzer() maps a token to a result that depends on that token alone (the
# tests compare both ways on real data).

_TOKEN_RE = re.compile(TOKEN_PATTERN)
_CJK_LETTER = re.compile(f"[{CJK}]")
# TOKEN_PATTERN where a text has no CJK letter: its word characters are all `\w`, and a
# third faster to match than the class that leaves CJK out (the words of a 2,000-paper
# index: 0.12 -> 0.08 s).
_WORD_RE = re.compile(r"\w+(?:\.\w+)*")
# The same pattern for ASCII text (most abstracts), where the Unicode and ASCII word
# classes agree and no letter is CJK: a tenth faster, and no search for CJK letters
# (ICML 2023's texts: 0.11 -> 0.08 s).
_ASCII_WORD_RE = re.compile(_WORD_RE.pattern, re.ASCII)
# Its words split without the pattern, where no place is wanted (a third sooner).
_ascii_words = AsciiWords(f"{LETTERS_AND_DIGITS}_", ".")
_CACHE_SIZE = 1 << 18


def _raw_tokens(text: str) -> list[str]:
    """WordTokenizer's tokens, from one pass (and a second only for CJK text)."""
    if text.isascii():
        return _ascii_words(text)
    if _CJK_LETTER.search(text) is None:
        return _WORD_RE.findall(text)
    raws = _TOKEN_RE.findall(text)
    tokens: list[str] = []
    for raw in raws:
        if _CJK_LETTER.match(raw):
            tokens += cjk_pieces(raw)
        else:
            tokens.append(raw)
    return tokens


def _folded(raw: str) -> str:
    # FOLD_MAP leaves ASCII letters as lower() leaves them: only other text is
    # translated (a character at a time, ten times lower()'s cost).
    folded = raw.lower()
    return folded if folded.isascii() else folded.translate(FOLD_MAP)


@lru_cache(maxsize=_CACHE_SIZE)
def _indexed_word(raw: str) -> str | None:
    """What word_analyzer() makes of one raw token; None for a stop word."""
    return indexed_word(raw)


_stemmers = threading.local()  # PyStemmer's stemmers are not thread-safe: one a thread
# Without PyStemmer's own cache: every caller remembers its stems already (stem_word,
# StemFilter, the index writer's), and keeping that cache cost more than stemming
# (20,000 distinct words: 22 ms with it, 7.5 without).
_STEMMER_CACHE = 0


def stem(word: str) -> str:
    """`word`'s Porter stem, as Snowball implements the original algorithm (SQLite FTS5's
    porter tokenizer is the same algorithm); a word of one or two letters is its own, as
    in Porter's own code and FTS5 ("vs" is no "v", "s" no empty word).

    Whoosh's Porter misses its step 1b's second half: "planning" was "plann" and
    "estimated" "estimat", so `plan` did not find "planning" nor `estimate` "estimated"
    (it is also 20 times slower)."""
    if len(word) < 3:
        return word
    stemmer = getattr(_stemmers, "porter", None)
    if stemmer is None:
        stemmer = _stemmers.porter = Stemmer.Stemmer("porter", _STEMMER_CACHE)
    return stemmer.stemWord(word)


@lru_cache(maxsize=_CACHE_SIZE)
def stem_word(word: str) -> str:
    return stem(word)


def words(text: str, keep_stop_words: bool = False) -> list[str]:
    """word_analyzer()'s words; with `keep_stop_words`, every token folded."""
    raws = _raw_tokens(text)
    if keep_stop_words:
        return list(map(_folded, raws))
    return [word for word in map(_indexed_word, raws) if word is not None]


def stems(text: str) -> list[str]:
    """stem_analyzer()'s words."""
    return list(map(stem_word, words(text)))


class JoinedText(str):
    """Texts joined by spaces, remembering them (`parts`): a document's all-words field is
    its other fields' texts, and their tokens are the parts' tokens one after another
    (no token spans a space), so the batch writer reuses what it found for each part."""

    parts: tuple[str, ...]

    def __new__(cls, parts: tuple[str, ...]) -> JoinedText:
        parts = tuple(part for part in parts if part)
        joined = super().__new__(cls, " ".join(parts))
        joined.parts = parts
        return joined


def raw_tokens(text: str) -> list[str]:
    """The tokens word_analyzer() starts from, before folding and stop words (a run of
    CJK letters as its pieces)."""
    return _raw_tokens(text)


def token_spans(text: str) -> list[tuple[str | None, int, int]] | None:
    """word_analyzer()'s tokens of `text` where it places them: (word, start, end), word
    None for a stop word, as `word_spans` but from `words`' faster pass; None for a
    text with CJK letters, whose runs the analyzer cuts into overlapping pieces."""
    if text.isascii():
        pattern = _ASCII_WORD_RE
    elif _CJK_LETTER.search(text) is None:
        pattern = _WORD_RE
    else:
        return None
    return [(_indexed_word(m.group()), m.start(), m.end()) for m in pattern.finditer(text)]


def indexed_word(raw: str) -> str | None:
    """What word_analyzer() makes of one raw token; None for a stop word. Not cached
    here: for callers that keep their own table of tokens (a whole index's worth would
    push the queries' words out of this module's caches)."""
    word = _folded(raw)
    return word if word and word not in STOP_WORDS else None


def _indexed_words(text: str) -> tuple[list[str], int]:
    """The words word_analyzer() keeps from `text`, and the position of the first.

    StopFilter renumbers: the first word kept keeps its own position, the rest follow
    it without gaps.
    """
    kept = list(map(_indexed_word, _raw_tokens(text)))
    first = next((i for i, word in enumerate(kept) if word is not None), 0)
    return [word for word in kept if word is not None], first


_FREQUENCY_BYTES = [pack_uint(n) for n in range(64)]  # how Frequency stores a count


def _frequency_bytes(count: int) -> bytes:
    return _FREQUENCY_BYTES[count] if count < 64 else pack_uint(count)


class WordText(TEXT):
    """A TEXT field analysed by word_analyzer() (or stem_analyzer() if `stemmed`)
    that indexes strings without the token pipeline; queries use the analyzer as usual.
    """

    def __init__(self, stemmed: bool = False) -> None:
        super().__init__(analyzer=stem_analyzer() if stemmed else word_analyzer())
        self.stemmed = stemmed

    def index(self, value, **kwargs) -> Iterator[tuple[bytes, int, float, bytes]]:
        if kwargs or not isinstance(value, str) or type(self.format) is not Positions:
            yield from super().index(value, **kwargs)
            return
        words, first = _indexed_words(value)
        if self.stemmed:
            words = list(map(stem_word, words))
        positions: dict[str, list[int]] = {}
        for position, word in enumerate(words, first):
            found = positions.get(word)
            if found is None:
                positions[word] = [position]
            else:
                found.append(position)
        boost = self.format.field_boost
        encode = self.format.encode
        for word, found in positions.items():
            yield word.encode("utf-8"), len(found), len(found) * boost, encode(found)


class MarkedWords(KEYWORD):
    """The unscored `words` field: words_field_analyzer() (each word, then its
    edge_marks()), indexing strings without the token pipeline.
    """

    def __init__(self) -> None:
        super().__init__(analyzer=words_field_analyzer(), scorable=False)

    def index(self, value, **kwargs) -> Iterator[tuple[bytes, int, float, bytes]]:
        if kwargs or not isinstance(value, str) or type(self.format) is not Frequency:
            yield from super().index(value, **kwargs)
            return
        counts: dict[str, int] = {}
        for word in _indexed_words(value)[0]:
            counts[word] = counts.get(word, 0) + 1
        for word, count in list(counts.items()):
            for edge in edge_marks(word):
                if edge is not None:
                    counts[edge] = counts.get(edge, 0) + count
        boost = self.format.field_boost
        for term, count in counts.items():
            yield term.encode("utf-8"), count, count * boost, _frequency_bytes(count)


def word_spans(text: str) -> Iterator[tuple[str | None, int, int]]:
    """Every token of `text` as word_analyzer() sees it: its word (None for a stop word)
    and where it stands, for callers that need the words' surface forms (trends)."""
    for match in _TOKEN_RE.finditer(text):
        yield _indexed_word(match.group()), match.start(), match.end()
