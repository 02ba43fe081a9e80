"""What changed between two lists: the terms (and topics) whose share of papers rose or
fell from list A to list B, each with the papers behind it.

A term is a stemmed word or a two-word phrase made by the index's own analysis (accents
folded, stop words dropped, Porter stems), counted once per paper in its title and
abstract. Stop words are left out of phrases the way the index leaves them out of
positions, so `"number of parameters"` is the phrase `number paramet`, and the query each
trend carries (`Trend.query`) finds the papers that were counted. A phrase does not cross
a clause's punctuation (`models. Experiments` is no phrase); a phrase query can, so it
may find a few papers more than were counted.

The measure is the log-odds ratio with an informative Dirichlet prior of Monroe, Colaresi
and Quinn (2008, "Fightin' Words: Lexical Feature Selection and Evaluation for
Identifying the Content of Political Conflict"), in its two-outcome form: a paper has the
term or not, so the Dirichlet is a Beta whose mean is the term's share of both lists
together, worth PRIOR_PAPERS papers. The difference of the two smoothed log-odds, over
its standard deviation, is a z-score: the ranking prefers a shift that the counts make
certain over a large shift of a rare term, and a term seen in no paper of one list is
not infinitely significant. Terms in fewer than MIN_PAPERS papers of both lists are not
ranked at all, and only shifts with |z| >= MIN_Z are listed.
"""

from __future__ import annotations

import math
import re
import time
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import chain

import numpy as np
from whoosh.lang import stopwords_for_language

from . import analysis

PRIOR_PAPERS = 10.0  # the prior's weight, in papers (Monroe et al.'s alpha_0)
MIN_PAPERS = 5  # a term in fewer papers than this in both lists is noise, never ranked
MIN_Z = 1.96  # |z| below this is no evidence of a change (p >= 0.05 for one term)
REDUNDANT = 0.5  # a term sharing a word with one listed above it, in nearly the same
#                  papers (Jaccard at least this), says the same thing: left out
SURFACE_SAMPLE = 20  # papers read for a term's readable form


@dataclass(frozen=True, slots=True)
class ListTexts:
    """A list to compare: its name and each paper's (id, title, abstract)."""

    name: str
    papers: Sequence[tuple[str, str, str]]


@dataclass(frozen=True, slots=True)
class Trend:
    """One term or topic: its share of papers in each list and how sure the change is.

    `key` is the stemmed term (`diffus model`) or `topic:N`; `label` is what to show (the
    term's most common form in the abstracts, "diffusion models", or the topic's label).
    `z` > 0 rose from list A to list B. `query` lists its papers in both lists."""

    kind: str  # "term" | "topic"
    key: str
    label: str
    ids_a: tuple[str, ...]
    ids_b: tuple[str, ...]
    share_a: float
    share_b: float
    log_odds: float
    z: float
    query: str

    @property
    def count_a(self) -> int:
        return len(self.ids_a)

    @property
    def count_b(self) -> int:
        return len(self.ids_b)

    @property
    def shares(self) -> str:
        """The share of papers in each list, for people: "0.57% → 4.4%"."""
        return f"{share(self.share_a)} → {share(self.share_b)}"

    def as_json(self) -> dict:
        return {"kind": self.kind, "key": self.key, "label": self.label,
                "papers_a": self.count_a, "papers_b": self.count_b,
                "share_a": round(self.share_a, 6), "share_b": round(self.share_b, 6),
                "log_odds": round(self.log_odds, 4), "z": round(self.z, 3),
                "query": self.query, "ids_a": list(self.ids_a), "ids_b": list(self.ids_b)}


@dataclass(frozen=True, slots=True)
class Trends:
    """What rose and fell from list A to list B, strongest first."""

    list_a: str
    list_b: str
    papers_a: int
    papers_b: int
    rising: tuple[Trend, ...]
    falling: tuple[Trend, ...]
    topics_rising: tuple[Trend, ...] = ()
    topics_falling: tuple[Trend, ...] = ()
    seconds: float = 0.0
    topic_map: bool = False  # whether papers had topics to compare (the meaning space)

    def as_json(self) -> dict:
        return {"list_a": {"name": self.list_a, "papers": self.papers_a},
                "list_b": {"name": self.list_b, "papers": self.papers_b},
                "rising": [t.as_json() for t in self.rising],
                "falling": [t.as_json() for t in self.falling],
                "topics_rising": [t.as_json() for t in self.topics_rising],
                "topics_falling": [t.as_json() for t in self.topics_falling],
                "seconds": round(self.seconds, 3)}


# -- terms ---------------------------------------------------------------------------------
# The index drops only a few stop words; a trend made of "through" or "our findings" says
# nothing about the research. Words of a longer list (NLTK's English stop words, as
# Whoosh ships them) keep their place in a phrase but are never part of a term.
FUNCTION_WORDS = frozenset(stopwords_for_language("en"))
# Links are no words: `https` and `github.com` rising says links did, and says it in
# every term list.
_LINK = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)
# Punctuation that ends a phrase: sentences, clauses, lists, brackets. A full stop inside
# a word (`e.g`, `2.0`, `github.com`) is part of the word, as the index reads it.
_CLAUSE = re.compile(r"[,;:!?()\[\]{}\"“”]|\.(?!\w)")
_NUMBER = re.compile(r"[\d.]+")
_SPACES = re.compile(r"\s+")


_PIECE = re.compile(f"{analysis.TOKEN_PATTERN}|{_CLAUSE.pattern}")
_SKIP = ""  # an index stop word: the index gives it no position, so neither do terms
_GAP = "\0"  # a place no term takes: a function word, a number, the end of a clause


@lru_cache(maxsize=1 << 18)
def _term_stem(word: str) -> str | None:
    """The stem a word gives a term, or None if it cannot be part of one."""
    if len(word) < 2 or word in FUNCTION_WORDS or _NUMBER.fullmatch(word):
        return None
    return analysis.stem_word(word)


@lru_cache(maxsize=1 << 18)
def _piece(raw: str) -> str:
    """What a token or a clause's punctuation is to terms: a stem, _GAP or _SKIP."""
    if _CLAUSE.fullmatch(raw):
        return _GAP
    word = analysis.words(raw)
    return (_term_stem(word[0]) or _GAP) if word else _SKIP


def _without_links(text: str) -> str:
    return _LINK.sub(",", text) if "http" in text or "www." in text else text


def _text_terms(text: str) -> set[str]:
    """The terms of `text`: its words and two-word phrases, as stems. One regex pass and
    a cache per distinct token: this is most of the time trends take."""
    stems = list(filter(None, map(_piece, _PIECE.findall(_without_links(text)))))
    found = {f"{first} {second}" for first, second in zip(stems, stems[1:], strict=False)
             if first is not _GAP and second is not _GAP}
    found.update(stems)
    found.discard(_GAP)
    return found


def _spans(text: str) -> Iterator[tuple[str, int, int]]:
    """The terms of `text` (as _text_terms finds them) with the span each covers: where
    a term's readable form is read."""
    text = _without_links(text)
    previous: tuple[str | None, int] | None = None
    last_end = 0
    for word, start, end in analysis.word_spans(text):
        if previous is not None and _CLAUSE.search(text, last_end, start):
            previous = None
        last_end = end
        if word is None:
            continue
        stem = _term_stem(word)
        if stem is not None:
            yield stem, start, end
            if previous is not None and previous[0] is not None:
                yield f"{previous[0]} {stem}", previous[1], end
        previous = (stem, start)


def _paper_terms(papers: Sequence[tuple[str, str, str]]) -> list[set[str]]:
    """Each paper's terms, from its title and abstract."""
    return [_text_terms(title) | _text_terms(abstract) for _id, title, abstract in papers]


def _surface(term: str, papers: Sequence[tuple[str, str, str]], positions: list[int]) -> str:
    """The form the term is most often written in: in the abstracts (titles capitalise
    every word), else the titles, with runs of white space as one space."""
    for field in (2, 1):
        forms: Counter[str] = Counter()
        for position in positions[:SURFACE_SAMPLE]:
            text = papers[position][field]
            forms.update(_SPACES.sub(" ", text[start:end])
                         for found, start, end in _spans(text) if found == term)
        if forms:
            return forms.most_common(1)[0][0]
    return term


# -- the measure ---------------------------------------------------------------------------
def log_odds_z(count_a: np.ndarray, total_a: int, count_b: np.ndarray, total_b: int,
               prior: float = PRIOR_PAPERS) -> tuple[np.ndarray, np.ndarray]:
    """(log-odds ratio of B over A, its z-score) for papers having a feature, each
    smoothed by a Beta prior centred on the pooled share and worth `prior` papers."""
    count_a = np.asarray(count_a, dtype=float)
    count_b = np.asarray(count_b, dtype=float)
    # The pooled share, kept off 0 and 1 (by Jeffreys' half a paper each way) so that
    # a term in every paper of both lists still has a prior on lacking it.
    pooled = (count_a + count_b + 0.5) / (total_a + total_b + 1.0)
    has, lacks = prior * pooled, prior * (1.0 - pooled)
    odds_a = np.log(count_a + has) - np.log(total_a - count_a + lacks)
    odds_b = np.log(count_b + has) - np.log(total_b - count_b + lacks)
    variance = (1.0 / (count_a + has) + 1.0 / (total_a - count_a + lacks)
                + 1.0 / (count_b + has) + 1.0 / (total_b - count_b + lacks))
    delta = odds_b - odds_a
    return delta, delta / np.sqrt(variance)


def _lists_query(list_a: str, list_b: str) -> str:
    return f"(list:{list_a} OR list:{list_b})"


def _phrase(label: str) -> str:
    return '"' + label.replace('"', " ") + '"'


def _ranked(keys: list[str], z: np.ndarray, rising: bool) -> list[int]:
    """Indices into `keys` of the significant shifts one way, strongest first; on a tie,
    the phrase before its words (it says more), then by the term itself, so the order
    never depends on the order the terms were met in."""
    sign = 1.0 if rising else -1.0
    chosen = np.flatnonzero(sign * z >= MIN_Z).tolist()
    return sorted(chosen, key=lambda i: (-sign * z[i], -keys[i].count(" "), keys[i]))


def _without_repeats(order: list[int], keys: list[str], members: Callable[[int], list[int]],
                     limit: int) -> list[int]:
    """The first `limit` of `order`, leaving out a term that shares a word with one
    already kept and is found in nearly the same papers ("diffus" beside "diffus model")."""
    kept: list[tuple[set[str], set[int]]] = []
    out: list[int] = []
    for index in order:
        stems, papers = set(keys[index].split()), set(members(index))
        if any(stems & other_stems and len(papers & other) / len(papers | other) >= REDUNDANT
               for other_stems, other in kept):
            continue
        kept.append((stems, papers))
        out.append(index)
        if len(out) == limit:
            break
    return out


def term_trends(a: ListTexts, b: ListTexts, limit: int = 20
                ) -> tuple[tuple[Trend, ...], tuple[Trend, ...]]:
    """(the terms that rose, those that fell) from `a` to `b`, strongest first."""
    papers = [*a.papers, *b.papers]
    split = len(a.papers)
    terms = _paper_terms(papers)
    # Counting in C (Counter over each paper's set) and finding a term's papers only for
    # the few terms listed: a list of papers per term was a third of the time.
    in_a = Counter(chain.from_iterable(terms[:split]))
    in_b = Counter(chain.from_iterable(terms[split:]))
    keys = [key for key, count in in_a.items() if count + in_b.get(key, 0) >= MIN_PAPERS]
    keys += [key for key, count in in_b.items() if count >= MIN_PAPERS and key not in in_a]
    count_a = np.array([in_a[key] for key in keys], dtype=float)
    count_b = np.array([in_b[key] for key in keys], dtype=float)
    delta, z = log_odds_z(count_a, len(a.papers), count_b, len(b.papers))
    lists = _lists_query(a.name, b.name)

    @cache
    def members(index: int) -> list[int]:
        key = keys[index]
        return [position for position, found in enumerate(terms) if key in found]

    def trend(index: int) -> Trend:
        found = members(index)
        cut = bisect_left(found, split)
        label = _surface(keys[index], papers, found)
        return Trend("term", keys[index], label,
                     tuple(papers[p][0] for p in found[:cut]),
                     tuple(papers[p][0] for p in found[cut:]),
                     cut / max(len(a.papers), 1), (len(found) - cut) / max(len(b.papers), 1),
                     float(delta[index]), float(z[index]), f"{_phrase(label)} {lists}")

    return tuple(tuple(trend(i) for i in _without_repeats(_ranked(keys, z, rising), keys,
                                                           members, limit))
                 for rising in (True, False))


def topic_trends(a: ListTexts, b: ListTexts, topic_of: Mapping[str, tuple[int, str]],
                 limit: int = 20) -> tuple[tuple[Trend, ...], tuple[Trend, ...]]:
    """(the topics whose share rose, those whose share fell); `topic_of` maps a paper's
    id to its topic's (id, label). Small topics count like small terms: not ranked."""
    ids: dict[int, tuple[list[str], list[str]]] = {}
    labels: dict[int, str] = {}
    for side, texts in enumerate((a, b)):
        for paper_id, _title, _abstract in texts.papers:
            topic = topic_of.get(paper_id)
            if topic is not None:
                ids.setdefault(topic[0], ([], []))[side].append(paper_id)
                labels[topic[0]] = topic[1]
    topics = [t for t, (in_a, in_b) in ids.items() if len(in_a) + len(in_b) >= MIN_PAPERS]
    count_a = np.array([len(ids[t][0]) for t in topics], dtype=float)
    count_b = np.array([len(ids[t][1]) for t in topics], dtype=float)
    delta, z = log_odds_z(count_a, len(a.papers), count_b, len(b.papers))
    lists = _lists_query(a.name, b.name)
    keys = [f"topic:{t}" for t in topics]

    def trend(index: int) -> Trend:
        in_a, in_b = ids[topics[index]]
        return Trend("topic", keys[index], labels[topics[index]], tuple(in_a), tuple(in_b),
                     len(in_a) / max(len(a.papers), 1), len(in_b) / max(len(b.papers), 1),
                     float(delta[index]), float(z[index]), f"{keys[index]} {lists}")

    return tuple(tuple(trend(i) for i in _ranked(keys, z, rising)[:limit])
                 for rising in (True, False))


def compare_lists(a: ListTexts, b: ListTexts, limit: int = 20,
           topic_of: Mapping[str, tuple[int, str]] | None = None) -> Trends:
    """The terms (and, given each paper's topic, the topics) that rose and fell."""
    start = time.perf_counter()
    rising, falling = term_trends(a, b, limit)
    topics_rising, topics_falling = topic_trends(a, b, topic_of, limit) if topic_of \
        else ((), ())
    return Trends(a.name, b.name, len(a.papers), len(b.papers), rising, falling,
                  topics_rising, topics_falling, time.perf_counter() - start,
                  topic_map=bool(topic_of))


def share(value: float) -> str:
    """A share of papers for people: 4.8%, 0.35%, 0%."""
    if value in (0, 1):
        return f"{100 * value:.0f}%"
    percent = 100 * value
    digits = 1 if percent >= 1 else max(1, 1 - math.floor(math.log10(percent)))
    return f"{percent:.{digits}f}%"
