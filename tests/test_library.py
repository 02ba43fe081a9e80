"""The library: seeding, de-duplication, stable ids, lists, incremental indexing, tags, edits.

Every count below is worked out by hand from the seed files or the small files the test
writes; comments say how.
"""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from pathlib import Path

import pytest

import index
from index import Library, LibraryError, ListFormatError

from . import factories, on_disk
from .locations import SEED_FILES, seed_abstracts

MAIN, ZH = "icml2026_papers", "icml2026_papers_zh"
ID_PATTERN = re.compile(r"[a-z2-7]{8}")  # base32, lower case

ABSTRACT_A = "We study sparse attention for long documents and prove tight bounds on its error."
ABSTRACT_B = "Gradient descent with momentum converges faster on smooth convex problems, we show."
ABSTRACT_C = "A benchmark of one thousand robot manipulation tasks with soft grippers and cloth."
ZORBLAX = "We introduce Zorblax, a method for counting sheep in latent space without sleeping."


def key(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split()).casefold()


paragraphs = seed_abstracts  # the abstracts of a plain seed file, read by hand


def all_papers(library: Library) -> list[index.Paper]:
    return library.store.papers()


def by_abstract(library: Library) -> dict[str, index.Paper]:
    return {key(p.abstract_source): p for p in all_papers(library)}


def write_json(path: Path, items: list) -> Path:
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    return path


def search_ids(library: Library, query: str, **kwargs) -> set[str]:
    return set(library.search(query, complete_last=False, **kwargs).ids())


def state(library: Library) -> tuple:
    """Everything a failed import must leave alone."""
    lists = [(i.name, i.papers, i.file) for i in library.lists()]
    files = sorted(p.name for p in library.where.lists_dir.iterdir())
    return lists, library.count(), sorted(library.store.ids()), files


# -- seeding and de-duplication ----------------------------------------------------------

def test_seed_files_hold_38_paragraphs_of_33_abstracts():
    main, zh = (paragraphs(path) for path in SEED_FILES)
    assert (len(main), len(zh)) == (19, 19)
    assert len({key(p) for p in main + zh}) == 33
    assert len({key(p) for p in main} & {key(p) for p in zh}) == 5


def test_seeding_gives_two_lists_and_33_papers(seeded_library):
    lists = {info.name: info for info in seeded_library.lists()}
    assert set(lists) == {MAIN, ZH}
    for info in lists.values():
        assert (info.venue, info.year, info.papers) == ("ICML", 2026, 19)
        assert info.bundled
    assert lists[MAIN].title == "ICML 2026 Papers"
    assert lists[ZH].title == "ICML 2026 论文列表"
    assert seeded_library.count() == 33
    assert len(seeded_library.search("").ids()) == 33


def test_the_five_shared_abstracts_are_one_paper_each_remembering_both_lists(seeded_library):
    main, zh = ({key(p) for p in paragraphs(path)} for path in SEED_FILES)
    papers = by_abstract(seeded_library)
    assert set(papers) == main | zh
    for text, paper in papers.items():
        expected = sorted(name for name, keys in ((MAIN, main), (ZH, zh)) if text in keys)
        assert sorted(paper.lists) == expected
    assert sum(len(p.lists) == 2 for p in papers.values()) == 5


def test_seeding_happens_once(library, home):
    library.close()
    with Library(home) as again:
        assert again.count() == 33
        assert len(again.lists()) == 2


def test_dedup_by_abstract_ignores_case_whitespace_and_unicode_form(library, write_list):
    text = "We revisit the café-résumé problem of Poincaré and show it is hard in general."
    nfc = unicodedata.normalize("NFC", text)
    nfd = unicodedata.normalize("NFD", text).upper()
    assert nfc != nfd.lower()  # really different code points
    first = library.add(write_list("nfc.txt", [nfc], title="ICML 2026 Papers"))
    spaced = nfd.replace(" ", "   ", 3).replace(" AND ", "\nAND\t")
    second = library.add(write_list("nfd.txt", [spaced], title="ICML 2026 Papers"))
    assert (first.read, first.new, first.merged) == (1, 1, 0)
    assert (second.read, second.new, second.merged) == (1, 0, 1)
    assert library.count() == 34
    paper = by_abstract(library)[key(nfc)]
    assert sorted(paper.lists) == ["nfc", "nfd"]


def test_dedup_by_title_and_year(library, tmp_path):
    library.add(write_json(tmp_path / "one.json", [
        {"title": "Sparse Attention for Long Documents", "year": 2024, "abstract": ABSTRACT_A}]))
    report = library.add(write_json(tmp_path / "two.json", [
        # Same title (other case and spacing) and year, other abstract: the same paper.
        {"title": "sparse  ATTENTION for long documents", "year": 2024, "abstract": ABSTRACT_B},
        # Same title, another year: another paper.
        {"title": "Sparse Attention for Long Documents", "year": 2025, "abstract": ABSTRACT_C},
    ]))
    assert (report.read, report.new, report.merged) == (2, 1, 1)
    assert library.count() == 33 + 2
    years = sorted(p.year for p in all_papers(library) if p.title.lower().startswith("sparse"))
    assert years == [2024, 2025]


def test_a_record_matching_one_paper_by_abstract_and_another_by_title_joins_the_first(
        library, tmp_path):
    library.add(write_json(tmp_path / "one.json", [
        {"title": "Sparse Attention for Long Documents", "year": 2024, "abstract": ABSTRACT_A},
        {"title": "Dense Attention for Short Documents", "year": 2024, "abstract": ABSTRACT_B}]))
    report = library.add(write_json(tmp_path / "two.json", [
        {"title": "Dense Attention for Short Documents", "year": 2024, "abstract": ABSTRACT_A}]))
    assert (report.new, report.merged) == (0, 1)
    papers = by_abstract(library)
    assert sorted(papers[key(ABSTRACT_A)].lists) == ["one", "two"]
    assert papers[key(ABSTRACT_B)].lists == ["one"]


def test_an_import_logs_its_changes_and_memberships_in_list_order(library, write_list):
    # Written a batch at a time (executemany): still one change per paper in the list's
    # order, a repeat's merge where it stands, and each position its paper.
    store = library.store
    (last_before,) = store._db().execute("SELECT MAX(seq) FROM changes").fetchone()
    library.add(write_list("order.txt", [ABSTRACT_A, ABSTRACT_B, ABSTRACT_A, ZORBLAX],
                           title="NeurIPS 2024"))
    ids = {text: by_abstract(library)[key(text)].id for text in (ABSTRACT_A, ABSTRACT_B, ZORBLAX)}
    expected = [ids[ABSTRACT_A], ids[ABSTRACT_B], ids[ABSTRACT_A], ids[ZORBLAX]]
    db = store._db()
    changed = [row[0] for row in db.execute(
        "SELECT paper_id FROM changes WHERE seq > ? ORDER BY seq", (last_before,))]
    assert changed == expected
    members = [row[0] for row in db.execute(
        "SELECT paper_id FROM memberships WHERE list='order' ORDER BY position")]
    assert members == expected


@pytest.mark.parametrize("titled_first", [True, False])
def test_titled_json_and_plain_list_give_one_paper_with_the_real_title(library, tmp_path,
                                                                      titled_first, write_list):
    titled = write_json(tmp_path / "titled.json", [
        {"title": "Counting Sheep in Latent Space", "authors": ["Ada Lovelace"],
         "year": 2026, "venue": "ICML", "abstract": ZORBLAX}])
    plain = write_list("plain.txt", [ZORBLAX], title="ICML 2026 Papers")
    for path in (titled, plain) if titled_first else (plain, titled):
        library.add(path)
    assert library.count() == 34
    paper = by_abstract(library)[key(ZORBLAX)]
    assert paper.title == "Counting Sheep in Latent Space"
    assert paper.title_derived is False
    assert paper.authors == ["Ada Lovelace"]
    assert sorted(paper.lists) == ["plain", "titled"]
    (card,) = library.search('"counting sheep in latent space"').cards()
    assert (card.id, card.title, card.title_derived) == (paper.id, paper.title, False)


# -- ids -----------------------------------------------------------------------------------

def test_ids_are_eight_base32_characters_and_unique(seeded_library):
    ids = seeded_library.store.ids()
    assert len(ids) == len(set(ids)) == 33
    assert all(ID_PATTERN.fullmatch(pid) for pid in ids)


def test_ids_stable_across_rebuild(library):
    before = {key(p.abstract_source): p.id for p in all_papers(library)}
    found = library.search("policy").ids()
    assert library.rebuild().rebuilt is True
    assert {key(p.abstract_source): p.id for p in all_papers(library)} == before
    assert library.search("policy").ids() == found


def test_ids_stable_across_reimporting_the_same_file(library, tmp_path):
    path = write_json(tmp_path / "mine.json", [
        {"title": "Sparse Attention", "abstract": ABSTRACT_A, "year": 2024},
        {"title": "Momentum", "abstract": ABSTRACT_B, "year": 2023}])
    library.add(path)
    before = {key(p.abstract_source): p.id for p in all_papers(library)}
    report = library.add(path)
    assert report.refreshed and report.new == 0
    assert [i.name for i in library.lists()] == [MAIN, ZH, "mine"]
    assert {key(p.abstract_source): p.id for p in all_papers(library)} == before


def test_ids_stable_across_adding_other_lists(library, write_list):
    before = {key(p.abstract_source): p.id for p in all_papers(library)}
    library.add(write_list("more.txt", [ABSTRACT_A, ABSTRACT_B], title="NeurIPS 2024"))
    after = {key(p.abstract_source): p.id for p in all_papers(library)}
    assert {k: after[k] for k in before} == before
    assert len(after) == 35


def test_ids_stable_across_removing_and_readding_a_list(library, tmp_path):
    before = {key(p.abstract_source): p.id for p in all_papers(library)}
    copy = tmp_path / f"{ZH}.txt"
    shutil.copyfile(SEED_FILES[1], copy)
    library.remove_list(ZH)
    assert library.count() == 19
    library.add(copy)
    assert {key(p.abstract_source): p.id for p in all_papers(library)} == before


# -- removing lists ------------------------------------------------------------------------

@pytest.mark.parametrize("removed, kept", [(ZH, MAIN), (MAIN, ZH)])
def test_removing_a_list_drops_only_the_papers_no_other_list_holds(library, removed, kept):
    kept_path = SEED_FILES[0] if kept == MAIN else SEED_FILES[1]
    kept_keys = {key(p) for p in paragraphs(kept_path)}
    info, gone = library.remove_list(removed)
    assert info.name == removed
    assert gone == 14  # 19 abstracts, 5 of them also in the other list
    assert [i.name for i in library.lists()] == [kept]
    papers = by_abstract(library)
    assert set(papers) == kept_keys
    assert all(p.lists == [kept] for p in papers.values())
    # The index follows: every paper left is found, the removed ones are not.
    assert set(library.search("").ids()) == {p.id for p in papers.values()}


def test_removing_an_unknown_list_is_a_user_error(library):
    with pytest.raises(LibraryError, match="no list named 'nope'"):
        library.remove_list("nope")
    assert library.count() == 33


# -- add() reports -------------------------------------------------------------------------

def test_add_report_counts_a_json_list(library, tmp_path):
    owpo = next(p for p in paragraphs(SEED_FILES[0]) if "(OWPO)" in p)
    path = write_json(tmp_path / "report.json", [
        {"title": "Sparse Attention for Long Documents", "abstract": ABSTRACT_A, "year": 2024},
        {"title": "SPARSE ATTENTION FOR LONG DOCUMENTS", "abstract": ABSTRACT_B, "year": 2024},
        {"title": "Another Title", "abstract": "  " + ABSTRACT_A.upper() + " "},
        42,
        {"authors": "Nobody"},
        {"abstract": owpo},
        {"title": "Cloth", "abstract": ABSTRACT_C, "year": 2025},
    ])
    report = library.add(path)
    # Items 1-3, 6, 7 are papers (read 5); 1 and 7 are new; 2 (title+year of 1),
    # 3 (abstract of 1) and 6 (a seed abstract) are merged; 4 and 5 are skipped.
    assert (report.read, report.new, report.merged) == (5, 2, 3)
    assert len(report.skipped) == 2
    assert "item 4" in report.skipped[0]
    assert "item 5" in report.skipped[1]
    assert report.list_name == "report"
    assert library.count() == 35
    summary = report.summary()
    assert "5 papers read, 2 new, 3 duplicates merged, 2 skipped" in summary
    assert summary.count("\n  skipped ") == 2


def test_add_report_counts_a_plain_list(library, write_list):
    shared = paragraphs(SEED_FILES[1])[0]
    path = write_list("plain.txt", [ABSTRACT_A, "Short.", shared, ABSTRACT_B, ABSTRACT_A],
                      title="NeurIPS 2024 papers")
    report = library.add(path)
    # Five paragraphs: one too short; A new, a seed abstract merged, B new, A again merged.
    assert (report.read, report.new, report.merged) == (4, 2, 2)
    assert len(report.skipped) == 1 and "line 5" in report.skipped[0]  # "Short." is line 5
    assert library.count() == 35
    (info,) = [i for i in library.lists() if i.name == "plain"]
    assert (info.venue, info.year, info.papers) == ("NeurIPS", 2024, 3)


def test_readding_an_unchanged_file_adds_nothing(library, write_list):
    path = write_list("plain.txt", [ABSTRACT_A, ABSTRACT_B], title="NeurIPS 2024")
    library.add(path)
    report = library.add(path)
    assert report.refreshed
    assert (report.read, report.new) == (2, 0)
    assert library.count() == 35
    assert len(library.lists()) == 3


# -- the library owns its copy -------------------------------------------------------------

def test_library_survives_deleting_the_original_file(library, home, write_list):
    path = write_list("gone.txt", [ZORBLAX, ABSTRACT_C], title="NeurIPS 2024")
    library.add(path)
    path.unlink()
    library.close()
    with Library(home) as again:
        (info,) = [i for i in again.lists() if i.name == "gone"]
        copy = Path(info.file)
        assert copy.is_file()
        assert copy.is_relative_to(home / "data")
        assert again.rebuild().rebuilt is True
        assert again.count() == 35
        (card,) = again.search("zorblax").cards()
        assert card.id in again.store.ids()


@pytest.mark.parametrize("name, content", [
    ("empty.txt", b""),
    ("binary.json", b"\x00\x01\x02\x03"),
    ("latin1.txt", b"ICML 2026 Papers\n\nIt is \xe9t\xe9 in Latin-1, not UTF-8 at all.\n"),
    ("cut.json", b'[{"title": "Momentum", "abstract": '),
    ("bad.bib", b"@article{broken\n  title = {No comma},\n}\n"),
    ("bad.csv", b"title,abstract\nx,y,z\n"),
])
def test_failed_import_changes_nothing(library, tmp_path, name, content):
    before = state(library)
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ListFormatError):
        library.add(path)
    assert state(library) == before
    assert library.sync().indexed == 0


def test_import_failing_midway_rolls_back(library, write_list, monkeypatch):
    before = state(library)
    insert = library.store.insert_paper
    calls = []

    def failing_insert(db, paper_id, paper, **options):
        calls.append(paper_id)
        if len(calls) == 2:
            raise OSError("disk full")
        insert(db, paper_id, paper, **options)

    monkeypatch.setattr(library.store, "insert_paper", failing_insert)
    path = write_list("half.txt", [ABSTRACT_A, ABSTRACT_B, ABSTRACT_C], title="NeurIPS 2024")
    with pytest.raises(OSError):
        library.add(path)
    assert len(calls) == 2
    assert state(library) == before  # no list, no paper, no stray copy in lists/


# -- incremental indexing ------------------------------------------------------------------

def test_opening_an_unchanged_library_indexes_nothing(library, home):
    library.close()
    with Library(home) as again:
        report = again.sync()
        assert (report.indexed, report.rebuilt, report.papers) == (0, False, 33)


def test_adding_a_list_indexes_only_new_papers(library, write_list, monkeypatch):
    reports: list[index.SyncReport] = []
    sync = library.sync

    def recording_sync(*args, **kwargs):
        reports.append(sync(*args, **kwargs))
        return reports[-1]

    monkeypatch.setattr(library, "sync", recording_sync)
    shared = paragraphs(SEED_FILES[0])[3]
    library.add(write_list("new.txt", [ZORBLAX, shared, ABSTRACT_C], title="NeurIPS 2024"))
    (report,) = reports
    assert report.rebuilt is False
    assert report.papers == 35
    # Two new papers, and the merged seed paper (its lists changed): no more.
    assert report.indexed == 3
    assert library.search("zorblax").total == 1
    assert library.sync().indexed == 0


def test_list_field_follows_a_merged_paper(library, write_list):
    # The merged seed paper changed only its lists: it must be re-indexed all the same.
    shared = paragraphs(SEED_FILES[0])[3]
    library.add(write_list("mine.txt", [ZORBLAX, shared], title="NeurIPS 2024"))
    seed_id = by_abstract(library)[key(shared)].id
    assert seed_id in search_ids(library, "list:mine")


def _policy_ids(library: Library) -> list[str]:
    ids = library.search("policy", complete_last=False).ids()
    assert ids
    return ids


def test_deleted_index_dir_is_rebuilt(library, home):
    expected = _policy_ids(library)
    library.close()
    shutil.rmtree(home / "cache" / "index")
    with Library(home) as again:
        report = again.sync()
        assert report.rebuilt is True and report.indexed == 33
        assert _policy_ids(again) == expected


@pytest.mark.parametrize("suffix", [".seg", ".toc", ".json", ""])
def test_garbage_in_index_files_is_rebuilt(library, home, suffix):
    expected = _policy_ids(library)
    library.close()
    damaged = 0
    for path in (home / "cache" / "index").glob("gen-*/*"):
        if path.name.endswith(suffix):
            path.write_bytes(b"\x00garbage\xff" * 7)
            damaged += 1
    assert damaged
    with Library(home) as again:
        report = again.sync()
        assert report.rebuilt is True and report.indexed == 33
        assert _policy_ids(again) == expected
        assert again.sync().indexed == 0


def test_current_pointing_at_a_missing_generation_is_rebuilt(library, home):
    expected = _policy_ids(library)
    library.close()
    (home / "cache" / "index" / "CURRENT").write_text("gen-that-does-not-exist")
    with Library(home) as again:
        report = again.sync()
        assert report.rebuilt is True
        assert _policy_ids(again) == expected


def test_rebuild_reports_every_paper(library):
    report = library.rebuild()
    assert (report.papers, report.indexed, report.rebuilt) == (33, 33, True)


@pytest.mark.parametrize("pool_mb", [None, 1], ids=["in memory", "spilled to runs"])
def test_large_rebuild_reports_papers_then_writing(home, icml2023_path, monkeypatch,
                                                   pool_mb):
    """The final write is a third of a large build: it moves the progress bar too, in
    steps, up to the total number of postings (counted across the pool's spills to
    disk), after every paper was read; then the meaning space is built."""
    import index.search.search_index

    monkeypatch.setattr(index.search.search_index, "WRITING_PROGRESS_STEP", 50_000)
    if pool_mb:
        monkeypatch.setattr(index.search.search_index, "WRITER_MEMORY_MB", pool_mb)
    library = Library(home, seed=False)
    library.add(icml2023_path)
    calls: list[tuple[int, int, str]] = []
    library.rebuild(lambda done, total, phase: calls.append((done, total, phase)))
    phases = [phase for _done, _total, phase in calls]
    # "topics" last when the meaning child (beside the index write) was still fitting
    # once the index was written; a forked child has often finished by then.
    assert phases[0] == "papers" and phases[-1] in ("writing", "topics")
    order = ["papers", "writing", "meaning", "topics"]
    assert phases == sorted(phases, key=order.index)  # papers, writing, then the meaning
    papers = [(done, total) for done, total, phase in calls if phase == "papers"]
    assert papers[-1] == (library.count(), library.count())
    writing = [(done, total) for done, total, phase in calls if phase == "writing"]
    assert len(writing) > 3  # hundreds of thousands of postings, in 50,000 steps
    assert [done for done, _ in writing] == sorted(done for done, _ in writing)
    assert writing[-1][0] == writing[-1][1] == writing[0][1]
    assert library.search("reinforcement learning").total > 100  # the index works
    library.close()


# -- tags ----------------------------------------------------------------------------------

def _two_seed_ids(library: Library) -> list[str]:
    papers = by_abstract(library)
    owpo = next(p for t, p in papers.items() if "(owpo)" in t)
    trifuse = next(p for t, p in papers.items() if "trifuse" in t)
    return [owpo.id, trifuse.id]


def test_tags_show_up_in_search_immediately(library):
    ids = _two_seed_ids(library)
    assert library.tag(ids, ["Reading"]) == 2  # tags are lower-cased
    assert library.tag(ids[:1], ["reading", "best"]) == 1  # one was there already
    assert search_ids(library, "tag:reading") == set(ids)
    assert set(library.search("tag:reading").ids()) == set(ids)
    assert set(library.search("", tag="reading").ids()) == set(ids)
    assert search_ids(library, "policy", tag="reading") == {ids[0]}
    assert search_ids(library, "tag:best") == {ids[0]}
    assert library.tags() == [("reading", 2), ("best", 1)]
    assert [p.id for p in library.tagged("reading")] == ids
    assert library.paper(ids[0]).tags == ["best", "reading"]
    assert library.search("tag:best").cards()[0].tags == ("best", "reading")

    assert library.untag(ids[:1], ["reading"]) == 1
    assert search_ids(library, "tag:reading") == {ids[1]}
    assert library.tags() == [("best", 1), ("reading", 1)]


def test_tags_persist_and_survive_rebuild_and_reimport(library, home):
    ids = _two_seed_ids(library)
    library.tag(ids, ["keep"])
    library.close()
    with Library(home) as again:
        assert search_ids(again, "tag:keep") == set(ids)
        again.rebuild()
        assert search_ids(again, "tag:keep") == set(ids)
        again.add(SEED_FILES[0])  # the same file: refreshed
        again.add(SEED_FILES[1])
        assert again.count() == 33
        assert search_ids(again, "tag:keep") == set(ids)
        assert [p.id for p in again.tagged("keep")] == ids


def test_tags_come_back_when_a_removed_list_is_readded(library, tmp_path):
    papers = by_abstract(library)
    zh_only = {key(p) for p in paragraphs(SEED_FILES[1])} - {
        key(p) for p in paragraphs(SEED_FILES[0])}
    pid = papers[sorted(zh_only)[0]].id
    library.tag([pid], ["later"])
    copy = tmp_path / f"{ZH}.txt"
    shutil.copyfile(SEED_FILES[1], copy)
    library.remove_list(ZH)
    assert search_ids(library, "tag:later") == set()
    library.add(copy)
    assert search_ids(library, "tag:later") == {pid}


def test_invalid_tags_are_refused(library):
    pid = _two_seed_ids(library)[0]
    for bad in ("", "   ", "a,b"):
        with pytest.raises(LibraryError):
            library.tag([pid], [bad])
    assert library.tags() == []


def test_tagging_an_unknown_id_is_refused(library):
    with pytest.raises(index.PaperNotFound):
        library.tag(["zzzzzzzz"], ["x"])


def test_hyphenated_tag_is_found_by_tag_query(library):
    pid = _two_seed_ids(library)[0]
    library.tag([pid], ["to-read"])
    assert search_ids(library, "", tag="to-read") == {pid}
    assert search_ids(library, "tag:to-read") == {pid}


# -- edits ---------------------------------------------------------------------------------

def test_edit_wins_over_derived_title_survives_reimport_and_clears(library):
    pid = _two_seed_ids(library)[0]
    derived = library.paper(pid)
    assert derived.title_derived is True

    edited = library.edit(pid, title="Zugzwang Policies")
    assert (edited.title, edited.title_derived, edited.edited) == (
        "Zugzwang Policies", False, ["title"])
    assert search_ids(library, "zugzwang") == {pid}
    (card,) = library.search("zugzwang").cards()
    assert (card.title, card.title_derived) == ("Zugzwang Policies", False)

    library.add(SEED_FILES[0])
    library.rebuild()
    assert library.paper(pid).title == "Zugzwang Policies"
    assert search_ids(library, "zugzwang") == {pid}

    cleared = library.edit(pid, title="")
    assert (cleared.title, cleared.title_derived, cleared.edited) == (
        derived.title, True, [])
    assert search_ids(library, "zugzwang") == set()


def test_edit_wins_over_a_real_title(library, tmp_path):
    library.add(write_json(tmp_path / "t.json", [
        {"title": "Momentum Revisited", "abstract": ABSTRACT_B, "year": 2023}]))
    (pid,) = search_ids(library, '"momentum revisited"')
    assert library.edit(pid, title="Heavy Balls").title == "Heavy Balls"
    assert library.edit(pid, title="").title == "Momentum Revisited"
    assert library.paper(pid).title_derived is False


# -- segments: what tags and list changes leave in the index ---------------------------------
def _segments(library: Library) -> list:
    return on_disk.segments(library.index.root)


def _made_up_list(path: Path, count: int) -> Path:
    words = ("kernel", "policy", "graph", "sparse", "tensor", "margin", "prior", "oracle")
    paragraphs = [f"We study {words[i % 8]} {words[i // 8 % 8]} estimators, case {i}, and "
                  f"prove a bound of order {i} for the {words[i * 3 % 8]} regime."
                  for i in range(count)]
    return factories.write_list(path.parent, path.name, paragraphs,
                                title="Made-up Workshop 2026 Papers")


def test_segments_left_without_papers_are_dropped(library, tmp_path):
    """A list too small to take in the seeded papers' segment gets its own; once removed
    (a commit that only deletes) that segment is dropped rather than searched."""
    library.add(_made_up_list(tmp_path / "made-up.txt", 10))
    assert [s.doc_count_all() for s in _segments(library)] == [33, 10]
    library.remove_list("made-up")
    assert [s.doc_count_all() for s in _segments(library)] == [33]
    assert library.count() == library.index.doc_count() == 33


def test_a_list_takes_in_segments_up_to_twice_its_size(library, tmp_path):
    library.add(_made_up_list(tmp_path / "made-up.txt", 20))  # 33 <= 2 x 20
    assert [s.doc_count_all() for s in _segments(library)] == [53]
    assert len(library.search("case")) == 20


def test_edits_merge_in_tiers_without_rewriting_large_segments(library, tmp_path):
    library.add(_made_up_list(tmp_path / "made-up.txt", 150))
    [large] = _segments(library)
    assert large.doc_count_all() == 183  # the 33 seeded papers were taken in
    ids = library.search("case").ids()[:24]
    for pid in ids:
        library.edit(pid, title="Zzmany edited")
        assert len(_segments(library)) <= 6  # the list's, then tiers of 1-2, 3-6, ...
    segments = _segments(library)
    assert large.segment_id() in {s.segment_id() for s in segments}  # never copied
    assert sum(s.doc_count() for s in segments
               if s.segment_id() != large.segment_id()) == 24  # the edited papers
    assert search_ids(library, "zzmany") == set(ids)
    assert library.index.doc_count() == library.count() == 183
