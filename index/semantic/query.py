"""The meaning space's part of the query language, and the topic record: `topic:N`,
`topic:"reward models"` and `-topic:N`, and the `~` that makes a query a search by
meaning. Like the reading filters, topics are applied from beside the index (the meaning
space), never by Whoosh: the topic map can change without re-indexing. Light: imported
at launch, so no numpy here."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

MEANING_PREFIX = "~"


@dataclass(frozen=True, slots=True)
class Topic:
    """A topic of the library: `id` stays the same while the library grows (papers folded
    in join the nearest topic; a refit keeps the ids of the topics it finds again)."""

    id: int
    label: str
    count: int

_TOPIC_FILTER = re.compile(r'(?:^|(?<=\s))(-?)topic:(?:"([^"]*)"?|(\S*))(?=\s|$)',
                           re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TopicFilter:
    """A topic by number, or every topic whose label holds `words`."""

    number: int | None = None
    words: str = ""
    negated: bool = False

    def matching(self, topics: Iterable[Topic]) -> set[int]:
        if self.number is not None:
            return {t.id for t in topics if t.id == self.number}
        wanted = " ".join(self.words.lower().split())
        return {t.id for t in topics if wanted in " ".join(t.label.lower().split())}

    def __str__(self) -> str:
        what = str(self.number) if self.number is not None else f'"{self.words}"'
        return f"{'-' if self.negated else ''}topic:{what}"


def split_topic_filters(text: str) -> tuple[str, list[TopicFilter]]:
    """The query without its topic filters, and the filters. One still being typed
    (`topic:`, `topic:"rew`) counts as what it says so far; an empty one is left out."""
    filters: list[TopicFilter] = []

    def take(match: re.Match) -> str:
        negated = match.group(1) == "-"
        quoted, bare = match.group(2), match.group(3)
        value = (quoted if quoted is not None else bare or "").strip()
        if value.isdigit() and quoted is None:
            filters.append(TopicFilter(int(value), negated=negated))
        elif value:
            filters.append(TopicFilter(words=value, negated=negated))
        return " "

    rest = _TOPIC_FILTER.sub(take, text)
    if rest == text:
        return text, []
    return " ".join(rest.split()) + (" " if text[-1:].isspace() else ""), filters


def meaning_query(text: str) -> str | None:
    """The words of a search by meaning (`~graph robustness`), else None."""
    stripped = text.lstrip()
    if stripped.startswith(MEANING_PREFIX):
        return stripped[len(MEANING_PREFIX):].strip()
    return None
