"""`index` is the core: it never imports Textual, so scripts and the CLI can use it alone.

Checked twice, as Harlequin does: a fresh interpreter in which `textual` cannot be imported
imports and uses every index module, and a static scan of the sources.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap

from .locations import REPO

INDEX = REPO / "index"

CHILD = textwrap.dedent("""
    import importlib
    import importlib.abc
    import pkgutil
    import sys
    import tempfile
    from pathlib import Path

    class NoTextual(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "textual" or name.startswith("textual."):
                raise ImportError(f"textual is blocked in this test ({name})")
            return None

    sys.meta_path.insert(0, NoTextual())
    try:
        import textual  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the blocker did not block textual")

    import index
    import index.library
    import index.search.search_index

    imported = {"index"}
    for info in pkgutil.walk_packages(index.__path__, "index."):
        importlib.import_module(info.name)
        imported.add(info.name)

    # Use it too: lazily imported modules (citations, export) load on first call.
    from index import Library
    from index.output.citations import CITATION_FORMATS as FORMATS
    from index.output.export import EXPORT_FORMATS, export_text

    with Library(tempfile.mkdtemp()) as library:
        library.sync()
        results = library.search("policy optimiz")
        assert len(results) > 0
        papers = library.papers(results.ids()[:2])
        library.similar(papers[0].id)
        for fmt in FORMATS:
            assert library.cite(papers, fmt)
        for fmt in EXPORT_FORMATS:
            assert export_text(papers, fmt)

    # The command line's module stays cheap too: Textual loads only when the app opens.
    import tui.cli
    assert tui.cli.main(["index"]) == 0
    assert tui.cli.main(["search", "policy", "--json", "--limit", "2"]) == 0

    loaded = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
    assert not loaded, loaded
    print("\\n".join(sorted(imported)))
""")


def test_index_imports_and_works_without_textual(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO), "PAPERS_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    imported = set(done.stdout.split())
    on_disk = {"index"} | {
        ".".join(("index", *p.relative_to(INDEX).with_suffix("").parts)).removesuffix(".__init__")
        for p in INDEX.rglob("*.py")}
    assert on_disk <= imported  # every module was imported, none skipped


def test_no_textual_import_in_index_sources():
    offenders = []
    sources = sorted(INDEX.rglob("*.py"))
    assert len(sources) > 10
    for path in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            if any(n == "textual" or n.startswith("textual.") for n in names):
                offenders.append(f"{path.relative_to(REPO)}:{node.lineno}")
        text = path.read_text(encoding="utf-8")
        for needle in ("import textual", "from textual", 'import_module("textual'):
            if needle in text:
                offenders.append(f"{path.relative_to(REPO)}: {needle!r}")
    assert offenders == []
