"""The fast indexing fields must produce exactly the postings Whoosh's analyzer chain does."""

from __future__ import annotations

import pytest
from whoosh.fields import FieldType

from index import analysis, search

FAST_FIELDS = ("title", "name", "authors", "abstract", "words")
AWKWARD_TEXTS = [
    "",
    "the",
    "The a of",  # only stop words: nothing indexed
    "to be or not to be model",  # a stop word first moves the first position
    "İstanbul ŒUVRE straße Æsir naïve café Poincaré",  # lowercasing and folding
    "e.g. i.e. 3.14.15 x.y.z",  # dotted tokens stay one token
    "ﬁnance ǅemal Ⅻ ²³ ½ x² η-divergence f_θ",
    "a b c ab abc abcd",  # edge prefixes of one-, two- and three-letter words
    "the the model model the models modelling",
    "模型 学习 深度学习",
    " ".join(["word"] * 70),  # a frequency past the encoded-count table
]


def _generic(field, value):
    return sorted(FieldType.index(field, value))


def _check(schema, doc: dict) -> None:
    for name in FAST_FIELDS:
        field = schema[name]
        fast = sorted(field.index(doc[name]))
        assert fast == _generic(field, doc[name]), (name, doc[name][:80])
        assert [type(p[2]) for p in fast] == [float] * len(fast)


@pytest.mark.parametrize("text", AWKWARD_TEXTS)
def test_awkward_text_is_indexed_as_the_analyzers_would(text: str) -> None:
    _check(search.make_schema(), dict.fromkeys(FAST_FIELDS, text))


def test_real_papers_are_indexed_as_the_analyzers_would(seeded_library) -> None:
    schema = search.make_schema()
    papers = list(seeded_library._all_papers())
    assert papers
    for paper in papers:
        _check(schema, search.document(paper))


def test_icml2023_is_indexed_as_the_analyzers_would(icml2023_library) -> None:
    schema = search.make_schema()
    for paper in icml2023_library._all_papers():
        _check(schema, search.document(paper))


def test_fields_still_analyse_queries_with_their_analyzers() -> None:
    schema = search.make_schema()
    assert [t.text for t in schema["abstract"].analyzer("Optimizing the models")] == \
        analysis.stems("Optimizing the models")
    assert [t.text for t in schema["name"].analyzer("Optimizing the models")] == \
        analysis.words("Optimizing the models")
