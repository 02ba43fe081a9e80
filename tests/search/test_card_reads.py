"""A row's card is read from the index once per searcher: each keystroke's results are
new, but the rows they show were mostly read for the keystroke before. Tags (from the
store, not the index) still show as they are when the search runs."""

from __future__ import annotations

import pytest

from index.card import Card


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the cards read from the index's stored fields, in order."""
    read: list[str] = []
    from_tuple = Card.from_tuple

    def counted(values):
        card = from_tuple(values)
        read.append(card.id)
        return card

    monkeypatch.setattr(Card, "from_tuple", counted)
    return read


def test_the_next_keystrokes_rows_are_not_read_again(library, reads):
    first = library.search("policy")
    assert len(first) >= 4
    cards = first.cards(0, 4)
    reads.clear()
    again = library.search("policy")  # new results, the same searcher
    assert again.cards(0, 4) == cards
    assert reads == []
    narrower = library.search("policy optimization")
    listed = narrower.cards()
    shown = {card.id for card in cards}
    assert shown & {card.id for card in listed}  # rows the first search read too
    assert not shown & set(reads)
    assert set(reads) <= {card.id for card in listed}


def test_a_tag_shows_on_the_next_search_and_goes_with_its_removal(library, reads):
    card = library.search("policy").card(0)
    library.tag([card.id], ["to-read"])
    tagged = library.search("policy")
    assert tagged.card(tagged.position(card.id)).tags == ("to-read",)
    library.untag([card.id], ["to-read"])
    untagged = library.search("policy")
    assert untagged.card(untagged.position(card.id)).tags == ()
