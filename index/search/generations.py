"""Housekeeping of the index's generation folders, shared by every papers process.

The index root holds `CURRENT` (the name of the live generation), the `gen-*` folders,
and `SYNC.lock`. Any process that writes the index (an incremental update, a rebuild, or
this clean-up) holds `SYNC.lock` for the whole of its read-the-store-then-write-the-index
step, so two processes never interleave their updates and a rebuild is never mistaken for
leftovers. The lock is an flock: the OS releases it when its holder dies, even by kill -9.

Readers take no lock: a generation they have open stays readable after another process
swaps `CURRENT` and deletes it (its files are open; POSIX keeps them until closed).

A generation is complete once its `papers-meta.json` exists (written after Whoosh's final
commit, before `CURRENT` moves to it). With the lock held, any other `gen-*` folder without
one is a build whose process died: it is removed and reported, so the index is rebuilt.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from ..locks import file_lock

META_FILE = "papers-meta.json"
LOCK_FILE = "SYNC.lock"
_TEMP_TOC = re.compile(r"^_MAIN_\d+\.toc\..+$")  # Whoosh writes a TOC here, then renames it


@contextmanager
def sync_lock(root: Path, timeout: float) -> Iterator[bool]:
    """Hold the index's writer lock; yields False if `timeout` passed without it."""
    root.mkdir(parents=True, exist_ok=True)
    with file_lock(root / LOCK_FILE, timeout) as held:
        yield held


def clean(root: Path, current: Path | None) -> str | None:
    """Remove what dead writers left; say why the index must be rebuilt, if it must.

    Call only with `sync_lock` held: then no live process is building or committing.
    """
    if not root.is_dir():
        return None
    unfinished = orphaned = 0
    for path in root.iterdir():
        if path.name.startswith("gen-") and path.is_dir():
            if current is not None and path.resolve() == current.resolve():
                continue
            if (path / META_FILE).is_file():
                orphaned += 1  # replaced by a newer one, or CURRENT lost its way
            else:
                unfinished += 1
            shutil.rmtree(path, ignore_errors=True)
        elif path.name.startswith("CURRENT.") and path.is_file():
            with suppress(OSError):
                path.unlink()  # a pointer that was never swapped in
    if current is not None and current.is_dir():
        for path in current.iterdir():
            if _TEMP_TOC.match(path.name) or path.name.startswith(f"{META_FILE}."):
                with suppress(OSError):
                    path.unlink()
    if unfinished:
        return "the last index build was interrupted before it finished"
    if current is None and orphaned:
        return "the index pointer (CURRENT) was missing or damaged"
    return None
