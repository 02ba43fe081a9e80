"""The launch path stays lean: opening the app imports nothing that only citing, copying,
a dialog, a browser or a settings change needs; this fails if one creeps back into the
imports. (That each still loads when used is covered by the tests of those features.)

Checked in a fresh interpreter, as `papers` starts: what `sys.modules` holds after the
command line and the app are imported and the parser is built.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from ..locations import REPO

# Loaded only where they are used.
LAZY = (
    "bibtexparser",  # index.citations: BibTeX output
    "pybtex",  # index.citations: splitting names
    "citeproc",  # index.citations: APA
    "importlib.metadata",  # tui.cli --version (and pybtex)
    "webbrowser",  # the "open link" key
    "pyperclip",  # copying
    "tomli_w",  # writing the settings file
    "tui.screens",  # the dialogs
    "sklearn",  # index.semantic: fitting the meaning space, in a worker after the paint
    "scipy",  # the same (and the topic map)
    "tui.trends",  # the trends screen
    "textual_plotext",  # its chart
    "plotext",
)

CHILD = textwrap.dedent("""
    import json
    import sys

    import tui.cli

    tui.cli.build_parser()
    import tui.app  # what `papers` with no command imports before the app runs

    print(json.dumps(sorted(sys.modules)))
""")


def _modules_after(code: str) -> set[str]:
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return set(json.loads(run.stdout))


def test_opening_the_app_imports_none_of_the_lazy_modules():
    loaded = _modules_after(CHILD)
    early = sorted(name for name in LAZY
                   if name in loaded or any(m.startswith(name + ".") for m in loaded))
    assert not early, f"imported before the app runs: {early}"

