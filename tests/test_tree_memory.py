"""benchmarks/tree_memory.py: the peak of a process tree's memory, every process counted."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

pytest.importorskip("psutil", reason="psutil is a test extra (benchmarks)")

from benchmarks.tree_memory import TreeMemory  # noqa: E402

# Fills 60 MB of its own (every page touched) and holds it a moment.
_HOLD = """
import time
held = bytearray(60 * 2**20)
for i in range(0, len(held), 4096):
    held[i] = 1
time.sleep({seconds})
"""
# The same, while a child of its own does it too.
_PARENT = """
import subprocess, sys
child = subprocess.Popen([sys.executable, {child!r}])
""" + _HOLD + """
child.wait()
"""


def test_the_peak_counts_every_process_of_the_tree(tmp_path):
    child = tmp_path / "child.py"
    child.write_text(_HOLD.format(seconds=1.0), encoding="utf-8")
    parent = tmp_path / "parent.py"
    parent.write_text(_PARENT.format(child=str(child), seconds=1.5), encoding="utf-8")
    started = subprocess.Popen([sys.executable, str(parent)])
    memory = TreeMemory(started.pid, every=0.05)
    started.wait(timeout=30)
    time.sleep(0.1)
    peak = memory.stop()
    assert memory.processes_at_peak == 2
    assert peak >= 110  # both processes' 60 MB (one alone holds about 70)
