"""Letters in other forms are searched as the words they stand for, in documents and
queries alike (analysis.FOLD_MAP): Greek letters by their names (the α of a rendered
`$\\alpha$` is `alpha`), compatibility forms as NFKC reads them (ℓ₁ is `l1`, 𝛼 is α), small capitals as their
letters (ᴀ is `a`)."""

from __future__ import annotations

import pytest

from index import Library
from index.search import analysis

from ..factories import write_json_list

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
    {"title": "Sparse recovery", "authors": ["Edsger Dijkstra"], "year": 2024,
     "abstract": "We show that $\\ell_1$-regularised regression recovers sparse signals, "
                 "and that an $L^2$ penalty alone does not, with rates in $n^2$ samples."},
    {"title": "Pasted from a PDF", "authors": ["Barbara Liskov"], "year": 2024,
     "abstract": "Text copied from a PDF keeps its mathematical letters: the step 𝛽 and the "
                 "vector 𝒙 are tuned by a ﬁxed schedule on every benchmark we tried."},
    # As the ACL Anthology's EMNLP 2021 and ICML 2021's list set system names.
    {"title": "Faceted summaries", "authors": ["Frances Allen"], "year": 2021,
     "abstract": "We introduce iFᴀᴄᴇᴛSᴜᴍ, a web application for exploring topical document "
                 "collections, and compare it with summaries of clients trained by FᴇᴅAᴠɢ."},
]
DIVERGENCE, ENTMAX, RATES, RECOVERY, PASTED, SMALL_CAPITALS = (p["title"] for p in PAPERS)


@pytest.fixture(scope="module")
def forms_library(tmp_path_factory):
    home = tmp_path_factory.mktemp("letter-forms-home")
    library = Library(home, seed=False)
    library.add(write_json_list(home, "forms.json", PAPERS))
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
    ("beta", {PASTED}),  # a mathematical italic 𝛽
    # (one word a query: with more, a paper having most of them would follow anyway)
    ("l1", {RECOVERY}),  # ℓ₁-regularised
    ("ℓ1", {RECOVERY}),
    ("L2", {RECOVERY}),  # L²
    ("fixed", {PASTED}),  # the ﬁ ligature
    ("x", {PASTED}),  # 𝒙
    ("ifacetsum", {SMALL_CAPITALS}),  # iFᴀᴄᴇᴛSᴜᴍ
    ("iFacetSum", {SMALL_CAPITALS}),
    ("fedavg", {SMALL_CAPITALS}),  # FᴇᴅAᴠɢ
    ("FᴇᴅAᴠɢ", {SMALL_CAPITALS}),
])
def test_letters_and_their_other_forms_find_each_other(forms_library, query, expected):
    assert titles(forms_library, query) == expected


def test_the_letter_itself_is_marked_where_its_name_is_searched(forms_library):
    results = forms_library.search("alpha-divergence", complete_last=False)
    [card] = results.cards()
    paper = forms_library.paper(card.id)
    assert "α-divergence" in paper.abstract
    marked = [text for text, hit in results.terms.segments(paper.abstract) if hit]
    assert "α" in marked and "divergence" in marked


def test_compatibility_forms_fold_to_their_letters_and_digits():
    assert analysis.words("ℓ₁-norm L² ηₜ ﬁnance 𝐀BC 𝛼") == [
        "l1", "norm", "l2", "etat", "finance", "abc", "alpha"]


def test_small_capitals_fold_to_their_letters():
    assert analysis.words("iFᴀᴄᴇᴛSᴜᴍ FᴇᴅAᴠɢ ɢʀᴀᴘʜ ꜱᴛᴀᴛꜱ") == [
        "ifacetsum", "fedavg", "graph", "stats"]
    # A turned or barred small capital is a phonetic symbol, not a letter set small.
    assert analysis.words("ᴚx ᴃx") == ["ᴚx", "ᴃx"]


def test_every_letter_has_its_name():
    assert analysis.words("αβγδεζηθικλμνξοπρστυφχψω") == [
        "alphabetagammadeltaepsilonzetaetathetaiotakappalambdamunuxiomicronpirhosigma"
        "tauupsilonphichipsiomega"]
    assert analysis.words("ς ϵ ϑ ϕ ϖ ϱ ϰ µ") == [
        "sigma", "epsilon", "theta", "phi", "pi", "rho", "kappa", "mu"]
