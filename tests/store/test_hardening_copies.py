"""A library's list copies are its own: recorded relative to it, never deleted elsewhere
(issue #16, item 3)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from index import Library

ABSTRACT = ("We propose a method for testing paper list readers against every kind of "
            "broken file that a scraper can produce, and show that none of them crash.")


def _library_with_a_list(root: Path, tmp_path: Path) -> Path:
    listing = tmp_path / "valid.txt"
    listing.write_text(f"ICML 2025 Papers\n\n{ABSTRACT}\n")
    with Library(root, seed=False) as library:
        library.add(listing)
    return root / "data" / "lists" / "valid.txt"


def test_copies_are_recorded_relative_to_the_data_dir(tmp_path):
    copy = _library_with_a_list(tmp_path / "A", tmp_path)
    db = sqlite3.connect(tmp_path / "A" / "data" / "library.sqlite3")
    [(recorded,)] = db.execute("SELECT file FROM lists").fetchall()
    db.close()
    assert recorded == "lists/valid.txt" and copy.is_file()
    with Library(tmp_path / "A", seed=False) as library:
        [info] = library.lists()
        assert Path(info.file) == copy


def test_removing_a_list_in_a_copied_library_leaves_the_original(tmp_path):
    original = _library_with_a_list(tmp_path / "A", tmp_path)
    shutil.copytree(tmp_path / "A", tmp_path / "B", symlinks=True)
    with Library(tmp_path / "B", seed=False) as library:
        library.remove_list("valid")
    assert original.is_file()
    assert not (tmp_path / "B" / "data" / "lists" / "valid.txt").exists()


def test_an_absolute_path_into_another_library_is_never_deleted(tmp_path):
    original = _library_with_a_list(tmp_path / "A", tmp_path)
    shutil.copytree(tmp_path / "A", tmp_path / "B", symlinks=True)
    # what an older papers recorded: the absolute path of A's copy
    db = sqlite3.connect(tmp_path / "B" / "data" / "library.sqlite3")
    with db:
        db.execute("UPDATE lists SET file=?", (str(original),))
    db.close()
    with Library(tmp_path / "B", seed=False) as library:
        [info] = library.lists()
        assert Path(info.file) == tmp_path / "B" / "data" / "lists" / "valid.txt"
        library.remove_list("valid")
    assert original.is_file()
