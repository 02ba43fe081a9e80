"""The lines of the results list and the abstract pane, drawn without Textual's and
Rich's general machinery where a keystroke replaces them all, and exactly as that
machinery draws them: content lines framed by the view itself (SteadyScrollView), rows
without Rich's Text (ResultsView._segments_of_row), the pane's lines without a styled copy
(AbstractPane._draw)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual._styles_cache import StylesCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.abstract import AbstractPane
from tui.widgets.results import ONE_CELL, ResultsView

from .helpers import results, running_app, type_query

pytestmark = pytest.mark.timeout(120)


def textuals_lines(view) -> list[list]:
    """The view's lines as Textual's own Widget.render_lines draws them, afresh."""
    view._styles_cache.clear()
    return [list(strip) for strip in Widget.render_lines(view, Region(0, 0, *view.region.size))]


def framed_lines(view) -> list[list]:
    return [list(strip) for strip in view.render_lines(Region(0, 0, *view.region.size))]


def bar_columns(view) -> tuple[int, int]:
    """Where the view's scroll bar is, in its own columns (Textual puts its bar there)."""
    start = view.styles.gutter.left + view.scrollable_content_region.width
    return start, start + view.styles.scrollbar_size_vertical


def without_bar(view, lines: list[list]) -> list[list]:
    """The lines with the scroll bar's columns cut out, same-styled pieces joined."""
    start, end = bar_columns(view)
    width = view.region.width
    return [list(Strip.join([Strip(line).crop(0, start), Strip(line).crop(end, width)])
                 .simplify()) for line in lines]


async def test_framed_lines_are_the_lines_textual_draws(home):
    """Everything but the scroll bar (Textual's is hidden: the view draws its own, below)
    as Textual's own framing draws it."""
    async with running_app(home) as (app, pilot):
        views = [results(app), app.query_one(AbstractPane)]

        def same() -> None:
            for view in views:
                assert without_bar(view, framed_lines(view)) == \
                    without_bar(view, textuals_lines(view)), type(view).__name__

        same()
        for query in ("learning", "graph neural", "zzzz"):
            await type_query(app, pilot, query)
            same()
        await type_query(app, pilot, "learning")
        app.action_focus_results()  # the border's colour changes with the focus
        await pilot.press("down", "down", "space")
        await pilot.pause()
        same()
        app.theme = "textual-light"
        await pilot.pause()
        same()
        # A part of a line (the compositor asks for what is not covered).
        view = views[0]
        crop = Region(3, 2, 20, 5)
        assert [list(s) for s in view.render_lines(crop)] == \
            [line for line in (list(s) for s in (
                Widget.render_lines(view, crop)))]
        # ... and one with the bar: the whole lines' cells there.
        crop = Region(bar_columns(view)[0] - 4, 1, 7, 6)
        whole = view.render_lines(Region(0, 0, *view.region.size))
        assert [list(s) for s in view.render_lines(crop)] == \
            [list(whole[y].crop(crop.x, crop.right)) for y in crop.line_range]


async def test_a_key_that_replaces_the_list_frames_its_lines_outside_the_styles_cache(
        home, monkeypatch):
    """Textual's styles cache frames only the views' border lines (and once, to learn
    the frame, a content line), not the some 60 content lines a new list and paper
    bring."""
    framed_by_textual = []
    render_line = StylesCache.render_line

    def counted(self, styles, y, size, content_size, padding, base_background, background,
                render_content_line, *args):
        if isinstance(getattr(render_content_line, "__self__", None),
                      (ResultsView, AbstractPane)):
            framed_by_textual.append(y)
        return render_line(self, styles, y, size, content_size, padding, base_background,
                           background, render_content_line, *args)

    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "learning")
        monkeypatch.setattr(StylesCache, "render_line", counted)
        view = results(app)
        shown = view.results.card(0).id
        await type_query(app, pilot, "")  # every paper, by title
        assert view.count > 20 and view.results.card(0).id != shown
        assert len(framed_by_textual) <= 8, framed_by_textual  # borders: 2 a view, twice


def rich_rows(view, card, width, segments, base, cursor):
    return list(view._rich_row(card, width, segments, base, cursor))


async def test_rows_drawn_without_rich_text_are_the_rows_rich_draws(home):
    async with running_app(home) as (app, pilot):
        view = results(app)
        await type_query(app, pilot, "learning")
        cards = [view.results.card(i) for i in range(view.count)]
        assert cards
        card = cards[0]
        cards += [
            replace(card, title="A plain title"),
            replace(card, title="A title long enough to be cut " * 6),
            replace(card, title="Naïve Bayes, ℓ1 norms and α–β pruning…", title_derived=True),
            replace(card, tags=("reading", "a-rather-long-tag-name", "x" * 30)),
            replace(card, title="中文标题 and more words " * 3),  # wide: Rich draws it
            replace(card, title="Cafe\u0301 combining"),  # combining: Rich draws it
        ]
        base = view.base_style
        direct = 0
        for card in cards:
            segments = tuple(view._segments(card.title))
            for width in (128, 56, 40):
                for state in (("unread", 0), ("seen", 2), ("read", 3)):
                    view.reading[card.id] = state
                    for marked, cursor in ((False, None), (True, view.component_style(
                            "results--cursor"))):
                        (view.marked.add if marked else view.marked.discard)(card.id)
                        drawn = view._segments_of_row(card, width, segments, base, cursor)
                        if drawn is not None:
                            direct += 1
                            assert drawn == rich_rows(view, card, width, segments, base,
                                                      cursor), (card.title, width, state)
                view.reading.pop(card.id, None)
                view.marked.discard(card.id)
        assert direct > len(cards) * 3 * 3  # most rows at the widths a list has
        plain = replace(card, title="A plain title", tags=())
        assert view._segments_of_row(plain, 56, (("A plain title", False),), base, None)
        wide = replace(card, title="中文标题")
        assert view._segments_of_row(wide, 56, (("中文标题", False),), base, None) is None


def test_the_one_cell_characters_are_one_cell_each():
    one_cell = [chr(c) for c in range(0x3000) if ONE_CELL.fullmatch(chr(c))]
    assert len(one_cell) > 500
    assert all(cell_len(c) == 1 for c in one_cell)


async def test_a_new_list_is_refreshed_once_and_a_kept_one_row_by_row(home, monkeypatch):
    """Most rows changed: one refresh of the list, not one Textual bookkeeping per row;
    few changed: only those rows."""
    async with running_app(home) as (app, pilot):
        view = results(app)
        await type_query(app, pilot, "learning")
        lines, wholes = [], []
        refresh_line, refresh = ResultsView.refresh_line, ResultsView.refresh

        def counted_line(self, y):
            lines.append(y)
            return refresh_line(self, y)

        def counted(self, *regions, **kwargs):
            if not regions and kwargs.get("repaint", True) and not kwargs.get("layout"):
                wholes.append(True)
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(ResultsView, "refresh_line", counted_line)
        monkeypatch.setattr(ResultsView, "refresh", counted)
        shown = view.results.card(0).id
        await type_query(app, pilot, "")  # every paper, by title: a new list
        assert view.results.card(0).id != shown
        assert wholes and len(lines) <= 2, lines  # (the cursor's rows at most)
        lines.clear()
        wholes.clear()
        view.marked.add(view.results.card(3).id)  # one row changes
        view.show(view.results, cursor=view.cursor)
        assert 3 in lines and not wholes


def stylized_copy(pane, line, width):
    """How the pane drew a line before: a copy with the base style under its spans."""
    base = pane.base_style
    line = line.copy()
    line.stylize_before(base)
    return Strip(line.render(pane.app.console), cell_len(line.plain)) \
        .extend_cell_length(width, base).crop(0, width)


async def test_pane_lines_drawn_from_the_line_are_those_of_a_stylized_copy(home,
                                                                            monkeypatch):
    async with running_app(home) as (app, pilot):
        pane = app.query_one(AbstractPane)
        library = app.library
        found = library.search("learning")
        drawn = 0
        for row in range(len(found)):
            paper = library.paper(found.card(row).id)
            pane.header = pane.header_text(paper)
            pane.body = pane.body_text(paper, found.terms)
            for width in (60, 23):
                lines = list(pane._wrap(width)[0])
                lines += [Text(""), Text("plain, no spans"), Text("wide 中文 text")]
                for line in lines:
                    for cut in (width, width - 5):
                        assert list(pane._draw(line, cut)) == \
                            list(stylized_copy(pane, line, cut)), (line.plain, cut)
                        drawn += 1
        assert drawn > 100
        copies = []
        copy = Text.copy
        monkeypatch.setattr(Text, "copy", lambda self: copies.append(self) or copy(self))
        pane._draw(Text("a line with a span", style="bold"), 40)
        assert not copies  # drawn from the line itself
