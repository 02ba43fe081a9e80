"""Abstracts that arrive as HTML or JATS (Crossref's, so Zotero's for a paper added by
DOI; web pages'): tags and entities read, never shown. Expected texts are worked out by
hand from each input."""

from __future__ import annotations

import json

import pytest

from index.ingest.render import render

JATS = ("<jats:title>Abstract</jats:title><jats:p>We propose <jats:italic>FooNet</jats:italic>,"
        " a <jats:bold>fast</jats:bold> model for H<jats:sub>2</jats:sub>O.</jats:p>"
        "<jats:p>It works.</jats:p>")


def _styled(text: str) -> tuple[str, list[tuple[str, str]]]:
    rendered = render(text)
    return rendered.text, [(rendered.text[s.start:s.end], s.kind) for s in rendered.spans]


@pytest.mark.parametrize("source, text, spans", [
    ("We study R&amp;D where <i>agents</i> learn &lt;10 things.",
     "We study R&D where agents learn <10 things.", [("agents", "em")]),
    (JATS, "We propose FooNet, a fast model for H₂O. It works.",
     [("FooNet", "em"), ("fast", "strong")]),
    ("Gains of 3&nbsp;% &#8212; and x<sup>2</sup>, y<sub>ij</sub>.",
     "Gains of 3 % — and x², yij.", []),
    ('Code <a href="https://example.org/x">here</a>; <b><i>both</i></b>.',
     "Code here; both.", [("here", "link"), ("both", "strong"), ("both", "em")]),
    ("<p>One.</p><p>Two<br/>three.</p>", "One. Two three.", []),
])
def test_html_and_jats_are_read_not_shown(source, text, spans):
    got_text, got_spans = _styled(source)
    assert got_text == text
    assert sorted(got_spans) == sorted(spans)


@pytest.mark.parametrize("source, text", [
    ("Math $a<b$ and x < y for i<n.", "Math a < b and x < y for i<n."),
    ("Escaped &lt;i&gt;text&lt;/i&gt; is text.", "Escaped <i>text</i> is text."),
    ("A <b> never closed and a <bogus>tag.", "A never closed and a <bogus>tag."),
    ("R&D and AT&T stay, as does &notanentity", "R&D and AT&T stay, as does &notanentity"),
])
def test_what_is_not_markup_stays_text(source, text):
    assert render(source).text == text


def test_a_jats_abstract_is_stored_clean(library, tmp_path):
    path = tmp_path / "crossref.json"
    path.write_text(json.dumps([{"title": "FooNet", "abstract": JATS}]), encoding="utf-8")
    library.add(path)
    [paper] = [p for p in library.store.papers(library.store.ids()) if p.title == "FooNet"]
    assert paper.abstract == "We propose FooNet, a fast model for H₂O. It works."
