"""Measured fixes to Whoosh (whoosh-reloaded 2.7.5), applied on import.

1. While writing postings, Whoosh asks the segment for each posting's field length. For
   a field with no length column (unscored fields) its reader looked the column file up
   on disk every time, one stat() per posting: profiling a 2,000-paper import showed half
   a million stats and a third of the build time. Remembering the absence too removes
   them; the segment being read is immutable, so the answer cannot change.
2. A segment is memory-mapped, but each file inside it was then wrapped in `BytesIO`,
   which copies it: opening a 100,000-paper index took 700 MB (the whole postings file,
   twice over with the page cache). Reading through the mapping copies only what is read.
3. A posting block's document numbers and weights were pickled as tuples of Python
   numbers: unpickling 256 objects was most of the cost of reading a posting list. They
   are written as packed arrays (one typecode byte, then the machine's native bytes),
   which unpickle as two byte strings and load into numpy without a loop. The same
   for positions (a tuple of 128 byte strings): one string of lengths and one of the
   positions, split only when a phrase or the highlighter asks. Blocks in the old form
   are still read.
6. Whoosh compressed each block whole and pickled it, so ranking, which reads only
   document numbers and weights, inflated and unpickled the positions too: two thirds
   of reading a posting list. A block's data is now flat (`block_data`): numbers and
   weights as packed arrays (weights as small integers when they are counts), then the
   positions, compressed on their own. Its header keeps the pickled tuple Whoosh reads,
   written with fixed-width numbers so that a reader can skip it without unpickling.
4. Writing a segment handles every posting (half a million for 2,000 papers) in Python
   several times over: into the pool, out of it, into a block. The per-posting work that
   produced nothing is gone: type assertions on values Whoosh made itself, and a
   field-length lookup through three calls for each posting, now read once per field.
   The segment written is the same.
5. A large build spills the posting pool to sorted run files and merges them. Whoosh
   pickled and unpickled each posting with its own call (a third of a 10,000-paper
   build); runs now hold lists of postings.

One correctness fix: `a ANDNOT b` kept its first match when b's postings started before
it (`graph -neural` could return a paper containing "neural"). Phrases and ranges still
run on Whoosh's matchers, so the check is made from the first posting on.
"""

from __future__ import annotations

import pickle
import struct
import zlib
from array import array
from itertools import accumulate, islice, pairwise

from whoosh import writing
from whoosh.codec import base, whoosh3
from whoosh.filedb import structfile
from whoosh.matching.binary import AndNotMatcher
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.util.numlists import delta_decode

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

    def peek(self, size: int = 0) -> bytes:
        # With peek, pickle.load reads a posting block's header in one call instead
        # of about twenty small reads.
        end = min(self._position + max(size, 4096), len(self._view))
        return self._view[self._position:end].tobytes()

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


_ID_TYPECODES = ("B", "H", "I", "Q")


def packed(typecode: str, numbers) -> bytes:
    return typecode.encode() + array(typecode, numbers).tobytes()


def unpacked(data: bytes) -> array:
    numbers = array(chr(data[0]))
    numbers.frombytes(data[1:])
    return numbers


def _mini_ids(self):
    if self._byteids:
        return tuple(self._ids)
    deltas = [self._ids[0]] + [b - a for a, b in pairwise(self._ids)]
    largest = max(deltas)
    typecode = next(code for code in _ID_TYPECODES
                    if largest < 1 << (8 * array(code).itemsize))
    return packed(typecode, deltas)


def _mini_weights(self):
    weights = self._weights
    if all(w == 1.0 for w in weights):
        return None
    if all(w == weights[0] for w in weights):
        return weights[0]
    counts = [int(w) for w in weights]
    if counts == list(weights) and min(counts) >= 0 and max(counts) < 65536:
        # Term counts: one or two bytes each instead of a 4-byte float.
        return packed("B" if max(counts) < 256 else "H", counts)
    return packed("f", weights)


def _mini_values(self):
    values = self._values
    fixedsize = self._format.fixed_value_size()
    if (fixedsize is None or fixedsize < 0) and all(type(v) is bytes for v in values):
        lengths = [len(v) for v in values]
        typecode = "B" if max(lengths, default=0) < 256 else "I"
        return packed(typecode, lengths) + b"".join(values)
    return _original_mini_values(self)


def _read_values(self):
    if self._data is None:
        self._read_data()
    if len(self._data) == 4:  # (ids, weights, values, values compressed)
        ids, weights, data, squeezed = self._data
        self._data = (ids, weights, zlib.decompress(data) if squeezed else data)
    data = self._data[2]
    fixedsize = self._fixedsize
    if isinstance(data, bytes) and (fixedsize is None or fixedsize < 0):
        typecode = chr(data[0])
        start = 1 + self._blocklength * array(typecode).itemsize
        lengths = array(typecode)
        lengths.frombytes(data[1:start])
        values = []
        for length in lengths:
            values.append(data[start:start + length])
            start += length
        self._values = tuple(values)
    else:
        _original_read_values(self)


_SQUEEZE_FROM = 64  # bytes of values: smaller ones gain nothing from zlib
_I32, _F64 = struct.Struct("<i"), struct.Struct(">d")  # pickle's BININT and BINFLOAT
# The block header Whoosh unpickles, (count, last id, max weight, compression, shortest,
# longest), as protocol-2 opcodes of fixed width: MARK, BININT, BININT, BINFLOAT, BININT x3,
# TUPLE, STOP.
BLOCK_INFO_START = b"\x80\x02(J"
BLOCK_INFO_SIZE = 39
# The block data: id typecode, weights (WEIGHTS_ONE, WEIGHTS_SAME or a typecode), values
# (VALUES_NONE, VALUES_RAW, VALUES_ZLIB), then the byte sizes of the three parts.
BLOCK_DATA = struct.Struct("<ccc4xIII")
WEIGHTS_ONE, WEIGHTS_SAME = b"1", b"="
SAME_WEIGHT = struct.Struct("<d")  # the one weight of WEIGHTS_SAME
VALUES_NONE, VALUES_RAW, VALUES_ZLIB = b"0", b"r", b"z"
_ID_CODES = {code.encode() for code in _ID_TYPECODES}


def block_info(count: int, last_id: int, max_weight: float, shortest: int,
               longest: int) -> bytes:
    info = b"".join((BLOCK_INFO_START, _I32.pack(count), b"J", _I32.pack(last_id),
                     b"G", _F64.pack(float(max_weight)), b"J", _I32.pack(0),
                     b"J", _I32.pack(shortest), b"J", _I32.pack(longest), b"t."))
    assert len(info) == BLOCK_INFO_SIZE
    return info


def block_data(ids, weights, values, squeeze_level: int) -> bytes:
    """A block's data in the flat layout; Whoosh's pickled tuple for anything else."""
    if isinstance(values, bytes) and squeeze_level and len(values) >= _SQUEEZE_FROM:
        values, value_kind = zlib.compress(values, squeeze_level), VALUES_ZLIB
    else:
        value_kind = VALUES_NONE if values is None else VALUES_RAW
    if weights is None:
        weight_kind, weight_bytes = WEIGHTS_ONE, b""
    elif isinstance(weights, float | int):
        weight_kind, weight_bytes = WEIGHTS_SAME, SAME_WEIGHT.pack(weights)
    elif isinstance(weights, bytes):
        weight_kind, weight_bytes = weights[:1], weights[1:]
    else:
        weight_kind = None
    if not isinstance(ids, bytes) or weight_kind is None \
            or not isinstance(values, bytes | None):
        return pickle.dumps((ids, weights, values, value_kind == VALUES_ZLIB), 2)
    values = values or b""
    return b"".join((BLOCK_DATA.pack(ids[:1], weight_kind, value_kind, len(ids) - 1,
                                     len(weight_bytes), len(values)),
                     ids[1:], weight_bytes, values))


def read_block_data(data: bytes) -> tuple:
    """(ids, weights, values, values compressed) in the forms the readers below take."""
    if data[:1] not in _ID_CODES:
        return pickle.loads(data)
    id_code, weight_kind, value_kind, id_size, weight_size, value_size = \
        BLOCK_DATA.unpack_from(data)
    at = BLOCK_DATA.size
    ids = id_code + data[at:at + id_size]
    at += id_size
    if weight_kind == WEIGHTS_ONE:
        weights = None
    elif weight_kind == WEIGHTS_SAME:
        (weights,) = SAME_WEIGHT.unpack_from(data, at)
    else:
        weights = weight_kind + data[at:at + weight_size]
    at += weight_size
    values = None if value_kind == VALUES_NONE else data[at:at + value_size]
    return ids, weights, values, value_kind == VALUES_ZLIB


def _write_block(self, last=False):
    # Whoosh's own, with the block's header and data in the layout above (item 6).
    if not self._blockcount:
        self._postfile.write(whoosh3.WHOOSH3_HEADER_MAGIC)
    self._terminfo.add_block(self)
    ids = self._ids
    infobytes = block_info(len(ids), ids[-1], self._maxweight,
                           length_to_byte(self._minlength), length_to_byte(self._maxlength))
    databytes = block_data(self._mini_ids(), self._mini_weights(), self._mini_values(),
                           self._compression)
    blocklength = len(infobytes) + len(databytes)
    postfile = self._postfile
    postfile.write_int(-blocklength if last else blocklength)
    postfile.write(infobytes)
    postfile.write(databytes)
    self._blockcount += 1
    self._new_block()


def _read_data(self):
    data = self._postfile.get(self._dataoffset, self._nextoffset - self._dataoffset)
    if self._compression:  # a block Whoosh wrote
        data = zlib.decompress(data)
    self._data = read_block_data(data)


def _read_ids(self):
    if self._data is None:
        self._read_data()
    ids = self._data[0]
    if isinstance(ids, bytes):
        ids = tuple(accumulate(unpacked(ids)))
    elif not self._byteids:
        ids = tuple(delta_decode(ids))
    self._ids = ids


def _read_weights(self):
    if self._data is None:
        self._read_data()
    weights = self._data[1]
    if weights is None:
        self._weights = array("f", [1.0]) * self._blocklength
    elif isinstance(weights, float):
        self._weights = array("f", [weights]) * self._blocklength
    elif isinstance(weights, bytes):
        self._weights = unpacked(weights)
    else:
        self._weights = weights


_original_mini_values = whoosh3.W3PostingsWriter._mini_values
_original_read_values = whoosh3.W3LeafMatcher._read_values

def _pool_add(self, item):
    # item = (fieldname, tbytes, docnum, weight, vbytes); the size is Whoosh's estimate
    self.fieldnames.add(item[0])
    self.currentsize += 150 + len(item[0]) + 2 * len(item[1]) + len(item[4] or b"")
    if self.currentsize > self.limit:
        self.save()
    self.current.append(item)


def _add_posting(self, id_, weight, vbytes, length=None):
    if len(self._ids) >= self._blocklimit:
        self._write_block()
    self._ids.append(id_)
    self._weights.append(weight)
    if weight > self._maxweight:
        self._maxweight = weight
    if vbytes:
        self._values.append(vbytes)
    if length:
        if self._minlength is None or length < self._minlength:
            self._minlength = length
        if length > self._maxlength:
            self._maxlength = length


def _field_lengths(lengths, fieldname: str):
    """docnum -> the field's length (None when it has none), as doc_field_length."""
    if lengths is None:
        return None
    if type(lengths) is not whoosh3.W3PerDocReader:
        return lambda docnum: lengths.doc_field_length(docnum, fieldname)
    column = lengths._cached_reader(whoosh3._lenfield(fieldname), whoosh3.LENGTHS_COLUMN)
    if column is None:
        return None  # an unscored field
    table = [byte_to_length(b) if b else None
             for b in (column[docnum] for docnum in range(lengths.doc_count_all()))]
    return table.__getitem__


def _add_postings(self, schema, lengths, items):
    """FieldWriter.add_postings with each field's lengths read once, not per posting."""
    lastfn = lasttext = None
    length_of = add = None
    for fieldname, btext, docnum, weight, value in items:
        if fieldname != lastfn:
            if lastfn is not None and fieldname < lastfn:
                raise base.OutOfOrderError(f"Field {lastfn!r} .. {fieldname!r}")
            if lasttext is not None:
                self.finish_term()
            if lastfn is not None:
                self.finish_field()
            self.start_field(fieldname, schema[fieldname])
            lastfn, lasttext = fieldname, None
            length_of = _field_lengths(lengths, fieldname)
        if btext != lasttext:
            if lasttext and btext < lasttext:
                raise base.OutOfOrderError(
                    f"Term {lastfn}:{lasttext!r} .. {fieldname}:{btext!r}")
            if docnum == -1:  # Whoosh's marker for a spelling word: no posting
                continue
            if lasttext is not None:
                self.finish_term()
            self.start_term(btext)
            lasttext = btext
            add = self._postwriter.add_posting
        elif docnum == -1:
            continue
        add(docnum, weight, value or b"", length_of(docnum) if length_of else 0)
    if lasttext is not None:
        self.finish_term()
    self._fieldid = self._btext = self._fieldobj = self._format = None


_RUN_CHUNK = 1024  # postings per pickle in a run file; one chunk per run is in memory


def _write_run(self, f, items):
    items = iter(items)
    try:
        while chunk := list(islice(items, _RUN_CHUNK)):
            pickle.dump(chunk, f, pickle.HIGHEST_PROTOCOL)
    finally:
        f.close()


def _read_run(self, path):
    f = self._open_run(path)
    try:
        while True:
            try:
                chunk = pickle.load(f)
            except EOFError:
                return
            yield from chunk
    finally:
        f.close()
        self._remove_run(path)


whoosh3.W3PerDocReader._cached_reader = _cached_reader
whoosh3.W3PostingsWriter._mini_values = _mini_values
whoosh3.W3LeafMatcher._read_values = _read_values
whoosh3.W3PostingsWriter._mini_ids = _mini_ids
whoosh3.W3PostingsWriter._mini_weights = _mini_weights
whoosh3.W3PostingsWriter._write_block = _write_block
whoosh3.W3LeafMatcher._read_data = _read_data
whoosh3.W3LeafMatcher._read_ids = _read_ids
whoosh3.W3LeafMatcher._read_weights = _read_weights
structfile.BufferFile.__init__ = _buffer_file_init
writing.PostingPool.add = _pool_add
writing.PostingPool._write_run = _write_run
writing.PostingPool._read_run = _read_run
whoosh3.W3PostingsWriter.add_posting = _add_posting
whoosh3.W3FieldWriter.add_postings = _add_postings


def _find_first(self):
    # Whoosh checked only for b sitting exactly on a's first match; _find_next first
    # moves b up to a, which is what the first match needs as much as every other.
    if self.a.is_active() and self.b.is_active():
        self._find_next()


AndNotMatcher._find_first = _find_first
