"""The tests, laid out like the source they test.

    ingest/         index/ingest: list readers, LaTeX rendering, derived titles; bad files
    store/          index/store: the SQLite library, its recovery from a damaged file
    search/         index/search: queries, analysis, the hardening of typed queries
    search/engine/  index/search/engine: posting lists and vector ranking against Whoosh
    output/         index/output: citations and exports
    tui/            tui: the app through Pilot, the CLI, snapshots (__snapshots__/ beside)
    hardening/      what cuts across the layers: crashes (kill -9), two processes at once,
                    where files may go, hostile text from import to the screen
    test_library.py the Library facade as a whole; test_layering.py what imports what

A hardening test sits with the layer it hardens when one layer owns the behaviour: bad
list files (ingest), a damaged library file and its recovery (store), any typed query
(search). The four in hardening/ each prove a promise no single layer keeps alone, with
the store, the index, the CLI and the app all in play, so they stay together.

Shared pieces: conftest.py (fixtures: `home`, `library`, `seeded_library`,
`icml2023_path`, `icml2023_library`, `write_list`, `run_cli`...), locations.py (the
repository, the seed lists and the ICML 2023 corpus: the one place those paths are
spelt out), factories.py (list files written by a test), on_disk.py (the index folder's
layout as another process sees it), tui/helpers.py (driving the app). The benchmarks are
not tests: they live in the top-level `benchmarks/` package (`python -m benchmarks`).
"""
