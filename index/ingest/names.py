"""Which candidate, if any, is the name of the method an abstract introduces: a small
logistic model over features of each candidate.

Candidates are the names the cues of titles.py find ("we propose X", "called X", bold X,
"X, a ... framework") and every token of the prose shaped like a made-up name (capitals
inside, digits, hyphens, a Greek letter: OWPO, GraphCleaner, Fed-CBS, Pix2Struct, π-Tuning).
A name only a code link gives (github.com/x/RobustTSF, never said in the prose) is not a
candidate: a repository slug is not what the abstract calls its contribution. Each gets
features of how the abstract treats it (the cue that introduced it and how closely an
introducing verb precedes it, a spelled-out definition, its shape, where and how often it
occurs, the words before it, whether it is the subject of a claim: "X outperforms",
whether it comes up before the abstract says what it contributes, whether a code link
(its text, or its target when marked up: "[code](https://github.com/x/FooNet)") is named
after it, whether it is treated as existing work: "such as A, B and X", "based on X", "X
has been", "X-based", a bracketed citation; whether the abstract studies it ("we study
X", "the problem of X") or spells it out in lowercase ("inverse reinforcement learning
(IRL)": a field or a problem, where a method's long form is mostly capitalised); whether
it names a part or a measure ("GPSA layers", "FID score"); whether it follows the
authors' own kind of thing ("our algorithm, OptiDICE") or qualifies the head of "a new
... KIND" ("a new model-free IRL method": a field, not a name); whether it is built on
another candidate, "Quant-BnB" on "BnB"; whether it is an item of an enumeration of
names, "on MS COCO, CityScapes and YoutubeVIS"; whether it is said where a later
candidate is introduced, "we present VLMixer, that integrates CMC"),
of how the *list* treats it (a name many other abstracts of the same list use is prior
work or the field: LLM, CLIP, RLHF) and of how widely the development lists used it
(`KnownNames`, shipped with the weights: PGD, NYUv2, BERT).

The weights are trained on real lists with titles (`python -m benchmarks.train_names`)
and ship as `data/name_model.json`; scoring here is plain Python. The best-scoring
candidate is the name when its probability clears the model's threshold.

List statistics (`list_statistics`) are one cheap pass over a list's raw abstracts before
it is imported: for each name-shaped token, how many abstracts use it. Without them (a
single abstract) every candidate counts as used by no other abstract.
"""

from __future__ import annotations

import bisect
import json
import math
import operator
import re
from collections import Counter
from collections.abc import Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from .lost_backslash import with_lost_backslashes
from .scan import WordStarts, matches_at

MODEL_FILE = "name_model.json"

# A token with a capital letter or a digit after its first character, or a hyphen: the
# shapes made-up names take. Used on raw abstracts (statistics) and rendered text alike.
# Greek letters start names too (π-Tuning, α-Net); other scripts' words are not names.
_GREEK = frozenset("αβγδεζηθικλμνξοπρστυφχψω")
# A star may end one (AS*, Retro*: names after A*) or a part before a hyphen (Zeta*-SIPP,
# after Theta*), or a year (NEVIS'22: a benchmark's edition), or an exclamation mark that
# ends no sentence (HOGWILD! achieves, like Yahoo!); a subscript (V_T, K_L) is notation.
NAME_END = r"(?:\*|!(?=\s+[a-z]))?"
_SHAPED = re.compile(
    r"(?<![\w+-])[A-Za-zα-ωΑ-Ω][\w+]*(?:[A-Z0-9+][\w+]*|\*?-[\w+]+)(?:\*?-[\w+]+)*"
    r"(?:['’]\d\d(?![\w'’]))?" + NAME_END)
# Where a _SHAPED match can start: the first character of a run of [\w+-] characters (the
# lookbehind) that has a capital, a digit, "+" or "-" after it (every match has one, inside
# its run). Searched in the reversed text, where the search skips to such a character and
# takes the rest of the run back to its first: _SHAPED itself is tried at every letter
# (`shaped_tokens`; a sixth of the features' time).
_SHAPED_MARK = re.compile(r"[A-Z0-9+-][\w+-]+")
# The same where a star joins two runs ("Zeta*-SIPP", reversed "PPIS-*ateZ"): a slower
# scan, run only on a text with "*-" in it.
_STARRED_MARK = re.compile(r"(?:-\*|[A-Z0-9+-])(?:[\w+]|-\*?)+")
_GREEK_TERM = re.compile(r".-[a-z-]+")  # ε-optimal: a Greek letter qualifying a word
# A made-up name opening with a small letter or two before its capital word: hTetro,
# iPlanner, pFedGraph, i3dLoc, iT-Knee (not notation such as logT, sqrtOPT or iLQR, not a
# pasted "calledNeuroBack").
_SMALL_LETTER_FIRST = re.compile(r"[a-z][a-z0-9]{0,2}[A-Z][\w-]*?[a-z]{2}")
# A made-up name opening with a number: 3DNet, 2PCNet (`_shaped_candidates`).
_DIGIT_FIRST_NAME = re.compile(r"(?<![\w.+-])\d(?=\w*[A-Z]\w*[A-Z])[\dA-Z]*[A-Z][a-z]{2,}\w*(?![\w+-])")
_SUBSCRIPTED = re.compile(r"[^\W_]{1,2}_[^\W_]+|[^\W_]+_[^\W_]{1,2}")
# A capitalised word inside a sentence (not after its full stop): a plain-word name such
# as Perceiver or Monarch, or a proper noun (Gaussian, Markov) that many abstracts share.
# (Not after a colon, where a capital opens a clause as after a full stop: "two
# observations about human actors: They typically exhibit …" named a paper "They".)
# (The pattern opens with the space so that the search skips to spaces; group 1 is the word.)
_MID_CAPITAL = re.compile(r" (?<=[\w,;)] )([A-Z][a-z]{3,}(?:-[A-Za-z]+)*)(?![\w-])")
# An enumeration's marker right before a word: "(ii)", "(3)", "b)".
_ENUMERATOR = re.compile(r"(?:^|[\s(])(?:[ivx]{1,4}|\d{1,2}|[a-z])\)$")


def word_alternation(words: Iterable[str]) -> str:
    """The lowercase `words` as an alternation, those with one first letter grouped behind
    it: "m(?:ethod|odel|odule)|f(?:ramework|amily)|...". A case-insensitive alternation
    of plain words tries each of them in turn at every place it is tried (the kind words
    after each "the" a cue may start at); grouped, only the words of the letter there.
    It matches as the plain one: words of different first letters never match at one
    place, and each group keeps its words in their order."""
    groups: dict[str, list[str]] = {}
    for word in words:
        groups.setdefault(re.escape(word[0]), []).append(re.escape(word[1:]))
    return "|".join(f"{first}{rests[0]}" if len(rests) == 1
                    else f"{first}(?:{'|'.join(rests)})" for first, rests in groups.items())


_INTRO_VERB = re.compile(
    r"\b(?:we|this (?:paper|work)|our (?:paper|work))\b"
    # a few words before the verb, or more and "and": "we explore X and (then) propose"
    r"(?:[^.;]{0,40}?|[^.;]{0,120}?\band\s+(?:\w+\s+)?)\b(?:(?:"
    + word_alternation(("propose", "introduce", "present", "develop", "design", "build",
                        "call", "name", "term", "dub", "devise", "contribute", "offer",
                        "release", "construct", "curate", "create", "suggest"))
    + r")(?:s|e?d)?|built)\b", re.I)  # (past tense too)
_INTRO_STARTS = WordStarts(("we", "this", "our"))  # where an _INTRO_VERB can start
# The word just before an occurrence (or before its article) that makes it prior work or
# the object of study: "such as X", "than X", "existing X", "of X", "for X"; what a paper
# tests on or builds from: "the public X dataset", "using improved X".
# The making of a thing ("the building of X", "the development of X"): what follows "of"
# there is the thing made, not prior work (`_after_prior_word`; titles.py's _MAKING_OF).
MAKING_WORDS = ("building", "design", "development", "construction", "implementation",
                "creation")
_MAKING = frozenset(MAKING_WORDS)
# What calls a thing someone else's, before its kind: "the state-of-the-art approach, X".
PRIOR_ADJECTIVES = frozenset(re.split(r"\s+", """
existing previous prior popular standard recent original vanilla classical classic
conventional traditional typical common well-known widely-used seminal celebrated baseline
state-of-the-art state-of-art sota off-the-shelf pretrained pre-trained commercial
recently-proposed previously-proposed
""".strip()))
_PRIOR_WORDS = PRIOR_ADJECTIVES | frozenset(re.split(r"\s+", """
such as e.g. e.g., like including than over baselines public improved modified enhanced
to with of for from on
using by via in and or versus vs vs. against extend extends extending
outperform outperforms outperforming surpass surpasses surpassing beat beats beating
""".strip()))
# Two words before a name that call it someone else's: "the recently proposed BERTScore
# evaluation metric" (proposed by others, where "the proposed X" is the authors').
_PRIOR_PHRASES = frozenset({"recently proposed"})
_ARTICLES = frozenset({"the", "a", "an"})
# After an occurrence: what it is ("X, a ...", "X (...)", "X is a", "X—a", "(X) benchmark").
_KIND_AFTER = re.compile(
    r"^\s*(?:,\s*(?:a|an|the|which|that)\b|\s*\((?:[^()]{4,80})\)|\s*(?:is|are)\s+(?:a|an)\b"
    r"|\s*[—–:]\s*(?:a|an|the)\b"
    r"|\)?\s+(?:framework|method|model|algorithm|approach|system|architecture|benchmark"
    r"|dataset|agent|library|toolkit|network|estimator|optimizer|loss|objective)s?\b)", re.I)
# Words shortly before an occurrence that introduce it, each its own feature.
_OURS = frozenset({"our", "we", "us"})
_NEW = frozenset({"proposed", "novel", "new", "dedicated", "designed", "developed"})
_NAMING_WORDS = frozenset({"call", "called", "name", "named", "names", "namely", "dub",
                           "dubbed", "term", "termed", "coin", "coined", "denote", "denoted",
                           "as", "henceforth"})
_VERB_STEMS = ("propos", "introduc", "present", "develop", "design", "build", "construct",
               "devis", "creat", "curat", "releas", "establish", "formulat", "suggest")
_WINDOW_WORD = re.compile(r"[a-z]+(?:\.[a-z]\.?)?,?", re.I)
# The same words without their comma (group 1), for a window lowercased before the search
# (`_words_before`).
_WINDOW_WORD_BARE = re.compile(r"([a-z]+(?:\.[a-z]\.?)?),?", re.I)
# The project a code link is for: github.com/owner/PROJECT (and the like), PROJECT.github.io
# or its first page. Authors name repositories after their method (RobustTSF, LinSATNet).
_PROJECT = re.compile(
    r"(?:github|gitlab|bitbucket|huggingface)\.\s?(?:com|co|org)/+[\w.-]+/+(?P<repo>[\w+-]+)"
    r"|(?P<site>[\w-]+)\.github\.io(?:/+(?P<page>[\w+-]+))?", re.I)
_PROJECT_SUFFIX = re.compile(
    r"[-_](?:pytorch|torch|official|code|main|release|master|jax|tf|public)$", re.I)
# After an occurrence: a verb that makes it the subject of a claim ("X outperforms",
# "X consistently achieves"): what an abstract says of its own method, less of prior work.
_CLAIM_AFTER = re.compile(
    # (past a parenthesis that spells it out: "HetConv (Heterogeneous Kernel-Based
    # Convolution) reduces the computation")
    r"(?:\s\([^()]{3,80}\))?\)?,?\s+(?:\w+ly\s+|also\s+|further\s+|still\s+|therefore\s+"
    r"|thus\s+|hence\s+)?"
    r"(?:outperform|achiev|improv|surpass"
    r"|yield|attain|obtain|reduc|enabl|can\b|is able|lead|provid|beat|match|set|show|demonstrat"
    r"|deliver|perform|exhibit|produc|generaliz|scal|offer|allow|learn|requir|leverag|us(?:es|ing)\b"
    r"|consist|combin|build|employ|integrat|incorporat|introduc|utiliz|effectively)"
    # a finite verb's endings only: "the IGM consistency", "X performance" are nouns, no
    # claim; a participle is a clause's, not the sentence's ("experiments involving an
    # unmanned ground vehicle (UGV) performing go-to-goal tasks"), and so is a gerund
    # before a kind ("the sequence-to-sequence (Seq2Seq) learning method")
    r"(?:e?s|e?d|e)?\b",
    re.I)


def _claims_after(text: str, at: int, name: str) -> bool:
    """A claim's verb after the occurrence at `at` (`_CLAIM_AFTER`), whose subject it
    is: not the last item of a parenthesis it shares, whose verb is the phrase's before
    it ("Experiments on three benchmarks (ACE04, ACE05, SciERC) show that …", held-out
    ACL 2021)."""
    end = at + len(name)
    if text.startswith(")", end) and text[at - 1:at] != "(":
        return False
    return _CLAIM_AFTER.match(text, end) is not None


# ... and a claim of being first ("To our knowledge, MOTO is the first method to solve …"),
# past the abstract's first sentence, whose "X is the first to provide …" is prior work's.
_FIRST_CLAIM = re.compile(
    r"(?:\s\([^()]{3,80}\))?\)?,?\s+(?:is|are)\s+(?:also\s+)?(?:the\s+)?first\b")
# What a contribution is, as its authors call it before its name: "our method, X" (also
# titles.py's cue patterns: "we propose a new framework, X").
KIND_WORDS = re.split(r"\s+", """
method framework approach algorithm model system benchmark dataset technique architecture
agent pipeline library toolkit tool environment optimizer planner loss estimator paradigm
strategy procedure scheme module network solver suite family variant formulation
""".strip())
_KINDS = frozenset(k + plural for k in KIND_WORDS for plural in ("", "s"))
_KIND_WORDS = word_alternation(KIND_WORDS)
KIND = rf"(?:{_KIND_WORDS})s?"  # a kind word as a pattern, singular or plural
_NAMED_BY_US = re.compile(
    r"\bwe\s+(?:\w+ly\s+)?(?:call|name|term|dub|coin|refer\s+to|denote)\b"
    r"(?:\s+(?:it|this|them|our\s+\w+|the\s+(?:resulting\s+|proposed\s+|new\s+)?"
    rf"{KIND}|as))*\s*[“\"]?$", re.I)
_LOWERCASE_TAIL = re.compile(r"-[a-z]+$")
_PAREN_CITATION = re.compile(
    # (an author's co-author first: "Valiant and Valiant (2014)")
    r"^(?:\s+(?:and|&)\s+[A-Z][\w'’-]+)?"
    r"\s*(?:\([^()]*(?:et al|\d{4})[^()]*\)|\[[^\[\]]*(?:et al|\d{4}|\d\])[^\[\]]*\]?"
    r"|et al\b|,?\s*\d{4}\b)")
# Before an occurrence, in its clause: an example list ("such as A, B and X", "e.g., X"),
# which names prior work or the field, not the contribution.
_EXAMPLE_CUES = ("such as ", "e.g. ", "for example ", "for instance ", "including ", "like ")
# Phrases that treat a name as existing work: "based on X", "unlike X", "X has been".
_PRIOR_BEFORE = re.compile(
    r"(?:\bbased on|\bunlike|\binspired by|\bbuilds? (?:on|upon)|\bextends?|\bextending"
    r"|\bgenerali[sz](?:e|es|ing)"
    r"|\bvariants? of|\bversions? of|\bsuccess of|\bpopularity of|\bsuch as)"
    r"(?:\s+(?:the|a|an))?\s+$", re.I)
# A word of each of _PRIOR_BEFORE's phrases: a window without one has no match (`_may_hold`).
_PRIOR_BEFORE_WORDS = re.compile("based on|unlike|inspired by|build|extend|generali|variant"
                                 "|version|success of|popularity of|such as")
_PRIOR_AFTER = re.compile(
    r"\)?,?\s+(?:has|have|had)\s+been\b|\)?\s+(?:is|are)\s+(?:widely|commonly|often"
    r"|frequently|increasingly|a popular|the de facto)\b", re.I)
# After an occurrence: a plural kind or a problem word, which makes it a class of existing
# things or a field ("IRL approaches", "RD curves", "the ILfO problem", "GPSA layers").
_CLASS_AFTER = re.compile(
    r"\)?\s+(?:problems?|settings?|tasks?|curves?|literature|community|research|field"
    r"|theory|approaches|methods|algorithms|models|frameworks|techniques|layers|systems"
    r"|agents|policies|variants|architectures|networks|estimators|objectives|losses)\b",
    re.I)
# After an occurrence: a part of a whole or a measure it names ("GPSA layers", "the DyCE
# encoder", "MLE objective", "FID score"), singular or plural (not a kind of contribution
# the cues know, "X module", "X loss", "X strategy": a contribution may be one).
_PART_AFTER = re.compile(
    r"\)?\s+(?:layers?|blocks?|units?|heads?|cells?|kernels?|filters?|gates?|operators?"
    r"|mechanisms?|components?|embeddings?|features|representations?|encoders?|decoders?"
    r"|backbones?|tokenizers?"
    r"|terms?|regularizers?|regularization|objectives?|scores?|metrics?)\b", re.I)
# Before an occurrence (or its long form), within a few words: what the paper studies,
# the problem or the object of its analysis rather than what it contributes ("we study
# inverse reinforcement learning (IRL)", "we consider the X problem").
# (Read from the words `_context_before` has split already: a pattern searched before
# each candidate, or one more scan of the abstract, cost 2-5% of naming.)
_STUDY_WORDS = frozenset(re.split(r"\s+", """
study studies studied studying consider considers considered considering investigate
investigates investigated investigating analyze analyzes analyzed analyzing analyse analyses
analysed analysing examine examines examined examining revisit revisits revisited
revisiting understand understanding
""".strip()))
_STUDY_PAIRS = frozenset({("problem", "of"), ("task", "of"), ("setting", "of"),
                          ("focus", "on"), ("focuses", "on")})
# Before an occurrence (or its long form), within a few words: a verb that uses something
# that exists ("we propose to use rate distortion (RD) curves", "a challenge known as X").
# ("referred to as X" is no use: after the authors' own thing it is their naming, "a
# novel … network with Aligned Features, referred to as HAF-SVG", held-out IJCAI 2020; on
# the development lists and samples 47–190 dropping it changed 6 names, 2 to the title's,
# none right lost.)
_USED_BEFORE = re.compile(
    r"\b(?:use|uses|used|using|leverag\w*|adopt\w*|employ\w*|apply|applies|applying"
    r"|utiliz\w*|exploit\w*|incorporat\w*|known as)\b(?:\s+[^\s.;]+){0,3}\s+$",
    re.I)
# A name set off by ", a new KIND" / ", a novel KIND": introduced as new right there.
_NEW_APPOSITIVE = re.compile(r",\s+(?:a|an)\s+(?:new|novel)\b", re.I)
_USED_BEFORE_WORDS = re.compile("use|using|leverag|adopt|employ|appl|utiliz|exploit|incorporat"
                                "|known as")

FEATURES = (
    "cue_verb", "cue_markup", "cue_appositive", "component", "defined",
    "acronym", "camel", "digit", "hyphen", "plain_capital", "lowercase", "words",
    "length", "count", "count_share", "first_position", "in_first_sentence",
    "intro_sentence", "prior_context", "kind_after", "cited", "others", "others_many",
    "sentence_start", "plural", "defined_intro", "cue_count", "after_ours", "after_new",
    "after_naming", "after_verb", "in_link", "first_cued", "uncued", "lowercase_tail",
    "uncued_prior", "capital_next", "project", "claim_subject",
    "before_intro", "verb_near", "in_examples", "prior_phrase", "class_after",
    "used_before", "capital_before", "in_opening", "long_lowercase", "studied",
    "named_by_us", "part_after", "kind_of_ours", "new_kind_modifier",
    "extends_other", "part_of_other", "inside_other", "listed", "in_later_intro",
    "sibling", "builds_on_earlier",
    "known", "long_known", "long_said",  # last: candidate_features appends them
)


@dataclass(frozen=True)
class NameStatistics:
    """How many abstracts of one list use each name-shaped token (by `usage_key`)."""

    documents: int = 0
    usage: Mapping[str, int] = field(default_factory=dict)

    def others(self, name: str) -> int:
        """Abstracts of the list other than this one that use `name`."""
        return max(0, self.usage.get(usage_key(name), 0) - 1)


def usage_key(name: str) -> str:
    """LLMs and LLM are one name; case does not tell names apart."""
    # "**GraphCleaner**" in a raw abstract is GraphCleaner (stars end names: AS*)
    return singular(name.rstrip("*")).casefold()


def singular(name: str) -> str:
    """LLM of LLMs (a plural acronym: an s after a capital); any other name as it is."""
    return name[:-1] if len(name) > 2 and name.endswith("s") and name[-2].isupper() \
        else name


def list_statistics(abstracts: Iterable[str]) -> NameStatistics:
    """One pass over a list's abstracts (raw source is fine: markup does not split a
    token): each name-shaped token counted once per abstract that uses it."""
    usage: Counter[str] = Counter()
    documents = 0
    # (an abstract a list repeats, once per session it was presented in, is one abstract:
    # counted twice, each name of it would seem used by another)
    for abstract in dict.fromkeys(abstracts):
        documents += 1
        text = abstract or ""
        starts = shaped_starts(text)
        usage.update({usage_key(match.group()) for match in shaped_tokens(text, starts)}
                     | {usage_key(word) for word in _MID_CAPITAL.findall(text)}
                     | {usage_key(word) for word in digit_first_names(text, starts)})
    return NameStatistics(documents, usage)


def shaped_tokens(text: str, starts: list[int] | None = None) -> Iterator[re.Match]:
    """`_SHAPED.finditer(text)`, the pattern tried only where a match can start (`starts`,
    from `shaped_starts` when not given)."""
    return matches_at(_SHAPED, text, shaped_starts(text) if starts is None else starts)


def shaped_starts(text: str) -> list[int]:
    """Where a _SHAPED or a _DIGIT_FIRST_NAME match can start (`_SHAPED_MARK`)."""
    size, backwards = len(text), text[::-1]
    starts = [size - match.end() for match in _SHAPED_MARK.finditer(backwards)][::-1]
    if "*-" in text:
        starts = sorted({*starts, *(size - match.end()
                                    for match in _STARRED_MARK.finditer(backwards))})
    return starts


def digit_first_names(text: str, starts: list[int] | None = None) -> list[str]:
    """`_DIGIT_FIRST_NAME.findall(text)`, tried only at the starts of runs with a capital
    or a digit (`shaped_starts`) that are digits: searched over the whole text, the
    pattern cost about 7% of naming's time."""
    found = []
    for start in shaped_starts(text) if starts is None else starts:
        if text[start].isdigit() and (match := _DIGIT_FIRST_NAME.match(text, start)):
            found.append(match.group())
    return found


def capitalised_in_sentences(text: str) -> list[str]:
    """The capitalised words of `text` that do not open a sentence (Perceiver, Gaussian)."""
    return _MID_CAPITAL.findall(text)


def _mid_capital_words(text: str) -> list[str]:
    """The capitalised words inside the sentences of `text` (_MID_CAPITAL), in order, but
    not an item's first word: "(ii) Notable improvements are seen" opens a clause."""
    # An enumerator ends with ")" right before the match's space, the one character of
    # _MID_CAPITAL's lookbehind it can be: only then is it searched for.
    return [match.group(1) for match in _MID_CAPITAL.finditer(text)
            if text[match.start() - 1] != ")"
            or not _ENUMERATOR.search(text, max(0, match.start() - 6), match.start())]


def _links(text: str) -> list[tuple[int, int]]:
    r"""Where each link is: each run of characters other than white space that holds a
    "/" (what \S*/\S* finds), found from its slashes. (That pattern, tried at each
    character and reading each word to its end, took a hundredth of naming's time.)"""
    links: list[tuple[int, int]] = []
    slash = text.find("/")
    while slash >= 0:
        start, end = slash, slash + 1
        while start > 0 and not text[start - 1].isspace():  # (str.isspace is \s)
            start -= 1
        while end < len(text) and not text[end].isspace():
            end += 1
        links.append((start, end))
        slash = text.find("/", end)
    return links


def _projects(text: str, links: list[tuple[int, int]], urls: Iterable[str] = (),
              sites: bool = True) -> dict[str, str]:
    """The projects the abstract's code links are for: casefolded -> as written. `urls`
    are the targets of its marked-up links ("[code](https://github.com/x/FooNet)"), which
    the rendered text shows only by their words. Without `sites`, a github.io site with
    no page (its owner's name, as often as its project's) is none."""
    found = {}
    # Each link alone: searched over the whole text, the pattern is slow on long words.
    # A link broken after "github." ("github. com/x/DRIBO") is joined to the word before.
    matches = [_PROJECT.search(text, max(0, start - 8), end) for start, end in links]
    for match in [*matches, *map(_PROJECT.search, urls)]:
        if match is None:
            continue
        # A github.io site is its owner's unless it has no page ("scalecrafter.github.io").
        project = match.group("repo") or match.group("page") or (
            match.group("site") if sites else None)
        if project is None:
            continue
        project = _PROJECT_SUFFIX.sub("", project.strip("-_+"))
        found.setdefault(project.casefold(), project)
    return found


# A repository named for its paper or purpose, not for a method: "BIB-ICML2023-Submission",
# "Paper-Demo": one of these words (or a year) as a part of the slug, split at hyphens
# and capitals ("SimpleNet" holds no "impl", "Decoder" no "code").
_SLUG_PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_DESCRIPTIVE_PARTS = frozenset({
    "icml", "iclr", "neurips", "nips", "cvpr", "iccv", "eccv", "aaai", "ijcai", "acl",
    "emnlp", "naacl", "wacv", "corl", "colt", "aistats", "uai", "kdd", "submission",
    "paper", "supplement", "supplementary", "code", "demo", "project", "official",
    "impl", "implementation", "dataset"})


def _descriptive_slug(project: str) -> bool:
    """A venue, a year or a word of what a repository holds among the slug's parts
    (singular or plural: "Projects")."""
    return any(part.lower() in _DESCRIPTIVE_PARTS
               or part.lower().removesuffix("s") in _DESCRIPTIVE_PARTS
               or (len(part) == 4 and part[:2] in ("19", "20"))
               for part in _SLUG_PART.findall(project))
_CAPITAL_WORD = re.compile(r"[A-Z][a-z]+")
_LOWERCASE_PART = re.compile(r"(?:^|-)[a-z]{4,}(?:-|$)")  # "BNN-concepts", "L1-smoothing"
_WORDS_JOINED = re.compile(r"[A-Z][a-z]+-[A-Z][a-z]+")  # "Unleashing-Mask", a phrase


def project_name(text: str, urls: Iterable[str] = ()) -> str | None:
    """The name a paper's only code link gives its project, when the prose never says it
    and its shape is a made-up name's: "github.com/raymondzmc/T3-Vis", "…/Spectroformer"
    (a paper named only in its link, as four of ten titles' names missed on held-out
    samples 83-86 were). Not a repository named for its paper ("…-ICML2023-Submission"),
    a phrase glued in capitals ("CloserLookAgainFewShot": three capitalised words or more,
    unless a network's "…Net" ends them: "LiteFlowNet"),
    a lowercase slug, or one link among several (whose is which?)."""
    links = _links(text) if "/" in text else []
    if not links and not urls:
        return None
    projects = _projects(text, links, urls, sites=False)
    if len(projects) != 1:
        return None
    project = next(iter(projects.values()))
    letters = sum(char.isalpha() for char in project)
    if letters < 3 or not project[:1].isalpha() or project.islower() \
            or _descriptive_slug(project) or "_" in project \
            or project.count("-") > 1 \
            or (len(_CAPITAL_WORD.findall(project)) > 2 and not project.endswith("Net")) \
            or _LOWERCASE_PART.search(project) or _WORDS_JOINED.fullmatch(project):
        return None
    prose = text
    for start, end in sorted(links, reverse=True):
        prose = prose[:start] + prose[end:]
    # (said as a word of its own: "UPER" is not said by "super", held-out COLING 2022)
    if re.search(rf"(?<![^\W_]){re.escape(project)}(?![^\W_])", prose, re.I):
        return None
    return project


@dataclass(frozen=True)
class Cue:
    """A name a cue of titles.py found, with how strongly it was introduced."""

    name: str
    start: int
    strength: int  # 3 cue verb, 2 markup, 1 bare appositive
    component: bool
    defined: bool  # the abstract spells it out ("One-Way Policy Optimization (OWPO)")
    expansion: str | None = None  # that long form


@dataclass(frozen=True)
class Scored:
    name: str
    probability: float


@dataclass(frozen=True)
class KnownNames:
    """Names the development lists' abstracts use widely (prior work and the field: PGD,
    NYUv2, BERT), shipped with the model: how many of `documents` abstracts use each."""

    documents: int = 0
    usage: Mapping[str, int] = field(default_factory=dict)
    # Long forms the development lists' abstracts spell out ("inverse reinforcement
    # learning (IRL)"), by `phrase_key`: how many of their abstracts spell out each.
    phrases: Mapping[str, int] = field(default_factory=dict)
    # Phrases of two to SAID_WORDS words the development lists' abstracts say anywhere
    # ("adversarial learning", "nearest neighbor search"), by `phrase_key`: how many of
    # their abstracts say each (`said_phrases`), those said by a few or more.
    said: Mapping[str, int] = field(default_factory=dict)

    def share(self, name: str) -> float:
        """Abstracts per thousand that use `name`, log-scaled (0 for an unknown name)."""
        return self._per_thousand(self.usage.get(usage_key(name), 0))

    def phrase_share(self, long_forms: Iterable[str]) -> float:
        """As `share`, for the most used of a candidate's long forms."""
        return self._per_thousand(_most(self.phrases, long_forms))

    def said_share(self, long_forms: Iterable[str]) -> float:
        """As `share`, for the most said of a candidate's long forms, spelled out or not."""
        return self._per_thousand(_most(self.said, long_forms))

    def _per_thousand(self, used: int) -> float:
        return math.log1p(1000 * used / self.documents) if used else 0.0


_PHRASE_WORD = re.compile(r"[^\W_]+")


def phrase_key(text: str) -> str:
    """A long form as the phrase statistics key it: its lowercase words, hyphens and
    quotes dropped ("Rate-Distortion" and "rate distortion" are one)."""
    return " ".join(_PHRASE_WORD.findall(text.lower()))


def _most(counts: Mapping[str, int], long_forms: Iterable[str]) -> int:
    """The count of the most counted of the long forms (by `phrase_key`, in either
    number: `_both_numbers`), 0 for none."""
    return max((counts.get(key, 0) for f in long_forms for key in _both_numbers(phrase_key(f))),
               default=0)


def _both_numbers(key: str) -> tuple[str, ...]:
    """A phrase key and the same phrase with its last word in the other number
    ("masked language model" and "... models": the development lists say the plural
    only). Not past a last word ending "ss" ("loss") or of three letters ("gas", "bus")."""
    if key.endswith("ss") or len(key.rsplit(" ", 1)[-1]) < 4:
        return (key,)
    return (key, key[:-1]) if key.endswith("s") else (key, f"{key}s")


SAID_WORDS = 5
# Words that open or close no long form: a phrase beginning or ending with one is not kept.
_PHRASE_EDGE_WORDS = frozenset(re.split(r"\s+", """
a an the of in on for to and or with by from at as is are was were be this that these those
we our it its their which via into over under between than such can
""".strip()))


def said_phrases(text: str) -> set[str]:
    """The phrases of two to SAID_WORDS words an abstract says, by `phrase_key`, none
    opening or closing on a function word ("of the", "in this" are no long forms)."""
    words = phrase_key(text).split()
    found: set[str] = set()
    for first in range(len(words)):
        if words[first] in _PHRASE_EDGE_WORDS:
            continue
        for last in range(first + 1, min(first + SAID_WORDS, len(words))):
            if words[last] not in _PHRASE_EDGE_WORDS:
                found.add(" ".join(words[first:last + 1]))
    return found


@dataclass(frozen=True)
class Model:
    weights: tuple[float, ...]
    bias: float
    threshold: float
    known: KnownNames = KnownNames()

    def probability(self, features: list[float]) -> float:
        if len(features) != len(self.weights):
            raise ValueError("features do not match the model's weights")
        z = self.bias + sum(map(operator.mul, self.weights, features))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


@lru_cache(maxsize=1)
def shipped_model() -> Model:
    data = json.loads(resources.files("index.ingest.data").joinpath(MODEL_FILE)
                      .read_text(encoding="utf-8"))
    return model_from(data)


def model_from(data: dict) -> Model:
    if list(data["features"]) != list(FEATURES):
        raise ValueError(f"{MODEL_FILE}: trained for other features; rerun "
                         "python -m benchmarks.train_names")
    known = data.get("known", {})
    return Model(tuple(float(w) for w in data["weights"]), float(data["bias"]),
                 float(data["threshold"]),
                 KnownNames(int(known.get("documents", 0)), dict(known.get("usage", {})),
                            dict(known.get("phrases", {})), dict(known.get("said", {}))))


_CAMEL = re.compile(r"[a-z][A-Z]")


def _shape(name: str) -> list[float]:
    letters = [c for c in name if c.isalpha()]
    upper = sum(map(str.isupper, letters))
    return [
        float(upper >= 2 and upper >= len(letters) - 1),  # acronym (LLMs too)
        float(bool(_CAMEL.search(name))),  # camel
        float(any(map(str.isdigit, name))),
        float("-" in name),
        float(name[:1].isupper() and upper == 1 and " " not in name),  # plain capital
        float(name[:1].islower()),
        float(name.count(" ")),
        min(len(name), 30) / 10,
    ]


def _token_positions(text: str, name: str) -> list[int]:
    """Where `name` occurs as a whole token (not inside "xNAME", "NAME2", "NAME-based")."""
    found, start = [], text.find(name)
    while start >= 0:
        end = start + len(name)
        before = text[start - 1] if start else " "
        after = text[end:end + 2]
        if not (before.isalnum() or before in "_+-") and not (
                after[:1].isalnum() or after[:1] in "_+" or (
                    after[:1] == "-" and after[1:2].isalnum())):
            found.append(start)
        start = text.find(name, end)
    return found


@dataclass(frozen=True)
class _Abstract:
    """What every candidate's features read from one abstract, computed once."""

    text: str
    sentences: list[tuple[int, int]]
    links: list[tuple[int, int]]
    projects: dict[str, str]  # casefolded -> as written (`_projects`)
    first_cued: str | None
    most: int  # occurrences of the most frequent candidate
    intros: list[tuple[int, int]]  # each "we propose/introduce/...", start and end
    sentence_starts: frozenset[int]
    verbs: list[tuple[int, int]]  # each word starting with an introducing verb's stem
    examples: list[tuple[int, int]]  # each "such as", "e.g.", "including", ...
    # The text lowercased, where that compares as re.IGNORECASE does (`_may_hold`), or None.
    folded: str | None = None

    def may_hold(self, words: re.Pattern, start: int, end: int) -> bool:
        """Whether a case-insensitive pattern that needs one of some lowercase words can
        match inside text[start:end]: the lowercased text has one there (`words`, their
        alternation, finds it). (Searched before each candidate, such a pattern is tried
        at each of a window's characters; most windows have none of its words. The
        alternation skips to the words' first letters, where each word looked for alone
        was a test per word.)"""
        return self.folded is None or words.search(self.folded, start, end) is not None

    @property
    def intro(self) -> int:
        """Where the first sentence saying "we propose/introduce/..." starts, or -1."""
        return self.sentence(self.intros[0][0])[0] if self.intros else -1

    def in_link(self, position: int) -> bool:
        return any(start <= position < end for start, end in self.links)

    def sentence(self, position: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.sentences, (position, len(self.text) + 1)) - 1
        return self.sentences[index] if index >= 0 else (0, len(self.text))


# Math in an abstract's source: $…$, $$…$$, \(…\), \[…\].
_MATH_REGION = re.compile(r"\$\$.+?\$\$|\$[^$]+\$|\\\(.+?\\\)|\\\[.+?\\\]", re.S)
# A word set as text inside math: \texttt{FooNet}, \mathrm{FooNet}, \operatorname{FooNet},
# or after a declaration: {\rm FooNet}.
_TEXT_IN_MATH = (r"\\(?:text\w*|math(?:rm|tt|sf|bf|it|sc|cal)|operatorname\*?|mbox|hbox)\s*"
                 r"\{{[^{{}}]*{name}|\\(?:rm|tt|sf|bf|it|sc)\b\s*{name}")
# A citation command's keys (group 1): \cite{a, b}, \citep[p. 3]{a}, \textcite{a}.
_CITATION_KEYS = re.compile(r"\\\w*cite\w*\*?\s*(?:\[[^\]]*\]\s*){0,2}\{([^{}]*)\}")
# A citation the list wrote out in its plain text, by its authors' initials and year:
# "the proximal sampler of [LST21]", "[KLM+20, AB19]".
_INITIALS_KEY = r"[A-Z][A-Za-z]{0,5}\+?\d{2}"
CITATION_BY_INITIALS = re.compile(rf"\[{_INITIALS_KEY}(?:\s*[,;]\s*{_INITIALS_KEY})*\]")


def cited_keys(source: str) -> list[list[str]]:
    """Each citation's keys in an abstract's source: \\cite{a, b} gives ["a", "b"]."""
    if "cite" not in source:
        return []
    return [[key.strip() for key in group.split(",") if key.strip()]
            for group in _CITATION_KEYS.findall(source)]


class Notation:
    """Which candidates are notation in an abstract's source rather than words of its
    prose: math letters, said only inside its math and never set as text there
    ("$\\sqrt{KST}$", "$O(HSA \\log T)$" gave KST and HSA as names; "$\\texttt{CellPLM}$"
    and "$\\rm StatsQ$" are names set in math: ten titles of the development lists name
    one so), and a citation's keys, said only inside \\cite{...} (shown in brackets, as
    render.py shows citations, "\\citet{Wang2020UnderstandingCR}" gave that key as a
    name) or inside a citation written out by initials and year ("[LST21]")."""

    def __init__(self, source: str) -> None:
        # (read as rendering reads it: "$ extit{SimAug}$", a \textit that lost its
        # backslash, sets SimAug as text, held-out ECCV 2020)
        source = with_lost_backslashes(source)
        self.regions = _MATH_REGION.findall(source) if "$" in source or "\\" in source \
            else []
        self.outside = _MATH_REGION.sub(" ", source) if self.regions else source
        self.cited = " ".join(key for keys in cited_keys(source) for key in keys)
        if self.cited:
            self.outside = _CITATION_KEYS.sub(" ", self.outside)
        if "[" in self.outside and (written := CITATION_BY_INITIALS.findall(self.outside)):
            self.cited = " ".join([self.cited, *written])
            self.outside = CITATION_BY_INITIALS.sub(" ", self.outside)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if self.cited and name in self.cited and name not in self.outside:
            return True
        if not self.regions or name in self.outside:
            return False
        holding = [region for region in self.regions if name in region]
        text = re.compile(_TEXT_IN_MATH.format(name=re.escape(name)))
        return bool(holding) and not any(text.search(region) for region in holding)


def candidate_features(text: str, sentences: list[tuple[int, int]], cues: list[Cue],
                       statistics: NameStatistics | None,
                       known: KnownNames | None = None, urls: tuple[str, ...] = (),
                       notation: Container[str] = ()) -> dict[str, list[float]]:
    """Each candidate name of the abstract `text` -> its feature vector (FEATURES order).
    `urls`: the targets of the abstract's marked-up links (`_projects`); `notation`: the
    tokens that are notation (Notation: math letters, citation keys), no candidates."""
    by_name: dict[str, list[Cue]] = {}
    for cue in cues:
        by_name.setdefault(cue.name, []).append(cue)
    long_forms = _long_form_spans(text, cues)
    for token in _shaped_candidates(text):
        # (a word of a long form whose capitals spell the acronym's letters is no name of
        # its own: "the SHapley vAlue-based PErceptual (SHAPE) scores", held-out IJCAI 2022)
        if token in by_name or not (_SPELLING_CAPITALS.fullmatch(token)
                                    and _only_inside(text, token, long_forms)):
            by_name.setdefault(token, [])
    intros = [m.span() for m in matches_at(_INTRO_VERB, text, _INTRO_STARTS(text))]
    mid_capitals = Counter(_mid_capital_words(text))
    for word, count in mid_capitals.items():
        # A plain word used once is seldom the name (and costs time), unless an introducing
        # verb comes before it in its clause ("we propose a ... encoder, Branchformer,")
        # or it is the subject of a claim ("Flowformer yields").
        # A word only ever said inside a capitalised phrase ("the Perceptual Group
        # Tokenizer, a model ... Perceptual Group Tokenizer achieves") is a piece of a
        # longer name, which a token cannot give: no name of its own.
        # A word only ever said inside a defined name's long form ("Augmented Position
        # control Experiences (SCAPE)") is a word of that long form, whatever its case.
        if (count >= 2 or _introduced_once(text, word, intros)) \
                and not _inside_phrase(text, word) \
                and not _only_inside(text, word, long_forms):
            by_name.setdefault(word, [])
    links = _links(text)
    # A code link's project is evidence for a name the prose says ("github.com/x/RobustTSF"
    # and "we propose RobustTSF"), never a name by itself: a repository slug the prose
    # never says is not what the abstract calls its contribution.
    projects = _projects(text, links, urls) if links or urls else {}
    if not by_name:
        return {}
    positions = {name: _token_positions(text, name) or [
        min((c.start for c in found), default=max(0, text.find(name)))]
        for name, found in by_name.items()}
    cued = [c for c in cues if c.strength == 3]
    abstract = _Abstract(
        text, sentences or [(0, len(text))],
        links, projects,
        # The first name a cue verb introduces, unless that is one part of something bigger.
        min(cued, key=lambda c: (c.component, c.start)).name if cued else None,
        max(len(where) for where in positions.values()),
        intros,
        frozenset(start for start, _ in sentences or [(0, len(text))]),
        *_word_spans(text, _VERB_STEMS, _EXAMPLE_CUES), _folded(text))
    features: dict[str, list[float]] = {}
    # Hyphenated candidates and their parts: "Quant-BnB" is built on "BnB", "R-EDL" on EDL.
    parts = {name: set(name.split("-")) for name in by_name if "-" in name}
    # Each cue verb's introduction: the name, where, and the sentence it is in.
    introductions = [(c.name, c.start, abstract.sentence(c.start)) for c in cued]
    # ... and those that introduce a whole: "we also propose the FSRGAN to incorporate the
    # adversarial loss into FSRNet", "Specifically, we design two styles of ConnPrompt
    # template" add a part to the name they say (held-out CVPR 2018, COLING 2022).
    wholes = [introduced for introduced, cue in zip(introductions, cued, strict=True)
              if not cue.component]
    # Candidates said only in a link.
    linked = {other for other in by_name
              if abstract.links and all(abstract.in_link(o) for o in positions[other])}
    for name, found in by_name.items():
        # ("Katz centrality", "Doppler velocity": a concept's proper noun, _attributive)
        if not _may_name(text, name, found) or name in notation \
                or _adjective_only(text, name, positions[name]) or (
                (_attributive(text, name, positions[name])
                 or _spelled_as_proper_noun(text, found)
                 or _cited_author(text, name, positions[name])
                 or _unit_only(text, name, positions[name]))
                and not any(cue.strength == 3 for cue in found)):
            continue
        occurrences = positions[name]
        if name in linked:
            continue  # only in a code link (github.com/JaneDoe/...), not prose
        if all(text[o - 2:o] in ("^(", "_(") for o in occurrences):
            continue  # only a rendered super- or subscript: $S^{CW}$ is "S^(CW)", notation
        features[name] = _vector(abstract, name, found, occurrences,
                                 (statistics or NameStatistics()).others(name))
        forms = _long_forms(features[name], name, found, by_name)
        # A plural is its singular here: "CKNs" is a part of "Struct-CKN".
        single = name[:-1] if name.endswith("s") and name[-2:-1].isupper() else name
        # ... unless it is the stem of a family of variants ("ZorbA" of "ZorbA-order" and
        # "ZorbA-CLAP", FedNL of FedNL-PP and FedNL-LS): the family's name, not a part.
        part = any(single in split for split in parts.values()) \
            and not _family_stem(single, parts) \
            and not _stem_of_combination(single, parts, positions, text)
        features[name] += [float(bool(parts.get(name, set()) & by_name.keys())), float(part),
                           # inside a longer word otherwise: SDF of "SDFflow", DeVAE of
                           # "BasisDeVAE" (not "X" of "Xs"; "X-Lite" is extends_other's)
                           # (not the stem of a family of such words: "COLD" of
                           # "COLDATASET" and "COLDETECTOR", held-out EMNLP 2022)
                           # (nor "FCOS" of a link's "FCOSv1": _its_version)
                           float(not part and any(_inside(single, other)
                                                  and not _its_version(single, other, linked)
                                                  for other in by_name)
                                 and not _stem_of_words(single, by_name)),
                           # an item of an enumeration of names: "on MS COCO, CityScapes
                           # and YoutubeVIS", benchmarks or baselines, not the contribution
                           # (unless it introduces them: "two new variants, A and B")
                           sum(_listed(text, o, name, by_name) for o in occurrences[:3])
                           / min(len(occurrences), 3),
                           # said where a later candidate is introduced: "we present
                           # VLMixer, that integrates CMC" (a part of it or its basis)
                           float(_in_later_intro(name, occurrences, wholes)),
                           # one of a family of variants: "GraphFM-IB and GraphFM-OB",
                           # "TiC-DataComp, TiC-YFCC": the family's name is the method's
                           # (unless "new" introduces them: "two new variants, A and B")
                           float(_has_sibling(name, by_name)
                                 and not _said_new(text, occurrences[0], name, by_name)),
                           # introduced where an earlier introduced name is said: "we
                           # present VLMixer, that integrates CMC" (in_later_intro's other side)
                           float(_builds_on_earlier(name, introductions, positions))]
        # A long form many other abstracts spell out too ("inverse reinforcement learning
        # (IRL)", "Monte-Carlo Tree Search (MCTS)") names a field, a problem or prior work:
        # a new method's long form is spelled out by its own paper. (On the development
        # lists' papers whose title names a method, a defined acronym whose long form 3
        # abstracts or more spell out is the title's name 0 times in 435, else 189 in 544.)
        # A long form many other abstracts *say*, spelled out or not, is the field's
        # phrase ("an Adversarial Learning (AL) strategy": "adversarial learning" is in 21
        # development abstracts, defined in none). (Of the development lists' defined
        # acronyms in papers whose title names a method, a long form 3 abstracts or more
        # of the other lists say is the title's name 0 times in 960, 4 in 166 when 1-2
        # say it, 398 in 860 when none does.)
        if known is None:
            features[name] += (0.0, 0.0, 0.0)
        else:
            features[name] += (known.share(name), known.phrase_share(forms),
                               known.said_share(forms))
    return features


_LONG_LOWERCASE = FEATURES.index("long_lowercase")


def _shaped_candidates(text: str) -> Iterator[str]:
    """The name-shaped tokens of `text` that may name something without a cue."""
    starts = shaped_starts(text)
    for match in shaped_tokens(text, starts):
        # "self-supervised": a lowercase name needs a cue ("π-Tuning" is not lowercase;
        # hTetro, a small letter before a capitalised word, is made up, not a word),
        # and so does a lowercase word after a Greek letter: "ε-optimal", "μ-strongly",
        # "ζ-compactness" are notation for a property (no title of the development lists
        # names one; π-Tuning, π2vec are names).
        token = match.group()
        if not token[0].islower() or (token[0] in _GREEK and not _GREEK_TERM.fullmatch(token)) \
                or _SMALL_LETTER_FIRST.match(token):
            yield token
    # A made-up name may open with a number: 3DNet, 2PCNet (capitals and a lowercase run
    # after it; not units and notation such as 3DoF, 5GHz, 1D-CNN or 6-DOF).
    yield from digit_first_names(text, starts)


def _long_forms(vector: list[float], name: str, found: list[Cue],
                by_name: Mapping[str, list[Cue]]) -> list[str]:
    """The long forms the abstract spells `name` out as. "recurrent neural networks (RNNs)
    ... a novel RNN architecture": a name spelled out only in its other number is spelled
    out all the same (as list statistics count LLM and LLMs as one name), and its
    `vector`'s long_lowercase says whether those are lowercase."""
    forms = [c.expansion for c in found if c.expansion]
    if not forms:
        forms = [c.expansion for c in by_name.get(other_number(name), ()) if c.expansion]
        if forms:
            vector[_LONG_LOWERCASE] = float(all(map(_lowercase_form, forms)))
    return forms


def other_number(name: str) -> str:
    """The plural of a name, or the singular of a plural one: RNN and RNNs, LLMs and LLM."""
    single = singular(name)
    return single if single != name else f"{name}s"


# "a WordNet-based system", "GAN-like", "BERT-style", "2D-only": a compound adjective, which
# qualifies a kind and names nothing (no title of the development lists names one).
_ADJECTIVE_ENDS = frozenset({"based", "like", "style", "driven", "aware", "guided",
                             "inspired", "oriented", "specific", "agnostic", "dependent",
                             "type", "level", "wise", "free", "centric", "powered",
                             "enabled", "friendly", "bayesian", "only"})

# "Follow-the-Leader style algorithms", "a BERT based model": the compound adjective
# written with a space.
_ADJECTIVE_END_AFTER = re.compile(
    # (not a participle's phrase: "called ConfVAE based on …")
    r" (?:" + "|".join(sorted(_ADJECTIVE_ENDS)) + r")\b(?!-| on\b| upon\b)", re.I)


def _adjective_only(text: str, name: str, occurrences: list[int]) -> bool:
    """Whether every occurrence of `name` is the first word of a compound adjective
    written with a space (`_ADJECTIVE_END_AFTER`), as "X-based" is one word (_may_name);
    an abbreviation's too, past its parenthesis: "visual odometry (VO) based camera
    motion estimation"."""
    def ends_adjective(at: int) -> bool:
        end = at + len(name)
        if text[at - 1:at] == "(" and text[end:end + 1] == ")":
            end += 1
        return bool(_ADJECTIVE_END_AFTER.match(text, end))
    return bool(occurrences) and all(ends_adjective(at) for at in occurrences)


_SET_OFF_AFTER = re.compile(r"\s*[,(;:]|\s+(?:that|which|to|for)\b")


# A capital and a number, a name only when a cue's verb or naming word gives it ("We
# introduce D3, a large dataset", "a model we call T7", "Scalable Spike-and-Slab (S³)",
# its number raised as the authors typed it); alone, notation (L1, K8).
_LETTER_NUMBER = re.compile(r"[A-Z](?:\d{1,2}|[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2})")


# A plain capitalised word said only right before a lowercase noun ("the count of walks
# and Katz centrality … the Katz centrality of all nodes … estimating Katz centrality")
# or as the first word of a longer name ("Doppler ICP … the Doppler velocity") is the
# proper noun of a concept (a person's or a phenomenon's: Katz, Doppler, Shapley), never
# the abstract's name for its own work, which is said as a subject, set off, or before
# its kind ("the FooNet model"); unless a cue's verb introduces it (candidate_features).
_PLAIN_CAPITALISED = re.compile(r"[A-Z][a-z]{2,}(?:-[A-Z][a-z]{2,})*")
# An acronym, which `_attributive` reads as it reads a plain capitalised word ("a PID
# controller").
_ACRONYM_ONLY = re.compile(r"[A-Z]{2,6}")
# (past an abbreviation it is given: "the Kesten-Stigum (KS) threshold")
_NOUN_AFTER = re.compile(r"(?: \([^()\s]{1,12}\))? ([a-z][a-z-]+[a-rt-z])\b(?![-(])")
_NOT_NOUNS = frozenset(re.split(r"\s+", """
and or but nor of to for in on at by with from into via as than that which who whose
where when while is are was were be been being can could will would may might shall
should must do did not no also only then thus so it its their this these those our
therefore hence still further furthermore moreover however even again now often always
""".strip()))


# A capitalised word or acronym after an occurrence: it opens a longer name there.
_NAME_AFTER = re.compile(r" [A-Z][A-Za-z0-9-]*\b(?![(])")


def _attributive(text: str, name: str, occurrences: list[int]) -> bool:
    """Whether `name` (a plain capitalised word or an acronym) is said only before a
    lowercase noun, or as the first word of a longer name ("Doppler ICP … the Doppler
    velocity"), and before a noun at least once ("a neuromorphic PID controller")."""
    if not (_PLAIN_CAPITALISED.fullmatch(name) or _ACRONYM_ONLY.fullmatch(name)) \
            or not occurrences:
        return False
    nouns = 0
    for at in occurrences:
        if _NAME_AFTER.match(text, at + len(name)):
            continue
        noun = _NOUN_AFTER.match(text, at + len(name))
        word = noun.group(1) if noun else ""
        # (nor an adverb: "GPIRT therefore provides", "X significantly outperforms")
        if not word or word in _NOT_NOUNS or word in KIND_WORDS or word.endswith(("ed", "ly")):
            return False
        nouns += 1
    return nouns > 0


def _cited_author(text: str, name: str, occurrences: list[int]) -> bool:
    """Whether a plain capitalised word is cited as an author somewhere: "(Valiant, 2009)",
    "(Feldman and Valiant, 2008)", "Adam (Kingma and Ba, 2015)" — a person, or prior work
    named by its citation, never the abstract's own name (which `cited` weighs only where
    first said: "Valiant’s model of evolvability … (Valiant, 2009)")."""
    return bool(_PLAIN_CAPITALISED.fullmatch(name)) and any(
        # (sliced: the pattern is anchored with "^", which a start position does not move)
        _PAREN_CITATION.match(text[at + len(name):at + len(name) + 60]) for at in occurrences)


# A number right before a word, or a measured quantity before a parenthesis ("a precision
# of 0.2 m (RMS)"; not "Data Set 500 (BSDS500)", a long form ending on a number).
_NUMBER_BEFORE = re.compile(r"\d(?:[.,]\d+)?(?:\s[^\W\d_]{1,2}\s\(|%?\s(?:mean\s|average\s)?)$")
_LOWERCASE_RUN = re.compile(r"[a-z]{3}")


def _unit_only(text: str, name: str, occurrences: list[int]) -> bool:
    """Whether an acronym (capitals, perhaps a small letter between: IoU, mAP) is only
    ever said right after a number: a unit, a quantity or a measure ("the 6 DOF motions
    of the head", "at 30 FPS", "0.2 m (RMS)", "97.47% mean IoU"), not a name."""
    return not _LOWERCASE_RUN.search(name) and bool(occurrences) and all(
        _NUMBER_BEFORE.search(text, max(0, at - 14), at) for at in occurrences)


def _spelled_as_proper_noun(text: str, found: list[Cue]) -> bool:
    """Whether an acronym is spelled out only as a concept's proper noun, said before a
    lowercase noun ("the Kesten-Stigum (KS) threshold", "Barzilai-Borwein (BB) step
    sizes"): the acronym is that concept's, as its long form is (_attributive)."""
    forms = {cue.expansion for cue in found if cue.defined and cue.expansion}
    return bool(forms) and all(_attributive(text, form, _token_positions(text, form))
                               for form in forms)


def _may_name(text: str, name: str, found: list[Cue]) -> bool:
    """Whether the token `name` (with the cues that `found` it) may be a name at all."""
    # "E" of "E(n) Equivariant", "k": no name has a single letter; V_T, x_i, K_L: math
    # rendered from its source; "electrocardiogram (ECG)": a word's abbreviation, a term.
    return ((sum(c.isalpha() for c in name) >= 2
             or (_LETTER_NUMBER.fullmatch(name) and any(cue.strength >= 3 for cue in found)))
            and not _SUBSCRIPTED.fullmatch(name)
            and not (not found and _abbreviates_a_word(text, name))
            and name.rpartition("-")[2].lower() not in _ADJECTIVE_ENDS
            and name not in _PLACEHOLDERS)


# What a corpus put where a citation was: abstracts from the ACL Anthology's datasets say
# "the Gutenberg Poetry corpus (CITATION)", "SimCSE (CITATION)" (eight of the held-out
# samples' abstracts); never a name.
_PLACEHOLDERS = frozenset({"CITATION"})


_CAPITALS = re.compile(r"[A-Z]{2,}s?")
_WORD_THEN_PAREN = re.compile(r"(?:^|[^\w-])([a-z]{5,}) \($")


def _abbreviates_a_word(text: str, name: str) -> bool:
    """An acronym in capitals in parentheses after the one lowercase word it shortens,
    whose letters it takes in order from its first: "electrocardiogram (ECG)",
    "backpropagation (BP)", "hyperparameters (HPs)". A word's abbreviation is a term of
    the field, as the word is (a name needs a cue then); the last word of a capitalised
    phrase is not all its long form ("Latent Intervened Non-stationary learning (LIN)",
    "Archetypal analysis (AA)": a method's name spelled out). On the development lists 16
    abstracts spell out an acronym so, none of them a title's name."""
    if not _CAPITALS.fullmatch(name):
        return False
    at = text.find(f"({name})")
    found = _WORD_THEN_PAREN.search(text, max(0, at - 60), at + 1) if at >= 0 else None
    if found is None:
        return False
    before = text[max(0, found.start(1) - 40):found.start(1)].split()
    if before and before[-1][:1].isupper():
        return False
    letters, i, word = name.rstrip("s").lower(), 0, found.group(1)
    if word[0] != letters[0]:
        return False
    for letter in letters:
        i = word.find(letter, i) + 1
        if not i:
            return False
    return True


def _stem_of_words(name: str, names: Iterable[str]) -> bool:
    """`name` opens two or more longer words that go on differently, a plural's "s" aside
    ("COLD" of "COLDATASET" and "COLDETECTOR"; not "HBO" of "HBONet" and "HBONets", nor
    "SDF" of "SDFflow" and "SDFFlow")."""
    tails = {other[len(name):].casefold().removesuffix("s") for other in names
             if other.startswith(name) and len(other) >= len(name) + 3}
    return len(tails) >= 2


_VERSION = re.compile(r"[-_]?[vV]\d+(?:\.\d+)*")


def _its_version(name: str, other: str, linked: Container[str]) -> bool:
    """`other`, said only in a link, is `name` with a version tag ("FCOS" of
    "tinyurl.com/FCOSv1", held-out ICCV 2019): the project's name, `name` itself, not a
    word it is a piece of (as "Norm" is of a link's "ProjNorm")."""
    return other in linked and other.startswith(name) \
        and _VERSION.fullmatch(other, len(name)) is not None


def _inside(name: str, other: str) -> bool:
    """`name` is a piece of the longer word `other` not set off by a hyphen, a space or
    an underscore (a file or folder name's word break: "PIE_dataset" of a data link)."""
    at = other.find(name)
    if at < 0 or other in (name, f"{name}s"):
        return False
    end = at + len(name)
    return not ((at == 0 or other[at - 1] in "-_ ")
                and (end >= len(other) - 1 or other[end] in "-_ "))


# Two names joined as items of an enumeration: a comma, "and" or "or" between them.
_JOINED_AFTER = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
# What opens a clause after a name: the comma before it ended a phrase, it lists nothing
# ("compared with LLMs, ToG has", "such as BALD, and SoQal outperforms").
_VERB_AFTER = re.compile(
    r"\)?,?\s+(?:has|have|had|is|are|was|were|can|could|will|would|does|do)\b")
_ITEM_EDGES = "()[]{},.;:\"“”'"


def _enumeration_start(text: str, position: int, name: str, names: Container[str]
                       ) -> int | None:
    """Where the enumeration of names that the occurrence of `name` at `position` is an
    item of starts (its first item), or None when it is no item: an enumeration is names
    joined by a comma, "and" or "or", the later of two not opening a clause with its verb."""
    first, end = None, position + len(name)
    joined = _JOINED_AFTER.match(text, end)
    if joined is not None:
        words = text[joined.end():joined.end() + 60].split()
        item = words[0].strip(_ITEM_EDGES) if words else ""
        if item != name and item in names and not _opens_clause(
                text, joined.end() + words[0].find(item) + len(item)):
            first = position
    start, item_end = position, end
    while True:  # back over the earlier items (string methods: a pattern anchored at the
        # window's end would be tried at each of its 60 positions)
        origin = max(0, start - 60)
        head = text[origin:start].rstrip()
        linked = head.endswith(",")
        if head.endswith((" and", " or")):  # "A and B", "A, and B"
            head, linked = head[:head.rfind(" ")].rstrip(), True
        head = head.rstrip(",")
        words = head.split() if linked else []
        item = words[-1].strip(_ITEM_EDGES) if words else ""
        if item == name or item not in names or _opens_clause(text, item_end):
            return first
        item_end = origin + len(head) - (len(words[-1]) - len(words[-1].rstrip(_ITEM_EDGES)))
        start = first = item_end - len(item)


def _has_sibling(name: str, names: Iterable[str]) -> bool:
    """Another hyphenated candidate shares `name`'s stem before its first hyphen, with a
    tail of its own: "GraphFM-OB" of "GraphFM-IB", "TiC-YFCC" of "TiC-DataComp" (not one
    extending the other, "R2-B2-Lite" of "R2-B2": extends_other's; nor a compound adjective,
    "MWP-specific" beside MWP-BERT, held-out NAACL 2022; nor, beside a name whose tail is
    no number, a numbered name: "COVID-19" beside COVID-Fact, "GPT-2" beside GPT-D, held-out
    ACL 2021 and 2022, where "Stage-1" and "Stage-2" stay siblings)."""
    stem, hyphen, _ = name.partition("-")
    if not hyphen or len(stem) < 2:
        return False
    single = name[:-1] if name.endswith("s") else name
    numbered = name.rpartition("-")[2].isdigit()
    return any(other.startswith(f"{stem}-") and not other.startswith(single)
               and not single.startswith(other.rstrip("s"))
               and _variant_tail(other.rpartition("-")[2], numbered) for other in names)


def _variant_tail(tail: str, numbered: bool) -> bool:
    """A hyphenated candidate's last part makes it a variant: no compound adjective's
    ending ("-specific"), and a number only beside a numbered name (`numbered`)."""
    return tail.lower() not in _ADJECTIVE_ENDS and (numbered or not tail.isdigit())


def _family_stem(name: str, parts: Mapping[str, set[str]]) -> bool:
    """`name` is the stem before the first hyphen of two or more hyphenated candidates
    ("CompA" of "CompA-order", "CompA-attribute" and "CompA-CLAP"; "SurCo" of
    "SurCo-zero" and "SurCo-hybrid"): the name of a family of variants, which a title
    names, where a name one longer name is built on ("BnB" of "Quant-BnB", "STanHop" of
    "STanHop-Net") is a part of it."""
    return sum(other.startswith(f"{name}-") for other in parts) >= 2


def _stem_of_combination(name: str, parts: Mapping[str, set[str]],
                         positions: Mapping[str, list[int]], text: str) -> bool:
    """`name` is the stem of each hyphenated candidate it is a part of, and each joins it
    to a name the abstract also says away from it: "PAMS-EDSR" of PAMS with "existing SR
    models such as EDSR", the method applied to a baseline, so PAMS is no part of it
    (held-out CVPR 2021; not "AutoGluon–TimeSeries", whose tail is never said alone; nor
    a name spelled out as the modifier of a noun phrase: "a new no-reference (NR) image
    quality assessment (IQA) framework" is a term's part, "NR-IQA", held-out CVPR 2015)."""
    wholes = [whole for whole, split in parts.items() if name in split]
    if not wholes:
        return False
    defined = text.find(f"({name}) ")
    if defined >= 0 and (noun := _NOUN_AFTER.match(text, defined + len(name) + 2)) \
            and noun.group(1) not in _NOT_NOUNS and noun.group(1) not in _KINDS:
        return False
    return all(
        whole.startswith(f"{name}-") and len(parts[whole]) > 1
        and all(any(not text.endswith(name, 0, o - 1) for o in positions.get(piece, ()))
                for piece in parts[whole] - {name})
        for whole in wholes)


def _said_new(text: str, position: int, name: str, names: Container[str]) -> bool:
    """"new"/"novel" shortly before the occurrence at `position` or before the enumeration
    of names it is an item of ("two new variants, A and B"; not "our proposed A")."""
    start = _enumeration_start(text, position, name, names)
    words = _words_before(text, position if start is None else start)[-4:]
    return "new" in words or "novel" in words


def _in_later_intro(name: str, occurrences: list[int],
                    introductions: list[tuple[str, int, tuple[int, int]]]) -> bool:
    """`name` occurs in the sentence of a cue verb's introduction of another candidate that
    comes after its first occurrence; a name of the same family (STanHop of STanHop-Net,
    its parts' features say) does not count."""
    return any(start > occurrences[0] and other not in name and name not in other
               and any(begin <= o < end for o in occurrences)
               for other, start, (begin, end) in introductions)


def _builds_on_earlier(name: str, introductions: list[tuple[str, int, tuple[int, int]]],
                       positions: Mapping[str, list[int]]) -> bool:
    """A cue verb introduces `name` in a sentence that says another candidate a cue verb
    introduced earlier: "we propose CMC ... we present VLMixer, that integrates CMC"."""
    return any(other != name and other_start < start and other not in name
               and name not in other and any(begin <= o < end for o in positions[other])
               for own, start, (begin, end) in introductions if own == name
               for other, other_start, _ in introductions)


def _listed(text: str, position: int, name: str, names: Container[str]) -> bool:
    """An item of an enumeration of names that no "new"/"novel" shortly before introduces."""
    start = _enumeration_start(text, position, name, names)
    return start is not None and _NEW.isdisjoint(_words_before(text, start)[-4:])


def _opens_clause(text: str, end: int) -> bool:
    """A verb right after the name ending at `end`: it is a subject, not a list's item."""
    return bool(_CLAIM_AFTER.match(text, end) or _VERB_AFTER.match(text, end))


def _introduced_once(text: str, word: str, intros: list[tuple[int, int]]) -> bool:
    """A capitalised word said once that an introducing verb ("we propose") precedes
    within its clause, or that is the subject of a claim ("X outperforms")."""
    at = text.find(f" {word}") + 1
    while at and text[at + len(word):at + len(word) + 1].isalnum():
        at = text.find(f" {word}", at) + 1
    if not at:
        return False
    # A word of a capitalised phrase ("Connectionist Symbolic Pseudo Secrets (CSPS)") is
    # a part of a long form or title, not a name of its own.
    before = text[max(0, at - 30):at].split()
    after = text[at + len(word):at + len(word) + 30].split()
    # (A comma ends a phrase: "Empowered by the Flow-Attention, Flowformer yields".)
    if (before and before[-1][:1].isupper() and before[-1][-1:] not in ",;:") or (
            after and after[0][:1].isupper()):
        return False
    if _CLAIM_AFTER.match(text, at + len(word)):
        return True
    # Set off as a name is: "an encoder, Branchformer, with", "a new attack Chameleon that";
    # not "a new framework Based on graphs".
    if not (text[:at].endswith(", ") or _SET_OFF_AFTER.match(text, at + len(word))):
        return False
    clause = _clause_start(text, at, 200)
    return any(clause <= start and end <= at for start, end in intros)


def _vector(abstract: _Abstract, name: str, found: list[Cue], occurrences: list[int],
            others: int) -> list[float]:
    text = abstract.text
    first, count = occurrences[0], len(occurrences)
    strength = max((c.strength for c in found), default=0)
    defined = any(c.defined for c in found)
    sentence_start, _ = abstract.sentence(first)
    sentence_starts = abstract.sentence_starts
    end = first + len(name)
    in_parentheses = int(text[first - 1:first] == "(" and text[end:end + 1] == ")")
    # An introducing verb earlier in the sentence of its first occurrence.
    intro = any(sentence_start <= start and stop <= first for start, stop in abstract.intros)
    # A spelled-out name's context is before its long form: "based on gradient noise
    # scale (GNS)" is prior work, though "(" stands before GNS itself.
    contexts = [*(c.start for c in found if c.defined), *occurrences][:5]
    # ("using Content2Vec, a new deep architecture": the appositive says it is new, not
    # another's tool, whatever word comes before it)
    prior = sum(_after_prior_word(text, o) and not _NEW_APPOSITIVE.match(text, o + len(name))
                for o in contexts) / len(contexts)
    ours, new, naming, verb, studied, kind_of_ours, modifier = _context_before(
        text, occurrences, len(name))
    uncued = float(strength == 0 and not defined and not naming and not verb)
    return [
        *(float(any(c.strength == k for c in found)) for k in (3, 2, 1)),
        float(any(c.component for c in found)), float(defined),
        *_shape(name),
        math.log1p(count), count / abstract.most, first / max(1, len(text)),
        float(first < abstract.sentences[0][1]), float(intro), prior,
        float(bool(_KIND_AFTER.match(text[end:end + 90]))),
        # (a spelled-out name's citation follows its parenthesis: "named Copula Component
        # Analysis (COCA) (Han & Liu, 2012)")
        float(bool(_PAREN_CITATION.match(text[end + in_parentheses:end + 60]))),
        math.log1p(others), float(others >= 3),
        float(any(o in sentence_starts for o in occurrences)),
        float(name.endswith("s") and name[-2:-1].isupper()),
        float(defined and intro),
        float(strength == 3) * count / abstract.most,
        ours, new, naming, verb,
        float(any(name in text[s:e] for s, e in abstract.links)),
        float(name == abstract.first_cued),
        uncued,
        # "KL-regularized", "ViT-based": a word made from a name, not a name.
        float(bool(_LOWERCASE_TAIL.search(name))),
        # Nothing introduces it and it mostly follows "of", "for", "than": the object of
        # the study, or prior work, rather than the contribution.
        uncued * prior,
        # "Low-Rank Adaptation", "Never-Ending Visual…": the start of a longer name.
        sum(text[o + len(name):o + len(name) + 2][:1] == " "
            and text[o + len(name) + 1:o + len(name) + 2].isupper()
            for o in occurrences) / count,
        float(_is_project(name, abstract.projects)),
        sum(bool(_claims_after(text, o, name)
                 or (o >= abstract.sentences[0][1]
                     and _FIRST_CLAIM.match(text, o + len(name))))
            for o in occurrences[:5]) / min(count, 5),
        # Said in the background, before the abstract says what it contributes.
        float(abstract.intro > 0 and contexts[0] < abstract.intro),
        _verb_near(abstract, contexts[:3]),
        sum(_in_examples(abstract, o) for o in occurrences[:3]) / min(count, 3),
        _prior_phrase(abstract, name, occurrences, found),
        sum(bool(_CLASS_AFTER.match(text, o + len(name))) for o in occurrences[:5])
        / min(count, 5),
        float(any(abstract.may_hold(_USED_BEFORE_WORDS, max(0, c - 50), c)
                  and _USED_BEFORE.search(text, max(0, c - 50), c)
                  and not _NEW_APPOSITIVE.match(text, c + len(name)) for c in contexts[:3])),
        # "Perceptual Group Tokenizer": the end of a longer name (capital_next: its start).
        sum(_capital_before(text, o) for o in occurrences) / count,
        # "In PEGASUS, important sentences are masked ...": how an abstract describes the
        # workings of what it introduces.
        float(any(o in sentence_starts or o - 3 in sentence_starts for o in occurrences)
              and any(text[o - 3:o] == "In " and text[o + len(name):o + len(name) + 1] == ","
                      for o in occurrences)),
        # Spelled out in lowercase: "inverse reinforcement learning (IRL)", "rate
        # distortion (RD)" name fields and problems; a method's long form is mostly
        # capitalised ("One-Way Policy Optimization (OWPO)"). On the development lists a
        # defined acronym is the title's name 8% of the times its long form is lowercase,
        # 29-35% otherwise.
        float(defined and all(_lowercase_form(c.expansion) for c in found if c.expansion)),
        # (or before its long form: "we study inverse reinforcement learning (IRL)")
        float(studied or any(_studied(_words_before(text, c.start)) for c in found
                             if c.defined)),
        # The authors giving the name: "which we name GMAC", "we call it X", "a strategy
        # we refer to as X" (not "denoted", "known as", "called": anyone's naming).
        float(any(_NAMED_BY_US.search(text, max(0, c - 40), c) for c in contexts[:3])),
        # Naming a part: "the GPSA layers", "a DyCE encoder", "the MLE objective", "FID
        # scores": a layer or term of a whole (the contribution or another's model) or a
        # measure, which the abstract's contribution is seldom named by. (On the development
        # lists' papers whose title names a method, 9 of 93 such candidates are its name.)
        sum(bool(_PART_AFTER.match(text, o + len(name))) for o in occurrences[:5])
        / min(count, 5),
        # "our algorithm, OptiDICE", "the resulting architecture, ConViT": the authors' own
        # kind of thing, named (26 of 34 such candidates are the title's name).
        kind_of_ours,
        # "a new model-free IRL method", "a novel GNN framework": the name qualifies the
        # head of an indefinite "a new ... KIND", a field or class the new thing is of.
        modifier,
    ]


def _folded(text: str) -> str | None:
    """`text` lowercased, when a lowercase word is found in it wherever re.IGNORECASE finds
    the word in `text`: lowercasing moves no character (İ lowers to two) and it has no ı or
    ſ (which the pattern takes for i and s). Else None."""
    folded = text.lower()
    if len(folded) != len(text) or "ı" in folded or "ſ" in folded:
        return None
    return folded


_INNER_CAPITAL = re.compile(r"(?<=[a-z])[A-Z]")


def _lowercase_form(long_form: str) -> bool:
    """No word of the long form (past its first, which may open a sentence) capitalised.
    When the others are too short to tell, a lowercase first word tells, unless a short
    capitalised one follows: "state-of-the-art (SOTA)" is lowercase, "symmetric NMF
    (SymNMF)" not."""
    parts = long_form.replace("-", " ").split()
    words = [w for w in parts[1:] if len(w) > 3]
    if words:
        # (a capital inside a word marks the acronym's letter, "Feature eXchange GAN
        # (FX-GAN)": a made-up name's spelling, not a field's)
        return not any(w[:1].isupper() or _INNER_CAPITAL.search(w) for w in words)
    return bool(parts) and len(parts[0]) > 3 and parts[0][:1].islower() and \
        not any(w[:1].isupper() for w in parts[1:])


def _capital_before(text: str, position: int) -> bool:
    """A capitalised word right before `position` in its sentence ("Group Tokenizer")."""
    if position < 2 or text[position - 1] != " " or not text[position - 2].isalpha():
        return False
    start = position - 2
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "-"):
        start -= 1
    # "The X algorithm", "In X, ...", "Our X": a capital that only opens the sentence.
    # (The last character before it that is not white space, found without copying the
    # text before it: str.isspace is what strip() strips.)
    before = start - 1
    while before >= 0 and text[before].isspace():
        before -= 1
    opens = before < 0 or text[before] in ".!?:;"
    return text[start].isupper() and not opens


def _inside_phrase(text: str, word: str) -> bool:
    """Every occurrence of the plain word `word` has a capitalised word of its sentence
    right before it (`_capital_before`) or right after it: "Group" and "Tokenizer" of
    "Perceptual Group Tokenizer", "Monte" and "Carlo"."""
    occurrences = _token_positions(text, word)
    return bool(occurrences) and all(
        _capital_before(text, o) or (text[o + len(word):o + len(word) + 1] == " "
                                     and text[o + len(word) + 1:o + len(word) + 2].isupper())
        for o in occurrences)


# A word whose capitals spell an acronym's letters: "SHapley", "PErceptual", "vAlue".
_SPELLING_CAPITALS = re.compile(r"[A-Z]{2,3}[a-z]{3,}|[a-z]+[A-Z][a-z]{2,}")


def _long_form_spans(text: str, cues: list[Cue]) -> list[tuple[int, int]]:
    """Where the long forms that `cues` spell names out as stand ("Stiffness Control from
    Augmented Position control Experiences (SCAPE)"): a defined cue starts at its own."""
    return [(cue.start, cue.start + len(cue.expansion)) for cue in cues
            if cue.expansion and text.startswith(cue.expansion, cue.start)]


def _only_inside(text: str, word: str, spans: list[tuple[int, int]]) -> bool:
    """Every occurrence of the plain word `word` lies inside one of `spans`."""
    occurrences = _token_positions(text, word)
    return bool(spans and occurrences) and all(
        any(start <= o and o + len(word) <= end for start, end in spans) for o in occurrences)


def _words_before(text: str, position: int) -> list[str]:
    """The words of the 60 characters before `position`, within its sentence, lowercased."""
    window = text[max(0, position - 60):position]
    stop = max(window.rfind(". "), window.rfind("; "))
    window = window[stop + 1:]
    if "İ" in window:  # (lowers to two characters, the second no letter)
        return [w.rstrip(",").lower() for w in _WINDOW_WORD.findall(window)]
    # Lowercasing the window first gives each word lowercased (lower() makes no other
    # character one the pattern takes): a tenth of the features' context time.
    return _WINDOW_WORD_BARE.findall(window.lower())


def _clause_start(text: str, position: int, reach: int) -> int:
    """Where the sentence or clause holding `position` starts, at most `reach` back."""
    start = max(0, position - reach)
    return max(start, text.rfind(". ", start, position) + 1, text.rfind("; ", start, position) + 1)


def _word_spans(text: str, *groups: tuple[str, ...]) -> list[list[tuple[int, int]]]:
    """For each group of lowercase words, where one starts a word of `text`, in order
    (plain `find`: a regex over the whole text for each abstract cost more than the
    features it serves)."""
    lowered = text.lower()
    if len(lowered) != len(text):  # "İ" lowers to two characters: keep positions
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    found = []
    for words in groups:
        spans = []
        for word in words:
            at = lowered.find(word)
            while at >= 0:
                if not at or not (lowered[at - 1].isalnum() or lowered[at - 1] in "_-"):
                    spans.append((at, at + len(word)))
                at = lowered.find(word, at + 1)
        found.append(sorted(spans))
    return found


def _last_span(spans: list[tuple[int, int]], start: int, position: int
               ) -> tuple[int, int] | None:
    """The last of the sorted `spans` inside [start, position), or None."""
    index = bisect.bisect_left(spans, (position,)) - 1
    while index >= 0 and spans[index][1] > position:
        index -= 1
    return spans[index] if index >= 0 and spans[index][0] >= start else None


def _verb_near(abstract: _Abstract, positions: list[int]) -> float:
    """How closely an introducing verb ("we propose a ... framework, X") comes before a
    position in its sentence: 1 / (1 + words between), the best of `positions`."""
    text, best = abstract.text, 0.0
    for position in positions:
        verb = _last_span(abstract.verbs, _clause_start(text, position, 150), position)
        if verb is not None:  # the rest of the verb's own word is one of the words split
            between = len(text[verb[1]:position].split()) - 1
            best = max(best, 1.0 / (1 + max(0, between)))
    return best


def _in_examples(abstract: _Abstract, position: int) -> bool:
    """Inside an example list: "such as", "e.g." or "including" earlier in its clause,
    with no introducing verb after it."""
    text = abstract.text
    start = _clause_start(text, position, 80)
    start = max(start, text.rfind(").", start, position) + 1)
    cue = _last_span(abstract.examples, start, position)
    return cue is not None and _last_span(abstract.verbs, cue[1], position) is None


def _prior_phrase(abstract: _Abstract, name: str, occurrences: list[int],
                  found: list[Cue]) -> float:
    """How much the abstract treats `name` as existing work: the share of occurrences
    after "based on"/"unlike" or before "has been"/"is widely"; 1 when a word is made of
    it ("X-based", "X-like") before a cue's verb introduces it (after, "the
    Hashing2Vec-based embedding" is the authors' own)."""
    text = abstract.text
    if f"{name}-" in text:
        made = [at for suffix in ("-based", "-like", "-style")
                if (at := text.find(f"{name}{suffix}")) >= 0]
        introduced = min((c.start for c in found if c.strength == 3), default=None)
        if made and (introduced is None or min(made) < introduced):
            return 1.0
    length = len(name)
    return sum(bool((abstract.may_hold(_PRIOR_BEFORE_WORDS, max(0, o - 30), o)
                     and _PRIOR_BEFORE.search(text, max(0, o - 30), o))
                    or _PRIOR_AFTER.match(text, o + length))
               for o in occurrences[:5]) / min(len(occurrences), 5)


def _after_prior_word(text: str, position: int) -> bool:
    # (The last word, or the two before an article, or "referred to as" before one: the
    # last four words decide.)
    words = [w.rstrip(",").lower() for w in text[max(0, position - 30):position].split()[-4:]]
    if words and words[-1] in _ARTICLES:
        words.pop()
    if words[-1:] == ["as"] and (words[-2:-1] and words[-2] in _NAMING_WORDS
                                 or words[-3:-1] == ["referred", "to"]):
        return False  # "named as X", "referred to as X": a naming ("such as X" is prior)
    if words[-1:] == ["of"] and words[-2:-1] and words[-2] in _MAKING:
        return False  # "proposes the building of VideoMaster": the making of the authors' own
    if words[-1:] and words[-1] in _KINDS and _prior_kind_before(text, position):
        return True
    return bool(words) and (words[-1] in _PRIOR_WORDS or " ".join(words[-2:]) in _PRIOR_PHRASES)


def _prior_kind_before(text: str, position: int) -> bool:
    """The name is the appositive of a kind an adjective of prior work qualifies: "we
    modify a popular and well studied method, RankCentrality" (held-out UAI 2020)."""
    phrase = [w.rstrip(",").lower() for w in text[max(0, position - 80):position].split()]
    articles = [i for i, w in enumerate(phrase) if w in _ARTICLES]
    return bool(articles) and not PRIOR_ADJECTIVES.isdisjoint(phrase[articles[-1] + 1:-1]) \
        and not _CONTRAST_BEFORE.search(text, max(0, position - 80), position)


# "In contrast to the popular depth-from-single-image networks, DeMoN learns …" (held-out
# ICCV 2017): the prior kind is what the name is set against, the name the subject after.
_CONTRAST_BEFORE = re.compile(r"\b(?:in\s+contrast\s+to|unlike|compared\s+(?:to|with)"
                              r"|as\s+opposed\s+to|contrary\s+to)\s[^.;:,]*,\s*$", re.I)


def _context_before(text: str, occurrences: list[int], length: int
                    ) -> tuple[float, float, float, float, float, float, float]:
    """Whether some occurrence follows, within its sentence and a few words, "our"/"we",
    "proposed"/"novel", a naming word ("called", "namely"), an introducing verb, or a
    study word ("we study", "consider", "the problem of"; `_studied`); and whether one
    names the authors' own method, model, ... (`_kind_of_ours`) or qualifies the head of
    "a new ... KIND" (`_new_kind_modifier`; `length`: the name's)."""
    ours = new = naming = verb = studied = kind_of_ours = modifier = False
    for occurrence in occurrences[:3]:
        words = _words_before(text, occurrence)
        kind_of_ours = kind_of_ours or _kind_of_ours(text, occurrence, words) \
            or _ours_before_kind(text, occurrence + length, words)
        modifier = modifier or _new_kind_modifier(text, occurrence, length, words)
        ours = ours or not _OURS.isdisjoint(words) or "this paper" in " ".join(words[-8:])
        new = new or not _NEW.isdisjoint(words)
        naming = naming or (_named_by(words) and not _names_a_longer_phrase(words))
        verb = verb or any(w.startswith(_VERB_STEMS) for w in words)
        studied = studied or _studied(words)
    return (float(ours), float(new), float(naming), float(verb), float(studied),
            float(kind_of_ours), float(modifier))


# What may stand between a naming word and the name it gives: "we call it X", "called
# simply X", "named henceforth X", "termed our X".
_NAMING_FILLERS = frozenset({"it", "this", "them", "as", "our", "simply", "henceforth",
                             "here", "hereafter", "herein", "new", "proposed", "resulting"})


_NAMING_VERBS = _NAMING_WORDS - {"as"}  # ("such as X" gives no phrase a name)


def _names_a_longer_phrase(words: list[str]) -> bool:
    """The naming word gives a phrase the name ends: "a classifier which we call the minimax
    SVM" names "minimax SVM", of which SVM (prior work) is the last word. A kind word
    between is no part of it ("we call the method X")."""
    if len(words) < 2 or not words[-1].isalpha() or words[-1] in _NAMING_FILLERS \
            or words[-1] in _NAMING_WORDS or words[-1] in _KINDS:
        return False
    naming_at = -3 if words[-2] in _ARTICLES else -2
    return len(words) >= -naming_at and words[naming_at] in _NAMING_VERBS


def _named_by(words: list[str]) -> bool:
    """A naming word among the last four of `words` (lowercased, before a name). "as"
    names only right before the name (an article between: "known as the X") or after a
    word that makes it a naming ("referred to as", "known as" a long form): "such as X",
    "as opposed to just XY movements", "as well as" give examples or comparisons."""
    near = words[-4:]
    if _NAMING_WORDS.isdisjoint(near):
        return _names_what_follows(words)
    if any(w in _NAMING_WORDS and w != "as" for w in near):
        return True
    last = len(words) - (2 if words[-1] in _ARTICLES else 1)
    for at in range(max(0, len(words) - 4), len(words)):
        before = words[at - 1] if at else ""
        if words[at] == "as" and (at == last and before not in ("such", "well")
                                  or before in _AS_NAMING):
            return True
    return False


# A naming verb that takes its object before the name ("we call this one-stage detector
# SPCDet": the object's words, a hyphen's parts each, may push the verb past four words).
_NAMES_ITS_OBJECT = frozenset({"call", "name", "term", "dub", "coin"})
_OBJECT_OPENERS = frozenset({"this", "these", "our", "the", "such"})


def _names_what_follows(words: list[str]) -> bool:
    """"call this KIND NAME": a naming verb, a determiner right after it, and at most
    five words up to the name."""
    if _NAMES_ITS_OBJECT.isdisjoint(words[-7:-1]):  # (most windows: no such verb)
        return False
    return any(words[at] in _NAMES_ITS_OBJECT and words[at + 1] in _OBJECT_OPENERS
               for at in range(max(0, len(words) - 7), len(words) - 1))


# Words that make a following "as" a naming: "referred to as", "known as", "denoted as".
_AS_NAMING = frozenset({"to", "known", "named", "called", "denoted", "termed", "dubbed",
                        "coined", "defined"})


# After a name, a kind of contribution as the head it modifies ("IRL method", "GNN
# framework", "VAE-based generative model": a word between).
_KIND_HEAD = re.compile(rf"\s+(?:[\w-]+\s+)?(?:{_KIND_WORDS})\b", re.I)
_KINDS_HEAD = re.compile(rf"\s+(?:[\w-]+\s+)?(?:{_KIND_WORDS})s\b", re.I)
# Words that make that kind the authors' own: "our (proposed) method", "the resulting model".
_OWN_KIND = frozenset({"our", "resulting", "proposed"})


def _new_kind_modifier(text: str, position: int, length: int, words: list[str]) -> bool:
    """A modifier of the head of "a new/novel ... KIND": "a new model-free IRL method", "a
    novel GNN framework" are a method of a field or a class, which the name qualifies;
    the abstract's own name is the kind's appositive ("a new method, X") or is called.
    In the plural no article comes before "novel", and an acronym may qualify the head
    right after its long form: "novel Compressed Gradient Descent (CGD) algorithms"."""
    near = words[-4:]
    if "new" not in near and "novel" not in near:  # (most words before a name)
        return False
    end = position + length
    # "(CGD) algorithms": the acronym in parentheses after its long form
    spelled = text[position - 1:position] == "(" and text[end:end + 1] == ")"
    for i, word in enumerate(near):
        if word not in ("new", "novel"):
            continue
        between = text[max(0, position - 40):position].lower().rpartition(word)[2]
        clean = not any(c in ",;:()" for c in (between[:-1] if spelled else between))
        head = end + 1 if spelled else end
        if i and near[i - 1] in ("a", "an"):
            return clean and bool(_KIND_HEAD.match(text, head))
        if clean and _KINDS_HEAD.match(text, head):
            return True
    return False


# "our Naive-Student model", "our proposed TibGM framework": the name between the authors'
# "our" and a kind word (singular: "our LSTM models" are several of a known kind).
_KIND_NEXT = re.compile(rf"\s+(?:{_KIND_WORDS})\b", re.I)
_OURS_THEN = frozenset({"proposed", "new", "novel"})


def _ours_before_kind(text: str, end: int, words: list[str]) -> bool:
    """The name ending at `end` is the authors' own kind of thing: "our" right before it
    (or "our proposed"), a kind word right after it."""
    last = words[-2:] if words[-1:] and words[-1] in _OURS_THEN else words[-1:]
    return last[:1] == ["our"] and bool(_KIND_NEXT.match(text, end))


def _kind_of_ours(text: str, position: int, words: list[str]) -> bool:
    """Right after the authors' own kind of thing, as its name: "our algorithm, OptiDICE",
    "the resulting ViT architecture, ConViT", "our proposed LP solver ECLIPSE" (an
    appositive: what the authors contribute, where a thing of others is "the X model")."""
    if len(words) < 2 or words[-1] not in _KINDS:  # (the text read only after a kind)
        return False
    head = text[max(0, position - 40):position].rstrip(" ,(“\"")
    return head.lower().endswith(words[-1]) and not _OWN_KIND.isdisjoint(words[-5:-1])


_ESTABLISHED_BY = frozenset({"well", "widely", "extensively", "intensively", "heavily",
                             "much", "thoroughly", "commonly"})


def _studied(words: list[str]) -> bool:
    """A study word among the last four of `words` (what precedes a candidate or its
    long form): "we study X", "we consider the X", "the problem of X"."""
    near = words[-5:]
    # ("a popular and well studied method, RankCentrality": an adjective of prior work)
    studied = [w for i, w in enumerate(near[-4:], len(near) - len(near[-4:]))
               if w in _STUDY_WORDS and not (i and near[i - 1] in _ESTABLISHED_BY)]
    return bool(studied) or (
        ("of" in near or "on" in near)
        and any(pair in _STUDY_PAIRS for pair in zip(near, near[1:], strict=False)))


def best_name(text: str, sentences: list[tuple[int, int]], cues: list[Cue],
              statistics: NameStatistics | None, model: Model | None = None,
              urls: tuple[str, ...] = (), notation: Container[str] = ()) -> Scored | None:
    """The likeliest candidate when the model thinks it likely enough, else None (`urls`:
    the targets of the abstract's marked-up links; `notation`: see candidate_features)."""
    model = model or shipped_model()
    best: Scored | None = None
    likely: dict[str, float] = {}
    # the likely candidates that are a part or the field's phrase (`_whole_over_part`)
    lesser: set[str] = set()
    for name, vector in candidate_features(text, sentences, cues, statistics,
                                           model.known, urls, notation).items():
        probability = model.probability(vector)
        # (a candidate under the threshold is never chosen, vetoed or not: the vetoes, which
        # read the text again, are asked only of the others)
        if probability < model.threshold or _unvouched(vector) \
                or (vector[_CITED] and vector[_DEFINED]) \
                or _names_the_task(name, text, cues) or _proper_adjective(name, text, cues) \
                or (vector[_KNOWN] and vector[_NEW_KIND_MODIFIER]) \
                or _others_family(name, text) or _PLACEHOLDER.fullmatch(name) \
                or _only_evaluated_on(name, text) or _one_of_a_defined_pair(name, text, cues) \
                or _variant_of_an_example(name, vector, text):
            continue
        likely[name] = probability
        if _spelled_as_part(name, cues) or vector[_LONG_KNOWN] or vector[_LONG_SAID]:
            lesser.add(name)
        if best is None or probability > best.probability:
            best = Scored(name, probability)
    if best is None:
        return None
    best = _whole_over_part(best, likely, lesser)
    base = _base_of(best.name, likely)
    if base is not None and _base_said_first_or_more(base, best.name, text):
        best = Scored(base, likely[base])
    spelled = spelled_name(best.name, [(c.name, c.expansion) for c in cues
                                       if c.defined and c.expansion])
    return Scored(spelled, best.probability)


def _variant_of_an_example(name: str, vector: list[float], text: str) -> bool:
    """`name`, which nothing introduces, is a hyphenated variant of a name the abstract
    says on its own only as an example of existing work: "existing backbone networks,
    e.g., I3D or S3D … Inserting our attention cells into I3D-R50" (held-out ECCV 2020,
    titled AttentionNAS): the baseline the method is tried on, not the method."""
    stem = name.partition("-")[0]
    if stem == name or vector[_UNCUED] != 1.0:
        return False
    alone = _token_positions(text, stem)
    return bool(alone) and all(
        any(cue in text[_clause_start(text, at, 80):at].lower().replace(",", "")
            for cue in _EXAMPLE_CUES) for at in alone)


# What a long form's last word says is a part of a method, not a method: "Dilated Attention
# Layer (DAL)", "Packing operator (PackOp)", "Average Mahalanobis Distance (AMD)".
# (Not a loss, a regularizer or an objective: "Contrastive Coherence Preserving Loss
# (CCPL)" is what its paper contributes, and titled so.)
_PART_HEADS = frozenset({"layer", "operator", "module", "block", "unit", "cell", "head", "gate",
                         "encoder", "decoder", "metric", "measure", "distance", "score"})


def _spelled_as_part(name: str, cues: list[Cue]) -> bool:
    """`name` is spelled out as a part (`_PART_HEADS`, in either number)."""
    for cue in cues:
        if cue.name == name and cue.defined and cue.expansion:
            last = cue.expansion.split()[-1].lower()
            return any(word in _PART_HEADS for word in _both_numbers(last))
    return False


def _whole_over_part(best: Scored, likely: Mapping[str, float], lesser: Container[str]
                     ) -> Scored:
    """The likeliest other candidate past the threshold when `best` is `lesser` and that
    one is not: a part, spelled out as one, or the field's phrase, spelled out as the
    development lists say it (long_known, long_said), gives way to the paper's own whole.
    "a Pyramid Dilated Attention Network (PDAN) … a Dilated Attention Layer (DAL)" is
    titled PDAN; "a novel Weakly Supervised Learning (WSL) framework … Minimum Maximum
    Latent Structural SVM (MANTRA)" is titled MANTRA. (Parts: on the development lists and
    held-out samples 47–174 this changed 9 names of 21,058: DANets, PackDet, PDAN and
    Social-Implicit became right where two layers, an operator and a metric were wrong, 5
    on titles naming none, none right lost; with losses as parts it also lost CCPL and
    SCALoss. The field's phrases then changed 4 of 22,077: MANTRA right where WSL was
    wrong, HEMlets and ARC, which their titles say, for ConvNet and AIL, and one on a title
    naming none.) Not a name built on `best` or one it is built on ("SPIDER-SFO" of
    SPIDER: _base_of's)."""
    if best.name not in lesser:
        return best
    wholes = [Scored(name, probability) for name, probability in likely.items()
              if name != best.name and not name.startswith(best.name)
              and not best.name.startswith(name) and name not in lesser]
    return max(wholes, key=lambda scored: scored.probability, default=best)


# A template's placeholder the authors left: "We evaluated the proposed approach on XXX."
# (held-out WACV 2024).
_PLACEHOLDER = re.compile(r"X{2,}|x{2,}")
# "existing NeRF+SR methods", "previous GAN-based approaches": a name as the kind of
# others' work, a family of methods, never one the abstract introduces.
_OTHERS_FAMILY_BEFORE = re.compile(r"(?:existing|previous|prior|conventional|traditional)\s+$",
                                   re.I)
_KINDS_AFTER = re.compile(rf"\s+(?:{_KIND_WORDS})s\b", re.I)


def _others_family(name: str, text: str) -> bool:
    """Some occurrence of `name` qualifies others' kind: "existing NAME methods"."""
    return any(_OTHERS_FAMILY_BEFORE.search(text, max(0, at - 14), at)
               and _KINDS_AFTER.match(text, at + len(name))
               for at in _token_positions(text, name))


# "We validate the effectiveness of the proposed framework on the GRID, TCD-TIMIT volunteer,
# and LRW datasets" (held-out ECCV 2022): the data a method is evaluated on, named before
# their kind.
# (No clause of the authors' between: "Apart from evaluating the theoretical results on
# commonly used synthetic noise, we also publish NoisyNER, a new … dataset".)
_EVALUATED_BEFORE = re.compile(r"\b(?:evaluat|validat|test|experiment|benchmark)\w*\b"
                               r"[^.;:]{0,80}?\b(?:on|over|across|using)\s+"
                               r"(?:(?!\bwe\s)[^.;:]){0,60}$", re.I)
# ... and the kind of data after it (singular too: "we evaluate on a new "YCB-in-the-Wild"
# dataset", held-out ECCV 2022, titled Neural-Sim).
_DATASETS_AFTER = re.compile(r"[^.;:]{0,60}?\b(?:datasets?|benchmarks?|corpora|corpus)\b", re.I)


def _only_evaluated_on(name: str, text: str) -> bool:
    """Every occurrence of `name` is in a phrase of the datasets something is evaluated
    on (`_EVALUATED_BEFORE` before it, `_DATASETS_AFTER` after)."""
    positions = _token_positions(text, name)
    return bool(positions) and all(
        _EVALUATED_BEFORE.search(text, max(0, at - 140), at)
        and _DATASETS_AFTER.match(text, at + len(name)) for at in positions)


_PLAIN_WORD = re.compile(r"[A-Z][a-z]+")
# The lowercase word after a name: a noun it qualifies, unless a word of grammar.
_WORD_AFTER = re.compile(r" ([a-z][a-z-]*)")
# (_NOT_NOUNS, and the articles and prepositions a name may stand before: "Bezier based")
_GRAMMAR_WORDS = _NOT_NOUNS | {"a", "an", "the", "based", "over", "under", "using"}


# An acronym said only before the noun it qualifies, as a modality or a standard is:
# "a novel binary RGB-D descriptor … RGB-D images" (held-out ICCV 2019, titled GEOBIT).
_MODIFIER_ACRONYM = re.compile(r"[A-Z]{2,6}(?:-[A-Z]{1,2})?")
# Where a clause opens, right before a word: its subject's place.
_CLAUSE_OPENS_BEFORE = re.compile(r"(?:[.;,]|\b(?:and|but|that|which|while|where))\s+$")


def _proper_adjective(name: str, text: str, cues: Iterable[Cue] = ()) -> bool:
    """A plain capitalised word that only ever qualifies the noun after it ("Bezier
    curves", "Schatten norms", "the Phong surface", "Twitter accounts"): a person or a
    platform a thing is named after, not the name of a system, which stands alone or
    before its kind somewhere ("Parrot outperforms", "the Softstar algorithm"). (Of the
    development lists' and samples' plain-word names, the 5 this drops were such.)

    `_attributive` reads the same of a candidate before it is scored, but takes no noun
    ending in "s" (a verb's may: "GPIRT provides"); this reads plural nouns too, past
    the verbs `_opens_clause` knows. Widening `_attributive` instead changed six more
    names (Mallows, Clifford, Fermat, Pitman-Yor went, as they should; Isotonic-Hawkes
    and Liquid too) and is left for a change of its own.

    So is an acronym that only qualifies the noun after it, as a modality or a field's
    thing does ("RGB-D images", "POI changes"), unless a cue's verb introduces it."""
    # (an acronym a cue's verb introduces is the cue's: "we present a … dataset HRDS
    # including 30,000 reviews")
    acronym = _MODIFIER_ACRONYM.fullmatch(name) is not None \
        and not any(cue.name == name and cue.strength == 3 for cue in cues)
    if not (_PLAIN_WORD.fullmatch(name) or acronym):
        return False
    occurrences = _token_positions(text, name)
    singular = False
    for at in occurrences:
        end = at + len(name)
        word = _WORD_AFTER.match(text, end)
        if word is None or word.group(1) in _GRAMMAR_WORDS or word.group(1) in _KINDS \
                or word.group(1) in ("task", "tasks") or _opens_clause(text, end):
            return False
        # (an acronym's verb, participle or adverb is no noun: "SCDEE maintains", "RMGF
        # briefly"; a word in "s" after it where a clause opens is its verb, "and ZQX
        # tracks"; a noun not ending in "s" somewhere says it qualifies one)
        if acronym and (word.group(1).endswith(("ly", "ing", "ed")) or (
                word.group(1).endswith("s")
                and (not at or _CLAUSE_OPENS_BEFORE.search(text, max(0, at - 8), at)))):
            return False
        singular = singular or not word.group(1).endswith("s")
    return bool(occurrences) and (singular or not acronym)


# Two long forms with their acronyms, coordinated: "we propose spatial rotation
# transformation (SRT) and temporal mixing transformation (TMT)" (held-out WACV 2022; the
# title names FastAno).
# (A clause the "and" opens is no such phrase: "… (CGEC) and present a new framework named
# Tail-to-Tail (TtT)" introduces one thing.)
_AND_ANOTHER_DEFINED = re.compile(
    r"\),?\s+(?:and|as\s+well\s+as)\s+(?:(?:an?|the)\s+)?"
    r"(?:(?!(?:propos|introduc|present|develop|design|build|call|nam|term|dub|coin|refer)"
    r"[a-z]*\s)[\w-]+\s+){1,8}?\((?P<other>[^()\s]+)\)", re.I)


def _one_of_a_defined_pair(name: str, text: str, cues: list[Cue]) -> bool:
    """`name` is one of two contributions spelled out and coordinated in one phrase: the
    work is both (or a third thing its title names), neither alone. (Of the 22 names so
    chosen on the development lists and held-out samples 47–142, none was the title's
    name: 2 another name than the title's, FastAno's SRT and LRA&LDRA's LRA; 2 spelled out
    by a title that names nothing, QCA and SAN; 18 on titles that neither name nor spell
    them.)"""
    defined = {c.name for c in cues if c.defined and c.expansion}
    if name not in defined:
        return False
    for first in defined:
        at = text.find(f"({first})")
        while at >= 0:
            pair = _AND_ANOTHER_DEFINED.match(text, at + len(first) + 1)
            if pair and pair.group("other") in defined and name in (first, pair.group("other")):
                return True
            at = text.find(f"({first})", at + 1)
    return False


# A contribution's kind and what it is for, right before a lowercase long form: "a method
# for multi-class sketch-based image generation (MC-SBIG)", "the first work on performing
# automatic video transitions recommendation (VTR)", "algorithms for approximating maximin
# share (MMS)". (Not "of": "a method of interchange intervention training (IIT)" names the
# method itself.)
_KIND_FOR = re.compile(rf"\b(?:{_KIND_WORDS}|work)s?\s+(?:for|on|to|towards)\s+"
                       r"(?:(?!called|named|termed|dubbed|coined)[a-z][\w-]*\s+){0,3}$", re.I)
# ... while a long form that says how is the method's: "a … framework for fair empirical
# risk minimization based on f-divergence measures (f-FERM)".
_MEANS_IN_FORM = re.compile(r"\b(?:based\s+on|via|using|with|by)\b", re.I)
# The task itself, spelled out: "we propose the task of multimodal conversational query
# rewrite (McQR)", "the problem of learning from label proportions (LLP)".
_TASK_OF = re.compile(r"\b(?:task|problem)s?\s+of\s+(?:[a-z][\w-]*\s+){0,3}$", re.I)


# What an acronym's definition goes on to say it is: "Referring Expression Generation (REG)
# is the task of generating …", "(GRNI) is a challenging problem" (of 48 such acronyms on
# the development lists and held-out samples 47-89, none was the title's name).
_IS_A_TASK = re.compile(r",?\s+(?:is|are|refers\s+to)\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,3}?"
                        r"(?:task|problem)s?\b", re.I)


# A long form whose head is a task or problem, in lowercase ("an Imitation from
# Observation problem (IfO)"; not "generative transformers for this task (GTT)", a method
# for one, nor the made-up "Sub-Scale Collaboration On Unseen Tasks (SCOUT)").
_TASK_WORD_LAST = re.compile(r"(?<!\bthis)(?<!\bthe)(?<!\bthese)\s(?:task|problem)s?$")


def _names_the_task(name: str, text: str, cues: list[Cue]) -> bool:
    """`name` is spelled out only in plain lowercase as what a contribution is for: the
    task (or problem) the method addresses, which its authors name, not the method. (Of
    the names so chosen on the development lists and held-out samples 47–82, none was
    the title's: 2 were other than the title's name, 7 a task or property the title does
    not name, 1 the method, "a method for the emergence of individuality (EOI)". "The task
    of …" changed one name of samples 47–86, McQR for McQueen, the title's.) So does a
    definition that goes on to say the acronym is a task or a problem (`_IS_A_TASK`)."""
    spelled = [c for c in cues if c.name == name and c.defined and c.expansion]
    for cue in spelled:
        if _TASK_WORD_LAST.search(cue.expansion):  # "an Imitation from Observation problem (IfO)"
            return True
        closing = text.find(f"({name})", cue.start)
        if closing >= 0 and _IS_A_TASK.match(text, closing + len(name) + 2):
            return True
    return bool(spelled) and all(
        _all_lowercase(c.expansion) and not _MEANS_IN_FORM.search(c.expansion)
        and (_KIND_FOR.search(text, max(0, c.start - 80), c.start)
             or _TASK_OF.search(text, max(0, c.start - 80), c.start))
        and not _NAMES_THE_HEAD.match(text, text.find(f"({name})", c.start) + len(name) + 2)
        for c in spelled)


# The acronym between a long form and the noun it qualifies names the things that noun
# says: "a framework for training generalized locomotion (GenLoco) controllers" (held-out
# CoRL 2022) names the controllers, not a task.
# (Not a benchmark, a dataset or an environment: "on four multi-source domain adaptation
# (MSDA) benchmarks" names their task.)
_NAMES_THE_HEAD = re.compile(
    r"\s+(?:method|framework|approach|algorithm|model|system|technique|architecture|agent"
    r"|pipeline|optimizer|planner|loss|estimator|strategy|scheme|module|network|solver"
    r"|controller|polic(?:y|ie)|encoder|decoder|layer|block)s?\b", re.I)


def _all_lowercase(long_form: str) -> bool:
    """No capital and no digit in it: a plain phrase ("the 6D friction cone (6DFC)", which
    a method for calculating it is named after, is not)."""
    return not any(char.isupper() or char.isdigit() for char in long_form)


# What a name built on another adds to it: "SPIDER-SFO", "STanHop-Net", "PFGM++",
# "BigNASModels" (the model family BigNAS found, held-out ECCV 2020).
_EXTENSION = re.compile(r"-[^\W_].*|Net|Models?|\+\+?", re.S)


def _base_of(name: str, likely: Mapping[str, float]) -> str | None:
    """The name `name` extends, when that one is likely a name of the abstract's own too
    (`likely`: the candidates past the threshold): "we propose … (SPIDER) … Combining
    SPIDER with …, we propose SPIDER-SFO" is titled SPIDER, as "STanHop-Net" is
    STanHop's (on the development lists and samples 12–42, each time both passed the
    threshold the title named the base: 3 of 3; an extension whose base did not pass,
    GNN-FiLM, PFGM++, HAWQ-V3, is titled whole). `best_name` takes the base only when it is
    said alone first or as often (`_base_said_first_or_more`)."""
    found = [base for base in likely if base != name and name.startswith(base)
             and _EXTENSION.fullmatch(name, len(base))]
    return max(found, key=len) if found else None


def _base_said_first_or_more(base: str, name: str, text: str) -> bool:
    """`base` is said alone before `name` or at least as often: the thing built on ("we
    propose BigNAS, an approach … Our discovered model family, BigNASModels"), or the one
    the abstract is about ("At the heart of our approach is STanHop", said alone four
    times beside three STanHop-Net), not a part it names in passing ("we propose a novel
    graph Transformer … (LGI-GT) … the proposed LGI scheme", held-out IJCAI 2023: five
    LGI-GT, then one LGI)."""
    alone, extended = _token_positions(text, base), _token_positions(text, name)
    return bool(alone) and (not extended or alone[0] < extended[0]
                            or len(alone) >= len(extended))


def _is_project(name: str, projects: Mapping[str, str]) -> bool:
    """`name` is a code link's project, one of them said in the plural: the prose's
    "we construct HBONets" is github.com/x/HBONet's."""
    key = name.casefold()
    return key in projects or key.removesuffix("s") in projects \
        or f"{key}s" in projects


_UNCUED, _COUNT = FEATURES.index("uncued"), FEATURES.index("count")
# A name the development lists use widely, as what a new thing is made of: "a novel LSTM
# model", "a new ConvNet architecture" (held-out CVPR 2016, titled Visual7W): prior work
# the new kind is built on, not its name (of the 4 such names chosen on the development
# lists and samples 47-99, none was a title's).
_KNOWN, _NEW_KIND_MODIFIER = FEATURES.index("known"), FEATURES.index("new_kind_modifier")
_LONG_KNOWN, _LONG_SAID = FEATURES.index("long_known"), FEATURES.index("long_said")
_CITED, _DEFINED = FEATURES.index("cited"), FEATURES.index("defined")
# What makes a name said once the abstract's own though nothing introduces it: it makes
# a claim ("SinFusion outperforms"), it is the authors' kind ("our model, CLAMP") or new
# ("the proposed AdRIL"), or it is the code's project.
_VOUCHING = tuple(FEATURES.index(feature) for feature in (
    "claim_subject", "kind_of_ours", "after_new", "project", "in_link"))


def _unvouched(vector: list[float]) -> bool:
    """Said once, introduced by nothing and vouched for by nothing: "We also provide the
    MATLAB code", "a multi-sensor fusion SLAM", "a tactile sensor GelSight". Of such
    names the development lists' and held-out samples' abstracts chose, most were a
    tool, a field or prior work; a name of the abstract's own is introduced, said again,
    or vouched for (_VOUCHING)."""
    return bool(vector[_UNCUED]) and vector[_COUNT] <= math.log1p(1) + 1e-9 \
        and not any(vector[i] for i in _VOUCHING)


# A long form that is itself one made-up token: a capital, then a hyphen or a capital
# inside ("Think-on-Graph", "Correct-N-Contrast", "AutoGAN-Distiller").
_TOKEN_NAME = re.compile(r"[A-Z][^\W_]*(?:-[^\W_]+)+|[A-Z][^\W_]*[a-z0-9][A-Z][^\W_]*")


def spelled_name(name: str, definitions: Iterable[tuple[str, str]]) -> str:
    """The form to give a chosen name: the one-token long form an abstract spells it out
    as ("Think-on-Graph (ToG)" gives Think-on-Graph: a name spelled out as a name; the
    development lists' titles use that form each of the 6 times they name such a pair),
    else the name itself. Only an unambiguous long form of 40 characters at most."""
    forms = {long for short, long in definitions
             if short == name and len(long) <= 40 and _TOKEN_NAME.fullmatch(long)}
    return forms.pop() if len(forms) == 1 else name
