"""Papers' Whoosh codec: Whoosh 3's, with measured fixes, through Whoosh's own extension
point.

A `SegmentWriter` takes `codec=`; each segment it writes pickles that codec into the
index's table of contents, and every later reader of the segment (`open_dir`, merges)
reads through it. So these classes are subclasses of Whoosh 3's (whoosh-reloaded 2.7.5)
and no Whoosh class is changed: an index papers writes names `PapersCodec`, and stock
Whoosh with papers importable reads it.

The module path and class names are pickled into every segment: keep them stable, or
bump `SCHEMA_VERSION` in search_index.py so that old indexes are rebuilt.

The block layout itself lives in `blocks.py`; the posting pool's fixes in `writer.py`.
"""

from __future__ import annotations

import zlib
from array import array

from whoosh.codec import base
from whoosh.codec.whoosh3 import (
    LENGTHS_COLUMN,
    WHOOSH3_HEADER_MAGIC,
    W3Codec,
    W3FieldWriter,
    W3LeafMatcher,
    W3PerDocReader,
    W3PerDocWriter,
    W3PostingsWriter,
    W3Segment,
    W3TermsReader,
    _lenfield,
)
from whoosh.filedb import filetables
from whoosh.filedb.compound import CompoundStorage
from whoosh.filedb.structfile import BufferFile
from whoosh.matching import ListMatcher
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.util.numlists import delta_decode

from . import blocks

# Postings per block (Whoosh's default is 128). Ranking reads whole posting lists, and
# each block costs a header, a decompression and a few numpy calls: with 512, multi-word
# queries on the ICML 2023 list took 1.16 ms instead of 1.45.
POSTINGS_PER_BLOCK = 512

_MISSING = object()


# -- writing postings ----------------------------------------------------------------------

class PapersPostingsWriter(W3PostingsWriter):
    """Writes blocks in the flat layout of `blocks.py`.

    Writing a segment handles every posting (half a million for 2,000 papers) in Python
    several times over; the per-posting work that produced nothing is gone: type
    assertions on values Whoosh made itself. The postings written are the same.
    """

    def add_posting(self, id_, weight, vbytes, length=None):
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

    def _write_block(self, last=False):
        # Whoosh's own, with the block's header and data in the flat layout.
        if not self._blockcount:
            self._postfile.write(WHOOSH3_HEADER_MAGIC)
        self._terminfo.add_block(self)
        ids = self._ids
        infobytes = blocks.block_info(len(ids), ids[-1], self._maxweight,
                                      length_to_byte(self._minlength),
                                      length_to_byte(self._maxlength))
        databytes = blocks.block_data(self._mini_ids(), self._mini_weights(),
                                      self._mini_values(), self._compression)
        blocklength = len(infobytes) + len(databytes)
        postfile = self._postfile
        postfile.write_int(-blocklength if last else blocklength)
        postfile.write(infobytes)
        postfile.write(databytes)
        self._blockcount += 1
        self._new_block()

    def _mini_ids(self):
        if self._byteids:  # a vector's terms: Whoosh's tuple
            return tuple(self._ids)
        return blocks.packed_ids(self._ids)

    def _mini_weights(self):
        return blocks.packed_weights(self._weights)

    def _mini_values(self):
        fixedsize = self._format.fixed_value_size()
        values = self._values
        if (fixedsize is None or fixedsize < 0) and all(type(v) is bytes for v in values):
            return blocks.packed_values(values)
        return super()._mini_values()


class PapersTermTable(filetables.OrderedHashWriter):
    """Whoosh's term table writer, with keys written many at once (`add_sorted`) and the
    file position counted instead of asked: `tell()` on the buffered file, three times
    per term, was a sixth of writing a 2,000-paper index. Each of the 256 hash buckets
    is a pair of arrays (key hashes, key positions) rather than a list of tuples: a
    tenth of the memory for a large index's terms. The file is Whoosh's."""

    def __init__(self, dbfile) -> None:
        super().__init__(dbfile)
        self._position = dbfile.tell()
        self.buckets = [(array("Q"), array("q")) for _ in range(256)]

    def add(self, key, value):
        self.add_sorted([key], [value])

    def add_sorted(self, keys: list[bytes], values: list[bytes]) -> None:
        """`add` for each key (ascending, after those added before) and its value."""
        if not keys:
            return
        if keys[0] <= self.lastkey:
            raise ValueError(f"Keys must increase: {self.lastkey!r}..{keys[0]!r}")
        position = self._position
        pack = filetables._lengths.pack
        parts: list[bytes] = []
        positions = array("q")
        for key, value in zip(keys, values, strict=True):
            positions.append(position)
            parts += (pack(len(key), len(value)), key, value)
            position += 8 + len(key) + len(value)
        self.dbfile.write(b"".join(parts))
        self._position = position
        buckets = self.buckets
        for keyhash, at in zip(map(self.hashfn, keys), positions, strict=True):
            hashes, places = buckets[keyhash & 255]
            hashes.append(keyhash)
            places.append(at)
        self.index.extend(positions)
        self.lastkey = keys[-1]

    def add_records(self, keys: list[bytes], records: bytes, positions: array,
                    hashes: list[array]) -> None:
        """add_sorted for records laid out already (batch.py packs a field's at once):
        `keys` in order, the records' bytes (filetables' layout: the key's and value's
        lengths, the key, the value) starting at the positions `positions` gives (from
        this table's position on), and per hash bucket the keys' hashes (the rest of
        their positions' bucket order is theirs)."""
        if not keys:
            return
        if keys[0] <= self.lastkey:
            raise ValueError(f"Keys must increase: {self.lastkey!r}..{keys[0]!r}")
        self.dbfile.write(records)
        for (bucket_hashes, bucket_places), (found, places) in zip(
                self.buckets, hashes, strict=True):
            bucket_hashes.extend(found)
            bucket_places.extend(places)
        index = self.index  # GrowableArray: widened as appending the largest would
        try:
            array(index.array.typecode, [positions[-1]])
        except OverflowError:
            index._retype(positions[-1])
        index.array.extend(array(index.array.typecode, positions))
        self._position += len(records)
        self.lastkey = keys[-1]

    def _write_hashes(self):
        # Whoosh's, writing each table at once rather than a slot at a time.
        dbfile = self.dbfile
        pack = filetables._pointer.pack
        empty = pack(0, 0)
        for hashes, places in self.buckets:
            slots = 2 * len(hashes)
            self.directory.append((dbfile.tell(), slots))
            table = [None] * slots
            for keyhash, at in zip(hashes, places, strict=True):
                slot = (keyhash >> 8) % slots
                while table[slot] is not None:
                    slot = (slot + 1) % slots
                table[slot] = pack(keyhash, at)
            dbfile.write(b"".join(empty if entry is None else entry for entry in table))


def _field_lengths(lengths, fieldname: str):
    """docnum -> the field's length (None when it has none), as doc_field_length."""
    if lengths is None:
        return None
    if not isinstance(lengths, W3PerDocReader):
        return lambda docnum: lengths.doc_field_length(docnum, fieldname)
    column = lengths._cached_reader(_lenfield(fieldname), LENGTHS_COLUMN)
    if column is None:
        return None  # an unscored field
    table = [byte_to_length(b) if b else None
             for b in (column[docnum] for docnum in range(lengths.doc_count_all()))]
    return table.__getitem__


class PapersFieldWriter(W3FieldWriter):
    def __init__(self, codec, storage, segment):
        # W3FieldWriter's, with papers' term table.
        self._codec, self._storage, self._segment = codec, storage, segment
        self._fieldname = self._fieldid = self._btext = None
        self._fieldobj = self._format = None
        self._tindex = PapersTermTable(self._create_file(W3Codec.TERMS_EXT))
        self._fieldmap = self._tindex.extras["fieldmap"] = {}
        self._postfile = self._create_file(W3Codec.POSTS_EXT)
        self._postwriter = None
        self._infield = False
        self.is_closed = False

    def add_postings(self, schema, lengths, items):
        """FieldWriter.add_postings with each field's lengths read once, not per posting
        through three calls."""
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

    def write_terms(self, postings) -> None:
        """Terms of the open field, after those written, with their postings built as
        arrays (batch.py)."""
        from .batch import write_field_blocks

        write_field_blocks(self._postfile, self._tindex, self._fieldid, postings,
                           self._codec._blocklimit, self._codec._compression)


# -- reading -------------------------------------------------------------------------------

class PapersLeafMatcher(W3LeafMatcher):
    """Whoosh's matcher over one posting list, reading blocks of either layout."""

    def _read_data(self):
        data = self._postfile.get(self._dataoffset, self._nextoffset - self._dataoffset)
        if self._compression:  # a block Whoosh wrote
            data = zlib.decompress(data)
        self._data = blocks.read_block_data(data)

    def _read_ids(self):
        if self._data is None:
            self._read_data()
        ids = self._data[0]
        if isinstance(ids, bytes):
            ids = blocks.ids_tuple(ids)
        elif not self._byteids:
            ids = tuple(delta_decode(ids))
        self._ids = ids

    def _read_weights(self):
        if self._data is None:
            self._read_data()
        self._weights = blocks.weights_array(self._data[1], self._blocklength)

    def _read_values(self):
        if self._data is None:
            self._read_data()
        if len(self._data) == 4:  # (ids, weights, values, values compressed)
            ids, weights, data, squeezed = self._data
            self._data = (ids, weights, zlib.decompress(data) if squeezed else data)
        data = self._data[2]
        fixedsize = self._fixedsize
        if isinstance(data, bytes) and (fixedsize is None or fixedsize < 0):
            self._values = blocks.split_values(data, self._blocklength)
        else:
            super()._read_values()


class PapersTermsReader(W3TermsReader):
    """Whoosh's term table reader, with what the ranker's direct reader
    (`postings.SegmentPostings`) reads from: the on-disk hash table and the buffers of
    the term table and postings file (None when they are not memory-mapped)."""

    @property
    def hash_table(self):
        return self._tindex

    @property
    def field_numbers(self) -> dict[str, int]:
        return self._fieldmap

    @property
    def table_buffer(self):
        return self._dbfile.buffer if isinstance(self._dbfile, MappedFile) else None

    @property
    def postings_buffer(self):
        return self._postfile.buffer if isinstance(self._postfile, MappedFile) else None


class PapersPerDocWriter(W3PerDocWriter):
    """Whoosh 3's per-document writer, with each field's lengths kept as two arrays and
    written as its length column once the segment's documents are in.

    Whoosh wrote a document's length byte for every scored field through the column
    machinery, four calls a field and a document (a twentieth of writing an index). The
    column file is the one Whoosh's NumericColumn("B") writer makes: one byte a
    document, 0 for none, up to the last document whose byte is not 0; and the fields'
    total lengths are those Whoosh adds up, in the same order.
    """

    def __init__(self, codec, storage, segment) -> None:
        super().__init__(codec, storage, segment)
        self._lengths: dict[str, tuple[array, array]] = {}  # field -> docnums, lengths

    def add_field(self, fieldname, fieldobj, value, length):
        if value is not None:
            self._storedfields[fieldname] = value
        if length:
            kept = self._lengths.get(fieldname)
            if kept is None:
                kept = self._lengths[fieldname] = (array("i"), array("i"))
            kept[0].append(self._docnum)
            kept[1].append(length)

    def close(self):
        byte_of: dict[int, int] = {}
        for fieldname, (docnums, lengths) in self._lengths.items():
            self._fieldlengths[fieldname] += sum(lengths)
            column = bytearray(docnums[-1] + 1)
            for docnum, length in zip(docnums, lengths, strict=True):
                code = byte_of.get(length)
                if code is None:
                    code = byte_of[length] = length_to_byte(length)
                column[docnum] = code
            self._cols.create_file(_lenfield(fieldname)).write(bytes(column.rstrip(b"\0")))
        self._lengths = {}
        super().close()


class PapersPerDocReader(W3PerDocReader):
    def _cached_reader(self, fieldname, column):
        # While writing postings, Whoosh asks the segment for each posting's field length.
        # For a field with no length column (unscored fields) Whoosh's reader looked the
        # column file up on disk every time, one stat() per posting: profiling a
        # 2,000-paper import showed half a million stats and a third of the build time.
        # Remembering the absence too removes them; the segment being read is immutable,
        # so the answer cannot change.
        reader = self._readers.get(fieldname, _MISSING)
        if reader is _MISSING:
            reader = None
            if self.has_column(fieldname):
                reader = self.column_reader(fieldname, column)
            self._readers[fieldname] = reader
        return reader

    def vector(self, docnum, fieldname, format_):
        if self._vpostfile is None:
            self._prep_vectors()
        offset, _length = self._vector_extent(docnum, fieldname)
        if not offset:
            raise Exception(f"Field {fieldname!r} has no vector in docnum {docnum}")
        return PapersLeafMatcher(self._vpostfile, offset, _length, format_, byteids=True)


# -- files read through the memory map -------------------------------------------------------

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
        start = (0, self._position, len(self._view))[whence]
        self._position = max(0, start + offset)
        return self._position

    def tell(self) -> int:
        return self._position

    def flush(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


class MappedFile(BufferFile):
    """A file of a compound segment, read through the memory map.

    Whoosh's BufferFile wraps its buffer in `BytesIO`, which copies it: opening a
    100,000-paper index took 700 MB (the whole postings file, twice over with the page
    cache). Reading through the mapping copies only what is read.
    """

    def __init__(self, buf, name=None, onclose=None):
        self._buf = buf
        self._name = name
        self.file = _ViewReader(buf)
        self.onclose = onclose
        self.is_real = False
        self.is_closed = False

    @property
    def buffer(self) -> memoryview:
        """The file's bytes, in place."""
        return self._buf

    def subset(self, position, length, name=None):
        return MappedFile(self._buf[position:position + length], name=name or self._name)


class MappedCompoundStorage(CompoundStorage):
    """A compound segment file whose files are `MappedFile`s over its memory map."""

    def open_file(self, name, *args, **kwargs):
        if self.is_closed or not self._source:
            return super().open_file(name, *args, **kwargs)
        offset, length = self.range(name)
        return MappedFile(memoryview(self._source)[offset:offset + length], name=name)


class PapersSegment(W3Segment):
    def open_compound_file(self, storage):
        dbfile = storage.open_file(self.make_filename(self.COMPOUND_EXT))
        return MappedCompoundStorage(dbfile, use_mmap=storage.supports_mmap)


# -- the codec -------------------------------------------------------------------------------

class PapersCodec(W3Codec):
    """W3Codec making the classes above. Pickled into every segment: keep it picklable
    (plain attributes only) and its module path stable."""

    def __init__(self, blocklimit=POSTINGS_PER_BLOCK, compression=3, inlinelimit=1):
        super().__init__(blocklimit=blocklimit, compression=compression,
                         inlinelimit=inlinelimit)

    def field_writer(self, storage, segment):
        return PapersFieldWriter(self, storage, segment)

    def postings_writer(self, dbfile, byteids=False):
        return PapersPostingsWriter(dbfile, blocklimit=self._blocklimit, byteids=byteids,
                                    compression=self._compression,
                                    inlinelimit=self._inlinelimit)

    def postings_reader(self, dbfile, terminfo, format_, term=None, scorer=None):
        if terminfo.is_inlined():
            ids, weights, values = terminfo.inlined_postings()
            return ListMatcher(ids, weights, values, format_, scorer=scorer, term=term,
                               terminfo=terminfo)
        offset, length = terminfo.extent()
        return PapersLeafMatcher(dbfile, offset, length, format_, term=term, scorer=scorer)

    def per_document_writer(self, storage, segment):
        return PapersPerDocWriter(self, storage, segment)

    def per_document_reader(self, storage, segment):
        return PapersPerDocReader(storage, segment)

    def terms_reader(self, storage, segment):
        tiname = segment.make_filename(self.TERMS_EXT)
        tilen = storage.file_length(tiname)
        tifile = storage.open_file(tiname)
        postfile = segment.open_file(storage, self.POSTS_EXT)
        return PapersTermsReader(self, tifile, tilen, postfile)

    def new_segment(self, storage, indexname):
        return PapersSegment(self, indexname)
