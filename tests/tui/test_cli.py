"""The `papers` command line: output, exit status (0 ok, 1 user error, 2 bad usage), data dirs.

Runs `tui.cli.main` in-process (PAPERS_HOME points at the test's own dir) and, for what
only a real process shows (stderr, no traceback, encoding), `python -m tui`.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

import tui
from index import Library
from tui.cli import main

from ..factories import write_json_list
from ..locations import REPO, SEED_FILES

JSON_KEYS = {"id", "title", "title_derived", "name", "venue", "year", "authors", "score",
             "snippet", "status", "starred", "priority", "note",  # reading state: issue #14
             "all_words", "words_matched",  # papers with most of the words: issue #12
             "by_meaning"}  # found by meaning: issue #15
ABSTRACT_A = "We study sparse attention for long documents and prove tight bounds on its error."


@pytest.fixture(scope="module")
def _seeded_dir(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cli-home")
    with Library(root) as library:
        library.sync()
    return root


@pytest.fixture
def seeded_home(_seeded_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A seeded PAPERS_HOME shared by this module's read-only commands: never add, remove,
    tag or edit in it (those tests use `home`)."""
    monkeypatch.setenv("PAPERS_HOME", str(_seeded_dir))
    return _seeded_dir


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit:
        code = exit.code
    out, err = capsys.readouterr()
    return code, out, err


def json_lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def seed_paragraphs() -> list[str]:
    found: dict[str, str] = {}
    for path in SEED_FILES:
        blocks = [b.strip() for b in re.split(r"\n\s*\n", path.read_text(encoding="utf-8"))]
        for block in [b for b in blocks if b][1:]:
            found.setdefault(" ".join(block.split()).casefold(), block)
    return list(found.values())


POLICY_SEEDS = sum(bool(re.search(r"\bpolic(?:y|ies)\b", p, re.I)) for p in seed_paragraphs())


def owpo_id(capsys) -> str:
    code, out, _ = run(capsys, "search", "name:owpo", "--json")
    assert code == 0
    (hit,) = json_lines(out)
    return hit["id"]


def all_ids(capsys) -> list[str]:
    """Every paper's id, from the human listing (first column)."""
    code, out, _ = run(capsys, "search", "*", "--limit", "1000")
    assert code == 0
    return [line.split()[0] for line in out.splitlines()]


def subprocess_run(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PAPERS_HOME": str(home), "PYTHONPATH": str(REPO),
           "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "tui", *args], capture_output=True,
                          text=True, encoding="utf-8", env=env, cwd=home, timeout=120)


# -- usage ---------------------------------------------------------------------------------

def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0
    # pyproject.toml takes the version from tui.__version__ (one place it is written).
    dynamic = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"][
        "dynamic"]["version"]
    assert dynamic == {"attr": "tui.__version__"}
    assert out.strip() == f"papers {tui.__version__}"
    try:
        installed = version("papers")
    except PackageNotFoundError:  # running from a checkout that is not pip-installed
        installed = None
    if installed:
        assert installed == tui.__version__


def test_help_lists_the_commands(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("add", "lists", "remove", "index", "search", "show", "similar", "tag",
                    "untag", "tags", "cite", "--data-dir"):
        assert command in out


@pytest.mark.parametrize("args", [
    ["bogus"], ["search"], ["search", "x", "--limit", "many"], ["show"], ["add"],
    ["--data-dir"], ["search", "x", "--sort", "random"], ["cite", "x", "--format", "nope"],
    ["--no-such-option", "lists"],
])
def test_bad_usage_exits_2(home, capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert "usage:" in err
    assert out == ""
    assert not any(home.iterdir())  # nothing was opened or created


# -- lists -----------------------------------------------------------------------------------

def test_add_prints_per_file_counts(home, capsys, tmp_path):
    shared = seed_paragraphs()[0]
    mine = tmp_path / "mine.txt"
    mine.write_text(f"NeurIPS 2024 papers\n\n{ABSTRACT_A}\n\nToo short.\n\n{shared}\n")
    other = tmp_path / "other.json"
    other.write_text(json.dumps([{"title": "Sparse Attention", "abstract": ABSTRACT_A}]))
    code, out, err = run(capsys, "add", str(mine), str(other))
    assert code == 0, err
    lines = out.splitlines()
    # mine: 2 abstracts read (one paragraph too short), A new, the seed one merged.
    assert lines[0].startswith(f"{mine}: ")
    assert "'mine'" in lines[0]
    assert "2 papers read, 1 new, 1 duplicate merged, 1 skipped" in lines[0]
    assert lines[1].startswith("  skipped line 5")
    # other: the same abstract as A again, now with its title.
    assert lines[2].startswith(f"{other}: ")
    assert "1 paper read, 0 new, 1 duplicate merged, 0 skipped" in lines[2]
    assert len(lines) == 3


def test_an_imported_copy_keeps_a_known_extension_else_takes_its_formats(home, capsys,
                                                                         tmp_path):
    line = json.dumps({"title": "Sparse Attention", "abstract": ABSTRACT_A}) + "\n"
    kept = tmp_path / "kept.ndjson"
    kept.write_text(line)
    named = tmp_path / "named.data"  # no known extension: read as JSON Lines by content
    named.write_text(line.replace("Sparse", "Dense"))
    code, _, err = run(capsys, "add", str(kept), str(named))
    assert code == 0, err
    code, out, _ = run(capsys, "lists", "--json")
    files = {row["name"]: (row["format"], Path(row["file"]).suffix) for row in json_lines(out)}
    assert files["kept"] == ("jsonl", ".ndjson")
    assert files["named"] == ("jsonl", ".jsonl")


def test_help_names_every_list_and_output_format(capsys):
    _, out, _ = run(capsys, "--help")
    assert "import paper lists (plain, JSON, JSONL, BibTeX, CSV, RIS, CSL-JSON, OpenReview, " \
        "OpenAlex, arXiv Atom; a .gz of one; a directory of them)" in " ".join(out.split())
    _, out, _ = run(capsys, "cite", "--help")
    assert "bibtex (BibTeX entry)" in " ".join(out.split())
    # Each command's own help says what it does and what it takes.
    _, out, _ = run(capsys, "add", "--help")
    flat = " ".join(out.split())
    assert "import paper lists (plain, JSON" in flat and "refused with nothing imported" in flat
    _, out, _ = run(capsys, "tag", "--help")
    assert "add tags to a paper" in " ".join(out.split())
    _, out, _ = run(capsys, "export", "--help")
    assert "bibtex (.bib)" in " ".join(out.split())


def test_add_a_bad_file_exits_1_with_one_line(home, capsys, tmp_path):
    good = tmp_path / "good.txt"
    good.write_text(f"ICML 2024\n\n{ABSTRACT_A}\n")
    bad = tmp_path / "bad.json"
    bad.write_text('[{"title": "x",\n  "abstract": }]')
    code, out, err = run(capsys, "add", str(bad), str(good))
    assert code == 1
    assert err.splitlines() == [err.strip()]
    assert err.startswith(f"papers: {bad}:2:")
    assert "Traceback" not in err
    assert f"{good}: added as 'good'" in out  # the good file is still imported
    code, out, _ = run(capsys, "lists")
    assert [line.split()[0] for line in out.splitlines()] == [
        "icml2026_papers", "icml2026_papers_zh", "good"]


def test_add_a_bad_file_in_a_real_process(home, tmp_path):
    bad = tmp_path / "refs.bib"
    bad.write_text("@article{ok,\n  title = {Fine},\n  abstract = {An abstract that is fine.}\n"
                   "}\n\n@article{broken\n  title = {No comma after the key},\n}\n")
    done = subprocess_run(home, "add", str(bad))
    assert done.returncode == 1
    assert done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(f"papers: {bad}:6:")  # the broken entry starts on line 6
    assert "Traceback" not in done.stderr


def test_missing_file_exits_1(home, capsys, tmp_path):
    code, _, err = run(capsys, "add", str(tmp_path / "nowhere.txt"))
    assert code == 1
    assert err.strip() == f"papers: {tmp_path / 'nowhere.txt'}: no such file"


def test_lists_shows_venue_year_papers_and_file(seeded_home, capsys):
    code, out, _ = run(capsys, "lists")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 2
    for line, name in zip(lines, ("icml2026_papers", "icml2026_papers_zh"), strict=True):
        assert line.startswith(name + " ")
        assert "ICML 2026" in line
        assert re.search(r"\b19 papers\b", line)  # 19 abstracts in each seed file
        assert str(seeded_home / "data" / "lists" / f"{name}.txt") in line
    code, out, _ = run(capsys, "lists", "--json")
    rows = json_lines(out)
    assert [(r["name"], r["venue"], r["year"], r["papers"]) for r in rows] == [
        ("icml2026_papers", "ICML", 2026, 19), ("icml2026_papers_zh", "ICML", 2026, 19)]
    assert all(Path(r["file"]).is_file() for r in rows)


def test_lists_columns_line_up_whatever_the_venue_and_name_lengths(home, capsys, tmp_path):
    """A venue longer than the seeds' ("AISTATS 2017") or a long list name widens its
    column for every line, so the paper counts and progress stay one under another."""
    abstract = ("We study a problem of sequential decisions with delayed feedback and give "
                "an algorithm whose regret matches the lower bound up to constant factors.")
    long_named = tmp_path / "a-colleagues-reading-list-of-bandit-papers-2017.txt"
    long_named.write_text(f"AISTATS 2017\n\n{abstract}\n", encoding="utf-8")
    assert run(capsys, "add", str(long_named))[0] == 0
    code, out, _ = run(capsys, "lists")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 3 and "AISTATS 2017" in lines[2]
    # (the counts are right-aligned: where they end lines up, as where progress starts)
    assert len({re.search(r"\d+(?= papers?\b)", line).end() for line in lines}) == 1, out
    assert len({line.index(" seen ") for line in lines}) == 1, out


def test_remove_list(home, capsys):
    code, out, _ = run(capsys, "remove", "icml2026_papers_zh")
    assert code == 0
    assert "icml2026_papers_zh" in out and "14 papers" in out  # 19, 5 shared with the other
    _, out, _ = run(capsys, "lists")
    assert [line.split()[0] for line in out.splitlines()] == ["icml2026_papers"]
    _, out, _ = run(capsys, "index")
    assert out.startswith("19 papers indexed")


def test_remove_unknown_list_exits_1(home, capsys):
    code, out, err = run(capsys, "remove", "nope")
    assert code == 1
    assert out == ""
    assert err.startswith("papers: no list named 'nope'")
    assert len(err.splitlines()) == 1


# -- index -----------------------------------------------------------------------------------

def test_index_and_rebuild_print_papers_and_time(home, capsys):
    code, out, _ = run(capsys, "index")
    assert code == 0
    assert re.fullmatch(r"33 papers indexed, .+, \d+\.\d\d s\n", out)
    code, out, _ = run(capsys, "index")
    assert re.fullmatch(r"33 papers indexed, up to date, \d+\.\d\d s\n", out)
    code, out, _ = run(capsys, "index", "--rebuild")
    assert code == 0
    assert re.fullmatch(r"33 papers indexed, rebuilt.*, \d+\.\d\d s\n", out)


# -- search ----------------------------------------------------------------------------------

def test_search_json_lines(seeded_home, capsys):
    code, out, _ = run(capsys, "search", "policy", "--json")
    assert code == 0
    hits = json_lines(out)
    assert len(hits) == POLICY_SEEDS
    assert len({h["id"] for h in hits}) == len(hits)
    for hit in hits:
        assert set(hit) == JSON_KEYS
        assert re.fullmatch(r"[a-z2-7]{8}", hit["id"])
        assert hit["title_derived"] is True  # seed lists have no titles
        assert (hit["venue"], hit["year"], hit["authors"]) == ("ICML", 2026, [])
        assert isinstance(hit["score"], float)
        assert isinstance(hit["snippet"], str) and hit["snippet"]
        assert "policy" in hit["snippet"].lower() or "policies" in hit["snippet"].lower()
    scores = [h["score"] for h in hits]
    assert scores == sorted(scores, reverse=True)


def test_search_snippet_is_plain_text_from_the_abstract(seeded_home, capsys):
    _, out, _ = run(capsys, "search", "ratchet", "--json")
    (hit,) = json_lines(out)
    _, shown, _ = run(capsys, "show", hit["id"], "--json")
    abstract = json.loads(shown)["abstract"]
    assert hit["snippet"].strip("…") in abstract
    assert "Ratchet" in hit["snippet"]


def test_search_limit(seeded_home, capsys):
    code, out, err = run(capsys, "search", "policy", "--json", "--limit", "3")
    assert code == 0
    assert len(json_lines(out)) == 3
    code, out, err = run(capsys, "search", "policy", "--limit", "3")
    assert len(out.splitlines()) == 3
    assert f"3 of {POLICY_SEEDS} papers" in err


def test_search_human_output(seeded_home, capsys):
    code, out, err = run(capsys, "search", "policy")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == POLICY_SEEDS
    for line in lines:
        assert re.match(r"[a-z2-7]{8} +ICML 2026 +\S", line)
    assert any("[derived title]" in line for line in lines)
    assert "OWPO: One-Way Policy Optimization" in out  # the issue's own example
    assert f"{POLICY_SEEDS} papers" in err


def test_search_without_results_says_so_and_suggests(seeded_home, capsys):
    code, out, err = run(capsys, "search", "zzqqxx")
    assert (code, out) == (0, "") and "no papers match" in err
    # No paper has both misspelt words: those with one follow ("reinforcment" stems as
    # "reinforcement" does), said so, and the respelling is offered.
    code, out, err = run(capsys, "search", "reinforcment", "lerning")
    assert code == 0 and out
    assert "note: no paper has both words;" in err and "no papers match" not in err
    assert "did you mean: reinforcement learning" in err


def test_search_query_words_are_joined(seeded_home, capsys):
    _, joined, _ = run(capsys, "search", "policy", "reward", "--json")
    _, quoted, _ = run(capsys, "search", "policy reward", "--json")
    assert joined == quoted
    assert 0 < len(json_lines(joined)) < POLICY_SEEDS


@pytest.mark.parametrize("query", ["*", "", "((", "!!!"])
def test_search_json_for_every_paper(seeded_home, capsys, query):
    code, out, _ = run(capsys, "search", query, "--json", "--limit", "50")
    assert code == 0
    hits = json_lines(out)
    assert len(hits) == 33
    assert all(h["score"] is None or isinstance(h["score"], float) for h in hits)


def test_search_human_output_is_a_table(home, capsys, tmp_path):
    mine = tmp_path / "uai.json"
    mine.write_text(json.dumps([{"title": "Policy Gradients at UAI", "abstract": ABSTRACT_A,
                                 "venue": "UAI", "year": 2024}]))
    run(capsys, "add", str(mine))
    _, out, _ = run(capsys, "search", "policy", "--limit", "50")
    lines = out.splitlines()
    uai = next(line for line in lines if "UAI 2024" in line)
    owpo = next(line for line in lines if "ICML 2026" in line and "OWPO" in line)
    assert uai.index("Policy Gradients at UAI") == owpo.index("OWPO: One-Way")


def test_search_a_hyphenated_name(seeded_home, capsys):
    code, out, _ = run(capsys, "search", "C-RASP", "--json")
    assert code == 0
    assert len(json_lines(out)) == 1


# -- show ------------------------------------------------------------------------------------

def test_show_prints_the_rendered_abstract(seeded_home, capsys):
    pid = owpo_id(capsys)
    code, out, _ = run(capsys, "show", pid)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "OWPO: One-Way Policy Optimization [derived title]"
    assert f"Id:       {pid}" in lines
    assert "Lists:    icml2026_papers, icml2026_papers_zh" in lines  # one of the 5 shared
    assert "Venue:    ICML 2026" in lines
    flat = " ".join(out.split())
    # The source says **One-Way Policy Optimization (OWPO)** and ``Ratchet Effect''.
    assert "One-Way Policy Optimization (OWPO)" in flat
    assert "“Ratchet Effect”" in flat
    assert "**" not in out and "``" not in out


def test_show_labels_a_year_without_a_venue_as_a_year(home, capsys, tmp_path):
    """A list that says when but not where (a JSON list with "year" only): "Year: 2025",
    not "Venue: 2025"; with a venue, "Venue: ICML 2026" (the seeds, above)."""
    path = write_json_list(tmp_path, "dated.json", [{
        "title": "Quokka Census Methods", "year": 2025,
        "abstract": "We count quokkas on islands. " * 6}])
    assert run(capsys, "add", str(path))[0] == 0
    code, out, _ = run(capsys, "show", json_lines(run(capsys, "search", "quokkas",
                                                      "--json")[1])[0]["id"])
    assert code == 0
    assert "Year:     2025" in out.splitlines()
    assert "Venue" not in out


def test_show_accepts_a_unique_prefix(seeded_home, capsys):
    pid = owpo_id(capsys)
    ids = all_ids(capsys)
    assert len(ids) == 33
    assert sum(i.startswith(pid[:4]) for i in ids) == 1
    _, full, _ = run(capsys, "show", pid)
    code, short, _ = run(capsys, "show", pid[:4])
    assert code == 0
    assert short == full
    code, upper, _ = run(capsys, "show", pid[:4].upper())
    assert upper == full


def test_show_json(seeded_home, capsys):
    pid = owpo_id(capsys)
    code, out, _ = run(capsys, "show", pid, "--json")
    assert code == 0
    paper = json.loads(out)
    assert paper["id"] == pid
    assert (paper["title"], paper["title_derived"], paper["name"]) == (
        "OWPO: One-Way Policy Optimization", True, "OWPO")
    assert (paper["venue"], paper["year"], paper["authors"]) == ("ICML", 2026, [])
    assert paper["lists"] == ["icml2026_papers", "icml2026_papers_zh"]
    assert "“Ratchet Effect”" in paper["abstract"]
    assert "**" not in paper["abstract"]


def test_show_unknown_or_ambiguous_id_exits_1(seeded_home, capsys):
    code, out, err = run(capsys, "show", "zzzzzzzz")
    assert code == 1
    assert out == ""
    assert err.strip() == "papers: no paper with id 'zzzzzzzz'"
    firsts = [pid[0] for pid in all_ids(capsys)]
    shared = next(c for c in firsts if firsts.count(c) > 1)
    code, _, err = run(capsys, "show", shared)
    assert code == 1
    first, *listed = err.splitlines()
    assert first.startswith("papers: ") and "ambiguous" in first
    # the candidates are named, one a line with its title, so the user can pick one
    candidates = sorted(pid for pid in all_ids(capsys) if pid.startswith(shared))
    assert len(candidates) >= 2 and len(listed) == min(len(candidates), 5)
    code, out, _ = run(capsys, "show", candidates[0], "--json")
    title = json.loads(out)["title"]
    assert listed[0].split()[0] == candidates[0]
    assert listed[0].split(None, 1)[1].rstrip("…") in title


# -- similar, tags, edit, cite ---------------------------------------------------------------

def test_similar_json(seeded_home, capsys):
    pid = owpo_id(capsys)
    code, out, _ = run(capsys, "similar", pid, "--json", "--limit", "4")
    assert code == 0
    hits = json_lines(out)
    assert 0 < len(hits) <= 4
    assert pid not in {h["id"] for h in hits}
    assert all(set(h) == JSON_KEYS for h in hits)
    code, _, err = run(capsys, "similar", "zzzzzzzz")
    assert code == 1 and err.startswith("papers: ")


def test_tag_untag_tags(home, capsys):
    pid = owpo_id(capsys)
    code, out, _ = run(capsys, "tag", pid, "reading", "RL")
    assert code == 0
    assert out.startswith(f"{pid}: 2 tags added")
    _, out, _ = run(capsys, "tags", "--json")
    assert json.loads(out) == [{"tag": "reading", "count": 1}, {"tag": "rl", "count": 1}]
    _, out, _ = run(capsys, "search", "tag:reading", "--json")
    assert [h["id"] for h in json_lines(out)] == [pid]
    _, out, _ = run(capsys, "search", "policy", "--tag", "rl", "--json")
    assert [h["id"] for h in json_lines(out)] == [pid]
    code, out, _ = run(capsys, "untag", pid, "reading")
    assert code == 0 and "1 tag removed" in out
    _, out, _ = run(capsys, "tags", "--json")
    assert json.loads(out) == [{"tag": "rl", "count": 1}]
    _, out, _ = run(capsys, "tags")
    assert out.split() == ["1", "rl"]
    code, _, err = run(capsys, "tag", pid, "a,b")
    assert code == 1 and err.startswith("papers: invalid tag")


def test_edit_title(home, capsys):
    pid = owpo_id(capsys)
    code, out, _ = run(capsys, "edit", pid, "--title", "Ratchets for Policies")
    assert code == 0
    assert out.splitlines()[0] == "Ratchets for Policies"
    _, out, _ = run(capsys, "search", "ratchets for policies", "--json")
    hit = json_lines(out)[0]
    assert (hit["id"], hit["title"], hit["title_derived"]) == (
        pid, "Ratchets for Policies", False)


def test_cite_bibtex(seeded_home, capsys):
    pid = owpo_id(capsys)
    code, out, _ = run(capsys, "cite", pid, "--format", "bibtex")
    assert code == 0
    assert out.lstrip().startswith("@misc{owpo2026,")  # no authors: @misc with a key (#13)


# -- where state lives -----------------------------------------------------------------------

def test_data_dir_puts_all_state_there(home, capsys, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    code, out, _ = run(capsys, "--data-dir", str(elsewhere), "lists")
    assert code == 0
    assert str(elsewhere / "data" / "lists") in out
    assert (elsewhere / "data" / "library.sqlite3").is_file()
    assert sorted(p.name for p in (elsewhere / "data" / "lists").iterdir()) == [
        "icml2026_papers.txt", "icml2026_papers_zh.txt"]
    # `lists` reads the store alone; the first search builds the index, there too.
    code, _, _ = run(capsys, "--data-dir", str(elsewhere), "search", "policy")
    assert code == 0
    assert (elsewhere / "cache" / "index" / "CURRENT").is_file()
    assert list(home.iterdir()) == []  # PAPERS_HOME untouched
    code, out, _ = run(capsys, "--data-dir", str(elsewhere), "index")
    assert "up to date" in out


def test_papers_home_puts_all_state_there(home, capsys):
    run(capsys, "index")
    assert (home / "data" / "library.sqlite3").is_file()
    assert (home / "cache" / "index" / "CURRENT").is_file()


def test_real_process_search_json_is_utf8(seeded_home):
    done = subprocess_run(seeded_home, "search", "name:epnd", "--json")
    assert done.returncode == 0, done.stderr
    (hit,) = json_lines(done.stdout)
    assert "Poincaré" in hit["title"]  # Euler--Poincar\'e in the seed, rendered
    version_run = subprocess_run(seeded_home, "--version")
    assert version_run.returncode == 0
    assert version_run.stdout.startswith("papers ")


def test_tag_takes_minus_tags_as_removals_and_caps_their_length(seeded_home, capsys):
    """`papers tag ID -old` removes `old` (the app's prompt syntax) instead of failing as
    an unknown option; a huge tag is refused with its length; no tag is a usage error."""
    pid = all_ids(capsys)[0]
    assert run(capsys, "tag", pid, "keep", "old")[0] == 0
    code, out, err = run(capsys, "tag", pid, "new", "-old")
    assert code == 0, err
    assert "1 tag added; 1 tag removed" in out and "tags now: keep, new" in out
    code, _out, err = run(capsys, "tag", pid, "x" * 10_000)
    assert code == 1 and "at most 64 characters" in err and len(err) < 200
    code, _out, err = run(capsys, "tag", pid)
    assert code == 2 and "usage:" in err


def test_lists_ends_with_the_library_progress_on_stderr(seeded_home, capsys):
    """#14: progress per list and for the library (papers shared by two lists count once)."""
    pid = all_ids(capsys)[0]
    assert run(capsys, "read", pid)[0] == 0
    code, out, err = run(capsys, "lists")
    assert code == 0 and len(out.splitlines()) == 2
    assert err.strip().startswith("library: seen 1 / 33 · read 1")
