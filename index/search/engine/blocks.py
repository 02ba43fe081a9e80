"""The byte layout of a posting block: the one module that writes and reads it.

A posting list in a segment's postings file is Whoosh 3's: a 4-byte magic, then blocks,
each a signed length (negative for the last block), a header and the block's data. The
codec (`codec.py`) writes blocks through `block_info` and `block_data` and reads them
through `read_block_data`; the ranker's reader (`postings.py`) reads whole posting lists
in place from the memory map through `list_arrays` and `list_lists`.

Why the layout differs from Whoosh's:

- A posting block's document numbers and weights were pickled as tuples of Python
  numbers: unpickling 256 objects was most of the cost of reading a posting list. They
  are written as packed arrays (one typecode byte, then the machine's native bytes),
  which unpickle as two byte strings and load into numpy without a loop. The same for
  positions (a tuple of 128 byte strings): one string of lengths and one of the
  positions, split only when a phrase or the highlighter asks. Blocks in the old form
  are still read.
- Whoosh compressed each block whole and pickled it, so ranking, which reads only
  document numbers and weights, inflated and unpickled the positions too: two thirds of
  reading a posting list. A block's data is now flat (`block_data`): numbers and weights
  as packed arrays (weights as small integers when they are counts), then the positions,
  compressed on their own. Its header keeps the pickled tuple Whoosh reads, written with
  fixed-width numbers so that a reader can skip it without unpickling.
"""

from __future__ import annotations

import io
import pickle
import struct
import zlib
from array import array
from collections.abc import Iterator, Sequence
from itertools import accumulate, pairwise
from typing import TYPE_CHECKING

from whoosh.codec.whoosh3 import WHOOSH3_HEADER_MAGIC

if TYPE_CHECKING:
    import numpy as np

# numpy is imported by the array readers below, when first called (85 ns after that):
# writing an index, and importing papers, need none of it; numpy loads after the app's
# first paint.

# Document numbers (in the segment) and weights; None for weights when all are 1, which
# is common (a word once in a title) and lets the ranker skip arithmetic.
Arrays = tuple["np.ndarray", "np.ndarray | None"]
Lists = tuple[list[int], list[float] | None]


class UnreadableBlock(Exception):
    """A block in a form only Whoosh's own matchers read (ids not packed)."""


# -- packed arrays -----------------------------------------------------------------------

ID_TYPECODES = ("B", "H", "I", "Q")


def packed(typecode: str, numbers) -> bytes:
    """Numbers as one typecode byte, then the machine's native bytes."""
    return typecode.encode() + array(typecode, numbers).tobytes()


def unpacked(data: bytes) -> array:
    numbers = array(chr(data[0]))
    numbers.frombytes(data[1:])
    return numbers


def packed_ids(ids: Sequence[int]) -> bytes:
    """Ascending document numbers: the first whole, then the differences, in the
    smallest type that holds them."""
    deltas = [ids[0]] + [b - a for a, b in pairwise(ids)]
    largest = max(deltas)
    typecode = next(code for code in ID_TYPECODES
                    if largest < 1 << (8 * array(code).itemsize))
    return packed(typecode, deltas)


def packed_weights(weights: Sequence[float]) -> bytes | float | None:
    """None when all are 1, the one weight when all are equal, else packed."""
    if all(w == 1.0 for w in weights):
        return None
    if all(w == weights[0] for w in weights):
        return weights[0]
    counts = [int(w) for w in weights]
    if counts == list(weights) and min(counts) >= 0 and max(counts) < 65536:
        # Term counts: one or two bytes each instead of a 4-byte float.
        return packed("B" if max(counts) < 256 else "H", counts)
    return packed("f", weights)


def packed_values(values: Sequence[bytes]) -> bytes:
    """Variable-size values (positions) as their lengths, packed, then the values."""
    lengths = [len(v) for v in values]
    typecode = "B" if max(lengths, default=0) < 256 else "I"
    return packed(typecode, lengths) + b"".join(values)


def split_values(data: bytes, count: int) -> tuple[bytes, ...]:
    """`packed_values` read back: the block's `count` values."""
    typecode = chr(data[0])
    start = 1 + count * array(typecode).itemsize
    lengths = array(typecode)
    lengths.frombytes(data[1:start])
    values = []
    for length in lengths:
        values.append(data[start:start + length])
        start += length
    return tuple(values)


def ids_tuple(ids) -> tuple[int, ...]:
    """Packed document numbers (first whole, then differences) as Whoosh's tuple."""
    return tuple(accumulate(unpacked(ids)))


def weights_array(weights, count: int) -> array | Sequence[float]:
    """A block's weights as `read_block_data` gives them, as Whoosh's sequence."""
    if weights is None:
        return array("f", [1.0]) * count
    if isinstance(weights, float):
        return array("f", [weights]) * count
    if isinstance(weights, bytes):
        return unpacked(weights)
    return weights


# -- a block: header and data ------------------------------------------------------------

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
_ID_CODES = {code.encode() for code in ID_TYPECODES}


def block_info(count: int, last_id: int, max_weight: float, shortest: int,
               longest: int) -> bytes:
    """The header, with compression 0: the data says itself what is compressed."""
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


_BLOCK_SIZE = struct.Struct("!i")  # a block's length, as Whoosh's write_int writes it


def flat_block(count: int, last_id: int, max_weight: float, shortest: int, longest: int,
               id_code: str, id_bytes: bytes, weight_code: str, weight_bytes: bytes,
               values: bytes, squeeze_level: int, last: bool) -> bytes:
    """A whole block in the flat layout (its signed length, header and data) from parts
    packed already: the bytes `block_info` and `block_data` make of the same postings.
    `id_code` is the ids' typecode, `weight_code` "1" (all 1), "=" (all `max_weight`) or
    the weights' typecode, `values` the joined values (lengths first if they vary)."""
    if squeeze_level and len(values) >= _SQUEEZE_FROM:
        values, value_kind = zlib.compress(values, squeeze_level), VALUES_ZLIB
    else:
        value_kind = VALUES_RAW
    if weight_code == "1":
        weight_kind, weight_bytes = WEIGHTS_ONE, b""
    elif weight_code == "=":
        weight_kind, weight_bytes = WEIGHTS_SAME, SAME_WEIGHT.pack(max_weight)
    else:
        weight_kind = weight_code.encode()
    block = b"".join((block_info(count, last_id, max_weight, shortest, longest),
                      BLOCK_DATA.pack(id_code.encode(), weight_kind, value_kind,
                                      len(id_bytes), len(weight_bytes), len(values)),
                      id_bytes, weight_bytes, values))
    return _BLOCK_SIZE.pack(-len(block) if last else len(block)) + block


def read_block_data(data: bytes) -> tuple:
    """(ids, weights, values, values compressed) as `block_data` took them; a pickled
    tuple (Whoosh's three, or four) as it was."""
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


# -- whole posting lists, read in place ----------------------------------------------------

_BLOCK_LENGTH = struct.Struct("!i")  # negative for the last block
_BLOCK_HEAD = struct.Struct(f"!i{len(BLOCK_INFO_START)}s")  # the length, then the header's start
_HEADER_SIZE = len(WHOOSH3_HEADER_MAGIC)  # before the first block
_DTYPES: dict[bytes, np.dtype] = {}  # typecode byte -> numpy's dtype, as met


def _dtype(code: bytes) -> np.dtype:
    import numpy as np

    dtype = _DTYPES[code] = np.dtype(code.decode())
    return dtype


def list_arrays(buf, offset: int) -> Arrays:
    """The posting list at `offset` of the postings file `buf` (its extent in the term
    info): document numbers, ascending, and weights (None: all 1)."""
    import numpy as np

    parts = [_flat_block(buf, start) if flat else _pickled_block(buf[start:end])
             for start, end, flat in _block_spans(buf, offset + _HEADER_SIZE)]
    if len(parts) == 1:
        return parts[0]
    id_parts = [ids for ids, _weights in parts]
    return np.concatenate(id_parts), join_weights(id_parts, [w for _i, w in parts])


def list_lists(buf, offset: int) -> Lists:
    """`list_arrays` as Python lists, for lists so short that numpy's cost per call is
    most of the work."""
    parts = [_flat_block_lists(buf, start) if flat
             else _as_lists(_pickled_block(buf[start:end]))
             for start, end, flat in _block_spans(buf, offset + _HEADER_SIZE)]
    if len(parts) == 1:
        return parts[0]
    ids = [docnum for part_ids, _weights in parts for docnum in part_ids]
    if all(part_weights is None for _ids, part_weights in parts):
        return ids, None
    return ids, [weight for part_ids, part_weights in parts
                 for weight in (part_weights or [1.0] * len(part_ids))]


def _block_spans(buf, position: int) -> Iterator[tuple[int, int, bool]]:
    """Each block of the posting list at `position`: where its data starts (after the
    header, for a flat block) and ends, and whether it is in the flat layout."""
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
    import numpy as np

    return np.concatenate([np.ones(len(ids)) if w is None else w
                           for ids, w in zip(id_parts, weight_parts, strict=True)])


def _flat_block(buf, at: int) -> Arrays:
    """A block in the flat layout, read in place from the memory map."""
    import numpy as np

    id_code, weight_kind, _values, id_size, weight_size, _value_size = \
        BLOCK_DATA.unpack_from(buf, at)
    at += BLOCK_DATA.size
    id_type = _DTYPES.get(id_code) or _dtype(id_code)
    count = id_size // id_type.itemsize
    # (np.add.accumulate: np.cumsum's Python wrapper costs more than the sum)
    ids = np.add.accumulate(np.frombuffer(buf, id_type, count, at), dtype=np.int64)
    at += id_size
    if weight_kind == WEIGHTS_ONE:
        weights = None
    elif weight_kind == WEIGHTS_SAME:
        weights = np.full(count, SAME_WEIGHT.unpack_from(buf, at)[0])
    else:
        weight_type = _DTYPES.get(weight_kind) or _dtype(weight_kind)
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
    import numpy as np

    stream = io.BytesIO(block)
    count, _last_id, _max_weight, compression, _shortest, _longest = pickle.load(stream)
    data = stream.read()
    ids, weights = read_block_data(zlib.decompress(data) if compression else data)[:2]
    if not isinstance(ids, bytes):
        raise UnreadableBlock("posting ids not in packed form")
    return np.add.accumulate(_packed(ids), dtype=np.int64), weights_of(weights, count)


def weights_of(weights, count: int) -> np.ndarray | None:
    """Weights as a block (or a term info's inlined postings) holds them: None (all 1,
    kept as None), one number (all equal) or a sequence, packed or a tuple of floats."""
    if weights is None:
        return None
    import numpy as np

    if isinstance(weights, float | int):
        return np.full(count, float(weights), dtype=np.float64)
    if isinstance(weights, bytes):
        return _packed(weights).astype(np.float64)
    return np.asarray(weights, dtype=np.float64)


def _packed(data: bytes) -> np.ndarray:
    """An array made by `packed` (typecode byte, native bytes), unread."""
    import numpy as np

    return np.frombuffer(data, dtype=chr(data[0]), offset=1)
