"""The precomputed card codes (engine.cards.CODES) agree with Card.code, in codes() and in
State.layout() of every game (the cards of State.shown_piles(), which differ from
State.piles() only in which pack's copy a foundation's card is named by)."""
import pytest

from engine import games
from engine.cards import CARDS, Card, codes


def test_codes_match_card_code_and_parse_back():
    out = codes(range(104))
    assert out == [CARDS[i].code for i in range(104)]
    assert [Card.parse(c) for c in out] == list(range(104))
    assert out[9] == "10S" and out[52 + 13 + 11] == "QH'"


@pytest.mark.parametrize("slug", games.available())
def test_layout_codes_are_the_piles_cards(slug):
    s = games.new(slug, 4)
    for _ in range(10):  # a few moves in, so cards have moved
        if s.is_over():
            break
        s = s.apply(s.legal_moves()[-1])
    lay = s.layout()
    assert [p["cards"] for p in lay["piles"]] == \
        [[CARDS[c].code for c in cards] for _n, _x, _y, cards, _f in s.shown_piles()]
    # what is drawn is the position's cards, a foundation's copy named apart
    assert [[c.rstrip("'") for c in p["cards"]] for p in lay["piles"]] == \
        [[CARDS[c].code.rstrip("'") for c in cards] for _n, _x, _y, cards, _f in s.piles()]
