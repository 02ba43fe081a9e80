"""Hostile text: abstracts, titles, tags and queries are data, never markup or terminal control.

A list scraped from the web may hold Rich/Textual markup, ANSI and OSC escape sequences
(colours, a clipboard write, a window-title change), C1 controls, bidi overrides, broken
LaTeX, a megabyte-long paragraph, CJK, emoji and zero-width characters. These tests import
such a list and prove that every stored field is clean, that the app's screen (list rows,
abstract pane, notifications, command palette, status line) carries none of the controls
and shows the markup literally, that rows stay one line of the right width, and that
exports and the renderer hold no control characters either.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from textual.command import CommandPalette
from textual.widgets import Input

from index import Library
from index.ingest.prepare import prepare
from index.ingest.render import render, sanitize
from index.models import Record
from index.output.export import EXPORT_FORMATS, export_text
from tui.widgets.abstract import AbstractPane

from ..tui.helpers import (
    pane_text,
    record_notifications,
    results,
    running_app,
    settle,
    status_text,
    tag_current,
    wait_for,
)

pytestmark = pytest.mark.timeout(180)

# Everything that may drive a terminal, hide text or reorder it: C0 but newline, DEL, C1,
# bidi embeddings/overrides/isolates, zero-width space, BOM, line/paragraph separators.
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b\u202a-\u202e\u2066-\u2069"
                    "\ufeff\u2028\u2029]")
UNSAFE_ONE_LINE = re.compile(UNSAFE.pattern[:-1] + "\n]")

MARKUP_TITLE = "[bold red]Markup title[/] and [/foo] stay"
CLICK_ABSTRACT = ("We [@click=app.quit]quit the app[/] and [link=https://evil.example]follow "
                  "a link[/link], then close [/foo] tags: all of it is just text.")
ESCAPES = ("\x1b[31mRed\x1b[0m \x1b]52;c;ZXZpbA==\x07clip \x1b]0;pwned\x07title "
           "\u202eevil\u202c \x9b31m C1\x85 bell\x07 \x1b[2J")
BIG = ("Tokens of one very long paragraph without any break at all " * 20000)[:1_000_000]
HOSTILE = [
    {"title": MARKUP_TITLE, "abstract": CLICK_ABSTRACT, "authors": ["[b]Bob[/b]", "Eve"],
     "venue": "[i]Conf[/i]", "year": 2024, "tags_in_source": "[reverse]x[/]"},
    {"title": f"Escapes {ESCAPES} end", "abstract": f"An abstract with {ESCAPES} inside it.",
     "authors": ["Mallory\x1b[2J\nNewline\tTab"], "venue": "Venue\n2024\t\x9b",
     "url": "https://example.org/\x1b]8;;https://evil\x07x", "year": 2024,
     "extra\x1b[31m": "value\x1b]52;c;AAAA\x07"},
    {"title": "深度学习 🤖🚀 zero\u200bwidth 👩\u200d🔬 emoji \ufeffBOM",
     "abstract": "中文摘要：我们提出了一种新方法。" * 30 + " 🤖 zero\u200bwidth\u200d joiner",
     "year": 2025},
    {"title": "Megabyte paragraph", "abstract": BIG, "year": 2025},
    {"title": "Broken LaTeX",
     "abstract": r"We show $\frac{a}{ \textbf{unclosed $ \begin{equation} x^ { and \emph{never "
                 r"closed, then \unknownmacro{z} and $$ stray dollars.", "year": 2025},
    {"title": "Multi\nline\ttitle\u2028with separators\u2029here",
     "abstract": "An abstract with a\ttab,\nnewlines,\u2028a line separator\n\nand paragraphs.",
     "year": 2025},
]


def strings(value) -> list[str]:
    """Every string inside a value (dataclass, dict keys and values, lists)."""
    if isinstance(value, str):
        return [value]
    if dataclasses.is_dataclass(value):
        return [s for f in dataclasses.fields(value) for s in strings(getattr(value, f.name))]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(k) + strings(v)]
    if isinstance(value, list | tuple):
        return [s for item in value for s in strings(item)]
    return []


@pytest.fixture(scope="module")
def hostile_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library of the bundled lists plus the hostile one (built once: ~3 s)."""
    home = tmp_path_factory.mktemp("hostile-home")
    source = home / "hostile.json"
    source.write_text(json.dumps(HOSTILE), encoding="utf-8")
    with Library(home) as library:
        report = library.add(source)
        assert (report.read, report.new) == (6, 6)
        library.sync()
    return home


def hostile_papers(library: Library):
    return [p for p in library.store.papers() if "hostile" in p.lists]


# -- the store ------------------------------------------------------------------------------

def test_every_stored_field_of_a_hostile_list_is_free_of_controls(hostile_home):
    with Library(hostile_home) as library:
        papers = hostile_papers(library)
        assert len(papers) == 6
        for paper in papers:
            source, paper.abstract_source = paper.abstract_source, ""
            assert not UNSAFE.search(source.replace("\t", " ")), source[:200]  # as listed
            for value in strings(paper):
                assert not UNSAFE.search(value), (paper.id, value[:200])
            # One-line fields hold no line break at all (a results row must stay a row).
            for value in [paper.title, paper.name or "", paper.venue or "", paper.url or "",
                          *paper.authors, *paper.tags]:
                assert not UNSAFE_ONE_LINE.search(value), value
        for info in library.lists():
            for value in strings(info):
                assert not UNSAFE_ONE_LINE.search(value)
        titles = {p.title for p in papers}
        assert MARKUP_TITLE in titles  # markup is kept as the characters it is
        assert "Multi line title with separators here" in titles
        escaped = next(p for p in papers if p.title.startswith("Escapes"))
        assert "Red" in escaped.title and "pwned" not in escaped.title  # OSC payload gone
        assert escaped.authors == ["Mallory Newline Tab"]
        assert escaped.venue == "Venue 2024"
        assert escaped.extra == {"extra": "value"}
        big = next(p for p in papers if p.title == "Megabyte paragraph")
        assert len(big.abstract) > 900_000


def test_search_finds_cjk_emoji_and_the_megabyte_paragraph(hostile_home):
    with Library(hostile_home) as library:
        assert library.search("深度学习", complete_last=False).total >= 1
        assert library.search("megabyte", complete_last=False).total == 1
        assert library.search("paragraph without", complete_last=False).total >= 1
        found = library.search("[bold red]", complete_last=False)
        assert found.error is None or "query" in found.error


# -- the screen -------------------------------------------------------------------------------

def screen_lines(app) -> list[str]:
    """The whole composed screen, one string per terminal line, checked on the way."""
    width = app.size.width
    lines = []
    for strip in app.screen._compositor.render_strips():
        text = "".join(segment.text for segment in strip)
        assert not UNSAFE_ONE_LINE.search(text), repr(text)
        assert strip.cell_length == width, (strip.cell_length, text)
        lines.append(text)
    assert len(lines) == app.size.height
    return lines


async def test_app_shows_hostile_papers_literally_with_no_controls(hostile_home):
    async with running_app(hostile_home, size=(130, 40)) as (app, pilot):
        app.query_one("#search", Input).value = "list:hostile"
        await settle(app, pilot)
        await pilot.press("escape")
        view = results(app)
        assert view.count == 6
        shown = []
        for row in range(view.count):
            view.cursor = row
            await settle(app, pilot)
            screen = "\n".join(screen_lines(app))  # every line: no controls, full width
            shown.append(view.current.title)
            if view.current.title == MARKUP_TITLE:
                assert MARKUP_TITLE in screen  # the row shows the brackets themselves
                assert "[@click=app.quit]" in screen
                pane = pane_text(app)
                assert "[@click=app.quit]quit the app[/]" in pane
                assert "[link=https://evil.example]follow a link[/link]" in pane
                assert "[b]Bob[/b]" in pane and "[i]Conf[/i]" in pane
            if view.current.title == "Megabyte paragraph":
                pane = pane_text(app)  # laid out in part: a megabyte would stall the UI
                assert len(pane) > 20_000 and "more characters not shown" in pane
                assert len(app.library.paper(view.current.id).abstract) > 900_000
        assert MARKUP_TITLE in shown and "Megabyte paragraph" in shown
        assert any("深度学习" in title for title in shown)
        assert app.is_running  # nothing in the data quit the app


async def test_clicking_on_click_markup_in_data_triggers_nothing(hostile_home):
    async with running_app(hostile_home, size=(130, 40)) as (app, pilot):
        search = app.query_one("#search", Input)
        search.value = "quit the app"
        await settle(app, pilot)
        assert results(app).current.title == MARKUP_TITLE
        pane = app.query_one(AbstractPane)
        rows = pane.wrapped_lines
        first = next(row for row, line in enumerate(rows) if "quit the app" in line)
        for x in (2, 8, 14, 20, 30, 40):  # along the abstract's first lines
            for y in (first, first + 1):
                await pilot.click(pane, offset=(x + 2, y + 1))  # inside border, padding
        await settle(app, pilot)
        assert app.is_running and app.return_code is None
        assert results(app).current.title == MARKUP_TITLE


async def test_notification_status_and_palette_show_markup_literally(hostile_home, monkeypatch):
    async with running_app(hostile_home, size=(130, 40)) as (app, pilot):
        search = app.query_one("#search", Input)
        # (No word of it in the library: "foo" alone would list the paper that has it.)
        search.value = "[/zzqx] nothingmatchesthis \x1b[31m"
        await settle(app, pilot)
        # The query comes back in the list's "no papers match" and the status: cleaned.
        assert "[/zzqx]" in "\n".join(results(app).message_lines)
        assert not UNSAFE.search("\n".join(results(app).message_lines) + status_text(app))
        search.value = "quit the app"
        await settle(app, pilot)
        messages = record_notifications(monkeypatch)
        await tag_current(app, pilot, "[b]bold[/b]")
        assert any("#[b]bold[/b]" in m for m in messages), messages
        assert "[b]bold[/b]" in "\n".join(screen_lines(app))  # the toast, literally
        app.action_command_palette()
        await settle(app, pilot)
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await pilot.press(*"Markup title")
        # The palette searches its providers in workers: under load, later than 0.3 s.
        await wait_for(app, pilot, lambda: "Go to: [bold red]Markup title[/]" in
                       "\n".join(screen_lines(app)), seconds=10)
        palette.query_one(Input).value = "bold"
        await wait_for(app, pilot, lambda: "Show tag: #[b]bold[/b]" in
                       "\n".join(screen_lines(app)), seconds=10)
        assert app.is_running


async def test_pasting_escape_sequences_into_the_search_bar_sends_none(hostile_home):
    from textual import events

    async with running_app(hostile_home, size=(130, 40)) as (app, pilot):
        search = app.query_one("#search", Input)
        search.post_message(events.Paste("owpo \x1b]52;c;ZXZpbA==\x07\x1b[2J"))
        await settle(app, pilot)
        assert "owpo" in search.value
        screen_lines(app)


async def test_rows_stay_one_line_for_cjk_emoji_and_long_titles(hostile_home):
    async with running_app(hostile_home, size=(90, 30)) as (app, pilot):  # narrow layout
        app.query_one("#search", Input).value = "emoji"
        await settle(app, pilot)
        view = results(app)
        assert view.count >= 1
        for y in range(view.size.height):
            strip = view.render_line(y)
            text = "".join(segment.text for segment in strip)
            assert "\n" not in text and cell_len(text) == view.scrollable_content_region.width
        screen_lines(app)


# -- exports and the renderer -------------------------------------------------------------

@pytest.mark.parametrize("fmt", EXPORT_FORMATS)
def test_exports_of_hostile_papers_hold_no_controls(hostile_home, fmt):
    with Library(hostile_home) as library:
        papers = [p for p in hostile_papers(library) if p.title != "Megabyte paragraph"]
        text = export_text(papers, fmt, heading="[b]Reading[/b]")
        written = library.export(papers, fmt, hostile_home / f"out.{fmt}",
                                 heading="[b]Reading[/b] \x1b[31m", overwrite=True)
    for exported in (text, written.read_text(encoding="utf-8")):
        # CSV rows end in CRLF by the standard; nothing else may carry a control character.
        exported = exported.replace("\r\n", "\n") if fmt == "csv" else exported
        assert not UNSAFE.search(exported), repr(UNSAFE.search(exported))
    if fmt == "json":
        assert MARKUP_TITLE in {item["title"] for item in json.loads(text)}


CONTROL_HEAVY = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8"),
        st.sampled_from(list("\x1b\x07\x9b\x9c\x9d\x85\u202e\u2066\u200b\ufeff\u2028[]/@=$\\{}"
                             "^_%&#~*`\n\t\r")),
    ),
    max_size=300,
)


# What render() promises: no control character (Unicode Cc but newline), no bidi control,
# no invisible space. (Line/paragraph separators are not controls; the importer turns them
# into spaces, tested below.)
CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b\u202a-\u202e\u2066-\u2069\ufeff]")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CONTROL_HEAVY)
def test_render_never_raises_and_leaves_no_controls(source):
    rendered = render(source)
    assert not CONTROLS.search(rendered.text), repr(rendered.text)
    for span in rendered.spans:
        assert 0 <= span.start < span.end <= len(rendered.text)
    assert not any(UNSAFE_ONE_LINE.search(url) for url in rendered.urls)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=CONTROL_HEAVY, abstract=CONTROL_HEAVY, author=CONTROL_HEAVY, extra=CONTROL_HEAVY)
def test_prepared_records_hold_no_controls_and_one_line_fields(title, abstract, author, extra):
    paper = prepare(Record(abstract=abstract, title=title, authors=[author, "B"], venue=extra,
                           url=extra, extra={extra: [extra, {"k": extra}]}))
    for value in [paper.title or "", paper.name or "", paper.derived_title, paper.venue or "",
                  paper.url or "", *paper.authors]:
        assert not UNSAFE_ONE_LINE.search(value), repr(value)
    assert not UNSAFE.search(paper.abstract), repr(paper.abstract)
    for value in strings(paper.extra):
        assert not UNSAFE.search(value.replace("\t", " ")), repr(value)
    assert not UNSAFE.search(paper.abstract_source.replace("\t", " "))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200).map(lambda t: "\x1b]52;c;" + t + "\x07" + t))
def test_sanitize_removes_every_clipboard_write(text):
    assert "\x1b" not in sanitize(text) and "\x07" not in sanitize(text)


def test_render_handles_the_named_hard_cases():
    for source in [BIG, r"$\frac{a}{", r"\begin{equation} x^ {", "$$", "\\", "{" * 5000,
                   "$" * 3001, "深度学习 🤖 👩\u200d🔬", "a\u200bb", "\x1b[31m[bold]x[/]"]:
        rendered = render(source)
        assert not UNSAFE.search(rendered.text)
    assert render("[bold red]x[/]").text == "[bold red]x[/]"
