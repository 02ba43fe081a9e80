"""The meaning space of one library, on disk beside the search index: one generation
folder per build, named by a `CURRENT` pointer and swapped atomically, like the index's
own generations (a process reading an old one keeps its open files).

This module is light (it is imported at launch): reading a generation (space.py) and
building one (build.py) load numpy only when used.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..locks import file_lock
from .layout import BUILD_WAIT, LOCK, META, POINTER, VERSION, BuildReport, Progress, StoreView

if TYPE_CHECKING:
    from .space import Space

class MeaningIndex:
    """Opening the newest generation, and bringing it up to date with the store."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._space: Space | None = None
        self._space_name: str | None = None

    def current_name(self) -> str | None:
        """The generation CURRENT names, if it is one of ours and complete."""
        try:
            name = (self.root / POINTER).read_text(encoding="utf-8").strip()
        except (OSError, ValueError):
            return None
        if not name.startswith("m-") or "/" in name or "\\" in name:
            return None
        return name if (self.root / name / META).is_file() else None

    def current(self) -> Space | None:
        """The newest complete generation (reopened when another build replaced it), or
        None before the first build or when it cannot be read."""
        name = self.current_name()
        if name is None:
            return None
        if name != self._space_name:
            from .space import Space

            try:
                space = Space(self.root / name)
            except (OSError, ValueError, KeyError, EOFError):
                # Swapped or removed under us (keep what we had), or damaged: the next
                # update fits a fresh one.
                return self._space
            if space.meta.get("version") != VERSION:
                return None
            self._space, self._space_name = space, name
        else:  # a build that changed no vector moves the generation's seq on in place
            self._space.reread_meta()
        return self._space

    def behind(self, store_uuid: str, last_change: int) -> bool:
        space = self.current()
        return space is None or space.meta.get("store") != store_uuid or \
            int(space.meta.get("seq", 0)) < last_change

    def update(self, store: StoreView, *, refit: bool = False, timeout: float = BUILD_WAIT,
               progress: Progress | None = None, workers: int = 1) -> BuildReport | None:
        """Bring the space up to date with the store; None when another process is
        building it (this one keeps using the last generation). `workers`: the
        processes a fit may place papers with (placing.place)."""
        from . import build

        with file_lock(self.root / LOCK, timeout) as held:
            if not held:
                return None
            build.tidy(self.root, self.current_name())
            space = self.current()
            if refit or space is None or space.meta.get("store") != store.uuid:
                return build.refit(self.root, store, space, progress, workers)
            return build.fold(self.root, store, space, progress, workers)
