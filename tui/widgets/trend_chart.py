"""The bar chart of the trends screen: how much each term's share of papers moved.

Drawn by plotext through textual-plotext, which this module alone imports: it loads when
the trends screen first opens, never at launch.
"""

from __future__ import annotations

from textual.color import Color
from textual_plotext import PlotextPlot

from index import Trend

ROWS_PER_BAR = 3  # rows a bar is given: with fewer, plotext rounds bars together
AXIS_ROWS = 4  # the frame, the tick labels and the axis title


class TrendChart(PlotextPlot):
    """Horizontal bars, one per term: the change in its share of papers from list A to
    list B, in percentage points; rising terms above, falling ones below, as many of each
    as the widget's height has room for."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.rising: tuple[Trend, ...] = ()
        self.falling: tuple[Trend, ...] = ()

    def show(self, rising: tuple[Trend, ...], falling: tuple[Trend, ...]) -> None:
        self.rising, self.falling = rising, falling
        self.replot()

    def on_resize(self) -> None:
        self.replot()

    def _colour(self, variable: str, fallback: str) -> tuple[int, int, int]:
        value = self.app.theme_variables.get(variable, fallback)
        return Color.parse(value).rgb

    def replot(self) -> None:
        plt = self.plt
        plt.clear_figure()
        # The room is the container's: the chart itself is only as tall as its bars
        # need, so a few terms are not drawn as slabs.
        height = self.parent.size.height if self.parent is not None else self.size.height
        room = max((height - AXIS_ROWS) // ROWS_PER_BAR, 2)
        each = max(room // 2, 1)
        # Fill the room: the side with fewer terms lends its rows to the other.
        up = self.rising[:max(each, room - min(len(self.falling), each))]
        down = self.falling[:max(room - len(up), 0)]
        bars = len(up) + len(down)
        self.styles.max_height = bars * ROWS_PER_BAR + AXIS_ROWS if bars else None
        if not bars:
            plt.title("No term's share changed clearly")
            self.refresh()
            return
        label_width = max(8, self.size.width // 3)

        def label(trend: Trend) -> str:
            text = trend.label
            return text if len(text) <= label_width else text[:label_width - 1] + "…"

        up_rows = list(range(bars, bars - len(up), -1))
        down_rows = list(range(len(down), 0, -1))
        if up:
            plt.bar(up_rows, [100 * (t.share_b - t.share_a) for t in up],
                    orientation="horizontal", width=0.4,
                    color=self._colour("success", "#4EBF71"))
        if down:
            plt.bar(down_rows, [100 * (t.share_b - t.share_a) for t in down],
                    orientation="horizontal", width=0.4,
                    color=self._colour("error", "#BA3C5B"))
        plt.yticks(up_rows + down_rows, [label(t) for t in (*up, *down)])
        plt.xlabel("change in share of papers, percentage points")
        self.refresh()
