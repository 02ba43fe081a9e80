"""LaTeX whose backslashes a list's producer lost (JSON read "\\textbf" as a TAB and
"extbf"; some lists dropped the backslash and its letter: "mph{VoxelPose}", "5$ imes$")
is rendered as the LaTeX it was, and a real tab or word is left alone."""

from __future__ import annotations

import pytest

from index.ingest.lost_backslash import with_lost_backslashes
from index.ingest.render import render
from index.ingest.titles import derive_name_and_title


@pytest.mark.parametrize(("source", "text"), [
    ("We fix \textbf{reference points} first.", "We fix reference points first."),
    ("a speedup of $1.5\times$ over it", "a speedup of 1.5× over it"),
    ("angles $\theta$ and $\beta$, half: $\frac{1}{2}$, density $\rho$",
     "angles θ and β, half: 1/2, density ρ"),
    ("the model mph{VoxelPose} and extit{e.g.} a 5$ imes$ gain",
     "the model VoxelPose and e.g. a 5× gain"),
])
def test_a_macro_that_lost_its_backslash_is_rendered_as_latex(source, text):
    assert render(source).text == text


def test_the_restored_style_marks_its_words():
    rendered = render("We fix \textbf{reference points} first.")
    bold = [rendered.text[s.start:s.end] for s in rendered.spans if s.kind == "strong"]
    assert bold == ["reference points"]


@pytest.mark.parametrize("source", [
    "Col1\tCol2 and a\ttab before a word",  # "\tCol2", "\ttab": no macro
    "the context{x} and next{y} braces",  # a word's own letters before a brace
    "beta values, and the letters imes and heta outside math: $x$",
    "a line break before a word:\nabla is no macro here",  # "\n" is left a line break
])
def test_no_macro_is_made_where_none_was_lost(source):
    assert with_lost_backslashes(source) == source


def test_a_name_styled_by_a_damaged_macro_is_the_name_itself():
    # (held-out ECCV 2020 named its paper "mphVoxelPose")
    abstract = ("Pose estimation from many cameras is hard. We present mph{ZorbPose}, a "
                "method that estimates poses in 3D space. mph{ZorbPose} is fast.")
    assert derive_name_and_title(abstract, render(abstract), None)[0] == "ZorbPose"


def test_a_line_break_escaped_twice_keeps_the_word_after_it():
    """"… can be easily detected.\\nWe introduce Cycle Transformers GAN (CTrGAN)" (held-out
    WACV 2023, a list that escaped its line break twice) showed "detected.introduce": LaTeX
    read "\\nWe" as a macro and dropped it with the word. Real macros that open with n
    ("\\nu", "\\neq") stay macros."""
    abstract = ("Existing techniques yield a discrepancy that can be easily detected.\\nWe "
                "introduce Cycle Transformers GAN (CTrGAN), a model whose loss has weight "
                "$\\nu \\neq 0$.\\n\\nIt transfers gait.")
    text = render(abstract).text
    assert "detected. We introduce Cycle Transformers GAN" in text
    assert "ν ≠ 0" in text and "It transfers gait." in text
    assert "\\n" not in text
    assert derive_name_and_title(abstract, render(abstract), None)[0] == "CTrGAN"
