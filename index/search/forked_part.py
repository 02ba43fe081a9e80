"""A large rebuild written on two cores: the first part of the papers by a forked child.

A rebuild's writer is Python, one core's work (100,000 papers: 21 s of the 92 s a ten-file
`papers add` took, the other core idle, since above MEANING_BESIDE_MAX_PAPERS the meaning
space is fitted after the index, not beside it, to stay within memory). Here a child,
forked once the parent has nothing else running, writes the first part of the papers as
an index of its own, in a folder of the new generation, while the parent writes the rest.
Its one segment is then moved into the generation and listed before the parent's by the
commit's merge policy (Whoosh's `mergetype` hook), so the documents keep the order one
writer gives them, and the ranking's statistics, counted over every segment a rebuild
writes (engine/stats.py), are the same numbers.

The child reads the store on a connection of its own (never the parent's); what went
wrong in it is raised in the parent (an OSError with its errno, so that a full disk is
reported as one).
"""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
from collections.abc import Callable
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.filedb.filestore import FileStorage

from ..cores import ForkedChild, trim_heap
from ..errors import IndexBroken

PART_FOLDER = "first-part"


def _with_errno(error: BaseException) -> str:
    """The child's error as the parent raises it again: its errno (if any), a tab, what."""
    number = error.errno if isinstance(error, OSError) else None
    return f"{number or ''}\t{type(error).__name__}: {error}"


class ForkedPart:
    """`write(folder)` run in a forked child, which makes `folder` an index of one segment.
    `segment(storage, indexname)` waits for it and moves that segment into `storage`;
    `abandon()` stops it. Call from the main thread of a process with no other thread
    running."""

    def __init__(self, folder: Path, write: Callable[[Path], None]) -> None:
        self.folder = folder

        def work() -> str:
            write(folder)
            return ""

        # What the import freed goes back first: the child would share, and copy, it.
        trim_heap()
        # The parent's objects left out of the child's collections: a collection writes
        # to every object it visits, which would copy the pages the two share.
        gc.freeze()
        try:
            self._child = ForkedChild(work, describe=_with_errno, interruptible=False)
        finally:
            gc.unfreeze()  # (in the parent: the child never returns from ForkedChild)

    @property
    def pid(self) -> int:
        return self._child.pid

    def segment(self, storage: FileStorage, indexname: str):
        """The child's segment, its files moved into `storage` (the generation's folder),
        once the child has ended; what failed in it is raised here."""
        said, _ = self._child.communicate()
        if self._child.returncode != 0:
            number, _, message = (said.rstrip("\n") or
                                  f"\tit ended with status {self._child.returncode}"
                                  ).partition("\t")
            if number:
                raise OSError(int(number), f"writing the index's first part: {message}")
            raise IndexBroken(f"writing the index's first part failed: {message}")
        part = FileStorage(str(self.folder))
        [segment] = whoosh_index.TOC.read(part, indexname).segments
        files = segment.list_files(part)
        if not files:
            raise IndexBroken(f"the index's first part left no files in {self.folder}")
        for name in files:
            os.replace(self.folder / name, Path(storage.folder) / name)
        shutil.rmtree(self.folder, ignore_errors=True)
        return segment

    def abandon(self) -> None:
        """Stop the child (the rebuild failed or was interrupted) and wait for it."""
        if self._child.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self._child.terminate()
        self._child.communicate()
        shutil.rmtree(self.folder, ignore_errors=True)
