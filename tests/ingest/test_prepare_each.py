"""A large list is prepared by worker processes: the same papers, in the same order, as
one record at a time here, each record let go once handed out."""

from __future__ import annotations

import os
import threading

from index.ingest import prepare as preparing
from index.ingest.formats import decode_list, parse_text


def _records(path):
    text, named = decode_list(path, path.read_bytes())
    return parse_text(path, text, named=named).records


def test_workers_prepare_what_one_process_prepares(icml2023_path) -> None:
    records = _records(icml2023_path)
    if len(os.sched_getaffinity(0)) > 1:
        assert preparing.worker_count(len(records)) >= 2  # it runs in workers here
    expected = [preparing.prepare(record) for record in records]
    given = list(records)
    assert list(preparing.prepare_each(given)) == expected
    assert given == [None] * len(records)  # let go as handed out


def test_small_lists_and_threaded_processes_prepare_here(icml2023_path) -> None:
    assert preparing.worker_count(preparing.PARALLEL_FROM - 1) == 0
    ready, done = threading.Event(), threading.Event()
    other = threading.Thread(target=lambda: (ready.set(), done.wait(10)))
    other.start()
    try:
        ready.wait(10)
        # Forking a process with other threads (the app) can copy a held lock: never.
        assert preparing.worker_count(10**6) == 0
    finally:
        done.set()
        other.join()


def test_a_failing_record_fails_the_whole_preparation(icml2023_path) -> None:
    records = _records(icml2023_path)
    records[preparing.CHUNK * 3 + 1].abstract = None  # not text: prepare raises
    try:
        list(preparing.prepare_each(records))
    except (TypeError, AttributeError):
        pass
    else:
        raise AssertionError("a record that cannot be prepared must fail the import")


def _with_statistics(records):
    from index.ingest.names import list_statistics

    return list_statistics(record.abstract for record in records)


def test_a_repeated_abstract_is_prepared_once_with_the_same_result(icml2023_path) -> None:
    # ICML 2023 lists 154 abstracts twice or more (a paper in two sessions), each time
    # with its own title, authors or link: the papers are what preparing each one gives.
    records = _records(icml2023_path)
    abstracts = [record.abstract for record in records]
    assert len(set(abstracts)) < len(abstracts)
    statistics = _with_statistics(records)
    expected = [preparing.prepare(record, statistics) for record in records]
    assert list(preparing.prepare_each(list(records), statistics)) == expected  # workers
    # One process (a small list), a repeat in the very next record and far later.
    few = records[:60] + records[:3] + [records[10]]
    statistics = _with_statistics(few)
    assert list(preparing.prepare_each(list(few), statistics)) == \
        [preparing.prepare(record, statistics) for record in few]



def test_work_meanwhile_runs_beside_the_workers_and_is_done_with_them(icml2023_path) -> None:
    records = _records(icml2023_path)
    if preparing.worker_count(len(records)) == 0:
        return  # one core: no workers, nothing runs beside them
    ran: list[str] = []
    papers = preparing.prepare_each(list(records),
                                    meanwhile=lambda: ran.append(threading.current_thread()
                                                                 .name))
    first = next(papers)
    assert first.abstract
    rest = list(papers)
    assert len(rest) == len(records) - 1
    assert ran == ["papers-meanwhile"]
    # Nothing outlives the workers: the next large list may fork its own.
    assert threading.active_count() == 1
    assert preparing.worker_count(len(records)) >= 2


def _forks_counted(monkeypatch) -> list[int]:
    forked: list[int] = []
    fork = os.fork

    def counted() -> int:
        pid = fork()
        if pid:
            forked.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", counted)
    return forked


def test_statistics_over_cores_equal_one_pass(icml2023_path, monkeypatch) -> None:
    # Half counted by a forked child: the same counts, and the keys in the same order
    # (a Counter's order is the order a single pass meets each token first).
    from index.ingest.names import list_statistics

    abstracts = [r.abstract for r in _records(icml2023_path) if r is not None]
    monkeypatch.setattr(preparing, "worker_count", lambda count: 2)
    forked = _forks_counted(monkeypatch)
    split = preparing.statistics_over_cores(abstracts)
    one = list_statistics(abstracts)
    assert len(forked) == 1  # it did count over two processes
    assert split == one and list(split.usage.items()) == list(one.usage.items())
    for odd in ([], [""], ["Only ONE abstract with GPT-4."], abstracts[:3]):
        assert preparing.statistics_over_cores(odd) == list_statistics(odd)


def test_statistics_are_counted_here_for_a_small_list_or_with_threads(monkeypatch) -> None:
    forked = _forks_counted(monkeypatch)
    monkeypatch.setattr(preparing, "worker_count", lambda count: 0)  # small, threaded, 1 core
    abstracts = [f"We propose FooNet, unlike BarNet, for task {i}." for i in range(1000)]
    assert preparing.statistics_over_cores(abstracts).usage["foonet"] == 1000
    assert forked == []


def test_an_abstract_repeated_across_the_halves_is_counted_once(monkeypatch) -> None:
    """A conference list repeats a paper once per session it was presented in (half of
    ICML 2022's records): split over two processes, a repeat in each half is still one
    abstract, as list_statistics counts it."""
    from index.ingest.names import list_statistics

    monkeypatch.setattr(preparing, "worker_count", lambda count: 2)
    forked = _forks_counted(monkeypatch)
    repeated = "We propose FooNet, a new model, unlike BarNet."
    others = [f"A study of task {i} with nothing named." for i in range(10)]
    abstracts = [repeated, *others, repeated]
    split = preparing.statistics_over_cores(abstracts)
    assert len(forked) == 1
    assert split.usage["foonet"] == 1 and split.documents == 11
    assert split == list_statistics(abstracts) == list_statistics([repeated, *others])


def test_a_short_id_is_the_start_of_the_whole_key_s_base32() -> None:
    # short_id encodes only the bytes its characters come from.
    import base64
    import hashlib

    from index.ingest.prepare import short_id

    keys = [hashlib.sha256(str(n).encode()).hexdigest() for n in range(200)]
    keys += [bytes(range(size)).hex() for size in range(1, 12)]
    for key in keys:
        whole = base64.b32encode(bytes.fromhex(key)).decode("ascii").lower()
        for length in range(1, 60):
            assert short_id(key, length) == whole[:length]
