"""index.ingest.phrases: a title cut to a phrase that names nothing ("A novel approach")
says what the contribution is for instead. The phrases are made up for these tests; each
expected title is what a reader would keep of it."""

from __future__ import annotations

import pytest

from index.ingest.phrases import says_nothing, shorten
from index.ingest.render import render
from index.ingest.titles import derive_name_and_title


@pytest.mark.parametrize("phrase", ["A novel approach", "A simple yet effective framework",
                                    "Two new metrics", "An algorithm", "The estimators"])
def test_phrases_that_name_nothing(phrase: str) -> None:
    assert says_nothing(phrase)


@pytest.mark.parametrize("phrase", ["A sparse attention mechanism", "A novel estimator of risk",
                                    "Tactile simulation", ""])
def test_phrases_that_name_something(phrase: str) -> None:
    assert not says_nothing(phrase)


def test_an_empty_head_keeps_what_it_is_for_up_to_a_comma() -> None:
    text = ("A novel estimator of the classification risk, theoretically analyze its bias "
            "and show that it is consistent under mild conditions")
    assert shorten(text, 60) == "A novel estimator of the classification risk"


def test_an_empty_head_is_cut_at_a_word_rather_than_inside_a_pair() -> None:
    text = ("A novel approach for efficiently simulating both the normal and shear tactile "
            "force field covering the entire contact surface with any sensor layout")
    assert shorten(text, 90) == ("A novel approach for efficiently simulating both the "
                                 "normal and shear tactile force field…")


def test_a_pair_is_passed_over_for_the_comma_before_it() -> None:
    text = ("The general class of time-homogeneous stochastic dynamical systems, both "
            "discrete and continuous in time, with applications everywhere")
    assert shorten(text, 95) == ("The general class of time-homogeneous stochastic "
                                 "dynamical systems")


def test_a_head_that_names_something_is_cut_as_before() -> None:
    text = ("A sparse attention mechanism for long documents that scales linearly with "
            "their length and keeps the accuracy of dense attention on every benchmark")
    assert shorten(text, 40) == "A sparse attention mechanism"


def test_a_derived_title_says_what_the_novel_approach_is_for() -> None:
    abstract = ("Simulating tactile sensors quickly could let robots learn manipulation "
                "policies in simulation. We present a novel approach for efficiently "
                "simulating both the normal and shear tactile force field covering the "
                "entire contact surface with an arbitrary sensor layout. Policies trained "
                "with it transfer to real sensors without fine-tuning.")
    assert derive_name_and_title(abstract, render(abstract)) == (
        None, "A novel approach for efficiently simulating both the normal and shear "
              "tactile force field…")


def test_an_empty_head_takes_the_name_a_colon_gives_it() -> None:
    abstract = ("Existing bias amplification metrics consider one attribute at a time. To "
                "address this, we propose a new metric: Multi-Group Skew Amplification. We "
                "validate it on three image datasets.")
    assert derive_name_and_title(abstract, render(abstract))[1] == (
        "A new metric: Multi-Group Skew Amplification")


def test_an_empty_head_takes_what_a_dash_sets_off() -> None:
    abstract = ("Valuing a data point within one dataset says little about new data. We "
                "propose a novel framework – distributional scoring – where the value of a "
                "point depends on the distribution it is drawn from.")
    assert derive_name_and_title(abstract, render(abstract))[1] == (
        "A novel framework – distributional scoring")


def test_a_head_that_names_something_ends_at_the_colon() -> None:
    abstract = ("Models forget. We propose a replay buffer for continual segmentation: it "
                "keeps one example of each class and rehearses them.")
    assert derive_name_and_title(abstract, render(abstract))[1] == (
        "A replay buffer for continual segmentation")


def test_no_cut_leaves_half_a_pair() -> None:
    text = ("Policies that exploit both the contact forces and the slip signals of a "
            "gripper without any further training")
    # the only "and" within 60 characters is the pair's own: cut there, "both the contact
    # forces" would dangle, so the text is cut at a word
    assert shorten(text, 60) == "Policies that exploit both the contact forces and the slip…"


def test_an_empty_description_of_a_name_takes_what_the_name_is_for() -> None:
    abstract = ("Personalized federated learning is costly on small devices. To overcome "
                "this, we propose a novel approach named FooGate for efficient personalized "
                "learning by adaptively learning sparse local models. FooGate reaches the "
                "accuracy of dense models with a tenth of their memory.")
    assert derive_name_and_title(abstract, render(abstract)) == (
        "FooGate", "FooGate: a novel approach for efficient personalized learning by "
                   "adaptively learning sparse local models")


def test_a_description_that_names_something_is_kept_as_it_is() -> None:
    abstract = ("Dense encoders are slow on large networks. We propose a sparse graph encoder "
                "named FooNet for efficient link prediction. FooNet is ten times faster than "
                "dense encoders.")
    assert derive_name_and_title(abstract, render(abstract)) == (
        "FooNet", "FooNet: a sparse graph encoder")


def test_a_quotation_cut_before_its_end_loses_its_opening_mark() -> None:
    abstract = ("Vision language models align whole images with whole captions. We propose a "
                "new method to perform ‘multi-grained vision language pre-training.’ The key "
                "is to locate visual concepts given the associated texts.")
    assert derive_name_and_title(abstract, render(abstract))[1] == (
        "A new method to perform multi-grained vision language pre-training")
