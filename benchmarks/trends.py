"""How long "what changed between lists" takes, beside the index's own word analysis of
the same texts (the least any term count must spend) in the same run.

    python -m benchmarks.trends [--rounds N] [LIST_FILE_A LIST_FILE_B]

Imports the two lists (by default ICML 2022 and ICML 2023 of the shared corpora) into a
temporary library, then alternates, round by round: the analysis of every title and
abstract of both lists into stemmed words (`analysis.stems`, reference), the trends of
terms alone (`compare_lists`) and `Library.trends` with topics (the first call of each
round: its cache is cleared). Prints medians and the ratios. Measurement only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from index import Library  # noqa: E402
from index.search import ListTexts, analysis, compare_lists  # noqa: E402
from index.search import trends as trends_module  # noqa: E402
from tests.locations import CORPORA  # noqa: E402


def _cold() -> None:
    """Forget the caches of words and stems, as in a fresh process."""
    trends_module._piece.cache_clear()
    trends_module._term_stem.cache_clear()
    analysis.stem_word.cache_clear()
    analysis._indexed_word.cache_clear()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path,
                        default=[CORPORA / "icml2022.json", CORPORA / "icml2023.json"])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as home, Library(home, seed=False) as library:
        library.add_all(args.files)
        names = [info.name for info in library.lists()]
        texts = [ListTexts(name, [(p.id, p.title, p.abstract) for p in
                                  library.store.papers(library.store.listed(name))])
                 for name in names]
        times: dict[str, list[float]] = {"analysis": [], "terms": [], "library": []}
        for _round in range(args.rounds):
            _cold()
            start = time.perf_counter()
            for listed in texts:
                for _id, title, abstract in listed.papers:
                    analysis.stems(title)
                    analysis.stems(abstract)
            times["analysis"].append(time.perf_counter() - start)
            _cold()
            start = time.perf_counter()
            compare_lists(texts[0], texts[1], 20)
            times["terms"].append(time.perf_counter() - start)
            _cold()
            library._trends.clear()
            start = time.perf_counter()
            found = library.trends(names[0], names[1], 20)
            times["library"].append(time.perf_counter() - start)
    papers = sum(len(t.papers) for t in texts)
    reference = statistics.median(times["analysis"])
    print(f"{names[0]} vs {names[1]}: {papers:,} papers, {args.rounds} rounds, medians")
    for name, label in (("analysis", "index word analysis (reference)"),
                        ("terms", "trends of terms (compare_lists)"),
                        ("library", "Library.trends (store read, terms, topics)")):
        median = statistics.median(times[name])
        print(f"  {label:<44} {median:6.2f} s  ×{median / reference:.2f}")
    print(f"  topics compared: {found.topic_map}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
