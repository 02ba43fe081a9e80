"""`python -m benchmarks.line_break_words`: write the words that decide how a word broken
at a line end is put back together (index/ingest/line_breaks.py).

Abstracts a list took from PDFs keep the hyphen and the line break of a word broken at a
line end, as "ob- ject" or "multi- view". Whether the hyphen was the typesetter's (put
back as "object") or the word's own ("multi-view") is read from how abstracts write the
word whole: here, every word and every hyphenated word of the development lists'
abstracts (`../shared/corpora/`), lowercased, with the number of abstracts that use it,
kept when at least MIN_ABSTRACTS do. The file ships with the package; this script
regenerates it (the same lists give the same file).

    python -m benchmarks.line_break_words [--output PATH]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from index.ingest.line_breaks import WORDS_FILE, words_of
from tests import locations

from .titled_lists import DEVELOPMENT, titled_records

OUTPUT = locations.REPO / "index" / "ingest" / "data" / WORDS_FILE
MIN_ABSTRACTS = 2  # a word one abstract uses may be its own typo or its own name


def counted(abstracts: Iterable[str]) -> Counter[str]:
    """How many of `abstracts` use each word (lowercased), each abstract once."""
    counts: Counter[str] = Counter()
    for abstract in dict.fromkeys(abstracts):
        counts.update(set(words_of(abstract)))
    return counts


def lines(counts: Counter[str]) -> list[str]:
    """The file's lines: "word<TAB>abstracts", in word order, the rare words left out."""
    return [f"{word}\t{n}" for word, n in sorted(counts.items()) if n >= MIN_ABSTRACTS]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.line_break_words",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    counts = counted(record["abstract"] for name in DEVELOPMENT
                     for record in titled_records(name))
    kept = lines(counts)
    args.output.write_text("\n".join(kept) + "\n", encoding="utf-8")
    print(f"wrote {args.output}: {len(kept):,} words of {len(counts):,}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
