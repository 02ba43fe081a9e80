"""The few sparse-matrix operations the meaning model needs, in numpy, and the randomized
truncated SVD built on them (Halko, Martinsson and Tropp 2011, algorithm 4.4).

scipy.sparse would do these, but importing it costs more than the whole fit of a
conference list; a TF-IDF matrix here is only ever multiplied by a thin dense matrix
(rows x terms times terms x ~74), which is a gather, a scale and a segmented sum. Each
product runs in slices of at most CHUNK stored values, so its temporary stays a few tens
of megabytes whatever the library's size, and numpy releases the interpreter lock inside
each step (the app keeps typing while a worker fits).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

CHUNK = 1 << 17  # stored values per slice of a product at most
# ... and at most this many floats of products per slice (values x the dense side's
# width: 32 MB), so a wider product (the spectral fit's 138 columns) takes smaller slices.
SLICE_FLOATS = 1 << 23
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

    @property
    def shape(self) -> tuple[int, int]:
        return (self.indptr.shape[0] - 1, self.columns)

    def row_of_values(self) -> np.ndarray:
        return np.repeat(np.arange(self.shape[0], dtype=np.int32), np.diff(self.indptr))

    def dot(self, dense: np.ndarray) -> np.ndarray:
        """self @ dense (dense: columns x k)."""
        return _segment_products(self.indptr, self.indices, self.data, dense)

    def transposed(self) -> Rows:
        """The same matrix by columns (its transpose by rows), for products from the left."""
        order = np.argsort(self.indices, kind="stable")
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
        order = np.argsort(of_value, kind="stable")
        bounds = np.searchsorted(of_value[order], np.arange(count + 1))
        del of_value
        sizes = np.bincount(groups, minlength=count)
        for group in range(count):
            part = order[bounds[group]:bounds[group + 1]]
            yield np.bincount(self.indices[part], weights=self.data[part],
                              minlength=self.columns) / max(int(sizes[group]), 1)


def _segment_products(indptr: np.ndarray, indices: np.ndarray, data: np.ndarray,
                      dense: np.ndarray) -> np.ndarray:
    """Each segment's sum of data * dense[indices]: a sparse-by-dense product.

    Laid out k x values, so that the gather and the segmented sum both run along
    contiguous memory (numpy's reduceat down the first axis of values x k is 30 times
    slower)."""
    rows = indptr.shape[0] - 1
    across = np.ascontiguousarray(dense.T, dtype=np.float32)
    out = np.zeros((dense.shape[1], rows), dtype=np.float32)
    per_slice = max(1, min(CHUNK, SLICE_FLOATS // max(dense.shape[1], 1)))
    first = 0
    while first < rows:
        # As many whole rows as fit in a slice's values (at least one).
        last = max(first + 1, int(np.searchsorted(indptr, indptr[first] + per_slice,
                                                  side="right")) - 1)
        last = min(last, rows)
        start, stop = int(indptr[first]), int(indptr[last])
        if stop > start:
            products = np.take(across, indices[start:stop], axis=1)
            products *= data[None, start:stop]
            lengths = np.diff(indptr[first:last + 1])
            filled = np.flatnonzero(lengths)
            out[:, first + filled] = np.add.reduceat(
                products, (indptr[first:last] - start)[filled], axis=1)
        first = last
    return out.T


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
