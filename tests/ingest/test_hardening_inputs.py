"""Inputs that are not plain files, and lists mostly skipped (issue #16, items 11, 14, 20)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from index import Library, ListFormatError

from ..locations import REPO

ABSTRACT = ("We propose a method for testing paper list readers against every kind of "
            "broken file that a scraper can produce, and show that none of them crash.")


@pytest.mark.timeout(60)
def test_a_fifo_nobody_writes_to_is_refused_not_waited_on(home, tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    with Library(home, seed=False) as library, pytest.raises(ListFormatError, match="empty"):
        library.add(fifo)


def test_a_list_through_a_pipe_is_read_and_named_by_its_title(home, tmp_path):
    fifo = tmp_path / "63"  # what `papers add <(cat list.txt)` sees: /dev/fd/63
    os.mkfifo(fifo)
    text = f"NeurIPS 2025 Papers\n\n{ABSTRACT}\n"
    writer = threading.Thread(target=lambda: fifo.write_text(text, encoding="utf-8"))
    writer.start()
    with Library(home, seed=False) as library:
        report = library.add(fifo)
        writer.join(timeout=30)
        assert report.new == 1
        [info] = library.lists()
        assert info.name == "neurips-2025-papers" and info.venue == "NeurIPS"


@pytest.mark.timeout(60)
def test_devices_are_refused_at_once(home, tmp_path):
    device = tmp_path / "zero"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 5))  # what /dev/zero is
    except PermissionError:
        pytest.skip("creating a device node needs root")
    with Library(home, seed=False) as library, pytest.raises(ListFormatError,
                                                             match="is a device"):
        library.add(device)


def test_a_non_prose_plain_file_is_refused(home, tmp_path):
    listing = tmp_path / "config.txt"
    listing.write_text("settings\n\n" + "\n\n".join(
        f"key_{n} = 0x{n:04x} ; 12345 67890 {n}" for n in range(40)) + "\n")
    with Library(home, seed=False) as library, pytest.raises(ListFormatError,
                                                             match="not prose"):
        library.add(listing)


def test_chinese_abstracts_count_as_prose(home, tmp_path):
    listing = tmp_path / "zh.txt"
    abstract = "我们提出了一种新的强化学习方法，它在多个基准上显著优于现有方法，并且训练更加稳定。"
    listing.write_text(f"ICML 2026 论文列表\n\n{abstract}\n", encoding="utf-8")
    with Library(home, seed=False) as library:
        assert library.add(listing).new == 1


def test_a_list_mostly_skipped_says_so_once_with_a_count(home, tmp_path):
    listing = tmp_path / "short.txt"
    listing.write_text("ICML 2026 Papers\n\n" + "\n\n".join(["too short"] * 2000)
                       + f"\n\n{ABSTRACT}\n")
    done = subprocess.run([sys.executable, "-m", "tui", "--data-dir", str(home), "add",
                           str(listing)], capture_output=True, text=True, cwd=REPO,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "1 new" in lines[0] and "2,000 skipped" in lines[0]
    assert len(lines) < 10 and lines[-1].strip() == "… and 1,995 more skipped"
    assert Path(home).is_dir()
