"""The benchmark suite: measurement only, nothing here asserts a timing (see suite.py).

    python -m benchmarks [--quick] [--sizes CORPUS...] [--skip-app] [--out DIR]

suite.py runs the phases, each in a fresh process (child.py); corpus.py builds the
corpora, search.py times queries in process (papers and SQLite FTS5), app.py drives the
app through Pilot, terminal.py launches the real `papers` in a pseudo-terminal.

Kept empty of imports: every `python -m benchmarks.child` loads this first, and the app
task measures start-up from the interpreter's own start.
"""
