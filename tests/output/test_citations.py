"""Citations: BibTeX that parses back everywhere, readable keys, APA through CSL, plain text."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import bibtexparser
import pybtex.database
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

from index.models import Paper
from index.output.citations import CITATION_FORMATS as FORMATS
from index.output.citations import cite
from index.output.publication import booktitle, ordinal

from ..locations import SEED_FILES, seed_abstracts

ICML23 = "Proceedings of the 40th International Conference on Machine Learning"
ICML26 = "Proceedings of the 43rd International Conference on Machine Learning"


def paper(title: str, *, authors=(), derived=False, name=None, venue="ICML", year=2026,
          url=None, urls=(), pid="p") -> Paper:
    return Paper(id=pid, title=title, title_derived=derived, name=name, authors=list(authors),
                 venue=venue, year=year, abstract="An abstract.", abstract_source="An abstract.",
                 url=url, urls=list(urls))


def _plain(latex: str) -> str:
    # Stand-in for the app's renderer: the corpus titles are LaTeX source ("$\ell_2$").
    return " ".join(LatexNodes2Text().latex_to_text(latex).split())


def icml2023_papers(corpus: Path) -> list[Paper]:
    records = json.loads(corpus.read_text(encoding="utf-8"))
    return [paper(_plain(r["title"]), authors=r["authors"], year=r["year"], url=r["paper_url"],
                  pid=r["id"]) for r in records]


def seed_papers() -> list[Paper]:
    """Seed abstracts as derived-title papers; the title is a stand-in: the first ten words."""
    papers = []
    for path in SEED_FILES:
        for i, abstract in enumerate(seed_abstracts(path)):
            papers.append(paper(" ".join(abstract.split()[:10]), derived=True,
                                pid=f"{path.stem}-{i}"))
    return papers


def _decoder() -> LatexNodes2Text:
    # What these LaTeX macros typeset, where pylatexenc's decoder differs: it reads
    # \textasciicircum as U+02C6 and does not know the brace macros.
    literal = {"textasciicircum": "^", "textbraceleft": "{", "textbraceright": "}"}
    context = get_default_latex_context_db()
    context.add_context_category("literal", prepend=True, macros=[
        MacroTextSpec(name, text) for name, text in literal.items()])
    return LatexNodes2Text(latex_context=context)


DECODE = _decoder().latex_to_text


def entries(text: str) -> dict[str, dict[str, str]]:
    library = bibtexparser.parse_string(text)
    assert library.failed_blocks == []
    return {e.key: {f.key: f.value for f in e.fields} for e in library.entries}


def only_entry(text: str) -> dict[str, str]:
    (fields,) = entries(text).values()
    return fields


# --- the whole corpus, cited in one call -------------------------------------------------


@pytest.fixture(scope="module")
def corpus(icml2023_path) -> list[Paper]:
    papers = icml2023_papers(icml2023_path) + seed_papers()
    assert len(papers) > 2020
    return papers


@pytest.fixture(scope="module")
def corpus_bibtex(corpus) -> str:
    return cite(corpus, "bibtex")


def test_every_entry_parses_back_with_bibtexparser(corpus, corpus_bibtex):
    library = bibtexparser.parse_string(corpus_bibtex)
    assert library.failed_blocks == []
    assert len(library.entries) == len(corpus)
    keys = [e.key for e in library.entries]
    assert len(set(keys)) == len(keys)
    for entry, source in zip(library.entries, corpus, strict=True):
        fields = entry.fields_dict
        assert DECODE(fields["title"].value) == " ".join(source.title.split()), entry.key
        if source.authors:
            names = [DECODE(n) for n in fields["author"].value.split(" and ")]
            assert names == [" ".join(a.split()) for a in source.authors], entry.key


def test_every_entry_parses_back_with_pybtex(corpus, corpus_bibtex):
    data = pybtex.database.parse_string(corpus_bibtex, "bibtex")
    assert len(data.entries) == len(corpus)
    for entry, source in zip(data.entries.values(), corpus, strict=True):
        persons = entry.persons.get("author", [])
        assert len(persons) == len(source.authors), entry.key
        for person, name in zip(persons, source.authors, strict=True):
            parts = (person.first_names + person.middle_names + person.prelast_names
                     + person.last_names + person.lineage_names)
            assert DECODE(" ".join(parts)) == " ".join(name.split()), entry.key
        assert DECODE(entry.fields["title"]) == " ".join(source.title.split())


def test_corpus_keys_are_lowercase_ascii_and_start_with_the_first_surname(corpus, corpus_bibtex):
    keys = list(entries(corpus_bibtex))
    assert all(re.fullmatch(r"[a-z0-9]+", k) for k in keys)
    assert keys[0].startswith("saberi2023")  # first record: "seyed amir saberi", 2023


def test_corpus_repeats_get_suffixed_keys(corpus, corpus_bibtex):
    # The corpus lists some papers twice; both copies are cited, under different keys.
    keys = list(entries(corpus_bibtex))
    first: dict[tuple, str] = {}
    repeats = 0
    for key, source in zip(keys, corpus, strict=True):
        same = (source.title, tuple(source.authors))
        if same in first:
            repeats += 1
            year = str(source.year)
            name_year = first[same][: first[same].index(year) + len(year)]
            assert key.startswith(name_year) and key != first[same]
        else:
            first[same] = key
    assert repeats > 100


# --- BibTeX fields -----------------------------------------------------------------------


def test_seed_paper_entry():
    fields = entries(cite([paper("One-Way Policy Optimization", derived=True, name="OWPO")]))
    assert list(fields) == ["owpo2026"]
    entry = fields["owpo2026"]
    assert "author" not in entry
    # #13: no authors -> @misc (requires none) with a `key` to sort by: no BibTeX warnings.
    assert entry["howpublished"] == ICML26 and entry["key"] == "One Way Policy Optimization"
    assert entry["year"] == "2026"
    assert entry["note"] == ("Title derived from the abstract by papers; "
                             "authors not given in the source list")
    assert "url" not in entry
    assert cite([paper("x", name="OWPO")]).startswith("@misc{owpo2026,")


def test_note_only_says_what_is_unknown():
    known = only_entry(cite([paper("Real Title", authors=["Ada Lovelace"])]))
    assert "note" not in known
    derived = only_entry(cite([paper("Derived Title", authors=["Ada Lovelace"], derived=True)]))
    assert derived["note"] == "Title derived from the abstract by papers"
    anonymous = only_entry(cite([paper("Real Title")]))
    assert anonymous["note"] == "Authors not given in the source list"
    assert "author" not in anonymous


def test_author_field_joins_names_with_and():
    entry = only_entry(cite([paper("T", authors=["Ada Lovelace", "Alan Turing", "Kurt Gödel"])]))
    assert entry["author"] == "Ada Lovelace and Alan Turing and Kurt G{\\\"o}del"


def test_names_bibtex_would_misread_are_kept_whole():
    authors = ["Barnes and Noble", "Lovelace, Ada", "Acme, Inc., Research, Lab", ","]
    text = cite([paper("T", authors=authors)])
    assert only_entry(text)["author"] == (
        "Barnes {and} Noble and Lovelace, Ada and {Acme, Inc., Research, Lab} and {,}")
    (entry,) = pybtex.database.parse_string(text, "bibtex").entries.values()
    persons = entry.persons["author"]
    assert len(persons) == 4
    assert (persons[1].last_names, persons[1].first_names) == (["Lovelace"], ["Ada"])
    assert persons[2].last_names == ["{Acme, Inc., Research, Lab}"]


def test_special_characters_are_latex_escaped():
    entry = only_entry(cite([paper("café & 50% a_b #1 $5 costs")]))
    assert entry["title"] == "caf{\\'e} {\\&} 50{\\%} a{\\_}b {\\#}1 {\\$}5 costs"
    # BibTeX balances braces even after a backslash, so a lone brace needs a macro.
    entry = only_entry(cite([paper("a { b")]))
    assert entry["title"] == "a {\\textbraceleft} b"
    # An approximate encoding would change the letter (Ħ is not H with a macron).
    # pdflatex has no glyph for it: a macro the .bib's @preamble defines (#13).
    assert only_entry(cite([paper("Ħ ℓ")]))["title"] == \
        "{\\papersunicode{Ħ}} {\\ensuremath{\\ell}}"


def test_acronyms_and_inner_capitals_are_braced():
    entry = only_entry(cite([paper("OWPO: Stable RL for LLMs with Top-K Rewards")]))
    assert entry["title"] == "{OWPO}: Stable {RL} for {LLMs} with {Top-K} Rewards"


def test_a_capital_letter_of_its_own_before_a_hyphen_or_a_star_is_braced():
    """Styles that lowercase titles made "u-statistics", "q-learning" and "a* search";
    an article "A" stays as it is."""
    entry = only_entry(cite([paper("A Bound for U-statistics via Q-learning and A* Search")]))
    assert entry["title"] == "A Bound for {U-statistics} via {Q-learning} and {A}* Search"


def test_only_macros_latex_and_amsmath_define_are_safe_math():
    from index.output.latex import safe_math

    assert safe_math(r"$\mathcal{O}(\sqrt{n})$") and safe_math(r"$\mathbb{R}^d$")
    # (a comment once read into the list of names made these "safe": none is defined)
    for undefined in ("list", "word", "reads", "better", "a", "zorb"):
        assert not safe_math(f"$\\{undefined}{{x}}$"), undefined


def test_url_from_the_paper_page_or_else_its_first_link():
    page = only_entry(cite([paper("T", url="https://example.org/p?id=1&x=a_b%20c")]))
    assert page["url"] == "https://example.org/p?id=1&x=a_b%20c"  # verbatim for \url
    first = only_entry(cite([paper("T", urls=["https://github.com/a/b", "https://c.d"])]))
    assert first["url"] == "https://github.com/a/b"


@pytest.mark.parametrize(("venue", "year", "expected"), [
    ("ICML", 2023, ICML23),
    ("ICML", 2026, ICML26),
    ("icml", 1994, "Proceedings of the 11th International Conference on Machine Learning"),
    ("ICML", 2004, "Proceedings of the 21st International Conference on Machine Learning"),
    ("ICML 2005", None, "Proceedings of the 22nd International Conference on Machine Learning"),
    ("NeurIPS", 2023, "Advances in Neural Information Processing Systems 36"),
    ("ICLR", 2024, "International Conference on Learning Representations"),
    ("AISTATS", 2024, "AISTATS"),
    (None, 2024, None),
])
def test_booktitle(venue, year, expected):
    assert booktitle(venue, year) == expected


@pytest.mark.parametrize(("n", "expected"), [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"),
    (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (43, "43rd"), (101, "101st"),
    (111, "111th"), (112, "112th"), (113, "113th"),
])
def test_ordinal(n, expected):
    assert ordinal(n) == expected


# --- keys ---------------------------------------------------------------------------------


def keys_of(papers: list[Paper]) -> list[str]:
    return list(entries(cite(papers)))


def test_keys_are_readable():
    assert keys_of([paper("x", name="TRACER")]) == ["tracer2026"]
    assert keys_of([paper("Towards a Theory of Everything", derived=True)]) == ["theory2026"]
    assert keys_of([paper("Sample Complexity Bounds", authors=["seyed amir saberi"],
                          year=2023)]) == ["saberi2023sample"]
    assert keys_of([paper("Étude à la Carte", authors=["Aurélien Bellet"],
                          year=2023)]) == ["bellet2023etude"]
    assert keys_of([paper("On the Theory", authors=["Ludwig van Beethoven"], year=None)]) == [
        "beethoventheory"]


def test_clashing_keys_get_letters_in_order():
    same = [paper("Sample Complexity", authors=["A. Saberi"], year=2023) for _ in range(3)]
    other = paper("Unrelated", name="OWPO")
    assert keys_of([*same, other, *same]) == [
        "saberi2023sample", "saberi2023samplea", "saberi2023sampleb", "owpo2026",
        "saberi2023samplec", "saberi2023sampled", "saberi2023samplee"]


def test_keys_are_deterministic(corpus):
    sample = corpus[:200]
    assert cite(sample) == cite(list(sample))


# --- titles that look like markup or LaTeX -----------------------------------------------

MARKUP = "[bold]x[/] [@click=app.quit] a*b_c `d`"


def test_markup_like_title_is_literal_in_plain():
    assert cite([paper(MARKUP)], "plain") == f"{MARKUP} — ICML 2026"


def test_markup_like_title_is_literal_in_markdown():
    assert cite([paper(MARKUP)], "markdown") == (
        "**\\[bold\\]x\\[/\\] \\[@click=app.quit\\] a\\*b\\_c \\`d\\`** — ICML 2026")


def test_markup_like_title_is_literal_in_bibtex():
    text = cite([paper(MARKUP)])
    assert DECODE(only_entry(text)["title"]) == MARKUP
    assert "[bold]x[/] [@click=app.quit]" in text
    (entry,) = pybtex.database.parse_string(text, "bibtex").entries.values()
    assert DECODE(entry.fields["title"]) == MARKUP


def test_markup_like_title_is_literal_in_apa():
    assert cite([paper(MARKUP, authors=["Ada Lovelace"])], "apa") == (
        f"Lovelace, A. (2026). {MARKUP}. {ICML26}.")


# Characters as a renderer would leave them: no controls, no lone combining marks, and no
# compatibility forms such as the "ﬁ" ligature (LaTeX spells that "fi").
TEXT_CHARS = st.characters(codec="utf-8", exclude_categories=(
    "Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Mn", "Me", "Mc")).filter(
    lambda c: unicodedata.normalize("NFKC", c) == c)


@settings(max_examples=200, deadline=None)
@given(st.text(TEXT_CHARS, min_size=1, max_size=40).filter(str.strip),
       st.lists(st.text(TEXT_CHARS.filter(lambda c: c != ","), min_size=1, max_size=20)
                .filter(str.strip), max_size=3))
# (found by the property: "ˆ", U+02C6, was written \textasciicircum, which LaTeX sets "^")
@example(title="ˆ", authors=[])
def test_any_title_and_names_round_trip_through_bibtex(title, authors):
    # Commas are left out of names: "Last, First" is BibTeX's own syntax (tested above).
    title = " ".join(title.split())
    authors = [" ".join(a.split()) for a in authors]
    text = cite([paper(title, authors=authors)])
    assert DECODE(only_entry(text)["title"]) == title
    (entry,) = pybtex.database.parse_string(text, "bibtex").entries.values()
    assert DECODE(entry.fields["title"]) == title
    persons = entry.persons.get("author", [])
    assert [DECODE(" ".join(p.first_names + p.middle_names + p.prelast_names + p.last_names
                            + p.lineage_names)) for p in persons] == authors


# --- plain and markdown --------------------------------------------------------------------


def test_plain_lines():
    papers = [paper("One-Way Policy Optimization", derived=True),
              paper("Sample Complexity Bounds", authors=["A B"], year=2023),
              paper("No Venue", venue=None, year=None)]
    assert cite(papers, "plain") == ("One-Way Policy Optimization (derived title) — ICML 2026\n"
                                     "Sample Complexity Bounds — ICML 2023\n"
                                     "No Venue")


def test_markdown_lines():
    papers = [paper("One-Way Policy Optimization", derived=True, url="https://x.org/a (b)"),
              paper("Sample Complexity Bounds", year=2023)]
    assert cite(papers, "markdown") == (
        "[One-Way Policy Optimization](https://x.org/a%20%28b%29) (derived title) — ICML 2026\n"
        "**Sample Complexity Bounds** — ICML 2023")


def test_unknown_format_is_refused_by_name():
    with pytest.raises(ValueError, match="'ris'"):
        cite([paper("T")], "ris")
    assert FORMATS == ("bibtex", "apa", "markdown", "plain")


def test_no_papers_no_text():
    assert all(cite([], fmt) == "" for fmt in FORMATS)


# --- APA ---------------------------------------------------------------------------------


def test_apa_reference_with_authors():
    p = paper("Sample Complexity Bounds for Learning Simplices",
              authors=["Seyed Amir Saberi", "Amir Najafi", "See-Kiong Ng", "Ludwig van Beethoven"],
              year=2023, url="https://example.org/p1")
    assert cite([p], "apa") == (
        "Saberi, S. A., Najafi, A., Ng, S.-K., & van Beethoven, L. (2023). "
        f"Sample Complexity Bounds for Learning Simplices. {ICML23}. https://example.org/p1")


@pytest.mark.parametrize("style, label", [
    ("ieee", "[1] "), ("nature", "1. "), ("american-chemical-society", "(1) "),
    ("association-for-computing-machinery", "[1] ")])
def test_a_numeric_styles_label_is_set_apart(style, label):
    p = paper("Sample Complexity Bounds for Learning Simplices", authors=["Amir Najafi"],
              year=2023)
    [reference] = cite([p], "apa", style).splitlines()
    # "[1] A. Najafi, …", not "[1]A. Najafi, …"
    assert reference.startswith(label) and reference[len(label)] in "AN", reference


def test_apa_without_authors_puts_the_marked_title_first_once():
    reference = cite([paper("One-Way Policy Optimization", derived=True)], "apa")
    title = "One-Way Policy Optimization [title derived from abstract]"
    assert reference == f"{title}. (2026). {ICML26}."


def test_apa_without_authors_and_a_title_ending_in_a_period():
    reference = cite([paper("Attention is not all you need.", year=2023)], "apa")
    assert reference == f"Attention is not all you need. (2023). {ICML23}."


def test_apa_names_it_cannot_initialise():
    # Lowercase given names get capital initials; nicknames are not initialised; a name
    # without letter case (Chinese) is kept whole.
    p = paper("A Title", authors=["seyed amir saberi", "Yan (James) Pang", "逸凡 杨"], year=2023)
    assert cite([p], "apa") == f"saberi, S. A., Pang, Y., & 逸凡 杨. (2023). A Title. {ICML23}."


def test_apa_question_mark_title_gets_no_extra_period():
    reference = cite([paper("How Bad is Top-K?", authors=["Ada Lovelace"])], "apa")
    assert reference == f"Lovelace, A. (2026). How Bad is Top-K? {ICML26}."


def test_apa_for_a_sample_of_the_corpus(corpus):
    sample = [p for p in corpus if p.authors][::7][:300]
    references = cite(sample, "apa").split("\n")
    assert len(references) == len(sample)
    for reference, source in zip(references, sample, strict=True):
        family = reference.split(",")[0]  # "van der Laan, L., ..." or a name kept whole
        assert family and family in source.authors[0], reference
        assert f"(2023). {source.title}" in reference
        assert reference.endswith(f"{ICML23}.")


def test_real_seed_papers_cite_and_parse_back_with_both_parsers(seeded_library):
    """The 33 seed papers as the library holds them: derived names and titles, no authors."""
    papers = seeded_library.store.papers()
    assert len(papers) == 33
    text = cite(papers, "bibtex")
    parsed = bibtexparser.parse_string(text)
    assert not parsed.failed_blocks
    assert len(parsed.entries) == 33
    assert len({entry.key for entry in parsed.entries}) == 33
    pybtex_entries = pybtex.database.parse_string(text, "bibtex").entries
    assert len(pybtex_entries) == 33
    for entry in parsed.entries:
        fields = {f.key: f.value for f in entry.fields}
        assert "derived from the abstract" in fields["note"]
        assert "author" not in fields
        assert fields["howpublished"] == "Proceedings of the 43rd International Conference on " \
                                      "Machine Learning"
    owpo = next(e for e in parsed.entries if e.key == "owpo2026")
    assert "OWPO" in {f.key: f.value for f in owpo.fields}["title"]
