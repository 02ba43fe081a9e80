"""A Line-API scroll view whose content height changes without a layout of the screen.

Textual lays out the whole screen whenever a widget's virtual size changes (the reactive
is `layout=True`), only so that its scroll bar learns the new length: at 120×40 that was
6–20 ms of a keystroke, once for the results list and twice more for the abstract pane.
Here the new height goes straight to the view's own scroll bar (its public reactives,
which repaint just the bar), and a layout is asked for only when the bar has to appear or
go, which changes the width of the content.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip


class SteadyScrollView(ScrollView):
    """Call `set_rows(n)` rather than setting `virtual_size` for a new content height."""

    # How many times this view asked the screen for a layout (tests count them: a
    # keystroke that replaces the list must not lay out the screen).
    layouts_asked = 0

    def __init__(self, *args, **kwargs) -> None:
        # (before Widget's __init__, which may refresh)
        self._framed: dict[int, tuple[Strip, Strip]] = {}  # see render_lines
        self._dirty_rows: set[int] = set()
        super().__init__(*args, **kwargs)

    def refresh(self, *regions, repaint: bool = True, layout: bool = False,
                recompose: bool = False):
        if layout:
            self.layouts_asked += 1
        if repaint:  # the content lines to draw again (Textual's styles cache is told too)
            if regions:
                for region in regions:
                    self._dirty_rows.update(region.line_range)
            else:
                self._framed.clear()
                self._dirty_rows.clear()
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
        self._frame = None

    # -- framing lines ---------------------------------------------------------------------
    # Textual frames each line a widget draws (Widget.render_lines: its styles cache adds
    # the border and padding, pads the line to the content width, applies the app's line
    # filters), a new Strip or three per line, about 0.1 ms of a line: a keystroke that
    # replaces the list and the pane frames some 66 new lines. Here a content line is
    # framed with the border and padding segments Textual drew for the first content line
    # (so they are its own), in one Strip, and kept until the line is refreshed (as the
    # styles cache keeps it). Anything else (the border's own lines, tint, opacity,
    # outline, hatch, a link under the mouse) goes through Textual's path.

    _frame: tuple | None = None  # (key, before, after, pad style, filters, background)

    def _line_frame(self) -> tuple | None:
        """What frames a content line now, or None where Textual's path must draw it."""
        styles = self.styles
        if self.BLANK or styles.tint.a or self.opacity != 1 or styles.text_opacity != 1 \
                or any(edge for edge, _ in styles.outline) \
                or (styles.has_rule("hatch") and styles.hatch != "none"):
            return None
        hover = self.hover_style
        if self.auto_links and hover.link_id and "@click" in hover.meta:
            return None
        gutter = styles.gutter
        size = self.region.size
        if size.height <= gutter.top + gutter.bottom or size.width <= gutter.width:
            return None
        filters = tuple(self.get_line_filters())
        colours = self.background_colors
        key = (size, colours, filters, styles.border, styles.padding)
        frame = self._frame
        if frame is not None and frame[0] == key:
            return frame
        # Textual's own framing of the first content line, cut where its content starts
        # and ends (the border and padding each one segment; filters map segment to
        # segment).
        padding = styles.padding
        before = bool(styles.border.left[0]) + bool(padding.left)
        after = bool(styles.border.right[0]) + bool(padding.right)
        line = list(super().render_lines(Region(0, gutter.top, size.width, 1))[0])
        base, background = colours
        pad = Style.from_color(bgcolor=(base + background).rich_color)
        frame = self._frame = (key, line[:before], line[len(line) - after:] if after else [],
                               pad, filters, background)
        self._framed.clear()
        return frame

    def render_lines(self, crop: Region) -> list[Strip]:
        frame = self._line_frame()
        if frame is None:
            return super().render_lines(crop)
        _key, before, after, pad, filters, background = frame
        gutter = self.styles.gutter
        width, height = self.region.size
        content_width = width - gutter.width
        first, last = gutter.top, height - gutter.bottom  # the content lines
        framed, dirty = self._framed, self._dirty_rows
        render_line = self.render_line
        strips: list[Strip] = []
        x1, x2 = crop.column_span
        for y in crop.line_range:
            if not first <= y < last:
                strips.append(super().render_lines(Region(0, y, width, 1))[0])
                continue
            row = y - first
            kept = framed.get(row)
            if kept is not None and row not in dirty:
                strips.append(kept[1])
                continue
            dirty.discard(row)
            content = render_line(row)
            if kept is not None and kept[0] is content:  # drawn as it was
                strips.append(kept[1])
                continue
            segments = list(content)
            short = content_width - content.cell_length
            if short > 0:  # as Strip.adjust_cell_length pads it
                segments.append(Segment(" " * short, pad))
            elif short < 0:
                segments = list(content.adjust_cell_length(content_width, pad))
            for line_filter in filters:
                segments = line_filter.apply(segments, background)
            strip = Strip([*before, *segments, *after], width)
            framed[row] = (content, strip)
            strips.append(strip)
        if (x1, x2) != (0, width):
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips

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
