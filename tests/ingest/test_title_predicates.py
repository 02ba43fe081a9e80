"""index.ingest.phrases: a title's noun phrase ends where the authors' next verb begins
("We provide insights into X, and offer guidance …" titles "Insights into X"), but not
inside a relative or infinitive clause whose two verbs it joins. Made-up abstracts; each
expected title is what a reader would keep."""

from __future__ import annotations

import pytest

from index.ingest.phrases import without_parentheses
from index.ingest.render import render
from index.ingest.titles import derive_name_and_title


@pytest.mark.parametrize(("abstract", "title"), [
    ("Prompt tuning is popular but poorly understood. We provide insights into its "
     "mechanisms, and offer guidance for its optimal use in practice.",
     "Insights into its mechanisms"),
    ("Corruptions of 3D data are many. We construct a taxonomy of common 3D corruptions and "
     "identify the atomic corruptions behind them.",
     "A taxonomy of common 3D corruptions"),
])
def test_the_phrase_ends_before_the_authors_next_verb(abstract: str, title: str) -> None:
    assert derive_name_and_title(abstract, render(abstract)) == (None, title)


def test_two_verbs_of_a_relative_clause_stay_together() -> None:
    abstract = ("Transfer learning methods are many and disconnected. We propose a novel "
                "framework that unifies and extends existing methods of transfer learning.")
    assert derive_name_and_title(abstract, render(abstract)) == (
        None, "A novel framework that unifies and extends existing methods of transfer learning")


@pytest.mark.parametrize(("text", "kept"), [
    # math's and functions' parentheses, glued to what they belong to, stay
    ("an E(3) equivariant generative model", "an E(3) equivariant generative model"),
    ("optimal O(d√T) bounds on the regret", "optimal O(d√T) bounds on the regret"),
    ("a poly(n)-time algorithm", "a poly(n)-time algorithm"),
    ("a bound of order T^(1/(1+δ))", "a bound of order T^(1/(1+δ))"),
    ("the form min_(x ∈ℝᵈ) f(x)", "the form min_(x ∈ℝᵈ) f(x)"),
    # a remark, set off by a space or glued to a word of prose, goes
    ("large language models (LLMs) for code", "large language models for code"),
    ("Stochastic Gradient Descent(SGD) procedure", "Stochastic Gradient Descent procedure"),
    ("methods based on CNN(convolutional neural networks)", "methods based on CNN"),
])
def test_only_remarks_in_parentheses_are_dropped(text, kept):
    """Derived titles dropped every parenthesis: "an E(3) equivariant model" became "an E
    equivariant model" and "O(d√T) bounds" "O bounds" (55 titles of the development and
    held-out lists)."""
    assert without_parentheses(text) == kept
