"""The fast indexing fields must produce exactly the postings Whoosh's analyzer chain does."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from whoosh.fields import FieldType

from index.search import analysis
from index.search import schema as search

FAST_FIELDS = ("title", "name", "authors", "abstract", "words")
AWKWARD_TEXTS = [
    "",
    "the",
    "The a of",  # only stop words: nothing indexed
    "to be or not to be model",  # a stop word first moves the first position
    "İstanbul ŒUVRE straße Æsir naïve café Poincaré",  # lowercasing and folding
    "e.g. i.e. 3.14.15 x.y.z",  # dotted tokens stay one token
    "ﬁnance ǅemal Ⅻ ²³ ½ x² η-divergence f_θ",
    "α-divergence ΔT µP ϵ-greedy ς λόγος ℓ₁ x² ﬁt 𝒙 𝛼",  # Greek letters, compatibility forms
    "iFᴀᴄᴇᴛSᴜᴍ FᴇᴅAᴠɢ ꜱᴛᴀᴛꜱ",  # small capitals
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


def _postings(directory, papers, limitmb: float, spills: list | None = None) -> list:
    """Every term's postings, term statistics and field lengths of a fresh build with
    every posting through the pool; its spills to run files are counted into `spills`
    (runs, postings spilled)."""
    from whoosh import index as whoosh_index

    from index.search.engine.writer import open_writer

    ix = whoosh_index.create_in(str(directory), search.make_schema())
    writer = open_writer(ix, limitmb=limitmb, batched=False)
    for paper in papers:
        writer.add_document(**search.document(paper))
    if spills is not None:
        spills.extend((len(writer.pool.runs), writer.pool.saved))
    writer.commit()
    seen = []
    with ix.reader() as reader:
        for fieldname in sorted(reader.schema.names()):
            if not reader.schema[fieldname].indexed:
                continue
            for term in reader.lexicon(fieldname):
                info = reader.term_info(fieldname, term)
                seen.append((fieldname, term, info.weight(), info.doc_frequency(),
                             info.min_length(), info.max_length(), info.max_weight()))
                matcher = reader.postings(fieldname, term)
                while matcher.is_active():
                    seen.append((matcher.id(), matcher.weight(), matcher.value()))
                    matcher.next()
        for docnum in range(reader.doc_count_all()):
            seen.append([reader.doc_field_length(docnum, name)
                         for name in ("title", "name", "authors", "abstract")])
    return seen


def test_a_build_spilled_to_run_files_equals_one_kept_in_memory(seeded_library,
                                                                 tmp_path) -> None:
    """A large build sorts postings in run files on disk (written in chunks); a pool
    small enough to spill every few papers must give exactly the in-memory result."""
    papers = list(seeded_library._all_papers())
    (tmp_path / "memory").mkdir()
    (tmp_path / "spilled").mkdir()
    kept = []
    in_memory = _postings(tmp_path / "memory", papers, limitmb=256, spills=kept)
    assert kept == [0, 0]
    spills = []
    spilled = _postings(tmp_path / "spilled", papers, limitmb=0.3, spills=spills)
    runs, postings = spills
    assert runs >= 3 and postings / runs > 1024  # several runs, several chunks each
    assert spilled == in_memory


def _analyzed(analyzer, text: str, **kwargs) -> list[str]:
    return [t.text for t in analyzer(text, **kwargs)]


@pytest.mark.parametrize("text", AWKWARD_TEXTS + ["Optimizing the Models of C-RASP"])
def test_query_words_are_the_analyzers_words(text: str) -> None:
    words, stems = analysis.word_analyzer(), analysis.stem_analyzer()
    assert analysis.words(text) == _analyzed(words, text)
    assert analysis.words(text, keep_stop_words=True) == \
        _analyzed(words, text, removestops=False)
    assert analysis.stems(text) == _analyzed(stems, text)


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=80)
       | st.from_regex(r"[A-Za-zéß²½_.,;0-9 \t-]{0,60}", fullmatch=True))
def test_any_text_gives_the_analyzers_tokens(text: str) -> None:
    # The tokens of a text without CJK letters come from a simpler pattern (\w, not the
    # class that leaves CJK out): the same tokens, folded, stop words kept.
    assert analysis.words(text, keep_stop_words=True) == \
        _analyzed(analysis.word_analyzer(), text, removestops=False)


def test_real_abstracts_give_the_analyzers_words(seeded_library) -> None:
    words, stems = analysis.word_analyzer(), analysis.stem_analyzer()
    for paper in seeded_library._all_papers():
        for text in (paper.title, paper.abstract):
            assert analysis.words(text) == _analyzed(words, text)
            assert analysis.words(text, keep_stop_words=True) == \
                _analyzed(words, text, removestops=False)
            assert analysis.stems(text) == _analyzed(stems, text)
