"""The command palette: its providers (every action, tag filters and exports, jump to a
paper) and the palette screen itself, guarded where Textual's trips."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.command import (
    CommandList,
    CommandPalette,
    DiscoveryHit,
    Hit,
    Hits,
    Matcher,
    Provider,
)
from textual.content import Content
from textual.markup import escape

if TYPE_CHECKING:
    from .app import PapersApp

JUMP_LIMIT = 12


class PapersCommandPalette(CommandPalette):
    """Textual's palette, with paging that survives a list changing under it.

    Its results list maps options to screen lines only while it has a size on screen; a
    PageUp while it had none (hidden between two updates as the commands stream in while
    the user types) read an empty map and crashed the app (`KeyError: 0` in
    `OptionList._move_page`). Then the page move goes to the first or last command.
    """

    def _action_command_list(self, action: str) -> None:
        if action not in ("page_up", "page_down"):
            super()._action_command_list(action)
            return
        try:
            super()._action_command_list(action)
        except KeyError:
            commands = self.query_one(CommandList)
            if action == "page_up":
                commands.action_first()
            else:
                commands.action_last()


def _highlight(matcher: Matcher, name: str) -> Content:
    """Like Matcher.highlight, but `name` (which may hold a user's tag) is never markup."""
    content = Content(name)
    _score, offsets = matcher.fuzzy_search.match(matcher.query, name)
    for offset in offsets:
        content = content.stylize("reverse", offset, offset + 1)
    return content


class ActionCommands(Provider):
    """The app's actions, plus one command per tag filter and per tag export."""

    @property
    def papers_app(self) -> PapersApp:
        return self.app  # type: ignore[return-value]

    async def discover(self) -> Hits:
        for name, help_text, callback in self.papers_app.palette_commands():
            yield DiscoveryHit(Content(name), callback, text=name, help=escape(help_text))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self.papers_app.palette_commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, _highlight(matcher, name), callback, text=name,
                          help=escape(help_text))


class JumpToMethod(Provider):
    """Type a method's name to go to the paper that introduces it, or to the papers
    that all call their method that."""

    @property
    def papers_app(self) -> PapersApp:
        return self.app  # type: ignore[return-value]

    async def search(self, query: str) -> Hits:
        library = self.papers_app.library
        wanted = query.strip().casefold()
        if library is None or len(wanted) < 2:
            return
        names = await asyncio.to_thread(library.method_names)
        matcher = self.matcher(query)
        # A substring test first: the fuzzy matcher is too slow for thousands of names.
        found = [(name, ids) for name, ids in names if wanted in name.casefold()]
        scored = sorted(((matcher.match(name) + (name.casefold() == wanted), name, ids)
                         for name, ids in found), key=lambda hit: -hit[0])
        for score, name, ids in scored[:JUMP_LIMIT]:
            label = Text("Method: ")
            label.append(name)
            if len(ids) == 1:
                callback = partial(self.papers_app.jump_to_paper, ids[0])
                help_text = "the paper that introduces it"
            else:
                callback = partial(self.papers_app.show_named, name)
                help_text = f"{len(ids)} papers call their method {name}"
            yield Hit(score, label, callback, text=f"Method: {name}", help=escape(help_text))


class JumpToPaper(Provider):
    """Type part of a title or a method's name to jump to that paper."""

    @property
    def papers_app(self) -> PapersApp:
        return self.app  # type: ignore[return-value]

    async def search(self, query: str) -> Hits:
        library = self.papers_app.library
        if library is None or len(query.strip()) < 2:
            return
        results = await asyncio.to_thread(library.search, query, limit=JUMP_LIMIT)
        for position in range(min(JUMP_LIMIT, len(results))):
            card = results.card(position)
            label = Text("Go to: ")
            label.append(card.title + (f" ({card.name})" if card.name else ""))
            yield Hit(1.0 - position / 100, label,
                      partial(self.papers_app.jump_to_paper, card.id),
                      text=card.title, help=escape(card.venue_year))
