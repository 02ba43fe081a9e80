"""How the trends screen looks (pytest-textual-snapshot): two small lists compared, the
terms that rose and fell in their tables and the bar chart beside them. Update with
`--snapshot-update` and review the SVG diff."""

from __future__ import annotations

import pytest

from tui.app import PapersApp

from .helpers import steady
from .test_trends import two_lists_home  # noqa: F401 - the fixture

pytestmark = pytest.mark.timeout(120)


def test_trends_screen(snap_compare, two_lists_home):  # noqa: F811
    assert snap_compare(PapersApp(str(two_lists_home)), terminal_size=(130, 40),
                        run_before=steady("escape", "W"))
