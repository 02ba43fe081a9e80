"""index/cores.py: when papers may fork workers, and memory handed back after a large step."""

from __future__ import annotations

import ctypes
import threading

import pytest

from index.cores import cores, fork_is_safe, trim_heap


def _resident_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def _glibc() -> bool:
    try:
        ctypes.CDLL(None).malloc_trim  # noqa: B018 - the lookup is the check
    except (OSError, AttributeError):
        return False
    return True


@pytest.mark.skipif(not _glibc(), reason="malloc_trim is glibc's: nothing to hand back here")
def test_memory_freed_by_python_goes_back_to_the_system():
    # Strings past 512 bytes come from malloc; freed with others still after them, the
    # heap keeps their pages until trimmed (the index writer's abstracts, at 100k).
    held = [("x" * 1500) + str(number) for number in range(150_000)]  # ~230 MB
    # The heap's top stays in use, so nothing but a trim hands the pages back: strings
    # from malloc too, made after `held` (short ones come from Python's own arenas,
    # which left the top free for glibc to return by itself, before `before`, at times).
    keep = [("y" * 600) + str(number) for number in range(1000)]
    del held
    before = _resident_mb()
    trim_heap()
    after = _resident_mb()
    assert keep and before - after > 100


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
