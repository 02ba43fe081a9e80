"""Whether this process may fork workers, and how many cores they would have.

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
