"""The real-terminal typing benchmark names the library it typed in by its size: a home
given with `--home` is labelled with how many papers it holds (a home of the seeds once
passed for ICML 2023 in a README figure)."""

from __future__ import annotations

from benchmarks.typing_run import _home_label


def test_a_given_home_is_labelled_with_its_paper_count(seeded_home):
    assert _home_label(seeded_home) == f"{seeded_home} (33 papers)"


def test_an_empty_home_says_it_holds_none(tmp_path):
    assert _home_label(tmp_path / "empty") == f"{tmp_path / 'empty'} (0 papers)"


def test_the_queries_given_are_the_ones_typed(seeded_home, monkeypatch):
    """`--queries` replaces the default queries, in the order given (a query that narrows
    the list below its rows is typed only when asked for)."""
    import benchmarks.typing_run as typing

    typed = []

    def fake_run(home, rounds, queries=typing.QUERIES, **_options):
        typed.append(queries)
        return {}

    monkeypatch.setattr(typing, "typing_run", fake_run)
    monkeypatch.setattr(typing, "compile_bytecode", lambda *_paths: None)
    monkeypatch.setattr(typing, "report", lambda _result: "")
    monkeypatch.setattr(typing.shutil, "which", lambda _tool: "/usr/bin/tmux")
    typing.main(["--home", str(seeded_home), "--queries", "neural collapse", "conformal"])
    typing.main(["--home", str(seeded_home)])
    assert typed == [("neural collapse", "conformal"), typing.QUERIES]
