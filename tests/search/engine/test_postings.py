"""Posting blocks round-trip: what the index holds is what the documents' fields give.

Both readers are checked against postings worked out from the papers themselves: Whoosh's
own matchers (phrases and the fallback path read positions through them) and the direct
array reader the ranker uses (index/postings.py).
"""

from __future__ import annotations

import pickle
import zlib
from collections import defaultdict

import pytest

from index import Library
from index.search import schema as search
from index.search.engine.blocks import block_data, packed, read_block_data
from index.search.engine.postings import SegmentPostings
from index.search.search_index import POSTINGS_PER_BLOCK

FIELDS = ("title", "derived_title", "name", "authors", "abstract", "words")


def _expected_postings(library: Library) -> dict[tuple[str, bytes], dict[int, tuple]]:
    """(field, term) -> {docnum: (weight, value bytes)}, from each paper's own fields."""
    schema = search.make_schema()
    searcher = library.index._searcher
    expected: dict[tuple[str, bytes], dict[int, tuple]] = defaultdict(dict)
    for docnum in searcher.reader().all_doc_ids():
        paper = library.paper(searcher.stored_fields(docnum)["id"])
        document = search.document(paper)
        for fieldname in FIELDS:
            for term, _freq, weight, value in schema[fieldname].index(document[fieldname]):
                expected[fieldname, term][docnum] = (weight, value)
    return expected


def _check_library(library: Library, loaded: tuple[str, ...] = (), most: int = 100_000) -> int:
    expected = _expected_postings(library)
    reader = library.index._searcher.reader()
    [(leaf, offset)] = list(reader.leaf_readers())  # one segment: docnums are global
    assert offset == 0
    direct = SegmentPostings(leaf)
    direct.load_terms(loaded, most)
    checked_blocks = 0
    for (fieldname, term), postings in expected.items():
        docnums = sorted(postings)
        matcher = leaf.postings(fieldname, term)
        ids, weights, values = [], [], []
        while matcher.is_active():
            ids.append(matcher.id())
            weights.append(matcher.weight())
            values.append(matcher.value())
            matcher.next()
        assert ids == docnums, (fieldname, term)
        assert weights == [postings[d][0] for d in docnums], (fieldname, term)
        assert values == [postings[d][1] for d in docnums], (fieldname, term)
        read_ids, read_weights = direct.read(fieldname, term)
        assert read_ids.tolist() == docnums, (fieldname, term)
        if read_weights is None:  # all 1, left implicit
            read_weights = [1.0] * len(read_ids)
        assert list(read_weights) == [postings[d][0] for d in docnums], (fieldname, term)
        checked_blocks += -(-len(docnums) // POSTINGS_PER_BLOCK)
    # and nothing in the index that the papers do not give
    for fieldname in FIELDS:
        for term in leaf.lexicon(fieldname):
            assert (fieldname, term) in expected, (fieldname, term)
    return checked_blocks


def test_bundled_lists_round_trip(seeded_library: Library) -> None:
    assert _check_library(seeded_library) > 1000


@pytest.mark.parametrize("loaded", [(), ("title", "abstract", "name", "words")])
def test_bundled_lists_round_trip_with_terms_in_memory(seeded_library: Library,
                                                       loaded: tuple[str, ...]) -> None:
    # with most=500, "abstract" and "words" have too many terms and stay on disk
    assert _check_library(seeded_library, loaded, most=500) > 1000


def test_terms_in_memory_are_the_fields_whole_lexicon(seeded_library: Library) -> None:
    # (The bundled lists have no titles: their derived titles are a field of their own.)
    [(leaf, _offset)] = list(seeded_library.index._searcher.reader().leaf_readers())
    direct = SegmentPostings(leaf)
    direct.load_terms(["derived_title", "name", "abstract"], most=500)
    title, abstract = (direct._fields[f].to_bytes(2, "big")
                       for f in ("derived_title", "abstract"))
    assert title in direct._loaded_fields and abstract not in direct._loaded_fields
    in_memory = {key[2:] for key in direct._loaded if key[:2] == title}
    assert in_memory == set(leaf.lexicon("derived_title"))


def test_icml2023_round_trips_across_blocks(icml2023_library: Library) -> None:
    blocks = _check_library(icml2023_library, ("title", "name", "authors", "abstract"))
    longest = max(icml2023_library.index._searcher.doc_frequency("abstract", t)
                  for t in ("learn", "model", "method"))
    assert longest > 2 * POSTINGS_PER_BLOCK  # several blocks per list are read
    assert blocks > 10_000


@pytest.mark.parametrize("fieldname", ["words", "derived_title", "abstract"])
def test_a_fields_terms_come_in_order_with_the_papers_each_is_in(seeded_library: Library,
                                                                  fieldname: str) -> None:
    """What the prefix table reads (field_terms): every term of the field, in the
    lexicon's order, with the number of papers whose own field gives it."""
    expected = _expected_postings(seeded_library)
    papers_with = sorted((term, len(postings)) for (field, term), postings in expected.items()
                         if field == fieldname)
    [(leaf, _offset)] = list(seeded_library.index._searcher.reader().leaf_readers())
    read = list(SegmentPostings(leaf).field_terms(fieldname))
    assert read == papers_with
    assert len(read) > 100 and max(count for _term, count in read) > 1
    assert list(SegmentPostings(leaf).field_terms("no such field")) == []


def test_absent_terms_read_as_absent(seeded_library: Library) -> None:
    [(leaf, _offset)] = list(seeded_library.index._searcher.reader().leaf_readers())
    direct = SegmentPostings(leaf)
    assert direct.read("abstract", b"zzzznotaword") is None
    assert direct.read("no such field", b"model") is None


@pytest.mark.parametrize(("ids", "weights", "values"), [
    (packed("B", [3, 1, 4]), None, None),  # weights all 1, no values
    (packed("H", [300, 1, 70000 % 65536]), 2.0, b"\x00" * 12),  # one weight for all
    (packed("I", [1, 2, 3]), packed("B", [1, 2, 3]), b"abc"),  # counts as bytes
    (packed("B", [1, 2]), packed("H", [300, 7]), b"x" * 500),  # compressed values
    (packed("B", [1, 2]), packed("f", [0.5, 2.25]), b"y" * 80),  # fractional weights
    ((1, 2, 3), (1.0, 2.0, 3.0), (b"a", b"b", b"c")),  # Whoosh's own tuples: pickled
])
def test_block_data_round_trips(ids, weights, values) -> None:
    data = block_data(ids, weights, values, squeeze_level=3)
    read_ids, read_weights, read_values, squeezed = read_block_data(data)
    assert read_ids == ids
    assert read_weights == weights
    if squeezed:
        read_values = zlib.decompress(read_values)
        assert len(data) < len(values)
    assert read_values == values


def test_old_pickled_blocks_are_still_read() -> None:
    ids = packed("B", [5, 1])
    old = pickle.dumps((ids, None, None), 2)
    assert read_block_data(old) == (ids, None, None)
