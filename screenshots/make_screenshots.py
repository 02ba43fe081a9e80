"""Regenerate the SVG screenshots in this folder from the real app on the bundled lists.

    python screenshots/make_screenshots.py

Each shot opens `papers` on a fresh library in a temporary directory (so your own tags
never appear), types the keys a user would, and saves what the terminal shows.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from contextlib import suppress
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from textual.widgets import Input  # noqa: E402
from textual.worker import WorkerCancelled  # noqa: E402

from index import Library  # noqa: E402
from tui.app import PapersApp  # noqa: E402

SHOTS = [
    # name, terminal size, keys typed after the library has opened
    ("browse", (130, 40), ["escape"]),
    ("search", (130, 40), [*"policy optimization", "escape", "j"]),
    ("latex", (130, 40), [*"length generalization", "escape"]),
    ("narrow", (80, 24), [*"diffusion", "escape"]),
    ("tags", (130, 32), ["escape", "T"]),
    ("help", (130, 40), ["escape", "question_mark"]),
    ("reading", (130, 40), [*"policy", "escape"]),
    ("note", (130, 32), [*"owpo", "escape", "n"]),
]


async def settle(app: PapersApp, pilot) -> None:
    for _ in range(3):
        with suppress(WorkerCancelled):  # a superseded search: nothing to wait for
            await app.workers.wait_for_complete(
                [w for w in app.workers if not w.is_cancelled])
        await pilot.pause()


async def shoot(name: str, size: tuple[int, int], keys: list[str]) -> Path:
    with tempfile.TemporaryDirectory() as home:
        with Library(home) as library:  # a few tags, so the tag views show something
            for query, tag in (("owpo", "rlhf"), ("f-divergence", "rlhf"),
                               ("tracer", "to-read"), ("trifuse", "to-read")):
                library.tag([library.search(query).card(0).id], [tag])
            # Some reading done, so the list shows unread, seen, read and starred papers.
            ids = library.ids_of(library.search("policy"))
            library.set_status(ids[1:3], "read")
            library.mark_seen(ids[3:5])
            library.set_priority(ids[:1], 2)
            library.set_note(ids[0], "Compare the one-way update with PPO's clipping.\n"
                                     "Try it on the reward model from last week.")
        import tui.reading_state

        tui.reading_state.SEEN_AFTER = 3600  # the shot shows the state set above
        app = PapersApp(home)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            app.query_one("#search", Input).cursor_blink = False
            await pilot.press(*keys)
            await settle(app, pilot)
            path = HERE / f"{name}.svg"
            app.save_screenshot(filename=path.name, path=str(HERE))
            return path


async def shoot_discovery(size: tuple[int, int] = (150, 45)) -> list[Path]:
    """What changed from ICML 2022 to ICML 2023 (terms, then topics) and the topic panel,
    on the real lists of the shared corpora beside the checkout (the bundled ones
    removed); skipped when they are absent."""
    from tests.locations import CORPORA

    lists = [CORPORA / "icml2022.json", CORPORA / "icml2023.json"]
    if not all(path.is_file() for path in lists):
        print(f"skipped trends and topics: {CORPORA} holds no ICML 2022 and 2023 lists")
        return []
    shots = []
    with tempfile.TemporaryDirectory() as home:
        with Library(home) as library:
            for info in library.lists():
                library.remove_list(info.name)
            library.add_all(lists)  # indexing builds the topics too
        import tui.reading_state

        tui.reading_state.SEEN_AFTER = 3600
        app = PapersApp(home)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            while not app.topics_ready:
                await pilot.pause(0.1)
            app.query_one("#search", Input).cursor_blink = False
            for name, keys in (("trends", ["escape", "W"]), ("trends-topics", ["t"]),
                               ("topics", ["escape", "ctrl+t", "down", "down", "down",
                                           "enter"])):
                await pilot.press(*keys)
                await settle(app, pilot)
                if name == "topics":  # the panel, beside the chosen topic's papers
                    app.last_results.elapsed = 0.0
                    app.set_status(app._status_text(app.last_results))
                    await pilot.pause()
                path = HERE / f"{name}.svg"
                app.save_screenshot(filename=path.name, path=str(HERE))
                shots.append(path)
    return shots


def main() -> None:
    for name, size, keys in SHOTS:
        print(asyncio.run(shoot(name, size, keys)))
    for path in asyncio.run(shoot_discovery()):
        print(path)


if __name__ == "__main__":
    main()
