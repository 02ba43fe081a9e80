"""The topics of the current results (Library.topics(within=...), `papers topics
--query`): the library's topics, each counting only the results it holds."""

from __future__ import annotations

import json
from collections import Counter

from index import Library

from .test_meaning import SUBJECTS, subject_library  # noqa: F401 - the fixture


def counted_by_hand(library: Library, ids: list[str]) -> dict[int, int]:
    """Each paper's topic read one at a time, and counted."""
    return dict(Counter(library.topic_of(pid).id for pid in ids))


def test_the_topics_of_some_results_count_only_those(subject_library):  # noqa: F811
    library = subject_library
    everyone = {topic.id: topic for topic in library.topics()}
    for query in ("speech", "protein OR graph", "~graph robustness", "-is:read"):
        results = library.search(query)
        ids = library.ids_of(results)
        within = library.topics(within=results)
        assert {t.id: t.count for t in within} == counted_by_hand(library, ids), query
        assert sum(t.count for t in within) == len(ids)
        assert all(t.label == everyone[t.id].label and 0 < t.count <= everyone[t.id].count
                   for t in within)
        assert [t.count for t in within] == sorted((t.count for t in within), reverse=True)
    assert library.topics(within=library.search("")) == library.topics()
    assert library.topics(within=library.search("zzzunknownword")) == []


def test_papers_topics_query_json_and_text(subject_library, home, capsys):  # noqa: F811
    from tui.cli import main

    query = SUBJECTS["proteins"].split()[0]
    assert main(["topics", "--query", query, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert main(["topics", "--query", query]) == 0
    out, err = capsys.readouterr()
    # (The command line's library holds the bundled lists too: read it as it is now.)
    with Library(home) as library:
        ids = library.ids_of(library.search(query))
        size = {topic.id: topic.count for topic in library.topics()}
        assert {item["id"]: item["count"] for item in listed} == \
            counted_by_hand(library, ids)
    assert all(item["of"] == size[item["id"]] for item in listed)
    assert all(set(item) == {"id", "label", "count", "of"} for item in listed)
    first = listed[0]
    assert out.splitlines()[0].split()[:4] == [str(first["id"]), str(first["count"]), "of",
                                               str(first["of"])]
    assert f"{len(ids)} of the {len(ids)} papers the query finds" in err
