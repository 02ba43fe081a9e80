"""The app and the meaning space: built in a worker once the app has opened, `~words`
searches by meaning and says so, and `m` lists the papers closest in meaning."""

from __future__ import annotations

from index import Library

from .helpers import results, running_app, settle, status_text, type_query


async def test_the_app_builds_the_meaning_space_and_searches_by_meaning(home):
    async with running_app(home) as (app, pilot):
        assert app.library is not None and not app.library.meaning_behind()
        await type_query(app, pilot, "~policy optimization")
        assert results(app).count > 0
        assert "closest in meaning" in status_text(app)
        shown = [results(app).results.card(i).id for i in range(results(app).count)]
    with Library(home) as library:
        assert shown == library.ids_of(library.search("~policy optimization"))


async def test_more_like_this_ranks_by_meaning(home):
    async with running_app(home) as (app, pilot):
        await type_query(app, pilot, "policy")
        await pilot.press("escape")
        source = results(app).current
        await pilot.press("m")
        await settle(app, pilot)
        shown = [results(app).results.card(i).id for i in range(results(app).count)]
        assert "papers like" in status_text(app)
    with Library(home) as library:
        assert shown == library.ids_of(library.similar(source.id, 50))
