"""The word fields' postings of a whole segment, built as arrays and written in one pass.

Whoosh's writer turns every posting into a Python tuple, pools the tuples, sorts them and
writes them one by one: for the 2,000 papers of ICML 2023 that was half a million
postings handled several times over in Python, two thirds of the time `papers add`
took. Here a document's word fields are analysed once into word numbers (one regex pass
and a dict lookup per word); when the segment is written, each field's postings are
grouped, counted and sorted with numpy, and its posting blocks are assembled from
array slices. The blocks and term table are those the codec writes posting by posting
(`codec.py`, `blocks.py`): the same bytes for the same documents, which the tests check
against the per-posting writer.

Only fields whose postings are fully known from their words are built here (`WordText`
with positions, `MarkedWords` with counts); every other field goes through Whoosh's pool.
"""

from __future__ import annotations

from array import array
from collections import defaultdict
from collections.abc import Callable
from itertools import count

import numpy as np
from whoosh.codec.whoosh3 import WHOOSH3_HEADER_MAGIC, W3TermInfo
from whoosh.formats import Frequency, Positions
from whoosh.system import pack_int, pack_long, pack_ushort
from whoosh.util.numeric import _length_byte_cache

from .. import analysis
from . import blocks

# Stored positions are Whoosh's: a 4-byte count, then the pickled list of deltas
# (protocol 2). The pickle opens with PROTO 2, EMPTY_LIST, BINPUT 0.
_PICKLE_HEAD = np.frombuffer(b"\x80\x02]q\x00", dtype=np.uint8)
_MARK, _APPENDS, _APPEND, _STOP = ord("("), ord("e"), ord("a"), ord(".")
_BININT1, _BININT2 = ord("K"), ord("M")
_PICKLE_BATCH = 1000  # pickle writes APPENDS in batches of this many items
_BYTE_LENGTHS = np.asarray(_length_byte_cache, dtype=np.int64)
_FREQUENCY_DTYPE = np.dtype(">u4")  # how Frequency stores a count (pack_uint)


def batchable(field) -> bool:
    """Whether a schema field's postings can be built here."""
    if field.vector or field.separate_spelling():
        return False
    if isinstance(field, analysis.WordText):
        return type(field.format) is Positions
    return isinstance(field, analysis.MarkedWords) and type(field.format) is Frequency


def length_bytes(lengths: np.ndarray) -> np.ndarray:
    """whoosh.util.numeric.length_to_byte over an array."""
    found = np.searchsorted(_BYTE_LENGTHS, lengths, side="left")
    return np.minimum(found, 255)


_RAW_CACHE = 1 << 18  # raw tokens remembered (their words are numbered for good)


class _RawNumbers(dict):
    """raw token -> its word's number, -1 for a stop word: one dict lookup per token."""

    def __init__(self, numbers: defaultdict[str, int]) -> None:
        super().__init__()
        self._numbers = numbers

    def __missing__(self, raw: str) -> int:
        word = analysis.indexed_word(raw)
        number = self[raw] = -1 if word is None else self._numbers[word]
        return number


class _FieldTokens:
    """One field's tokens for every document added, as word numbers (-1 for a stop
    word) in a flat array, and per document with tokens its number and their count."""

    def __init__(self) -> None:
        self.words = array("i")
        self.docs = array("i")
        self.counts = array("i")

    def add(self, docnum: int, numbers: list[int]) -> None:
        if numbers:
            self.words.extend(numbers)
            self.docs.append(docnum)
            self.counts.append(len(numbers))


class BatchPostings:
    """The batchable fields' words of the documents a writer adds; `write` writes their
    postings to a segment's field writer. (No schema: no field is built here.)"""

    def __init__(self, schema=None) -> None:
        self.fields = {} if schema is None else {
            name: schema[name] for name in schema.names()
            if schema[name].indexed and batchable(schema[name])}
        self._numbers: defaultdict[str, int] = defaultdict(count().__next__)
        self._raw = _RawNumbers(self._numbers)
        self._tokens = {name: _FieldTokens() for name in self.fields}

    def __bool__(self) -> bool:
        return any(tokens.docs for tokens in self._tokens.values())

    def posting_estimate(self) -> int:
        return sum(len(tokens.words) for tokens in self._tokens.values())

    def add(self, fieldname: str, docnum: int, value) -> int:
        """Take a document's field value; its length (the words indexed)."""
        if not isinstance(value, str):
            raise TypeError(f"field {fieldname!r}: papers indexes text, not "
                            f"{type(value).__name__}")
        if len(self._raw) > _RAW_CACHE:
            self._raw.clear()
        numbers = list(map(self._raw.__getitem__, analysis.raw_tokens(value)))
        self._tokens[fieldname].add(docnum, numbers)
        return len(numbers) - numbers.count(-1)

    def fieldnames(self) -> list[str]:
        return sorted(name for name, tokens in self._tokens.items() if tokens.docs)

    def postings(self, fieldname: str) -> FieldPostings:
        """`fieldname`'s postings, let go of here."""
        field = self.fields[fieldname]
        tokens = self._tokens.pop(fieldname)
        self._tokens[fieldname] = _FieldTokens()
        words = list(self._numbers)  # number -> word, as numbered
        if isinstance(field, analysis.MarkedWords):
            return _counted_postings(tokens, words)
        return _positioned_postings(tokens, words, field.stemmed)

    def write(self, fieldwriter, fieldname: str,
              progress: Callable[[int], None] | None = None) -> int:
        """Write `fieldname`'s terms and postings through `fieldwriter` (a
        PapersFieldWriter, between fields); the number of postings written."""
        postings = self.postings(fieldname)
        fieldwriter.write_field(fieldname, self.fields[fieldname], postings, progress)
        return len(postings.docs)

    def spill(self, pool) -> None:
        """Hand every posting to Whoosh's pool instead (when segments merged in bring
        postings of the same fields through it)."""
        for fieldname in self.fieldnames():
            postings = self.postings(fieldname)
            starts = postings.term_starts.tolist()
            ends = postings.value_ends.tolist()
            docs, freqs = postings.docs.tolist(), postings.freqs.tolist()
            values = postings.values
            for term, first, end in zip(postings.terms, starts, starts[1:], strict=False):
                for p in range(first, end):
                    pool.add((fieldname, term, docs[p], float(freqs[p]),
                              values[ends[p - 1] if p else 0:ends[p]]))


class FieldPostings:
    """One field's postings sorted by term then document, as arrays: what a field
    writer needs to write its blocks."""

    def __init__(self, terms: list[bytes], term_starts: np.ndarray, docs: np.ndarray,
                 freqs: np.ndarray, values: bytes, value_ends: np.ndarray,
                 lengths: np.ndarray | None, fixed_values: bool) -> None:
        self.terms = terms  # sorted
        self.term_starts = term_starts  # each term's first posting, then the total
        self.docs = docs
        self.freqs = freqs  # the weights, which are counts
        self.values = values  # every posting's value bytes, in order
        self.value_ends = value_ends  # where each posting's value ends in `values`
        self.lengths = lengths  # the field's length byte of each posting's document
        self.fixed_values = fixed_values  # values of one size, joined without lengths


def _term_ranks(numbers: np.ndarray, texts: list[str]) -> tuple[list[bytes], np.ndarray]:
    """The sorted distinct terms of `texts` (one per number in `numbers`), and for each
    word number its term's rank (-1 for numbers not given)."""
    terms = sorted(set(texts))
    rank = {term: r for r, term in enumerate(terms)}
    ranks = np.full(int(numbers.max()) + 1 if len(numbers) else 0, -1, dtype=np.int64)
    ranks[numbers] = [rank[t] for t in texts]
    # str order is code point order, which is UTF-8's byte order: Whoosh's term order.
    return [t.encode("utf-8") for t in terms], ranks


class _Words:
    """A field's indexed words: their numbers, documents and positions, and each
    document's length (words indexed), as arrays."""

    def __init__(self, tokens: _FieldTokens) -> None:
        numbers = np.frombuffer(tokens.words, dtype=np.int32)
        counts = np.frombuffer(tokens.counts, dtype=np.int32).astype(np.int64)
        kept = numbers >= 0
        starts = np.cumsum(counts) - counts
        # StopFilter's positions: the first word kept keeps its own, the others follow
        # it without gaps.
        within = np.arange(len(numbers)) - np.repeat(starts, counts)
        first = np.minimum.reduceat(np.where(kept, within, len(numbers)), starts)
        before = np.cumsum(kept) - kept
        rank = before - np.repeat(before[starts], counts)
        self.positions = (np.repeat(first, counts) + rank)[kept]
        doc_numbers = np.frombuffer(tokens.docs, dtype=np.int32).astype(np.int64)
        self.docs = np.repeat(doc_numbers, counts)[kept]
        self.numbers = numbers[kept]
        self.ndocs = int(doc_numbers[-1]) + 1
        self.lengths = np.zeros(self.ndocs, dtype=np.int64)
        self.lengths[doc_numbers] = np.add.reduceat(kept, starts, dtype=np.int64)


def _positioned_postings(tokens: _FieldTokens, words: list[str],
                         stemmed: bool) -> FieldPostings:
    found = _Words(tokens)
    numbers, docs, positions, ndocs = found.numbers, found.docs, found.positions, found.ndocs
    used = np.unique(numbers)
    texts = [words[n] for n in used.tolist()]
    if stemmed:
        texts = list(map(analysis.stem_word, texts))
    terms, ranks = _term_ranks(used, texts)
    keys = ranks[numbers] * ndocs + docs
    order = np.argsort(keys, kind="stable")  # by term, document, then position
    keys, positions = keys[order], positions[order]
    del order
    posting_starts = np.flatnonzero(np.diff(keys, prepend=-1))
    freqs = np.diff(posting_starts, append=len(keys))
    posting_keys = keys[posting_starts]
    del keys
    deltas = np.diff(positions, prepend=0)
    deltas[posting_starts] = positions[posting_starts]
    values, value_ends = _positions_values(freqs, deltas)
    return _field_postings(terms, posting_keys, ndocs, freqs, values, value_ends,
                           length_bytes(found.lengths), fixed=False)


def _counted_postings(tokens: _FieldTokens, words: list[str]) -> FieldPostings:
    """MarkedWords: each word counted, and its first letters marked (analysis.py)."""
    found = _Words(tokens)
    numbers, docs, ndocs = found.numbers, found.docs, found.ndocs
    used = np.unique(numbers)
    texts = [words[n] for n in used.tolist()]
    edges = [[analysis.EDGE_MARK + word[:size] if size <= len(word) - 1 else None
              for word in texts] for size in range(1, analysis.EDGE_MAX + 1)]
    every = texts + [edge for sized in edges for edge in sized if edge is not None]
    terms = sorted(set(every))
    rank = {term: r for r, term in enumerate(terms)}
    size = int(used.max()) + 1
    word_ranks = np.full(size, -1, dtype=np.int64)
    word_ranks[used] = [rank[t] for t in texts]
    key_parts = [word_ranks[numbers] * ndocs + docs]
    for sized in edges:
        edge_ranks = np.full(size, -1, dtype=np.int64)
        edge_ranks[used] = [-1 if e is None else rank[e] for e in sized]
        of_tokens = edge_ranks[numbers]
        kept = of_tokens >= 0
        key_parts.append(of_tokens[kept] * ndocs + docs[kept])
    posting_keys, freqs = np.unique(np.concatenate(key_parts), return_counts=True)
    values = freqs.astype(_FREQUENCY_DTYPE).tobytes()
    value_ends = np.arange(1, len(freqs) + 1, dtype=np.int64) * _FREQUENCY_DTYPE.itemsize
    return _field_postings([t.encode("utf-8") for t in terms], posting_keys, ndocs, freqs,
                           values, value_ends, None, fixed=True)


def _field_postings(terms, posting_keys, ndocs, freqs, values, value_ends, doc_lengths,
                    fixed: bool) -> FieldPostings:
    """`doc_lengths`: for a scored field, each document's length byte (Whoosh's)."""
    term_of = posting_keys // ndocs
    docs = posting_keys - term_of * ndocs
    term_starts = np.flatnonzero(np.diff(term_of, prepend=-1))
    lengths = None if doc_lengths is None else doc_lengths[docs]
    return FieldPostings(terms, np.append(term_starts, len(docs)), docs,
                         freqs.astype(np.int64), values, value_ends, lengths, fixed)


def _positions_values(freqs: np.ndarray, deltas: np.ndarray) -> tuple[bytes, np.ndarray]:
    """Every posting's Positions value (Positions.encode: a big-endian count, then
    pickle.dumps(deltas, 2)) as one buffer, and where each ends."""
    first_items = np.cumsum(freqs) - freqs
    if len(freqs) and (freqs.max() > _PICKLE_BATCH or deltas.max() >= 1 << 16):
        return _pickled_values(freqs, deltas, first_items)
    item_sizes = np.where(deltas < 256, 2, 3)
    item_bytes = np.add.reduceat(item_sizes, first_items) if len(freqs) else item_sizes
    many = freqs > 1
    # count (4) + head (5) + MARK if many + items + APPENDS or APPEND + STOP
    sizes = 4 + len(_PICKLE_HEAD) + many + item_bytes + 2
    ends = np.cumsum(sizes)
    starts = ends - sizes
    buf = np.zeros(int(ends[-1]) if len(ends) else 0, dtype=np.uint8)
    for shift, at in ((24, 0), (16, 1), (8, 2), (0, 3)):
        buf[starts + at] = (freqs >> shift) & 255
    for at, byte in enumerate(_PICKLE_HEAD, 4):
        buf[starts + at] = byte
    buf[starts[many] + 9] = _MARK
    # Each item's place: its posting's first item's, plus the sizes of the items before.
    item_starts = np.cumsum(item_sizes) - item_sizes
    item_at = np.repeat(starts + 9 + many - item_starts[first_items], freqs) + item_starts
    buf[item_at] = np.where(item_sizes == 2, _BININT1, _BININT2)
    buf[item_at + 1] = deltas & 255
    wide = item_sizes == 3
    buf[item_at[wide] + 2] = (deltas[wide] >> 8) & 255
    buf[ends - 2] = np.where(many, _APPENDS, _APPEND)
    buf[ends - 1] = _STOP
    data = buf.tobytes()
    return data, ends


def _pickled_values(freqs: np.ndarray, deltas: np.ndarray,
                    first_items: np.ndarray) -> tuple[bytes, np.ndarray]:
    """_positions_values by Whoosh's own encoding, for a field with a word more than
    _PICKLE_BATCH times in a document or a position past 65,535 (pickled otherwise)."""
    import pickle

    from whoosh.system import pack_uint

    found = deltas.tolist()
    values = [pack_uint(n) + pickle.dumps(found[at:at + n], 2)
              for at, n in zip(first_items.tolist(), freqs.tolist(), strict=True)]
    return b"".join(values), np.cumsum([len(v) for v in values], dtype=np.int64)


# -- blocks ---------------------------------------------------------------------------

_ID_CODES = [(code, np.dtype(code), 1 << (8 * np.dtype(code).itemsize))
             for code in blocks.ID_TYPECODES]


def _grouped_bytes(values: np.ndarray, block_codes: list[str], block_starts, counts,
                   dtypes: dict[str, np.dtype]) -> list[bytes]:
    """Each block's `values` as its code's dtype: one conversion per code, then a slice
    per block."""
    codes = np.asarray(block_codes)
    result: list[bytes] = [b""] * len(block_codes)
    per_posting = np.repeat(codes, counts)
    for code, dtype in dtypes.items():
        chosen = np.flatnonzero(codes == code)
        if not len(chosen):
            continue
        data = values[per_posting == code].astype(dtype).tobytes()
        ends = np.cumsum(counts[chosen]) * dtype.itemsize
        starts = (ends - counts[chosen] * dtype.itemsize).tolist()
        for block, start, end in zip(chosen.tolist(), starts, ends.tolist(), strict=True):
            result[block] = data[start:end]
    return result


def write_field_blocks(postfile, tindex, fieldid: int, postings: FieldPostings,
                       blocklimit: int, compression: int,
                       progress: Callable[[int], None] | None = None) -> None:
    """Every term of a field: its blocks to `postfile`, its term info to `tindex`."""
    docs, freqs = postings.docs, postings.freqs
    term_starts = postings.term_starts
    dfs = np.diff(term_starts)
    # Blocks: each term's postings cut every `blocklimit`.
    blocks_per_term = (dfs + blocklimit - 1) // blocklimit
    first_block = np.cumsum(blocks_per_term) - blocks_per_term
    within = np.arange(blocks_per_term.sum()) - np.repeat(first_block, blocks_per_term)
    block_starts = np.repeat(term_starts[:-1], blocks_per_term) + within * blocklimit
    block_ends = np.minimum(block_starts + blocklimit,
                            np.repeat(term_starts[1:], blocks_per_term))
    counts = block_ends - block_starts
    deltas = np.diff(docs, prepend=0)
    deltas[block_starts] = docs[block_starts]
    largest = np.maximum.reduceat(deltas, block_starts)
    id_codes = [next(code for code, _dt, limit in _ID_CODES if big < limit)
                for big in largest.tolist()]
    id_bytes = _grouped_bytes(deltas, id_codes, block_starts, counts,
                              {code: dt for code, dt, _limit in _ID_CODES})
    most = np.maximum.reduceat(freqs, block_starts)
    least = np.minimum.reduceat(freqs, block_starts)
    weight_codes = ["1" if hi == 1 else "=" if hi == lo else "B" if hi < 256
                    else "H" if hi < 65536 else "f"
                    for hi, lo in zip(most.tolist(), least.tolist(), strict=True)]
    weight_bytes = _grouped_bytes(freqs, weight_codes, block_starts, counts,
                                  {"B": np.dtype("B"), "H": np.dtype("H"),
                                   "f": np.dtype("f")})
    value_ends = postings.value_ends
    value_starts = value_ends - np.diff(value_ends, prepend=0)
    if postings.fixed_values:
        length_codes = length_bytes_of = None
    else:
        sizes = value_ends - value_starts
        length_codes = ["B" if big < 256 else "I"
                        for big in np.maximum.reduceat(sizes, block_starts).tolist()]
        length_bytes_of = _grouped_bytes(sizes, length_codes, block_starts, counts,
                                         {"B": np.dtype("B"), "I": np.dtype("I")})
    if postings.lengths is not None:
        shortest = np.minimum.reduceat(postings.lengths, block_starts).tolist()
        longest = np.maximum.reduceat(postings.lengths, block_starts).tolist()
    else:
        shortest = longest = [0] * len(block_starts)
    weight_sums = np.add.reduceat(freqs, term_starts[:-1]).tolist()
    block_value_starts = value_starts[block_starts].tolist()
    block_value_ends = value_ends[block_ends - 1].tolist()
    last_ids = docs[block_ends - 1].tolist()
    counts_list = counts.tolist()
    most_list = most.tolist()
    values = postings.values
    first_ids = docs[term_starts[:-1]].tolist()
    dfs_list = dfs.tolist()
    position = postfile.tell()
    out: list[bytes] = []
    keys: list[bytes] = []
    infos: list[bytes] = []
    block = 0
    key_prefix = pack_ushort(fieldid)
    pack_info = W3TermInfo._struct.pack
    for term_number, (term, nblocks) in enumerate(
            zip(postings.terms, blocks_per_term.tolist(), strict=True)):
        start = position
        out.append(WHOOSH3_HEADER_MAGIC)
        position += len(WHOOSH3_HEADER_MAGIC)
        term_short, term_long, term_most = 255, 0, 0
        for _ in range(nblocks):
            value_bytes = values[block_value_starts[block]:block_value_ends[block]]
            if length_codes is not None:
                value_bytes = length_codes[block].encode() + length_bytes_of[block] \
                    + value_bytes
            data = blocks.flat_block(
                counts_list[block], last_ids[block], most_list[block], shortest[block],
                longest[block], id_codes[block], id_bytes[block], weight_codes[block],
                weight_bytes[block], value_bytes, compression, last=_ == nblocks - 1)
            out.append(data)
            position += len(data)
            term_short = min(term_short, shortest[block])
            term_long = max(term_long, longest[block])
            term_most = max(term_most, most_list[block])
            block += 1
        info = pack_info(0, weight_sums[term_number], dfs_list[term_number],
                         term_short if term_long else 0, term_long, term_most,
                         first_ids[term_number], last_ids[block - 1]) \
            + pack_long(start) + pack_int(position - start)
        keys.append(key_prefix + term)
        infos.append(info)
        if len(out) > 4096:
            postfile.write(b"".join(out))
            out.clear()
            if progress:
                progress(int(term_starts[term_number + 1]))
    postfile.write(b"".join(out))
    tindex.add_sorted(keys, infos)
    if progress:
        progress(len(docs))
