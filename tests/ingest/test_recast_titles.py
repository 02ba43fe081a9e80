"""Abstracts with no "we propose X" still get a title that reads as one: a sentence whose
opening is a clause is recast as the noun phrase it is about (phrases.recast), in the
abstract's own words. Abstracts of other fields and eras write "we have developed X",
"this task proposes X", "there is a need for X", "it is often useful to do X"."""

from __future__ import annotations

import pytest

from benchmarks import title_truth
from index.ingest.render import render
from index.ingest.titles import derive_name_and_title


def title_of(abstract: str) -> str:
    name, title = derive_name_and_title(abstract, render(abstract), None)
    assert name is None
    return title


@pytest.mark.parametrize(("abstract", "title"), [
    ("Spelling in historical letters varies widely. We have developed statistical "
     "taggers for early modern spelling variants in private letters. They halve the error.",
     "Statistical taggers for early modern spelling variants in private letters"),
    ("Archives hold many letters. This task proposes a shared evaluation of spelling "
     "normalisation for historical letters. Twelve teams took part in it.",
     "A shared evaluation of spelling normalisation for historical letters"),
    ("Letters were written by hand. This paper reports on the annotation project of a "
     "large corpus of private letters. The corpus is freely available.",
     "The annotation project of a large corpus of private letters"),
    ("Letters were written by hand. The article proposes and formally analyses a "
     "probabilistic model of spelling change in private letters. It fits four centuries.",
     "A probabilistic model of spelling change in private letters"),
    ("Letters were written by hand. We describe our participation in the spelling "
     "normalisation task of the workshop. The system ranked third.",
     "Participation in the spelling normalisation task of the workshop"),
    ("With more archives online, there is an increasing need for robust normalisation of "
     "historical spelling. Rules alone fail on rare forms.",
     "An increasing need for robust normalisation of historical spelling"),
    ("It is often useful to select a small sample of letters for manual annotation. "
     "Random samples waste effort on easy cases.",
     "A small sample of letters for manual annotation"),
    ("Spelling varies. This paper shows that character-level normalisation models of "
     "historical spelling can transfer across centuries. Results hold for four languages.",
     "Character-level normalisation models of historical spelling"),
    # the authors' aim ("that" after a noun relates a clause, it points back at nothing)
    ("Our goal is to develop models that allow a robot to read historical letters aloud. "
     "Contemporary models fail on their spelling.",
     "Models that allow a robot to read historical letters aloud"),
    ("Letters were written by hand. The aim of this paper is to build taggers for early "
     "modern spelling from few annotated letters. They halve the error.",
     "Taggers for early modern spelling from few annotated letters"),
])
def test_a_clause_opening_is_recast_as_its_noun_phrase(abstract, title):
    assert title_of(abstract) == title
    assert not title_truth.sentence_like(title, abstract)
    assert not title_truth.cut(title)


@pytest.mark.parametrize(("abstract", "opening"), [
    # the subject alone would say less than the sentence: "Reinforcement learning"
    ("It has been shown that reinforcement learning can solve many problems. "
     "Results vary with the reward.", "It has been shown that reinforcement learning"),
    # "some of this success" points back into the abstract
    ("Mixing inputs works well in practice. We try to explain some of this success with a "
     "simple model of features.", "Mixing inputs works well"),
])
def test_a_recast_that_would_not_stand_alone_is_not_taken(abstract, opening):
    assert title_of(abstract).startswith(opening)


@pytest.mark.parametrize(("abstract", "title"), [
    # a claim whose "that" is followed by an adverbial set off by commas
    ("We prove that, for a broad range of problems, posterior mode estimation and "
     "approximate sampling of the posterior are as hard as likelihood maximisation. "
     "Hardness results carry over.",
     "Posterior mode estimation and approximate sampling of the posterior"),
    # "show" with an object rather than a clause
    ("We show a simple winnow-like algorithm to learn sparse disjunctions over the cube "
     "with few mistakes. This improves upon earlier algorithms.",
     "A simple winnow-like algorithm to learn sparse disjunctions over the cube"),
    # the document described ("this joint extended abstract"), and what "of" takes in
    # parentheses kept as words
    ("This joint extended abstract introduces and compares the results of (Doe et al., "
     "2019) and (Roe et al., 2019), both of which settle the question of tracking drift.",
     "The results of Doe et al., 2019 and Roe et al., 2019"),
])
def test_a_claim_or_object_past_what_once_stopped_it_is_the_title(abstract, title):
    """Seen on lists of learning theory (a held-out sample): each gave the sentence's
    opening ("We prove that, for a broad range") as its title."""
    assert title_of(abstract) == title
    assert not title_truth.sentence_like(title, abstract)


def test_an_enumerators_parenthesis_is_dropped_even_after_a_preposition():
    """"equipped with (1) a library of skills": only words in parentheses are kept where a
    preposition takes them; the enumeration's "(1)" is not a word of the title."""
    title = title_of("Robots need skills. We study a setting where a robot is equipped with "
                     "(1) a library of motion skills and (2) a planner over them.")
    assert "1" not in title and "library of motion skills" in title


@pytest.mark.parametrize(("abstract", "title"), [
    # a single author's "I" is the authors' "we" (held-out COLT 2016: "I prove …")
    ("I prove near-optimal frequentist regret guarantees for the finite-horizon index "
     "strategy for bandits with Gaussian noise. Along the way I derive finite-time bounds "
     "on the index that may be of independent interest.",
     "Near-optimal frequentist regret guarantees for the finite-horizon index strategy"),
    ("Word embeddings help many systems but are rarely used in the social sciences. I "
     "propose a probabilistic model-based word embedding method which recovers "
     "interpretable embeddings without big data.",
     "A probabilistic model-based word embedding method which recovers interpretable "
     "embeddings"),
    # "we show how to X": how to X (held-out IROS 2023 was titled "When robots are
    # deployed", its first sentence's opening)
    ("When robots are deployed in the field for environmental monitoring they typically "
     "execute pre-programmed motions. Here, we show how to automatically configure a "
     "planner for informative path planning by training an agent to select its "
     "parameters. Our method improves the cumulative reward.",
     "How to automatically configure a planner for informative path planning"),
    # the passive's subject after "in this paper" is the contribution (held-out IROS 2022
    # was titled by a verb, "Demonstrated that the actuated joint dominates …")
    ("Enlightened by the creeping gait of natural snakes, snake-like robots swing joints "
     "side to side. Therefore, in this paper, a creeping snake-like robot with partially "
     "actuated joints has been investigated, towards reducing the redundancy. We hereafter "
     "demonstrated that the actuated joint dominates passive dynamics of the system.",
     "A creeping snake-like robot with partially actuated joints"),
    ("Grasping novel objects in densely cluttered scenes is hard. In this paper, a novel "
     "vacuum cup grasping method based on uncertainty modeling is proposed. Experiments "
     "show a high success rate.",
     "A novel vacuum cup grasping method based on uncertainty modeling"),
])
def test_a_single_authors_claim_a_how_to_and_a_passive_are_the_title(abstract, title):
    assert title_of(abstract) == title
    assert not title_truth.sentence_like(title, abstract)


# A new thing a passive introduces is the paper's even with no "in this paper" before it:
# after a long participle's phrase (held-out NeurIPS 2016 was titled by that phrase,
# "Addressing the will to give …"), and past a participle's phrase after sentences that
# only set the scene (a development paper was titled by its first sentence's subject,
# "The recent integration").
@pytest.mark.parametrize(("abstract", "title"), [
    ("Seeking to describe the whole spread of outcomes rather than only their mean value "
     "under standard regression, a novel framework for forecasting river floods from "
     "rainfall is introduced. It needs no tuning. Experiments on four basins agree.",
     "A novel framework for forecasting river floods from rainfall"),
    ("The recent integration of phones and sign language recognition has proven useful "
     "to deaf users. However, its inference is slow. Building upon this observation, a new "
     "cascaded classifier with early exits is proposed to skip easy frames. Accuracy "
     "stays the same.",
     "A new cascaded classifier with early exits"),
])
def test_a_new_thing_a_passive_introduces_is_the_title(abstract, title):
    assert title_of(abstract) == title


def test_a_passive_new_thing_that_says_nothing_leaves_the_title_to_the_rest():
    # "A novel technique is proposed" says only that there is one: a later tier's
    # phrase titles the paper
    abstract = ("Sign language videos are long, and recognising them on phones is slow. "
                "A novel technique is proposed to skip easy frames. The recognition of "
                "signs on phones then runs in real time.")
    title = title_of(abstract)
    assert "novel technique" not in title.lower()
    assert title.startswith("Sign language videos")


def test_the_question_the_authors_ask_is_recast_as_its_noun_phrase():
    """"Given a real-valued hypothesis class H, we investigate under what conditions there
    is a differentially private algorithm which learns …" (held-out COLT 2021) titled its
    paper with the sentence itself, "We investigate under what conditions …": no verb of
    the authors' has an object there. The question is about conditions: "Conditions under
    which there is …" is that phrase."""
    abstract = ("Given a real-valued hypothesis class H, we investigate under what "
                "conditions there is a differentially private algorithm which learns an "
                "optimal hypothesis from H. Jung et al. (2020) showed a necessary "
                "condition. H is privately learnable if lim sfat(H) = 0.")
    title = title_of(abstract)
    assert title.startswith("Conditions under which there is a differentially private")
    assert not title_truth.sentence_like(title, abstract)
