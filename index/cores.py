"""Whether this process may fork workers, how many cores they would have, and handing
back the memory this process freed.

Large imports, rederiving a library and placing a large library's papers in its meaning
space share their work with forked worker processes (forked: they start at once with
papers and numpy imported). Forking is safe only from a process with no other thread:
another thread (the app's) could hold a lock the child then waits on for ever, SQLite's
mid-call among them.
"""

from __future__ import annotations

import os
import threading


def fork_is_safe() -> bool:
    """A POSIX system, and this is the main thread, alone."""
    return hasattr(os, "fork") and threading.active_count() == 1 and \
        threading.current_thread() is threading.main_thread()


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(len(os.sched_getaffinity(0)), 1)
    return os.cpu_count() or 1


def trim_heap() -> None:
    """Hand the C heap's free pages back to the system (glibc's malloc_trim; nothing
    elsewhere). Python keeps what a large step freed: strings past 512 bytes (abstracts)
    come from malloc, whose heap gives back only its top, so after the index of
    100,000 papers was written this process still held 300 MB, 170 MB of it free; a
    forked worker then shares, and copies, pages nobody uses."""
    import ctypes  # (here: importing it costs the app's launch a millisecond)

    try:
        trim = ctypes.CDLL(None).malloc_trim  # (this process's own symbols, libc's among them)
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to trim
        return
    trim(0)
