"""The peak memory of a process and every process it starts, summed, as they run.

`papers add` spreads its work over processes (preparing workers, the meaning child, the
index's first part), so neither the main process's peak nor its largest child's says
what the machine must hold at once. This samples, from outside (a thread in the process
that started the command, never in it: a thread there would stop papers from forking),
the proportional set size (PSS: a page shared by n processes counts 1/n in each) of the
command's whole process tree every `every` seconds, and keeps the largest sum.
"""

from __future__ import annotations

import threading

import psutil

EVERY_S = 0.1


class TreeMemory:
    """Samples the process tree of `pid` until `stop()`; `peak_mb` the largest sum."""

    def __init__(self, pid: int, every: float = EVERY_S) -> None:
        self.peak_mb = 0.0
        self.processes_at_peak = 0
        self._every = every
        self._stopped = threading.Event()
        self._root = psutil.Process(pid)
        self._thread = threading.Thread(target=self._run, name="tree memory", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stopped.wait(self._every):
            total, counted = 0, 0
            try:
                tree = [self._root, *self._root.children(recursive=True)]
            except psutil.Error:
                return  # the command has ended
            for process in tree:
                try:
                    total += process.memory_full_info().pss
                    counted += 1
                except psutil.Error:  # ended between the listing and the reading
                    continue
            if total / 2**20 > self.peak_mb:
                self.peak_mb, self.processes_at_peak = total / 2**20, counted

    def stop(self) -> float:
        self._stopped.set()
        self._thread.join()
        return self.peak_mb
