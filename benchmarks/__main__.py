"""`python -m benchmarks`: the whole suite (options: `python -m benchmarks --help`)."""

import sys

from .suite import main

sys.exit(main())
