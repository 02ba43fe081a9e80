"""LaTeX whose backslashes a list's producer lost, restored before rendering.

A tool that writes "\\textbf{x}" into JSON without escaping the backslash gives a reader
a TAB and "extbf{x}": "\\t" is JSON's tab, as "\\b", "\\f" and "\\r" are a backspace, a
form feed and a carriage return ("\\beta", "\\frac", "\\rho"). Some lists lost the
backslash and its letter outright ("mph{VoxelPose}", "5$ imes$"; held-out CVPR 2018, ECCV
2018 and 2020 lists of papercopilot/paperlists did both). Left so, the abstract shows
"extbfreference points" and a name reads "mphVoxelPose".

A list that escaped a line break twice gives a reader "\\nWe", which LaTeX would read as a
macro and drop with its word; it is read back as the line break (`_ESCAPED_LINE_BREAK`).

A control character is read back as its letter only where that letter and the letters
after it spell a macro of MACROS exactly (a macro's name is its whole run of letters), so
a real tab before a word stays a tab; a run without its first letter only where no word
could be meant: a text style before its brace ("extbf{"), or inside $…$ a symbol whose
remains are no word ("imes", "heta").
"""

from __future__ import annotations

import re

# The letter each control character stands for where JSON read "\<letter>" as an escape.
# (Not "\n": a line break is far likelier a line break, and "\nu" reads as one.)
_CONTROL_LETTER = {"\t": "t", "\b": "b", "\f": "f", "\r": "r", "\v": "v"}
# Macros abstracts use whose names open with those letters: text styles, Greek letters,
# operators and arrows. (Not "\\to" or "\\top": a real tab before "o" or "op" would
# become an arrow.)
MACROS = frozenset(re.split(r"\s+", """
textbf textit texttt textsc textrm textsf textsl textnormal text tilde times theta tau
triangle tfrac therefore
beta bf bm boldsymbol bar big bigl bigr bigg bot bullet binom
frac forall flat footnote
rho right rightarrow rm ref rangle rceil rfloor
varepsilon varphi vartheta vec vee vert vdots
""".strip()))
_CONTROL_THEN_LETTERS = re.compile(r"([\t\b\f\r\v])([A-Za-z]+)")
# A text style without its backslash and first letter, before its brace.
_BARE_STYLE = re.compile(r"(?<![\\A-Za-z])(mph|ext(?:bf|it|tt|sc|rm|sf|sl)?)(?=\{)")
# Inside math, a symbol without its backslash and first letter (not "eta" or "au": \eta
# and a word's own letters are as likely).
_BARE_SYMBOL = re.compile(r"(?<![\\A-Za-z])(imes|heta|abla|ilde(?=\{)|rac(?=\{))(?![A-Za-z])")
_MATH = re.compile(r"\$[^$]+\$")
# A line break its list escaped twice: "… can be easily detected.\nWe introduce …" (held-out
# WACV 2023), which LaTeX would read as a macro "\nWe" and drop with the word. No macro
# opens with "n" and a capital, a digit or white space ("\nu", "\neq" are lowercase).
_ESCAPED_LINE_BREAK = re.compile(r"\\n(?=[A-Z0-9\s]|$)")
_FIRST_LETTER = {"mph": "e", "imes": "t", "heta": "t", "abla": "n", "ilde": "t", "rac": "f"}


def with_lost_backslashes(text: str) -> str:
    """`text` with the backslashes (and letters) of its damaged macros restored."""
    # (substring tests first: nearly every abstract has none of these, and a test is a
    # fraction of a pattern's search, whose lookbehind cannot skip ahead)
    if "\\n" in text:
        text = _ESCAPED_LINE_BREAK.sub("\n", text)
    if "\t" in text or "\b" in text or "\f" in text or "\r" in text or "\v" in text:
        text = _CONTROL_THEN_LETTERS.sub(_from_control, text)
    if "{" in text and ("mph{" in text or "ext" in text):
        text = _BARE_STYLE.sub(lambda m: "\\" + _FIRST_LETTER.get(m[1], "t") + m[1], text)
    if "$" in text and ("imes" in text or "heta" in text or "abla" in text
                        or "ilde{" in text or "rac{" in text):
        text = _MATH.sub(lambda math: _BARE_SYMBOL.sub(
            lambda m: "\\" + _FIRST_LETTER[m[1]] + m[1], math[0]), text)
    return text


def _from_control(match: re.Match) -> str:
    macro = _CONTROL_LETTER[match[1]] + match[2]
    return "\\" + macro if macro in MACROS else match[0]
