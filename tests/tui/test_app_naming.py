"""The app on a library named by an older name model: it opens and searches at once, with
the names it has, while a child process (the app has threads: no fork) names the papers
again; a notification says so, and the search then shows the new names."""

from __future__ import annotations

import os

from index import Library
from index.store import rederive
from tui.app import PapersApp

from .helpers import running_app

SNIPPET = "we propose **One-Way Policy Optimization (OWPO)**"  # a seed named OWPO


def _owpo(library: Library) -> str:
    return next(pid for pid, source in library.store.read(
        "SELECT id, abstract_source FROM papers") if SNIPPET in source)


async def test_an_older_libraries_papers_are_named_again_by_a_child(seeded_home,
                                                                     monkeypatch):
    with Library(seeded_home) as library:
        paper_id = _owpo(library)
        with library.store.transaction() as db:
            db.execute("UPDATE papers SET name = 'OLD' WHERE id = ?", (paper_id,))
        library.store.set_meta(rederive.STAMP_KEY, "0:an older derivation")
    children, notes = [], []
    in_child, notify = rederive._in_child, PapersApp.notify

    def spy_child(store, progress):
        children.append(os.getpid())
        return in_child(store, progress)

    def spy_notify(self, message, *args, **kwargs):
        notes.append(str(message))
        return notify(self, message, *args, **kwargs)

    monkeypatch.setattr(rederive, "_in_child", spy_child)
    monkeypatch.setattr(PapersApp, "notify", spy_notify)
    async with running_app(seeded_home) as (app, pilot):
        assert app.ready
        assert children == [os.getpid()]  # asked once, of a child
        assert notes[0].startswith("Naming 33 papers again"), notes
        assert notes[-1] == "Papers named again: 1 paper changed.", notes
        assert app.library.paper(paper_id).name == "OWPO"
        assert not rederive.stale(app.library.store)
        # the search index took the new name: the paper is found by it
        assert paper_id in app.library.ids_of(app.library.search("OWPO"))
        assert paper_id not in app.library.ids_of(app.library.search("OLD"))
