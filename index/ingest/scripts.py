"""Scripts written without spaces between words (Chinese, Japanese; Korean's Hangul):
the search and the meaning model read their runs of letters as pairs (cjk_pieces), and
lengths weigh their letters as words (a Chinese word is one or two letters; an English one
five or six and a space)."""

from __future__ import annotations

import re

# Hangul Jamo, CJK radicals, 々〆〇 and Hangzhou numerals, hiragana, katakana (with ー,
# not the ・ between words), Hangul, unified and compatibility ideographs with their
# extensions, half-width katakana.
CJK = ("\u1100-\u11ff\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3041-\u3096\u309d-\u309f"
       "\u30a1-\u30fa\u30fc-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
       "\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0002fa1f")
# What a CJK letter counts for against a limit set in Latin characters: a Chinese text
# takes about a third of the characters of its English translation.
CJK_LETTER_WEIGHT = 3

_CJK_LETTER = re.compile(f"[{CJK}]")


def cjk_pieces(run: str) -> list[str]:
    """A run of CJK letters as the terms it is searched and compared by: its overlapping
    pairs of letters (a Chinese word is mostly one or two), or the one letter."""
    if len(run) == 1:
        return [run]
    return [run[i:i + 2] for i in range(len(run) - 1)]


def is_cjk(word: str) -> bool:
    """`word` starts with a CJK letter (a run of them, or a piece of one)."""
    return not word.isascii() and _CJK_LETTER.match(word) is not None


def has_cjk(text: str) -> bool:
    """`text` holds a CJK letter anywhere."""
    return not text.isascii() and _CJK_LETTER.search(text) is not None


def text_length(text: str) -> int:
    """`len(text)`, each CJK letter counted CJK_LETTER_WEIGHT times: what a limit on
    how short an abstract may be compares against."""
    return len(text) + (CJK_LETTER_WEIGHT - 1) * len(_CJK_LETTER.findall(text))
