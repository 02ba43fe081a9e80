"""index/cores.py: when papers may fork workers, and memory handed back after a large step."""

from __future__ import annotations

import ctypes
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from index.cores import cores, fork_is_safe


def _glibc() -> bool:
    try:
        ctypes.CDLL(None).malloc_trim  # noqa: B018 - the lookup is the check
    except (OSError, AttributeError):
        return False
    return True


# Run in a process of its own: in the test run's long-lived process, earlier tests leave
# holes in the heap that `keep` may fill instead of pinning its top, and glibc then hands
# part of `held` back by itself before the trim (CI saw 56 MB trimmed of 230).
_HEAP_PROBE = """
import json
from index.cores import trim_heap

def resident_mb():
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024

# Strings past 512 bytes come from malloc; freed with others still after them, the heap
# keeps their pages until trimmed (the index writer's abstracts, at 100k).
held = [("x" * 1500) + str(number) for number in range(150_000)]  # ~230 MB
# The heap's top stays in use, so nothing but a trim hands the pages back: strings from
# malloc too, made after `held` (short ones come from Python's own arenas).
keep = [("y" * 600) + str(number) for number in range(1000)]
del held
before = resident_mb()
trim_heap()
print(json.dumps({"before": before, "after": resident_mb(), "kept": len(keep)}))
"""


@pytest.mark.skipif(not _glibc(), reason="malloc_trim is glibc's: nothing to hand back here")
def test_memory_freed_by_python_goes_back_to_the_system():
    probe = subprocess.run([sys.executable, "-c", _HEAP_PROBE], capture_output=True,
                           text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    resident = json.loads(probe.stdout)
    assert resident["kept"] == 1000
    assert resident["before"] - resident["after"] > 100, resident


def test_forking_is_refused_beside_another_thread():
    assert cores() >= 1
    alone = fork_is_safe()
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not fork_is_safe()
    finally:
        stop.set()
        other.join()
    assert fork_is_safe() == alone
