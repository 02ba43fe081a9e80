"""Reading lists in the app: tagging, marks, the tag panel, copying, editing, exporting."""

from __future__ import annotations

import bibtexparser
import pyperclip
import pytest
from textual.widgets import Input, OptionList

from index import Library
from tui.screens import CiteScreen, ConfirmScreen, EditScreen, PathScreen, TagScreen
from tui.widgets.abstract import AbstractPane

from .helpers import pane_text, results, running_app, settle, status_text, titles, type_query

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def no_system_clipboard(monkeypatch):
    """As on a headless machine or over SSH: pyperclip finds no clipboard program."""

    def unavailable(text):
        raise pyperclip.PyperclipException("no clipboard mechanism")

    monkeypatch.setattr(pyperclip, "copy", unavailable)


async def tag_current(app, pilot, text: str) -> None:
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, TagScreen)
    await pilot.press(*text, "enter")
    await settle(app, pilot)


async def test_tag_prompt_adds_and_removes_tags(home):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "owpo")
        await pilot.press("escape")
        await tag_current(app, pilot, "rlhf to-read")
        card = results(app).current
        assert card.tags == ("rlhf", "to-read")
        assert "#rlhf" in pane_text(app)
        await tag_current(app, pilot, "-rlhf")
        assert results(app).current.tags == ("to-read",)
        assert app.library.tags() == [("to-read", 1)]


async def test_tag_prompt_completes_from_existing_tags(home):
    with Library(home) as library:
        first = library.search("owpo").card(0).id
        library.tag([first], ["reinforcement-learning"])
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "tracer")
        await pilot.press("escape", "t")
        await pilot.pause()
        await pilot.press(*"reinf")
        await pilot.pause(0.2)
        await pilot.press("right")  # accept the suggestion
        prompt = app.screen.query_one("#tag-input", Input)
        assert prompt.value == "reinforcement-learning"
        await pilot.press("enter")
        await settle(app, pilot)
        assert results(app).current.tags == ("reinforcement-learning",)


async def test_space_marks_papers_and_tagging_applies_to_all_marked(home):
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "space", "space", "space")
        view = results(app)
        assert len(view.marked) == 3
        assert "3 marked" in status_text(app)
        await tag_current(app, pilot, "batch")
        assert app.library.tags() == [("batch", 3)]
        await pilot.press("u")
        assert not view.marked


async def test_tag_panel_lists_counts_and_filters(home):
    with Library(home) as library:
        ids = [library.search("").card(i).id for i in range(3)]
        library.tag(ids, ["to-read"])
        library.tag(ids[:1], ["cite"])
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "T")
        await pilot.pause()
        panel = app.query_one("#tag-panel", OptionList)
        assert panel.display and panel.has_focus
        labels = [str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count)]
        assert labels[1:] == ["#to-read  3", "#cite  1"]
        await pilot.press("down", "enter")
        await settle(app, pilot)
        assert app.tag_filter == "to-read"
        assert results(app).count == 3
        assert "tag: #to-read" in status_text(app)
        await type_query(app, pilot, "tag:cite")
        assert results(app).count == 1


async def test_tags_persist_across_restarts(home):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "trifuse")
        await pilot.press("escape")
        await tag_current(app, pilot, "keep")
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "tag:keep")
        assert [c for c in titles(app)] and results(app).current.name == "Trifuse"


async def test_copy_citation_falls_back_to_the_terminal_clipboard(home, no_system_clipboard):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "owpo")
        await pilot.press("escape", "c")
        await pilot.pause()
        library = bibtexparser.parse_string(app.clipboard)
        assert [e.key for e in library.entries] == ["owpo2026"]
        note = app._notifications
        assert any("BibTeX" in n.message and "OSC 52" in n.message for n in note)


async def test_copy_uses_the_system_clipboard_when_there_is_one(home, monkeypatch):
    copied = []
    monkeypatch.setattr(pyperclip, "copy", copied.append)
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "owpo")
        await pilot.press("escape", "a")
        await pilot.pause()
        assert copied and copied[0].startswith("Reinforcement Learning with Verifiable Rewards")
        assert "**" not in copied[0] and "``" not in copied[0]
        assert any("system clipboard" in n.message for n in app._notifications)


async def test_cite_as_chooser_copies_the_chosen_format(home, no_system_clipboard):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "tracer")
        await pilot.press("escape", "C")
        await pilot.pause()
        assert isinstance(app.screen, CiteScreen)
        await pilot.press("down", "down", "enter")  # BibTeX, APA, Markdown
        await pilot.pause()
        assert app.clipboard.startswith("[TRACER")
        assert "https://github.com/HesamAsad/TRACER" in app.clipboard


async def test_copy_with_marks_copies_every_marked_paper(home, no_system_clipboard):
    async with running_app(home) as (app, pilot):
        await pilot.press("escape", "space", "space", "c")
        await pilot.pause()
        assert len(bibtexparser.parse_string(app.clipboard).entries) == 2


async def test_edit_sets_title_authors_and_url(home):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "owpo")
        await pilot.press("escape", "e")
        await pilot.pause()
        assert isinstance(app.screen, EditScreen)
        title = app.screen.query_one("#edit-title", Input)
        assert title.value == ""  # the derived title is not offered as the paper's own
        title.value = "One-Way Policy Optimization for RLVR"
        app.screen.query_one("#edit-authors", Input).value = "Ada Lovelace; Alan Turing"
        app.screen.query_one("#edit-url", Input).value = "https://example.org/owpo"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        paper = app.library.paper(results(app).current.id)
        assert paper.title == "One-Way Policy Optimization for RLVR"
        assert not paper.title_derived
        assert paper.authors == ["Ada Lovelace", "Alan Turing"]
        assert paper.url == "https://example.org/owpo"
        assert "Ada Lovelace" in pane_text(app)


async def test_export_from_the_palette_writes_and_asks_before_overwriting(home, tmp_path):
    with Library(home) as library:
        library.tag([library.search("owpo").card(0).id], ["thesis"])
    target = tmp_path / "thesis.md"
    async with running_app(home) as (app, pilot):
        app.export_tag("thesis", "markdown")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert "OWPO" in target.read_text()
        target.write_text("my notes")
        app.export_tag("thesis", "markdown")
        await pilot.pause()
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert target.read_text() == "my notes"


async def test_palette_offers_tag_filters_and_exports(home):
    with Library(home) as library:
        library.tag([library.search("owpo").card(0).id], ["[bold]x[/]"])
    async with running_app(home) as (app, _pilot):
        helps = {name: help_text for name, help_text, _callback in app.palette_commands()}
        assert "Show tag: #[bold]x[/]" in helps
        assert helps["Export #[bold]x[/] as bibtex"] == "writes a .bib file"
        assert "Cite" in helps and "Tag" in helps
        # A key's command says what the help screen says of it.
        assert helps["Sort"] == ("s · Cycle the sort: relevance, title, venue+year, year, "
                                 "first author, status, priority")


async def test_side_panels_are_mounted_when_first_shown_in_their_order(home):
    # Composed hidden at launch they cost the first frame; each comes when first wanted,
    # left of the results, the tags' before the topics' whichever came first.
    async with running_app(home) as (app, pilot):
        assert not app.query(OptionList)
        await pilot.press("escape", "ctrl+t")  # the topics' panel first
        await pilot.pause()
        await pilot.press("escape", "T")
        await pilot.pause()
        main = [child.id for child in app.query_one("#main").children]
        assert main == ["tag-panel", "topic-panel", "results", "abstract"]
        tags = app.query_one("#tag-panel", OptionList)
        assert tags.display and tags.has_focus
        await pilot.press("T")  # hidden again, kept
        await pilot.pause()
        assert not tags.display and app.query_one("#tag-panel") is tags
        assert results(app).has_focus


@pytest.mark.parametrize("key", ["T", "ctrl+t"])
async def test_the_abstract_pane_is_drawn_narrower_beside_a_side_panel(home, key):
    # Opening a panel narrows the pane, and Textual may send it no Resize for that: it
    # drew blank lines, its text wrapped for the old width, until the next paper.
    async with running_app(home) as (app, pilot):
        pane = app.query_one(AbstractPane)
        await settle(app, pilot)
        before = pane.scrollable_content_region.width
        first_words = pane.wrapped_lines[0].split()[:2]
        await pilot.press("escape", key)
        await settle(app, pilot)
        width = pane.scrollable_content_region.width
        assert width < before
        drawn = [strip.text for strip in pane.render_lines(pane.size.region)]
        assert " ".join(first_words) in drawn[1]  # under the pane's top border
        assert all(len(line) <= width for line in pane.wrapped_lines)
