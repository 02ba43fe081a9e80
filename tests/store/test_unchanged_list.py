"""Adding a list file the library holds already, unchanged: nothing is parsed, prepared,
merged or re-indexed (list_import._unchanged), and its papers are as a full refresh
leaves them. Anything that makes a refresh differ (other bytes, other import code, a
damaged copy, papers the store lost, a removed list) goes the whole way."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

import index
from index import Library
from index.store.database import PREPARED_KEY
from index.store.list_import import ingest_stamp

ABSTRACTS = [
    "We propose Zorblax, a sampler for sparse attention over long documents, and prove "
    "tight bounds on its error across lengths.",
    "Momentum methods are studied for non-convex objectives; we show faster rates under "
    "a gradient dominance condition with noise.",
]


@pytest.fixture
def listed(write_list) -> Path:
    return write_list("plain.txt", ABSTRACTS, title="NeurIPS 2024")


def _phases(library: Library, path: Path) -> tuple[object, list[str]]:
    heard: list[str] = []
    report = library.add(path, lambda done, total, phase: heard.append(phase))
    return report, heard


def _state(library: Library) -> tuple:
    """What a user and the index see: papers as stored, memberships, the change log."""
    db = sqlite3.connect(library.store.path)
    try:
        return (db.execute("SELECT * FROM papers ORDER BY id").fetchall(),
                db.execute("SELECT * FROM memberships ORDER BY list, position").fetchall(),
                library.store.last_change())
    finally:
        db.close()


def test_an_unchanged_file_is_not_imported_again(library, listed):
    first, heard = _phases(library, listed)
    assert not first.unchanged and "importing" in heard
    before = _state(library)
    again, heard = _phases(library, listed)
    assert again.unchanged and again.refreshed
    assert (again.list_name, again.read, again.new) == ("plain", 2, 0)
    assert "importing" not in heard  # no record parsed or prepared
    assert _state(library) == before  # no paper merged, no change for the index
    assert "unchanged: nothing to import" in again.summary()
    assert library.search("zorblax").ids()


def test_adding_the_same_bytes_from_elsewhere_records_where_from(library, listed, tmp_path):
    library.add(listed)
    moved = tmp_path / "moved" / "plain.txt"
    moved.parent.mkdir()
    shutil.copy(listed, moved)
    assert library.add(moved).unchanged
    (info,) = [i for i in library.lists() if i.name == "plain"]
    assert info.original == str(moved.resolve())


def test_other_import_code_imports_it_again(library, listed):
    library.add(listed)
    papers, memberships, last = _state(library)
    # As after an upgrade that changed parsing, rendering or naming.
    library.store.set_meta(PREPARED_KEY.format("plain"), "0" * 64 + ":00000000")
    report, heard = _phases(library, listed)
    assert not report.unchanged and report.refreshed and "importing" in heard
    # The whole way, the same code leaves the papers as they were (what the unchanged
    # import keeps), and only logs them for the index.
    again = _state(library)
    assert again[:2] == (papers, memberships) and again[2] > last
    assert library.store.meta(PREPARED_KEY.format("plain")).endswith(f":{ingest_stamp()}:2")
    assert library.add(listed).unchanged  # and then it is this code's


def test_a_library_from_before_imports_it_again_once(library, listed):
    library.add(listed)
    with library.store.transaction() as db:  # a list imported before the stamp existed
        db.execute("DELETE FROM meta WHERE key=?", (PREPARED_KEY.format("plain"),))
    assert not library.add(listed).unchanged
    assert library.add(listed).unchanged


def test_a_missing_or_damaged_copy_is_written_again(library, listed):
    library.add(listed)
    (info,) = [i for i in library.lists() if i.name == "plain"]
    copy = Path(library.where.data_dir) / info.file if not Path(info.file).is_absolute() \
        else Path(info.file)
    copy.write_bytes(copy.read_bytes().replace(b"Zorblax", b"Zorbley"))
    assert not library.add(listed).unchanged
    assert copy.read_bytes() == listed.read_bytes()
    copy.unlink()
    assert not library.add(listed).unchanged
    assert copy.read_bytes() == listed.read_bytes()


@pytest.mark.parametrize("damage", [
    "DELETE FROM papers WHERE id = (SELECT paper_id FROM memberships WHERE list='plain'"
    " ORDER BY position LIMIT 1)",
    "DELETE FROM memberships WHERE list='plain' AND position = 0"])
def test_a_library_that_lost_some_of_its_papers_gets_them_back(library, listed, damage):
    library.add(listed)
    papers, memberships, _ = _state(library)
    with library.store.transaction() as db:  # as a damaged, recovered store might be
        db.execute(damage)
    report = library.add(listed)
    assert not report.unchanged and report.refreshed
    # The same papers (one added again now: added_at, the last column, is today's).
    again, memberships_again, _ = _state(library)
    assert [row[:-1] for row in again] == [row[:-1] for row in papers]
    assert memberships_again == memberships


def test_changed_bytes_are_imported(library, listed):
    library.add(listed)
    listed.write_text(listed.read_text() + "\n\nA third abstract about graph neural networks "
                      "and message passing on large molecular graphs for drug discovery.\n")
    report = library.add(listed)
    assert not report.unchanged and report.new == 1


def test_a_removed_list_is_added_anew(library, listed):
    library.add(listed)
    library.remove_list("plain")
    assert library.store.meta(PREPARED_KEY.format("plain")) is None
    report = library.add(listed)
    assert not report.unchanged and not report.refreshed and report.new == 2


def test_the_import_codes_stamp_follows_every_file_that_decides_the_papers(tmp_path):
    package = Path(index.__file__).parent
    copy = tmp_path / "index"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    first = ingest_stamp(copy)
    assert first == ingest_stamp.__wrapped__(package)  # by content, wherever installed
    for deciding in ("ingest/render.py", "ingest/data/name_model.json",
                     "store/list_import.py", "store/database.py", "models.py"):
        path = copy / deciding
        before = path.read_bytes()
        path.write_bytes(before + b" ")
        assert ingest_stamp.__wrapped__(copy) != first, deciding
        path.write_bytes(before)
    (copy / "search" / "query.py").write_bytes(b"# elsewhere")  # ranks, imports nothing
    (copy / "ingest" / "new_reader.py").write_text("X = 1\n")
    assert ingest_stamp.__wrapped__(copy) != first  # a new module of the import counts
    (copy / "ingest" / "new_reader.py").unlink()
    assert ingest_stamp.__wrapped__(copy) == first


def test_a_refresh_replaces_the_venue_an_older_reader_gave_a_list_s_papers(library, tmp_path):
    """An older reader took a headerless list's venue from its first abstract's words
    ("… namely 1DZorbFormer" made every paper's venue "DZorbFormer"). The same file read
    again by this code gives them what the list says now; a venue the list never gave
    (another list's) is kept."""
    first = ("Heatmap methods locate facial landmarks well. We propose a Transformer "
             "architecture, namely 1DZorbFormer, which learns 1D landmark representations.")
    path = tmp_path / "ijcai2024.txt"
    path.write_text(f"{first}\n\n{ABSTRACTS[0]}\n\n{ABSTRACTS[1]}\n", encoding="utf-8")
    library.add(path)
    with library.store.transaction() as db:  # as the older reader stored it
        db.execute("UPDATE lists SET venue='DZorbFormer', year=NULL WHERE name='ijcai2024'")
        db.execute("UPDATE papers SET venue='DZorbFormer', year=NULL WHERE id IN "
                   "(SELECT paper_id FROM memberships WHERE list='ijcai2024')")
        db.execute("UPDATE papers SET venue='NeurIPS' WHERE id = (SELECT paper_id FROM "
                   "memberships WHERE list='ijcai2024' AND position=2)")
        db.execute("DELETE FROM meta WHERE key=?", (PREPARED_KEY.format("ijcai2024"),))
    report = library.add(path)
    assert report.refreshed and not report.unchanged
    papers = library.store.papers(library.store.ids())
    venues = sorted((p.venue or "", p.year or 0) for p in papers
                    if p.abstract.startswith(("Heatmap", "We propose Zorblax", "Momentum")))
    assert venues == [("IJCAI", 2024), ("IJCAI", 2024), ("NeurIPS", 2024)]
    (info,) = [i for i in library.lists() if i.name == "ijcai2024"]
    assert (info.venue, info.year) == ("IJCAI", 2024)


def test_a_refresh_clears_a_wrong_venue_only_where_no_other_list_holds_the_paper(
        library, tmp_path):
    """Read again, a headerless list named after no venue gives its papers none: the venue
    its older reading gave is cleared, except on a paper another list holds too (that list
    may have given the same venue)."""
    first = ("Heatmap methods locate facial landmarks well. We propose a Transformer "
             "architecture, namely 1DZorbFormer, which learns 1D landmark representations.")
    path = tmp_path / "mine.txt"
    path.write_text(f"{first}\n\n{ABSTRACTS[0]}\n\n{ABSTRACTS[1]}\n", encoding="utf-8")
    other = tmp_path / "other.txt"
    other.write_text(f"DZorbFormer 2024\n\n{ABSTRACTS[1]}\n", encoding="utf-8")
    library.add(path)
    library.add(other)
    with library.store.transaction() as db:  # as the older reader stored it
        db.execute("UPDATE lists SET venue='DZorbFormer' WHERE name='mine'")
        db.execute("UPDATE papers SET venue='DZorbFormer' WHERE id IN "
                   "(SELECT paper_id FROM memberships WHERE list='mine')")
        db.execute("DELETE FROM meta WHERE key=?", (PREPARED_KEY.format("mine"),))
    assert library.add(path).refreshed
    by_abstract = {p.abstract[:9]: p.venue for p in library.store.papers(library.store.ids())}
    assert by_abstract["Heatmap m"] is None and by_abstract["We propos"] is None
    assert by_abstract["Momentum "] == "DZorbFormer"  # the other list holds it too
