"""Copying text: the system clipboard through pyperclip, else the terminal's (OSC 52).

Over SSH or on a headless machine pyperclip finds no clipboard program; OSC 52 then asks
the terminal itself to set the clipboard, which works in most modern terminals and tmux.
"""

from __future__ import annotations

from collections.abc import Callable

from index import sanitize

SYSTEM = "system clipboard"
TERMINAL = "terminal clipboard (OSC 52; no system clipboard found)"


def copy_text(text: str, terminal_copy: Callable[[str], None]) -> str:
    """Copy `text`; returns where it went. Never raises for a missing clipboard."""
    text = sanitize(text)  # nothing that reaches a clipboard may carry escape sequences
    import pyperclip  # loads ctypes: kept off the app's start-up

    try:
        pyperclip.copy(text)
        return SYSTEM
    except Exception:  # noqa: BLE001 - pyperclip raises its own and OS errors
        terminal_copy(text)
        return TERMINAL
