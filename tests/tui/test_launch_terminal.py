"""`papers` (the app) runs only in a terminal that can draw it: into a pipe or a file it
wrote escape codes there (`papers | less`, `papers > out.txt`), and under TERM=dumb
(Emacs's shell) it drew garbage. It now says why and what prints results instead."""

from __future__ import annotations

import os
import subprocess
import sys

from tui.launch import why_no_app

from ..locations import REPO


class _Stream:
    def __init__(self, terminal: bool) -> None:
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


def test_the_app_refuses_a_pipe_and_writes_no_escape_codes_into_it(home) -> None:
    run = subprocess.run([sys.executable, "-m", "tui"], cwd=REPO, stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PAPERS_HOME": str(home), "TERM": "xterm"})
    assert run.returncode == 1
    assert run.stdout == ""  # nothing drawn: not one escape code
    assert "needs a terminal" in run.stderr and "input and output are not one" in run.stderr
    assert "papers search QUERY" in run.stderr
    assert not any(home.iterdir())  # refused before the library was opened or created


def test_why_the_app_cannot_run() -> None:
    terminal, pipe = _Stream(True), _Stream(False)
    assert why_no_app(terminal, terminal, {"TERM": "xterm-256color"}) is None
    assert why_no_app(terminal, terminal, {}) is None
    assert "standard output is not one" in why_no_app(terminal, pipe, {"TERM": "xterm"})
    assert "standard input is not one" in why_no_app(pipe, terminal, {"TERM": "xterm"})
    assert "standard input is not one" in why_no_app(None, terminal, {"TERM": "xterm"})
    dumb = why_no_app(terminal, terminal, {"TERM": "dumb"})
    assert "TERM=dumb" in dumb and "papers search QUERY" in dumb
