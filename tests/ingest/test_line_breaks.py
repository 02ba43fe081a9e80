"""Words a PDF broke at a line end ("detec- tion", "multi- view"; held-out CVPR, ECCV,
WACV and AAAI lists) are written whole again: joined where the hyphen was the
typesetter's, hyphenated where it is the word's own, and left alone where neither form
is known or the hyphen waits for a later word."""

from __future__ import annotations

import pytest

from benchmarks import line_break_words
from index.ingest import line_breaks
from index.ingest.line_breaks import rejoined
from index.ingest.render import render
from index.ingest.titles import derive_name_and_title
from tests import locations


@pytest.mark.parametrize(("source", "text"), [
    # the typesetter's hyphen: the word as abstracts write it
    ("Our detec- tion of ob- jects works. How- ever, it is slow.",
     "Our detection of objects works. However, it is slow."),
    # a compound's own hyphen stays, its space goes
    ("multi- view stereo with self- supervision on non- convex sets",
     "multi-view stereo with self-supervision on non-convex sets"),
    # a part of a longer compound, either side of the break
    ("state- of-the-art and state-of-the- art", "state-of-the-art and state-of-the-art"),
    ("an up- to-date survey", "an up-to-date survey"),
    # the break as a PDF's text layer keeps it: a line break after the hyphen
    ("a reliable detec-\ntion", "a reliable detection"),
])
def test_a_broken_word_is_written_whole(source, text):
    assert rejoined(source) == text


def test_the_abstract_s_own_spelling_decides_for_a_word_no_list_uses():
    # ("zorbanet" and "zorba-net" are no words of the development lists)
    assert rejoined("ZorbaNet trains. Our Zorba- Net is fast.") == \
        "ZorbaNet trains. Our Zorba- Net is fast."  # a capital: no word's continuation
    assert rejoined("zorbanet trains fast. Our zorba- net is fast.") == \
        "zorbanet trains fast. Our zorbanet is fast."
    assert rejoined("zorba-net trains fast. Our zorba- net is fast.") == \
        "zorba-net trains fast. Our zorba-net is fast."


@pytest.mark.parametrize("source", [
    "pre- and post-training, first- or second-order, low- to high-resolution",
    "neither form is known: blorp- vexing stays as written",
    "a difference in math: $x- y$ and \\(a- b\\)",
    "a spaced dash - between words",
])
def test_no_break_is_made_whole_where_none_can_be_told(source):
    assert rejoined(source) == source


def test_a_name_broken_at_its_hyphen_is_defined_again():
    """"the Multiparty-Transformer (Multipar- T)" (held-out IJCAI 2023) defined no name:
    the parenthesis held "Multipar- T". Written whole as the abstract writes it later,
    the definition is read, and the short name names the paper."""
    source = ("Group conversations are hard to model. To tackle this, we propose the "
              "Sparse Router Network (SpaRo- Net), a transformer for group behavior. We "
              "verify SpaRo-Net on a public engagement benchmark, where it outperforms "
              "earlier approaches.")
    assert "SpaRo-Net (" not in render(source).text
    assert "(SpaRo-Net)" in render(source).text
    assert derive_name_and_title(source, render(source))[0] == "SpaRo-Net"


def test_a_search_finds_the_word_a_line_end_broke(library, write_list):
    """The index holds the rendered abstract: "detection" finds "detec- tion"."""
    abstract = ("We study the detec- tion of small ob- jects in aerial images and propose "
                "a sampling scheme that keeps them in every training batch.")
    library.add(write_list("broken.txt", [abstract], title="Aerial 2026"))
    found = library.search("detection objects aerial", complete_last=False)
    # (first: a seed paper that has two of the words follows it)
    assert [library.paper(i).abstract for i in found.ids()[:1]] == [
        "We study the detection of small objects in aerial images and propose a "
        "sampling scheme that keeps them in every training batch."]


def test_the_shipped_words_are_what_the_development_lists_give():
    """data/line_break_words.txt is benchmarks/line_break_words.py's output on the
    development lists (regenerate it with `python -m benchmarks.line_break_words`)."""
    if not locations.CORPORA.is_dir():
        pytest.skip(f"the development lists are not at {locations.CORPORA}")
    from benchmarks.titled_lists import DEVELOPMENT, titled_records

    counts = line_break_words.counted(record["abstract"] for name in DEVELOPMENT
                                      for record in titled_records(name))
    shipped = line_breaks.shipped_words()
    assert line_break_words.lines(counts) == [f"{w}\t{n}" for w, n in shipped.items()]
    assert shipped["detection"] > 0 and "detec" not in shipped
