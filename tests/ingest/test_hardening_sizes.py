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


def test_a_long_import_reports_progress_from_the_start(home, tmp_path):
    """Reading first (before any parsing), then every 250 records, then the index: a
    200 MB list showed nothing for its first four minutes (issue #16, item 13)."""
    abstracts = [f"We propose method number {n} for testing progress reports and show "
                 f"that it reports its progress {n} times." for n in range(1200)]
    listing = tmp_path / "many.txt"
    listing.write_text("MANY 2026 Papers\n\n" + "\n\n".join(abstracts) + "\n")
    heard: list[tuple[int, int, str]] = []
    with Library(home, seed=False) as library:
        report = library.add(listing, progress=lambda *event: heard.append(event))
    assert report.new == 1200
    phases = [phase for _done, _total, phase in heard]
    assert phases[0] == "reading" and heard[0][1] == listing.stat().st_size
    importing = [done for done, total, phase in heard if phase == "importing"]
    assert importing == [0, 250, 500, 750, 1000, 1200]
    assert phases.index("papers") > phases.index("importing")  # then the index is built
