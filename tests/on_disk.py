"""The library's files read as another process would read them, not through its objects.

The index folder holds `CURRENT`, a one-line file naming the live `gen-*` generation
(index/search/generations.py); crash and corruption tests check that layout itself.
"""

from __future__ import annotations

from pathlib import Path


def index_root(home: Path) -> Path:
    """The index folder of the library in `home` (PAPERS_HOME): where CURRENT is."""
    return home / "cache" / "index"


def current_generation(index_dir: Path) -> Path:
    """The generation folder CURRENT names (`library.index.root` or `index_root(home)`)."""
    return index_dir / (index_dir / "CURRENT").read_text(encoding="utf-8").strip()


def segments(index_dir: Path) -> list:
    """The live generation's Whoosh segments, in order, as a fresh reader of it sees them."""
    from whoosh import index as whoosh_index

    ix = whoosh_index.open_dir(str(current_generation(index_dir)))
    with ix.reader() as reader:
        return [leaf.segment() for leaf, _offset in reader.leaf_readers()]
