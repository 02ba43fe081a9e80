"""Words a PDF broke at a line end, put back together before rendering.

Lists whose abstracts were taken from the papers' PDFs keep the typesetter's hyphen and
line break inside a word: "in- terpreting", "detec- tion", "How- ever" (held-out CVPR,
ICCV, ECCV, WACV and AAAI lists of papercopilot/paperlists: one CVPR abstract in thirty
has one). Shown so, the abstract reads badly, a search for "detection" misses it, and a
name broken so ("the Multiparty-Transformer (Multipar- T)") is no name. A compound broken
at its own hyphen ("multi- view", "state- of-the-art") keeps the hyphen and loses the
space instead.

Which of the two a break is cannot be told from the break: it is read from how abstracts
write the word whole. First this abstract itself (a word it also writes whole, "object"
or "multi-view", is written so), then the words of the development lists' abstracts
shipped in `data/line_break_words.txt` (benchmarks/line_break_words.py), each with the
number of abstracts using it: the likelier form wins, and a break neither form of which
is known is left as it is. "pre- and post-training", a hyphen that waits for a later word,
is no break. Math ($…$) is left alone: "$x- y$" is a difference.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from importlib import resources

WORDS_FILE = "line_break_words.txt"

# A word as the words file counts it: letters, and hyphens inside ("multi-view").
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
# A token as a name is written: letters and digits, hyphens inside ("GPT-4", "Multipar-T").
_TOKEN = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")
# A break: letters, a hyphen, white space (spaces, or a line break between them), letters
# or digits. (Letters right before the head are its own; a hyphen there makes the head
# the next part of a compound: "state-of-the- art".)
_BREAK = re.compile(r"(?<![A-Za-z0-9])(?P<head>[A-Za-z]+)-(?:[ \t]+|[ \t]*\n[ \t]*)"
                    r"(?P<tail>[A-Za-z0-9]+)(?P<more>-?)")
_HYPHEN_GAP = re.compile(r"-\s")
# A hyphen that waits for a word said later: "pre- and post-training", "first- or
# second-order", "low- to high-resolution", "short- as well as long-term".
_SUSPENDED = frozenset({"and", "or", "nor", "to", "as", "vs", "versus", "than", "but",
                        "plus", "through", "via"})
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|\\\(.*?\\\)|\\\[.*?\\\]", re.S)
_HERE = 1000  # this abstract's own spelling outweighs any number of other abstracts'


def words_of(text: str) -> list[str]:
    """The words of `text`, lowercased, as the words file counts them."""
    return [word.lower() for word in _WORD.findall(text)]


@lru_cache(maxsize=1)
def shipped_words() -> dict[str, int]:
    """Word -> the development abstracts that use it (data/line_break_words.txt)."""
    text = resources.files("index.ingest.data").joinpath(WORDS_FILE).read_text(
        encoding="utf-8")
    words = {}
    for line in text.splitlines():
        word, _, count = line.partition("\t")
        if word and count.isdigit():
            words[word] = int(count)
    return words


def rejoined(text: str) -> str:
    """`text` with each word broken at a line end written whole, as it is likelier
    written (see the module's doc); the rest as it is."""
    # (most abstracts have no hyphen before white space: a search for that alone is
    # quick, where _BREAK's, tried at every word, cost rendering a quarter more)
    if not _HYPHEN_GAP.search(text) or not _BREAK.search(text):
        return text
    here = Counter(words_of(text))
    exact = set(_TOKEN.findall(text))
    pieces, done = [], 0
    for math in _MATH.finditer(text):
        pieces.append(_rejoined_prose(text[done:math.start()], here, exact))
        pieces.append(math.group())
        done = math.end()
    pieces.append(_rejoined_prose(text[done:], here, exact))
    return "".join(pieces)


def _rejoined_prose(prose: str, here: Counter[str], exact: set[str]) -> str:
    def whole(found: re.Match) -> str:
        head, tail, more = found.group("head", "tail", "more")
        hyphenated = f"{head}-{tail}{more}"
        if not tail.islower():
            # "Multipar- T": a name broken at its hyphen, kept as the abstract writes it
            # elsewhere; no capital or digit is a word's typeset continuation.
            return hyphenated if f"{head}-{tail}" in exact else found.group()
        if more:  # a part of a longer compound: "state- of-the-art", "up- to-date"
            return hyphenated
        if tail in _SUSPENDED:
            return found.group()
        if prose[found.start() - 1:found.start()] == "-":
            return hyphenated  # ... and its last part: "state-of-the- art"
        joined = (head + tail).lower()
        split = f"{head}-{tail}".lower()
        known = shipped_words()
        as_one = _HERE * here[joined] + known.get(joined, 0)
        as_two = _HERE * here[split] + known.get(split, 0)
        if as_one > as_two:
            return head + tail
        if as_two > as_one:
            return hyphenated
        return found.group()  # neither form known: the reader will see the break

    return _BREAK.sub(whole, prose)
