"""The discovery actions of the app: what changed between two lists (the trends screen).

A mixin of `PapersApp`, like `reading_lists.py`; it relies on the app's `library`,
`push_history` and `set_query`. The trends screen (and plotext, which draws its chart)
is imported when it first opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .trends import TrendChoice


class DiscoveryActions:
    trend_lists: tuple[str, str] | None = None  # the lists last compared

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
