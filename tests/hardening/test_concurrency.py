"""Concurrency: two processes on one library, and the app beside the CLI, lose nothing.

Both can search at once; tags written by both (200 each, interleaved) are all kept and
all found; an index rebuild in one never breaks a search running in the other (it keeps
reading the last good generation); the app keeps working while the CLI tags and rebuilds,
and each sees the other's tags.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual.widgets import Input

from index import Library
from index.store.list_import import import_list

from ..factories import generate_list
from ..locations import REPO
from ..on_disk import current_generation
from ..tui.helpers import results, running_app, settle, tag_current

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


@pytest.fixture
def library(copied_library):
    """The seeded library, copied from a template (faster than seeding each time)."""
    return copied_library


def spawn(home: Path, code: str, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PAPERS_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(process: subprocess.Popen, timeout: float = 240) -> str:
    out, err = process.communicate(timeout=timeout)
    assert process.returncode == 0, err[-3000:]
    assert "Traceback" not in err
    return out


TAGGER = """
import sys
from index import Library
prefix = sys.argv[1]
with Library() as library:
    ids = library.store.ids()
    for i in range(200):
        library.tag([ids[(i * 7) % len(ids)]], [f"{prefix}{i}"])
        if i % 50 == 0:
            assert library.search("policy", complete_last=False).total > 0
print("done")
"""


def test_two_processes_tagging_at_once_keep_every_tag(library, home):
    expected_ids = library.store.ids()
    library.close()
    first, second = spawn(home, TAGGER, "alpha"), spawn(home, TAGGER, "beta")
    assert finish(first).strip() == finish(second).strip() == "done"
    with Library(home) as again:
        report = again.sync()
        assert report.papers == 33
        tags = dict(again.tags())
        for prefix in ("alpha", "beta"):
            for i in range(200):
                assert tags[f"{prefix}{i}"] == 1
        for i in (0, 57, 199):
            pid = expected_ids[(i * 7) % 33]
            assert again.search(f"tag:alpha{i}").ids() == [pid]
            assert again.search(f"tag:beta{i}").ids() == [pid]
        # Every paper's indexed tags are exactly its stored ones (no update lost or stale).
        everything = again.search("*", limit=None)
        indexed = {card.id: sorted(card.tags) for card in everything.cards()}
        assert indexed == {p.id: sorted(p.tags) for p in again.store.papers()}
        assert again.index.doc_count() == again.store.count() == 33


SEARCHER = """
import json, sys, time
from pathlib import Path
from index import Library
stop = Path(sys.argv[1])
with Library() as library:
    library.sync()
    expected = library.search("bulkword", complete_last=False, limit=None).total
    times = []
    synced = time.time()
    while not stop.exists() or len(times) < 20:
        for query in ("bulkword", "bulkw", "policy bulkword", "*"):
            found = library.search(query, limit=None)
            if query in ("bulkword", "bulkw"):
                assert found.total == expected, (query, found.total, expected)
            assert len(found.ids()) == len(found)
            times.append(time.time())
        # Now and then (sync waits while the other process rebuilds; by count, a fast
        # search reached it within milliseconds of a rebuild starting):
        if time.time() - synced > 0.5:
            library.sync()  # may move to the other process's newest generation
            synced = time.time()
print(json.dumps({"expected": expected, "times": times}))
"""
REBUILDER = """
import json, time
from index import Library
with Library() as library:
    for _ in range(3):
        start = time.time()
        reason = library.rebuild().reason
        print(json.dumps([reason, start, time.time()]), flush=True)
"""


def test_a_rebuild_in_one_process_never_breaks_search_in_another(home, tmp_path):
    with Library(home) as library:
        import_list(library.store, library.where,
                    generate_list(tmp_path / "bulk.txt", 800, "bulkword"))
        library.rebuild()
    stop = tmp_path / "stop"
    searcher = spawn(home, SEARCHER, str(stop))
    time.sleep(1.0)  # searching before, during and after the rebuilds
    rebuilds = [json.loads(line) for line in finish(spawn(home, REBUILDER)).splitlines()]
    stop.write_text("")
    searched = json.loads(finish(searcher))
    assert [reason for reason, _, _ in rebuilds] == ["requested"] * 3
    assert searched["expected"] == 800
    during = [t for t in searched["times"] if any(a <= t <= b for _, a, b in rebuilds)]
    # All of them right while the other process rebuilt (sync waits out a rebuild, so
    # how many overlap one depends on when the searcher last synced).
    assert len(during) >= 3
    with Library(home) as library:
        assert library.sync().rebuilt is False
        assert library.index.doc_count() == library.store.count() == 833
        gens = [p for p in library.index.root.iterdir() if p.name.startswith("gen-")]
        assert gens == [current_generation(library.index.root)]  # the old ones were removed


def cli(home: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tui", *args], cwd=REPO, text=True,
                          env={**os.environ, "PAPERS_HOME": str(home)}, capture_output=True,
                          timeout=240)


async def test_the_app_and_the_cli_at_once(library, home):
    ids = library.store.ids()
    library.close()
    async with running_app(home) as (app, pilot):
        tagged = cli(home, "tag", ids[0], "fromcli")
        assert tagged.returncode == 0, tagged.stderr
        app.action_focus_results()
        if results(app).current.id == ids[0]:
            await pilot.press("down")  # a paper the CLI did not tag
        from_app = await tag_current(app, pilot, "fromapp")
        # The app's own write synced the index, catching up the CLI's tag on the way.
        search = app.query_one("#search", Input)
        search.value = "tag:fromcli"
        await settle(app, pilot)
        assert [results(app).results.card(i).id for i in range(results(app).count)] == [ids[0]]
        rebuild = subprocess.Popen([sys.executable, "-m", "tui", "index", "--rebuild"],
                                   cwd=REPO, env={**os.environ, "PAPERS_HOME": str(home)},
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        counts = []
        while rebuild.poll() is None or len(counts) < 5:  # searching during the rebuild
            search.value = "policy" if len(counts) % 2 else "learning"
            await settle(app, pilot)
            counts.append((search.value, results(app).count))
        assert rebuild.wait() == 0
        assert all(count > 0 for _, count in counts)
        assert len({count for query, count in counts if query == "policy"}) == 1
        found = cli(home, "search", "tag:fromapp", "--json")
        assert found.returncode == 0, found.stderr
        assert [json.loads(line)["id"] for line in found.stdout.splitlines()] == [from_app]
        await tag_current(app, pilot, "after")  # after the rebuild
        search.value = "tag:after"
        await settle(app, pilot)
        assert results(app).count == 1
        assert app.is_running
