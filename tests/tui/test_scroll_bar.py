"""The results list and the abstract pane draw their scroll bars in their own lines
(SteadyScrollView): where Textual's bar would show its thumb, in its colours, with the
click and the drag of Textual's, and no Textual bar drawn while typing."""

from __future__ import annotations

import pytest
from textual.geometry import Offset, Region
from textual.scrollbar import ScrollBar

from index import Library
from tui.widgets.abstract import AbstractPane

from ..factories import write_json_list
from .helpers import results, running_app, settle, type_query

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def long_list(home, tmp_path):
    """The bundled papers and 150 more: several screens of results for "" and "wombats"."""
    papers = [{"title": f"Wombat Survey {number}",
               "abstract": f"We count wombats in burrows, census {number}, by night."}
              for number in range(150)]
    with Library(home) as library:
        library.add(write_json_list(tmp_path, "wombats.json", papers))
    return home


def drawn_bar_cells(view) -> list[str | None]:
    """Per content row, the background of the bar's cells as the view draws them."""
    gutter = view.styles.gutter
    region = view.scrollable_content_region
    start = gutter.left + region.width
    lines = view.render_lines(Region(0, 0, *view.region.size))
    cells = []
    for y in range(gutter.top, gutter.top + region.height):
        segments = list(lines[y].crop(start, start + view.styles.scrollbar_size_vertical))
        assert all(not segment.text.strip() for segment in segments)
        colours = {segment.style.bgcolor.triplet.hex for segment in segments}
        assert len(colours) == 1
        cells.append(colours.pop())
    return cells


def textuals_bar_cells(view) -> tuple[list[str | None], str | None]:
    """Per content row, what Textual's own bar (its renderable, for the same sizes and
    position) shows: the colour of a whole cell, or None for a thumb's end drawn as a
    part of a cell; and the thumb's colour (None: no thumb)."""
    bar = view.vertical_scrollbar
    console = view.app.console
    height = view.scrollable_content_region.height
    lines = console.render_lines(bar.render(),
                                 console.options.update_dimensions(bar.thickness, height))
    cells, thumb = [], None
    for line in lines:
        (segment,) = line
        style = segment.style
        if segment.text.strip():
            cells.append(None)  # "▁▂▃…": part thumb, part track
        elif style.reverse:  # Textual's thumb: its colour reversed
            cells.append(thumb := style.color.triplet.hex)
        else:
            cells.append(style.bgcolor.triplet.hex)
    return cells, thumb


def same_as_textuals(view) -> tuple[int, int]:
    """Asserts the view's bar shows Textual's thumb and track; the thumb's first and last
    rows."""
    ours, (textuals, thumb) = drawn_bar_cells(view), textuals_bar_cells(view)
    assert len(ours) == len(textuals)
    for row, (drawn, expected) in enumerate(zip(ours, textuals, strict=True)):
        assert expected is None or drawn == expected, (row, ours, textuals)
    assert thumb is not None and len(set(ours)) == 2  # a track and a thumb
    rows = [row for row, colour in enumerate(ours) if colour == thumb]
    assert rows == list(range(rows[0], rows[-1] + 1))  # in one piece
    return rows[0], rows[-1]


async def test_the_list_draws_its_thumb_where_textual_would(long_list):
    async with running_app(long_list) as (app, pilot):
        await type_query(app, pilot, "")  # every paper: many more than the rows
        view = results(app)
        rows = view.scrollable_content_region.height
        assert view.count > 2 * rows
        ours = drawn_bar_cells(view)
        assert ours[0] != ours[-1]  # the thumb at the top, the track below it
        same_as_textuals(view)
        app.action_focus_results()
        for key in ("pagedown", "pagedown", "pagedown", "end"):
            await pilot.press(key)
            await settle(app, pilot)
            same_as_textuals(view)
        assert view.scroll_y == view.max_scroll_y > 0
        ours = drawn_bar_cells(view)
        assert ours[-1] != ours[0] and ours[-1] == ours[-2] or rows < 3  # at the bottom
        # Textual's bar widget itself is laid out nowhere: only the view's lines show it.
        assert view.vertical_scrollbar.size.width == 0


async def test_a_list_that_fits_shows_the_track_alone_and_a_long_abstract_its_thumb(home):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "policy optimization")
        view = results(app)
        pane = app.query_one(AbstractPane)
        assert view.count < view.scrollable_content_region.height
        assert len(set(drawn_bar_cells(view))) == 1
        assert len(pane.wrapped_lines) > pane.scrollable_content_region.height
        assert same_as_textuals(pane)[0] == 0  # at the top of the track
        assert drawn_bar_cells(view)[0] == drawn_bar_cells(pane)[-1]  # the page's colour
        pane.scroll_end(animate=False, immediate=True)
        await settle(app, pilot)
        top, bottom = same_as_textuals(pane)
        assert top > 0 and bottom == pane.scrollable_content_region.height - 1


async def test_typing_draws_no_textual_scroll_bar(long_list, monkeypatch):
    drawn = []
    render_lines = ScrollBar.render_lines

    def counted(self, crop):
        drawn.append(self)
        return render_lines(self, crop)

    async with running_app(long_list) as (app, pilot):
        monkeypatch.setattr(ScrollBar, "render_lines", counted)
        for query in ("wombats", "learning", "graph neural", ""):
            await type_query(app, pilot, query)
        assert results(app).count > 20
    assert drawn == []


def bar_offset(view, row: int) -> Offset:
    """A point on the view's bar, `row` rows into its track (screen coordinates)."""
    region = view.scrollable_content_region
    return Offset(region.right, region.y + row)


async def test_a_click_on_the_track_scrolls_there_and_moves_no_cursor(long_list):
    async with running_app(long_list) as (app, pilot):
        await type_query(app, pilot, "")
        view = results(app)
        rows = view.scrollable_content_region.height
        cursor = view.cursor
        await pilot.click(offset=bar_offset(view, rows - 1))
        await settle(app, pilot)
        assert view.scroll_y > view.max_scroll_y * 0.8
        assert view.cursor == cursor
        top, bottom = same_as_textuals(view)
        assert bottom == rows - 1
        await pilot.click(offset=bar_offset(view, 0))
        await settle(app, pilot)
        assert view.scroll_y < view.max_scroll_y * 0.2
        assert view.cursor == cursor


async def test_dragging_the_thumb_scrolls_the_list_with_it(long_list):
    async with running_app(long_list) as (app, pilot):
        await type_query(app, pilot, "")
        view = results(app)
        rows = view.scrollable_content_region.height
        await pilot.mouse_down(offset=bar_offset(view, 0))
        before = view.scroll_y
        for row in (rows // 4, rows // 2):
            await pilot.hover(offset=bar_offset(view, row))
            await settle(app, pilot)
            assert view.scroll_y > before
            before = view.scroll_y
        await pilot.mouse_up(offset=bar_offset(view, rows // 2))
        await settle(app, pilot)
        top, bottom = same_as_textuals(view)
        assert top <= rows // 2 <= bottom + 1  # the thumb is where it was let go
        # Let go: moving the pointer no longer scrolls.
        await pilot.hover(offset=bar_offset(view, rows - 1))
        await settle(app, pilot)
        assert view.scroll_y == before


async def test_a_new_height_alone_repaints_the_thumb(long_list, monkeypatch):
    """set_rows repaints only the bar: its cells on screen are asked for again when the
    thumb changes, and the lines drawn before are not reused as they were."""
    async with running_app(long_list) as (app, pilot):
        await type_query(app, pilot, "")
        view = results(app)
        top, bottom = same_as_textuals(view)
        repainted: list[Region] = []
        refresh = type(view).refresh

        def recorded(self, *regions, **kwargs):
            repainted.extend(regions or [self.size.region])
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(type(view), "refresh", recorded)
        start = view.styles.gutter.left + view.scrollable_content_region.width
        bar = Region(start, view.styles.gutter.top, view.styles.scrollbar_size_vertical,
                     view.scrollable_content_region.height)
        view.set_rows(view.virtual_size.height * 4)
        assert any(region.contains_region(bar) for region in repainted)
        await settle(app, pilot)
        shorter = same_as_textuals(view)
        assert shorter[0] == top and shorter[1] < bottom
        repainted.clear()
        view.set_rows(view.virtual_size.height + 1)  # the same thumb: nothing to repaint
        assert not any(region.overlaps(bar) for region in repainted)
        view.set_rows(view.scrollable_content_region.height)  # everything fits now
        await settle(app, pilot)
        assert len(set(drawn_bar_cells(view))) == 1


async def test_dragging_the_panes_thumb_scrolls_it_and_selects_no_text(home):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "policy optimization")
        pane = app.query_one(AbstractPane)
        rows = pane.scrollable_content_region.height
        assert len(pane.wrapped_lines) > rows
        await pilot.mouse_down(offset=bar_offset(pane, 0))
        await pilot.hover(offset=bar_offset(pane, rows - 1))
        await pilot.mouse_up(offset=bar_offset(pane, rows - 1))
        await settle(app, pilot)
        assert pane.scroll_y == pane.max_scroll_y > 0
        assert not app.screen.selections
        assert not pane.text_selection
