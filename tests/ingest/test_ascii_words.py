"""AsciiWords against the patterns it stands for, on any ASCII text: the search's
`\\w+(?:\\.\\w+)*` and the meaning model's `[^\\W_]+(?:-[^\\W_]+)*` (re.ASCII), and
through the two tokenizers that use it."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from index.ingest.ascii_words import LETTERS_AND_DIGITS, AsciiWords
from index.search import analysis
from index.semantic import text as meaning_text

from ..locations import SEED_FILES, seed_abstracts

SEARCH_WORDS = re.compile(r"\w+(?:\.\w+)*", re.ASCII)
MEANING_WORDS = re.compile(r"[^\W_]+(?:-[^\W_]+)*", re.ASCII)
SPLITTERS = {"search": (AsciiWords(f"{LETTERS_AND_DIGITS}_", "."), SEARCH_WORDS),
             "meaning": (AsciiWords(LETTERS_AND_DIGITS, "-"), MEANING_WORDS)}
# Word characters, both joiners, runs of them, spaces and punctuation the tables drop.
ALPHABET = "aZ9_-. ,()/$\\\t\n'\x00\x7f"


@pytest.mark.parametrize("kind", SPLITTERS)
@settings(max_examples=500, deadline=None)
@given(text=st.text(alphabet=ALPHABET, max_size=40))
def test_the_same_words_as_the_pattern_on_any_ascii_text(kind: str, text: str) -> None:
    split, pattern = SPLITTERS[kind]
    assert split(text) == pattern.findall(text)


@pytest.mark.parametrize("kind", SPLITTERS)
@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.characters(max_codepoint=127), max_size=80))
def test_the_same_words_over_every_ascii_character(kind: str, text: str) -> None:
    split, pattern = SPLITTERS[kind]
    assert split(text) == pattern.findall(text)


def test_marks_join_only_two_word_characters() -> None:
    split, _ = SPLITTERS["meaning"]
    assert split("a---b -c d- e--f-g state-of-the-art") == \
        ["a", "b", "c", "d", "e", "f-g", "state-of-the-art"]
    split, _ = SPLITTERS["search"]
    assert split("e.g. 3.5x ..a.. a...b snake_case.") == ["e.g", "3.5x", "a", "a", "b",
                                                          "snake_case"]


def test_the_tokenizers_read_the_seed_abstracts_as_their_patterns_do() -> None:
    abstracts = [a for path in SEED_FILES for a in seed_abstracts(path)]
    ascii_ones = [a for a in abstracts if a.isascii()]
    assert ascii_ones
    for abstract in ascii_ones:
        assert analysis.raw_tokens(abstract) == SEARCH_WORDS.findall(abstract)
        folded = abstract.lower()
        if "/" not in folded and "www." not in folded:  # (links are taken out first)
            assert meaning_text.tokens(abstract) == MEANING_WORDS.findall(folded)


def test_a_joiner_must_be_one_character_outside_the_words() -> None:
    with pytest.raises(ValueError):
        AsciiWords(LETTERS_AND_DIGITS, "a")
    with pytest.raises(ValueError):
        AsciiWords(LETTERS_AND_DIGITS, "--")
