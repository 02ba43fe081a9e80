"""index.ingest.phrases: a derived title cut before a relative clause's object ends before
the clause ("A method to learn soft tactile sensor membrane dynamics that accounts" was a
title, its "for sensor deformations …" cut away). Made-up abstracts; each expected title is
what a reader would keep."""

from __future__ import annotations

import pytest

from index.ingest.phrases import without_dangling_relative
from index.ingest.render import render
from index.ingest.titles import UNNAMED_LIMIT, derive_name_and_title


@pytest.mark.parametrize(("abstract", "title"), [
    ("Deformable sensors make fine manipulation hard. Here, we propose a method to learn "
     "soft tactile sensor membrane dynamics that accounts for sensor deformations caused "
     "by the physical interaction between the grasped object and the environment.",
     "A method to learn soft tactile sensor membrane dynamics"),
    ("Margin bounds are loose for deep networks. We give a series of new and more "
     "favorable margin-based learning guarantees that depend on the empirical margin "
     "distribution of the predictor.",
     "A series of new and more favorable margin-based learning guarantees"),
    # the verb's own object is a "which" clause: both go
    ("Pruning needs retraining. We introduce layer fusion, a model compression technique "
     "that discovers which weights to combine and then fuses weights of similar "
     "fully-connected layers.",
     "Layer fusion, a model compression technique"),
])
def test_a_title_cut_after_a_relative_clauses_verb_ends_before_the_clause(
        abstract: str, title: str) -> None:
    derived = derive_name_and_title(abstract, render(abstract))[1]
    assert len(abstract.split(". ", 1)[1]) > UNNAMED_LIMIT  # so the phrase was cut
    assert derived == title


def test_a_relative_clause_that_fits_is_kept_whole() -> None:
    abstract = ("Skill discovery is slow. We propose a novel skill-learning algorithm that "
                "generalizes.")
    assert derive_name_and_title(abstract, render(abstract)) == (
        None, "A novel skill-learning algorithm that generalizes")


@pytest.mark.parametrize("phrase", [
    # "that" after a verb of finding opens what was found, not a relative clause
    "Recent empirical evidence indicates that transformer",
    # too little would be left
    "Methods that work",
    # a capitalised word after "that" is no relative clause's verb
    "A variety of objective functions for which we find that GD",
])
def test_what_is_no_dangling_relative_clause_is_left_alone(phrase: str) -> None:
    assert without_dangling_relative(phrase) == phrase


@pytest.mark.parametrize(("abstract", "title"), [
    ("Head scans are costly. We present a generative model for detailed and animatable 3D "
     "human head meshes on top of an articulated 3DMM which simultaneously models hair and "
     "skin with great detail.",
     "A generative model for detailed and animatable 3D human head meshes"),
    ("Graph rewiring is slow. We present the Batch Ollivier-Ricci Flow, a novel rewiring "
     "algorithm capable of simultaneously computing the curvature of thousands of edges "
     "within seconds.",
     "The Batch Ollivier-Ricci Flow, a novel rewiring algorithm"),
    ("Droplet routing is hard. We propose a multi-agent reinforcement learning "
     "droplet-routing solution that can be used for various sizes of biochips.",
     "A multi-agent reinforcement learning droplet-routing solution"),
    ("Labels are scarce for depth. We propose a new unsupervised cycle-consistent deep "
     "neural network that takes advantage of the geometry of stereo pairs to learn depth "
     "without any labels.", "A new unsupervised cycle-consistent deep neural network"),
])
def test_a_title_never_ends_in_an_idiom_cut_from_its_preposition(abstract: str,
                                                                  title: str) -> None:
    """"on top (of)", "takes advantage (of)" need what was cut: the phrase ends before."""
    assert derive_name_and_title(abstract, render(abstract))[1] == title


@pytest.mark.parametrize(("abstract", "title"), [
    ("Attention is costly. We propose a novel and generic mechanism based on evolving "
     "attention to improve the performance of transformers on long sequences.",
     "A novel and generic mechanism based on evolving attention"),
    ("Second-order methods are slow. We propose two new stochastic Gauss-Newton "
     "algorithms for solving a class of stochastic non-convex compositional problems.",
     "Two new stochastic Gauss-Newton algorithms"),
])
def test_a_title_never_ends_on_a_noun_cut_from_its_of(abstract: str, title: str) -> None:
    """"the performance", "a class" name nothing without what they are of: the phrase ends
    before the words that lead to them."""
    assert derive_name_and_title(abstract, render(abstract), strict=True)[1] == title


def test_a_noun_its_modifier_makes_specific_is_kept() -> None:
    abstract = ("Lower bounds are loose. We prove the first information-theoretic minimax "
                "lower bound on the sample complexity of learning sparse halfspaces under "
                "adversarial noise.")
    assert derive_name_and_title(abstract, render(abstract), strict=True)[1].endswith(
        "the sample complexity")


@pytest.mark.parametrize(("abstract", "title"), [
    # "that can learn" (to generate …): a modal's verb cut from its object
    ("Forecasting crowds is hard. We propose a joint crowd motion forecasting model that "
     "can learn to generate accurate and mutually consistent multi-agent future "
     "trajectories.",
     (None, "A joint crowd motion forecasting model")),
    # "that can be trained" (on …), after a name set off by a dash
    ("Labels are costly. We propose a lightweight point cloud encoder - PointLite, that can "
     "be trained on large-scale unlabelled indoor and outdoor scans without any "
     "ground-truth annotations. PointLite matches supervised encoders on three benchmarks.",
     ("PointLite", "PointLite: A lightweight point cloud encoder")),
])
def test_a_title_cut_after_a_modal_verb_ends_before_its_clause(
        abstract: str, title: tuple[str | None, str]) -> None:
    assert derive_name_and_title(abstract, render(abstract)) == title


def test_a_modal_clause_too_short_to_leave_a_title_is_left_alone() -> None:
    assert without_dangling_relative("A model that can learn") == "A model that can learn"


@pytest.mark.parametrize(("abstract", "title"), [
    # the cut before "to" left "crucial" of what the comma set off (ICLR 2024)
    ("Abstaining helps. We study the problem of classification with a reject option for a "
     "fixed zorb predictor, crucial to natural language processing and to many other "
     "applications of it.",
     "The problem of classification with a reject option for a fixed zorb predictor"),
    # ... and "one" (of the fundamental classes ...)
    ("Privacy adds up. We consider precise composition bounds of the overall privacy loss "
     "for exponential mechanisms, one of the fundamental classes of mechanisms in DP.",
     "Precise composition bounds of the overall privacy loss for exponential mechanisms"),
])
def test_a_title_cut_one_word_after_a_comma_ends_at_the_comma(abstract: str,
                                                               title: str) -> None:
    derived = derive_name_and_title(abstract, render(abstract))[1]
    assert len(abstract.split(". ", 1)[1]) > UNNAMED_LIMIT  # so the phrase was cut
    assert derived == title


def test_a_name_set_off_by_a_comma_is_kept_when_the_phrase_is_cut_after_it() -> None:
    """A lowercase-first name after the comma (openEASE, ICRA 2017) is the phrase's
    content, not the first word of a clause the cut left."""
    abstract = ("Simulation is costly. We introduce a mental simulation service for manipulation "
                "robots on a cloud engine, zorbEASE to describe the world model and the state "
                "of the agent in any task.")
    assert derive_name_and_title(abstract, render(abstract))[1].endswith(", zorbEASE")


def test_a_comma_between_adjectives_is_not_where_a_phrase_ends() -> None:
    """"a fast, accurate solver": the one word after the comma is an adjective the noun
    still follows, so the phrase is not cut back to "a fast"."""
    from index.ingest.phrases import shorten

    text = ("explicit zorb gradient expressions and a fast, accurate, and hyperparameter-free "
            "Fréchet mean solver")
    assert not shorten(text, 90).endswith(" a fast")


@pytest.mark.parametrize(("abstract", "title"), [
    # a relative clause opened, then an adverbial set off: cut inside it (ICML 2022)
    ("Minds are hard to model. We introduce a multi-agent zorb environment where, like in "
     "real life, all agents can speak, listen, see other agents, and move freely.",
     "A multi-agent zorb environment"),
    # (UAI 2019)
    ("Confounders are everywhere. We consider the problem of precision matrix zorbing where, "
     "due to extraneous confounding of the underlying precision matrix, the data are "
     "independent but not identically distributed.",
     "The problem of precision matrix zorbing"),
])
def test_a_where_clause_cut_after_its_comma_is_left_out(abstract: str, title: str) -> None:
    assert derive_name_and_title(abstract, render(abstract))[1] == title


def test_a_compound_adjective_in_ing_opens_no_clause() -> None:
    """"a simple, iterative, sketching-based algorithm for RFDA" (UAI 2019) was cut to "A
    simple, iterative": ", sketching" read as a participle opening a clause."""
    abstract = ("Discriminant analysis is slow. In this paper, we present a simple, iterative, "
                "sketching-based algorithm for zorb analysis that comes with provable accuracy "
                "guarantees when compared to the conventional approach.")
    assert derive_name_and_title(abstract, render(abstract))[1] == \
        "A simple, iterative, sketching-based algorithm for zorb analysis"


@pytest.mark.parametrize(("abstract", "title"), [
    # a gerund in a list of nouns (ICRA 2018) ...
    ("Soft robots crawl. This paper presents the design, fabrication, modeling, and "
     "performance characterization of a zorb robot.",
     "The design, fabrication, modeling, and performance characterization of a zorb robot"),
    # ... or of actions (ICLR 2024)
    ("Retrieval is shallow. We introduce the approach of recursively embedding, "
     "clustering, and summarizing zorb text.",
     "The approach of recursively embedding, clustering, and summarizing zorb text"),
    # a participle that opens a clause, with one coordinated: still where the phrase ends
    ("Privacy costs accuracy. We study adaptive zorb methods, proposing and analyzing "
     "private variants of a stochastic algorithm.",
     "Adaptive zorb methods"),
])
def test_a_gerund_listed_with_nouns_opens_no_clause(abstract: str, title: str) -> None:
    assert derive_name_and_title(abstract, render(abstract))[1] == title


def test_a_cut_at_a_word_never_splits_a_capitalised_name() -> None:
    """"… a planning method called Pareto Monte Carlo Tree Search which …" (RSS 2019) had
    no phrase boundary within the limit and was cut "… Pareto Monte Carlo Tree…": a run of
    capitalised words is a name, said whole when it ends a little past the limit."""
    abstract = ("Robots must explore. We present an anytime multi-objective informative zorbings "
                "method called Pareto Monte Carlo Tree Search which allows the robot to handle "
                "competing objectives.")
    assert derive_name_and_title(abstract, render(abstract))[1] == (
        "An anytime multi-objective informative zorbings method called Pareto Monte Carlo Tree "
        "Search")


@pytest.mark.parametrize(("abstract", "title"), [
    # "with the aim" (of …), IROS 2015; "in a way" (that …), ICML 2023
    ("Phenotyping needs sensing. We present a new method for actively exploring a 3D zorb "
     "region of space with the aim of reconstructing the plant and its leaves.",
     "A new method for actively exploring a 3D zorb region of space"),
    ("Composition helps. We study the problem of training subtask zorb policies in a way "
     "that allows them to be used to solve a wide variety of new tasks.",
     "The problem of training subtask zorb policies"),
])
def test_a_title_never_ends_on_a_purpose_noun_cut_from_what_it_is(abstract: str,
                                                                 title: str) -> None:
    from benchmarks import title_truth

    assert derive_name_and_title(abstract, render(abstract))[1] == title
    assert title_truth.cut(title + " with the goal")
