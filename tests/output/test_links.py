"""`o` for a paper without a link (#13): a search for its title, said so; and only ever an
http(s) URL handed to the browser, never one starting with "-"."""

from __future__ import annotations

import json

import pytest

from index import DEFAULT_SEARCH_URL, Library, Paper, web_url
from index.output.links import link_target, search_template
from tui.config import load_config

from ..tui.helpers import running_app, settle, type_query


def paper(title="Sample Complexity Bounds for Simplices", link=None, derived=False) -> Paper:
    return Paper(id="p1", title=title, title_derived=derived, name=None, authors=[],
                 venue="ICML", year=2023, abstract="", abstract_source="", url=link)


@pytest.mark.parametrize("url", ["javascript:alert(1)", "file:///etc/passwd", "-oProxy=x",
                                 "--new-window", "http://", "https://a b.org", " https://x.org",
                                 "https://x.org/\x1b[2J", "ftp://x.org/a", "data:text/html,x"])
def test_only_plain_web_addresses_pass(url):
    assert web_url(url) is None


def test_a_paper_without_a_link_opens_a_search_for_its_title():
    target = link_target(paper())
    assert target.searched
    assert target.url == DEFAULT_SEARCH_URL.replace(
        "{query}", "Sample+Complexity+Bounds+for+Simplices")
    assert "no link" in target.why and "search for its title" in target.why


def test_a_link_that_is_not_a_web_address_is_never_opened():
    for bad in ("javascript:alert(1)", "-x https://evil.org"):
        target = link_target(paper(link=bad))
        assert target.searched and target.url.startswith("https://arxiv.org/search/")
        assert "not a web address" in target.why


def test_the_search_escapes_the_title_and_can_be_another_site():
    target = link_target(paper(title="A & B? #1 -x"), "semantic-scholar")
    assert target.url == "https://www.semanticscholar.org/search?q=A+%26+B%3F+%231+-x"
    with pytest.raises(ValueError, match="http"):
        search_template("file:///x?{query}")
    with pytest.raises(ValueError, match="query"):
        search_template("https://example.org/search")


def test_a_derived_title_is_not_searched_for():
    target = link_target(paper(derived=True))
    assert target.url is None and "no link" in target.why


def test_config_search_url_and_style_are_checked(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('search_url = "semantic-scholar"\ncitation_style = "ieee"\n')
    config = load_config(path)
    assert config.problem is None
    assert config.search_url.startswith("https://www.semanticscholar.org/")
    assert config.citation_style == "ieee"
    path.write_text('search_url = "file:///{query}"\ncitation_style = "../x"\n')
    config = load_config(path)
    assert "search_url" in config.problem and "citation_style" in config.problem
    assert config.search_url == DEFAULT_SEARCH_URL and config.citation_style == "apa"


async def test_o_opens_a_search_for_a_paper_without_a_link(home, monkeypatch, tmp_path):
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda url: opened.append(url) or True)
    listing = tmp_path / "icml2023.json"
    listing.write_text(json.dumps([{
        "title": "Zyxwvut Bounds for Learning", "authors": ["Ada Lovelace"], "year": 2023,
        "conference": "ICML", "paper_url": None,
        "abstract": "We prove bounds for learning things from noisy samples in many settings."}]))
    with Library(home) as library:
        library.add(listing)
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "zyxwvut")
        await pilot.press("escape", "o")
        await settle(app, pilot)
        assert opened == [DEFAULT_SEARCH_URL.replace("{query}", "Zyxwvut+Bounds+for+Learning")]
        assert any("search for its title" in str(n.message) for n in app._notifications)


@pytest.mark.parametrize(("given", "opened"), [
    ("doi:10.1000/xyz.2024-1", "https://doi.org/10.1000/xyz.2024-1"),
    ("arXiv:2401.00001v2", "https://arxiv.org/abs/2401.00001v2"),
    ("doi:--remote-debugging-port=9222", None),  # not an identifier: refused
])
def test_doi_and_arxiv_identifiers_open_as_their_https_pages(given, opened):
    """#16 item 16: only http(s), with doi: and arxiv: turned into https."""
    assert web_url(given) == opened
