"""Abstract source (LaTeX and markdown) to readable, terminal-safe Unicode with structure.

`render()` works in stages over one string, so that styled runs survive every stage:

1. `sanitize()` the untrusted input, then drop our own private-use marker characters.
2. Set aside literal text that LaTeX must not touch (code spans, URLs, link targets) and
   convert each math region on its own (`_math_to_text`, cached); each becomes a single
   placeholder character that is swapped back at the end.
3. Handle markdown emphasis and the simple LaTeX escapes and quotes ourselves, then run
   pylatexenc only if the prose still holds a macro or brace: most abstracts never need it.
4. Styled runs travel through all of this as private-use *marker* characters, which
   `_decode()` finally turns into `Span`s with exact offsets while collapsing whitespace.

Nothing here may raise on odd input: every stage degrades to the text it was given.
"""

from __future__ import annotations

import bisect
import contextlib
import re
import threading
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from pylatexenc import latexwalker
from pylatexenc.latex2text import (
    LatexNodes2Text,
    MacroTextSpec,
    fmt_math_text_style,
    get_default_latex_context_db,
)
from pylatexenc.macrospec import MacroSpec

from ..models import Rendered, Span
from .html_text import from_html, has_markup
from .line_breaks import rejoined
from .lost_backslash import with_lost_backslashes
from .safe import sanitize

# --- markers and placeholders ---------------------------------------------------------------
# Markers delimit styled runs; a link is LINK_OPEN <url> LINK_TEXT <text> LINK_CLOSE.
EM_OPEN, EM_CLOSE, STRONG_OPEN, STRONG_CLOSE = "\ue000", "\ue001", "\ue002", "\ue003"
CODE_OPEN, CODE_CLOSE = "\ue004", "\ue005"
LINK_OPEN, LINK_TEXT, LINK_CLOSE = "\ue006", "\ue007", "\ue008"
_OPENERS = {EM_OPEN: "em", STRONG_OPEN: "strong", CODE_OPEN: "code", LINK_OPEN: "link"}
_CLOSERS = {EM_CLOSE: "em", STRONG_CLOSE: "strong", CODE_CLOSE: "code", LINK_CLOSE: "link"}
_MARKER = re.compile("([\ue000-\ue008])")
# Placeholders: one private-use character per literal (planes 15 and 16, never in abstracts).
_LITERAL_BASE, _MATH_LOCAL_BASE = 0xF0000, 0x100000
_PRIVATE = re.compile("[\ue000-\ue008\U000f0000-\U0010ffff]")
_PLACEHOLDER = re.compile("[\U000f0000-\U0010ffff]")


class _Literals:
    """Text set aside from later stages; each piece stands in the string as one character."""

    def __init__(self, base: int = _LITERAL_BASE) -> None:
        self.base = base
        self.table: dict[int, str] = {}

    def add(self, text: str) -> str:
        if len(self.table) >= 0xFFFD:  # out of placeholders: keep the text in place
            return text
        key = self.base + len(self.table)
        self.table[key] = text
        return chr(key)

    def restore(self, text: str) -> str:
        # What text.translate(self.table) gives, but looking only at the placeholder
        # planes: translate looks every character up (6% of rendering).
        if not self.table:
            return text
        table = self.table
        return _PLACEHOLDER.sub(lambda m: table.get(ord(m.group()), m.group()), text)


# --- pylatexenc configuration ---------------------------------------------------------------

# (Public: output/latex.py writes these characters back as LaTeX's ^{…} and _{…}.)
SUPERSCRIPT = dict(zip(
    "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW⊤αβγδθφχε*∗⋆'′†",
    "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵀᵅᵝᵞᵟᶿᵠᵡᵋ***′′†",
    strict=True,
))
SUBSCRIPT = dict(zip(
    "0123456789+-−=()aehijklmnoprstuvxβγρφχ",
    "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ",
    strict=True,
))
_OPERATOR_NAMES = [
    "log", "ln", "lg", "exp", "min", "max", "sup", "inf", "lim", "liminf", "limsup", "sin",
    "cos", "tan", "det", "arg", "argmin", "argmax", "Pr", "tr", "Tr", "poly", "polylog",
    "diag", "rank", "sign", "sgn", "Var", "Cov", "KL", "dim", "ker", "deg", "gcd", "softmax",
]
# Font macros show as plain letters: styled math alphabets are unsearchable and often lack
# glyphs in terminal fonts. Blackboard bold (ℝ, 𝔼) stays because it carries meaning.
_PLAIN_MACROS = [
    "mathcal", "mathscr", "mathfrak", "mathsf", "mathtt", "mathbf", "mathit", "mathrm",
    "mathnormal", "boldsymbol", "bm", "textrm", "textsf", "textup", "textnormal", "textsc",
    "textmd", "text", "mbox", "hbox", "operatorname", "underline", "ensuremath",
    "texorpdfstring", "url",
]
_DROPPED_MACROS = ["ref", "eqref", "autoref", "cref", "Cref", "label"]
# A citation is part of its sentence ("Recently, \cite{x} studied", "as suggested in
# \citet{y}."): it shows as its keys in brackets, where dropping it left "Recently,
# studied" and "as suggested in ." (126 citations over the development lists and samples).
_CITATION_MACROS = ["cite", "citep", "citet", "citealp", "citealt", "citeauthor", "citeyear",
                    "parencite", "textcite", "autocite"]
_SYMBOLS = {
    "epsilon": "ε", "|": "‖", "coloneqq": "≔", "iff": "⟺", "implies": "⟹", "neg": "¬",
    "lnot": "¬", "textless": "<", "textgreater": ">", "prime": "′", "quad": " ",
    "qquad": " ", ",": " ", ";": " ", ":": " ", " ": " ", "!": "", "\\": " ", "newline": " ",
    "textasciitilde": "~", "colon": ":", "dots": "…", "lVert": "‖", "rVert": "‖",
    # Authors' own shorthands for the number sets and expectation (\newcommand{\R}{\mathbb{R}}
    # in every theory paper's preamble): undefined in LaTeX, so nothing else they could be.
    "R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "E": "𝔼",
    # LaTeX's section sign ("as shown in \S 3"), which pylatexenc dropped; in math it is
    # the sphere (_SPHERE).
    "S": "§",
}
# In math \S is the authors' sphere ("$x \in \S^{d-1}$", as \R is ℝ): a section sign
# with a superscript means nothing. (Not \Sigma: no letter may follow.)
_SPHERE = re.compile(r"(?<!\\)\\S(?![A-Za-z])")
_ACCENTS = {
    "tilde": "\u0303", "widetilde": "\u0303", "hat": "\u0302", "widehat": "\u0302",
    "bar": "\u0304", "overline": "\u0304", "vec": "\u20d7", "dot": "\u0307", "ddot": "\u0308",
}
_TWO_ARG_MACROS = ["frac", "tfrac", "dfrac", "cfrac", "nicefrac", "binom", "href"]  # fractions 1st
_STYLE_MACROS = {"emph": "em", "textit": "em", "textsl": "em", "textbf": "strong",
                 "texttt": "code"}
_STYLE_BY_DECLARATION = {"em": "em", "it": "em", "sl": "em", "itshape": "em", "bf": "strong",
                         "bfseries": "strong", "tt": "code"}
_STYLE_MARKERS = {"em": (EM_OPEN, EM_CLOSE), "strong": (STRONG_OPEN, STRONG_CLOSE),
                  "code": (CODE_OPEN, CODE_CLOSE)}


def _replacement(function):
    """Marks one of our macro replacements: each takes (node, l2tobj), so _Converter calls
    it directly instead of having pylatexenc read its signature at every call (inspect:
    5% of rendering)."""
    function.papers_replacement = True
    return function


def _arg(node, l2t, k: int = 0) -> str:
    return l2t.node_arg_to_text(node, k)


def _in_parens(text: str) -> str:
    """Parenthesise a root or fraction part unless it is one symbol or a number (n, √T, 12)."""
    text = text.strip()
    core = text.lstrip("√")
    return text if len(core) <= 1 or core.isdigit() else f"({text})"


@_replacement
def _fraction(node, l2tobj):
    return f"{_in_parens(_arg(node, l2tobj, 0))}/{_in_parens(_arg(node, l2tobj, 1))}"


@_replacement
def _binomial(node, l2tobj):
    return f"C({_arg(node, l2tobj, 0).strip()},{_arg(node, l2tobj, 1).strip()})"


@_replacement
def _square_root(node, l2tobj):
    return "√" + _in_parens(_arg(node, l2tobj, 1))  # argument 0 is the optional [n]


@_replacement
def _plain(node, l2tobj):
    return _arg(node, l2tobj)


@_replacement
def _citation(node, l2tobj):
    """\\cite{a, b} (any of _CITATION_MACROS, its optional notes left out) as "[a, b]"."""
    argument = node.nodeargd.argnlist[-1] if node.nodeargd and node.nodeargd.argnlist else None
    if argument is None:
        return ""
    raw = argument.latex_verbatim().strip()
    keys = [key.strip() for key in raw.removeprefix("{").removesuffix("}").split(",")]
    return citation_text([key for key in keys if key])


def citation_text(keys: list[str]) -> str:
    """How a citation reads: its keys in brackets ("[a, b]"); nothing without keys."""
    return f"[{', '.join(keys)}]" if keys else ""


@_replacement
def _href(node, l2tobj):
    return _arg(node, l2tobj, 1)


@_replacement
def _double_struck(node, l2tobj):
    text = _arg(node, l2tobj)
    return "𝟙" if text.strip() == "1" else fmt_math_text_style(text, "doublestruck")


def _accent(mark: str):
    @_replacement
    def apply(node, l2tobj):
        return "".join(c if c.isspace() else c + mark for c in _arg(node, l2tobj))

    return apply


def _styled(kind: str):
    opener, closer = _STYLE_MARKERS[kind]

    @_replacement
    def apply(node, l2tobj):
        return opener + _arg(node, l2tobj) + closer

    return apply


def _text_specs() -> list[MacroTextSpec]:
    specs = [MacroTextSpec(name, simplify_repl=f" {name}") for name in _OPERATOR_NAMES]
    specs += [MacroTextSpec(name, simplify_repl=_plain) for name in _PLAIN_MACROS]
    specs += [MacroTextSpec(name, discard=True) for name in _DROPPED_MACROS]
    specs += [MacroTextSpec(name, simplify_repl=_citation) for name in _CITATION_MACROS]
    specs += [MacroTextSpec(name, simplify_repl=text) for name, text in _SYMBOLS.items()]
    specs += [MacroTextSpec(name, simplify_repl=_accent(mark)) for name, mark in _ACCENTS.items()]
    specs += [MacroTextSpec(name, simplify_repl=_fraction) for name in _TWO_ARG_MACROS[:5]]
    specs += [MacroTextSpec(name, simplify_repl=_styled(kind))
              for name, kind in _STYLE_MACROS.items()]
    specs += [
        MacroTextSpec("binom", simplify_repl=_binomial),
        MacroTextSpec("sqrt", simplify_repl=_square_root),
        MacroTextSpec("href", simplify_repl=_href),
        MacroTextSpec("mathbb", simplify_repl=_double_struck),
        MacroTextSpec("mathbbm", simplify_repl=_double_struck),
        MacroTextSpec("mathds", simplify_repl=_double_struck),
    ]
    return specs


def _parse_specs() -> list[MacroSpec]:
    """Argument shapes for macros pylatexenc's parser does not know, so args are attached."""
    one_arg = ["operatorname", "boldsymbol", "bm", "mathbbm", "mathds", "textnormal", "textsl"]
    specs = [MacroSpec(name, "{") for name in one_arg]
    specs += [MacroSpec(name, "{{") for name in _TWO_ARG_MACROS]
    specs += [MacroSpec(name, "*[[{") for name in _CITATION_MACROS]
    return specs


class _Converter(LatexNodes2Text):
    """pylatexenc's converter, plus `{\\em ...}`/`{\\bf ...}` declarations as styled runs."""

    def apply_simplify_repl(self, node, simplify_repl, what):
        if getattr(simplify_repl, "papers_replacement", False):
            # What pylatexenc does for a callable whose only other argument is l2tobj.
            return simplify_repl(node, l2tobj=self) or ""
        return super().apply_simplify_repl(node, simplify_repl, what)

    def group_node_to_text(self, node):
        first = next((n for n in node.nodelist if not (
            n.isNodeType(latexwalker.LatexCharsNode) and not n.chars.strip())), None)
        kind = None
        if first is not None and first.isNodeType(latexwalker.LatexMacroNode):
            kind = _STYLE_BY_DECLARATION.get(first.macroname)
        text = super().group_node_to_text(node)
        if kind is None:
            return text
        opener, closer = _STYLE_MARKERS[kind]
        return opener + text + closer


@lru_cache(maxsize=1)
def _context_dbs() -> tuple[object, object]:
    """Macro tables for converting and for parsing, built once (~10 ms), then only read."""
    text_db = get_default_latex_context_db()
    text_db.add_context_category("papers", macros=_text_specs(), prepend=True)
    parse_db = latexwalker.get_default_latex_context_db()
    parse_db.add_context_category("papers", macros=_parse_specs(), prepend=True)
    return text_db, parse_db


_per_thread = threading.local()


# TeX ends a control word at the first character that is not an ASCII letter, so
# \ensuremathα is \ensuremath applied to α; pylatexenc's tokenizer takes any Unicode
# letter into the name (str.isalpha) and drops the unknown macro with it: a UAI 2024 title
# "\ensuremathα-Former: …" showed as "-Former: …". A space after the name reads as TeX
# reads it (a space after a control word is skipped). An escaped backslash (\\) is matched
# first: the letters after it start no control word.
_CONTROL_WORD = re.compile(r"\\\\|\\[A-Za-z]+(?=[^\x00-\x7f])")


def _end_control_words(source: str) -> str:
    if source.isascii():
        return source
    return _CONTROL_WORD.sub(
        lambda m: m.group() + " " if m.group() != "\\\\" and source[m.end()].isalpha()
        else m.group(), source)


# A list whose LaTeX lost its braces glues a formatting macro to the word it formatted
# (PMLR's 2017 abstracts: "We propose \emphNested LSTMs", "FASJEM for \underlinefast
# and \underlinescalable …"); read as one unknown control word, the word went with it
# ("We propose LSTMs"). Such a control word, one no macro database knows, is the macro
# applied to the word (only text styles: "\mathbbm" is a macro of its own).
_GLUED_STYLE = re.compile(r"\\(emph|underline|text(?:bf|it|sl|tt|sc|sf|rm))([A-Za-z]{2,})")


def _unglued_styles(source: str) -> str:
    if "\\" not in source:
        return source
    parse_db = _context_dbs()[1]
    return _GLUED_STYLE.sub(
        lambda m: m.group() if parse_db.get_macro_spec(m.group()[1:]) is not None
        else f"\\{m.group(1)}{{{m.group(2)}}}", source)


# The same loss in math: "A ∈\mathbbR^m", "a bound of \tildeO(\fracd\sqrtε)", "Ω(\sqrtL/ε)"
# (PMLR's 2013-2016 abstracts) read as unknown control words, and the letter went with
# them ("A ∈^m", "Ω(/ε)"). A control word no macro database knows that opens with an
# accent's, a font's, \sqrt's or \frac's name is that macro applied to the next letter,
# as TeX reads "\tilde O" (a capital may follow it: "\sqrtdT" is √d T). Not before a
# brace ("\vect{X}" is a macro of the author's, with its own argument), nor with more
# letters after it: "\bmod", "\checkmark", "\dotfill" are real macros, not "\bm o d".
_GLUED_MATH = re.compile(
    r"\\(widetilde|widehat|overline|tilde|hat|bar|vec|ddot|dot|check|breve|acute|grave"
    r"|sqrt|frac|mathbb|mathcal|mathbf|mathrm|mathfrak|mathsf|mathscr|mathit|boldsymbol|bm)"
    r"([A-Za-z])([A-Z]?)(?![A-Za-z{])")


def _unglued_math(source: str) -> str:
    if "\\" not in source:
        return source
    text_db, parse_db = _context_dbs()

    def unglued(match: re.Match) -> str:
        word = match.group()[1:]
        if parse_db.get_macro_spec(word) is not None or text_db.get_macro_spec(word) is not None:
            return match.group()
        return f"\\{match.group(1)}{{{match.group(2)}}}{match.group(3)}"

    return _GLUED_MATH.sub(unglued, source)


def _latex_to_text(source: str) -> str:
    source = _unglued_math(_unglued_styles(_end_control_words(source)))
    text_db, parse_db = _context_dbs()
    # One converter per thread: pylatexenc swaps its spacing settings while inside math.
    converter = getattr(_per_thread, "converter", None)
    if converter is None:
        converter = _per_thread.converter = _Converter(latex_context=text_db, math_mode="text")
    walker = latexwalker.LatexWalker(source, latex_context=parse_db, tolerant_parsing=True)
    return converter.nodelist_to_text(walker.get_latex_nodes()[0])


# --- math ------------------------------------------------------------------------------------

_MATH_ESCAPE = re.compile(r"\\\\|\\.|[%&]", re.S)


def _escape_math(match: re.Match) -> str:
    token = match.group()
    if token in ("\\\\", "&"):  # row and column separators: just space
        return " "
    return "\\%" if token == "%" else token  # a bare % would comment out the rest


def _script_argument(source: str, start: int) -> tuple[str, int] | None:
    """The argument of ^ or _ at `start`: a {group}, a \\macro, or one character."""
    i = start
    while i < len(source) and source[i] == " ":
        i += 1
    if i >= len(source):
        return None
    if source[i] == "{":
        depth = 0
        for j in range(i, len(source)):
            depth += {"{": 1, "}": -1}.get(source[j], 0)
            if depth == 0:
                return source[i + 1 : j], j + 1
        return None
    if source[i] == "\\":
        match = re.match(r"\\([A-Za-z]+|.)", source[i:])
        if match is None:
            return None
        end = i + match.end()
        # The macro with its own arguments: "T^\frac{1}{3}", "T^\frac13" and
        # "x^\sqrt{2}" are TeX's T^{\frac{1}{3}} and x^{\sqrt{2}}, not ^\frac then "13".
        for _ in range(_arguments_taken(match.group(1))):
            if source.startswith("[", end) and "]" in source[end:]:  # \sqrt[3]{x}
                end = source.index("]", end) + 1
            if end >= len(source) or source[end] in " }^_":
                break
            argument = _script_argument(source, end)
            if argument is None:
                break
            end = argument[1]
        return source[i:end], end
    return source[i], i + 1


@lru_cache(maxsize=1024)
def _arguments_taken(macro: str) -> int:
    """How many mandatory arguments `macro` takes, as pylatexenc's database says (a
    style such as \\mathbb, which it may not know, takes one)."""
    style = macro in _PLAIN_MACROS or macro == "mathbb"
    return max((_argspec(macro) or "").count("{"), int(style))


def _scripts_to_unicode(source: str, literals: _Literals) -> str:
    """Turn ^x and _x into Unicode super/subscripts when every character has one.

    Otherwise keep the caret or underscore, with parentheses around longer arguments so
    grouping survives the loss of braces. Converted pieces become placeholders so that the
    LaTeX pass does not see them again.
    """
    if "^" not in source and "_" not in source:
        return source
    out: list[str] = []
    i = 0
    while i < len(source):
        char = source[i]
        escaped = i > 0 and source[i - 1] == "\\"
        found = None if escaped or char not in "^_" else _script_argument(source, i + 1)
        if found is None:
            out.append(char)
            i += 1
            continue
        argument, i = found
        text = _math_to_text(argument, script=True)
        compact = text.replace(" ", "")
        table = SUPERSCRIPT if char == "^" else SUBSCRIPT
        if compact and all(c in table for c in compact):
            out.append(literals.add("".join(table[c] for c in compact)))
        elif len(text) <= 1:
            out.append(literals.add(char + text))
        else:
            out.append(literals.add(f"{char}({text})"))
    return "".join(out)


_MATH_SPACING = re.compile(r"\s+")
_SPACE_INSIDE_BRACKETS = re.compile(r"(?<=[(\[{⟨]) | (?=[)\]}⟩,])")
# Relations and binary operators as TeX spaces them: with a space on either side between
# two operands ("M ∈ ℝ", "p : ℝᵈ → ℝ", "m × n", "k = 1"), none in a sub- or superscript
# ("x_(i∈S)", "ℝ^(m×n)"), and as written where one side has no operand ("35× faster",
# "$\sim$120M"). A macro takes the spaces after it, so the source's own spacing came out
# lopsided ("M∈ℝ^(m× n)", "rank ≥(width").
_SPACED = "=<>∈∉∋⊂⊆⊃⊇⊊⊋≤≥≪≫≈≠≡≃≅∝∼→←↔⇒⇐⇔↦⟶⟹×·⋅±∓∘⊗⊕⊘⊙∪∩∧∨"
_BETWEEN_OPERANDS = re.compile(rf"(?<=[^\s(\[{{⟨{_SPACED}])\s*([{_SPACED}])\s*"
                              rf"(?=[^\s)\]}}⟩,;.{_SPACED}])")
_IN_SCRIPT = re.compile(rf"\s*([{_SPACED}+\-−])\s*")  # ("x_{t - 1}": t-1, as a script)
# An operator's name glued to its argument: "\log\frac{1}{\delta}" read "log1/δ",
# "\exp{x}" "expx" (a macro takes the space after it; there was none). Only names the
# region's source writes as macros: "\text{logits}" is a word.
_OPERATOR_GLUED = re.compile(
    rf"(?<![A-Za-z])({'|'.join(sorted(_OPERATOR_NAMES, key=len, reverse=True))})"
    r"(?=[0-9A-Za-z\u0370-\u03ff√])")


@lru_cache(maxsize=16384)
def _math_to_text(source: str, script: bool = False) -> str:
    """One math region's LaTeX as plain Unicode (`script`: a sub- or superscript's); the
    raw source if conversion fails."""
    try:
        literals = _Literals(_MATH_LOCAL_BASE)
        if "\\S" in source:
            source = _SPHERE.sub("𝕊", source)
        prepared = _scripts_to_unicode(_MATH_ESCAPE.sub(_escape_math, source), literals)
        if re.search(r"[\\{}]", prepared):
            prepared = _latex_to_text("$" + prepared + "$")
            prepared = _OPERATOR_GLUED.sub(
                lambda m: m.group() + " " if f"\\{m.group()}" in source else m.group(),
                prepared)
        # (Spaced before the scripts come back: their own text was spaced as scripts.)
        prepared = (_IN_SCRIPT if script else _BETWEEN_OPERANDS).sub(
            r"\1" if script else r" \1 ", _MATH_SPACING.sub(" ", prepared).strip())
        text = _MATH_SPACING.sub(" ", literals.restore(prepared)).strip()
        return _SPACE_INSIDE_BRACKETS.sub("", text)
    except Exception:  # pylatexenc on hostile input: show the source rather than fail
        return source.strip()


# --- setting literals and math aside ---------------------------------------------------------

# (The lookbehinds here and in _STRONG and _EM come after the pattern's first character,
# which they also read: a pattern that opens with a character lets the search skip to it,
# and one that opens with a lookbehind tries every position. _EM over the ICML 2020 and
# 2023 abstracts with a * or _: 29 -> 6 ms.)
_CODE_SPAN = re.compile(r"`(?<!``)([^`'\n]+)`(?!`)")
_MARKDOWN_LINK = re.compile(r"\[([^\[\]\n]*)\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))+)>?\s*\)")
_LATEX_URL = re.compile(r"\\url\s*\{([^{}]*)\}")
_LATEX_HREF = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_BARE_URL = re.compile(r"<?(https?://[^\s<>\"{}\\|^`\[\]\ue000-\ue008\U000f0000-\U0010ffff]+)>?")
_URL_TAIL = ".,;:!?'\"*"
# A $ or $$ after an even run of backslashes (none: no backslash before it); the match
# starts at the run. (Each branch opens with its character, so that the search skips to
# backslashes and dollars; group 1 or 2 is the delimiter.)
_DOLLAR = re.compile(r"\\(?<!\\\\)\\(?:\\\\)*(\$\$?)|(\$(?<!\\\$)\$?)")
_BRACKET_MATH = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)


def _trim_url(url: str) -> str:
    """Drop sentence punctuation glued to a URL, and a ')' that closes the prose around it."""
    while url and (url[-1] in _URL_TAIL or (url[-1] == ")" and url.count("(") < url.count(")"))):
        url = url[:-1]
    return url


def _link(url: str, text: str, literals: _Literals) -> str:
    return LINK_OPEN + literals.add(url) + LINK_TEXT + text + LINK_CLOSE


def _set_aside_links(text: str, literals: _Literals) -> str:
    def markdown_link(match: re.Match) -> str:
        label, url = match.group(1).strip(), match.group(2)
        if not label or _BARE_URL.fullmatch(label):  # [https://x](https://x): show it once
            label = literals.add(label or url)
        return _link(url, label, literals)

    def bare_url(match: re.Match) -> str:
        url = _trim_url(match.group(1))
        rest = match.group(0)[match.group(0).index(url) + len(url) :].rstrip(">")
        return _link(url, literals.add(url), literals) + rest if url else match.group(0)

    if "`" in text:
        text = _CODE_SPAN.sub(lambda m: CODE_OPEN + literals.add(m.group(1)) + CODE_CLOSE,
                              text)
    text = _MARKDOWN_LINK.sub(markdown_link, text)
    if "\\" in text:
        text = _LATEX_URL.sub(lambda m: _link(m.group(1), literals.add(m.group(1)), literals), text)
        text = _LATEX_HREF.sub(lambda m: _link(m.group(1), m.group(2), literals), text)
    return _BARE_URL.sub(bare_url, text) if "://" in text else text


def _is_prose_between_dollars(content: str, after: str) -> bool:
    """"$5 and $10" is money, not math: a digit opens it and a space or digit closes it."""
    return not content.strip() or "\n\n" in content or (
        content[0].isdigit() and (content[-1].isspace() or after[:1].isdigit()))


def _set_aside_math(text: str, literals: _Literals) -> str:
    """Replace each math region by its converted text; a $ that opens nothing stays a $."""
    # (One character is searched for sooner than two: 8 -> 2 ms over ICML 2020 and 2023.)
    if "\\" in text and ("\\(" in text or "\\[" in text):
        text = _BRACKET_MATH.sub(
            lambda m: literals.add(_math_to_text(m.group(1) or m.group(2) or "")), text)
    if "$" not in text:
        return text
    dollars = [(m.start(m.lastindex), m.group(m.lastindex)) for m in _DOLLAR.finditer(text)]
    out: list[str] = []
    done = 0  # text[:done] has been emitted
    k = 0
    while k < len(dollars):
        start, delimiter = dollars[k]
        closing = next((j for j in range(k + 1, len(dollars)) if dollars[j][1] == delimiter), None)
        if closing is not None:
            end = dollars[closing][0]
            content = text[start + len(delimiter) : end]
            if not _is_prose_between_dollars(content, text[end + len(delimiter) :]):
                out.append(text[done:start] + literals.add(_math_to_text(content)))
                done = end + len(delimiter)
                k = closing + 1
                continue
        out.append(text[done:start] + literals.add(delimiter))
        done = start + len(delimiter)
        k += 1
    out.append(text[done:])
    return "".join(out)


# --- prose: escapes, quotes, markdown emphasis -----------------------------------------------

_PROSE_ESCAPE = re.compile(
    r"\\[~'\"^`=.]"  # accent macros, left for pylatexenc
    r"|\\\\|\\[%&#_$*{}\[\]]|%|&|#"  # escaped characters, and bare ones LaTeX would eat
    r"|~|``|''|---|--"
    # A superscript typed in plain text: "G^2CN", "AE^2-Nets", "10^{6}" (what math would
    # set as G²CN; a caret in prose is no LaTeX). `_escape_prose` raises it when it is
    # glued to what it raises (a lookbehind here would open the branch: 13× the scan).
    r"|\^(?:\d{1,3}|\{\d{1,3}\})(?![\d}])"
)
_RAISED_AFTER = re.compile(r"[A-Za-z0-9)\]]")
# (Every branch opens with a literal character: the search skips to those.)
_PROSE_REPLACEMENT = {"\\\\": " ", "``": "“", "''": "”", "---": "—", "--": "–"}
_SINGLE_QUOTES = re.compile(r"`([^`'\n]+)'")
# Where a quotation opens: after the start, white space or an opening bracket, before a
# word. Plain-text lists often type '' on both sides ("a paradigm called ''Co-teaching''
# for …"), which LaTeX would set as a closing quote twice; the first reads as opening, as a
# typesetter's smart quotes make it (and the name inside is then read as quoted).
_OPENS_AFTER = frozenset(" \t\n([{")
_PARAGRAPH_SAFE = r"(?:(?!\n[ \t]*\n).)+?"
_STRONG = re.compile(r"\*\*(?=[^\s*])(" + _PARAGRAPH_SAFE + r")(?<=[^\s*])\*\*"
                     r"|__(?<!\w__)(?=[^\s_])(" + _PARAGRAPH_SAFE + r")(?<=[^\s_])__(?!\w)", re.S)
_EM = re.compile(r"\*(?<![\w*]\*)(?=[^\s*])(" + _PARAGRAPH_SAFE + r")(?<=[^\s*])\*(?![\w*])"
                 r"|_(?<![\w\\]_)(?=[^\s_])(" + _PARAGRAPH_SAFE + r")(?<=[^\s_])_(?!\w)", re.S)


def _escape_prose(text: str, literals: _Literals) -> str:
    def replace(match: re.Match) -> str:
        token = match.group()
        if token[0] == "\\" and token[1] in "~'\"^`=.":  # accents: pylatexenc's job
            return token
        if token == "''" and _opens_quotation(text, match.start(), match.end()):
            return "“"
        if token in _PROSE_REPLACEMENT:
            return _PROSE_REPLACEMENT[token]
        if token[0] == "^":
            if not match.start() or not _RAISED_AFTER.match(text, match.start() - 1):
                return token
            return literals.add("".join(SUPERSCRIPT[c] for c in token.strip("^{}")))
        if token == "~":  # after a word it is LaTeX's tie ("Fig.~3"); else the reader's "about"
            before = text[match.start() - 1 : match.start()]
            return " " if before.isalpha() or before == "." else literals.add("~")
        return literals.add(token[-1])

    text = _PROSE_ESCAPE.sub(replace, text)
    return _SINGLE_QUOTES.sub("‘\\1’", text) if "`" in text else text


def _opens_quotation(text: str, start: int, end: int) -> bool:
    return (start == 0 or text[start - 1] in _OPENS_AFTER) and end < len(text) \
        and (text[end].isalnum() or text[end] in "\\$")


def _markdown_emphasis(text: str) -> str:
    # Most abstracts have neither (one character is searched for sooner than two, "**"
    # and "__": 9 -> 0.5 ms over ICML 2020 and 2023).
    if "*" not in text and "_" not in text:
        return text
    if "**" in text or "__" in text:
        text = _STRONG.sub(lambda m: STRONG_OPEN + (m.group(1) or m.group(2)) + STRONG_CLOSE, text)
    if "*" in text or "_" in text:
        text = _EM.sub(lambda m: EM_OPEN + (m.group(1) or m.group(2)) + EM_CLOSE, text)
    return text


# --- decoding markers into spans -------------------------------------------------------------

# Two or more spaces, or one that is not a plain space, or a plain space at either end.
# (Each branch opens with the white space character it needs, so that the search skips
# to white space instead of trying every branch at every character: 14% of rendering.)
_WHITESPACE_RUN = re.compile(
    r"[ \t\n\f\v\xa0](?:[ \t\n\f\v\xa0]+|(?<=[\t\n\f\v\xa0])|(?<=\A )|\Z)")


def _collapses(text: str) -> bool:
    """Whether _WHITESPACE_RUN matches anywhere in `text`: white space other than a plain
    space, two plain spaces, or one at either end. (A few substring searches: a tenth
    of trying the pattern at every space.)"""
    return text.startswith(" ") or text.endswith(" ") or "  " in text or "\n" in text \
        or "\t" in text or "\f" in text or "\v" in text or "\xa0" in text


def _collapse_whitespace(text: str, offsets: list[int]) -> tuple[str, list[int]]:
    """Single spaces, a blank line as one paragraph break, nothing at either end.

    `offsets` into the old text come back moved to the same places in the new one.
    """
    if not _collapses(text):  # (three abstracts in four)
        return text, offsets
    pieces: list[str] = []
    runs: list[tuple[int, int, int, int]] = []  # old start, old end, new start, new length
    last = new_length = 0
    for match in _WHITESPACE_RUN.finditer(text):
        start, end = match.span()
        pieces.append(text[last:start])
        new_length += start - last
        replacement = "\n\n" if match.group().count("\n") >= 2 else " "
        if start == 0 or end == len(text):
            replacement = ""
        pieces.append(replacement)
        runs.append((start, end, new_length, len(replacement)))
        new_length += len(replacement)
        last = end
    pieces.append(text[last:])
    starts = [run[0] for run in runs]

    def move(offset: int) -> int:
        k = bisect.bisect_right(starts, offset) - 1
        if k < 0:
            return offset
        start, end, new_start, length = runs[k]
        if offset >= end:
            return new_start + length + (offset - end)
        return new_start + min(offset - start, length)

    return "".join(pieces), [move(offset) for offset in offsets]


@dataclass
class _OpenRun:
    kind: str
    start: int
    reading_url: bool = False  # between LINK_OPEN and LINK_TEXT
    url: list[str] = field(default_factory=list)


def _decode(marked: str) -> Rendered:
    """Strip the markers, turning balanced pairs into spans over the final text."""
    if marked.isascii() or _MARKER.search(marked) is None:  # no styled run: no span
        return Rendered(text=_collapse_whitespace(marked, [])[0], spans=(), urls=())
    plain: list[str] = []
    position = 0
    open_runs: list[_OpenRun] = []
    found: list[tuple[int, int, str, str | None]] = []
    for piece in _MARKER.split(marked):
        if piece in _OPENERS:
            open_runs.append(_OpenRun(_OPENERS[piece], position, reading_url=piece == LINK_OPEN))
        elif piece == LINK_TEXT:
            for run in reversed(open_runs):
                if run.kind == "link":
                    run.reading_url = False
                    break
        elif piece in _CLOSERS:
            kind = _CLOSERS[piece]
            for k in range(len(open_runs) - 1, -1, -1):
                if open_runs[k].kind == kind:
                    run = open_runs.pop(k)
                    found.append((run.start, position, kind, "".join(run.url).strip() or None))
                    break
        elif piece:
            if open_runs and open_runs[-1].reading_url:
                open_runs[-1].url.append(piece)
            else:
                plain.append(piece)
                position += len(piece)
    text, moved = _collapse_whitespace("".join(plain), [o for f in found for o in f[:2]])
    spans = _spans(text, [(moved[2 * k], moved[2 * k + 1], kind, url)
                          for k, (_, _, kind, url) in enumerate(found)])
    urls = tuple(dict.fromkeys(s.url for s in spans if s.url))
    return Rendered(text=text, spans=spans, urls=urls)


def _spans(text: str, found: list[tuple[int, int, str, str | None]]) -> tuple[Span, ...]:
    """The runs found as spans over `text`, trimmed of white space, empty ones dropped."""
    spans: list[Span] = []
    for start, end, kind, url in found:
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start and not (kind == "link" and not url):
            spans.append(Span(start, end, kind, url))
    spans.sort(key=lambda s: (s.start, -s.end))
    return tuple(spans)


# --- the public entry point ------------------------------------------------------------------

# Most prose with LaTeX has only a few self-contained pieces of it: \emph{a phrase},
# \cite{key}, {\em words}, R{\'e}nyi (a tenth of the abstracts of most lists). Such text
# is converted piece by piece, each piece as pylatexenc converts it there (a macro with
# exactly the braced arguments it takes, or a braced group, is read the same wherever it
# stands) and the rest kept as it is, since pylatexenc takes a few milliseconds over a
# whole abstract: more than all else preparing it does. _LATEX_SYNTAX is all pylatexenc
# reads as other than characters: macros, groups, math, comments, parameters, specials.
# (No % inside a piece's groups: LaTeX reads it as a comment that eats the closing brace;
# no $: it opens math, which pylatexenc reads on past the brace; no backslash before a brace:
# that brace is a character; no macro before "[": pylatexenc reads its optional argument
# on past the brace.)
_GROUP = r"\{(?:[^{}%$\\]|\\(?![A-Za-z]+\s*\[)[^{}%$])*\}"
_LATEX_PIECE = re.compile(rf"\\([A-Za-z]+|[\"'^`~=.])((?:{_GROUP})+)|{_GROUP}")
_LATEX_SYNTAX = re.compile(r"[\\{}$%&#^_~]|``|''|--|[!?]`")


def _prose_in_pieces(text: str) -> str | None:
    """What _latex_to_text gives for `text`, converting only its pieces of LaTeX; None
    when some LaTeX of it is not such a piece (or a piece cannot be converted)."""
    kept: list[str] = []
    done = 0
    for piece in _LATEX_PIECE.finditer(text):
        macro, groups = piece.group(1), piece.group(2)
        if macro is not None and not _takes_groups(macro, groups.count("{")):
            return None
        try:
            converted = _piece_to_text(piece.group(), macro)
        except Exception:  # noqa: BLE001 - the whole text's conversion decides
            return None
        kept += [text[done:piece.start()], converted]
        done = piece.end()
    kept.append(text[done:])
    if not done or any(_LATEX_SYNTAX.search(outside) for outside in kept[::2]):
        return None
    return "".join(kept)


def _argspec(macro: str) -> str | None:
    """The arguments `macro` takes as pylatexenc's database writes them ("[{" for \\sqrt),
    or None for a macro it does not know."""
    spec = _context_dbs()[1].get_macro_spec(macro)
    argspec = getattr(getattr(spec, "args_parser", None), "argspec", None)
    return argspec if isinstance(argspec, str) else None


def _takes_groups(macro: str, count: int) -> bool:
    """The macro takes exactly `count` arguments, each in braces (optional ones, which
    come before, may be left out)."""
    argspec = _argspec(macro)
    return argspec is not None and argspec.replace("*", "").replace("[", "") == "{" * count


@lru_cache(maxsize=4096)
def _piece_to_text(piece: str, macro: str | None) -> str:
    inner = piece[len(macro) + 2:-1] if macro in _STYLE_MACROS else None
    if inner is not None and not _LATEX_SYNTAX.search(inner):
        opener, closer = _STYLE_MARKERS[_STYLE_MACROS[macro]]  # pylatexenc's, sooner
        return opener + inner + closer
    return _latex_to_text(piece)


def render(source: str) -> Rendered:
    """LaTeX/markdown abstract source as clean Unicode text with em/strong/code/link spans."""
    clean = rejoined(sanitize(with_lost_backslashes(source or "")))
    # Nothing to drop in ASCII (most abstracts): isascii() is a memory scan, while max()
    # makes a string of each character (50 ms over ICML 2023's abstracts).
    if clean and not clean.isascii() and max(clean) >= "\ue000":
        clean = _PRIVATE.sub("", clean)
    if has_markup(clean):  # HTML or JATS (html_text.py): after the markers were dropped
        clean = from_html(clean, (EM_OPEN, EM_CLOSE), (STRONG_OPEN, STRONG_CLOSE))
    try:
        literals = _Literals()
        text = _set_aside_links(clean, literals)
        text = _set_aside_math(text, literals)
        text = _markdown_emphasis(_escape_prose(text, literals))
        if "\\" in text or "{" in text or "}" in text:  # a macro or a group
            pieces = _prose_in_pieces(text)
            if pieces is not None:
                text = pieces
            else:
                with contextlib.suppress(Exception):  # on failure keep the prose as it is
                    text = _latex_to_text(text)
        text = unicodedata.normalize("NFC", literals.restore(text))
        return _decode(text)
    except Exception:  # never fail a whole import over one abstract
        return Rendered(text=_collapse_whitespace(clean, [])[0])
