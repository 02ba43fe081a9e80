"""index.ingest.name_first: a named method's derived title says its name first.

The phrases and the titles expected of them are written by hand, as a reader would put
"NAME: what it is"; the abstracts are made up for these tests.
"""

from __future__ import annotations

import pytest

from index.ingest.name_first import indefinite_article, name_in_front, without_name
from index.ingest.render import render
from index.ingest.titles import derive_name_and_title


@pytest.mark.parametrize(("phrase", "name", "title"), [
    # the name qualifies the kind at the phrase's head
    ("A FooDepth method to fuse the views of several cameras", "FooDepth",
     "FooDepth: a method to fuse the views of several cameras"),
    ("The QuickGrad algorithm for retraining models after deletions", "QuickGrad",
     "QuickGrad: an algorithm for retraining models after deletions"),
    ("A novel Bar-Net model which generalizes under distribution shift", "Bar-Net",
     "Bar-Net: a novel model which generalizes under distribution shift"),
    ("A K-Way optimization method for backdoor detection", "K-Way",
     "K-Way: an optimization method for backdoor detection"),
    ("The FooNet models for graphs", "FooNet", "FooNet: models for graphs"),
    # the name follows the kind
    ("A multi-agent environment GridToM where agents reason about beliefs", "GridToM",
     "GridToM: a multi-agent environment where agents reason about beliefs"),
    # the name given by a naming word, or set off at the end
    ("A novel template-free approach called R2G", "R2G",
     "R2G: a novel template-free approach"),
    ("A new 3D visual understanding benchmark named UniQB-3D", "UniQB-3D",
     "UniQB-3D: a new 3D visual understanding benchmark"),
    ("A novel strategy - that we call RobY - to generate robust counterfactuals", "RobY",
     "RobY: a novel strategy to generate robust counterfactuals"),
    ("An unsupervised method for peptide sequencing, PepNovo", "PepNovo",
     "PepNovo: an unsupervised method for peptide sequencing"),
    # what it does, a participle before its object (a held-out UAI 2024 abstract)
    ("A novel algorithm called LOTOS attaining the regret bound of order d√T", "LOTOS",
     "LOTOS: a novel algorithm attaining the regret bound of order d√T"),
    # what the name is, said right after it
    ("The HOTS model, a new detector of unusual inputs", "HOTS",
     "HOTS: a new detector of unusual inputs"),
    # one of a kind keeps its article
    ("The first approach for certifying updated models, ICert", "ICert",
     "ICert: the first approach for certifying updated models"),
])
def test_the_name_goes_in_front_of_what_it_is(phrase: str, name: str, title: str) -> None:
    assert name_in_front(phrase, name) == title


@pytest.mark.parametrize(("phrase", "name"), [
    ("The implicit bias of NetGen", "NetGen"),  # about the named thing, not what it is
    ("The calibration of L2X systems", "L2X"),  # the kind is not the phrase's head
    ("A new analysis of CountTree", "CountTree"),
    ("The SLTron algorithm of Kakade et al", "SLTron"),  # someone else's algorithm
    ("The CLRX Algorithmic Reasoning Benchmark", "CLRX"),  # a longer proper name
    ("A decision tree algorithm to build TSPx that learns the structure", "TSPx"),  # object
    # a noun in -ing is part of the name, no participle ("Poisson learning")
    ("A new framework, called Poisson learning, for graph based learning", "Poisson"),
])
def test_a_phrase_not_headed_by_the_named_kind_stays(phrase: str, name: str) -> None:
    assert name_in_front(phrase, name) is None


@pytest.mark.parametrize(("word", "article"), [
    ("algorithm", "an"), ("efficient", "an"), ("optimization", "an"), ("unsupervised", "an"),
    ("method", "a"), ("unified", "a"), ("useful", "a"), ("one-shot", "a"),
])
def test_indefinite_article(word: str, article: str) -> None:
    assert indefinite_article(word) == article


def test_a_derived_title_puts_an_attributive_name_first() -> None:
    abstract = ("Depth estimation from several cameras is hard when their views barely "
                "overlap. In this paper, we propose a FooDepth method to fuse the views of "
                "several cameras into one depth map. FooDepth outperforms single-view "
                "baselines on two driving datasets.")
    assert derive_name_and_title(abstract, render(abstract)) == (
        "FooDepth", "FooDepth: a method to fuse the views of several cameras into one depth map")


@pytest.mark.parametrize(("description", "name", "kept"), [
    # said again and set off: by a naming word, a dash, quotation marks, a parenthesis
    ("A novel framework, known as GraphCD, to generate molecules", "GraphCD",
     "A novel framework to generate molecules"),
    ("A method to build prediction intervals, called |EnbQI|", "EnbQI",
     "A method to build prediction intervals"),
    ("A simple framework — AutoIQ, for incorporating physics", "AutoIQ",
     "A simple framework for incorporating physics"),
    ("A novel video prior ‘VDQ’ framework which uses motion", "VDQ",
     "A novel video prior framework which uses motion"),
    ("A novel framework, “InfantNet,” for these tasks", "InfantNet",
     "A novel framework for these tasks"),
    ("A simple Hash-based Early Exiting approach HashEF)", "HashEF",
     "A simple Hash-based Early Exiting approach"),
    ("An evolutionary search framework, entitled EMTSG, for automated design", "EMTSG",
     "An evolutionary search framework for automated design"),
    ("A learned divergence, denoted as KSX, over sequences", "KSX",
     "A learned divergence over sequences"),
    # said plainly, it is a word of the description
    ("A Transformer-based approach with a MaskCLIQ visual encoder", "MaskCLIQ",
     "A Transformer-based approach with a MaskCLIQ visual encoder"),
    ("Novel constraints for GroupSort, MaxMix, and Householder activations", "MaxMix",
     "Novel constraints for GroupSort, MaxMix, and Householder activations"),
    # what would be left would not read
    ("The “KSD-C”, a novel divergence measure", "KSD-C",
     "The “KSD-C”, a novel divergence measure"),
    ('A procedure using the so-called model-free "HSIC-Lassp"', "HSIC-Lassp",
     'A procedure using the so-called model-free "HSIC-Lassp"'),
])
def test_a_description_says_its_name_once(description: str, name: str, kept: str) -> None:
    assert without_name(description, name) == kept


def test_a_derived_title_says_the_name_once() -> None:
    abstract = ("Designing molecules that bind to a protein is slow. We propose a novel and "
                "effective framework, known as GraphCD, to generate 3D molecules that bind "
                "to given protein pockets. GraphCD outperforms earlier generators.")
    assert derive_name_and_title(abstract, render(abstract)) == (
        "GraphCD", "GraphCD: A novel and effective framework to generate 3D molecules")


def test_a_hyphen_inside_a_word_sets_no_name_off() -> None:
    assert without_name("An extension of Graph-FooNet to directed graphs", "FooNet") == (
        "An extension of Graph-FooNet to directed graphs")


@pytest.mark.parametrize(("phrase", "name", "title"), [
    # kinds a title names beyond the name model's kind words
    ("A modernized open-vocabulary metric, OVMet", "OVMet",
     "OVMet: a modernized open-vocabulary metric"),
    ("A general acceleration methodology called NeuroSkip", "NeuroSkip",
     "NeuroSkip: a general acceleration methodology"),
    # a capitalised compound among the qualifiers
    ("A distributed, GPU-centric experience replay system, FastRep", "FastRep",
     "FastRep: a distributed, GPU-centric experience replay system"),
    # ", the NAME" at the end
    ("A novel network architecture, the ShapNet", "ShapNet",
     "ShapNet: a novel network architecture"),
    # the one the abstract made keeps its "the"
    ("The resulting representation, R4M", "R4M", "R4M: the resulting representation"),
    # "corpus" is no plural: it keeps its article
    ("A large multilingual speech corpus, named VoxPop", "VoxPop",
     "VoxPop: a large multilingual speech corpus"),
])
def test_more_kinds_and_forms_put_the_name_in_front(phrase: str, name: str,
                                                    title: str) -> None:
    assert name_in_front(phrase, name) == title


@pytest.mark.parametrize(("abstract", "title"), [
    ("Speech models are slow. In this work we describe a smaller, faster and more accurate "
     "speech transformer, called Quickformer.  Its changes include a new attention layout "
     "and a new optimizer.",
     "Quickformer: A smaller, faster and more accurate speech transformer"),
    ("Clustering is hard to tune. We study a new framework of learning mixture models via "
     "automatic clustering called MIXTO, wherein we optimize one joint objective on the "
     "parameters and the clusters.",
     "MIXTO: A new framework of learning mixture models via automatic clustering"),
    ("Search is unstable. Based on this observation, we propose a gradient-based noise "
     "regularization - CalmNAS (CNAS), to smooth the loss landscape and improve the "
     "generalizability of the search.",
     "CalmNAS: A gradient-based noise regularization"),
    ("Corpora are scarce. To achieve this, we construct a large-scale human-annotated Welsh "
     "speech recognition dataset, named WESPA. Our corpus contains 40,000 sentences.",
     "WESPA: A large-scale human-annotated Welsh speech recognition dataset"),
])
def test_a_name_set_off_at_the_end_of_its_description_goes_in_front(
        abstract: str, title: str) -> None:
    assert derive_name_and_title(abstract, render(abstract))[1] == title


def test_so_called_sets_off_no_name_of_ours() -> None:
    phrase = "Regularizing OT with the potential term associated with the so-called α-divergence"
    assert without_name(phrase, "α-divergence") == phrase
