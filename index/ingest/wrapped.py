"""A field a CSV export quoted and a list kept so: '"Current object detection systems …"',
its inner quotes doubled ('a new ""YCB-in-the-Wild"" dataset'). ECCV 2022's stored list
has every abstract and a fifth of its titles so; shown, searched and named, such text is
the field without that quoting, as its authors wrote it.

Only the shown text is unwrapped (prepare.py renders it so): a paper's match keys and its
`abstract_source` stay the list's, so an upgrade that re-imports a list finds its papers
again, and a tag or note on one is never left behind.
"""

from __future__ import annotations


def unwrapped(text: str) -> str:
    """`text` without the straight quotes around all of it, its doubled quotes single
    again, when every quote inside is doubled (as CSV quotes a field); any other text as
    it is: '"Attention" is what the "scaling law" …' keeps its quotes."""
    stripped = text.strip()
    if len(stripped) < 3 or stripped[0] != '"' or stripped[-1] != '"':
        return text
    inner = stripped[1:-1]
    if '"' in inner.replace('""', ""):
        return text
    return inner.replace('""', '"')
