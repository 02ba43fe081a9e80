"""`python -m benchmarks.plain_layouts`: are titled plain lists read with their titles,
and do bare ones stay bare?

From the development lists (../shared/corpora), files of k papers (k = 1 … 50) are written
in each layout index/ingest/plain_layouts.py reads (titles inline, with an authors line,
alternating with the abstracts, as Markdown headings, labelled), with or without a
heading line, the abstracts hard-wrapped at 72 or 100 columns or not; a file counts as
read when every paper's title comes back exactly. Then bare files of k abstracts, wrapped
at 50-100 columns or not, with a heading or without: a bare file counts as misread when
any layout is taken for it. Deterministic (seeded).

    python -m benchmarks.plain_layouts [--files N]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import textwrap
from collections import Counter
from pathlib import Path

from index.ingest.formats import read_list
from index.ingest.plain_layouts import detect, paragraphs
from tests import locations

SIZES = (1, 2, 3, 5, 10, 50)
HEADINGS = ("NeurIPS 2025 Papers\n\n", "# NeurIPS 2025\n\n", "")


def _authors(record: dict) -> str:
    people = record.get("authors") or []
    names = [a if isinstance(a, str) else a.get("name", "") for a in people] \
        if isinstance(people, list) else []
    return ", ".join(n for n in names if n) or "Jane Doe"


LAYOUTS = {
    "inline": lambda r, a: f"{r['title']}\n{a}",
    "inline + authors": lambda r, a: f"{r['title']}\n{_authors(r)}\n{a}",
    "alternating": lambda r, a: f"{r['title']}\n\n{a}",
    "markdown": lambda r, a: f"## {r['title']}\n\n{a}",
    "labelled": lambda r, a: f"Title: {r['title']}\nAuthors: {_authors(r)}\nAbstract: {a}",
}


def _wrap(text: str, width: int) -> str:
    return textwrap.fill(text, width, break_on_hyphens=False, break_long_words=False) \
        if width else text


def papers() -> list[dict]:
    found, seen = [], set()
    for path in sorted(locations.CORPORA.glob("*.json")):
        for record in json.loads(path.read_text(encoding="utf-8")):
            abstract = " ".join((record.get("abstract") or "").split())
            title = " ".join((record.get("title") or "").split())
            if abstract and title and abstract not in seen and not abstract.startswith("http"):
                seen.add(abstract)
                found.append({**record, "title": title, "abstract": abstract})
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.plain_layouts",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=60, help="files per layout and size")
    args = parser.parse_args(argv)
    if not locations.CORPORA.is_dir():
        print(f"no corpora at {locations.CORPORA}", file=sys.stderr)
        return 2
    records = papers()
    rng = random.Random(20261203)
    read: Counter[tuple[str, int]] = Counter()
    with tempfile.TemporaryDirectory(prefix="papers-layouts-") as folder:
        path = Path(folder) / "list.txt"
        for layout, write in LAYOUTS.items():
            for size in SIZES:
                for _ in range(args.files if size < 50 else max(1, args.files // 6)):
                    chosen = rng.sample(records, size)
                    width = rng.choice([0, 72, 100])
                    path.write_text(rng.choice(HEADINGS) + "\n\n".join(
                        write(r, _wrap(r["abstract"], width)) for r in chosen) + "\n",
                        encoding="utf-8")
                    titles = [r.title for r in read_list(path).records]
                    read[layout, size] += titles == [r["title"] for r in chosen]
    print("titled files read with every title (of", args.files, "a cell;",
          max(1, args.files // 6), "at 50 papers):")
    print(f"{'layout':<18}" + "".join(f"{f'{k} papers':>11}" for k in SIZES))
    for layout in LAYOUTS:
        print(f"{layout:<18}" + "".join(f"{read[layout, k]:>11}" for k in SIZES))
    abstracts = [r["abstract"] for r in records]
    misread = tried = 0
    for size in (1, 2, 3, 5, 10):
        for _ in range(8 * args.files):
            text = rng.choice(["ICML 2026 Papers\n\n", "My reading list\n\n", ""]) + \
                "\n\n".join(_wrap(a, rng.choice([0, 50, 60, 72, 80, 100]))
                            for a in rng.sample(abstracts, size)) + "\n"
            tried += 1
            misread += detect(list(paragraphs(text))) is not None
    print(f"bare files taken for titled ones: {misread} of {tried}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
