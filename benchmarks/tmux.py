"""A terminal UI in a real terminal: one tmux pane of a fixed size, read as a person sees
it (after `benchmarks/../shared/tools/tui_latency.py`, cut down to what the typing run
needs).

Each `Pane` runs on a private tmux server (its own socket, `bench-typing-<pid>-<hex>`, its
own config file), so no session anyone else runs is touched, and it kills only that
server. The command starts behind a gate (`sh -c 'read _ < FIFO; exec "$@"'`), so tmux's
own start-up is not timed: t0 is the moment the gate opens, and `exec` keeps the app's
process the pane's. The screen is read with `capture-pane -p` (the grid's plain text)
through one control-mode client (`tmux -C`), about 0.1 ms a read and no process per poll.
"""

from __future__ import annotations

import os
import re
import secrets
import select
import shutil
import signal
import subprocess
import tempfile
import time
from contextlib import suppress
from pathlib import Path

SIZE = (120, 40)  # columns, rows


class TmuxError(Exception):
    """tmux could not be driven (not installed, a command failed, no answer)."""


def _quote(arg: str) -> str:
    """One argument for tmux's command parser (single quotes are literal in tmux)."""
    if arg and re.fullmatch(r"[A-Za-z0-9_./:@%+=,^-]+", arg) and not arg.startswith("-"):
        return arg
    return "'" + arg.replace("'", "'\"'\"'") + "'"


class _Control:
    """One `tmux -C attach` client: commands on stdin, `%begin … %end` replies on stdout."""

    def __init__(self, base: list[str], session: str) -> None:
        self.proc = subprocess.Popen(
            [*base, "-C", "attach-session", "-t", session, "-f", "no-output,ignore-size"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.fd = self.proc.stdout.fileno()
        self.buffer = b""
        token = f"BENCH_SYNC_{secrets.token_hex(4)}"
        self._write(f"display-message -p {token}")
        while not any(token in line for line in self._reply(time.monotonic() + 10)[1]):
            pass  # the attach's own reply and notifications come first

    def _write(self, line: str) -> None:
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError) as error:
            raise TmuxError(f"the tmux control client is gone ({error})") from error

    def _line(self, deadline: float) -> bytes:
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TmuxError("tmux did not answer in time")
            if select.select([self.fd], [], [], left)[0]:
                chunk = os.read(self.fd, 1 << 16)
                if not chunk:
                    raise TmuxError("the tmux control client exited")
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _reply(self, deadline: float) -> tuple[bool, list[str]]:
        """The next reply to a command of ours (flags 1); the attach's (flags 0) and
        notifications are skipped."""
        while True:
            line = self._line(deadline)
            if line.startswith(b"%begin "):
                tag = line[len(b"%begin "):]
                if tag.split()[-1:] != [b"0"]:
                    break
                while self._line(deadline) not in (b"%end " + tag, b"%error " + tag):
                    pass
        lines = []
        while True:
            line = self._line(deadline)
            if line in (b"%end " + tag, b"%error " + tag):
                return line.startswith(b"%end"), lines
            lines.append(line.decode("utf-8", "replace"))

    def command(self, *argv: str) -> list[str]:
        self._write(" ".join(_quote(a) for a in argv))
        ok, lines = self._reply(time.monotonic() + 10)
        if not ok:
            raise TmuxError(f"tmux {argv[0]} failed: {' '.join(lines)}")
        return lines

    def close(self) -> None:
        with suppress(OSError):
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Pane:
    """`command` in a fresh detached session of a private tmux server."""

    def __init__(self, command: list[str], env: dict[str, str], cwd: Path,
                 size: tuple[int, int] = SIZE) -> None:
        if not shutil.which("tmux"):
            raise TmuxError("tmux is not installed")
        self.size = size
        self.name = f"bench-typing-{os.getpid()}-{secrets.token_hex(3)}"
        self.tmp = Path(tempfile.mkdtemp(prefix="bench-typing-"))
        conf = self.tmp / "tmux.conf"
        conf.write_text("set -g status off\nset -g remain-on-exit on\nset -sg escape-time 0\n"
                        "set -g history-limit 0\nset -g default-terminal 'tmux-256color'\n"
                        f"set -g default-size {size[0]}x{size[1]}\n")
        self.base = ["tmux", "-u", "-L", self.name, "-f", str(conf)]
        self.gate = self.tmp / "gate"
        os.mkfifo(self.gate, 0o600)
        pane = ["sh", "-c", 'read _ < "$0"; exec "$@"', str(self.gate), "env",
                *(f"{k}={v}" for k, v in env.items()), *command]
        started = subprocess.run([*self.base, "new-session", "-d", "-s", self.name,
                                  "-x", str(size[0]), "-y", str(size[1]), "-c", str(cwd),
                                  "--", *pane], capture_output=True, timeout=15)
        if started.returncode:
            shutil.rmtree(self.tmp, ignore_errors=True)
            raise TmuxError(f"tmux new-session failed: {started.stderr.decode().strip()}")
        self.control = _Control(self.base, self.name)
        self.pid = int(self.control.command("display-message", "-p", "-t", self.name,
                                            "#{pane_pid}")[0])
        self._started = _start_ticks(self.pid)

    def release(self) -> float:
        """Open the gate: the command starts now. Returns that moment (perf_counter)."""
        deadline = time.monotonic() + 10
        while True:  # a non-blocking open succeeds once the pane's sh waits on the FIFO
            try:
                fd = os.open(self.gate, os.O_WRONLY | os.O_NONBLOCK)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise TmuxError("the pane never opened its launch gate") from None
                time.sleep(0.001)
        started = time.perf_counter()
        os.write(fd, b"\n")
        os.close(fd)
        return started

    def capture(self) -> list[str]:
        return self.control.command("capture-pane", "-p", "-t", self.name)

    def type(self, char: str) -> float:
        """Send one character as typed; returns the moment it was sent."""
        sent = time.perf_counter()
        self.control.command("send-keys", "-t", self.name, "-l", "--", char)
        return sent

    def keys(self, *names: str) -> float:
        """Send tmux key names (`C-u`, `Enter`); returns the moment they were sent."""
        sent = time.perf_counter()
        self.control.command("send-keys", "-t", self.name, "--", *names)
        return sent

    def dead(self) -> bool:
        return self.control.command("display-message", "-p", "-t", self.name,
                                    "#{pane_dead}")[:1] == ["1"]

    def close(self) -> None:
        """Kill this session and this private server, then the pane's process if it is
        still there (by its pid, which `exec` kept)."""
        with suppress(Exception):
            self.control.close()
        for argv in (["kill-session", "-t", self.name], ["kill-server"]):
            with suppress(Exception):
                subprocess.run([*self.base, *argv], capture_output=True, timeout=10)
        if self._started is not None and _start_ticks(self.pid) == self._started:
            with suppress(ProcessLookupError, PermissionError):
                os.kill(self.pid, signal.SIGKILL)  # still ours: same pid, same start
        socket = Path(f"/tmp/tmux-{os.getuid()}") / self.name
        with suppress(OSError):
            socket.unlink()
        shutil.rmtree(self.tmp, ignore_errors=True)


def _start_ticks(pid: int) -> int | None:
    """When process `pid` started (field 22 of /proc/PID/stat), to tell it from a later
    process given the same pid."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[19])
    except (OSError, ValueError, IndexError):
        return None
