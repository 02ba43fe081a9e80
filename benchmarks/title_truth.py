"""What counts as right for a derived name and title, measured against a list's real titles.

Shared by the evaluation (`python -m benchmarks.titles`) and the name model's training
(`python -m benchmarks.train_names`), so both judge by the same definitions:

- **True name.** A real title "NAME: rest" whose part before the first colon is one token
  (no space; "GraphCleaner", "Fed-CBS", "E(3)-Net") with a letter in it names the method.
  Titles whose part before the colon has several words ("Deep Sets: …", "Rethinking X: …")
  do not count: they are slogans as often as names. A paper is *findable* when that name
  occurs in its abstract as a whole token (case-insensitively); recall is reported over
  findable papers (an abstract that never says the name cannot yield it) and over all.
- **Wrong name.** A derived name that is not the true one: for a paper with a true name,
  any other name; for a paper without one, a name its real title neither contains
  ("Learning to Sort with FooNet" confirms "FooNet") nor spells out as initials
  ("Intermediate Layer Optimization for …" confirms "ILO"), for names that look made
  up (a capital after the first letter, or a digit). Over all papers. This is
  strict: an abstract that introduces a name its title never mentions counts as wrong.
- **Sentence-like title.** See `sentence_like`: a general detector of clause openings
  (with the abstract: a title opening with its authors' verb, "Show that …"), checked on
  the real titles too (they should almost never trip it).
- **Cut title.** Ends with "…", with a word that cannot end a phrase (an article,
  preposition, conjunction, pronoun or auxiliary), with an appositive of a word or two
  ("X, a method") or with a participle after a noun ("… environments designed"): see
  `cut`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# One token before the first colon, then the rest.
_NAME_TITLE = re.compile(r"^\s*(?P<name>[^\s:]+)\s*:\s*\S")
_TOKEN_EDGE = r"(?<![\w-])({})(?![\w-])"

# Words that open a clause rather than a noun phrase when they start a title: pronouns and
# determiners that point back into the text ("This heterogeneity…"), subordinators and
# sentence adverbs ("By carefully…", "However…"), and the article-less "In this/these".
_CLAUSE_OPENERS = frozenset(re.split(r"\s+", """
we our us i my you your it its they their them he she his her this these those that there
here such by as while whereas although though because since if unless when whenever once
however moreover furthermore additionally also thus hence therefore consequently finally
recently specifically notably importantly instead yet so but and or nor then first second
third lastly overall together unlike despite due although given
""".strip()))
_ORDINALS = frozenset({"first", "second", "third"})
# "In this paper…", "To this end…", "For this…", "At the same time…": a preposition
# followed by a pointing word is an adverbial, not the head of a noun phrase.
_ADVERBIAL_OPENING = re.compile(
    r"^(?:in|to|for|at|on|with|from|under|of|after|before|through|within|among)\s+"
    r"(?:this|these|that|those|our|such|which|what|it|its|addition|particular|contrast"
    r"|general|practice|summary|short|order|turn|doing|recent|the\s+(?:same|last|past|end))\b",
    re.I)
# A finite verb of the sentence's own ("… models are vulnerable", "… can be improved",
# "we show"): auxiliaries, modals and a subject pronoun with a verb.
_FINITE = re.compile(
    r"(?<![\w-])(?:is|are|was|were|has|have|had|does|do|did|can|cannot|could|may|might"
    r"|must|shall|should|will|would|remains|remain|becomes|become|seems|seem)(?![\w-])"
    r"|(?<![\w-])(?:we|they|it)\s+\w+", re.I)
_RELATIVE = re.compile(r"(?<![\w-])(?:that|which|who|whom|whose|where|when|whereby)(?![\w-])",
                       re.I)
# The judge's own patterns, kept apart from index/ingest/phrases.py on purpose (as its
# clause openers are): a detector that imported the rule it judges would share its bugs.
# Prepositions and verb particles: a phrase they open is no noun phrase.
_PARTICLES = frozenset(re.split(r"\s+", """
upon up out forth off down onto into about around away back along across against
""".strip()))
# "we (then) (theoretically and empirically) W": W is the authors' verb in this abstract.
_AUTHORS_VERB = (r"\bwe(?:\s+(?:\w+ly|also|then|further|first|here|now|instead|thus|therefore"
                 r"|next|finally|and))*\s+{}(?![\w-])")
# Words a phrase cannot end on.
_DANGLING = frozenset(re.split(r"\s+", """
a an the of to for in on at by with from into onto over under via and or nor but as that
which who whose whom where when while than then its their our his her this these those
such is are was were be been being has have had can could may might must should will would
both each either every not no very more most less least between among through without
across towards toward upon per using based including whether if
because although though unless whereas so
""".strip()))
# Idioms a phrase cannot end on either: each needs the word after it ("with respect to",
# "in order to", "in terms of", "due to", "as well as", "according to").
_DANGLING_IDIOM = re.compile(
    r"(?<![\w-])(?:with respect|in order|in terms|due|as well|according)\W*$"
    # ... and a preposition's noun that needs its "of": "in the presence", "through the
    # lens", "for the problem", "from the perspective", "under a variety"
    r"|(?<![\w-])(?:in|on|at|by|with|under|for|through|to|from|into|over|across|via)\s+"
    r"(?:the|a|an)\s+(?:presence|absence|context|number|lens|form|set|problem|amount|class"
    r"|family|variety|range|case|sense|course|light|face|basis|lack|use|role|sum|size|order"
    r"|framework|notion|perspective|help|cost|expense|sake|means|aim|goal|objective|hope"
    r"|intention|way)\W*$",
    re.I)
_ARTICLES = ("a", "an", "the")
# A participle that needed what was cut after it ("… environments designed", "… an
# algorithm inspired"): lowercase, after a noun (past an adverb), not "… are trained".
_DANGLING_PARTICIPLE = re.compile(
    r"(?P<before>[\w'’]+(?:-[\w'’]+)*)[\s,]+(?:[a-z]+ly\s+)?[a-z][a-z-]+(?<!e)ed$")
_BEFORE_A_VERB = frozenset(re.split(r"\s+", """
is are was were be been being get gets got has have had when where if once as can could
may might will would should must not also already often which that who whom first
""".strip()))
_DANGLING_APPOSITIVE = re.compile(r",\s+(?:a|an|the)(?:\s+[\w-]+){1,2}$", re.I)
# One lowercase word after a comma, ending a title: the first word of what the comma set
# off ("… for a fixed predictor, crucial" of "crucial to …", "a simple, iterative" of
# "…, sketching-based algorithm"); "…, respectively" ends a sentence.
_ONE_WORD_SET_OFF = re.compile(r",\s+(?!respectively\b)[a-z][a-z-]*$")  # (not "openEASE")
_FIRST_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_LAST_WORD = re.compile(r"([^\W_][\w'’-]*)\W*$")


def true_name(title: str | None) -> str | None:
    """The name a real title gives its method ("NAME: rest"), or None."""
    match = _NAME_TITLE.match(title or "")
    if match is None:
        return None
    name = match.group("name").strip("\"'“”‘’")
    return name if re.search(r"[^\W\d_]", name) else None


def mentions(text: str, name: str) -> bool:
    """`name` occurs in `text` as a whole token, case-insensitively."""
    return re.search(_TOKEN_EDGE.format(re.escape(name)), text, re.I) is not None


def confirms(title: str, name: str) -> bool:
    """A real title without "NAME:" confirms a derived name it contains or spells out,
    when the name looks made up (a capital after its first letter, or a digit): a title
    with "Gaussian" or "state-of-the-art" in it confirms no name."""
    made_up = re.search(r"^.+[A-Z0-9]", name) is not None and not name[:1].islower()
    return made_up and (mentions(title, name) or spells(title, name))


def spells(title: str, acronym: str) -> bool:
    """The initials of consecutive words of `title` spell `acronym` (its capitals and
    digits), function words skippable: "Differentiable Cell Complex Module" spells DCM,
    "Dataset Condensation with Contrastive Signals" spells DCC."""
    letters = [c.lower() for c in acronym if c.isupper() or c.isdigit()]
    if len(letters) < 2:
        return False
    words = re.findall(r"[^\W_]+", title)
    for start in range(len(words)):
        k, i = 0, start
        while i < len(words) and k < len(letters):
            if words[i][0].lower() == letters[k]:
                k += 1
            elif words[i].lower() not in _DANGLING:
                break
            i += 1
        if k == len(letters):
            return True
    return False


def same_name(derived: str | None, truth: str,
              definitions: Iterable[tuple[str, str]] = (), *, plurals: bool = True) -> bool:
    """The derived name is the title's, or the abstract spells one out as the other: a
    title "Think-on-Graph: …" is named by "ToG" when the abstract says "Think-on-Graph
    (ToG)" (the derived title then reads "ToG: Think-on-Graph"), and a title "MoE: …" by
    "Mixture of Experts" defined as MoE. Without `definitions`, only the same name, in
    any case, as typeset or plain (`_name_key`), or (with `plurals`) its plural or
    singular: right for a derived name, but the model is trained on the form the title
    uses (of "Synthesizer" and "Synthesizers" in one abstract, the title's)."""
    if derived is None:
        return False
    pair = {_name_key(derived), _name_key(truth)}
    return len(pair) == 1 or (plurals and _plural_of(*pair)) or any(
        {_name_key(short), _name_key(long)} == pair for short, long in definitions)


# A superscript typed in a plain-text title ("HMD^2", "X^{2}"), and the hyphens, dashes
# and spaces a name is written with ("U–ARE–ME", with en dashes, is the abstract's
# "U-ARE-ME"; "R2E-Gym" its "R2EGym").
_TYPED_SUPERSCRIPT = re.compile(r"\^\{?(\w+)\}?")
_JOINERS = re.compile(r"[-\s\u2010-\u2015\u2212]")


def _name_key(name: str) -> str:
    """A name as compared: case folded, and its letters' compatibility forms ("D²Match",
    as an abstract's "D$^2$Match" renders, is the title's "D2Match" and "D^2Match"; "ﬁ"
    is "fi"), small capitals as letters (an abstract's "iFᴀᴄᴇᴛSᴜᴍ" is the title's
    "iFacetSum"), without its hyphens, dashes or spaces (an abstract's "R2EGym" is the
    title's "R2E-Gym", its "Puzzle Mix" the title's "PuzzleMix")."""
    name = _JOINERS.sub("", _TYPED_SUPERSCRIPT.sub(r"\1", name))
    return "".join(map(_small_capital_letter, unicodedata.normalize("NFKC", name))).casefold()


def _small_capital_letter(char: str) -> str:
    """ᴀ (LATIN LETTER SMALL CAPITAL A) as a; any other character as it is."""
    name = unicodedata.name(char, "") if not char.isascii() else ""
    prefix = "LATIN LETTER SMALL CAPITAL "
    return name[-1] if name.startswith(prefix) and len(name) == len(prefix) + 1 else char


def _plural_of(*pair: str) -> bool:
    """One name is the other's plural: a title "Brainformers: …" names the model its
    abstract calls "a complex block, named Brainformer" (a name of one letter is no
    plural's stem)."""
    if len(pair) != 2:
        return False
    short, long = sorted(pair, key=len)
    return len(short) >= 2 and long == f"{short}s"


def sentence_like(title: str, abstract: str | None = None) -> bool:
    """The title opens or is a clause, not a noun phrase.

    General signs: the first word opens a clause (a pronoun, a pointing determiner, a
    subordinator or sentence adverb) or is a preposition or verb particle ("Upon …" of
    "we build upon", "Forth …" of "we put forth"); the title opens with an adverbial ("In
    this paper", "To this end"); the title carries a finite verb of its own (an auxiliary
    or modal, or a subject pronoun with its verb); or, given the `abstract`, the title
    opens with a word its authors use as their verb ("Show that …" from "we show that",
    "Analyze how …" from "we empirically analyze how"): a clause that lost its subject.
    The part after "NAME: " is judged.
    """
    text = title.split(": ", 1)[1] if re.match(r"[^\s:]+: ", title) else title
    first = _FIRST_WORD.search(text)
    if first is None:
        return False
    word = first.group().lower()
    # (an ordinal opens a clause set off by its comma, "Second, we …"; "Second Order
    # Difference Adjustments", "First-order methods" are noun phrases)
    ordinal = word in _ORDINALS and text[first.end():first.end() + 1] != ","
    if (word in _CLAUSE_OPENERS and not ordinal) or word in _PARTICLES \
            or _ADVERBIAL_OPENING.match(text):
        return True
    if abstract is not None and first.start() == 0 and word not in _ARTICLES and re.search(
            _AUTHORS_VERB.format(re.escape(word)), abstract, re.I):
        return True
    # A verb inside a relative clause ("A method that can …") belongs to the noun phrase.
    main = _RELATIVE.split(text, maxsplit=1)[0]
    return _FINITE.search(main) is not None


def cut(title: str) -> bool:
    """The title ends with "…", on a word no phrase ends on ("… of the", "… and",
    "… because") or an idiom cut from its word ("… with respect", "… in order", "… in the
    presence"), or on
    an appositive of a word or two that lost what it said ("Message Passing Networks, a
    method" of "…, a method for Y"; after a one-word head it is the phrase's content), on
    one lowercase word after a comma ("…, crucial" of "…, crucial to X"), or on a
    participle that lost its complement ("… environments designed" of "designed to …")."""
    if title.rstrip().endswith(("…", "...")):
        return True
    dangling = _DANGLING_APPOSITIVE.search(title)
    if dangling and " " in title[:dangling.start()].split(": ", 1)[-1]:
        return True
    if _ONE_WORD_SET_OFF.search(title):
        return True
    participle = _DANGLING_PARTICIPLE.search(title)
    if participle and participle.group("before").lower() not in _BEFORE_A_VERB:
        return True
    last = _LAST_WORD.search(title)
    return last is not None and last.group(1).lower() in _DANGLING or \
        _DANGLING_IDIOM.search(title) is not None
