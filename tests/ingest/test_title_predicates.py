"""index.ingest.phrases: a title's noun phrase ends where the authors' next verb begins
("We provide insights into X, and offer guidance …" titles "Insights into X"), but not
inside a relative or infinitive clause whose two verbs it joins. Made-up abstracts; each
expected title is what a reader would keep."""

from __future__ import annotations

import pytest

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
