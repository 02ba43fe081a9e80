"""The meaning space (index/semantic/): built beside the index from the library's own
abstracts, kept in step with the lists, and what it serves: similar papers, `~` search by
meaning, topics and `topic:` filters. Every library here is real, on disk."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np
import pytest

from index import Library, Topic
from index.semantic.topics import stable_ids

from ..factories import write_list
from ..locations import SEED_FILES, seed_abstracts


def meaning_dir(home: Path) -> Path:
    return home / "cache" / "meaning"


def generation(home: Path) -> Path:
    root = meaning_dir(home)
    return root / (root / "CURRENT").read_text(encoding="utf-8").strip()


# A small library with three subjects. Within a subject, papers draw from one pool of
# words, so words co-occur; the one paper `~graph robustness` must find never says
# "graph" or "robust": only what its words share with other papers can lead there.
SUBJECTS = {
    "graphs": "graph robustness node edge perturbation adversarial neighbourhood message "
              "passing topology certified attack",
    "proteins": "protein folding residue sequence structure binding docking molecule "
                "enzyme conformation ligand",
    "speech": "speech audio acoustic speaker waveform phoneme recognition spectrogram "
              "utterance prosody vocoder",
}
PARAPHRASE = ("We flip a few edge connections and perturb node attributes of a message "
              "passing network; an adversarial attack on the topology of each neighbourhood "
              "is certified against.")


def subject_abstracts(per_subject: int = 20, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    filler = ["we", "propose", "method", "results", "show", "data", "model", "approach"]
    out = []
    for words in SUBJECTS.values():
        pool = words.split()
        for number in range(per_subject):
            chosen = rng.sample(pool, 6) + rng.sample(filler, 2)
            out.append(f"Study {number} of {' '.join(chosen[:4])}. We consider "
                       f"{' and '.join(chosen[4:])} in detail.")
    return out


@pytest.fixture
def subject_library(home: Path, tmp_path: Path):
    path = write_list(tmp_path, "subjects.txt", [*subject_abstracts(), PARAPHRASE])
    with Library(home, seed=False) as library:
        library.add(path)
        yield library


def subject_of(abstract: str) -> str:
    words = set(re.findall(r"[a-z]+", abstract.lower()))
    return max(SUBJECTS, key=lambda name: len(words & set(SUBJECTS[name].split())))


def paper_with(library: Library, pattern: str) -> str:
    for pid in library.ids_of(library.search("")):
        if re.search(pattern, library.paper(pid).abstract):
            return pid
    raise AssertionError(f"no paper matches {pattern!r}")


# -- the build on disk ------------------------------------------------------------------

@pytest.mark.parametrize("sample", [None, 10], ids=["every paper", "fitted on a sample"])
def test_indexing_writes_unit_vectors_and_their_ids_beside_the_index(home, monkeypatch,
                                                                     sample):
    """Past FIT_SAMPLE papers the basis and topics are fitted on an even sample and the
    rest placed in them: every row must still be its own paper's."""
    import index.semantic.model
    import index.semantic.topics

    if sample:
        monkeypatch.setattr(index.semantic.model, "FIT_SAMPLE", sample)
        monkeypatch.setattr(index.semantic.topics, "CLUSTER_SAMPLE", sample)
    library = Library(home)
    library.sync()
    directory = generation(home)
    vectors = np.load(directory / "vectors.npy", mmap_mode="r")
    ids = json.loads((directory / "ids.json").read_text(encoding="utf-8"))
    assert isinstance(vectors, np.memmap) and vectors.dtype == np.float32
    assert vectors.shape[0] == library.count() == len(ids) and vectors.shape[1] <= 64
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert set(ids) == set(library.ids_of(library.search("")))
    # Row i is paper ids[i]: a paper's own row is the one nearest its text folded in.
    space = library.meaning.current()
    for row, pid in enumerate(ids[:5]):
        paper = library.paper(pid)
        folded = space.basis.fold([f"{paper.title}. {paper.abstract}"
                                   if not paper.title_derived else paper.abstract])[0]
        assert int(np.argmax(vectors @ folded)) == row
    assert all(library.topic_of(pid) is not None for pid in ids)
    library.close()


def test_a_tag_rewrites_nothing_and_an_added_list_is_folded_in(library, home, tmp_path):
    before = generation(home)
    pid = library.ids_of(library.search(""))[0]
    library.tag([pid], ["later"])
    assert generation(home) == before and not library.meaning_behind()
    fitted = json.loads((before / "meta.json").read_text())["fitted"]
    added = write_list(tmp_path, "more.txt", subject_abstracts(per_subject=1))
    library.add(added)
    after = generation(home)
    assert after != before and not before.exists()  # the old generation is cleaned away
    meta = json.loads((after / "meta.json").read_text())
    assert meta["fitted"] == fitted  # folded into the same basis, not refitted
    assert meta["papers"] == library.count() == 36
    new = paper_with(library, r"^Study 0 of")
    assert library.topic_of(new) is not None


def test_a_removed_list_leaves_the_space_and_growth_refits(home, tmp_path):
    with Library(home, seed=False) as library:
        library.add(write_list(tmp_path, "a.txt", subject_abstracts(per_subject=6)))
        first = library.meaning.current()
        library.add(write_list(tmp_path, "b.txt", subject_abstracts(per_subject=10, seed=9),
                               title="ICML 2025 Papers"))
        grown = library.meaning.current()
        assert grown.meta["fitted"] == len(grown) == library.count() > 1.5 * len(first)
        library.remove_list("b")
        left = library.meaning.current()
        assert set(left.ids) == set(library.ids_of(library.search("")))
        assert len(left) == len(first)


@pytest.mark.parametrize("damage", ["truncated vectors", "ids of another size",
                                    "truncated topics"])
def test_a_damaged_space_is_fitted_again_at_the_next_sync(home, damage):
    with Library(home) as library:
        library.sync()
        directory = generation(home)
        if damage.startswith("truncated"):
            cut = directory / ("vectors.npy" if damage == "truncated vectors"
                               else "assignment.npy")
            cut.write_bytes(cut.read_bytes()[:200 if damage == "truncated vectors" else 140])
        else:
            (directory / "ids.json").write_text('["abc"]', encoding="utf-8")
    with Library(home) as library:
        assert library.meaning_behind()
        library.sync()
        assert generation(home) != directory and not library.meaning_behind()
        pid = library.ids_of(library.search(""))[0]
        assert library.similar(pid, 3).by_meaning and len(library.topics()) > 1


def test_similar_ranks_a_near_duplicate_abstract_first(library, tmp_path):
    original = seed_abstracts(SEED_FILES[0])[4]
    words = original.split()
    # Every other sentence-ish chunk kept, a few words changed: not the same paper.
    near = " ".join(w if i % 9 else "indeed" for i, w in enumerate(words[: len(words) * 3 // 4]))
    library.add(write_list(tmp_path, "near.txt", [near]))
    copy = paper_with(library, re.escape(" ".join(near.split()[1:6])) + r".*indeed")
    source = paper_with(library, re.escape(" ".join(words[-6:])))
    assert copy != source
    assert library.ids_of(library.similar(source, 5))[0] == copy
    assert library.ids_of(library.similar(copy, 5))[0] == source


def test_similar_and_topics_read_chinese_abstracts_by_their_words(home, tmp_path):
    # Chinese puts no spaces between words: read as whole runs, no two abstracts shared a
    # term and a topic's label was a sentence.
    rl = ["强化学习中的策略梯度方法与奖励建模研究之{}。", "基于强化学习的策略优化与奖励函数设计之{}。"]
    graphs = ["图神经网络在分子性质预测中的应用之{}。", "用于分子图的图神经网络表示学习之{}。"]
    numbers = "一二三四五六七八九十"
    texts = [pattern.format(numbers[i]) for i in range(10) for pattern in (*rl, *graphs)]
    with Library(home, seed=False) as library:
        library.add(write_list(tmp_path, "zh.txt", texts))
        source = paper_with(library, "^强化学习中的策略梯度方法与奖励建模研究之一")
        near = [library.paper(pid).abstract for pid in library.ids_of(library.similar(source, 5))]
        assert near and all("强化学习" in text for text in near), near
        labels = [topic.label for topic in library.topics()]
        assert labels and all(len(part) <= 5 for label in labels
                              for part in label.split(" · ")), labels


# -- search by meaning ------------------------------------------------------------------

def test_meaning_search_finds_a_paper_that_uses_none_of_the_words(subject_library):
    library = subject_library
    target = paper_with(library, r"^We flip a few edge")
    assert target not in library.ids_of(library.search("graph robustness",
                                                       complete_last=False))
    results = library.search("~graph robustness")
    found = library.ids_of(results)
    assert results.by_meaning and target in found[:21]
    subjects = [subject_of(library.paper(pid).abstract) for pid in found[:10]]
    assert subjects == ["graphs"] * 10  # the subject's papers first
    proteins = library.ids_of(library.search("~protein folding"))[:15]
    assert target not in proteins


def test_meaning_search_is_narrowed_by_filters_and_says_what_it_is(subject_library):
    library = subject_library
    everything = library.ids_of(library.search("~speech audio"))
    assert 0 < len(everything) <= 100
    library.set_status(everything[:3], "read")
    unread = library.ids_of(library.search("~speech audio -is:read"))
    assert unread == [pid for pid in everything if pid not in everything[:3]]
    empty = library.search("~")
    assert len(empty) == 0 and "after ~" in empty.error
    assert len(library.search("~zzzunknownword")) == 0


# -- topics -----------------------------------------------------------------------------

def test_topics_are_the_same_for_the_same_library(home, tmp_path):
    maps = []
    for name in ("one", "two"):
        path = write_list(tmp_path, f"{name}.txt", subject_abstracts())
        with Library(home / name, seed=False) as library:
            library.add(path)
            topics = library.topics()
            by_text = {library.paper(pid).abstract: library.topic_of(pid).id
                       for pid in library.ids_of(library.search(""))}
            maps.append((topics, by_text))
    assert maps[0] == maps[1]
    topics = maps[0][0]
    assert all(isinstance(t, Topic) for t in topics)
    assert sum(t.count for t in topics) == 60
    assert [t.count for t in topics] == sorted((t.count for t in topics), reverse=True)


def test_topic_labels_are_the_subjects_own_words(subject_library):
    for topic in subject_library.topics():
        words = set(re.findall(r"[a-z]+", topic.label))
        assert any(words & set(pool.split()) for pool in SUBJECTS.values()), topic.label


def test_topic_filter_keeps_a_topics_papers(subject_library):
    library = subject_library
    topics = library.topics()
    assert len(topics) >= 2
    first = topics[0]
    members = library.ids_of(library.search(f"topic:{first.id}"))
    assert len(members) == first.count
    assert all(library.topic_of(pid) == first for pid in members)
    rest = library.ids_of(library.search(f"-topic:{first.id}"))
    assert not set(rest) & set(members) and len(rest) + len(members) == library.count()
    word = first.label.split(" · ")[0]
    assert set(members) <= set(library.ids_of(library.search(f'topic:"{word}"')))
    unknown = library.search("topic:999")
    assert len(unknown) == 0 and "no topic matches topic:999" in unknown.error


def test_a_refit_keeps_the_ids_of_topics_it_finds_again():
    old = {1: {"a", "b", "c"}, 2: {"d", "e"}, 5: {"x"}}
    assert stable_ids(old, [{"d", "e", "f"}, {"a", "b"}, {"g"}]) == [2, 1, 6]
    assert stable_ids({}, [{"a"}, {"b"}]) == [1, 2]


def test_papers_topics_json_and_show(subject_library, home, capsys):
    from tui.cli import main

    assert main(["topics", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed and all(set(item) == {"id", "label", "count"} for item in listed)
    assert all(isinstance(item["id"], int) and isinstance(item["label"], str)
               and isinstance(item["count"], int) for item in listed)
    assert sum(item["count"] for item in listed) == subject_library.count()
    pid = subject_library.ids_of(subject_library.search(""))[0]
    assert main(["show", pid, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["topic"]
    topic = subject_library.topic_of(pid)
    assert shown == {"id": topic.id, "label": topic.label, "count": topic.count}
    assert main(["search", "~graph robustness", "--limit", "3"]) == 0
    assert "by meaning" in capsys.readouterr().err


def test_a_separate_process_builds_the_space_this_one_then_reads(home):
    with Library(home) as library:
        library.sync(meaning=False)
        assert library.meaning_behind()
        report = library.update_meaning(separate=True)
        assert report is not None and report.refitted and report.papers == library.count()
        assert not library.meaning_behind()
        assert set(library.meaning.current().ids) == set(library.ids_of(library.search("")))
        assert library.topics() and all(library.topic_of(pid) is not None
                                        for pid in library.ids_of(library.search("")))


def test_the_separate_process_never_imports_a_package_of_the_working_folder(
        home, tmp_path, monkeypatch):
    # A user's project folder with its own `index` package, papers run from inside it.
    project = tmp_path / "project"
    (project / "index").mkdir(parents=True)
    (project / "index" / "__init__.py").write_text("raise SystemExit('the wrong index')\n")
    monkeypatch.chdir(project)
    with Library(home) as library:
        library.sync(meaning=False)
        report = library.update_meaning(separate=True)
        assert report is not None and report.papers == library.count()


def test_a_meaning_child_can_be_stopped_and_leaves_the_last_space(home):
    import threading
    import time

    with Library(home) as library:
        library.sync(meaning=False)
        assert library.meaning_behind()
        outcome = []
        worker = threading.Thread(
            target=lambda: outcome.append(library.update_meaning(separate=True)))
        worker.start()
        deadline = time.monotonic() + 30
        while library._meaning_child is None and time.monotonic() < deadline:
            time.sleep(0.001)
        child = library._meaning_child
        assert child is not None and child.poll() is None  # caught while it runs
        library.stop_meaning_child()
        worker.join(timeout=30)
        assert outcome == [None]  # stopped: no report, no error
        assert child.returncode is not None
        assert library.meaning_behind()  # nothing half-built taken for the space
        report = library.update_meaning()  # and the next build goes through
        assert report is not None and not library.meaning_behind()


TOPICS_CHILD = """
import json
import sys

from index import Library

with Library() as library:
    library.sync(meaning=False, keep_page=False)  # as the app opens it
    topics = [[t.id, t.label, t.count] for t in library.topics()]
    of = {pid: library.topic_of(pid).id for pid in library.ids_of(library.search(""))}
    print(json.dumps(["numpy" in sys.modules, topics, of]))
"""


def test_the_topics_are_read_without_numpy_as_numpy_reads_them(home):
    """The app's first results show the paper's topic: opening the space for it loads no
    numpy (50-70 ms), and reads what numpy reads from the same files."""
    import os
    import subprocess
    import sys

    from ..locations import REPO

    with Library(home) as library:
        library.sync()
    run = subprocess.run([sys.executable, "-c", TOPICS_CHILD], cwd=REPO, capture_output=True,
                         text=True, timeout=120, env={**os.environ, "PAPERS_HOME": str(home)})
    assert run.returncode == 0, run.stderr
    numpy_loaded, topics, of = json.loads(run.stdout)
    assert not numpy_loaded
    directory = generation(home)
    ids = json.loads((directory / "ids.json").read_text(encoding="utf-8"))
    assignment = np.load(directory / "assignment.npy")
    labels = json.loads((directory / "topics.json").read_text(encoding="utf-8"))
    counts = np.bincount(assignment, minlength=max(t["id"] for t in labels) + 1)
    assert sorted(topics) == sorted([t["id"], t["label"], int(counts[t["id"]])]
                                    for t in labels)
    assert of == {pid: int(topic) for pid, topic in zip(ids, assignment, strict=True)}
    assert len(set(of.values())) > 1


def test_a_papers_topic_is_the_same_before_and_after_the_row_table_is_built(home):
    """A generation opens without its id -> row table (17 ms at 100,000 papers, on the
    first keystroke's Topic line): one paper's row is found in the ids until the warm-up
    builds the table; both give every paper the same topic."""
    from index.semantic.space import Space

    with Library(home) as library:
        library.sync()
        ids = library.ids_of(library.search(""))
        space = Space(generation(home))
        before = {pid: space.topic_of(pid) for pid in [*ids, "no-such-paper"]}
        assert "rows" not in space.__dict__  # found without the table
        library._meaning_rows()  # the warm-up's step
        assert "rows" in library.meaning.current().__dict__
        assert space.rows == {pid: row for row, pid in enumerate(space.ids)}
        after = {pid: space.topic_of(pid) for pid in [*ids, "no-such-paper"]}
    assert before == after and before["no-such-paper"] is None
    assert len({topic.id for topic in before.values() if topic is not None}) > 1


def test_the_fit_reads_each_papers_text_as_paper_text_gives_it(home, tmp_path):
    """A fit reads titles and abstracts alone (Store.titles_and_abstracts), not whole
    papers: the same text paper_text() makes of each, whether the title is the paper's
    own, derived from its abstract, or edited (on a titled paper or a bare one)."""
    from index.semantic.build import StoredTexts
    from index.semantic.text import paper_text

    from ..factories import write_json_list

    titled = write_json_list(tmp_path, "titled.json", [
        {"title": f"Paper number {n} on graphs", "abstract": abstract}
        for n, abstract in enumerate(seed_abstracts(SEED_FILES[0])[:4])])
    bare = write_list(tmp_path, "bare.txt", seed_abstracts(SEED_FILES[1])[:4])
    with Library(home, seed=False) as library:
        library.add(titled)
        library.add(bare)
        ids = library.ids_of(library.search(""))
        titles = {pid: library.paper(pid) for pid in ids}
        derived = [pid for pid in ids if titles[pid].title_derived]
        own = [pid for pid in ids if not titles[pid].title_derived]
        assert len(derived) == 4 and len(own) == 4
        library.edit(derived[0], title="An edited title of a bare paper")
        library.edit(own[0], title="An edited title of a titled paper")
        view = library._store_view()
        texts = StoredTexts(view, None)
        read = texts.take(np.arange(len(texts)))
        expected = [paper_text(paper) for paper in view.papers(texts.ids)]
    assert read == expected
    assert sum(text.startswith("An edited title") for text in read) == 2
    assert sum(text.startswith("Paper number") for text in read) == 3
