"""Text a list decoded twice, repaired: "robotâ€™s" (UTF-8 read as Windows-1252 or
Latin-1 on its way into the list) is "robot’s", as its authors wrote it.

Lists are exported by many tools, and some decode twice: 19 of the 47 RSS 2016 abstracts
of a held-out sample had their apostrophes so mangled ("robotâ€™s"), one of another a
dimension ("Ã˜30x32 mm" for "Ø30x32 mm"). ftfy's `fix_encoding` undoes exactly that and
leaves text that reads correctly as it is ("Erdős–Rényi", "Ångström", "Øresund" stay). It is
imported only for text with a character such text starts with, so importing an ordinary
list never loads it.
"""

from __future__ import annotations

import re

# What mis-decoded UTF-8 starts with: a lead byte read as Windows-1252 or Latin-1 (Â Ã Ä
# Å Î Ï Ð Ñ Ø Ù â ð: "Ã©", "â€™"). C1 controls alone are left to `sanitize`, which drops
# them: "stakeholders\x80\x99" (a quote whose lead byte was lost) would become
# "stakeholders€™" read as Windows-1252, worse than "stakeholders".
_SUSPECT = re.compile("[\u00c2-\u00c5\u00ce\u00cf\u00d0\u00d1\u00d8\u00d9\u00e2\u00f0]")


def repaired(text: str) -> str:
    """`text` with any mis-decoded UTF-8 (mojibake) decoded as it was meant."""
    if text.isascii() or _SUSPECT.search(text) is None:
        return text
    from ftfy import fix_encoding

    return fix_encoding(text)
