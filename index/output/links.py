"""What `o` opens: the paper's own page, else a search for its title.

Only http(s) URLs are ever handed to a browser: a list is untrusted, and a `file:`,
`javascript:` or `-option` "URL" passed to `xdg-open` or a browser's command line would
do something other than show a page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, quote_plus, urlsplit

from ..models import Paper

# arXiv's title search: most papers in conference lists have a preprint there.
DEFAULT_SEARCH_URL = "https://arxiv.org/search/?query={query}&searchtype=title"
SEARCH_URLS = {
    "arxiv": DEFAULT_SEARCH_URL,
    "semantic-scholar": "https://www.semanticscholar.org/search?q={query}",
    "google-scholar": "https://scholar.google.com/scholar?q={query}",
}


# Identifiers papers turns into their https pages (a list may give `doi:10.…`).
_RESOLVERS = {"doi": "https://doi.org/", "arxiv": "https://arxiv.org/abs/"}
_IDENTIFIER = re.compile(r"(?i)^(doi|arxiv):([A-Za-z0-9][\w./:;()-]*)$")


def web_url(url: str | None) -> str | None:
    """`url` if it is a plain http(s) address a browser may be given (a `doi:` or
    `arxiv:` identifier as its https page), else None: never a file:, javascript: or
    anything a browser would take as an option ("--remote-debugging-port=9222")."""
    if not url or url != url.strip() or url.startswith("-"):
        return None
    identifier = _IDENTIFIER.match(url)
    if identifier:
        url = _RESOLVERS[identifier.group(1).lower()] + quote(identifier.group(2), safe="/:.;()-")
    if any(c.isspace() or ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0 for c in url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    return url


def search_template(template: str | None) -> str:
    """A search URL template ("…?q={query}", or a name from SEARCH_URLS); ValueError if
    it is not an http(s) address with a {query} in it."""
    template = SEARCH_URLS.get(template or "", template or DEFAULT_SEARCH_URL)
    if "{query}" not in template or web_url(template.replace("{query}", "x")) is None:
        raise ValueError(f"the search URL must be an http(s) address containing {{query}} "
                         f"(or one of {', '.join(SEARCH_URLS)}), not {template!r}")
    return template


@dataclass(frozen=True, slots=True)
class Target:
    url: str | None  # None: nothing to open
    searched: bool  # a search for the title, not the paper's own page
    why: str  # what to tell the user


def link_target(paper: Paper, template: str | None = None) -> Target:
    """Where `o` goes for `paper`, and what to say about it."""
    own = web_url(paper.link)
    if own:
        return Target(own, False, f"Opened {own}")
    reason = "has no link" if not paper.link else "has a link that is not a web address"
    if paper.title_derived:
        return Target(None, False, f"This paper {reason} and no title of its own to "
                                   "search for.")
    url = search_template(template).replace("{query}", quote_plus(paper.title))
    return Target(url, True, f"This paper {reason}: opened a search for its title ({url})")
