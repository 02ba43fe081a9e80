"""Ranking that does not trust derived text as a title (#12): a title derived from the
abstract is the abstract's own words, so it scores nothing beside them; a real title
still counts as a title; `title:` finds the title shown, real or derived."""

from __future__ import annotations

from pathlib import Path

from index import Library

# Two abstracts with the same words, "graphs" and "networks" swapped between their
# sentences: equal lengths and word counts, but only one title derived with "graphs".
INTRODUCE = ("We introduce spectral sparsifiers for weighted {} that preserve every cut "
             "within a small factor.")
SHOW = "Experiments on road {} show large savings in memory and time for downstream solvers."
GRAPHS = INTRODUCE.format("graphs")
PLAIN = SHOW.format("networks")
OTHER = ("We study convex optimization with noisy gradient oracles and give tight bounds "
         "for the accelerated method under heavy tails.")


def _bare_library(home: Path, write_list) -> tuple[Library, dict[str, str]]:
    library = Library(home, seed=False)
    swapped = f"{INTRODUCE.format('networks')} {SHOW.format('graphs')}"
    library.add(write_list("bare.txt", [f"{GRAPHS} {PLAIN}", swapped, OTHER]))
    ids = {p.abstract: p.id for p in library.store.papers()}
    return library, {"in title": ids[f"{GRAPHS} {PLAIN}"], "in abstract": ids[swapped]}


def test_a_derived_title_adds_nothing_to_the_score(home: Path, write_list):
    library, ids = _bare_library(home, write_list)
    first, second = (library.paper(ids[k]) for k in ("in title", "in abstract"))
    # Guard the set-up: both titles derived, only the first's says "graphs".
    assert first.title_derived and second.title_derived
    assert "graphs" in first.title.lower() and "graphs" not in second.title.lower()
    assert first.name == second.name
    results = library.search("graphs", complete_last=False)
    assert set(results.ids()) == set(ids.values())
    assert results.scores[0] == results.scores[1]  # the abstract, scored once each


def test_title_field_finds_the_title_shown(home: Path, write_list):
    library, ids = _bare_library(home, write_list)
    assert library.search("title:graphs", complete_last=False).ids() == [ids["in title"]]
    assert set(library.search("title:(graphs OR networks)").ids()) == set(ids.values())


def test_a_real_title_still_counts_as_a_title(home: Path, tmp_path: Path):
    ris = tmp_path / "titled.ris"
    ris.write_text(
        f"TY  - CONF\nTI  - Spectral graphs made sparse\nAB  - {PLAIN} {OTHER}\nER  - \n\n"
        f"TY  - CONF\nTI  - Savings for solvers\nAB  - {GRAPHS} {OTHER}\nER  - \n",
        encoding="utf-8")
    library = Library(home, seed=False)
    library.add(ris)
    results = library.search("graphs", complete_last=False)
    titled = [library.paper(pid).title for pid in results.ids()]
    assert titled == ["Spectral graphs made sparse", "Savings for solvers"]
