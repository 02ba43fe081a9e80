"""Journal articles are cited as articles, in the journal the source named, and the
volume, issue, pages, series and publisher a source gives reach every citation format
(output/publication.py)."""

from __future__ import annotations

import json
import shutil

import pytest

from index import Library

from .test_bibtex_builds import build

ABSTRACT = ("We study the alpha-divergence between Gaussian mixtures and show that its "
            "gradient admits a closed form under mild assumptions on the components.")
ZOTERO_BIB = """
@article{muller_alpha_2024,
	title = {Alpha-Divergences for {Mixture} {Models}},
	volume = {5},
	number = {3},
	journal = {Transactions on Machine Learning Research},
	author = {M{\\"u}ller, J{\\"o}rg and Roe, Richard},
	year = {2024},
	pages = {1--20},
	abstract = {ABSTRACT},
}

@inproceedings{li_graphcleaner_2023,
	series = {Proceedings of {Machine} {Learning} {Research}},
	title = {{GraphCleaner}: {Detecting} {Mislabelled} {Samples}},
	volume = {202},
	booktitle = {Proceedings of the 40th {International} {Conference} on {Machine} {Learning}},
	publisher = {PMLR},
	author = {Li, Yuwen and Hooi, Bryan},
	year = {2023},
	pages = {20195--20209},
	abstract = {We explore mislabelling issues in popular real-world graph datasets and propose GraphCleaner, a post-hoc method to detect and correct these mislabelled nodes.},
}
""".replace("ABSTRACT", ABSTRACT)
RIS = """TY  - JOUR
TI  - Sparse Maps for Attention
AU  - Turing, Alan
JO  - Journal of Machine Learning Research
PY  - 2021
VL  - 22
IS  - 7
SP  - 101
EP  - 130
AB  - The alpha-entmax mapping gives sparse attention weights; we tune its alpha and show gains on translation benchmarks over softmax.
""" + "ER  - \n"
CSL = [{"id": "hopper2020", "type": "article-journal", "title": "Learning Rate Schedules",
        "container-title": "Nature Machine Intelligence", "volume": "2", "issue": "4",
        "page": "210-219", "author": [{"family": "Hopper", "given": "Grace"}],
        "issued": {"date-parts": [[2020]]},
        "abstract": "A schedule for the step size of SGD with warm restarts, compared on "
                    "image classification benchmarks against cosine decay."}]
SHORT_NAMED = [{"title": "Kernels Everywhere", "authors": ["Ada Lovelace"], "venue": "TMLR",
                "year": 2023,
                "abstract": "Kernel methods revisited: we show random features match neural "
                            "networks on tabular benchmarks at a fraction of the cost."}]


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    home = tmp_path_factory.mktemp("publication")
    (home / "zotero.bib").write_text(ZOTERO_BIB, encoding="utf-8")
    (home / "jmlr.ris").write_text(RIS, encoding="utf-8")
    (home / "csl.json").write_text(json.dumps(CSL), encoding="utf-8")
    (home / "short.json").write_text(json.dumps(SHORT_NAMED), encoding="utf-8")
    with Library(home / "home", seed=False) as library:
        for name in ("zotero.bib", "jmlr.ris", "csl.json", "short.json"):
            library.add(home / name)
        yield library


def paper(library: Library, words: str):
    [card] = library.search(words, complete_last=False).cards()
    return library.paper(card.id)


def entry(library: Library, words: str) -> tuple[str, str, dict[str, str]]:
    """(entry type, key, fields) of the paper's BibTeX, read back by bibtexparser."""
    import bibtexparser

    [parsed] = bibtexparser.parse_string(
        library.cite([paper(library, words)], "bibtex")).entries
    return parsed.entry_type, parsed.key, {f.key: str(f.value) for f in parsed.fields}


def test_a_bibtex_article_stays_an_article_in_its_journal(library):
    kind, key, fields = entry(library, "alpha divergences mixture")
    assert (kind, key) == ("article", "muller_alpha_2024")
    assert fields["journal"] == "Transactions on Machine Learning Research"
    assert (fields["volume"], fields["number"], fields["pages"]) == ("5", "3", "1--20")
    assert "booktitle" not in fields


def test_proceedings_keep_volume_series_pages_and_publisher(library):
    kind, key, fields = entry(library, "graphcleaner")
    assert (kind, key) == ("inproceedings", "li_graphcleaner_2023")
    assert fields["booktitle"] == \
        "Proceedings of the 40th International Conference on Machine Learning"
    assert (fields["volume"], fields["series"], fields["pages"], fields["publisher"]) == (
        "202", "Proceedings of Machine Learning Research", "20195--20209", "PMLR")


def test_ris_and_csl_journal_articles_are_articles(library):
    kind, _, fields = entry(library, "sparse maps attention")
    assert kind == "article"
    assert (fields["journal"], fields["volume"], fields["number"], fields["pages"]) == (
        "Journal of Machine Learning Research", "22", "7", "101--130")
    kind, _, fields = entry(library, "learning rate schedules")
    assert kind == "article"
    assert (fields["journal"], fields["volume"], fields["number"], fields["pages"]) == (
        "Nature Machine Intelligence", "2", "4", "210--219")


def test_a_journal_named_by_its_short_name_is_spelled_out(library):
    kind, _, fields = entry(library, "kernels everywhere")
    assert (kind, fields["journal"]) == ("article", "Transactions on Machine Learning Research")


def test_references_name_the_journal_volume_issue_and_pages(library):
    [apa] = library.cite([paper(library, "alpha divergences mixture")], "apa").splitlines()
    assert "Transactions on Machine Learning Research, 5(3), 1–20" in apa
    [ieee] = library.cite([paper(library, "graphcleaner")], "apa",
                          style="ieee").splitlines()
    assert "Proceedings of Machine Learning Research, vol. 202" in ieee
    assert "pp. 20195–20209" in ieee


def test_exports_say_the_same(library, tmp_path):
    article = paper(library, "sparse maps attention")
    ris = library.export_text([article], "ris")
    assert ris.startswith("TY  - JOUR\n")
    for line in ("T2  - Journal of Machine Learning Research", "VL  - 22", "IS  - 7",
                 "SP  - 101", "EP  - 130"):
        assert line in ris.splitlines()
    [item] = json.loads(library.export_text([paper(library, "learning rate schedules")],
                                            "csl-json"))
    assert (item["type"], item["container-title"], item["volume"], item["issue"],
            item["page"]) == ("article-journal", "Nature Machine Intelligence", "2", "4",
                              "210-219")


@pytest.mark.skipif(not (shutil.which("pdflatex") and shutil.which("bibtex")),
                    reason="pdflatex and bibtex are not installed: the build is not checked")
def test_articles_and_proceedings_build_without_warnings(library, tmp_path):
    papers = library.store.papers()
    text = library.cite(papers, "bibtex")
    assert text.count("@article{") == 4 and text.count("@inproceedings{") == 1
    assert build(text, tmp_path) == ([], [], len(papers))
