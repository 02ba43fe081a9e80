"""`python -m tests.bench`: the benchmark suite under the name the issues use for it. The
suite lives in benchmarks/ (`python -m benchmarks`, the same options and output); this
only runs it."""

import sys

from benchmarks.suite import main

if __name__ == "__main__":
    sys.exit(main())
