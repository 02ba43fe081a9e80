"""The papers app (Textual) and command line; all data access goes through index.Library."""

import os

# The one place the version is written (pyproject.toml reads it): `papers --version`
# prints it without importlib.metadata, which took more than the interpreter's start-up.
__version__ = "0.1.0"

# Textual repaints at most MAX_FPS times a second, and results that arrive between two
# frames wait for the second: at its default 60, a keystroke's results, ready 5-7 ms
# after the key, reached the screen after 27-43 ms. At 120 they reach it after 18-23.
# Frames are drawn only when something changed, so an idle app costs nothing more.
# (Read by textual.constants on import: it must be set first. A user's own wins.)
os.environ.setdefault("TEXTUAL_FPS", "120")
