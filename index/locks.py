"""Locks between papers processes: flock files, which the OS drops when a holder dies.

Both the library file (checked, created, seeded or moved aside by one process at a time)
and the search index (one writer at a time) use them.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import LockTimeout
from .paths import Locations

LOCK_TIMEOUT = 120.0


@contextmanager
def file_lock(path: Path, timeout: float, *, poll: float = 0.01) -> Iterator[bool]:
    """An exclusive lock between processes (flock: the OS drops it when its holder dies).

    Yields True when held, False when `timeout` ran out first (the caller decides).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = _FlockFile(path)
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


class _FlockFile:
    """flock(2) on a lock file, as Whoosh's FcntlLock takes it, without importing Whoosh
    (opening the library must not load the search engine); elsewhere (no fcntl),
    Whoosh's own FileLock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None
        try:
            import fcntl
        except ImportError:  # not POSIX
            from whoosh.util.filelock import FileLock

            self._other = FileLock(str(path))
            self._fcntl = None
        else:
            self._other = None
            self._fcntl = fcntl

    def acquire(self, blocking: bool = False) -> bool:
        if self._fcntl is None:
            return self._other.acquire(blocking=blocking)
        fd = os.open(self.path, os.O_CREAT | os.O_WRONLY)
        try:
            self._fcntl.flock(fd, self._fcntl.LOCK_EX | (0 if blocking else self._fcntl.LOCK_NB))
        except OSError as error:
            os.close(fd)
            if error.errno not in (errno.EAGAIN, errno.EACCES):
                raise
            return False
        self.fd = fd
        return True

    def release(self) -> None:
        if self._fcntl is None:
            self._other.release()
            return
        self._fcntl.flock(self.fd, self._fcntl.LOCK_UN)
        os.close(self.fd)
        self.fd = None


@contextmanager
def library_lock(where: Locations, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Held while the library file is checked, created, seeded or moved aside."""
    with file_lock(where.data_dir / "library.lock", timeout) as held:
        if not held:
            raise LockTimeout(f"another papers process has held {where.data_dir / 'library.lock'}"
                              f" for over {timeout:.0f} s; is one stuck? If none is running, "
                              "try again")
        yield
