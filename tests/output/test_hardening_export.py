"""Exporting never replaces what is not a regular file (issue #16, items 1 and 18)."""

from __future__ import annotations

import os
import socket
import stat
import threading
from pathlib import Path

import pytest


def _export(run_cli, target: Path | str, *extra: str):
    run_cli("tag", _first_id(run_cli), "to-read")
    return run_cli("export", "--tag", "to-read", "--format", "bibtex", "-o", str(target), *extra)


def _first_id(run_cli) -> str:
    code, out, _ = run_cli("search", "policy", "--json", "--limit", "1")
    assert code == 0
    import json

    return json.loads(out.splitlines()[0])["id"]


def test_a_character_device_is_written_through_not_replaced(seeded_home, run_cli, tmp_path):
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # what /dev/null is
    except PermissionError:
        pytest.skip("creating a device node needs root")
    code, out, err = _export(run_cli, device, "--force")
    assert code == 0, err
    assert stat.S_ISCHR(device.stat().st_mode)  # still the device, not a file over it
    assert not list(tmp_path.glob(".null.*"))


def test_a_fifo_receives_the_export(seeded_home, run_cli, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    code, _out, err = _export(run_cli, fifo)
    reader.join(timeout=30)
    assert code == 0, err
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert b"@misc{" in received[0]  # seed papers have no authors: @misc (#13)


def test_directories_and_sockets_are_refused(seeded_home, run_cli, tmp_path):
    code, _out, err = _export(run_cli, tmp_path, "--force")
    assert code == 1 and "is a directory" in err
    code, _out, err = _export(run_cli, str(tmp_path / "missing") + "/")
    assert code == 1 and "is a directory" in err and "already exists" not in err
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        code, _out, err = _export(run_cli, path, "--force")
    finally:
        server.close()
    assert code == 1 and "not a regular file" in err
    assert stat.S_ISSOCK(path.stat().st_mode)


def test_an_unwritable_place_is_named_not_the_temporary_file(seeded_home, run_cli, tmp_path):
    if os.geteuid() == 0:
        # root writes anywhere: a file under a regular file cannot be created either
        blocker = tmp_path / "file"
        blocker.write_text("x")
        target = blocker / "out.bib"
    else:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        target = locked / "out.bib"
    code, _out, err = _export(run_cli, target)
    assert code == 1
    assert str(target) in err and ".tmp" not in err
