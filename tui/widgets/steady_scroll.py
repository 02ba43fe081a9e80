"""A Line-API scroll view whose content height changes without a layout of the screen.

Textual lays out the whole screen whenever a widget's virtual size changes (the reactive
is `layout=True`), only so that its scroll bar learns the new length: at 120×40 that was
6–20 ms of a keystroke, once for the results list and twice more for the abstract pane.
Here the new height goes straight to the view's own scroll bar (its public reactives,
which repaint just the bar), and a layout is asked for only when the bar has to appear or
go, which changes the width of the content.
"""

from __future__ import annotations

from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView


class SteadyScrollView(ScrollView):
    """Call `set_rows(n)` rather than setting `virtual_size` for a new content height."""

    # How many times this view asked the screen for a layout (tests count them: a
    # keystroke that replaces the list must not lay out the screen).
    layouts_asked = 0

    def refresh(self, *regions, repaint: bool = True, layout: bool = False,
                recompose: bool = False):
        if layout:
            self.layouts_asked += 1
        return super().refresh(*regions, repaint=repaint, layout=layout,
                               recompose=recompose)

    _base: tuple[tuple, Style] | None = None

    @property
    def base_style(self) -> Style:
        """The view's own colours (`rich_style`, which walks every ancestor's styles: a
        millisecond a call), worked out once per theme and focus, not once per line."""
        key = (self.app.theme, self.has_focus)
        if self._base is None or self._base[0] != key:
            self._base = (key, self.rich_style)
        return self._base[1]

    _components: tuple[tuple, dict[str, Style]] | None = None

    def component_style(self, name: str) -> Style:
        """`get_component_rich_style(name)` (a walk of the styles too), kept as `base_style`
        is: a row asks for half a dozen."""
        key = (self.app.theme, self.has_focus)
        if self._components is None or self._components[0] != key:
            self._components = (key, {})
        kept = self._components[1]
        style = kept.get(name)
        if style is None:
            style = kept[name] = self.get_component_rich_style(name)
        return style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = self._components = None

    def set_rows(self, rows: int) -> None:
        """The content is `rows` lines high now. Repaints nothing but the scroll bar; the
        caller refreshes the lines that changed."""
        size = Size(self.virtual_size.width, rows)
        if size == self.virtual_size:
            return
        self.set_reactive(ScrollView.virtual_size, size)
        height = self.scrollable_content_region.height
        overflow = self.styles.overflow_y
        bar_wanted = rows > height if overflow == "auto" else overflow == "scroll"
        if not self.size or bar_wanted != self.show_vertical_scrollbar:
            # Not laid out yet, or the bar appears or goes: that is the screen's layout.
            self.refresh(repaint=False, layout=True)
            return
        if bar_wanted:
            bar = self.vertical_scrollbar
            bar.window_virtual_size = rows
            bar.window_size = height
        # Scrolled past the new end (the content got shorter): back to the last line.
        if self.scroll_y > self.max_scroll_y:
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)
