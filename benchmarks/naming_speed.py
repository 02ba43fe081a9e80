"""`python -m benchmarks.naming_speed --base DIR`: naming and titling per abstract, this
checkout's code against another checkout's (e.g. a worktree of main), in one process.

Timings on a shared machine swing with its load; two processes run one after the other
see different loads. Here both code trees are loaded side by side (as the packages
`index_base` and `index_new`, through symbolic links in a temporary folder: the package
uses relative imports only) and their passes over the same rendered abstracts alternate,
so each ratio compares passes run moments apart. Each side scores with its own weights:
the name model is loaded from its tree's `data/name_model.json` (a copy's own loader
would read the installed package's file).

    python -m benchmarks.naming_speed --base ../wt-names5-base [--list icml2023] [--rounds 10]
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from tests import locations


def load_side(folder: Path, package: str, tree: Path):
    """The naming functions of the code tree `tree` (a checkout), as package `package`."""
    (folder / package).symlink_to(tree / "index", target_is_directory=True)
    titles = importlib.import_module(f"{package}.ingest.titles")
    names = importlib.import_module(f"{package}.ingest.names")
    model = names.model_from(json.loads(
        (tree / "index" / "ingest" / "data" / names.MODEL_FILE).read_text(encoding="utf-8")))
    names.shipped_model = lambda: model  # this tree's weights, not the installed package's
    render = importlib.import_module(f"{package}.ingest.render").render
    one_line = importlib.import_module(f"{package}.ingest.prepare").one_line
    return titles.derive_name_and_title, names.list_statistics, render, one_line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.naming_speed",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the other checkout")
    parser.add_argument("--list", default="icml2023")
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args(argv)
    records = json.loads((locations.CORPORA / f"{args.list}.json").read_text(encoding="utf-8"))
    abstracts = list(dict.fromkeys(" ".join((r.get("abstract") or "").split())
                                   for r in records))
    abstracts = [a for a in abstracts if len(a.split()) >= 5]
    with tempfile.TemporaryDirectory() as folder:
        sys.path.insert(0, folder)
        sides = {"base": load_side(Path(folder), "index_base", args.base.resolve()),
                 "this": load_side(Path(folder), "index_new", locations.REPO)}
        prepared = {}
        for side, (derive, list_statistics, render, one_line) in sides.items():
            stats = list_statistics(abstracts)
            rendered = [replace(r, text=one_line(r.text)) for r in map(render, abstracts)]
            for abstract, one in zip(abstracts, rendered, strict=True):  # warm up
                derive(abstract, one, stats)
            prepared[side] = (derive, stats, rendered)
        cpu: dict[str, list[float]] = {side: [] for side in sides}
        for round_ in range(args.rounds):
            for side in (list(sides) if round_ % 2 == 0 else list(sides)[::-1]):
                derive, stats, rendered = prepared[side]
                start = time.process_time()
                for abstract, one in zip(abstracts, rendered, strict=True):
                    derive(abstract, one, stats)
                cpu[side].append(1000 * (time.process_time() - start) / len(abstracts))
    ratios = [this / base for this, base in zip(cpu["this"], cpu["base"], strict=True)]
    for side, times in cpu.items():
        print(f"{side}: CPU ms an abstract, median {statistics.median(times):.3f},"
              f" fastest {min(times):.3f}")
    print(f"this / base, per round: median {statistics.median(ratios):.3f}"
          f" ({', '.join(f'{r:.3f}' for r in ratios)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
