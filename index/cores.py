"""Whether this process may fork workers, how many cores they would have, and handing
back the memory this process freed.

Large imports, rederiving a library and placing a large library's papers in its meaning
space share their work with forked worker processes (forked: they start at once with
papers and numpy imported). Forking is safe only from a process with no other thread:
another thread (the app's) could hold a lock the child then waits on for ever, SQLite's
mid-call among them. `ForkedChild` runs one call in a forked child (the meaning space
built beside the index, a large index's first half).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable


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


def _described(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


class ForkedChild:
    """`work()` run in a forked child process, which tells the parent the line it returns
    (or, if it raises, `describe(error)`) on a pipe and leaves by os._exit, so none of
    the parent's exit handlers or buffers run twice; nothing it prints reaches the
    terminal. The parent's side is what papers uses of subprocess.Popen: `pid`, `poll`,
    `terminate`, `returncode`, `communicate`. `work` must open what it reads afresh
    (never the parent's SQLite connections). With `interruptible` False, Ctrl-C is the
    parent's alone to handle (it stops the child with `terminate`)."""

    def __init__(self, work: Callable[[], str], *,
                 describe: Callable[[BaseException], str] = _described,
                 interruptible: bool = True) -> None:
        self.returncode: int | None = None
        self._said: str | None = None
        self._lock = threading.Lock()
        read, written = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the child
            code = 1
            try:
                os.close(read)
                if not interruptible:
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
                quiet = os.open(os.devnull, os.O_WRONLY)
                os.dup2(quiet, 1)
                os.dup2(quiet, 2)
                try:
                    line, code = work(), 0
                except BaseException as error:  # noqa: BLE001 - told to the parent
                    line = describe(error)
                data = (line.replace("\n", " ") + "\n").encode("utf-8", "replace")
                while data:
                    data = data[os.write(written, data):]
            finally:
                os._exit(code)
        os.close(written)
        self._read = read

    def _reaped(self, flags: int) -> int | None:
        with self._lock:
            if self.returncode is None:
                try:
                    pid, status = os.waitpid(self.pid, flags)
                except ChildProcessError:
                    pid, status = self.pid, 0
                if pid:
                    self.returncode = os.waitstatus_to_exitcode(status)
            return self.returncode

    def poll(self) -> int | None:
        return self._reaped(os.WNOHANG)

    def terminate(self) -> None:
        with self._lock:
            if self.returncode is None:
                os.kill(self.pid, signal.SIGTERM)

    def communicate(self) -> tuple[str, str]:
        """All the child wrote, once it has ended (and been reaped), as Popen's (out,
        err): its one pipe carries both its report and why it failed. (Again: the same.)"""
        if self._said is None:
            chunks = []
            try:
                while chunk := os.read(self._read, 65536):
                    chunks.append(chunk)
            finally:
                os.close(self._read)
                self._reaped(0)
            self._said = b"".join(chunks).decode("utf-8", "replace")
        return self._said, self._said
