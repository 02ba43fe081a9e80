"""A library on read-only media: reading works, saving says why not (issue #16, item 18).

The library is built on a tmpfs inside the test's temp dir, which is then remounted
read-only: even root cannot write there (root only; skipped otherwise), unmounted
whatever happens.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from index.store.database import Store

from .conftest import remount


@pytest.fixture
def read_only_home(tmpfs, run_cli, monkeypatch) -> Path:
    mount = tmpfs("50m")
    home = mount / "home"
    monkeypatch.setenv("PAPERS_HOME", str(home))
    code, _out, err = run_cli("tag", _first_id(run_cli), "kept")
    assert code == 0, err
    remount(mount, "ro")
    return home


def _first_id(run_cli) -> str:
    code, out, err = run_cli("search", "policy", "--json", "--limit", "1")
    assert code == 0, err
    return json.loads(out.splitlines()[0])["id"]


def test_reading_works_and_says_once_that_nothing_can_be_saved(read_only_home, run_cli):
    code, out, err = run_cli("lists")
    assert code == 0 and "icml2026_papers" in out
    [notice] = [line for line in err.splitlines() if not line.startswith("library:")]
    assert "read-only" in notice and "cannot be saved" in notice
    code, out, err = run_cli("search", "policy", "--json", "--limit", "3")
    assert code == 0 and len(out.splitlines()) == 3
    pid = json.loads(out.splitlines()[0])["id"]
    code, out, _err = run_cli("show", pid, "--json")
    assert code == 0 and json.loads(out)["id"] == pid
    code, out, _err = run_cli("tags", "--json")
    assert code == 0 and json.loads(out) == [{"tag": "kept", "count": 1}]


def test_changes_are_refused_with_the_reason(read_only_home, run_cli, tmp_path):
    pid = _first_id(run_cli)
    for args in (["tag", pid, "new"], ["edit", pid, "--title", "Mine"],
                 ["remove", "icml2026_papers"]):
        code, _out, err = run_cli(*args)
        assert code == 1, args
        assert "is read-only" in err and "cannot be saved" in err.splitlines()[-1], args
        assert "busy" not in err
    listing = tmp_path / "more.txt"
    listing.write_text("ICML 2025 Papers\n\nWe propose a method for reading papers on "
                       "read-only media and show that it never writes a byte.\n")
    code, _out, err = run_cli("add", listing)
    assert code == 1 and "a list cannot be saved" in err


def test_a_read_only_database_is_not_blamed_on_another_process(seeded_home, run_cli,
                                                              monkeypatch):
    def read_only(*_args, **_kwargs):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(Store, "tag", read_only)
    code, _out, err = run_cli("tag", _first_id(run_cli), "x")
    assert code == 1 and "readonly database" in err and "busy" not in err
