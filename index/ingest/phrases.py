"""Noun phrases from an abstract's own words, for titles of abstracts that came without one.

A title reads as a noun phrase ("A fast solver for sparse systems"), never as a sentence
("We propose …", "This gap …", "Graph transformers have been …"), and never stops inside a
phrase. So a phrase is taken from where an abstract names its contribution ("we propose
X", "this paper studies X", "our main result is X"), else from the subject of its first
sentence, and shortened only at phrase boundaries: before a preposition, a relative
pronoun or a conjunction, at a comma — where what remains is a whole noun phrase.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

from .scan import WordStarts, matches_at

# Words that open a clause, not a noun phrase: pronouns and pointing determiners ("This
# gap …" points back into a text a title does not have), subordinators, sentence adverbs.
CLAUSE_OPENERS = frozenset(re.split(r"\s+", """
we our us i you it its they their them he she this these those that there here such by as
while whereas although though because since if unless when once however moreover
furthermore additionally also thus hence therefore consequently finally recently
specifically notably importantly instead yet so but and or nor then first second third
lastly overall unlike despite given to in for with from at on of due owing
upon up out forth off down onto into about around away back along across against together
""".strip()))
# Prepositions and verb particles (the last line) open no noun phrase either: "we build
# upon X" and "we put forth X" are not to give "Upon X", "Forth X"; nor "consists of
# having two robots …" "Of having two robots", "Due to the fast camera motion, …" its
# reason.
_FINITE = re.compile(
    r"(?<![\w-])(?:is|are|was|were|has|have|had|does|do|did|can|cannot|could|may|might"
    r"|must|shall|should|will|would|remains|remain|becomes|become|seems|seem|we|they)(?![\w-])",
    re.I)
_RELATIVE = re.compile(r"(?<![\w-])(?:that|which|who|whom|whose|where|when|whereby)(?![\w-])",
                       re.I)
# Where a phrase may end: before these words what precedes is a whole noun phrase. Before
# "and"/"or" or at a comma it may not be ("a propose, evaluate, and correct loop"), so
# those are used only when there is no other boundary.
_BOUNDARY_BEFORE = re.compile(
    r"\s(?=(?:that|which|who|whose|where|with|through|via|by|for|in|on|to|from|without"
    r"|using|across|under|over|into|while|at|based|as|of|beyond|towards|toward"
    r"|against|between|among|within|given|than)(?![\w-]))", re.I)
_WEAK_BOUNDARY = re.compile(r"\s(?=(?:and|or)(?![\w-]))|,\s", re.I)
_CLAUSE_BOUNDARY = re.compile(
    r",\s+(?:(?:in|for|by|through|under|with)\s+which|where|which|while|whereby|thereby|thus|then"
    r"|but|namely|i\.e\.|e\.g\.|that\s+is(?=[,:])"
    r"|and\s+(?:we|it|its|this|these|those|the|our|then|thus)\b"
    # (not "sketching-based", a compound adjective, nor "modeling, and", a listed noun)
    r"|\w+ing(?![\w-])(?!,|\s+(?:and|or)\s+(?!\w+ing\b)))"
    # "… by training adversarial policies": how the verb is done, not part of its object.
    r"|\s(?:by|through|via|while|when|after|before|without|thereby)\s+\w+ing\b"
    # ("!" before a lowercase word is a name's: "the OMG-CMDP! algorithm", HOGWILD!)
    # (nor a full stop before a lowercase word: an abbreviation's, "w.r.t. the uniform
    # distribution", "posed by Abbe et al. concerning")
    r"|[;:]\s|\s[—–]\s|—|\s\(|\.\s(?![a-z])|\.$|\?|!(?!\s+[a-z])|\.[’”\"']\s"
    # a full stop that lost its space ("… data.It consists"), not one inside a name or an
    # abbreviation ("Node.js", "e.g.", "U.S.")
    r"|(?<=[a-z]{2})\.(?=[A-Z][a-z]+\s)")
_PARENTHESES = re.compile(r"\s*\([^()]*\)")
# A parenthesis glued to what comes before it is mostly math's or a function's, "E(3)",
# "O(d√T)", "f(x)", "poly(n)", and stays; glued to a word of prose, a word or acronym in
# it is a remark still: "Gradient Descent(SGD)", "CNN(convolutional neural networks)".
_WORD_BEFORE = re.compile(r"[\w'’-]*$")
_TWO_LETTERS = re.compile(r"[^\W\d_]{2}")
# A parenthesis that is itself what a preposition or "and" takes ("the results of (Auer et
# al., 2019) and (Chen et al., 2019)"): dropped, it would leave "the results of and".
# (words, as a citation or a qualifier is: "(Auer et al., 2019)", "(stochastic)"; not an
# enumeration's "(i)" nor a figure's "(1-8%)")
_WORDS_INSIDE = re.compile(r"[^\W\d_][\w\s.,&'’-]+")
_ENUMERATOR = re.compile(r"[ivx]+|[a-z]", re.I)
_TAKEN_BY_WORD = re.compile(r"(?:^|\s)(?:of|by|in|on|with|from|to|and|or|see)$", re.I)


def without_parentheses(text: str) -> str:
    """`text` without its parenthetical remarks ("(LLMs)", "(see below)"), except that
    one a preposition or "and" takes is kept, its brackets dropped."""
    if "(" not in text:
        return text

    def drop(match: re.Match) -> str:
        inner = match.group().strip()[1:-1]
        if match.group()[0] == "(" and match.start() > 0:  # glued
            word = _WORD_BEFORE.search(text, max(0, match.start() - 40), match.start())
            if text[match.start() - 1] in "^_" or sum(c.isalpha() for c in word.group()) < 3 \
                    or not _TWO_LETTERS.search(inner):  # (x^(…), min_(…): a script's)
                return match.group()
        if _WORDS_INSIDE.fullmatch(inner) and not _ENUMERATOR.fullmatch(inner) and \
                _TAKEN_BY_WORD.search(text, max(0, match.start() - 6), match.start()):
            return " " + inner
        return ""
    return _PARENTHESES.sub(drop, text)


_JUNK_WORDS = re.split(r"\s+", """
a an the and or of to with for in on by that which as its both their our this these such
from at via into than is are be can we without across under over through between among
within using towards toward against upon including where when while whose who whether how
based not no more most very because although though unless whereas so due according but nor
each every either those especially particularly notably namely capable able even a.k.a aka
apart regardless irrespective aiming relying depending focusing pertaining corresponding
belonging respectively
""".strip())
# Idioms cut from the word they need: "with respect (to)", "in order (to)", "as well (as)",
# "make use (of)", "take advantage (of)".
_CUT_IDIOMS = ("with respect", "in order", "in terms", "as well", "make use", "makes use",
               "making use", "take advantage", "takes advantage", "taking advantage",
               "by means", "on top", "in front", "in spite", "in addition", "with regard",
               "in light", "in place", "in favor", "in favour", "as opposed", "be used",
               "in support", "in response", "on behalf", "in conjunction", "in accordance",
               "in comparison", "by virtue", "in search", "in pursuit", "ahead", "so long",
               "as long")
# Nouns that are nothing without their "of …", after a preposition and an article: "in
# the presence (of)", "through the lens (of)", "for the problem (of)", "to a set (of)".
# (After a verb they are its object: "for solving the problem" keeps it, or the verb
# would dangle.)
_OF_PREPOSITIONS = ("in", "on", "at", "by", "with", "under", "for", "through", "to", "from",
                    "into", "over", "across", "via", "among", "within", "upon")
_OF_NOUNS = re.split(r"\s+", """
presence absence context number lens form set problem amount class family variety range case
sense course light face basis lack use role sum size order task setting framework notion
question perspective spirit help cost expense sake name means area field domain regime scope
limit end purpose emergence existence identification application aim goal objective hope
intention way
""".strip())
_JUNK = [*_JUNK_WORDS, *(idiom.replace(" ", r"\s+") for idiom in _CUT_IDIOMS),
         r"(?:" + "|".join(_OF_PREPOSITIONS) + r")\s+(?:the|a|an)\s+(?:"
         + "|".join(_OF_NOUNS) + ")"]
# One separator at a time: a run of them repeated ("(?:[,.]+)+") takes exponential time to
# fail on a long run of commas followed by a word (30 commas: minutes).
# (Chinese and Japanese punctuation too: "…研究。" is a title without its full stop.)
_TRAILING_JUNK = re.compile(
    r"(?:[\s,;:.!?—–(。，、；：！？．-]|\s+(?:" + "|".join(_JUNK) + "))+$", re.I)
# tidy() searches only the end of a long text: the junk pattern is tried at every character.
_JUNK_TAIL = 64
# A match ends the text (at its very end: tidy strips it first), with a separator or with
# the last word of a junk item, after white space. A text ending otherwise has no junk, and
# tidy skips the search (tried at every character, a tenth of titling's time).
_JUNK_SEPARATORS = frozenset(",;:.!?—–(。，、；：！？．-")
_JUNK_ENDINGS = frozenset(item.split()[-1] for item in (*_JUNK_WORDS, *_CUT_IDIOMS, *_OF_NOUNS))
# Letters re.IGNORECASE equates with an ASCII one that lower() leaves apart (ı and ſ with
# i and s; İ lowers to two characters): a last word with one is searched.
_ODD_CASE = ("ı", "ſ", "İ")
# The longest text one junk item matches (single spaces).
_JUNK_WORD_LONGEST = max(*map(len, _JUNK_WORDS), *map(len, _CUT_IDIOMS),
                         max(map(len, _OF_PREPOSITIONS)) + len(" the ")
                         + max(map(len, _OF_NOUNS)))

# What an abstract calls the work it is about ("this paper", "our study", "this
# manuscript"); each pattern below adds the words of its own.
DOCUMENT_NOUNS = "paper|work|study|article|manuscript"
# The authors, "I" too: a single author's abstract says "I prove …" (held-out COLT 2016).
# (a robotics venue's "This letter presents X", a video track's "This video presents X")
# ("the video summarization task" is no video of the authors')
_AUTHORS = (rf"\b(?:we|(?-i:I)|(?:this|the|our) (?:{DOCUMENT_NOUNS}|note)"
            r"|(?:this|our) (?:letter|video))")
# A question a verb takes, no object a title can be: "we examine under which conditions
# X are identifiable", "we study which modules forget".
_EMBEDDED_QUESTION = r"(?:under|in|for|at|on|by|from|with|to)\s+(?:which|what|whom)\b|which\b"
# Right after a verb of making, singular or plural (a lookbehind each: they differ in width).
_AFTER_MAKING_VERB = "|".join(f"(?<={verb}{ending})" for verb in (
    "present", "propose", "introduce", "develop", "design", "describe") for ending in ("", "s"))
_CONTRIBUTION = re.compile(
    _AUTHORS +
    r"(?:\s+(?:\w+ly|instead|further|first|also|then|here|now|therefore|thus))?\s+"
    # ("we address this limitation by introducing X": X, what the answer introduces)
    # (or "we propose to address these questions by studying X")
    r"(?:(?:(?:propose|aim|seek|try|attempt)s?\s+to\s+)?"
    r"(?:address|tackle|solve|overcome|mitigate|alleviate|resolve|fill|bridge)(?:es|s)?"
    r"\s+(?:[\w-]+\s+){1,4}?by\s+(?:\w+ly\s+)?(?:introducing|proposing|developing|presenting"
    r"|designing|building|constructing|devising|formulating|deriving|studying|analy[sz]ing"
    r"|investigating|examining|characteri[sz]ing)"
    r"|(?:present|propose|develop|introduce|derive|investigate|analy[sz]e|provide|examine"
    r"|explore|revisit|consider|design|give|establish|obtain|offer|formulate|address|tackle"
    r"|initiate|describe|characteri[sz]e|construct|devise|build|prove|report|focus(?:es)? on"
    # ("We present in this work the first …": what the authors make, past the adverbial;
    # not "we consider in this paper the problem of …", which a later "we propose" betters)
    r"|put(?:s)? forward)s?|stud(?:y|ies))(?:\s+here"
    rf"|(?:{_AFTER_MAKING_VERB})\s+in\s+this\s+(?:work|paper|study|article|letter|note))?\s+"
    r"(?!that\b|how\b|whether\b|why\b|what\b|when\b|to\s|and\s|it\b|them\b|this\b|"
    + _EMBEDDED_QUESTION + r"|these\b|\(?(?:\d|i+)\))", re.I)
_NOT_AN_OBJECT = (r"(?!" + _EMBEDDED_QUESTION +
                  r"|that\b|how\b|whether\b|why\b|what\b|when\b|to\s|and\s|it\b|them\b"
                  r"|this\b|these\b|us\b|ourselves\b|\(?(?:\d|i+)\))")
# "we attack X", "this paper employs X", "this work is concerned with X": any verb of the
# authors' own with an object; verbs that take a clause ("we find that") are kept out by
# what may follow, modals and auxiliaries by name.
_AUTHORS_VERB = re.compile(
    _AUTHORS + r"(?:\s+\w+ly)?\s+"
    r"(?:is concerned with|is about|is (?:devoted|dedicated) to|deals? with"
    r"|(?!(?:can|could|may|might|will|would|should|must|are"
    r"|is|have|has|had|were|was|do|does|did|need|want|aim|hope|try|tries|believe"
    r"|argue|conjecture|note|observe|conclude|then|also|not"
    # (these take a clause, "we show that …", or an object: "we show a simple algorithm";
    # "we find a …" is rather a finding than the work's claim)
    r"|find|(?:show|prove|demonstrate)(?!s?\s+an?\s)"
    r"|first|further|here|hereafter|thereafter|herein"
    # ("In this paper we demonstrate X": "we" is the subject, not a verb of "this paper")
    r"|we)\b)[a-z]+)\s+" + _NOT_AN_OBJECT, re.I)
_MAIN_RESULT = re.compile(
    r"\bour (?:main|key|central|first) (?:result|contribution|finding)s? (?:is|are) (?!that\b)",
    re.I)
# "The main contribution of this paper is X": X, where no tier before found the authors'
# own words for it (the subject tier would give "The main contribution of this paper").
_PAPERS_CONTRIBUTION = re.compile(
    r"\bthe (?:main|key|central|primary) contributions? of (?:this|the|our) (?:paper|work"
    r"|study|article) (?:is|are) (?!that\b|[a-z]+ing\b)", re.I)  # (not "is showing that …")
# "and" (after a comma, perhaps), an adverb perhaps, then one of `{}`'s verbs.
_AND_VERB = r"\s(?:,\s*)?and\s+(?:\w+ly\s+)?(?:{})s?\b"
_COMPOUND_PREDICATE = re.compile(
    _AND_VERB.format("introduce|propose|present|develop|show|prove|analy[sz]e|study"
                     "|investigate|derive|provide|establish|demonstrate|evaluate|use|apply"
                     "|design|find|obtain|give|conjecture|argue|discuss|illustrate|implement"
                     "|address|aim|seek|begin|try|attempt|strive") +
    # "X, and applies it to …", "X showing it …": a verb of the authors' with its object.
    r"|\s(?:,\s*)?(?:and\s+)?(?:\w+ly\s+)?[a-z]+(?:s|ing)\s+(?:it|them|its|their|how|why)\b"
    # "X and add it to the model": after "and", a word whose object is "it" is a verb
    r"|\s(?:,\s*)?and\s+(?:\w+ly\s+)?[a-z]+\s+(?:it|them)\b"
    # ... and after a comma ("the notion of Democratic AI, define it mathematically")
    r"|,\s+(?:\w+ly\s+)?(?!and\s|or\s)[a-z]+\s+(?:it|them|how|why|whether)\b"
    # "we revisit X through a novel lens, derive a generalisation …": a verb of the
    # authors' after a comma, with its object's determiner
    r"|,\s*(?:introduce|propose|present|develop|show|prove|analy[sz]e|study|investigate"
    r"|derive|provide|establish|demonstrate|evaluate|design|obtain|give)\s+"
    r"(?:a|an|the|new|novel|its|their|our)\b",
    re.I)
# More verbs of the authors' after "and" ("X, and offers guidance", "X and identify the
# atomic corruptions"), which may also join two verbs of a relative or an infinitive
# clause ("a framework that unifies and extends …", "to review and discuss …"): a phrase
# ends at one only where neither comes before it.
_OPEN_AND = re.compile(r"\s+and,\s+[^,]*$")
_LATER_PREDICATE = re.compile(_AND_VERB.format(
    "offer|summari[sz]e|discuss|explore|identify|suggest|conduct|compare|examine"
    "|characteri[sz]e|discover|reveal|achieve|extend|improve|exemplify|illustrate|validate"
    "|verify|confirm|quantify|outperform|enable|allow"), re.I)
_CLAUSE_BEFORE = re.compile(r"(?<![\w-])(?:that|which|who|to)\s", re.I)
_LEADING_ADVERBIAL = re.compile(
    r"^(?:(?:in|to|for|at|on|with|from|under|after|before|through|within|among|by|as|while"
    r"|across"
    r"|although|though|since|because|when|whenever|if|unless|unlike|despite|given|recently"
    r"|however|here|due|owing|thanks"
    r"|specifically|moreover|furthermore|finally)\b[^,]{0,80},\s*"
    # a sentence adverb set off alone: "Unfortunately,", "Remarkably,", "More recently,"
    r"|(?:(?:more|most|very|quite|rather|somewhat|perhaps|even|less)\s+)?[a-z]{3,}ly,\s*"
    # a participle's phrase before the subject: "Taking advantage of this information, a
    # general procedure is set up", "Building on X, we" (not a gerund subject: "Training
    # deep networks, which is costly, …")
    r"|[a-z]{3,}ing\b[^,]{0,80},\s*(?=(?:we|a|an|the|this|these|our|it)\b)"
    # an item's marker: "(ii) Most importantly, we find …"
    r"|\((?:[ivx]{1,4}|\d{1,2}|[a-z])\)\s+)+", re.I)


_FIRST_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def opens_clause(phrase: str) -> bool:
    """The phrase starts or is a clause: an opening word of a clause, or a finite verb
    of its own (one inside a relative clause, "a method that can …", belongs to it)."""
    first = _FIRST_WORD.match(phrase)
    if first is None or first.group().lower() in CLAUSE_OPENERS:
        return True
    return _FINITE.search(_RELATIVE.split(phrase, maxsplit=1)[0]) is not None


# "we (then) (theoretically and empirically) W": W is a verb of the authors' in this abstract.
_WE = re.compile(r"\bwe\s+", re.I)
# (the words that stand between "we" and its verb, "and" of two adverbs too)
_BETWEEN_WE_AND_VERB = r"also|then|further|first|here|now|instead|thus|therefore|next|finally"
_ADVERB_THEN_SPACE = re.compile(rf"(?:\w+ly|{_BETWEEN_WE_AND_VERB}|and)\s+", re.I)


@lru_cache(maxsize=8)
def _after_we(text: str) -> tuple[int, ...]:
    """Where a word that `we` and adverbs only come before starts: each place a W of
    "we (then) (theoretically and empirically) W" may start."""
    starts = []
    for we in _WE.finditer(text):
        at = we.end()
        while True:
            starts.append(at)
            adverb = _ADVERB_THEN_SPACE.match(text, at)
            if adverb is None:
                break
            at = adverb.end()
    return tuple(starts)


def opens_with_authors_verb(phrase: str, text: str) -> bool:
    """The phrase opens with a word the abstract's authors use as their verb: "show that
    X has …" (of "we empirically show that …", where a verb pattern took the adverb for
    the verb) is a clause that lost its subject, not a noun phrase."""
    first = _FIRST_WORD.match(phrase)
    if first is None or first.group().lower() in ("a", "an", "the"):
        return False
    word = first.group().lower()
    return any(text[at:at + len(word)].lower() == word
               and not (text[at + len(word):at + len(word) + 1].isalnum()
                        or text[at + len(word):at + len(word) + 1] in ("_", "-"))
               for at in _after_we(text))


def tidy(text: str) -> str:
    """`text` stripped, less the separators and function words it ends with."""
    text = text.strip()
    if not _may_end_in_junk(text):
        return text
    tail = len(text) - _JUNK_TAIL
    if tail > 0:
        # Junk that starts before the tail reaches into it: a match would be found in its
        # first word. A match found later, or none, is the whole text's.
        junk = _TRAILING_JUNK.search(text, tail)
        if junk is None:
            return text
        if junk.start() > tail + _JUNK_WORD_LONGEST:
            return text[:junk.start()]
    return _TRAILING_JUNK.sub("", text)


def _may_end_in_junk(text: str) -> bool:
    """Whether `_TRAILING_JUNK` can match the stripped `text`: it ends with a separator
    or white space, or its last word is the last word of a junk item (as re.IGNORECASE
    compares: lowercased, an odd-case letter searched anyway)."""
    if not text:
        return False
    if text[-1] in _JUNK_SEPARATORS or text[-1].isspace():  # (str.isspace is \s)
        return True
    last = text.rsplit(None, 1)[-1]
    return last.lower() in _JUNK_ENDINGS or any(c in last for c in _ODD_CASE)


# A noun that names nothing without what it is of, ending a phrase cut before its "of":
# "to improve the performance (of …)", "for solving a class (of …)".
_NEEDS_OF = re.compile(
    r"\s(?:the|a|an)\s+(?:(?:" + "|".join(_OF_NOUNS) + r"|state|quality|performance|effect"
    r"|impact|accuracy|efficiency|behavio(?:u)?r|structure|complexity|dynamics|value|values"
    r"|properties|nature|existence|design|choice)"
    # (a quantity or a kind stays empty with a word of size before it: "a large number",
    # "a broad class"; "the sample complexity", "the mode-seeking behavior" say what)
    r"|(?:[\w-]+\s+)?(?:number|set|class|family|variety|range|amount|sum|subset))\s*$",
    re.I)


# A relative clause of four words or fewer ending a phrase: "… problems where one
# aims", "a criterion that is indicative" (cut short, it is no better).
_CLAUSE_LEFT_OPEN = re.compile(r"\s(?:that|which|where|who|when|whose)(?:\s+[\w'’-]+){1,4}$",
                               re.I)


# A preposition or "and" with one word after it, ending a phrase: "… for dealing", "…
# and focus" (the cut left what they lead to).
_ONE_WORD_AFTER = re.compile(r"\s(?:for|to|of|by|in|on|with|and|or|from|into)\s+[\w-]+$", re.I)


# A comma and one lowercase word ending a phrase cut before a preposition: "… for a fixed
# predictor, crucial" (to …), "… for exponential mechanisms, one" (of …), "…, possibly"
# (in …).
_ONE_WORD_AFTER_COMMA = re.compile(r",\s+[a-z][a-z-]*$")  # (not a name: "openEASE")
_ARTICLE_AND_WORD = re.compile(r"(?<![\w-])(?:a|an|the)\s+[\w-]+$", re.I)


def shorten(text: str, limit: int) -> str:
    """At most `limit` characters, cut at the last phrase boundary that leaves a whole
    phrase; only a text with no boundary at all is cut at a word (and then ends "…")."""
    text = tidy(text)
    if len(text) <= limit:
        return text
    cut = _last_boundary(_BOUNDARY_BEFORE, text, limit) or _last_weak_boundary(
        text, 12, limit)
    if cut is None:
        return _cut_at_word(text, limit)
    head = tidy(text[:cut])
    # "… for a fixed predictor, crucial" (to …): the cut left one word of what the comma
    # set off; the phrase is what comes before it. (Not a comma between adjectives, "a
    # fast, accurate" solver: the noun is still to come.)
    set_off = _ONE_WORD_AFTER_COMMA.search(head)
    if set_off and set_off.start() >= 12 and " " in head[:set_off.start()] \
            and not _ARTICLE_AND_WORD.search(head, 0, set_off.start()):
        head = head[:set_off.start()]
    shortened = without_dangling_relative(without_dangling_participle(head))
    if says_nothing(shortened):
        # "We present a novel approach for efficiently simulating …" cut before "for"
        # leaves "A novel approach": a title that names nothing. What it is for says what
        # the paper is about: up to a comma or an "and" within the limit, else cut at a
        # word ("…").
        weak = _last_weak_boundary(text, cut + 1, limit)
        if weak is not None:
            return without_dangling_participle(tidy(text[:weak]))
        return _cut_at_word(text, limit)
    # "X, a method for …" cut before "for" leaves "X, a method": an appositive of a word
    # or two without what it said. What comes before the comma is the whole phrase, when
    # it has words enough to be one ("Repriorisation, a data-dependent …" keeps it).
    dangling = _DANGLING_APPOSITIVE.search(shortened)
    if dangling and dangling.start() >= 12 and " " in shortened[:dangling.start()]:
        return shortened[:dangling.start()]
    needs_of = _NEEDS_OF.search(shortened) if text.startswith(" of ", cut) else None
    if needs_of is not None and needs_of.start() >= 12:
        # "… to improve the performance" (of X): cut before what the noun belongs to.
        before = shorten(text, needs_of.start())
        # (only when most of the phrase is left, "The relation between the size of the
        # neighborhood and the behavior" is no better as "The relation", and when it is
        # whole)
        if not says_nothing(before) and not before.endswith("…") \
                and 2 * len(before) >= len(shortened) and not _NEEDS_OF.search(before) \
                and not _CLAUSE_LEFT_OPEN.search(before) and not _ONE_WORD_AFTER.search(before):
            return before
    return shortened


# Words that say what kind of thing a contribution is and how good, not what it is about:
# a phrase of these alone, with a head noun ("A novel framework", "A simple yet effective
# method", "Two new metrics"), names nothing.
_EMPTY_WORDS = frozenset(re.split(r"\s+", """
a an the this our its two three several some new novel simple general generic unified
principled effective efficient powerful practical first different theoretical
rigorous systematic comprehensive flexible scalable robust fast lightweight elegant
straightforward original innovative modified improved and yet but very highly more
""".strip()))
_EMPTY_HEADS = frozenset(re.split(r"\s+", """
method methods framework frameworks approach approaches algorithm algorithms model models
system systems technique techniques scheme schemes solution solutions strategy strategies
procedure procedures paradigm architecture architectures tool tools metric metrics
estimator estimators objective objectives variant variants analysis analyses study result
results concept concepts idea ideas way ways perspective view alternative alternatives
module modules family class methodology methodologies
""".strip()))
# A pair opened and not yet joined: "both the normal", "either a predictor" (its "and",
# "or" still to come).
_PAIRED = re.compile(r"\b(?:both|either|neither|between)\s+(?:(?!(?:and|or|nor)\b)[\w-]+\s+)"
                     r"{0,3}(?!(?:and|or|nor)\b)[\w-]+$", re.I)
# After an empty head, a boundary before what names or describes it: "a new metric: X",
# "a novel framework – X –", "a novel scheme, which …", "a method, namely …".
_DESCRIBED = re.compile(r"[;:]|\s?[—–]|,\s+(?:which|namely|i\.e\.)", re.I)


def says_nothing(phrase: str) -> bool:
    """Whether the phrase is only words of _EMPTY_WORDS and _EMPTY_HEADS, a head among
    them ("A novel approach"; not "Two new" alone, nor "A sparse attention mechanism")."""
    words = phrase.lower().replace(",", " ").split()
    return any(word in _EMPTY_HEADS for word in words) and all(
        word in _EMPTY_WORDS or word in _EMPTY_HEADS for word in words)


# A lowercase past participle ending a phrase (not "seed", "need": no "-eed"), and the
# word before it (past an adverb), which tells a participle after a noun from a verb
# ("… are trained", "… be directly exploited"); not the end of a word broken at a line
# ("tai- lored").
_DANGLING_PARTICIPLE = re.compile(
    r"(?P<before>[\w'’]+(?:-[\w'’]+)*)[\s,]+(?:(?P<adverb>[a-z]+ly)\s+)?"
    r"(?P<word>[a-z][a-z-]+(?<!e)ed)$")
_BEFORE_A_VERB = frozenset(re.split(r"\s+", """
is are was were be been being get gets got has have had when where if once as can could
may might will would should must not also already often which that who whom first
""".strip()))
_DANGLING_APPOSITIVE = re.compile(r",\s+(?:a|an|the)(?:\s+[\w-]+){1,2}$", re.I)


# A relative clause of its verb alone, at the end of a phrase cut before that verb's
# object or preposition: "an architecture that learns (to …)", "guarantees that depend
# (on …)", "a bound that generally applies (to …)". The verb is lowercase ("for which we
# find that GD" is no such clause).
_ADVERB = r"(?:[a-z]+ly|also|then|often|still)"
_DANGLING_RELATIVE = re.compile(
    rf"\s(?:that|which|who)(?:\s+{_ADVERB})*"
    # (a modal's verb too: "a … model that can learn" (to generate …), "a structure which
    # can be equipped" (with …))
    rf"(?:\s+(?:can|could|will|would|may|might|must|should|cannot)(?:\s+not)?"
    rf"(?:\s+{_ADVERB})*(?:\s+be)?)?"
    r"\s+[a-z][\w'’-]*$"
    # or cut inside it before its verb: after an adverbial set off ("a streaming algorithm
    # which, under standard assumptions"), or after its subject ("a network that each
    # layer" (… learns))
    r"|\s(?:that|which|who|where|wherein|whereby),\s+[^,]*$"
    # or cut right after its first word ("a multi-agent environment where" (, like …))
    r"|\s(?:which|who|whom|whose|where|wherein|whereby)$"
    r"|\s(?:that|which|wherein|whereby|where|in\s+which)\s+(?:each|every|the|its|their"
    r"|our)\s+[\w-]+$")
# After a verb of saying or finding, "that" opens what was found, not a relative clause:
# "evidence indicates that transformer (…)".
_REPORTING_VERB = re.compile(
    r"\b(?:shows?|demonstrates?|proves?|finds?|found|suggests?|indicates?|reveals?|implies"
    r"|imply|argues?|establish(?:es)?|verif(?:y|ies)|observes?|confirms?|states?|says?"
    r"|means?|assumes?|believes?|knows?|notes?|showed|shown|proved|proven|posits?"
    r"|showing|proving|demonstrating|suggesting|indicating|revealing)$", re.I)


def without_dangling_relative(phrase: str) -> str:
    """A phrase cut just after a relative clause's verb is whole without the clause:
    "an architecture that learns" (… to map X to Y) is "an architecture", and "a
    technique that discovers which weights" (… to prune) "a technique". What is left may
    say nothing ("A methodology"): `shorten` then looks further, as for any cut."""
    whole = phrase
    while (relative := _DANGLING_RELATIVE.search(whole)) is not None \
            and relative.start() >= 12:
        before = tidy(whole[:relative.start()])
        if _REPORTING_VERB.search(before):
            break
        whole = before
    return whole


# A closing clause or phrase that points back into the abstract: "… to address this
# challenge", "… that satisfies these requirements", "… in such scenarios" (not "of this
# X", the head's own complement: "the magnitude of this effect").
_POINTING_BACK = re.compile(
    r"(?:,?\s+(?:(?:designed\s+|in\s+order\s+)?to|that|which)\s+(?:[\w-]+\s+){1,2}?"
    r"|\s+(?:in|for|to|on|under|with|toward|towards|across|beyond))"
    r"\s*(?:this|these|those|such)\s+(?:[\w-]+\s+){0,2}[\w-]+$", re.I)
_ARTICLE_WORDS = frozenset({"a", "an", "the"})
_NEEDS_COMPLEMENT = ("ed", "ing", "able", "ible", "ful")
_GOVERNING = frozenset({"aims", "aim", "possible", "role", "is", "are", "was", "were", "due",
                        "close", "similar", "related", "prone", "applicable", "relevant"})


def without_pointing_back(phrase: str) -> str:
    """`phrase` less a closing clause that points back into the abstract ("A bi-level
    optimization approach to achieve this goal"), which a title read alone cannot
    resolve; kept when what is left says too little on its own (three words past an
    article at least: "A simple method to mitigate this issue" stays)."""
    if " th" not in phrase and " such " not in phrase:  # (most titles: no search)
        return phrase
    found = _POINTING_BACK.search(phrase)
    if found is None:
        return phrase
    kept = phrase[:found.start()].rstrip(" ,")
    words = kept.split()
    if len(words) - (words[0].lower() in _ARTICLE_WORDS if words else 0) < 3:
        return phrase
    # (nor when what is left needs what followed: "a model able", "a method based",
    # "issues associated", "a framework that aims", "a property that is useful")
    last = words[-1].lower()
    if last.endswith(_NEEDS_COMPLEMENT) or last in _GOVERNING or opens_clause(kept):
        return phrase
    return kept


def without_dangling_participle(phrase: str) -> str:
    """"environments designed to …", "an algorithm inspired by …" cut before the
    preposition leave a participle that needs it: the phrase is whole without it."""
    # The participle ends the phrase ("$": at its end or before a last newline): a phrase
    # ending otherwise is spared the search, which is tried at every character.
    if not phrase.endswith(("ed", "ed\n")):
        return phrase
    participle = _DANGLING_PARTICIPLE.search(phrase)
    if participle and participle.group("before").lower() not in _BEFORE_A_VERB:
        # (with its adverb: "… representation, originally designed")
        return tidy(phrase[:participle.start("adverb" if participle.group("adverb") else "word")])
    return phrase


def _cut_at_word(text: str, limit: int) -> str:
    """At most `limit` characters, cut at the last word that fits, marked cut ("…"); but
    a run of capitalised words the cut would split is a name said whole, when it ends
    within _NAME_OVERRUN characters more ("… a planning method called Pareto Monte Carlo
    Tree Search", not "… Pareto Monte Carlo Tree…")."""
    cut = text.rfind(" ", 0, limit)
    if cut > 0 and text[cut + 1:cut + 2].isupper():
        run = _CAPITALISED_RUN.match(text, cut)
        if run and run.end() <= limit + _NAME_OVERRUN and (
                run.end() == len(text) or not text[run.end()].isalnum()) and \
                text[:cut].rsplit(None, 1)[-1][:1].isupper():
            return tidy(text[:run.end()])
    return tidy(text[:cut if cut > 0 else limit]) + "…"


_CAPITALISED_RUN = re.compile(r"(?:\s[A-Z][\w-]*)+")
_NAME_OVERRUN = 20


def _last_weak_boundary(text: str, start: int, limit: int) -> int | None:
    """The last comma, "and" or "or" from `start` up to `limit`, but not one inside "both X
    and Y", "either X or Y", "between X and Y" (cut there, a pair's first half dangles)."""
    found = [m.start() for m in _WEAK_BOUNDARY.finditer(text, start)]
    for weak in reversed([at for at in found if at <= limit]):
        if _PAIRED.search(text, max(start, weak - 40), weak) is None:
            return weak
    return None


def _last_boundary(pattern: re.Pattern, text: str, limit: int) -> int | None:
    cut = None
    for match in pattern.finditer(text):
        if match.start() > limit:
            break
        if match.start() >= 12:
            cut = match.start()
    return cut


_PREPOSITION_GERUND = re.compile(r"\b(?:for|of|in|by|to|on|from|without)\s+[a-z]+ing$")
_LISTED_GERUND = re.compile(r",\s+(?!including|following|regarding|concerning|according"
                            r"|resulting|leading|making|allowing|enabling)[a-z]+ing")


def noun_phrase(text: str, limit: int) -> str | None:
    """The noun phrase `text` opens with, at most `limit` characters, or None."""
    text = whole = without_parentheses(text)
    boundary = _CLAUSE_BOUNDARY.search(text)
    if boundary and _DESCRIBED.match(boundary.group()) \
            and says_nothing(tidy(text[:boundary.start()])):
        # "a new metric: Multi-Attribute Bias Amplification", "a novel framework –
        # distributional Shapley –", "a novel scheme, which eliminates …": what follows an
        # empty head says what it is, up to the next boundary.
        boundary = _CLAUSE_BOUNDARY.search(text, boundary.end())
    while boundary and _LISTED_GERUND.fullmatch(boundary.group()) \
            and _PREPOSITION_GERUND.search(text, 0, boundary.start()):
        # "a unified model for detecting, classifying and summarizing financial events":
        # gerunds listed after their preposition share the object that ends the list
        boundary = _CLAUSE_BOUNDARY.search(text, boundary.end())
    if boundary:
        text = text[: boundary.start()]
    compound = _COMPOUND_PREDICATE.search(text)
    if compound:  # "X and show that …": the object ends where the next predicate begins
        # (and before an "and" whose adverbial the predicate followed: "X into the decoder
        # and, based on this architecture, provide …")
        text = _OPEN_AND.sub("", text[: compound.start()])
    later = _LATER_PREDICATE.search(text)
    if later and not _CLAUSE_BEFORE.search(text, 0, later.start()):
        text = text[: later.start()]
    # A verb of the main clause ends the phrase: "Graph transformers have been …".
    main = _RELATIVE.split(text, maxsplit=1)[0]
    verb = _FINITE.search(main)
    if verb:
        text = text[: verb.start()]
    phrase = closed_quotes(without_dangling_participle(shorten(text, limit)))
    # ("transferability estimation, the problem" of …: an appositive cut from its "of";
    # "a measure of sparsity, the truncated l²-norm" is whole)
    dangling = _DANGLING_APPOSITIVE.search(phrase)
    if dangling and dangling.start() >= 12 and " " in phrase[:dangling.start()] and \
            whole.startswith(f"{phrase} of "):
        phrase = phrase[:dangling.start()]
    if len(phrase) < 8 or " " not in phrase or opens_clause(phrase):
        return None
    return phrase


def closed_quotes(phrase: str) -> str:
    """Without the last opening quotation mark whose closing one was cut off ("to perform
    ‘multi-grained pre-training.’ The key …" ends at "pre-training")."""
    for opening, closing in (("‘", "’"), ("“", "”")):
        if phrase.count(opening) > phrase.count(closing):
            at = phrase.rfind(opening)
            phrase = phrase[:at] + phrase[at + 1:]
    if phrase.count('"') % 2:
        at = phrase.rfind('"')
        phrase = phrase[:at] + phrase[at + 1:]
    return phrase


_QUOTATION_MARKS = (("“", "”"), ("‘", "’"), ('"', '"'), ("'", "'"))


def unquoted(phrase: str) -> str:
    """A phrase quoted whole, without its quotation marks: a long form given as
    '"Graph Network-based Simulators" (GNS)' is what the name stands for, not a quotation
    in the title ("GNS: Graph Network-based Simulators")."""
    for opening, closing in _QUOTATION_MARKS:
        inner = phrase[1:-1]
        if len(phrase) > 2 and phrase[0] == opening and phrase[-1] == closing \
                and opening not in inner and closing not in inner:
            return inner.strip()
    return phrase


def _subject(sentence: str, limit: int) -> str | None:
    """The subject of a sentence "X is/are/has …": X, when it is a noun phrase."""
    sentence = _LEADING_ADVERBIAL.sub("", sentence)
    main = _RELATIVE.split(sentence, maxsplit=1)[0]
    verb = _FINITE.search(main)
    if verb is None or verb.start() < 8:
        return None
    return noun_phrase(sentence[: verb.start()], limit)


def _claimed(clause: str, limit: int) -> str | None:
    """What a claim's clause ("we show that …") is about: its subject, or what it says
    there is ("we show that on every n-point HST metric, there is a randomized online
    algorithm for …": the algorithm, one thing; not so a sentence's own "there is an
    increasing need …", which states the background)."""
    opening = _LEADING_ADVERBIAL.sub("", clause)
    existential = _EXISTENTIAL.match(opening)
    if existential is not None and _ONE_THING.match(opening, existential.end()):
        return noun_phrase(opening[existential.end():], limit)
    return _subject(clause, limit)


# What a proof says exists is one thing ("there is a randomized online algorithm"), where
# "we show that there are still many interesting car-related problems" motivates.
_ONE_THING = re.compile(r"(?:a|an)\s", re.I)


# A phrase naming others' work: "Recent works in …", "Existing methods", "Most previous
# approaches", "Earlier studies" (what the paper answers, never what it is).
_OTHERS_WORK = re.compile(
    r"(?:the\s+)?(?:(?:most|many|some|several|all)\s+)?"
    r"(?:recent|existing|previous|prior|earlier|conventional|traditional)\s", re.I)


def names_others_work(phrase: str) -> bool:
    return _OTHERS_WORK.match(phrase) is not None


# A phrase about the paper's evidence, not its method: "Extensive experiments with …",
# "Results on both public and novel drone datasets".
# ("Full ablation studies to demonstrate the effectiveness of each component" titled a
# held-out ECCV 2020 paper: what checks the method, never what it is)
_EVIDENCE = re.compile(r"(?:(?:extensive|empirical|numerical|experimental|our|simulation"
                       r"|preliminary|full|thorough|comprehensive|systematic)\s+)?"
                       r"(?:results|experiments|evaluations|findings|ablations"
                       r"|ablation\s+stud(?:y|ies))\b", re.I)


def names_evidence(phrase: str) -> bool:
    return _EVIDENCE.match(phrase) is not None


_LOWERCASE_WORD_START = re.compile(r"[a-z][a-z-]*(?:[\s,;:]|$)")


def capitalised(text: str) -> str:
    if _LOWERCASE_WORD_START.match(text):
        return text[0].upper() + text[1:]
    return text


_START = re.compile(r"^")  # the whole sentence
# Where the other tiers' patterns can start (each opens with one of these words).
_AUTHOR_STARTS = WordStarts(("we", "this", "the", "our"))
# (searched as a literal, each match's start then checked to be a word's: a pattern
# opening on \b is tried at every character, 15 µs an abstract against 1)
_SINGLE_AUTHOR = re.compile(r"I\s")
_WORD_CHARACTER = re.compile(r"\w")


def author_starts(text: str) -> list[int]:
    """Where the authors' tiers can start: where their words start, and a single
    author's "I" ("I prove …"; WordStarts takes no one-letter word)."""
    starts = _AUTHOR_STARTS(text)
    singles = [m.start() for m in _SINGLE_AUTHOR.finditer(text)
               if not (m.start() and _WORD_CHARACTER.match(text, m.start() - 1))]
    return sorted({*starts, *singles}) if singles else starts


# An adverb between the authors and their verb: "we therefore propose to train …".
_SENTENCE_ADVERB = r"(?:\w+ly|therefore|thus|hence|here|now|further)"
# ("this joint extended abstract introduces …": the document, however it is described)
_SUBJECTS = (r"(?:we|(?-i:I)|(?:this|the|our|my)(?:\s+(?:present|current|joint|extended|short|full"
             r"|phd|doctoral))*"
             rf"\s+(?:{DOCUMENT_NOUNS}|note|task|thesis|chapter|report|survey|project"
             r"|submission|abstract|research|letter|tutorial|video))")
_CLAIM = re.compile(  # ("this work shows that X is …" claims as "we show that" does)
    rf"\b{_SUBJECTS}(?:\s+\w+ly)?\s+(?:show|prove|find|demonstrate|establish|observe|argue)s?"
    # ("this work shows, in the limit of many tasks, that X …": past one before it too)
    r"(?:\s+(?:theoretically|empirically|formally|experimentally)|,\s+[^,.;]{1,80}?,)?\s+that"
    # "we prove that, for a broad range of problems, X is …": past an adverbial set off
    r"(?:,\s+[^,.;]{1,80}?,)?\s+", re.I)


# A sentence opening on a noun phrase the authors' clause qualifies ("The systems we
# study entail a payload …"): what follows their verb is the sentence's, not its object.
_REDUCED_RELATIVE = re.compile(
    r"(?:the|these|those|all|some|many|most)\s+(?:(?!(?:in|of|for|on|to|with|by|from|at"
    r"|as|that|which|here|now|then)\b)[\w-]+\s+){1,4}", re.I)


_CONDITION_BEFORE = re.compile(r"\b(?:if|when|whenever|once|unless)\s+$", re.I)


# "In this paper, a creeping snake-like robot with partially actuated joints has been
# investigated": the passive's subject is the contribution (abstracts of robotics
# venues write so). Group 1 is the subject.
_PASSIVE_CONTRIBUTION = re.compile(
    r"(?:(?:therefore|thus|hence|here|herein),?\s+)?"
    rf"(?:in\s+this\s+(?:{DOCUMENT_NOUNS}|letter|thesis),?\s+)"
    r"(?!we\b|our\b|i\b|it\b|this\b)(.{8,160}?)\s+"
    r"(?:is|are|was|were|has\s+been|have\s+been)\s+(?:\w+ly\s+)?(?:proposed|presented"
    r"|introduced|developed|investigated|studied|designed|described|built|constructed"
    r"|analy[sz]ed|examined|explored|addressed|realized|implemented)\b", re.I)


def _passive_subject(sentence: str, limit: int) -> str | None:
    match = _PASSIVE_CONTRIBUTION.match(sentence)
    return noun_phrase(match.group(1), limit) if match else None


# "A novel sequential procedure is proposed with …", "Addressing the will to give …, a
# novel framework for X is introduced": a new thing the passive introduces is the
# paper's, however long the phrase set off before it (others' work is not "new" to
# them: "X was introduced by …"). Group 1 is the subject.
_NEW_PASSIVE = re.compile(
    r"(?:[^,;]{0,200},\s+)?((?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:new|novel)\s.{4,160}?)\s+"
    r"(?:is|are|has\s+been|have\s+been)\s+(?:\w+ly\s+)?(?:proposed|presented|introduced"
    r"|developed|designed|constructed)\b", re.I)


def _new_passive_subject(sentence: str, limit: int) -> str | None:
    match = _NEW_PASSIVE.match(sentence)
    phrase = match and noun_phrase(match.group(1), limit)
    # ("A novel technique is proposed to …": that there is one, which a later tier's
    # phrase may say better)
    return None if not phrase or says_nothing(phrase) else phrase


# A phrase that only says there is a contribution: "a new contribution to address this
# problem", "the contributions of this paper" (a later sentence says what it is).
_VACUOUS = re.compile(
    r"(?:an?|the|our|this)\s+(?:(?:new|novel|main|primary|principal|key|core|first|major"
    r"|central|significant)\s+)*"
    r"contributions?(?:\s+(?:of|to|in|for|towards?)\s+(?:\w+\s+){0,2}(?:this|the|our|these)"
    r"\s+\w+)?$", re.I)


def contribution(text: str, sentences: list[tuple[int, int]], limit: int, *,
                 evidence: bool = True, vacuous: bool = True) -> str | None:
    """A noun phrase for what the abstract contributes, or None: its main result or
    contribution ("we propose X" gives X), else a new thing a passive introduces ("a
    novel X is proposed"), else the object of another verb of the authors' ("we attack
    X"), else the subject of its claim ("we show that X is …"), else what "the main
    contribution of this paper is" (X), else the subject of the first sentence that has
    one."""
    tiers = ((_MAIN_RESULT, noun_phrase), (_CONTRIBUTION, noun_phrase),
             (_START, _new_passive_subject), (_AUTHORS_VERB, noun_phrase), (_CLAIM, _claimed),
             (_PAPERS_CONTRIBUTION, noun_phrase),
             (_START, _passive_subject), (_START, _subject))
    # Where the tiers can start, found once in the whole text (a sentence starts after
    # white space, so a word that starts one starts a word of the text too) and handed
    # to each sentence from its own start: a scan per sentence cost more.
    starts = author_starts(text)
    openings = [[s - start for s in starts[bisect.bisect_left(starts, start):
                                          bisect.bisect_left(starts, end)]]
                for start, end in sentences]
    for pattern, phrase_of in tiers:
        pointing = None  # the tier's first phrase with "it" or "them" for something earlier
        for number, (start, end) in enumerate(sentences):
            sentence = text[start:end]
            if pattern is _START:
                # ("The aim of this paper is to build X": its subject is the aim, the
                # title X, which `recast` takes; no passive's either)
                if _AIMED.match(_LEADING_ADVERBIAL.sub("", sentence)):
                    continue
                matches = pattern.finditer(sentence)
            else:
                matches = matches_at(pattern, sentence, openings[number])
            for match in matches:
                # (past an adverbial that opens the sentence: "Furthermore, the
                # best-performing variant we introduced outperforms …", held-out NAACL 2024)
                opening = _LEADING_ADVERBIAL.match(sentence, 0, match.start())
                if _REDUCED_RELATIVE.fullmatch(sentence, opening.end() if opening else 0,
                                               match.start()) or \
                        _CONDITION_BEFORE.search(sentence, 0, match.start()):
                    # "The systems we study entail …": no object of "study"; "if we
                    # project X onto …": a condition, not what the paper does
                    continue
                phrase = phrase_of(sentence[match.end():], limit)
                # (without `evidence`, the paper's evidence is no contribution:
                # "Experiments on the PASCAL VOC 2012 dataset" titled a paper)
                if phrase and len(phrase) >= 12 and not opens_with_authors_verb(phrase, text) \
                        and (evidence or not names_evidence(phrase)) \
                        and (vacuous or not _VACUOUS.match(phrase)):
                    if not _POINTING_PRONOUN.search(phrase):
                        return capitalised(phrase)
                    pointing = pointing or phrase
        if pointing is not None:  # (no phrase of the tier reads alone: its first)
            return capitalised(pointing)
    return None


# "it" or "them" for something earlier in the abstract ("methods to scale it from 0.4B to
# 13B parameters", "a method to train a model so it"), which a title read alone cannot
# resolve (not the "it" of "for which it is expensive to compute …", "make it easier to").
_POINTING_PRONOUN = re.compile(
    r"\b(?:it|them)\b(?!\s+(?:is|was|has\s+been|remains|becomes|seems)\b|\s+\w+\s+to\s)",
    re.I)


# When no tier above finds a phrase, a sentence whose opening is a clause can often be
# recast as the noun phrase it is about, in its own words (seen on lists of another field
# and era than the development lists, whose abstracts say "we have developed X", "this
# task proposes X", "there are X", "it is well known that X …" where recent ones say "we
# propose X"). First what the authors made or aim at, then what a sentence states.
_MADE = re.compile(  # "we have developed X", "this task proposes X", "we describe our X"
    rf"{_SUBJECTS}(?:\s+{_SENTENCE_ADVERB})?\s+(?:(?:have|had)(?:\s+\w+ly|\s+also)?\s+"
    r"(?:[a-z]+ed|built|made|written|given|undertaken)"
    r"|(?:present|propose|develop|introduce|describe|report|design|build|construct|create"
    r"|offer|provide|define|outline|explore|examine|investigate|address|study|studie)s?"
    # ("this paper deals with X", "my research focuses on X")
    r"|(?:deal|deals)\s+with|focus(?:es)?\s+on)"
    r"(?:\s+and(?:\s+\w+ly)?\s+[a-z]+)?"  # "we develop and (formally) compare X"
    r"(?:\s+on)?\s+(?:our\s+)?" + _NOT_AN_OBJECT, re.I)
_AIMED = re.compile(  # "this paper aims to provide X", "our goal is to develop X"
    # ("we propose to improve X with Y": X with Y, what the proposal is about)
    rf"(?:{_SUBJECTS}(?:\s+{_SENTENCE_ADVERB})?\s+(?:aims?|seeks?|attempts?|tries|try|intends?"
    r"|sets?\s+out|propose[sd]?|plans?)"
    # (the authors' aim: "our goal", "the goal of this paper"; "the goal is to find k
    # centers" states the problem's)
    r"|(?:our\s+(?:main\s+|primary\s+|overall\s+)?(?:goal|aim|objective|purpose)"
    rf"(?:\s+in\s+{_SUBJECTS})?|the\s+(?:main\s+|primary\s+|overall\s+)?"
    rf"(?:goal|aim|objective|purpose)\s+of\s+{_SUBJECTS})\s+(?:is|was))"
    r"\s+to\s+[a-z]+\s+" + _NOT_AN_OBJECT, re.I)
_STATED = re.compile(  # "this paper shows that X …", "we show how X …"
    rf"{_SUBJECTS}(?:\s+\w+ly)?\s+(?:also\s+)?[a-z]+"
    # (past an adverbial set off before "that": "This paper proves, in very general
    # settings, that X …")
    r"(?:,\s+[^,.;]{1,80}?,)?\s+(?:that|how|whether|why)\s+", re.I)
_SHOWN_HOW_TO = re.compile(  # "we show how to configure X …": how to configure X
    rf"{_SUBJECTS}(?:\s+\w+ly)?\s+(?:also\s+)?(?:show|demonstrate|describe|explain"
    r"|explore|study|investigate|examine|discuss|propose|ask)s?\s+how\s+to\s+", re.I)
_HOW_TO_VERB = re.compile(r"((?:[a-z]+ly\s+)?[a-z]+)\s+" + _NOT_AN_OBJECT, re.I)


def _how_to(text: str, limit: int) -> str | None:
    """"How to configure X" from "configure X …" (X a noun phrase): what a paper that
    shows how to do something is about, as a title says it."""
    verb = _HOW_TO_VERB.match(text)
    if verb is None or verb.group(1).split()[-1].lower() in CLAUSE_OPENERS:
        return None
    lead = f"how to {verb.group(1)} "
    rest = noun_phrase(text[verb.end():], limit - len(lead))
    return lead + rest if rest else None


_EXTRAPOSED = re.compile(  # "it is well known that X …": X's subject
    r"it\s+(?:is|was|has\s+been|had\s+been|remains|becomes|seems|appears)"
    r"(?:\s+[\w-]+){1,3}?\s+that\s+", re.I)
_EXTRAPOSED_TO = re.compile(  # "it is often useful to select X": X
    r"it\s+(?:is|was|has\s+been|remains|becomes|seems)(?:\s+[\w-]+){1,3}?\s+to\s+[a-z]+\s+"
    + _NOT_AN_OBJECT, re.I)
_EXISTENTIAL = re.compile(  # "there is an increasing need to X": that need
    r"there\s+(?:is|are|exists?|was|were|has\s+been|have\s+been|remains?)(?:\s+\w+ly)?\s+",
    re.I)
_RECAST = ((_MADE, noun_phrase), (_AIMED, noun_phrase), (_SHOWN_HOW_TO, _how_to),
           (_STATED, _claimed),
           (_EXTRAPOSED, _subject), (_EXTRAPOSED_TO, noun_phrase), (_EXISTENTIAL, noun_phrase))


_POINTING = frozenset(("this", "these", "those", "that", "such", "it", "its", "they", "their",
                       "them"))
_DETERMINERS = frozenset(("a", "an", "the", "some", "many", "most", "all", "any", "several"))


def _stands_alone(phrase: str, subject: bool) -> bool:
    """A recast phrase that says something without the abstract: none of its first words
    points back into it ("some of this success"), and a subject has three words past its
    determiner (the subject of "it has been shown that reinforcement learning is …" says
    less than the sentence did)."""
    words = re.findall(r"[\w'’-]+", phrase.lower())
    # ("that" after a noun is a relative pronoun: "models that allow a robot …")
    if _POINTING.intersection(words[:3]) - {"that"} or words[:1] == ["that"] \
            or "that" in words[:3] and words[words.index("that") - 1] == "of":
        return False
    return not subject or len(words) - (words[0] in _DETERMINERS) >= 3


def recast(text: str, sentences: list[tuple[int, int]], limit: int, *,
           vacuous: bool = True) -> str | None:
    """A noun phrase recast from the opening of one of the sentences (_RECAST, in that
    order over them all), or None."""
    openings = [_LEADING_ADVERBIAL.sub("", text[start:end]) for start, end in sentences]
    for pattern, phrase_of in _RECAST:
        for opening in openings:
            match = pattern.match(opening)
            phrase = match and phrase_of(opening[match.end():], limit)
            if phrase and len(phrase) >= 12 and not opens_with_authors_verb(phrase, text) \
                    and _stands_alone(phrase, phrase_of in (_subject, _claimed)) \
                    and not names_evidence(phrase) \
                    and (vacuous or not _VACUOUS.match(phrase)):
                return capitalised(phrase)
    return None


def unnamed_title(text: str, sentences: list[tuple[int, int]], limit: int) -> str:
    """The contribution's noun phrase, else one recast from a sentence's opening, else
    the opening words of the first sentence."""
    # (a phrase that only says there is a contribution, "the contributions of this
    # paper", last: a later sentence may say what it is)
    phrase = contribution(text, sentences, limit, evidence=False, vacuous=False)
    if not phrase or phrase.endswith("…"):  # (a whole recast phrase reads better than a cut)
        phrase = recast(text, sentences, limit, vacuous=False) or phrase
    if not phrase and "contribution" in text.lower():  # (what _VACUOUS needs: else no rerun)
        phrase = contribution(text, sentences, limit, evidence=False) or \
            recast(text, sentences, limit)
    if phrase:
        return phrase
    start, end = sentences[0]
    opening = _LEADING_ADVERBIAL.sub("", without_parentheses(text[start:end]))
    # "We show that running gradient descent …", "We introduce 6D Convolutional Neural
    # Network …": what the authors do is no part of a title; what they do it to is (the
    # openings `recast` reads, where it found no noun phrase after them).
    authors = _MADE.match(opening) or _STATED.match(opening) or _ANY_VERB_OF_OURS.match(opening)
    asked = None if authors else _ASKED.match(opening)
    if authors is not None:
        opening = opening[authors.end():]
    elif asked is not None:  # "Conditions under which there is …"
        opening = f"{asked.group('noun')} {asked.group('preposition')} which " \
            + opening[asked.end():]
    # "Mixup is a data augmentation technique that …": a definition, said as a noun
    # phrase ("Mixup, a data augmentation technique that …") rather than a sentence.
    defined = _DEFINING_OPENING.match(opening)
    if defined is not None and not opens_clause(defined.group("subject")):  # ("It is a …")
        opening = f"{defined.group('subject')}, {defined.group('what')}"
    return capitalised(shorten(opening, limit)) or "Untitled"


# "we demonstrate the existence of effective random networks …": what any verb of the
# authors' takes as its object, when nothing else gave a phrase.
# (past adverbs: "we then estimate X" is no verb "then" with the object "estimate X")
# (two verbs with one object: "We formalize and illustrate the general concept of …",
# held-out ICML 2014)
_ANY_VERB_OF_OURS = re.compile(
    rf"we\s+(?:(?:\w+ly|{_BETWEEN_WE_AND_VERB})\s+)*(?!(?:{_BETWEEN_WE_AND_VERB})\b)[a-z]+\s+"
    r"(?:and\s+[a-z]+\s+)?" + _NOT_AN_OBJECT, re.I)
# "we investigate under what conditions there is a private algorithm …", "we examine in
# which cases X …": the question the authors ask, as the noun phrase it is about
# ("Conditions under which there is …"), where no verb of theirs has an object.
_ASKED = re.compile(
    rf"{_SUBJECTS}(?:\s+{_SENTENCE_ADVERB})?\s+(?:also\s+)?[a-z]+\s+"
    r"(?P<preposition>under|in|for|at|on|by|from|with|to)\s+(?:what|which)\s+"
    r"(?P<noun>[a-z]+)\s+", re.I)
_DEFINING_OPENING = re.compile(
    r"(?P<subject>[A-Z][\w()-]*(?: [\w()-]+){0,5}?) (?:is|are) (?P<what>(?:a|an|one of the)\s.+)",
    re.S)
