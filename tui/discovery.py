"""The discovery actions of the app: the topic panel (the library's topics, choose one to
filter with `topic:N`), the paper's topic in the abstract pane, and what changed between
two lists (the trends screen).

A mixin of `PapersApp`, like `reading_lists.py`; it relies on the app's `library`,
`push_history`, `set_query` and `show_current_paper`. Topics are read in a worker after
the meaning space is loaded there, never on the launch path; the trends screen (and
plotext, which draws its chart) is imported when it first opens.
"""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist
from textual.worker import get_current_worker

from index import SearchCancelled, Topic, counted, split_topic_filters

from .workers import in_thread

if TYPE_CHECKING:
    from .trends import TrendChoice

ALL_TOPICS = "\0all-topics"


def with_topic(query: str, topic_id: int | None) -> str:
    """`query` filtered by one topic instead of the topics it named (none: unfiltered)."""
    text, _filters = split_topic_filters(query)
    words = text.strip()
    if topic_id is None:
        return words
    return f"{words} topic:{topic_id}".strip()


class DiscoveryActions:
    trend_lists: tuple[str, str] | None = None  # the lists last compared
    # The library's topics as last read (in a worker), biggest first; `topics_ready` once
    # the meaning space has been read there, so the UI thread never loads it.
    topic_list: list[Topic] = []
    topics_ready = False
    # The topics of the query's papers (its topic filters left out), counted in a worker
    # while the panel shows: (the query, tag and "hide seen" they are for, topic id ->
    # papers), or None while the query lists every paper.
    topic_counts: tuple[tuple, dict[int, int]] | None = None

    # -- topics ----------------------------------------------------------------------------
    def load_topics(self) -> None:
        """From a worker thread, after the meaning space was built or opened: read the
        topics there (which loads the space), then show them."""
        if self.library is not None:
            self.call_from_thread(self._topics_loaded, self.library.topics())

    def _topics_loaded(self, topics: list[Topic]) -> None:
        changed = topics != self.topic_list or not self.topics_ready
        self.topic_list, self.topics_ready = topics, True
        if changed:
            self.topic_counts = None  # (of the topics before)
            self.refresh_topic_panel()
            self.count_topics()
            self.show_current_paper()  # its topic, now known

    def topic_of(self, paper_id: str) -> Topic | None:
        """The paper's topic, once the topics are loaded (before, None: reading the
        meaning space here would hold up the first paint)."""
        if not self.topics_ready or self.library is None:
            return None
        return self.library.topic_of(paper_id)

    def action_toggle_topics(self) -> None:
        self.toggle_panel("topic-panel", self.refresh_topic_panel)
        self.count_topics()

    def _topic_scope(self) -> tuple:
        """What the panel's counts are for: the query without its topic filters (the
        panel chooses among them), the tag panel's tag and "hide seen"."""
        return with_topic(self.query_text, None), self.tag_filter, self.hide_seen

    def count_topics(self) -> None:
        """While the panel shows: count the topics of the query's papers (in a worker;
        the panel then says how many of each topic's papers the query finds)."""
        if self.shown_panel("topic-panel") is None or \
                not self.topics_ready or self.similar_to is not None:
            return
        scope = self._topic_scope()
        if not scope[0].strip() and scope[1] is None and not scope[2]:
            if self.topic_counts is not None:  # every paper: the library's own counts
                self.topic_counts = None
                self.refresh_topic_panel()
            return
        if self.topic_counts is None or self.topic_counts[0] != scope:
            self._count_topics(scope)

    @in_thread("topic-counts", exclusive=True)
    def _count_topics(self, scope: tuple) -> None:
        words, tag, unread_only = scope
        worker = get_current_worker()
        try:  # (a newer query's count cancels this one between posting lists)
            results = self.library.search(words, tag=tag, unread_only=unread_only,
                                          cancelled=lambda: worker.is_cancelled)
        except SearchCancelled:
            return
        counts = {topic.id: topic.count for topic in self.library.topics(within=results)}
        if not worker.is_cancelled:
            self.call_from_thread(self._topics_counted, scope, counts)

    def _topics_counted(self, scope: tuple, counts: dict[int, int]) -> None:
        if scope == self._topic_scope():  # (else a newer query's count is under way)
            self.topic_counts = (scope, counts)
            self.refresh_topic_panel()

    def chosen_topic(self) -> int | None:
        """The one topic the query filters by (`topic:N`), if it names exactly one."""
        _text, filters = split_topic_filters(self.query_text)
        numbers = [f.number for f in filters if f.number is not None and not f.negated]
        return numbers[0] if len(numbers) == 1 and len(filters) == 1 else None

    def refresh_topic_panel(self) -> None:
        panel = self.shown_panel("topic-panel")
        if panel is None:  # (filled afresh when it is shown)
            return
        panel.border_title = "Topics"
        panel.clear_options()
        if not self.topic_list:
            why = "Finding topics…" if not self.topics_ready else \
                "No topics: the library has too few papers"
            panel.add_option(Option(Text(why), disabled=True))
            return
        counts = self.topic_counts
        if counts is not None and counts[0] == self._topic_scope():
            self._add_counted_topics(panel, counts[1])
        else:
            total = sum(topic.count for topic in self.topic_list)
            panel.add_option(Option(Text(f"All topics ({counted(total, 'paper')})"), id=ALL_TOPICS))
            for topic in self.topic_list:
                prompt = Text(topic.label)
                prompt.append(f"\n  topic:{topic.id} · {topic.count:,} papers", "dim")
                panel.add_option(Option(prompt, id=f"topic:{topic.id}"))
        chosen = self.chosen_topic()
        with suppress(OptionDoesNotExist):
            panel.highlighted = panel.get_option_index(
                f"topic:{chosen}" if chosen is not None else ALL_TOPICS)

    def _add_counted_topics(self, panel: OptionList, counts: dict[int, int]) -> None:
        """The topics of the query's papers, the most of them first: how many each holds
        of the library's papers in it (the topics it finds none of left out)."""
        total = sum(counts.values())
        panel.border_title = "Topics of the results"
        panel.add_option(Option(Text(f"All topics ({total:,} of the results)"),
                                id=ALL_TOPICS))
        found = sorted((t for t in self.topic_list if counts.get(t.id)),
                       key=lambda t: (-counts[t.id], t.id))
        for topic in found:
            prompt = Text(topic.label)
            prompt.append(f"\n  topic:{topic.id} · {counts[topic.id]:,} of "
                          f"{topic.count:,} papers", "dim")
            panel.add_option(Option(prompt, id=f"topic:{topic.id}"))

    def topic_option_chosen(self, option_id: str | None) -> None:
        """The topic panel's choice (the app's handler passes it: Textual's `@on` does not
        reach into a mixin)."""
        option_id = option_id or ALL_TOPICS
        self.filter_by_topic(None if option_id == ALL_TOPICS
                             else int(option_id.removeprefix("topic:")))

    def filter_by_topic(self, topic_id: int | None) -> None:
        """The query, filtered by this topic instead of any it named (None: by none)."""
        self.similar_to = None
        self.set_query(with_topic(self.query_text, topic_id))

    def topic_commands(self) -> list[tuple[str, str, object]]:
        """Palette commands: one per topic, and one to drop the topic filter."""
        from functools import partial

        commands: list[tuple[str, str, object]] = [
            (f"Show topic {topic.id}: {topic.label}", f"{topic.count:,} papers · topic:"
             f"{topic.id}", partial(self.filter_by_topic, topic.id))
            for topic in self.topic_list]
        if commands:
            commands.append(("Show all topics (clear the topic filter)", "",
                             partial(self.filter_by_topic, None)))
        return commands

    # -- what changed between two lists ----------------------------------------------------
    def action_trends(self) -> None:
        if self.library is None:
            return
        lists = self.library.lists()
        if len(lists) < 2:
            self.notify("Trends compare two lists, and the library has "
                        f"{'one' if lists else 'none'}: add another with papers add FILE",
                        severity="warning", markup=False)
            return
        from .trends import TrendsScreen, default_pair

        self.push_screen(TrendsScreen(self.library, lists,
                                      default_pair(lists, self.trend_lists)),
                         self._trend_chosen)

    def trends_help(self) -> list[tuple[str, str]]:
        """The trends screen's keys, for the help screen."""
        from .trends import TrendsScreen

        return [(self.keys_shown(b), b.tooltip or b.description)
                for b in TrendsScreen.BINDINGS] + [
            ("enter", "List the papers of the term or topic under the cursor"),
            ("tab", "Next table, or the lists to compare")]

    def _trend_chosen(self, choice: TrendChoice | None) -> None:
        if choice is None:
            return
        self.trend_lists = choice.lists
        if choice.query:
            # The term's papers as a query the reader sees and can change; backspace
            # goes back to what was listed before.
            self.push_history()
            self.tag_filter, self.similar_to = None, None
            self.set_query(choice.query)
