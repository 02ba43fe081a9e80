"""One term's whole posting list, read from a Whoosh 3 segment's memory maps into arrays.

Whoosh reads postings through a matcher built per term: a second lookup of the term, a
header check, and block headers read through half a dozen file calls. That came to
20-25 µs per term and field before the first posting, and a four-word query looks up
sixteen of them: most of a search in a library of a few hundred papers. Here the term
table (Whoosh's on-disk hash table) and the postings are read straight from the
segment's buffers, which papers' codec (`codec.py`) exposes; the blocks are read by
`blocks.py`, which alone knows their layout.
"""

from __future__ import annotations

import pickle
import struct
from collections.abc import Iterator
from hashlib import md5

from whoosh.codec.whoosh3 import W3TermInfo
from whoosh.filedb.filetables import md5_hash

from ...giving_way import give_way
from . import blocks
from .blocks import Arrays, Lists, join_weights
from .codec import PapersTermsReader

__all__ = ["Arrays", "Lists", "SegmentPostings", "Unsupported", "join_weights"]

_SLOT = struct.Struct("!Iq")  # hash table slot: key hash, item position
_ITEM = struct.Struct("!ii")  # item: key length, value length
GIVE_WAY_EVERY = 4_096  # terms read between turns given to others (giving_way.py)
_EXTENT = struct.Struct("!qi")  # a term's postings: offset, length
_TERM_INFO_SIZE = W3TermInfo._struct.size
# A term info opens with flags (B) and total weight (f), then the document frequency (I).
_DOC_FREQUENCY, _DOC_FREQUENCY_AT = struct.Struct("!I"), struct.calcsize("!Bf")
_FREQUENCY_AFTER_FLAGS_AND_WEIGHT = W3TermInfo._struct.format.startswith("!BfI")


class Unsupported(Exception):
    """A query shape or an index layout only Whoosh's matchers read."""


def _fast_md5(key: bytes) -> int:
    """Whoosh's md5_hash (the low 32 bits of the hex digest), without the hex round trip."""
    return int.from_bytes(md5(key, usedforsecurity=False).digest()[12:], "big")


class SegmentPostings:
    """Reads posting lists of one segment (a leaf reader of a Whoosh searcher)."""

    def __init__(self, reader) -> None:
        # (A SegmentReader has no public accessor for its terms reader.)
        terms = getattr(reader, "_terms", None)
        if not isinstance(terms, PapersTermsReader) or terms.table_buffer is None \
                or terms.postings_buffer is None:
            raise Unsupported(f"postings of a {type(reader).__name__}")
        table = terms.hash_table
        self.segment_id = reader.segment().segment_id()
        self.term_count = table.indexlen  # every field's
        self._fields = terms.field_numbers
        self._table_reader = table
        self._tables = table.tables
        # Terms of some fields held in a dict (load_terms): no hashing or probing.
        self._loaded: dict[bytes, bytes] = {}
        self._loaded_fields: frozenset[bytes] = frozenset()
        self._hash = _fast_md5 if table.hashfn is md5_hash else table.hashfn
        self._table = terms.table_buffer
        self._postings = terms.postings_buffer

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
                if len(entries) % GIVE_WAY_EVERY == 0:
                    give_way()  # read beside the app's first keystrokes
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

    def field_terms(self, fieldname: str) -> Iterator[tuple[bytes, int]]:
        """Each term of `fieldname` in order, with the number of documents it is in (its
        term info's, as Whoosh's `doc_frequency` reads it: deleted papers included),
        from one walk through the table's sorted keys, giving way every few thousand."""
        if not _FREQUENCY_AFTER_FLAGS_AND_WEIGHT:
            raise Unsupported("a term info laid out otherwise")
        number = self._fields.get(fieldname)
        if number is None:
            return
        table, buf = self._table_reader, self._table
        prefix = number.to_bytes(2, "big")
        position = table.closest_key_pos(prefix)
        read = 0
        while position is not None and position < table.endofdata:
            read += 1
            if read % GIVE_WAY_EVERY == 0:
                give_way()  # read beside the app's first keystrokes
            keylength, valuelength = _ITEM.unpack_from(buf, position)
            keystart = position + _ITEM.size
            if buf[keystart:keystart + 2] != prefix:
                return
            valuestart = keystart + keylength
            yield (bytes(buf[keystart + 2:valuestart]),
                   _DOC_FREQUENCY.unpack_from(buf, valuestart + _DOC_FREQUENCY_AT)[0])
            position = valuestart + valuelength

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
            import numpy as np  # (read_lists needs none: lists.py ranks before it loads)

            ids, weights, _values = pickle.loads(info[_TERM_INFO_SIZE:])
            return np.asarray(ids, dtype=np.int64), blocks.weights_of(weights, len(ids))
        offset, _length = _EXTENT.unpack_from(info, _TERM_INFO_SIZE)
        try:
            return blocks.list_arrays(self._postings, offset)
        except blocks.UnreadableBlock as error:
            raise Unsupported(str(error)) from None

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
        try:
            return blocks.list_lists(self._postings, offset)
        except blocks.UnreadableBlock as error:
            raise Unsupported(str(error)) from None
