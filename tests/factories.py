"""Small factories for list files a test writes itself.

The plain list format is a title line, a blank line, then one abstract per paragraph.
`write_list` writes one; `write_json_list` a JSON list of paper objects; `generate_list`
writes many distinct synthetic abstracts (for imports big enough to kill part-way). In a test, the `write_list` fixture (conftest.py)
writes into the test's own tmp_path; module- and session-scoped fixtures call these.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from pathlib import Path

from .locations import SEED_FILES

DEFAULT_TITLE = "NeurIPS 2024 Papers"


def write_list(directory: Path, name: str, abstracts: Iterable[str], *,
               title: str = DEFAULT_TITLE) -> Path:
    """`directory/name` holding a plain list: `title`, then each abstract as a paragraph."""
    path = Path(directory) / name
    path.write_text(title + "\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    return path


def write_json_list(directory: Path, name: str, papers: list[dict]) -> Path:
    """`directory/name` holding `papers` as a JSON list (titles, authors, … as given)."""
    path = Path(directory) / name
    path.write_text(json.dumps(papers, ensure_ascii=False), encoding="utf-8")
    return path


def _words() -> list[str]:
    return [w for w in SEED_FILES[0].read_text(encoding="utf-8").split()
            if w.isalpha() and len(w) > 3]


def generate_list(path: Path, count: int, word: str, seed: int = 7) -> Path:
    """A plain list of `count` distinct synthetic abstracts, each holding `word`."""
    rng = random.Random(seed)
    words = _words()
    paragraphs = [f"We study {word} number {i}. " + " ".join(rng.choices(words, k=90)) + "."
                  for i in range(count)]
    return write_list(path.parent, path.name, paragraphs, title="NeurIPS 2025 Papers")
