"""A named method's derived title says its name first: "NAME: what it is".

The phrase a title is made of sometimes holds the name inside it: as the modifier of the
kind of thing the paper contributes ("a SurroundDepth method to incorporate …", "the
DeltaGrad algorithm for rapid retraining …"), right after that kind ("the multi-agent
environment SymmToM where …"), or named at its end ("a novel template-free approach
called G2Gs", "a … method for de novo peptide sequencing, Casanovo"). `name_in_front`
moves it in front and gives the kind an indefinite article of its own ("DeltaGrad: an
algorithm for rapid retraining …"), as a description written beside the name reads.

Only a phrase whose head is that kind moves: "the implicit bias of NetGAN" and "the
calibration of L2D systems" are about the named thing, not what it is, and stay.

And a description says the name once: `without_name` drops it where the description sets
it off again ("a novel framework, known as GraphBP, to generate …" after "GraphBP: ").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .names import KIND_WORDS

# The kinds of thing a title names: the name model's kind words (names.KIND, whose list
# its weights were fitted with) and more a description may head ("a modernized
# open-vocabulary metric, ALOHa", "a general acceleration methodology called
# NeuralStagger").
_KIND = (rf"(?:(?:{'|'.join(KIND_WORDS)}|metric|transformer|representation|platform"
         r"|mechanism|protocol|measure)s?|methodolog(?:y|ies)|corp(?:us|ora)|criteri(?:on|a))")

# Words before the kind that qualify it (lowercase adjectives and nouns: "novel",
# "template-free", "multi-agent", "optimization"; numbers and acronyms: "3D", "RGB-D"),
# never a function word, which would make the kind part of a longer phrase ("the
# calibration of L2D systems").
_QUALIFIER = (r"(?!(?:of|for|in|on|to|with|by|from|at|as|into|over|under|via|and|or|than"
              r"|that|which|who|where|when|while|using|based)\b)"
              r"(?:[a-z0-9][\w-]*|[A-Z0-9][A-Z0-9-]+(?![a-z])|[A-Z][A-Za-z0-9]*-[a-z][\w-]*),?")
# (Case matters: a capitalised word after the name makes it part of a longer proper name,
# "the CLRS Algorithmic Reasoning Benchmark"; only the phrase's first word is capitalised.)
_ARTICLE = r"(?P<article>[Aa]n?|[Tt]he|[Oo]ur)\s+"
_NAMING = (r"(?:(?:which|that)\s+we\s+)?(?:call|called|name|named|dub|dubbed|term|termed"
           r"|coin|coined|namely)")
# What may follow a name set off after its kind: the phrase's end, or what the kind is
# for ("a novel strategy - that we call RobX - to generate …"; titles.py reads what a
# name is for after it with the same words).
PURPOSE_WORD = r"(?:to|for|that|which|with)"
# (or a participle saying what it does, before its object's determiner: "a novel
# algorithm called LOTUS attaining the regret bound …"; not a noun in -ing, "a new
# framework, called Poisson learning, for …")
# (or what it is built on: "a novel method called ZorbWORDS-Seg based on Bayesian
# inference")
_PURPOSE = (rf"(?:{PURPOSE_WORD}\b|based\s+on\b|built\s+(?:on|upon)\b"
            r"|[a-z]{2,}ing\s+(?:the|a|an|its|their|our|this|these|both|each|all)\b).*")


def _pattern_sources(named: str) -> tuple[str, ...]:
    """The three patterns of a phrase that holds a name, `named` the name's pattern."""
    kind = rf"(?P<kind>(?:{_QUALIFIER}\s+){{0,4}}{_KIND})"
    return (
        # "a novel SurroundDepth method to …": the name qualifies the kind
        rf"{_ARTICLE}(?P<before>(?:{_QUALIFIER}\s+){{0,4}}){named}\s+"
        rf"(?P<kind>(?:{_QUALIFIER}\s+){{0,2}}{_KIND})(?P<tail>)"
        rf"(?P<rest>(?![\w-]).*)",
        # "the multi-agent environment SymmToM where …": the name follows the kind
        rf"{_ARTICLE}(?P<before>){kind}(?P<tail>)\s+{named}(?P<rest>(?![\w-]).*)",
        # "a novel approach called G2Gs", "a novel strategy - that we call RobX - to …",
        # and at the end of what the kind is for, after a comma: "a … method for de novo
        # peptide sequencing, Casanovo"
        rf"{_ARTICLE}(?P<before>){kind}"
        rf"(?:(?P<tail>)(?:\s+[-–—]\s+(?:{_NAMING}\s+)?|\s+{_NAMING}\s+)"
        rf"|(?P<tail_>\s+[^,;:()]*?)?\s*,\s*(?:{_NAMING}\s+|the\s+)?){named}"
        rf"(?:(?:\s*[-–—]\s*|\s*,\s*|\s+)(?P<rest>{_PURPOSE}))?",
    )


# The patterns are compiled once, for every name: the name is put before the phrase, set
# off by a NUL, and each pattern reads it there and matches it again in the phrase by a
# backreference, as the name's own characters would match. (Compiled for each name, the
# three patterns took 6 ms a name: a twentieth of naming's time at ICML 2023.)
_NAME_MARK = "\x00"
_NAMED_PATTERNS = tuple(re.compile(rf"(?P<name>[^{_NAME_MARK}]*){_NAME_MARK}{source}", re.S)
                        for source in _pattern_sources("(?P=name)"))


def _matches(phrase: str, name: str) -> Iterator[re.Match | None]:
    """Each pattern's full match of `phrase` with `name` in it (or None), in order."""
    if _NAME_MARK in name:  # (never in rendered text: the name's own patterns then)
        for source in _pattern_sources(re.escape(name)):
            yield re.compile(source, re.S).fullmatch(phrase)
        return
    named_phrase = f"{name}{_NAME_MARK}{phrase}"
    for pattern in _NAMED_PATTERNS:
        yield pattern.fullmatch(named_phrase)


def indefinite_article(word: str) -> str:
    """"a" or "an" before `word`, by its first letter as it is usually said: "an
    algorithm", "a unified", "an unsupervised", "a useful", "a one-shot"."""
    lower = word.lower()
    if lower.startswith(("uni", "use", "usu", "uti", "eu", "one")):
        return "a"
    return "an" if lower[:1] in ("a", "e", "i", "o", "u") else "a"


def name_in_front(phrase: str, name: str) -> str | None:
    """"NAME: a KIND …" for a phrase whose head is the kind the name names (see the module
    docstring), else None."""
    if name not in phrase:  # (a phrase without the name: none of the patterns matches)
        return None
    for match in _matches(phrase, name):
        if match is None:
            continue
        rest = (match["rest"] or "").strip()
        if re.match(r"of\b", rest):  # "the SLIsotron algorithm of Kakade et al": theirs
            return None
        appositive = re.fullmatch(r",\s*((?:an?|the)\s.+)", rest, re.S)
        if appositive:  # "the HEAT model, a new … detection method …" says what it is
            return f"{name}: {appositive.group(1)}"
        kind = match["kind"]
        tail = match["tail"] or match.groupdict().get("tail_") or ""
        body = f"{match['before']}{kind}{tail}"
        first = body.split()[0]
        if re.search(r"(?<![su])s$|ora$|ia$", kind):  # "the FooNet models for …" (not "corpus")
            article = ""
        elif match["article"].lower() == "the" and _ONE_OF_A_KIND.fullmatch(first):
            article = "the "  # "the first approach for …, IRS", "the resulting model, X"
        else:
            article = indefinite_article(first) + " "
        return f"{name}: {article}{body}" + (f" {rest}" if rest else "")
    return None


# A word after "the" that makes the thing one of a kind: an ordinal or a superlative.
# (and "resulting", "proposed": the one the abstract made)
_ONE_OF_A_KIND = re.compile(r"first|second|third|only|last|sole|single|\w+est|resulting"
                            r"|proposed", re.I)


# "in our method": what ends a phrase of what the authors' own method holds ("we
# introduce spatially-grounded motion primitives in our method HACMan++").
OUR_METHOD_TAIL = (r"\s+(?:in|within|of|via|through)\s+our\s+(?:proposed\s+|new\s+|novel\s+)?"
                   r"(?:method|framework|approach|model|system|algorithm|pipeline|architecture)")


# The name said again inside its own description, and what sets it off there: a naming
# word (", known as GraphBP,", ", called |EnbPI|"), a dash (" — AutoIP,", "–SpENCNN"),
# quotation marks (" ‘VDP’ framework", ", “InfantCryNet,” for") or a parenthesis it
# closes ("approach HashEE)") or the authors' own method named at the end ("… in our method
# HACMan++"). Said plainly it is a word of the description ("a MaskCLIP
# visual encoder", "GroupSort, MaxMin, and Householder") and stays.
_Q = "[“”\"‘’'|]"
_SET_OFF_NAME = (
    # ("the so-called β-divergence" is someone else's term: no name of ours set off)
    r"\s*,?\s*(?:(?:also\s+)?(?:known|referred\s+to|denoted)\s+as|(?<!so-)called|named|dubbed|termed"
    r"|entitled|coined)\s+"
    rf"{_Q}?{{name}},?{_Q}?(?![\w-])(?:\s*,)?"
    # (a dash: a hyphen only with a space beside it; "X-Y" is one word)
    rf"|(?:\s*[–—]\s*|\s+-\s*|-\s+){_Q}?{{name}}{_Q}?(?![\w-])(?:\s*,|\s*[-–—](?=\s))?"
    # (quoted at the end, the name is an object: "using the so-called 'X'")
    rf"|\s*,?\s+{_Q}{{name}},?{_Q}(?:\s*,)?(?=\s*\w)"
    r"|\s+{name}\)$"
    # (what the authors' own method holds, at the end: "motion primitives in our method
    # HACMan++")
    rf"|{OUR_METHOD_TAIL}\s+{{name}}$")
# Compiled once, as _NAMED_PATTERNS are: the first place (group "set_off") where the name
# before the NUL is said set off in the description after it.
_SET_OFF_NAMED = re.compile(rf"(?P<name>[^{_NAME_MARK}]*){_NAME_MARK}(?s:.*?)"
                            rf"(?P<set_off>{_SET_OFF_NAME.replace('{name}', '(?P=name)')})")


def _set_off_name(description: str, name: str) -> tuple[int, int] | None:
    """Where `name` is first said set off in `description` (_SET_OFF_NAME), or None."""
    if _NAME_MARK in name:  # (never in rendered text: the name's own pattern then)
        match = re.search(_SET_OFF_NAME.replace("{name}", re.escape(name)), description)
        return match.span() if match else None
    match = _SET_OFF_NAMED.match(f"{name}{_NAME_MARK}{description}")
    if match is None:
        return None
    start, end = match.span("set_off")
    return start - len(name) - 1, end - len(name) - 1


def without_name(description: str, name: str) -> str:
    """`description` less the name it describes, said again inside it and set off there
    ("A novel framework, known as GraphBP, to generate …" → "A novel framework to
    generate …"); as it is otherwise, or when what is left would not read (an article
    left before it, or a word or none)."""
    if name not in description:  # (most descriptions: no need to look further)
        return description
    set_off = _set_off_name(description, name)
    if set_off is None:
        return description
    before, after = description[:set_off[0]].rstrip(), description[set_off[1]:].strip()
    if re.search(r"(?:^|\s)(?:an?|the)$", before, re.I):  # "The “KSD-B”, a …"
        return description
    shortened = f"{before} {after}".strip() if after else before
    shortened = re.sub(r"\s+([,.;:])", r"\1", shortened).rstrip(",;:–—- ")
    return shortened if len(shortened.split()) >= 2 else description
