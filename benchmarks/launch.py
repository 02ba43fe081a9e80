"""How long the command line takes for commands that never search, beside the floor.

    python -m benchmarks.launch --home DIR [--runs 15] [--baseline CHECKOUT]

Each run starts a fresh process (`papers --version`, `papers lists`, `papers tag ID x`
then `papers untag ID x`), alternated with the interpreter doing nothing (`python -c
pass`: the floor no command can go under) and, with --baseline, the same commands from
another checkout; medians of the runs, wall clock from fork to exit. The project's
bytecode is compiled first (PYTHONDONTWRITEBYTECODE would otherwise make every launch
compile it again). Measurement only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from .corpus import REPO
from .terminal import compile_bytecode, papers_command


def _time(command: list[str], env: dict[str, str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - started) * 1000


def _a_paper(home: Path) -> str:
    found = subprocess.run([*papers_command(), "search", "learning", "--limit", "1",
                            "--json"], env={**os.environ, "PAPERS_HOME": str(home)},
                           capture_output=True, text=True, check=True)
    import json

    return json.loads(found.stdout.splitlines()[0])["id"]


def launch_run(home: Path, runs: int, baseline: Path | None = None) -> dict[str, dict]:
    paper = _a_paper(home)
    env = {**os.environ, "PAPERS_HOME": str(home)}
    commands = {"python -c pass": ([sys.executable, "-c", "pass"], env, REPO)}
    # `python -m tui` imports from its working directory first: the baseline runs in its.
    checkouts = [("", papers_command(), env, REPO)]
    if baseline is not None:
        checkouts.append((" (baseline)", [sys.executable, "-m", "tui"],
                          {**env, "PYTHONPATH": str(baseline)}, baseline))
    for suffix, papers, where, cwd in checkouts:
        for words in (["--version"], ["lists"], ["tag", paper, "bench-launch"],
                      ["untag", paper, "bench-launch"]):
            label = "papers " + " ".join(w if w != paper else "ID" for w in words)
            commands[label + suffix] = ([*papers, *words], where, cwd)
    times: dict[str, list[float]] = {label: [] for label in commands}
    for _ in range(runs):
        for label, (command, where, cwd) in commands.items():
            times[label].append(_time(command, where, cwd))
    return {label: {"median_ms": statistics.median(t), "min_ms": min(t), "runs": len(t)}
            for label, t in times.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.launch", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--home", type=Path, required=True, help="a PAPERS_HOME to use")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--baseline", type=Path, default=None, metavar="CHECKOUT")
    args = parser.parse_args(argv)
    compile_bytecode(REPO, *([args.baseline] if args.baseline else []))
    figures = launch_run(args.home, args.runs, args.baseline)
    floor = figures["python -c pass"]["median_ms"]
    print("| command | median ms | min ms | × the bare interpreter |\n|:---|---:|---:|---:|")
    for label, f in figures.items():
        print(f"| {label} | {f['median_ms']:.0f} | {f['min_ms']:.0f} | "
              f"×{f['median_ms'] / floor:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
