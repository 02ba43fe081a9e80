"""index.ingest.names: the shipped name model and the features it scores.

The abstracts here are made up (names no corpus has), so each case is held out from what
the model was trained on; each checks one feature family doing its job.
"""

from __future__ import annotations

import json
from importlib import resources

from index.ingest.formats import read_list
from index.ingest.names import (
    FEATURES,
    MODEL_FILE,
    NameStatistics,
    list_statistics,
    model_from,
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


def test_a_name_only_in_a_code_link_is_not_given():
    """A repository slug the prose never says is not what the abstract calls its work; the
    same slug said in the prose is evidence for the name."""
    unsaid = ("We study sorting with learned pivots and show it is fast on three benchmarks. "
              "Code: https://github.com/jane/ZorbSort.")
    said = ("We propose ZorbSort, a method for sorting with learned pivots, and show it is "
            "fast on three benchmarks. Code: https://github.com/jane/ZorbSort.")
    assert "ZorbSort" not in name_features(unsaid, render(unsaid))
    assert derive(unsaid) is None
    assert features_of(said, "ZorbSort")["project"] == 1.0
    assert derive(said) == "ZorbSort"


def test_members_of_an_example_list_are_marked_as_such():
    abstract = ("Samplers such as QuillMC, ZorbHMC and FooGibbs mix slowly. We propose "
                "BarSampler, a sampler that mixes fast.")
    assert features_of(abstract, "ZorbHMC")["in_examples"] == 1.0
    assert features_of(abstract, "FooGibbs")["in_examples"] == 1.0
    assert features_of(abstract, "BarSampler")["in_examples"] == 0.0
    assert derive(abstract) == "BarSampler"


def test_prior_work_phrases_are_marked():
    built_on = "Our sampler is based on ZorbHMC and mixes fast on three benchmarks."
    has_been = "ZorbHMC has been used widely. We study its mixing on three benchmarks."
    made_of = "We study ZorbHMC and ZorbHMC-based samplers and their mixing on benchmarks."
    introduced = "We propose ZorbHMC, a sampler that mixes fast on three benchmarks."
    for abstract in (built_on, has_been, made_of):
        assert features_of(abstract, "ZorbHMC")["prior_phrase"] == 1.0, abstract
    assert features_of(introduced, "ZorbHMC")["prior_phrase"] == 0.0


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
