"""Marking a query's words (HighlightTerms.segments, which the results list and the
abstract pane draw) gives exactly what Whoosh's highlighter gave, from the faster
regex pass (analysis.token_spans): on awkward text, on any text, on real papers."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from whoosh.highlight import WholeFragmenter, highlight

from index.search import analysis
from index.search import highlight as marking

from .test_indexing import AWKWARD_TEXTS


def _whooshs(text: str, termset: frozenset[str]) -> tuple[tuple[str, bool], ...]:
    """The marking as it was: Whoosh's highlight() over the whole text."""
    return tuple(highlight(text, set(termset), analysis.word_analyzer(), WholeFragmenter(),
                           marking._SegmentFormatter(), top=1, minscore=0))


def _termsets(text: str, most: int = 12) -> list[frozenset[str]]:
    """Sets of the text's words (one, two; and one word it lacks) to mark."""
    words = sorted(set(analysis.words(text)))[:most]
    return [frozenset(pair) for size in (1, 2) for pair in combinations(words, size)] \
        + [frozenset({"zzznotaword"})]


def _check(text: str) -> None:
    for termset in _termsets(text):
        assert marking._marked.__wrapped__(text, termset) == _whooshs(text, termset), \
            (text[:80], termset)


LONG = "x " * 16_400 + "deep learning past Whoosh's highlight limit"


@pytest.mark.parametrize("text", AWKWARD_TEXTS + [
    "Über naïve Bayes — η-learning, f-divergence v1.2 3.5x the U.S.A. and x² ﬁnd ℝ",
    "强化学习 for robots 强化", "GPT-4 on 数学推理 problems", "  spaced   out  ",
    pytest.param(LONG, id="past-whooshs-limit")])
def test_awkward_text_is_marked_as_whoosh_marked_it(text: str) -> None:
    _check(text)


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=80)
       | st.from_regex(r"[A-Za-zéß²½_.,;0-9 \t-]{0,60}", fullmatch=True))
def test_any_text_is_marked_as_whoosh_marked_it(text: str) -> None:
    _check(text)


def test_real_papers_are_marked_as_whoosh_marked_them(seeded_library) -> None:
    papers = list(seeded_library._all_papers())
    assert papers
    for paper in papers:
        _check(paper.title)
        _check(paper.abstract)


def test_the_long_text_marks_only_within_whooshs_limit() -> None:
    # (Whoosh's whole-text fragment stops at its character limit: so does the mark.)
    marked = marking._marked.__wrapped__(LONG, frozenset({"deep", "x"}))
    assert ("deep", True) not in marked and ("x", True) in marked


def test_a_words_match_is_worked_out_once_for_the_terms_as_they_are(monkeypatch):
    """HighlightTerms.matches remembers each word's answer (titles on screen share most
    words), and forgets them all when the terms grow."""
    stemmed = []
    stem = analysis.stem_word
    monkeypatch.setattr(analysis, "stem_word", lambda word: stemmed.append(word) or stem(word))
    terms = marking.HighlightTerms.from_query("graph network")
    first = terms.segments("Graph networks for molecules")
    asked = len(stemmed)
    assert asked and [s for s, hit in first if hit] == ["Graph", "networks"]
    terms.segments("Networks of molecules and graphs")
    assert set(stemmed[asked:]) <= {"of", "and", "graphs"}  # the new words only
    terms.add_words(["molecules"])  # grown: every answer again, the new word's right
    assert [s for s, hit in terms.segments("Graph networks for molecules") if hit] == \
        ["Graph", "networks", "molecules"]
    assert not any(hit for s, hit in terms.segments("Chemistry") if s == "Chemistry")
    terms.words.add("chemistry")  # grown through the set itself
    assert ("Chemistry", True) in terms.segments("Chemistry")
