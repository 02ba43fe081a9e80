"""Field names as exports spell them: "Paper Title", "paper_title", "abstractText",
Zotero's CSV columns ("Abstract Note", "Publication Title", "Publication Year"),
BibLaTeX's journaltitle. Each file is written here; the values expected are its own."""

from __future__ import annotations

import csv
import io
import json

import pytest

from index.ingest.formats import ListFormatError, read_list

TITLE = "Sparse Attention for Long Documents"
ABSTRACT = "We study sparse attention for long documents and prove tight bounds on its error."


def _csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue()


@pytest.mark.parametrize("title_column, abstract_column", [
    ("Paper Title", "Abstract"), ("Title", "Abstract Text"), ("paper_title", "paper_abstract"),
    ("TITLE", "Summary"), ("Article Title", "Abstract Note")])
def test_a_csv_names_its_title_and_abstract_columns_in_any_spelling(tmp_path, title_column,
                                                                   abstract_column):
    path = tmp_path / "list.csv"
    path.write_text(_csv([[title_column, abstract_column, "Authors"],
                          [TITLE, ABSTRACT, "Jane Doe; John Roe"]]), encoding="utf-8")
    [record] = read_list(path).records
    assert (record.title, record.abstract, record.authors) == \
        (TITLE, ABSTRACT, ["Jane Doe", "John Roe"])


def test_a_zotero_csv_export_keeps_abstracts_venues_and_years(tmp_path):
    # The columns Zotero's "Export Collection… → CSV" writes, in its order (first 15).
    header = ["Key", "Item Type", "Publication Year", "Author", "Title", "Publication Title",
              "ISBN", "ISSN", "DOI", "Url", "Abstract Note", "Date", "Date Added",
              "Date Modified", "Access Date"]
    row = ["QX3F9K2M", "conferencePaper", "2020", "Doe, Jane; Roe, John", TITLE,
           "Proceedings of the 37th International Conference on Machine Learning", "", "",
           "10.5555/3524938.3525001", "https://proceedings.mlr.press/v119/doe20a.html",
           ABSTRACT, "2020-07-12", "2024-01-02 10:00:00", "2024-01-02 10:00:00", ""]
    path = tmp_path / "zotero.csv"
    path.write_text(_csv([header, row]), encoding="utf-8")
    [record] = read_list(path).records
    assert (record.title, record.abstract, record.authors) == \
        (TITLE, ABSTRACT, ["Jane Doe", "John Roe"])
    assert (record.venue, record.year, record.source_id) == ("ICML", 2020, "QX3F9K2M")
    assert record.url == "https://proceedings.mlr.press/v119/doe20a.html"
    assert record.extra["doi"] == "10.5555/3524938.3525001"


@pytest.mark.parametrize("name, text", [
    ("list.json", json.dumps([{"paperTitle": TITLE, "abstractText": ABSTRACT,
                               "publication_year": 2023}])),
    ("list.jsonl", json.dumps({"paper_title": TITLE, "Abstract Text": ABSTRACT,
                               "pubYear": "2023"}) + "\n"),
    ("one.json", json.dumps({"Paper Title": TITLE, "Summary": ABSTRACT, "Year": 2023})),
])
def test_json_objects_name_their_fields_in_any_spelling(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    [record] = read_list(path).records
    assert (record.title, record.abstract, record.year) == (TITLE, ABSTRACT, 2023)


def test_biblatex_journaltitle_is_the_venue(tmp_path):
    path = tmp_path / "refs.bib"
    path.write_text("@article{doe2023, title={" + TITLE + "}, abstract={" + ABSTRACT + "},"
                    " journaltitle={Journal of Machine Learning Research}, year={2023}}\n",
                    encoding="utf-8")
    [record] = read_list(path).records
    assert (record.venue, record.year) == ("JMLR", 2023)


def test_a_csv_without_a_title_or_abstract_column_is_still_refused(tmp_path):
    path = tmp_path / "list.csv"
    path.write_text(_csv([["Name", "Notes"], ["x", "y"]]), encoding="utf-8")
    with pytest.raises(ListFormatError) as caught:
        read_list(path)
    assert "no 'title' or 'abstract' column (found: name, notes)" in str(caught.value)


@pytest.mark.parametrize("missing", ["None", "nan", "NaN", "null", "N/A", " none "])
def test_a_value_written_for_a_missing_one_is_missing(tmp_path, missing):
    """pandas and Python exports print NaN and None as text: `url = {None}` in BibTeX,
    "nan" in a CSV cell. Such a field is missing (no link "None", no venue "nan"), and a
    field given after it in the lookup order is taken instead."""
    bib = tmp_path / "list.bib"
    fields = {"title": TITLE, "abstract": ABSTRACT, "author": "Jane Doe",
              "booktitle": missing, "year": "2024", "url": missing, "note": missing}
    bib.write_text("@inproceedings{doe24,\n"
                   + ",\n".join(f"  {key} = {{{value}}}" for key, value in fields.items())
                   + "\n}\n", encoding="utf-8")
    [record] = read_list(bib).records
    assert (record.title, record.url, record.venue) == (TITLE, None, None)
    assert missing not in record.extra.values() and "note" not in record.extra
    path = tmp_path / "list.json"
    path.write_text(json.dumps([{"title": TITLE, "abstract": ABSTRACT, "url": missing,
                                 "pdf_url": "https://example.org/doe24.pdf"}]))
    [record] = read_list(path).records
    assert record.url == "https://example.org/doe24.pdf"  # the next spelling of a link
