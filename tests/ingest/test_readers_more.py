"""The readers of #13: RIS, CSL-JSON, OpenReview notes (API v1 and v2), arXiv Atom, a .gz
of any list, a directory of lists; names in any of their forms; ids in de-duplication.

The fixtures in tests/ingest/fixtures/ are written in the shapes the tools export: a Zotero
RIS export (BOM, CRLF), a Zotero CSL-JSON export (tab-indented, string years), OpenReview
API v1 and v2 pages of notes, an arXiv API Atom response.
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from index import LIST_FORMATS, Library
from index.ingest.formats import ListFormatError, parse, read_list
from index.ingest.readers_json import read_csl_data, read_openreview_data
from index.ingest.records import person, split_authors

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(name: str) -> Path:
    return FIXTURES / name


def test_zotero_ris_gives_people_venue_year_doi_and_keywords():
    parsed = read_list(fixture("zotero.ris"))
    assert parsed.format == "ris"
    attention, resnet = parsed.records
    assert attention.title == "Attention Is All You Need"
    assert attention.authors == ["Ashish Vaswani", "Noam Shazeer", "Niki Parmar"]
    assert (attention.venue, attention.year) == ("NeurIPS", 2017)
    assert attention.abstract.startswith("The dominant sequence transduction models")
    assert attention.extra["doi"] == "10.48550/arxiv.1706.03762"
    assert attention.extra["arxiv_id"] == "1706.03762"  # arXiv's DOI names the id
    assert attention.extra["keywords"] == ["Computer Science - Computation and Language",
                                           "Computer Science - Machine Learning"]
    assert attention.url.startswith("https://proceedings.neurips.cc/")
    assert (resnet.venue, resnet.year) == ("CVPR", 2016)
    assert resnet.extra["doi"] == "10.1109/cvpr.2016.90"
    assert "TI  -" not in attention.abstract


def test_zotero_csl_json_gives_names_container_issued_and_keeps_math_title():
    parsed = read_list(fixture("zotero-csl.json"))
    assert parsed.format == "csl-json"
    attention, tracking = parsed.records
    assert attention.authors == ["Ashish Vaswani", "Noam Shazeer", "Niki Parmar"]
    assert (attention.venue, attention.year) == ("NeurIPS", 2017)
    assert attention.extra["doi"] == "10.48550/arxiv.1706.03762"
    assert tracking.authors == ["Anna van der Berg", "The Tracking Consortium"]
    assert (tracking.venue, tracking.year) == ("CVPR", 2024)
    assert tracking.title == r"Tracking Everything with $\mathcal{O}(n)$ Attention"
    assert tracking.extra["keywords"] == ["tracking", "vision transformers"]


def test_openreview_v1_page_venue_from_the_invitation():
    parsed = read_list(fixture("openreview-v1.json"))
    assert parsed.format == "openreview"
    (note,) = parsed.records
    assert note.title == "Learning to Navigate the Web"
    assert note.authors == ["Izzeddin Gur", "Ofir Nachum"]
    assert (note.venue, note.year) == ("ICLR", 2019)
    assert note.url == "https://openreview.net/forum?id=BJx0sjC5FX"
    assert note.extra["openreview_forum"] == "BJx0sjC5FX"
    assert note.extra["keywords"][0] == "navigating web pages"
    assert note.extra["pdf_url"].startswith("https://openreview.net/pdf/")


@pytest.mark.parametrize("invitations", [7, {"id": "x"}, "ICLR.cc/2019/Conference/-/Blind_Submission"])
def test_an_openreview_note_with_odd_invitations_is_read(invitations):
    """"invitations" is a list in OpenReview's exports; a file that holds a number or an
    object there (found by the property test below) is read all the same, a single
    string taken as the one invitation it is."""
    note = {"invitations": invitations, "content": {
        "title": "Learning to Navigate the Web",
        "abstract": "Learning in environments with large state and action spaces and sparse "
                    "rewards can hinder an agent's ability to explore and navigate the web."}}
    (record,) = read_openreview_data(Path("/lists/odd.json"), {"notes": [note]}).records
    assert record.title == "Learning to Navigate the Web"
    assert record.year == (2019 if isinstance(invitations, str) else None)


def test_openreview_v2_page_values_unwrapped_venue_from_venue_and_venueid():
    parsed = read_list(fixture("openreview-v2.json"))
    first, second = parsed.records
    assert first.title == "Generative Flows on Discrete State-Spaces"
    assert first.authors == ["Andrew Campbell", "Jason Yim", "Regina Barzilay"]
    assert (first.venue, first.year) == ("ICML", 2024)
    assert first.abstract.startswith("We combine discrete and continuous data")
    assert first.extra["keywords"] == ["flow matching", "discrete diffusion"]
    assert first.extra["openreview_venue"] == "ICML 2024 Oral"
    assert (second.venue, second.year) == ("COLM", 2024)  # colmweb.org/COLM/2024/…


def test_openreview_single_note_and_bare_list_of_notes(tmp_path):
    page = json.loads(fixture("openreview-v2.json").read_text())
    single = tmp_path / "note.json"
    single.write_text(json.dumps(page["notes"][0]))
    assert [r.title for r in read_list(single).records] == [
        "Generative Flows on Discrete State-Spaces"]
    bare = tmp_path / "notes.json"
    bare.write_text(json.dumps(page["notes"]))
    assert len(read_list(bare).records) == 2


def test_arxiv_atom_keeps_ids_categories_and_finds_a_venue_in_the_comment():
    parsed = read_list(fixture("arxiv.atom.xml"))
    assert parsed.format == "atom"
    attention, flows, resnet = parsed.records
    assert attention.title == "Attention Is All You Need"
    assert attention.authors == ["Ashish Vaswani", "Noam Shazeer", "Niki Parmar"]
    assert attention.extra["arxiv_id"] == "1706.03762"
    assert attention.extra["categories"] == ["cs.CL", "cs.LG"]
    assert attention.extra["primary_category"] == "cs.CL"
    assert (attention.venue, attention.year) == ("arXiv", 2017)
    assert attention.url == "http://arxiv.org/abs/1706.03762v7"
    assert flows.title.endswith("Applications to Protein Co-Design")  # line break joined
    assert (flows.venue, flows.year) == ("ICML", 2024)
    assert flows.extra["doi"] == "10.5555/3692070.3692240"
    assert (resnet.venue, resnet.year, resnet.extra["arxiv_id"]) == ("arXiv", 2015,
                                                                     "1512.03385")


def test_content_decides_over_the_extension(tmp_path):
    saved = tmp_path / "export.txt"
    shutil.copy(fixture("zotero.ris"), saved)
    assert read_list(saved).format == "ris"
    feed = tmp_path / "query"
    shutil.copy(fixture("arxiv.atom.xml"), feed)
    assert read_list(feed).format == "atom"


@pytest.mark.parametrize("name", ["zotero.ris", "zotero-csl.json", "openreview-v2.json",
                                  "arxiv.atom.xml"])
def test_a_gz_of_any_list_reads_as_the_list(name):
    plain = read_list(fixture(name))
    packed = parse(f"/x/{name}.gz", gzip.compress(fixture(name).read_bytes()))
    assert packed.format == plain.format
    assert [r.title for r in packed.records] == [r.title for r in plain.records]
    assert packed.title == plain.title


def test_a_broken_or_nested_gz_is_refused_naming_it():
    with pytest.raises(ListFormatError, match=r"^/x/a\.json\.gz: .*cut short"):
        parse("/x/a.json.gz", gzip.compress(b"[1, 2, 3]" * 100)[:-12])
    with pytest.raises(ListFormatError, match="gzip file inside a gzip"):
        parse("/x/a.gz", gzip.compress(gzip.compress(b"[]")))


def test_names_in_every_form_are_the_same_people():
    assert person("Doe, Jane") == person("Jane Doe") == person(
        {"family": "Doe", "given": "Jane"}) == "Jane Doe"
    assert person("Doe, Jr., Jane") == "Jane Doe Jr."
    assert split_authors("Doe, Jane; Roe, Richard") == ["Jane Doe", "Richard Roe"]
    assert split_authors("Doe, Jane and Roe, Richard") == ["Jane Doe", "Richard Roe"]
    assert split_authors("Jane Doe, Richard Roe") == ["Jane Doe", "Richard Roe"]


def test_authors_as_objects_of_any_common_api_are_people(tmp_path):
    # Semantic Scholar ("name"), NeurIPS dumps ("fullname"), OpenAlex ({"author":
    # {"display_name"}}), first and last names, CSL's parts and literal.
    authors = [{"authorId": "1", "name": "Ada Lovelace"}, {"fullname": "Alan Turing"},
               {"author": {"display_name": "Grace Hopper"}},
               {"first_name": "Kurt", "last_name": "Gödel"},
               {"firstName": "Emmy", "lastName": "Noether"},
               {"family": "Doe", "given": "Jane"}, {"literal": "Google, Inc."},
               {"authorId": "2"}, None, 3, ""]
    path = tmp_path / "list.json"
    path.write_text(json.dumps([{"title": "A Paper", "authors": authors,
                                 "abstract": "We study a problem at length and find a "
                                             "method that works well on it."}]))
    assert read_list(path).records[0].authors == [
        "Ada Lovelace", "Alan Turing", "Grace Hopper", "Kurt Gödel", "Emmy Noether",
        "Jane Doe", "Google, Inc."]


def test_a_semantic_scholar_page_gives_authors_and_ids(tmp_path):
    page = {"total": 1, "token": None, "data": [{
        "paperId": "abc", "externalIds": {"DOI": "10.5555/3666122.3668460",
                                          "ArXiv": "2305.18290", "DBLP": "x"},
        "title": "Direct Preference Optimization", "venue": "Neural Information Processing "
        "Systems", "year": 2023, "authors": [{"authorId": "1", "name": "Rafael Rafailov"}],
        "abstract": "We introduce DPO, which aligns language models with preferences "
                    "directly and without a reward model or reinforcement learning."}]}
    path = tmp_path / "s2.json"
    path.write_text(json.dumps(page))
    [record] = read_list(path).records
    assert (record.authors, record.venue, record.year) == (["Rafael Rafailov"], "NeurIPS", 2023)
    assert (record.extra["doi"], record.extra["arxiv_id"]) == (
        "10.5555/3666122.3668460", "2305.18290")


def test_csv_authors_separated_by_semicolons_are_two_people(tmp_path):
    path = tmp_path / "list.csv"
    path.write_text('title,authors,abstract\nA Paper,"Doe, Jane; Roe, Richard",'
                    '"We study a problem at length and find a method that works well."\n')
    assert read_list(path).records[0].authors == ["Jane Doe", "Richard Roe"]


def test_the_same_paper_is_one_paper_by_its_doi_or_arxiv_id(home):
    # DBLP's titles end in a period and carry no abstract, and the preprint is a year
    # older than the proceedings: only the ids say these are the papers already held.
    with Library(home, seed=False) as library:
        library.add(fixture("arxiv.atom.xml"))
        library.add(fixture("zotero.ris"))
        before = library.count()
        report = library.add(fixture("dblp.ris"))
        assert (report.new, report.merged) == (0, 2)
        assert library.count() == before
        resnets = {p.year: p for p in library.store.papers()
                   if p.title.startswith("Deep Residual Learning")}
        assert sorted(resnets) == [2015, 2016]
        assert sorted(resnets[2015].lists) == ["arxiv.atom", "dblp"]  # by arXiv id
        assert sorted(resnets[2016].lists) == ["dblp", "zotero"]  # by DOI
        assert resnets[2015].extra["categories"] == ["cs.CV"]
        assert resnets[2016].extra["doi"] == "10.1109/cvpr.2016.90"


def test_a_directory_adds_each_list_file_in_it(home, tmp_path, run_cli):
    folder = tmp_path / "lists"
    (folder / "more").mkdir(parents=True)
    shutil.copy(fixture("zotero.ris"), folder / "zotero.ris")
    shutil.copy(fixture("openreview-v1.json"), folder / "more" / "iclr.json")
    (folder / "iclr2.json.gz").write_bytes(gzip.compress(
        fixture("openreview-v2.json").read_bytes()))
    (folder / "README.md").write_text("# my lists\n\nThese are the lists I read this week.\n")
    (folder / ".hidden.json").write_text("[]")
    code, out, err = run_cli("--data-dir", home, "add", folder)
    assert (code, err) == (0, "")
    assert out.count("added as") == 3
    with Library(home) as library:
        names = sorted(info.name for info in library.lists() if not info.bundled)
        assert names == ["iclr", "iclr2", "zotero"]
        copy = next(Path(i.file) for i in library.lists() if i.name == "iclr2")
        assert copy.name == "iclr2.json.gz"  # the copy is the gzip bytes, named so


def test_an_empty_directory_is_an_error(home, tmp_path, run_cli):
    (tmp_path / "empty").mkdir()
    code, _, err = run_cli("--data-dir", home, "add", tmp_path / "empty")
    assert code == 1 and "no list files" in err


def test_a_refusal_names_every_format_papers_reads(tmp_path):
    page = tmp_path / "page.txt"
    page.write_text("<!DOCTYPE html>\n<html><body><p>hello</p></body></html>\n")
    with pytest.raises(ListFormatError) as caught:
        read_list(page)
    message = str(caught.value)
    assert message.startswith(f"{page}: this looks like an HTML page")
    assert "\n" not in message
    for fmt in LIST_FORMATS.values():
        assert fmt.label in message


# --- odd input: a ParsedList or a one-line ListFormatError, never a crash ---------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["title", "abstract", "author", "authors", "value", "family", "given",
                         "literal", "issued", "date-parts", "container-title", "event-title",
                         "type", "DOI", "URL", "id", "content", "notes", "venue", "venueid",
                         "invitation", "invitations", "forum", "pdf", "keyword", "domain",
                         "results", "abstract_inverted_index", "authorships",
                         "publication_year", "primary_location", "source", "display_name",
                         "biblio", "first_page", "type_crossref", "keywords"]),
        inner, max_size=6),
    max_leaves=30)


def never_crashes(call) -> None:
    try:
        call()
    except ListFormatError as error:
        assert "\n" not in str(error)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=JSON)
def test_csl_and_openreview_readers_take_any_json(data):
    path = Path("/lists/any.json")
    never_crashes(lambda: read_csl_data(path, [data] if isinstance(data, dict) else data))
    never_crashes(lambda: read_openreview_data(path, {"notes": [{"content": data}]}))
    never_crashes(lambda: read_openreview_data(path, data))
    never_crashes(lambda: parse(path, json.dumps(data).encode()))


RIS_LINE = st.tuples(st.sampled_from(["TY", "TI", "AU", "PY", "T2", "DO", "UR", "KW", "ER",
                                      "BT", "ZZ", "AB", "DA"]),
                     st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(RIS_LINE, max_size=12))
def test_the_ris_reader_takes_any_tags(lines):
    text = "TY  - JOUR\n" + "".join(f"{tag}  - {value}\n" for tag, value in lines)
    never_crashes(lambda: parse("/lists/any.ris", text.encode()))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=st.text(max_size=200))
def test_the_atom_reader_takes_any_entry(body):
    text = ('<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/'
            f'2401.00001v1</id><title>T</title><summary>{body}</summary></entry></feed>')
    never_crashes(lambda: parse("/lists/any.xml", text.encode()))
