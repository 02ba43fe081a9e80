"""The trends screen: what changed between two lists.

Two lists chosen at the top; the terms whose share of papers rose and fell, in two
tables, beside a bar chart of how far each moved. Enter on a term closes the screen and
lists its papers (the term's query, which the reader sees and can change). Computing runs
in a thread worker, the newest choice winning; the chart (plotext) loads with the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Label, Select, Static

from index import Library, LibraryError, ListInfo, StoreError, Trend, Trends

from .workers import in_thread

TREND_ROWS = 25  # terms listed each way
LABEL_WIDTH = 30  # characters of a term or topic in the tables: the z column stays in view


@dataclass(frozen=True, slots=True)
class TrendChoice:
    """What the screen closed with: the lists compared, and the query of the term
    chosen (None when it was closed without choosing one)."""

    lists: tuple[str, str] | None
    query: str | None = None


def default_pair(lists: list[ListInfo], last: tuple[str, str] | None) -> tuple[str, str]:
    """The lists to compare first: the last pair compared, if both are still here, else
    the two newest (by year, then name), older first."""
    names = [info.name for info in lists]
    if last is not None and all(name in names for name in last) and last[0] != last[1]:
        return last
    ordered = sorted(lists, key=lambda info: (info.year or 0, info.name))
    return ordered[-2].name, ordered[-1].name


class TrendsScreen(ModalScreen):
    """What changed between two lists. Needs at least two lists (the app checks).

    Modal, though it fills the terminal: the app's keys (tag, star, sort) act on the
    papers behind it, so they must not reach through."""

    BINDINGS = [
        Binding("escape,q", "close", "Back", id="trends.close",
                tooltip="Back to the papers"),
        Binding("w", "swap", "Swap lists", id="trends.swap",
                tooltip="Compare the other way round"),
        Binding("t", "toggle_kind", "Topics / terms", id="trends.topics",
                tooltip="Show the topics whose share rose and fell, or the terms"),
    ]

    def __init__(self, library: Library, lists: list[ListInfo],
                 pair: tuple[str, str]) -> None:
        super().__init__()
        self.library = library
        self.lists = lists
        self.pair = pair
        self.trends: Trends | None = None
        self.kind = "term"  # or "topic": what the tables and the chart show
        self._shown: dict[str, tuple[Trend, ...]] = {"rising": (), "falling": ()}

    def compose(self) -> ComposeResult:
        from .widgets.trend_chart import TrendChart  # plotext: only with this screen

        options = [(Text(f"{info.name} · {info.venue or '?'} {info.year or ''} · "
                         f"{info.papers:,} papers"), info.name) for info in self.lists]
        with Vertical(id="trends"):
            yield Label("What changed between lists", classes="dialog-title")
            with Horizontal(id="trends-choice"):
                yield Label("From", classes="trends-word")
                yield Select(options, value=self.pair[0], allow_blank=False,
                             id="trends-from")
                yield Label("to", classes="trends-word")
                yield Select(options, value=self.pair[1], allow_blank=False,
                             id="trends-to")
            yield Static(id="trends-summary", markup=False)
            with Horizontal(id="trends-body"):
                with Vertical(id="trends-tables"):
                    yield Label(id="trends-rising-title", markup=False)
                    yield DataTable(id="trends-rising", cursor_type="row", zebra_stripes=True)
                    yield Label(id="trends-falling-title", markup=False)
                    yield DataTable(id="trends-falling", cursor_type="row",
                                    zebra_stripes=True)
                yield TrendChart(id="trends-chart")
        yield Footer()

    def on_mount(self) -> None:
        self._show_kind()
        self.query_one("#trends-rising", DataTable).focus()
        self._compare()

    # -- computing -------------------------------------------------------------------------
    def _compare(self) -> None:
        a, b = self.pair
        if a == b:
            self._failed("Choose two different lists to compare.")
            return
        self.query_one("#trends-summary", Static).update(f"Comparing {a} with {b}…")
        self._compute(a, b)

    @in_thread("trends", exclusive=True)
    def _compute(self, a: str, b: str) -> None:
        try:
            found = self.library.trends(a, b, TREND_ROWS)
        except (LibraryError, StoreError) as error:
            self.app.call_from_thread(self._failed, str(error))
            return
        self.app.call_from_thread(self._show, found)

    def _failed(self, message: str) -> None:
        self.trends = None
        self._show_kind()
        self.query_one("#trends-summary", Static).update(message)

    def _show(self, found: Trends) -> None:
        if (found.list_a, found.list_b) != self.pair:
            return  # the reader has chosen other lists since
        self.trends = found
        self.query_one("#trends-summary", Static).update(Text(
            f"{found.papers_a:,} papers in {found.list_a}, {found.papers_b:,} in "
            f"{found.list_b} · enter lists the papers of the row under the cursor\n"
            "share: of a list's papers · z: how sure the change is (the log-odds ratio "
            "over its standard error)"))
        self._show_kind()

    def _show_kind(self) -> None:
        """The tables (and the chart) for the kind shown; empty tables with that kind's
        headers while the trends are computing or when they failed."""
        found = self.trends
        if found is None:
            self._fill("rising", ())
            self._fill("falling", ())
            return
        rising, falling = (found.rising, found.falling) if self.kind == "term" else \
            (found.topics_rising, found.topics_falling)
        self._fill("rising", rising)
        self._fill("falling", falling)
        self.query_one("#trends-chart").show(rising, falling)

    def _fill(self, side: str, trends: tuple[Trend, ...]) -> None:
        self._shown[side] = trends
        rows = [(trend.label if len(trend.label) <= LABEL_WIDTH else
                 trend.label[:LABEL_WIDTH - 1] + "…",
                 f"{trend.count_a} → {trend.count_b}", trend.shares, f"{trend.z:+.1f}")
                for trend in trends]
        # Each column as wide as its widest cell, given with the columns: a DataTable
        # left to fit its columns does so when it is next idle, and a frame drawn before
        # that keeps the header's widths in its cache (rows cut to "Kern").
        header = (self.kind.capitalize(), "Papers", "Share", "z")
        table = self.query_one(f"#trends-{side}", DataTable)
        table.clear(columns=True)
        for column, (key, label) in enumerate(zip(("label", "papers", "share", "z"), header,
                                                  strict=True)):
            width = max([cell_len(label), *(cell_len(row[column]) for row in rows)])
            table.add_column(label, key=key, width=width)
        for number, row in enumerate(rows):
            table.add_row(*map(Text, row), key=str(number))
        a, b = self.pair
        verb = "rose" if side == "rising" else "fell"
        # What matters first: a long list name may take the rest of the line.
        if not trends and self.trends is not None and self.kind == "topic" \
                and not self.trends.topic_map:
            what = f"No topics yet (they are built after the library opens) to compare " \
                   f"from {a} to {b}"
        elif not trends and self.trends is not None:
            what = f"No {self.kind} {verb} clearly from {a} to {b}"
        else:
            what = f"{'Terms' if self.kind == 'term' else 'Topics'} that {verb} from {a} to {b}"
        self.query_one(f"#trends-{side}-title", Label).update(Text(what))

    # -- choosing --------------------------------------------------------------------------
    @on(Select.Changed)
    def _lists_changed(self, event: Select.Changed) -> None:
        a = self.query_one("#trends-from", Select).value
        b = self.query_one("#trends-to", Select).value
        if isinstance(a, str) and isinstance(b, str) and (a, b) != self.pair:
            self.pair = (a, b)
            self._compare()

    def action_swap(self) -> None:
        a, b = self.pair
        with self.prevent(Select.Changed):
            self.query_one("#trends-from", Select).value = b
            self.query_one("#trends-to", Select).value = a
        self.pair = (b, a)
        self._compare()

    def action_toggle_kind(self) -> None:
        self.kind = "topic" if self.kind == "term" else "term"
        self._show_kind()

    @on(DataTable.RowSelected)
    def _term_chosen(self, event: DataTable.RowSelected) -> None:
        side = event.data_table.id.removeprefix("trends-")
        trend = self._shown[side][int(event.row_key.value)]
        self.dismiss(TrendChoice(self.pair, trend.query))

    def action_close(self) -> None:
        self.dismiss(TrendChoice(self.pair))
