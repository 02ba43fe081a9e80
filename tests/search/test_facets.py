"""Facets from the abstracts (`has:code`, `has:link`, `has:name`) and the method-name
index (`named:`), as filters that never change a score (#15)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from index import Library
from index.models import Paper
from index.search.facets import facets_of, is_code_link, links

CODE = ("We propose TRACER, a tracing method for sparse gradient flows in deep networks. "
        "Code is available at https://github.com/example/tracer.")
CODE_BARE = ("We introduce a benchmark of robotic grasping tasks with sparse rewards. Our "
             "models are released at huggingface.co/example/grasp for reuse.")
PAGE = ("We propose FLUXNET, a flux network for sparse weather forecasting. Videos are on "
        "our project page at https://example.github.io/fluxnet/.")
CLAIM = ("We introduce TRACER, a tracer for reinforcement learning agents that explains "
         "their sparse decisions by tracing the reward.")
CLAIM_AGAIN = ("This paper presents Tracer, an interpretable tracing method for sparse "
               "language models that scales to billions of parameters.")
PLAIN = ("We study the convergence of stochastic gradient descent on sparse convex "
         "problems and prove matching lower bounds for the rate.")
ABSTRACTS = [CODE, CODE_BARE, PAGE, CLAIM, CLAIM_AGAIN, PLAIN]


def _paper(abstract: str, **kwargs) -> Paper:
    return Paper(id="x", title="t", title_derived=True, name=kwargs.pop("name", None),
                 authors=[], venue=None, year=None, abstract=abstract,
                 abstract_source=abstract, **kwargs)


@pytest.fixture
def faceted(tmp_path, write_list) -> Iterator[Library]:
    """These abstracts alone (the seeds have a TRACER of their own)."""
    with Library(tmp_path / "home", seed=False) as library:
        library.add(write_list("facets.txt", ABSTRACTS))
        yield library


def _abstracts(library: Library, query: str) -> set[str]:
    return {library.paper(pid).abstract for pid in
            library.search(query, complete_last=False).ids()}


def test_code_and_other_links_are_told_apart() -> None:
    assert links("see https://github.com/a/b. Or www.example.org/x, (arxiv.org/abs/1)") == [
        "https://github.com/a/b", "www.example.org/x", "arxiv.org/abs/1"]
    for url in ("https://github.com/a/b", "gitlab.com/x", "https://huggingface.co/m",
                "http://www.bitbucket.org/y", "https://colab.research.google.com/d"):
        assert is_code_link(url), url
    for url in ("https://example.github.io/p", "https://arxiv.org/abs/1", "notgithub.com/x",
                "https://github.com.evil.example/x"):
        assert not is_code_link(url), url
    assert facets_of(_paper(PLAIN)) == []
    assert facets_of(_paper(PLAIN, url="https://openreview.net/forum?id=1")) == []
    assert facets_of(_paper(PLAIN, url="https://github.com/a/b")) == ["code"]
    assert facets_of(_paper(PAGE, name="FLUXNET")) == ["link", "name"]
    assert facets_of(_paper(PLAIN, name="3.0")) == []  # a number is not a method's name


def test_has_filters_select_by_what_the_abstract_offers(faceted: Library) -> None:
    assert _abstracts(faceted, "sparse has:code") == {CODE, CODE_BARE}
    assert _abstracts(faceted, "sparse has:link") == {CODE, CODE_BARE, PAGE}
    assert _abstracts(faceted, "sparse -has:link") == {CLAIM, CLAIM_AGAIN, PLAIN}
    assert _abstracts(faceted, "sparse has:link -has:code") == {PAGE}
    named = _abstracts(faceted, "sparse has:name")
    assert {CODE, PAGE, CLAIM, CLAIM_AGAIN} <= named and PLAIN not in named
    assert _abstracts(faceted, "has:code") == {CODE, CODE_BARE}  # a filter alone


def test_filters_never_change_a_score(faceted: Library) -> None:
    every = dict(zip(faceted.search("sparse").ids(), faceted.search("sparse").scores,
                     strict=True))
    for query in ("sparse has:code", "sparse -has:link", "sparse named:tracer",
                  "sparse has:name is:unread"):
        found = faceted.search(query)
        assert found.ids(), query
        assert all(every[pid] == score for pid, score in
                   zip(found.ids(), found.scores, strict=True)), query


def test_a_facet_still_being_typed_is_ignored_and_a_wrong_one_said(faceted: Library) -> None:
    assert faceted.search("sparse has:co").ids() == faceted.search("sparse").ids()
    wrong = faceted.search("sparse has:video")
    assert "has:video is not a filter" in (wrong.error or "")


def test_facet_sets_are_read_once_per_index_generation(faceted: Library) -> None:
    index = faceted.index
    searcher = index._searcher
    first = index.facet_docs(searcher, "code")
    assert index.facet_docs(searcher, "code") is first
    faceted.edit(faceted.search("sparse has:code").ids()[0], title="Edited")
    assert index._searcher is not searcher
    assert len(index.facet_docs(index._searcher, "code")) == 2  # the edit kept its link


def test_the_method_name_index_groups_spellings(faceted: Library) -> None:
    names = dict(faceted.method_names())
    tracer = [name for name in names if name.casefold() == "tracer"]
    assert tracer == ["TRACER"]  # two of three write it so
    claimed = {faceted.paper(pid).abstract for pid in names["TRACER"]}
    assert claimed == {CODE, CLAIM, CLAIM_AGAIN}
    assert set(faceted.papers_named("tracer")) == set(names["TRACER"])
    assert faceted.papers_named("no such method") == ()
    assert _abstracts(faceted, 'named:"Tracer"') == {CODE, CLAIM, CLAIM_AGAIN}
    assert _abstracts(faceted, "named:tracer has:code") == {CODE}
    assert _abstracts(faceted, "sparse -named:tracer") == {CODE_BARE, PAGE, PLAIN}
    assert list(faceted.method_names())[0][0] == "TRACER"  # the most claimed first


def test_filters_of_one_kind_join_with_or(faceted: Library) -> None:
    ids = {faceted.paper(pid).abstract: pid for pid in faceted.store.ids()}
    faceted.tag([ids[PAGE]], ["to read"])
    faceted.tag([ids[PLAIN]], ["maybe"])
    assert _abstracts(faceted, 'tag:"to read" OR tag:maybe') == {PAGE, PLAIN}
    assert _abstracts(faceted, '(tag:"to read" OR tag:maybe) convergence') == {PLAIN}
    assert _abstracts(faceted, 'tag:"to read" tag:maybe') == set()  # both at once
    assert _abstracts(faceted, "sparse -tag:maybe -tag:nobody") == set(ABSTRACTS) - {PLAIN}
    assert _abstracts(faceted, "has:code OR has:link") == {CODE, CODE_BARE, PAGE}
    mixed = faceted.search("tag:maybe OR has:code")
    assert mixed.ids() == [] and "OR joins filters of one kind" in (mixed.error or "")


def test_name_claims_never_build_the_index_and_sync_keeps_it_current(faceted: Library,
                                                                     write_list) -> None:
    """What the abstract pane asks on the UI thread: None until the index is built (the
    app's warm-up builds it), then counts that follow the lists."""
    assert faceted.name_claims("TRACER") is None
    faceted.warm_up()
    assert faceted.name_claims("Tracer") == 3 and faceted.name_claims("FLUXNET") == 1
    faceted.add(write_list("more.txt", [
        "We propose TRACER, a trace estimator for large sparse matrices from few samples."]))
    assert faceted.name_claims("TRACER") == 4
