"""The `papers` command's entry point. `papers --version` is answered before anything of
the library is imported, and `papers` alone (or with only `--data-dir DIR`) opens the app
without building the command line, whose help texts import every list reader and output
format; everything else goes to tui.cli."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Mapping, Sequence

from . import __version__

_INSTEAD = ("To print results instead: papers search QUERY, papers show ID, papers export "
            "(papers --help lists every command).")


def _app_only(args: list[str]) -> tuple[bool, str | None]:
    """Whether `args` just open the app, and the data directory they name."""
    if not args:
        return True, None
    if len(args) == 2 and args[0] == "--data-dir" and not args[1].startswith("-"):
        return True, args[1]
    if len(args) == 1 and args[0].startswith("--data-dir=") and len(args[0]) > 11:
        return True, args[0].removeprefix("--data-dir=")
    return False, None  # anything else, bad usage included, is the parser's to answer


def why_no_app(stdin: io.TextIOBase | None, stdout: io.TextIOBase | None,
               environ: Mapping[str, str]) -> str | None:
    """Why the app cannot run here, or None. Drawn into a pipe or a file it would be
    escape codes there (`papers | less`, `papers > out.txt`), and keys cannot come from
    a file; a dumb terminal (Emacs's shell) cannot draw it."""
    not_terminals = [name for name, stream in (("input", stdin), ("output", stdout))
                     if stream is None or not stream.isatty()]
    if not_terminals:
        streams = " and ".join(not_terminals)
        verb = "are" if len(not_terminals) > 1 else "is"
        return (f"papers: the app needs a terminal, and its standard {streams} {verb} "
                f"not one. {_INSTEAD}")
    if environ.get("TERM") == "dumb":
        return ("papers: this terminal (TERM=dumb) cannot draw the app; run it in a "
                f"terminal emulator (in Emacs: M-x term or vterm). {_INSTEAD}")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--version"]:
        print(f"papers {__version__}")
        return 0
    app_only, data_dir = _app_only(args)
    if app_only:
        refusal = why_no_app(sys.stdin, sys.stdout, os.environ)
        if refusal is not None:
            print(refusal, file=sys.stderr)
            return 1
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
