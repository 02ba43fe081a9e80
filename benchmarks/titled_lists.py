"""The titled lists the bare-list benchmarks score against: the development lists by name,
or any list file papers reads that has titles (`--files`), so that the same measurement
runs on lists this project has never seen (another venue, another year).

A list is returned as records with a "title" and an "abstract", as the corpora's JSON
holds them; a development list is read as it always was, another file through papers' own
reader (JSON, JSON Lines, CSV/TSV, BibTeX, RIS, OpenReview and arXiv exports...).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from index.errors import ListFormatError
from index.ingest.formats import read_list
from tests import locations

DEVELOPMENT = ("icml2020", "icml2021", "icml2022", "icml2023", "iclr2024_topics_dev")


class NoTitles(Exception):
    """A list that cannot be scored: unreadable, or without a single titled abstract."""


def list_label(source: str | Path) -> str:
    """A list's name in the tables: a development list's own, a file's stem."""
    return source if source in DEVELOPMENT else Path(source).name.split(".")[0]


def list_labels(sources: list[str | Path]) -> list[str]:
    """`list_label` of each source, made unique: two files of one name in different
    folders (`a/cvpr2017.json`, `b/cvpr2017.json`) are each folder's ("a-cvpr2017"), and
    a name given twice anyway is numbered. (Keyed by the bare stem, the second file's
    papers had been scored as the first's, or imported into its library.)"""
    plain = [list_label(source) for source in sources]
    folders: dict[str, list[Path]] = {}
    for source, label in zip(sources, plain, strict=True):
        if source not in DEVELOPMENT:
            folders.setdefault(label, []).append(Path(source).resolve().parent)
    labels = [f"{_folder_label(Path(source).resolve().parent, folders[label])}-{label}"
              if plain.count(label) > 1 and source not in DEVELOPMENT else label
              for source, label in zip(sources, plain, strict=True)]
    seen: dict[str, int] = {}
    unique = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        unique.append(label if seen[label] == 1 else f"{label}-{seen[label]}")
    return unique


def _folder_label(folder: Path, folders: list[Path]) -> str:
    """`folder` as it differs from the other folders of files with its name: the path
    below their common folder ("sample62/fresh" and "sample54" give "sample62-fresh" and
    "sample54"; the folder's own name alone named both samples' "fresh" alike)."""
    common = Path(os.path.commonpath(folders)) if len(set(folders)) > 1 else folder.parent
    return "-".join(folder.relative_to(common).parts) or folder.name


def chosen_sources(names: list[str] | None, files: list[Path]) -> list[str | Path]:
    """The development lists `names` (all of them unless only files are given), then the
    titled `files`."""
    return [*(names if names is not None else [] if files else DEVELOPMENT), *files]


def titled_records(source: str | Path) -> list[dict[str, str]]:
    """The records of `source` (a development list's name, or a path) that have both a
    title and an abstract, in file order."""
    if source in DEVELOPMENT:
        path = locations.CORPORA / f"{source}.json"
        records = json.loads(path.read_text(encoding="utf-8"))
    else:
        path = Path(source)
        try:
            records = [{"title": r.title or "", "abstract": r.abstract or ""}
                       for r in read_list(path).records]
        except ListFormatError as error:  # (its message names the file)
            raise NoTitles(str(error)) from error
        except OSError as error:
            raise NoTitles(f"{path}: {error.strerror or error}") from error
    titled = [{"title": r.get("title") or "", "abstract": r.get("abstract") or ""}
              for r in records if r.get("title") and r.get("abstract")]
    if not titled:
        raise NoTitles(f"{path}: no record has both a title and an abstract, so there is "
                       "nothing to score the derived names and titles against")
    return titled
