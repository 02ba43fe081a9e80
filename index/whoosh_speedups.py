"""Two measured fixes to Whoosh (whoosh-reloaded 2.7.5), applied on import.

1. While writing postings, Whoosh asks the segment for each posting's field length. For
   a field with no length column (unscored fields) its reader looked the column file up
   on disk every time, one stat() per posting: profiling a 2,000-paper import showed half
   a million stats and a third of the build time. Remembering the absence too removes
   them; the segment being read is immutable, so the answer cannot change.
2. A segment is memory-mapped, but each file inside it was then wrapped in `BytesIO`,
   which copies it: opening a 100,000-paper index took 700 MB (the whole postings file,
   twice over with the page cache). Reading through the mapping copies only what is read.
"""

from __future__ import annotations

from whoosh.codec import whoosh3
from whoosh.filedb import structfile

_MISSING = object()


def _cached_reader(self, fieldname, column):
    reader = self._readers.get(fieldname, _MISSING)
    if reader is _MISSING:
        reader = None
        if self.has_column(fieldname):
            reader = self.column_reader(fieldname, column)
        self._readers[fieldname] = reader
    return reader


class _ViewReader:
    """A read-only file over a buffer (a slice of a memory map): no up-front copy."""

    def __init__(self, buffer) -> None:
        self._view = memoryview(buffer)
        self._position = 0
        self.closed = False

    def read(self, size: int | None = -1) -> bytes:
        end = len(self._view) if size is None or size < 0 else \
            min(self._position + size, len(self._view))
        data = self._view[self._position:end].tobytes()
        self._position = end
        return data

    def readinto(self, target) -> int:
        data = self.read(len(target))
        target[:len(data)] = data
        return len(data)

    def readline(self, size: int | None = -1) -> bytes:
        limit = len(self._view) if size is None or size < 0 else \
            min(self._position + size, len(self._view))
        line = bytearray()
        while self._position < limit:
            chunk = self._view[self._position:min(self._position + 256, limit)].tobytes()
            cut = chunk.find(b"\n")
            if cut >= 0:
                line += chunk[:cut + 1]
                self._position += cut + 1
                break
            line += chunk
            self._position += len(chunk)
        return bytes(line)

    def __iter__(self):
        while line := self.readline():
            yield line

    def seek(self, offset: int, whence: int = 0) -> int:
        base = (0, self._position, len(self._view))[whence]
        self._position = max(0, base + offset)
        return self._position

    def tell(self) -> int:
        return self._position

    def flush(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


def _buffer_file_init(self, buf, name=None, onclose=None):
    self._buf = buf
    self._name = name
    self.file = _ViewReader(buf)
    self.onclose = onclose
    self.is_real = False
    self.is_closed = False


whoosh3.W3PerDocReader._cached_reader = _cached_reader
structfile.BufferFile.__init__ = _buffer_file_init
