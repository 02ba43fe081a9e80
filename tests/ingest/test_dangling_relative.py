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
