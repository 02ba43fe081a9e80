"""The topic panel and the paper's topic in the app, the real app through Pilot on the
bundled lists (their meaning space built by the app's own worker, as at a first start)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from index import Library
from tui.discovery import ALL_TOPICS, with_topic

from .helpers import pane_text, results, running_app, settle, type_query

pytestmark = pytest.mark.timeout(180)


async def topics_loaded(app, pilot) -> None:
    for _ in range(600):
        if app.topics_ready:
            break
        await pilot.pause(0.1)
    await settle(app, pilot)
    assert app.topics_ready, "the topics were never loaded"


def shown_ids(app) -> set[str]:
    view = results(app)
    return {view.results.card(i).id for i in range(view.count)}


async def test_panel_lists_topics_and_choosing_one_filters_by_it(seeded_home):
    async with running_app(seeded_home) as (app, pilot):
        await topics_loaded(app, pilot)
        with Library(seeded_home) as library:
            topics = library.topics()
            topic_of = {pid: library.topic_of(pid) for pid in shown_ids(app)}
        assert len(topics) >= 2
        await pilot.press("ctrl+t")
        await settle(app, pilot)
        panel = app.query_one("#topic-panel", OptionList)
        assert panel.display and panel.has_focus
        prompts = [str(panel.get_option_at_index(i).prompt)
                   for i in range(panel.option_count)]
        assert prompts[0] == f"All topics ({sum(t.count for t in topics):,} papers)"
        assert prompts[1:] == [f"{t.label}\n  topic:{t.id} · {t.count:,} papers"
                               for t in topics]
        await pilot.press("down", "down", "enter")  # the second topic
        await settle(app, pilot)
        second = topics[1]
        assert app.query_text == f"topic:{second.id}"
        assert shown_ids(app) == {pid for pid, topic in topic_of.items()
                                  if topic is not None and topic.id == second.id}
        assert len(shown_ids(app)) == second.count
        # "All topics" drops the filter again.
        panel.focus()
        panel.highlighted = panel.get_option_index(ALL_TOPICS)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.query_text == ""
        assert len(shown_ids(app)) == len(topic_of)


async def test_the_pane_shows_the_papers_topic_and_words_stay_with_the_filter(seeded_home):
    async with running_app(seeded_home) as (app, pilot):
        await topics_loaded(app, pilot)
        await type_query(app, pilot, "policy")
        card = results(app).current
        with Library(seeded_home) as library:
            topic = library.topic_of(card.id)
        assert f"Topic    {topic.label}  topic:{topic.id} · {topic.count:,} papers" \
            in pane_text(app)
        app.filter_by_topic(topic.id)
        await settle(app, pilot)
        assert app.query_text == f"policy topic:{topic.id}"
        assert card.id in shown_ids(app)


async def test_palette_offers_each_topic(seeded_home):
    async with running_app(seeded_home) as (app, pilot):
        await topics_loaded(app, pilot)
        names = [name for name, _help, _run in app.palette_commands()]
        assert "Topics" in names
        for topic in app.topic_list:
            assert f"Show topic {topic.id}: {topic.label}" in names


def test_with_topic_replaces_the_topic_filters_and_keeps_the_words():
    assert with_topic("reward models", 3) == "reward models topic:3"
    assert with_topic('reward topic:"policy gradient" models', 7) == "reward models topic:7"
    assert with_topic("topic:2 -topic:5 graphs", None) == "graphs"
    assert with_topic("", 4) == "topic:4"


async def test_an_up_to_date_meaning_space_is_read_at_opening_and_fitted_by_no_child(
        seeded_home, monkeypatch):
    with Library(seeded_home) as library:
        library.update_meaning()
        assert not library.meaning_behind()
    fits = []
    update_meaning = Library.update_meaning

    def spy(self, *args, **kwargs):
        fits.append(kwargs)
        return update_meaning(self, *args, **kwargs)

    monkeypatch.setattr(Library, "update_meaning", spy)
    async with running_app(seeded_home) as (app, pilot):
        # The topics come with the library itself: the first live search's pane has its
        # Topic line (a lagging space would be fitted by a child process after the
        # warm-up; an up-to-date one starts none).
        assert app.ready and app.topics_ready
        assert "Topic " in pane_text(app)
        for _ in range(20):  # the warm-up, and the meaning worker after it, have run
            await pilot.pause(0.1)
        await settle(app, pilot)
        assert not app._fitting_meaning()
        assert fits == []


async def test_quitting_stops_the_meaning_child(seeded_home, monkeypatch):
    stopped = []
    stop = Library.stop_meaning_child

    def spy(self):
        stopped.append(self._meaning_child)
        stop(self)

    monkeypatch.setattr(Library, "stop_meaning_child", spy)
    async with running_app(seeded_home) as (app, pilot):
        await settle(app, pilot)
    assert len(stopped) == 1  # on the way out (what it stops: tests/semantic)


async def test_with_a_query_the_panel_counts_the_topics_of_its_papers(seeded_home):
    async with running_app(seeded_home) as (app, pilot):
        await topics_loaded(app, pilot)
        await type_query(app, pilot, "policy")
        await pilot.press("ctrl+t")
        await settle(app, pilot)
        with Library(seeded_home) as library:
            size = {t.id: t.count for t in library.topics()}
            ids = library.ids_of(library.search("policy"))
            counts: dict[int, int] = {}
            for pid in ids:  # each paper's topic, one at a time
                topic_id = library.topic_of(pid).id
                counts[topic_id] = counts.get(topic_id, 0) + 1
            labels = {t.id: t.label for t in library.topics()}
        panel = app.query_one("#topic-panel", OptionList)
        prompts = [str(panel.get_option_at_index(i).prompt)
                   for i in range(panel.option_count)]
        order = sorted(counts, key=lambda t: (-counts[t], t))
        assert prompts[0] == f"All topics ({len(ids):,} of the results)"
        assert prompts[1:] == [f"{labels[t]}\n  topic:{t} · {counts[t]:,} of {size[t]:,} "
                               "papers" for t in order]
        # Choosing one narrows the query; the panel keeps counting the query's papers.
        await pilot.press("down", "enter")
        await settle(app, pilot)
        assert app.query_text == f"policy topic:{order[0]}"
        assert len(results(app).results) == counts[order[0]]
        assert str(panel.get_option_at_index(0).prompt) == \
            f"All topics ({len(ids):,} of the results)"
        # An empty query: the library's own counts again.
        await type_query(app, pilot, "")
        assert str(panel.get_option_at_index(0).prompt) == \
            f"All topics ({sum(size.values()):,} papers)"
