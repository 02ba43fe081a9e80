"""What changed between two lists (`Library.trends`), on a real library in a temp dir:
two small lists written here, where one phrase clearly rises and one word clearly falls."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from index import Library, LibraryError
from index.search.trends import log_odds_z

TOPICS = [
    "We study sparse attention for long documents and prove tight bounds on its error",
    "A new benchmark measures how well agents plan in unfamiliar mazes",
    "We analyse the convergence of stochastic gradient descent under heavy-tailed noise",
    "Our method compresses neural networks by pruning redundant channels",
    "Federated clients with skewed data learn a shared model with fewer rounds",
    "We give an algorithm for online matching with a competitive ratio of one half",
    "Causal discovery from observational data is made robust to hidden confounders",
    "We learn physical simulators that generalise across materials and shapes",
    "Active learning picks the most informative examples for annotation",
    "Privacy guarantees for synthetic tabular data are studied under composition",
    "We propose a metric for the calibration of classifiers under label shift",
    "Graph partitioning heuristics are improved with learned node orderings",
    "A theory of in-context learning explains when transformers imitate algorithms",
    "We bound the sample complexity of offline reinforcement learning with coverage",
]
FILLER = ["Experiments on standard benchmarks confirm the theory",
          "Code and data are released for reproducibility",
          "Ablations show which parts of the method matter most"]


def abstracts(extra: str, count: int, every: int = 1) -> list[str]:
    """`count` distinct abstracts; every `every`-th one also says `extra`."""
    out = []
    for number, (topic, filler) in enumerate(zip(TOPICS, itertools.cycle(FILLER),
                                                 strict=False)):
        if number == count:
            break
        said = f" {extra}." if extra and number % every == 0 else ""
        out.append(f"{topic}.{said} {filler}, and the results hold on {number + 2} datasets.")
    return out


@pytest.fixture
def two_lists(home, write_list) -> Library:
    """`older`: kernel methods in most papers, no diffusion; `newer`: diffusion models in
    most papers, kernels in none."""
    library = Library(home, seed=False)
    library.add(write_list("older.txt", abstracts(
        "Kernel methods give the baseline we compare with", 14, every=1), title="ICML 2023"))
    library.add(write_list("newer.txt", [
        f"Using diffusion models, {text[0].lower()}{text[1:]}" if number % 4 != 3 else text
        for number, text in enumerate(abstracts("", 14))], title="ICML 2024"))
    yield library
    library.close()


def papers_saying(library: Library, list_name: str, words: str) -> set[str]:
    """The ids of the list's papers whose abstract says `words`, read from the store."""
    return {paper.id for paper in library.select(list_name=list_name)
            if words in paper.abstract.lower()}


def test_the_phrase_that_rose_tops_the_list_with_its_papers(two_lists):
    found = two_lists.trends("older", "newer")
    top = found.rising[0]
    assert top.label == "diffusion models"
    assert top.kind == "term"
    assert set(top.ids_b) == papers_saying(two_lists, "newer", "diffusion models")
    assert top.ids_a == ()
    assert top.count_b == 11 and top.share_b == pytest.approx(11 / 14)
    assert top.z > 1.96
    assert (found.list_a, found.list_b, found.papers_a, found.papers_b) == \
        ("older", "newer", 14, 14)


def test_the_word_that_fell_is_listed_as_falling(two_lists):
    found = two_lists.trends("older", "newer")
    falling = {trend.label.lower(): trend for trend in found.falling}
    kernel = falling["kernel methods"]  # the phrase, not its words, when they say the same
    assert set(kernel.ids_a) == papers_saying(two_lists, "older", "kernel")
    assert kernel.ids_b == () and kernel.z < -1.96
    # Nothing that appears equally in both lists is said to have changed.
    every = {t.label for t in (*found.rising, *found.falling)}
    assert not every & {"experiments", "benchmarks", "code", "ablations"}


def test_swapping_the_lists_swaps_rising_and_falling(two_lists):
    forward = two_lists.trends("older", "newer")
    backward = two_lists.trends("newer", "older")
    assert [t.key for t in backward.falling] == [t.key for t in forward.rising]
    assert [round(t.z, 9) for t in backward.falling] == [round(-t.z, 9) for t in forward.rising]


def test_a_trend_query_finds_the_papers_it_counted(two_lists):
    two_lists.sync()
    for trend in two_lists.trends("older", "newer").rising[:3]:
        assert set(two_lists.search(trend.query, complete_last=False).ids()) == \
            set(trend.ids_a) | set(trend.ids_b), trend.query


def test_function_words_links_and_phrases_across_sentences_are_no_terms(home, write_list):
    said = ("Through our findings we show this. Models improve; see https://github.com/x/y "
            "for code")
    library = Library(home, seed=False)
    library.add(write_list("a.txt", abstracts("", 12), title="ICML 2023"))
    library.add(write_list("b.txt", abstracts(said, 12), title="ICML 2024"))
    keys = {t.key for t in library.trends("a", "b", limit=100).rising}
    assert keys, "the words said only in b should rise"
    assert not keys & {"through", "our", "our find", "http", "github.com", "github"}
    assert "show model" not in keys  # "show this. Models": the full stop ends the phrase
    assert {"find", "find show"} & keys  # "findings (we) show": words said only in b
    library.close()


def test_unknown_or_equal_lists_are_refused_by_name(two_lists):
    with pytest.raises(LibraryError, match=r"no list named 'nope' \(lists: newer, older\)"):
        two_lists.trends("older", "nope")
    with pytest.raises(LibraryError, match="two different lists"):
        two_lists.trends("older", "older")
    with pytest.raises(LibraryError, match="at least 1"):
        two_lists.trends("older", "newer", limit=0)


def test_the_measure_behaves_like_a_significance_test():
    zero_delta, zero_z = log_odds_z(np.array([10.0]), 100, np.array([20.0]), 200)
    assert abs(zero_delta[0]) < 0.01 and abs(zero_z[0]) < 0.01  # the same share: no change
    _, up = log_odds_z(np.array([5.0]), 100, np.array([20.0]), 100)
    _, down = log_odds_z(np.array([20.0]), 100, np.array([5.0]), 100)
    assert up[0] == pytest.approx(-down[0]) and up[0] > 2
    _, more = log_odds_z(np.array([50.0]), 1000, np.array([200.0]), 1000)
    assert more[0] > 2 * up[0]  # the same shares on ten times the papers: surer
    _, never = log_odds_z(np.array([0.0]), 100, np.array([6.0]), 100)
    assert np.isfinite(never[0]) and 0 < never[0] < up[0]  # a term absent from A


@pytest.mark.slow  # imports and indexes 3,100 real papers: most of a minute here
def test_icml_2022_to_2023_sees_diffusion_and_language_models_rise(tmp_path, icml2023_path):
    icml2022 = icml2023_path.with_name("icml2022.json")
    if not icml2022.is_file():
        pytest.skip(f"{icml2022} is absent")
    with Library(tmp_path, seed=False) as library:
        library.add_all([icml2022, icml2023_path])
        found = library.trends("icml2022", "icml2023", limit=10)
    rising = [t.label.lower() for t in found.rising]
    assert rising[0] == "diffusion models"
    assert any("language" in label for label in rising[:5])
    assert "prompt" in rising


KERNELS = ["kernel ridge regression", "Gaussian process kernels", "random Fourier features",
           "kernel mean embeddings", "the neural tangent kernel", "Nystrom approximations"]
DIFFUSION = ["diffusion models for images", "score-based generative models",
             "denoising diffusion samplers", "text-to-image diffusion", "latent diffusion",
             "video diffusion models"]


def research(subjects: list[str], words: str) -> list[str]:
    return [f"We study {subject}{' ' + words if number % 2 else ''}. Our analysis of "
            f"{subject} gives {words} on {number + 3} benchmarks."
            for number, subject in enumerate(subjects * 2)]


def test_topics_rise_and_fall_with_their_papers(home, write_list):
    library = Library(home, seed=False)
    library.add(write_list("older.txt", research(KERNELS, "tight generalization bounds"),
                           title="ICML 2023"))
    library.add(write_list("newer.txt", research(DIFFUSION, "better sample quality"),
                           title="ICML 2024"))
    found = library.trends("older", "newer")
    assert found.topic_map  # adding a list builds the meaning space, topics included
    topics = found.topics_rising + found.topics_falling
    assert found.topics_rising and found.topics_falling
    for trend in topics:
        topic_id = int(trend.key.removeprefix("topic:"))
        for listed, ids in (("older", trend.ids_a), ("newer", trend.ids_b)):
            assert set(ids) == {p.id for p in library.select(list_name=listed)
                                if library.topic_of(p.id).id == topic_id}
        assert trend.label == library.topic_of((trend.ids_a + trend.ids_b)[0]).label
        assert set(library.search(trend.query, complete_last=False).ids()) == \
            set(trend.ids_a) | set(trend.ids_b)
    assert all(t.z > 0 for t in found.topics_rising)
    assert all(t.z < 0 for t in found.topics_falling)
    library.close()
