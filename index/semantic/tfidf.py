"""TF-IDF rows of abstracts, counted as integers: sublinear tf, smoothed idf, l2 rows
(what scikit-learn's TfidfVectorizer(sublinear_tf=True) computes), with words and the
bigrams of neighbouring words as terms (text.terms).

Words get integer ids as they are first met, and a bigram is the pair of its words' ids
packed in one int64, so the million distinct bigrams of a large library are never made
into strings: they are counted with numpy, and only the few tens of thousands kept in
the vocabulary are spelt out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..ingest.scripts import is_cjk
from .sparse import Rows
from .text import is_content, tokens

WORD_BITS = 32  # a bigram's code: (first word id + 1) << 32 | second word id
NOT_CONTENT = -2  # a stop word, a number, a single character
UNKNOWN = -1  # a content word not in the table (placing texts in a fitted basis)


class WordTable:
    """Word -> id, for the words of the texts read so far; a word that is not a content
    word (text.is_content) maps to NOT_CONTENT, so each distinct word is judged once."""

    def __init__(self, stop_words: frozenset[str]) -> None:
        self.stop_words = stop_words
        self.ids: dict[str, int] = {}
        self.count = 0  # content words with an id
        self.unpaired: list[int] = []  # ids of CJK pairs of letters: in no bigram

    def codes(self, texts: Sequence[str], grow: bool) -> tuple[np.ndarray, np.ndarray]:
        """(text number, term code) of every term occurrence in `texts`; with `grow`
        new words get ids, without it their terms are left out."""
        lengths: list[int] = []
        flat: list[int] = []
        get = self.ids.get
        for text in texts:
            every = tokens(text)
            found = list(map(get, every))  # (None: not met yet)
            if None in found:  # a word met for the first time
                found = [self._judged(every[i], grow) if number is None else number
                         for i, number in enumerate(found)]
            lengths.append(len(found))
            flat += found
        word_ids = np.array(flat, dtype=np.int64)
        text_of = np.repeat(np.arange(len(lengths), dtype=np.int32), lengths)
        content = word_ids != NOT_CONTENT
        word_ids, text_of = word_ids[content], text_of[content]
        # Bigrams of neighbouring content words; a word outside the table breaks them.
        paired = (text_of[1:] == text_of[:-1]) & (word_ids[1:] >= 0) & (word_ids[:-1] >= 0)
        if self.unpaired:
            alone = np.isin(word_ids, self.unpaired)
            paired &= ~(alone[1:] | alone[:-1])
        bigrams = ((word_ids[:-1] + 1) << WORD_BITS | word_ids[1:])[paired]
        known = word_ids >= 0
        return (np.concatenate([text_of[known], text_of[1:][paired]]),
                np.concatenate([word_ids[known], bigrams]))

    def _judged(self, word: str, grow: bool) -> int:
        number = self.ids.get(word)  # (judged already if it came earlier in the text)
        if number is None:
            if not is_content(word, self.stop_words):
                number = NOT_CONTENT
            elif grow:
                number, self.count = self.count, self.count + 1
                if is_cjk(word):
                    self.unpaired.append(number)
            else:  # remembered too: the next text finds it at once
                number = UNKNOWN
            self.ids[word] = number
        return number

    def spelt(self, codes: np.ndarray) -> list[str]:
        words_by_id = [""] * self.count
        for word, number in self.ids.items():
            if number >= 0:
                words_by_id[number] = word
        out = []
        for code in codes.tolist():
            first = code >> WORD_BITS
            second = code & ((1 << WORD_BITS) - 1)
            out.append(f"{words_by_id[first - 1]} {words_by_id[second]}" if first
                       else words_by_id[second])
        return out


def counted(text_of: np.ndarray, codes: np.ndarray) -> tuple[np.ndarray, ...]:
    """Each distinct (text, code) once, sorted, with its number of occurrences."""
    if not codes.shape[0]:
        return text_of, codes, np.zeros(0, dtype=np.int32)
    # Sorted as one int64 key, text times (the largest code + 1) plus code, wherever that
    # fits in 64 bits (a bigram's code is itself two words' codes; lexsort otherwise):
    # 3.6 ms a chunk of 1,000 ICML abstracts, where lexsort of the two arrays took 28.
    span = int(codes.max()) + 1
    if int(text_of.max()) < np.iinfo(np.int64).max // span:
        key = np.sort(text_of.astype(np.int64) * span + codes)
        starts = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]]))
        counts = np.diff(np.append(starts, key.shape[0])).astype(np.int32)
        distinct = key[starts]
        return (distinct // span).astype(text_of.dtype), distinct % span, counts
    order = np.lexsort((codes, text_of))
    text_of, codes = text_of[order], codes[order]
    starts = np.flatnonzero(np.concatenate(
        [[True], (text_of[1:] != text_of[:-1]) | (codes[1:] != codes[:-1])]))
    counts = np.diff(np.append(starts, codes.shape[0])).astype(np.int32)
    return text_of[starts], codes[starts], counts


@dataclass
class Vocabulary:
    codes: np.ndarray  # the terms' codes, sorted
    idf: np.ndarray  # float32, per column
    column_of: np.ndarray | None = None  # codes' position -> column (None: the same)

    def in_order(self, terms: list[str]) -> tuple[Vocabulary, list[str]]:
        """The same vocabulary with its columns in the order of `terms` (spelt in code
        order) sorted: the columns then do not depend on the order texts came in."""
        order = sorted(range(len(terms)), key=terms.__getitem__)
        column_of = np.empty(len(terms), dtype=np.int64)
        column_of[order] = np.arange(len(terms))
        return (Vocabulary(self.codes, self.idf[order], column_of),
                [terms[i] for i in order])

    def rows(self, texts: int, text_of: np.ndarray, codes: np.ndarray,
             counts: np.ndarray) -> Rows:
        """The TF-IDF rows of `texts` texts from their counted (text, code) pairs."""
        columns = np.searchsorted(self.codes, codes)
        columns = np.minimum(columns, max(self.codes.shape[0] - 1, 0))
        known = (self.codes[columns] == codes) if self.codes.shape[0] else \
            np.zeros(codes.shape[0], dtype=bool)
        text_of, columns = text_of[known], columns[known]
        if self.column_of is not None:
            columns = self.column_of[columns]
        columns = columns.astype(np.int32)
        values = ((1.0 + np.log(counts[known])) * self.idf[columns]).astype(np.float32)
        norms = np.sqrt(np.bincount(text_of, weights=values.astype(np.float64) ** 2,
                                    minlength=texts))
        values /= norms[text_of].astype(np.float32)
        # Each row's columns increasing: a text's columns are distinct, so its keys are
        # (a key's sort took 6 ms of ICML 2023's TF-IDF, lexsort of the two arrays 20).
        order = np.argsort(text_of.astype(np.int64) * max(self.codes.shape[0], 1) + columns)
        text_of, columns, values = text_of[order], columns[order], values[order]
        indptr = np.zeros(texts + 1, dtype=np.int64)
        np.cumsum(np.bincount(text_of, minlength=texts), out=indptr[1:])
        return Rows(indptr, columns, values, self.codes.shape[0])


def choose(texts: int, codes: np.ndarray, counts: np.ndarray, *, min_df: int,
           max_df: float, most: int) -> Vocabulary:
    """The vocabulary of the counted pairs of `texts` texts: terms in at least `min_df`
    and at most `max_df` of them, the `most` most frequent of those (scikit-learn's
    rules), with the smoothed idf ln((1 + n) / (1 + df)) + 1."""
    # (Any order of equal codes will do: their counts are summed as integers. The
    # default sort took 6.6 ms of ICML 2023's 322,000 pairs, a stable one 18.)
    order = np.argsort(codes)
    ordered = codes[order]
    starts = np.flatnonzero(np.concatenate([[True], ordered[1:] != ordered[:-1]])) \
        if ordered.shape[0] else np.zeros(0, dtype=np.int64)
    unique = ordered[starts]
    del ordered
    df = np.diff(np.append(starts, codes.shape[0]))  # each (text, code) pair is once
    keep = (df >= min_df) & (df <= max_df * texts)
    if keep.sum() > most:
        total = np.add.reduceat(counts[order], starts) if starts.shape[0] else df
        ranked = np.flatnonzero(keep)[np.argsort(-total[keep], kind="stable")[:most]]
        keep = np.zeros_like(keep)
        keep[ranked] = True
    idf = np.log((1.0 + texts) / (1.0 + df[keep])) + 1.0
    return Vocabulary(unique[keep], idf.astype(np.float32))
