"""Text as LaTeX that pdflatex builds (T1 fonts, utf8 input, amsmath), for BibTeX.

Unicode letters become pylatexenc's accent macros ({\\'e}); math characters go in math
mode (√ -> \\ensuremath{\\surd}, x₂ -> x\\ensuremath{_{2}}, a letter with a combining tilde
-> \\ensuremath{\\tilde{\\Theta}}); a character pdflatex has no glyph for (CJK, Cyrillic
with T1) is wrapped in \\papersunicode{…}, which the entry's @preamble defines so that
XeLaTeX and LuaLaTeX show it and pdflatex prints a mark instead of stopping.

A title whose source had LaTeX math keeps that math as written (`$\\mathcal{O}(n)$`),
when every macro in it is one LaTeX and amsmath define; re-encoding its rendering
("O(n)") lost it and escaped it wrongly.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db
from pylatexenc.latexencode import UnicodeToLatexEncoder

from ..ingest.bibtex_text import PROTECTED
from ..ingest.render import SUBSCRIPT, SUPERSCRIPT

UNICODE_MACRO = "papersunicode"
# For the .bib's @preamble: the text under engines that have the glyphs, else a mark.
UNICODE_PREAMBLE = (
    rf"\providecommand{{\{UNICODE_MACRO}}}[1]{{\ifdefined\XeTeXrevision#1\else"
    r"\ifdefined\directlua#1\else\ifdefined\CJKfamily#1\else"
    r"\textlbrackdbl{}?\textrbrackdbl{}\fi\fi\fi}"
)

# Literal ASCII that LaTeX would otherwise typeset as something else: '"' is an accent
# command in some languages and "`" an opening quote. BibTeX counts braces even after a
# backslash, so "\{" could leave a field unbalanced. The rest follows pylatexenc.
_ASCII = {'"': '{"}', "`": r"{\textasciigrave}", "{": r"{\textbraceleft}",
          "}": r"{\textbraceright}", "$": r"{\$}", "\\": r"{\textbackslash}"}

# Math characters pylatexenc leaves as they are, or encodes with macros LaTeX lacks.
_MATH_CHARS = {"√": r"\surd", "∑": r"\sum", "∏": r"\prod", "∫": r"\int", "∂": r"\partial",
               "∇": r"\nabla", "⊤": r"\top", "⊥": r"\perp", "≈": r"\approx", "≠": r"\neq",
               "≤": r"\leq", "≥": r"\geq", "≪": r"\ll", "≫": r"\gg", "∼": r"\sim",
               "∈": r"\in", "∉": r"\notin", "⊂": r"\subset", "⊆": r"\subseteq", "∞": r"\infty",
               "×": r"\times", "·": r"\cdot", "∘": r"\circ", "±": r"\pm",
               "→": r"\rightarrow", "←": r"\leftarrow", "↔": r"\leftrightarrow",
               "⇒": r"\Rightarrow", "∀": r"\forall", "∃": r"\exists", "ℓ": r"\ell",
               "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}", "ℤ": r"\mathbb{Z}", "ℚ": r"\mathbb{Q}",
               "ℂ": r"\mathbb{C}", "∅": r"\emptyset", "∗": r"\ast", "‖": r"\Vert",
               "⊕": r"\oplus", "⊗": r"\otimes", "∧": r"\wedge", "∨": r"\vee",
               "¬": r"\neg", "∝": r"\propto", "≡": r"\equiv", "⟨": r"\langle",
               "⟩": r"\rangle"}


def _scripted(table: dict[str, str]) -> dict[str, str]:
    r"""A script character of rendering's `table` (ingest/render.py: $\mathbb{R}^d$ is "ℝᵈ",
    $x_r$ "xᵣ") -> the character it raises or lowers, the first one where several share it
    (ᵀ: T before ⊤). Only the true script forms: the table also gives "*", "′" and "†",
    which stand as themselves."""
    scripts: dict[str, str] = {}
    for base, script in table.items():
        name = unicodedata.name(script, "")
        if "SCRIPT" in name or name.startswith("MODIFIER LETTER"):
            scripts.setdefault(script, base)
    return scripts


# Written back as math: a letter among them went to \papersunicode's mark.
_SUBSCRIPTS = _scripted(SUBSCRIPT)
_SUPERSCRIPTS = _scripted(SUPERSCRIPT)
# Combining marks with a math accent: what a letter carries when NFC cannot compose it.
_COMBINING = {"\u0300": "grave", "\u0301": "acute", "\u0302": "hat", "\u0303": "tilde",
              "\u0304": "bar", "\u0305": "bar", "\u0306": "breve", "\u0307": "dot",
              "\u0308": "ddot", "\u030c": "check", "\u20d7": "vec"}

# Macros that may stay in kept source math: LaTeX's and amsmath's own, and \mathbb and
# \mathscr, which a .bib using them provides stand-ins for (bib_preamble).
_SAFE_MATH = frozenset("""
    alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu
    nu xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma
    Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega ell hbar imath jmath wp Re Im
    aleph partial infty nabla natural flat sharp prime emptyset forall exists neg top bot
    surd mathcal mathbf mathrm mathit mathsf mathtt mathbb text textrm textit textbf
    operatorname sqrt frac dfrac tfrac binom log ln exp sin cos tan max min sup inf lim arg
    det dim ker deg Pr mid left right big Big bigg Bigg cdot cdots ldots dots vdots ddots
    times div pm mp leq geq le ge neq ll gg approx sim simeq cong equiv propto in notin
    subset subseteq supset supseteq cup cap setminus wedge vee oplus otimes circ ast star
    to rightarrow leftarrow Rightarrow Leftarrow leftrightarrow mapsto langle rangle lceil
    rceil lfloor rfloor Vert vert lVert rVert lvert rvert hat widehat tilde widetilde bar
    overline underline vec dot ddot acute grave check breve sum prod int oint bigcup bigcap
    quad qquad colon boldsymbol mathscr textsuperscript textsubscript tiny scriptstyle
    displaystyle
""".split())  # noqa: SIM905 - a word list reads better
_MATH_SEGMENT = re.compile(r"(\$[^$]+\$)")
_MACRO = re.compile(r"\\([A-Za-z]+)")


@cache
def _encoder() -> UnicodeToLatexEncoder:
    return UnicodeToLatexEncoder(
        replacement_latex_protection="braces-all",  # é -> {\'e}, safe before letters
        unknown_char_policy="keep",  # decided below: math, or \papersunicode
        unknown_char_warning=False,
    )


@cache
def _decoder() -> LatexNodes2Text:
    """What LaTeX typesets, to check that an encoding reads back as its character:
    pylatexenc's own reader takes \\textasciicircum for "ˆ" (U+02C6), which LaTeX sets as
    "^", so "ˆ" was written as "^" (a property test found it)."""
    context = get_default_latex_context_db()
    context.add_context_category("typeset", prepend=True, macros=[
        MacroTextSpec("textasciicircum", "^")])
    return LatexNodes2Text(latex_context=context)


def _math_of(char: str) -> str | None:
    """`char` as math-mode LaTeX, if it is a math character."""
    if char in _MATH_CHARS:
        return _MATH_CHARS[char]
    for mark, scripts in (("_", _SUBSCRIPTS), ("^", _SUPERSCRIPTS)):
        if char in scripts:
            base = scripts[char]
            return f"{mark}{{{base if base.isascii() else _math_of(base)}}}"
    encoded = _encoder().unicode_to_latex(char)
    inner = re.fullmatch(r"\{?\\ensuremath\{(.+?)\}\}?", encoded)
    return inner.group(1) if inner else None


@cache
def _latex_char(char: str) -> str:
    if char in _ASCII:
        return _ASCII[char]
    encoded = _encoder().unicode_to_latex(char)
    if char.isascii():
        return encoded
    # What decodes back to the same character, so that papers reads its own .bib back:
    # pylatexenc's encoding (é -> {\'e}, Θ -> \ensuremath{\Theta}), else math mode.
    if encoded != char and _decoder().latex_to_text(encoded) == char:
        return encoded
    if (math := _math_of(char)) is not None:
        as_math = rf"{{\ensuremath{{{math}}}}}"
        # Sub- and superscript digits decode as "_2": typeset right matters more there.
        if char in _SUBSCRIPTS or char in _SUPERSCRIPTS or \
                _decoder().latex_to_text(as_math) == char:
            return as_math
    # pylatexenc approximates some letters (Ħ becomes H with a macron) and keeps others
    # as they are: either way pdflatex has no glyph, so the character goes to the macro.
    return rf"{{\{UNICODE_MACRO}{{{char}}}}}"


def _clean(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def _accented(base: str, marks: str) -> str:
    """A letter with combining marks NFC could not compose, as a math accent."""
    inner = _math_of(base) or (base if base.isascii() else None)
    if inner is None or any(m not in _COMBINING for m in marks):
        return "".join(map(_latex_char, base + marks))
    for mark in marks:
        inner = rf"\{_COMBINING[mark]}{{{inner}}}"
    return rf"{{\ensuremath{{{inner}}}}}"


def latex(text: str) -> str:
    """`text` as LaTeX that typesets (and decodes) to the same characters."""
    text = _clean(text)
    out = []
    i = 0
    while i < len(text):
        char = text[i]
        j = i + 1
        while j < len(text) and unicodedata.combining(text[j]):
            j += 1
        if j > i + 1:
            out.append(_accented(char, text[i + 1:j]))
        elif char in "-'" and text[i + 1:i + 2] == char:
            # "--" and "''" are ligatures (a dash, a closing quote); "{}" keeps them apart.
            out.append(char + "{}")
        else:
            out.append(_latex_char(char))
        i = j
    return "".join(out)


def uses_unicode_macro(text: str) -> bool:
    return f"\\{UNICODE_MACRO}{{" in text


# Math alphabets a document with amsmath alone lacks (\mathbb is amsfonts', \mathscr
# mathrsfs'): a title's ℝ or kept "$\mathbb{R}^d$" stopped such a build at "Undefined
# control sequence". \providecommand defines them only where no package has (the .bbl's
# preamble runs after the document's own), as the nearest alphabets amsmath's LaTeX has.
_ALPHABET_FALLBACKS = {"mathbb": r"\providecommand{\mathbb}[1]{\mathbf{#1}}",
                       "mathscr": r"\providecommand{\mathscr}[1]{\mathcal{#1}}"}


def bib_preamble(text: str) -> str | None:
    """What a .bib holding `text` must define for a pdflatex document with amsmath alone
    (its @preamble's string), or None when it needs nothing."""
    needed = [UNICODE_PREAMBLE] if uses_unicode_macro(text) else []
    needed += [definition for name, definition in _ALPHABET_FALLBACKS.items()
               if f"\\{name}{{" in text]
    return "".join(needed) or None


_CAPITAL_OF_ITS_OWN = re.compile(r"[A-Z][-*]")


def _protect(word: str) -> str:
    # Braces keep acronyms and inner capitals (OWPO, LLMs, Top-K) when a style lowercases
    # titles, and a capital letter that is a name of its own before a hyphen or a star
    # (U-statistics, Q-learning, A*); punctuation around the word stays outside: "{OWPO}:".
    lead, core, tail = re.fullmatch(r"(\W*)(.*?)(\W*)", word).groups()
    if not any(c.isupper() for c in core[1:]) and \
            not _CAPITAL_OF_ITS_OWN.match(core + tail):
        return latex(word)
    return f"{latex(lead)}{{{latex(core)}}}{latex(tail)}"


def _text_title(title: str) -> str:
    return " ".join(_protect(word) for word in _clean(title).split(" "))


def safe_math(segment: str) -> bool:
    """Math that builds and cannot do harm: balanced braces, only known macros, nothing
    but printable ASCII (no \\input, \\write or catcode tricks get through)."""
    body = segment[1:-1]
    if not body.strip() or not all(" " <= c <= "~" for c in body) or "%" in body:
        return False
    depth = 0
    for char in re.sub(r"\\[{}]", "", body):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    if depth:
        return False
    # "\ " and "\," are spacing; every named macro must be one LaTeX or amsmath defines.
    return all(name in _SAFE_MATH for name in _MACRO.findall(body)) and \
        not re.search(r"\\[^A-Za-z ,;:!{}|_$#&]", body)


def bibtex_title(title: str, source: str | None = None) -> str:
    """The title for a BibTeX `title` field: the source's own math and braced words kept
    (in braces, so styles do not lowercase them), the rest encoded from Unicode."""
    if source:
        parts = _MATH_SEGMENT.split(_clean(source))
        if all(safe_math(m) for m in parts[1::2]):
            out = []
            for n, part in enumerate(parts):
                if n % 2:
                    out.append(f"{{{part}}}")
                    continue
                # The source's own braces ("the {Gaussian} case", "{L}ipschitz") keep what
                # they hold as written; the rest is braced word by word (_protect).
                for k, piece in enumerate(PROTECTED.split(part)):
                    text = _decoder().latex_to_text(piece) if piece else ""
                    if k % 2:
                        out.append(f"{{{latex(text)}}}" if text.strip() else "")
                    elif piece:
                        # Spaces at the edges of a text part are kept: "$k$-means of $n$".
                        lead = " " if piece[:1].isspace() else ""
                        trail = " " if piece[-1:].isspace() else ""
                        out.append(lead + _text_title(text) + trail if text.strip() else piece)
            return "".join(out)
    return _text_title(title)
