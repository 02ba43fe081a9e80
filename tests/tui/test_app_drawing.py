"""What a keystroke costs to draw: the list and the abstract pane change in one frame,
without a layout of the screen, and the pane's text is wrapped to its width."""

from __future__ import annotations

import json

import pytest
from textual.geometry import Offset
from textual.selection import Selection

from index import Library
from tui.widgets.abstract import AbstractPane

from ..factories import write_json_list
from .helpers import results, running_app, settle, status_text, type_query

pytestmark = pytest.mark.timeout(120)


async def test_keystrokes_that_replace_the_list_and_the_paper_lay_out_nothing(home):
    async with running_app(home) as (app, pilot):
        view, pane = results(app), app.query_one(AbstractPane)
        await type_query(app, pilot, "p")  # fewer papers than rows from here on
        asked = (view.layouts_asked, pane.layouts_asked)
        papers, counts = set(), set()
        for char in "olicy":
            await pilot.press(char)
            await settle(app, pilot)
            papers.add(pane.paper_id)
            counts.add(view.count)
        assert len(counts) > 1 and len(papers) > 1  # the list and the paper did change
        assert (view.layouts_asked, pane.layouts_asked) == asked
        # Nor does moving the cursor, though each move shows another paper.
        await type_query(app, pilot, "p")
        view.focus()
        asked = (view.layouts_asked, pane.layouts_asked)
        papers.clear()
        for _ in range(4):
            await pilot.press("j")
            await settle(app, pilot)
            papers.add(pane.paper_id)
        assert len(papers) == 4
        assert (view.layouts_asked, pane.layouts_asked) == asked


async def test_a_list_that_outgrows_its_rows_or_fits_them_again_lays_out_nothing(
        home, tmp_path):
    """A query whose papers no longer fill the list, and the next whose papers overflow it
    again: the scroll bar stays (its thumb alone tells there is more), so neither key
    lays out the screen."""
    papers = [{"title": f"Wombat Survey {number}",
               "abstract": f"We count wombats in burrows, census {number}. "
                           + ("Quolls share some burrows. " if number < 8 else "") * 4}
              for number in range(60)]
    with Library(home) as library:
        library.add(write_json_list(tmp_path, "wombats.json", papers))
    async with running_app(home) as (app, pilot):
        view = results(app)
        await type_query(app, pilot, "wombats")
        rows = view.scrollable_content_region.height
        assert view.count > rows  # more papers than rows: the thumb shows there are more
        asked = view.layouts_asked
        counts = [view.count]
        for query in ("wombats quolls", "wombats"):
            await type_query(app, pilot, query)
            counts.append(view.count)
        assert counts[1] < rows < counts[2]  # the list fitted its rows, then outgrew them
        assert view.layouts_asked == asked
        assert view.show_vertical_scrollbar


async def test_the_pane_and_the_progress_show_in_the_same_call_as_the_list(home, monkeypatch):
    # It counts "seen 0": no paper may turn seen while the queries are typed, however slow.
    monkeypatch.setattr("tui.reading_state.SEEN_AFTER", 3600)
    async with running_app(home) as (app, pilot):
        pane = app.query_one(AbstractPane)
        real_show = app._show_results

        def show(seq, found, *rest):
            real_show(seq, found, *rest)
            if seq < app._search_seq:
                return  # a search overtaken by a newer one: shown not at all
            current = results(app).current
            seen.append((current.id if current else None, pane.paper_id))
            # The status line's reading progress is that of these results already.
            counted = f"seen 0 / {len(found)} ·"
            progress.append(counted in status_text(app))

        seen: list[tuple[str | None, str | None]] = []
        progress: list[bool] = []
        app._show_results = show
        await type_query(app, pilot, "policy")
        await type_query(app, pilot, "tracer")
        assert seen and all(listed == shown for listed, shown in seen)
        assert progress and all(progress)


async def test_the_abstract_is_wrapped_to_the_pane_and_rewrapped_on_resize(home):
    async with running_app(home, size=(160, 40)) as (app, pilot):
        pane = app.query_one(AbstractPane)
        await type_query(app, pilot, "policy")
        wide = pane.wrapped_lines
        assert max(map(len, wide)) <= pane.scrollable_content_region.width
        await pilot.resize_terminal(120, 40)  # side by side still
        await settle(app, pilot)
        narrow = pane.wrapped_lines
        assert len(narrow) > len(wide)
        assert max(map(len, narrow)) <= pane.scrollable_content_region.width
        # Nothing is lost or repeated by the wrapping: the words are the paper's.
        assert " ".join(narrow).split() == pane.text.split()
        # Taller: the same lines, and a text that fits has nothing to scroll.
        await pilot.resize_terminal(120, 70)
        await settle(app, pilot)
        # (The status row may say "seen" by now: the paper has been in the pane a while.)
        def unstated(lines: list[str]) -> list[str]:
            return [line for line in lines if not line.startswith("Status")]

        assert unstated(pane.wrapped_lines) == unstated(narrow)
        assert len(narrow) < pane.scrollable_content_region.height
        assert pane.virtual_size.height >= pane.scrollable_content_region.height
        assert pane.max_scroll_y == 0


async def test_a_long_abstract_scrolls_and_copies_as_written(home, tmp_path):
    abstract = " ".join(f"We study part {number} of a long abstract about marker{number}."
                        for number in range(300))
    path = tmp_path / "long.json"
    path.write_text(json.dumps([{"title": "A Paper With A Long Abstract",
                                 "abstract": abstract}]), encoding="utf-8")
    with Library(home) as library:
        library.add(path)
    async with running_app(home) as (app, pilot):
        pane = app.query_one(AbstractPane)
        await type_query(app, pilot, "marker299")
        assert pane.paper_id is not None and "marker299" in pane.text
        assert len(pane.wrapped_lines) > pane.size.height and pane.max_scroll_y > 0
        pane.focus()
        await pilot.press("G")
        await pilot.wait_for_scheduled_animations()
        await settle(app, pilot)
        assert pane.scroll_y == pane.max_scroll_y
        # A mouse selection over wrapped lines gives the text as written: the line
        # breaks the pane put in are not in it.
        rows = pane.wrapped_lines
        first = next(row for row, line in enumerate(rows) if line.startswith("We study"))
        text, _ = pane.get_selection(Selection(Offset(0, first), Offset(5, first + 3)))
        assert "\n" not in text and text.startswith("We study part 0 of")
        assert len(text) > 2 * pane.scrollable_content_region.width
        assert text in abstract


async def test_typing_after_a_pause_never_collects_the_frozen_heap(home, monkeypatch):
    """The app freezes what it loaded (gc.freeze) and leaves it frozen: collecting it again
    is a full collection on the UI thread, 40-75 ms of a stalled keystroke at ICML 2023,
    for under a megabyte of garbage."""
    import asyncio
    import gc

    unfrozen = []
    monkeypatch.setattr(gc, "unfreeze", lambda: unfrozen.append(True))
    async with running_app(home) as (app, pilot):
        assert gc.get_freeze_count() > 0  # the loaded heap is frozen
        await type_query(app, pilot, "learning")
        await asyncio.sleep(1.0)  # a pause in typing, long enough for an idle tidy-up
        await type_query(app, pilot, "graph")
        await asyncio.sleep(1.0)
    assert unfrozen == []


async def _pane_lines_for(home, tmp_path, paper: dict) -> list[str]:
    """The abstract pane's lines for `paper`, added alone and searched for "quokkas"."""
    with Library(home) as library:
        library.add(write_json_list(tmp_path, "one.json", [paper]))
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "quokkas")
        return app.query_one(AbstractPane).wrapped_lines


async def test_a_year_without_a_venue_is_labelled_a_year(home, tmp_path):
    """"Year     2025" for a list that gives a year and no venue (not "Venue 2025")."""
    rows = await _pane_lines_for(home, tmp_path, {
        "title": "Quokka Census Methods", "year": 2025,
        "abstract": "We count quokkas on islands. " * 6})
    assert "Year     2025" in [row.rstrip() for row in rows]
    assert not any(row.startswith("Venue") for row in rows)


async def test_a_fact_too_long_for_its_line_goes_on_under_its_value(home, tmp_path):
    """A fact (authors here) wider than the pane goes on under its value, not under its
    label; a selection across its lines gives it as written, without the indent."""
    authors = [f"Author Number{number} Surname{number}" for number in range(12)]
    path = tmp_path / "authors.json"
    path.write_text(json.dumps([{"title": "A Paper With Many Authors", "authors": authors,
                                 "abstract": "We study quokkas in some depth. " * 8}]),
                    encoding="utf-8")
    with Library(home) as library:
        library.add(path)
    async with running_app(home) as (app, pilot):
        pane = app.query_one(AbstractPane)
        await type_query(app, pilot, "quokkas")
        rows = pane.wrapped_lines
        first = next(row for row, line in enumerate(rows) if line.startswith("Authors  "))
        following = rows[first + 1:first + 4]
        assert all(line.startswith(" " * 9) and line[9] != " " for line in following)
        assert rows[first + 4].startswith(("Venue", " " * 9))
        written = "; ".join(authors)
        shown = " ".join([rows[first][9:]] + [line.strip() for line in following])
        assert written.startswith(shown) and len(shown) > 100
        text, _ = pane.get_selection(Selection(Offset(9, first), Offset(30, first + 2)))
        assert text in written and len(text) > 2 * (pane.scrollable_content_region.width - 9)
        assert text.startswith(rows[first][9:]) and text.endswith(rows[first + 2][9:30])
