"""The temporary copies an import writes beside the lists before it commits: how they are
named, and clearing those a dead process left. Apart from list_import (which loads the
readers) because every opening of the library clears them."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

INCOMING_PREFIX = ".incoming-"


def remove_dead_incoming(lists_dir: Path) -> list[Path]:
    """Delete temporary copies left by imports whose process died (kill -9, power loss)."""
    removed = []
    for path in lists_dir.glob(f"{INCOMING_PREFIX}*"):
        pid_text = path.name[len(INCOMING_PREFIX):].partition("-")[0]
        if pid_text.isdigit() and _alive(int(pid_text)):
            continue
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError, ValueError):
        return False
    except (PermissionError, OSError):
        return True  # someone else's live process, or we cannot tell: leave it
    return True
