"""The names features' faster helpers give what their plain forms give.

Each plain form below is the helper as it was written before it was made faster; both
are run at many positions of every ICML 2023 abstract (raw and rendered) and of random
strings made of the pieces the helpers look at (odd-case letters included: İ lowers to
two characters, ı and ſ are letters re.IGNORECASE equates with i and s).
"""

from __future__ import annotations

import json
import random
import re

import pytest

from index.ingest import names, render

PLAIN_WINDOW_WORD = re.compile(r"[a-z]+(?:\.[a-z]\.?)?,?", re.I)


def plain_words_before(text: str, position: int) -> list[str]:
    window = text[max(0, position - 60):position]
    stop = max(window.rfind(". "), window.rfind("; "))
    return [w.rstrip(",").lower() for w in PLAIN_WINDOW_WORD.findall(window[stop + 1:])]


def plain_capital_before(text: str, position: int) -> bool:
    if position < 2 or text[position - 1] != " " or not text[position - 2].isalpha():
        return False
    start = position - 2
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "-"):
        start -= 1
    opens = not text[:start].strip() or text[:start].rstrip()[-1] in ".!?:;"
    return text[start].isupper() and not opens


def plain_after_prior_word(text: str, position: int) -> bool:
    words = [w.rstrip(",").lower() for w in text[max(0, position - 30):position].split()]
    if words and words[-1] in names._ARTICLES:
        words.pop()
    if words and words[-1] == "as" and len(words) >= 2 and (
            words[-2] in names._NAMING_WORDS or words[-3:-1] == ["referred", "to"]):
        return False
    if words and words[-1] == "of" and len(words) >= 2 and words[-2] in names._MAKING:
        return False
    if words and words[-1] in names._KINDS:  # "a popular … method, X"
        phrase = [w.rstrip(",").lower() for w in text[max(0, position - 80):position].split()]
        last_article = max((i for i, w in enumerate(phrase) if w in names._ARTICLES),
                           default=None)
        if last_article is not None and any(w in names.PRIOR_ADJECTIVES
                                            for w in phrase[last_article + 1:-1]) \
                and not re.search(r"\b(?:in\s+contrast\s+to|unlike|compared\s+(?:to|with)"
                                  r"|as\s+opposed\s+to|contrary\s+to)\s[^.;:,]*,\s*$",
                                  text[max(0, position - 80):position], re.I):
            return True
    return bool(words) and (words[-1] in names._PRIOR_WORDS
                            or " ".join(words[-2:]) in names._PRIOR_WORDS
                            or words[-2:] == ["recently", "proposed"])


PIECES = ["we", "We", "propose", "such as", "such", "as", "the", "a", "e.g.", "e.g.,", "i.e.",
          "of", "Group", "Tokenizer", "İt", "ıs", "ſuch", "K", "ΑΣ", "Σ", ",", ", ", ". ", "; ",
          " ", "  ", "\n", "\u00a0", "\u2003", "-", "x-y", "(", ")", "Foo", "FooNet", "3", ":",
          "novel", "than", "existing", "based on", "named", "referred", "to", "called", "public",
          "building", "design"]


@pytest.fixture(scope="module")
def texts(icml2023_path) -> list[str]:
    abstracts = list(dict.fromkeys(r["abstract"] for r in
                                   json.loads(icml2023_path.read_text(encoding="utf-8"))))
    rendered = [render.render(a).text for a in abstracts]
    rng = random.Random(23)
    odd = ["".join(rng.choice(PIECES) + rng.choice(("", " ")) for _ in range(rng.randint(0, 25)))
           for _ in range(3_000)]
    return abstracts[:500] + rendered + odd


def _positions(text: str, rng: random.Random) -> list[int]:
    """Every word's start, and a few positions anywhere (the ends too)."""
    starts = [m.start() for m in re.finditer(r"\S+", text)]
    return starts + [rng.randint(0, len(text)) for _ in range(5)] + [0, len(text)]


@pytest.mark.parametrize(("fast", "plain", "seed"), [
    (names._words_before, plain_words_before, 1),
    (names._capital_before, plain_capital_before, 2),
    (names._after_prior_word, plain_after_prior_word, 3),
], ids=["words_before", "capital_before", "after_prior_word"])
def test_a_context_helper_gives_what_its_plain_form_gives(texts, fast, plain, seed) -> None:
    rng = random.Random(seed)
    for text in texts:
        for position in _positions(text, rng):
            assert fast(text, position) == plain(text, position), (text, position)


PHRASES = ["use", "Uses", "USED", "using", "leveraging", "Adopted", "employs", "apply",
           "Applies", "applying", "utilize", "exploiting", "known as", "Referred to as",
           "based on", "Unlike", "inspired by", "builds upon", "build on", "extends",
           "extending", "generalizes", "Generalising", "variants of", "version of",
           "success of", "popularity of", "such as", "SUCH AS", "baſed on", "uſing",
           "exploıt", "İnspired by", "KNOWN AS", "the", "an", "X", "Foo", "because", ".", ";",
           "incorporate", "Incorporating", "ıncorporated"]


def test_a_window_without_a_pattern_s_words_has_no_match(texts) -> None:
    rng = random.Random(4)
    phrased = [" ".join(rng.choice(PHRASES + PIECES) for _ in range(rng.randint(1, 12)))
               for _ in range(4_000)]
    checked = 0
    for text in texts + phrased:
        abstract = names._Abstract(text, [(0, len(text))], [], {}, None, 1, [], frozenset(),
                                   [], [], names._folded(text))
        for position in _positions(text, rng):
            for words, pattern, reach in ((names._USED_BEFORE_WORDS, names._USED_BEFORE, 50),
                                          (names._PRIOR_BEFORE_WORDS, names._PRIOR_BEFORE, 30)):
                start = max(0, position - reach)
                if pattern.search(text, start, position):
                    checked += 1
                    assert abstract.may_hold(words, start, position), (text, position)
    assert checked > 1_000


def test_mid_capital_words_are_the_plain_scan_less_enumerations(texts) -> None:
    rng = random.Random(5)
    items = ["(ii) ", "i) ", "(3) ", ") ", "b) ", "(iv)\n", "Foo ", "Perceiver ", "x, ", ": ",
             "\n", "a", " ", "Notable ", "ok) "]
    odd = ["".join(rng.choice(items) for _ in range(rng.randint(0, 12))) for _ in range(5_000)]
    for text in texts + odd:
        plain = [m.group(1) for m in names._MID_CAPITAL.finditer(text)
                 if not names._ENUMERATOR.search(text, max(0, m.start() - 6), m.start())]
        assert names._mid_capital_words(text) == plain, text
