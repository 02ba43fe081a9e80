"""Launch → first results painted, as a user sees it: the real `papers` command in a
pseudo-terminal, timed from just before its process is forked to the moment the screen
it writes shows the status line of the first results.

Nothing of the measurement runs inside the measured process: interpreter start-up, every
import, Textual's start-up with the real terminal driver, opening the library, the first
search and writing the frame to the terminal are all in the figure.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import termios
import time
from contextlib import suppress
from pathlib import Path

# The status line after the first (empty-query) results: "1,898 papers · 4 ms · sort: …".
# It is set in the same call that hands the results to the list, so both are in one frame.
PAINTED_MARKER = b" sort: "
QUIT = b"\x11"  # ctrl+q
SIZE = (40, 130)  # rows, columns: as the Pilot measurement


def compile_bytecode(*checkouts: Path) -> None:
    """Compile papers' modules in each checkout, as `pip install .` does at install time:
    an editable install under PYTHONDONTWRITEBYTECODE (this machine's environment) would
    otherwise compile them again at every launch (50-130 ms of first results here), and
    the figures would be the environment's, not the app's."""
    import compileall

    for checkout in checkouts:
        for package in ("index", "tui"):
            compileall.compile_dir(checkout / package, quiet=1)


def papers_command() -> list[str]:
    """The installed `papers` script beside this interpreter, else `python -m tui`."""
    script = shutil.which("papers", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "tui"]


def _close(pid: int, fd: int) -> None:
    os.write(fd, QUIT)
    deadline = time.perf_counter() + 10
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            with suppress(OSError):  # the app may already be gone
                os.read(fd, 65536)  # keep the pty drained so the app can write and exit
        if os.waitpid(pid, os.WNOHANG)[0]:
            break
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)


def launch_once(home: str, command: list[str], timeout: float = 120.0) -> float | None:
    """Seconds from fork to the first results on the terminal, or None on a timeout."""
    env = {**os.environ, "PAPERS_HOME": home, "TERM": "xterm-256color"}
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: size its terminal before the app asks for it
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", *SIZE, 0, 0))
        os.execve(command[0], command, env)
    seen = b""
    painted = None
    while time.perf_counter() - started < timeout:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the app exited
            break
        if not chunk:
            break
        seen = seen[-len(PAINTED_MARKER):] + chunk
        if PAINTED_MARKER in seen:
            painted = time.perf_counter() - started
            break
    _close(pid, fd)
    return painted


def terminal_launch(home: str, runs: int) -> dict:
    """The median of `runs` launches (the first one also warms the OS file cache)."""
    command = papers_command()
    times = [launch_once(home, command) for _ in range(runs)]
    good = [t for t in times if t is not None]
    if not good:
        return {"error": "the first results never appeared on the terminal"}
    return {"launch_s": statistics.median(good), "min_s": min(good), "max_s": max(good),
            "runs": len(good), "timeouts": len(times) - len(good),
            "command": " ".join(Path(part).name for part in command)}


if __name__ == "__main__":
    print(terminal_launch(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5))
