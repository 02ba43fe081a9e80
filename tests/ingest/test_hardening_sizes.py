"""Hostile sizes: an abstract of megabytes imports in linear time (issue #16, item 12)."""

from __future__ import annotations

import re

import pytest

from index import Library
from index.ingest.render import render
from index.ingest.titles import NAMING_CHARS, _definitions, derive_name_and_title

SENTENCE = "We propose One-Way Policy Optimization (OWPO), a method (for RL) that works. "


def test_definitions_far_into_a_long_text_keep_their_offsets():
    text = "x " * 50_000 + "Sub-Scale Collaboration On Unseen Tasks (SCOUT) helps."
    [found] = [d for d in _definitions(text) if d.short == "SCOUT"]
    assert text[found.start:found.end] == "Sub-Scale Collaboration On Unseen Tasks (SCOUT)"


def test_a_name_is_taken_from_the_opening_of_a_huge_abstract_only():
    opening = SENTENCE * (NAMING_CHARS // len(SENTENCE) + 1)
    text = opening + "Here we introduce ZORBLAX, something else entirely. " * 1000
    name, title = derive_name_and_title(text, render(text))
    assert name == "OWPO"
    assert (name, title) == derive_name_and_title(opening[:NAMING_CHARS],
                                                  render(opening[:NAMING_CHARS]))


@pytest.mark.timeout(120)  # a hang guard: quadratic naming took 278 s here
def test_a_five_megabyte_single_paragraph_abstract_imports(home, tmp_path):
    abstract = (SENTENCE * (5_000_000 // len(SENTENCE) + 1))[:5_000_000]
    listing = tmp_path / "huge.txt"
    listing.write_text(f"HUGE 2026 Papers\n\n{abstract}\n", encoding="utf-8")
    with Library(home, seed=False) as library:
        report = library.add(listing)
        assert (report.new, report.skipped) == (1, [])
        [paper] = library.papers(library.search("OWPO").ids())
        assert paper.name == "OWPO" and re.match(r"OWPO: ", paper.title)
