"""Locks between papers processes: flock files, which the OS drops when a holder dies.

Both the library file (checked, created, seeded or moved aside by one process at a time)
and the search index (one writer at a time) use them.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from whoosh.util.filelock import FileLock

from .errors import LockTimeout
from .paths import Locations

LOCK_TIMEOUT = 120.0


@contextmanager
def file_lock(path: Path, timeout: float, *, poll: float = 0.01) -> Iterator[bool]:
    """An exclusive lock between processes (flock: the OS drops it when its holder dies).

    Yields True when held, False when `timeout` ran out first (the caller decides).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(path))
    deadline = time.monotonic() + timeout
    held = lock.acquire(blocking=False)
    while not held and time.monotonic() < deadline:
        time.sleep(poll)
        held = lock.acquire(blocking=False)
    try:
        yield held
    finally:
        if held:
            lock.release()


@contextmanager
def library_lock(where: Locations, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Held while the library file is checked, created, seeded or moved aside."""
    with file_lock(where.data_dir / "library.lock", timeout) as held:
        if not held:
            raise LockTimeout(f"another papers process has held {where.data_dir / 'library.lock'}"
                              f" for over {timeout:.0f} s; is one stuck? If none is running, "
                              "try again")
        yield
