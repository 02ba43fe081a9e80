"""A sync builds the meaning space while it writes the search index (library.py,
`_MeaningBeside`): in a child process running during the index write, giving the very
index and meaning space that building them one after the other gives."""

from __future__ import annotations

import json
import resource
import time
from pathlib import Path

import numpy as np
import pytest

from index import Library

QUERIES = ["", "learning", "graph neural networks", "diffusion model", "robust -image",
           '"language models"', "title:transformer", "has:code"]
SPACE_ARRAYS = ("vectors.npy", "hashes.npy", "assignment.npy", "centroids.npy")
SPACE_FILES = ("ids.json", "topics.json")


def _generation(home: Path) -> Path:
    root = home / "cache" / "meaning"
    return root / (root / "CURRENT").read_text(encoding="utf-8").strip()


def _searched(library: Library) -> dict[str, list]:
    """Every query's paper ids, scores and cards."""
    found = {}
    for query in QUERIES:
        results = library.search(query)
        found[query] = [library.ids_of(results), list(results.scores),
                        results.cards(0, len(results.docnums))]
    return found


def _space(home: Path) -> dict[str, object]:
    folder = _generation(home)
    space: dict[str, object] = {name: np.load(folder / name) for name in SPACE_ARRAYS}
    space.update({name: json.loads((folder / name).read_text(encoding="utf-8"))
                  for name in SPACE_FILES})
    return space


def _same_space(one: dict[str, object], other: dict[str, object]) -> None:
    assert sorted(one) == sorted(other)
    for name, value in one.items():
        if isinstance(value, np.ndarray):
            assert value.dtype == other[name].dtype and np.array_equal(value, other[name]), \
                name
        else:
            assert value == other[name], name


@pytest.fixture
def held_child(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A forked meaning child (it starts in a millisecond, and fits a small library in a
    few) waits, before it builds, until the file this returns exists (at most 30 s):
    what a test sees of it running does not depend on how fast the machine is."""
    import index.library

    go = tmp_path / "go"
    build = index.library._meaning_child_line

    def held(home: str, refit: bool) -> str:
        deadline = time.monotonic() + 30
        while not go.exists() and time.monotonic() < deadline:
            time.sleep(0.002)
        return build(home, refit)

    monkeypatch.setattr(index.library, "_meaning_child_line", held)
    return go


def _sync_watching_the_child(library: Library, go: Path, *, rebuild: bool = False
                             ) -> tuple[list[bool], object]:
    """library.sync(), noting at each report of the index's papers whether a meaning
    child process is running then (waited for up to 30 s, polled every millisecond);
    the child (held_child) may build once the index's last paper is in."""
    seen: list[bool] = []

    def progress(done: int, total: int, phase: str = "papers") -> None:
        if phase != "papers":
            return
        deadline = time.monotonic() + 30
        while library._meaning_child is None and time.monotonic() < deadline:
            time.sleep(0.001)
        child = library._meaning_child
        seen.append(child is not None and child.poll() is None)
        if done == total:
            go.touch()

    return seen, library.sync(progress, rebuild=rebuild)


def test_the_meaning_space_is_built_by_a_child_while_the_index_is_written(home: Path,
                                                                          held_child):
    with Library(home) as library:
        seen, report = _sync_watching_the_child(library, held_child)
        assert report.rebuilt
        assert seen and all(seen)  # a child ran while the index's papers went in
        assert library._meaning_child is None  # and was waited for
        assert not library.meaning_behind()
        assert len(library.meaning.current()) == library.count()


def test_built_beside_the_index_equals_built_after_it(tmp_path: Path):
    after, beside = tmp_path / "after", tmp_path / "beside"
    with Library(after) as library:
        library.sync(meaning=False)
        assert library.meaning_behind()
        library.update_meaning()  # in this process, once the index is written
        searched_after = _searched(library)
    with Library(beside) as library:
        library.sync()
        assert not library.meaning_behind()
        searched_beside = _searched(library)
    assert searched_beside == searched_after
    _same_space(_space(beside), _space(after))


def test_a_rebuild_fits_the_space_again_beside_the_index(library: Library, held_child):
    # `papers index --rebuild` of a library whose space is in step with it
    assert not library.meaning_behind()
    before = library.meaning.current_name()
    seen, report = _sync_watching_the_child(library, held_child, rebuild=True)
    assert report.rebuilt and seen and all(seen)
    assert library.meaning.current_name() != before  # a new generation: fitted again
    assert not library.meaning_behind()


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def test_an_up_to_date_space_starts_no_child(library: Library, write_list):
    assert not library.meaning_behind()
    before = _children_cpu()
    assert library.sync().reason == "up to date"
    assert _children_cpu() == before  # no process ran (and was reaped) meanwhile
    # A list added: the space lags, and the sync that indexes it catches it up too.
    library.add(write_list("more.txt", ["A study of graph robustness under attack.",
                                        "Speech recognition with a small vocoder."]))
    assert _children_cpu() > before
    assert not library.meaning_behind()


def test_a_failed_index_write_stops_the_meaning_child(home: Path, held_child):
    with Library(home) as library:
        children = []

        def progress(done: int, total: int, phase: str = "papers") -> None:
            deadline = time.monotonic() + 30
            while library._meaning_child is None and time.monotonic() < deadline:
                time.sleep(0.001)
            children.append(library._meaning_child)
            raise KeyboardInterrupt  # the user gave up while the index was written

        with pytest.raises(KeyboardInterrupt):
            library.sync(progress)
        [child] = children
        assert child is not None and child.returncode is not None  # stopped, reaped
        assert not held_child.exists()  # (it never got to build)
        assert library._meaning_child is None
        assert library.meaning_behind()  # nothing half-built taken for the space
        library.sync()  # and the next sync builds both
        assert not library.meaning_behind()


def test_a_library_too_large_for_two_processes_builds_after_the_index(home: Path,
                                                                      monkeypatch):
    # Two processes' peaks add up: above MEANING_BESIDE_MAX_PAPERS the space is built in
    # this process once the index is written, as before.
    import index.library

    monkeypatch.setattr(index.library, "MEANING_BESIDE_MAX_PAPERS", 10)
    with Library(home) as library:
        assert library.count() > 10
        before = _children_cpu()
        report = library.sync()
        assert report.rebuilt and _children_cpu() == before  # no child
        assert not library.meaning_behind()
        assert len(library.meaning.current()) == library.count()


def test_the_forked_child_and_a_new_interpreter_build_the_same_space(tmp_path: Path,
                                                                    monkeypatch):
    # A sync in a process with only its main thread forks the child (it starts with
    # everything imported); elsewhere (another thread running: the app) a new
    # interpreter is started. Both must give the very same space and index.
    import index.library

    forked, started = tmp_path / "forked", tmp_path / "started"
    with Library(forked) as library:
        assert index.library.fork_is_safe()
        before = _children_cpu()
        library.sync()
        assert _children_cpu() > before
        searched_forked = _searched(library)
    monkeypatch.setattr(index.library, "fork_is_safe", lambda: False)
    with Library(started) as library:
        library.sync()
        searched_started = _searched(library)
    assert searched_forked == searched_started
    _same_space(_space(forked), _space(started))


def test_a_forked_child_that_fails_says_why(home: Path, monkeypatch):
    import index.library
    from index.errors import LibraryError

    def broken(home: str, refit: bool) -> str:
        raise ValueError("no room\nat all")

    with Library(home) as library:
        library.sync(meaning=False)
        assert library.meaning_behind()
        monkeypatch.setattr(index.library, "_meaning_child_line", broken)
        with pytest.raises(LibraryError, match="failed: ValueError: no room at all$"):
            library.sync(rebuild=True)
        assert library._meaning_child is None
    monkeypatch.undo()
    with Library(home) as library:  # the index was written; the space follows next time
        assert library.meaning_behind()
        library.sync()
        assert not library.meaning_behind()


def test_a_forked_child_reports_a_full_disk(home: Path, monkeypatch):
    import json

    import index.library

    with Library(home) as library:
        library.sync(meaning=False)
        monkeypatch.setattr(index.library, "_meaning_child_line",
                            lambda home, refit: json.dumps({"disk_full": "no space left"}))
        library.sync(rebuild=True)
        assert library.index_warning and "disk is full" in library.index_warning
