"""A full disk: a clear error, the library left where it is and whole, nothing called
damaged that SQLite can open and check (issue #16, items 2 and 5).

Runs on a real 20 MB tmpfs mounted inside the test's temp dir (root only; skipped with
the reason otherwise), unmounted whatever happens.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from .conftest import remount


@pytest.fixture
def small_disk(tmpfs) -> Path:
    return tmpfs("20m")


def _grow(mount: Path) -> None:
    remount(mount, "size=400m")


def test_a_full_disk_is_said_and_the_library_stays_whole(small_disk, run_cli, monkeypatch,
                                                        icml2023_path, tmp_path):
    home = small_disk / "home"
    monkeypatch.setenv("PAPERS_HOME", str(home))
    code, out, err = run_cli("add", icml2023_path)
    assert code == 0, err  # the list itself fits: it is saved
    assert "1,865 new" in out
    assert "the search index could not be brought up to date" in err
    # a second big list does not fit: refused whole, and said so
    second = tmp_path / "more.json"
    records = json.loads(icml2023_path.read_text())
    for record in records:
        record["abstract"] = "Revisited: " + record["abstract"]
        record["year"] = 2024
    second.write_text(json.dumps(records))
    code, _out, err = run_cli("add", second)
    assert code == 1
    assert "the disk is full" in err and "was not added" in err
    assert "no transaction is active" not in err and "another papers process" not in err
    # every later command still opens the same library: nothing moved aside
    for _attempt in range(3):
        code, out, err = run_cli("lists", "--json")
        assert code == 0, err
        assert [json.loads(line)["name"] for line in out.splitlines()][-1] == "icml2023"
    data = home / "data"
    assert not list(data.glob("*.damaged-*"))
    db = sqlite3.connect(data / "library.sqlite3")
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert db.execute("SELECT COUNT(*) FROM papers").fetchone()[0] == 33 + 1865
    db.close()
    # once there is room, the index catches up by itself and nothing is said of damage
    _grow(small_disk)
    code, out, err = run_cli("search", "graph neural networks", "--json", "--limit", "50")
    assert code == 0 and "damaged" not in err and "disk is full" not in err
    assert len(out.splitlines()) == 50


def test_a_fresh_library_that_cannot_be_written_leaves_no_empty_file(small_disk, run_cli,
                                                                    monkeypatch):
    home = small_disk / "home"
    (home / "data").mkdir(parents=True)
    filler = small_disk / "filler"
    with filler.open("wb") as handle, pytest.raises(OSError):
        while True:
            handle.write(b"\0" * (1 << 20))
            handle.flush()
    monkeypatch.setenv("PAPERS_HOME", str(home))
    for _attempt in range(3):
        code, _out, err = run_cli("lists")
        assert code == 1 and "disk is full" in err
    assert not (home / "data" / "library.sqlite3").exists()
    assert not list((home / "data").glob("*.damaged-*"))
    filler.unlink()
    code, out, err = run_cli("lists")
    assert code == 0 and "icml2026_papers" in out and "damaged" not in err


def test_a_meaning_build_on_a_full_disk_is_a_warning_in_its_child_too(small_disk):
    """The meaning space is built in a child process beside the index: a full disk there
    is said as in this process (similar papers and topics stay as they were), and the
    library and its index are unaffected."""
    from index import DiskFull, Library

    home = small_disk / "home"
    with Library(home) as library:
        library.sync(meaning=False)
        assert library.meaning_behind()
        filler = small_disk / "filler"
        with filler.open("wb") as out, pytest.raises(OSError):
            while True:
                out.write(b"\0" * (1 << 20))
                out.flush()
        with pytest.raises(DiskFull):
            library.update_meaning(separate=True)
        report = library.sync()
        assert not report.stale
        assert "similar papers and topics could not be brought up to date" in \
            library.index_warning
        assert library.meaning_behind()
        assert library.search("learning").total > 0
        filler.unlink()
        library.sync()
        assert not library.meaning_behind() and library.index_warning is None
