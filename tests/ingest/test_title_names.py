"""A paper with a real title takes the name its title gives ("NAME: what it is").

The abstract alone names components, datasets and baselines too: ConViT's introduces
GPSA first, and the name model, which must guess for a bare abstract, picks it. A list
with titles has the truth in the title (titles.name_in_title); before, its papers were
named from their abstracts as bare ones are (79.8% of the development lists' "NAME: …"
titles got their NAME, 4.5% another name).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import index
from index.ingest.names import NameStatistics, usage_key
from index.ingest.prepare import from_abstract, prepare, prepare_each
from index.ingest.records import Record
from index.ingest.titles import name_in_title
from index.store import rederive

pytestmark = pytest.mark.timeout(120)

CONVIT = ("Convolutional architectures have proven extremely successful for vision tasks, "
          "while vision transformers rely on self-attention layers that lack their inductive "
          "biases. Here we introduce gated positional self-attention (GPSA), a form of "
          "positional self-attention which can be equipped with a soft convolutional "
          "inductive bias. We initialise the GPSA layers to mimic the locality of "
          "convolutional layers, then give each attention head the freedom to escape "
          "locality by adjusting a gating parameter. The resulting convolutional-like "
          "transformer architecture, ConViT, outperforms the DeiT on ImageNet while offering "
          "much improved sample efficiency.")
CONVIT_TITLE = "ConViT: Improving Vision Transformers with Soft Convolutional Inductive Biases"
UNNAMED_TITLE = "Improving Vision Transformers with Soft Convolutional Inductive Biases"
MONARCH = ("Large neural networks excel in many domains, but they are expensive to train. "
           "We propose a class of structured matrices that are hardware-efficient and "
           "expressive, and call them Monarch matrices. Replacing dense weights with "
           "Monarch layers speeds up training of vision and language models by two times.")


@pytest.mark.parametrize("title, name", [
    ("GraphCleaner: Detecting Mislabelled Samples", "GraphCleaner"),
    ("DRIBO: Robust Deep Reinforcement Learning", "DRIBO"),
    ("pFedGraph: Personalised Federated Graph Learning", "pFedGraph"),
    ("X-Paste: Revisiting Scalable Copy-Paste", "X-Paste"),
    ("Coarse-to-Fine: a Hierarchical Diffusion Model", "Coarse-to-Fine"),
    ("Meta-StyleSpeech : Multi-Speaker Adaptive Text-to-Speech", "Meta-StyleSpeech"),
    ("G²N² : Weisfeiler and Lehman go grammatical", "G²N²"),
    ("Nevis'22: A Stream of 100 Tasks", "Nevis'22"),
    ("“π-Tuning”: Transferring Multimodal Foundation Models", "π-Tuning"),
    # a plain word, a year or a phrase before the colon names nothing by itself
    ("Position: Beyond Benchmarks", None),
    ("Transformers: A Survey of Attention", None),
    ("2024: A Year of Benchmarks", None),
    ("Learning to Rank: A Study", None),
    ("Attention Is All You Need", None),
    ("", None),
    (None, None),
])
def test_the_name_a_title_gives(title: str | None, name: str | None) -> None:
    assert name_in_title(title) == name


def test_a_plain_word_is_a_name_when_the_abstract_calls_it_that() -> None:
    title = "Monarch: Expressive Structured Matrices for Efficient Training"
    assert name_in_title(title, MONARCH) == "Monarch"
    assert name_in_title(title, MONARCH.replace("Monarch", "monarch")) is None
    # ... and not when many other abstracts of the list use it: the field, not a method
    many = NameStatistics(100, {usage_key("Monarch"): 40})
    assert name_in_title(title, MONARCH, many) is None
    few = NameStatistics(100, {usage_key("Monarch"): 2})
    assert name_in_title(title, MONARCH, few) == "Monarch"
    position = "This position paper argues that Benchmarks shape the field."
    assert name_in_title("Position: Benchmarks Shape the Field", position) is None


def test_a_titled_paper_is_named_by_its_title_not_by_the_abstracts_first_name() -> None:
    assert prepare(Record(abstract=CONVIT)).name == "GPSA"  # bare: the model's guess
    titled = prepare(Record(abstract=CONVIT, title=CONVIT_TITLE))
    assert titled.name == "ConViT"
    assert titled.name_from_title
    # a title that names nothing leaves the name to the abstract, and no title is
    # derived for a paper that has one (it would never be shown)
    unnamed = prepare(Record(abstract=CONVIT, title=UNNAMED_TITLE))
    assert unnamed.name == "GPSA" and not unnamed.name_from_title
    assert unnamed.derived_title == UNNAMED_TITLE
    assert from_abstract(CONVIT, None, UNNAMED_TITLE)[2] is None


def test_a_repeated_abstract_without_a_title_still_gets_a_derived_title() -> None:
    records = [Record(abstract=CONVIT, title=CONVIT_TITLE), Record(abstract=CONVIT)]
    titled, bare = prepare_each(records)
    assert (titled.name, titled.title) == ("ConViT", CONVIT_TITLE)
    assert bare.title is None
    assert bare.derived_title.startswith("GPSA: ")


def _write(path: Path, papers: list[dict]) -> Path:
    path.write_text(json.dumps(papers), encoding="utf-8")
    return path


def test_a_titled_copy_gives_a_bare_paper_its_title_and_its_name(home: Path,
                                                                  tmp_path: Path) -> None:
    bare = _write(tmp_path / "bare.json", [{"abstract": CONVIT}])
    titled = _write(tmp_path / "titled.json", [{"abstract": CONVIT, "title": CONVIT_TITLE}])
    with index.Library(home, seed=False) as lib:
        lib.add_all([bare])
        [paper] = lib.store.papers()
        assert (paper.name, paper.title_derived) == ("GPSA", True)
        lib.add_all([titled])
        [paper] = lib.store.papers()
        assert (paper.name, paper.title) == ("ConViT", CONVIT_TITLE)


def test_an_older_library_names_its_titled_papers_by_their_titles(home: Path,
                                                                   tmp_path: Path) -> None:
    other = CONVIT.replace("ConViT", "ConViT-B").replace("ImageNet", "CIFAR-100")
    listed = _write(tmp_path / "titled.json", [
        {"abstract": CONVIT, "title": CONVIT_TITLE},
        {"abstract": other, "title": "ConViT-B: " + UNNAMED_TITLE},
        {"abstract": MONARCH, "title": "Monarch: Expressive Structured Matrices"}])
    with index.Library(home, seed=False) as lib:
        lib.add_all([listed])
        ids = {paper.title.split(":")[0]: paper.id for paper in lib.store.papers()}
        lib.tag([ids["ConViT-B"]], ["mine"])
        # As a library imported before titles gave names stored them: the abstract's.
        with lib.store.transaction() as db:
            db.execute("UPDATE papers SET name = 'GPSA' WHERE id IN (?, ?)",
                       (ids["ConViT"], ids["ConViT-B"]))
            db.execute("UPDATE papers SET name = NULL WHERE id = ?", (ids["Monarch"],))
        lib.store.set_meta(rederive.STAMP_KEY, "5:an older derivation")
    with index.Library(home, seed=False) as lib:
        lib.sync(meaning=False)
        assert not rederive.stale(lib.store)
        names = {paper.id: paper.name for paper in lib.store.papers()}
        assert names[ids["ConViT"]] == "ConViT"
        assert names[ids["Monarch"]] == "Monarch"
        assert names[ids["ConViT-B"]] == "GPSA"  # tagged: the user's, kept as it was
