"""A stamp of the code that wrote something kept on disk (the first pages beside the
index, the record of a list's import), so that what other code wrote is told apart.

By content, so the same code installed anywhere matches what it wrote, and an upgrade
that changes any of the files does not. A CRC: it tells versions of the code apart,
nobody forges them (and hashlib's OpenSSL costs a launch 5-15 ms; the first frame's
stamp is read at launch).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from pathlib import Path

INDEX_ROOT = Path(__file__).parent  # what the names below are relative to


def source_crc(names: Iterable[str], *, root: Path = INDEX_ROOT,
               suffixes: tuple[str, ...] = (".py",), start: int = 0) -> int:
    """The CRC, continued from `start`, of each file of `names` under `root` (a folder
    stands for its files with one of `suffixes`, in name order), path and text: a file
    that cannot be read counts as "(missing)", a stamp still."""
    check = start
    for name in names:
        where = root / name
        files = sorted(p for p in where.iterdir() if p.suffix in suffixes) \
            if where.is_dir() else [where]
        for file in files:
            try:
                text = file.read_bytes()
            except OSError:  # moved or renamed
                text = b"(missing)"
            check = zlib.crc32(file.relative_to(root).as_posix().encode() + b"\0" + text,
                               check)
    return check
