"""The user's library on disk: lists, papers, tags and edits in SQLite (all the SQL lives
here), importing a list into it, and salvaging a damaged library file.

Each name is imported from its module when it is first used (PEP 562): opening a library
needs only the database, while importing a list loads every reader (index.ingest).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

_HOMES = {
    ".database": ("MAX_PRIORITY", "STATUSES", "ListInfo", "Store", "is_disk_full"),
    ".incoming": ("remove_dead_incoming",),
    ".list_import": ("ImportReport", "import_list"),
    ".recovery": ("RecoveryReport", "damaged_message", "move_aside", "recover"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = ["MAX_PRIORITY", "STATUSES", "ImportReport", "ListInfo", "RecoveryReport", "Store",
           "damaged_message", "import_list", "is_disk_full", "move_aside", "recover",
           "remove_dead_incoming"]


def __getattr__(name: str):
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # what type checkers and readers see: the same names, imported
    from .database import MAX_PRIORITY, STATUSES, ListInfo, Store, is_disk_full
    from .incoming import remove_dead_incoming
    from .list_import import ImportReport, import_list
    from .recovery import RecoveryReport, damaged_message, move_aside, recover
