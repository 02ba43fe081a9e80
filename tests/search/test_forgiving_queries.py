"""Queries that forgive a word (#12): every word must match first; when fewer than five
papers have them all, the papers with most of them follow, ranked, and the results say
so ("no paper has all 4 words; 7 have 2 or more").

Which papers have which words is worked out from the abstracts' own text with regular
expressions (one per word form the stemmer joins), never from the index.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from index import Library
from index.search.coordination import FORGIVE_BELOW

# The word forms each query word below matches once stemmed.
FORMS = {
    "policy": r"\bpolic(?:y|ies)\b",
    "optimization": r"\boptim(?:al|ally|ality|um|ism|i[sz](?:ation|ations|e|es|er|ers)"
                    r"|iz(?:ed|ing))?\b",
    "verifier": r"\bverif(?:y|ier|iers|iable|ies|ied|ying)\b",
    "reward": r"\breward(?:s|ed|ing)?\b",
    "unicorn": r"\bunicorns?\b",
    "owpo": r"\bowpo\b",
    "reinforcement": r"\breinforc(?:e|es|ed|ing|ement|ements)\b",
    "learning": r"\blearn(?:s|ed|ing|t)?\b",
}


def _has(library: Library, paper_id: str) -> set[str]:
    """The query words whose forms this paper's abstract uses."""
    text = library.paper(paper_id).abstract
    return {word for word, form in FORMS.items() if re.search(form, text, re.I)}


def _with(library: Library, words: list[str], at_least: int) -> set[str]:
    return {p.id for p in library.store.papers() if len(_has(library, p.id) & set(words))
            >= at_least}


def test_no_paper_with_every_word_gives_those_with_any(seeded_library: Library):
    query = ["policy", "optimization", "verifier", "unicorn"]
    assert not _with(seeded_library, query, 4)  # nothing says "unicorn"
    results = seeded_library.search(" ".join(query), complete_last=False)
    assert set(results.ids()) == _with(seeded_library, query, 1)
    half = len(_with(seeded_library, query, 2))
    assert results.relaxed == f"no paper has all 4 words; {half} have 2 or more"
    matched = [len(_has(seeded_library, pid) & set(query)) for pid in results.ids()]
    assert results.matched == matched and results.words == 4
    assert not any(results.has_all_words(i) for i in range(len(results)))


def test_papers_with_every_word_come_first(seeded_library: Library):
    query = ["reward", "verifier", "policy"]
    every = _with(seeded_library, query, 3)
    assert 0 < len(every) < FORGIVE_BELOW
    results = seeded_library.search(" ".join(query), complete_last=False)
    ids = results.ids()
    assert set(ids[:len(every)]) == every  # those with all three, first
    assert set(ids[len(every):]) == _with(seeded_library, query, 2) - every  # then 2 of 3
    more = len(ids) - len(every)
    assert results.relaxed == (f"{len(every)} paper{' has' if len(every) == 1 else 's have'}"
                               f" all 3 words; {more} more {'has' if more == 1 else 'have'} 2"
                               " of them")
    assert [results.has_all_words(i) for i in range(len(ids))] == \
        [True] * len(every) + [False] * more


def test_two_words_forgive_only_when_no_paper_has_both(seeded_library: Library):
    both = seeded_library.search("owpo verifier", complete_last=False)
    assert both.relaxed is None and set(both.ids()) == _with(seeded_library,
                                                             ["owpo", "verifier"], 2)
    neither = seeded_library.search("owpo unicorn", complete_last=False)
    assert neither.relaxed == f"no paper has both words; {len(neither)} has one of them"
    assert neither.ids() == both.ids()


def test_many_papers_with_every_word_are_not_padded(seeded_library: Library):
    query = ["reinforcement", "learning", "policy"]
    results = seeded_library.search(" ".join(query), complete_last=False)
    assert len(_with(seeded_library, query, 3)) >= FORGIVE_BELOW
    assert results.relaxed is None
    assert set(results.ids()) == _with(seeded_library, query, 3)


@pytest.mark.parametrize("query", ['"one-way policy" unicorn', "policy -verifier unicorn"])
def test_phrases_and_exclusions_mean_what_they_say(seeded_library: Library, query: str):
    results = seeded_library.search(query, complete_last=False)
    assert results.relaxed is None and len(results) == 0


def test_operators_mean_what_they_say_unless_nothing_matches(seeded_library: Library):
    query = ["owpo", "verifier", "policy"]
    strict = seeded_library.search(" AND ".join(query), complete_last=False)
    assert strict.relaxed is None and set(strict.ids()) == _with(seeded_library, query, 3)
    # Nothing at all: maybe a pasted title ("Noisy OR Networks"), forgiven like words.
    pasted = seeded_library.search("policy AND unicorn", complete_last=False)
    assert pasted.relaxed == f"no paper has both words; {len(pasted)} have one of them"
    assert set(pasted.ids()) == _with(seeded_library, ["policy", "unicorn"], 1)


def test_not_excludes_unless_nothing_matches_then_it_is_a_word(seeded_library: Library):
    policy, verifier = (_with(seeded_library, [word], 1) for word in ("policy", "verifier"))
    excluded = seeded_library.search("policy NOT verifier", complete_last=False)
    assert policy - verifier and set(excluded.ids()) == policy - verifier
    assert excluded.error is None
    # A pasted title ("When Does Metadata Conditioning (NOT) Work"): as written, nothing;
    # its NOT read as a word (a stop word), the papers with most of its words.
    query = ["unicorn", "policy", "verifier"]
    pasted = seeded_library.search("unicorn policy NOT verifier", complete_last=False)
    assert set(pasted.ids()) == _with(seeded_library, query, 1)
    assert pasted.relaxed is not None and pasted.relaxed.startswith("no paper has all 3")
    assert pasted.error == "NOT read as a word (no match as an operator)"
    assert pasted.query == "unicorn policy NOT verifier"
    # A short query, or one with a field, means its NOT even when nothing matches.
    for meant in ("unicorn NOT policy", "unicorn policy NOT verifier year:2026"):
        assert len(seeded_library.search(meant, complete_last=False)) == 0


def test_not_forgiving_when_asked(seeded_library: Library):
    results = seeded_library.search("policy optimization verifier unicorn", forgive=False)
    assert results.relaxed is None and len(results) == 0


def test_a_filter_applies_to_the_papers_that_follow(library: Library):
    query = ["policy", "optimization", "verifier", "unicorn"]
    tagged = sorted(_with(library, query, 1))[:2]
    library.tag(tagged, ["picked"])
    results = library.search(" ".join(query), tag="picked", complete_last=False)
    assert set(results.ids()) == set(tagged) and results.relaxed is not None
    # `tag:` in the query is a filter too, never a word to forgive.
    results = library.search("tag:picked " + " ".join(query), complete_last=False)
    assert set(results.ids()) == set(tagged) and results.relaxed is not None
    assert len(library.search("tag:nosuchtag " + " ".join(query))) == 0
    # The store's filters too: with all but one read, `is:unread` leaves that one.
    *read, left = sorted(_with(library, query, 1))
    library.set_status(read, "read")
    results = library.search(" ".join(query) + " is:unread", complete_last=False)
    assert results.ids() == [left] and results.relaxed is not None


def test_the_limit_keeps_the_count(seeded_library: Library):
    query = "policy optimization verifier unicorn"
    everything = seeded_library.search(query, complete_last=False)
    top = seeded_library.search(query, complete_last=False, limit=2)
    assert top.ids() == everything.ids()[:2] and top.total == everything.total
    assert top.relaxed == everything.relaxed and top.matched == everything.matched[:2]


def test_the_command_line_says_so(seeded_home: Path, run_cli):
    code, out, err = run_cli("search", "policy", "optimization", "verifier", "unicorn")
    assert code == 0 and out.strip()
    assert "note: no paper has all 4 words; " in err and "no papers match" not in err


def test_json_rows_say_how_many_words_they_have(seeded_home: Path, run_cli):
    code, out, err = run_cli("search", "--json", "reward", "verifier", "policy")
    rows = [json.loads(line) for line in out.splitlines()]
    with Library(seeded_home) as library:
        for row in rows:
            has = len(_has(library, row["id"]) & {"reward", "verifier", "policy"})
            assert row["words_matched"] == has and row["all_words"] == (has == 3)
    assert code == 0 and "note: 1 paper has all 3 words" in err
    code, out, _err = run_cli("search", "--json", "reinforcement", "learning", "policy")
    assert all(json.loads(line)["words_matched"] is None and json.loads(line)["all_words"]
               for line in out.splitlines())


def test_the_note_says_of_them_when_all_but_one_word_is_the_most(seeded_library):
    """Three words, none in every paper: "2 have 2" read as a riddle; "2 have 2 of them"."""
    results = seeded_library.search("policy optimization unicornword")
    assert results.relaxed is not None and results.relaxed.startswith("no paper has all 3 words; ")
    assert results.relaxed.endswith(" 2 of them"), results.relaxed
