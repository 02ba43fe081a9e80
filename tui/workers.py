"""Thread workers described by their name alone.

Textual's `@work` describes each worker it starts (for debugging) with the repr of every
argument, made on the UI thread as the worker starts. A worker handed a search's results
(`_progress`, after each paper marked seen, read or starred) had it repr'd: 9-33 ms at
100,000 papers (1.5 million characters for a one-letter query), a stall of the app each
time the reader dwelt on a paper. `in_thread` gives `@work` the method's name as its
description, which Textual then uses as is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import work


def in_thread(group: str, *, exclusive: bool = False) -> Callable[[Callable[..., Any]], Any]:
    """`@work(thread=True, group=group, exclusive=exclusive)`, described by name."""
    def decorator(method: Callable[..., Any]) -> Any:
        return work(method, thread=True, group=group, exclusive=exclusive,
                    description=method.__name__)
    return decorator
