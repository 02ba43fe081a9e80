"""Long loads that give way to a keystroke.

The app loads what later searches need (the prefix table, the ranker's term tables, the
method-name index) in a thread beside its UI, after the first paint. Python runs one
thread at a time: a loop that runs for 200 ms there takes turns with the UI thread every
switch interval, so a key typed meanwhile has its echo, its search and its drawing each
wait for turns, and at 100,000 papers the first keys took 200-500 ms to settle instead
of 40. So long loops call `give_way()` every few thousand steps. In a thread that asked
to give way (`giving_way(gate)`: the app's warm-up) it calls the gate, which waits while
a keystroke is being answered; in any other thread (a search, a command) it only lets
another thread take its turn. A loop must not give way while it holds a lock a search
takes: the search would wait for the gate.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_local = threading.local()


def give_way() -> None:
    gate = getattr(_local, "gate", None)
    if gate is None:
        time.sleep(0)  # let a waiting thread take its turn
    else:
        gate()


@contextmanager
def giving_way(gate: Callable[[], object]) -> Iterator[None]:
    """In this thread, meanwhile, `give_way()` calls `gate` (which waits while others
    must go first)."""
    previous = getattr(_local, "gate", None)
    _local.gate = gate
    try:
        yield
    finally:
        _local.gate = previous
