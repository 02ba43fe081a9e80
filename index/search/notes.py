"""The reader's notes, searched beside the index rather than in it.

A note is the user's, not the paper's, and it changes often. Were it a field of the
paper's document, every note edit would replace the document, and Whoosh's statistics
(document count, document frequencies, field totals) would count the replaced copy until
segments merge: every other paper's score would move. So notes stay in the store, and a
search reads them from here: each note's stemmed words, by document number, scored
without collection statistics (BM25's term-frequency part alone, weighted below the
paper's own text by the query's boost), so one paper's note never changes another paper's
score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from . import analysis

NOTE_FIELD = "note"


class NotePostings:
    """Stem -> (document numbers ascending, term counts) over the notes of one searcher."""

    def __init__(self, notes: Mapping[str, str], docnum_of: Mapping[str, int]) -> None:
        postings: dict[str, dict[int, int]] = {}
        for paper_id, text in notes.items():
            docnum = docnum_of.get(paper_id)
            if docnum is None or not text.strip():
                continue  # a note on a paper no longer listed
            for stem, count in Counter(analysis.stems(text)).items():
                postings.setdefault(stem, {})[docnum] = count
        self._postings = {stem: (sorted(found), [found[d] for d in sorted(found)])
                          for stem, found in postings.items()}

    def __bool__(self) -> bool:
        return bool(self._postings)

    def get(self, stem: str) -> tuple[list[int], list[int]] | None:
        return self._postings.get(stem)


def note_score(count: int, k1: float) -> float:
    """BM25's saturation of a term count, with no idf and no length norm: the same for a
    note whatever the other notes say."""
    return count * (k1 + 1) / (count + k1)
