"""Every error the library raises to its callers, in one place.

Each is a one-line message for the user (`str(error)`); the command line prints it, the
app shows it in a notification. Lower layers raise these, so none of them needs another.
"""

from __future__ import annotations

from pathlib import Path


class LibraryError(Exception):
    """A user-facing problem; str() is a one-line message."""


class PaperNotFound(LibraryError, KeyError):
    def __str__(self) -> str:
        return self.args[0]


class ListFormatError(ValueError):
    """A list file that cannot be read; str() is a one-line message naming the file."""

    def __init__(self, path: Path | str, problem: str, line: int | None = None,
                 column: int | None = None) -> None:
        self.path = Path(path)
        self.problem = problem
        self.line = line
        self.column = column
        where = str(self.path)
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {problem}")


class ExportError(LibraryError):
    """A file could not be exported where asked; the message names that place."""


class DiskFull(LibraryError):
    """No space left where the library or its index is written; says what was saved."""


class ReadOnly(LibraryError):
    """The library's folder or file may not be written: reading works, saving does not."""


class StoreError(RuntimeError):
    """The user store cannot be used; the message says why and what to do."""


class StoreDamaged(StoreError):
    """The library file is not a sound SQLite database (garbage, truncated, malformed).

    Raised before anything is written to it: the caller moves it aside, never over it.
    """

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: the library file is damaged ({reason})")


class IndexBroken(RuntimeError):
    """The search index is missing, stale or damaged: it is rebuilt from the store."""


class SearchCancelled(Exception):
    """The caller's `cancelled()` said a newer search made this one pointless."""


class LockTimeout(RuntimeError):
    """Another papers process held a lock for longer than we wait."""
