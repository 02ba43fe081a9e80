"""index.render: LaTeX/markdown to Unicode with spans, and sanitising untrusted text.

Every expected value here was worked out by hand from the input, not copied from output.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from index.ingest.render import render, sanitize
from index.models import Rendered, Span

from .. import locations
from ..locations import REPO, SEED_FILES


def spans_of(rendered: Rendered, kind: str) -> list[str]:
    """The text under each span of one kind, checking every span indexes the text."""
    for span in rendered.spans:
        assert 0 <= span.start < span.end <= len(rendered.text)
    return [rendered.text[s.start : s.end] for s in rendered.spans if s.kind == kind]


# --- LaTeX -----------------------------------------------------------------------------------


def test_sans_serif_math_becomes_plain_letters():
    assert render(r"for $\mathsf{C}$-$\mathsf{RASP}$, a class").text == "for C-RASP, a class"


def test_regret_bound_keeps_tilde_log_and_superscript():
    text = unicodedata.normalize("NFC", render(r"a $\tilde{O}(\eta K\log^2T)$ bound").text)
    assert "Õ(η" in text  # precomposed O-tilde after NFC
    assert "K log²T)" in text
    assert "\\" not in text and "$" not in text


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"$x_t$", "xₜ"),
        (r"$\theta_{t+1}$", "θₜ₊₁"),
        (r"$W_Q$", "W_Q"),  # no subscript capital Q in Unicode: keep the underscore
        (r"$\ell_2$", "ℓ₂"),
        (r"$\mathbb{R}^K$", "ℝᴷ"),
        (r"$\mathbb{R}^{d}$", "ℝᵈ"),
        (r"$\eta^{-1}$", "η⁻¹"),
        (r"$\varepsilon$", "ε"),
        (r"$\epsilon$", "ε"),
        (r"$x^*$", "x*"),
        (r"$O(1/T)$", "O(1/T)"),
        (r"$\sqrt{T}$", "√T"),
        (r"$\sqrt{KT}$", "√(KT)"),
        (r"$\frac{1}{2}$", "1/2"),
        (r"$\frac{a+b}{c}$", "(a+b)/c"),
        (r"$\mathcal{O}(n \log n)$", "O(n log n)"),
        (r"$T^{1/2}$", "T^(1/2)"),  # '/' has no superscript form: keep grouping visible
        (r"$a \leq b \times c$", "a ≤ b × c"),
    ],
)
def test_math_to_unicode(source, expected):
    assert render(source).text == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # A relation or operator between two operands is spaced as TeX spaces it, however
        # the source was written (a macro takes the spaces after it).
        (r"$M\in\mathbb{R}^{m\times n}$", "M ∈ ℝ^(m×n)"),
        (r"$\beta \in (0,1]$", "β ∈ (0,1]"),
        (r"$p : \mathbb{R}^d \to\mathbb{R}$", "p : ℝᵈ → ℝ"),
        (r"$|G|=n<N$", "|G| = n < N"),
        (r"$w\geq d+1$", "w ≥ d+1"),
        (r"$(\xi\cdot 100)$", "(ξ · 100)"),
        # ... none inside a script, where TeX sets them tight
        (r"$x_{i \in S}$", "x_(i∈S)"),
        (r"$1_{|i - j| < L}$", "1_(|i-j|<L)"),
        # ... and a side without an operand keeps the source's spacing
        (r"up to 35$\times$ faster", "up to 35× faster"),
        (r"$\sim$120M systems", "∼120M systems"),
        (r"a $\to$ b", "a → b"),
        # An operator's name written as a macro is a word of its own: "\log\frac" read
        # "log1/δ"; a word that merely starts like one is not split.
        (r"$\log\frac{1}{\delta}$", "log 1/δ"),
        (r"$\exp{x}$ and $\text{logits}$", "exp x and logits"),
        (r"$\log(n)$", "log(n)"),
    ],
)
def test_math_spacing(source, expected):
    assert render(source).text == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # A citation is part of its sentence: its keys stand in for it.
        (r"Recently, \cite{tarbouriech2019noregret} studied this.",
         "Recently, [tarbouriech2019noregret] studied this."),
        (r"as suggested in \citet{liu2018rethinking}.", "as suggested in [liu2018rethinking]."),
        (r"the kernel~\cite{jacot2018neural,du2018gradient}.",
         "the kernel [jacot2018neural, du2018gradient]."),
        (r"see \citep[p.~3]{Owen1988}.", "see [Owen1988]."),
        # A label is no part of the text.
        (r"\label{sec:intro}We study bandits.", "We study bandits."),
    ],
)
def test_citations_show_their_keys(source, expected):
    assert render(source).text == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # \S is LaTeX's section sign in prose (pylatexenc dropped it: "as shown in 3") ...
        (r"as shown in \S 3 and \S4.", "as shown in §3 and §4."),
        # ... and the authors' sphere in math, as \R is ℝ ("x ∈ ᵈ⁻¹" lost it)
        (r"at a point $x \in \S^{d-1}$ it", "at a point x ∈ 𝕊ᵈ⁻¹ it"),
        (r"$\Sigma$ stays", "Σ stays"),
    ],
)
def test_section_sign_and_sphere(source, expected):
    assert render(source).text == expected


def test_group_separator_and_escaped_percent():
    assert render(r"generates $6{,}300$ scenes").text == "generates 6,300 scenes"
    assert render(r"gains of over 10\% and up to 68.04\%").text == "gains of over 10% and up to 68.04%"


def test_bare_percent_is_text_not_a_latex_comment():
    # An unescaped % would comment out the rest of the line in LaTeX.
    assert render("up to 70% fewer forward passes").text == "up to 70% fewer forward passes"


def test_math_prefix_before_hyphen():
    assert render(r"general $f$-divergence regularization").text == "general f-divergence regularization"


def test_latex_quotes_dashes_and_accents():
    assert render("creates a ``Ratchet Effect'' that").text == "creates a “Ratchet Effect” that"
    assert render(r"Euler--Poincar\'e Neural Dynamics").text == "Euler–Poincaré Neural Dynamics"


@pytest.mark.parametrize("macro", ["emph", "textit"])
def test_emphasis_macros_become_em_spans(macro):
    rendered = render(rf"we propose \{macro}{{Risk-Bounded}} reconstruction")
    assert rendered.text == "we propose Risk-Bounded reconstruction"
    assert spans_of(rendered, "em") == ["Risk-Bounded"]


def test_textbf_inside_a_word_marks_only_the_letter():
    rendered = render(r"\textbf{S}upport-\textbf{P}reserving (SPAR)")
    assert rendered.text == "Support-Preserving (SPAR)"
    assert spans_of(rendered, "strong") == ["S", "P"]
    assert rendered.spans[0] == Span(0, 1, "strong")
    assert rendered.spans[1] == Span(8, 9, "strong")


def test_declarations_inside_braces_style_the_group():
    rendered = render(r"a {\em fresh} and {\bf bold} idea")
    assert rendered.text == "a fresh and bold idea"
    assert spans_of(rendered, "em") == ["fresh"]
    assert spans_of(rendered, "strong") == ["bold"]


def test_texttt_is_a_code_span():
    rendered = render(r"we call it \texttt{SurCo} here")
    assert rendered.text == "we call it SurCo here"
    assert spans_of(rendered, "code") == ["SurCo"]


# --- markdown --------------------------------------------------------------------------------


def test_markdown_bold_and_bold_initials():
    rendered = render("**TRACER** (**T**rajectory-**R**obust)")
    assert rendered.text == "TRACER (Trajectory-Robust)"
    assert spans_of(rendered, "strong") == ["TRACER", "T", "R"]


def test_markdown_bold_phrase_with_acronym():
    rendered = render("we propose **One-Way Policy Optimization (OWPO)**, a method")
    assert rendered.text == "we propose One-Way Policy Optimization (OWPO), a method"
    assert spans_of(rendered, "strong") == ["One-Way Policy Optimization (OWPO)"]


def test_markdown_emphasis_with_stars_and_underscores():
    rendered = render("Our proposed algorithm, *Trust Region IRL*, and _this_ one")
    assert rendered.text == "Our proposed algorithm, Trust Region IRL, and this one"
    assert spans_of(rendered, "em") == ["Trust Region IRL", "this"]


def test_underscores_and_stars_inside_math_are_not_emphasis():
    rendered = render(r"weights $w_i$ and means $\mu_i$ with $x^* y^*$")
    assert rendered.text == "weights wᵢ and means μᵢ with x* y*"
    assert rendered.spans == ()


def test_snake_case_identifier_is_not_emphasis():
    rendered = render("the flag snake_case_name stays")
    assert rendered.text == "the flag snake_case_name stays"
    assert rendered.spans == ()


def test_markdown_code_span():
    rendered = render("run `pip install x` first")
    assert rendered.text == "run pip install x first"
    assert spans_of(rendered, "code") == ["pip install x"]


def test_markdown_link_becomes_text_with_link_span():
    rendered = render("see [our page](https://example.org/p) for more")
    assert rendered.text == "see our page for more"
    assert spans_of(rendered, "link") == ["our page"]
    assert rendered.spans[0].url == "https://example.org/p"
    assert rendered.urls == ("https://example.org/p",)


def test_markdown_link_whose_text_is_its_url_shows_it_once():
    url = "https://github.com/HesamAsad/TRACER"
    rendered = render(f"Code is available at [{url}]({url}).")
    assert rendered.text == f"Code is available at {url}."
    assert rendered.urls == (url,)
    assert spans_of(rendered, "link") == [url]


@pytest.mark.parametrize(
    ("source", "url"),
    [
        ("Our code is available at https://github.com/sunoh-kim/SS-TPT.", "https://github.com/sunoh-kim/SS-TPT"),
        ("(see https://x.org/a), then", "https://x.org/a"),
        ("at https://x.org/a, and", "https://x.org/a"),
        ("wiki https://en.wikipedia.org/wiki/Foo_(bar) ok", "https://en.wikipedia.org/wiki/Foo_(bar)"),
        ("at https://ashwincolaco.github.io/lazystack.", "https://ashwincolaco.github.io/lazystack"),
    ],
)
def test_bare_urls_stay_in_text_and_are_collected(source, url):
    rendered = render(source)
    assert url in rendered.text
    assert rendered.urls == (url,)


def test_url_with_underscores_and_percent_survives_untouched():
    url = "https://github.com/grasp-lyrl/picture_of_space_of_tasks%20x"
    rendered = render(f"Code is at {url}")
    assert rendered.text == f"Code is at {url}"
    assert rendered.urls == (url,)


def test_latex_url_and_href():
    rendered = render(r"see \href{https://a.org/x}{the site} or \url{https://b.org/~u/p#f}")
    assert rendered.text == "see the site or https://b.org/~u/p#f"
    assert rendered.urls == ("https://a.org/x", "https://b.org/~u/p#f")


# --- whitespace and structure ----------------------------------------------------------------


def test_whitespace_collapses_but_paragraphs_stay():
    rendered = render("  First   line\nsame paragraph.\n\n\n  Second\tone.  ")
    assert rendered.text == "First line same paragraph.\n\nSecond one."


def test_spans_index_the_final_text_after_whitespace_collapses():
    rendered = render("a    **bold**    then   \\emph{em}\n\n*x*")
    assert rendered.text == "a bold then em\n\nx"
    assert [(s.kind, rendered.text[s.start : s.end]) for s in rendered.spans] == [
        ("strong", "bold"), ("em", "em"), ("em", "x")]


def test_plain_text_passes_through():
    text = "A plain abstract, with nothing special: 3 to 8 paths (97%+)."
    assert render(text) == Rendered(text=text)


def test_dollar_amounts_are_not_math():
    assert render("it costs $5 and $10 per hour").text == "it costs $5 and $10 per hour"


# --- never raising -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "unbalanced $x + y and more",
        "open { brace never closed",
        "close } brace never opened",
        r"\begin{theorem} no end",
        r"\end{itemize} no begin",
        r"\unknownmacro{arg} and \another",
        r"$\frac{1}{$ broken",
        "$$",
        "$",
        "\\",
        "{}{}{{{",
        r"\textbf{",
        "**unclosed bold",
        "[link](",
        "^_^ _ ^",
        r"$x^$ $y_$ $^{}$",
        "",
        "   ",
    ],
)
def test_broken_input_never_raises_and_leaves_no_markers(source):
    rendered = render(source)
    assert isinstance(rendered.text, str)
    assert not re.search("[\ue000-\uf8ff\U000f0000-\U0010ffff]", rendered.text)
    for span in rendered.spans:
        assert 0 <= span.start < span.end <= len(rendered.text)


def test_unbalanced_dollar_keeps_the_words():
    text = render("unbalanced $x + y and more").text
    assert "x + y and more" in text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("ab \n$\\{}_^*`[]()%~&#'-") + ["\\emph{", "**", "$$", "\x1b[", "\u202e", "https://x.y/"]), max_size=40))
def test_any_mix_of_special_characters_renders(pieces):
    rendered = render("".join(pieces))
    assert sanitize(rendered.text) == rendered.text
    for span in rendered.spans:
        assert 0 <= span.start < span.end <= len(rendered.text)


# --- sanitize ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dirty", "clean"),
    [
        ("a\x1b[31mred\x1b[0m b", "ared b"),  # CSI colour
        ("a\x1b[2J\x1b[Hb", "ab"),  # CSI clear screen, cursor home
        ("a\x1b]52;c;SGVsbG8=\x07b", "ab"),  # OSC 52 clipboard write, BEL-terminated
        ("a\x1b]0;evil title\x1b\\b", "ab"),  # OSC 0 window title, ST-terminated
        ("a\x1b]8;;http://evil\x07link\x1b]8;;\x07", "alink"),  # OSC 8 hyperlink
        ("a\x1bPq#0;2;0;0;0\x1b\\b", "ab"),  # DCS (sixel)
        ("a\x1b7b\x1bc", "ab"),  # two-character escapes
        ("a\x9b31mb", "ab"),  # 8-bit CSI
        ("a\x9d0;title\x9cb", "ab"),  # 8-bit OSC, 8-bit ST
        ("nul\x00 bell\x07 bs\x08 vt\x0b ff\x0c esc\x1b", "nul bell bs vt ff esc"),  # C0
        ("del\x7f", "del"),
        ("c1\x85\x90\x9f", "c1"),  # C1 controls
        ("\u202aa\u202bb\u202cc\u202dd\u202ee", "abcde"),  # bidi embedding/override
        ("\u2066a\u2067b\u2068c\u2069", "abc"),  # bidi isolates
        ("zero\u200bwidth\u2060joiner\ufeffbom", "zerowidthjoinerbom"),
    ],
)
def test_sanitize_removes_dangerous_characters(dirty, clean):
    assert sanitize(dirty) == clean


def test_sanitize_keeps_tabs_newlines_scripts_and_emoji():
    keep = "tab\there\nline 中文 한국어 family 👨\u200d👩\u200d👧 ZWNJ می\u200cخواهم café"
    assert sanitize(keep) == keep


def test_sanitize_turns_carriage_returns_into_newlines():
    assert sanitize("a\r\nb\rc") == "a\nb\nc"


def test_render_sanitizes_its_input():
    rendered = render("**bold\x1b[31m** \u202eevil\x1b]52;c;AAAA\x07 $x$")
    assert rendered.text == "bold evil x"
    assert spans_of(rendered, "strong") == ["bold"]


# --- real abstracts --------------------------------------------------------------------------


def seed_abstracts() -> list[str]:
    return [abstract for path in SEED_FILES for abstract in locations.seed_abstracts(path)]


def test_seed_abstracts_render_clean():
    abstracts = seed_abstracts()
    assert len(abstracts) == 38
    for source in abstracts:
        text = render(source).text
        assert not re.search(r"\\[A-Za-z]|\$|\*\*|``", text), text[:80]


# Macros the corpus uses most; none may survive rendering.
COMMON_MACROS = re.compile(
    r"\\(?:mathcal|epsilon|sqrt|varepsilon|tilde|frac|times|log|mathbb|big|ell|alpha|text"
    r"|Omega|in|delta|textit|mathbf|widetilde|mathrm|rho|texttt|infty|mathsf|lambda|left|right"
    r"|mu|Gamma|sigma|textbf|cdot|leq|beta|tau|Delta|min|ln|mathfrak|star|max|sim|sf|geq"
    r"|approx|Theta|gamma|mathtt|emph|url)\b"
)


def corpus_abstracts(corpus: Path) -> list[str]:
    return [record["abstract"] for record in json.loads(corpus.read_text(encoding="utf-8"))]


def test_every_corpus_abstract_renders_without_latex_noise(icml2023_path):
    abstracts = corpus_abstracts(icml2023_path)
    assert len(abstracts) == 2020
    for source in abstracts:
        text = render(source).text
        assert not COMMON_MACROS.search(text), text
        assert not re.search(r"\\[A-Za-z]", text), text
        unescaped_dollars = len(re.findall(r"(?<!\\)\$", source))
        if unescaped_dollars % 2 == 0 and "\\$" not in source:
            assert "$" not in text, text


def test_rendering_in_threads_gives_the_same_result():
    sources = seed_abstracts() + [r"$\Omega(\eta K \log T)$ and \emph{x} {\bf y}"] * 20
    serial = [render(source) for source in sources]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(render, sources)) == serial


def test_render_and_titles_import_without_textual():
    code = ("import sys; sys.modules['textual'] = None; "
            "import index.ingest.render, index.ingest.titles; print('ok')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=REPO, timeout=60)
    assert result.stdout.strip() == "ok", result.stderr


def test_a_text_is_left_as_it_is_exactly_when_no_white_space_run_is_found() -> None:
    # _collapse_whitespace skips texts _collapses says have nothing to collapse.
    import random

    from index.ingest import render as rendering

    rng = random.Random(7)
    alphabet = "ab \t\n\f\v\xa0\r\u2028\u3000."
    texts = ["", " ", "a", "a b", " a", "a ", "a  b", "a\nb", "a\xa0b", "a\rb", "a\u3000b"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(8)))
              for _ in range(5000)]
    for text in texts:
        found = rendering._WHITESPACE_RUN.search(text) is not None
        assert rendering._collapses(text) == found, repr(text)
        if not found:
            assert rendering._collapse_whitespace(text, [0, len(text)]) == \
                (text, [0, len(text)])


@pytest.mark.parametrize(("source", "expected"), [
    # A UAI 2024 title: \ensuremath then α, as TeX reads it (the name stops at α).
    (r"\ensuremathα-Former: Local-Feature-Aware Transformer",
     "α-Former: Local-Feature-Aware Transformer"),
    (r"\alphaβ-divergence", "αβ-divergence"),
    (r"\textbfé then more", "é then more"),
    # An escaped backslash starts no control word: the letters after it stay.
    (r"line\\alphaβ", "line alphaβ"),
])
def test_a_control_word_ends_before_a_letter_that_is_not_ascii(source, expected):
    assert render(source).text == expected


def test_authors_shorthands_for_number_sets_render_as_the_sets():
    """\\R, \\N, \\Z, \\Q and \\E are every theory paper's own macros for ℝ, ℕ, ℤ, ℚ and 𝔼
    (undefined in LaTeX): "points in $\\R^d$" was "points in ᵈ"."""
    assert render(r"Gaussian points in $\R^d$ lie on an ellipsoid.").text == \
        "Gaussian points in ℝᵈ lie on an ellipsoid."
    assert render(r"over $\Z_p$, $\N$ and $\Q$, with $\E[X] = 0$").text == \
        "over ℤₚ, ℕ and ℚ, with 𝔼[X] = 0"


def test_a_style_macro_glued_to_its_word_formats_the_word():
    """PMLR's 2017 abstracts lost their braces: "\\emphNested LSTMs" was rendered "LSTMs"
    and "FASJEM for \\underlinefast and \\underlinescalable" "FASJEM for and", the word
    dropped with the macro it was glued to. The word stays, emphasised as \\emph{Nested}."""
    nested = render(r"We propose \emphNested LSTMs (NLSTM), a new model.")
    assert nested.text == "We propose Nested LSTMs (NLSTM), a new model."
    assert nested.spans == (Span(11, 17, "em"),)
    assert render(r"FASJEM for \underlinefast and \underlinescalable \underlinejoint "
                  r"structure-\underlineestimation").text == \
        "FASJEM for fast and scalable joint structure-estimation"
    # a macro of its own is not split, though its name starts with one of them
    assert render(r"the segment \underlinesegment{AB} is short").text == \
        "the segment AB is short"


@pytest.mark.parametrize(("source", "expected"), [
    # held-out ICML 2013-2016 abstracts, whose math lost its braces: the letter had gone
    # with the macro ("A ∈^m", "a bound of in time T", "Ω(/ε)")
    (r"given a matrix A ∈\mathbbR^m and b ∈\mathbbR^m, find x", "given a matrix A ∈ℝ^m and b ∈ℝ^m, find x"),
    (r"a regret bound of \tildeO(\fracd\sqrtε) in time T", "a regret bound of Õ(d/√ε) in time T"),
    (r"a lower bound of Ω(\sqrtL/ε) for", "a lower bound of Ω(√L/ε) for"),
    (r"we interpret \hatB causally", "we interpret B̂ causally"),
    # the rest of the letters follow the one taken (TeX takes one token)
    (r"the bound Ω(\sqrtdT) holds", "the bound Ω(√dT) holds"),
    # an author's own macro, with its own braced argument, is no glued one
    (r"the predictor vector $\vect{X}$, and", "the predictor vector X, and"),
])
def test_a_math_macro_glued_to_its_letter_applies_to_the_letter(source: str, expected: str):
    assert render(source).text == expected


@pytest.mark.parametrize(("source", "split"), [
    (r"$a \bmod b$", "od"), (r"$\checkmark$ done", "ark"), (r"$a \dotfill b$", "ill")])
def test_a_real_macro_that_opens_like_a_glued_one_is_not_split(source: str, split: str):
    r"""\bmod, \checkmark, \dotfill open with \bm, \check, \dot: read as glued, they
    would show their own letters ("a od b")."""
    assert split not in render(source).text


@pytest.mark.parametrize(("source", "expected"), [
    # a script's argument is a macro with its own arguments, braced or not
    (r"$O(\sqrt{\mathcal{E}}T^\frac{1}{3})$", "O(√ET^(1/3))"),
    (r"$T^\frac13$", "T^(1/3)"),
    (r"$d^\frac{3}{2}r^\frac{1}{2}$", "d^(3/2)r^(1/2)"),
    (r"$x^\sqrt{2}$", "x^(√2)"),
    # one that takes none, or one character, as before
    (r"$e^\alpha_i$", "eᵅᵢ"),
    (r"$x_\mathcal{E}$", "x_E"),
])
def test_a_scripts_macro_takes_its_own_arguments(source, expected):
    """"$\\mathcal{O}(\\sqrt{\\mathcal{E}}T^\\frac{1}{3})$" (a held-out COLT 2020 abstract)
    showed as "O(√ET^/13)": the superscript took \\frac alone and its arguments followed
    as text; "$T^\\sqrt{2}$" left a "$" in the text."""
    assert render(source).text == expected


def test_two_apostrophes_that_open_a_quotation_open_it():
    """Plain-text lists type '' on both sides ("a paradigm called ''Co-teaching'' for");
    the first one, after a space and before a word, opens the quotation, as smart quotes
    set it. Elsewhere '' stays the closing quote LaTeX makes of it."""
    assert render("a paradigm called ''Co-teaching'' for").text == \
        "a paradigm called “Co-teaching” for"
    assert render("''Zorb'' works").text == "“Zorb” works"
    assert render("it ends'' here, x '' y").text == "it ends” here, x ” y"


@pytest.mark.parametrize(("source", "expected"), [
    # plain-text lists type a superscript with a bare caret: it is raised, as math sets it
    ("we propose G^2CN, a graph network", "we propose G²CN, a graph network"),
    ("called Autoencoder Nets (AE^2-Nets), which", "called Autoencoder Nets (AE²-Nets), which"),
    ("about 10^{6} steps in O(n^2) time", "about 10⁶ steps in O(n²) time"),
    # a caret not glued to what it raises, or before no number, stays as typed
    ("a ^2 b and 2^-3 and e^x", "a ^2 b and 2^-3 and e^x"),
])
def test_a_superscript_typed_in_prose_is_raised(source, expected):
    assert render(source).text == expected
