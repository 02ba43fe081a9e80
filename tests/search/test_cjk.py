"""Chinese and Japanese abstracts are searched by their words, highlighted, and short
ones are not skipped as "too short" (#12). The sentences are written for these tests."""

from __future__ import annotations

import pytest

from index import Library
from index.ingest.scripts import text_length
from index.search import analysis

ZH_RL = ("本文研究强化学习中的策略优化问题。我们提出一种新的离线算法，在多个基准任务上显著"
         "提升了样本效率，并给出了理论上的收敛保证。")
ZH_GRAPH = "我们提出了一个用于图神经网络的自监督预训练框架，能够在缺少标注数据的情况下学习通用的节点表示。"
ZH_SHORT = "强化学习用于机器人控制。"  # 12 letters: short, but an abstract
JA_LLM = ("大規模言語モデルの推論能力を向上させるために、我々は新しい強化学習の手法を提案する。"
          "実験では数学の問題で高い正解率を示した。")
JA_DIFFUSION = "拡散モデルを用いた画像生成において、サンプリングを高速化するトランスフォーマーベースの手法を提案する。"
MIXED = "We fine-tune GPT-4 on 数学推理 problems and report accuracy on the benchmark."


@pytest.fixture
def cjk_library(library: Library, write_list) -> Library:
    path = write_list("cjk.txt", [ZH_RL, ZH_GRAPH, ZH_SHORT, JA_LLM, JA_DIFFUSION, MIXED,
                                  "太短了。"], title="ICML 2026 中文与日本語の論文")
    report = library.add(path)
    assert report.new == 6  # every abstract but the four-letter one
    return library


def _abstracts(library: Library, query: str, **kwargs) -> set[str]:
    return {library.paper(pid).abstract for pid in library.search(query, **kwargs).ids()}


def test_chinese_and_japanese_words_are_found(cjk_library: Library) -> None:
    assert _abstracts(cjk_library, "强化学习", complete_last=False) == {ZH_RL, ZH_SHORT}
    assert _abstracts(cjk_library, "図神経", complete_last=False) == set()  # not written so
    assert _abstracts(cjk_library, "图神经网络", complete_last=False) == {ZH_GRAPH}
    assert _abstracts(cjk_library, "样本效率", complete_last=False) == {ZH_RL}  # mid-text
    assert _abstracts(cjk_library, "言語モデル", complete_last=False) == {JA_LLM}
    assert _abstracts(cjk_library, "トランスフォーマー", complete_last=False) == {JA_DIFFUSION}
    assert _abstracts(cjk_library, "強化学習 数学", complete_last=False) == {JA_LLM}
    # Chinese 强化学习 and Japanese 強化学習 are written with different letters
    assert _abstracts(cjk_library, "深度学习", complete_last=False) == set()
    assert _abstracts(cjk_library, "GPT 推理", complete_last=False) == {MIXED}


def test_a_word_being_typed_and_the_command_line(cjk_library: Library, run_cli) -> None:
    assert _abstracts(cjk_library, "强化学") == {ZH_RL, ZH_SHORT}  # on its way to 强化学习
    code, out, _err = run_cli("search", "强化学习", "--json")
    assert code == 0 and len(out.strip().splitlines()) == 2


def test_one_letter_finds_every_abstract_with_it(cjk_library: Library, run_cli) -> None:
    # 率 ends the run 提升了样本效率 (before "，") and 证 the last run of ZH_RL; 制 stands
    # inside 控制: with only a pair's first letter marked, no pair began with a run's last
    # letter and that letter typed alone found nothing.
    every = {ZH_RL, ZH_GRAPH, ZH_SHORT, JA_LLM, JA_DIFFUSION, MIXED}
    for letter in "率证制学示法":
        assert _abstracts(cjk_library, letter) == {a for a in every if letter in a}, letter
    assert _abstracts(cjk_library, "证") == {ZH_RL}
    # and marked where it was found: the pairs it stands in, the one it ends as well as
    # the one it begins (as a typed prefix marks the whole word it begins)
    found = cjk_library.search("率").terms
    assert [text for text, hit in found.segments(ZH_RL) if hit] == ["效率"]
    assert [text for text, hit in found.segments(JA_LLM) if hit] == ["解率を"]
    code, out, _err = run_cli("search", "证", "--json")
    assert code == 0 and len(out.strip().splitlines()) == 1


def test_matched_words_are_highlighted_whole(cjk_library: Library) -> None:
    terms = cjk_library.search("强化学习 机器人", complete_last=False).terms
    assert terms.segments(ZH_SHORT) == [("强化学习", True), ("用于", False),
                                        ("机器人", True), ("控制。", False)]
    typed = cjk_library.search("言語モ").terms
    marked = [text for text, hit in typed.snippet(JA_LLM) if hit]
    assert marked == ["言語モ"]


def test_cjk_runs_become_overlapping_pairs_both_ways() -> None:
    """The fast path (analysis.words) and Whoosh's analyzer agree, positions and
    offsets included, so highlighting marks the letters the pieces came from."""
    for text in (ZH_RL, JA_LLM, MIXED, "学", "ＡＢＣ全角と半角ｶﾀｶﾅ"):
        assert analysis.words(text) == [t.text for t in analysis.word_analyzer()(text)]
        assert analysis.stems(text) == [t.text for t in analysis.stem_analyzer()(text)]
    assert analysis.words("强化学习") == ["强化", "化学", "学习"]
    assert analysis.words("学") == ["学"]
    tokens = [(t.text, t.pos, t.startchar, t.endchar) for t in analysis.word_analyzer()(
        "GPT 强化学习", positions=True, chars=True)]
    assert tokens == [("gpt", 0, 0, 3), ("强化", 1, 4, 6), ("化学", 2, 5, 7),
                      ("学习", 3, 6, 8)]


def test_lengths_count_cjk_letters_as_words() -> None:
    assert text_length("a short English note") == 20
    assert text_length(ZH_SHORT) >= 30  # above the plain reader's minimum
    assert text_length("太短了。") < 30
