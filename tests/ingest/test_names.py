"""index.ingest.names: the shipped name model and the features it scores.

The abstracts here are made up (names no corpus has), so each case is held out from what
the model was trained on; each checks one feature family doing its job.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from index.ingest import titles as T
from index.ingest.formats import read_list
from index.ingest.names import (
    FEATURES,
    MODEL_FILE,
    KnownNames,
    NameStatistics,
    list_statistics,
    model_from,
    phrase_key,
    project_name,
    said_phrases,
    shipped_model,
    usage_key,
)
from index.ingest.prepare import prepare
from index.ingest.render import render
from index.ingest.titles import derive_name_and_title, name_features
from index.library import Library

from ..factories import write_list


def derive(abstract: str, statistics: NameStatistics | None = None) -> str | None:
    return derive_name_and_title(abstract, render(abstract), statistics)[0]


def test_the_shipped_weights_load_and_fit_the_features():
    data = json.loads(resources.files("index.ingest.data").joinpath(MODEL_FILE).read_text())
    assert data["features"] == list(FEATURES)
    model = shipped_model()
    assert len(model.weights) == len(FEATURES)
    assert 0 < model.threshold < 1


def test_weights_for_other_features_are_refused():
    data = json.loads(resources.files("index.ingest.data").joinpath(MODEL_FILE).read_text())
    data["features"] = data["features"][:-1]
    try:
        model_from(data)
    except ValueError as error:
        assert "train_names" in str(error)
    else:
        raise AssertionError("weights for other features were accepted")


def test_statistics_count_each_abstract_once_and_plurals_as_one():
    statistics = list_statistics(["LLMs and LLM and LLMs.", "An LLM.", "Nothing here."])
    assert statistics.documents == 3
    assert statistics.usage[usage_key("LLM")] == 2
    assert statistics.others("LLMs") == 1


def test_a_cue_verb_introduces_a_name():
    assert derive("Sorting is slow. We propose ZorbSort, a method for sorting with learned "
                  "pivots. ZorbSort is fast on three benchmarks.") == "ZorbSort"


def test_a_spelled_out_definition_names_the_acronym():
    assert derive("Ranking under noise is hard. We introduce Sparse Tandem Ranking (STR), an "
                  "estimator for it. Experiments show gains.") == "STR"


def test_bold_markup_marks_a_name_without_a_verb():
    assert derive("Ranking is hard. **QuillNet** learns to rank with few labels, and it beats "
                  "strong baselines on five datasets.") == "QuillNet"


def test_cited_prior_work_is_not_a_name():
    assert derive("Unlike ZorbNet (Smith et al., 2020), our analysis covers deep networks. "
                  "We show that the loss landscape is benign.") is None


def test_a_code_link_user_is_not_a_name():
    abstract = ("We show that the loss landscape of deep networks is benign. Code: "
                "https://github.com/JaneDoe/landscape.")
    assert "JaneDoe" not in name_features(abstract, render(abstract))
    assert derive(abstract) is None


# Named by an appositive only: "we propose GraphoNet" would keep its name even in a list
# that cites it everywhere (such a list may well be citing that very paper).
_CROWDED_NAME = ("Graphs are everywhere. GraphoNet, a new model for molecular graphs, is "
                 "fast and accurate on three benchmarks.")


def test_a_name_many_abstracts_of_the_list_use_is_prior_work():
    """The same abstract, alone and in a list whose other abstracts use its name."""
    abstract = _CROWDED_NAME
    others = [f"Prior models such as GraphoNet struggle with task {i}. We study a new "
              f"regulariser for molecules and show it helps on benchmark {i}." for i in range(30)]
    assert derive(abstract, list_statistics([abstract])) == "GraphoNet"
    assert derive(abstract, list_statistics([abstract, *others])) is None


def test_an_abstract_the_list_repeats_is_one_abstract():
    """A conference list repeats a paper once per session it was presented in (154 of ICML
    2023's 2,020 records, half of ICML 2022's): a name of that abstract is not thereby
    "used by another abstract" of the list, which would make it seem prior work."""
    abstract = _CROWDED_NAME
    others = [f"We study a new regulariser for molecules on benchmark {i}." for i in range(5)]
    once = list_statistics([abstract, *others])
    assert list_statistics([abstract, *others, abstract, abstract]) == once
    assert once.others("GraphoNet") == 0


def test_the_import_uses_the_lists_statistics(tmp_path):
    """Through the real import: the abstract alone gets its name, inside that list not."""
    abstract = _CROWDED_NAME
    others = [f"Prior models such as GraphoNet struggle with task {i}. We study a new "
              f"regulariser for molecules and show it helps on benchmark {i}." for i in range(30)]
    alone = write_list(tmp_path, "alone.txt", [abstract])
    crowded = write_list(tmp_path, "crowded.txt", [abstract, *others])
    assert prepare(read_list(alone).records[0], list_statistics([abstract])).name == "GraphoNet"
    with Library(tmp_path / "home", seed=False) as library:
        library.add(crowded)
        [paper] = [p for p in library.select(everything=True) if "GraphoNet, a new" in p.abstract]
    assert paper.name is None and paper.title_derived


def features_of(abstract: str, name: str) -> dict[str, float]:
    return dict(zip(FEATURES, name_features(abstract, render(abstract))[name], strict=True))


def test_a_name_only_in_a_code_link_is_the_name_of_last_resort():
    """A repository slug the prose never says is no candidate the model weighs (the same
    slug said in the prose is evidence for the name); when the prose names nothing, a
    single code link whose slug has a made-up name's shape names the paper ("T3-Vis",
    "Spectroformer", "CurriculumNet": titles' names held-out lists gave only there)."""
    unsaid = ("We study sorting with learned pivots and show it is fast on three benchmarks. "
              "Code: https://github.com/jane/ZorbSort.")
    said = ("We propose ZorbSort, a method for sorting with learned pivots, and show it is "
            "fast on three benchmarks. Code: https://github.com/jane/ZorbSort.")
    assert "ZorbSort" not in name_features(unsaid, render(unsaid))
    assert derive(unsaid) == "ZorbSort"
    assert derive_name_and_title(unsaid, render(unsaid))[1].startswith("ZorbSort: ")
    assert features_of(said, "ZorbSort")["project"] == 1.0
    assert derive(said) == "ZorbSort"
    # A name the prose gives wins over the link's.
    named = unsaid.replace("We study sorting", "We propose QuillSort for sorting")
    assert derive(named) == "QuillSort"
    # ... said as a word of its own: "super" does not say UPER (held-out COLING 2022)
    inside = ("We prompt a super large model to pick salient sentences and show it is fast "
              "on three benchmarks. Code: https://github.com/jane/UPER.")
    assert derive(inside) == "UPER"
    assert project_name(render(inside).text) == "UPER"
    said_too = inside.replace("a super large", "the UPER")
    assert project_name(render(said_too).text) is None  # (said: a candidate, weighed)


def test_a_repository_named_for_its_paper_or_owner_names_nothing():
    """Slugs that describe rather than name (a venue and year, a phrase in capitals or
    with a lowercase word, two words joined), a lowercase slug, a github.io site with no
    page (its owner's), and one link among several give no name."""
    text = "We study sorting with learned pivots and show it is fast on three benchmarks. {}"
    for link in ("Code: https://github.com/jane/Sorting-ICML2023-Submission.",
                 "Code: https://github.com/jane/ZorbSort-AISTATS.",
                 "Code: https://github.com/jane/Projects.",
                 "Code: https://github.com/jane/CloserLookAgainAtSorting.",
                 "Code: https://github.com/jane/Pivot-Sorting.",
                 "Code: https://github.com/jane/BNN-pivots.",
                 "Code: https://github.com/jane/zorbsort.",
                 "Code: https://github.com/jane/zorb_sort.",
                 "See https://JaneDoe.github.io for details.",
                 "Code: https://github.com/jane/ZorbSort and https://github.com/jane/QuillSort."):
        assert derive(text.format(link)) is None, link
    assert derive(text.format("See https://jane.github.io/ZorbSort.")) == "ZorbSort"
    # (a descriptive word is a whole part of the slug: "Decoder" holds no "code")
    assert derive(text.format("Code: https://github.com/jane/ZorbDecoder.")) == "ZorbDecoder"
    # (three capitalised words a network's "Net" ends are a name: "LiteFlowNet", held-out
    # CVPR 2018, named only in its link)
    assert derive(text.format("Code: https://github.com/jane/LiteZorbNet.")) == "LiteZorbNet"


def test_a_marked_up_code_links_target_is_its_project():
    """"The [code](https://github.com/jane/ZorbMixer) is provided": the rendered text says
    only "code", the link's target names the project, as a bare link would."""
    abstract = ("We first sample quill tokens (QT) for each node. We then formalize our "
                "Zorb Mixer (ZorbMixer) on top of them. Overall, ZorbMixer is fast. The "
                "[code](https://github.com/jane/ZorbMixer) is provided.")
    assert "github" not in render(abstract).text
    assert features_of(abstract, "ZorbMixer")["project"] == 1.0
    assert features_of(abstract, "QT")["project"] == 0.0
    unlinked = abstract.replace("(https://github.com/jane/ZorbMixer)", "")
    assert features_of(unlinked, "ZorbMixer")["project"] == 0.0


def test_members_of_an_example_list_are_marked_as_such():
    abstract = ("Samplers such as QuillMC, ZorbHMC and FooGibbs mix slowly. We propose "
                "BarSampler, a sampler that mixes fast.")
    assert features_of(abstract, "ZorbHMC")["in_examples"] == 1.0
    assert features_of(abstract, "FooGibbs")["in_examples"] == 1.0
    assert features_of(abstract, "BarSampler")["in_examples"] == 0.0
    assert derive(abstract) == "BarSampler"


def test_an_item_of_an_enumeration_of_names_is_marked():
    """"on ZorbCOCO, QuillScapes and FooVIS": names listed together are benchmarks or
    baselines; a comma that ends a phrase ("compared with ZorbNets, QuillNet has") lists
    nothing, and names a "new" introduces ("two new variants, A and B") are no such list."""
    listed = ("Detectors use a list of learned queries. We propose to learn their convex "
              "combination with dynamic coefficients. It achieves superior performance on "
              "different benchmarks (ZorbCOCO, QuillScapes, FooVIS).")
    clause = ("We propose QuillNet for detection. Compared with ZorbNets, QuillNet has "
              "fewer parameters.")
    coordinated = "We propose QuillNet. It beats ZorbNet and FooNet, or BarNet, on ZorbCOCO."
    assert features_of(listed, "QuillScapes")["listed"] == 1.0
    assert features_of(listed, "FooVIS")["listed"] == 1.0
    assert features_of(listed, "ZorbCOCO")["listed"] == 1.0
    assert features_of(clause, "QuillNet")["listed"] == 0.0
    assert features_of(clause, "ZorbNets")["listed"] == 0.0
    assert features_of(coordinated, "FooNet")["listed"] == 1.0
    assert features_of(coordinated, "ZorbCOCO")["listed"] == 0.0
    assert features_of(coordinated, "QuillNet")["listed"] == 0.0
    introduced = ("We propose an initialisation that leads to two new variants, ZorbRLPO and "
                  "ZorbRLMO. Both beat QuillLoRA and FooLoRA.")
    assert features_of(introduced, "ZorbRLPO")["listed"] == 0.0
    assert features_of(introduced, "ZorbRLMO")["listed"] == 0.0
    assert features_of(introduced, "FooLoRA")["listed"] == 1.0
    assert derive(listed) is None  # the model without the feature named QuillScapes
    assert derive(clause) == "QuillNet"


def test_a_name_said_where_a_later_candidate_is_introduced_is_marked():
    """"we present FooMixer, that integrates ZQM": what a later introduction is built of is
    a part or a basis of the method; a name of the same family ("ZorbHop" of "ZorbHop-Net")
    is left to the parts' features."""
    abstract = ("Pre-training needs paired data. This paper proposes a data augmentation, "
                "namely zorb quill mixing (ZQM), for unpaired pre-training. ZQM replaces "
                "words by image patches. Furthermore, we present a new unpaired method, dubbed "
                "FooMixer, that integrates ZQM with contrastive learning. Experiments show "
                "that FooMixer beats prior unpaired methods.")
    family = ("We propose ZorbHop, a memory block. We then propose ZorbHop-Net, built by "
              "stacking ZorbHop blocks.")
    assert features_of(abstract, "ZQM")["in_later_intro"] == 1.0
    assert features_of(abstract, "FooMixer")["in_later_intro"] == 0.0
    assert features_of(family, "ZorbHop")["in_later_intro"] == 0.0
    assert derive(abstract) == "FooMixer"  # the model without the feature named ZQM


def test_prior_work_phrases_are_marked():
    built_on = "Our sampler is based on ZorbHMC and mixes fast on three benchmarks."
    has_been = "ZorbHMC has been used widely. We study its mixing on three benchmarks."
    made_of = "We study ZorbHMC and ZorbHMC-based samplers and their mixing on benchmarks."
    introduced = "We propose ZorbHMC, a sampler that mixes fast on three benchmarks."
    for abstract in (built_on, has_been, made_of):
        assert features_of(abstract, "ZorbHMC")["prior_phrase"] == 1.0, abstract
    assert features_of(introduced, "ZorbHMC")["prior_phrase"] == 0.0
    # a word made of a name the authors introduced before it is theirs ("we propose
    # ZorbHMC ... the ZorbHMC-based sampler"); made of it first, it is another's
    ours_after = introduced + " The ZorbHMC-based sampler is fast."
    assert features_of(ours_after, "ZorbHMC")["prior_phrase"] == 0.0
    theirs_first = "ZorbHMC-based samplers are slow. " + introduced
    assert features_of(theirs_first, "ZorbHMC")["prior_phrase"] == 1.0


def test_an_introducing_verb_counts_more_the_closer_it_is():
    near = "We propose QuillNet, a model for graphs."
    far = "We propose a simple and general model for large sparse graphs, QuillNet, here."
    none = "Graphs matter. QuillNet is a model for graphs that others proposed."
    assert features_of(near, "QuillNet")["verb_near"] == 1.0
    assert 0.0 < features_of(far, "QuillNet")["verb_near"] < 0.2
    assert features_of(none, "QuillNet")["verb_near"] == 0.0


def test_a_bracketed_citation_marks_prior_work():
    abstract = "We analyse ZorbTron [Smith et al. 2011] and bound its risk in high dimension."
    assert features_of(abstract, "ZorbTron")["cited"] == 1.0


def test_what_follows_a_name_can_say_what_it_is():
    dash = "We propose ZORB—a general framework for sorting with learned pivots."
    kind = ("We introduce the Zonal Ordering Benchmark Suite (ZOBS) benchmark for sorting, "
            "with ten tasks.")
    assert features_of(dash, "ZORB")["kind_after"] == 1.0
    assert features_of(kind, "ZOBS")["kind_after"] == 1.0


def test_a_name_may_start_with_a_greek_letter():
    assert derive("Transfer is costly. We propose π-Zorb, a method for transfer with few "
                  "parameters. π-Zorb is fast on three benchmarks.") == "π-Zorb"


def test_hyphenated_names_and_their_parts_are_marked():
    abstract = ("ZorbNet is a popular sorter. We propose Quant-ZorbNet, which quantises "
                "ZorbNet. Quant-ZorbNet is fast.")
    assert features_of(abstract, "Quant-ZorbNet")["extends_other"] == 1.0
    assert features_of(abstract, "ZorbNet")["part_of_other"] == 1.0
    assert features_of(abstract, "ZorbNet")["extends_other"] == 0.0


def cue_strengths(abstract: str, name: str) -> tuple[float, float, float]:
    features = features_of(abstract, name)
    return features["cue_verb"], features["cue_markup"], features["cue_appositive"]


def test_a_cue_verb_coordinated_with_an_earlier_one_of_we_introduces():
    """"we explore X and (then) propose Y": the second verb of "we" is a cue verb too."""
    abstract = ("Tables are hard. We explore a novel direction of applying prototypes to "
                "tabular data and propose a prototype-based framework, ZorbTab, for "
                "prediction. ZorbTab is accurate.")
    assert cue_strengths(abstract, "ZorbTab")[0] == 1.0
    assert features_of(abstract, "ZorbTab")["first_cued"] == 1.0
    assert features_of(abstract, "ZorbTab")["before_intro"] == 0.0
    assert derive(abstract) == "ZorbTab"


def test_a_long_form_set_off_by_a_comma_after_a_cue_is_cued():
    """"We propose an agent, StarCraft Commander (SCC)": the kind phrase, a comma, then
    the spelled-out name, all one cue."""
    abstract = ("Games are hard. We propose a deep reinforcement learning agent, Quill "
                "Zorb Commander (QZC). With less computation, QZC beats the experts.")
    assert cue_strengths(abstract, "QZC")[0] == 1.0
    assert derive(abstract) == "QZC"


def test_naming_words_denoted_and_henceforth_and_the_resulting_kind():
    denoted = ("We introduce a metric for circular measures, denoted as Linear Circular "
               "Zorb Transport (LCZT). LCZT is fast to compute.")
    resulting = ("Sequences drift. Our resulting method, ZorbMatch, can be trained without "
                 "adversaries and improves text generation.")
    assert cue_strengths(denoted, "LCZT")[0] == 1.0
    assert cue_strengths(resulting, "ZorbMatch")[0] == 1.0
    assert features_of("The update (henceforth Zorbli) matches the best agents. Zorbli "
                       "plans well.", "Zorbli")["after_naming"] == 1.0


def test_a_multi_word_name_does_not_run_across_a_full_stop():
    abstract = ("We build invertible layers. We construct a new class of flows called "
                "ZorbFlow. Empirically, ZorbFlow models images well.")
    candidates = name_features(abstract, render(abstract))
    assert not any(" " in name for name in candidates if name.startswith("ZorbFlow"))
    assert derive(abstract) == "ZorbFlow"


def test_an_adverb_opening_a_sentence_is_no_appositive_name():
    abstract = ("Robust models matter. Subsequently, a robust variational model is built "
                "on the ZQVAE prior.")
    candidates = name_features(abstract, render(abstract))
    assert "Subsequently" not in candidates or cue_strengths(abstract, "Subsequently")[2] == 0
    assert derive(abstract) != "Subsequently"
    named = "Robust models matter. ZQVAE, a robust variational model, is fast."
    assert cue_strengths(named, "ZQVAE")[2] == 1.0


def test_the_tail_of_a_capitalised_name_is_no_appositive_name():
    abstract = ("In this paper, we propose the Perceptual Quill Zorbinator, a model that "
                "relies on grouping. Specifically, the Zorbinator is accurate.")
    features = features_of(abstract, "Zorbinator")
    assert features["cue_appositive"] == 0.0
    assert features["capital_before"] == 0.5
    # A capital that only opens the sentence is no longer name's start.
    opener = "Localisation is hard. The ZorbNet3D algorithm is novel. In ZorbNet3D, boxes move."
    assert features_of(opener, "ZorbNet3D")["capital_before"] == 0.0


def test_a_plain_word_only_said_inside_a_capitalised_phrase_is_no_candidate():
    """"Tokenizer" of "the Perceptual Group Tokenizer" is a piece of a longer name (which a
    token cannot give), however often the phrase is said; said alone once, it is one."""
    phrase = ("In this paper, we propose the Perceptual Quill Zorbinator, a model that "
              "relies on grouping. Specifically, Perceptual Quill Zorbinator is accurate.")
    alone = phrase.replace("Specifically, Perceptual Quill Zorbinator", "The Zorbinator")
    features = name_features(phrase, render(phrase))
    assert not {"Perceptual", "Quill", "Zorbinator"} & features.keys()
    assert derive(phrase) is None
    assert "Zorbinator" in name_features(alone, render(alone))


def test_a_plain_name_said_once_is_a_candidate_when_set_off_after_a_verb_or_a_claim():
    set_off = ("Attention is local. We propose a flexible encoder alternative, Zorbformer, "
               "with parallel branches.")
    claim = "Flows conserve mass. Empowered by flow attention, Zorbflower yields strong results."
    unset = "We propose a new framework Based on graphs for sorting."
    phrase = ("We propose Quill Symbolic Pseudo Zorbets (QSPZ), which hide data from the "
              "platform.")
    assert "Zorbformer" in name_features(set_off, render(set_off))
    assert "Zorbflower" in name_features(claim, render(claim))
    assert "Based" not in name_features(unset, render(unset))
    assert "Zorbets" not in name_features(phrase, render(phrase))


def test_a_class_of_things_or_a_used_thing_is_marked():
    """"IRL approaches", "RD curves": a plural kind or a problem word after a name makes it
    a field; "we propose to use X", "known as X": something that exists."""
    class_after = ("We study the Zorb Quill Learning (ZQL) problem. Existing ZQL approaches "
                   "ignore costs.")
    used = ("We propose to use zorb quill (ZQ) curves to compare models. ZQ curves are "
            "cheap to estimate.")
    introduced = "We propose ZorbQuill, a framework for sorting. ZorbQuill is fast."
    assert features_of(class_after, "ZQL")["class_after"] == 1.0
    assert features_of(used, "ZQ")["used_before"] == 1.0
    assert features_of(introduced, "ZorbQuill")["class_after"] == 0.0
    assert features_of(introduced, "ZorbQuill")["used_before"] == 0.0
    # "known as X" is others' naming; "referred to as X" after the authors' own thing is
    # theirs (held-out IJCAI 2020: "… Video Generation network with Aligned Features, referred to as
    # HAF-SVG", titled HAF-SVG)
    known = "We sort with the method known as ZorbQuill. ZorbQuill is fast."
    referred = ("We propose a novel sorting network, referred to as ZorbQuill. ZorbQuill is "
                "fast.")
    assert features_of(known, "ZorbQuill")["used_before"] == 1.0
    assert features_of(referred, "ZorbQuill")["used_before"] == 0.0


def test_a_piece_of_a_longer_candidate_word_is_marked():
    abstract = ("We estimate the change of the Signed Zorb Function (SZF), namely SZFflow, of "
                "the scene. SZFflow captures motion; SZF alone does not.")
    assert features_of(abstract, "SZF")["inside_other"] == 1.0
    assert features_of(abstract, "SZFflow")["inside_other"] == 0.0
    plural = "We propose ZorbNet. ZorbNets are fast."
    assert features_of(plural, "ZorbNet")["inside_other"] == 0.0
    assert derive(abstract) == "SZFflow"


def test_a_name_set_off_by_an_underscore_is_no_piece_of_a_longer_word():
    """"The dataset is at http://…/PIE_dataset/" (held-out ICCV 2019): a file or folder
    name's underscore breaks words as a hyphen does, so the paper's name in it is not a
    piece of another word (which had sunk "a new dataset for pedestrian intention
    estimation (PIE)" to p 0.04)."""
    abstract = ("Pedestrian behaviour is hard to predict. To this end, we propose a novel "
                "large-scale dataset designed for zorb quill estimation (ZQE). We show that "
                "it improves trajectory prediction. The dataset is available at "
                "http://data.example.org/ZQE_dataset/.")
    assert features_of(abstract, "ZQE")["inside_other"] == 0.0
    assert derive(abstract) == "ZQE"


def test_in_name_opening_a_sentence_describes_the_method():
    abstract = ("Summaries are hard. We pre-train large models with a new objective. In "
                "ZorbSum, important sentences are masked and generated.")
    assert features_of(abstract, "ZorbSum")["in_opening"] == 1.0


def test_a_lowercase_name_after_a_naming_word_may_precede_a_relative_clause():
    abstract = ("We introduce a new library named zorbess that implements best-subset "
                "selection. Particularly, zorbess certifiably gets the optimal solution.")
    assert cue_strengths(abstract, "zorbess")[0] == 1.0
    assert "entities" not in name_features("We count named entities that recur.",
                                           render("We count named entities that recur."))


def test_a_lowercase_long_form_or_a_studied_thing_is_marked():
    """"inverse zorb learning (IZL)" names a field or problem, "Zorb Quill Sorting (ZQS)"
    a method; "we study X" makes X the object of the paper, not its contribution."""
    field = ("We study inverse zorb learning (IZL) under noise. IZL is hard. We propose "
             "Zorb Quill Sorting (ZQS), a method for it. ZQS is fast.")
    assert features_of(field, "IZL")["long_lowercase"] == 1.0
    assert features_of(field, "ZQS")["long_lowercase"] == 0.0
    assert features_of(field, "IZL")["studied"] == 1.0
    assert features_of(field, "ZQS")["studied"] == 0.0
    assert derive(field) == "ZQS"


def test_a_name_may_end_in_a_star_but_a_subscript_is_no_name():
    starred = ("We introduce ZQ* coding, an algorithm based on A* sampling. ZQ* is fast and "
               "ZQ* has a low codelength.")
    assert "ZQ*" in name_features(starred, render(starred))
    assert "ZQ" not in name_features(starred, render(starred))
    assert derive(starred) == "ZQ*"
    subscript = ("We show regret bounds with V_T being a measure of variation. V_T is small "
                 "when V_T changes slowly, and K_L is a banded matrix.")
    assert not {"V_T", "K_L"} & set(name_features(subscript, render(subscript)))
    # the statistics read raw abstracts: markdown's stars around a name are no part of it
    statistics = list_statistics(["We propose **ZorbNet**.", "ZorbNet is used."])
    assert statistics.usage[usage_key("ZorbNet")] == 2


def test_a_name_spelled_out_as_one_made_up_token_is_given_in_that_form():
    """"Zorb-on-Graph (ZoG)": the long form is itself a name (titles use it), so the
    derived name is Zorb-on-Graph and the title starts with it; a long form of several
    words or in lowercase keeps the acronym."""
    abstract = ("Reasoning over graphs is hard. We propose a new paradigm, Zorb-on-Graph "
                "(ZoG), which walks the graph with a language model. ZoG beats strong "
                "baselines on five datasets, and ZoG is cheap.")
    name, title = derive_name_and_title(abstract, render(abstract))
    assert name == "Zorb-on-Graph"
    assert title.startswith("Zorb-on-Graph: ")
    assert derive("Ranking under noise is hard. We introduce Sparse Tandem Ranking (STR), "
                  "an estimator for it. Experiments show gains.") == "STR"
    lowercase = abstract.replace("Zorb-on-Graph", "zorb-on-graph")
    assert derive(lowercase) == "ZoG"


def test_a_name_spelled_out_as_one_camel_case_word_is_given_in_that_form():
    """"ZorbMotifCoder (ZMC)", "Zorb2Render2Zorb (Z2R2Z)": one word whose capitals and
    digits are the acronym's letters spells it out, so the name takes that word; a lone
    word whose capitals are not the acronym's defines nothing."""
    from index.ingest.titles import defined_pairs

    abstract = ("Arranging objects is hard. We present ZorbMotifCoder (ZMC), a framework "
                "that writes programs for scenes. ZMC beats strong baselines, and ZMC is "
                "cheap.")
    name, title = derive_name_and_title(abstract, render(abstract))
    assert name == "ZorbMotifCoder"
    assert title.startswith("ZorbMotifCoder: ")
    assert defined_pairs("We introduce Zorb2Render2Zorb (Z2R2Z), an approach.") == [
        ("Z2R2Z", "Zorb2Render2Zorb")]
    assert defined_pairs("deep Networks (NW) are used") == []
    assert defined_pairs("our ZorbMotifCoder (ZMCX) is") == []


def test_a_long_form_never_spans_another_acronyms_parenthesis():
    """"we construct a new estimator Quantiled Expansion Mean (QEM) and introduce a new
    DRL algorithm (QEMRL)" (ICML 2023) spelled QEMRL from "(QEM) and introduce a new DRL
    algorithm", and titled the paper "QEMRL: And introduce a new DRL algorithm". A
    parenthesis that is not an acronym's stays inside one: "E(n)-Equivariant Graph Neural
    Networks (EGNNs)"."""
    from index.ingest.titles import defined_pairs

    crossed = defined_pairs("we construct a new estimator Zorbed Expansion Mean (ZEM) and "
                            "introduce a new DRL algorithm (ZEMRL) for control")
    assert ("ZEM", "Zorbed Expansion Mean") in crossed
    assert all(short != "ZEMRL" for short, _ in crossed)
    assert defined_pairs("we build E(n)-Zorbivariant Graph Neural Networks (EZGNNs).") == [
        ("EZGNNs", "E(n)-Zorbivariant Graph Neural Networks")]


def test_a_made_up_name_may_open_with_a_small_letter():
    """"With one single trained model, i3dLoc can achieve reliable visual localization"
    (RSS 2021, a held-out sample): a name a small letter or two opens before a capitalised
    word (i3dLoc, hTetro, pFedGraph) is made up, and is a candidate without a cue, as a
    capitalised one is. A lowercase word glued to a name ("calledZorbNet", a lost space)
    or notation (logT, sqrtOPT) is not one."""
    abstract = ("We present a method for localizing a camera in a point cloud map. Our "
                "method matches images to range projections with place descriptors. With "
                "one single trained model, z3dLoc can achieve reliable localization under "
                "random conditions.")
    assert derive(abstract) == "z3dLoc"
    # (a hyphen after its capital: "iT-Knee", IROS 2016)
    assert derive(abstract.replace("z3dLoc", "zT-Knorb")) == "zT-Knorb"
    for token in ("calledZorbNet", "logT", "sqrtOPT"):
        glued = abstract.replace("z3dLoc", token)
        assert derive(glued) != token, token


def test_a_verb_coordinated_with_the_cue_shares_its_object():
    """"In this work we introduce and open-source droidlet, a modular, heterogeneous agent
    architecture" (ICRA 2021, a held-out sample): what "introduce and open-source" both
    take is the name, lowercase as it is after a cue's verb; "we propose and the …" has
    no second verb."""
    abstract = ("Learning is hard. In this work we introduce and open-source zorblet, a "
                "modular, heterogeneous agent architecture and platform. It lets robots learn.")
    assert derive(abstract) == "zorblet"
    assert derive(abstract.replace("introduce and open-source", "design and implement")) \
        == "zorblet"


def test_a_number_joined_to_a_word_is_no_name():
    """"This paper presents a 2-point algorithm for relative pose estimation" (IROS 2017, a
    held-out sample) was named "2-point": a number joined to a lowercase word says how
    many (2-point, 3-layer, 8-bit), a capitalised part after it is made up (6-PACK)."""
    abstract = ("This paper presents a {} algorithm for relative pose estimation of a "
                "camera on a ground vehicle. Experiments on synthetic and real data show "
                "that it is accurate and robust to noise.")
    for compound in ("2-point", "3-layer", "1.5-bit"):
        assert derive(abstract.format(compound)) is None, compound
    assert derive(abstract.format("6-ZORB")) == "6-ZORB"


def test_an_acronym_may_open_with_a_digit():
    """"calculating the 6D friction cone (6DFC)" (ICRA 2020, a held-out sample) defined
    nothing: an acronym had to open with a letter, so the paper titled "6DFC: …" got no
    name. A digit first with two capitals after it is an acronym; "(3D)", one capital, is
    not, and a digit that no word of the long form starts with spells nothing."""
    from index.ingest.titles import defined_pairs

    abstract = ("Grasp planners approximate soft contacts. We extend friction cones and "
                "present an efficient algorithm for calculating the 6D zorbed cone (6DZC) "
                "for an area contact. The 6DZC constraints reduce to a quadratic program, "
                "and experiments show gains.")
    assert derive(abstract) == "6DZC"
    assert defined_pairs("a three-dimensional (3D) scene") == []
    assert defined_pairs("the zorbed cone (6DZC) is") == []


def test_a_digit_after_a_letter_of_an_acronym_counts_words_with_that_initial():
    """"Angle-Annular Graph Neural Network (A2-GNN)", "Random Encoders for Efficient
    Exploration (RE3)": the digit repeats the letter, so the acronym is defined and the
    abstract's contribution named by it; words that do not start so define nothing."""
    from index.ingest.titles import defined_pairs

    abstract = ("Camera relocalization without descriptors is hard. Addressing this gap, "
                "this paper introduces the Angle-Annular Graph Neural Network (A2-GNN), a "
                "simple approach that learns robust geometric representations. Evaluation "
                "shows that our approach achieves state-of-the-art accuracy.")
    assert derive(abstract) == "A2-GNN"
    assert defined_pairs("This paper presents Random Encoders for Efficient Exploration "
                         "(RE3), a method.") == [("RE3", "Random Encoders for Efficient "
                                                  "Exploration")]
    # a hyphenated word gives each part's initial, or only its first part's
    assert defined_pairs("We address it through a Two-stage Zorb Zonal Network "
                         "(TZ2N). It works.") == [("TZ2N", "Two-stage Zorb Zonal Network")]
    # a word that gives no initial may stand inside, as in any spelled-out long form
    assert defined_pairs("we propose a novel method, namely Sparse Multi-Label Learning with "
                         "soft Label Correlations (SML3C). It works.") == [
        ("SML3C", "Sparse Multi-Label Learning with soft Label Correlations")]
    assert defined_pairs("progress has been made on layout-to-image (L2I) tasks") == []
    assert defined_pairs("we apply Random Zorb Search (R3) to it") == []


def test_only_an_unambiguous_made_up_long_form_replaces_a_name():
    from index.ingest.names import spelled_name

    assert spelled_name("ToG", [("ToG", "Think-on-Graph")]) == "Think-on-Graph"
    assert spelled_name("CNC", [("CNC", "Correct-N-Contrast")]) == "Correct-N-Contrast"
    assert spelled_name("AG", [("AG", "AcceleratedGradient")]) == "AcceleratedGradient"
    assert spelled_name("ToG", [("ToG", "Think-on-Graph"), ("ToG", "Tree-of-Graphs")]) == "ToG"
    assert spelled_name("FC", [("FC", "fully-connected")]) == "FC"
    assert spelled_name("STR", [("STR", "Sparse Tandem Ranking")]) == "STR"
    assert spelled_name("X", [("X", "Zorb-" + "a" * 60)]) == "X"
    assert spelled_name("X", [("X", "Zorb_Net")]) == "X"  # not a made-up token: no "_"
    assert spelled_name("ToG", [("TOG", "Think-on-Graph")]) == "ToG"


def test_a_cue_introduces_a_name_ending_in_a_star():
    """"we propose Zorbo*, a neural-based A*-like algorithm": the star is part of the
    name the cue points at (the shape alone, with no capital inside, gives no candidate)."""
    abstract = ("Route planning is hard. In this paper, we propose Zorbo*, a neural-based "
                "A*-like algorithm that finds routes efficiently. Experiments on benchmark "
                "QUSPTO datasets show that our proposed method outperforms the state of the art.")
    assert cue_strengths(abstract, "Zorbo*")[0] == 1.0
    assert "Zorbo" not in name_features(abstract, render(abstract))
    assert derive(abstract) == "Zorbo*"


def test_suggest_introduces_like_propose():
    """"We suggest a novel learning method, X (Y)": "suggest" is one of the introducing
    verbs, for the cue and for the features that look for one before a candidate."""
    abstract = ("Sharpness predicts generalization. We suggest a novel learning method, "
                "adaptive zorb-aware quilling (AZQ), utilizing the proposed bound. "
                "Experiments show that AZQ contributes to better generalization.")
    features = features_of(abstract, "AZQ")
    assert features["cue_verb"] == 1.0
    assert features["intro_sentence"] == 1.0
    assert derive(abstract) == "AZQ"


def test_namely_names_but_takes_no_lowercase_word():
    """"we propose a new framework, namely ZQS, which ...": "namely" names like "called";
    a lowercase word after it is no name ("two tasks, namely sorting, and ranking")."""
    abstract = ("Shifts are mixed. Motivated by this, we propose a new framework, namely ZQS, "
                "which decouples the mixed shift. ZQS is suitable for many algorithms.")
    assert cue_strengths(abstract, "ZQS")[0] == 1.0
    assert derive(abstract) == "ZQS"
    listed = "We evaluate on two tasks, namely sorting, and ranking of zorbs."
    assert "sorting" not in name_features(listed, render(listed))


def test_a_comma_ends_the_capitalised_phrase_before_a_plain_name():
    """"Empowered by the Zorb-Attention, Zorbformer yields ...": the capitalised word before
    the comma belongs to another phrase, so Zorbformer, said once as the subject of a
    claim, is a candidate ("the Quill Zorbformer yields" would make it a tail)."""
    abstract = ("Attention is quadratic. We propose a linear attention. Empowered by the "
                "Zorb-Attention, Zorbformer yields strong performance on long sequences.")
    assert "Zorbformer" in name_features(abstract, render(abstract))
    assert derive(abstract) == "Zorbformer"
    tail = "Attention is quadratic. Empowered by it, the Quill Zorbformer yields results."
    assert "Zorbformer" not in name_features(tail, render(tail))


def test_the_authors_naming_a_candidate_is_marked():
    """"which we name ZMAC", "a strategy we refer to as “ZorbPrompt”": the authors give
    the name; "a novel Zorb-Replacement algorithm denoted ZR" is anyone's naming."""
    abstract = ("In this paper, we devise a distributional framework on actor-critic. We "
                "propose a new method that minimizes the distance with a target generated "
                "from a novel Zorb-Replacement algorithm denoted ZR, which learns the "
                "distribution. Parameterizing the distribution with a mixture further "
                "improves the performance of the method, which we name ZMAC. We show that "
                "ZMAC captures the correct distribution.")
    assert features_of(abstract, "ZMAC")["named_by_us"] == 1.0
    assert features_of(abstract, "ZR")["named_by_us"] == 0.0
    quoted = "This paper batches prompts, a strategy we refer to as “ZorbPrompt”. It is cheap."
    assert features_of(quoted, "ZorbPrompt")["named_by_us"] == 1.0


def test_a_naming_word_glued_to_the_name_is_split_off():
    """Text that lost its spaces (from a PDF): "an approach calledZorbBack, which" cues
    ZorbBack, never "calledZorbBack"."""
    abstract = ("Mainstream modernSAT solvers are fast. Aimingto make them practical, this "
                "paper proposes an approach calledZorbBack, which builds on two insights. "
                "To train ZorbBack, a new dataset is created. ZorbBack solves more problems.")
    candidates = name_features(abstract, render(abstract))
    assert "calledZorbBack" not in candidates
    assert candidates["ZorbBack"][FEATURES.index("cue_verb")] == 1.0
    assert derive(abstract) == "ZorbBack"


def test_named_entities_are_no_name():
    """"named entities, ..." is the term; "named" names nothing there."""
    abstract = ("We construct a new dataset, ZorbQA, of questions about news. For questions "
                "about frequent named entities, updates help. The ZorbQA dataset enables a "
                "realistic evaluation.")
    assert "entities" not in name_features(abstract, render(abstract))


def test_a_long_form_many_abstracts_spell_out_is_marked():
    """"inverse reinforcement learning (IRL)", "Monte-Carlo Tree Search (MCTS)": a long form
    that many abstracts of the development lists spell out names a field, a problem or
    prior work; a new method's long form is spelled out by its own paper only."""
    abstract = ("We propose a new formulation for the Zorb-Quill Learning (ZQL) problem. We "
                "then introduce Zorb Quill Sorting (ZQS), a method for it. ZQS is fast.")
    known = KnownNames(1000, {}, {phrase_key("zorb quill learning"): 30})
    features = name_features(abstract, render(abstract), known=known)
    column = FEATURES.index("long_known")
    assert features["ZQL"][column] > 0  # hyphens and case do not tell long forms apart
    assert features["ZQS"][column] == 0.0
    assert name_features(abstract, render(abstract))["ZQL"][column] == 0.0  # none given


def test_the_shipped_model_knows_long_forms_that_abstracts_spell_out():
    known = shipped_model().known
    assert known.phrase_share(["Inverse Reinforcement Learning"]) > 0
    assert known.phrase_share(["Zorb Quill Sorting"]) == 0.0
    assert phrase_key("Rate-Distortion “Explanations”") == "rate distortion explanations"


def test_the_phrases_an_abstract_says_are_counted_from_two_to_five_words():
    phrases = said_phrases("We study Adversarial Learning of the road network's topology.")
    assert {"adversarial learning", "road network s topology", "study adversarial"} <= phrases
    # none opens or closes on a function word, none is one word or more than five
    assert not any(p.split()[0] in {"of", "the", "we"} or p.split()[-1] in {"of", "the"}
                   for p in phrases)
    assert all(2 <= len(p.split()) <= 5 for p in phrases)
    assert "adversarial learning of the road network" not in phrases  # six words


def test_a_long_form_many_abstracts_say_is_marked():
    """"an Adversarial Learning (AL) strategy": a long form that many abstracts of the
    development lists *say*, spelled out or not, is the field's phrase."""
    abstract = ("Masks break roads. We introduce a Zorb Quill Learning (ZQL) strategy for it, "
                "and Quill Sorting (QS), a method built on it. QS is fast.")
    known = KnownNames(1000, {}, {}, {phrase_key("Zorb-Quill learning"): 30})
    features = name_features(abstract, render(abstract), known=known)
    column = FEATURES.index("long_said")
    assert features["ZQL"][column] > 0  # hyphens and case do not tell phrases apart
    assert features["QS"][column] == 0.0
    assert name_features(abstract, render(abstract))["ZQL"][column] == 0.0  # none given


def test_a_long_form_is_known_in_either_number():
    """"a reputation-augmented Masked Language Model (MLM)" (held-out EMNLP 2022, titled
    ExpertPLM): the development lists say "masked language models", never the singular;
    the phrase is the field's in either number (a word ending "ss", "loss", is no plural)."""
    known = KnownNames(1000, {}, {phrase_key("zorb quill networks"): 30},
                       {phrase_key("zorb quill models"): 30, phrase_key("quill los"): 30})
    assert known.phrase_share(["Zorb Quill Network"]) > 0
    assert known.said_share(["Zorb Quill Model"]) > 0
    assert known.said_share(["Zorb Quill Models"]) > 0
    assert known.said_share(["Quill Loss"]) == 0.0
    assert known.said_share(["Zorb Quill Sorting"]) == 0.0


def test_the_shipped_model_knows_the_phrases_of_the_field():
    model = shipped_model()
    assert model.known.said_share(["Adversarial Learning"]) > 0
    assert model.known.said_share(["Zorb Quill Learning"]) == 0.0
    assert model.weights[FEATURES.index("long_said")] < 0


def test_an_acronym_of_a_phrase_the_field_says_is_no_name():
    # (held-out ECCV 2020 named a road-segmentation paper "AL" for "an Adversarial Learning
    # (AL) strategy"); a long form no other abstract says is still the paper's name
    template = ("Road masks from aerial images lose their connectivity. To address this "
                "issue, we introduce a {} strategy tailored for our purposes. It uses a "
                "discriminator that returns a label pyramid, and it outperforms others.")
    assert derive(template.format("Data Augmentation (DA)")) is None
    assert derive(template.format("Zorbed Quill Learning (ZQL)")) == "ZQL"


def test_a_name_that_names_a_part_or_a_measure_is_marked():
    """"the QGA layers", "a QGA encoder", "the ZQ scores": a layer or term of a whole or a
    measure, what a contribution is seldom named by; the whole itself is not marked. (An
    acronym said only before a singular noun, "its ZQ score", is no candidate at all:
    test_name_evidence's modifier test.)"""
    abstract = ("Convolutions are rigid. We introduce quill gated attention (QGA), a form of "
                "attention with a soft locality prior. We initialise the QGA layers to mimic "
                "convolutions. The resulting architecture, ZorbViT, outperforms strong "
                "baselines, and its ZQ scores improve.")
    assert features_of(abstract, "QGA")["part_after"] == 0.5  # 1 of its 2 occurrences
    assert features_of(abstract, "ZQ")["part_after"] == 1.0
    assert features_of(abstract, "ZorbViT")["part_after"] == 0.0
    encoders = "We add QGA encoders to the model. It helps."
    assert features_of(encoders, "QGA")["part_after"] == 1.0
    # a kind a contribution may be is not a part: "a ZorbMix module", "the ZorbMix loss"
    kind = "We propose the ZorbMix module. The ZorbMix loss trains it."
    assert features_of(kind, "ZorbMix")["part_after"] == 0.0


def test_another_models_features_name_no_contribution():
    """"a new regularization by distilling ZORB features": what another model computes
    (its features or representations, as its embeddings) is a part of that model, and an
    abstract that introduces only unnamed things gets no name from it."""
    abstract = ("This paper addresses inverse rendering from photometric images. In this "
                "work, we propose a new method for neural inverse rendering. Our method "
                "optimizes the light source position. To enhance reflectance "
                "decomposition, we introduce a new regularization by distilling ZORB "
                "features. Experiments show that our method outperforms prior methods.")
    assert features_of(abstract, "ZORB")["part_after"] == 1.0
    assert derive(abstract) is None
    assert features_of("We align ZorbNet representations.", "ZorbNet")["part_after"] == 1.0


def test_the_authors_own_kind_of_thing_before_a_name_is_marked():
    """"Our algorithm, ZorbDICE, ...", "the resulting architecture, ZorbViT", "our proposed
    LP solver ZorbLP": the authors' own kind of thing, named; another's ("the ZorbNet
    model") or a kind in an earlier clause ("our models. ZorbNet") is not."""
    def marked(abstract: str, name: str) -> float:
        return features_of(abstract, name)["kind_of_ours"]

    assert marked("Estimates drift. Our algorithm, ZorbDICE, corrects them.", "ZorbDICE") == 1.0
    assert marked("Pieces are added. The resulting convolutional-like architecture, ZorbViT, "
                  "is fast.", "ZorbViT") == 1.0
    assert marked("Results show that our proposed LP solver ZorbLP is fast.", "ZorbLP") == 1.0
    assert marked("We compare with the ZorbNet model on graphs.", "ZorbNet") == 0.0
    assert marked("We train our models. ZorbNet is a baseline.", "ZorbNet") == 0.0


def test_a_name_qualifying_a_new_kind_is_marked():
    """"a new model-free ZRL method", "a novel ZGN framework": the name qualifies the head
    of an indefinite "a new ... KIND", a field or class the new thing belongs to; the
    name of the new thing is set off ("a new method, ZorbRL,") or definite ("our new
    ZorbRL framework")."""
    def marked(abstract: str, name: str) -> float:
        return features_of(abstract, name)["new_kind_modifier"]

    assert marked("We propose a new model-free ZRL method that is robust.", "ZRL") == 1.0
    assert marked("We build a novel ZGN framework on cycles.", "ZGN") == 1.0
    assert marked("We propose a new method, ZorbRL, that is robust.", "ZorbRL") == 0.0
    assert marked("We present our new ZorbRL framework for control.", "ZorbRL") == 0.0
    assert marked("We propose a new ZorbRL, which is robust.", "ZorbRL") == 0.0


def test_one_of_a_family_of_variants_is_marked():
    """"ZorbFM-IB and ZorbFM-OB": hyphenated names that share a stem with tails of their
    own are variants of a family, whose own name is the method's (a title names the
    family); one name extending another ("ZQ-B2-Lite" of "ZQ-B2") is no sibling, and
    variants a "new" introduces ("two new variants, A and B") are the contribution."""
    family = ("Training graph networks on large graphs is slow. We develop two algorithms, "
              "ZorbFM-IB and ZorbFM-OB, for in-batch and out-of-batch data. We prove that "
              "ZorbFM-IB converges, and ZorbFM-OB is accurate on large graphs.")
    assert features_of(family, "ZorbFM-IB")["sibling"] == 1.0
    assert features_of(family, "ZorbFM-OB")["sibling"] == 1.0
    extended = ("We propose ZQ-B2, a reasoning optimizer. ZQ-B2 is general. We also propose "
                "a cheaper variant of ZQ-B2 called ZQ-B2-Lite.")
    assert features_of(extended, "ZQ-B2")["sibling"] == 0.0
    assert features_of(extended, "ZQ-B2-Lite")["sibling"] == 0.0
    new = ("We propose an initialisation leading to two new variants, ZorbRL-PO and "
           "ZorbRL-MO. Both beat the baselines.")
    assert features_of(new, "ZorbRL-PO")["sibling"] == 0.0
    assert features_of(new, "ZorbRL-MO")["sibling"] == 0.0
    assert derive(family) is None  # the model without the feature named ZorbFM-IB
    assert derive(extended) == "ZQ-B2"
    assert derive(new) == "ZorbRL-PO"


def test_generalising_a_name_makes_it_prior_work():
    """"a new series of objectives that generalizes the ZorbGame", "we generalise ZorbNet
    to videos": what the abstract generalises exists already (as what it extends)."""
    generalizes = ("Learning eigenfunctions is costly. Existing methods rely on an expensive "
                   "step. We show that these problems can be fixed by a new series of "
                   "objectives that generalizes the ZorbGame to function space. We test our "
                   "method on several problems.")
    assert features_of(generalizes, "ZorbGame")["prior_phrase"] == 1.0
    generalise = "First, we generalise ZorbNet to videos with recurrent connections."
    assert features_of(generalise, "ZorbNet")["prior_phrase"] == 1.0
    assert derive(generalizes) is None  # without "generalizes" the model named ZorbGame


def test_a_name_spelled_out_in_its_other_number_takes_that_long_form():
    """"recurrent zorb networks (RZNs) ... a novel RZN architecture": RZN is spelled out
    by its plural's long form (lowercase: a class of models, not a method's name)."""
    abstract = ("The design of recurrent zorb networks (RZNs) for long sequences is hard. We "
                "propose a novel RZN architecture based on oscillators. The resulting RZN is "
                "fast and invertible.")
    assert features_of(abstract, "RZNs")["long_lowercase"] == 1.0
    assert features_of(abstract, "RZN")["long_lowercase"] == 1.0
    method = ("We propose Zorb Quill Networks (ZQNs). A ZQN is fast. Each ZQN stacks quill "
              "layers.")
    assert features_of(method, "ZQN")["long_lowercase"] == 0.0


def test_a_name_may_end_in_a_year():
    """"ZorbStream'22": a benchmark's edition is part of its name."""
    abstract = ("Continual learning lacks a realistic test. We introduce ZorbStream'22, a "
                "stream of 100 visual tasks sampled from papers. ZorbStream'22 poses a "
                "challenge for current learners.")
    assert "ZorbStream'22" in name_features(abstract, render(abstract))
    assert derive(abstract) == "ZorbStream'22"
    assert usage_key("ZorbStream'22") in list_statistics([abstract]).usage


def test_a_made_up_name_in_quotes_after_a_naming_word_is_cued():
    """"a framework, dubbed “Zorb-Mix"": quotes (curly or straight, not always paired)
    around a made-up name after a naming word do not hide it from the cue; a plain word in
    quotes ("called “momentum”") is a term, not a name."""
    abstract = ("Quill-Mix is a simple augmentation for segmentation. Previous works take "
                "instances from labelled datasets, which is expensive. In this paper, we "
                "revisit Quill-Mix at scale. We design a data acquisition framework, dubbed "
                "“Zorb-Mix\", upon which a study is conducted. On three datasets, it gives "
                "large gains over Quill-Mix.")
    assert cue_strengths(abstract, "Zorb-Mix")[0] == 1.0
    assert derive(abstract) == "Zorb-Mix"  # without the cue the model named Quill-Mix
    term = "We add a quantity, called “momentum”, to the update. It speeds training up."
    assert "momentum" not in name_features(term, render(term))


def test_a_lowercase_word_after_a_greek_letter_is_no_candidate():
    """"κ-flatness", "ε-optimal": a Greek letter qualifying a lowercase word is notation for
    a property, which, like any lowercase word, is a name only when a cue gives it; a
    Greek letter before a capitalised word ("κ-Zorb") or a digit is a made-up name."""
    abstract = ("We study prediction with expert advice when the learner may query few "
                "labels. We design an algorithm that uses experts as a subroutine and show "
                "that, under a condition on the matrix of predictions which we refer to as "
                "κ-flatness, it obtains a strong regret bound. We also give a polynomial-time "
                "algorithm to compute the κ-flatness of a matrix.")
    assert "κ-flatness" not in name_features(abstract, render(abstract))
    assert derive(abstract) is None  # without the change the model named κ-flatness
    named = ("We study gradient methods. We propose κ-Zorb, a step rule that finds "
             "ε-optimal points fast. κ-Zorb beats Adam on ten tasks.")
    assert list(name_features(named, render(named))) == ["κ-Zorb"]
    assert derive(named) == "κ-Zorb"


def test_an_acronym_of_one_lowercase_word_is_a_term():
    """"electromyography (EMG)", "backpropagation (BP)": the abbreviation of one word is a
    term of the field, as the word is, and needs a cue to be a name; an acronym of a
    phrase ("Zorb Gated Units (ZGU)") is spelled out as a name may be."""
    abstract = ("Generating training data is a long sought goal. We study the problem of "
                "muscle signal electromyography (EMG) synthesis for gesture recognition. EMG "
                "synthesis is hard, as muscles interact in complex ways. We incorporate a "
                "simulator of muscle dynamics into a generative adversarial network to create "
                "plausible EMG training examples, and show that this improves EMG "
                "classification.")
    assert "EMG" not in name_features(abstract, render(abstract))
    assert derive(abstract) is None  # without the change the model named EMG
    named = ("Sequence models are slow. We propose Zorb Gated Units (ZGU), a recurrent cell "
             "for long sequences. ZGU is fast and accurate on ten benchmarks.")
    assert derive(named) == "ZGU"
    # the last word of a capitalised phrase, whose letters it happens to hold, is not all
    # of the long form: "Latent Zorb Non-stationary learning (LIN)"
    phrase = "We use a Latent Zorb Non-stationary learning (LIN) method. LIN is robust."
    assert "LIN" in name_features(phrase, render(phrase))


def test_a_name_introduced_with_an_earlier_one_builds_on_it():
    """"we propose ZorbMix (CZM) ... we present a new method, dubbed QuillMixer, that
    integrates CZM": a cue verb introducing a name where an earlier introduced one is said
    builds on it (the later, whole method; in_later_intro marks the earlier one)."""
    abstract = ("Pre-training on paired data is costly. This paper proposes an augmentation "
                "method, namely cross-modal ZorbMix (CZM), for alignment without pairs. "
                "Specifically, CZM replaces words by image patches. CZM keeps the meaning "
                "intact. We present a new unpaired pre-training method, dubbed QuillMixer, "
                "that integrates CZM with contrastive learning. Experiments on five tasks show "
                "that QuillMixer beats previous methods.")
    assert features_of(abstract, "QuillMixer")["builds_on_earlier"] == 1.0
    assert features_of(abstract, "CZM")["builds_on_earlier"] == 0.0
    assert features_of(abstract, "CZM")["in_later_intro"] == 1.0
    assert derive(abstract) == "QuillMixer"  # without the feature the model named CZM


def test_a_long_form_in_a_clause_after_the_cues_kind_is_not_introduced():
    """"we propose a novel model to solve the grading of diffuse zorb cell tumours
    (DZCTs)": the long form in the clause after the cue's kind ("model to ...", "framework
    that ...") is what the contribution works on, not its name; a naming word there
    keeps it ("a mixture model which we term the Zorb Quill Mixture (ZQM)")."""
    abstract = ("Labelled medical images are scarce, and children's tumours are rarer still. In "
                "this work, we propose a novel model to solve the grading task of diffuse zorb "
                "cell tumours (DZCTs). The model attends to the valid areas of an image with a "
                "mask, and a length-aware loss makes it tolerant to diverse features. We "
                "evaluate it on a small DZCTs dataset, where it beats strong deep models.")
    assert cue_strengths(abstract, "DZCTs") == (0.0, 0.0, 0.0)
    assert derive(abstract) is None  # without the change the cue introduced DZCTs
    termed = ("We propose a mixture model which we term the Zorb Quill Mixture (ZQM). ZQM "
              "fits fast.")
    assert cue_strengths(termed, "ZQM")[0] == 1.0


def test_an_acronym_qualifying_novel_plural_kinds_is_marked():
    """"novel Zorbed Gradient Descent (ZGD) algorithms", "novel ZGN methods": in the plural
    "novel" needs no article, and an acronym right after its long form qualifies the head
    the same way ("a new ZRL method"): a class the contribution belongs to."""
    abstract = ("This paper introduces a new method for minimizing smooth objectives through "
                "the use of novel Zorbed Gradient Descent (ZGD) algorithms with a matrix-valued "
                "stepsize. The algorithms are analyzed in the single-node and the distributed "
                "settings. Our results reveal that the matrix stepsize in ZGD can capture the "
                "structure of the objective.")
    assert features_of(abstract, "ZGD")["new_kind_modifier"] == 1.0
    assert features_of("We propose novel ZGN methods that are robust.",
                       "ZGN")["new_kind_modifier"] == 1.0
    assert features_of("We propose novel methods, ZorbNet and QuillNet, that are robust.",
                       "ZorbNet")["new_kind_modifier"] == 0.0
    assert derive(abstract) is None


def test_a_new_whole_or_the_next_step_is_no_component():
    """"Furthermore, we present a new method, dubbed QuillMixer": a new whole introduced
    after another contribution is no component of it; nor is what "we then propose" after
    an analysis. "We also propose a module, ZorbLayer" is one."""
    abstract = ("Pre-training on paired data is costly. This paper proposes an augmentation "
                "method, namely cross-modal ZorbMix (CZM), for alignment without pairs. "
                "Specifically, CZM replaces words by image patches. CZM keeps the meaning "
                "intact. Furthermore, we present a new unpaired pre-training method, dubbed "
                "QuillMixer, that integrates CZM with contrastive learning. Experiments on five "
                "tasks show that QuillMixer beats previous methods.")
    assert features_of(abstract, "QuillMixer")["component"] == 0.0
    assert derive(abstract) == "QuillMixer"  # as a component the model named CZM
    then = ("Exact value iteration is costly. We first analyse why. We then propose Zorb "
            "Actor Critic (ZAC), a practical algorithm. ZAC beats baselines.")
    assert features_of(then, "ZAC")["component"] == 0.0
    also = "We propose ZorbNet. We also propose a module, ZorbLayer, for speed."
    assert features_of(also, "ZorbLayer")["component"] == 1.0


def test_the_stem_of_a_family_of_variants_is_no_part():
    """"we propose ZorbA, a collection of two benchmarks ... ZorbA-order ... ZorbA-attribute
    ... we propose ZorbA-CLAP": the stem of two or more hyphenated names is the family's
    name, not a part of one longer name (a name one longer name is built on, "ZorbNet" of
    "ZorbNet-Net", stays a part)."""
    family = ("Audio-language models learn a shared representation of audio and text. In "
              "this paper, we propose ZorbA, a collection of two benchmarks to evaluate "
              "compositional reasoning. Our proposed ZorbA-order evaluates the order of "
              "acoustic events, and ZorbA-attribute evaluates attribute binding. Next, we "
              "propose ZorbA-CLAP, where we fine-tune a contrastive model with hard "
              "negatives. ZorbA-CLAP improves over all baselines on the ZorbA benchmark.")
    assert features_of(family, "ZorbA")["part_of_other"] == 0.0
    assert features_of(family, "ZorbA-CLAP")["sibling"] == 1.0
    single = ("We present ZorbHop-Net for time series. At its heart is ZorbHop, a novel "
              "block. We build ZorbHop-Net by stacking ZorbHop blocks.")
    assert features_of(single, "ZorbHop")["part_of_other"] == 1.0
    assert derive(family) == "ZorbA"


def test_the_method_applied_to_a_baseline_the_abstract_names_is_no_part():
    # (held-out CVPR 2021: "we propose a new quantization scheme termed PArameterized Max
    # Scale (PAMS) … existing SR models such as EDSR and RDN. Notably, 8-bit PAMS-EDSR
    # improves PSNR", titled PAMS)
    applied = ("Deep networks are costly. To address this, we propose a new quantization "
               "scheme termed Zorbed Max Scale (ZOMS), which learns the truncation bound. "
               "The proposed ZOMS scheme compresses existing SR models such as QEDSR and "
               "RDN. Notably, 8-bit ZOMS-QEDSR improves PSNR on Set5.")
    assert features_of(applied, "ZOMS")["part_of_other"] == 0.0
    assert derive(applied) == "ZOMS"
    # a tail never said away from the stem leaves it a part ("AutoGluon–TimeSeries")
    joined = ("We introduce ZorbGluon–TimeZorbs, a library. Built on ZorbGluon, "
              "ZorbGluon-TimeZorbs forecasts. ZorbGluon–TimeZorbs is fast.")
    assert features_of(joined, "ZorbGluon")["part_of_other"] == 1.0
    # nor a name spelled out as a noun phrase's modifier, a term's part ("a new no-reference
    # (NR) image quality assessment (IQA) framework … the existing NR-IQA algorithms",
    # held-out CVPR 2015, titled SOM)
    term = ("Image quality assessment (IQA) estimates perceived quality. In this paper we "
            "propose a new zorb-reference (ZR) image quality assessment (IQA) framework "
            "based on semantic obviousness. Our approach is superior to the existing ZR-IQA "
            "algorithms and comparable to full-reference IQA methods.")
    assert features_of(term, "ZR")["part_of_other"] == 1.0
    assert derive(term) is None


def test_a_word_whose_capitals_spell_an_acronym_is_no_candidate():
    # (held-out IJCAI 2022: "we propose the SHapley vAlue-based PErceptual (SHAPE) scores
    # that measure the marginal contribution of individual modalities", titled SHAPE:
    # "PErceptual" had been taken for a made-up name, and chosen)
    abstract = ("Little attention has been paid to quantifying the contribution of different "
                "modalities. In this paper, we propose the ZOrbley vAlue-based PErceptual "
                "(ZAPE) scores that measure the marginal contribution of individual "
                "modalities and the degree of cooperation across modalities. Using these "
                "scores, we systematically evaluate different fusion methods.")
    assert "PErceptual" not in name_features(abstract, render(abstract), None)
    assert derive(abstract) == "ZAPE"
    # a made-up word said outside the long form too stays a candidate
    said = abstract + " PErceptual fusion is rare."
    assert "PErceptual" in name_features(said, render(said), None)


def test_the_last_item_of_a_parenthesis_is_no_subject_of_the_verb_after_it():
    # (held-out ACL 2021: "Experiments on three benchmarks (ACE04, ACE05, SciERC) show
    # that, using only half the number of parameters, our model achieves competitive
    # accuracy", titled UniRE: the benchmark had been taken for what makes the claim)
    abstract = ("Joint entity relation extraction models set up two separated label spaces. "
                "In this work, we propose to eliminate the different treatment of the two "
                "label spaces. We apply a unified classifier to predict each cell's label. "
                "Experiments on three benchmarks (ZCE04, ZCE05, SciZERC) show that, using "
                "only half the number of parameters, our model achieves competitive accuracy.")
    assert features_of(abstract, "SciZERC")["claim_subject"] == 0.0
    assert derive(abstract) is None
    # a name alone in its parenthesis, spelled out before it, is the subject
    defined = ("We propose Zorbed Quill Networks (ZQN). Zorbed Quill Networks (ZQN) show "
               "large gains on two benchmarks.")
    assert features_of(defined, "ZQN")["claim_subject"] > 0.0


def test_a_variant_of_a_baseline_named_as_an_example_is_no_name():
    # (held-out ECCV 2020: "existing backbone networks, e.g., I3D or S3D … Inserting our
    # attention cells into I3D-R50 yields state-of-the-art performance", titled AttentionNAS)
    abstract = ("We address the task of attention cell search for video. The discovered "
                "cells can be inserted into existing backbone networks, e.g., Z3D or S3D, "
                "and improve accuracy on two datasets. Inserting our attention cells into "
                "Z3D-R50 yields state-of-the-art performance on both datasets.")
    assert derive(abstract) is None
    # the same variant where its stem is said as the authors' own is a name
    own = abstract.replace("existing backbone networks, e.g., Z3D or S3D",
                           "our new backbone Z3D")
    assert derive(own) == "Z3D-R50"


def test_an_author_cited_with_a_coauthor_is_cited():
    """"Valiant and Valiant (2014)": the first author of a citation with two is cited as
    "Valiant (2014)" or "Valiant et al." is, a person and no candidate at all (a list of
    learning theory named an open problem's paper "Valiant"); an acronym so cited keeps
    the `cited` feature, prior work the model weighs."""
    abstract = ("In the instance-optimal identity testing of Valiant and Valiant (2014), one "
                "is given a distribution q and samples from p. Valiant and Valiant provided "
                "upper and lower bounds on this question, which do not match.")
    assert "Valiant" not in name_features(abstract, render(abstract))
    assert derive_name_and_title(abstract, render(abstract), None)[0] is None
    acronym = abstract.replace("Valiant and Valiant (2014)", "IOTT and Valiant (2014)")
    assert features_of(acronym, "IOTT")["cited"] == 1.0


def test_a_superscript_of_math_is_notation_not_a_name():
    """"$\\tilde O(\\sqrt{S^{CW} T})$" renders "S^(CW)": a token said only as a rendered
    super- or subscript is notation (a dueling-bandits paper was named "CW")."""
    abstract = ("We study non-stationary dueling bandits and show a near-optimal "
                "$\\tilde O(\\sqrt{S^{CW} T})$ dynamic regret bound, where $S^{CW}$ is the "
                "number of times the winner changes. This yields the first bound for unknown "
                "$S^{CW}$.")
    assert "CW" not in name_features(abstract, render(abstract))
    assert derive_name_and_title(abstract, render(abstract), None)[0] is None


def test_a_coordinated_cue_does_not_swallow_a_naming_word_in_parentheses():
    """"We construct a policy satisfying the constraint (called DP-BAI), based on ..., and
    derive a bound": "We ... and derive" is one cue only up to the parenthesis, so the
    naming word inside it still introduces the name (cues do not overlap)."""
    abstract = ("We study best arm identification under privacy constraints. We construct a "
                "policy satisfying the privacy constraint (called PR-BAI), based on the "
                "principle of maximum determinants, and derive an upper bound on its error "
                "probability. We also derive a minimax lower bound.")
    assert features_of(abstract, "PR-BAI")["cue_verb"] == 1


@pytest.mark.parametrize(("text", "pair"), [
    ("we introduce As-Needed Decomposition and Planning for complex Tasks (ADaPT), a method",
     ("ADaPT", "As-Needed Decomposition and Planning for complex Tasks")),
    ("the Abstraction and Reasoning Corpus (ARC) is hard",
     ("ARC", "Abstraction and Reasoning Corpus")),
    ("the principle of optimism in the face of uncertainty (OFU) guides it",
     ("OFU", "optimism in the face of uncertainty")),
    # a hyphenated word that starts with a function word still gives its letter
    ("a new perspective: In-Time Over-Parameterization (ITOP) trains it",
     ("ITOP", "In-Time Over-Parameterization")),
])
def test_a_long_form_does_not_start_with_a_function_word(text: str,
                                                         pair: tuple[str, str]) -> None:
    """The shortest tail whose letters spell the acronym may start at "and" or "of" ("and
    Reasoning Corpus (ARC)"); the first letter is a word of the long form's own."""
    from index.ingest.titles import defined_pairs

    assert defined_pairs(text) == [pair]


@pytest.mark.parametrize("verb", ["build on", "build upon", "builds on", "built upon"])
def test_what_the_work_builds_on_is_not_introduced(verb: str) -> None:
    """"We restrict the graph to a forest and build on the work of woodland density
    estimation (WDE)": the verb of "we" is a cue's, but what the work builds on is where
    it starts from, prior work, not its contribution (a held-out list's title named
    nothing, and the abstract's cued acronym was prior work)."""
    abstract = ("We present a framework for adding prior knowledge to nonparametric "
                "estimation of graphical models. We restrict the graph to be a forest and "
                f"{verb} the work of woodland density estimation (WDE). We reformulate the "
                "WDE approach from a Bayesian perspective and add priors on the graphs.")
    assert features_of(abstract, "WDE")["cue_verb"] == 0
    assert derive(abstract) is None


def test_letters_only_in_math_are_notation_not_a_name():
    """"regret $\\mathcal{O}(\\sqrt{QRT})$" rendered as "O(√QRT)" gave QRT as the paper's
    name (held-out COLT 2019; HSA, MSA, SA of "$O(HSA \\log T)$" on other lists): letters
    said only inside math, never set as text there, are notation."""
    notation = ("We propose the first contextual bandit algorithm that is parameter-free "
                "and efficient. It achieves $\\mathcal{O}(\\sqrt{QRT})$ dynamic regret "
                "for a bandit with $Q$ arms, $R$ switches and $T$ rounds.")
    assert "QRT" not in name_features(notation, render(notation))
    assert derive(notation) is None
    # a name set in math as text is a name still ...
    typeset = ("We propose $\\texttt{GlintNet}$, a new network for glint removal. "
               "$\\texttt{GlintNet}$ removes glints from photographs of shiny objects.")
    assert derive(typeset) == "GlintNet"
    # ... and so are letters also said outside math
    both = ("We propose QRT, a new bandit algorithm with $\\sqrt{QRT}$ regret. QRT is "
            "efficient and parameter-free on every instance we tried.")
    assert derive(both) == "QRT"


def test_a_citation_key_is_no_name():
    """A citation shows as its keys in brackets ("[Wang2020UnderstandingCR]", render.py);
    a key is said only inside \\cite{...}, so it is notation, never a candidate name (the
    ICLR 2024 development list: "the uniformity metric proposed by
    \\citet{Wang2020UnderstandingCR} fails ...")."""
    cited = ("We find that the uniformity metric proposed by \\citet{Wang2020UnderstandingCR} "
             "fails to satisfy several properties of a good measure of dimensional "
             "collapse, and we study why in detail on standard benchmarks.")
    assert "[Wang2020UnderstandingCR]" in render(cited).text
    assert "Wang2020UnderstandingCR" not in name_features(cited, render(cited))
    assert derive(cited) is None
    # A name the abstract also says in its prose stays a name, cited or not.
    also = ("We propose GlintNet, a new network for glint removal \\cite{GlintNet}. GlintNet "
            "removes glints from photographs of shiny objects.")
    assert derive(also) == "GlintNet"


def test_a_name_built_on_a_likely_name_gives_way_to_it():
    """When the abstract introduces a name and then one built on it ("ZORBIT" and
    "ZORBIT-SFO", "ZorbHop" and "ZorbHop-Net"), and both are likely names, the paper is
    named by the base (its title names the base); an extension whose base is only
    mentioned keeps its whole name."""
    built = ("We propose a new technique named Zonal Orbit Recursive Iterate Tracker "
             "(ZORBIT), which tracks many quantities at reduced cost. Combining ZORBIT with "
             "normalized gradient descent, we propose ZORBIT-SFO that solves non-convex "
             "problems using stochastic gradients only. We prove that the ZORBIT-SFO "
             "algorithm achieves a low cost. In addition, we prove that ZORBIT-SFO nearly "
             "matches the lower bound. Our ZORBIT technique also finds second-order "
             "stationary points.")
    assert derive(built) == "ZORBIT"
    only_mentioned = ("Graph networks pass messages between neighbours. We propose GNN-QuilT, "
                      "a layer whose messages are modulated by the target node. GNN-QuilT "
                      "outperforms baselines on three benchmarks.")
    assert derive(only_mentioned) == "GNN-QuilT"
    # "We present BigNAS … Our discovered model family, BigNASModels, achieve …" (held-out
    # ECCV 2020, titled BigNAS): the models the method found are built on its name.
    family = ("Training a one-shot model has become a popular strategy for architecture "
              "search. We present ZorbNAS, an approach that challenges the conventional "
              "wisdom that post-processing of the weights is necessary. Our discovered model "
              "family, ZorbNASModels, achieve top-1 accuracies from 76.5% to 80.9%.")
    assert derive(family) == "ZorbNAS"


def test_an_appositive_after_a_prior_kind_names_prior_work():
    """"the resulting network, GC-Flow" introduces the authors' own; "the state-of-the-art
    approach, PoseFromShape" (or an existing, standard, popular one) names another's, which
    is no cue for a name."""
    abstract = ("Efficient pose estimation matters for on-device inference. Our proposed "
                "solution ZorbLite, estimates pose of generic objects by utilizing a compact "
                "node embedding. We achieve a space and time reduction by a factor of 11x "
                "and 3x respectively, with respect to the state-of-the-art approach, "
                "ShapeQuill, on a benchmark dataset.")
    assert derive(abstract) == "ZorbLite"
    resulting = ("We study graph flows. We design a new layer, and stack it; the resulting "
                 "network, QuillFlow, beats baselines on three benchmarks.")
    assert derive(resulting) == "QuillFlow"


def test_a_name_after_what_the_kind_is_for_is_cued():
    """"We present a trajectory prediction approach with respect to traffic lights,
    D2-TPred, which uses …": the name set off after the kind's purpose is the one the
    verb introduces (over a dataset "called" later), and the derived title keeps the
    purpose; an enumeration after a purpose ("algorithms for the uniform, Marchenko-Pastur,
    and exponential distributions") names nothing."""
    abstract = ("Planning at urban intersections needs to understand agents. We present a "
                "trajectory prediction approach with respect to traffic lights, Q2-ZPred, "
                "which uses a spatial dynamic interaction graph (SDG) and a behavior "
                "dependency graph (BDG). Moreover, we present a new dataset for vehicle "
                "trajectory prediction under traffic lights called QTP-ZL. Our results show "
                "that our model improves ADE and FDE on QTP-ZL over other algorithms.")
    name, title = derive_name_and_title(abstract, render(abstract))
    assert name == "Q2-ZPred"
    assert title == "Q2-ZPred: a trajectory prediction approach with respect to traffic lights"
    listed = ("We develop a framework for the analysis of random quadratic problems. We "
              "develop explicit algorithms for the uniform, Zorb-Quillan, and exponential "
              "distributions. These methods are momentum-based algorithms.")
    assert features_of(listed, "Zorb-Quillan")["cue_verb"] == 0.0
    # A colon sets the name off as the comma does when the name ends the sentence ("by
    # proposing a new large-scale Text-to-SQL dataset for the accounting and financial
    # domain: BookSQL.", held-out NAACL 2024), not when a list follows ("two variants of
    # MOGFNs: MOGFN-PC, which …", ICML 2023).
    colon = ("Text-to-SQL datasets fall short on accounting. In this resource paper, we aim "
             "to fill this gap by proposing a new large-scale Text-to-SQL dataset for the "
             "accounting and financial domain: ZorbSQL. The dataset consists of 100k "
             "queries, and we experiment with existing models on ZorbSQL.")
    assert derive(colon) == "ZorbSQL"
    variants = ("We propose Multi-Objective ZFlowNets (MOZFNs), a novel method for generating "
                "diverse solutions. We introduce two variants of MOZFNs: MOZFN-PC, which "
                "models independent sub-problems, and MOZFN-AL, which solves a sequence of "
                "sub-problems.")
    assert "MOZFN-PC" not in [c.name for c in T._cue_candidates(
        variants, T._sentences(variants), render(variants), T._definitions(variants))
        if c.strength == 3]


def test_an_appositive_without_its_comma_names_what_the_verb_introduces():
    """Some lists drop every comma ("we introduce cryoMAE a novel approach …"): a name
    right after the verb and before "a new"/"a novel" is set off all the same, a long
    form inside that appositive does not take the cue, and the title is "NAME: …"."""
    plain = ("Particle picking needs labelled data. To overcome these obstacles we introduce "
             "cryoZorb a novel approach based on few-shot learning that harnesses masked "
             "autoencoders to select particles. Experiments show cryoZorb beats baselines.")
    name, title = derive_name_and_title(plain, render(plain))
    assert name == "cryoZorb"
    assert title.startswith("cryoZorb: a novel approach based on few-shot learning")
    defined = ("This paper introduces ZorbDiff a new self-supervised learning (SSL) "
               "pre-training framework that combines real and synthetic images. Unlike SSL "
               "methods that use real images ZorbDiff uses a diffusion model. Experiments "
               "show ZorbDiff improves SSL methods across datasets.")
    assert derive(defined) == "ZorbDiff"


def test_a_name_ends_before_a_verb_coordinated_with_the_cues():
    """"this paper introduces RST-LoRA and proposes four RST-aware variants" (held-out
    NAACL 2024, titled RST-LoRA): the cue's name ends where "and" opens a second
    predicate of the same subject ("we propose a … algorithm termed as ROBIN and show that
    it is near-optimal", ICML 2023)."""
    abstract = ("Discourse structure matters for long document summarization. Therefore, "
                "this paper introduces RST-Zorb and proposes four RST-aware variants to "
                "incorporate discourse into the adapter. Our evaluation shows the variants "
                "outperform the vanilla adapter.")
    assert derive(abstract) == "RST-Zorb"


def test_a_made_up_name_at_the_cue_keeps_it_before_a_long_form_set_off():
    """"We introduce MART, Motion-Aware Recurrent neural network (MA-RNN) for Tracking"
    (held-out WACV 2021, titled MART) was named MA-RNN: the long form after the comma
    says what MART is. After a kind phrase the long form is still the cue's ("a version of
    LoRA, Federated Freeze A LoRA (FFA-LoRA)", ICLR 2024)."""
    abstract = ("Trackers fail under occlusion. We introduce ZART, Zorb-Aware Recurrent neural "
                "network (ZA-RNN) for Tracking, by modeling long-term spatial-temporal "
                "representation. The proposed ZA-RNN aligns temporal information frame by "
                "frame, and our tracker ZART achieves state-of-the-art results.")
    name, title = derive_name_and_title(abstract, render(abstract))
    assert name == "ZART"
    assert title == "ZART: Zorb-Aware Recurrent neural network for Tracking"
    kind = ("LoRA is popular. Thus, this paper proposes an efficient version of LoRA, "
            "Federated Zorb A LoRA (FZA-LoRA), to alleviate these challenges. The core idea "
            "of FZA-LoRA is to fix the random matrices.")
    assert derive(kind) == "FZA-LoRA"


def test_a_name_is_no_piece_of_its_own_version_in_a_link():
    """"We propose a fully convolutional one-stage object detector (FCOS) … Code is
    available at: https://tinyurl.com/FCOSv1" (held-out ICCV 2019, titled FCOS) was named
    nothing: FCOS counted as a piece of the link's "FCOSv1", which is FCOS itself. A piece
    of a project's name in a link is still one ("…/ProjNorm": not Norm)."""
    abstract = ("We propose a fully convolutional one-stage object detector (ZCOS) to solve "
                "object detection in a per-pixel prediction fashion. Almost all object "
                "detectors rely on pre-defined anchor boxes. In contrast, our proposed "
                "detector ZCOS is anchor box free. By eliminating anchor boxes, ZCOS avoids "
                "complicated computation. With non-maximum suppression (NMS) only, ZCOS "
                "achieves 44.7% in AP. Code is available at: https://tinyurl.com/{}")
    assert derive(abstract.format("ZCOSv1")) == "ZCOS"
    assert features_of(abstract.format("ZCOSv1"), "ZCOS")["inside_other"] == 0.0
    assert features_of(abstract.format("ZCOSPlus"), "ZCOS")["inside_other"] == 1.0


def test_an_unset_appositive_may_open_with_its_kind():
    """"we introduce FlashVTG a framework featuring a … (TFL) module": without the comma,
    "a … framework" after the name sets it off as "a new …" does."""
    abstract = ("Previous methods rank predictions on isolated moments. To tackle these "
                "issues we introduce ZorbVTG a framework featuring a Temporal Feature "
                "Layering (TFL) module and an Adaptive Score Refinement (ASR) module. The TFL "
                "module replaces the decoder. Experiments show ZorbVTG achieves the best "
                "results on four datasets.")
    name, title = derive_name_and_title(abstract, render(abstract))
    assert name == "ZorbVTG"
    assert title.startswith("ZorbVTG: a framework featuring")


def test_a_verb_after_our_kind_is_no_kind_phrase_before_a_name():
    """"Our method achieved state-of-the-art results for the driving benchmark KITTI":
    after "our method" a verb opens the predicate, so the benchmark at its end is no name
    the cue introduces."""
    abstract = ("Monocular depth estimation often gives scale-invariant results. We introduce "
                "a self-supervised metric-scaled depth model that requires only monocular "
                "video. Our method achieved state-of-the-art results for the driving "
                "benchmark ZITTI for metric-scaled depth prediction.")
    assert derive(abstract) != "ZITTI"


def test_a_name_quoted_with_two_apostrophes_on_both_sides_is_quoted():
    """"we propose a new deep learning paradigm called ''Co-teaching'' for combating with
    noisy labels" (NeurIPS 2018): the name in the quotes plain text types is cued as one
    in curly quotes is."""
    abstract = ("Deep learning with noisy labels is practically challenging, as the capacity "
                "of deep models is so high that they can totally memorize these noisy labels "
                "sooner or later during training. Nonetheless, recent studies on the "
                "memorization effects of deep neural networks show that they would first "
                "memorize training data of clean labels and then those of noisy labels. "
                "Therefore in this paper, we propose a new deep learning paradigm called "
                "''Cozorb'' for combating with noisy labels. Namely, we train two deep neural "
                "networks simultaneously, and let them teach each other given every "
                "mini-batch. Empirical results on noisy versions of MNIST, CIFAR-10 and "
                "CIFAR-100 demonstrate that Cozorb is much superior to the state-of-the-art "
                "methods in the robustness of trained deep models.")
    assert derive(abstract) == "Cozorb"


@pytest.mark.parametrize(("abstract", "name"), [
    # a superscript typed with a caret in a plain-text list is part of the name
    ("Graph filters are costly. We propose G^2CN, a graph convolution network with "
     "concentrated filters. G^2CN is fast on three benchmarks.", "G²CN"),
    # a capital and a raised number that the authors define is a name, as "D3" is
    ("Samplers for sparse priors are slow. In this article, we propose Tandem Sparse "
     "Sampling (T^3), a Gibbs sampler for wide regression. T^3 scales to a million "
     "covariates.", "T³"),
])
def test_a_name_with_a_typed_superscript(abstract, name):
    assert derive(abstract) == name


def test_a_code_links_project_vouches_for_its_plural_in_the_prose():
    # the unit is defined and introduced, but the paper is the networks built from it,
    # whose repository the link names in the singular (held-out ICCV 2019: "HBO" for
    # HBONet, github.com/…/HBONet beside "we construct HBONets")
    abstract = ("Light networks lose accuracy. In this paper, we present Zoned Bottleneck "
                "Operator (ZBO), a novel architecture unit for small networks. Our ZBO "
                "mixes channels and space at little cost. By replacing the bottlenecks of "
                "a light backbone with ZBO modules, we construct ZBONets which are evaluated "
                "on three benchmarks. Code is available at https://github.com/someone/ZBONet.")
    assert derive(abstract) == "ZBONets"


def test_the_one_capitalised_word_before_a_kind_a_cue_introduces_is_a_name():
    # (held-out NeurIPS 2015: "We propose the Softstar algorithm, a softened
    # heuristic-guided search technique" named nothing, as "our Softstar algorithm" did)
    assert derive("Search in large decision spaces is slow. We propose the Zorbstar "
                  "algorithm, a softened heuristic-guided search technique for inverse "
                  "control. It cuts the cost of inference.") == "Zorbstar"
    # a capitalised description after an indefinite article is none
    assert derive("Margins are hard to tune. We propose a Decoupled Margin Loss for face "
                  "recognition. It is simple.") is None


def test_the_whole_is_named_over_a_part_it_is_built_from():
    # (held-out WACV 2021: "the Dilated Attention Layer (DAL) … we introduce Pyramid
    # Dilated Attention Network (PDAN) which is built upon DAL", titled PDAN)
    abstract = ("Long videos are hard to label. To this end, we introduce the Zorb Attention "
                "Layer (ZAL). Unlike a plain convolution, ZAL weighs each feature of its "
                "kernel, which lets ZAL learn local structure. Finally, we introduce the "
                "Pyramid Zorb Attention Network (PZAN) which is built upon ZAL. With ZAL, "
                "PZAN models short and long relations at once, and PZAN outperforms the "
                "state of the art on three datasets.")
    assert derive(abstract) == "PZAN"
    # a loss is no part: a paper's own loss stays its name (held-out ECCV 2022: "Contrastive
    # Coherence Preserving Loss (CCPL)", titled CCPL, beside the network it trains)
    loss = abstract.replace("Zorb Attention Layer (ZAL)", "Zorb Attention Loss (ZAL)")
    assert derive(loss) == "ZAL"


@pytest.mark.parametrize("lost", [" ", "\t"])
def test_a_name_set_as_text_in_math_whose_backslash_was_lost_is_a_name(lost):
    # (held-out ECCV 2020: "We refer to our method as $ extit{SimAug}$", a \textit whose
    # backslash a list lost, or whose "\t" JSON read as a tab: rendered "SimAug", it is
    # set as text, no notation)
    abstract = ("Forecasts break on unseen cameras. We mix the hardest view's features with "
                "adversarial ones. We refer to our method as $" + lost + "extit{ZorbAug}$. We "
                "show that $" + lost + "extit{ZorbAug}$ achieves strong results on three "
                "benchmarks.")
    assert render(abstract).text.count("ZorbAug") == 2
    assert derive(abstract) == "ZorbAug"


def test_a_dataset_the_authors_collect_is_introduced():
    # (held-out NAACL 2024: "we collect HelpSteer, a multi-attribute helpfulness dataset
    # annotated for …", held-out WACV 2021: "we collect the Adaptiope dataset - a large
    # scale, diverse UDA dataset", each its title's name)
    assert derive("Models transfer poorly across domains. Based on these insights, we collect "
                  "the Zorbiope dataset - a large scale, diverse dataset with synthetic and "
                  "real data - and show that its tasks are hard.") == "Zorbiope"


def test_a_compound_adjective_is_no_sibling_variant():
    # (held-out NAACL 2022: "build MWP-BERT, an effective contextual number representation
    # PLM … MWP solving and several MWP-specific understanding tasks": "MWP-specific"
    # qualifies tasks and is no variant beside MWP-BERT, which the title names)
    abstract = ("Zorb word problem (ZWP) solving faces a dilemma in number representation. "
                "Existing works for ZWP solving replace numbers with placeholders. In this "
                "work, we bring this idea to pre-trained language models (PLMs) and build "
                "ZWP-BERT, an effective contextual number representation PLM. We show the "
                "effectiveness of our ZWP-BERT on ZWP solving and several ZWP-specific "
                "understanding tasks.")
    assert derive(abstract) == "ZWP-BERT"


def test_a_numbered_name_is_no_sibling_of_a_made_up_one():
    # (held-out ACL 2021: "a FEVER-like dataset COVID-Fact of 4,086 claims concerning the
    # COVID-19 pandemic", titled COVID-Fact; "COVID-19" is a numbered name of the world's,
    # no variant beside it)
    abstract = ("We introduce a FEVER-like dataset ZOVID-Fact of 4,086 claims concerning the "
                "ZOVID-19 pandemic. The dataset holds claims and the evidence refuting them. "
                "Our experiments indicate that ZOVID-Fact will provide a challenging testbed "
                "for detecting misinformation about ZOVID-19.")
    assert features_of(abstract, "ZOVID-Fact")["sibling"] == 0.0
    assert derive(abstract) == "ZOVID-Fact"
    # numbered steps are siblings of each other still: "Stage-1 … Stage-2"
    stages = ("We train in two stages. Stage-1 learns boxes from clicks and Stage-2 refines "
              "them with a detector. Stage-2 is fast.")
    assert features_of(stages, "Stage-2")["sibling"] == 1.0


@pytest.mark.parametrize("verb", ["have developed", "has introduced", "have also proposed"])
def test_a_cue_verb_in_the_perfect_is_a_cue(verb):
    # (held-out ACL 2021: "we have developed an abstractive Email Thread Summarization
    # (EmailSum) dataset", titled EmailSum)
    subject = "this paper" if verb.startswith("has") else "we"
    abstract = (f"Threads of email are long. To spur research in thread summarization, "
                f"{subject} {verb} an abstractive Email Thread Zorbization (EmailZorb) dataset "
                f"of 2,549 threads. ROUGE correlates weakly with human judgements.")
    assert features_of(abstract, "EmailZorb")["cue_verb"] == 1.0


def test_the_papers_own_name_is_chosen_over_the_fields_phrase():
    # (held-out ICCV 2015: "we propose a novel Weakly Supervised Learning (WSL) framework …
    # we introduce a new structured output latent variable model, Minimum mAximum lateNt
    # sTRucturAl SVM (MANTRA)", titled MANTRA: "weakly supervised learning" is a phrase
    # the development lists' abstracts say, the field's, not this paper's name)
    abstract = ("In this work, we propose a novel Weakly Supervised Learning (WSL) framework "
                "dedicated to learning part detectors from images with a global label. Our "
                "WSL method has three contributions. Firstly, we introduce a new latent "
                "variable model, Zorb mAximum Quill sTRucturAl SVM (ZAQTRA), whose prediction "
                "relies on a pair of latent variables. Secondly, we instantiate ZAQTRA for two "
                "tasks. Finally, ZAQTRA outperforms the state of the art on five datasets.")
    assert shipped_model().known.said_share(["Weakly Supervised Learning"]) > 0
    assert derive(abstract) == "ZAQTRA"
