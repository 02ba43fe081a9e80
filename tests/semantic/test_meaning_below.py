"""A search by words that few papers match, followed by the papers closest to its words
in meaning (Library.search(meaning_below=True), `papers search --with-meaning`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from index import Library

from ..factories import write_list
from .test_meaning import SUBJECTS, subject_abstracts, subject_of

# Two graph papers that also say "zebrafish": the only ones the word finds; its meaning
# is learned from them, so the papers closest to it are the other graph papers.
RARE = "zebrafish"
RARE_PAPERS = [
    f"We study {RARE} neural wiring as a graph: node perturbation, adversarial edge "
    "attacks and certified robustness of message passing on this topology.",
    f"A {RARE} connectome graph with certified robustness to edge perturbation and "
    "adversarial attack on each node neighbourhood.",
]


@pytest.fixture
def library(home: Path, tmp_path: Path):
    path = write_list(tmp_path, "subjects.txt", [*subject_abstracts(), *RARE_PAPERS])
    with Library(home, seed=False) as opened:
        opened.add(path)
        yield opened


def by_meaning_expected(library: Library, query: str, listed: list[str],
                        room: int = 100) -> list[str]:
    """What should follow: the `~` search of the same words, without the listed papers,
    as many as there is room for (worked out from the search by meaning itself)."""
    closest = library.ids_of(library.search("~" + query))
    return [pid for pid in closest if pid not in listed][:room - len(listed)]


def test_few_matches_are_followed_by_the_closest_in_meaning(library):
    words = library.search(RARE)
    listed = library.ids_of(words)
    assert len(listed) == 2 and words.meaning_from is None
    blended = library.search(RARE, meaning_below=True)
    ids = library.ids_of(blended)
    assert ids[:2] == listed  # the papers found by the words keep their places
    assert blended.meaning_from == 2
    assert ids[2:] == by_meaning_expected(library, RARE, listed)
    assert ids[2:], "the word's meaning leads somewhere"
    # Its meaning is the graph papers': they come first among those that follow.
    first = [subject_of(library.paper(pid).abstract) for pid in ids[2:12]]
    assert first == ["graphs"] * 10
    assert [blended.by_meaning_at(i) for i in range(len(ids))] == \
        [False, False] + [True] * (len(ids) - 2)
    assert not any(blended.has_all_words(i) for i in range(2, len(ids)))


def test_a_query_many_papers_match_is_left_as_it_is(library):
    word = SUBJECTS["speech"].split()[0]
    plain = library.search(word)
    assert plain.total >= 10
    blended = library.search(word, meaning_below=True)
    assert library.ids_of(blended) == library.ids_of(plain)
    assert blended.meaning_from is None


def test_the_papers_by_meaning_obey_the_filters_and_the_limit(library):
    listed = library.ids_of(library.search(RARE))
    closest = by_meaning_expected(library, RARE, listed)
    library.set_status(closest[:3], "read")
    unread = library.ids_of(library.search(f"{RARE} -is:read", meaning_below=True))
    assert unread[:2] == listed
    assert unread[2:] == [pid for pid in closest if pid not in closest[:3]]
    limited = library.search(RARE, meaning_below=True, limit=5)
    assert library.ids_of(limited) == listed + closest[:3]


def test_only_a_relevance_search_by_words_is_followed(library):
    by_title = library.search(RARE, sort="title", meaning_below=True)
    assert by_title.meaning_from is None and len(by_title) == 2
    by_meaning = library.search(f"~{RARE}", meaning_below=True)
    assert by_meaning.meaning_from is None and by_meaning.by_meaning
    assert len(library.search(RARE)) == 2  # and the normal search is the words'


def test_papers_search_with_meaning_lists_them_after_and_says_so(library, home, capsys):
    from tui.cli import main

    assert main(["search", RARE, "--limit", "6"]) == 0  # a script's list: the matches
    plain = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert main(["search", RARE, "--limit", "6", "--with-meaning"]) == 0
    out, err = capsys.readouterr()
    ids = [line.split()[0] for line in out.splitlines()]
    assert main(["search", RARE, "--limit", "4", "--json", "--with-meaning"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    # (The command line's library holds the bundled lists too: read it as it is now.)
    with Library(home) as now:
        listed = now.ids_of(now.search(RARE))
        assert plain == listed and len(listed) == 2
        assert ids == listed + by_meaning_expected(now, RARE, listed, room=6)
    assert "the last 4 are closest in meaning" in err
    assert [row["by_meaning"] for row in rows] == [False, False, True, True]
    assert [row["all_words"] for row in rows] == [True, True, False, False]
    assert [row["id"] for row in rows] == ids[:4]
