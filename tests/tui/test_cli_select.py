"""`papers export` and `papers cite` with the selectors of #13 (--tag, --query, --list,
--all, ids) and CSL styles by name (--style)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from index import Library

FIXTURES = Path(__file__).parents[1] / "ingest" / "fixtures"


@pytest.fixture
def home_with_lists(seeded_home):
    with Library(seeded_home) as library:
        library.add(FIXTURES / "zotero.ris")
        library.add(FIXTURES / "arxiv.atom.xml")
    return seeded_home


def exported(run_cli, home, *args) -> list[dict]:
    code, out, err = run_cli("--data-dir", home, "export", *args, "--format", "jsonl")
    assert (code, err) == (0, ""), err
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_export_a_list_in_its_order(home_with_lists, run_cli):
    rows = exported(run_cli, home_with_lists, "--list", "arxiv.atom")
    assert [r["title"] for r in rows] == [
        "Attention Is All You Need",
        "Generative Flows on Discrete State-Spaces: Enabling Multimodal Flows with "
        "Applications to Protein Co-Design",
        "Deep Residual Learning for Image Recognition"]
    assert rows[0]["arxiv_id"] == "1706.03762"


def test_export_a_query_everything_and_a_tag(home_with_lists, run_cli):
    rows = exported(run_cli, home_with_lists, "--query", "title:residual")
    # The preprint (2015) and the CVPR paper (2016): no id joins them.
    assert sorted((r["title"], r["year"]) for r in rows) == [
        ("Deep Residual Learning for Image Recognition", 2015),
        ("Deep Residual Learning for Image Recognition", 2016)]
    everything = exported(run_cli, home_with_lists, "--all")
    with Library(home_with_lists) as library:
        assert len(everything) == library.count() == 33 + 4
        pid = everything[0]["id"]
        library.tag([pid], ["mine"])
    assert [r["id"] for r in exported(run_cli, home_with_lists, "--tag", "mine")] == [pid]


def test_export_needs_one_selector_and_says_what_selected_nothing(home_with_lists, run_cli,
                                                                  capsys):
    from tui.cli import main

    for args, problem in ((["--format", "ris"], "one of the arguments --tag --query --list "
                                                "--all is required"),
                          (["--tag", "a", "--all"], "not allowed with")):
        with pytest.raises(SystemExit) as exited:
            main(["--data-dir", str(home_with_lists), "export", *args])
        assert exited.value.code == 2 and problem in capsys.readouterr().err
    code, out, err = run_cli("--data-dir", home_with_lists, "export", "--list", "nope")
    assert (code, out) == (1, "") and "no list named 'nope'" in err
    code, out, err = run_cli("--data-dir", home_with_lists, "export", "--query", "zzqqxx")
    assert (code, out) == (1, "") and "no papers match 'zzqqxx'" in err


def test_export_writes_ris_to_a_file(home_with_lists, run_cli, tmp_path):
    target = tmp_path / "out.ris"
    code, out, err = run_cli("--data-dir", home_with_lists, "export", "--list", "zotero",
                             "--format", "ris", "-o", target)
    assert code == 0 and "wrote 2 papers" in out
    assert target.read_text().count("TY  - CONF") == 2


def test_cite_takes_ids_and_selectors_together(home_with_lists, run_cli):
    with Library(home_with_lists) as library:
        seed = library.store.listed("icml2026_papers")[0]
    code, out, err = run_cli("--data-dir", home_with_lists, "cite", seed, "--list", "zotero")
    assert code == 0, err
    assert out.count("@inproceedings{") + out.count("@misc{") == 3
    assert "@inproceedings{vaswani2017attention," in out


def test_cite_in_a_named_csl_style(home_with_lists, run_cli):
    code, out, err = run_cli("--data-dir", home_with_lists, "cite", "--list", "zotero",
                             "--style", "ieee")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("[1] A. Vaswani, N. Shazeer, and N. Parmar, “Attention Is All "
                               "You Need”")
    assert lines[1].startswith("[2] K. He")
    code, apa, _ = run_cli("--data-dir", home_with_lists, "cite", "--list", "zotero",
                           "--format", "apa")
    assert apa.splitlines()[0].startswith("Vaswani, A., Shazeer, N., & Parmar, N. (2017).")


def test_an_unknown_style_is_one_line_naming_it(home_with_lists, run_cli):
    code, out, err = run_cli("--data-dir", home_with_lists, "cite", "--all", "--style",
                             "../../etc/passwd")
    assert (code, out) == (1, "")
    assert err.startswith("papers: unknown citation style '../../etc/passwd'; e.g. apa")
    code, _, err = run_cli("--data-dir", home_with_lists, "cite", "--all", "--style", "ieee",
                           "--format", "bibtex")
    assert code == 1 and "--style" in err
