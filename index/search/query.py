"""Turning what the user typed into a Whoosh query, and respelling it ("did you mean").

Whoosh's own parser reads the query language; this module configures it and adds
search-as-you-type: the word still being typed becomes a prefix query.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from whoosh.qparser import (
    AndGroup,
    CopyFieldPlugin,
    FieldAliasPlugin,
    FuzzyTermPlugin,
    MultifieldParser,
    PlusMinusPlugin,
)
from whoosh.query import And, AndNot, Every, FuzzyTerm, NullQuery, Or, Query, Term

from . import analysis
from .engine.matching import excluding
from .highlight import HighlightTerms
from .prefixes import PrefixTable

DEFAULT_FIELDS = ("title", "name", "authors", "abstract", "note")
# A real title is the paper's own summary of itself: it counts three times the abstract.
# A name is found in the abstract (ingest/titles.py), so the abstract already scores its
# word; it counts once more, like one more use, so the paper that introduces "X" comes
# before those that only mention it (4.0, a real title's weight, changed nothing in
# `python -m benchmarks.known_item` and trusted derived text). A derived title is not
# scored at all (schema.py). A note is the reader's words, not the paper's: it counts,
# but below the abstract. Only papers with a note have postings in the field, so notes
# never change other papers' scores.
FIELD_BOOSTS = {"title": 3.0, "name": 1.0, "authors": 1.5, "abstract": 1.0, "note": 0.5}
FIELD_ALIASES = {"authors": ["author", "by"], "tag": ["tags"], "list": ["source"],
                 "abstract": ["text"], "url": ["link"], "note": ["notes"]}
OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE", "TO"}
MAX_QUERY_CHARS = 1000
MAX_FUZZY_EDITS = 2
MAX_RESPELLED_WORDS = 6
MAX_RESPELLED_LENGTH = 30
_SLOT = "zzqslotzzq"  # survives every analyzer unchanged
# `-word` excludes only at the start of a word: C-RASP and one-way are single words.
_MINUS = r"(?:^|(?<=\s))-(?=\S)"
_PLUS = r"(?:^|(?<=\s))\+(?=\S)"
_UNSTEMMED = ("name", "authors")
_STEMMED = ("title", "abstract", "note")
_PLAIN_WORD = re.compile(r"[A-Za-z0-9]+")


@dataclass(frozen=True, slots=True)
class ReadingFilter:
    """`is:unread`, `is:seen`, `is:read`, `is:starred` or `priority:N` (a `-` before it
    excludes): filters by what the store holds, never part of the Whoosh query."""

    kind: str  # "unread" | "seen" | "read" | "starred" | "priority"
    value: int = 0
    negated: bool = False


READING_KINDS = ("unread", "seen", "read", "starred")
_READING_FILTER = re.compile(r"(?:^|(?<=\s))(-?)(is:(\w*)|priority:(\d*))(?=\s|$)",
                             re.IGNORECASE)


def split_reading_filters(text: str) -> tuple[str, list[ReadingFilter], str | None]:
    """The query without its reading filters, the filters, and what was wrong with one.

    A filter still being typed (`is:un`, `priority:`) is left out quietly."""
    filters: list[ReadingFilter] = []
    problems: list[str] = []

    def take(match: re.Match) -> str:
        negated, kind, number = match.group(1) == "-", match.group(3), match.group(4)
        if kind is not None:
            kind = kind.lower()
            if kind in READING_KINDS:
                filters.append(ReadingFilter(kind, negated=negated))
            elif kind and not any(k.startswith(kind) for k in READING_KINDS):
                problems.append(f"is:{kind} is not a filter (is:unread, is:seen, is:read, "
                                "is:starred)")
        elif number:
            filters.append(ReadingFilter("priority", int(number), negated))
        return " "

    rest = _READING_FILTER.sub(take, text)
    if not filters and not problems:
        return text, [], None
    return " ".join(rest.split()) + (" " if text[-1:].isspace() else ""), filters, \
        "; ".join(problems) or None


@dataclass(frozen=True, slots=True)
class Built:
    query: Query
    terms: HighlightTerms
    note: str | None = None


class QueryBuilder:
    def __init__(self, schema, prefixes: Callable[[], PrefixTable],
                 begins_longer_words: Callable[[str], bool] | None = None) -> None:
        """`begins_longer_words(prefix)`: whether the last word, with no space after it,
        reads as the start of a longer word (prefixes.begins_longer_words); without it,
        it always does."""
        self._prefixes = prefixes
        self._begins_longer_words = begins_longer_words
        self._parser = MultifieldParser(list(DEFAULT_FIELDS), schema,
                                        fieldboosts=FIELD_BOOSTS, group=AndGroup)
        self._parser.add_plugin(FuzzyTermPlugin())
        self._parser.replace_plugin(PlusMinusPlugin(plusexpr=_PLUS, minusexpr=_MINUS))
        self._parser.add_plugin(FieldAliasPlugin(FIELD_ALIASES))
        # `title:` means the title shown, real or derived (schema.py keeps them apart).
        self._parser.add_plugin(CopyFieldPlugin({"title": "derived_title"}))

    def parse(self, text: str) -> Query:
        return self._parser.parse(text)

    def build(self, text: str, complete_last: bool) -> Built:
        """Parse the query; with `complete_last`, a last word with no space after it also
        matches as a prefix when it reads as the start of a longer word.

        The string is parsed with a placeholder where the last word was, so operators
        around it keep their meaning; the placeholder is then swapped for the prefix query.
        """
        note = None
        if len(text) > MAX_QUERY_CHARS:
            text = text[:MAX_QUERY_CHARS]
            note = f"the query was cut to its first {MAX_QUERY_CHARS:,} characters"
        stripped, last = self._placeholder_for_prefix(text, complete_last)
        plain = self._plain_words(stripped) if stripped else None
        if plain is not None:
            plain, terms = plain
        else:
            terms = HighlightTerms.from_query(stripped.replace(_SLOT, ""))
        query = (plain or self._parser.parse(stripped)) if stripped else Every()
        prefix = self._prefix_query(last, terms) if last else None

        def swap(node: Query) -> Query:
            # Top-down, so the multi-field OR around the placeholder goes as one piece.
            if type(node) is AndNot:
                node = excluding(node)  # Whoosh's matcher misses the first exclusion
            children = list(node.children())
            if prefix is not None and isinstance(node, Or | Term) and all(
                    isinstance(c, Term) and c.text == _SLOT for c in (children or [node])):
                return prefix
            if isinstance(node, Every) or any(isinstance(c, Every) for c in children):
                return Every()  # `*` alone: every paper, without scoring four fields
            if isinstance(node, FuzzyTerm) and node.maxdist > MAX_FUZZY_EDITS:
                node = node.copy()  # `policy~9` would expand to most of the lexicon
                node.maxdist = MAX_FUZZY_EDITS
            if isinstance(node, Or) and children and all(
                    isinstance(c, FuzzyTerm) for c in children):
                return _fuzzy_on_words(node, [swap(c) for c in children])
            return node.apply(swap) if children else node

        if plain is None or prefix is not None:
            # (Plain words have no placeholder, pattern or fuzzy word to change.)
            query = swap(query)
        if query is NullQuery:
            query = Every()
            if stripped:
                note = "nothing to search for in that query; showing every paper"
        return Built(query, terms, note)

    def _placeholder_for_prefix(self, text: str, complete_last: bool) -> tuple[str, str]:
        """_placeholder_for_last_word, when the last word reads as the start of a longer
        word; else the query as it is, every word whole.

        A stop word that ends a query of other words ("WER we think we are") is whole,
        and dropped as a stop word is anywhere else: read as a prefix, "are" became the
        one word every paper had to have ("area", "arel"), and a title typed in full
        found nothing. Alone, it is still the start of the word being typed ("the" →
        "theory"): nothing else is there to search for."""
        stripped, last = _placeholder_for_last_word(text, complete_last)
        tokens = analysis.words(last, keep_stop_words=True) if last else []
        if tokens and self._begins_longer_words is not None \
                and not self._begins_longer_words(tokens[-1]):
            return _placeholder_for_last_word(text, False)
        if tokens and not analysis.words(last) and stripped.replace(_SLOT, "").strip():
            return _placeholder_for_last_word(text, False)
        return stripped, last

    def _plain_words(self, text: str) -> tuple[Query, HighlightTerms] | None:
        """The query Whoosh's parser builds for plain words, built directly (the parser
        took 0.2-0.5 ms, most of a search in a library of a few thousand papers), and
        the words to highlight. None when `text` has anything but plain words (tests
        compare the two)."""
        words = text.split()
        if not all(_PLAIN_WORD.fullmatch(w) and w not in OPERATORS for w in words):
            return None
        terms = HighlightTerms()
        groups, seen = [], set()
        for word in words:
            folded = analysis.words(word)
            if not folded:
                continue  # a stop word: the parser drops it from every field
            stemmed = analysis.stem_word(folded[0])
            if word != _SLOT:
                terms.words.add(folded[0])
                terms.stems.add(stemmed)
            if folded[0] in seen:
                continue  # the parser's normalising drops repeats
            seen.add(folded[0])
            groups.append(Or([Term(field, stemmed if field in _STEMMED else folded[0],
                                   boost=FIELD_BOOSTS[field]) for field in DEFAULT_FIELDS]))
        if not groups:
            return NullQuery, terms
        return (groups[0] if len(groups) == 1 else And(groups)), terms

    def _prefix_query(self, word: str, terms: HighlightTerms) -> Query:
        """The word being typed: its exact (stemmed) match, or any word it begins."""
        whole = self._parser.parse(word)
        tokens = analysis.words(word, keep_stop_words=True)  # "th" may become "theory"
        terms.add_words(tokens[:-1])
        terms.add_stems(analysis.stems(word))
        if not tokens:
            return whole
        *complete, partial = tokens
        terms.prefix = partial
        # The most frequent words it begins, searched through the scored fields so they
        # rank as typed words; each further keystroke narrows the set.
        if len(partial) <= analysis.EDGE_MAX:
            started: Query = Or([Term("words", analysis.EDGE_MARK + partial),
                                 Term("words", partial)])
            if complete:
                started = And([Term("words", w) for w in complete] + [started])
            return Or([whole, started])
        expansions = self._prefixes().expand(partial)
        stems = sorted({analysis.stem_word(w) for w in expansions})
        started = Or(
            [Term("title", s, boost=FIELD_BOOSTS["title"]) for s in stems]
            + [Term("abstract", s) for s in stems]
            + [Term("name", w, boost=FIELD_BOOSTS["name"]) for w in expansions]
        ) if expansions else Term("words", partial)
        if complete:
            started = And([Term("words", w) for w in complete] + [started])
        return Or([whole, started])


def _placeholder_for_last_word(text: str, complete_last: bool) -> tuple[str, str]:
    """(the query with the word being typed swapped for a placeholder, that word); the
    word is "" when there is none to complete (a space after it, an operator, `-word`)."""
    stripped = text.strip()
    if complete_last and stripped and not text[-1].isspace():
        head, _, tail = stripped.rpartition(" ")
        excluded = head.split()[-1:] == ["NOT"] or tail[:1] in "-+"
        if (tail and not excluded and tail not in OPERATORS
                and all(c.isalnum() or c in "-_." for c in tail)):
            return f"{head} {_SLOT}", tail
    return stripped, ""


def _fuzzy_on_words(node: Or, children: list[FuzzyTerm]) -> Query:
    """Fuzzy words also match the unstemmed words: `optimizaton~` finds "optimization",
    whose stem `optim` is too far from the typed word for the stemmed fields."""
    stemmed = Or(children, boost=node.boost)
    plain = next((c for c in children if c.fieldname in _UNSTEMMED), None)
    if plain is None:
        return stemmed
    unstemmed = FuzzyTerm("words", plain.text, maxdist=plain.maxdist,
                          prefixlength=plain.prefixlength)
    return Or([stemmed, unstemmed])


_QUERY_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def respell(searcher, text: str, typing: str | None = None) -> str | None:
    """'Did you mean': respell words the library does not contain, from its own words.

    Only plain words are considered (not operators, fields, ranges or quoted phrases'
    punctuation); words the library has are kept exactly as typed, and so is `typing`,
    the last word while it is still being typed, if some word of the library begins it
    ("trust reg" is on its way to "region", not a misspelling of "rely").
    """
    corrector = searcher.corrector("words")
    reader = searcher.reader()
    changed = 0
    out = []
    tokens = text[:MAX_QUERY_CHARS].split()
    if typing and tokens and analysis.words(tokens[-1], keep_stop_words=True) == [typing] \
            and next(iter(reader.expand_prefix("words", typing)), None) is not None:
        tokens, kept = tokens[:-1], tokens[-1:]
    else:
        kept = []
    for token in tokens:
        folded = analysis.words(token, keep_stop_words=True)
        candidate = (token not in OPERATORS and ":" not in token and not token.startswith("-")
                     and _QUERY_WORD.fullmatch(token.strip('"()')) and len(folded) == 1
                     and 3 <= len(folded[0]) <= MAX_RESPELLED_LENGTH
                     and changed < MAX_RESPELLED_WORDS)
        if not candidate or not analysis.words(token) \
                or reader.doc_frequency("words", folded[0]) > 0:
            out.append(token)  # stop words, known words and syntax stay as typed
            continue
        # prefix=2: the corrector otherwise scans every word of the library in Python
        # (477 ms a word at 10k papers; 8 ms with the first two letters kept).
        suggestions = [word for word in corrector.suggest(folded[0], limit=3, maxdist=2,
                                                          prefix=2)
                       if not word.startswith(analysis.EDGE_MARK)][:1]
        if suggestions:
            out.append(token.replace(token.strip('"()'), suggestions[0]))
            changed += 1
        else:
            out.append(token)
    return " ".join(out + kept) if changed else None

