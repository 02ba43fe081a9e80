"""index/store/rederive.py on a library of a conference: deriving again is shared by
worker processes where forking is safe, and done by a child process where it is not (an
app's threads), with the same names either way; a child can be stopped."""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest

import index
from index.ingest import prepare as preparing
from index.paths import locate
from index.store import rederive
from index.store.database import Store

from ..factories import write_list

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def stale_store(tmp_path_factory: pytest.TempPathFactory, icml2023_path: Path) -> Path:
    """ICML 2023's abstracts as a bare list, imported, then every derived name and title
    blanked and the stamp made an older derivation's."""
    folder = tmp_path_factory.mktemp("bare-icml2023")
    records = json.loads(icml2023_path.read_text(encoding="utf-8"))
    listed = write_list(folder, "bare", [r["abstract"] for r in records if r.get("abstract")])
    with index.Library(folder / "home", seed=False) as lib:
        lib.add_all([listed])
        with lib.store.transaction() as db:
            db.execute("UPDATE papers SET name = NULL, derived_title = ''")
        lib.store.set_meta(rederive.STAMP_KEY, "0:an older derivation")
    return locate(folder / "home").store_file


def _copy(store_file: Path, folder: Path) -> Store:
    folder.mkdir()
    shutil.copy(store_file, folder / store_file.name)
    return Store(folder / store_file.name)


def _names(store: Store) -> dict[str, tuple]:
    return {row[0]: row[1:] for row in store.read(
        "SELECT id, name, derived_title FROM papers ORDER BY id")}


@pytest.fixture(scope="module")
def derived_here(stale_store: Path, tmp_path_factory: pytest.TempPathFactory
                 ) -> dict[str, tuple]:
    """What one process deriving every paper itself stores (no workers)."""
    store = _copy(stale_store, tmp_path_factory.mktemp("here") / "data")
    original = preparing.worker_count
    preparing.worker_count = lambda count: 0
    try:
        changed = rederive.rederive(store)
    finally:
        preparing.worker_count = original
    names = _names(store)
    store.close()
    assert changed == len(names)  # every blanked paper took a name or title again
    return names


def test_workers_derive_what_one_process_derives(stale_store: Path, tmp_path: Path,
                                                 derived_here: dict[str, tuple]) -> None:
    store = _copy(stale_store, tmp_path / "data")
    try:
        if len(os.sched_getaffinity(0)) > 1:
            assert preparing.worker_count(len(derived_here)) >= 2  # in workers here
        seen: list[tuple[int, int]] = []
        assert rederive.rederive(store, lambda done, total: seen.append((done, total))) \
            == len(derived_here)
        assert _names(store) == derived_here
        assert not rederive.stale(store)
        assert seen[-1] == (len(derived_here), len(derived_here))
        assert sum(bool(name) for name, _title in derived_here.values()) > 100
    finally:
        store.close()


def test_a_process_with_threads_derives_in_a_child(stale_store: Path, tmp_path: Path,
                                                   derived_here: dict[str, tuple]) -> None:
    store = _copy(stale_store, tmp_path / "data")
    ready, done = threading.Event(), threading.Event()
    other = threading.Thread(target=lambda: (ready.set(), done.wait(60)))
    other.start()
    try:
        ready.wait(10)
        parent = os.getpid()
        seen: list[tuple[int, int, int]] = []
        changed = rederive.names_up_to_date(
            store, lambda d, t: seen.append((d, t, os.getpid())))
        assert changed == len(derived_here)
        assert _names(store) == derived_here
        assert not rederive.stale(store)
        # the progress the child reported, heard here, up to the whole
        assert seen[0][:2] == (0, len(derived_here))  # said before the lists are counted
        assert seen[-1][:2] == (len(derived_here), len(derived_here))
        assert {pid for *_counts, pid in seen} == {parent}
    finally:
        done.set()
        other.join()
        store.close()


def test_a_deriving_child_can_be_stopped_and_the_next_sync_goes_on(
        stale_store: Path, tmp_path: Path, derived_here: dict[str, tuple]) -> None:
    store = _copy(stale_store, tmp_path / "data")
    started = threading.Event()
    result: list[int] = []

    def derive() -> None:  # on a thread: this process has two, so a child derives
        result.append(rederive.names_up_to_date(
            store, lambda done, total: done and started.set()))  # a chunk written

    worker = threading.Thread(target=derive)
    worker.start()
    try:
        assert started.wait(120)
        rederive.stop_child()
        worker.join(60)
        assert not worker.is_alive() and result == [0]
        assert rederive.stale(store)  # cut short: the stamp waits for the last chunk
    finally:
        worker.join()
    written = sum(row != (None, "") for row in _names(store).values())
    assert 0 < written < len(derived_here)  # the chunks written before it was stopped
    assert rederive.names_up_to_date(store) == len(derived_here) - written
    assert _names(store) == derived_here
    store.close()
