"""One generation of the meaning space, opened for reading: each paper's unit vector
(memory-mapped), the paper ids in row order, each paper's topic and the topics' labels;
the basis for folding a query in is read on the first search by meaning.

Opening a generation reads the ids, the labels and each paper's topic without numpy: the
app's first results show the paper's topic, and they came after numpy's import (50-70
ms here). The arrays load when a vector, a hash or a centroid is first asked for.
"""

from __future__ import annotations

import ast
import contextlib
import json
import sys
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from .layout import MEANING_LIMIT, META
from .query import Topic

if TYPE_CHECKING:
    import numpy as np

    from .model import Basis

# similar(): the paper's nearest papers that join it as the query (see Space.similar;
# 20 was the best of 0, 5, 10 and 20 on half of the ICLR dev list).
EXPAND = 20
_NPY_MAGIC = b"\x93NUMPY"


class Space:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.meta = json.loads((directory / META).read_text(encoding="utf-8"))
        self.ids: list[str] = json.loads((directory / "ids.json").read_text(encoding="utf-8"))
        self.topic_of_row = _topic_rows(directory / "assignment.npy")  # row -> topic id
        if not len(self.ids) == _rows(directory / "vectors.npy") \
                == _rows(directory / "hashes.npy") == len(self.topic_of_row):
            raise ValueError(f"{directory}: its files disagree on the number of papers")
        labels = json.loads((directory / "topics.json").read_text(encoding="utf-8"))
        self.topic_ids: list[int] = [item["id"] for item in labels]
        counts = Counter(self.topic_of_row)
        self.topics = {item["id"]: Topic(item["id"], item["label"], counts[item["id"]])
                       for item in labels}
        self._arrays: dict[str, np.ndarray] = {}
        self._basis: Basis | None = None

    def _array(self, name: str) -> np.ndarray:
        found = self._arrays.get(name)
        if found is None:
            import numpy as np

            found = self._arrays[name] = np.load(
                self.directory / f"{name}.npy", mmap_mode="r" if name == "vectors" else None)
        return found

    @property
    def vectors(self) -> np.ndarray:
        return self._array("vectors")  # memory-mapped

    @property
    def hashes(self) -> np.ndarray:
        return self._array("hashes")

    @property
    def assignment(self) -> np.ndarray:
        """Each row's topic id, as an array (topic_of_row as numpy holds it)."""
        return self._array("assignment")

    @property
    def centroids(self) -> np.ndarray:
        return self._array("centroids")  # in topic_ids order

    def reread_meta(self) -> None:
        # (Replaced meanwhile: the next current() opens the new generation.)
        with contextlib.suppress(OSError, ValueError):
            self.meta = json.loads((self.directory / META).read_text(encoding="utf-8"))

    @property
    def basis(self) -> Basis:
        if self._basis is None:
            from .model import Basis

            self._basis = Basis.load(self.directory)
        return self._basis

    def __len__(self) -> int:
        return len(self.ids)

    @cached_property
    def rows(self) -> dict[str, int]:
        """Paper id -> row. Built on first use (zip builds it in C: 17 ms at 100,000
        papers, a comprehension 30): opening a generation for the first keystroke's
        Topic line needs one paper's row (`_row`), and the warm-up builds it after."""
        return dict(zip(self.ids, range(len(self.ids)), strict=True))

    def _row(self, paper_id: str) -> int | None:
        rows = self.__dict__.get("rows")
        if rows is not None:
            return rows.get(paper_id)
        try:  # (ids are unique: the row the table would give; 1-2 ms at 100,000 papers)
            return self.ids.index(paper_id)
        except ValueError:
            return None

    def topic_of(self, paper_id: str) -> Topic | None:
        row = self._row(paper_id)
        return None if row is None else self.topics.get(self.topic_of_row[row])

    def topic_counts(self, paper_ids: Iterable[str]) -> dict[int, int]:
        """Topic id -> how many of `paper_ids` it holds (those it holds none of left
        out; a paper not in the space counts for none)."""
        rows, topic_of_row = self.rows, self.topic_of_row
        counts = Counter(topic_of_row[rows[pid]] for pid in paper_ids if pid in rows)
        return dict(sorted(counts.items()))

    def in_topics(self, topic_ids: Iterable[int]) -> set[str]:
        wanted = set(topic_ids)
        return {self.ids[row] for row, topic in enumerate(self.topic_of_row) if topic in wanted}

    def similar(self, paper_id: str, limit: int) -> list[tuple[str, float]] | None:
        """The papers closest to one, best first; None if it is not in the space.

        The query is the paper together with its EXPAND nearest papers, each weighted by
        its cosine ("average query expansion", from image retrieval): what the paper
        shares with its neighbourhood is its topic, and counts more than what is
        peculiar to it alone (benchmarks/similar.py measures the gain).
        """
        import numpy as np

        row = self.rows.get(paper_id)
        if row is None:
            return None
        scores = similarity(np.asarray(self.vectors), row)
        scores[row] = -np.inf
        return self._ranked(scores, limit)

    def search(self, text: str, limit: int = MEANING_LIMIT,
               allowed: Callable[[str], bool] | None = None) -> list[tuple[str, float]]:
        """Papers by the cosine of their vector with the folded query, best first: only
        those with a positive cosine, and only those `allowed` admits."""
        import numpy as np

        query = self.basis.fold([text])[0]
        if not query.any():
            return []
        scores = np.asarray(self.vectors) @ query
        if allowed is not None:
            refused = [row for row, pid in enumerate(self.ids) if not allowed(pid)]
            scores[refused] = -np.inf
        return self._ranked(scores, limit)

    def _ranked(self, scores: np.ndarray, limit: int) -> list[tuple[str, float]]:
        return [(self.ids[row], float(scores[row])) for row in top_rows(scores, limit)
                if scores[row] > 0]


def similarity(vectors: np.ndarray, row: int, expand: int = EXPAND) -> np.ndarray:
    """Every row's cosine with row `row` expanded by its `expand` nearest rows."""
    import numpy as np

    from .model import normalized

    scores = vectors @ vectors[row]
    if expand <= 0:
        return scores
    near = top_rows(scores, expand + 1)
    query = normalized((np.clip(scores[near], 0, None) @ vectors[near])[None, :])[0]
    return vectors @ query


def top_rows(scores: np.ndarray, count: int) -> np.ndarray:
    """Rows of the `count` highest scores, highest first (ties by row)."""
    import numpy as np

    count = min(count, scores.shape[0])
    if count <= 0:
        return np.empty(0, dtype=np.int64)
    part = np.argpartition(-scores, count - 1)[:count]
    return part[np.lexsort((part, -scores[part]))]


# -- reading .npy files without numpy (NumPy's own format, NEP 1) --------------------------
def _npy_header(path: Path, data: bytes | None = None) -> tuple[dict, int]:
    """A .npy file's header (the dict numpy.lib.format reads with ast.literal_eval too)
    and where its data starts; `data`, the file's bytes if already read."""
    if data is None:
        with path.open("rb") as file:
            data = file.read(12)
            if data[:6] == _NPY_MAGIC:
                size = 2 if data[6] == 1 else 4
                data += file.read(int.from_bytes(data[8:8 + size], "little") + 12)
    if data[:6] != _NPY_MAGIC or data[6] not in (1, 2, 3):
        raise ValueError(f"{path}: not a .npy file")
    size = 2 if data[6] == 1 else 4
    length = int.from_bytes(data[8:8 + size], "little")
    start = 8 + size
    try:
        header = ast.literal_eval(data[start:start + length].decode("latin1"))
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        raise ValueError(f"{path}: a damaged .npy header") from None
    if not isinstance(header, dict) or not isinstance(header.get("shape"), tuple):
        raise ValueError(f"{path}: a .npy header without a shape")
    return header, start + length


def _rows(path: Path) -> int:
    """How many rows a .npy file holds, checked against its size (a file cut short is
    damaged, as numpy would find on reading it)."""
    header, start = _npy_header(path)
    shape, descr = header["shape"], header.get("descr")
    itemsize = int(descr[2:]) if isinstance(descr, str) and descr[2:].isdigit() else 0
    cells = 1
    for extent in shape:
        cells *= extent
    if path.stat().st_size < start + cells * itemsize:
        raise ValueError(f"{path}: shorter than its header says")
    return shape[0] if shape else 1


def _topic_rows(path: Path) -> Sequence[int]:
    """The assignment's topic ids (int32, as build.py saves them) as a Python array;
    in any other layout, through numpy."""
    data = path.read_bytes()
    header, start = _npy_header(path, data)
    descr, shape = header.get("descr"), header["shape"]
    native = "<i4" if sys.byteorder == "little" else ">i4"
    if descr in (native, "|i4") and len(shape) == 1 and not header.get("fortran_order"):
        rows = array("i")
        if rows.itemsize == 4 and len(data) - start >= 4 * shape[0]:
            rows.frombytes(data[start:start + 4 * shape[0]])
            return rows
    import numpy as np

    return np.load(path).astype(np.int64).tolist()
