"""One benchmark phase in a fresh process, so its memory and start-up are its own.

    python -m benchmarks.child TASK ARGS_JSON OUT_JSON

Writes a JSON object to OUT_JSON (with `peak_rss_mb`, this process's maximum resident
size); progress goes to stderr.
"""

from __future__ import annotations

import time

_PERF_AT_START = time.perf_counter()
_BOOT_CLOCK_AT_START = time.clock_gettime(time.CLOCK_BOOTTIME)

import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

# Only what the app's own start-up also imports comes before the app task's first paint:
# the rest of this harness (psutil, resource, the other bench modules) loads afterwards.


def log(message: str) -> None:
    from .corpus import log as bench_log

    bench_log(message)


def _process_start_perf() -> float:
    """The process's creation time on the perf_counter clock (interpreter start included).

    Linux records it in /proc/self/stat in clock ticks (10 ms) on the boot clock.
    psutil's `create_time()` adds that to the boot time in whole seconds, so it read up
    to a second early (0.7-0.85 s on the benchmark machine) and inflated every launch."""
    with open("/proc/self/stat") as stat:
        # Field 22, counted after the parenthesised command name (which may hold spaces).
        ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
    started = ticks / os.sysconf("SC_CLK_TCK")
    return _PERF_AT_START - (_BOOT_CLOCK_AT_START - started)


def _du(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _sizes(where) -> dict[str, float]:
    store = sum(_du(p) for p in where.data_dir.glob("library.sqlite3*"))
    return {"index_mb": _du(where.index_dir) / 2**20, "store_mb": store / 2**20,
            "list_copies_mb": _du(where.lists_dir) / 2**20}


def _rss_mb() -> float:
    import psutil

    return psutil.Process().memory_info().rss / 2**20


def build(home: str, files: list[str], label: str) -> dict:
    """Import every list, then build the index from scratch (one sync, as `papers index`)."""
    started = time.perf_counter()
    from index import Library
    from index.store.list_import import import_list

    out: dict = {"import_modules_s": time.perf_counter() - started}
    library = Library(home, seed=False)
    library.store.set_meta("seeded", "1")  # exactly this corpus: no bundled lists
    started = time.perf_counter()
    read = new = merged = 0
    for number, name in enumerate(files, 1):
        report = import_list(library.store, library.where, Path(name))
        read, new, merged = read + report.read, new + report.new, merged + report.merged
        log(f"{label}: imported list {number}/{len(files)} "
            f"({time.perf_counter() - started:.0f} s)")
    out["import_s"] = time.perf_counter() - started
    out.update(records=read, new=new, merged=merged, rss_after_import_mb=_rss_mb())
    marks = {"next": 0.0}
    indexing = time.perf_counter()

    def progress(done: int, total: int, phase: str = "papers") -> None:
        if phase != "papers":
            if done == total:
                log(f"{label}: wrote {total:,} postings "
                    f"({time.perf_counter() - indexing:.0f} s, {_rss_mb():.0f} MB)")
            return
        if done / total >= marks["next"] or done == total:
            marks["next"] += 0.1
            log(f"{label}: indexed {done:,} of {total:,} "
                f"({time.perf_counter() - indexing:.0f} s, {_rss_mb():.0f} MB)")

    report = library.sync(progress)
    out["index_s"] = time.perf_counter() - indexing
    out["index_reason"] = report.reason
    out["build_s"] = out["import_s"] + out["index_s"]
    out["papers"] = library.count()
    out["papers_per_s"] = out["papers"] / out["build_s"]
    out["index_papers_per_s"] = out["papers"] / out["index_s"]
    out.update(_sizes(library.where))
    library.close()
    return out


def startup(home: str) -> dict:
    """`Library(home)` + `sync()` on an up-to-date library, as every launch does."""
    started = time.perf_counter()
    from index import Library

    imported = time.perf_counter()
    library = Library(home)
    opened = time.perf_counter()
    report = library.sync()
    synced = time.perf_counter()
    library.close()
    return {"import_s": imported - started, "open_s": opened - imported,
            "sync_s": synced - opened, "check_s": synced - imported, "reason": report.reason,
            "rebuilt": report.rebuilt, "since_process_start_s": synced - _process_start_perf()}


def add(home: str, file: str, label: str) -> dict:
    """`papers add FILE` on a built library: import the list, then bring the index up."""
    from index import Library
    from index.store.list_import import import_list

    library = Library(home)
    library.sync()
    started = time.perf_counter()
    report = import_list(library.store, library.where, Path(file))
    out: dict = {"import_s": time.perf_counter() - started}
    started = time.perf_counter()
    sync = library.sync()
    out["index_s"] = time.perf_counter() - started
    out["add_s"] = out["import_s"] + out["index_s"]
    out.update(added=report.new, records=report.read, indexed=sync.indexed,
               rebuilt=sync.rebuilt, papers=library.count())
    out.update(_sizes(library.where))
    log(f"{label}: added {Path(file).name} ({report.new:,} new papers) in {out['add_s']:.1f} s")
    library.close()
    return out


def round_trip(home: str, file: str, label: str) -> dict:
    """Add a small list, then remove it: the fixed cost of a change at this index size."""
    from index import Library

    library = Library(home)
    library.sync()
    started = time.perf_counter()
    report = library.add(file)
    out: dict = {"add_s": time.perf_counter() - started, "papers": report.new}
    original = str(Path(file).resolve())
    name = next(info.name for info in library.lists() if info.original == original)
    started = time.perf_counter()
    _info, removed = library.remove_list(name)
    out.update(remove_s=time.perf_counter() - started, removed=removed)
    log(f"{label}: small list: add {out['add_s']:.2f} s, remove {out['remove_s']:.2f} s")
    library.close()
    return out


def search(home: str, repeats: int, label: str) -> dict:
    from .search import papers_search

    return papers_search(Path(home), repeats, lambda m: log(f"{label}: papers {m}"))


def fts(home: str, path: str, repeats: int, label: str) -> dict:
    from .search import fts_search

    return fts_search(Path(home), Path(path), repeats, lambda m: log(f"{label}: FTS5 {m}"))


def app(home: str, label: str) -> dict:
    from .app import app_bench

    return app_bench(home, _process_start_perf(),
                     on_first_paint=lambda: log(f"{label}: app painted; typing through Pilot"))


TASKS = {"build": build, "add": add, "round_trip": round_trip, "startup": startup,
         "search": search,
         "fts": fts, "app": app}


def main() -> None:
    task, args, out = sys.argv[1], json.loads(sys.argv[2]), Path(sys.argv[3])
    os.environ["PAPERS_HOME"] = args["home"]
    result = TASKS[task](**args)
    import resource

    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # The processes it started and waited for (the import's preparing workers, the
    # meaning build a sync runs beside the index): the largest one's peak, and their CPU.
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    result["children_peak_rss_mb"] = children.ru_maxrss / 1024
    result["children_cpu_s"] = children.ru_utime + children.ru_stime
    out.write_text(json.dumps(result))


if __name__ == "__main__":
    main()
