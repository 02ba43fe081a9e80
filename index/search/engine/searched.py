"""What both rankers read of one searcher, without numpy: its fields, segments, deleted
documents and field-length bytes, and a term's text as its field indexes it.

The list ranker (lists.py) must give the array ranker's (ranking.py) floats before numpy
is loaded, so the two read the index the same way; this is that one way.
"""

from __future__ import annotations

from collections.abc import Iterator

from whoosh.codec.whoosh3 import LENGTHS_COLUMN, _lenfield
from whoosh.fields import FieldType
from whoosh.query import Term
from whoosh.scoring import BM25F

from .postings import SegmentPostings, Unsupported
from .stats import StableBM25F


class SearchedIndex:
    """One searcher's parts as a ranker reads them."""

    def __init__(self, searcher) -> None:
        weighting = searcher.weighting
        if type(weighting) not in (BM25F, StableBM25F) or weighting._field_B:
            raise Unsupported("only Whoosh's default BM25F weighting is mirrored")
        self._searcher = searcher
        self._schema = searcher.schema
        self._fields = dict(self._schema.items())
        # Fields whose to_bytes is FieldType's: a str term is its UTF-8 bytes.
        self._plain_text_fields = {name for name, field in self._fields.items()
                                   if type(field).to_bytes is FieldType.to_bytes}
        self._b, self._k1 = weighting.B, weighting.K1
        self._leaves = [(reader, offset) for reader, offset in searcher.reader().leaf_readers()
                        if reader.doc_count_all()]  # (an empty index has an EmptyReader)
        # (a segment whose papers are all deleted has nothing to rank)
        self.segments = [(SegmentPostings(reader), offset)
                         for reader, offset in self._leaves if reader.doc_count()]
        self._size = searcher.doc_count_all()

    def _deleted_by_segment(self) -> Iterator[tuple[int, set[int]]]:
        """(offset, the segment's deleted document numbers) of each segment with some:
        papers replaced by a tag or an edit."""
        for reader, offset in self._leaves:
            if reader.has_deletions():
                deleted = reader.deleted_docs_set if hasattr(reader, "deleted_docs_set") \
                    else set(reader.all_deleted())
                if deleted:
                    yield offset, deleted

    def _length_bytes(self, fieldname: str) -> Iterator[tuple[int, bytes]]:
        """(offset, one length byte per document) of each segment that stores lengths
        for the field: Whoosh keeps each length as one lossy byte."""
        for reader, offset in self._leaves:
            column = reader._perdoc._cached_reader(_lenfield(fieldname), LENGTHS_COLUMN)
            if column is None:
                continue
            stored = min(reader.doc_count_all(), column._count)
            yield offset, column._dbfile.get(column._basepos, stored)

    def _average_length(self, fieldname: str) -> float | None:
        """The average the weighting scores by: frozen ones (engine/stats.py) or Whoosh's."""
        weighting = self._searcher.weighting
        if isinstance(weighting, StableBM25F):
            return weighting.avg_field_length(self._searcher, fieldname)
        return self._searcher.avg_field_length(fieldname)

    def _term_bytes(self, term: Term) -> bytes | None:
        """The term as its field indexes it; None if the field is unknown or the text
        cannot be one of its terms."""
        fieldname, text = term.fieldname, term.text
        if fieldname in self._plain_text_fields and type(text) is str:
            return text.encode("utf-8")  # what FieldType.to_bytes does, less its checks
        field = self._fields.get(fieldname)
        if field is None:
            return None
        try:
            return field.to_bytes(text)
        except ValueError:
            return None

    def _expansions(self, query) -> list[Term]:
        """The words a fuzzy term, prefix or wildcard stands for, in order, as terms."""
        # Segment by segment, as Whoosh does: across all of them at once its brute-force
        # edit-distance scan reads a merged lexicon and is five times slower.
        words = sorted({w for reader, _offset in self._leaves
                        for w in query._btexts(reader) if w})
        return [Term(query.fieldname, w) for w in words]
