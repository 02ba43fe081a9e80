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
    tags: tuple[str, ...]  # any of these, as typed; the library cleans them as any tag
    negated: bool = False


@dataclass(frozen=True, slots=True)
class FacetFilter:
    facets: tuple[str, ...]  # any of FACETS
    negated: bool = False


@dataclass(frozen=True, slots=True)
class NameFilter:
    names: tuple[str, ...]  # any of these methods' names, as typed
    negated: bool = False


@dataclass(slots=True)
class Filters:
    tags: list[TagFilter]
    facets: list[FacetFilter]
    names: list[NameFilter] = field(default_factory=list)
    problem: str | None = None


# `tag:rlhf`, `tags:"to read"`, `-has:code`, `named:TRACER`, at the start of a word only
# (like `is:`); several of one kind joined by OR (`tag:a OR tag:b`, in brackets or not)
# are one filter that any of them passes.
_ONE = r'-?(?:tags?|has|named):(?:"[^"]*"?|[^\s()"]*)'
_GROUP = re.compile(rf"(?:^|(?<=\s))(\()?({_ONE}(?:\s+OR\s+{_ONE})*)(?(1)\))(?=\s|$)",
                    re.IGNORECASE)
_PART = re.compile(r'(-?)(tags?|has|named):(?:"([^"]*)"?|([^\s()"]*))', re.IGNORECASE)
_KINDS = {"tag": "tag", "tags": "tag", "has": "has", "named": "named"}


def split_filters(text: str) -> tuple[str, Filters]:
    """The query without its tag, facet and name filters, and the filters. One still
    being typed (`tag:`, `has:co`) is left out quietly; an unknown facet is a problem."""
    filters = Filters([], [])
    problems: list[str] = []

    def take(match: re.Match) -> str:
        parts = []  # (kind, value, negated)
        for part in _PART.finditer(match.group(2)):
            value = part.group(3) if part.group(3) is not None else part.group(4)
            parts.append((_KINDS[part.group(2).lower()], " ".join(value.split()),
                          part.group(1) == "-"))
        if len({(kind, negated) for kind, _value, negated in parts}) > 1:
            problems.append("OR joins filters of one kind (tag:a OR tag:b); these apply "
                            "together")
            for part in parts:
                _add(filters, problems, part[0], [part[1]], part[2])
        else:
            _add(filters, problems, parts[0][0], [value for _k, value, _n in parts],
                 parts[0][2])
        return " "

    rest = _GROUP.sub(take, text)
    if rest == text:
        return text, filters
    filters.problem = "; ".join(problems) or None
    return " ".join(rest.split()) + (" " if text[-1:].isspace() else ""), filters


def _add(filters: Filters, problems: list[str], kind: str, values: list[str],
         negated: bool) -> None:
    values = [value for value in values if value]
    if kind == "has":
        for value in values:
            if value.lower() not in FACETS and not any(f.startswith(value.lower())
                                                       for f in FACETS):
                problems.append(f"has:{value} is not a filter "
                                f"({', '.join('has:' + f for f in FACETS)})")
        values = [value.lower() for value in values if value.lower() in FACETS]
    if not values:
        return  # still being typed
    if kind == "tag":
        filters.tags.append(TagFilter(tuple(values), negated))
    elif kind == "named":
        filters.names.append(NameFilter(tuple(values), negated))
    else:
        filters.facets.append(FacetFilter(tuple(values), negated))
