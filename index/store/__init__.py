"""The user's library on disk: lists, papers, tags and edits in SQLite (all the SQL lives
here), importing a list into it, and salvaging a damaged library file."""

from .database import MAX_PRIORITY, STATUSES, ListInfo, Store, is_disk_full
from .list_import import ImportReport, import_list, remove_dead_incoming
from .recovery import RecoveryReport, damaged_message, move_aside, recover

__all__ = ["MAX_PRIORITY", "STATUSES", "ImportReport", "ListInfo", "RecoveryReport", "Store",
           "damaged_message", "import_list", "is_disk_full", "move_aside", "recover",
           "remove_dead_incoming"]
