"""The fit's term codes (tfidf.WordTable.codes) against a plain, one-word-at-a-time
reading of what they stand for: each content word numbered when first met (in the order
the texts and their words come), a bigram for each pair of neighbouring content words of
one text that both have a number (a CJK pair of letters in none), every other word left
out."""

from __future__ import annotations

import numpy as np

from index.ingest.scripts import is_cjk
from index.semantic.stop_words import ENGLISH_STOP_WORDS
from index.semantic.text import is_content, tokens
from index.semantic.tfidf import NOT_CONTENT, UNKNOWN, WORD_BITS, WordTable

from ..locations import SEED_FILES, seed_abstracts


def plain_codes(ids: dict[str, int], texts: list[str], grow: bool) -> list[tuple[int, int]]:
    """(text, code) pairs, words before bigrams, each group in text order."""
    words, bigrams = [], []
    for number, text in enumerate(texts):
        previous = None  # the last content word's id in this text (None: a break)
        for word in tokens(text):
            if not is_content(word, ENGLISH_STOP_WORDS):
                continue  # a stop word is dropped before bigrams are made
            if word not in ids:
                ids[word] = len([v for v in ids.values() if v >= 0]) if grow else UNKNOWN
            code = ids[word]
            if code < 0:
                previous = None
                continue
            words.append((number, code))
            if is_cjk(word):  # a pair of CJK letters is a term of its own, in no bigram
                previous = None
                continue
            if previous is not None:
                bigrams.append((number, (previous + 1) << WORD_BITS | code))
            previous = code
    return words + bigrams


def as_pairs(found: tuple[np.ndarray, np.ndarray]) -> list[tuple[int, int]]:
    return list(zip(found[0].tolist(), found[1].tolist(), strict=True))


def test_tokens_of_ascii_text_are_the_unicode_patterns_words() -> None:
    """tokens() reads ASCII text with an ASCII pattern: the same words as the Unicode
    one finds, in the bundled abstracts and in text made to test its edges."""
    from index.semantic import text as text_module

    made = ["Hello_world 3-D x-ray--fast -lead trail- A1b2 _under_ scores__ 42% e.g. "
            "Über naïve straße", "CAPS and Mixed-Case-Words; tabs\tnew\nlines", ""]
    for text in made + seed_abstracts(SEED_FILES[0])[:300]:
        folded = text_module._fold(text_module._URL.sub(" ", text))
        assert tokens(text) == text_module._WORD.findall(folded)
    assert tokens("Über naïve") == ["uber", "naive"]


def test_codes_number_words_as_first_met_and_pair_neighbours() -> None:
    texts = [text for path in SEED_FILES for text in seed_abstracts(path)]
    half = len(texts) // 2
    table, ids = WordTable(ENGLISH_STOP_WORDS), {}
    # Grown over two batches, then read without growing: words the table never met
    # (made up here) break bigrams and are left out.
    for batch, grow in ((texts[:half], True), (texts[half:], True),
                        ([f"zqxw {text} vbnmq" for text in texts[:5]], False)):
        assert as_pairs(table.codes(batch, grow=grow)) == plain_codes(ids, batch, grow)
    numbered = {word: n for word, n in ids.items() if n >= 0}
    assert {w: n for w, n in table.ids.items() if n >= 0} == numbered
    assert sorted(numbered.values()) == list(range(len(numbered)))
    assert table.count == len(numbered)
    # Stop words and numbers are remembered as such, each judged once.
    assert table.ids["the"] == NOT_CONTENT
    assert table.ids["zqxw"] == UNKNOWN


def test_a_word_repeated_in_the_text_that_first_has_it_gets_one_number() -> None:
    table = WordTable(ENGLISH_STOP_WORDS)
    text_of, codes = table.codes(["graph neural graph networks", "neural graph"], grow=True)
    graph, neural, networks = table.ids["graph"], table.ids["neural"], table.ids["networks"]
    assert (graph, neural, networks) == (0, 1, 2)
    assert text_of.tolist() == [0, 0, 0, 0, 1, 1, 0, 0, 0, 1]
    assert codes.tolist()[:6] == [graph, neural, graph, networks, neural, graph]


CJK_TEXTS = [
    "强化学习的对齐问题 and reward models for 大语言模型",
    "本研究では、大規模言語モデルの推論能力を強化学習によって向上させる。",
    "Reward models 强化学习 reward models",
]


def test_cjk_runs_are_read_as_pairs_of_letters_that_pair_with_nothing() -> None:
    found = tokens(CJK_TEXTS[1])
    assert "モデ" in found and "デル" in found  # voicing marks kept: デ is not テ
    assert "強化" in found and "学習" in found
    assert not any(len(word) > 2 and is_cjk(word) for word in found)
    table = WordTable(ENGLISH_STOP_WORDS)
    assert as_pairs(table.codes(CJK_TEXTS, grow=True)) == \
        plain_codes({}, CJK_TEXTS, grow=True)
    spelt = table.spelt(table.codes(CJK_TEXTS, grow=False)[1])
    assert "reward models" in spelt and "强化" in spelt
    assert not any(" " in term and any(map(is_cjk, term.split())) for term in spelt)
    # A pair holding a function word's letter (的, の) is grammar, not a term.
    assert "的对" not in spelt and "型の" not in spelt


def test_tokens_of_text_without_cjk_are_the_words_with_no_run_cut_in_pairs() -> None:
    """Non-ASCII text with no CJK letter skips the per-word CJK check: the same tokens
    as cutting every CJK run in pairs would give, on accented, Greek and dashed text, and
    text that mixes Chinese in still has its runs cut."""
    from index.ingest.scripts import cjk_pieces
    from index.semantic import text as text_module

    def cut_every_run(text: str) -> list[str]:
        folded = text_module._fold(text)
        return [piece for word in text_module._WORD.findall(folded)
                for piece in (cjk_pieces(word) if is_cjk(word) else (word,))]

    texts = ["Über naïve straße — an α-β test of Schrödinger’s équation",
             "ℓ1-norm “quoted” text… with em—dashes and ½ fractions",
             "模型的强化学习 with English words", "ﾃｽﾄ half-width kana and Ｆｕｌｌ width"]
    for text in texts:
        assert tokens(text) == cut_every_run(text)
    assert "强化" in tokens(texts[2]) and "schrodinger" in tokens(texts[0])
