"""What `papers --version` says: the installed distribution's version, looked up only
when asked (importlib.metadata is about 15 ms of a launch)."""

from __future__ import annotations


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("papers")
    except PackageNotFoundError:
        return "unknown"
