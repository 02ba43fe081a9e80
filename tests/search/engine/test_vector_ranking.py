"""Ranking with numpy over whole posting lists gives Whoosh's own results and scores."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from whoosh.query import Every

from index import Library
from index.errors import SearchCancelled
from index.search.engine.ranking import Unsupported, VectorRanker
from index.search.schema import SORT_FIELDS
from index.search.search_index import _sorted_by_columns

QUERIES = [
    "reinforcement", "diffusion models", "graph neural networks", "policy gradient variance",
    "r", "re", "rei", "reinforcement l", "reinforcement lea", "language mod",
    "title:bandit", "author:zhang", "title:policy OR abstract:reward", "graph -neural",
    "optimizaton~", "reinf*", "convex AND (bound OR regret)", "year:2023 privacy",
    "zzzzunknown",
]


def _canonical(docnums: list[int], scores: list[float]) -> list[int]:
    """Order by score, then document number, treating scores equal to 1e-9 as ties:
    summing in another order changes the last bits, which is not a ranking difference."""
    return [d for _s, d in sorted(zip(np.round(scores, 9), docnums, strict=True),
                                  key=lambda pair: (-pair[0], pair[1]))]


def _assert_same_as_whoosh(library: Library, text: str) -> int:
    index = library.index
    searcher = index._searcher
    query = index._queries.build(text, True).query
    docnums, scores = index._ranker(searcher).rank(query)  # as searches do
    hits = searcher.search(query, limit=None).top_n
    whoosh_docnums = [docnum for _score, docnum in hits]
    whoosh_scores = [score or 0.0 for score, _docnum in hits]
    assert sorted(docnums.tolist()) == sorted(whoosh_docnums), text
    by_docnum = dict(zip(whoosh_docnums, whoosh_scores, strict=True))
    assert np.allclose(scores, [by_docnum[d] for d in docnums.tolist()],
                       rtol=1e-12, atol=1e-12), text
    assert docnums.tolist() == _canonical(whoosh_docnums, whoosh_scores), text
    return len(docnums)


@pytest.mark.parametrize("text", QUERIES)
def test_rank_equals_whoosh_on_icml2023(icml2023_library: Library, text: str) -> None:
    _assert_same_as_whoosh(icml2023_library, text)


@pytest.fixture(scope="module")
def stock_icml2023(icml2023_library: Library, tmp_path_factory: pytest.TempPathFactory):
    """The same papers' documents in an index written by stock Whoosh (its W3Codec and
    SegmentWriter): a reference that shares none of papers' codec."""
    from whoosh import index as whoosh_index
    from whoosh.codec.whoosh3 import W3Codec
    from whoosh.writing import SegmentWriter

    from index.search.schema import document, make_schema

    ix = whoosh_index.create_in(str(tmp_path_factory.mktemp("stock-icml2023")),
                                make_schema())
    writer = SegmentWriter(ix, codec=W3Codec())
    for paper in icml2023_library._all_papers():
        writer.add_document(**document(paper))
    writer.commit()
    with ix.searcher() as searcher:
        yield searcher


@pytest.mark.parametrize("text", QUERIES)
def test_rank_equals_stock_whoosh_on_its_own_index(icml2023_library: Library,
                                                   stock_icml2023, text: str) -> None:
    """Papers' ranker on papers' index gives stock Whoosh's results on stock Whoosh's
    index of the same documents (by paper id: document numbers may differ)."""
    index = icml2023_library.index
    searcher = index._searcher
    assert not searcher.reader().has_deletions()  # else its statistics differ
    query = index._queries.build(text, True).query
    docnums, scores = index._ranker(searcher).rank(query)
    ours = {searcher.stored_fields(d)["id"]: s
            for d, s in zip(docnums.tolist(), scores.tolist(), strict=True)}
    hits = stock_icml2023.search(query, limit=None)
    stock = {hit["id"]: hit.score or 0.0 for hit in hits}
    assert ours.keys() == stock.keys(), text
    assert all(np.isclose(ours[pid], stock[pid], rtol=1e-9, atol=1e-9) for pid in ours), text


@pytest.mark.parametrize("text", ["optim*ation", "gr*ph", "lang*"])
def test_patterns_match_what_whoosh_matches(icml2023_library: Library, text: str) -> None:
    """Same papers; ranked by BM25F where Whoosh, under 5,000 papers, scores patterns
    as constants (so only the matched set is compared)."""
    index = icml2023_library.index
    query = index._queries.build(text, False).query
    docnums, scores = VectorRanker(index._searcher).rank(query)
    expected = {docnum for _score, docnum in index._searcher.search(query, limit=None).top_n}
    assert set(docnums.tolist()) == expected and len(expected) > 10
    assert list(scores) == sorted(scores, reverse=True) and scores[0] > scores[-1]


def test_typical_queries_match_many_papers(icml2023_library: Library) -> None:
    """The comparisons above are not vacuous: most queries match hundreds of papers."""
    counts = [_assert_same_as_whoosh(icml2023_library, q) for q in QUERIES[:10]]
    assert sorted(counts)[1] > 20 and max(counts) > 1000


def _write_list(path: Path, title: str, abstracts: list[str]) -> Path:
    path.write_text(title + "\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    return path


def add_segments(library: Library, folder: Path) -> None:
    """Three small lists of 100, 20 and 6 papers about graph policy learning: with the
    33 bundled papers, each commits its own segment (a list does when the others are
    more than twice its size)."""
    for n, size in enumerate((100, 20, 6)):
        abstracts = [f"We study graph policy learning number {n}x{i} with neural "
                     f"bandits and {'regret' if i % 2 else 'privacy'} bounds."
                     for i in range(size)]
        library.add(_write_list(folder / f"extra{n}.txt", f"Workshop 202{n} papers",
                                abstracts))


def test_rank_equals_whoosh_across_segments_and_deletions(library: Library,
                                                          tmp_path: Path) -> None:
    """Several segments (a list commits its own when the others are more than twice
    its size) and deleted documents (an edit replaces the paper's document) must be mapped
    to the right global numbers."""
    add_segments(library, tmp_path)
    ids = [card.id for card in library.search("graph policy").cards()]
    library.edit(ids[0], title="Keep graph")  # one paper: too few to take in another segment
    library.warm_up()  # every segment's term tables in memory
    searcher = library.index._searcher
    ranker = library.index._ranker(searcher)
    assert len(ranker._leaves) >= 3 and ranker._live is not None
    assert all(segment.loaded_terms[1] for segment, _offset in ranker.segments)
    for text in ("graph policy", "neural bandits regret", "privacy", "le", "keep graph",
                 "learning"):
        _assert_same_as_whoosh(library, text)
    for fields in SORT_FIELDS.values():  # the empty query's order, read from columns
        expected = [hit.docnum for hit in searcher.search(Every(), limit=None,
                                                           sortedby=fields)]
        assert _sorted_by_columns(searcher.reader(), fields) == expected


def _exclusion_abstracts(both: str) -> list[str]:
    """Papers with "neural" only, then with both words (`both`, formatted with i), then
    the one paper the exclusion must leave: so the excluded word's postings start first."""
    return ([f"Neural methods, variant {i}, without the other word." for i in range(16)]
            + [both.format(i=i) for i in range(8)]
            + ["Graph kernels alone, with no other method in sight."])


def _library_of(home: Path, tmp_path: Path, abstracts: list[str]) -> Library:
    library = Library(home, seed=False)
    library.add(_write_list(tmp_path / "mixed.txt", "ICML 2026 Papers", abstracts))
    return library


def test_excluded_word_never_matches(home: Path, tmp_path: Path) -> None:
    """`graph -neural` must drop every paper with "neural". Whoosh's AndNot matcher keeps
    the first positive match when the excluded word's postings start before it."""
    abstracts = _exclusion_abstracts("Graph neural networks, variant {i}.")
    library = _library_of(home, tmp_path, abstracts)
    found = library.search("graph -neural")
    assert [library.paper(card.id).abstract for card in found.cards()] == [abstracts[-1]]
    library.close()


def test_excluded_word_never_matches_a_phrase(home: Path, tmp_path: Path) -> None:
    """The same with a phrase, which runs on Whoosh's matchers (through papers' AndNot,
    engine/matching.py)."""
    abstracts = _exclusion_abstracts("Graph kernels with neural features, variant {i}.")
    library = _library_of(home, tmp_path, abstracts)
    found = library.search('"graph kernels" -neural')
    assert [library.paper(card.id).abstract for card in found.cards()] == [abstracts[-1]]
    library.close()


def test_cancelled_search_stops(icml2023_library: Library) -> None:
    with pytest.raises(SearchCancelled):
        icml2023_library.search("reinforcement learning", cancelled=lambda: True)
    asked = []

    def cancel_after_three() -> bool:
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(SearchCancelled):
        icml2023_library.search("graph neural networks", cancelled=cancel_after_three)
    finished = icml2023_library.search("graph neural networks", cancelled=lambda: False)
    assert finished.ids() == icml2023_library.search("graph neural networks").ids()


@pytest.mark.parametrize("sort", ["relevance", "title"])
def test_cancelled_phrase_search_stops(icml2023_library: Library, sort: str) -> None:
    """Phrases run on Whoosh's matchers; a cancelled one stops too."""
    with pytest.raises(SearchCancelled):
        icml2023_library.search('"reinforcement learning"', sort=sort, complete_last=False,
                                cancelled=lambda: True)
    asked = []

    def cancel_later() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(SearchCancelled):
        icml2023_library.search('"reinforcement learning"', sort=sort, complete_last=False,
                                cancelled=cancel_later)
    whole = icml2023_library.search('"reinforcement learning"', sort=sort,
                                    complete_last=False, cancelled=lambda: False)
    assert whole.total > 3 * 64  # enough matches that the later check was reached
    assert whole.ids() == icml2023_library.search('"reinforcement learning"', sort=sort,
                                                  complete_last=False).ids()


@pytest.mark.parametrize("sort", ["title", "venue"])
def test_field_sorted_results_equal_whoosh(icml2023_library: Library, sort: str) -> None:
    index = icml2023_library.index
    for text in ("policy gradient", "re", "title:bandit"):
        query = index._queries.build(text, True).query
        expected = [hit.docnum for hit in index._searcher.search(
            query, limit=None, sortedby=SORT_FIELDS[sort])]
        assert icml2023_library.search(text, sort=sort).docnums == expected


def test_phrases_are_left_to_whoosh(icml2023_library: Library) -> None:
    index = icml2023_library.index
    query = index._queries.build('"reinforcement learning"', False).query
    with pytest.raises(Unsupported):
        VectorRanker(index._searcher).rank(query)
    found = icml2023_library.search('"reinforcement learning"', complete_last=False)
    assert found.total > 50
    assert all("reinforcement learning" in
               " ".join((icml2023_library.paper(c.id).title + " "
                         + icml2023_library.paper(c.id).abstract).lower().split())
               for c in found.cards(0, 20))


def test_term_tables_are_read_once_per_segment(library: Library, tmp_path: Path) -> None:
    """An edit makes a new searcher; the segments it shares with the last one keep the
    term tables already read (an identical object, not a second read)."""
    library.warm_up()
    before = library.index._ranker(library.index._searcher)
    [(segment, _offset)] = before.segments
    pid = library.search("policy").ids()[0]
    library.edit(pid, title="Zzagain")
    after = library.index._ranker(library.index._searcher)
    assert after is not before and len(after.segments) == 2
    same = next(s for s, _o in after.segments if s.segment_id == segment.segment_id)
    assert same.loaded_terms[0] is segment.loaded_terms[0]
    assert all(s.loaded_terms[1] for s, _o in after.segments)  # the edit's, read at once
    assert library.search("zzagain").ids() == [pid]


PLAIN_WORDS = ["reinforcement", "graph", "policy optimization", "large language model reasoning",
               "learning to rank", "zzzzunknown", "model model", "C RASP", "diffusion models sampling"]


def _assert_lists_equal_arrays(library: Library, text: str, typing: bool) -> bool:
    """`ranked` (lists; Python for plain words in a small index) gives exactly `rank`'s
    numpy result: the same papers, order and floats. True if the Python path ran."""
    index = library.index
    ranker = index._ranker(index._searcher)
    query = index._queries.build(text, typing).query
    docnums, scores = ranker.rank(query)
    assert ranker.ranked(query) == (docnums.tolist(), scores.tolist()), text
    return ranker._rank_plain_words(query) is not None


@pytest.mark.parametrize("text", QUERIES + PLAIN_WORDS)
def test_small_index_ranks_on_lists_exactly_as_on_arrays(seeded_library: Library,
                                                          text: str) -> None:
    from index.search.engine.ranking import SMALL_INDEX

    assert seeded_library.index.doc_count() <= SMALL_INDEX
    for typing in (False, True):
        on_lists = _assert_lists_equal_arrays(seeded_library, text, typing)
        if text in PLAIN_WORDS and not typing:
            assert on_lists  # plain words took the list path


def test_small_index_lists_across_segments_and_deletions(library: Library,
                                                         tmp_path: Path) -> None:
    abstracts = [f"Graph policy learning, study {i}, with neural bandits." for i in range(10)]
    library.add(_write_list(tmp_path / "extra.txt", "Workshop 2026 papers", abstracts))
    library.edit(library.search("graph policy").ids()[0], title="Moved graph")
    assert len(library.index._ranker(library.index._searcher).segments) == 3
    for text in PLAIN_WORDS + ["graph policy", "neural bandits study", "learning"]:
        assert _assert_lists_equal_arrays(library, text, typing=False)
        _assert_same_as_whoosh(library, text)



FORGIVEN = ["graph neural networks", "diffusion models sampling", "federated learning privacy",
            "large language model reasoning", "policy optimization verifier unicorn",
            "model model unicorn"]


def _assert_coordination_lists_equal_arrays(library: Library, text: str) -> None:
    """The forgiving fallback on Python lists (a small index) gives exactly the numpy
    one: the same papers, order, word counts and floats."""
    from index.search.coordination import word_groups

    index = library.index
    ranker = index._ranker(index._searcher)
    query = index._queries.build(text, False).query
    groups, _required = word_groups(query, text, True)
    for need in range(1, len(groups)):
        on_lists = ranker._coordinate_plain_words(groups, need)
        assert on_lists is not None, text
        assert on_lists == ranker._coordinate_arrays(groups, need, None, None), (text, need)
        assert on_lists == ranker.coordinated(groups, need)


@pytest.mark.parametrize("text", FORGIVEN)
def test_small_index_forgives_on_lists_exactly_as_on_arrays(seeded_library: Library,
                                                             text: str) -> None:
    _assert_coordination_lists_equal_arrays(seeded_library, text)
    assert seeded_library.search(text).relaxed  # the fallback really ran for this query


def test_small_index_forgives_on_lists_across_segments_and_deletions(
        library: Library, tmp_path: Path) -> None:
    abstracts = [f"Graph policy learning, study {i}, with neural bandits." for i in range(10)]
    library.add(_write_list(tmp_path / "extra.txt", "Workshop 2026 papers", abstracts))
    library.edit(library.search("graph policy").ids()[0], title="Moved graph")
    assert library.index._ranker(library.index._searcher)._dead
    for text in FORGIVEN + ["graph policy bandits unicorn", "neural study verifier"]:
        _assert_coordination_lists_equal_arrays(library, text)


def test_kept_term_scores_give_the_same_ranking_in_any_order(
        icml2023_library: Library) -> None:
    # A ranker keeps each term's scored postings (SCORED_TERMS_BYTES): the same query
    # ranks the same whatever the searches before it read, as a fresh ranker ranks it.
    index = icml2023_library.index
    searcher = index._searcher
    queries = [index._queries.build(text, True).query for text in QUERIES]
    fresh = {}
    for text, query in zip(QUERIES, queries, strict=True):
        docnums, scores = VectorRanker(searcher, ()).rank(query)
        fresh[text] = (docnums.tolist(), scores.tolist())
    kept = VectorRanker(searcher, ())
    pairs = list(zip(QUERIES, queries, strict=True))
    for text, query in [*pairs, *reversed(pairs)]:
        docnums, scores = kept.rank(query)
        assert (docnums.tolist(), scores.tolist()) == fresh[text], text


def test_a_boosted_group_with_one_word_found_leaves_the_word_s_scores_alone(
        icml2023_library: Library) -> None:
    # An OR whose other words are absent is that word's own postings; its boost must
    # make new scores rather than scale the ones kept for the word.
    from whoosh.query import Or, Term

    searcher = icml2023_library.index._searcher
    ranker = VectorRanker(searcher, ())
    word = Term("abstract", "reinforc")
    plain_docnums, plain_scores = ranker.rank(word)
    assert len(plain_docnums) > 10
    boosted = Or([word, Term("abstract", "zzzznotaword")], boost=3.0)
    for _ in range(2):
        docnums, scores = ranker.rank(boosted)
        assert docnums.tolist() == plain_docnums.tolist()
        assert np.allclose(scores, plain_scores * 3.0, rtol=1e-12, atol=0)
    again_docnums, again_scores = ranker.rank(word)
    assert again_scores.tolist() == plain_scores.tolist()
    assert again_docnums.tolist() == plain_docnums.tolist()


def test_kept_term_scores_stay_within_their_budget(icml2023_library: Library,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from index.search.engine import ranking

    monkeypatch.setattr(ranking, "SCORED_TERMS_BYTES", 64 * 1024)
    index = icml2023_library.index
    ranker = VectorRanker(index._searcher, ())
    for text in QUERIES:
        ranker.rank(index._queries.build(text, True).query)
        kept = sum(p.ids.nbytes + p.scores.nbytes for p in ranker._scored_terms.values())
        assert kept == ranker._scored_bytes <= 64 * 1024
    assert ranker._scored_terms  # some were kept
