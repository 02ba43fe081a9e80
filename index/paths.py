"""Where config, index and user data live.

platformdirs decides by default; `--data-dir DIR` or `PAPERS_HOME=DIR` puts everything
under one directory instead (tests rely on that to never touch a user's real data).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "papers"
HOME_ENV = "PAPERS_HOME"


@dataclass(frozen=True, slots=True)
class Locations:
    config_dir: Path
    data_dir: Path
    cache_dir: Path

    @property
    def config_file(self) -> Path:
        return self.config_dir / "config.toml"

    @property
    def store_file(self) -> Path:
        return self.data_dir / "library.sqlite3"

    @property
    def lists_dir(self) -> Path:
        """Copies of imported list files: the library survives the originals being deleted."""
        return self.data_dir / "lists"

    @property
    def index_dir(self) -> Path:
        return self.cache_dir / "index"

    @property
    def meaning_dir(self) -> Path:
        """The meaning space (index/semantic/), beside the search index."""
        return self.cache_dir / "meaning"

    def create(self) -> Locations:
        for directory in (self.config_dir, self.data_dir, self.lists_dir, self.cache_dir):
            directory.mkdir(parents=True, exist_ok=True)
        return self


def locate(home: str | os.PathLike[str] | None = None) -> Locations:
    """Explicit `home` wins, then $PAPERS_HOME, then the platform's own directories."""
    home = home or os.environ.get(HOME_ENV) or None
    if home:
        root = Path(home).expanduser().resolve()
        return Locations(root / "config", root / "data", root / "cache")
    return Locations(
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)),
    )
