"""Corrupt state: a damaged index is rebuilt; a damaged library file is kept aside, never lost.

Index: garbage in segment files, a missing or garbage CURRENT, CURRENT naming a missing
generation or a path outside, a meta file from another schema or unreadable, an unfinished
generation: each is rebuilt on the next start, and the CLI says so and why.

Library file: garbage, truncation (to half, to 100 bytes, to nothing), a bad header, a
damaged page. It is moved aside unchanged (with its -wal/-shm) as
`library.sqlite3.damaged-…`, a fresh library starts with the bundled lists, the CLI and the
app say where the file went and how to recover, and `papers recover FILE` brings back the
lists, tags and edits it still holds.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from index import Library
from index.search.search_index import SCHEMA_VERSION
from index.store.database import damage

from ..on_disk import current_generation, index_root
from ..tui.helpers import record_notifications, results, running_app, settle, status_text

pytestmark = pytest.mark.timeout(120)

MINE = ["We introduce Zorblax, a method for counting sheep in latent space without sleeping.",
        "We present Quillion, a benchmark of handwritten equations that no model can read."]


@pytest.fixture
def library(copied_library):
    """The seeded library, copied from a template (faster than seeding each time)."""
    return copied_library


def _garbage_segments(home: Path) -> None:
    for path in current_generation(index_root(home)).glob("*.seg"):
        path.write_bytes(b"\x00garbage\xff" * 50)


def _no_toc(home: Path) -> None:
    for path in current_generation(index_root(home)).glob("*.toc"):
        path.unlink()


def _meta(home: Path, value) -> None:
    (current_generation(index_root(home)) / "papers-meta.json").write_text(
        value if isinstance(value, str) else json.dumps(value))


def _meta_update(home: Path, **changes) -> None:
    path = current_generation(index_root(home)) / "papers-meta.json"
    _meta(home, {**json.loads(path.read_text()), **changes})


INDEX_DAMAGE = {
    "garbage in segment files": _garbage_segments,
    "TOC deleted": _no_toc,
    "CURRENT missing": lambda home: (index_root(home) / "CURRENT").unlink(),
    "CURRENT names a missing generation": lambda home: (index_root(home) / "CURRENT")
    .write_text("gen-20990101000000-deadbeef"),
    "CURRENT is garbage bytes": lambda home: (index_root(home) / "CURRENT")
    .write_bytes(b"\xff\xfe\x00garbage"),
    "CURRENT points outside": lambda home: (index_root(home) / "CURRENT")
    .write_text("../../data"),
    "meta from another schema": lambda home: _meta_update(home, schema=SCHEMA_VERSION + 1),
    "meta not JSON": lambda home: _meta(home, "{not json"),
    "meta a list": lambda home: _meta(home, [1, 2]),
    "seq garbage": lambda home: _meta_update(home, seq="many"),
    "another library's index": lambda home: _meta_update(home, store="0" * 32),
    "generation emptied": lambda home: [p.unlink() for p in current_generation(index_root(home)).iterdir()],
}


@pytest.mark.parametrize("name", sorted(INDEX_DAMAGE))
def test_damaged_index_is_rebuilt_and_the_user_told(library, home, run_cli, name):
    expected = library.search("policy", complete_last=False).ids()
    library.tag(expected[:2], ["keep"])
    library.close()
    INDEX_DAMAGE[name](home)
    code, out, err = run_cli("search", "policy", "--json")
    assert code == 0
    assert "search index was rebuilt (" in err and err.count("\n") == 1, err
    assert [json.loads(line)["id"] for line in out.splitlines()][:len(expected)] == expected
    with Library(home) as again:
        assert again.sync().indexed == 0  # repaired once, then nothing to do
        assert again.index.doc_count() == again.store.count() == 33
        assert set(again.search("tag:keep").ids()) == set(expected[:2])
        assert (index_root(home) / "CURRENT").read_text().startswith("gen-")
    assert (home / "data").is_dir() and (home / "data" / "library.sqlite3").is_file()


def test_an_unfinished_generation_is_removed_and_the_index_rebuilt(library, home):
    library.close()
    leftover = index_root(home) / "gen-20990101000000-cafebabe"
    shutil.copytree(current_generation(index_root(home)), leftover)
    (leftover / "papers-meta.json").unlink()  # a build that never finished
    (index_root(home) / "CURRENT.0123abcd").write_text("gen-half")  # a pointer never swapped
    with Library(home) as again:
        report = again.sync()
        assert report.rebuilt and "interrupted" in report.reason
        assert not leftover.exists() and not (index_root(home) / "CURRENT.0123abcd").exists()
        assert sorted(p.name for p in index_root(home).iterdir() if p.name.startswith("gen-")) \
            == [current_generation(again.index.root).name]
        assert again.sync().rebuilt is False


def test_an_old_complete_generation_is_removed_without_a_rebuild(library, home):
    library.close()
    old = index_root(home) / "gen-19990101000000-0ld0ld00"
    shutil.copytree(current_generation(index_root(home)), old)  # complete: it has its meta file
    with Library(home) as again:
        assert again.sync().rebuilt is False
        assert not old.exists()


def test_edits_update_the_index_in_place_and_tags_not_at_all(library):
    """A regression guard: one edit re-indexes one paper (it once rebuilt everything); a
    tag re-indexes none (tags are filtered by from the store)."""
    pid = library.store.ids()[0]
    library.store.tag([pid], ["once"])
    report = library.sync()
    assert (report.rebuilt, report.indexed) == (False, 0)
    assert library.search("tag:once").ids() == [pid]
    library.store.edit(pid, title="Once edited")
    report = library.sync()
    assert (report.rebuilt, report.indexed) == (False, 1)
    assert library.index.doc_count() == 33


# -- the library file ----------------------------------------------------------------------

def _page_of(path: Path, name: str) -> tuple[int, int]:
    db = sqlite3.connect(path)
    try:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name=?", (name,)).fetchone()
    finally:
        db.close()
    return (root[0] - 1) * page_size, page_size


def _damage_page(path: Path, name: str) -> None:
    offset, size = _page_of(path, name)
    with path.open("r+b") as handle:
        handle.seek(offset)
        handle.write(b"\xa5" * size)


STORE_DAMAGE = {
    "garbage": lambda path: path.write_bytes(os.urandom(path.stat().st_size)),
    "truncated to half": lambda path: os.truncate(path, path.stat().st_size // 2),
    "truncated to 100 bytes": lambda path: os.truncate(path, 100),
    "empty": lambda path: os.truncate(path, 0),
    "bad header": lambda path: path.write_bytes(b"NOT A DATABASE!!" + path.read_bytes()[16:]),
    "damaged index page": lambda path: _damage_page(path, "tags_tag"),
}
# Where every table is still readable, recovery brings everything back.
FULLY_RECOVERABLE = {"bad header", "damaged index page"}


@pytest.fixture
def used_library(library: Library, home: Path, write_list) -> dict:
    """A library with a user list, tags (on seed and user papers) and an edit; closed."""
    source = write_list("mine.txt", MINE)
    library.add(source)
    source.unlink()  # only the library's own copy is left
    ids = {p.abstract[:20]: p.id for p in library.store.papers()}
    zorblax = ids[MINE[0][:20]]
    seed_ids = library.store.ids()[:2]
    library.tag([zorblax, *seed_ids], ["keep"])
    library.tag([seed_ids[0]], ["later"])
    library.edit(seed_ids[1], title="My Own Title", authors=["Ada Lovelace"])
    state = {"zorblax": zorblax, "seeds": seed_ids, "tags": library.tags(),
             "count": library.count(), "lists": [i.name for i in library.lists()]}
    library.close()
    return state


def _aside(home: Path) -> Path:
    (found,) = [p for p in (home / "data").iterdir()
                if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    return found


@pytest.mark.parametrize("name", sorted(STORE_DAMAGE))
def test_damaged_library_file_is_kept_aside_and_recovered(used_library, home, run_cli, name):
    store = home / "data" / "library.sqlite3"
    STORE_DAMAGE[name](store)
    damaged_bytes = hashlib.sha256(store.read_bytes()).hexdigest()
    assert damage(store)
    Path(f"{store}-wal").write_bytes(b"")  # as a crashed process may leave them
    Path(f"{store}-shm").write_bytes(b"shm")

    code, out, err = run_cli("lists")
    assert code == 0
    aside = _aside(home)
    assert hashlib.sha256(aside.read_bytes()).hexdigest() == damaged_bytes  # untouched
    # Moved along (the -shm is SQLite's scratch index of the -wal: it may rewrite it).
    assert Path(f"{aside}-wal").is_file() and Path(f"{aside}-shm").is_file()
    assert "damaged" in err and str(aside) in err and f"papers recover {aside}" in err
    # said once (the other line is `lists`' own: the library's progress)
    assert [line for line in err.splitlines() if not line.startswith("library: ")] == \
        [err.splitlines()[0]]
    with Library(home) as fresh:  # a fresh library with the bundled lists, nothing else
        assert fresh.count() == 33 and fresh.tags() == [] and len(fresh.lists()) == 2
        assert fresh.notices == []  # told once: the fresh file is sound

    code, out, err = run_cli("recover", aside)
    assert code == 0, err
    assert out.startswith(f"Recovered from {aside}:") and "'mine'" in out
    assert hashlib.sha256(aside.read_bytes()).hexdigest() == damaged_bytes  # still untouched
    with Library(home) as recovered:
        assert recovered.count() == used_library["count"]
        assert "mine" in [i.name for i in recovered.lists()]
        assert recovered.search("zorblax", complete_last=False).ids() == \
            [used_library["zorblax"]]
        assert recovered.index.doc_count() == recovered.count()
        if name in FULLY_RECOVERABLE:
            assert recovered.tags() == used_library["tags"]
            assert set(recovered.search("tag:keep").ids()) == {
                used_library["zorblax"], *used_library["seeds"]}
            edited = recovered.paper(used_library["seeds"][1])
            assert (edited.title, edited.authors) == ("My Own Title", ["Ada Lovelace"])
            assert "3 tags" not in out and "4 tags, 1 edits" in out


def test_recovering_twice_adds_nothing_new(used_library, home, run_cli):
    store = home / "data" / "library.sqlite3"
    STORE_DAMAGE["bad header"](store)
    run_cli("lists")
    aside = _aside(home)
    assert run_cli("recover", aside)[0] == 0
    code, out, _ = run_cli("recover", aside)
    assert code == 0 and "0 tags, 0 edits" in out and "already in the library" in out
    with Library(home) as again:
        assert again.count() == used_library["count"]


def test_recover_refuses_the_live_library_and_missing_files(library, home, run_cli):
    code, _, err = run_cli("recover", home / "data" / "library.sqlite3")
    assert code == 1 and "in use" in err and err.count("\n") == 1
    code, _, err = run_cli("recover", home / "nope.sqlite3")
    assert code == 1 and "no such file" in err


def test_a_locked_library_is_not_mistaken_for_a_damaged_one(library, home):
    """Another process writing (a held write lock) is busy, not damage: never moved aside."""
    blocker = sqlite3.connect(home / "data" / "library.sqlite3", isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        assert damage(home / "data" / "library.sqlite3") is None
        with Library(home) as second:
            assert second.notices == [] and second.count() == 33
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert not [p for p in (home / "data").iterdir() if ".damaged-" in p.name]


async def test_the_app_says_the_library_file_was_damaged_and_how_to_recover(used_library,
                                                                              home, monkeypatch):
    store = home / "data" / "library.sqlite3"
    STORE_DAMAGE["garbage"](store)
    notified = record_notifications(monkeypatch)
    async with running_app(home) as (app, pilot):
        aside = _aside(home)
        assert any(f"papers recover {aside}" in message for message in notified)
        assert str(aside) in status_text(app) and "recover" in status_text(app)
        message = "\n".join(results(app).message_lines)
        assert "damaged" in message and f"papers recover {aside}" in message
        app.query_one("#search").value = "policy"  # the fresh library is usable at once
        await settle(app, pilot)
        assert results(app).count > 0
