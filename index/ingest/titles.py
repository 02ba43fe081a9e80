"""A name and a display title for an abstract that came without a title.

The *name* is the method or system the abstract introduces. Only a cue counts as an
introduction, so acronyms for prior work and the field (RLVR, LLMs, LoRA, ...) are never
taken: "we propose/introduce/present/develop/derive ...", "named/called/dubbed ...",
"our proposed method, ...", bold or italic markup, or "X, a ... framework/method/...".
When several names are introduced, one from a sentence that adds a component ("we first
propose", "Second, we introduce", "we further ...") loses to one from a sentence that does
not; then a verb cue beats markup, which beats a bare appositive; then the earliest wins.

The *title* uses only the abstract's own words: "NAME: Expansion" when the name is an
acronym spelled out, else "NAME: the description given with it", else (no name) the main
result, the contribution ("we present X" gives "X"), the claim ("we show that X"), or the
first sentence, cut at a clause boundary or before a linking word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..models import Rendered

TITLE_LIMIT = 120
NAMING_CHARS = 20_000  # of an abstract read for its name and title
DESCRIPTION_LIMIT = 100  # characters after "NAME: "
UNNAMED_LIMIT = 90

_KIND = (
    r"(?:method|framework|approach|algorithm|model|system|benchmark|dataset|technique"
    r"|architecture|agent|pipeline|library|toolkit|tool|environment|optimizer|planner|loss"
    r"|estimator|paradigm|strategy|procedure|scheme|module|network|solver|suite|family)s?"
)
_NAMING = r"(?:called|named|dubbed|termed|coined)(?:\s+as)?"
_VERB = r"(?:propose|introduce|present|develop|derive|design|build|call|term|dub|coin|name)"
_ADVERB = r"(?:\s+(?:\w+ly|first|further|also|then|instead|finally|now|therefore|thus|here))?"
_CUE = re.compile(
    rf"\b(?:(?:we|(?:this|our|the)\s+(?:paper|work|study|article))"
    rf"(?:{_ADVERB})\s+{_VERB}s?(?:\s+(?:here|it|them))?"
    rf"|{_NAMING}"
    rf"|(?:our|the)\s+(?:proposed\s+|new\s+|novel\s+)?{_KIND},?)\s+",
    re.I,
)
_FILLER = re.compile(r"(?:(?:a|an|the|our|novel|new|simple|unified|general)\s+)*", re.I)
_NAME_TOKEN = r"[A-Za-z0-9][\w.+]*(?:-[\w.+]+)*"
# A name right where a cue points: one token, or up to four capitalised words.
_NAME_AT = re.compile(
    rf"(?P<name>{_NAME_TOKEN}(?:\s+[A-Z]\w*(?:-\w+)*){{0,3}})"
    rf"(?=\s*(?:[,.:;(—]|$|\s(?:which|that|to|for|as|in|on|with)\b|\s{_KIND}\b))"
)
# "a novel personalized FL algorithm, pFedGraph" / "a ... framework BEATs"
_KIND_THEN_NAME = re.compile(
    rf"(?P<kind>(?:[\w()-]+\s+){{0,6}}?{_KIND})(?:\s*,\s*(?:{_NAMING}\s+)?|\s+{_NAMING}\s+|\s+)"
    rf"(?P<name>{_NAME_TOKEN})(?=\s*(?:[,.:;(—]|$|\s(?:which|that|to|for|as|in|on|with)\b))"
)
_APPOSITIVE = re.compile(
    rf"(?<![\w-])(?P<name>{_NAME_TOKEN}),\s+(?:a|an)\s+(?:[\w-]+\s+){{0,6}}?{_KIND}\b")
_COMPONENT = re.compile(
    r"\b(?:first|second|third|fourth|further|furthermore|also|additionally|next|then"
    r"|moreover|besides)\b|\((?:i|ii|iii|1|2|3)\)", re.I)
_PRIOR_WORK = re.compile(
    r"\b(?:by|like|as|including|e\.g\.,?|such as|than|of|over)\s+$"
    r"|\b(?:recent|existing|prior|previous|popular|standard|classic|state-of-the-art)\b", re.I)
_COMMON_WORDS = frozenset({
    "a", "an", "the", "this", "these", "that", "those", "our", "we", "it", "its", "in", "on",
    "to", "for", "of", "with", "and", "or", "but", "however", "two", "three", "four", "both",
    "each", "all", "here", "there", "then", "first", "second", "third", "finally",
})

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"(\[])|\n\n")
_ABBREVIATION = re.compile(r"(?:\b(?:e\.g|i\.e|et al|vs|cf|Fig|Eq|resp|approx)\.|\b[A-Z]\.)$")
_CLAUSE_BOUNDARY = re.compile(
    r",\s+(?:(?:in|for|by|through|under|with)\s+which|where|which|while|whereby|thereby|thus"
    r"|but|namely|i\.e\.|e\.g\.|\w+ing\b)"
    r"|,\s+and\s+(?=(?:we|it|its|this|these|those|the|our|extensive|experiments|results|thus"
    r"|then|show|prove)\b)"
    r"|[;:]\s|\s[—–]\s|—|\s\(|\.\s|\.$")
_ACRONYM_IN_PARENTHESES = re.compile(r"\s+\((?=[\w-]*[A-Z])[\w-]+\)")
_CUT_BEFORE = re.compile(
    r"\s(?=(?:that|which|with|through|via|by|for|in|on|to|from|without|using|across|under"
    r"|over|into|while|where|and|at|based)(?![\w-]))")
_TRAILING_JUNK = re.compile(
    r"(?:[\s,;:.!?—–(-]+"
    r"|\s+(?:a|an|the|and|or|of|to|with|for|in|on|by|that|which|as|its|both))+$",
    re.I)

_MAIN_RESULT = re.compile(r"\bour main (?:result|contribution|finding) is (?:that )?", re.I)
_CONTRIBUTION = re.compile(
    r"\b(?:we|(?:this|the) (?:work|paper|study|article))"
    r"(?:\s+(?:\w+ly|instead|further|first|also|then))?\s+"
    r"(?:(?:present|propose|develop|introduce|derive|investigate|analy[sz]e|provide|examine"
    r"|explore|revisit|consider)s?|stud(?:y|ies))(?:\s+here)?\s+(?!to\s|and\s|\(?(?:\d|i+)\))",
    re.I)
_COMPOUND_PREDICATE = re.compile(
    r"\sand\s+(?:\w+ly\s+)?(?:introduce|propose|present|develop|show|prove|analy[sz]e|study"
    r"|investigate|derive|provide|establish|demonstrate|evaluate|use|apply|design)s?\b")
_CLAIM = re.compile(
    r"\bwe(?:\s+\w+ly)?\s+(?:show|prove|find|demonstrate|establish)s?"
    r"(?:\s+(?:theoretically|empirically|formally))?\s+that\s+", re.I)


@dataclass(frozen=True)
class _Candidate:
    name: str
    start: int
    strength: int  # 3 cue verb, 2 markup, 1 bare appositive
    component: bool  # introduced as one part of something bigger
    expansion: str | None = None  # the acronym spelled out
    description: str | None = None  # the noun phrase the cue gave it ("a ... framework")


def derive_name_and_title(source: str, rendered: Rendered) -> tuple[str | None, str]:
    """(name or None, display title) for an abstract; never raises.

    `rendered` (from `index.render.render`) supplies the clean text and the bold/italic
    runs; `source` is only a fallback for when rendering produced no text at all.
    """
    text = rendered.text.strip() or " ".join((source or "").split())
    if len(text) > NAMING_CHARS:
        # A name and a title come from an abstract's opening; an abstract of megabytes
        # (a broken list) must not make the import crawl.
        text = text[:NAMING_CHARS]
        rendered = Rendered(text, tuple(s for s in rendered.spans if s.end <= NAMING_CHARS))
    try:
        sentences = _sentences(text)
        best = _best_candidate(text, sentences, rendered)
        if best is not None:
            return best.name, _named_title(best, text, sentences)
        return None, _unnamed_title(text, sentences)
    except Exception:  # a title is never worth failing an import over
        return None, _clip(text, UNNAMED_LIMIT, ellipsis=True) or "Untitled"


# --- sentences -------------------------------------------------------------------------------


def _sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence; abbreviations such as "e.g." do not end one."""
    bounds: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if _ABBREVIATION.search(text[max(0, match.start() - 8) : match.start()]):
            continue
        bounds.append((start, match.start()))
        start = match.end()
    bounds.append((start, len(text)))
    return [(s, e) for s, e in bounds if text[s:e].strip()] or [(0, len(text))]


def _sentence_at(sentences: list[tuple[int, int]], position: int) -> tuple[int, int]:
    for start, end in sentences:
        if start <= position < end:
            return start, end
    return sentences[-1]


# --- acronyms --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Definition:
    short: str
    long: str
    start: int  # where "long (SHORT)" or "SHORT (long)" begins in the text
    end: int


def _is_acronym(token: str) -> bool:
    """SCOUT, OWPO, SS-TPT, ConGLUDe, HB-ARFM: one word with two capitals at least."""
    return bool(re.fullmatch(r"[A-Za-z][\w-]*", token)) and sum(c.isupper() for c in token) >= 2


def _long_form(acronym: str, before: str) -> str | None:
    """Schwartz–Hearst: the shortest tail of `before` whose letters spell `acronym`."""
    letters = [c.lower() for c in acronym if c.isalnum()]
    window = " ".join(before.split()[-min(len(letters) + 5, len(letters) * 2) :])
    lowered = window.lower()
    i = len(lowered) - 1
    for k in range(len(letters) - 1, -1, -1):
        # The first letter must also start a word.
        while i >= 0 and (lowered[i] != letters[k] or (
                k == 0 and i > 0 and lowered[i - 1].isalnum())):
            i -= 1
        if i < 0:
            return None
        i -= 1
    start = window.rfind(" ", 0, i + 1) + 1  # whole words: "Sub-Scale", not "Scale"
    # "Stability and Suitability-guided ...": keep a capitalised pair joined by "and".
    pair = re.search(r"[A-Z][\w-]* and $", window[:start])
    if pair and window[start : start + 1].isupper():
        start = pair.start()
    long_form = window[start:].strip()
    return long_form if " " in long_form or "-" in long_form else None


# Characters before a parenthesis searched for its long form: an acronym of up to 120
# letters spans at most 240 words.
_DEFINITION_WINDOW = 4000
_LAST_TOKEN = re.compile(r"(\S+)$")


def _definitions(text: str) -> list[_Definition]:
    found: list[_Definition] = []
    for paren in re.finditer(r"\(([^()]{1,120})\)", text):
        inside = paren.group(1).strip()
        # Only the words just before the parenthesis can be its long form: a bounded
        # window, not the whole text before it (that made a 5 MB abstract take minutes).
        offset = max(0, paren.start() - _DEFINITION_WINDOW)
        head = text[offset: paren.start()].rstrip()
        if _is_acronym(inside):  # "One-Way Policy Optimization (OWPO)"
            long_form = _long_form(inside, head)
            if long_form and head.endswith(long_form):
                start = offset + len(head) - len(long_form)
                found.append(_Definition(inside, long_form, start, paren.end()))
            continue
        token = _LAST_TOKEN.search(head)  # "SCOUT (Sub-Scale Collaboration On Unseen Tasks)"
        if token and _is_acronym(token.group(1)) and " " in inside and _long_form(
                token.group(1), inside) and inside[0].lower() == token.group(1)[0].lower():
            found.append(_Definition(token.group(1), inside, offset + token.start(1),
                                     paren.end()))
    return found


# --- choosing the name -----------------------------------------------------------------------


def _distinctive(token: str) -> bool:
    """Looks made up: capitals inside (PerContrast, OWPO) or digits (Pix2Struct)."""
    return (_is_acronym(token) or any(c.isdigit() for c in token)
            or bool(re.search(r"[a-z][A-Z]", token)))


def _name_like(name: str, after_article: bool) -> bool:
    first = name.split()[0]
    if first.lower() in _COMMON_WORDS or not first[0].isalnum() or first.isdigit():
        return False
    # A plain capitalised word ("Trifuse", "Artemis") only names something when no article
    # stands before it: "a Decoupled Margin Loss" is a description.
    return _distinctive(first) or (first[0].isupper() and not after_article)


def _noun_phrase_before(text: str, sentence_start: int, cue_start: int) -> str | None:
    """For "we propose <phrase>, called X": the <phrase>."""
    head = text[sentence_start:cue_start]
    verbs = list(re.finditer(rf"\b{_VERB}s?\s+", head, re.I))
    if not verbs:
        return None
    return head[verbs[-1].end() :].rstrip(" ,") or None


def _cued_names(text: str, sentences,
                definitions) -> Iterator[tuple[str, int, str | None, str | None]]:
    """Names a cue ("we propose", "called", "the proposed method,") introduces:
    (name, start, expansion, description) each."""
    for cue in _CUE.finditer(text):
        position = _FILLER.match(text, cue.end()).end()
        definition = next((d for d in definitions if cue.end() <= d.start <= position), None)
        kind_then_name = _KIND_THEN_NAME.match(text, cue.end())
        # "the self-supervised learning (SSL) framework BEATs": the name comes after.
        if kind_then_name and _distinctive(kind_then_name.group("name")):
            yield (kind_then_name.group("name"), kind_then_name.start("name"), None,
                   kind_then_name.group("kind"))
        elif definition is not None:
            yield definition.short, definition.start, definition.long, None
        elif named := _NAME_AT.match(text, position):
            naming = bool(re.fullmatch(_NAMING + r"|(?:our|the)\s.*,", cue.group().strip(), re.I))
            # After "called"/"the proposed method," even a lowercase word is a name (spred).
            lowercase_name = naming and re.match(r"\S+\s*[,.;:)]", text[position:])
            if not _name_like(named.group("name"), after_article=position > cue.end()) and not (
                    lowercase_name and named.group("name").lower() not in _COMMON_WORDS):
                continue
            description = None
            if naming:
                sentence_start, _ = _sentence_at(sentences, cue.start())
                description = _noun_phrase_before(text, sentence_start, cue.start())
            yield named.group("name"), position, None, description


def _best_candidate(text: str, sentences, rendered: Rendered) -> _Candidate | None:
    definitions = _definitions(text)
    candidates: list[_Candidate] = []

    def add(name: str, start: int, strength: int, expansion=None, description=None) -> None:
        name = name.rstrip(".")  # "we call it Foo." at the very end
        sentence_start, _ = _sentence_at(sentences, start)
        component = bool(_COMPONENT.search(text[sentence_start:start]))
        candidates.append(_Candidate(name, start, strength, component, expansion, description))

    for name, start, expansion, description in _cued_names(text, sentences, definitions):
        add(name, start, 3, expansion, description)

    for span in rendered.spans:
        if span.kind not in ("strong", "em"):
            continue
        overlapping = [d for d in definitions if span.start < d.end and d.start < span.end]
        word = text[span.start : span.end]
        if overlapping:
            add(overlapping[0].short, overlapping[0].start, 2, expansion=overlapping[0].long)
        elif " " not in word and _name_like(word, after_article=False):
            add(word, span.start, 2)

    for match in _APPOSITIVE.finditer(text):
        sentence_start, sentence_end = _sentence_at(sentences, match.start())
        if _name_like(match.group("name"), after_article=False) and not _PRIOR_WORK.search(
                text[sentence_start : match.start()]):
            # "BarNet, a graph model for molecules, improves ...": the commas close it.
            appositive = text[match.end("name") : sentence_end].lstrip(", ").split(",")[0]
            add(match.group("name"), match.start(), 1, description=appositive)

    if not candidates:
        return None
    return max(candidates, key=lambda c: (not c.component, c.strength, -c.start))


# --- building titles -------------------------------------------------------------------------


def _tidy(text: str) -> str:
    return _TRAILING_JUNK.sub("", text.strip())


def _clip(text: str, limit: int, ellipsis: bool) -> str:
    """Cut at the first clause boundary; if still too long, before a linking word."""
    text = _ACRONYM_IN_PARENTHESES.sub("", text)
    boundary = _CLAUSE_BOUNDARY.search(text)
    if boundary:
        text = text[: boundary.start()]
    text = _tidy(text)
    if len(text) <= limit:
        return text
    cut = None
    for match in _CUT_BEFORE.finditer(text):
        if match.start() > limit:
            break
        if match.start() >= 20:
            cut = match.start()
    if cut is None or cut < limit // 2:  # a linking word too early would leave a stub
        cut = text.rfind(" ", 0, limit + 1)
        cut = cut if cut > 0 else limit
    return _tidy(text[:cut]) + ("…" if ellipsis else "")


def _capitalised(text: str) -> str:
    if re.match(r"[a-z][a-z-]*(?:\s|$)", text):
        return text[0].upper() + text[1:]
    return text


def _named_title(best: _Candidate, text: str, sentences) -> str:
    limit = min(DESCRIPTION_LIMIT, TITLE_LIMIT - len(best.name) - 2)
    if best.expansion:
        return f"{best.name}: {_capitalised(_clip(best.expansion, limit, ellipsis=True))}"
    description = best.description
    if description is None:
        after = text[best.start + len(best.name) : _sentence_at(sentences, best.start)[1]]
        appositive = re.match(r"\s*,\s*(?:(?:(?:which|that)\s+)?(?:is|are)\s+(?=an?\s|the\s))?"
                              r"((?:an?|the|which|that)\s.+)", after, re.S)
        if appositive:
            description = re.sub(r"^(?:which|that)\s+", "", appositive.group(1))
    if description:
        clipped = _clip(description, limit, ellipsis=False)
        if len(clipped) >= 8:
            return f"{best.name}: {clipped}"
    unnamed = _unnamed_title(text, sentences, limit)
    return unnamed if best.name in unnamed else f"{best.name}: {unnamed}"


def _unnamed_title(text: str, sentences, limit: int = UNNAMED_LIMIT) -> str:
    """The main result, else the contribution, else the claim, else the first sentence."""
    for pattern in (_MAIN_RESULT, _CONTRIBUTION, _CLAIM):
        for start, end in sentences:
            sentence = text[start:end]
            match = pattern.search(sentence)
            if match is None:
                continue
            body = sentence[match.end() :]
            if pattern is _CONTRIBUTION and _COMPOUND_PREDICATE.search(body.split(",")[0]):
                # "we analyze X and introduce Y": the object alone would not read; keep "We".
                body = sentence[match.start() :]
            title = _clip(body, limit, ellipsis=True)
            if len(title) >= 12:
                return _capitalised(title)
    start, end = sentences[0]
    return _capitalised(_clip(text[start:end], limit, ellipsis=True)) or "Untitled"
