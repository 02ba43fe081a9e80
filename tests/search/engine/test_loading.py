"""The search engine loaded a module a step (index/search/loading.py): the steps load
everything the app's opening sync and first search import, so none of it is left for
one long import that a keystroke would wait for."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.locations import REPO

CHILD = """
import json, sys
from index import Library
library = Library()
import tui.app  # what the app has loaded when the first page is drawn
library.first_page("relevance"); library.reading_states(); library.topics()
steps = list(library.engine_steps())
loaded = set(sys.modules)
library.sync(meaning=False, keep_page=False, names=False)  # as the app opens
library.reading_states(); library.saved_searches(); library.topics()
library.search("d")
print(json.dumps({"steps": steps, "after": sorted(set(sys.modules) - loaded)}))
"""


def test_the_steps_load_what_opening_and_the_first_search_import(seeded_home):
    run = subprocess.run([sys.executable, "-c", CHILD], cwd=REPO, capture_output=True,
                         text=True, env={**os.environ, "PAPERS_HOME": str(seeded_home)},
                         check=True)
    found = json.loads(run.stdout)
    assert "whoosh.index" in found["steps"] and "index.search.search_index" in found["steps"]
    assert found["after"] == []  # a module the list misses: add it, in its place
