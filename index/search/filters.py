"""`tag:NAME`, `has:code|link|name` and `named:METHOD` in a query: filters, taken out of
the text before Whoosh parses it, so they decide which papers are listed, never a score.

Tags come from the store (they are not in the index: a tag must not move any paper's
score); facets are sets of document numbers of the index (search/facets.py); `named:`
is the library's index of method names (the papers that call their method that).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .facets import FACETS


@dataclass(frozen=True, slots=True)
class TagFilter:
    tag: str  # as typed; the library cleans it as it cleans any tag
    negated: bool = False


@dataclass(frozen=True, slots=True)
class FacetFilter:
    facet: str  # one of FACETS
    negated: bool = False


@dataclass(frozen=True, slots=True)
class NameFilter:
    name: str  # a method's name as typed
    negated: bool = False


@dataclass(slots=True)
class Filters:
    tags: list[TagFilter]
    facets: list[FacetFilter]
    names: list[NameFilter] = field(default_factory=list)
    problem: str | None = None


# `tag:rlhf`, `tags:"to read"`, `-has:code`, `named:TRACER`; at the start of a word
# only, like `is:`.
_FILTER = re.compile(r'(?:^|(?<=\s))(-?)(tags?|has|named):(?:"([^"]*)"?|(\S*))(?=\s|$)',
                     re.IGNORECASE)


def split_filters(text: str) -> tuple[str, Filters]:
    """The query without its tag and facet filters, and the filters. One still being
    typed (`tag:`, `has:co`) is left out quietly; an unknown facet is a problem."""
    filters = Filters([], [])
    problems: list[str] = []

    def take(match: re.Match) -> str:
        negated, kind = match.group(1) == "-", match.group(2).lower()
        value = match.group(3) if match.group(3) is not None else match.group(4)
        value = " ".join(value.split())
        if kind.startswith("tag"):
            if value:
                filters.tags.append(TagFilter(value, negated))
        elif kind == "named":
            if value:
                filters.names.append(NameFilter(value, negated))
        elif value.lower() in FACETS:
            filters.facets.append(FacetFilter(value.lower(), negated))
        elif value and not any(f.startswith(value.lower()) for f in FACETS):
            problems.append(f"has:{value} is not a filter "
                            f"({', '.join('has:' + f for f in FACETS)})")
        return " "

    rest = _FILTER.sub(take, text)
    if rest == text:
        return text, filters
    filters.problem = "; ".join(problems) or None
    return " ".join(rest.split()) + (" " if text[-1:].isspace() else ""), filters
