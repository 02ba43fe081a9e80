"""The few sparse-matrix operations the meaning model needs, in numpy, and the randomized
truncated SVD built on them (Halko, Martinsson and Tropp 2011, algorithm 4.4).

scipy.sparse would do these, but importing it costs more than the whole fit of a
conference list; a TF-IDF matrix here is only ever multiplied by a thin dense matrix
(rows x terms times terms x ~74-138). Such a product is done a block of a few rows at a
time: the block's values scattered into a small dense array over only the columns its
rows use, times those rows of the dense side, a BLAS matrix product (see _Blocks). Its
temporaries stay a few megabytes whatever the library's size, and numpy releases the
interpreter lock inside each step (the app keeps typing while a worker fits).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from ..sorting import stable_order

# A product's blocks: rows are added to a block while its rows times its values (what
# bounds its dense cells) stay within BLOCK_CELLS. Measured (one thread, 138 columns on
# the dense side; ICML 2023's TF-IDF, 2,020 x 32,882, and 20,000 synthetic abstracts,
# x 65,536), the product and its transpose's: 0.032 / 0.045 s and 0.55 / 0.64 s, where
# gathering every value's row of the dense side and summing them by segments took
# 0.07-0.13 / 0.11-0.18 s and 1.7-2.3 / 1.0-1.4 s; 4,096 cells were slower at 2,020
# papers (0.048 / 0.055), 16,384 and 32,768 by columns at 20,000 (0.73, 0.92); a block of
# at most 8 rows and 1,024 values made 4,111 blocks of ICML 2023's rare terms, whose
# Python loop doubled the transpose's product (0.085).
BLOCK_CELLS = 1 << 13
EACH_ABOVE = 500  # blocks of more values than this on average are made one at a time
GRAM_COLUMNS = 8192  # columns of the projection summed into its Gram matrix at a time
EXACT_CELLS = 1 << 20  # a matrix this small (a few hundred papers) is decomposed exactly


@dataclass
class Rows:
    """A sparse matrix by rows (CSR): row r's values are data[indptr[r]:indptr[r + 1]]
    in columns indices[...], increasing."""

    indptr: np.ndarray  # int64, rows + 1
    indices: np.ndarray  # int32 column of each stored value
    data: np.ndarray  # float32
    columns: int
    _blocks: _Blocks | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.indptr.shape[0] - 1, self.columns)

    def row_of_values(self) -> np.ndarray:
        return np.repeat(np.arange(self.shape[0], dtype=np.int32), np.diff(self.indptr))

    def dot(self, dense: np.ndarray) -> np.ndarray:
        """self @ dense (dense: columns x k), float32."""
        if self._blocks is None:  # (the matrix is never changed once made)
            self._blocks = _Blocks.of(self)
        return self._blocks.dot(self, dense)

    def transposed(self) -> Rows:
        """The same matrix by columns (its transpose by rows), for products from the left."""
        order = stable_order(self.indices, self.columns)
        counts = np.bincount(self.indices, minlength=self.columns)
        indptr = np.zeros(self.columns + 1, dtype=np.int64)
        np.cumsum(counts, out=indptr[1:])
        return Rows(indptr, self.row_of_values()[order], self.data[order], self.shape[0])

    def column_means(self) -> np.ndarray:
        sums = np.bincount(self.indices, weights=self.data, minlength=self.columns)
        return sums / max(self.shape[0], 1)

    def group_means(self, groups: np.ndarray, count: int) -> Iterator[np.ndarray]:
        """The mean row of each group in turn (groups: row -> 0..count-1), one at a time:
        all of them at once would be count x columns floats (50 MB at 100 topics)."""
        of_value = groups[self.row_of_values()]
        order = stable_order(of_value, count)
        bounds = np.searchsorted(of_value[order], np.arange(count + 1))
        del of_value
        sizes = np.bincount(groups, minlength=count)
        for group in range(count):
            part = order[bounds[group]:bounds[group + 1]]
            yield np.bincount(self.indices[part], weights=self.data[part],
                              minlength=self.columns) / max(int(sizes[group]), 1)


@dataclass
class _Blocks:
    """A sparse matrix's rows in blocks, for products by BLAS: block b is rows
    bounds[b]:bounds[b + 1], over the columns columns[spans[b]:spans[b + 1]] (the ones its
    rows use, increasing), and each stored value's cell is its place in the block's dense
    array, row by row. A block's product is that small dense array, with the values
    scattered into it, times the dense side's rows of those columns: a few times more
    multiplications than the values (a block's rows share few of their columns) done by
    a matrix product at BLAS's speed, where a gather of a row of the dense side for each
    value and a segmented sum, both in numpy, ran several times slower."""

    bounds: list[int]
    spans: list[int]
    columns: np.ndarray  # int32
    cells: np.ndarray  # uint16 (int32 where a block could have more cells)
    starts: list[int]  # the matrix's indptr, as Python ints

    @classmethod
    def of(cls, matrix: Rows) -> _Blocks:
        rows, indptr = matrix.shape[0], matrix.indptr
        starts = indptr.tolist()
        bounds = [0]
        values = 0
        for row, length in enumerate(np.diff(indptr).tolist()):
            # (rows x values bounds the block's cells: its columns are at most its values)
            if row > bounds[-1] and (row + 1 - bounds[-1]) * (values + length) > BLOCK_CELLS:
                bounds.append(row)
                values = 0
            values += length
        if rows:
            bounds.append(rows)
        most = max(BLOCK_CELLS, int(np.diff(indptr).max(initial=0)))
        kind = np.uint16 if most <= 1 << 16 else np.int32
        # Many small blocks (a vocabulary's rare terms, by columns) are found at once by
        # sorting (block, column) keys; a few large ones (papers' rows) one by one, which
        # is faster there (ICML 2023: 0.04 s against 0.17-0.29 s by columns; 20,000
        # abstracts by rows 0.2-0.3 s against 0.7).
        if matrix.indices.shape[0] > EACH_ABOVE * (len(bounds) - 1):
            spans, columns, cells = _block_columns_each(matrix, bounds, starts)
        else:
            spans, columns, cells = _block_columns_sorted(matrix, bounds)
        return cls(bounds, spans, columns, cells.astype(kind), starts)

    def dot(self, matrix: Rows, dense: np.ndarray) -> np.ndarray:
        dense = np.ascontiguousarray(dense, dtype=np.float32)
        out = np.empty((matrix.shape[0], dense.shape[1]), dtype=np.float32)
        starts, spans, data = self.starts, self.spans, matrix.data
        for b, (first, last) in enumerate(zip(self.bounds[:-1], self.bounds[1:],
                                               strict=True)):
            start, stop = starts[first], starts[last]
            used = self.columns[spans[b]:spans[b + 1]]
            block = np.zeros((last - first) * used.shape[0], dtype=np.float32)
            block[self.cells[start:stop]] = data[start:stop]
            np.matmul(block.reshape(last - first, used.shape[0]), dense[used],
                      out=out[first:last])
        return out


def _block_columns_each(matrix: Rows, bounds: list[int], starts: list[int],
                        ) -> tuple[list[int], np.ndarray, np.ndarray]:
    """_Blocks' spans, columns and cells, a block at a time."""
    cells = np.empty(matrix.indices.shape[0], dtype=np.int64)
    spans, columns = [0], []
    for first, last in zip(bounds[:-1], bounds[1:], strict=True):
        start, stop = starts[first], starts[last]
        used, place = np.unique(matrix.indices[start:stop], return_inverse=True)
        row = np.repeat(np.arange(last - first, dtype=np.int64),
                        np.diff(matrix.indptr[first:last + 1]))
        cells[start:stop] = row * used.shape[0] + place
        columns.append(used.astype(np.int32))
        spans.append(spans[-1] + used.shape[0])
    return spans, (np.concatenate(columns) if columns else np.zeros(0, np.int32)), cells


def _block_columns_sorted(matrix: Rows, bounds: list[int],
                          ) -> tuple[list[int], np.ndarray, np.ndarray]:
    """_Blocks' spans, columns and cells, for every block at once: each value's (block,
    column) key sorted, the distinct keys numbered."""
    rows, width = matrix.shape
    edges = np.asarray(bounds, dtype=np.int64)
    lengths = np.diff(matrix.indptr)
    block_of_row = np.repeat(np.arange(len(bounds) - 1), np.diff(edges))
    block = np.repeat(block_of_row, lengths)
    key = block * width + matrix.indices
    order = np.argsort(key)  # (equal keys, one column in one block, need no order)
    ordered = key[order]
    new = np.ones(ordered.shape[0], dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    number = np.empty(key.shape[0], dtype=np.int64)
    number[order] = np.cumsum(new) - 1
    distinct = ordered[new]
    spans = np.zeros(len(bounds), dtype=np.int64)
    np.cumsum(np.bincount(distinct // width, minlength=len(bounds) - 1), out=spans[1:])
    row_in_block = np.repeat(np.arange(rows) - edges[block_of_row], lengths)
    cells = row_in_block * np.diff(spans)[block] + number - spans[block]
    return spans.tolist(), (distinct % width).astype(np.int32), cells


def randomized_svd(matrix: Rows, rank: int, *, oversample: int = 10, power: int = 4,
                   seed: int = 0) -> np.ndarray:
    """The top `rank` right singular vectors of `matrix` (rank x columns, float32).

    A random projection finds the range of the matrix, `power` subspace iterations
    sharpen it towards the top singular directions, and an exact SVD of the small
    projected matrix finishes. Each iteration is re-orthonormalised on the rows' side
    only: the columns' side is the long one (a vocabulary), and its growth by the squared
    singular values over a few iterations stays well inside float32. A matrix of at most
    EXACT_CELLS cells is decomposed exactly instead: as cheap, and a tiny library's few
    directions are each worth getting right."""
    rows, columns = matrix.shape
    if rows * columns <= EXACT_CELLS:
        return _exact_right_vectors(matrix, rank)
    width = min(rank + oversample, rows, columns)
    by_columns = matrix.transposed()
    rng = np.random.default_rng(seed)
    sketch = matrix.dot(rng.standard_normal((columns, width), dtype=np.float32))
    for _ in range(power):
        basis = np.linalg.qr(sketch)[0]
        sketch = matrix.dot(by_columns.dot(basis))
    basis = np.linalg.qr(sketch)[0]
    small = by_columns.dot(basis).T  # basis.T @ matrix: width x columns, float32
    # The SVD of the short, wide projection through its width x width Gram matrix, summed
    # in float64 a slice of columns at a time: a float64 copy of the whole projection
    # (72 MB at 138 x 65,536 terms) was the largest array of a big library's fit.
    gram = np.zeros((width, width))
    for first in range(0, columns, GRAM_COLUMNS):
        part = small[:, first:first + GRAM_COLUMNS].astype(np.float64)
        gram += part @ part.T
    values, left = np.linalg.eigh(gram)
    top = np.argsort(-values, kind="stable")[:rank]
    singular = np.sqrt(np.maximum(values[top], 0.0))
    right = left[:, top].T.astype(np.float32) @ small
    right /= np.maximum(singular, 1e-12).astype(np.float32)[:, None]
    right /= np.maximum(np.linalg.norm(right, axis=1, keepdims=True), 1e-12)
    return _signed(right)


def _exact_right_vectors(matrix: Rows, rank: int) -> np.ndarray:
    dense = np.zeros(matrix.shape)
    dense[matrix.row_of_values(), matrix.indices] = matrix.data
    return _signed(np.linalg.svd(dense, full_matrices=False)[2][:rank])


def _signed(right: np.ndarray) -> np.ndarray:
    # A sign convention, so that the same matrix always gives the same vectors.
    signs = np.sign(right[np.arange(right.shape[0]), np.argmax(np.abs(right), axis=1)])
    return (right * signs[:, None]).astype(np.float32)
