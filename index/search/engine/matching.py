"""`a ANDNOT b` with Whoosh's first-match bug fixed, as a query and its matcher.

Whoosh's AndNotMatcher kept its first match when b's postings started before it
(`graph -neural` could return a paper containing "neural"). The ranker
(`ranking.py`) computes ANDNOT itself; phrases and ranges still run on Whoosh's
matchers, so the queries papers builds use `AndNot` from here (`QueryBuilder` swaps it
in for every ANDNOT Whoosh's parser makes).
"""

from __future__ import annotations

from whoosh import query
from whoosh.matching.binary import AndNotMatcher


class ExcludingMatcher(AndNotMatcher):
    def _find_first(self):
        # Whoosh checked only for b sitting exactly on a's first match; _find_next first
        # moves b up to a, which is what the first match needs as much as every other,
        # so the check is made from the first posting on.
        if self.a.is_active() and self.b.is_active():
            self._find_next()


class AndNot(query.AndNot):
    """Whoosh's AndNot query, matching through `ExcludingMatcher`. (Whoosh's copies
    and rewrites keep the class: they build `self.__class__`.)"""

    def matcher(self, searcher, context=None):
        scored = self.a.matcher(searcher, context)
        excluded = self.b.matcher(searcher, searcher.boolean_context())
        return ExcludingMatcher(scored, excluded)


def excluding(node: query.AndNot) -> AndNot:
    """Whoosh's AndNot `node` as papers' (its boost too)."""
    fixed = AndNot(node.a, node.b)
    fixed.boost = node.boost
    return fixed
