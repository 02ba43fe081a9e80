"""Typing in a real terminal, as a person sees it: keystroke → settled screen.

    python -m benchmarks.typing_run [--sizes icml2023 100k] [--rounds 5] [--home DIR]

Each tool runs in a tmux pane of 120×40 (benchmarks/tmux.py) and is sent the keys of
realistic queries one at a time, the first right when its first results appear. After
each key the screen is read every 5 ms until it has not changed for `QUIET_S`: the
keystroke's figure is the time of the last change, when every row that changes has
changed (the settled screen), not the first sign of life. Beside papers, in the same
rounds and in turn within each round, run three anchors on the same papers:

- `fzf`, one line per paper (title and abstract), and `fzf --exact`;
- Textual's floor: an Input and a Static echoing it (benchmarks/minimal_app.py),
  TEXTUAL_FPS=120 as papers runs.

Every figure is given with its ratio to each anchor measured in the same run (this
machine is shared, and its speed drifts). An anchor whose tool is missing is skipped
with a message (`apt-get install fzf`). papers' bytecode is compiled first, as `pip install .`
does (benchmarks/terminal.py). Measurement only: nothing asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .corpus import REPO, log, prepare
from .search import stats
from .terminal import compile_bytecode, papers_command
from .tmux import Pane, TmuxError

QUERIES = ("diffusion models", "reinforcement learning")
QUIET_S = 0.3  # unchanged this long after a change: the screen has settled
# The first key, typed at first paint, may wait for a tool's search engine to load after
# its echo: on a loaded machine that silence passed QUIET_S, and the key was counted as
# settled at its echo (its results 0.4 s later: seen in a capture of every frame). It is
# read for longer, once per run; the second key therefore goes out 1 s after the first
# key's last change rather than 0.3 s, for every tool alike.
FIRST_KEY_QUIET_S = 1.0
NO_CHANGE_S = 1.0  # a key that changes nothing visible (a space fzf ignores) by then
POLL_S = 0.005
LAUNCH_TIMEOUT_S = 120.0
ROUNDS = 5
# Drawn around a query by the tools: Input's tall border, fzf's prompt.
_FRAME = " >▊▎▌▐│┃▏▕"


@dataclass
class Tool:
    name: str
    command: list[str]
    ready: re.Pattern  # the first results are on screen
    env: dict[str, str] = field(default_factory=dict)
    missing: str | None = None  # why it cannot run here
    cwd: Path = REPO  # `python -m tui` imports from here first


@dataclass
class Key:
    prefix: str
    settled_ms: float | None  # None: nothing on screen changed
    echo_ms: float | None  # the query line shows the prefix


def _echoed(screen: list[str], prefix: str) -> bool:
    wanted = prefix.strip()
    return any(line.strip(_FRAME) == wanted for line in screen)


def _settle(pane: Pane, screen: list[str], sent: float, prefix: str | None,
            quiet: float = QUIET_S) -> tuple[list[str], Key]:
    """Read the screen until it settles (unchanged for `quiet` seconds) after a key sent
    at `sent`."""
    changed = echo = None
    tick = time.perf_counter()
    while True:
        now_screen = pane.capture()
        now = time.perf_counter()
        if now_screen != screen:
            screen, changed = now_screen, now
            if echo is None and prefix is not None and _echoed(screen, prefix):
                echo = now
        if changed is not None and now - changed >= quiet:
            break
        if changed is None and now - sent >= NO_CHANGE_S:
            break
        tick += POLL_S
        time.sleep(max(tick - time.perf_counter(), 0))
    def after(moment: float | None) -> float | None:
        return None if moment is None else (moment - sent) * 1000

    # A space changes no character of the query line: its echo cannot be seen.
    return screen, Key(prefix or "", after(changed),
                       after(echo) if prefix and not prefix.endswith(" ") else None)


def one_run(tool: Tool, queries: tuple[str, ...]) -> dict:
    """Launch `tool`, type every query (the first key right at the first results)."""
    pane = Pane(tool.command, tool.env, tool.cwd)
    try:
        started = pane.release()
        while True:
            screen = pane.capture()
            if any(tool.ready.search(line) for line in screen):
                break
            if time.perf_counter() - started > LAUNCH_TIMEOUT_S or pane.dead():
                return {"error": "the first results never appeared:\n" + "\n".join(screen)}
            time.sleep(POLL_S)
        first_results_ms = (time.perf_counter() - started) * 1000
        keys: list[Key] = []
        for number, query in enumerate(queries):
            if number:
                screen, _ = _settle(pane, screen, pane.keys("C-u"), None)
            for end in range(1, len(query) + 1):
                quiet = FIRST_KEY_QUIET_S if not keys else QUIET_S
                screen, key = _settle(pane, screen, pane.type(query[end - 1]), query[:end],
                                      quiet)
                keys.append(key)
        return {"first_results_ms": first_results_ms, "keys": [vars(k) for k in keys]}
    finally:
        pane.close()


def _fzf_lines(home: Path, target: Path) -> int:
    """One line per paper, title then abstract, from papers' own export."""
    exported = target.with_suffix(".jsonl")
    subprocess.run([*papers_command(), "export", "--all", "--format", "jsonl", "-o",
                    str(exported), "--force"], check=True, env={**os.environ,
                   "PAPERS_HOME": str(home)}, stdout=subprocess.DEVNULL)
    count = 0
    with exported.open(encoding="utf-8") as source, target.open("w", encoding="utf-8") as out:
        for line in source:
            paper = json.loads(line)
            out.write(" ".join(f"{paper.get('title', '')} — {paper.get('abstract', '')}"
                               .split()) + "\n")
            count += 1
    exported.unlink()
    return count


# What the app's warm-up keeps after its first search (the first keystroke's pages, where
# the checkout's code keeps them): the library as the app left it on an earlier launch.
_SYNC = ("import inspect\nfrom index import Library\nlibrary = Library()\nlibrary.sync()\n"
         "if 'keys' in inspect.signature(library.keep_first_page).parameters:\n"
         "    library.warm_up()\n    library.keep_first_page(keys=True)\n")


def _sync(home: Path, checkout: Path) -> None:
    """Bring the library's index and first pages up to date with `checkout`'s code (and
    the pages its app keeps after a launch), so the first launch measured lists its
    first page, and answers its first key, as every later one does."""
    subprocess.run([sys.executable, "-c", _SYNC],
                   check=True, cwd=checkout, env={**os.environ, "PAPERS_HOME": str(home),
                                                  "PYTHONPATH": str(checkout)})


def tools(home: Path, scratch: Path, baseline: Path | None = None) -> list[Tool]:
    """The tools in turn; `baseline`, a checkout of papers to run beside this one (as
    "papers (baseline)", for before and after in the same rounds)."""
    lines = scratch / "papers.lines"
    count = _fzf_lines(home, lines)
    if baseline:
        # Its own copy of the library: each version keeps the first pages its code
        # stamped (index/first_page.py); in one home each launch found the other's
        # stamp and listed nothing before its search engine loaded.
        baseline_home = scratch / "baseline-home"
        shutil.copytree(home, baseline_home)
        _sync(baseline_home, baseline)
    _sync(home, REPO)
    fzf = shutil.which("fzf")
    no_fzf = None if fzf else "fzf is not installed (apt-get install fzf)"
    fzf_ready = re.compile(rf"\b{count}/{count}\b")
    feed = ["sh", "-c", 'exec "$@" < "$0"', str(lines)]  # fzf reads the lines on stdin
    return [
        Tool("papers", papers_command(), re.compile(r" sort: "),
             {"PAPERS_HOME": str(home)}),
        *([Tool("papers (baseline)", [sys.executable, "-m", "tui"], re.compile(r" sort: "),
                {"PAPERS_HOME": str(baseline_home), "PYTHONPATH": str(baseline)},
                cwd=baseline)]
          if baseline else []),
        Tool("fzf", [*feed, fzf or "fzf"], fzf_ready, missing=no_fzf),
        Tool("fzf --exact", [*feed, fzf or "fzf", "--exact"], fzf_ready, missing=no_fzf),
        Tool("Textual (Input + echo)", [sys.executable, "-m", "benchmarks.minimal_app"],
             re.compile("Type to search"), {"TEXTUAL_FPS": "120"}),
    ]


def _no_resume(home: Path) -> None:
    """Every run starts on the empty query, whatever the last one typed."""
    config = home / "config" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    text = config.read_text(encoding="utf-8") if config.exists() else ""
    if not re.search(r"^resume\s*=", text, re.MULTILINE):
        config.write_text(text + "\nresume = false\n", encoding="utf-8")


def summary(runs: list[dict]) -> dict:
    """Per-round figures of one tool, then their medians (max: over every keystroke)."""
    good = [r for r in runs if "error" not in r]
    if not good:
        return {"error": runs[0]["error"] if runs else "not run"}
    rounds = []
    for run in good:
        settled = [k["settled_ms"] for k in run["keys"] if k["settled_ms"] is not None]
        echoes = [k["echo_ms"] for k in run["keys"] if k["echo_ms"] is not None]
        rounds.append({"keys": stats(settled), "echo": stats(echoes),
                       "first_key_ms": run["keys"][0]["settled_ms"],
                       "first_results_ms": run["first_results_ms"],
                       "unchanged": sum(k["settled_ms"] is None for k in run["keys"]),
                       "settled_ms": {k["prefix"]: k["settled_ms"] for k in run["keys"]}})

    def median(values):
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else None

    every = [k for run in good for k in run["keys"] if k["settled_ms"] is not None]
    worst = max(every, key=lambda k: k["settled_ms"]) if every else None
    return {
        "rounds": len(good), "failed": len(runs) - len(good),
        "first_results_ms": median(r["first_results_ms"] for r in rounds),
        "median_ms": median(r["keys"]["median"] for r in rounds),
        "p95_ms": median(r["keys"]["p95"] for r in rounds),
        "max_ms": worst["settled_ms"] if worst else None,
        "worst_key": worst["prefix"] if worst else None,
        "first_key_ms": median(r["first_key_ms"] for r in rounds),
        "first_key_max_ms": max((r["first_key_ms"] or 0) for r in rounds),
        "echo_median_ms": median(r["echo"]["median"] for r in rounds),
        "unchanged_keys": sum(r["unchanged"] for r in rounds),
        "per_round": rounds,
    }


def typing_run(home: Path, rounds: int = ROUNDS, queries: tuple[str, ...] = QUERIES,
               only: list[str] | None = None, baseline: Path | None = None) -> dict:
    """Every tool once per round, in an order that rotates from round to round (`only`:
    just the tools named, to iterate on one)."""
    _no_resume(home)
    with tempfile.TemporaryDirectory(prefix="bench-typing-") as scratch:
        runnable, skipped = [], {}
        for tool in tools(home, Path(scratch), baseline):
            if only and tool.name not in only:
                continue
            if tool.missing:
                log(f"typing: skipping the {tool.name} anchor: {tool.missing}")
                skipped[tool.name] = tool.missing
            else:
                runnable.append(tool)
        runs: dict[str, list[dict]] = {t.name: [] for t in runnable}
        for number in range(rounds):
            turn = runnable[number % len(runnable):] + runnable[:number % len(runnable)]
            for tool in turn:
                try:
                    result = one_run(tool, queries)
                except TmuxError as error:
                    result = {"error": str(error)}
                runs[tool.name].append(result)
                brief = result.get("error") or ", ".join(
                    f"{k['prefix']!r} {k['settled_ms']:.0f}" for k in result["keys"][:3]
                    if k["settled_ms"] is not None)
                log(f"typing round {number + 1}/{rounds}, {tool.name}: "
                    f"{brief.splitlines()[0] if brief else ''} …")
    out = {"queries": list(queries), "quiet_ms": QUIET_S * 1000, "poll_ms": POLL_S * 1000,
           "size": "120x40", "tools": {name: summary(r) for name, r in runs.items()},
           "skipped": skipped}
    return out


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.0f}" if value >= 10 else f"{value:.1f}"


def report(result: dict) -> str:
    """A table: each tool's figures, and papers' ratio to each anchor (papers ÷ anchor)."""
    tools_ = result["tools"]
    columns = [("first results, ms", "first_results_ms"), ("keystroke median", "median_ms"),
               ("p95", "p95_ms"), ("max", "max_ms"), ("first key (at first paint)",
                                                       "first_key_ms"),
               ("echo median", "echo_median_ms")]
    lines = ["| tool | " + " | ".join(c for c, _ in columns) + " |",
             "|:---|" + "---:|" * len(columns)]
    ours = tools_.get("papers", {})
    for name, figures in tools_.items():
        if "error" in figures:
            lines.append(f"| {name} | {figures['error'].splitlines()[0]} |")
            continue
        cells = []
        for _, key in columns:
            cell = _fmt(figures.get(key))
            if name != "papers" and ours.get(key) and figures.get(key):
                cell += f" (papers ×{ours[key] / figures[key]:.2f})"
            cells.append(cell)
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    worst = ours.get("worst_key")
    notes = [f"Keys of {', '.join(repr(q) for q in result['queries'])}, one at a time, "
             f"each until the screen settled (unchanged for {result['quiet_ms']:.0f} ms, "
             f"read every {result['poll_ms']:.0f} ms; {result['size']}); medians of the "
             "rounds' medians and p95s, max over every key."]
    if worst:
        notes.append(f"papers' slowest key: {worst!r}.")
    notes += [f"{name} skipped: {why}." for name, why in result.get("skipped", {}).items()]
    return "\n".join(lines) + "\n\n" + " ".join(notes)


def _home_for(key: str, work: Path) -> Path:
    """A temporary PAPERS_HOME with every list of the corpus added (`papers add`)."""
    corpus = prepare(key, work, work / "cache")
    home = work / f"home-{key}"
    log(f"typing: adding {len(corpus.files)} lists of {corpus.label} to {home}")
    subprocess.run([*papers_command(), "add", *map(str, corpus.files)], check=True,
                   env={**os.environ, "PAPERS_HOME": str(home)}, stdout=subprocess.DEVNULL)
    return home


def _home_label(home: Path) -> str:
    """`--home`'s label: the folder and how many papers its library holds, so that a run
    typed in a home of the 33 seed abstracts is never read as one of a conference."""
    from index import Library

    library = Library(home, seed=False)
    try:
        return f"{home} ({library.count():,} papers)"
    finally:
        library.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.typing_run",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="+", default=["icml2023"], metavar="CORPUS",
                        help="icml2023 (default), icml2026, or a synthetic size (100k)")
    parser.add_argument("--home", type=Path, action="append", default=[],
                        help="an existing PAPERS_HOME to type in instead (repeatable)")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--only", nargs="+", default=None, metavar="TOOL",
                        help="run only these tools (papers, fzf, 'fzf --exact', "
                             "'Textual (Input + echo)')")
    parser.add_argument("--baseline", type=Path, default=None, metavar="CHECKOUT",
                        help="also run papers from this checkout (before/after)")
    parser.add_argument("--queries", nargs="+", default=list(QUERIES), metavar="QUERY",
                        help="the queries typed, in order (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=None, help="write the JSON here")
    args = parser.parse_args(argv)

    def stop(signum, _frame):  # SIGTERM as an exception, so every pane is closed
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    if not shutil.which("tmux"):
        parser.error("tmux is not installed")
    compile_bytecode(REPO, *([args.baseline] if args.baseline else []))
    work = Path(tempfile.mkdtemp(prefix="papers-typing-"))
    try:
        homes = [(_home_label(h), h) for h in args.home] or \
            [(key, _home_for(key, work)) for key in args.sizes]
        results = {}
        for label, home in homes:
            results[label] = typing_run(home, args.rounds, tuple(args.queries),
                                        only=args.only, baseline=args.baseline)
            print(f"\n{label}\n\n{report(results[label])}\n", flush=True)
        if args.out:
            args.out.write_text(json.dumps(results, indent=1))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
