"""index.titles: the name an abstract introduces, and a title made from its own words.

EXPECTED_NAMES was written by reading each of the 33 unique seed abstracts by hand.
"""

from __future__ import annotations

import json
import re

import pytest

from index.ingest.render import render
from index.ingest.titles import derive_name_and_title

from ..locations import SEED_FILES, seed_abstracts

# A distinctive snippet of each unique seed abstract -> the name a careful reader would give
# the method or system it introduces (None: it introduces no named method).
EXPECTED_NAMES: dict[str, str | None] = {
    # icml2026_papers.txt
    "we propose **One-Way Policy Optimization (OWPO)**": "OWPO",
    "These insights motivate **TRACER**": "TRACER",
    "we propose PerContrast, a self-contrast method": "PerContrast",  # PerCE builds on it
    "computability of such generalization bounds": None,  # C-RASP is the object of study
    "we propose Trifuse, an attention-based": "Trifuse",
    "we propose **Faithful-Agent**": "Faithful-Agent",
    "increased sycophantic behavior after preference-based": None,
    "we derive gradient noise scales for signSGD": None,  # signSGD/Muon/GNS are prior work
    "we introduce ManiSoft, a benchmark": "ManiSoft",
    "we propose AdaMeZO, a zeroth-order optimizer": "AdaMeZO",  # not MeZO (prior work)
    "Test-time Prompt Tuning (SS-TPT)": "SS-TPT",
    "autoregressive flow matching (HB-ARFM)": "HB-ARFM",
    "D**e**sign (ConGLUDe)": "ConGLUDe",
    "we derive the Drift Variation Score (DVS)": "DVS",
    "We introduce LazyStack, a method": "LazyStack",
    "we propose Janus-LoRA, a framework": "Janus-LoRA",  # not LoRA, not its components
    "\\emph{Risk-Bounded Distribution Reconstruction} (RBDR)": "RBDR",
    "Euler--Poincar\\'e Neural Dynamics (EPND)": "EPND",
    "we introduce UniJEPA, which acquires": "UniJEPA",  # not VLA (prior work)
    # icml2026_papers_zh.txt
    "we introduce Artemis, a perception-policy": "Artemis",
    "general $f$-divergence regularization remains": None,  # RLHF is the field
    "two structurally initialized LoRA variants": None,  # an unnamed initialization scheme
    "We propose Collaborative Reasoning (CoRe)": "CoRe",
    "\\textbf{S}upport-\\textbf{P}reserving": "SPAR",
    "meta-connectivity structure": None,
    "we propose CorrectionPlanner, an autoregressive": "CorrectionPlanner",
    "We further introduce NanoAssemblyGym": "NanoAssemblyGym",  # the only named artifact
    "sharp analysis of KL-UCB": None,  # KL-UCB is prior work (Zhao et al.)
    "we develop **MM-DeepResearch**": "MM-DeepResearch",  # Hyper-Search/DR-TTS are parts
    "*Trust Region Inverse Reinforcement Learning (TRIRL)*": "TRIRL",  # not IRL (the field)
    "through the lens of latent geometry": None,  # InfoNCE, MuJoCo are prior work
    "We introduce ThetaEvolve, an open-source": "ThetaEvolve",  # not AlphaEvolve
    "we propose SCOUT (Sub-Scale Collaboration On Unseen Tasks)": "SCOUT",
}

# Titles worked out by hand from the rules: acronym -> its expansion; else the appositive.
EXPECTED_TITLES = {
    "OWPO": "OWPO: One-Way Policy Optimization",
    "TRACER": "TRACER: Trajectory-Robust Anchoring for Contrastive Encoder Regularization",
    "Trifuse": "Trifuse: an attention-based grounding framework that explicitly integrates "
    "complementary spatial anchors",
    "Artemis": "Artemis: a perception-policy learning method that performs structured visual reasoning",
    "SS-TPT": "SS-TPT: Stability and Suitability-guided Test-time Prompt Tuning",
    "ConGLUDe": "ConGLUDe: Contrastive Geometric Learning for Unified Computational Drug Design",
    "SPAR": "SPAR: Support-Preserving Action Rectification",
    "EPND": "EPND: Euler–Poincaré Neural Dynamics",
    "SCOUT": "SCOUT: Sub-Scale Collaboration On Unseen Tasks",
    "CoRe": "CoRe: Collaborative Reasoning",
    "DVS": "DVS: Drift Variation Score",
    "LazyStack": "LazyStack: a method for efficient model ensemble inference",
    "ManiSoft": "ManiSoft: a benchmark for vision-language manipulation with soft arms",
    "MM-DeepResearch": "MM-DeepResearch: a powerful multimodal deep research agent",
}

WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def unique_seed_abstracts() -> list[str]:
    """Each paragraph after the title line of both seed lists, once."""
    seen: dict[str, None] = {}
    for path in SEED_FILES:
        for paragraph in seed_abstracts(path):
            seen.setdefault(paragraph, None)
    return list(seen)


def derive(source: str) -> tuple[str | None, str]:
    return derive_name_and_title(source, render(source))


def test_the_table_covers_every_seed_abstract_once():
    abstracts = unique_seed_abstracts()
    assert len(abstracts) == 33
    for abstract in abstracts:
        matches = [snippet for snippet in EXPECTED_NAMES if snippet in abstract]
        assert len(matches) == 1, (abstract[:80], matches)


@pytest.mark.parametrize(("snippet", "expected"), EXPECTED_NAMES.items(), ids=lambda v: str(v)[:30])
def test_seed_name(snippet, expected):
    abstract = next(a for a in unique_seed_abstracts() if snippet in a)
    name, title = derive(abstract)
    assert name == expected
    if expected in EXPECTED_TITLES:
        assert title == EXPECTED_TITLES[expected]
    elif expected is not None:
        assert title.startswith(f"{expected}: ")


@pytest.mark.parametrize("abstract", unique_seed_abstracts(), ids=lambda a: a[:30])
def test_seed_title_is_short_clean_and_made_of_the_abstracts_words(abstract):
    rendered = render(abstract)
    name, title = derive_name_and_title(abstract, rendered)
    assert title.strip() and len(title) <= 120
    for text in (title, name or ""):
        assert not re.search(r"[*$\\]", text)
    assert not re.search(r"[,;:.]$", title)
    vocabulary = {w.lower() for w in WORD.findall(rendered.text)}
    for word in WORD.findall(title):
        assert word.lower() in vocabulary, (word, title)


def test_unnamed_abstract_title_is_its_main_result():
    abstract = next(a for a in unique_seed_abstracts() if "computability of such generalization" in a)
    assert derive(abstract) == (
        None, "The non-existence of computable length generalization bounds for C-RASP")


def test_unnamed_contribution_becomes_a_noun_phrase_title():
    abstract = next(a for a in unique_seed_abstracts() if "through the lens of latent geometry" in a)
    assert derive(abstract) == (None, "Dynamics adaptation through the lens of latent geometry")


# --- cues, synthetic -------------------------------------------------------------------------


def test_field_and_prior_work_acronyms_are_not_names():
    abstract = (
        "Reinforcement Learning with Verifiable Rewards (RLVR) has become a paradigm for "
        "Large Language Models (LLMs). Low-Rank Adaptation (LoRA) and Exponential Moving "
        "Average (EMA) are popular. We show that these methods fail on long contexts.")
    assert derive(abstract) == (None, "These methods fail on long contexts")


def test_prior_system_in_an_appositive_is_not_a_name():
    abstract = ("Progress is exemplified by AlphaEvolve, a closed-source system that evolves "
                "programs. We study why it works.")
    assert derive(abstract)[0] is None


def test_appositive_with_a_kind_noun_is_a_cue():
    abstract = "Graphs are hard. BarNet, a graph model for molecules, improves accuracy."
    assert derive(abstract) == ("BarNet", "BarNet: a graph model for molecules")


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("We present a planner, which we call ZetaPlan, for robots.", "ZetaPlan"),
        ("Our method, dubbed QuickSort++, sorts fast.", "QuickSort++"),
        ("We introduce a self-supervised learning (SSL) framework BEATs for audio.", "BEATs"),
        ("We propose a novel personalized FL algorithm, pFedGraph, which learns graphs.", "pFedGraph"),
        ("This paper proposes a new Double-Loop Robust Policy Gradient (DRPG), the first.", "DRPG"),
    ],
)
def test_other_introduction_cues(abstract, name):
    assert derive(abstract)[0] == name


def test_long_first_sentence_is_cut_at_a_word_with_an_ellipsis():
    abstract = ("Many learning algorithms used as normative models in neuroscience or as candidate "
                "approaches for learning on neuromorphic chips learn by contrasting one set of "
                "network states with another. More text follows.")
    name, title = derive(abstract)
    assert name is None
    assert title.endswith("…") and len(title) <= 91
    assert abstract.startswith(title[:-1])


def test_empty_rendering_falls_back_to_source_words():
    from index.models import Rendered

    name, title = derive_name_and_title("Just a sentence.", Rendered(text=""))
    assert (name, title) == (None, "Just a sentence")


# --- the real corpus -------------------------------------------------------------------------


def test_every_corpus_abstract_gets_a_short_title(icml2023_path):
    records = json.loads(icml2023_path.read_text(encoding="utf-8"))
    assert len(records) == 2020
    for record in records:
        name, title = derive(record["abstract"])
        assert title.strip() and len(title) <= 120, title
        assert name is None or (name.strip() and not re.search(r"[*$\\]", name))
