"""The word fields' postings built as arrays (engine/batch.py) make the very segment the
per-posting writer makes: every file of it, byte for byte, on real abstracts."""

from __future__ import annotations

import pytest
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3PerDocWriter

from index.search.engine.batch import BatchPostings, batchable
from index.search.engine.codec import PapersCodec
from index.search.engine.writer import PapersWriter, open_writer
from index.search.schema import document, make_schema


class StockLengthsCodec(PapersCodec):
    """Papers' codec with Whoosh 3's own per-document writer (lengths written a
    document at a time through the column writers)."""

    def per_document_writer(self, storage, segment):
        return W3PerDocWriter(self, storage, segment)


def _segment_files(directory, papers, *, batched: bool, codec=None) -> dict[str, bytes]:
    """Each file of the one segment a fresh build of `papers` writes, by extension (and
    its fields' total lengths, in their order, as "lengths")."""
    ix = whoosh_index.create_in(str(directory), make_schema())
    writer = PapersWriter(ix, batched=batched, codec=codec)
    for paper in papers:
        writer.add_document(**document(paper))
    writer.commit()
    [segment] = ix._segments()
    storage = segment.open_compound_file(ix.storage) if segment.is_compound() \
        else ix.storage
    files = {}
    for name in storage.list():
        with storage.open_file(name) as file:
            files[name.partition(".")[2]] = file.read()
    files["lengths"] = repr(list(segment._fieldlengths.items())).encode()
    return files


def _same_segment(tmp_path, papers) -> None:
    (tmp_path / "batch").mkdir()
    (tmp_path / "pool").mkdir()
    batched = _segment_files(tmp_path / "batch", papers, batched=True)
    pooled = _segment_files(tmp_path / "pool", papers, batched=False)
    assert sorted(batched) == sorted(pooled)
    assert [name for name in pooled if batched[name] != pooled[name]] == []


@pytest.mark.parametrize("batched", [True, False])
def test_lengths_kept_as_arrays_give_whoosh_s_length_columns(icml2023_library, tmp_path,
                                                             batched: bool) -> None:
    papers = list(icml2023_library._all_papers())[:700]
    (tmp_path / "papers").mkdir()
    (tmp_path / "whoosh").mkdir()
    ours = _segment_files(tmp_path / "papers", papers, batched=batched)
    whoosh = _segment_files(tmp_path / "whoosh", papers, batched=batched,
                            codec=StockLengthsCodec())
    assert sorted(ours) == sorted(whoosh)
    assert any(name.endswith("_len.col") for name in ours)  # the columns compared
    assert [name for name in whoosh if ours[name] != whoosh[name]] == []


def test_the_word_fields_are_built_as_arrays() -> None:
    schema = make_schema()
    assert sorted(BatchPostings(schema).fields) == \
        ["abstract", "authors", "derived_title", "name", "note", "title", "words"]
    assert not any(batchable(schema[name]) for name in ("id", "venue", "facet", "year"))


def test_the_unscored_fields_postings_are_kept_as_arrays() -> None:
    # (Whoosh's pool had them; the segment tests below check the bytes are the same.)
    assert sorted(BatchPostings(make_schema()).plain_fields) == \
        ["facet", "id", "list", "url", "venue", "year"]


def test_a_merge_into_a_batch_build_gives_the_segment_the_pool_gives(seeded_library,
                                                                     tmp_path) -> None:
    """Segments merged in bring every field's postings through Whoosh's pool: the batch's
    (word fields and unscored ones) join them there, in one sorted stream."""
    papers = list(seeded_library._all_papers())
    half = len(papers) // 2
    files = {}
    for name, batched in (("batch", True), ("pool", False)):
        directory = tmp_path / name
        directory.mkdir()
        ix = whoosh_index.create_in(str(directory), make_schema())
        writer = open_writer(ix, batched=False)
        for paper in papers[:half]:
            writer.add_document(**document(paper))
        writer.commit()
        writer = open_writer(ix, batched=batched)
        for paper in papers[half:]:
            writer.add_document(**document(paper))
        writer.commit(merge=True, optimize=True)  # one segment: the first one merged in
        [segment] = ix._segments()
        storage = segment.open_compound_file(ix.storage) if segment.is_compound() \
            else ix.storage
        files[name] = {}
        for stored in storage.list():
            with storage.open_file(stored) as file:
                files[name][stored.partition(".")[2]] = file.read()
    assert sorted(files["batch"]) == sorted(files["pool"])
    assert [name for name in files["pool"] if files["batch"][name] != files["pool"][name]] \
        == []


def test_a_batch_build_writes_the_segment_the_pool_writes(seeded_library, tmp_path) -> None:
    _same_segment(tmp_path, list(seeded_library._all_papers()))


def test_the_same_segment_for_a_real_conference(icml2023_library, tmp_path) -> None:
    _same_segment(tmp_path, list(icml2023_library._all_papers()))


@pytest.mark.parametrize("abstract", [
    # A word more often than pickle batches a list (1,000), positions past 65,535 and
    # past 255: Whoosh's own encoding of positions is kept for those.
    " ".join(["flow"] * 1200),
    "start " + "x " * 70_000 + "end",
    "alpha " + "beta " * 300 + "alpha",
    "the of and",  # stop words only: no postings, length 0
])
def test_awkward_documents_give_the_same_segment(seeded_library, tmp_path,
                                                 abstract: str) -> None:
    from dataclasses import replace

    papers = list(seeded_library._all_papers())[:5]
    papers.append(replace(papers[0], id="awkward0", abstract=abstract))
    _same_segment(tmp_path, papers)


def test_a_field_written_in_many_parts_gives_the_same_segment(seeded_library, tmp_path,
                                                              monkeypatch) -> None:
    """A large build writes each field's terms in parts of about PASS_WORDS words (its
    arrays stay small): parts of a few hundred words must change nothing."""
    from index.search.engine import batch

    monkeypatch.setattr(batch, "PASS_WORDS", 300)
    _same_segment(tmp_path, list(seeded_library._all_papers()))


@pytest.mark.parametrize("parts", [
    ("Deep Nets", "", "We study e.g. nets. ; x.y", "A. Smith ; B. Jones"),
    ("强化学习", "学习", "强化 学习 of η and f-divergence", ""),
    ("", "", "", ""),
    ("end.", ".start", "a;b", "Ünïcode ; Poincaré"),
])
def test_a_joined_text_has_its_parts_tokens_one_after_another(parts) -> None:
    # The batch writer tokenises the all-words field part by part (JoinedText): that is
    # only right if the joined string has those very tokens.
    from index.search import analysis

    joined = analysis.JoinedText(parts)
    assert analysis.raw_tokens(joined) == \
        [token for part in parts for token in analysis.raw_tokens(part)]
    assert analysis.raw_tokens(joined) == analysis.raw_tokens(str(joined))


@pytest.mark.parametrize("bound", [1, 200, 1 << 16, (1 << 16) + 1, 3_000_000, 1 << 32])
def test_stable_order_is_numpy_s_stable_argsort(bound: int) -> None:
    # Radix-sorted by 16 bits at a time (index.sorting): the same order, ties
    # (a term's documents) kept as they came.
    import numpy as np

    from index.sorting import stable_order

    rng = np.random.default_rng(bound)
    for size in (0, 1, 1000, 50_000):
        keys = rng.integers(0, bound, size, dtype=np.int64)
        if size:
            keys[: size // 3] = keys[size // 2]  # many ties
        for dtype in (np.int32, np.int64):
            if bound > np.iinfo(dtype).max:
                continue
            typed = keys.astype(dtype)
            assert np.array_equal(stable_order(typed, bound),
                                  np.argsort(typed, kind="stable"))


def test_edge_marks_of_many_words_are_each_word_s() -> None:
    from index.search import analysis

    words = ["a", "ab", "abc", "η", "ηx", "强化", "强", "强化学", "学a", "x强", "", "12",
             "poincaré", "\x01a"]
    slots = analysis.edge_marks_of(words)
    assert [tuple(slot[at] for slot in slots) for at in range(len(words))] == \
        [analysis.edge_marks(word) for word in words]


def test_ascii_text_has_the_unicode_pattern_s_tokens() -> None:
    # ASCII text is tokenised by the word pattern compiled with re.ASCII, and without
    # looking for CJK letters: the same tokens as the Unicode pattern.
    import random

    from index.search import analysis

    texts = ["".join(map(chr, range(128))), "a_b x.y.z 3.14 .5 foo. _x__ A1b2 e.g. U.S.A",
             "end.", ".start", "a..b", "x._y", ""]
    alphabet = "ab_1. \t\n-;:,()$\\{}^Z9"
    rng = random.Random(17)
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
              for _ in range(2000)]
    for text in texts:
        assert text.isascii()
        assert analysis.raw_tokens(text) == analysis._WORD_RE.findall(text) == \
            analysis._TOKEN_RE.findall(text)


def test_folding_ascii_words_needs_no_fold_map() -> None:
    # _folded translates only non-ASCII text: FOLD_MAP leaves lowercased ASCII as it is.
    from index.search import analysis

    fold = analysis.FOLD_MAP
    for code in range(128):
        assert chr(code).lower().translate(fold) == chr(code).lower()
    for raw in ["Poincaré", "ÉCOLE", "straße", "Ǆemal", "ABC", "naïve", "İstanbul", "α",
                "Σ", "µ"]:
        assert analysis._folded(raw) == raw.lower().translate(fold)


def test_runs_are_the_positions_of_each_run_one_after_another() -> None:
    # batch._runs: where write_field_blocks copies each block's pieces (empty runs too).
    import numpy as np

    from index.search.engine.batch import _runs

    rng = np.random.default_rng(1)
    for size in (0, 1, 5, 1000):
        sizes = rng.integers(0, 9, size)
        starts = np.cumsum(sizes + rng.integers(0, 5, size)) - sizes
        expected = [n for start, run in zip(starts.tolist(), sizes.tolist(), strict=True)
                    for n in range(start, start + run)]
        assert _runs(starts, sizes).tolist() == expected
