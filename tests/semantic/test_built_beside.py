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


def _sync_watching_the_child(library: Library, *, rebuild: bool = False
                             ) -> tuple[list[bool], object]:
    """library.sync(), noting at each report of the index's papers whether a meaning
    child process is running then (waited for up to 30 s, polled every millisecond)."""
    seen: list[bool] = []

    def progress(done: int, total: int, phase: str = "papers") -> None:
        if phase != "papers":
            return
        deadline = time.monotonic() + 30
        while library._meaning_child is None and time.monotonic() < deadline:
            time.sleep(0.001)
        child = library._meaning_child
        seen.append(child is not None)

    return seen, library.sync(progress, rebuild=rebuild)


def test_the_meaning_space_is_built_by_a_child_while_the_index_is_written(home: Path):
    with Library(home) as library:
        seen, report = _sync_watching_the_child(library)
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


def test_a_rebuild_fits_the_space_again_beside_the_index(library: Library):
    # `papers index --rebuild` of a library whose space is in step with it
    assert not library.meaning_behind()
    before = library.meaning.current_name()
    seen, report = _sync_watching_the_child(library, rebuild=True)
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


def test_a_failed_index_write_stops_the_meaning_child(home: Path):
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
