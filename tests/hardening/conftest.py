"""Real small file systems for the hardening tests: a tmpfs mounted inside the test's
temp dir (root only; the test skips with the reason otherwise), unmounted whatever
happens. Nothing outside the temp dir is touched."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def _mounted(mount: Path, size: str) -> Iterator[Path]:
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip() or 'not root'})")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def remount(mount: Path, options: str) -> None:
    """`size=400m` to grow it, `ro` to make it read-only (even to root)."""
    subprocess.run(["mount", "-o", f"remount,{options}", str(mount)], check=True)


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Callable[[str], Path]]:
    """`tmpfs("20m")`: a fresh tmpfs of that size in this test's temp dir."""
    with_mounts = []

    def make(size: str) -> Path:
        mounted = _mounted(tmp_path / f"fs{len(with_mounts)}", size)
        with_mounts.append(mounted)
        return mounted.__enter__()

    yield make
    for mounted in reversed(with_mounts):
        mounted.__exit__(None, None, None)
