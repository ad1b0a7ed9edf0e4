"""The blind policy: it plays every game, and its choices never depend on hidden cards."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from engine import api, games, policies
from engine.games import dense_column as D, octagon as O, spinning_wheel as W
from engine.state import Config


@pytest.mark.parametrize("slug", games.available())
def test_blind_plays_every_game_to_the_end(slug):
    """Deals 1-5 end won or lost (never by the move limit), the moves replay through the
    rules, and no position is played twice."""
    for deal in range(1, 6):
        r = api.play(slug, deal, {}, "blind", budget=100_000)
        assert r["policy"] == "blind" and r["outcome"] in ("won", "lost"), (slug, deal)
        s = games.new(slug, deal)
        keys = [s.key()]
        for m in r["moves"]:
            s = s.step(m)
            keys.append(s.key())
        assert len(set(keys)) == len(keys)
        assert s.is_won() == (r["outcome"] == "won")


@pytest.mark.parametrize("slug", ["goes-doesnt-go", "favourite"])
def test_games_dealt_face_up_hide_nothing(slug):
    """Goes, Doesn't Go (goes-doesnt-go:3 'чтобы можно было различать карты') and the
    Favourite are dealt face up: the blind player sees every card but the foundations'
    covered ones."""
    s = games.new(slug, 1)
    for name, cards in s.visible():
        if not name.startswith("foundation"):
            assert None not in cards, name


def _octagon(deal, rng):
    """Octagon deal ``deal`` with its hidden cards (the stock, the side piles below their
    tops) shuffled among themselves."""
    s = O.new(deal)
    hidden = list(s.stock) + [c for p in s.sides for c in p[:-1]]
    rng.shuffle(hidden)
    sides = []
    for p in s.sides:
        k = len(p) - 1
        sides.append(tuple(hidden[:k]) + (p[-1],))
        del hidden[:k]
    t = O.new(deal)
    t.sides, t.stock = tuple(sides), tuple(hidden)
    t.fstock = bytes(c % 52 for c in t.stock)
    return s, t


def _dense(deal, rng):
    s = D.new(deal)
    t = D.new(deal)
    stock = list(s.stock)
    rng.shuffle(stock)
    t.stock = tuple(stock)
    return s, t


def _wheel(deal, rng):
    """Spinning Wheel: the hand after its first card (which is turned up) shuffled."""
    s = W.new(deal)
    rest = list(s.cfg.rest)
    tail = rest[1:]
    rng.shuffle(tail)
    c = s.cfg
    cfg = Config(c.slug, c.deal, c.readings)
    cfg.__dict__.update(c.__dict__)
    cfg.rest = tuple(rest[:1] + tail)
    t = W.new(deal)
    t.cfg = cfg
    return s, t


def _lockstep(a, b, steps=400):
    """Play the blind policy from ``a`` and ``b`` side by side while they look alike to the
    player; assert that it chooses alike. Returns the number of moves played alike and
    whether the two came to look different."""
    seen_a, seen_b = {policies.seen_form(a)}, {policies.seen_form(b)}
    n = 0
    for _ in range(steps):
        if a.visible() != b.visible():
            return n, True
        if a.is_over() or b.is_over():
            break
        assert a.legal_moves() == b.legal_moves()
        ma = policies.choose("blind", a, seen=seen_a)
        mb = policies.choose("blind", b, seen=seen_b)
        assert ma == mb, (n, ma, mb)
        if ma is None:
            break
        a, b = a.apply(ma), b.apply(mb)
        seen_a.add(policies.seen_form(a))
        seen_b.add(policies.seen_form(b))
        n += 1
    return n, False


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([_octagon, _dense, _wheel]), st.integers(1, 5000), st.integers(0, 2**32))
def test_blind_choices_do_not_depend_on_hidden_cards(make, deal, seed):
    """Two deals that differ only in the order of the hidden cards (stock, hand, the
    covered cards of squared piles) get the same blind moves for as long as what the
    player sees is the same."""
    a, b = make(deal, random.Random(seed))
    assert a.visible() == b.visible()
    _lockstep(a, b)


def _readings(slug):
    """The default readings and each single change of reading of game ``slug``."""
    mod = games.get(slug)
    return [{}] + [{a.id: r.id} for a in mod.AMBIGUITIES for r in a.readings
                   if r.id != a.default]


@pytest.mark.parametrize("slug", games.available())
def test_the_moves_offered_depend_only_on_what_the_player_sees(slug):
    """Under every reading: along the blind player's line of deals 1-2, the position with
    its hidden cards dealt anew (``sample_hidden``) looks the same and offers the same legal
    moves (a tester's find: under the Octagon's negation=literal, an opening dig was
    offered only for a covered side-pile card that fits, so the blind and careful players,
    and the Play panel's list of moves, peeked)."""
    from engine.deal import SplitMix64
    for readings in _readings(slug):
        for deal in (1, 2):
            s = games.new(slug, deal, readings)
            moves = api.play(slug, deal, readings, policy="blind", budget=150)["moves"]
            for n, m in enumerate([None] + moves):
                if m is not None:
                    s = s.apply(tuple(m))
                if s.is_over():
                    break
                for k in (1, 2):
                    t = s.sample_hidden(SplitMix64(n * 7 + k))
                    assert t.visible() == s.visible(), (readings, deal, n)
                    assert t.legal_moves() == s.legal_moves(), (readings, deal, n)


def test_lockstep_plays_past_the_first_card_turned():
    """The lockstep is no empty check: on these deals the two positions stay alike for
    several moves and then part when a hidden card comes to light."""
    for make, deal in ((_octagon, 1), (_dense, 1), (_wheel, 1)):
        a, b = make(deal, random.Random(7))
        assert a.to_json() == b.to_json() and a.visible() == b.visible()
        n, parted = _lockstep(a, b)
        assert n >= 1 and parted, make.__name__


def test_cli_plays_blind(tmp_path):
    from click.testing import CliRunner
    from extract.cli import main
    r = CliRunner().invoke(main, ["play", "spinning-wheel", "--deal", "1", "--policy", "blind",
                                  "--format", "json"])
    assert r.exit_code == 0, r.output
    import json
    data = json.loads(r.output)
    assert data["policy"] == "blind" and data["outcome"] in ("won", "lost")
    assert games.replay("spinning-wheel", 1, data["readings"], data["moves"]).is_won() == (
        data["outcome"] == "won")
