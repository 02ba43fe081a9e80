"""A Line-API scroll view whose content height changes without a layout of the screen.

Textual lays out the whole screen whenever a widget's virtual size changes (the reactive
is `layout=True`), only so that its scroll bar learns the new length: at 120×40 that was
6–20 ms of a keystroke, once for the results list and twice more for the abstract pane.
Here the new height goes straight to the view's own scroll bar (its public reactives,
which repaint just the bar), and a layout is asked for only when the bar has to appear or
go, which changes the width of the content.

The view also draws its vertical scroll bar itself, as the last cells of each content line,
when the stylesheet hides Textual's (`scrollbar-visibility: hidden`, which keeps the bar's
space and the scrolling). Textual draws its bar as a widget of its own, through the styles
cache line by line: 2.0-2.4 ms of a keystroke for the list's and the pane's bars, since a
new list or abstract moves both thumbs (at ICML 2023 the frame's drawing went from 8.7-10.4
to 6.2-6.9 ms a key without them). A click or a drag on the bar scrolls there, as on
Textual's.
"""

from __future__ import annotations

from math import ceil

from rich.segment import Segment
from rich.style import Style
from textual import events
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
        # row -> (its content line, whether the bar's thumb is beside it, the framed line)
        self._framed: dict[int, tuple[Strip, bool, Strip]] = {}  # see render_lines
        self._dirty_rows: set[int] = set()
        self._dragging: float | None = None  # the grab's offset in the thumb, while dragged
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
        self._bar_styles = None

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
        bar = self.drawn_bar()
        if bar is not None:  # its cells end each content line
            bar_width, thumb_start, thumb_end = bar
            content_width -= bar_width
            track, thumb = self._bar_segments(bar_width)
        else:
            thumb_start = thumb_end = 0
        strips: list[Strip] = []
        x1, x2 = crop.column_span
        for y in crop.line_range:
            if not first <= y < last:
                strips.append(super().render_lines(Region(0, y, width, 1))[0])
                continue
            row = y - first
            by_thumb = thumb_start <= row < thumb_end
            kept = framed.get(row)
            if kept is not None and row not in dirty and kept[1] is by_thumb:
                strips.append(kept[2])
                continue
            dirty.discard(row)
            content = render_line(row)
            if kept is not None and kept[0] is content and kept[1] is by_thumb:
                strips.append(kept[2])  # drawn as it was
                continue
            segments = list(content)
            short = content_width - content.cell_length
            if short > 0:  # as Strip.adjust_cell_length pads it
                segments.append(Segment(" " * short, pad))
            elif short < 0:
                segments = list(content.adjust_cell_length(content_width, pad))
            if bar is not None:
                segments.append(thumb if by_thumb else track)
            for line_filter in filters:
                segments = line_filter.apply(segments, background)
            strip = Strip([*before, *segments, *after], width)
            framed[row] = (content, by_thumb, strip)
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
        drawn = self.drawn_bar()  # the thumb as it is drawn now
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
            if drawn is not None and self.drawn_bar() != drawn:
                self._refresh_bar()
        # Scrolled past the new end (the content got shorter): back to the last line.
        if self.scroll_y > self.max_scroll_y:
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    # -- the scroll bar, drawn beside the content lines ------------------------------------
    _bar_styles: tuple | None = None  # (key, track segment, thumb segment)

    def drawn_bar(self) -> tuple[int, int, int] | None:
        """The vertical scroll bar this view draws: its width and the content rows its
        thumb spans (start, end; none when everything fits), or None when Textual draws
        the bar (its `scrollbar-visibility` is not hidden) or there is none."""
        styles = self.styles
        if styles.scrollbar_visibility != "hidden" or not self.show_vertical_scrollbar:
            return None
        bar_width = styles.scrollbar_size_vertical
        height = self.scrollable_content_region.height
        rows = self.virtual_size.height
        if bar_width <= 0 or height <= 0:
            return None
        if rows <= height:
            return bar_width, 0, 0
        # As Textual's bar: the thumb is the shown share of the track, and its place the
        # scrolled share of what is left (in whole cells).
        thumb = max(1, ceil(height * height / rows))
        start = round((height - thumb) * min(max(self.scroll_y / (rows - height), 0), 1))
        return bar_width, start, start + thumb

    def _bar_segments(self, bar_width: int) -> tuple[Segment, Segment]:
        """The track's cells and the thumb's, in the bar's colours (Textual's ScrollBar
        blends them the same way; the active colours while the thumb is dragged)."""
        key = (self.app.theme, bar_width, self._dragging is not None)
        kept = self._bar_styles
        if kept is not None and kept[0] == key:
            return kept[1], kept[2]
        styles = self.styles
        if self._dragging is not None:
            track, colour = styles.scrollbar_background_active, styles.scrollbar_color_active
        else:
            track, colour = styles.scrollbar_background, styles.scrollbar_color
        if track.a < 1:
            track = self.background_colors[0] + track
        colour = track + colour
        cells = " " * bar_width
        segments = (Segment(cells, Style.from_color(bgcolor=track.rich_color)),
                    Segment(cells, Style.from_color(bgcolor=colour.rich_color)))
        self._bar_styles = (key, *segments)
        return segments

    def _refresh_bar(self, colours: bool = False) -> None:
        """Repaint the bar's cells alone (the content lines, framed again, are the same
        strips: render_lines reuses what it can); `colours`: the bar's colours changed,
        so no framed line is reused."""
        if colours:
            self._framed.clear()
        gutter = self.styles.gutter
        region = self.scrollable_content_region
        self.refresh(Region(gutter.left + region.width, gutter.top,
                            self.styles.scrollbar_size_vertical, region.height))

    def on_bar(self, event: events.MouseEvent) -> bool:
        """Whether the pointer of `event` is on the scroll bar this view draws."""
        if self.drawn_bar() is None:
            return False
        region = self.scrollable_content_region
        bar = Region(region.right, region.y, self.styles.scrollbar_size_vertical,
                     region.height)
        return bar.contains(event.screen_x, event.screen_y)

    def _scroll_to_bar(self, screen_y: float, grab: float) -> None:
        """Scroll so that the thumb's grabbed cell (`grab` rows into it) is at `screen_y`."""
        bar = self.drawn_bar()
        if bar is None or bar[2] <= bar[1]:
            return
        _width, start, end = bar
        region = self.scrollable_content_region
        track = region.height - (end - start)
        if track <= 0:
            return
        share = (screen_y - region.y - grab) / track
        self.scroll_to(y=min(max(share, 0), 1) * self.max_scroll_y, animate=False,
                       immediate=True)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if event.button != 1 or not self.on_bar(event):
            return
        event.prevent_default()
        event.stop()
        # The press began no text selection: the pointer is on the bar, not on the text.
        self.screen.clear_selection()
        _width, start, end = self.drawn_bar() or (0, 0, 0)
        row = event.screen_y - self.scrollable_content_region.y
        # On the thumb: it moves with the pointer from where it was grabbed. Elsewhere on
        # the track: the thumb's middle jumps there, and is dragged on from there.
        self._dragging = row - start if start <= row < end else (end - start) / 2
        self._scroll_to_bar(event.screen_y, self._dragging)
        self.capture_mouse()
        self._refresh_bar(colours=True)

    def on_click(self, event: events.Click) -> None:
        if self.on_bar(event):  # a click on the bar selects no text (Widget's double click)
            event.prevent_default()
            event.stop()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._dragging is not None:
            event.stop()
            self._scroll_to_bar(event.screen_y, self._dragging)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._dragging is not None:
            event.stop()
            self._dragging = None
            self.release_mouse()
            self._refresh_bar(colours=True)

    def on_mouse_release(self, event: events.MouseRelease) -> None:
        if self._dragging is not None:  # the pointer was taken from it: the drag is over
            self._dragging = None
            self._refresh_bar(colours=True)
