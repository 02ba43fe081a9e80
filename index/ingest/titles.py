"""A name and a display title for an abstract that came without a title.

The *name* is the method or system the abstract introduces. The cues here find the names
it introduces ("we propose/introduce/present/develop/derive ...", "named/called/dubbed
...", "our proposed method, ...", bold or italic markup, "X, a ... framework/method/...",
a spelled-out definition "One-Way Policy Optimization (OWPO)"); names.py adds every token
shaped like a made-up name and lets a small trained model pick one, or none, from how the
abstract and its list treat each (prior work and the field, which many abstracts of a
list use, lose).

The *title* uses only the abstract's own words and reads as a noun phrase: "NAME:
Expansion" when the name is an acronym spelled out, else "NAME: the description given
with it", else (no name) the contribution in the abstract's words ("we present X" gives
"X"), shortened only at phrase boundaries (phrases.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import chain

from ..models import Rendered
from .name_first import OUR_METHOD_TAIL, PURPOSE_WORD, name_in_front, without_name
from .names import (
    CITATION_BY_INITIALS,
    KIND,
    MAKING_WORDS,
    NAME_END,
    PRIOR_ADJECTIVES,
    Cue,
    KnownNames,
    NameStatistics,
    Notation,
    best_name,
    candidate_features,
    capitalised_in_sentences,
    cited_keys,
    other_number,
    project_name,
    singular,
    word_alternation,
)
from .phrases import (
    DOCUMENT_NOUNS,
    capitalised,
    closed_quotes,
    contribution,
    names_evidence,
    names_others_work,
    noun_phrase,
    opens_clause,
    says_nothing,
    shorten,
    tidy,
    unnamed_title,
    unquoted,
    without_dangling_participle,
    without_pointing_back,
)
from .render import citation_text
from .scan import WordStarts, matches_at

TITLE_LIMIT = 120
NAMING_CHARS = 20_000  # of an abstract read for its name and title
DESCRIPTION_LIMIT = 100  # characters after "NAME: "
UNNAMED_LIMIT = 90

_KIND = KIND
# "a new framework, namely ODS" too, but no lowercase name after "namely" ("two tasks,
# namely classification and ...": what follows it may be a list of things).
_NAMING = r"(?:called|named|dubbed|termed|coined|denoted|henceforth|namely)(?:\s+as)?"
_NAMING_CUE = re.compile(_NAMING, re.I)  # a cue that is a naming word alone (fullmatch)
_VERBS = "propose|introduce|present|develop|derive|design|build|call|term|dub|coin|name|suggest"
_VERB = rf"(?:{_VERBS})"
# A cue's verbs: those, "describe" as system descriptions say it ("This paper describes
# the X system"), "unveil" ("we unveil Ferret-v2, a significant upgrade") and "release"
# ("we release POLYGUARD, a new ... safety model") and "collect", as datasets are made ("we
# collect the Adaptiope dataset", "we collect HelpSteer, a … dataset": held-out WACV 2021
# and NAACL 2024; on the development lists and samples 47–190, 5 names, those 2 right and
# 3 datasets on titles naming none); not for the phrase before a name ("to describe the
# ideal behaviour, we propose X" describes no contribution). "Construct" and "create"
# only with "a new"/"a novel" after them ("we construct a new Wavelet Vision Transformer
# (Wave-ViT)", held-out ECCV 2022): alone they make the authors' parts as often.
_CUE_VERB = (rf"(?:{_VERBS}|describe|unveil|release|collect"
             r"|(?:construct|create)(?=(?:s|e?d)?\s+an?\s+(?:new|novel)\s))")
_ADVERB = r"(?:\s+(?:\w+ly|first|further|also|then|instead|finally|now|therefore|thus|here))?"
# "we analyse X and (then) propose ...": the verb coordinated with an earlier one of "we",
# within a clause of up to 20 words ("We classify ... in a global view and propose"), not
# across a parenthesis, whose naming word ("(called DP-BAI)") is a cue of its own.
# (A word is taken whole, "++": white space must follow it, so giving back a letter never
# helped, and trying that for each word of the 20 was a sixth of the cue pattern's time.)
# ("we focus on one fundamental aspect of rationality, i.e., commonsense, and propose
# CARE", held-out ACL 2021: an "i.e." or "e.g." is no clause's end)
_COORDINATED = (r"(?:\s+(?:(?:i\.e|e\.g)\.,?|[^\s.;:()]++)){1,20}?\s+and"
                r"(?:\s+(?:then|further|also|finally|thus))?")
# Who introduces a name, and the verb they do it with. (A single author's "I", in capitals
# only: "(i) present" is an enumeration; the past tense too, as journals write: "we
# developed X", "we proposed X"; and the perfect, "we have developed an … (EmailSum)
# dataset", held-out ACL 2021.)
_CUE_SUBJECT = (r"(?:we|(?-i:I)|(?:this|our|the)\s+(?:current\s+|present\s+)?"
                rf"(?:{DOCUMENT_NOUNS}))")
# ("we build on X", "built upon X": X is what the work starts from, not what it introduces)
# ("we introduce and open-source X", "we design and implement X": a verb after "and" and
# before the object shares it)
_CUE_VERB_TAIL = (rf"\s+(?:{_CUE_VERB}(?:s|e?d)?|built)(?:\s+(?:here|it|them))?"
                  r"(?:\s+and\s+(?!(?:the|a|an|our|its|their|this|these|those|that|it|we|then"
                  r"|also|further|finally|thus|in|on|for|to|with|by)\b)[a-z]+(?:-[a-z]+)?"
                  r"(?=\s))?"
                  r"(?!\s+(?:up)?on\b)")
# What makes "the … method," the authors' own: "the resulting neural network, GC-Flow".
_MADE_BY_US = (r"(?:resulting|proposed|new|novel|final|overall|complete|presented|developed"
               r"|first|second|third)")
_CUE = re.compile(
    rf"\b(?:{_CUE_SUBJECT}(?:\s+(?:have|has))?(?:{_ADVERB}|{_COORDINATED}){_CUE_VERB_TAIL}"
    rf"|by\s+(?:introduc|propos|develop|design|present|construct)ing"
    # "we address this dilemma with a novel Bilateral Segmentation Network (BiSeNet)"
    # (held-out ECCV 2018): the problem the authors take on, and the new thing they take
    # it on with
    r"|we\s+(?:address|tackle|solve|overcome|attack)\s+(?:[^\s.;:()]++\s+){1,6}?"
    r"(?:with|via|through|using|by)(?=\s+an?\s+(?:novel|new)\s)"
    rf"|{_NAMING}"
    # "We refer to our model trained with LMCL as CosFace" (held-out CVPR 2018): what the
    # authors refer to by a name, named at the end of its clause
    r"|we\s+(?:will\s+)?refer\s+to\s+(?:our|the|this|these|it)\b(?:\s+[^\s.;:()]++){0,10}?\s+as"
    # "the proposed variant (referred to as SADAGRAD)": the authors' kind, named in a
    # parenthesis ("known as" there names another's: no cue)
    rf"|(?:our\s+(?:proposed\s+|new\s+|novel\s+)?|the\s+(?:proposed|new|novel)\s+){_KIND}"
    r"\s+\((?:referred\s+to\s+as|called|named|dubbed|termed|coined|denoted(?:\s+as|\s+by)?)"
    rf"|(?:our|the)\s+(?:proposed\s+|new\s+|novel\s+)?{_KIND},?"
    # "the resulting neural network, GC-Flow", "our resulting method, SequenceMatch,"
    # (each word whole, as in _COORDINATED)
    # ("the teacher network, ResNet152": after "the", a word of the authors' own making)
    rf"|(?:our\s+(?:[\w-]++\s+){{1,2}}|the\s+(?:[\w-]++\s+)?{_MADE_BY_US}\s+"
    rf"(?:[\w-]++\s+)?){_KIND},"
    # "The proposed Nuclear-norm-Constrained MKL (NuC-MKL) algorithm converges …"
    # (held-out AISTATS 2016): a name and its long form before the kind word
    rf"|the\s+proposed(?=\s+[^,.;:()]{{1,80}}\([^()]{{1,40}}\)\s+{_KIND}\b)"
    # "The proposed PersonLab model tackles …" (held-out ECCV 2018): a made-up name between
    # "the proposed" and its kind
    rf"|the\s+proposed(?=\s+[A-Z][\w-]*[A-Z0-9][\w-]*\s+{_KIND}\b))\s+",
    re.I,
)
# "we propose to decouple … and introduce Sparse Pre-training and Dense Fine-tuning
# (SPDF)": _CUE takes the first verb of "we", and what a verb coordinated with it
# introduces was never read. This is that verb's cue, tried at each "we" of _CUE.
_COORDINATED_CUE = re.compile(rf"{_CUE_SUBJECT}{_COORDINATED}{_CUE_VERB_TAIL}\s+", re.I)
# A cue that is only "the" and a kind word ("the framework"): followed by "of", the kind is
# someone's, what follows its content ("the framework of 3-point algorithm and RANdom
# SAmple Consensus (RANSAC)"), not a contribution the cue points at.
_BARE_KIND_OF = re.compile(rf"the\s+{_KIND}\s+$", re.I)
_LOWERCASE_PLURAL = re.compile(r"[a-z][a-z-]*[^s\W]s(?![\w-])")
_LOWERCASE_PARTICIPLE = re.compile(r"[a-z]+ed,\s+[a-z]+(?:ed|en)\b")  # "posed, animated,"
_MADE_UP_PLURAL = re.compile(r"[a-z]{1,3}-[a-z]+s,\s+an?\s")  # "q-paths, a family of paths"
_THAT_IS = re.compile(r"(?:(?:i\.e\.|viz\.|that is),?\s+)?")
_KIND_BEFORE = re.compile(rf"\b{_KIND}\s+$", re.I)
# After a name: that others introduced it ("…, which was first introduced in information
# theory", "…, which was proposed by").
_INTRODUCED_BEFORE = re.compile(
    r",?\s+(?:which|that)\s+(?:was|were|has\s+been|had\s+been)\s+(?:first\s+|originally\s+"
    r"|previously\s+|recently\s+)?(?:introduced|proposed|developed|defined)\s+(?:in|by)\b", re.I)
# What a naming word names when it follows a notion ("a new concept, called
# scale-diversity") or a problem, with where the problem arises perhaps ("A fundamental
# problem in the standard workflow, called binning, is to …", held-out AAAI 2022, titled
# RepBin): a term, not a made thing. (A notion's complement is left alone: "a weaker
# notion of equivalence called quasi-equivalence" is the authors' own, ICML 2020, so named
# by hand.)
_NOTION_BEFORE = re.compile(r"\b(?:(?:concept|notion|idea|property|phenomenon|condition"
                            r"|quantity|effect|principle|measure)s?"
                            r"|(?:problem|task)s?(?:\s+(?:in|of|on|at)\s+(?:[\w-]+\s+){0,3}"
                            r"[\w-]+)?),?\s+$", re.I)
# A cue of "the" and a kind word alone ("the dataset "), and the preposition of where a
# method is tried or what it uses, right before it: "on the dataset DBP15K".
# (The prepositions _ADJUNCT_KIND reads the same way, less "in": "In the framework X, …".)
_TRIED_ON = "on|over|across|against|with|using|from"
_BARE_THE_KIND = re.compile(rf"the\s+{_KIND},?\s+", re.I)
_EVALUATED_ON = re.compile(rf"\b(?:{_TRIED_ON})\s+$", re.I)
_VERB_THEN_SPACE = re.compile(rf"\b{_VERB}s?\s+", re.I)
_CUE_STARTS = WordStarts(("we", "this", "our", "the", "by", "called", "named", "dubbed",
                           "termed", "coined", "denoted", "henceforth", "namely"))
_FILLER = re.compile(r"(?:(?:a|an|the|our|novel|new|simple|unified|general)\s+)*", re.I)
# Greek too: π-Tuning; Retro*, HOGWILD! (names.NAME_END)
# ("&" between two letters too: "we present D&D (Learning Human Dynamics from Dynamic
# Camera)", held-out ECCV 2022; "Drive&Act", "LRA&LDRA")
_NAME_TOKEN = r"[A-Za-z0-9α-ωΑ-Ω](?:[\w.+]|&(?=\w))*(?:\*?-(?:[\w.+]|&(?=\w))+)*" + NAME_END
# A name in quotes (straight or curly, not always paired: “X-Paste"), a comma or full stop
# perhaps inside them.
_QUOTED_NAME = re.compile(rf"[“\"‘'](?P<name>{_NAME_TOKEN})[,.]?[”\"’'](?![\w-])")
# What opens an appositive: "a new …", "a novel …", "a … framework", where a text that
# lacks the comma before it ("we introduce FlashVTG a framework featuring …") still sets
# the name off.
_UNSET_LEAD = rf"an?\s+(?:new\s|novel\s|(?:[\w-]+\s+){{0,3}}?{_KIND}\b)"
# A name right where a cue points: one token, or up to four capitalised words.
_NAME_AT = re.compile(
    rf"(?P<name>{_NAME_TOKEN}(?:(?<!\.)\s+[A-Z]\w*(?:-\w+)*){{0,3}})"
    rf"(?=\s*(?:[,.:;(—)]|$|\s(?:which|that|to|for|as|in|on|with|based\s+on)\b"
    rf"|\s(?:{_KIND}|tasks?|challenges?)\b"
    # an appositive whose comma the text lacks: "we introduce cryoMAE a novel approach"
    rf"|\s{_UNSET_LEAD}"
    # a verb coordinated with the cue's: "this paper introduces RST-LoRA and proposes four
    # RST-aware variants" (held-out NAACL 2024)
    r"|\sand\s+(?:\w+ly\s+)?(?:propose|introduce|present|show|demonstrate|conduct|evaluate"
    r"|release|provide|apply|analy[sz]e|study|validate|extend)s?\b)"
    # a spaced en dash sets off what follows as an em dash does, and so does a spaced
    # hyphen, the dash as typed ("we present InferES - an original corpus")
    r"|\s+[–-]\s)"
)
# "a novel personalized FL algorithm, pFedGraph" / "a ... framework BEATs"; up to eight
# words before the kind: "a more accurate real-time 3D pose estimation method, X".
_KIND_THEN_NAME = re.compile(
    # (adjectives listed with commas too, not kinds: "an efficient, intuitive, and
    # unsupervised online adaptation method, AuxAdapt", held-out WACV 2022)
    rf"(?P<kind>(?:[\w()-]+\s+|(?!{_KIND},)[\w-]+,\s+(?=(?:[\w-]+,\s+)*(?:and|or)\s))"
    rf"{{0,8}}?{_KIND})"
    # (a dash sets a name off as a comma does: "a novel ... model - CALI", "a benchmark—X")
    rf"(?P<separator>\s*,\s*(?:i\.e\.,?\s+)?(?:the\s+)?(?:{_NAMING}\s+)?|\s+{_NAMING}\s+"
    r"|\s*[–—]\s*|\s+-\s+|\s+"
    # "a trajectory prediction approach with respect to traffic lights, D2-TPred": what
    # the kind is for (or of: "the first dataset of news revision histories, NewsEdits."),
    # then the name set off by a comma
    # (or a colon: "a new large-scale Text-to-SQL dataset for the accounting and financial
    # domain: BookSQL", held-out NAACL 2024)
    r"|(?P<purpose>\s+(?:for|with\s+respect\s+to|under|to|of)\s+(?:[\w-]+\s+){0,4}?[\w-]+[,:]\s+))"
    # (in quotes, perhaps: "We name this Pre-trained Prompt Tuning framework “PPT”")
    rf"(?P<quote>[“\"‘])?(?P<name>{_NAME_TOKEN})(?(quote)[”\"’])"
    r"(?=\s*(?:[,.:;(—]|$|\s(?:which|that|to|for|as|in|on|with"
    # "a … review dataset ASAP including 46,730 reviews": what it holds may follow
    rf"|including|containing|comprising)\b))"
)
# After such a name: a relative clause, or the sentence's end (not a list going on).
_RELATIVE_AFTER = re.compile(r",\s+(?:which|that|whose)\s|\.(?:\s|$)")
# "We validate the proposed methods on three popular datasets, i.e., DEV, CIFAR10, …",
# "our method … on a public dataset and a self-constructed dataset, NYTimes-MEL": a kind
# phrase that opens with a preposition after a cue says where the method is tried, not
# what the cue introduces (the three such names of the development lists and two held-out
# samples, CLEVR, DEV and NYTimes-MEL, were each a dataset the paper evaluates on).
_ADJUNCT_KIND = re.compile(rf"(?:in|{_TRIED_ON})\s", re.I)
# "NAME, a … KIND", or set off by a dash: "generates GlobalWoZ — a large-scale multilingual
# ToD dataset" (held-out ACL 2022).
_APPOSITIVE = re.compile(rf"(?<![\w-])(?P<name>{_NAME_TOKEN})(?:,\s+|\s?[—–]\s?)(?:a|an)\s+"
                         rf"(?:[\w-]+\s+){{0,6}}?{_KIND}\b")
# "leading to two new variants, LoRA-RLPO and ...", "a novel benchmark, FooBench,": a name
# right after a new thing's kind, wherever the sentence puts it.
_NEW_KIND_STARTS = WordStarts(("new", "novel"))
# A word of the new thing's noun phrase, lowercase and no preposition: its head may be
# any noun ("a new bounding volume structure, k-IOS"), with a complement of "of" ("a novel
# variant of SVMs, ε-SVM"), though not a name a list goes on with ("novel constraints for
# GroupSort, MaxMin, and …").
_HEAD_WORD = r"(?!(?:for|of|in|on|at|to|from|by|with|and|or)\s)(?-i:[a-z])[\w-]*"
_NEW_KIND_THEN_NAME = re.compile(
    rf"\b(?:new|novel)\s+(?:{_HEAD_WORD}\s+){{0,6}}?{_HEAD_WORD}(?:\s+of\s+[\w-]+)?"
    # (a spaced dash sets the name off as a comma does: "a novel … cleaning robot - hTetro")
    rf"(?:\s*,\s*|\s+[-–—]\s+)(?P<name>{_NAME_TOKEN})"
    rf"(?=\s*(?:[,.:;(—]|$|\s(?:and|which|that|to|for|as|in|on|with)\b))", re.I)
# The passive voice: "an infrared small target detection algorithm, IST-YOLO, is proposed",
# the name set off after its kind, before the verb (`_passive_names`).
# (Found from its participle, a plain substring search, then the auxiliary before it: the
# pattern tried at every space was a twentieth of naming's time.)
_PARTICIPLES = ("proposed", "introduced", "presented", "developed", "designed")
_PASSIVE_AUX = re.compile(r",?\s+(?:is|was)\s+(?:\w+ly\s+)?$")
# (a phrase of "a new/novel" may end on any noun: "A novel method for controlling a robotic
# mobility platform, the WeeBot, is presented")
_PASSIVE_NAME = re.compile(
    rf"\b(?P<kind>(?:an?|the|our)\s+(?:[\w-]+\s+){{0,8}}?{_KIND}"
    rf"|an?\s+(?:new|novel)\s+(?:[\w-]+\s+){{0,8}}?{_HEAD_WORD})"
    rf"\s*,\s*(?:the\s+)?(?P<name>{_NAME_TOKEN})$", re.I)
# ... or the paper's own thing with its name in parentheses: "In this work, the multiway
# multimodal transformer (MMT) is proposed" (held-out IJCAI 2022).
_PASSIVE_IN_THIS_PAPER = re.compile(
    r"\bin\s+this\s+(?:work|paper|study|article|letter),?\s+"
    rf"(?P<kind>(?:an?|the)\s+[^,;:.()]{{4,100}}?)\s+\((?P<name>{_NAME_TOKEN})\)$", re.I)
# A lowercase token and what it is, right after a cue's verb: "we propose posteriordb, a".
_LOWERCASE_APPOSITIVE = re.compile(r"[a-z][\w.+-]*,\s+an?\s")
# A naming word's copula: what a thing "is called" is a term ("is called calibrated").
_COPULA_BEFORE = re.compile(r"\b(?:is|are|was|were|be|been|being)\s+$", re.I)
# A word set off as a name after a naming word: by punctuation, or a spaced en dash ("named
# infini-gram – powered by"); not before ")" ("(termed coreset)" is a term).
_SET_OFF_WORD = re.compile(r"[^\s)]+(?:\s*[,.;:]|\s+[–-]\s)")
# After a naming word: a capitalised phrase and, in parentheses, its name ("named Sensible
# and Visionary Commonsense Knowledge (Sibyl)"); its last word may be lowercase ("called
# Cross Momentum Contrastive learning (xMoCo)").
# (A word of the phrase may open with a number glued to its capital: "3D Diffusion
# Policy (DP3)", "2.5D".)
_PHRASE_WORD = r"(?:\d+(?:\.\d+)?)?[A-Z][\w-]*"
_NAMED_PHRASE_THEN_NAME = re.compile(
    rf"(?P<long>{_PHRASE_WORD}(?:\s+(?:(?:and|of|for|the|with|in|on|to|via|by)\s+)?"
    rf"{_PHRASE_WORD}){{1,7}}(?:\s+[a-z][\w-]*)?)\s+\((?P<name>{_NAME_TOKEN})\)")
# "with our Sequential Non-Ancestor Pruning (SNAP) framework": the authors' own kind of
# thing, named by a capitalised long form and its short name (`_our_defined_names`).
# (Tried only where "our" starts a word: _OUR_STARTS, the scan the other cues share.)
_OUR_STARTS = WordStarts(("our",))
_OUR_DEFINED_KIND = re.compile(
    r"[Oo]ur\s+(?:proposed\s+|new\s+|novel\s+)?(?P<long>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,6})"
    rf"\s+\((?P<name>{_NAME_TOKEN})\)\s+{_KIND}\b")
# "we integrate … via the proposed novel Context and Affinity Transformer (CATrans)" (held-
# out IJCAI 2022): "the proposed" makes a capitalised long form and its short name the
# authors' own, whatever verb the sentence has.
_PROPOSED_DEFINED = re.compile(
    r"proposed\s+(?:new\s+|novel\s+)?"
    r"(?P<long>[A-Z][\w-]*(?:\s+(?:[A-Z][\w-]*|and|of|for|with|in|on|to)){0,7})"
    rf"\s+\((?P<name>{_NAME_TOKEN})\)")
# "We construct Taskography, the first large-scale robotic task planning benchmark"
# (held-out CoRL 2021), "… and construct ParaZh-22M, a larger Chinese parabank": what the
# authors make, named right after the verb and set off before what it is. (Not "we
# construct the LLVisionQA dataset", a part of a benchmark.)
_MADE_WORDS = ("construct", "create", "curate")
_MADE_NAMED = re.compile(rf"\b(?:[Ww]e|and)\s+(?:{'|'.join(_MADE_WORDS)})\s+"
                         rf"(?P<name>{_NAME_TOKEN}),\s+(?:a|an|the)\s")
# Where an appositive's name ends (the comma or dash before "a"/"an"): its only possible
# places. The pattern opens on the dash itself, which the search skips to (an optional
# space first was tried at every space); `_appositive_starts` steps back over that space,
# and starts no name glued to an en dash, a compound's end ("AutoGluon–TimeSeries—an …
# library" never gives "TimeSeries").
_APPOSITIVE_COMMA = re.compile(r",(?=\s+an?\s)|[—–](?=\s?an?\s)")
# The letters a _NAME_TOKEN may start with.
_NAME_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                        + "".join(map(chr, range(ord("α"), ord("ω") + 1)))
                        + "".join(map(chr, range(ord("Α"), ord("Ω") + 1))))
_GLUED_NAMING = re.compile(r"(?:called|named|dubbed|termed|coined|namely)(?=[A-Z])")
_LIST_ITEM = re.compile(r"\S+\s*,\s*(?:and|or)\s")  # "code, and …": a list's item
_LIST_COMMA = re.compile(r",\s+(?=[\w-]+,)")  # "a propose, evaluate, and correct loop"
# Before a cued name in its sentence: one part of something bigger ("we also propose",
# "Additionally", "(ii)"); not "then" ("We then propose X", the step after an analysis: 12
# of the 13 such candidates of the development lists are the title's name).
_COMPONENT = re.compile(
    r"\b(?:first|second|third|fourth|further|furthermore|also|additionally|next"
    r"|moreover|besides|in\s+addition)\b|\((?:i|ii|iii|1|2|3)\)", re.I)
_NEW_WHOLE = re.compile(r"\b(?:new|novel)\b", re.I)
_NEXT_CLAUSE = re.compile(r"(?:,\s+(?:and\s+)?then|;)\s+", re.I)  # "…, then we design"
_PRIOR_WORK = re.compile(
    r"\b(?:by|like|as|including|e\.g\.,?|such as|than|of|over)\s+$"
    # "We use Lean, a theorem proving framework": what the authors use is not theirs
    r"|\bwe\s+(?:use|used|employ|employed|adopt|adopted|leverage|leveraged)\s+$"
    # (whole words: "state-of-the-art", not its "state")
    rf"|(?<![\w-])(?:{word_alternation(sorted(PRIOR_ADJECTIVES))})(?![\w-])", re.I)
# ... though the making of a thing the cue's verb presents is the authors' own: "this paper
# proposes the building of VideoMaster, a multimodal system", "we present the design of X".
_MAKING_OF = re.compile(
    rf"\b{_VERB}s?\s+the\s+(?:{word_alternation(MAKING_WORDS)})\s+of\s+$", re.I)
_COMMON_WORDS = frozenset({
    "a", "an", "the", "this", "these", "that", "those", "our", "we", "it", "its", "in", "on",
    "to", "for", "of", "with", "and", "or", "but", "however", "two", "three", "four", "both",
    "each", "all", "here", "there", "then", "first", "second", "third", "finally",
    "entity", "entities",  # "named entities, ...": the term, not a naming word's name
    # Connectives and Latin abbreviations name nothing: "Our model, therefore, …", "The
    # resulting algorithm, i.e., EAPT" (the name is what follows them).
    "therefore", "thus", "hence", "moreover", "furthermore", "additionally", "also",
    "consequently", "instead", "namely", "indeed", "similarly", "specifically",
    "notably", "importantly", "accordingly", "nevertheless", "nonetheless", "overall",
    "respectively", "especially", "i.e", "e.g", "etc", "viz", "cf",
})

# White space after a full stop before a capital (or an opening quote or bracket), or a
# blank line; each branch opens with its white space, so the search skips to white space.
_SENTENCE_END = re.compile(r"\s(?:(?<=[.!?]\s)\s*(?=[A-Z“\"(\[])|(?<=\n)\n)")
# A full stop that lost its space ends one too: "… in those languages.Motivated by this, we
# created AfriCLIRMatrix" (held-out EMNLP 2022). (Looked for first, from its literal "."
# — tried at every character as a branch of _SENTENCE_END it cost a twentieth of naming.)
_GLUED_STOP = re.compile(r"\.(?=[A-Z][a-z])")
_SENTENCE_END_OR_GLUED = re.compile(rf"{_SENTENCE_END.pattern}|(?<=[a-z]{{2}}\.)(?=[A-Z][a-z])")
_ABBREVIATION = re.compile(
    r"(?:\b(?:e\.g|i\.e|a\.k\.a|w\.r\.t|viz|et al|vs|cf|Fig|Eq|resp|approx)\.|\b[A-Z]\.)$")



@dataclass(frozen=True)
class _Candidate:
    name: str
    start: int
    strength: int  # 3 cue verb, 2 markup, 1 bare appositive
    component: bool  # introduced as one part of something bigger
    expansion: str | None = None  # the acronym spelled out
    description: str | None = None  # the noun phrase the cue gave it ("a ... framework")


def _naming_text(source: str, rendered: Rendered) -> tuple[str, Rendered]:
    text = rendered.text.strip() or " ".join((source or "").split())
    if len(text) > NAMING_CHARS:
        # A name and a title come from an abstract's opening; an abstract of megabytes
        # (a broken list) must not make the import crawl.
        text = text[:NAMING_CHARS]
        rendered = Rendered(text, tuple(s for s in rendered.spans if s.end <= NAMING_CHARS))
    return text, rendered


def derive_name_and_title(source: str, rendered: Rendered,
                          statistics: NameStatistics | None = None, *, strict: bool = False
                          ) -> tuple[str | None, str]:
    """(name or None, display title) for an abstract; never raises, unless `strict` (for
    tests: a fault in the derivation would otherwise pass as an abstract without a name).

    `rendered` (from `index.render.render`) supplies the clean text and the bold/italic
    runs; `source` is only a fallback for when rendering produced no text at all.
    `statistics` (`names.list_statistics` of the abstract's list) tell prior work that
    many abstracts use from a name this one introduces.
    """
    text, rendered = _naming_text(source, rendered)
    try:
        sentences = _sentences(text)
        best = _best_candidate(text, sentences, rendered, statistics, Notation(source))
        if best is not None:
            named = _without_citations(_named_title(best, text, sentences), source)
            front = f"{best.name}: "
            if named.startswith(front):
                named = front + without_pointing_back(named.removeprefix(front))
            return best.name, named
        title = without_pointing_back(
            _without_citations(unnamed_title(text, sentences, UNNAMED_LIMIT), source))
        project = project_name(text, _link_urls(rendered))
        if project is not None:
            return project, f"{project}: {title}"
        return None, title
    except Exception:  # a title is never worth failing an import over
        if strict:
            raise
        return None, shorten(text, UNNAMED_LIMIT) or "Untitled"


# (a number alone, "[12]"; two are as likely an interval, "[0,1]": they stay)
_PLAIN_CITATION = re.compile(rf"\s*(?:\[[1-9]\d{{0,2}}\]|{CITATION_BY_INITIALS.pattern})")


def _without_citations(title: str, source: str) -> str:
    """A derived title without the abstract's citations, which read as their keys
    ("[recht2010, candes2012]"): a title is the abstract's own words, and one cut at a
    citation's comma ended "... minimisation [recht2010"."""
    if "[" not in title:
        return title
    for keys in cited_keys(source):
        shown = citation_text(keys)
        if not shown:
            continue
        title = title.replace(f" {shown}", "").replace(shown, "")
        at = title.rfind("[")
        cut = title.endswith("…")
        if at >= 0 and "]" not in title[at:] and \
                shown.startswith(title[at:].removesuffix("…").rstrip()):
            title = title[:at].rstrip() + ("…" if cut else "")
    # Citations written out in the list's plain text: "[12]", "[3, 4]", "[LST21]".
    title = _PLAIN_CITATION.sub("", title)
    # (what the citation ended is left hanging: "the … method proposed by [x]" is "the
    # … method")
    return title if title.endswith("…") else without_dangling_participle(tidy(title))


def derive_name(source: str, rendered: Rendered,
                statistics: NameStatistics | None = None) -> str | None:
    """The name alone, for a paper with a real title whose own words name nothing (its
    derived title would never be shown: deriving one is a ninth of naming's time)."""
    text, rendered = _naming_text(source, rendered)
    try:
        best = _best_candidate(text, _sentences(text), rendered, statistics,
                               Notation(source))
        return best.name if best is not None else project_name(text, _link_urls(rendered))
    except Exception:  # a name is never worth failing an import over
        return None


# "GraphCleaner: Detecting …", "Meta-StyleSpeech : Multi-Speaker …", "“X-Paste”: …"
_TITLE_NAME = re.compile(r"\s*[\"'“‘]?(?P<name>[^\s:\"“”‘’]+)[\"'”’]?\s*:\s*\S")
_HYPHENATED = re.compile(r"[^\W_]-[^\W_]")
_FEW_OTHERS = 2  # (a list that repeats a paper for each session counts it again)


def _made_up(name: str) -> bool:
    """A made-up shape: a capital after the first letter (GraphCleaner, DRIBO, pFedGraph),
    a digit (Voice2Series, G²N², Nevis'22) or a hyphen between letters (X-Paste,
    Coarse-to-Fine), and a letter. A plain word is not a name a title gives: "Position:
    …" (a position paper), "Transformers: …", "Review: …"; nor is a year."""
    return any(char.isalpha() for char in name) and (
        any(char.isupper() for char in name[1:]) or any(char.isdigit() for char in name)
        or _HYPHENATED.search(name) is not None)


def title_word(title: str | None) -> str | None:
    """The one word before a title's colon, as a name would stand there ("NAME: …")."""
    match = _TITLE_NAME.match(title or "")
    return match.group("name") if match else None


def name_in_title(title: str | None, abstract: str = "",
                  statistics: NameStatistics | None = None) -> str | None:
    """The name a real title gives its method ("NAME: what it is"), or None.

    The title is the truth about a paper's name: a list with titles takes it from there
    rather than guessing from the abstract, which also names components, datasets and
    baselines (ConViT's abstract introduces GPSA, VLMixer's CMC). A made-up shape is a
    name; a plain word ("Monarch: …", "Perceiver: …") is one when the abstract (rendered
    text) calls it that inside a sentence and at most `_FEW_OTHERS` other abstracts of the
    list do — "Transformers: …" names the field, "Position: …" a position paper.
    """
    name = title_word(title)
    if name is None:
        return None
    if _made_up(name):
        return name
    if name in capitalised_in_sentences(abstract) and \
            (statistics is None or statistics.others(name) <= _FEW_OTHERS):
        return name
    return None


# --- sentences -------------------------------------------------------------------------------


def _sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence; abbreviations such as "e.g." do not end one."""
    bounds: list[tuple[int, int]] = []
    start = 0
    glued = any(text[max(0, m.start() - 2):m.start()].isalpha()
                and text[max(0, m.start() - 2):m.start()].islower()
                for m in _GLUED_STOP.finditer(text))
    for match in (_SENTENCE_END_OR_GLUED if glued else _SENTENCE_END).finditer(text):
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


# (The patterns of functions called for each parenthesis or candidate are compiled once
# here: looked up in re's cache at each call they cost half a percent of naming's time.)
_ONE_WORD = re.compile(r"[A-Za-z0-9α-ωΑ-Ω][\w-]*")


def _is_acronym(token: str) -> bool:
    """SCOUT, OWPO, SS-TPT, ConGLUDe, HB-ARFM, 6DFC: one word with two capitals at least
    (a digit may open it: "the 6D friction cone (6DFC)")."""
    return (bool(_ONE_WORD.fullmatch(token))
            and sum(c.isupper() for c in token) >= 2)


def _long_form(acronym: str, before: str) -> str | None:
    """Schwartz–Hearst: the shortest tail of `before` whose letters spell `acronym`; else,
    for an acronym with a digit after a letter, the words whose initials spell it with
    that letter repeated ("Angle-Annular Graph Neural Network (A2-GNN)", "Random
    Encoders for Efficient Exploration (RE3)"), or failing that the shortest tail whose
    letters do."""
    # Within its sentence: "... Networks (RNNs). We propose a ... approach (RNNRepair)"
    # must not spell RNNRepair from the sentence before.
    sentence = before[before.rfind(". ") + 1:]
    # Words whose initials spell it first: "Structured Sparsity Learning (SSL)", where the
    # shortest tail spells SSL inside a word ("Sparsity Learning": S, s, L).
    # (Not from a function word: "and Reasoning Corpus (ARC)" is Schwartz–Hearst's.)
    initials = _initials_tail(acronym.lower(), sentence) if acronym.isalpha() else None
    if initials and initials.split(None, 1)[0].lower() in _UNLETTERED:
        initials = None
    found = initials or _spelled_tail(acronym, sentence)
    if found is None and _REPEATED_LETTER.search(acronym):
        repeated = _REPEATED_LETTER.sub(lambda m: m.group(1) * int(m.group(2)), acronym)
        found = _initials_tail("".join(c for c in repeated.lower() if c.isalnum()), sentence)
        # A word that gives no initial may stand inside it, as in any spelled long form:
        # "Multi-Label Learning with dual Label Correlation Perspectives (ML3CP)".
        found = found or _spelled_tail(repeated, sentence)
    return found


# A letter and how many times over ("A2", "E3"): the digit counts words that start so.
_REPEATED_LETTER = re.compile(r"([A-Za-z])([2-4])(?![0-9])")
# Words a long form may have that give no letter ("Learning *to* Rank", "based").
_UNLETTERED = frozenset({"of", "for", "and", "the", "with", "to", "in", "on", "a", "an",
                         "by", "based", "via"})


def _initials_tail(letters: str, sentence: str) -> str | None:
    """The tail of `sentence` whose words' initials (each part of a hyphenated word its
    own) are `letters`, function words skipped; None if there is none."""
    words = list(re.finditer(r"\S+", sentence))[-2 * len(letters):]
    k = len(letters) - 1
    for index in range(len(words) - 1, -1, -1):
        initials = "".join(p[0].lower() for p in words[index].group().split("-") if p)
        # A hyphenated word gives each part's initial ("Angle-Annular": a, a) or its
        # first's ("Two-stage Action Alignment Network (TA2N)": t).
        if initials and k + 1 >= len(initials) and \
                letters[k + 1 - len(initials):k + 1] == initials:
            k -= len(initials)
        elif initials and k >= 0 and initials[0] == letters[k]:
            k -= 1
        # (the word before the parenthesis gives the last letter: "(RE3) for" is no
        # long form ending in "for")
        elif words[index].group().lower() not in _UNLETTERED or index == len(words) - 1:
            return None
        if k < 0:
            return sentence[words[index].start():].rstrip()
    return None


def _spelled_tail(acronym: str, sentence: str) -> str | None:
    """Schwartz–Hearst proper: the shortest tail of `sentence` whose letters, in order,
    are the acronym's, the first starting a word."""
    letters = [c.lower() for c in acronym if c.isalnum()]
    window = " ".join(sentence.split()[-min(len(letters) + 5, len(letters) * 2) :])
    lowered = window.lower()
    i = len(lowered) - 1
    for k in range(len(letters) - 1, -1, -1):
        # The first letter must also start a word, and not a function word: "As-Needed
        # Decomposition and Planning for complex Tasks (ADaPT)", not "and Planning …".
        while i >= 0 and (lowered[i] != letters[k] or k == 0 and (
                i > 0 and lowered[i - 1].isalnum() or _starts_unlettered(lowered, i))):
            i -= 1
        if i < 0:
            return None
        i -= 1
    # Whole words ("Sub-Scale", not "Scale"), from after a dash that joins the words
    # before ("a new algorithm—Value Iteration with … (VI-ULCB)" spells "Value Iteration
    # with …", not "algorithm—Value …").
    start = max(window.rfind(mark, 0, i + 1) for mark in (" ", "—", "–")) + 1
    # "Stability and Suitability-guided ...": keep a capitalised pair joined by "and".
    pair = _CAPITALISED_AND.search(window[:start])
    if pair and window[start : start + 1].isupper():
        start = pair.start()
    long_form = window[start:].strip()
    if _CLAUSE_VERB.search(long_form):  # a noun phrase: "database is proposed for" ends it
        return None
    if " " in long_form or "-" in long_form or _capitals_spell(long_form, acronym):
        return long_form
    return None


# A verb of a clause, which no long form (a noun phrase) holds: "a new Multi-yaw
# Multi-pitch high-quality database is proposed for Facial Pose Analysis (M2FPA)" spells
# M2FPA across "is proposed" when letters may be skipped.
_CLAUSE_VERB = re.compile(r"\b(?:is|are|was|were|been|being)\b")


_CAPITALISED_AND = re.compile(r"[A-Z][\w-]* and $")
_LOWER_WORD = re.compile(r"[a-z]+(?![\w-])")  # (not "In-Time": "In-Time Over-…(ITOP)")


def _starts_unlettered(lowered: str, at: int) -> bool:
    """The word starting at `at` is one a long form spells no letter with ("and", "of")."""
    word = _LOWER_WORD.match(lowered, at)
    return word is not None and word.group() in _UNLETTERED


def _capitals_spell(token: str, acronym: str) -> bool:
    """One made-up word whose capitals and digits are the acronym's letters in order:
    "SceneMotifCoder (SMC)", "Real2Render2Real (R2R2R)". (Another lone word, "Networks
    (NW)", spells nothing: its letters are not its capitals.)"""
    return len(token) > len(acronym) and [c for c in token if c.isupper() or c.isdigit()] \
        == [c.upper() for c in acronym if c.isalnum()]


# Characters before a parenthesis searched for its long form: an acronym of up to 120
# letters spans at most 240 words.
_DEFINITION_WINDOW = 4000


def defined_pairs(text: str) -> list[tuple[str, str]]:
    """(SHORT, long form) of each acronym the text spells out: "Think-on-Graph (ToG)"."""
    return [(d.short, d.long) for d in _definitions(text)]


# "(PASTA for short)", "(abbreviated as PASTA)": the acronym is what remains.
_SHORT_WORDING = re.compile(r"\s+for\s+short$|^(?:abbreviated\s+as|or|i\.e\.,?)\s+", re.I)


_LOWER_CAMEL = re.compile(r"[a-z]+[A-Z][\w-]*")
_BLEND_SHAPE = re.compile(r"[A-Z][a-z]{3,}")  # one capitalised word: Quadapter, Frad
_ACRONYM_IN_PARENTHESES = re.compile(r"\([A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*s?\)")
_STANDS_FOR = re.compile(r"^(?:short\s+for|stands?\s+for|standing\s+for|for)\s+", re.I)


def _definitions(text: str) -> list[_Definition]:
    found: list[_Definition] = []
    for paren in re.finditer(r"\(([^()]{1,120})\)", text):
        inside = _SHORT_WORDING.sub("", paren.group(1).strip())
        # Only the words just before the parenthesis can be its long form: a bounded
        # window, not the whole text before it (that made a 5 MB abstract take minutes).
        offset = max(0, paren.start() - _DEFINITION_WINDOW)
        head = text[offset: paren.start()].rstrip()
        # "One-Way Policy Optimization (OWPO)"; "Multilingual Othello (mOthello)", a
        # lowercase letter before a capital, spelled out as an acronym is
        blend = _BLEND_SHAPE.fullmatch(inside) is not None
        if _is_acronym(inside) or _LOWER_CAMEL.fullmatch(inside) or blend:
            long_form = _long_form(inside, head)
            # "a quantization adapter (Quadapter)", "fractional denoising (Frad)": a word
            # made of the phrase's letters names it as an acronym would, when it takes
            # letters of two words at least and is none of them ("class of matrices
            # (Monarch)", "the synthetic (English)" spell nothing)
            if blend and long_form and (" " not in long_form.strip() or inside.lower() in
                                        long_form.lower().split()):
                long_form = None
            # (never across another acronym's parenthesis: "a new estimator Quantiled
            # Expansion Mean (QEM) and introduce a new DRL algorithm (QEMRL)" spells no
            # QEMRL; "E(n)-Equivariant Graph Neural Networks (EGNNs)" spells EGNNs)
            if long_form and head.endswith(long_form) \
                    and not _ACRONYM_IN_PARENTHESES.search(long_form):
                start = offset + len(head) - len(long_form)
                found.append(_Definition(inside, long_form, start, paren.end()))
            continue
        # "SCOUT (Sub-Scale Collaboration On Unseen Tasks)": the word before the parenthesis
        # (head ends in a word: it is stripped).
        token = head.rsplit(None, 1)[-1] if head else ""
        # ("FORM (for "Future Observation Reward Model")": what follows "for" is the long
        # form, without its quotation marks)
        inside = unquoted(_STANDS_FOR.sub("", inside))
        if token and _is_acronym(token) and " " in inside and _long_form(
                token, inside) and inside[0].lower() == token[0].lower():
            found.append(_Definition(token, inside, offset + len(head) - len(token),
                                     paren.end()))
    if ", or " in text or " –" in text or " —" in text:
        found.extend(_or_definitions(text))
    return found


# "We call our approach Dynamic Recurrent Acyclic Graphical Neural Networks, or DRAGNN"
# (held-out ICLR 2017): an acronym after ", or" whose letters are the initials of the
# capitalised words just before the comma spells them out, as a parenthesis does. (Only
# capitalised initials: ", or X" also gives an alternative, "a kernel method, or GP".)
# ... and so does one after a dash: "giving the name to our approach as Confidence-Energy
# Recurrent Network -- CERN" (held-out CVPR 2017).
_OR_ACRONYM = re.compile(r"(?:,\s+or|\s[–—])\s+(?P<short>[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*s?)"
                         r"(?![\w-])")


def _or_definitions(text: str) -> list[_Definition]:
    found = []
    for match in _OR_ACRONYM.finditer(text):
        short = match.group("short")
        head = text[max(0, match.start() - 300): match.start()]
        letters = singular(short)
        long_form = _initials_tail(letters.lower(), head[head.rfind(". ") + 1:]) \
            if letters.isalpha() else None
        if long_form and head.endswith(long_form) \
                and all(word[:1].isupper() for word in long_form.split()):
            found.append(_Definition(short, long_form, match.start() - len(long_form),
                                     match.end()))
    return found


# --- choosing the name -----------------------------------------------------------------------


_CAPITAL_INSIDE = re.compile(r"[a-z][A-Z]")
_GREEK_HYPHEN = re.compile(r"[α-ωΑ-Ω]-\w")


# A number joined to a word: "a 2-point algorithm", "a 3-layer network", "8-bit weights":
# an adjective saying how many, never a name (6-PACK, 3D-DAT have capitals after).
_NUMERAL_COMPOUND = re.compile(r"\d+(?:\.\d+)?(?:-[a-z]+)+")


def _distinctive(token: str) -> bool:
    """Looks made up: capitals inside (PerContrast, OWPO) or digits (Pix2Struct); a
    star or bang closing it (L-C*, HOGWILD!) is no part of its shape."""
    token = token.rstrip("*!") or token
    if _NUMERAL_COMPOUND.fullmatch(token):  # "2-point": how many, not made up
        return False
    return (_is_acronym(token) or any(c.isdigit() for c in token)
            or bool(_CAPITAL_INSIDE.search(token) or _GREEK_HYPHEN.match(token)))


def _plain_name(token: str) -> bool:
    """A capitalised word that is not a common one: Duolando, Chameleon."""
    return (len(token) > 3 and token[0].isupper() and token[1:].islower()
            and token.lower() not in _COMMON_WORDS)


# "our" or "the" and one capitalised word before a kind word: "our Mnemonist method", "we
# propose the Softstar algorithm" (held-out NeurIPS 2015; not "a Decoupled Margin Loss",
# a description); or before a task or challenge the cue introduces ("We introduce the
# Touchdown task and dataset", held-out CVPR 2019).
_OUR_OR_THE_THEN_KIND = re.compile(
    rf"(?:our|the)\s+[A-Z][\w-]*\s+(?:{_KIND}|tasks?|challenges?)\b")


def _name_like(name: str, after_article: bool) -> bool:
    first = name.split()[0]
    if first.lower().rstrip(".") in _COMMON_WORDS or not first[0].isalnum() or first.isdigit():
        return False
    # A plain capitalised word ("Trifuse", "Artemis") only names something when no article
    # stands before it: "a Decoupled Margin Loss" is a description.
    return _distinctive(first) or (first[0].isupper() and not after_article)


def _noun_phrase_before(text: str, sentence_start: int, cue_start: int) -> str | None:
    """For "we propose <phrase>, called X": the <phrase>."""
    head = text[sentence_start:cue_start]
    verbs = list(_VERB_THEN_SPACE.finditer(head))
    if not verbs:
        return None
    return head[verbs[-1].end() :].rstrip(" ,") or None


# A single author's "I " (not "AI ", "e.I. ", "Type-I "): looked for apart from _CUE_STARTS,
# where as a word start "i" would be every "in", "is" and "it".
_SINGULAR_I = re.compile(r"(?<![\w.-])I ")


def _cue_starts(text: str) -> list[int]:
    """Where a cue can start: the words of _CUE_STARTS, and a single author's "I "."""
    starts = _CUE_STARTS(text)
    if "I " not in text:
        return starts
    return sorted(starts + [match.start() for match in _SINGULAR_I.finditer(text)])


def _cues_in(text: str) -> Iterator[re.Match]:
    """Each match of _CUE, and after one of "we <verb>" the verb coordinated with it."""
    for cue in matches_at(_CUE, text, _cue_starts(text)):
        if _BARE_KIND_OF.match(cue.group()) and text.startswith("of ", cue.end()):
            continue  # "using the framework of … RANdom SAmple Consensus (RANSAC)"
        if cue.group()[:4].lower() == "the " and \
                not PRIOR_ADJECTIVES.isdisjoint(cue.group().lower().split()):
            continue  # "with respect to the state-of-the-art approach, PoseFromShape"
        if _BARE_THE_KIND.fullmatch(cue.group()) and \
                _EVALUATED_ON.search(text, max(0, cue.start() - 12), cue.start()):
            continue  # "outperforms … on the dataset DBP15K": where it is tried, not ours
        if text[max(0, cue.start() - 3):cue.start()] in ("so-", "so "):
            # "efficient in the so-called “knows what it knows” (KWIK) framework": another's
            # term, no naming of ours. (Authors say it of their own too, "by proposing the
            # so-called GNNRank", where the verb before it is the cue.)
            continue
        yield cue
        coordinated = _COORDINATED_CUE.match(text, cue.start())
        if coordinated is not None and coordinated.end() > cue.end():
            yield coordinated


_SENTENCE_END_AFTER = re.compile(r"\.(?:\s|$)")


def _kind_then_name(text: str, cue: re.Match) -> re.Match | None:
    """"a novel personalized FL algorithm, pFedGraph" after the cue (_KIND_THEN_NAME),
    unless the kind phrase is where the method is tried ("on three popular datasets,
    i.e., DEV"), goes on after what the kind is for without a relative clause ("algorithms
    for the uniform, Marchenko-Pastur, and exponential …"), or is a predicate: "Our method
    achieved state-of-the-art results for the driving benchmark KITTI", where after "our
    method" a verb opens what it did, and KITTI is no name of its."""
    found = _KIND_THEN_NAME.match(text, cue.end())
    if found is None or _ADJUNCT_KIND.match(found.group("kind")) or (
            found.group("purpose") and not _RELATIVE_AFTER.match(text, found.end())) or (
            # (after a colon, the name ends the sentence: "two variants of MOGFNs: MOGFN-PC,
            # which …" lists them)
            found.group("purpose") and found.group("purpose").rstrip().endswith(":")
            and not _SENTENCE_END_AFTER.match(text, found.end())) or (
            _PREDICATE_AFTER_KIND.match(cue.group().strip())
            and _PAST_VERB.match(found.group("kind"))):
        return None
    return found


def _cue_target(text: str, cue: re.Match) -> int:
    """Where the name a cue introduces may start: past the articles and adjectives after
    it (`_FILLER`), past "i.e." ("The resulting algorithm, i.e., EAPT"), and past a kind
    phrase "known as" after a cue's verb ("we introduce an innovative paradigm known as
    TRUE-UIE", held-out NAACL 2024)."""
    position = _THAT_IS.match(text, _FILLER.match(text, cue.end()).end()).end()
    if (known := _KIND_KNOWN_AS.match(text, position)) and _VERB_THEN_SPACE.search(cue.group()):
        return known.end()
    return position


def _cued_names(text: str, sentences,
                definitions) -> Iterator[tuple[str, int, str | None, str | None]]:
    """Names a cue ("we propose", "called", "the proposed method,") introduces:
    (name, start, expansion, description) each."""
    for cue in _cues_in(text):
        if cue.group()[0].isupper() and _NAMING_CUE.fullmatch(cue.group().strip()) and \
                _sentence_at(sentences, cue.start())[0] != cue.start():
            continue  # "Multilingual Named Entity Recognition (NER)": a name's word
        position = _cue_target(text, cue)
        # "we propose a novel end-to-end Label Transformation Framework (LTF)": the long form
        # may come a few modifiers after the cue, within its clause.
        definition = next((d for d in definitions if cue.end() <= d.start <= position + 120
                           and _defined_in_cue(text[position:d.start])
                           and not _qualified_basis(text, position, d)
                           and not _KIND_THEN_NAMING.match(text, d.end)
                           and not _named_after_purpose(text, position, d)), None)
        kind_then_name = _kind_then_name(text, cue)
        # "the self-supervised learning (SSL) framework BEATs": the name comes after; a
        # plain capitalised word only after a comma or a naming word ("a GPT-based model,
        # Duolando, which ...", "a framework called Chameleon").
        if kind_then_name and (_distinctive(kind_then_name.group("name")) or (
                _plain_name(kind_then_name.group("name"))
                and kind_then_name.group("separator").strip())):
            # (the kind with what it is for: "a … method for de novo peptide sequencing")
            yield (kind_then_name.group("name"), kind_then_name.start("name"), None,
                   kind_then_name.group("kind") + (kind_then_name.group("purpose") or "")
                   .rstrip(", "))
        elif definition is not None:
            yield definition.short, definition.start, definition.long, None
        elif (spelled := _NAMED_PHRASE_THEN_NAME.match(text, position)) and (
                _NAMING_CUE.fullmatch(cue.group().strip())
                or (_distinctive(spelled.group("name"))
                    and not _CAPITALISED_LAST.search(cue.group().rstrip()))):
            # "a framework named Sensible and Visionary Commonsense Knowledge (Sibyl)":
            # after a naming word, a capitalised phrase and, in parentheses, its name,
            # though not made of the phrase's initials (no definition). After any cue
            # too when the name looks made up ("We propose the Spatio-Temporal Transformer
            # Networks (S2TNet)": S2T spells no initials), unless the cue ends inside the
            # phrase ("the Loss Gradient Gaussian Width (LGGW)": "the Loss" read as a kind).
            yield (spelled.group("name"), spelled.start("name"), spelled.group("long"),
                   None)
        elif not cue.group().rstrip().endswith(",") and \
                (closing := _CLOSING_NAME.match(text, position)) and \
                _distinctive(closing.group("name")) and \
                not any(d.end == closing.end() for d in definitions) and \
                not _BUILT_ON.search(closing.group()):
            # "this work proposes an interactive ... framework for collaborative exploration
            # under scarce communication (iHERO)": a made-up name in parentheses closes the
            # kind phrase the cue introduces, though its letters spell no long form there
            # (one they spell is a definition, which the branch above took or refused).
            # A cue that sets a name off ("the initial supervised system,") introduces no
            # phrase: "… in in-domain experiments (QuAC)" after it is a dataset's.
            yield closing.group("name"), closing.start("name"), None, None
        elif named := _NAME_AT.match(text, position) or _named_then_verb(text, cue, position):
            naming = bool(re.fullmatch(_NAMING + r"|(?:our|the)\s.*,", cue.group().strip(), re.I))
            # After "called"/"the proposed method," even a lowercase word is a name (spred).
            # Before a relative clause too when a kind is named ("a library named abess
            # that implements ..."; not "named entities that recur"). Not after "namely".
            # Not a term: "named the source", "features, called synergies" (a plural names
            # kinds of things, not one system; "so-called channels" is no cue, _cues_in).
            # (A made-up plural right after a cue's verb is one: "we introduce q-paths, a
            # family of paths".)
            term = position > cue.end() or (
                _LOWERCASE_PLURAL.match(text, position) is not None
                and (naming or not _MADE_UP_PLURAL.match(text, position)))
            # Not an item of a list either: "The benchmark, code, and documentation are …".
            term = term or _LIST_ITEM.match(text, position) is not None
            # Nor a sentence adverb after the comma: "In the minimum distance approach,
            # firstly, the so-called uncertainty set is defined".
            term = term or _LOWERCASE_ADVERB.match(text, position) is not None
            # Nor a list of participles: "can be sampled from the model, posed, animated,
            # and fit to data" ("the proposed method, spred, is" names spred).
            term = term or _LOWERCASE_PARTICIPLE.match(text, position) is not None
            # Nor what a thing "is called": a passive defines a term or a property ("A
            # classifier with such a property is called calibrated", "is called probing").
            term = term or (naming and _COPULA_BEFORE.search(
                text, max(0, cue.start() - 12), cue.start()) is not None)
            # A naming word names a made thing ("a library named abess", "a new form of
            # fine-tuning, called flex-tuning"), not a notion: "a new concept, called
            # scale-diversity" (held-out CVPR 2019), "an idea called uniformization".
            notion = _NAMING_CUE.fullmatch(cue.group().strip()) is not None \
                and _NOTION_BEFORE.search(text, max(0, cue.start() - 80), cue.start())
            lowercase_name = naming and not term and not notion \
                and cue.group()[:6].lower() != "namely" and (
                    _SET_OFF_WORD.match(text, position) or (
                        re.match(r"\S+\s+(?:that|which)\b", text[position:])
                        and _KIND_BEFORE.search(text, max(0, cue.start() - 40), cue.start())))
            # Right after a cue's verb, before what it is: "we propose posteriordb, a
            # database of models", "We introduce max-rank, a novel correction" (a verb's:
            # after "the environment" the word is the compound's head, "the environment
            # structure, a topological map").
            lowercase_name = lowercase_name or (
                not naming and not term and position == cue.end()
                and _VERB_THEN_SPACE.search(cue.group()) is not None
                and _LOWERCASE_APPOSITIVE.match(text, position) is not None)
            # ("our" is no article: "we propose our Mnemonist method" names it, where "a
            # Decoupled Margin Loss" is a description)
            after_article = position > cue.end() and not _OUR_OR_THE_THEN_KIND.match(
                text, cue.end(), named.end() + 40)
            if not _name_like(named.group("name"), after_article=after_article) and not (
                    lowercase_name and named.group("name").lower().rstrip(".") not in _COMMON_WORDS):
                continue
            if _INTRODUCED_BEFORE.match(text, named.end()):
                continue  # "a loss function called alpha-loss, which was first introduced in …"
            description = None
            if naming:
                sentence_start, _ = _sentence_at(sentences, cue.start())
                description = _noun_phrase_before(text, sentence_start, cue.start())
            yield named.group("name"), position, None, description
        elif (quoted := _QUOTED_NAME.match(text, cue.end())) and (
                _distinctive(quoted.group("name"))
                or _KIND_BEFORE.search(text, max(0, cue.start() - 40), cue.start())) \
                and _NAMING_CUE.fullmatch(cue.group().strip()):
            # "a framework, dubbed “X-Paste”, upon which": a made-up name in quotes, or any
            # term quoted right after the kind ("an algorithm called "meta-forests"")
            sentence_start, _ = _sentence_at(sentences, cue.start())
            yield (quoted.group("name"), quoted.start("name"), None,
                   _noun_phrase_before(text, sentence_start, cue.start()))


# After a naming word, a name that is the subject of what follows: "A new CNN model named
# clcNet is then constructed using CLC blocks" (held-out WACV 2018, titled ClcNet).
_NAME_THEN_VERB = re.compile(
    rf"(?P<name>{_NAME_TOKEN})(?=\s+(?:is|are|can|will)\b)")


def _named_then_verb(text: str, cue: re.Match, position: int) -> re.Match | None:
    """`_NAME_THEN_VERB` right after a naming word (`_cued_names`), else None."""
    if position != cue.end() or not _NAMING_CUE.fullmatch(cue.group().strip()):
        return None
    return _NAME_THEN_VERB.match(text, position)


# (`_cued_names`) A kind phrase and "known as": "a novel … method known as …"
_KIND_KNOWN_AS = re.compile(rf"(?:[^\s.;:(),]++\s+){{0,8}}?{_KIND}\s+known\s+as\s+", re.I)
_CAPITALISED_LAST = re.compile(r"\b[A-Z][\w-]*$")  # a cue ending in a capitalised word
_LOWERCASE_ADVERB = re.compile(r"[a-z]+ly\b(?!-)")  # "firstly", "finally", "similarly"
# A cue's kind phrase (one clause: no punctuation, no other parenthesis) closed by a name
# in parentheses that ends the clause (`_cued_names`).
_CLOSING_NAME = re.compile(
    # (the lookahead first: a clause with no parenthesis fails at once, without the kind
    # word looked for at each of its characters)
    rf"(?=[^.,;:()]{{0,300}}\()"
    rf"[^.,;:()]{{0,120}}?\b{_KIND}\b[^.,;:()]{{0,120}}?\s\((?P<name>{_NAME_TOKEN})\)"
    r"(?=\s*(?:[.,;:]|$))", re.I)
# ... not what it is built on: "an alternative approach based on magnetoencephalography (MEG)".
_BUILT_ON = re.compile(r"\b(?:based\s+on|built\s+(?:up)?on|using|leveraging|inspired\s+by)\b",
                       re.I)
# What may stand between a cue's kind phrase and a long form set off by a comma or a
# colon: "a deep reinforcement learning agent, StarCraft Commander (SCC)", "a novel
# mechanism, i.e., ...", "a unified framework for ... dialog: knowledge-enhanced ...
# recommender system (KERS)".
_APPOSITION_LEAD = re.compile(
    r"(?:[,:]|\s[–—-])\s+(?:(?:i\.e\.|namely|called|named|dubbed|termed),?\s+)?$")
# What sets a phrase off: punctuation, or a spaced dash ("we present InferES - an original
# corpus for Natural Language Inference (NLI)": the cue names InferES, not NLI).
_SET_OFF = re.compile(r"[.;:,]|\s[–—-]\s")


# "a novel model to solve the diagnosis of small round blue cell tumors (SRBCTs)", "a
# framework that regularizes neural radiance fields (NeRF)": a long form in a clause
# after the cue's kind names what the contribution works on (unless a naming word says
# the contribution is it: "a mixture model which we term the ...").
_KIND_COMPLEMENT = re.compile(rf"\b{_KIND}\s+(?:to|that|which)\s", re.I)
# ... and so does one after a gerund opening what follows the cue: "the proposed approach
# in solving the approximate nearest neighbor (ANN) search problem", "our method for
# regularizing neural radiance fields (NeRF)" name the task, not the method.
_GERUND_LEAD = re.compile(r"(?:in|for|by|when|while)\s+[a-z]+ing\s", re.I)
_NAMED_IN = re.compile(r"\b(?:call|called|term|termed|name|named|dub|dubbed|coin|coined)\b",
                       re.I)


# A verb of use opening a predicate after a cue that names the authors' kind ("The
# proposed framework uses the Alternating Direction Method of Multipliers (ADMM)"): a
# long form after it is what the kind uses, not its name.
_KIND_USES = re.compile(
    # (not "is": "Key to our approach is an error-aware policy (EAP)" says what it is)
    r"(?:\w+ly\s+)?(?:uses|use|employs|leverages|adopts|utili[sz]es|relies|builds"
    r"|extends|combines|integrates|incorporates|exploits|requires|takes|follows"
    # ... or compares with it: "Our methods achieve comparable results with the
    # Carlini-Wagner (CW) attack" (held-out NeurIPS 2018)
    r"|achieves?|outperforms?|surpass(?:es)?|compares?|match(?:es)?|beats?)\b", re.I)


# A finite verb of the cue's own clause between it and a long form: the long form is
# said of something else ("if the model learner is efficient in the “knows what it
# knows” (KWIK) framework"); not a relative clause's verb ("a new class of networks that
# are shift invariant: functional neural networks (FNNs)"), nor a copula before what the
# cue is ("Key to our approach is an error-aware policy (EAP)").
_FINITE_BETWEEN = re.compile(
    r"(?:(?!\b(?:that|which|who)\s).)*?"
    r"\b(?:is|are|was|were|has|have|had|can|could|will|would)\s+(?!(?:a|an|the|our)\s)")


# A lowercase word that goes on with a noun phrase after a long form, not a function
# word: "based on Higher-Order Logic (HOL) proofs", not "(TIDE) to overcome".
_NOUN_GOES_ON = re.compile(
    r"\s+(?!(?:to|in|for|with|of|on|at|by|from|into|onto|over|under|via|through|across"
    r"|between|among|and|or|but|nor|so|as|than|that|which|who|where|when|while|whose"
    r"|is|are|was|were|be|been|can|could|will|would|may|might|must|should|has|have|had"
    r"|does|do|did|using|based|i\.e|e\.g)\b)[a-z][\w-]*")


# A long form qualifying the kind a naming word then names: "we introduce a novel
# stochastic gradient descent (SGD) scheme, named patient privacy preserving SGD (P3SGD)"
# (held-out CVPR 2019) introduces P3SGD, the naming word's, not SGD.
_KIND_THEN_NAMING = re.compile(rf"\s+{_KIND},?\s+{_NAMING}\s", re.I)


def _qualified_basis(text: str, position: int, definition: _Definition) -> bool:
    """The long form is what the cue's kind is built on, qualifying a noun after it: "a
    new dataset based on Higher-Order Logic (HOL) proofs", "a method based on the
    second-order stochastic dominance (SSD) relation" introduce neither HOL nor SSD."""
    return bool(_BUILT_ON.search(text, position, definition.start)) and \
        _NOUN_GOES_ON.match(text, definition.end) is not None


# A cue that is a noun phrase, "our method", "the proposed framework" (_kind_then_name),
# and the verb that may follow it as its predicate's: "Our method achieved …", "The
# method has been evaluated on three … datasets, i.e., UCF-Crime" (held-out WACV 2023).
_PREDICATE_AFTER_KIND = re.compile(rf"(?:our|the)\s+(?:[\w-]+\s+){{0,2}}{_KIND}", re.I)
_PAST_VERB = re.compile(r"[a-z]+ed\s|(?:achieves|outperforms|yields|obtains|shows)\s"
                        r"|(?:has|have|had|is|are|was|were|can|could|will|would|may|might)\s")
# A name and its appositive without the comma ("introduces MixDiff a new self-supervised
# learning (SSL) framework"): a long form inside the appositive is a part it names.
_UNSET_APPOSITIVE = re.compile(rf"(?=\S*[A-Z0-9]){_NAME_TOKEN}\s+{_UNSET_LEAD}")


# A made-up name and the verb it is the subject of, opening what follows a cue: "Our
# algorithm BISTRO requires d calls to the empirical risk minimization (ERM) oracle"
# (held-out ICML 2016): the cue named BISTRO, and the long form is in its predicate; so
# is one in a relative clause it opens: "we propose HyperFed which contains three main
# modules, i.e., hyperbolic prototype Tammes initialization (HPTI)" (held-out IJCAI 2023).
_SUBJECT_THEN_VERB = re.compile(
    rf"(?P<name>{_NAME_TOKEN})\s+(?:(?:which|that)\s+)?(?:[a-z]+ly\s+)?[a-z]{{2,}}s\s")


def _named_subject(between: str) -> bool:
    subject = _SUBJECT_THEN_VERB.match(between)
    return subject is not None and _distinctive(subject.group("name"))


# "This paper presents our pioneering effort for emotion recognition in conversation
# (ERC)" (held-out AAAI 2021), "a first step towards …": the work is the effort, and the
# long form after it is what the effort is for, a task or field.
_ENDEAVOUR_TOWARDS = re.compile(
    r"\b(?:efforts?|attempts?|steps?|endeavou?rs?|explorations?|forays?)\s+"
    r"(?:for|on|in|at|to|towards?|into)\s+$", re.I)
# Examples between a cue and a long form, others' work: "our formulation with former
# works like Adaptive Instance Normalization (AdaIN)" (held-out CVPR 2019).
_OTHERS_BETWEEN = re.compile(r"(?<![\w-])(?:like|such\s+as|e\.g\.|including)(?![\w-])", re.I)


# "We present a new dataset for Visual Question Answering (VQA) on document images called
# DocVQA" (held-out WACV 2021): the long form says what the kind is for, and a naming
# word later in its clause gives the kind's own name.
_KIND_THEN_PURPOSE = re.compile(rf"(?:[\w-]+\s+){{0,4}}?{_KIND}\s+(?:for|of|on)\s+$", re.I)
_NAMED_LATER = re.compile(rf"[^.;:()]{{0,80}}?\b{_NAMING}\s+[A-Za-z]", re.I)


def _named_after_purpose(text: str, position: int, definition: _Definition) -> bool:
    """`definition` is spelled out right after "KIND for" (`position`: where the cue's
    phrase starts) and a naming word follows it in its clause."""
    return bool(_KIND_THEN_PURPOSE.fullmatch(text, position, definition.start)
                and _NAMED_LATER.match(text, definition.end))


def _defined_in_cue(between: str) -> bool:
    """A long form starting `between`'s length after a cue's filler belongs to the cue:
    a few modifiers away within its clause ("a novel end-to-end Label Transformation
    Framework (LTF)"), or a kind phrase and a comma away ("an agent, StarCraft Commander
    (SCC)")."""
    if _KIND_USES.match(between) or _FINITE_BETWEEN.match(between) or \
            _UNSET_APPOSITIVE.match(between) or _named_subject(between) or \
            _OTHERS_BETWEEN.search(between) or _ENDEAVOUR_TOWARDS.search(between):
        return False
    if len(between) <= 40 and not _SET_OFF.search(between):
        return not ((_KIND_COMPLEMENT.search(between) or _GERUND_LEAD.match(between))
                    and not _NAMED_IN.search(between))
    lead = _APPOSITION_LEAD.search(between)
    if lead is None or _SET_OFF.search(between[:lead.start()]):
        return False
    # (a made-up name before the comma is the cue's, and the long form says what it is:
    # "We introduce MART, Motion-Aware Recurrent neural network (MA-RNN) for Tracking",
    # held-out WACV 2021)
    head = between[:lead.start()].strip()
    return " " in head or not _distinctive(head)


def _up_to_comma(text: str) -> str:
    """Up to the comma that closes an appositive; commas of a list inside it ("a propose,
    evaluate, and correct loop") and the ", and" ending that list do not close it."""
    in_list = False
    for comma in re.finditer(r",\s+", text):
        if _LIST_COMMA.match(text, comma.start()):
            in_list = True
        elif not (in_list and re.match(r"(?:and|or)\s", text[comma.end():])):
            return text[: comma.start()]
    return text


def _new_kind_names(text: str) -> list[tuple[str, int]]:
    # The pattern tried only where "new"/"novel" starts a word: searched over the whole
    # text it was the slowest cue.
    return [(m.group("name"), m.start("name"))
            for m in matches_at(_NEW_KIND_THEN_NAME, text, _NEW_KIND_STARTS(text))
            if _distinctive(m.group("name"))]


def _passive_names(text: str) -> Iterator[tuple[str, int, None, str]]:
    """(name, start, no expansion, its kind phrase) of each passive introduction
    (_PASSIVE_NAME), as _cued_names gives a cue's: looked for only before the few passive
    verbs an abstract has."""
    for verb in sorted(_passive_verbs(text)):
        head_start = max(0, verb - 160)
        match = _PASSIVE_NAME.search(text[head_start:verb]) \
            or _PASSIVE_IN_THIS_PAPER.search(text[head_start:verb])
        if match and _name_like(match.group("name"), after_article=False):
            yield match.group("name"), head_start + match.start("name"), None, \
                match.group("kind")


def _passive_verbs(text: str) -> Iterator[int]:
    """Where each passive verb (", is proposed", "was specifically designed") starts."""
    for participle in _PARTICIPLES:
        at = text.find(participle)
        while at >= 0:
            end = at + len(participle)
            if end == len(text) or not (text[end].isalnum() or text[end] == "_"):
                aux = _PASSIVE_AUX.search(text, max(0, at - 40), at)
                if aux:
                    yield aux.start()
            at = text.find(participle, end)


def _our_defined_names(text: str) -> Iterator[tuple[str, int, str, None]]:
    """(name, start, long form, no description) of each _OUR_DEFINED_KIND, in order, then
    of each _MADE_NAMED (no long form) and _PROPOSED_DEFINED."""
    for match in matches_at(_OUR_DEFINED_KIND, text, _OUR_STARTS(text)):
        if _name_like(match.group("name"), after_article=False):
            yield match.group("name"), match.start("name"), match.group("long"), None
    for match in _MADE_NAMED.finditer(text) if any(w in text for w in _MADE_WORDS) else ():
        if _name_like(match.group("name"), after_article=False):
            yield match.group("name"), match.start("name"), None, None
    at = text.find("proposed ")
    while at >= 0:  # (found by str.find, then matched there: a scan of every "the" cost more)
        match = _PROPOSED_DEFINED.match(text, at)
        if match and text[max(0, at - 4):at].lower() == "the " \
                and _name_like(match.group("name"), after_article=False):
            yield match.group("name"), match.start("name"), match.group("long"), None
        at = text.find("proposed ", at + 1)


def _appositive_starts(text: str) -> Iterator[int]:
    """Where an _APPOSITIVE can start: in the run of name characters before a comma
    followed by "a"/"an", at a letter or digit (_NAME_START) with no word character or
    hyphen before."""
    for comma in _APPOSITIVE_COMMA.finditer(text):
        end = start = comma.start() - (text[comma.start() - 1:comma.start()] == " ")
        while start > 0 and _in_name(text[start - 1]):
            start -= 1
        for position in range(start, end):
            before = text[position - 1] if position else " "
            if text[position] in _NAME_START and not (before.isalnum() or before in "_-–"):
                yield position


def _in_name(char: str) -> bool:
    """A character _NAME_TOKEN takes: \\w (str.isalnum or "_"), ".", "+" or "-"."""
    return char.isalnum() or char in "_.+-*"



def _unglued(name: str, start: int) -> tuple[str, int]:
    """A name without the naming word that lost spaces glued to it (text from a PDF: "an
    approach calledNeuroBack, which")."""
    glued = _GLUED_NAMING.match(name)
    return (name[glued.end():], start + glued.end()) if glued else (name, start)


def _cue_candidates(text: str, sentences, rendered: Rendered,
                    definitions: list[_Definition]) -> list[_Candidate]:
    """Every name a cue introduces: a cue verb, bold or italic markup, an appositive."""
    candidates: list[_Candidate] = []

    def add(name: str, start: int, strength: int, expansion=None, description=None) -> None:
        name = name.rstrip(".")  # "we call it Foo." at the very end
        name, start = _unglued(name, start)
        sentence_start, _ = _sentence_at(sentences, start)
        # (in the name's own clause: "we first introduce masks …, then we design a … model
        # (MGCAM)" is no part's introduction; not a new whole either: "Furthermore, we
        # present a new method, dubbed X")
        clause_start = max((m.end() for m in _NEXT_CLAUSE.finditer(text, sentence_start, start)),
                           default=sentence_start)
        component = bool(_COMPONENT.search(text, clause_start, start)
                         and not _NEW_WHOLE.search(text, max(sentence_start, start - 80), start))
        candidates.append(_Candidate(name, start, strength, component, expansion, description))

    for name, start, expansion, description in chain(
            _cued_names(text, sentences, definitions), _passive_names(text),
            _our_defined_names(text)):
        add(name, start, 3, expansion, description)
    _mark_elaborations(text, sentences, candidates)

    for span in rendered.spans:
        if span.kind not in ("strong", "em"):
            continue
        overlapping = [d for d in definitions if span.start < d.end and d.start < span.end]
        word = text[span.start : span.end]
        # Bold letters inside words ("**FI**ltering ... **NE**ar"): initials shown, no name.
        if (span.start and text[span.start - 1].isalnum()) or text[span.end:span.end + 1].isalnum():
            continue
        if overlapping:
            add(overlapping[0].short, overlapping[0].start, 2, expansion=overlapping[0].long)
        elif " " not in word and _name_like(word, after_article=False):
            add(word, span.start, 2)

    for name, start in _new_kind_names(text):
        add(name, start, 1)
    for match in matches_at(_APPOSITIVE, text, _appositive_starts(text)):
        sentence_start, sentence_end = _sentence_at(sentences, match.start())
        name = match.group("name")
        # "Subsequently, a ...", "Finally, an ...": a plain word opening its sentence is
        # an adverb or a subject, no name ("ChemBERT, a ..." is).
        before = text[sentence_start:match.start()]
        opens = not before.strip()
        # "the Perceptual Group Tokenizer, a model": the tail of a longer capitalised name
        # (the name is the whole, which a token cue cannot give) is no name of its own.
        tail = not opens and before.endswith(" ") and before.split()[-1][:1].isupper() \
            and len(before.split()) > 1
        if _name_like(name, after_article=False) and not (opens and not _distinctive(name)) \
                and not tail \
                and (not _PRIOR_WORK.search(text[sentence_start : match.start()])
                     or _MAKING_OF.search(text, sentence_start, match.start())):
            # "BarNet, a graph model for molecules, improves ...": the commas close it.
            appositive = _up_to_comma(text[match.end("name") : sentence_end].lstrip(", —–"))
            add(name, match.start(), 1, description=appositive)
    # A spelled-out definition anywhere is a candidate too, without a cue of its own.
    for definition in definitions:
        add(definition.short, definition.start, 0, expansion=definition.long)
    return candidates


# "Specifically, we propose X": X details what an earlier sentence introduced.
_ELABORATION = re.compile(r"\s*(?:specifically|in\s+particular|concretely)\b", re.I)


def _mark_elaborations(text: str, sentences, candidates: list[_Candidate]) -> None:
    """A name a cue introduces in a sentence that opens "Specifically," or "In particular,"
    is one part of a name introduced before it ("we propose a novel framework ProLLM ...
    Specifically, we propose Protein Chain of Thought (ProCoT)"). With nothing named
    before, it is the contribution itself ("In particular, we propose the ... (ADD)")."""
    for position, candidate in enumerate(candidates):
        sentence_start, _ = _sentence_at(sentences, candidate.start)
        if candidate.component or not _ELABORATION.match(text, sentence_start):
            continue
        if any(other.start < sentence_start and other.name != candidate.name
               for other in candidates):
            candidates[position] = replace(candidate, component=True)


def _cues(candidates: list[_Candidate]) -> list[Cue]:
    return [Cue(c.name, c.start, c.strength, c.component, c.expansion is not None,
                c.expansion)
            for c in candidates if c.name]


def name_features(source: str, rendered: Rendered, statistics: NameStatistics | None = None,
                  known: KnownNames | None = None) -> dict[str, list[float]]:
    """Each candidate name of an abstract and its features (for training the model:
    "known" and "long_known" are 0 unless the development lists' `known` are given)."""
    text, rendered = _naming_text(source, rendered)
    sentences = _sentences(text)
    candidates = _cue_candidates(text, sentences, rendered, _definitions(text))
    return candidate_features(text, sentences, _cues(candidates), statistics, known,
                              _link_urls(rendered), Notation(source))


def name_long_forms(source: str, rendered: Rendered) -> dict[str, list[str]]:
    """Each cued candidate's long forms, as `name_features` reads them (for training)."""
    text, rendered = _naming_text(source, rendered)
    found: dict[str, list[str]] = {}
    for cue in _cues(_cue_candidates(text, _sentences(text), rendered, _definitions(text))):
        if cue.expansion:
            found.setdefault(cue.name, []).append(cue.expansion)
    # A name spelled out only in its other number ("RNNs") takes those long forms.
    for name, forms in list(found.items()):
        found.setdefault(other_number(name), forms)
    return found


def _link_urls(rendered: Rendered) -> tuple[str, ...]:
    """The targets of the marked-up links ("[code](https://github.com/x/FooNet)")."""
    return tuple(s.url for s in rendered.spans if s.kind == "link" and s.url)


def _best_candidate(text: str, sentences, rendered: Rendered,
                    statistics: NameStatistics | None,
                    notation: Notation) -> _Candidate | None:
    candidates = _cue_candidates(text, sentences, rendered, _definitions(text))
    chosen = best_name(text, sentences, _cues(candidates), statistics,
                       urls=_link_urls(rendered), notation=notation)
    if chosen is None:
        return None
    same = [c for c in candidates if c.name == chosen.name]
    spelled = [c for c in candidates if c.expansion == chosen.name]
    if not same and spelled:  # "Think-on-Graph (ToG)": the long form is the name
        first = min(spelled, key=lambda c: (-c.strength, c.start))
        described = [c for c in spelled if c.description]
        return _Candidate(chosen.name, first.start, first.strength, first.component,
                          description=described[0].description if described else None)
    if not same:  # a name known by its shape alone: no cue, no definition
        start = text.find(chosen.name)
        return _Candidate(chosen.name, max(0, start), 0, False)
    # The strongest introduction of the name carries its expansion or description.
    strongest = max(same, key=lambda c: (c.expansion is not None, c.strength, -c.start))
    if strongest.expansion is None and strongest.description is None:
        described = [c for c in same if c.description]
        strongest = described[0] if described else strongest
    return strongest


# After a name, what it is for or does: "… named pFedGate for efficient personalized FL",
# "… called Bidirectional Adaptation that can adapt to …".
_PURPOSE_AFTER = re.compile(rf"\s*,?\s+({PURPOSE_WORD}\s.+)", re.S)
# (or the appositive without its comma, as _NAME_AT takes it: "cryoMAE a novel approach")
_NAME_THEN_COMMA = re.compile(r"\s*,\s*(?=(?:an?|the|[A-Z]\S*)\s+\S)"
                              rf"|\s+(?={_UNSET_LEAD})")
_ARTICLE_AND_QUOTE = re.compile(r"(?:the\s+)?[“\"‘'`]+|the\s+", re.I)
_CLOSING_QUOTE = re.compile(r"[”\"’']*")
_COMMA_NOT_A_LIST = re.compile(r"\s*,(?!\s*(?:and|or)\s)")


def _word_char(char: str) -> bool:
    """`char` is one a pattern's \\w or "-" matches (an empty one is not)."""
    return char.isalnum() or char in "_-" if char else False


def _set_off(phrase: str, name: str) -> tuple[int, int] | None:
    """Where the first ", NAME," of `phrase` starts and ends (the commas' white space
    with it), unless a list goes on after it ("…, NAME, and …")."""
    at = phrase.find(name)
    while at >= 0:
        before = phrase[:at].rstrip()
        if before.endswith(","):
            after = _COMMA_NOT_A_LIST.match(phrase, at + len(name))
            if after:
                return len(before) - 1, after.end()
        at = phrase.find(name, at + 1)
    return None


# --- building titles -------------------------------------------------------------------------


def _with_purpose(phrase: str, after: str, limit: int) -> str:
    """"a novel approach named pFedGate for efficient personalized FL": what the name is
    for (in `after`, the words after it) says what "a novel approach" does not; `phrase`
    itself when nothing follows."""
    purpose = _PURPOSE_AFTER.match(after)
    longer = noun_phrase(f"{phrase} {purpose.group(1)}", limit) if purpose else None
    return longer if longer and not says_nothing(longer) else phrase


# A name's long form given after it: "We present CURL: Contrastive Unsupervised
# Representations for Reinforcement Learning.", "GoBI - Go Beyond Imagination".
_COLON_OR_DASH = r"(?::|\s[—–-]\s|[—–])"  # ("X - Y", "X—Y"; not the hyphen of "X-Y")
_SET_OFF_LONG_FORM = re.compile(rf"\s*{_COLON_OR_DASH}\s*([^,;:.()—–]+)")


def _long_form_after(name: str, after: str) -> str | None:
    """The words set off after a name by a colon or dash, when they spell it out (as
    a long form before its acronym in parentheses does, `_spelled_tail`); else None."""
    given = _SET_OFF_LONG_FORM.match(after)
    if given is None:
        return None
    phrase = given.group(1).strip()
    if " " not in phrase or not phrase[:1].isupper():
        return None
    return phrase if _spelled_tail(name, phrase) == phrase else None


# A description set off after a name, opening with an article: "X, a Y", "X, which is a
# Y", "X: a Y", "X – a Y", "X—a Y".
_SET_OFF_DESCRIPTION = re.compile(
    rf"\s*(?P<mark>,|{_COLON_OR_DASH})\s*"
    r"(?:(?:(?:which|that)\s+)?(?:is|are)\s+(?=an?\s|the\s))?"
    r"(?P<description>(?:an?|the|(?<=[:—–-]\s)(?:An?|The)|(?<=[:—–])(?:An?|The))\s.+)", re.S)


# Or, after a colon or dash only, a capitalised phrase: "S2SD - Simultaneous
# Similarity-based Self-distillation", "FedNest: Federated alternating …".
_SET_OFF_CAPITALISED = re.compile(
    rf"\s*(?P<mark>{_COLON_OR_DASH})\s*(?P<description>[A-Z][\w-]*\s.+)", re.S)


def _set_off_description(after: str) -> str | None:
    """The description set off in the words after a name; not "X, which does Y", nor
    "X: the particle evolution is rescaled …" (before a clause, a colon or dash says how X
    works, not what it is)."""
    found = _SET_OFF_DESCRIPTION.match(after) or _SET_OFF_CAPITALISED.match(after)
    if found is None or (found.group("mark") != ","
                         and opens_clause(found.group("description"))):
        return None
    return found.group("description")


_OUR_METHOD_AT_END = re.compile(OUR_METHOD_TAIL + "$", re.I)


# "NAME: The problem of cache replacement" read as if NAME were the problem: after a
# name, the problem's own words are the title ("Parrot: Cache replacement"), and "the use
# of X" is "Using X" ("Meta OT: Using amortized optimization to predict ...").
_ABOUT = re.compile(r"(?:the|a)\s+(?:(?P<use>use)|problem|task|challenge|question|study)"
                    r"\s+of\s+(?P<rest>\S+\s+\S.*)", re.I | re.S)


def _what_it_is_about(phrase: str) -> str:
    about = _ABOUT.fullmatch(phrase)
    if about is None:
        return phrase
    rest = about["rest"]
    return f"Using {rest}" if about["use"] else capitalised(rest)


# A noun phrase from its last determiner, then the naming word right before the name:
# what the name is called for ("a practical method called HSIC-X", not "the existing
# literature in econometrics and provide a practical method called HSIC-X").
_NAMED_AFTER_PHRASE = re.compile(
    r"\b((?:a|an|the)\s+(?:(?!\b(?:a|an|the)\s)[^,;:.()]){3,100}?)\s+"
    r"(?:named|called|dubbed|termed|coined)\s+[“\"']?$", re.I)


# (a word ending "ed" right before the name: every naming word of the pattern above
# does; a cheap test before the pattern's search)
_NAMING_WORD_BEFORE = re.compile(r"(?:ed|coined)\s+[“\"']?$")


def _described_where_named(best: _Candidate, text: str, sentences, after: str,
                           limit: int) -> str | None:
    """What the sentence that gives the name says it is: the description the cue gave or
    set off after it, else the phrase its naming word follows ("we collect a
    comprehensive Virtual AeriaL Image Dataset named VALID")."""
    description = best.description or _set_off_description(after)
    if description:  # ("motion primitives in our method", the name after it)
        description = _OUR_METHOD_AT_END.sub("", description)
    if description:
        phrase = noun_phrase(description, limit)
        if phrase and says_nothing(phrase):
            phrase = _with_purpose(phrase, after, limit)
        if phrase:  # ("NAME: a framework, known as NAME, to …" says it once)
            return without_name(phrase, best.name)
    # (looked for only where a naming word may come right before the name, and within
    # its reach: searched from the sentence's start every time, it cost 2% of naming)
    named = _NAMED_AFTER_PHRASE.search(
        text, max(_sentence_at(sentences, best.start)[0], best.start - 140), best.start) \
        if _NAMING_WORD_BEFORE.search(text, max(0, best.start - 10), best.start) else None
    phrase = noun_phrase(named.group(1), limit) if named else None
    # (capitalised, as the contribution fronted by its name is: "MIXTO: A new framework")
    return capitalised(phrase) if phrase and not says_nothing(phrase) else None


def _named_title(best: _Candidate, text: str, sentences) -> str:
    """"NAME: what it is": its expansion, else the description given with it, else the
    abstract's contribution or subject (phrases.py)."""
    limit = min(DESCRIPTION_LIMIT, TITLE_LIMIT - len(best.name) - 2)
    if best.expansion:
        # ('We propose "Structured Cooperative Learning (SCooL)"': the expansion opens a
        # quotation its name closes.)
        expansion = unquoted(closed_quotes(shorten(re.sub(r"\s*\([^()]*\)", "",
                                                          best.expansion), limit)))
        # ("a control barrier function-based (CBF) controller": the name is what the
        # controller is based on, "CBF: Control barrier function")
        expansion = expansion.removesuffix("-based") if " " in expansion else expansion
        return f"{best.name}: {capitalised(expansion)}"
    after = text[best.start + len(best.name) : _sentence_at(sentences, best.start)[1]]
    spelled = _long_form_after(best.name, after)
    if spelled is not None:
        return f"{best.name}: {capitalised(shorten(spelled, limit))}"
    described = _described_where_named(best, text, sentences, after, limit)
    if described:
        return f"{best.name}: {described}"
    phrase = contribution(text, sentences, limit)
    # Nothing reads as a title: the name alone is one. Nor does others' work the
    # abstract opens on: "RT-H: Recent works in robot imitation learning" said RT-H was
    # what RT-H answers; nor its evidence ("HDVIO: Results on both public and novel …").
    if phrase is None or names_others_work(phrase) or names_evidence(phrase):
        return best.name
    phrase = _what_it_is_about(phrase)
    # A phrase that opens with the name says it already: "NAME: NAME, a …" would say it
    # twice. "GNNAutoScale, a framework for …" reads "GNNAutoScale: a framework for …";
    # after an article and in quotes too, "the ``KSD-B'', a novel divergence measure …".
    # (Names are looked for with str methods and fixed patterns: a pattern made for each
    # name is compiled for each, a tenth of naming's time.)
    quoted = _ARTICLE_AND_QUOTE.match(phrase)
    start = quoted.end() if quoted and phrase.startswith(best.name, quoted.end()) else 0
    end = start + len(best.name)
    if start:
        end = _CLOSING_QUOTE.match(phrase, end).end()
    if phrase.startswith(best.name, start) and not _word_char(phrase[end:end + 1]):
        comma = _NAME_THEN_COMMA.match(phrase, end)
        if comma:
            return f"{best.name}: {phrase[comma.end():]}"
        if not start:  # (the name alone opens it: it is a title as it stands)
            return phrase
    # The name as an appositive ("a two-level attention schema, Poolingformer, for …")
    # goes in front: "Poolingformer: A two-level attention schema for …".
    appositive = _set_off(phrase, best.name)
    if appositive:
        return f"{best.name}: {phrase[:appositive[0]]}{phrase[appositive[1]:]}"
    # "A SurroundDepth method to …", "a novel approach called G2Gs": the name in front too.
    fronted = name_in_front(phrase, best.name)
    if fronted is not None:
        return fronted
    if best.name not in phrase.split():
        return f"{best.name}: {without_name(phrase, best.name)}"
    # Set off at the phrase's end ("a … radiance fields - MonoNeRF", "a … transformer,
    # called Zipformer") it goes in front, where named titles have it. (Not from inside:
    # "a framework, called Poisson learning, for …" is no "Poisson: a framework learning".)
    described = without_name(phrase, best.name) if phrase.endswith(best.name) else phrase
    return f"{best.name}: {described}" if described != phrase else phrase
