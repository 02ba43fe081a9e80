"""One term's whole posting list, read from a Whoosh 3 segment's memory maps into arrays.

Whoosh reads postings through a matcher built per term: a second lookup of the term, a
header check, and block headers read through half a dozen file calls. That came to
20-25 µs per term and field before the first posting, and a four-word query looks up
sixteen of them: most of a search in a library of a few hundred papers. Here the term
table (Whoosh's on-disk hash table) and the postings are read straight from the
segment's buffers, in the block layout `whoosh_speedups` writes (and Whoosh's own).
"""

from __future__ import annotations

import io
import pickle
import struct
import zlib
from collections.abc import Iterator
from hashlib import md5
from itertools import accumulate

import numpy as np
from whoosh.codec.whoosh3 import W3TermInfo
from whoosh.filedb.filetables import md5_hash

from .whoosh_speedups import (
    BLOCK_DATA,
    BLOCK_INFO_SIZE,
    BLOCK_INFO_START,
    SAME_WEIGHT,
    WEIGHTS_ONE,
    WEIGHTS_SAME,
    read_block_data,
)

_SLOT = struct.Struct("!Iq")  # hash table slot: key hash, item position
_ITEM = struct.Struct("!ii")  # item: key length, value length
_EXTENT = struct.Struct("!qi")  # a term's postings: offset, length
_BLOCK_LENGTH = struct.Struct("!i")  # negative for the last block
_BLOCK_HEAD = struct.Struct(f"!i{len(BLOCK_INFO_START)}s")  # the length, then the header's start
_TERM_INFO_SIZE = W3TermInfo._struct.size
_HEADER_SIZE = 4  # WHOOSH3_HEADER_MAGIC before the first block

# Document numbers (in the segment) and weights; None for weights when all are 1, which
# is common (a word once in a title) and lets the ranker skip arithmetic.
Arrays = tuple[np.ndarray, np.ndarray | None]
Lists = tuple[list[int], list[float] | None]


class Unsupported(Exception):
    """A query shape or an index layout only Whoosh's matchers read."""


def _fast_md5(key: bytes) -> int:
    """Whoosh's md5_hash (the low 32 bits of the hex digest), without the hex round trip."""
    return int.from_bytes(md5(key, usedforsecurity=False).digest()[12:], "big")


class SegmentPostings:
    """Reads posting lists of one segment (a leaf reader of a Whoosh searcher)."""

    def __init__(self, reader) -> None:
        terms = getattr(reader, "_terms", None)
        table = getattr(terms, "_tindex", None)
        postfile = getattr(terms, "_postfile", None)
        if table is None or not hasattr(table.dbfile, "_buf") \
                or not hasattr(postfile, "_buf"):
            raise Unsupported(f"postings of a {type(reader).__name__}")
        self.segment_id = reader.segment().segment_id()
        self.term_count = table.indexlen  # every field's
        self._fields = terms._fieldmap
        self._table_reader = table
        self._tables = table.tables
        # Terms of some fields held in a dict (load_terms): no hashing or probing.
        self._loaded: dict[bytes, bytes] = {}
        self._loaded_fields: frozenset[bytes] = frozenset()
        self._hash = _fast_md5 if table.hashfn is md5_hash else table.hashfn
        self._table = table.dbfile._buf
        self._postings = postfile._buf

    @property
    def loaded_terms(self) -> tuple[dict[bytes, bytes], frozenset[bytes]]:
        return self._loaded, self._loaded_fields

    @loaded_terms.setter
    def loaded_terms(self, value: tuple[dict[bytes, bytes], frozenset[bytes]]) -> None:
        self._loaded, self._loaded_fields = value

    def load_terms(self, fieldnames, most: int = 100_000) -> None:
        """Hold the term table's entries for `fieldnames` in memory (Lucene keeps its
        terms index in memory too), a field at a time while it has at most `most` terms.
        Reading them is a walk through the table's sorted keys: 50 ms for the real ICML
        2023 list, whose four ranked fields have 19,000 terms."""
        table, buf = self._table_reader, self._table
        loaded, fields = dict(self._loaded), set(self._loaded_fields)
        for fieldname in fieldnames:
            number = self._fields.get(fieldname)
            if number is None:
                continue
            prefix = number.to_bytes(2, "big")
            position = table.closest_key_pos(prefix)
            entries = {}
            while position is not None and position < table.endofdata \
                    and len(entries) <= most:
                keylength, valuelength = _ITEM.unpack_from(buf, position)
                keystart = position + _ITEM.size
                key = bytes(buf[keystart:keystart + keylength])
                if key[:2] != prefix:
                    break
                position = keystart + keylength + valuelength
                entries[key] = bytes(buf[keystart + keylength:position])
            if len(entries) <= most:
                loaded.update(entries)
                fields.add(prefix)
        self._loaded, self._loaded_fields = loaded, frozenset(fields)

    def _value(self, key: bytes) -> bytes | None:
        """The term table's value for `key`: Whoosh's HashReader lookup, unrolled."""
        if key[:2] in self._loaded_fields:
            return self._loaded.get(key)
        keyhash = self._hash(key)
        start, slots = self._tables[keyhash & 255]
        if not slots:
            return None
        buf = self._table
        slot = (keyhash >> 8) % slots
        for _ in range(slots):
            slothash, item = _SLOT.unpack_from(buf, start + slot * _SLOT.size)
            if not item:
                return None
            if slothash == keyhash:
                keylength, valuelength = _ITEM.unpack_from(buf, item)
                keystart = item + _ITEM.size
                if keylength == len(key) and buf[keystart:keystart + keylength] == key:
                    return bytes(buf[keystart + keylength:keystart + keylength + valuelength])
            slot = (slot + 1) % slots
        return None

    def _info(self, fieldname: str, btext: bytes) -> bytes | None:
        number = self._fields.get(fieldname)
        return None if number is None else self._value(number.to_bytes(2, "big") + btext)

    def read(self, fieldname: str, btext: bytes) -> Arrays | None:
        """The term's document numbers (ascending) and weights (None: all 1); None if
        the term is absent."""
        info = self._info(fieldname, btext)
        if info is None:
            return None
        if info[0]:  # a term in one document: its postings sit in the term info
            ids, weights, _values = pickle.loads(info[_TERM_INFO_SIZE:])
            return np.asarray(ids, dtype=np.int64), _weights(weights, len(ids))
        offset, _length = _EXTENT.unpack_from(info, _TERM_INFO_SIZE)
        return self._blocks(offset + _HEADER_SIZE)

    def read_lists(self, fieldname: str, btext: bytes) -> Lists | None:
        """`read` as Python lists, for lists so short that numpy's cost per call is most
        of the work."""
        info = self._info(fieldname, btext)
        if info is None:
            return None
        if info[0]:
            ids, weights, _values = pickle.loads(info[_TERM_INFO_SIZE:])
            return list(ids), None if weights is None else [float(w) for w in weights]
        offset, _length = _EXTENT.unpack_from(info, _TERM_INFO_SIZE)
        parts = [_flat_block_lists(self._postings, start) if flat
                 else _as_lists(_pickled_block(self._postings[start:end]))
                 for start, end, flat in self._block_spans(offset + _HEADER_SIZE)]
        if len(parts) == 1:
            return parts[0]
        ids = [docnum for part_ids, _weights in parts for docnum in part_ids]
        if all(part_weights is None for _ids, part_weights in parts):
            return ids, None
        return ids, [weight for part_ids, part_weights in parts
                     for weight in (part_weights or [1.0] * len(part_ids))]

    def _blocks(self, position: int) -> Arrays:
        parts = [_flat_block(self._postings, start) if flat
                 else _pickled_block(self._postings[start:end])
                 for start, end, flat in self._block_spans(position)]
        if len(parts) == 1:
            return parts[0]
        id_parts = [ids for ids, _weights in parts]
        return np.concatenate(id_parts), join_weights(id_parts, [w for _i, w in parts])

    def _block_spans(self, position: int) -> Iterator[tuple[int, int, bool]]:
        """Each block of the posting list at `position`: where its data starts (after
        the header, for a flat block) and ends, and whether it is in the flat layout."""
        buf = self._postings
        while True:
            length, opening = _BLOCK_HEAD.unpack_from(buf, position)
            start = position + _BLOCK_LENGTH.size
            position = start + abs(length)
            if opening == BLOCK_INFO_START:
                yield start + BLOCK_INFO_SIZE, position, True
            else:
                yield start, position, False
            if length < 0:
                return


def join_weights(id_parts: list[np.ndarray], weight_parts: list) -> np.ndarray | None:
    """Weights of consecutive parts as one array (None if every part's are all 1)."""
    if all(w is None for w in weight_parts):
        return None
    return np.concatenate([np.ones(len(ids)) if w is None else w
                           for ids, w in zip(id_parts, weight_parts, strict=True)])


_DTYPES = {code: np.dtype(code.decode()) for code in (b"B", b"H", b"I", b"Q", b"f", b"d")}


def _flat_block(buf, at: int) -> Arrays:
    """A block in whoosh_speedups' flat layout, read in place from the memory map."""
    id_code, weight_kind, _values, id_size, weight_size, _value_size = \
        BLOCK_DATA.unpack_from(buf, at)
    at += BLOCK_DATA.size
    id_type = _DTYPES[id_code]
    count = id_size // id_type.itemsize
    # (np.add.accumulate: np.cumsum's Python wrapper costs more than the sum)
    ids = np.add.accumulate(np.frombuffer(buf, id_type, count, at), dtype=np.int64)
    at += id_size
    if weight_kind == WEIGHTS_ONE:
        weights = None
    elif weight_kind == WEIGHTS_SAME:
        weights = np.full(count, SAME_WEIGHT.unpack_from(buf, at)[0])
    else:
        weight_type = _DTYPES[weight_kind]
        weights = np.frombuffer(buf, weight_type, weight_size // weight_type.itemsize,
                                at).astype(np.float64)
    return ids, weights


def _flat_block_lists(buf, at: int) -> Lists:
    """_flat_block as lists (a block's first id is whole, the rest are differences)."""
    id_code, weight_kind, _values, id_size, weight_size, _value_size = \
        BLOCK_DATA.unpack_from(buf, at)
    at += BLOCK_DATA.size
    ids = list(accumulate(buf[at:at + id_size].cast(id_code.decode())))
    at += id_size
    if weight_kind == WEIGHTS_ONE:
        return ids, None
    if weight_kind == WEIGHTS_SAME:
        return ids, [SAME_WEIGHT.unpack_from(buf, at)[0]] * len(ids)
    return ids, [float(w) for w in buf[at:at + weight_size].cast(weight_kind.decode())]


def _as_lists(arrays: Arrays) -> Lists:
    ids, weights = arrays
    return ids.tolist(), None if weights is None else weights.tolist()


def _pickled_block(block: memoryview) -> Arrays:
    """A block as Whoosh writes it: a pickled header, then the pickled, perhaps
    compressed, data."""
    stream = io.BytesIO(block)
    count, _last_id, _max_weight, compression, _shortest, _longest = pickle.load(stream)
    data = stream.read()
    ids, weights = read_block_data(zlib.decompress(data) if compression else data)[:2]
    if not isinstance(ids, bytes):
        raise Unsupported("posting ids not in packed form")
    return np.add.accumulate(_packed(ids), dtype=np.int64), _weights(weights, count)


def _weights(weights, count: int) -> np.ndarray | None:
    """Whoosh stores a block's weights as None (all 1, kept as None), one number (all
    equal) or a sequence: packed (whoosh_speedups) or a tuple of floats."""
    if weights is None:
        return None
    if isinstance(weights, float | int):
        return np.full(count, float(weights), dtype=np.float64)
    if isinstance(weights, bytes):
        return _packed(weights).astype(np.float64)
    return np.asarray(weights, dtype=np.float64)


def _packed(data: bytes) -> np.ndarray:
    """An array packed by whoosh_speedups.packed (typecode byte, native bytes), unread."""
    return np.frombuffer(data, dtype=chr(data[0]), offset=1)
