"""A footer that is built again only when the keys it shows change.

Textual's Footer removes and mounts all its key widgets (a dozen here) whenever the
screen says its bindings were updated, changed or not: three times while the app opens
(focus, keymap, screen), each a restyle and a layout of the screen, 30-40 ms of the UI
thread in all, right when the first keystroke is typed. Here a notice that leaves every
key as it was (built, or about to be) is let go; any other (a focus that shows other keys, a keymap, a
disabled action) rebuilds the footer as Footer does.

The first notice (the search bar taking the focus, as the app mounts) builds the keys
at once, not after the next refresh as Footer does: that refresh is the first frame,
and the keys came a few frames later with a layout of the screen of their own, right
when a key typed at the first paint was answered (its settled screen waited for them:
30-40 ms of the first key's 65-120 ms in tmux). Now they go out with the first results.
Only what Footer shows is compared (the shown bindings and the command palette's).
"""

from __future__ import annotations

import threading

from textual.screen import Screen
from textual.widgets import Footer


class SteadyFooter(Footer):
    _shown: tuple | None = None  # what the keys were last built from

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Set once the keys are first drawn (once the screen says which bindings are
        # active, a frame or two after the app's first): the app's engine loading waits
        # for it rather than slow the footer down.
        self.drawn = threading.Event()

    def _keys(self, screen: Screen) -> tuple:
        """Everything Footer.compose builds its keys from: the shown bindings, and the
        command palette's."""
        app = screen.app
        return (self.compact, self.show_command_palette, app.ENABLE_COMMAND_PALETTE,
                app.COMMAND_PALETTE_BINDING,
                tuple((key, app.get_key_display(binding), binding.description,
                       binding.action, binding.show, binding.group, enabled, tooltip,
                       binding.tooltip)
                      for key, (_node, binding, enabled, tooltip)
                      in screen.active_bindings.items()
                      if binding.show or key == app.COMMAND_PALETTE_BINDING))

    def compose(self):
        if self._bindings_ready:
            self._shown = self._keys(self.screen)
            self.call_after_refresh(self.drawn.set)
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if screen is self.screen and screen.app.app_focus and self.is_attached:
            keys = self._keys(screen)
            if keys == self._shown:
                return  # the same keys, built or about to be: nothing to build again
            # (A rebuild is on its way: the same notice again waits for it.)
            first, self._shown = self._shown is None, keys
            if first:
                self._bindings_ready = True
                self.call_next(self.recompose)
                return
        super().bindings_changed(screen)
