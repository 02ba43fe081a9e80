"""The paper library: reading lists, rendering abstracts, the Whoosh index, citations.

Knows nothing of Textual; the command line and the app both call `Library`.
"""

from .formats import ListFormatError
from .library import Library, LibraryError, PaperNotFound, SyncReport
from .models import Paper
from .results import Card, Results
from .store import StoreError

__all__ = ["Card", "Library", "LibraryError", "ListFormatError", "Paper", "PaperNotFound",
           "Results", "StoreError", "SyncReport"]
