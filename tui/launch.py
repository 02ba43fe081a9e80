"""The `papers` command's entry point. `papers --version` is answered before anything of
the library is imported, and `papers` alone (or with only `--data-dir DIR`) opens the app
without building the command line, whose help texts import every list reader and output
format; everything else goes to tui.cli."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from . import __version__


def _app_only(args: list[str]) -> tuple[bool, str | None]:
    """Whether `args` just open the app, and the data directory they name."""
    if not args:
        return True, None
    if len(args) == 2 and args[0] == "--data-dir" and not args[1].startswith("-"):
        return True, args[1]
    if len(args) == 1 and args[0].startswith("--data-dir=") and len(args[0]) > 11:
        return True, args[0].removeprefix("--data-dir=")
    return False, None  # anything else, bad usage included, is the parser's to answer


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--version"]:
        print(f"papers {__version__}")
        return 0
    app_only, data_dir = _app_only(args)
    if app_only:
        from .collection import pause_for_launch

        pause_for_launch()  # until the first paint
        from .opening import Opening

        opening = Opening(data_dir)  # the library opens while Textual loads
        from .app import run_app

        return run_app(data_dir, opening)
    from .cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
