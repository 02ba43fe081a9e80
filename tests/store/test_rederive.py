"""index/store/rederive.py: a library named by an older name model is named again.

The fixture `fixtures/names_before_stamp` is a real library file made by the code before
the stamp (main at 6ebdba0, its name model): a bare list of seven ICML 2022 abstracts and
a titled list of one; then one bare paper tagged, one noted, one marked read, one given
its own title. That model named the A* coding paper "AS" (the star cut off), which later
ones call "AS*" or "IKVAE" (both introduced there; the two are a near tie for the model).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import index
from index.ingest.names import MODEL_FILE, list_statistics
from index.ingest.prepare import from_abstract
from index.paths import locate
from index.store import rederive
from index.store.database import Store

from ..factories import write_json_list, write_list

pytestmark = pytest.mark.timeout(120)

FIXTURE = Path(__file__).with_name("fixtures") / "names_before_stamp"
A_STAR = "wsxlalt5"  # "Relative entropy coding (REC) algorithms ...": AS before
TAGGED, NOTED, READ, EDITED = "r5szqmul", "u3jc5a4i", "pr3cr3su", "2uahnf7r"
TITLED = "6me37jo3"
# What the old model had stored for each (name, derived title), read from the fixture.
BEFORE = {
    A_STAR: ("AS", "AS: Experimental evidence that AD* also has O expected runtime"),
    TAGGED: ("FANs", "FANs: Fully attentional networks"),
    NOTED: ("MVaR", "MVaR: Multivariate value-at-risk"),
    READ: ("NC", "NC: “neural collapse\""),
    EDITED: ("ConvResNets", "ConvResNets: Convolutional residual networks"),
}


@pytest.fixture
def old_home(home: Path) -> Path:
    data = locate(home).create().data_dir
    shutil.copy(FIXTURE / "library.sqlite3", data / "library.sqlite3")
    shutil.copytree(FIXTURE / "lists", data / "lists", dirs_exist_ok=True)
    return home


def _stored(store: Store) -> dict[str, tuple]:
    return {row[0]: tuple(row[1:]) for row in store.read(
        "SELECT id, name, derived_title, title, abstract_source FROM papers")}


def _as_derived_now(store: Store) -> dict[str, tuple[str | None, str]]:
    """Each bare paper's (name, derived title) as an import by this code derives them:
    with the statistics of its list's abstracts."""
    papers = _stored(store)
    members = [row[0] for row in store.read(
        "SELECT paper_id FROM memberships WHERE list = 'bare' ORDER BY position")]
    statistics = list_statistics(papers[pid][3] for pid in members)
    return {pid: from_abstract(papers[pid][3], statistics)[1:] for pid in members}


def test_the_fixture_is_a_library_from_before_the_stamp() -> None:
    store = Store(FIXTURE / "library.sqlite3", read_only=True)
    try:
        assert store.meta(rederive.STAMP_KEY) is None
        stored = _stored(store)
        assert {pid: stored[pid][:2] for pid in BEFORE} == BEFORE
    finally:
        store.close()


def test_syncing_an_old_library_names_its_bare_papers_again_and_keeps_the_users(
        old_home: Path) -> None:
    with index.Library(old_home, seed=False) as lib:
        # Opening waits for nothing (an app's first frame, `papers tag`): the names are
        # made again when the library is next brought up to date.
        assert rederive.stale(lib.store)
        assert _stored(lib.store)[A_STAR][:2] == BEFORE[A_STAR]
        lib.sync(meaning=False)
        assert not rederive.stale(lib.store)
        stored = _stored(lib.store)
        expected = _as_derived_now(lib.store)
        # named again: the old model's "AS" is gone (what this model says, AS* or the
        # IKVAE it also introduces, is a near tie; the loop below checks it is derived now)
        assert stored[A_STAR][0] != BEFORE[A_STAR][0]
        assert stored[A_STAR][1] != BEFORE[A_STAR][1]
        # untouched bare papers: exactly what an import by this code gives them
        for pid in set(expected) - {TAGGED, NOTED, READ, EDITED}:
            name, title = expected[pid]
            assert stored[pid][:2] == (name, title), pid
        # the papers the user made their own keep what they had
        for pid in (TAGGED, NOTED, READ, EDITED):
            assert stored[pid][:2] == BEFORE[pid], pid
        assert lib.paper(EDITED).title == "My own title for this one"
        assert list(lib.paper(TAGGED).tags) == ["mine"]
        assert lib.note(NOTED) == "read this first"
        assert lib.paper(READ).status == "read"
        # a real title is never touched
        assert stored[TITLED][2].startswith("Permutation Search of Tensor Network")
        assert lib.paper(TITLED).title_derived is False
        # the changed papers are logged: the index takes their new titles
        report = lib.sync(meaning=False)
        assert not report.stale
        shown = {p.id: p.title for p in lib.papers(list(stored))}
        assert shown[A_STAR] == stored[A_STAR][1]


def test_an_interrupted_rederivation_is_finished_at_the_next_sync(old_home: Path) -> None:
    store = Store(locate(old_home).store_file)

    class Stop(Exception):
        pass

    def stop_after_the_first(done: int, total: int) -> None:
        raise Stop

    try:
        with pytest.raises(Stop):
            rederive.rederive(store, stop_after_the_first, chunk=1)
        assert rederive.stale(store)  # the stamp waits for the last transaction
        first_written, names_before = store.last_change(), store.names_stamp()
    finally:
        store.close()
    with index.Library(old_home, seed=False) as lib:
        lib.sync(meaning=False)
        assert not rederive.stale(lib.store)
        assert lib.store.last_change() > first_written
        # another process's cache of the names (Library._names) sees that they changed
        assert lib.store.names_stamp() != names_before
        stored, expected = _stored(lib.store), _as_derived_now(lib.store)
        assert stored[A_STAR][:2] == expected[A_STAR] and stored[A_STAR][0] != BEFORE[A_STAR][0]


def test_a_library_named_by_this_model_is_left_as_it_is(home: Path) -> None:
    with index.Library(home) as lib:  # new, seeded: current from its creation
        assert not rederive.stale(lib.store)
        before, last = _stored(lib.store), lib.store.last_change()
        lib.store.set_meta(rederive.STAMP_KEY, "0:an-older-model")
        assert rederive.rederive(lib.store) == 0  # same derivation, nothing to write
        assert _stored(lib.store) == before and lib.store.last_change() == last
        assert not rederive.stale(lib.store)


def test_the_stamp_reads_the_name_models_file() -> None:
    assert rederive.MODEL_FILE == MODEL_FILE


def _copy_sources(root: Path) -> None:
    for name in rederive.DERIVATION_SOURCES:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(Path(index.__file__).parent / name, root / name)


def test_a_change_to_the_naming_code_is_a_new_derivation(tmp_path: Path) -> None:
    """The stamp follows the code that derives names, not only the model: a library
    imported before any change to it is named again (the hand-kept number stayed the same
    through sixty naming changes)."""
    model = b'{"weights": []}'
    _copy_sources(tmp_path)
    same = rederive.derivation_stamp(model, tmp_path)
    assert same == rederive.derivation_stamp(model, Path(index.__file__).parent)
    titles = tmp_path / "ingest" / "titles.py"
    titles.write_text(titles.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert rederive.derivation_stamp(model, tmp_path) != same
    assert rederive.derivation_stamp(b'{"weights": [1]}', tmp_path) != \
        rederive.derivation_stamp(model, tmp_path)


def test_an_abstract_rendered_by_older_code_reads_as_this_code_renders_it(
        home: Path, tmp_path: Path) -> None:
    """The rendered abstract is stored at import; a rendering fix must reach lists imported
    before it, bare or titled, the user's own papers too (nobody edits an abstract), and
    the search index must take the new text."""
    source = ("We prove that any matrix $M\\in\\mathbb{R}^{m\\times n}$ of rank $r$ is "
              "recovered from $O(nr\\log\\frac{1}{\\delta})$ entries, as \\citet{candes09} "
              "conjectured, with a new estimator for low-rank matrix completion.")
    bare = write_list(tmp_path, "bare.txt", [source])
    titled = write_json_list(tmp_path, "titled.json", [{
        "title": "Matrix Completion with Few Entries", "abstract": source.replace(
            "a new estimator", "an old estimator")}])
    with index.Library(home, seed=False) as lib:
        lib.add(bare)
        lib.add(titled)
        ids = lib.ids_of(lib.search(""))
        now = {pid: lib.paper(pid).abstract for pid in ids}
        assert all("M ∈ ℝ^(m×n)" in text and "[candes09]" in text for text in now.values())
        lib.tag(ids[:1], ["mine"])  # the user's own: its abstract is still rendered again
        # As an older renderer stored them: the citation dropped, the math lopsided.
        old = {pid: text.replace("M ∈ ℝ^(m×n)", "M∈ℝ^(m× n)").replace(", as [candes09]",
                                                                         ", as")
               for pid, text in now.items()}
        with lib.store.transaction() as db:
            for pid, text in old.items():
                db.execute("UPDATE papers SET abstract = ? WHERE id = ?", (text, pid))
        lib.store.set_meta(rederive.STAMP_KEY, "0:an-older-model")
        last = lib.store.last_change()
        lib.sync(meaning=False)
        assert not rederive.stale(lib.store)
        assert {pid: lib.paper(pid).abstract for pid in ids} == now
        assert lib.store.last_change() > last  # logged: the index takes the new text
        assert set(lib.ids_of(lib.search("candes09"))) == set(ids)
        # once current, nothing is written again
        last = lib.store.last_change()
        lib.store.set_meta(rederive.STAMP_KEY, "0:an-older-model")
        assert rederive.rederive(lib.store) == 0 and lib.store.last_change() == last
