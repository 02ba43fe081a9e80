"""Reading paper lists: plain text, JSON, JSON Lines, BibTeX, CSV, and every bad-file case.

Expected values are worked out from the small files each test writes, never from the code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from index.ingest.formats import ListFormatError, detect_format, read_list, venue_and_year
from index.ingest.records import canonical_venue

from ..locations import SEED_FILES

ABSTRACT_A = "We study sparse attention for long documents and prove tight bounds on its error."
ABSTRACT_B = "Gradient descent with momentum converges faster on smooth convex problems, we show."
ABSTRACT_C = "A benchmark of one thousand robot manipulation tasks with soft grippers and cloth."


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def read_error(path: Path) -> ListFormatError:
    with pytest.raises(ListFormatError) as caught:
        read_list(path)
    return caught.value


# -- list titles -------------------------------------------------------------------------

@pytest.mark.parametrize("title, expected", [
    ("ICML 2026 Papers", ("ICML", 2026)),
    ("ICML 2026 论文列表", ("ICML", 2026)),
    ("NeurIPS 2024 accepted papers", ("NeurIPS", 2024)),
    ("Accepted papers of ICLR 2025", ("ICLR", 2025)),
    ("NeurIPS'25 accepted papers", ("NeurIPS", 2025)),  # a venue's short year
    ("Papers from ICML’99", ("ICML", 1999)),
    ("Neural Information Processing Systems papers", ("NeurIPS", None)),
    # Without a year a plain word is no venue: these were at "reading", "Bob", "s".
    ("My reading list", (None, None)),
    ("Interesting stuff from Bob", (None, None)),
    ("O'Neil's list", (None, None)),
])
def test_title_line_names_venue_and_year_in_any_language(title, expected):
    assert venue_and_year(title) == expected


@pytest.mark.parametrize("heading, title", [
    ("# NeurIPS 2025 Papers", "NeurIPS 2025 Papers"), ("**NeurIPS 2025**", "NeurIPS 2025")])
def test_a_markdown_heading_names_the_list_without_its_marks(tmp_path, heading, title):
    parsed = read_list(write(tmp_path, "list.md", f"{heading}\n\n{ABSTRACT_A}\n"))
    assert (parsed.title, parsed.venue, parsed.year) == (title, "NeurIPS", 2025)


def test_both_seed_files_are_icml_2026():
    for path in SEED_FILES:
        parsed = read_list(path)
        assert (parsed.venue, parsed.year) == ("ICML", 2026)
        assert parsed.format == "plain"
        # 20 blank-line paragraphs in each file: the title line and 19 abstracts.
        assert len(parsed.records) == 19
        assert parsed.skipped == []


# -- plain -------------------------------------------------------------------------------

def test_plain_tolerates_bom_crlf_trailing_spaces_and_blank_runs(tmp_path):
    text = ("\ufeffICML 2026 Papers   \r\n\r\n\r\n\r\n"
            f"{ABSTRACT_A}   \r\n\r\n   \r\n\r\n"
            f"{ABSTRACT_B}\t \r\n")
    parsed = read_list(write(tmp_path, "list.txt", text))
    assert parsed.title == "ICML 2026 Papers"
    assert (parsed.venue, parsed.year) == ("ICML", 2026)
    assert [r.abstract for r in parsed.records] == [ABSTRACT_A, ABSTRACT_B]
    assert [r.line for r in parsed.records] == [5, 9]
    assert all((r.venue, r.year) == ("ICML", 2026) for r in parsed.records)
    assert parsed.skipped == []


def test_plain_joins_the_lines_of_one_paragraph(tmp_path):
    first, second = ABSTRACT_A[:40].rstrip(), ABSTRACT_A[40:].lstrip()
    text = f"ICML 2026 Papers\n\n{first}\n{second}\n\n{ABSTRACT_B}\n"
    parsed = read_list(write(tmp_path, "list.txt", text))
    assert [r.abstract for r in parsed.records] == [f"{first} {second}", ABSTRACT_B]


def test_plain_chinese_title_line(tmp_path):
    parsed = read_list(write(tmp_path, "zh.txt", f"ICML 2026 论文列表\n\n{ABSTRACT_C}\n"))
    assert parsed.title == "ICML 2026 论文列表"
    assert (parsed.venue, parsed.year) == ("ICML", 2026)
    assert [r.abstract for r in parsed.records] == [ABSTRACT_C]


@pytest.mark.parametrize("first", [
    "强化学习是一种机器学习方法，智能体通过与环境交互来学习策略。",  # 30 letters, one sentence
    "We propose a method that learns policies faster than prior work on graphs.",
])
def test_plain_without_a_title_line_keeps_a_first_abstract_of_one_sentence(tmp_path, first):
    parsed = read_list(write(tmp_path, "mine.txt", f"{first}\n\n{ABSTRACT_C}\n"))
    assert [r.abstract for r in parsed.records] == [first, ABSTRACT_C]
    assert parsed.title == "mine"  # the file's name, as for a list with no title line


def test_plain_without_a_title_line_takes_no_venue_from_its_first_abstract(tmp_path):
    """A first line that is an abstract names no venue: its "namely 1DZorbFormer" is a
    method, and every paper was shown at the venue "DZorbFormer". A file named after a
    venue and a year gives them, as a structured list's name does."""
    first = ("Heatmap methods locate facial landmarks well. We propose a Transformer "
             "architecture, namely 1DZorbFormer, which learns 1D landmark representations.")
    parsed = read_list(write(tmp_path, "mine.txt", f"{first}\n\n{ABSTRACT_C}\n"))
    assert (parsed.venue, parsed.year) == (None, None)
    assert {(r.venue, r.year) for r in parsed.records} == {(None, None)}
    named = read_list(write(tmp_path, "ijcai2024.txt", f"{first}\n\n{ABSTRACT_C}\n"))
    assert (named.venue, named.year) == ("IJCAI", 2024)
    assert {(r.venue, r.year) for r in named.records} == {("IJCAI", 2024)}


def test_plain_title_lines_that_are_not_sentences_stay_titles(tmp_path):
    for title in ("My reading list", "Accepted papers.", "論文リスト 2026", "To read!"):
        parsed = read_list(write(tmp_path, "list.txt", f"{title}\n\n{ABSTRACT_C}\n"))
        assert parsed.title == title
        assert [r.abstract for r in parsed.records] == [ABSTRACT_C]


def test_plain_skips_paragraphs_too_short_to_be_abstracts_and_says_where(tmp_path):
    text = f"ICML 2026 Papers\n\n{ABSTRACT_A}\n\nToo short.\n\n{ABSTRACT_B}\n"
    parsed = read_list(write(tmp_path, "list.txt", text))
    assert [r.abstract for r in parsed.records] == [ABSTRACT_A, ABSTRACT_B]
    assert len(parsed.skipped) == 1
    assert "line 5" in parsed.skipped[0]


# -- JSON --------------------------------------------------------------------------------

def test_json_list_of_objects_maps_the_usual_fields_and_keeps_the_rest(tmp_path):
    items = [
        {"title": "Sparse Attention", "authors": ["Ada Lovelace", "Alan Turing"],
         "abstract": ABSTRACT_A, "venue": "NeurIPS", "year": 2024,
         "url": "https://example.org/a", "id": "a-1", "topic": "attention", "pages": 9},
        {"title": "Momentum", "authors": "Grace Hopper, Edsger Dijkstra",
         "abstract": ABSTRACT_B, "conference": "icml", "year": "2023",
         "paper_url": "https://example.org/b"},
    ]
    parsed = read_list(write(tmp_path, "papers.json", json.dumps(items)))
    assert parsed.format == "json"
    first, second = parsed.records
    assert first.title == "Sparse Attention"
    assert first.authors == ["Ada Lovelace", "Alan Turing"]
    assert first.abstract == ABSTRACT_A
    assert (first.venue, first.year) == ("NeurIPS", 2024)
    assert first.url == "https://example.org/a"
    assert first.source_id == "a-1"
    assert first.extra == {"topic": "attention", "pages": 9}
    assert second.authors == ["Grace Hopper", "Edsger Dijkstra"]
    assert (second.venue, second.year) == ("ICML", 2023)
    assert second.url == "https://example.org/b"
    assert second.extra == {}


def test_json_papers_wrapper(tmp_path):
    data = {"papers": [{"title": "Cloth", "abstract": ABSTRACT_C, "year": 2025}],
            "source": "hand-written"}
    parsed = read_list(write(tmp_path, "wrapped.json", json.dumps(data)))
    assert [(r.title, r.abstract, r.year) for r in parsed.records] == [
        ("Cloth", ABSTRACT_C, 2025)]


def test_json_skips_items_that_are_not_papers_and_says_which(tmp_path):
    items = [{"title": "Cloth", "abstract": ABSTRACT_C}, 42, {"authors": "Nobody"}]
    parsed = read_list(write(tmp_path, "mixed.json", json.dumps(items)))
    assert [r.title for r in parsed.records] == ["Cloth"]
    assert len(parsed.skipped) == 2
    assert "item 2" in parsed.skipped[0]
    assert "item 3" in parsed.skipped[1]


def test_a_list_gathered_over_venues_and_years_is_none_of_them(tmp_path):
    """A list's venue and year are what most of its papers say; where none has most (a
    dataset over ACL, EMNLP, NAACL and two decades), it has none, never its most common
    pair ("ACL 2020" for 2 papers of 5)."""
    def item(venue: str, year: int) -> dict:
        return {"title": f"A paper of {venue}", "venue": venue, "year": year,
                "abstract": "We study a question and answer it with a method of ours."}

    mixed = [item("ACL", 2020), item("ACL", 2019), item("EMNLP", 2020),
             item("NAACL", 2007), item("CoNLL", 2011)]
    parsed = read_list(write(tmp_path, "mixed.json", json.dumps(mixed)))
    assert (parsed.venue, parsed.year) == (None, None)
    assert [r.venue for r in parsed.records][:3] == ["ACL", "ACL", "EMNLP"]  # their own
    mostly = [item("AAAI", 2021), item("AAAI", 2020), item("AAAI", 2021), item("ACL", 2019)]
    parsed = read_list(write(tmp_path, "mostly.json", json.dumps(mostly)))
    assert (parsed.venue, parsed.year) == ("AAAI", None)  # 2021 is 2 of 4: not most


def test_icml2023_corpus_reads_every_record(icml2023_path):
    raw = json.loads(icml2023_path.read_text(encoding="utf-8"))
    parsed = read_list(icml2023_path)
    assert len(parsed.records) == len(raw) == 2020
    assert (parsed.venue, parsed.year) == ("ICML", 2023)
    assert parsed.records[0].title == raw[0]["title"]
    assert parsed.records[0].authors == raw[0]["authors"]
    assert parsed.records[0].source_id == raw[0]["id"]


# -- JSON Lines --------------------------------------------------------------------------

def test_json_lines(tmp_path):
    lines = [
        json.dumps({"title": "Sparse Attention", "abstract": ABSTRACT_A,
                    "authors": ["Ada Lovelace"], "venue": "NeurIPS", "year": 2024,
                    "url": "https://example.org/a", "id": "k1"}),
        "",
        json.dumps({"title": "Momentum", "abstract": ABSTRACT_B, "reviewer": "R2"}),
    ]
    parsed = read_list(write(tmp_path, "papers.jsonl", "\n".join(lines) + "\n"))
    assert parsed.format == "jsonl"
    assert [r.title for r in parsed.records] == ["Sparse Attention", "Momentum"]
    assert [r.line for r in parsed.records] == [1, 3]
    assert parsed.records[0].source_id == "k1"
    assert parsed.records[1].extra == {"reviewer": "R2"}


# -- BibTeX ------------------------------------------------------------------------------

BIB = r"""@inproceedings{lovelace2023,
  title = {Caf{\'e} Networks for {\"U}bersicht},
  author = {Lovelace, Ada and Alan Turing and G{\"o}del, Kurt},
  booktitle = {Proceedings of the 40th International Conference on Machine Learning},
  year = {2023},
  abstract = {We study sparse attention for long documents and prove tight bounds.},
  note = {Oral}
}

@article{hopper2024,
  title = {Momentum},
  author = {Grace Hopper},
  journal = {Journal of Machine Learning Research},
  year = 2024,
  abstract = {Gradient descent with momentum converges faster, we show here.}
}
"""


def test_bibtex_decodes_latex_splits_authors_and_knows_icml(tmp_path):
    parsed = read_list(write(tmp_path, "refs.bib", BIB))
    assert parsed.format == "bibtex"
    first, second = parsed.records
    assert first.title == "Café Networks for Übersicht"
    assert first.authors == ["Ada Lovelace", "Alan Turing", "Kurt Gödel"]  # one form (#13)
    assert (first.venue, first.year) == ("ICML", 2023)
    assert first.source_id == "lovelace2023"
    assert first.extra.get("note") == "Oral"
    assert first.line == 1
    assert second.authors == ["Grace Hopper"]
    assert second.year == 2024
    assert second.line == 10


def test_a_bibtex_proceedings_volume_is_no_paper(tmp_path):
    # As the ACL Anthology writes a volume's .bib: the volume first, then its papers.
    text = ('@proceedings{acl-2023-long,\n  title = "Proceedings of the 61st Annual Meeting '
            'of the Association for Computational Linguistics (Volume 1: Long Papers)",\n'
            '  year = "2023",\n  publisher = "Association for Computational Linguistics",\n}\n'
            '@inproceedings{wang-etal-2023-self,\n  title = "Self-Instruct",\n'
            '  author = "Wang, Yizhong",\n  booktitle = "Proceedings of the 61st Annual '
            'Meeting of the Association for Computational Linguistics",\n  year = "2023",\n'
            f'  abstract = "{ABSTRACT_A}",\n}}\n'
            '@book{with-abstract,\n  title = "A Book on Attention",\n  year = "2022",\n'
            f'  abstract = "{ABSTRACT_B}",\n}}\n')
    parsed = read_list(write(tmp_path, "acl.bib", text))
    assert [r.title for r in parsed.records] == ["Self-Instruct", "A Book on Attention"]
    assert parsed.records[0].venue == "ACL"
    assert parsed.skipped == [
        "entry acl-2023-long: a whole proceedings volume, not a paper"]


# The ACL Anthology's booktitles: its chapters, journal and Findings all name "the
# Association for Computational Linguistics", and were all filed under ACL.
@pytest.mark.parametrize("booktitle, venue", [
    ("Proceedings of the 61st Annual Meeting of the Association for Computational "
     "Linguistics (Volume 1: Long Papers)", "ACL"),
    ("Findings of the Association for Computational Linguistics: EMNLP 2023",
     "EMNLP Findings"),
    ("Findings of the Association for Computational Linguistics: ACL 2023", "ACL Findings"),
    ("Proceedings of the 2024 Conference of the North American Chapter of the Association "
     "for Computational Linguistics: Human Language Technologies (Volume 1: Long Papers)",
     "NAACL"),
    ("Proceedings of the 18th Conference of the European Chapter of the Association for "
     "Computational Linguistics (Volume 1: Long Papers)", "EACL"),
    ("Proceedings of the 13th International Joint Conference on Natural Language Processing "
     "and the 3rd Conference of the Asia-Pacific Chapter of the Association for "
     "Computational Linguistics (Volume 1: Long Papers)", "AACL"),
    ("Transactions of the Association for Computational Linguistics", "TACL"),
    ("Proceedings of the 29th International Conference on Computational Linguistics",
     "COLING"),
    ("Proceedings of the 27th Conference on Computational Natural Language Learning (CoNLL)",
     "CoNLL"),
    ("Proceedings of the 2023 Conference on Empirical Methods in Natural Language "
     "Processing", "EMNLP"),
    ("Computational Linguistics", "Computational Linguistics"),  # the journal, as named
])
def test_the_acl_anthologys_venues_are_told_apart(tmp_path, booktitle, venue):
    text = (f'@inproceedings{{doe-2023-x,\n  title = "A Paper",\n  author = "Doe, Jane",\n'
            f'  booktitle = "{booktitle}",\n  year = "2023",\n  abstract = "{ABSTRACT_A}",\n}}\n')
    [record] = read_list(write(tmp_path, "anthology.bib", text)).records
    assert record.venue == venue
    if venue != booktitle:  # a citation still names the proceedings as the source did
        assert record.extra["venue_as_given"] == booktitle


@pytest.mark.parametrize("given, venue", [
    ("Proceedings of the IEEE/CVF Winter Conference on Applications of Computer Vision "
     "(WACV)", "WACV"),
    ("ICASSP 2023 - 2023 IEEE International Conference on Acoustics, Speech and Signal "
     "Processing (ICASSP)", "ICASSP"),
    ("Proceedings of the 46th International ACM SIGIR Conference on Research and "
     "Development in Information Retrieval", "SIGIR"),
    ("Proceedings of the ACM Web Conference 2023", "WWW"),
    ("Proceedings of the 2023 ACM Conference on Fairness, Accountability, and Transparency",
     "FAccT"),
    ("2023 IEEE/RSJ International Conference on Intelligent Robots and Systems (IROS)",
     "IROS"),
    ("Proceedings of the 2023 SIAM International Conference on Data Mining (SDM)", "SDM"),
    ("2023 IEEE International Conference on Data Mining (ICDM)", "ICDM"),
    ("INTERSPEECH", "Interspeech"),
    ("Proceedings of The 13th Asian Conference on Machine Learning", "ACML"),
    ("Proceedings of The 36th International Conference on Algorithmic Learning Theory",
     "ALT"),
    ("2025 International Conference on 3D Vision (3DV)", "3DV"),
    ("Proceedings of the Second International Conference on Automated Machine Learning",
     "AutoML"),
    ("Proceedings of Robotics: Science and Systems", "RSS"),
    ("Robotics: Science and Systems XIX", "RSS"),
    ("A Workshop on Something New", "A Workshop on Something New"),  # unknown: as written
])
def test_other_venues_long_names_are_their_short_ones(given, venue):
    assert canonical_venue(given) == venue


# -- CSV ---------------------------------------------------------------------------------

def test_csv_header_in_any_case(tmp_path):
    text = ("TITLE,Abstract,AuThOrS,Year,Venue,URL\n"
            f'Sparse Attention,"{ABSTRACT_A}","Ada Lovelace, Alan Turing",2024,NeurIPS,'
            "https://example.org/a\n"
            f'Momentum,"{ABSTRACT_B}",Grace Hopper,2023,ICML,\n')
    parsed = read_list(write(tmp_path, "papers.csv", text))
    assert parsed.format == "csv"
    first, second = parsed.records
    assert first.title == "Sparse Attention"
    assert first.abstract == ABSTRACT_A
    assert first.authors == ["Ada Lovelace", "Alan Turing"]
    assert (first.venue, first.year, first.url) == ("NeurIPS", 2024, "https://example.org/a")
    assert (second.title, second.venue, second.year) == ("Momentum", "ICML", 2023)
    assert [r.line for r in parsed.records] == [2, 3]


@pytest.mark.parametrize("name", ["papers.tsv", "papers.csv"])
def test_csv_tab_separated(tmp_path, name):
    text = f"title\tabstract\tyear\nCloth\t{ABSTRACT_C}\t2025\nMomentum\t{ABSTRACT_B}\t2023\n"
    parsed = read_list(write(tmp_path, name, text))
    assert [(r.title, r.abstract, r.year) for r in parsed.records] == [
        ("Cloth", ABSTRACT_C, 2025), ("Momentum", ABSTRACT_B, 2023)]


def test_csv_without_title_or_abstract_column_names_file_and_line_1(tmp_path):
    path = write(tmp_path, "papers.csv", "name,summary2,year\nx,y,2024\n")
    error = read_error(path)
    assert error.line == 1
    assert str(error).startswith(f"{path}:1:")
    assert "title" in error.problem and "abstract" in error.problem


# -- bad files ---------------------------------------------------------------------------

def assert_names_file(error: ListFormatError, path: Path, *words: str) -> None:
    message = str(error)
    assert message.startswith(str(path))
    assert "\n" not in message
    for word in words:
        assert word in message.lower()


@pytest.mark.parametrize("name, content, words", [
    ("empty.txt", b"", ("empty",)),
    ("blank.txt", b"  \n\n \r\n", ("empty",)),
    ("empty.json", b"", ("empty",)),
    ("header-only.txt", b"ICML 2026 Papers\n\n\n", ("title", "no abstracts")),
    ("binary.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", ("binary",)),
    ("nothing.json", b"[]", ("no papers",)),
    ("object.json", b'{"a": 1}', ("expected a json list",)),
])
def test_bad_file_message_names_file_and_problem(tmp_path, name, content, words):
    path = write(tmp_path, name, content)
    assert_names_file(read_error(path), path, *words)


def test_non_utf8_gives_line_and_column_of_the_bad_byte(tmp_path):
    # Line 3, after "ok " (3 characters): column 4.
    path = write(tmp_path, "latin1.txt", b"ICML 2026 Papers\n\nok \xe9t\xe9 is Latin-1\n")
    error = read_error(path)
    assert (error.line, error.column) == (3, 4)
    assert str(error).startswith(f"{path}:3:4:")
    assert "utf-8" in error.problem.lower()


def test_truncated_json_gives_line_and_column(tmp_path):
    second_line = ' {"title": "Momentum", "abstract": '
    path = write(tmp_path, "cut.json", f'[{{"title": "Cloth", "abstract": "x"}},\n{second_line}')
    error = read_error(path)
    # The value is missing right after the last character of line 2.
    assert (error.line, error.column) == (2, len(second_line) + 1)
    assert str(error).startswith(f"{path}:2:{len(second_line) + 1}:")
    assert "json" in error.problem.lower()


def test_bad_json_line_gives_its_line_number(tmp_path):
    good = json.dumps({"title": "Cloth", "abstract": ABSTRACT_C})
    path = write(tmp_path, "cut.jsonl", f"{good}\n{good}\n{{\"title\": \n")
    error = read_error(path)
    assert error.line == 3
    assert str(error).startswith(f"{path}:3:")


def test_malformed_bibtex_entry_gives_its_line(tmp_path):
    good = "@article{ok,\n  title = {Momentum},\n  abstract = {Gradient descent, shown.}\n}\n\n"
    bad = "@article{broken\n  title = {No comma after the key},\n}\n"
    path = write(tmp_path, "refs.bib", good + bad)
    error = read_error(path)
    assert error.line == 6  # the good entry is lines 1-4, a blank line, then the bad one
    assert str(error).startswith(f"{path}:6:")
    assert "bibtex" in error.problem.lower()


def test_malformed_bibtex_message_says_what_is_wrong(tmp_path):
    path = write(tmp_path, "refs.bib", "@article{broken\n  title = {No comma},\n}\n")
    error = read_error(path)
    assert not error.problem.rstrip().endswith(":")
    assert "comma" in error.problem.lower()


def test_csv_row_with_too_many_fields_gives_its_line(tmp_path):
    text = (f'title,abstract\nCloth,"{ABSTRACT_C}"\nMomentum,"{ABSTRACT_B}"\n'
            f'Sparse,"{ABSTRACT_A}",surplus\n')
    path = write(tmp_path, "papers.csv", text)
    error = read_error(path)
    assert error.line == 4
    assert str(error).startswith(f"{path}:4:")
    assert "fields" in error.problem


def test_directory_is_not_a_list(tmp_path):
    path = tmp_path / "lists.txt"
    path.mkdir()
    assert_names_file(read_error(path), path, "directory")


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.json"
    assert_names_file(read_error(path), path, "no such file")


# -- detection ---------------------------------------------------------------------------

@pytest.mark.parametrize("name, fmt", [
    ("a.json", "json"), ("a.JSONL", "jsonl"), ("a.ndjson", "jsonl"), ("a.bib", "bibtex"),
    ("a.csv", "csv"), ("a.tsv", "csv"), ("a.txt", "plain"), ("a.md", "plain"),
])
def test_detect_format_by_extension(name, fmt):
    # Content that fits no other format: the extension decides.
    assert detect_format(Path(name), "ICML 2026 Papers\n\n" + ABSTRACT_A) == fmt


@pytest.mark.parametrize("name", ["a.txt", "a.md", "a", "a.list"])
@pytest.mark.parametrize(("content", "fmt"), [
    ('[{"title": "x", "abstract": "y"}]', "json"),
    ('{"title": "x"}\n{"title": "y"}\n', "jsonl"),
    ("@inproceedings{doe24,\n  title = {X},\n}\n", "bibtex"),
    ("title,abstract\nX,Y\n", "csv"),
])
def test_content_decides_before_the_extension(name, content, fmt):
    """A JSON, BibTeX or CSV list saved as .txt is read as what it is, not as paragraphs
    of a plain list (it used to become records whose abstract was the raw entry)."""
    assert detect_format(Path(name), content) == fmt


def test_json_lines_saved_as_json_are_read_as_json_lines(tmp_path):
    lines = [json.dumps({"title": t, "abstract": a})
             for t, a in (("Cloth", ABSTRACT_C), ("Momentum", ABSTRACT_B))]
    parsed = read_list(write(tmp_path, "lines.json", "\n".join(lines) + "\n"))
    assert parsed.format == "jsonl"
    assert [r.title for r in parsed.records] == ["Cloth", "Momentum"]


@pytest.mark.parametrize("content, fmt, titles", [
    (json.dumps([{"title": "Cloth", "abstract": ABSTRACT_C}]), "json", ["Cloth"]),
    (json.dumps({"title": "Cloth", "abstract": ABSTRACT_C}) + "\n"
     + json.dumps({"title": "Momentum", "abstract": ABSTRACT_B}) + "\n", "jsonl",
     ["Cloth", "Momentum"]),
    ("% exported\n@article{c, title={Cloth}, abstract={" + ABSTRACT_C + "}}\n", "bibtex",
     ["Cloth"]),
    ("ICML 2024 Papers\n\n" + ABSTRACT_C + "\n", "plain", [None]),
])
@pytest.mark.parametrize("suffix", [".dat", ""])
def test_detect_format_by_content_for_unknown_extensions(tmp_path, content, fmt, titles,
                                                         suffix):
    parsed = read_list(write(tmp_path, f"export{suffix}", content))
    assert parsed.format == fmt
    assert [r.title for r in parsed.records] == titles


def test_detect_csv_by_content_for_unknown_extension(tmp_path):
    text = (f'title,abstract,year\nCloth,"{ABSTRACT_C}",2025\n'
            f'Momentum,"{ABSTRACT_B}",2023\n')
    parsed = read_list(write(tmp_path, "export.dat", text))
    assert parsed.format == "csv"
    assert [r.title for r in parsed.records] == ["Cloth", "Momentum"]


def test_a_single_paper_object_is_one_paper_not_a_list_of_its_authors(tmp_path):
    """`{"title": ..., "authors": [...]}` alone in a file: its authors array used to be
    taken as the list ("4 records skipped: item 1: not an object")."""
    paper = {"title": "Cloth", "authors": ["Ada Lovelace", "Alan Turing", "Grace Hopper"],
             "abstract": ABSTRACT_C, "year": 2024}
    parsed = read_list(write(tmp_path, "one.json", json.dumps(paper)))
    assert [(r.title, r.authors) for r in parsed.records] == [("Cloth", paper["authors"])]
    assert parsed.skipped == []
    wrapped = {"count": 2, "tags": ["a", "b"], "papers": [paper, {**paper, "title": "Two"}]}
    parsed = read_list(write(tmp_path, "wrapped.json", json.dumps(wrapped)))
    assert [r.title for r in parsed.records] == ["Cloth", "Two"]
