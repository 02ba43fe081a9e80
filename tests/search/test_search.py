"""The query language, search-as-you-type, sorting, suggestions, more-like-this, snippets.

Expected result sets are worked out from the seed files' own text with regular expressions
(written here by hand, one per word form the stemmer joins), never from the index.
Read-only searches use the session-wide `seeded_library`; anything that writes uses `library`.
"""

from __future__ import annotations

import json
import re
import time
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from index import Library, Results
from index.search import analysis

from ..factories import write_json_list
from ..locations import SEED_FILES, seed_abstracts

POLICY = r"\bpolic(?:y|ies)\b"
REWARD = r"\breward(?:s|ed|ing)?\b"
ENSEMBLE = r"\bensembles?\b"
REINFORC = r"\breinforc\w*"
# Every word the stemmer turns into "optim".
OPTIM_WORD = r"optim(?:al|ally|ality|um|ism|i[sz](?:ation|ations|e|ed|es|ing|er|ers))?"
OPTIM = rf"\b{OPTIM_WORD}\b"


def key(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split()).casefold()


def _seed_abstracts() -> dict[str, str]:
    """key -> raw paragraph, for the 33 unique abstracts of the two seed files."""
    found: dict[str, str] = {}
    for path in SEED_FILES:
        for block in seed_abstracts(path):
            found.setdefault(key(block), block)
    return found


SEEDS = _seed_abstracts()


def seeds_where(*patterns: str, without: tuple[str, ...] = ()) -> set[str]:
    """Keys of the seed abstracts matching every pattern and none of `without`."""
    return {k for k, text in SEEDS.items()
            if all(re.search(p, text, re.I) for p in patterns)
            and not any(re.search(p, text, re.I) for p in without)}


def found(library: Library, results: Results) -> set[str]:
    return {key(library.paper(pid).abstract_source) for pid in results.ids()}


def words(library: Library, query: str) -> set[str]:
    """Whole-word search (nothing treated as still being typed)."""
    return found(library, library.search(query, complete_last=False))


def seed_id(library: Library, pattern: str) -> str:
    (text,) = seeds_where(pattern)
    (paper,) = [p for p in library.store.papers() if key(p.abstract_source) == text]
    return paper.id


def test_regexes_pick_real_subsets():
    # Guard the expectations below: each pattern picks some seeds and not all of them.
    for pattern in (POLICY, REWARD, ENSEMBLE, REINFORC):
        assert 0 < len(seeds_where(pattern)) < 33


# -- words, phrases, operators -----------------------------------------------------------

def test_plain_words_must_all_match(seeded_library):
    assert words(seeded_library, "policy") == seeds_where(POLICY)
    both = seeds_where(POLICY, REWARD)
    assert 0 < len(both) < len(seeds_where(POLICY))
    assert words(seeded_library, "policy reward") == both
    assert words(seeded_library, "Policy REWARDS") == both
    assert words(seeded_library, "policy AND reward") == both


def test_phrase_matches_words_in_order(seeded_library):
    # The stemmer makes optimal/optimization/optimize one word ("optim").
    phrase = seeds_where(POLICY + r"\W+" + OPTIM)
    loose = seeds_where(POLICY, OPTIM)
    assert phrase and len(phrase) < len(loose)
    assert words(seeded_library, '"policy optimization"') == phrase
    reverse = seeds_where(OPTIM + r"\W+" + POLICY)
    assert reverse and reverse != phrase
    assert words(seeded_library, '"optimization policy"') == reverse


def test_or(seeded_library):
    expected = seeds_where(POLICY) | seeds_where(ENSEMBLE)
    assert len(expected) > len(seeds_where(POLICY))
    assert words(seeded_library, "policy OR ensemble") == expected


@pytest.mark.parametrize("query", ["policy NOT reward", "policy -reward",
                                   "-reward policy", "NOT reward AND policy"])
def test_not_and_minus_exclude_words(seeded_library, query):
    expected = seeds_where(POLICY, without=(REWARD,))
    assert 0 < len(expected) < len(seeds_where(POLICY))
    assert words(seeded_library, query) == expected


@pytest.mark.parametrize("query", ["policy NOT reward", "policy -reward"])
def test_not_and_minus_on_the_word_being_typed(seeded_library, query):
    expected = seeds_where(POLICY, without=(REWARD,))
    assert found(seeded_library, seeded_library.search(query)) == expected


def test_prefix_star(seeded_library):
    expected = seeds_where(r"\boptim\w*")
    assert expected
    assert words(seeded_library, "optim*") == expected


def test_fuzzy_tilde(seeded_library):
    assert words(seeded_library, "reinforcment~") == seeds_where(REINFORC)
    assert words(seeded_library, "ratchat~") == seeds_where(r"\bratchet\b")
    assert words(seeded_library, "ratchat") == set()


def test_fuzzy_tilde_finds_a_misspelt_stemmed_word(seeded_library):
    expected = seeds_where(r"\boptimization\b")
    assert words(seeded_library, "optimizaton~") >= expected


def test_parentheses_group(seeded_library):
    expected = seeds_where(REWARD) & (seeds_where(POLICY) | seeds_where(ENSEMBLE))
    assert words(seeded_library, "reward (policy OR ensemble)") == expected


# -- fields --------------------------------------------------------------------------------

FIELD_PAPERS = [
    {"title": "Sparse Attention for Long Documents", "authors": ["Ada Lovelace", "Alan Turing"],
     "venue": "NeurIPS", "year": 2024,
     "abstract": "We prove that gradient descent trains sparse transformers on long inputs."},
    {"title": "Gradient Descent Revisited", "authors": ["Grace Hopper"], "venue": "ICLR",
     "year": 2025,
     "abstract": "Momentum methods converge faster on smooth convex problems, as we show."},
    {"title": "Robots That Fold Cloth", "authors": ["Alan Kay", "Barbara Liskov"],
     "venue": "ICML", "year": 2026,
     "abstract": "A benchmark of manipulation tasks with soft grippers, judged by Turing winners."},
    {"title": "Poincaré Embeddings of Turing Machines", "authors": ["Edsger Dijkstra"],
     "venue": "ICML", "year": 2023,
     "abstract": "Hyperbolic geometry gives compact codes for program traces and halting."},
]


@pytest.fixture(scope="module")
def fields_library(tmp_path_factory):
    """Four titled papers (no seeds) whose fields are known exactly. Read-only."""
    home = tmp_path_factory.mktemp("fields-home")
    lib = Library(home, seed=False)
    lib.add(write_json_list(home, "fields.json", FIELD_PAPERS))
    yield lib
    lib.close()


def titles(library: Library, query: str, **kwargs) -> set[str]:
    return {c.title for c in library.search(query, complete_last=False, **kwargs).cards()}


T1, T2, T3, T4 = (p["title"] for p in FIELD_PAPERS)


@pytest.mark.parametrize("query, expected", [
    ("gradient", {T1, T2}),
    ("title:gradient", {T2}),
    ("abstract:gradient", {T1}),
    ("text:gradient", {T1}),
    ("turing", {T1, T3, T4}),
    ("author:turing", {T1}),
    ("authors:turing", {T1}),
    ("by:turing", {T1}),
    ("title:turing", {T4}),
    ("abstract:turing", {T3}),
    ("author:alan", {T1, T3}),
    ('author:"alan kay"', {T3}),
    ("venue:icml", {T3, T4}),
    ("venue:NeurIPS", {T1}),
    ("year:2024", {T1}),
    ("year:[2024 TO 2025]", {T1, T2}),
    ("year:[2025 TO 2026]", {T2, T3}),
    ("year:[2027 TO 2030]", set()),
    ("venue:icml year:2026", {T3}),
    ("venue:icml -title:turing", {T3}),
    ("title:(gradient OR cloth)", {T2, T3}),
])
def test_field_queries(fields_library, query, expected):
    assert titles(fields_library, query) == expected


def test_name_field_holds_the_method_name(seeded_library):
    owpo = seeds_where(r"\(OWPO\)")
    trifuse = seeds_where(r"\bTrifuse\b")
    assert len(owpo) == len(trifuse) == 1
    assert words(seeded_library, "name:owpo") == owpo
    assert words(seeded_library, "name:Trifuse") == trifuse
    assert words(seeded_library, "name:policy") == set()
    assert words(seeded_library, "abstract:policy") == seeds_where(POLICY)


# -- analysis: stemming, accents, rendered text ------------------------------------------

def test_stemming_optimize_finds_optimization(seeded_library):
    only_optimization = seeds_where(r"\boptimization\b", without=(r"\boptimize\b",))
    assert only_optimization
    assert only_optimization <= words(seeded_library, "optimize")
    assert words(seeded_library, "optimize") == words(seeded_library, "optimization")


def test_a_doubled_final_consonant_is_undone_as_porters_step_1b_says():
    # Porter (1980), step 1b: "hopping" -> hop, "tanned" -> tan, but "falling" -> fall,
    # "hissing" -> hiss, "fizzed" -> fizz (l, s and z stay doubled). Whoosh's own Porter
    # kept "hopp" and "tann".
    assert [analysis.stem(w) for w in ("hopping", "tanned", "falling", "hissing", "fizzed")] \
        == ["hop", "tan", "fall", "hiss", "fizz"]


def test_searching_a_word_finds_its_forms_with_a_doubled_consonant(tmp_path):
    papers = [
        {"title": "Routes", "authors": ["A. Author"], "year": 2024,
         "abstract": "We plan routes for a fleet of delivery robots in a large warehouse."},
        {"title": "Planners", "authors": ["B. Author"], "year": 2024,
         "abstract": "Planning with learned world models helps agents reach distant goals."},
        {"title": "Resampling", "authors": ["C. Author"], "year": 2024,
         "abstract": "Bootstrapping the value estimates reduces the variance of the target."},
        {"title": "Intervals", "authors": ["D. Author"], "year": 2024,
         "abstract": "A bootstrap gives confidence intervals for the accuracy of a classifier."},
    ]
    library = Library(tmp_path / "home", seed=False)
    try:
        library.add(write_json_list(tmp_path, "forms.json", papers))
        for query, expected in (("plan", {"Routes", "Planners"}),
                                ("planning", {"Routes", "Planners"}),
                                ("bootstrap", {"Resampling", "Intervals"}),
                                ("bootstrapping", {"Resampling", "Intervals"})):
            results = library.search(query, complete_last=False)
            assert {c.title for c in results.cards()} == expected, query
    finally:
        library.close()


def test_accent_folding_in_the_seeds(seeded_library):
    # The seed says Euler--Poincar\'e: LaTeX rendered, then accents folded.
    expected = seeds_where(r"Poincar\\'e")
    assert len(expected) == 1
    assert words(seeded_library, "poincare") == expected
    assert words(seeded_library, "Poincaré") == expected
    assert words(seeded_library, "POINCARÉ") == expected


@pytest.mark.slow  # the first one to run builds icml2023_library (~8 s)
def test_accent_folding_in_icml2023(icml2023_library, icml2023_path):
    records = json.loads(icml2023_path.read_text(encoding="utf-8"))
    with_accent = {r["title"] for r in records if "Poincaré" in r["title"] + r["abstract"]}
    without = {r["title"] for r in records if "poincare" in (r["title"] + r["abstract"]).lower()}
    assert with_accent and not without
    for query in ("poincare", "Poincaré", "POINCARE"):
        results = icml2023_library.search(query, complete_last=False)
        assert {c.title for c in results.cards()} == with_accent


def test_rendered_latex_is_searchable(seeded_library):
    crasp = seeds_where(r"\$\\mathsf\{C\}\$-\$\\mathsf\{RASP\}\$")
    assert len(crasp) == 1 and not seeds_where(r"C-RASP")
    assert found(seeded_library, seeded_library.search("C-RASP")) == crasp
    eta = seeds_where(r"\\eta\b")
    assert len(eta) == 1 and not seeds_where("η")
    assert words(seeded_library, "η") == eta


@pytest.mark.parametrize("query, complete_last, pattern", [
    ("C-RASP", False, r"\$\\mathsf\{C\}\$-\$\\mathsf\{RASP\}\$"),
    ("one-way policy", False, r"One-Way Policy"),
    ("one-way policy", True, r"One-Way Policy"),
])
def test_hyphenated_words_are_found(seeded_library, query, complete_last, pattern):
    expected = seeds_where(pattern)
    assert len(expected) == 1
    results = seeded_library.search(query, complete_last=complete_last)
    assert expected <= found(seeded_library, results)


# -- search as you type ------------------------------------------------------------------

def test_last_word_is_a_prefix_while_typing(seeded_library):
    typing = found(seeded_library, seeded_library.search("reinforcement lea"))
    expected = seeds_where(REINFORC, r"\blea\w*")
    assert expected and typing == expected
    assert all(re.search(r"\blearn", SEEDS[k], re.I) for k in typing)
    # Whole words only: nothing says "lea", so no paper has both words and those with
    # one of them follow, flagged.
    assert seeds_where(r"\blea\b") == set()
    whole = seeded_library.search("reinforcement lea", complete_last=False)
    assert found(seeded_library, whole) == seeds_where(REINFORC)
    assert whole.relaxed == f"no paper has both words; {len(seeds_where(REINFORC))} have " \
        "one of them"


def test_trailing_space_makes_the_last_word_whole(seeded_library):
    whole = seeded_library.search("reinforcement lea ")
    assert whole.relaxed is not None and not any(
        whole.has_all_words(i) for i in range(len(whole)))  # no paper says "lea"
    assert found(seeded_library, seeded_library.search("reinforcement learning ")) == \
        seeds_where(REINFORC, r"\blearn(?:ing|s|ed)?\b")


def test_longer_prefix_while_typing(seeded_library):
    # "optimiz" completes to optimization, optimize...; stemmed, those are "optim", which
    # "optimal" shares: the same papers as typing the whole word.
    expected = seeds_where(POLICY, OPTIM)
    assert expected and expected != seeds_where(POLICY, r"\boptimiz")
    assert found(seeded_library, seeded_library.search("policy optimiz")) == expected
    assert words(seeded_library, "policy optimization") == expected


def test_one_letter_returns_results(seeded_library):
    results = seeded_library.search("r")
    assert len(results) > 0
    assert found(seeded_library, results) == seeds_where(r"(?<![\\\w])r\w*")


# -- ordering ------------------------------------------------------------------------------

def test_empty_query_lists_every_paper_by_title(seeded_library):
    for query in ("", "   "):
        results = seeded_library.search(query, sort="title")
        assert results.total == len(results) == 33
        shown = [c.title for c in results.cards()]
        assert shown == sorted(shown, key=str.casefold)
        assert found(seeded_library, results) == set(SEEDS)


@pytest.mark.parametrize("query", ["", "*", "(("])
def test_scores_are_numbers_when_every_paper_matches(seeded_library, query):
    results = seeded_library.search(query)
    assert len(results) == 33
    assert all(isinstance(score, float) for score in results.scores)


def test_relevance_sort_orders_by_score(seeded_library):
    results = seeded_library.search("policy reward", complete_last=False)
    assert len(results.scores) == len(results) > 1
    assert results.scores == sorted(results.scores, reverse=True)


def test_title_sort_orders_by_title(seeded_library):
    results = seeded_library.search("policy", sort="title", complete_last=False)
    shown = [c.title for c in results.cards()]
    assert len(shown) > 1 and shown == sorted(shown, key=str.casefold)
    assert found(seeded_library, results) == seeds_where(POLICY)


def test_venue_sort_orders_by_venue_then_year(fields_library):
    shown = [(c.venue, c.year) for c in fields_library.search("", sort="venue").cards()]
    assert shown == [("ICLR", 2025), ("ICML", 2023), ("ICML", 2026), ("NeurIPS", 2024)]
    shown = [c.title for c in fields_library.search("turing", sort="venue").cards()]
    assert shown == [T4, T3, T1]


def test_title_match_outranks_abstract_match(fields_library):
    # T2 has "gradient" in its title, T1 only in its abstract: titles are boosted.
    ranked = [c.title for c in fields_library.search("gradient", complete_last=False).cards()]
    assert ranked == [T2, T1]


# -- never raises --------------------------------------------------------------------------

def check_results(results: Results) -> None:
    assert isinstance(results, Results)
    assert results.error is None or isinstance(results.error, str)
    assert 0 <= len(results) <= results.total
    assert len(results.cards()) == len(results)


ODD_QUERIES = [
    "((", ")", "field:", "title:", "*", "~~", "~", "^", "^^2", "[", "]", '"', '"""',
    "NOT", "AND", "OR", "AND OR NOT", "year:abc", "year:[x TO", "year:[2024 TO",
    "year:[TO]", "title:(", "!!!", "?!.,;:", "-", "--x", "+", "\\", "\x00", "\u200b",
    "中文", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "tag:", "tag:*", "*:*", "a:b:c", "policy " * 1500, "(" * 5000,
    '"' * 5000, "x:" * 3000,
]


@pytest.mark.parametrize("query", ODD_QUERIES, ids=[repr(q[:12]) for q in ODD_QUERIES])
@pytest.mark.parametrize("complete_last", [True, False])
def test_odd_queries_give_results_or_a_status(seeded_library, query, complete_last):
    check_results(seeded_library.search(query, complete_last=complete_last))


@pytest.mark.slow
def test_a_10000_character_query_gives_results_or_a_status(seeded_library):
    check_results(seeded_library.search("a" * 10_000, complete_last=False))


def test_a_long_unknown_word_is_answered_quickly(seeded_library):
    start = time.perf_counter()
    seeded_library.search("a" * 3_000, complete_last=False)
    assert time.perf_counter() - start < 0.3


def test_punctuation_only_lists_everything_with_a_status(seeded_library):
    results = seeded_library.search("!!!", complete_last=False)
    assert results.total == 33
    assert results.error


QUERY_PIECES = st.sampled_from(list('"():*~[]^-+{}\\/ \t.,;!?') + [
    "AND", "OR", "NOT", "TO", "title:", "year:", "tag:", "author:", "year:[", " TO ",
    "policy", "η", "é", "2024"])
QUERY_TEXT = st.lists(st.one_of(QUERY_PIECES, st.text(max_size=3)), max_size=12).map("".join)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(query=QUERY_TEXT, complete_last=st.booleans(),
       sort=st.sampled_from(["relevance", "title", "venue"]))
def test_no_query_string_ever_raises(seeded_library, query, complete_last, sort):
    results = seeded_library.search(query, complete_last=complete_last, sort=sort)
    check_results(results)
    text = "Policy optimization with η and Poincaré."
    assert "".join(part for part, _ in results.terms.segments(text)) == text


# -- did you mean ------------------------------------------------------------------------

def test_did_you_mean_for_a_misspelling_with_no_results(seeded_library):
    for complete_last in (False, True):
        results = seeded_library.search("reinforcment lerning", complete_last=complete_last)
        # No paper has both: those with one follow ("reinforcment" stems as
        # "reinforcement" does), and the respelling is offered all the same.
        assert results.relaxed is not None
        assert found(seeded_library, results) == seeds_where(REINFORC)
        assert results.suggestion == "reinforcement learning"
    assert len(seeded_library.search("zzqqxx", complete_last=False)) == 0
    fixed = seeded_library.search("reinforcement learning", complete_last=False)
    assert len(fixed) > 0
    assert fixed.suggestion is None


def test_did_you_mean_leaves_the_word_being_typed_alone(seeded_library):
    """"trust reg" is on its way to "region": no respelling it as a finished word."""
    typing = seeded_library.search("trust reg")
    assert 0 < typing.total < 3 and typing.suggestion is None
    assert seeded_library.search("trust reg", complete_last=False).suggestion is not None
    assert seeded_library.search("trsut reg").suggestion == "trust reg"


@pytest.mark.parametrize("query, expected", [
    ("policy of the verifer", "policy of the verifier"),
    ("Poincaré", None),
    ("year:[2027 TO 2030]", None),
])
def test_did_you_mean_leaves_correct_words_alone(seeded_library, query, expected):
    assert seeded_library.search(query, complete_last=False).suggestion == expected


# -- more like this ------------------------------------------------------------------------

def test_similar_returns_other_papers_sharing_topic_words(seeded_library):
    pid = seed_id(seeded_library, r"\(OWPO\)")
    results = seeded_library.similar(pid)
    ids = results.ids()
    assert 0 < len(ids) <= 10
    assert pid not in ids
    assert len(set(ids)) == len(ids)
    source = set(re.findall(r"[a-z]{6,}", SEEDS[seed_key(seeded_library, pid)].lower()))
    for other in ids:
        shared = source & set(re.findall(r"[a-z]{6,}",
                                         seeded_library.paper(other).abstract_source.lower()))
        assert shared
    assert len(seeded_library.similar(pid, limit=3).ids()) == 3


def seed_key(library: Library, pid: str) -> str:
    return key(library.paper(pid).abstract_source)


@pytest.mark.slow  # the first one to run builds icml2023_library (~8 s)
def test_similar_finds_the_same_topic_in_icml2023(icml2023_library, icml2023_path):
    records = json.loads(icml2023_path.read_text(encoding="utf-8"))
    hyperbolic = sum("hyperbolic" in (r["title"] + r["abstract"]).lower() for r in records)
    assert hyperbolic < 20  # a rare topic: a handful of 2,020 records
    (card,) = icml2023_library.search("poincare", complete_last=False).cards()
    similar = icml2023_library.similar(card.id, limit=5)
    assert card.id not in similar.ids()
    on_topic = [pid for pid in similar.ids()
                if "hyperbolic" in icml2023_library.paper(pid).abstract_source.lower()]
    assert len(on_topic) >= 3


# -- snippets and segments -----------------------------------------------------------------

def test_snippet_marks_the_query_words(seeded_library):
    results = seeded_library.search("policy optimization", complete_last=False)
    assert len(results) > 1
    for pid in results.ids():
        text = seeded_library.paper(pid).abstract
        segments = results.terms.snippet(text)
        joined = "".join(part for part, _ in segments)
        assert joined.strip("…") in text
        marked = [part for part, hit in segments if hit]
        assert marked
        for part in marked:
            assert re.fullmatch(rf"polic(?:y|ies)|{OPTIM_WORD}", part, re.I), part


def test_snippet_marks_prefixes_and_folded_accents(seeded_library):
    results = seeded_library.search("reinforcement lea")
    text = seeded_library.paper(results.ids()[0]).abstract
    marked = {part.lower() for part, hit in results.terms.snippet(text) if hit}
    assert marked and all(re.fullmatch(r"reinforc\w*|lea\w*", m) for m in marked)

    results = seeded_library.search("poincare", complete_last=False)
    text = seeded_library.paper(results.ids()[0]).abstract
    marked = [part for part, hit in results.terms.snippet(text) if hit]
    assert marked and set(marked) == {"Poincaré"}


def test_segments_join_back_to_the_text_and_mark_every_match(seeded_library):
    results = seeded_library.search("policy", complete_last=False)
    for pid in results.ids():
        text = seeded_library.paper(pid).abstract
        segments = results.terms.segments(text)
        assert "".join(part for part, _ in segments) == text
        marked = [part for part, hit in segments if hit]
        assert len(marked) == len(re.findall(POLICY, text, re.I))
        assert all(re.fullmatch(POLICY.replace(r"\b", ""), m, re.I) for m in marked)


def test_segments_without_matches(seeded_library):
    terms = seeded_library.search("zzqx", complete_last=False).terms
    assert terms.segments("Nothing here matches.") == [("Nothing here matches.", False)]
    assert terms.segments("") == []


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.lists(st.one_of(st.sampled_from(
    ["policy", "Policies", "optimization", " ", "-", "é", "\n", "Poincaré", "η"]),
    st.text(max_size=5)), max_size=40).map("".join))
def test_segments_always_join_back(seeded_library, text):
    terms = seeded_library.search("policy optimization poincare", complete_last=False).terms
    assert "".join(part for part, _ in terms.segments(text)) == text
    snippet = "".join(part for part, _ in terms.snippet(text))
    assert snippet.strip("…") in text


@pytest.mark.parametrize("query", ["x", "length g", "ab", "q z", "zzqx", "ée"])
def test_did_you_mean_never_raises_for_short_or_unknown_words(seeded_library, query):
    results = seeded_library.search(query)
    suggestion = results.suggestion  # worked out lazily, after the results show
    assert suggestion is None or isinstance(suggestion, str)


_WORDS = st.sampled_from(["graph", "Neural", "the", "of", "a", "x", "2023", "RL", "models",
                          "running", "optimization", "AND", "OR", "NOT", "zzqslotzzq",
                          "poincare", "I", "iid", "Transformers"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, min_size=1, max_size=6))
def test_plain_words_build_the_parsers_query(words):
    """Plain words skip Whoosh's parser; the query built must be the parser's own, and
    the words to highlight those read from the query text."""
    from index.search.highlight import HighlightTerms
    from index.search.query import _SLOT, QueryBuilder
    from index.search.schema import make_schema

    builder = QueryBuilder(make_schema(), lambda: None)
    text = " ".join(words)
    direct = builder._plain_words(text)
    if any(w in ("AND", "OR", "NOT") for w in words):
        assert direct is None  # operators go through the parser
    else:
        query, terms = direct
        assert query == builder.parse(text)
        assert terms == HighlightTerms.from_query(text.replace(_SLOT, ""))


def test_the_prefix_table_counts_words_as_whooshs_reader_does(copied_library):
    """The prefix table reads its words' counts with the words, from each segment's term
    table, summed over segments: the same words, in the same order, with the same
    counts (marks of a word's first letters included) as Whoosh's merged lexicon and
    doc_frequency, where an edit has left a deleted document and several segments."""
    from index.search.prefixes import PrefixTable
    from index.search.search_index import _prefix_table

    library = copied_library
    edited = library.index.ids_of(library.search("policy"))[0]
    library.edit(edited, title="Politique générale: un titre édité")
    library.search("policy")
    reader = library.index._searcher.reader()
    assert reader.has_deletions() and len(reader.leaf_readers()) > 1
    read = _prefix_table(library.index._searcher)
    walked = PrefixTable.from_reader(reader, "words")
    assert read.terms == walked.terms and "politique" in read.terms
    marks = [m.decode() if isinstance(m, bytes) else m for m in reader.lexicon("words")]
    assert len(marks) > len(read.terms)  # the first-letter marks are counted too
    for word in marks + ["zzqnotaword"]:
        assert read.frequency(word) == reader.doc_frequency("words", word), word
    for prefix in sorted({w[:3] for w in read.terms}):
        assert read.expand(prefix) == walked.expand(prefix), prefix


def test_prefixes_expand_alike_from_the_lexicon_before_the_table_is_built(library):
    """A keystroke right at launch expands the word being typed from the lexicon while
    the prefix table is still being built: to the same words, so to the same results."""
    from index.search.prefixes import LexiconPrefixes

    index = library.index
    before = {q: library.search(q).ids() for q in ("pol", "rei", "lan", "grad", "zzq")}
    lexicon = LexiconPrefixes(index._searcher.reader(), "words")
    table = index.prefixes()
    every = sorted({w[:3] for w in table.terms if len(w) >= 3})
    assert every  # the seeds have hundreds of three-letter prefixes
    for prefix in every:
        assert lexicon.expand(prefix) == table.expand(prefix), prefix
    for limit in (1, 3):
        for prefix in every[:50]:
            assert lexicon.expand(prefix, limit) == table.expand(prefix, limit), prefix
    assert {q: library.search(q).ids() for q in before} == before


def test_what_is_read_once_per_searcher_is_never_taken_for_another():
    """The id table, facets, sort orders and notes' postings are kept per searcher by a
    serial number, not by id(): CPython gives a freed object's address to the next one,
    and an emptied index's id table was once taken for the next commit's searcher (an
    IndexError after the bundled lists were removed and a list added)."""
    from index.search.search_index import _serial

    class Searcher:  # what the serial is kept on: any searcher object
        pass

    first = Searcher()
    serials, addresses = {_serial(first)}, {id(first)}
    reused = False
    for _ in range(20):
        del first
        first = Searcher()
        reused = reused or id(first) in addresses
        assert _serial(first) not in serials
        assert _serial(first) == _serial(first)  # the same searcher, the same key
        serials.add(_serial(first))
        addresses.add(id(first))
    assert reused  # (the case that matters happened: an address given again)
