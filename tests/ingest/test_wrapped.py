"""index.ingest.wrapped: a CSV export's quoting around a whole field, undone for what a
paper shows, names and searches, never for what identifies it."""

from __future__ import annotations

from index.ingest.prepare import keys_for, prepare
from index.ingest.wrapped import unwrapped
from index.models import Record

WRAPPED = ('"We present a differentiable pipeline that renders training data on demand. '
           'We evaluate on a new ""ZYX-in-the-Wild"" dataset of real scenes."')


def test_a_field_quoted_whole_is_unwrapped_and_its_inner_quotes_undoubled():
    assert unwrapped(WRAPPED) == ('We present a differentiable pipeline that renders '
                                  'training data on demand. We evaluate on a new '
                                  '"ZYX-in-the-Wild" dataset of real scenes.')
    assert unwrapped('  "GEB+: A Benchmark for Event Boundaries"\n') == \
        "GEB+: A Benchmark for Event Boundaries"


def test_quotes_that_are_not_a_fields_quoting_stay():
    quoted_terms = '"Attention" is what the so-called "scaling law" is about, "we" argue"'
    assert unwrapped(quoted_terms) == quoted_terms
    for text in ('"', '""', 'No quotes at all.', '"Opening only.', 'Closing only."'):
        assert unwrapped(text) == text


def test_a_paper_shows_its_abstract_and_title_unwrapped_but_keeps_its_keys():
    record = Record(abstract=WRAPPED, title='"Zorb-Sim: Learning to Render Training Data"',
                    year=2022)
    paper = prepare(record)
    assert paper.abstract.startswith("We present a differentiable pipeline")
    assert paper.abstract.endswith("dataset of real scenes.")
    assert '""' not in paper.abstract and '"ZYX-in-the-Wild"' in paper.abstract
    assert paper.title == "Zorb-Sim: Learning to Render Training Data"
    # the list's own text and keys, so a re-import finds the same paper
    assert paper.abstract_source == WRAPPED
    assert (paper.abstract_key, paper.title_key) == keys_for(record)
