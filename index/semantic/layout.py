"""What a generation of the meaning space is called and holds, and the records its
builders pass around: shared by reading (space.py), building (build.py) and the light
front (meaning.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..models import Paper

# 2: spectral regression (spectral.py) for libraries of MIN_PAPERS or more; a space of
# an older version is not read, so the next update refits it. 3: CJK text read as pairs
# of letters (text.py), not as one word a run. 4: the Latin of citations ("et al.") is no
# term (stop_words.py).
VERSION = 4
POINTER = "CURRENT"
LOCK = "BUILD.lock"
META = "meta.json"
MEANING_LIMIT = 100  # a search by meaning lists the closest papers, not all of them
# How long an update waits for another process's build: not long, since a tag must not
# wait for a refit; the library is caught up by the next sync (the app looks every second).
BUILD_WAIT = 1.0
# A progress callback like the index's: (done, total, phase).
Progress = Callable[[int, int, str], None]


@dataclass(frozen=True, slots=True)
class StoreView:
    """What building the space reads of the store (the library gives it)."""

    uuid: str
    last_change: Callable[[], int]
    ids: Callable[[], list[str]]
    papers: Callable[[Sequence[str]], list[Paper]]
    # id -> (the paper's own title or None when it has none, its abstract): all a fit
    # reads of most papers (a Paper costs four JSON decodes and three joins more).
    titles_and_abstracts: Callable[[Sequence[str]], dict[str, tuple[str | None, str]]]
    changed_since: Callable[[int], tuple[list[str], int]]


@dataclass(frozen=True, slots=True)
class BuildReport:
    papers: int
    folded: int  # papers placed in the existing basis
    refitted: bool  # the basis and topics were fitted again
    seconds: float
