"""Plain-text lists that carry titles, in each layout people write them, and bare lists
(hard-wrapped or not) that must stay bare.

Expected titles and abstracts are the ones each file was written from: the real ICML 2023
list's, or the small texts here.
"""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path

import pytest

from index.ingest.formats import read_list
from index.ingest.plain_layouts import authors_shaped, title_shaped

from ..locations import SEED_FILES

TITLES = ["Sparse Attention for Long Documents", "Momentum Converges Faster on Smooth Problems",
          "A Benchmark of Soft Robot Manipulation"]
ABSTRACTS = [
    "We study sparse attention for long documents and prove tight bounds on its error.",
    "Gradient descent with momentum converges faster on smooth convex problems, we show.",
    "A benchmark of one thousand robot manipulation tasks with soft grippers and cloth.",
]


def wrap(text: str, width: int) -> str:
    """Hard-wrapped as an editor does: between words only, so the lines join back."""
    return textwrap.fill(text, width, break_on_hyphens=False, break_long_words=False)


def write(tmp_path: Path, text: str, name: str = "list.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def icml2023(icml2023_path) -> list[dict]:
    """Sixty papers of the real list, each abstract once, white space made single."""
    records, seen = [], set()
    for record in json.loads(icml2023_path.read_text(encoding="utf-8")):
        abstract = " ".join((record.get("abstract") or "").split())
        if abstract and abstract not in seen and not abstract.startswith("http"):
            seen.add(abstract)
            records.append({"title": " ".join(record["title"].split()), "abstract": abstract,
                            "authors": record.get("authors") or []})
    return random.Random(7).sample(records, 60)


def _authors(record: dict) -> list[str]:
    return [a if isinstance(a, str) else a.get("name", "") for a in record["authors"]]


LAYOUTS = {
    "inline": lambda r, abstract: f"{r['title']}\n{abstract}",
    "inline with authors": lambda r, abstract:
        f"{r['title']}\n{', '.join(_authors(r)) or 'Jane Doe'}\n{abstract}",
    "inline with authors by dots": lambda r, abstract:
        f"{r['title']}\n{' · '.join(_authors(r)) or 'Jane Doe'}\n{abstract}",
    "as a conference site shows it": lambda r, abstract:
        f"{r['title']}\n{' · '.join(_authors(r)) or 'Jane Doe'}\nAbstract:\n{abstract}",
    "alternating": lambda r, abstract: f"{r['title']}\n\n{abstract}",
    "markdown": lambda r, abstract: f"## {r['title']}\n\n{abstract}",
    "labelled": lambda r, abstract:
        f"Title: {r['title']}\nAuthors: {', '.join(_authors(r)) or 'Jane Doe'}\n"
        f"Abstract: {abstract}",
    # (an abstract of two paragraphs: cut at a space, so the halves join as they were)
    "labelled in bold, several paragraphs": lambda r, abstract:
        f"**Title:** {r['title']}\n**Abstract:** "
        f"{abstract[:abstract.index(' ', len(abstract) // 2)]}\n\n"
        f"{abstract[abstract.index(' ', len(abstract) // 2) + 1:]}",
}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("heading", ["NeurIPS 2025 Papers\n\n", "# NeurIPS 2025\n\n", ""])
@pytest.mark.parametrize("width", [0, 72])
def test_a_titled_list_gives_each_paper_its_title_and_abstract(tmp_path, icml2023, layout,
                                                             heading, width):
    papers = icml2023[:25]
    wrapped = [wrap(r["abstract"], width) if width else r["abstract"] for r in papers]
    text = heading + "\n\n".join(LAYOUTS[layout](r, a) for r, a in zip(papers, wrapped,
                                                                           strict=True))
    parsed = read_list(write(tmp_path, text + "\n"))
    # Titles as the site gave them; a bold label's paragraphs joined by a space.
    assert [r.title for r in parsed.records] == [r["title"] for r in papers]
    assert [r.abstract for r in parsed.records] == [" ".join(a.split()) for a in wrapped]
    if "authors" in layout or layout in ("labelled", "as a conference site shows it"):
        assert [r.authors for r in parsed.records] == [_authors(r) or ["Jane Doe"]
                                                       for r in papers]
    if heading:
        assert (parsed.venue, parsed.year) == ("NeurIPS", 2025)
        assert {(r.venue, r.year) for r in parsed.records} == {("NeurIPS", 2025)}
    else:
        assert parsed.title == "list"  # the file's name: no paper's title names the list
    assert parsed.skipped == []


def test_a_labelled_abstract_in_two_paragraphs_is_one_abstract(tmp_path):
    text = ("Title: Sparse Attention\nAbstract: " + ABSTRACTS[0] + "\n\n" + ABSTRACTS[1]
            + "\n\nTitle: Momentum\nYear: 2024\nURL: https://example.org/m\nAbstract: "
            + ABSTRACTS[2] + "\n")
    parsed = read_list(write(tmp_path, text))
    assert [(r.title, r.abstract) for r in parsed.records] == [
        ("Sparse Attention", f"{ABSTRACTS[0]} {ABSTRACTS[1]}"), ("Momentum", ABSTRACTS[2])]
    assert (parsed.records[1].year, parsed.records[1].url) == (2024, "https://example.org/m")


def test_other_labelled_lines_before_the_abstract_are_fields_of_their_own(tmp_path):
    text = ("Title: Sparse Attention\nAuthors: Jane Doe, John Roe\nComments: 10 pages, 3 "
            "figures\nSubjects: Machine Learning (cs.LG)\nDOI: 10.5555/1234.5678\n"
            "Abstract: " + ABSTRACTS[0] + "\nResults: it holds on three benchmarks.\n")
    [record] = read_list(write(tmp_path, text)).records
    assert record.authors == ["Jane Doe", "John Roe"]
    assert (record.extra["comments"], record.extra["subjects"], record.extra["doi"]) == \
        ("10 pages, 3 figures", "Machine Learning (cs.LG)", "10.5555/1234.5678")
    # After the abstract began, a "Word: …" line is more of it (a structured abstract).
    assert record.abstract == f"{ABSTRACTS[0]} Results: it holds on three benchmarks."


def test_an_arxiv_listing_gives_each_paper_its_fields_and_abstract(tmp_path):
    # As arxiv.org/list/…/new shows a day's papers, copied as text: a listing line, the
    # labelled fields, then the abstract as a paragraph of its own.
    text = "New submissions for Mon, 4 Dec 23\n\n" + "\n\n".join(
        f"[{n}] arXiv:2312.0000{n} [pdf, other]\nTitle: {title}\nAuthors: Jane Doe, Li Wei\n"
        f"Comments: {n + 9} pages\nSubjects: Machine Learning (cs.LG)\n\n{abstract}"
        for n, (title, abstract) in enumerate(zip(TITLES, ABSTRACTS, strict=True), 1)) + "\n"
    parsed = read_list(write(tmp_path, text))
    assert [(r.title, r.abstract, r.authors) for r in parsed.records] == \
        [(t, a, ["Jane Doe", "Li Wei"]) for t, a in zip(TITLES, ABSTRACTS, strict=True)]
    assert [r.extra["arxiv_id"] for r in parsed.records] == \
        ["2312.00001", "2312.00002", "2312.00003"]
    assert [r.extra["comments"] for r in parsed.records] == ["10 pages", "11 pages", "12 pages"]
    assert parsed.skipped == []


def test_titles_without_abstracts_are_skipped_and_said(tmp_path):
    alternating = "ICML 2024 Papers\n\n" + "\n\n".join(
        f"{t}\n\n{a}" for t, a in zip(TITLES * 2, ABSTRACTS * 2, strict=True)) + \
        "\n\nA Title Left Alone\n"
    parsed = read_list(write(tmp_path, alternating))
    assert [r.title for r in parsed.records] == TITLES * 2
    assert parsed.skipped == ["line 27: a title with no abstract after it"]
    labelled = "Title: One\nAbstract: " + ABSTRACTS[0] + "\n\nTitle: Two\nAuthors: A B\n"
    parsed = read_list(write(tmp_path, labelled, "labelled.txt"))
    assert [r.title for r in parsed.records] == ["One"]
    assert parsed.skipped == ["line 4: no abstract"]


def test_few_papers_need_titles_that_look_like_titles(tmp_path):
    # Two papers are too few to judge a layout by: Title Case titles are taken ...
    text = "\n\n".join(f"{t}\n{a}" for t, a in zip(TITLES[:2], ABSTRACTS[:2], strict=True))
    assert [r.title for r in read_list(write(tmp_path, text)).records] == TITLES[:2]
    # ... a first line of prose is not a title: the paragraph is one bare abstract.
    prose = "We study sparse attention for long documents and\nProve tight bounds on its error."
    parsed = read_list(write(tmp_path, "ICML 2024 Papers\n\n" + prose, "prose.txt"))
    assert [(r.title, r.abstract) for r in parsed.records] == [(None, prose.replace("\n", " "))]


def test_the_seed_lists_stay_bare():
    for path in SEED_FILES:
        parsed = read_list(path)
        assert len(parsed.records) == 19
        assert {r.title for r in parsed.records} == {None}


def test_bare_abstracts_stay_bare_however_they_are_wrapped(tmp_path, icml2023_path):
    abstracts = list(dict.fromkeys(
        " ".join(r["abstract"].split()) for r in
        json.loads(icml2023_path.read_text(encoding="utf-8")) if r.get("abstract")))
    rng = random.Random(11)
    for count in (1, 2, 3, 5, 8):
        for _ in range(60):
            chosen = rng.sample(abstracts, count)
            width = rng.choice([50, 60, 72, 80, 100])
            heading = rng.choice(["ICML 2023 Papers\n\n", "My reading list\n\n"])
            text = heading + "\n\n".join(wrap(a, width) for a in chosen) + "\n"
            parsed = read_list(write(tmp_path, text))
            assert [(r.title, r.abstract) for r in parsed.records] == \
                [(None, a) for a in chosen], text[:300]


@pytest.mark.parametrize("line, expected", [
    ("Sparse Attention for Long Documents", True),
    ("Is Attention All You Need?", True),
    ("## Learning to Stop", True),
    ("We study sparse attention for long documents and", False),  # runs on
    ("we prove tight bounds on the error of", False),
    ("A sentence that ends here.", False),
    ("Title: Sparse Attention", False),  # a label, not a title line
])
def test_what_a_title_line_is(line, expected):
    assert title_shaped(line) is expected


@pytest.mark.parametrize("line, expected", [
    ("Jane Doe, John Roe", True),
    ("Jane Doe · John Roe · Li Wei", True),
    ("Jane Doe and Juan de la Cruz", True),
    ("J. Doe; R. Roe", True),
    ("We propose a method, and show it works", False),
    ("Graph neural networks (GNNs) have been widely used for", False),
    ("Doe", False),  # one word: a name or anything
])
def test_what_an_authors_line_is(line, expected):
    assert authors_shaped(line) is expected


# -- bare lists set apart otherwise ------------------------------------------------------
@pytest.fixture(scope="module")
def long_abstracts(icml2023) -> list[str]:
    """Eight real abstracts, each longer than any hard-wrapped line."""
    return [r["abstract"] for r in icml2023 if len(r["abstract"]) > 400][:8]


@pytest.mark.parametrize("heading, first_line", [
    ("ICML 2023 Papers\n", 2), ("ICML 2023 Papers\n\n", 3), ("", 1)])
def test_one_abstract_a_line_without_blank_lines_is_an_abstract_a_line(
        tmp_path, long_abstracts, heading, first_line):
    parsed = read_list(write(tmp_path, heading + "\n".join(long_abstracts) + "\n"))
    assert [r.abstract for r in parsed.records] == long_abstracts
    assert [r.line for r in parsed.records] == list(range(first_line, first_line + 8))
    assert [r.title for r in parsed.records] == [None] * 8


def test_a_long_line_break_inside_one_abstract_of_a_blank_line_list_is_kept(
        tmp_path, long_abstracts):
    # Blank lines set these abstracts apart: the one in two long lines is one abstract.
    two_lines = f"{long_abstracts[0]}\n{long_abstracts[1]}"
    text = "ICML 2023 Papers\n\n" + "\n\n".join([two_lines, *long_abstracts[2:]]) + "\n"
    parsed = read_list(write(tmp_path, text))
    assert [r.abstract for r in parsed.records] == \
        [f"{long_abstracts[0]} {long_abstracts[1]}", *long_abstracts[2:]]


@pytest.mark.parametrize("marker", [
    lambda n: f"{n}. ", lambda n: f"{n}) ", lambda n: f"[{n}] ", lambda n: "- ",
    lambda n: "* ", lambda n: "• "])
@pytest.mark.parametrize("separator", ["\n\n", "\n"])
def test_numbers_and_bullets_before_every_abstract_are_dropped(tmp_path, long_abstracts,
                                                               marker, separator):
    text = "ICML 2023 Papers\n\n" + separator.join(
        marker(n) + a for n, a in enumerate(long_abstracts, 1)) + "\n"
    assert [r.abstract for r in read_list(write(tmp_path, text)).records] == long_abstracts


def test_an_abstract_that_opens_with_a_number_of_its_own_keeps_it(tmp_path):
    abstracts = [*ABSTRACTS, "2) Two results: first we prove the bound, then we test it."]
    parsed = read_list(write(tmp_path, "ICML 2024 Papers\n\n" + "\n\n".join(abstracts)))
    assert [r.abstract for r in parsed.records] == abstracts


@pytest.mark.parametrize("rule", ["---", "***", "* * *", "_____", "=========="])
def test_rule_lines_set_abstracts_apart(tmp_path, rule):
    text = "ICML 2024 Papers\n" + f"\n{rule}\n".join(ABSTRACTS) + "\n"
    assert [r.abstract for r in read_list(write(tmp_path, text)).records] == ABSTRACTS
