"""Long loads beside the app's keystrokes give way to them (index/giving_way.py): the
warm-up's loops (the ranker's term tables, the id table, the prefix table, the
method-name index) wait at the app's gate while a keystroke is answered, and only the
thread that asked waits."""

from __future__ import annotations

import threading

import pytest

from index.giving_way import give_way, giving_way

pytestmark = pytest.mark.timeout(60)


def test_give_way_calls_the_gate_of_its_own_thread_only():
    calls: list[str] = []
    with giving_way(lambda: calls.append(threading.current_thread().name)):
        give_way()
        other = threading.Thread(target=give_way, name="a search")
        other.start()
        other.join()
    give_way()  # after the block: no gate
    assert calls == [threading.current_thread().name]


def test_a_warm_up_step_waits_at_the_gate_until_the_keystroke_is_drawn(copied_library):
    library = copied_library
    library.search("policy")  # the app warms up after its first search
    keys_drawn = threading.Event()  # cleared: a keystroke is being answered
    gate_calls: list[float] = []

    def gate() -> None:
        gate_calls.append(1)
        keys_drawn.wait(30)

    done: list[str] = []
    warming = threading.Thread(
        target=lambda: done.extend(library.warm_up_steps(gate)), daemon=True)
    warming.start()
    warming.join(0.5)
    # Inside its first step, waiting: no step has finished while the key is answered.
    assert warming.is_alive() and gate_calls and not done
    keys_drawn.set()
    warming.join(30)
    assert done == ["ranker", "ids", "prefixes", "meaning", "names"]
    # The loops of more than one step asked (the seeded lists' prefix table has more
    # words than one turn, and the names are read a turn at a time).
    assert len(gate_calls) >= 3
    assert library.index.prefixes().expand("pol")  # and what they built is complete


def test_the_id_table_read_at_once_is_whooshs_value_by_value(copied_library, monkeypatch):
    """The id column read a segment's block at a time (search_index._column_at_once) is
    what Whoosh's column reader gives a value at a time, across segments, and without
    the deleted documents (an edited paper's old document keeps its id)."""
    from index.search import search_index

    library = copied_library
    edited = library.index.ids_of(library.search("policy"))[0]
    library.edit(edited, title="An edited title")  # its old document is now deleted
    library.search("policy")
    reader = library.index._searcher.reader()
    assert reader.has_deletions() and len(reader.leaf_readers()) > 1
    assert search_index._column_at_once(reader) == list(reader.column_reader("id"))
    column, numbers = search_index._id_columns(reader)
    assert numbers == {column[n]: n for n in range(len(column)) if not reader.is_deleted(n)}
    assert edited in numbers and len(numbers) < len(column)
    # Where a segment's column is not one block (another Whoosh), the same, a value at
    # a time.
    monkeypatch.setattr(search_index, "_column_at_once", lambda _reader: None)
    assert search_index._id_columns(reader) == (column, numbers)


def test_the_warm_up_reads_the_id_table_giving_way(copied_library, monkeypatch):
    library = copied_library
    library.search("policy")
    index = library.index
    searcher = index._searcher
    index._id_columns = None  # (as a new searcher starts)
    gate_calls: list[int] = []
    with giving_way(lambda: gate_calls.append(1)):
        index.read_ids()
    read_early = index._id_columns
    assert read_early is not None and index._ids_read_for(searcher) == read_early[1:] \
        and gate_calls
    # Value by value, between pages of ids.
    monkeypatch.setattr("index.search.search_index._column_at_once", lambda _reader: None)
    monkeypatch.setattr("index.search.search_index.ID_PAGE", 5)
    index._id_columns = None
    gate_calls.clear()
    with giving_way(lambda: gate_calls.append(1)):
        index.read_ids()
    assert index._id_columns[1:] == read_early[1:]
    assert len(gate_calls) >= len(read_early[1]) // 5
    # What a search reads for itself: the same.
    index._id_columns = None
    assert index._ids(searcher) == read_early[1:]
