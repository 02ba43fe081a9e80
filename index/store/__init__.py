"""The user's library on disk: lists, papers, tags and edits in SQLite (all the SQL lives
here), importing a list into it, and salvaging a damaged library file.

Each name is imported from its module when it is first used (PEP 562): opening a library
needs only the database, while importing a list loads every reader (index.ingest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

_HOMES = {
    ".database": ("MAX_PRIORITY", "STATUSES", "ListInfo", "Store", "is_disk_full"),
    ".incoming": ("remove_dead_incoming",),
    ".list_import": ("ImportReport", "import_list"),
    ".recovery": ("RecoveryReport", "damaged_message", "move_aside", "recover"),
}

__all__ = ["MAX_PRIORITY", "STATUSES", "ImportReport", "ListInfo", "RecoveryReport", "Store",
           "damaged_message", "import_list", "is_disk_full", "move_aside", "recover",
           "remove_dead_incoming"]


__getattr__, __dir__ = lazy_exports(__name__, _HOMES, globals(), __all__)


if TYPE_CHECKING:  # what type checkers and readers see: the same names, imported
    from .database import MAX_PRIORITY, STATUSES, ListInfo, Store, is_disk_full
    from .incoming import remove_dead_incoming
    from .list_import import ImportReport, import_list
    from .recovery import RecoveryReport, damaged_message, move_aside, recover
