"""The user's settings: a small TOML file in the platformdirs config dir.

A file that cannot be read is never overwritten: the app says what is wrong, runs on
defaults, and leaves the file for the user to fix.
"""

from __future__ import annotations

import os
import tomllib
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from index import CITATION_FORMATS, SORTS

DEFAULT_THEME = "textual-dark"


@dataclass(slots=True)
class Config:
    theme: str = DEFAULT_THEME
    sort: str = "relevance"
    citation_format: str = "bibtex"
    resume: bool = True  # reopen on the last query, sort, filters and paper
    keys: dict[str, str] = field(default_factory=dict)
    problem: str | None = None  # why the file was not used, when it was not
    writable: bool = True

    def as_toml(self) -> dict:
        data = {"theme": self.theme, "sort": self.sort, "citation_format": self.citation_format,
                "resume": self.resume}
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
    if isinstance(data.get("resume", True), bool):
        config.resume = data.get("resume", True)
    else:
        problems.append("resume is true or false")
    if isinstance(data.get("theme"), str):
        config.theme = data["theme"]
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
