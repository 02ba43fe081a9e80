"""Queries that forgive a word: when too few papers have every word of a query, the papers
with most of them follow (a minimum-should-match, like Lucene's coordination).

A remembered or copied title uses words its abstract lacks ("Mimetic Initialization of
Self-Attention Layers": the abstract says "initialize"), and on a list without titles the
abstract is all there is; requiring every word then hid the paper behind "no papers
match". Every word must match first; only when fewer than FORGIVE_BELOW papers have them
all do the others follow, by their score over the words they have (engine/ranking.py
`coordinated`), the head of each part ranked again by the words that stand together in
the paper (proximity.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from whoosh.query import And, Or, Query, Term

from .query import DEFAULT_FIELDS, OPERATORS

# Fewer papers than this with every word, and those with most of them follow. Five: a
# results list of one to four papers can hide the one wanted behind a word it lacks,
# while five or more papers with every word are a real answer that padding would bury
# (and a page of 10 still shows the papers just below them).
FORGIVE_BELOW = 5
# What a query's words search: the ranked fields, a derived title (`title:`), and all the
# words unscored (the word being typed).
WORD_FIELDS = frozenset((*DEFAULT_FIELDS, "derived_title", "words"))


def _is_word(group: Query) -> bool:
    """A word of the query: its OR over the text fields, or one text field's term."""
    return type(group) in (Or, Term) and all(
        leaf.field() in WORD_FIELDS for leaf in group.leaves())


def word_groups(query: Query, text: str, some_match: bool
                ) -> tuple[list[Query], list[Query]] | None:
    """The words of `query` (parsed from `text`), and the rest of it, which every paper
    must still match: `tag:x`, `year:2023`, a phrase. None when there are not two words
    to forgive one of, or for a query with explicit operators (`AND` too) that `some_match`:
    they mean what they say; one nothing matches may be a pasted title ("Noisy OR
    Networks", "END TO END"). An exclusion always does (the query is then no AND)."""
    if type(query) is not And or query.boost != 1.0 or \
            some_match and OPERATORS & set(text.split()):
        return None
    groups = list(query.subqueries)
    words = [group for group in groups if _is_word(group)]
    if len(words) < 2:
        return None
    return words, [group for group in groups if not _is_word(group)]


# Words a query needs, operators included, before its operators may be a title's words.
TITLE_LIKE_WORDS = 4


def operators_as_words(text: str) -> tuple[str, list[str]] | None:
    """`text` with its operator words (`NOT`, `AND`, `OR`, ...) lowercased, and which they
    were; None when it has none, or does not read as a pasted title. For a query that
    matches nothing as written: a pasted title says "When Does Metadata Conditioning (NOT)
    Work", and its NOT, read as an operator, excluded the one paper it names (an
    exclusion is no AND, so word_groups cannot forgive it). A short query ("policy NOT
    offline") or one with a field ("tag:x NOT y") means its operators."""
    words = text.split()
    operators = [word for word in words if word in OPERATORS]
    if not operators or len(words) < TITLE_LIKE_WORDS or any(":" in w for w in words):
        return None
    return " ".join(word.lower() if word in OPERATORS else word for word in words), \
        list(dict.fromkeys(operators))


def fewest_to_match(words: int, some_have_all: bool) -> int | None:
    """How many of `words` a paper needs to follow: when some papers have every word, at
    least half (of two words, one is no "most": none follow); when none has, any one, so
    that a query any paper matches a word of never comes back empty. Papers with more
    words still come first."""
    if not some_have_all:
        return 1
    return None if words == 2 else -(-words // 2)


@dataclass(frozen=True, slots=True)
class Forgiven:
    """The papers with most but not all of a query's words, ranked, and how many of its
    `words` each has."""

    words: int
    docnums: list[int]
    scores: list[float]
    matched: list[int]

    def keep(self, admitted) -> Forgiven:
        """Only the papers `admitted(docnum)` lets through (the store's filters)."""
        kept = [i for i, docnum in enumerate(self.docnums) if admitted(docnum)]
        return Forgiven(self.words, [self.docnums[i] for i in kept],
                        [self.scores[i] for i in kept], [self.matched[i] for i in kept])

    def describe(self, with_all: int) -> str:
        """"no paper has all 7 words; 12 have 4 or more" (at least half of them, when some
        papers have that many), or "2 papers have all 7 words; 12 more have 4 or more"."""
        every = "both words" if self.words == 2 else f"all {self.words} words"
        if with_all:
            head = f"{with_all} {'paper has' if with_all == 1 else 'papers have'} {every}"
        else:
            head = f"no paper has {every}"
        half = -(-self.words // 2)
        most = sum(1 for count in self.matched if count >= half)
        fewest, count = (half, most) if most else (min(self.matched), len(self.matched))
        have = f"{count:,} {'more ' if with_all else ''}{'has' if count == 1 else 'have'}"
        if self.words == 2:
            return f"{head}; {have} one of them"
        # (None has all of them, so "6 or more" of 7 would promise what is not there:
        # "12 have 6 of them".)
        return f"{head}; {have} {fewest}" + (" or more" if fewest < self.words - 1
                                             else " of them")
