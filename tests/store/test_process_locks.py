"""Opening the library again in a process that has it open must keep that process's
SQLite locks: closing any descriptor of a database file drops every POSIX lock the
process holds on it (SQLite's "How To Corrupt An SQLite Database File", 2.2), and then
another process folds the WAL back in under a reader that still uses it. (Found when the
app's meaning child process made libraries of the app's tests look damaged.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from index.store.database import Store

# Another papers process that reads the library and ends: the last connection to close
# folds the WAL into the file and deletes it; SQLite tells whether it is the last by the
# locks the other processes hold on the file.
READ_AND_CLOSE = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=5)
db.execute("SELECT COUNT(*) FROM meta").fetchone()
db.close()
"""


def another_process_reads_and_closes(path: Path) -> None:
    subprocess.run([sys.executable, "-c", READ_AND_CLOSE, str(path)], check=True, timeout=60)


def test_a_second_open_keeps_the_first_ones_locks(tmp_path: Path):
    path = tmp_path / "library.sqlite3"
    wal = Path(f"{path}-wal")
    first = Store(path)
    for i in range(50):
        first.set_meta(f"key {i}", "x" * 200)
    assert first.meta("key 49") and wal.is_file()
    another_process_reads_and_closes(path)
    assert wal.is_file()  # this process's connection is still open: the WAL stays
    second = Store(path)  # e.g. the app opening a library one of its workers has open
    try:
        another_process_reads_and_closes(path)
        assert wal.is_file()  # no lock of `first` was dropped by opening `second`
        assert first.meta("key 49") == "x" * 200
    finally:
        second.close()
        first.close()


def test_a_damaged_file_is_still_found_while_another_store_has_it_open(tmp_path: Path):
    """Skipping the raw header read for a file open here leaves SQLite's own check."""
    from index.store.database import damage

    path = tmp_path / "library.sqlite3"
    store = Store(path)
    store.set_meta("a", "b")
    assert damage(path) is None
    store.close()
    other = tmp_path / "garbage.sqlite3"
    other.write_bytes(b"not a database at all" * 100)
    assert damage(other) is not None
