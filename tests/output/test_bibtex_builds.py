"""BibTeX that LaTeX builds (#13): every paper of the bundled lists, the #13 fixtures and,
when present, the four ICML lists in ../shared/corpora/, cited in one document
(`\\nocite{*}`, pdflatex + bibtex, T1 fonts, utf8 input, amsmath): no LaTeX errors and no
BibTeX warnings. Skipped, saying why, where pdflatex or bibtex is not installed
(.ci/run installs them)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from index import Library

from ..locations import CORPORA

ICML = [CORPORA / f"icml{year}.json" for year in (2020, 2021, 2022, 2023)]
FIXTURES = Path(__file__).parents[1] / "ingest" / "fixtures"
DOCUMENT = r"""\documentclass{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{amsmath}
\begin{document}
\nocite{*}
\bibliographystyle{plain}
\bibliography{refs}
\end{document}
"""

pytestmark = pytest.mark.skipif(
    not (shutil.which("pdflatex") and shutil.which("bibtex")),
    reason="pdflatex and bibtex are not installed (apt-get install texlive-latex-base "
           "texlive-fonts-recommended); the BibTeX build is not checked")


def run(tool: str, *args: str, cwd: Path) -> str:
    done = subprocess.run([tool, *args], cwd=cwd, capture_output=True, timeout=600,
                          stdin=subprocess.DEVNULL)
    return done.stdout.decode("utf-8", "replace")


def build(bib: str, where: Path) -> tuple[list[str], list[str], int]:
    """(LaTeX errors, BibTeX warnings, bibliography items) of a document citing `bib`."""
    (where / "refs.bib").write_text(bib, encoding="utf-8")
    (where / "doc.tex").write_text(DOCUMENT)
    flags = ("-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape")
    run("pdflatex", *flags, "doc.tex", cwd=where)
    bibtex_log = run("bibtex", "doc", cwd=where)
    log = ""
    for _ in range(2):
        log = run("pdflatex", *flags, "doc.tex", cwd=where)
    errors = [line for line in log.splitlines() if line.startswith("!")]
    warnings = [line for line in bibtex_log.splitlines()
                if line.startswith("Warning--") or "error message" in line]
    items = (where / "doc.bbl").read_text("utf-8", "replace").count(r"\bibitem") \
        if (where / "doc.bbl").exists() else 0
    return errors, warnings, items


@pytest.fixture(scope="module")
def everything(tmp_path_factory):
    home = tmp_path_factory.mktemp("build-home")
    with Library(home) as library:
        for path in sorted(FIXTURES.iterdir()):
            library.add(path)
        present = [path for path in ICML if path.is_file()]
        for path in present:
            library.add(path)
        yield library, present


def test_every_paper_builds_without_errors_or_warnings(everything, tmp_path):
    library, present = everything
    if len(present) < len(ICML):
        print(f"only {len(present)} of the four ICML lists are in {CORPORA}")
    papers = library.store.papers()
    assert len(papers) > 33 + 2000 * len(present) // 2
    errors, warnings, items = build(library.cite(papers, "bibtex"), tmp_path)
    print(f"pdflatex + bibtex: {len(papers)} entries, {items} built, "
          f"{len(errors)} LaTeX errors, {len(warnings)} BibTeX warnings")
    assert errors == []
    assert warnings == []
    assert items == len(papers)
    assert (tmp_path / "doc.pdf").stat().st_size > 10_000


def test_source_math_and_keys_survive_into_the_document(everything, tmp_path):
    library, present = everything
    papers = [p for p in library.store.papers()
              if "Tracking Everything" in p.title or "\\natural" in p.extra.get("title_source", "")]
    text = library.cite(papers, "bibtex")
    assert r"{$\mathcal{O}(n)$}" in text
    if present:
        # ICML 2023's title as written, not "{L-/L{\textasciicircum}{\natural}-Convex}".
        assert r"{$\text{L}$}-/{$\text{L}^\natural$}-Convex Function" in text
    errors, warnings, items = build(text, tmp_path)
    assert (errors, warnings, items) == ([], [], len(papers))


def test_a_bib_lists_own_keys_are_kept(tmp_path):
    bib = tmp_path / "mine.bib"
    bib.write_text("@inproceedings{doe24,\n  title = {A Study of $\\sqrt{n}$ Things},\n"
                   "  author = {Doe, Jane and Roe, Richard},\n  booktitle = {Proceedings of "
                   "the 41st International Conference on Machine Learning},\n  year = {2024},\n"
                   "  abstract = {We study things and find that they scale as the root.}\n}\n")
    with Library(tmp_path / "home", seed=False) as library:
        library.add(bib)
        text = library.cite(library.store.papers(), "bibtex")
    assert text.startswith("@inproceedings{doe24,")
    assert r"{$\sqrt{n}$}" in text
    assert "Jane Doe and Richard Roe" in text
    errors, warnings, items = build(text, tmp_path)
    assert (errors, warnings, items) == ([], [], 1)


def test_math_alphabets_amsmath_lacks_still_build(tmp_path):
    """A title's "$\\mathbb{R}^d$" kept as written, or its ℝ encoded, is \\mathbb, which
    amsmath alone does not define (amsfonts does), nor \\mathscr (mathrsfs): the .bib
    provides a stand-in that a document loading those packages never sees."""
    bib = tmp_path / "mine.bib"
    bib.write_text("@inproceedings{doe23,\n  title = {Zorbing Points in $\\mathbb{R}^d$ and "
                   "$\\mathscr{F}$},\n  author = {Doe, Jane},\n  booktitle = {Proceedings of "
                   "the Conference on Learning Theory},\n  year = {2023},\n  abstract = {We "
                   "prove that random points in $\\R^d$ lie on a common ellipsoid, up to "
                   "logarithmic factors.}\n}\n", encoding="utf-8")
    (tmp_path / "zorb.txt").write_text(
        "Zorb list 2023\n\nWe study sets of points in ℝᵈ and prove that almost all of them "
        "lie on a common zorboid, settling an open conjecture up to logarithmic factors.\n",
        encoding="utf-8")
    with Library(tmp_path / "home", seed=False) as library:
        library.add(bib)
        library.add(tmp_path / "zorb.txt")
        text = library.cite(library.store.papers(), "bibtex")
    assert r"{$\mathbb{R}^d$}" in text and r"{$\mathscr{F}$}" in text
    errors, warnings, items = build(text, tmp_path)
    assert (errors, warnings, items) == ([], [], 2)


def test_a_bib_titles_own_braces_keep_its_words_as_written(tmp_path):
    """"{Gaussian}", "{L}ipschitz" in a source .bib protect the author's capitals from
    styles that lowercase titles (plain.bst printed "the gaussian ellipsoid"); a macro's
    argument is no such group."""
    bib = tmp_path / "mine.bib"
    bib.write_text("@inproceedings{doe23,\n  title = {Zorbing the {Gaussian} Ellipsoid for "
                   "{L}ipschitz \\emph{Bandits} and $\\mathcal{O}(n)$ {Erd\\H{o}s} Graphs},\n"
                   "  author = {Doe, Jane},\n  booktitle = {Proceedings of the Conference on "
                   "Learning Theory},\n  year = {2023},\n  abstract = {We prove that random "
                   "points lie on a common ellipsoid, up to logarithmic factors.}\n}\n",
                   encoding="utf-8")
    with Library(tmp_path / "home", seed=False) as library:
        library.add(bib)
        text = library.cite(library.store.papers(), "bibtex")
    assert ("Zorbing the {Gaussian} Ellipsoid for {L}ipschitz Bandits and "
            r"{$\mathcal{O}(n)$} {Erd{\H{o}}s} Graphs") in text
    errors, warnings, items = build(text, tmp_path)
    assert (errors, warnings, items) == ([], [], 1)
    bbl = (tmp_path / "doc.bbl").read_text(encoding="utf-8")
    assert "{Gaussian}" in " ".join(bbl.split()) and "{L}ipschitz" in bbl


def test_sub_and_superscript_letters_are_math_again(tmp_path):
    """Rendering writes "$\\mathbb{R}^d$" as "ℝᵈ" and "$x_r$" as "xᵣ", and lists give such
    titles: cited, the letters are math again, not pdflatex's missing-glyph mark."""
    (tmp_path / "zorb.json").write_text(json.dumps([
        {"title": "Zorbing Points in ℝᵈ with Weights xᵣ and wᵅ", "abstract": "We study sets "
         "of points and prove that most of them lie on a common zorboid, settling an open "
         "conjecture up to logarithmic factors."}]), encoding="utf-8")
    with Library(tmp_path / "home", seed=False) as library:
        library.add(tmp_path / "zorb.json")
        text = library.cite(library.store.papers(), "bibtex")
    assert "papersunicode" not in text
    assert r"{\ensuremath{^{d}}}" in text and r"x{\ensuremath{_{r}}}" in text
    errors, warnings, items = build(text, tmp_path)
    assert (errors, warnings, items) == ([], [], 1)
