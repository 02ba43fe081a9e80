"""Papers' codec: Whoosh is extended through its codec, never changed.

Papers used to patch Whoosh's classes on import; now its codec (index/search/engine/
codec.py), writer and AndNot are subclasses. Checked here: importing and using papers
leaves every Whoosh class as Whoosh ships it, the segments papers writes name its codec,
and stock Whoosh reads them through that codec when papers can be imported (and fails,
naming papers' module, when it cannot).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from whoosh.codec.whoosh3 import W3Codec

from index import Library
from index.search.engine.codec import (
    POSTINGS_PER_BLOCK,
    MappedFile,
    PapersCodec,
    PapersSegment,
    PapersTermsReader,
)

from ...locations import REPO

# Every (class, attribute) papers once replaced on Whoosh's classes.
ONCE_PATCHED = {
    "whoosh.codec.whoosh3:W3PostingsWriter": ["_write_block", "_mini_ids", "_mini_weights",
                                               "_mini_values", "add_posting"],
    "whoosh.codec.whoosh3:W3LeafMatcher": ["_read_data", "_read_ids", "_read_weights",
                                            "_read_values"],
    "whoosh.codec.whoosh3:W3PerDocReader": ["_cached_reader"],
    "whoosh.codec.whoosh3:W3FieldWriter": ["add_postings"],
    "whoosh.filedb.structfile:BufferFile": ["__init__"],
    "whoosh.writing:PostingPool": ["add", "_write_run", "_read_run", "save",
                                   "iter_postings"],
    "whoosh.matching.binary:AndNotMatcher": ["_find_first"],
    "whoosh.query:AndNot": ["matcher"],
    "whoosh.writing:SegmentWriter": ["__init__"],
    "whoosh.codec.whoosh3:W3Codec": ["postings_writer", "postings_reader", "field_writer",
                                     "terms_reader", "per_document_reader", "new_segment"],
    "whoosh.codec.base:Segment": ["open_compound_file"],
    "whoosh.filedb.compound:CompoundStorage": ["open_file"],
}

DESCRIBE = textwrap.dedent("""
    import importlib, json, sys

    def describe(patched):
        seen = {}
        for where, names in patched.items():
            module, name = where.split(":")
            cls = getattr(importlib.import_module(module), name)
            for attribute in names:
                function = getattr(cls, attribute)
                code = function.__code__
                seen[f"{where}.{attribute}"] = [function.__module__, function.__qualname__,
                                               code.co_filename, code.co_firstlineno]
        return seen
""")

USE_PAPERS = textwrap.dedent("""
    import tempfile
    from index import Library

    with Library(tempfile.mkdtemp()) as library:
        library.sync()
        found = library.search("policy optimiz")
        assert len(found) > 0
        assert library.search('"policy optimization" -neural', complete_last=False)
        library.edit(found.ids()[0], title="Kept zzkept")  # an update: a second segment
        assert library.search("zzkept").ids() == found.ids()[:1]
""")


def _run(code: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=180)


def test_using_papers_leaves_whoosh_classes_as_whoosh_ships_them(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PAPERS_HOME": str(tmp_path)}
    patched = json.dumps(ONCE_PATCHED)
    stock = _run(DESCRIBE + f"print(json.dumps(describe({patched})))\n"
                 "assert 'index' not in sys.modules", env, tmp_path)
    assert stock.returncode == 0, stock.stderr  # (and that one never imported papers)
    used = _run(DESCRIBE + USE_PAPERS + f"print(json.dumps(describe({patched})))",
                env, tmp_path)
    assert used.returncode == 0, used.stderr
    before, after = json.loads(stock.stdout), json.loads(used.stdout.splitlines()[-1])
    assert after == before
    assert len(after) == sum(len(names) for names in ONCE_PATCHED.values())
    for where, (module, qualname, _file, _line) in after.items():
        assert module.startswith("whoosh"), (where, module, qualname)


def test_papers_segments_name_papers_codec(library: Library) -> None:
    index = library.index
    library.edit(library.search("policy").ids()[0], title="Again")  # an update's segment
    segments = index._ix._read_toc().segments
    assert len(segments) == 2
    for segment in segments:
        assert type(segment) is PapersSegment
        assert type(segment.codec()) is PapersCodec
        assert segment.codec()._blocklimit == POSTINGS_PER_BLOCK
    for leaf, _offset in index._searcher.reader().leaf_readers():
        assert type(leaf.codec()) is PapersCodec
        terms = leaf._terms
        assert isinstance(terms, PapersTermsReader)
        # read through the memory map, no copy
        assert isinstance(terms._postfile, MappedFile)
        assert terms.postings_buffer is not None and terms.table_buffer is not None


def test_papers_codec_is_w3codec_with_papers_block_size() -> None:
    codec = PapersCodec()
    assert isinstance(codec, W3Codec) and codec._blocklimit == POSTINGS_PER_BLOCK


STOCK_READER = textwrap.dedent("""
    import json, sys
    from whoosh import index
    from whoosh.qparser import QueryParser

    ix = index.open_dir(sys.argv[1])
    with ix.searcher() as searcher:
        query = QueryParser("abstract", ix.schema).parse(sys.argv[2])
        hits = searcher.search(query, limit=None)
        found = {hit["id"]: hit.score for hit in hits}
        codecs = sorted({type(s.codec()).__qualname__ for s in ix._read_toc().segments})
    print(json.dumps({"found": found, "codecs": codecs}))
""")

BLOCKED_READER = textwrap.dedent("""
    import importlib.abc, sys

    class NoPapers(importlib.abc.MetaPathFinder):
        # as if papers were not installed where this interpreter runs
        def find_spec(self, name, path=None, target=None):
            if name == "index" or name.startswith("index."):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, NoPapers())
    from whoosh import index
    from whoosh.fields import ID, Schema

    try:
        # (a schema of its own: papers' pickled schema would fail first)
        index.open_dir(sys.argv[1], schema=Schema(id=ID(stored=True)))
    except Exception as error:
        print(type(error).__name__, error)
    else:
        print("read")
""")


def test_stock_whoosh_reads_papers_index_through_the_pickled_codec(library: Library,
                                                                   tmp_path: Path) -> None:
    folder = library.index._ix.storage.folder
    searcher = library.index._searcher
    query = library.index._queries.parse("abstract:policy")
    expected = {hit["id"]: hit.score for hit in searcher.search(query, limit=None)}
    assert len(expected) > 3
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("PAPERS_HOME", None)
    done = subprocess.run([sys.executable, "-c", STOCK_READER, folder, "policy"],
                          capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=180)
    assert done.returncode == 0, done.stderr
    read = json.loads(done.stdout)
    assert read["codecs"] == ["PapersCodec"]
    assert read["found"] == expected


def test_stock_whoosh_without_papers_fails_naming_papers_codec(library: Library,
                                                               tmp_path: Path) -> None:
    folder = Path(library.index._ix.storage.folder)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PAPERS_HOME")}
    done = subprocess.run([sys.executable, "-c", BLOCKED_READER, str(folder)],
                          capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=180)
    assert done.returncode == 0, done.stderr
    # Whoosh unpickles the segments: the codec's module is what it cannot import...
    assert done.stdout.startswith("ModuleNotFoundError No module named 'index"), done.stdout
    # ...and the table of contents names it, with the codec class.
    [toc] = folder.glob("*.toc")
    assert b"index.search.engine.codec" in toc.read_bytes()
    assert b"PapersCodec" in toc.read_bytes()


def _ids(matcher) -> list[int]:
    return list(matcher.all_ids())


def test_excluding_matcher_drops_a_first_match_whoosh_keeps() -> None:
    from whoosh.matching import ListMatcher
    from whoosh.matching.binary import AndNotMatcher

    from index.search.engine.matching import ExcludingMatcher

    # b's postings start before a's first match, which b also has
    assert _ids(AndNotMatcher(ListMatcher([2, 5]), ListMatcher([1, 2]))) == [2, 5]
    assert _ids(ExcludingMatcher(ListMatcher([2, 5]), ListMatcher([1, 2]))) == [5]
    assert _ids(ExcludingMatcher(ListMatcher([2, 5]), ListMatcher([]))) == [2, 5]


def test_built_queries_exclude_through_papers_andnot(library: Library) -> None:
    from whoosh import query

    from index.search.engine.matching import AndNot

    def kinds(node) -> list[type]:
        return [type(node)] + [k for child in node.children() for k in kinds(child)]

    for text in ("graph -neural", "graph ANDNOT neural", '"policy optimization" -neural',
                 "policy graph -neural -bandit", "graph ANDNOT (neural OR bandit)", "title:graph -tag:old"):
        found = kinds(library.index._queries.build(text, True).query)
        assert AndNot in found and query.AndNot not in found, text
