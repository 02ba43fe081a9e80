"""Crashes: kill -9 during an import, an index rebuild or tag writes loses nothing committed.

Each test runs the work in a child process, kills it with SIGKILL at a point it can see
(a temporary copy appearing, a commit landing, a new index generation appearing, a tag
reported written), then starts again and proves: every list, id and tag committed before
the kill is there; the import is all or nothing; the index is repaired or rebuilt on its
own (search works, its document count matches the store, no stale files are left) and the
user is told when it was rebuilt; the locks a dead process held block nobody.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from whoosh import index as whoosh_index

from index import Library
from index.store.list_import import import_list

from ..factories import generate_list
from ..locations import REPO
from ..on_disk import current_generation

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

def child(home: Path, *args: str, code: str | None = None) -> subprocess.Popen:
    """`papers ARGS` (or a Python snippet) in its own process, on the library in `home`."""
    env = {**os.environ, "PAPERS_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "tui", *args]
    return subprocess.Popen(command, env=env, cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def wait_until(condition: Callable[[], bool], process: subprocess.Popen,
               guard: float = 120.0) -> None:
    """Poll for `condition` while the child runs (the guard only stops a hung test)."""
    deadline = time.monotonic() + guard
    while not condition():
        if process.poll() is not None:
            raise AssertionError(f"the child ended before the kill point: "
                                 f"{process.stderr.read()[-2000:]}")
        if time.monotonic() > deadline:
            process.kill()
            raise AssertionError("the kill point was never reached")
        time.sleep(0.005)


def kill9(process: subprocess.Popen) -> None:
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL  # it really died mid-way


def committed_lists(home: Path) -> list[str]:
    db = sqlite3.connect(f"file:{home / 'data' / 'library.sqlite3'}?mode=ro", uri=True)
    try:
        return [row[0] for row in db.execute("SELECT name FROM lists")]
    except sqlite3.OperationalError:
        return []
    finally:
        db.close()


def state(library: Library) -> dict:
    return {"lists": [(i.name, i.papers, i.file) for i in library.lists()],
            "ids": library.store.ids(),
            "tagged": {t: [p.id for p in library.tagged(t)] for t, _ in library.tags()}}


def assert_index_sound(library: Library) -> None:
    """Search works, the index holds exactly the store's papers, and no stray files."""
    assert library.index.doc_count() == library.store.count()
    assert library.search("policy", complete_last=False).total > 0
    everything = library.search("*", limit=None)
    indexed = {card.id: (card.title, sorted(card.tags)) for card in everything.cards()}
    assert indexed == {p.id: (p.title, sorted(p.tags)) for p in library.store.papers()}
    root = library.index.root
    generations = [p for p in root.iterdir() if p.name.startswith("gen-")]
    assert generations == [current_generation(root)]
    assert not [p for p in root.iterdir() if p.name.startswith("CURRENT.")]
    ix = whoosh_index.open_dir(str(generations[0]))
    toc = whoosh_index.TOC.read(ix.storage, ix.indexname)
    live = {segment.segment_id() for segment in toc.segments}
    for path in generations[0].iterdir():  # every file belongs to the live TOC
        if path.name in ("papers-meta.json", "MAIN_WRITELOCK", f"_MAIN_{toc.generation}.toc"):
            continue
        assert path.name.split(".")[0] in live, path.name
    writer = ix.writer(timeout=0.0)  # a dead writer's lock blocks nobody
    writer.cancel()


@pytest.fixture(scope="module")
def big_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Bundled lists plus 1,200 synthetic papers, indexed, tagged: copied per test."""
    home = tmp_path_factory.mktemp("big-home")
    with Library(home) as library:
        import_list(library.store, library.where,
                    generate_list(tmp_path_factory.mktemp("src") / "bulk.txt", 1200, "bulkword"))
        library.rebuild()
        ids = library.store.ids()
        library.tag(ids[:40], ["before"])
        library.tag(ids[::97], ["sparse"])
    return home


@pytest.fixture
def home_copy(big_home: Path, tmp_path: Path) -> Path:
    home = tmp_path / "home"
    shutil.copytree(big_home, home)
    return home


@pytest.mark.parametrize("kill_point", ["while writing the list", "while indexing it"])
def test_kill_during_import_loses_nothing_and_is_all_or_nothing(home_copy, tmp_path,
                                                                 kill_point):
    with Library(home_copy) as library:
        before = state(library)
    source = generate_list(tmp_path / "incoming.txt", 1500, "incomingword", seed=11)
    lists_dir = home_copy / "data" / "lists"
    process = child(home_copy, "add", str(source))
    if kill_point == "while writing the list":
        wait_until(lambda: any(p.name.startswith(f".incoming-{process.pid}-")
                               for p in lists_dir.iterdir()), process)
    else:
        wait_until(lambda: "incoming" in committed_lists(home_copy), process)
        time.sleep(0.3)  # well inside the 1,500-paper index update
    kill9(process)

    with Library(home_copy) as library:
        assert not list(lists_dir.glob(".incoming-*"))  # the dead import's temp copy: gone
        report = library.sync()
        after = state(library)
        names = [name for name, *_ in after["lists"]]
        if "incoming" in names:  # committed: all of it, and its copy in place
            assert after["lists"][:-1] == before["lists"]
            name, papers, copy = after["lists"][-1]
            assert (name, papers) == ("incoming", 1500) and Path(copy).is_file()
            assert library.search("incomingword", complete_last=False).total == 1500
        else:
            assert kill_point == "while writing the list"
            assert after["lists"] == before["lists"]
        assert set(before["ids"]) <= set(after["ids"])
        assert after["tagged"] == before["tagged"]
        assert report.papers == library.store.count()
        assert_index_sound(library)
        assert set(library.search("tag:before").ids()) == set(before["tagged"]["before"])


def test_kill_during_rebuild_is_cleaned_and_rebuilt_and_the_user_told(home_copy):
    with Library(home_copy) as library:
        before = state(library)
        old_generation = current_generation(library.index.root)
    root = home_copy / "cache" / "index"
    process = child(home_copy, "index", "--rebuild")
    wait_until(lambda: len([p for p in root.iterdir() if p.name.startswith("gen-")]) > 1,
               process)
    # At once: the array writer builds 1,200 papers' index in a few tenths of a second,
    # so the new generation is still being written only right after it appears.
    kill9(process)
    leftovers = [p for p in root.iterdir() if p.name.startswith("gen-") and p != old_generation]
    assert leftovers and not (leftovers[0] / "papers-meta.json").exists()
    assert (root / "CURRENT").read_text() == old_generation.name  # readers kept the old one

    done = subprocess.run([sys.executable, "-m", "tui", "search", "bulkword", "--limit", "3"],
                          env={**os.environ, "PAPERS_HOME": str(home_copy)}, cwd=REPO,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    assert "search index was rebuilt (the last index build was interrupted" in done.stderr
    assert "1,200 papers" in done.stderr or "of 1,200" in done.stderr
    with Library(home_copy) as library:
        assert state(library) == before
        assert library.sync().rebuilt is False  # repaired once
        assert_index_sound(library)
        assert not any(p.exists() for p in leftovers)


TAG_LOOP = """
from index import Library
with Library() as library:
    ids = library.store.ids()
    for i in range(100000):
        library.tag([ids[i % len(ids)]], [f"loop{i}"])
        print(i, ids[i % len(ids)], flush=True)
"""


def test_kill_during_tag_writes_keeps_every_committed_tag(home_copy):
    with Library(home_copy) as library:
        before = state(library)
    process = child(home_copy, code=TAG_LOOP)
    written: list[tuple[str, str]] = []
    while len(written) < 60:
        line = process.stdout.readline()
        assert line, process.stderr.read()[-2000:]
        number, pid = line.split()
        written.append((f"loop{number}", pid))
    kill9(process)
    with Library(home_copy) as library:
        library.sync()
        tags = dict(library.tags())
        for tag, pid in written:  # every tag the child saw committed is kept, and found
            assert tags.get(tag) == 1, tag
            assert library.search(f"tag:{tag}").ids() == [pid]
        extra = set(tags) - {t for t, _ in written} - set(before["tagged"])
        # Beyond those, only the ones the child committed before the kill reached it (it
        # runs ahead of the lines read here): the next numbers, none skipped, no others.
        assert all(tag.startswith("loop") for tag in extra)
        ahead = sorted(int(tag.removeprefix("loop")) for tag in extra)
        assert ahead == list(range(len(written), len(written) + len(ahead)))
        for tag, ids in before["tagged"].items():
            assert [p.id for p in library.tagged(tag)] == ids
        assert_index_sound(library)
