"""Queries: any string typed in the search bar gives results or a clear status, never an error.

The library's search is tried with every sort, with and without search-as-you-type
completion, on the named hard cases and on arbitrary strings (hypothesis); the app is
driven with the worst of them typed into its search bar.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from textual.widgets import Input

from index import Results
from index.search import SORTS

from ..tui.helpers import results, running_app, settle, status_text

pytestmark = pytest.mark.timeout(300)

HARD_QUERIES = [
    '"unbalanced quote', 'policy "', "(unbalanced", "policy)", "((()", ")(", "field:",
    "title:", "author:", "tag:", "year:", "year:[", "year:[2024 TO", "nosuchfield:x", "*",
    "**", "*:*", "~~", "~", "policy~~", "policy~2", "^", "policy^", "!!!", "?", "-", "--",
    "+", "-policy", "NOT", "AND", "OR", "AND OR NOT", "policy AND", "NOT NOT", "\\", ":",
    "'", "&&", "||", "[", "]", "{", "}", "[TO]", "{* TO *}", ".,;:!?", "…", "\u3000",
    "深度学习", "🤖", "\u200b", "\x00", "\x1b[31m", "a" * 10_000, "word " * 2000,
    "(" * 5000, '"' * 10_000, "policy " + "OR " * 3000, "x:" * 3000,
]


def check(found: Results, query: str) -> None:
    """A usable answer: counts that agree, every row's card readable, notes one line."""
    assert isinstance(found, Results), query
    assert found.total >= len(found) >= 0
    assert len(set(found.ids())) == len(found)  # every card readable, no paper twice
    for note in (found.error, found.suggestion):
        assert note is None or (note.strip() and "\n" not in note)


@pytest.mark.parametrize("complete_last", [True, False])
@pytest.mark.parametrize("sort", SORTS)
def test_hard_queries_never_raise(seeded_library, sort, complete_last):
    for query in HARD_QUERIES:
        found = seeded_library.search(query, sort=sort, complete_last=complete_last)
        check(found, query)


@pytest.mark.slow
def test_a_huge_fuzzy_distance_never_raises(seeded_library):
    # Edit distance 9 reaches every word: slow (seconds), so tried once, but it answers.
    check(seeded_library.search("policy~9", complete_last=False), "policy~9")


def test_star_and_empty_give_every_paper(seeded_library):
    for query in ("*", "", "   "):
        assert seeded_library.search(query).total == 33


QUERY_TEXT = st.lists(st.one_of(
    st.characters(codec="utf-8"),
    st.sampled_from(list('"()[]{}:*~^-+!?\\/ ') + [
        "policy", "title:", "author:", "tag:", "year:", " AND ", " OR ", " NOT ", " TO ",
        "2026", "learning", "η", "é"])), max_size=40).map("".join)


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(query=QUERY_TEXT, sort=st.sampled_from(SORTS), complete_last=st.booleans(),
       tag=st.sampled_from([None, "none-such"]))
@example(query="year:[2026 TO", sort="venue", complete_last=True, tag=None)
@example(query='title:"', sort="title", complete_last=False, tag=None)
def test_any_query_gives_results_or_a_status(seeded_library, query, sort, complete_last, tag):
    found = seeded_library.search(query, sort=sort, complete_last=complete_last, tag=tag)
    check(found, query)
    if tag:
        assert len(found) == 0


async def test_the_app_answers_every_hard_query_in_its_status_line(home):
    async with running_app(home) as (app, pilot):
        search = app.query_one("#search", Input)
        for query in ['"unbalanced', "(", "field:", "*", "~~", ".,;:!?", "a" * 10_000,
                      "zzqqxxnothing"]:
            search.value = query
            await settle(app, pilot)
            status = status_text(app)
            view = results(app)
            if view.count:
                assert "paper" in status, status
            else:
                assert "No papers match" in "\n".join(view.message_lines)
            assert app.is_running
        search.value = "*"
        await settle(app, pilot)
        assert results(app).count == 33
