"""Heart Speaks to Heart hides what lies face down (heart-to-heart:3 'крапом вверх', :4 the
reserve 'на выручку'): the packets show their top card only, the reserve nothing, until a
card is turned. The game needs no visible() of its own: State.visible()'s default (squared
piles show their top; a pile named '... reserve' shows nothing; fanned piles show all) is its
table. Checked through the Play panel's API and the blind policy."""
import random

from engine import api, games
from engine.cards import CODES
from engine.games import heart_to_heart as H
from engine.state import Config
from test_blind_policy import _lockstep


def test_panel_shows_packet_tops_and_no_reserve_card():
    p = api.position("heart-to-heart", 1)
    piles = {x["name"]: x["cards"] for x in p["piles"]}
    for who in "AB":
        for i in range(1, 17):
            cards = piles[f"{who} packet {i}"]
            assert len(cards) == 3 and cards[:2] == [None, None] and cards[2] is not None
        assert piles[f"{who} reserve"] == [None] * 4
        assert piles[f"{who} open reserve"] == []


def test_a_taken_pair_turns_up_the_card_beneath_and_the_reserve_when_turned():
    s = games.new("heart-to-heart", 1)
    m = s.legal_moves()[0]
    assert m[0] == "pair"
    name, _x, _y, cards, _f = s.piles()[m[1]]            # player A's packet of the pair
    after = {x["name"]: x["cards"] for x in
             api.position("heart-to-heart", 1, None, [list(m)])["piles"]}
    assert after[name] == [None, CODES[cards[1]]]        # the card beneath now shows
    # at the first reserve move each player's next reserve card is turned up
    r = api.play("heart-to-heart", 1, {}, "greedy")
    k = r["moves"].index(["reserve"])
    view = {x["name"]: x["cards"] for x in
            api.position("heart-to-heart", 1, None, r["moves"][:k + 1])["piles"]}
    assert view["A reserve"] == [None] * 3 and view["B reserve"] == [None] * 3
    opened = view["A open reserve"] + view["B open reserve"]
    assert opened and None not in opened


def test_legal_moves_do_not_tell_hidden_cards():
    """Every pair of showing cards of one rank is offered, even where two packets hide the
    same ranks (the player cannot know it); only the solver's search_moves() drops such
    twins."""
    for deal in range(1, 30):
        s = games.new("heart-to-heart", deal)
        b = [(sb, c % 13) for sb, c in s.showing(1)]
        want = [("pair", sa, sb) for sa, c in s.showing(0) for sb, r in b if r == c % 13]
        assert s.legal_moves() == (want or [("reserve",)]), deal
        assert set(s.search_moves()) <= set(s.legal_moves())


def _heart(deal, rng):
    """Deal ``deal`` with each player's hidden cards (packets below their tops, reserve)
    shuffled among themselves."""
    s = H.new(deal)
    packets, reserves = [], []
    for p in (0, 1):
        hidden = [c for pk in s.packets[p] for c in pk[:-1]] + list(s.cfg.reserve[p])
        rng.shuffle(hidden)
        pks = []
        for pk in s.packets[p]:
            pks.append(tuple(hidden[:2]) + (pk[-1],))
            del hidden[:2]
        packets.append(tuple(pks))
        reserves.append(tuple(hidden))
    c = s.cfg
    cfg = Config(c.slug, c.deal, c.readings)
    cfg.__dict__.update(c.__dict__)
    cfg.reserve = tuple(reserves)
    t = H.new(deal)
    t.cfg, t.packets = cfg, tuple(packets)
    return s, t


def test_blind_choices_do_not_depend_on_hidden_cards():
    """Deals that differ only in the hidden cards get the same blind moves for as long as
    they look alike, and do come to look different (the check is not empty)."""
    parted = 0
    for deal in range(1, 9):
        a, b = _heart(deal, random.Random(deal))
        assert a.visible() == b.visible() and a.packets != b.packets
        n, p = _lockstep(a, b)
        parted += p
    assert parted >= 4
