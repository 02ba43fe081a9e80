"""Shared fixtures: every library lives in a temp dir, never in the user's real data dirs.

`home` points PAPERS_HOME at a fresh tmp_path; `library` opens a seeded, synced Library
there. `seeded_library` and `icml2023_library` are built once per session and are
read-only: tests that tag, edit, add or remove must use `library` instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

import index

from . import factories
from .locations import ICML2023, REPO, SEED_DIR, SEED_FILES

# Re-exported for test modules that import them from here; defined in tests/locations.py.
__all__ = ["ICML2023", "REPO", "SEED_DIR", "SEED_FILES"]


@pytest.fixture(autouse=True, scope="session")
def _no_real_user_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Even a test that forgets `home` must not write into the user's real directories."""
    saved = os.environ.get("PAPERS_HOME")
    os.environ["PAPERS_HOME"] = str(tmp_path_factory.mktemp("stray-home"))
    yield
    if saved is None:
        os.environ.pop("PAPERS_HOME", None)
    else:
        os.environ["PAPERS_HOME"] = saved


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty directory that PAPERS_HOME points at for this test."""
    root = tmp_path / "papers-home"
    root.mkdir()
    monkeypatch.setenv("PAPERS_HOME", str(root))
    return root


@pytest.fixture
def library(home: Path) -> Iterator[index.Library]:
    """A Library in `home`: the two bundled ICML 2026 lists seeded, the index built."""
    lib = index.Library(home)
    lib.sync()
    yield lib
    lib.close()


@pytest.fixture(scope="session")
def seeded_library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[index.Library]:
    """Like `library`, built once for the session. Read-only: search it, never change it."""
    lib = index.Library(tmp_path_factory.mktemp("seeded-home"))
    lib.sync()
    yield lib
    lib.close()


@pytest.fixture(scope="session")
def icml2023_path() -> Path:
    """The real ICML 2023 list (2,020 records) beside the checkout; skips when absent."""
    if not ICML2023.is_file():
        pytest.skip(f"the ICML 2023 corpus is not at {ICML2023} (../shared is absent)")
    return ICML2023


@pytest.fixture
def write_list(tmp_path: Path) -> Callable[..., Path]:
    """`write_list(name, abstracts, title=...)`: a plain list file in this test's tmp_path."""

    def write(name: str, abstracts: Iterable[str], *,
              title: str = factories.DEFAULT_TITLE) -> Path:
        return factories.write_list(tmp_path, name, abstracts, title=title)

    return write


@pytest.fixture(scope="session")
def icml2023_library(tmp_path_factory: pytest.TempPathFactory,
                     icml2023_path: Path) -> Iterator[index.Library]:
    """Only the ICML 2023 list (no seeds), imported once: several seconds. Read-only."""
    lib = index.Library(tmp_path_factory.mktemp("icml2023-home"), seed=False)
    lib.add(icml2023_path)
    yield lib
    lib.close()


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]):
    """Run `papers ARGS...` in this process: returns (exit status, stdout, stderr)."""
    from tui.cli import main

    def run(*args: object) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


@pytest.fixture(scope="session")
def _seeded_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("seeded-template")
    with index.Library(root) as lib:
        lib.sync()
    return root


@pytest.fixture
def seeded_home(home: Path, _seeded_template: Path) -> Path:
    """`home` holding a copy of a seeded, indexed library: like `library`, without the
    half second of seeding and indexing. The copy's list files are its own."""
    import shutil
    import sqlite3

    shutil.copytree(_seeded_template, home, dirs_exist_ok=True)
    db = sqlite3.connect(home / "data" / "library.sqlite3")
    with db:
        db.execute("UPDATE lists SET file = replace(file, ?, ?)",
                   (str(_seeded_template), str(home)))
    db.close()
    return home


@pytest.fixture
def copied_library(seeded_home: Path) -> Iterator[index.Library]:
    """Like `library` (seeded, indexed, in `home`), made from a copy: faster."""
    lib = index.Library(seeded_home)
    yield lib
    lib.close()
