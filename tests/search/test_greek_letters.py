"""Greek letters are searched by their names: the α of a rendered `$\\alpha$` is the word
`alpha`, in documents and queries alike (analysis.GREEK_MAP)."""

from __future__ import annotations

import json

import pytest

from index import Library
from index.search import analysis

PAPERS = [
    {"title": "Mixtures under divergences", "authors": ["Ada Lovelace"], "year": 2024,
     "abstract": "We study the $\\alpha$-divergence between Gaussian mixtures and show its "
                 "gradient has a closed form under mild assumptions on the components."},
    {"title": "Sparse attention maps", "authors": ["Alan Turing"], "year": 2024,
     "abstract": "The alpha-entmax mapping gives sparse attention; we tune its alpha and "
                 "show gains on translation benchmarks over the softmax baseline."},
    {"title": "Learning rates", "authors": ["Grace Hopper"], "year": 2024,
     "abstract": "A schedule for the step size $\\eta$ of SGD with a warm restart, "
                 "and the µ-parametrisation of widths, compared on image benchmarks."},
]
DIVERGENCE, ENTMAX, RATES = (p["title"] for p in PAPERS)


@pytest.fixture(scope="module")
def greek_library(tmp_path_factory):
    home = tmp_path_factory.mktemp("greek-home")
    path = home / "greek.json"
    path.write_text(json.dumps(PAPERS, ensure_ascii=False), encoding="utf-8")
    library = Library(home, seed=False)
    library.add(path)
    yield library
    library.close()


def titles(library: Library, query: str) -> set[str]:
    return {c.title for c in library.search(query, complete_last=False).cards()}


@pytest.mark.parametrize("query, expected", [
    ("alpha-divergence", {DIVERGENCE}),  # the abstract says $\alpha$-divergence
    ("α-divergence", {DIVERGENCE}),
    ('"alpha divergence"', {DIVERGENCE}),
    ("α", {DIVERGENCE, ENTMAX}),  # ... and "alpha" is α
    ("alpha", {DIVERGENCE, ENTMAX}),
    ("Α", {DIVERGENCE, ENTMAX}),  # the capital letter
    ("eta", {RATES}),
    ("η", {RATES}),
    ("mu", {RATES}),  # the micro sign (U+00B5) of µ-parametrisation
    ("μ", {RATES}),  # the Greek letter (U+03BC)
])
def test_greek_letters_and_their_names_find_each_other(greek_library, query, expected):
    assert titles(greek_library, query) == expected


def test_the_letter_itself_is_marked_where_its_name_is_searched(greek_library):
    results = greek_library.search("alpha-divergence", complete_last=False)
    [card] = results.cards()
    paper = greek_library.paper(card.id)
    assert "α-divergence" in paper.abstract
    marked = [text for text, hit in results.terms.segments(paper.abstract) if hit]
    assert "α" in marked and "divergence" in marked


def test_every_letter_has_its_name():
    assert analysis.words("αβγδεζηθικλμνξοπρστυφχψω") == [
        "alphabetagammadeltaepsilonzetaetathetaiotakappalambdamunuxiomicronpirhosigma"
        "tauupsilonphichipsiomega"]
    assert analysis.words("ς ϵ ϑ ϕ ϖ ϱ ϰ µ") == [
        "sigma", "epsilon", "theta", "phi", "pi", "rho", "kappa", "mu"]
