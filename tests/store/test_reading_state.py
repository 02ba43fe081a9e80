"""Reading state (issue #14) through the real store and the real command line: status,
stars, notes, saved searches, progress, the schema migration and recovery."""

from __future__ import annotations

import json
import sqlite3
import sys
import threading

import pytest

import index

pytestmark = pytest.mark.timeout(120)


def _ids(library: index.Library, query: str = "", **kwargs) -> list[str]:
    return library.index.ids_of(library.search(query, **kwargs))


# -- store and library -----------------------------------------------------------------------

def test_status_moves_unread_seen_read_and_back(copied_library):
    lib = copied_library
    first, second = _ids(lib, "policy")[:2]
    assert lib.paper(first).status == "unread"
    assert lib.mark_seen([first]) == 1
    assert lib.paper(first).status == "seen"
    assert lib.set_status([first, second], "read") == 2
    assert lib.mark_seen([first]) == 0  # seen on opening never undoes "read"
    assert lib.paper(first).status == "read"
    assert lib.set_status([first], "unread") == 1
    assert (lib.paper(first).status, lib.paper(second).status) == ("unread", "read")


def test_star_and_status_are_independent_columns(copied_library):
    lib = copied_library
    paper = _ids(lib)[0]
    lib.set_priority([paper], 2)
    lib.set_status([paper], "read")
    assert (lib.paper(paper).status, lib.paper(paper).priority) == ("read", 2)
    lib.set_priority([paper], 0)
    assert (lib.paper(paper).status, lib.paper(paper).starred) == ("read", False)
    with pytest.raises(index.LibraryError):
        lib.set_priority([paper], 4)


def test_filters_come_from_the_store(copied_library):
    lib = copied_library
    policy = _ids(lib, "policy")
    lib.set_status(policy[:2], "read")
    lib.mark_seen(policy[2:3])
    lib.set_priority(policy[3:4], 2)
    lib.set_priority(policy[4:5], 1)
    assert set(_ids(lib, "policy is:read")) == set(policy[:2])
    assert _ids(lib, "policy is:seen") == policy[2:3]
    assert set(_ids(lib, "policy is:unread")) == set(policy[3:])
    assert set(_ids(lib, "is:starred")) == set(policy[3:5])
    assert _ids(lib, "priority:2") == policy[3:4]
    assert set(_ids(lib, "policy -is:read")) == set(policy[2:])
    assert set(_ids(lib, "policy", unread_only=True)) == set(policy[3:])
    assert len(_ids(lib, "is:unread")) == lib.count() - 3
    assert lib.search("policy is:read").query == "policy is:read"  # shown as typed
    assert "is:nope is not a filter" in lib.search("policy is:nope").error


def test_status_and_stars_change_no_score_and_no_index(copied_library):
    lib = copied_library
    before = lib.search("policy optimization")
    seq = lib.index.meta()["seq"]
    ids = lib.index.ids_of(before)
    lib.set_status(ids[:3], "read")
    lib.set_priority(ids[1:4], 3)
    lib.sync()
    after = lib.search("policy optimization")
    assert lib.index.meta()["seq"] == seq  # nothing for the index to catch up on
    assert lib.index.ids_of(after) == ids and after.scores == before.scores
    read = lib.search("policy optimization is:read")
    assert dict(zip(lib.index.ids_of(read), read.scores, strict=True)) == {
        pid: score for pid, score in zip(ids, before.scores, strict=True) if pid in ids[:3]}


def test_notes_are_searchable_below_the_papers_own_words(copied_library):
    lib = copied_library
    owpo = lib.resolve("mnbbwjdn")
    other = _ids(lib, "owpo")
    assert other == [owpo]
    before = lib.search("policy")
    target = next(pid for pid in lib.index.ids_of(before) if pid != owpo)
    assert lib.set_note(target, "Compare with OWPO later.\nzebrafish idea") is True
    assert lib.set_note(target, "Compare with OWPO later.\nzebrafish idea") is False
    assert lib.paper(target).note == "Compare with OWPO later.\nzebrafish idea"
    assert _ids(lib, "zebrafish") == [target]
    assert _ids(lib, "note:zebrafish") == [target]
    assert _ids(lib, "note:owpo") == [target]
    # A word in the note ranks the paper below the one whose own text has it.
    assert _ids(lib, "owpo") == [owpo, target]
    after = lib.search("policy")
    old = dict(zip(lib.index.ids_of(before), before.scores, strict=True))
    new = dict(zip(lib.index.ids_of(after), after.scores, strict=True))
    assert new.keys() == old.keys()
    # Other papers keep their order (only the deleted copy in the index's document
    # count moves every score, as any re-index does, by the same factor).
    assert [p for p in lib.index.ids_of(after) if p != target] == \
        [p for p in lib.index.ids_of(before) if p != target]
    lib.set_note(target, "   ")
    assert lib.paper(target).note == "" and _ids(lib, "zebrafish") == []


def test_sorts_by_status_priority_year_and_author(copied_library, tmp_path):
    lib = copied_library
    listed = tmp_path / "older.json"
    listed.write_text(json.dumps([
        {"title": "Aardvark methods", "authors": ["Zed Zulu"], "year": 2019,
         "abstract": "An abstract about aardvark methods for sorting by year and author."},
        {"title": "Zebra methods", "authors": ["Alice Able"], "year": 2021,
         "abstract": "An abstract about zebra methods for sorting by year and author."}]))
    lib.add(listed)
    by_year = lib.search("", sort="year")
    years = [by_year.card(i).year for i in range(len(by_year))]
    assert years == sorted(years, reverse=True) and years[-1] == 2019
    by_author = lib.search("methods sorting", sort="author")
    assert [by_author.card(i).title for i in range(2)] == ["Zebra methods", "Aardvark methods"]
    every = _ids(lib)
    lib.set_status(every[:2], "read")
    lib.mark_seen(every[2:3])
    by_status = _ids(lib, sort="status")
    assert by_status[-3:] == [every[2], every[0], every[1]]  # unread, seen, read
    lib.set_priority(every[5:6], 1)
    lib.set_priority(every[7:8], 3)
    assert _ids(lib, sort="priority")[:2] == [every[7], every[5]]


def test_progress_per_list_and_for_results(copied_library):
    lib = copied_library
    ids = _ids(lib)
    lib.set_status(ids[:3], "read")
    lib.mark_seen(ids[3:5])
    lib.set_priority(ids[:1], 1)
    lib.tag(ids[4:6], ["to-read"])
    whole = lib.progress()
    assert (whole.papers, whole.seen, whole.read, whole.starred, whole.tagged) == \
        (33, 5, 3, 1, 2)
    assert whole.summary() == "seen 5 / 33 · read 3 · starred 1 · tagged 2"
    lists = lib.list_progress()
    assert set(lists) == {"icml2026_papers", "icml2026_papers_zh"}
    assert all(p.papers == 19 for p in lists.values())
    assert sum(p.read for p in lists.values()) >= 3
    read = lib.progress(lib.search("is:read"))
    assert (read.papers, read.seen, read.read) == (3, 3, 3)


def test_saved_searches(copied_library):
    lib = copied_library
    lib.save_search("todo", "policy is:unread", "title")
    lib.save_search("rl", "reinforcement")
    assert [(s.name, s.query, s.sort) for s in lib.saved_searches()] == [
        ("todo", "policy is:unread", "title"), ("rl", "reinforcement", "relevance")]
    lib.save_search("todo", "policy")  # saving under a name again replaces it
    assert lib.saved_search("todo").query == "policy"
    with pytest.raises(index.LibraryError, match="no saved search"):
        lib.saved_search("nope")
    with pytest.raises(index.LibraryError):
        lib.save_search("  ", "x")


def test_an_old_library_gains_the_new_tables_and_keeps_everything(seeded_home):
    path = seeded_home / "data" / "library.sqlite3"
    with index.Library(seeded_home) as lib:
        paper = _ids(lib)[0]
        lib.tag([paper], ["kept"])
    db = sqlite3.connect(path)
    with db:  # make it a schema-1 library, as written before issue #14
        for table in ("reading", "notes", "saved_searches"):
            db.execute(f"DROP TABLE {table}")
        db.execute("UPDATE meta SET value='1' WHERE key='schema'")
    db.close()
    with index.Library(seeded_home) as lib:
        assert lib.store.meta("schema") == "2"
        assert lib.paper(paper).tags == ["kept"] and lib.count() == 33
        lib.set_status([paper], "read")
        lib.set_note(paper, "a note")
        assert lib.paper(paper).status == "read" and _ids(lib, "note:note") == [paper]


def test_two_writers_lose_nothing(copied_library, seeded_home):
    ids = _ids(copied_library)
    other = index.Library(seeded_home)
    try:
        def star(lib, chunk):
            for pid in chunk:
                lib.set_priority([pid], 1)

        def read(lib, chunk):
            for pid in chunk:
                lib.set_status([pid], "read")

        threads = [threading.Thread(target=star, args=(copied_library, ids)),
                   threading.Thread(target=read, args=(other, ids))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        other.close()
    states = copied_library.reading_states()
    assert all(states[pid] == ("read", 1) for pid in ids)


def test_recover_brings_back_status_stars_notes_and_saved_searches(copied_library,
                                                                   seeded_home, tmp_path):
    lib = copied_library
    ids = _ids(lib)
    lib.set_status(ids[:2], "read")
    lib.set_priority(ids[2:3], 3)
    lib.set_note(ids[3], "remember this")
    lib.save_search("todo", "is:unread")
    lib.close()
    damaged = tmp_path / "old.sqlite3"
    source = seeded_home / "data" / "library.sqlite3"
    db = sqlite3.connect(source)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    damaged.write_bytes(source.read_bytes())
    fresh_home = tmp_path / "fresh"
    with index.Library(fresh_home) as fresh:
        report = fresh.recover(damaged)
        assert (report.reading, report.notes, report.saved) == (3, 1, 1)
        assert "3 read statuses or stars, 1 notes, 1 saved searches" in report.summary()
        assert fresh.paper(ids[0]).status == "read"
        assert fresh.paper(ids[2]).priority == 3
        assert fresh.paper(ids[3]).note == "remember this"
        assert _ids(fresh, "note:remember") == [ids[3]]
        assert fresh.saved_search("todo").query == "is:unread"


# -- the command line ------------------------------------------------------------------------

def test_cli_read_unread_star(seeded_home, run_cli):
    code, out, _ = run_cli("read", "mnbbwjdn", "lokrxd3l")
    assert code == 0 and out.strip() == "2 of 2 papers marked read"
    code, out, _ = run_cli("star", "mnbbwjdn", "--priority", "2")
    assert code == 0 and "1 of 1 paper starred" in out
    shown = json.loads(run_cli("show", "mnbbwjdn", "--json")[1])
    assert (shown["status"], shown["starred"], shown["priority"], shown["note"]) == \
        ("read", True, 2, "")
    run_cli("star", "mnbbwjdn", "--off")
    run_cli("unread", "lokrxd3l")
    code, out, _ = run_cli("search", "is:read", "--json")
    hits = [json.loads(line) for line in out.splitlines()]
    assert [(h["id"], h["status"], h["starred"]) for h in hits] == [
        ("mnbbwjdn", "read", False)]
    assert run_cli("read", "zzzzzzzz")[0] == 1


def test_cli_note_text_show_and_editor(seeded_home, run_cli, tmp_path, monkeypatch):
    code, out, _ = run_cli("note", "mnbbwjdn", "--text", "first line\n[bold]second[/]")
    assert code == 0 and "note saved" in out
    code, out, _ = run_cli("note", "mnbbwjdn", "--show")
    assert out == "first line\n[bold]second[/]\n"
    # The editor: a command with arguments, split like a shell would; the file name is
    # its own argument (a shell would have run the `;` part).
    editor = tmp_path / "my editor.py"
    editor.write_text("import sys\nmark, path = sys.argv[1], sys.argv[2]\n"
                      "text = open(path).read()\n"
                      "open(path, 'w').write(text.replace('first', mark))\n")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", f"'{sys.executable}' '{editor}' 'edited;touch pwned'")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("note", "mnbbwjdn")
    assert code == 0, out
    assert run_cli("note", "mnbbwjdn", "--show")[1].startswith("edited;touch pwned line\n")
    assert not (tmp_path / "pwned").exists()
    hits = [json.loads(line) for line in run_cli("search", "note:edited", "--json")[1]
            .splitlines()]
    assert [h["id"] for h in hits] == ["mnbbwjdn"] and hits[0]["note"].startswith("edited")
    monkeypatch.setenv("EDITOR", f"'{sys.executable}' -c 'raise SystemExit(3)'")
    code, _, err = run_cli("note", "mnbbwjdn")
    assert code == 1 and "status 3" in err
    run_cli("note", "mnbbwjdn", "--text", "")
    assert "has no note" in run_cli("note", "mnbbwjdn", "--show")[2]


def test_cli_saved_searches(seeded_home, run_cli):
    assert run_cli("save", "todo", "policy", "is:unread", "--sort", "title")[0] == 0
    code, out, _ = run_cli("saved", "--json")
    assert json.loads(out) == [{"name": "todo", "query": "policy is:unread", "sort": "title"}]
    assert "todo" in run_cli("saved")[1]
    run_cli("read", "mnbbwjdn")
    code, out, _ = run_cli("search", "--saved", "todo", "--json", "--limit", "50")
    ids = [json.loads(line)["id"] for line in out.splitlines()]
    direct = [json.loads(line)["id"] for line in run_cli(
        "search", "policy", "is:unread", "--sort", "title", "--json", "--limit", "50")[1]
        .splitlines()]
    assert code == 0 and ids == direct and "mnbbwjdn" not in ids and ids
    assert run_cli("search", "--saved", "nope")[0] == 1
    with pytest.raises(SystemExit) as usage:
        run_cli("search")
    assert usage.value.code == 2


def test_cli_lists_show_progress(seeded_home, run_cli):
    run_cli("read", "mnbbwjdn")
    run_cli("star", "mnbbwjdn")
    run_cli("tag", "lokrxd3l", "x")
    code, out, _ = run_cli("lists", "--json")
    rows = {row["name"]: row for row in map(json.loads, out.splitlines())}
    total = {key: sum(row[key] for row in rows.values())
             for key in ("seen", "read", "starred", "tagged")}
    assert all(total[key] >= 1 for key in total)
    code, out, _ = run_cli("lists")
    assert all("seen " in line and " · read " in line and " · tagged " in line
               for line in out.splitlines())
    assert any("seen 1 / 19 · read 1 · starred 1" in line for line in out.splitlines())


def test_cli_recover_reports_reading_state(seeded_home, run_cli, tmp_path):
    run_cli("read", "mnbbwjdn")
    damaged = tmp_path / "copy.sqlite3"
    db = sqlite3.connect(seeded_home / "data" / "library.sqlite3")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    damaged.write_bytes((seeded_home / "data" / "library.sqlite3").read_bytes())
    db = sqlite3.connect(seeded_home / "data" / "library.sqlite3")
    with db:  # the fresh library never saw it
        db.execute("DELETE FROM reading")
    db.close()
    assert json.loads(run_cli("show", "mnbbwjdn", "--json")[1])["status"] == "unread"
    code, out, _ = run_cli("recover", str(damaged))
    assert code == 0 and "1 read statuses or stars" in out
    assert json.loads(run_cli("show", "mnbbwjdn", "--json")[1])["status"] == "read"


def test_exports_carry_the_note_and_copied_citations_do_not(seeded_home, run_cli):
    run_cli("tag", "mnbbwjdn", "list")
    run_cli("note", "mnbbwjdn", "--text", "# first *idea*\nsecond {line}")
    code, out, _ = run_cli("export", "--tag", "list", "--format", "markdown")
    assert code == 0
    assert "**Note:**\n\n> \\# first \\*idea\\*\n> second {line}\n" in out
    code, out, _ = run_cli("export", "--tag", "list", "--format", "bibtex")
    import bibtexparser

    entry = bibtexparser.parse_string(out).entries[0]
    assert "first *idea* second" in entry.fields_dict["annote"].value
    code, out, _ = run_cli("cite", "mnbbwjdn")
    assert code == 0 and "annote" not in out and "idea" not in out


@pytest.mark.slow
def test_kill_9_while_marking_loses_at_most_the_write_in_flight(seeded_home):
    import os
    import signal
    import subprocess
    import time

    with index.Library(seeded_home) as lib:
        ids = _ids(lib)
    code = ("import sys, index\n"
            "lib = index.Library()\n"
            f"for pid in {ids!r}:\n"
            "    lib.set_status([pid], 'read'); lib.set_priority([pid], 2)\n"
            "    print(pid, flush=True)\n"
            "    sys.stdin.readline()\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                             stdin=subprocess.PIPE, text=True,
                             env={**os.environ, "PAPERS_HOME": str(seeded_home)})
    written = []
    try:
        deadline = time.monotonic() + 60
        while len(written) < 10 and time.monotonic() < deadline:
            written.append(child.stdout.readline().strip())
            child.stdin.write("\n")  # go on: the next write starts as the kill comes
            child.stdin.flush()
        time.sleep(0.005)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    assert len(written) == 10
    with index.Library(seeded_home) as lib:
        states = lib.reading_states()
        # Every write reported before the kill is there, whole; after them, at most
        # the one in flight (read without its star yet), and nothing else.
        assert all(states[pid] == ("read", 2) for pid in written)
        rest = [pid for pid in ids if pid not in written and pid in states]
        assert len(rest) <= 1 and all(states[pid][0] == "read" for pid in rest)
        assert lib.search("is:read").total == len(written) + len(rest)


def test_a_plain_word_finds_a_note_through_stemming(copied_library):
    lib = copied_library
    target = _ids(lib)[0]
    lib.set_note(target, "The glorpifications matter here.")
    # Whole words (as the command line searches), so the stemmed form must match.
    assert _ids(lib, "glorpification", complete_last=False) == [target]


def test_progress_through_results_reads_no_listed_papers_id(copied_library, monkeypatch):
    """The touched papers among the results are found by document number: at 100,000
    results, reading every listed id took 15-20 ms before each keystroke's status line."""
    lib = copied_library
    policy = _ids(lib, "policy")
    outside = next(pid for pid in _ids(lib) if pid not in policy)
    lib.set_status([policy[0], policy[2], outside], "seen")
    lib.set_status([policy[2]], "read")
    lib.tag([policy[1], outside], ["later"])
    lib.set_priority([outside], 2)
    results = lib.search("policy")

    def no_ids(_results):
        raise AssertionError("every listed paper's id was read")

    monkeypatch.setattr(lib.index, "ids_of", no_ids)
    counted = lib.progress(results)
    assert (counted.papers, counted.seen, counted.read, counted.starred,
            counted.tagged) == (len(policy), 2, 1, 0, 1)
    assert lib.index.ids_among(results, {policy[1], outside, "no-such-id"}) == {policy[1]}


def test_progress_at_once_never_reads_the_id_table_on_a_keystrokes_path(copied_library):
    """The app counts a keystroke's progress before its list shows only where that
    reads no id table (at 100,000 papers the first read took 150-300 ms); otherwise
    None, and the app counts it after the list."""
    lib = copied_library
    results = lib.search("policy")
    lib.index._id_columns = None  # (as for a searcher no search has read it for)
    untouched = lib.progress_at_once(results, {})
    assert untouched is not None and (untouched.papers, untouched.seen) == (len(results), 0)
    assert lib.index._id_columns is None
    lib.set_status([_ids(lib, "policy")[0]], "seen")
    states = lib.reading_states()
    results = lib.search("policy")
    lib.index._id_columns = None
    assert lib.progress_at_once(results, states) is None
    assert lib.index._id_columns is None  # nothing was read for it
    lib.index.read_ids()  # (the warm-up's step)
    counted = lib.progress_at_once(results, states)
    assert counted is not None and (counted.papers, counted.seen) == (len(results), 1)


def test_progress_is_counted_from_the_touched_papers(copied_library):
    """Progress through results counts the papers the reader touched (a state or a tag)
    that are among them; with none touched no paper's id is read from the index (at
    100,000 papers reading them all held the interpreter 270 ms beside the next key)."""
    lib = copied_library
    results = lib.search("")
    untouched = lib.progress(results)
    assert (untouched.papers, untouched.seen, untouched.read, untouched.starred,
            untouched.tagged) == (33, 0, 0, 0, 0)
    assert lib.index._id_columns is None  # no id table was read for it
    policy = _ids(lib, "policy")
    outside = next(pid for pid in _ids(lib) if pid not in policy)
    lib.set_status([policy[0], outside], "read")
    lib.tag([outside], ["elsewhere"])
    lib.set_priority([policy[1]], 1)
    some = lib.progress(lib.search("policy"))
    assert (some.papers, some.seen, some.read, some.starred, some.tagged) == \
        (len(policy), 1, 1, 1, 0)
