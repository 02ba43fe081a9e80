"""Where the test data is: the repository, the bundled seed lists, the ICML 2023 corpus.

The one place these paths are spelt out. Tests reach them through the fixtures in
conftest.py (`seed_files`, `icml2023_path`, ...); a module whose body is shared with other
branches may import the constants directly. The benchmarks read `ICML2023` from here too.
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SEED_DIR = REPO / "index" / "ingest" / "data"
SEED_FILES = (SEED_DIR / "icml2026_papers.txt", SEED_DIR / "icml2026_papers_zh.txt")
# Beside the checkout, shared by the worktrees; tests that need it skip when it is absent.
CORPORA = REPO.parent / "shared" / "corpora"
ICML2023 = CORPORA / "icml2023.json"


def seed_abstracts(path: Path) -> list[str]:
    """The abstracts of a plain seed file, read by hand rather than by the reader under
    test: the blank-line paragraphs after the title line, stripped."""
    blocks = [b.strip() for b in re.split(r"\n\s*\n", path.read_text(encoding="utf-8"))]
    return [b for b in blocks if b][1:]
