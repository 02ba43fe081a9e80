"""Paths: all state stays in the data dir; names from lists never choose where files go.

The first test runs a whole session of commands (add, tag, index, search, show, cite,
export to stdout) in a fresh interpreter whose HOME, XDG dirs, TMPDIR and working
directory are empty sandbox folders, and proves that none of them changed: everything was
written under `--data-dir` (or `PAPERS_HOME`). The rest check that a list's ids and file
name cannot steer a write outside `data/lists/`, and that `papers export -o FILE` never
overwrites FILE without `--force`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ABSTRACT = ("We introduce Pathfinder, a method for proving that a program never writes "
            "outside the folder it was given, whatever the names in its input say.")
TRAVERSAL_LIST = [
    {"id": "../../etc/passwd", "title": "../../../../tmp/escape", "abstract": ABSTRACT,
     "url": "file:///etc/passwd", "year": 2025},
    {"id": "/absolute/path", "key": "..\\..\\windows", "title": "Second",
     "abstract": ABSTRACT.replace("Pathfinder", "Wayfarer"), "year": 2025},
]

SESSION = """
import sys
from tui.cli import main
data = sys.argv[1:3]
steps = [
    ["add", "../input/traversal.json", "../input/..txt"],
    ["lists"], ["lists", "--json"],
    ["search", "pathfinder", "--json"],
    ["index", "--rebuild"],
    ["index"],
]
for argv in steps:
    code = main([*data, *argv])
    assert code == 0, (argv, code)
from index import Library
with Library(data[1] if data else None) as library:
    pid = library.search("pathfinder", complete_last=False).ids()[0]
for argv in (["tag", pid, "keep"], ["show", pid], ["show", pid, "--json"],
             ["similar", pid], ["cite", "--tag", "keep", "--format", "apa"],
             ["export", "--tag", "keep", "--format", "markdown"],
             ["export", "--tag", "keep", "--format", "bibtex"], ["tags"], ["untag", pid, "keep"]):
    code = main([*data, *argv])
    assert code == 0, (argv, code)
"""


@pytest.fixture
def library(copied_library):
    """The seeded library, copied from a template (faster than seeding each time)."""
    return copied_library


def snapshot(root: Path, skip: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under `root` (but `skip`) with its size and mtime."""
    found = {}
    for path in root.rglob("*"):
        if path == skip or skip in path.parents:
            continue
        stat = path.lstat()
        found[str(path.relative_to(root))] = (stat.st_size if path.is_file() else -1,
                                              stat.st_mtime_ns)
    return found


@pytest.mark.parametrize("how", ["--data-dir", "PAPERS_HOME"])
def test_a_whole_session_writes_only_inside_the_data_dir(tmp_path, how):
    sandbox = tmp_path / "sandbox"
    for name in ("home", "xdg-config", "xdg-data", "xdg-cache", "xdg-state", "tmp", "cwd",
                 "input"):
        (sandbox / name).mkdir(parents=True)
    (sandbox / "input" / "traversal.json").write_text(json.dumps(TRAVERSAL_LIST),
                                                      encoding="utf-8")
    (sandbox / "input" / "..txt").write_text(
        f"ICLR 2025 Papers\n\n{ABSTRACT.replace('Pathfinder', 'Dotdot')}\n", encoding="utf-8")
    data = sandbox / "data"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(sandbox / "home"),
           "XDG_CONFIG_HOME": str(sandbox / "xdg-config"),
           "XDG_DATA_HOME": str(sandbox / "xdg-data"),
           "XDG_CACHE_HOME": str(sandbox / "xdg-cache"),
           "XDG_STATE_HOME": str(sandbox / "xdg-state"), "TMPDIR": str(sandbox / "tmp"),
           "PYTHONDONTWRITEBYTECODE": "1"}
    args = ["--data-dir", str(data)] if how == "--data-dir" else []
    if how == "PAPERS_HOME":
        env["PAPERS_HOME"] = str(data)
    before = snapshot(sandbox, skip=data)
    done = subprocess.run([sys.executable, "-c", SESSION, *args], cwd=sandbox / "cwd", env=env,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Reading list: keep" in done.stdout and "Pathfinder" in done.stdout
    assert snapshot(sandbox, skip=data) == before  # HOME, XDG, TMPDIR, cwd: untouched
    assert (data / "data" / "library.sqlite3").is_file()
    assert any((data / "cache" / "index").glob("gen-*"))
    copies = sorted(p.name for p in (data / "data" / "lists").iterdir())
    assert copies == ["icml2026_papers.txt", "icml2026_papers_zh.txt", "list.txt",
                      "traversal.json"]


def test_names_in_a_list_never_choose_where_files_go(library, home, tmp_path, write_list):
    odd_names = ["..txt", "...json", ".hidden.json", "-.-.txt", "a" * 240 + ".txt",
                 "évil\x1b]0;x\x07.txt", "spaces and (parens).csv", "no-extension"]
    for number, name in enumerate(odd_names):
        path = tmp_path / name
        abstract = ABSTRACT.replace("Pathfinder", f"Finder{number}")
        if name.endswith(".json"):
            path.write_text(json.dumps([{**TRAVERSAL_LIST[0], "abstract": abstract}]),
                            encoding="utf-8")
        elif name.endswith(".csv"):
            path.write_text(f'title,abstract\n../../x,"{abstract}"\n', encoding="utf-8")
        else:
            write_list(name, [abstract], title="ICLR 2025 Papers")
        library.add(path)
    lists_dir = library.where.lists_dir.resolve()
    for info in library.lists():
        copy = Path(info.file)
        assert copy.resolve().parent == lists_dir, info.file
        assert copy.is_file() and not copy.name.startswith(".")
        assert len(copy.name) <= 100 and "\x1b" not in copy.name
        assert "/" not in info.name and ".." not in info.name.replace("...", "")
    everything = {p.relative_to(home) for p in home.rglob("*")}
    assert not any(".." in part or "passwd" in part for p in everything for part in p.parts)
    assert {p.parts[0] for p in everything} <= {"config", "data", "cache"}
    assert len(library.lists()) == 2 + len(odd_names)


def test_list_copies_are_never_written_over_with_other_content(library, write_list):
    """A copy already in lists/ (a damaged library's, or a cut-short import's) is kept."""
    stranger = library.where.lists_dir / "mine.txt"
    stranger.write_text("ICLR 2020\n\nSomeone else's copy, kept for papers recover to read.\n")
    report = library.add(write_list("mine.txt", [ABSTRACT], title="ICLR 2025 Papers"))
    assert report.list_name == "mine-2"
    assert stranger.read_text().startswith("ICLR 2020")
    same = library.where.lists_dir / "again.txt"
    again = write_list("again.txt", [ABSTRACT.replace("Pathfinder", "Again")],
                       title="ICLR 2025 Papers")
    same.write_bytes(again.read_bytes())  # an identical orphan copy is simply adopted
    assert library.add(again).list_name == "again"


def test_export_refuses_to_overwrite_without_force(library, home, tmp_path, run_cli):
    pid = library.store.ids()[0]
    library.tag([pid], ["keep"])
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "reading.md"
    target.write_text("my precious notes\n", encoding="utf-8")
    code, out, err = run_cli("export", "--tag", "keep", "-o", target)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and str(target) in err and "--force" in err
    assert target.read_text(encoding="utf-8") == "my precious notes\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["reading.md"]  # no temp left
    code, out, err = run_cli("export", "--tag", "keep", "-o", target, "--force")
    assert code == 0 and "wrote 1 paper to" in out
    assert target.read_text(encoding="utf-8").startswith("# Reading list: keep")


def test_export_to_a_directory_or_missing_folder_is_one_line(library, tmp_path, run_cli):
    library.tag([library.store.ids()[0]], ["keep"])
    for target in (tmp_path, tmp_path / "missing" / "out.md"):
        code, _, err = run_cli("export", "--tag", "keep", "-o", target)
        assert code == 1 and err.count("\n") == 1 and "Traceback" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["papers-home"]
