"""What an abstract offers beyond its words, found once when the paper is indexed:
a link to its code (`has:code`), any link (`has:link`), a method name (`has:name`).

Each facet is a term of the unscored `facet` field, so filtering by one is a set of
document numbers read once per index generation (SearchIndex._facet_docs), and a
paper's facets change only when its own text does.
"""

from __future__ import annotations

import re

from ..models import Paper

FACETS = ("code", "link", "name")

# Where papers put their code, models and notebooks. A project page (github.io) is a
# link, not code: it may or may not lead to any.
CODE_HOSTS = (
    "github.com", "gitlab.com", "bitbucket.org", "huggingface.co", "hf.co", "codeberg.org",
    "gitee.com", "sourceforge.net", "git.sr.ht", "anonymous.4open.science",
    "colab.research.google.com", "kaggle.com", "pypi.org", "gist.github.com",
)
# A web address as abstracts write it: with a scheme, or a bare host of a known kind
# ("code at github.com/x/y", "www.example.org"). Looked for only in the words with a
# slash or "www." (this regex tried at every word took half of indexing a paper).
BARE_HOST_ENDS = ("com", "org", "io", "net", "ai", "co", "science", "dev", "edu", "app")
_LINK = re.compile(rf"(?:https?://|www\.)[^\s<>\"']+|[a-z0-9-]+(?:\.[a-z0-9-]+)*"
                   rf"\.(?:{'|'.join(BARE_HOST_ENDS)})/[^\s<>\"']*", re.IGNORECASE)
_HOST = re.compile(r"^(?:https?://)?(?:www\.)?([^/\s:?#]+)", re.IGNORECASE)


def links(text: str) -> list[str]:
    """The web addresses written in `text`, trailing punctuation dropped."""
    if "/" not in text and "www." not in text:
        return []
    found = []
    for word in [w for w in text.split() if "/" in w or "www." in w]:
        match = _LINK.search(word)
        if match is not None:
            found.append(match.group().rstrip(".,;:)]}"))
    return found


def is_code_link(url: str) -> bool:
    match = _HOST.match(url.strip())
    if match is None:
        return False
    host = match.group(1).lower().rstrip(".")
    return any(host == code or host.endswith("." + code) for code in CODE_HOSTS)


def facets_of(paper: Paper) -> list[str]:
    """The facets `paper` has, in FACETS order. Its own page (`url`, often the list's
    OpenReview link) counts for code only: nearly every paper has one."""
    found = [*paper.urls, *links(paper.abstract)]
    facets = []
    if any(map(is_code_link, [*found, *([paper.url] if paper.url else [])])):
        facets.append("code")
    if found:
        facets.append("link")
    if paper.name and any(c.isalpha() for c in paper.name):  # (a number is no name)
        facets.append("name")
    return facets
