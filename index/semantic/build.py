"""Writing generations of the meaning space (callers hold the build lock).

A fit learns the basis from every paper's text (model.py) and maps the topics
(topics.py). Between fits, papers added or edited are folded into the existing basis and
join their nearest topic; a tag or status change (same text, same hash) costs nothing.
The basis is fitted again once the library has grown or shrunk by half since the last fit
or most of it changed; topic ids are kept where the new clusters are the old ones.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
import uuid
from pathlib import Path

import numpy as np

from .layout import META, POINTER, VERSION, BuildReport, Progress, StoreView
from .model import FILES as BASIS_FILES
from .model import Basis, fit
from .space import Space
from .text import paper_text, title_and_abstract
from .topics import cluster, stable_ids

REFIT_GROWTH = 1.5  # refit once the library is this many times the size fitted (or 1/x)
READ_CHUNK = 1000  # papers read from the store at a time


def text_hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(),
                          "little")


def fold(root: Path, store: StoreView, space: Space,
         progress: Progress | None = None, workers: int = 1) -> BuildReport:
    """Apply the store's changes since `space` was written, refitting if they are many
    (`workers`: as refit's)."""
    start = time.perf_counter()
    changed, last = store.changed_since(int(space.meta.get("seq", 0)))
    if not changed:
        return BuildReport(len(space), 0, False, time.perf_counter() - start)
    present = {paper.id: paper for paper in store.papers(changed)}
    gone = {pid for pid in changed if pid not in present and pid in space.rows}
    texts = {pid: paper_text(paper) for pid, paper in present.items()}
    hashes = {pid: text_hash(text) for pid, text in texts.items()}
    new = sorted(pid for pid in present
                 if pid not in space.rows or int(space.hashes[space.rows[pid]]) != hashes[pid])
    total = len(space) - len(gone) + sum(pid not in space.rows for pid in new)
    fitted = max(int(space.meta.get("fitted", len(space))), 1)
    if total > REFIT_GROWTH * fitted or total * REFIT_GROWTH < fitted or \
            len(new) + len(gone) > total / 2:
        return refit(root, store, space, progress, workers)
    if not new and not gone:  # a tag, a status: the text is the same
        write_meta(space.directory, {**space.meta, "seq": last})
        return BuildReport(len(space), 0, False, time.perf_counter() - start)
    replaced = gone | set(new)
    keep = [row for row, pid in enumerate(space.ids) if pid not in replaced]
    vectors = space.basis.fold([texts[pid] for pid in new])
    nearest = np.argmax(vectors @ space.centroids.T, axis=1) if len(space.centroids) \
        else np.zeros(len(new), dtype=np.int64)
    ids = [space.ids[row] for row in keep] + new
    directory = _write(
        root, ids=ids,
        vectors=np.concatenate([np.asarray(space.vectors)[keep], vectors]),
        hashes=np.concatenate([space.hashes[keep],
                               np.array([hashes[pid] for pid in new], dtype=np.uint64)]),
        assignment=np.concatenate([space.assignment[keep], np.asarray(
            [space.topic_ids[row] for row in nearest], dtype=np.int32)]),
        centroids=space.centroids,
        labels=[{"id": t, "label": space.topics[t].label} for t in space.topic_ids],
        basis_from=space.directory, meta={**space.meta, "seq": last, "papers": len(ids)})
    swap(root, directory)
    return BuildReport(len(ids), len(new), False, time.perf_counter() - start)


def refit(root: Path, store: StoreView, old: Space | None,
          progress: Progress | None = None, workers: int = 1) -> BuildReport:
    """Fit the basis and the topics to every paper now in the store; `workers`: the
    processes that may place the papers the fit does not learn from (placing.place)."""
    start = time.perf_counter()
    seq = store.last_change()  # read first: what changes meanwhile is folded in next time
    texts = StoredTexts(store, progress)
    ids = texts.ids
    meta = {"version": VERSION, "store": store.uuid, "seq": seq, "papers": len(ids),
            "fitted": len(ids), "built": time.time()}
    if not ids:
        directory = _write(root, ids=[], vectors=np.zeros((0, 1), np.float32),
                           hashes=np.zeros(0, np.uint64), assignment=np.zeros(0, np.int32),
                           centroids=np.zeros((0, 1), np.float32), labels=[], meta=meta,
                           basis=Basis({}, np.zeros(0, np.float32),
                                       np.zeros((1, 0), np.float32), frozenset()))
        swap(root, directory)
        return BuildReport(0, 0, True, time.perf_counter() - start)
    from threadpoolctl import threadpool_limits

    # One core: the app keeps the other for typing while this runs in its worker, and
    # on a busy machine BLAS threads that wait for a core are slower than one
    # (the SVD of ICML 2023: 1.1 s on one thread, 4-5 s on two, load average 10).
    with threadpool_limits(limits=1):
        fitted = fit(texts, workers=workers)
        if progress:
            progress(0, 1, "topics")
        clustering = cluster(fitted.vectors, fitted.tfidf, fitted.tfidf_rows,
                             fitted.terms)
    if progress:
        progress(1, 1, "topics")
    # Biggest cluster first, so a first map numbers its topics by size.
    order = np.argsort(-np.bincount(clustering.assignment,
                                    minlength=len(clustering.labels)), kind="stable")
    place = {int(c): i for i, c in enumerate(order)}
    members: list[set[str]] = [set() for _ in order]
    for pid, c in zip(ids, clustering.assignment, strict=True):
        members[place[int(c)]].add(pid)
    previous: dict[int, set[str]] = {}
    if old is not None:
        for pid, topic in zip(old.ids, old.assignment, strict=True):
            previous.setdefault(int(topic), set()).add(pid)
    topic_ids = stable_ids(previous, members)
    id_of = {int(c): topic_ids[i] for i, c in enumerate(order)}
    directory = _write(
        root, ids=ids, vectors=fitted.vectors,
        hashes=texts.hashes,
        assignment=np.array([id_of[int(c)] for c in clustering.assignment], np.int32),
        centroids=clustering.centroids[order],
        labels=[{"id": id_of[int(c)], "label": clustering.labels[int(c)]} for c in order],
        basis=fitted.basis, meta=meta)
    swap(root, directory)
    return BuildReport(len(ids), 0, True, time.perf_counter() - start)


class StoredTexts:
    """The store's papers' texts by row, read READ_CHUNK papers at a time when the fit
    asks for them (model.TextSource), so a large library's texts are never all held;
    each text's hash is kept as it passes. A paper removed meanwhile reads as no text
    (its row is dropped by the next update, which sees the removal)."""

    def __init__(self, store: StoreView, progress: Progress | None) -> None:
        self.store, self.progress = store, progress
        self.ids = store.ids()
        self.hashes = np.zeros(len(self.ids), dtype=np.uint64)
        self.read = 0

    def __len__(self) -> int:
        return len(self.ids)

    def take(self, rows: np.ndarray) -> list[str]:
        out: list[str] = []
        for first in range(0, len(rows), READ_CHUNK):
            chunk = rows[first:first + READ_CHUNK].tolist()
            found = {pid: title_and_abstract(*pair) for pid, pair in
                     self.store.titles_and_abstracts([self.ids[row] for row in chunk]).items()}
            for row in chunk:
                text = found.get(self.ids[row], "")
                self.hashes[row] = text_hash(text)
                out.append(text)
            self.read += len(chunk)
            if self.progress:
                self.progress(min(self.read, len(self.ids)), len(self.ids), "meaning")
        return out


def _write(root: Path, *, ids: list[str], vectors: np.ndarray, hashes: np.ndarray,
           assignment: np.ndarray, centroids: np.ndarray, labels: list[dict], meta: dict,
           basis: Basis | None = None, basis_from: Path | None = None) -> Path:
    """A complete new generation folder (its meta.json written last)."""
    root.mkdir(parents=True, exist_ok=True)
    directory = root / f"m-{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:8]}"
    directory.mkdir()
    try:
        np.save(directory / "vectors.npy", np.ascontiguousarray(vectors, np.float32))
        np.save(directory / "hashes.npy", hashes.astype(np.uint64))
        np.save(directory / "assignment.npy", assignment.astype(np.int32))
        np.save(directory / "centroids.npy", np.asarray(centroids, np.float32))
        (directory / "ids.json").write_text(json.dumps(ids), encoding="utf-8")
        (directory / "topics.json").write_text(json.dumps(labels, ensure_ascii=False),
                                               encoding="utf-8")
        if basis is not None:
            basis.save(directory)
        elif basis_from is not None:
            for name in BASIS_FILES:  # the basis did not change: share its files
                try:
                    os.link(basis_from / name, directory / name)
                except OSError:
                    shutil.copyfile(basis_from / name, directory / name)
        write_meta(directory, meta)
    except BaseException:
        shutil.rmtree(directory, ignore_errors=True)
        raise
    return directory


def write_meta(directory: Path, meta: dict) -> None:
    temp = directory / f"{META}.{uuid.uuid4().hex}"
    temp.write_text(json.dumps(meta), encoding="utf-8")
    os.replace(temp, directory / META)


def swap(root: Path, directory: Path) -> None:
    temp = root / f"{POINTER}.{uuid.uuid4().hex}"
    temp.write_text(directory.name, encoding="utf-8")
    os.replace(temp, root / POINTER)
    tidy(root, directory.name)


def tidy(root: Path, current: str | None) -> None:
    """Remove generations CURRENT no longer names (a process reading one keeps its open
    files) and what an interrupted build left."""
    if not root.is_dir():
        return
    for path in root.glob("m-*"):
        if path.name != current and path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
    for path in root.glob(f"{POINTER}.*"):
        path.unlink(missing_ok=True)
