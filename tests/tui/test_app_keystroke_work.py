"""What a keystroke's frame is spared, and that nothing shown changes for it: a row's
marked words are worked out once per keystroke (and again for the next words), the
garbage collector waits until the key's results are painted (and always resumes), and
the footer's keys are built once as the app opens."""

from __future__ import annotations

import gc

import pytest

from tui.collection import KeystrokeCollection, pause_for_launch
from tui.widgets.steady_footer import SteadyFooter

from .helpers import results, running_app, settle, type_query

pytestmark = pytest.mark.timeout(120)


def marked_words(view, y: int) -> list[str]:
    """The words drawn underlined (the match style: nothing else in a row is) on line
    `y` of the results list."""
    assert view.get_component_rich_style("results--match").underline
    return [segment.text for segment in view.render_line(y)
            if segment.style is not None and segment.style.underline]


async def test_a_row_kept_from_one_query_is_marked_anew_for_the_next(home):
    async with running_app(home, size=(240, 40)) as (app, pilot):  # (titles not cut)
        view = results(app)
        await type_query(app, pilot, "learning")

        def row_of(paper_id: str) -> int:
            return next(y for y in range(view.count) if view.results.card(y).id == paper_id)

        first = next(view.results.card(y) for y in range(view.count)
                     if "learning" in view.results.card(y).title[:60].lower().split())
        assert {w.lower() for w in marked_words(view, row_of(first.id))} == {"learning"}
        # Another word of the same title: the same paper on screen, other words marked.
        other = max((w for w in first.title[:60].split() if w.isalpha()
                     and w.lower() != "learning"), key=len)
        await type_query(app, pilot, other)
        marked = [w.lower() for w in marked_words(view, row_of(first.id))]
        assert other.lower() in marked and "learning" not in marked
        # And back: the first words again, not the second's kept by mistake.
        await type_query(app, pilot, "learning")
        marked = [w.lower() for w in marked_words(view, row_of(first.id))]
        assert "learning" in marked and other.lower() not in marked


async def test_the_collector_waits_for_a_keys_results_and_then_resumes(home, monkeypatch):
    assert gc.isenabled()
    async with running_app(home) as (app, pilot):
        enabled_when_shown = []
        real_show = app._show_results

        def show(*args, **kwargs):
            enabled_when_shown.append(gc.isenabled())
            real_show(*args, **kwargs)

        monkeypatch.setattr(app, "_show_results", show)
        await type_query(app, pilot, "graph")
        assert enabled_when_shown and not any(enabled_when_shown)  # paused meanwhile
        assert gc.isenabled()  # and resumed once they were painted
    assert gc.isenabled()


async def test_the_collector_and_the_states_read_wait_until_the_frame_is_sent(
        home, monkeypatch):
    # Textual's writer thread sends a painted frame to the terminal and needs the
    # interpreter for it: a collection or the reading states' read started at the paint
    # held it 1-5 ms between the frame and its bytes. Both wait FRAME_SENT_S after it.
    async with running_app(home) as (app, pilot):
        enabled_at_paint, drawn_when_read = [], []
        real_painted, real_states = app._key_painted, app.library.reading_states

        def painted():
            real_painted()
            enabled_at_paint.append(gc.isenabled())

        def reading_states():
            drawn_when_read.append(app._keys_drawn.is_set())
            return real_states()

        monkeypatch.setattr(app, "_key_painted", painted)
        monkeypatch.setattr(app.library, "reading_states", reading_states)
        await type_query(app, pilot, "graph")
        await pilot.pause(0.05)
        await settle(app, pilot)
        assert enabled_at_paint and not any(enabled_at_paint)  # still paused at the paint
        assert gc.isenabled()  # and resumed a moment later
        assert drawn_when_read and all(drawn_when_read)


async def test_before_the_library_opens_a_painted_key_lets_the_loading_go_on_at_once(
        home):
    # The first key, typed at first paint, is drawn from the kept page; its live results
    # wait for the engine's loading, which waits for the key to be drawn: no FRAME_SENT_S
    # for it (in tmux that cost the first key about 5 ms). Once open, the wait is there.
    async with running_app(home) as (app, pilot):
        app._keys_drawn.clear()
        app.ready = False
        app._key_painted()
        assert app._keys_drawn.is_set()
        app.ready = True
        app._keys_drawn.clear()
        app._key_painted()
        assert not app._keys_drawn.is_set()
        await pilot.pause(0.05)
        assert app._keys_drawn.is_set()


async def test_a_key_whose_results_never_come_resumes_the_collector(home, monkeypatch):
    monkeypatch.setattr("tui.collection.LONGEST_HOLD_S", 1.0)
    async with running_app(home) as (app, pilot):
        monkeypatch.setattr(app, "_show_results", lambda *args, **kwargs: None)
        await pilot.press("x")
        assert not gc.isenabled()
        await pilot.pause(1.5)
        await settle(app, pilot)
        assert gc.isenabled()


def test_the_collector_paused_by_someone_else_stays_paused():
    collection = KeystrokeCollection()
    gc.disable()
    try:
        collection.release()
        collection.after_first_paint()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_launch_pause_ends_at_the_first_paint_with_the_heap_frozen():
    frozen = gc.get_freeze_count()
    pause_for_launch()
    try:
        assert not gc.isenabled()
        collection = KeystrokeCollection()  # the app's: the launch's pause is its to end
        collection.after_first_paint()
        assert gc.isenabled()
        assert gc.get_freeze_count() >= frozen
        assert not KeystrokeCollection().held  # taken over once, by one app
    finally:
        gc.enable()


async def test_the_footer_is_built_once_at_the_first_notice_with_the_keys_footer_shows(
        home, monkeypatch):
    from textual.screen import Screen

    frames, builds = [], []
    refresh, compose = Screen._compositor_refresh, SteadyFooter.compose

    def counted_refresh(self):
        frames.append(True)
        return refresh(self)

    def counted(self):
        if self._bindings_ready:
            builds.append(len(frames))  # how many frames went out before the keys
        yield from compose(self)

    noticed = []
    notice = SteadyFooter.bindings_changed

    def counted_notice(self, screen):
        noticed.append(len(frames))  # the screen said which bindings are active
        return notice(self, screen)

    monkeypatch.setattr(Screen, "_compositor_refresh", counted_refresh)
    monkeypatch.setattr(SteadyFooter, "compose", counted)
    monkeypatch.setattr(SteadyFooter, "bindings_changed", counted_notice)
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "graph")
        footer = app.query_one(SteadyFooter)
        shown = [(key.key, key.description) for key in footer.query("FooterKey")
                 if "-command-palette" not in key.classes]
        # Textual's footer: for each action of a shown binding active on the screen as
        # it is now (the search bar focused), its first binding.
        first_of: dict[str, tuple[str, str]] = {}
        for _node, binding, _enabled, _tooltip in app.screen.active_bindings.values():
            if binding.show:
                first_of.setdefault(binding.action, (binding.key, binding.description))
        assert shown and shown == list(first_of.values())
    # Built once, in the frame of the first notice (Footer builds them a refresh later).
    assert len(builds) == 1 and builds[0] == noticed[0]


async def test_the_kept_component_styles_follow_the_focus_and_the_theme(home):
    async with running_app(home) as (app, pilot):
        view = results(app)
        await type_query(app, pilot, "learning")

        def cursor_background():
            return {s.style.bgcolor for s in view.render_line(0) if s.text.strip()}

        def expected():  # Textual's own answer, now
            return {view.get_component_rich_style("results--cursor").bgcolor}

        blurred = cursor_background()
        assert blurred == expected()
        view.focus()
        await pilot.pause()
        assert cursor_background() == expected() != blurred
        for theme in ("textual-light", "nord"):
            app.theme = theme
            await pilot.pause()
            assert cursor_background() == expected()


async def test_a_keys_results_are_painted_as_soon_as_they_are_in(home):
    """KeyScreen paints a keystroke's results in the idle moment after they are handed
    over, not at the screen's next timer tick: once per key, and only for them."""
    from tui.widgets.key_screen import KeyScreen

    async with running_app(home) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, KeyScreen)
        await type_query(app, pilot, "")
        assert not app.results_due()
        for char in "learn":
            before = screen.frames_at_once
            await pilot.press(char)
            await settle(app, pilot)
            assert not app.results_due()  # never left waiting
            assert screen.frames_at_once == before + 1, char
        # A key that starts no search (a cursor move in the list) paints as Textual does.
        app.action_focus_results()
        await pilot.pause()
        before = screen.frames_at_once
        await pilot.press("down")
        await settle(app, pilot)
        assert screen.frames_at_once == before


async def test_a_worker_handed_the_results_is_described_without_their_repr(home):
    # Textual's @work describes a worker by the repr of its arguments, on the UI thread:
    # the progress worker is handed the listed results after every paper marked seen,
    # read or starred, whose repr at 100,000 papers took 9-33 ms (tui/workers.py).
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "learning")
        shown = app.last_results
        assert shown is not None and len(shown) > 1
        started = []
        real_run_worker = app.run_worker

        def run_worker(work, *args, **kwargs):
            started.append((kwargs.get("group"), kwargs.get("description")))
            return real_run_worker(work, *args, **kwargs)

        app.run_worker = run_worker
        app.update_progress()
        await settle(app, pilot)
        # (the library's periodic watch may start its own worker meanwhile: CI saw it)
        assert [s for s in started if s[0] == "progress"] == [("progress", "_progress")]
        assert all(len(description) < 100 for _group, description in started)
        assert len(repr(shown)) > 1000  # what the description would have carried
