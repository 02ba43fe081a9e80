"""The benchmark suite: build each corpus, measure everything, print one table.

    python -m benchmarks                 # icml2026 icml2023 10k 100k
    python -m benchmarks --quick         # icml2026 icml2023 10k: a few minutes
    python -m benchmarks --sizes icml2023 30k --skip-app --out /tmp/bench

Per corpus, each phase runs in a fresh process (benchmarks/child.py) so that its memory
and its start-up are its own: a fresh build of all lists but the last (import + index),
then adding the last list (the incremental update), the start-up check on unchanged
lists, search in process (papers, then SQLite FTS5 on the same papers and queries), the
app through Pilot, the real `papers` command launched in a pseudo-terminal (fork to the
first results on its screen, benchmarks/terminal.py), typing in a real terminal (tmux)
beside fzf and a minimal Textual app (benchmarks/typing_run.py), and last adding and
removing a 20-paper list. Writes `bench.json` and `bench.md` to --out. Measurement only: nothing
here asserts a timing.

The project's bytecode is compiled first, as pip does when it installs papers: with
PYTHONDONTWRITEBYTECODE set, every launch would otherwise compile its modules again.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from importlib import metadata
from pathlib import Path

from .corpus import REPO, Corpus, log, parse_size, prepare, small_list
from .search import TYPED
from .terminal import compile_bytecode, terminal_launch
from .tree_memory import TreeMemory
from .typing_run import ROUNDS as TYPING_ROUNDS
from .typing_run import typing_run

DEFAULT_SIZES = ["icml2026", "icml2023", "10k", "100k"]
QUICK_SIZES = ["icml2026", "icml2023", "10k"]
STARTUP_RUNS = 3
TERMINAL_RUNS = 5


# -- running phases ----------------------------------------------------------------------------
def run_child(task: str, args: dict, work: Path, timeout: float) -> dict:
    out = work / f"{task}-{uuid.uuid4().hex[:8]}.json"
    command = [sys.executable, "-m", "benchmarks.child", task, json.dumps(args), str(out)]
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=REPO, stdout=sys.stderr,
                             env={**os.environ, "PAPERS_HOME": args["home"]})
    memory = TreeMemory(child.pid)
    try:
        child.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        memory.stop()
        log(f"{task}: gave up after {timeout:.0f} s")
        return {"error": f"timed out after {timeout:.0f} s"}
    wall = time.perf_counter() - started
    tree_peak = memory.stop()
    if child.returncode != 0 or not out.exists():
        return {"error": f"exit status {child.returncode}"}
    result = json.loads(out.read_text())
    result["process_wall_s"] = wall
    # Every process of the phase at once (papers' own, workers, children), summed PSS.
    result["tree_peak_pss_mb"] = tree_peak
    out.unlink()
    return result


def bench_corpus(corpus: Corpus, work: Path, args: argparse.Namespace) -> dict:
    home = work / "homes" / corpus.key
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    scale = max(corpus.expected or 100, 100)
    result: dict = {"key": corpus.key, "label": corpus.label, "notes": corpus.notes,
                    "files": len(corpus.files)}
    label = corpus.key

    first, last = corpus.files[:-1], corpus.files[-1]
    log(f"{label}: building {len(first)} of {len(corpus.files)} lists")
    result["build"] = run_child("build", {"home": str(home), "files": [str(f) for f in first],
                                          "label": label}, work, 600 + scale * 0.05)
    if "error" in result["build"]:
        return result
    build = result["build"]
    log(f"{label}: {build['papers']:,} papers built in {build['build_s']:.1f} s "
        f"(import {build['import_s']:.1f} s, index {build['index_s']:.1f} s), "
        f"peak {build['peak_rss_mb']:.0f} MB (its largest child process "
        f"{build.get('children_peak_rss_mb', 0):.0f} MB)")
    result["add"] = run_child("add", {"home": str(home), "file": str(last), "label": label},
                              work, 600 + scale * 0.05)

    runs = [run_child("startup", {"home": str(home)}, work, 300) for _ in range(STARTUP_RUNS)]
    good = [r for r in runs if "error" not in r]
    result["startup"] = {
        "check_s": statistics.median(r["check_s"] for r in good),
        "process_wall_s": statistics.median(r["process_wall_s"] for r in good),
        "import_s": statistics.median(r["import_s"] for r in good),
        "reason": good[0]["reason"], "rebuilt": any(r["rebuilt"] for r in good),
    } if good else runs[0]

    repeats = args.repeats or (5 if build["papers"] < 50_000 else 3)
    result["search"] = run_child("search", {"home": str(home), "repeats": repeats,
                                            "label": label}, work, 600 + scale * 0.03)
    result["fts5"] = run_child("fts", {"home": str(home), "repeats": repeats, "label": label,
                                       "path": str(work / f"fts5-{corpus.key}.sqlite3")},
                               work, 600 + scale * 0.03)
    if not args.skip_app:
        result["app"] = run_child("app", {"home": str(home), "label": label}, work,
                                  600 + scale * 0.02)
        result["terminal"] = terminal_launch(str(home), TERMINAL_RUNS)
        if "launch_s" in result["terminal"]:
            log(f"{label}: real terminal, launch to first results "
                f"{result['terminal']['launch_s']:.2f} s (median of {TERMINAL_RUNS})")
    if not args.skip_app and not args.skip_typing:
        if shutil.which("tmux"):
            result["typing"] = typing_run(home, args.typing_rounds)
        else:
            log(f"{label}: no tmux here, the terminal typing run is skipped")
    result["round_trip"] = run_child("round_trip", {"home": str(home), "label": label,
                                                    "file": str(small_list(work / "small"))},
                                     work, 600)
    return result


# -- reporting ---------------------------------------------------------------------------------
def machine() -> dict:
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                ram = int(line.split()[1]) / 2**20
    except OSError:
        pass
    import sqlite3

    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "?"

    return {"cpu": cpu, "cores": os.cpu_count(), "ram_gb": ram,
            "python": platform.python_version(), "whoosh": version("whoosh-reloaded"),
            "textual": version("textual"), "sqlite": sqlite3.sqlite_version,
            "platform": platform.platform(), "date": time.strftime("%Y-%m-%d %H:%M")}


def _get(data: dict, *path, default=None):
    for key in path:
        if not isinstance(data, dict) or key not in data or data[key] is None:
            return default
        data = data[key]
    return data


def _ms(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}" if value >= 1 else f"{value:.2f}"


def _ratio(ours: float | None, theirs: float | None) -> str:
    if ours is None or not theirs:
        return ""
    return f" (×{ours / theirs:.1f})"


def _s(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}" if value < 10 else f"{value:.1f}"


def _mb(value: float | None) -> str:
    return "–" if value is None else f"{value:.0f}" if value >= 10 else f"{value:.1f}"


def _latency(result: dict, section: tuple, measure: str = "search") -> str:
    ours = _get(result, "search", *section, measure)
    theirs = _get(result, "fts5", *section, measure)
    if ours is None:
        return "–"
    text = f"{_ms(ours['median'])} / {_ms(ours['p95'])}"
    if theirs and theirs.get("median") and theirs.get("p95"):
        text += f" (×{ours['median'] / theirs['median']:.1f} / ×{ours['p95'] / theirs['p95']:.1f})"
    return text


ROWS: list[tuple[str, object]] = []


def row(label: str):
    def register(function):
        ROWS.append((label, function))
        return function
    return register


def papers_total(r: dict) -> int | None:
    return _get(r, "add", "papers") or _get(r, "build", "papers")


@row("papers: all (in the fresh build)")
def _(r):
    b = r.get("build", {})
    if "papers" not in b:
        return "–"
    return f"{papers_total(r):,} ({b['papers']:,})"


@row("fresh build: import + index, s")
def _(r):
    b = r.get("build", {})
    if "build_s" not in b:
        return b.get("error", "–")
    return f"{_s(b['build_s'])} = {_s(b['import_s'])} + {_s(b['index_s'])}"


@row("fresh build: papers/s (index only: FTS5 index s)")
def _(r):
    b, f = r.get("build", {}), _get(r, "fts5", "build", default={})
    if "papers_per_s" not in b:
        return "–"
    # FTS5 indexes all papers; scale its time to the papers of the fresh build.
    fts = f["build_s"] * b["papers"] / f["papers"] if f.get("papers") else None
    ratio = f": {_s(fts)} s, ×{b['index_s'] / fts:.1f}" if fts else ""
    return f"{b['papers_per_s']:,.0f} ({b['index_papers_per_s']:,.0f}{ratio})"


@row("fresh build peak memory, MB")
def _(r):
    return _mb(_get(r, "build", "peak_rss_mb"))


@row("fresh build, its largest child process (workers, meaning), MB")
def _(r):
    return _mb(_get(r, "build", "children_peak_rss_mb"))


@row("fresh build, all its processes at once (summed PSS, sampled every 0.1 s), MB")
def _(r):
    return _mb(_get(r, "build", "tree_peak_pss_mb"))


@row("add the last list: import + index, s")
def _(r):
    a = r.get("add", {})
    if "add_s" not in a:
        return a.get("error", "–")
    return f"{_s(a['add_s'])} = {_s(a['import_s'])} + {_s(a['index_s'])} " \
           f"({a['added']:,} papers)"


@row("index on disk, MB (×FTS5)")
def _(r):
    a, f = r.get("add", {}), _get(r, "fts5", "build", default={})
    if "index_mb" not in a:
        return "–"
    return f"{_mb(a['index_mb'])}" + (f" (×{a['index_mb'] / f['size_mb']:.1f})"
                                      if f.get("size_mb") else "")


@row("store (+ list copies), MB")
def _(r):
    a = r.get("add", {})
    return f"{_mb(a.get('store_mb'))} (+{_mb(a.get('list_copies_mb'))})" if a.get(
        "store_mb") is not None else "–"


@row("20-paper list: add / remove, s")
def _(r):
    t = r.get("round_trip", {})
    if "add_s" not in t:
        return t.get("error", "–")
    return f"{_s(t['add_s'])} / {_s(t['remove_s'])}"


@row("start-up check (unchanged), ms")
def _(r):
    s = r.get("startup", {})
    if "check_s" not in s:
        return s.get("error", "–")
    return f"{_ms(s['check_s'] * 1000)} (process {_ms(s['process_wall_s'] * 1000)})"


for _name in ("one-word", "multi-word", "phrase", "field", "fuzzy", "prefix", "no match (typo)"):
    row(f"{_name}: median / p95 ms (×FTS5)")(
        lambda r, n=_name: _latency(r, ("classes", n)))

@row("did you mean (after a typo shows): median / max ms")
def _(r):
    sug = _get(r, "search", "classes", "no match (typo)", "suggest")
    return f"{_ms(sug['median'])} / {_ms(sug['max'])}" if sug else "–"


row("typing, search only: median / p95 ms")(lambda r: _latency(r, ("typing",)))
row("typing + visible rows: median / p95 ms")(
    lambda r: _latency(r, ("typing",), "keystroke_total"))


@row("typing + rows: worst keystroke, ms")
def _(r):
    w = _get(r, "search", "typing", "worst")
    f = _get(r, "fts5", "typing", "worst")
    if not w:
        return "–"
    return f"{_ms(w['total_ms'])} “{w['q']}”" + (f" (FTS5 {_ms(f['total_ms'])})" if f else "")


@row("typing, first matches (unranked) + rows: median / p95 ms")
def _(r):
    f = _get(r, "search", "typing_first", "keystroke_total")
    return f"{_ms(f['median'])} / {_ms(f['p95'])}" if f else "–"


@row("cold: first search / prefix table / warm-up, ms")
def _(r):
    c = _get(r, "search", "cold")
    if not c:
        return "–"
    return f"{_ms(c['first_search_ms'])} / {_ms(c['prefix_table_ms'])} " \
           f"({c['prefix_table_terms']:,} words) / {_ms(c.get('warm_up_ms'))}"


@row("app: launch → first paint, s")
def _(r):
    a = r.get("app")
    if not a:
        return "skipped"
    if "error" in a:
        return a["error"]
    return f"{_s(a['launch_s'])} (app {_s(a['first_paint_s'])})"


@row("`papers` in a terminal: launch → first results on screen, median (min–max) s")
def _(r):
    t = r.get("terminal")
    if not t:
        return "skipped"
    if "error" in t:
        return t["error"]
    return f"{_s(t['launch_s'])} ({_s(t['min_s'])}–{_s(t['max_s'])})"


def launch_s(r: dict) -> float | None:
    """Launch to first results: the real terminal's figure when measured, else Pilot's."""
    return _get(r, "terminal", "launch_s") or _get(r, "app", "launch_s")


def _spread(k) -> str:
    return f"{_ms(k['median'])} / {_ms(k['p95'])} / {_ms(k['max'])}" if k else "–"


TYPING_TOOLS = ("papers", "fzf", "fzf --exact", "Textual (Input + echo)")


def _typing_row(tool: str):
    def cell(r):
        figures = _get(r, "typing", "tools", tool)
        if not figures:
            return "skipped" if tool == "papers" or not _get(r, "typing") else \
                _get(r, "typing", "skipped", tool, default="–")
        if "error" in figures:
            return figures["error"].splitlines()[0]
        text = (f"{_ms(figures['first_results_ms'])}; {_ms(figures['median_ms'])} / "
                f"{_ms(figures['p95_ms'])} / {_ms(figures['max_ms'])}; "
                f"{_ms(figures['first_key_ms'])}")
        ours = _get(r, "typing", "tools", "papers")
        if tool != "papers" and ours and "error" not in ours and figures["median_ms"]:
            text += f" (papers ×{ours['median_ms'] / figures['median_ms']:.1f})"
        return text
    return cell


for _tool in TYPING_TOOLS:
    row(f"tmux typing, {_tool}: first results; key → settled median / p95 / max; "
        "first key, ms")(_typing_row(_tool))


@row("app: keystroke → first painted, median / p95 / max ms")
def _(r):
    return _spread(_get(r, "app", "keystroke"))


@row("app: keystroke → ranked list, median / p95 / max ms")
def _(r):
    return _spread(_get(r, "app", "keystroke_ranked"))


@row("app: worst keystroke")
def _(r):
    w = _get(r, "app", "keystroke_worst")
    return f"{_ms(w['ms'])} ms “{w['q']}”" if w else "–"


@row("app: fast typing, ms from last key to ranked list (worst)")
def _(r):
    bursts = _get(r, "app", "burst")
    if not bursts:
        return "–"
    values = [b["after_last_key_ms"] for b in bursts if b["after_last_key_ms"] is not None]
    return _ms(max(values)) if values else "timed out"


@row("app: longest UI stall while typing, ms")
def _(r):
    a = r.get("app") or {}
    if "stall_single_ms" not in a:
        return "–"
    return f"{_ms(max(a['stall_single_ms'], a['stall_burst_ms']))}"


@row("app: memory at first paint / after typing, MB")
def _(r):
    a = r.get("app") or {}
    if "rss_first_paint_mb" not in a:
        return "–"
    return f"{_mb(a['rss_first_paint_mb'])} / {_mb(a['rss_after_typing_mb'])}"


def table(results: list[dict]) -> list[list[str]]:
    header = ["", *[f"{r['label']}" for r in results]]
    rows = [header]
    for label, function in ROWS:
        cells = []
        for result in results:
            try:
                cells.append(str(function(result)))
            except Exception as error:  # noqa: BLE001 - a missing figure, not a crash
                cells.append(f"? ({type(error).__name__})")
        rows.append([label, *cells])
    return rows


def text_table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for number, cells in enumerate(rows):
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(cells, widths, strict=True))))
        if number == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown_table(rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(rows[0]) + " |",
             "|" + "|".join([":---"] + ["---:"] * (len(rows[0]) - 1)) + "|"]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows[1:]]
    return "\n".join(lines)


# -- the targets of issue 5 --------------------------------------------------------------------
def tier(result: dict) -> str | None:
    papers = papers_total(result) or 0
    if papers <= 5_000:
        return "icml"
    if papers <= 30_000:
        return "30k"
    return "100k"


def targets(results: list[dict]) -> list[dict]:
    out = []

    def check(name: str, result: dict, value: float | None, limit: float, unit: str) -> None:
        if value is None:
            verdict = "not measured"
        else:
            verdict = "pass" if value <= limit else f"FAIL (×{value / limit:.1f})"
        out.append({"target": name, "corpus": result["label"], "limit": limit, "unit": unit,
                    "value": value, "verdict": verdict})

    for r in results:
        t = tier(r)
        app_keys = _get(r, "app", "keystroke")
        typed = _get(r, "search", "typing", "keystroke_total")
        if t == "icml":
            check("keystroke → results on screen (app), median", r,
                  _get(app_keys, "median"), 50, "ms")
            check("keystroke → results on screen (app), every keystroke", r,
                  _get(app_keys, "max"), 50, "ms")
            check("keystroke with visible rows (in process), every keystroke", r,
                  _get(typed, "max"), 50, "ms")
            check("launch → first results painted", r, launch_s(r), 0.6, "s")
            check("app memory at first paint", r, _get(r, "app", "rss_first_paint_mb"),
                  150, "MB")
        elif t == "30k":
            check("keystroke → results on screen (app), p95 (30k target)", r,
                  _get(app_keys, "p95"), 100, "ms")
            check("keystroke with visible rows (in process), p95 (30k target)", r,
                  _get(typed, "p95"), 100, "ms")
        else:
            check("keystroke → results on screen (app), median", r,
                  _get(app_keys, "median"), 100, "ms")
            check("keystroke → results on screen (app), p95", r, _get(app_keys, "p95"),
                  250, "ms")
            check("keystroke with visible rows (in process), median", r,
                  _get(typed, "median"), 100, "ms")
            check("keystroke with visible rows (in process), p95", r, _get(typed, "p95"),
                  250, "ms")
            check("launch → first results painted", r, launch_s(r), 1.5, "s")
            check("app memory at first paint", r, _get(r, "app", "rss_first_paint_mb"),
                  600, "MB")
            built = _get(r, "build", "papers")
            check("full build (import + index), scaled to all papers", r,
                  _get(r, "build", "build_s") * papers_total(r) / built if built else None,
                  600, "s")
            check("build peak memory", r, _get(r, "build", "peak_rss_mb"), 1024, "MB")
        # (issue 17: any single list, 100k included, within 500 MB; every process counted)
        check("build, all its processes at once (summed PSS; issue 17)", r,
              _get(r, "build", "tree_peak_pss_mb"), 500, "MB")
        for name in ("one-word", "multi-word"):
            ours = _get(r, "search", "classes", name, "search", "p95")
            theirs = _get(r, "fts5", "classes", name, "search", "p95")
            check(f"{name} term query p95 ÷ FTS5 p95", r,
                  ours / theirs if ours is not None and theirs else None, 5, "×")
        if t == "icml" and _get(r, "build", "records", default=0) >= 1000:
            check(f"ICML-size list indexed (import + index, {r['build']['records']:,} records)",
                  r, _get(r, "build", "build_s"), 5, "s")
        typed_tmux = _get(r, "typing", "tools", "papers", default={})
        limits = {"icml": (15, 25, 50, 180), "100k": (25, 60, 100, 250)}.get(t)
        if limits and typed_tmux:
            for (what, key), limit in zip(
                    [("median", "median_ms"), ("p95", "p95_ms"), ("every key", "max_ms"),
                     ("launch → first results", "first_results_ms")], limits, strict=True):
                check(f"tmux typing (issue 17): keystroke → settled screen, {what}"
                      if key != "first_results_ms" else f"tmux: {what} (issue 17)", r,
                      typed_tmux.get(key), limit, "ms")
        stall = _get(r, "app", "stall_single_ms")
        if stall is not None:
            stall = max(stall, _get(r, "app", "stall_burst_ms", default=0))
        check("typing never stalls: longest UI stall (≤ 50 ms taken as 'no stall')", r,
              stall, 50, "ms")
    return out


def targets_markdown(checks: list[dict]) -> str:
    lines = ["| target | corpus | limit | measured | verdict |", "|:---|:---|---:|---:|:---|"]
    for c in checks:
        value = "–" if c["value"] is None else (
            f"{c['value']:.2f}" if c["value"] < 10 else f"{c['value']:.0f}")
        lines.append(f"| {c['target']} | {c['corpus']} | {c['limit']:g} {c['unit']} | "
                     f"{value} {c['unit']} | {c['verdict']} |")
    return "\n".join(lines)


def machine_line(m: dict) -> str:
    ram = f"{m['ram_gb']:.0f} GB RAM" if m.get("ram_gb") else ""
    return (f"{m['cpu']}, {m['cores']} cores, {ram}; Python {m['python']}, Whoosh "
            f"(whoosh-reloaded) {m['whoosh']}, Textual {m['textual']}, SQLite {m['sqlite']}; "
            f"{m['date']}")


def write_reports(out: Path, results: list[dict], info: dict, seconds: float) -> str:
    out.mkdir(parents=True, exist_ok=True)
    rows = table(results)
    checks = targets(results)
    (out / "bench.json").write_text(json.dumps(
        {"machine": info, "seconds": seconds, "corpora": results, "targets": checks},
        indent=1, default=str))
    notes = "\n".join(f"- {r['label']}: {'; '.join(r['notes'])}" for r in results)
    markdown = "\n\n".join([
        f"Machine: {machine_line(info)}.",
        markdown_table(rows),
        "Latencies are milliseconds, median / p95 over the queries of each class (about 10 "
        "per class, each run after a warm-up; the median of its runs counts). “×” is papers "
        "÷ SQLite FTS5 (porter tokenizer, 1–3 character prefix indexes) on the same papers "
        "and queries in the same run: median ratio / p95 ratio. “Typing” is every prefix "
        "of “" + "”, “".join(TYPED)
        + "” with the word being typed completed; “visible rows” adds the cards and title "
        "highlighting of 40 rows and the selected abstract highlighted. The app figures go "
        "through `App.run_test()` (headless) from key press to the results list redrawn.",
        notes,
        "Targets (issue 5):",
        targets_markdown(checks),
    ])
    (out / "bench.md").write_text(markdown + "\n")
    return text_table(rows) + "\n\n" + targets_markdown(checks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="+", default=None, metavar="CORPUS",
                        help="icml2026, icml2023 and/or sizes such as 10k, 30k, 100k "
                             f"(default: {' '.join(DEFAULT_SIZES)})")
    parser.add_argument("--quick", action="store_true",
                        help=f"only {' '.join(QUICK_SIZES)}")
    parser.add_argument("--out", type=Path, default=Path("bench-results"),
                        help="where bench.json and bench.md go (default: bench-results/)")
    parser.add_argument("--skip-app", action="store_true", help="no Pilot measurements")
    parser.add_argument("--skip-typing", action="store_true",
                        help="no typing run in tmux (benchmarks/typing_run.py)")
    parser.add_argument("--typing-rounds", type=int, default=TYPING_ROUNDS,
                        help=f"rounds of the tmux typing run (default {TYPING_ROUNDS})")
    parser.add_argument("--repeats", type=int, default=None,
                        help="runs per query after the warm-up (default 5; 3 from 50k)")
    parser.add_argument("--work", type=Path, default=None,
                        help="scratch directory (default: a new temp dir, removed after)")
    parser.add_argument("--corpus-cache", type=Path, default=None,
                        help="keep generated synthetic corpora here and reuse them")
    args = parser.parse_args(argv)
    keys = args.sizes or (QUICK_SIZES if args.quick else DEFAULT_SIZES)
    for key in keys:
        if key not in ("icml2026", "icml2023") and parse_size(key) is None:
            parser.error(f"unknown corpus {key!r}")
    work = args.work or Path(tempfile.mkdtemp(prefix="papers-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    info = machine()
    log(f"machine: {machine_line(info)}; scratch in {work}")
    compile_bytecode(REPO)
    started = time.perf_counter()
    results = []
    try:
        for key in keys:
            corpus = prepare(key, work, args.corpus_cache)
            results.append(bench_corpus(corpus, work, args))
            # Write after every corpus, so a long run leaves figures even if stopped.
            write_reports(args.out, results, info, time.perf_counter() - started)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    report = write_reports(args.out, results, info, time.perf_counter() - started)
    print(f"Machine: {machine_line(info)}\n")
    print(report)
    log(f"done in {time.perf_counter() - started:.0f} s; wrote {args.out / 'bench.json'} "
        f"and {args.out / 'bench.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
