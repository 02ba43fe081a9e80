"""The launch path stays lean: opening the app imports nothing that only citing, copying,
a dialog, a browser or a settings change needs, and commands that never search (`papers
--version`, `lists`, `tag`, `untag`) load neither Whoosh nor numpy; this fails if one
creeps back into the imports. (That each still loads when used is covered by the tests
of those features.)

Checked in a fresh interpreter, as `papers` starts: what `sys.modules` holds after the
command line and the app are imported and the parser is built.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from index import Library

from ..locations import REPO

# Loaded only where they are used.
LAZY = (
    "bibtexparser",  # index.citations: BibTeX output
    "pybtex",  # index.citations: splitting names
    "citeproc",  # index.citations: APA
    "importlib.metadata",  # pybtex (the version is tui.__version__)
    "webbrowser",  # the "open link" key
    "pyperclip",  # copying
    "tomli_w",  # writing the settings file
    "tui.screens",  # the dialogs
    # Not used by papers at all any more (the meaning space is fitted with numpy); the
    # benchmarks' references use them, and they must not creep back onto the launch path.
    "sklearn",
    "scipy",
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



# Commands that never search: they must not load the search engine or the ranker.
ENGINE = ("whoosh", "numpy")

COMMAND_CHILD = textwrap.dedent("""
    import json
    import sys

    from tui.launch import main

    code = main(sys.argv[1:])
    sys.stdout.flush()
    print("\\nMODULES " + json.dumps(sorted(sys.modules)))
    sys.exit(code)
""")


def _modules_of_command(*args: str, home) -> set[str]:
    run = subprocess.run([sys.executable, "-c", COMMAND_CHILD, *args], cwd=REPO,
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PAPERS_HOME": str(home)})
    assert run.returncode == 0, run.stderr
    return set(json.loads(run.stdout.rsplit("MODULES ", 1)[1]))


def _engine_modules(loaded: set[str]) -> list[str]:
    return sorted(m for m in loaded if m.split(".")[0] in ENGINE)


def test_papers_version_imports_nothing_of_the_library(seeded_home):
    loaded = _modules_of_command("--version", home=seeded_home)
    assert not [m for m in loaded if m.split(".")[0] in ("index", "textual", *ENGINE)]


def test_papers_lists_and_tag_never_load_the_search_engine(seeded_home):
    with Library(seeded_home) as library:
        paper_id = library.search("policy").ids()[0]
    assert not _engine_modules(_modules_of_command("lists", home=seeded_home))
    assert not _engine_modules(_modules_of_command("tag", paper_id, "later", home=seeded_home))
    assert not _engine_modules(_modules_of_command("untag", paper_id, "later",
                                                   home=seeded_home))


def test_a_tag_from_the_command_line_is_searchable_next(seeded_home):
    """`papers tag` leaves the index to catch up: the next search does."""
    with Library(seeded_home) as library:
        paper_id = library.search("policy").ids()[0]
    subprocess.run([sys.executable, "-m", "tui", "tag", paper_id, "later"], cwd=REPO,
                   check=True, capture_output=True, env={**os.environ,
                                                         "PAPERS_HOME": str(seeded_home)})
    with Library(seeded_home) as library:
        library.sync()
        assert library.search("tag:later").ids() == [paper_id]


APP_CHILD = textwrap.dedent("""
    import json
    import sys

    from tui.opening import Opening

    opened = Opening(None).result()  # what `papers` does before Textual loads
    import tui.app

    print(json.dumps([opened.error, opened.page is not None, sorted(sys.modules)]))
""")


def test_the_app_opens_to_its_first_page_without_the_search_engine(seeded_home):
    """`papers` alone: the library opened, the first page read and the app imported,
    and neither Whoosh, numpy nor the list readers (pylatexenc) loaded; they load after
    the first paint."""
    run = subprocess.run([sys.executable, "-c", APP_CHILD], cwd=REPO, capture_output=True,
                         text=True, timeout=120, env={**os.environ,
                                                      "PAPERS_HOME": str(seeded_home)})
    assert run.returncode == 0, run.stderr
    error, page, loaded = json.loads(run.stdout)
    assert (error, page) == (None, True)
    assert not [m for m in loaded if m.split(".")[0] in (*ENGINE, "pylatexenc")]
    # Nor what only a sync, a settings file or a meaning fit needs (each a millisecond or
    # more of the first frame's imports): the names' stamp (hashlib, importlib.resources),
    # the TOML reader (no settings file here), ctypes (handing memory back after an index).
    assert not {"hashlib", "importlib.resources", "tomllib", "ctypes"} & set(loaded)


SEARCH_CHILD = textwrap.dedent("""
    import json
    import sys

    from index import Library

    library = Library()
    library.sync(meaning=False, keep_page=False)  # as the app opens it after its first paint
    assert len(library.search("policy"))
    print(json.dumps(sorted(sys.modules)))
""")


def test_the_first_search_loads_no_trends(seeded_home):
    """What the app's first live search waits for is the search package alone: the
    trends between lists (their tables, stop words and numpy) load when first asked."""
    run = subprocess.run([sys.executable, "-c", SEARCH_CHILD], cwd=REPO, capture_output=True,
                         text=True, timeout=120, env={**os.environ,
                                                      "PAPERS_HOME": str(seeded_home)})
    assert run.returncode == 0, run.stderr
    assert "index.search.trends" not in json.loads(run.stdout)


def test_papers_alone_or_with_a_data_dir_goes_straight_to_the_app():
    from tui.launch import _app_only

    assert _app_only([]) == (True, None)
    assert _app_only(["--data-dir", "lib"]) == (True, "lib")
    assert _app_only(["--data-dir=lib"]) == (True, "lib")
    # anything else is the command line's to parse (and to reject)
    for args in (["lists"], ["--data-dir"], ["--data-dir", "--help"], ["--data-dir="],
                 ["--data-dir", "lib", "lists"], ["--help"]):
        assert _app_only(args) == (False, None), args
