"""A large rebuild written on two cores (search/forked_part.py): a forked child writes the
first part of the papers as a segment of its own while the parent writes the rest. The
index it gives must rank every query as one writer's index does, hold every paper once,
and a child that fails or a rebuild cut short must leave nothing behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import index.library
import index.search.forked_part
from index import Library
from index.errors import IndexBroken

from ..factories import generate_list

QUERIES = ["", "learning", "number", "graph neural networks", "study -number",
           '"we study"', "has:code", "zzzz"]


def _searched(library: Library) -> dict[str, list]:
    found = {}
    for query in QUERIES:
        results = library.search(query)
        found[query] = [library.ids_of(results), list(results.scores), results.total]
    return found


def _segments(home: Path) -> list[str]:
    root = home / "cache" / "index"
    generation = root / (root / "CURRENT").read_text(encoding="utf-8").strip()
    return sorted(path.name for path in generation.iterdir() if path.suffix == ".seg")


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rebuilds of any size written in two parts, the meaning space after the index (as
    above MEANING_BESIDE_MAX_PAPERS)."""
    monkeypatch.setattr(index.library, "INDEX_IN_TWO_FROM", 1)
    monkeypatch.setattr(index.library, "MEANING_BESIDE_MAX_PAPERS", 0)


def _library(tmp_path: Path, name: str, papers: int = 700) -> Library:
    library = Library(tmp_path / name, seed=False)
    library.add(generate_list(tmp_path / f"{name}.txt", papers, "graph"))
    return library


def test_two_parts_rank_every_query_as_one_writer_does(tmp_path, monkeypatch):
    one = _library(tmp_path, "one")
    one.rebuild()
    assert len(_segments(tmp_path / "one")) == 1
    expected = _searched(one)

    monkeypatch.setattr(index.library, "INDEX_IN_TWO_FROM", 1)
    monkeypatch.setattr(index.library, "MEANING_BESIDE_MAX_PAPERS", 0)
    two = _library(tmp_path, "two")
    report = two.rebuild()
    assert len(_segments(tmp_path / "two")) == 2  # the child's and the parent's
    assert report.indexed == 700
    found = _searched(two)
    for query in QUERIES:
        assert found[query] == expected[query], query
    assert expected["learning"][2] > 0 and expected[""][2] == 700


def test_the_child_sees_papers_the_write_ahead_log_still_holds(tmp_path, two_cores):
    """The child reads the store on a connection of its own; a read-only (immutable)
    one would miss what SQLite has not yet copied from its WAL into the file."""
    library = _library(tmp_path, "home", papers=300)
    wal = tmp_path / "home" / "data" / "library.sqlite3-wal"
    if not wal.exists():
        wal = next((tmp_path / "home").rglob("*-wal"))
    assert wal.stat().st_size > 0  # some papers are in the WAL only
    library.rebuild()
    assert library.search("").total == 300
    assert len(set(library.ids_of(library.search("")))) == 300


def test_a_child_that_fails_fails_the_rebuild_and_leaves_no_folder(tmp_path, two_cores,
                                                                  monkeypatch):
    library = _library(tmp_path, "home", papers=200)
    library.rebuild()
    before = _searched(library)

    def unreadable(store_file, ids):
        raise OSError(5, "the library file could not be read")
        yield  # (a generator, as the real one)

    monkeypatch.setattr(index.library, "_papers_read_anew", unreadable)
    with pytest.raises(OSError, match="first part") as raised:
        library.rebuild()
    assert raised.value.errno == 5
    root = tmp_path / "home" / "cache" / "index"
    assert len(list(root.glob("gen-*"))) == 1  # the new generation's folder is gone
    assert _searched(library) == before  # the last index is still searched


def test_a_child_that_reads_too_few_papers_is_refused(tmp_path, two_cores, monkeypatch):
    library = _library(tmp_path, "home", papers=200)
    read = index.library._papers_read_anew
    monkeypatch.setattr(index.library, "_papers_read_anew",
                        lambda store_file, ids: read(store_file, ids[1:]))
    first = int(200 * index.library.FIRST_PART_SHARE)
    with pytest.raises(IndexBroken, match=f"{first - 1} of {first} papers"):
        library.rebuild()


def test_a_rebuild_cut_short_stops_the_child(tmp_path, two_cores, monkeypatch):
    """Ctrl-C while the parent writes its part: the child is stopped and waited for, and
    the half-written generation removed."""
    library = _library(tmp_path, "home", papers=400)
    children = []
    started = index.search.forked_part.ForkedPart.__init__

    def noted(self, folder, write):
        started(self, folder, write)
        children.append(self.pid)

    monkeypatch.setattr(index.search.forked_part.ForkedPart, "__init__", noted)
    papers_of, parent = index.library._papers_of, os.getpid()

    def interrupted(store, ids):
        for number, paper in enumerate(papers_of(store, ids)):
            if number == 50 and os.getpid() == parent:
                raise KeyboardInterrupt
            yield paper

    monkeypatch.setattr(index.library, "_papers_of", interrupted)
    with pytest.raises(KeyboardInterrupt):
        library.rebuild()
    [pid] = children
    with pytest.raises(ChildProcessError):  # reaped already: no child left running
        os.waitpid(pid, os.WNOHANG)
    root = tmp_path / "home" / "cache" / "index"
    assert not list(root.glob("gen-*/first-part"))
    assert len(list(root.glob("gen-*"))) <= 1


def test_no_child_is_forked_below_the_size_or_beside_the_meaning_child(tmp_path,
                                                                       monkeypatch):
    """Up to MEANING_BESIDE_MAX_PAPERS the meaning child has the second core; below
    INDEX_IN_TWO_FROM one writer is enough."""
    library = _library(tmp_path, "home", papers=200)
    library.rebuild()
    assert len(_segments(tmp_path / "home")) == 1
    monkeypatch.setattr(index.library, "INDEX_IN_TWO_FROM", 1)
    library.rebuild()  # the meaning child runs beside it
    assert len(_segments(tmp_path / "home")) == 1
    monkeypatch.setattr(index.library, "MEANING_BESIDE_MAX_PAPERS", 0)
    library.rebuild()
    assert len(_segments(tmp_path / "home")) == 2
