"""The Dense Column (engine/games/dense_column.py)."""
from collections import Counter

from hypothesis import given, settings, strategies as st

from engine import games

from engine_walk import walk
from engine.games import dense_column as D
from engine.policies import playout
from engine.solver import solve

G = "dense-column"
#: the reading under which the side rule holds through the whole deal (the default until
#: the default became side-places=first-round)
DD = {"side-places": "during-deal"}


def cards(s):
    return Counter(c % 52 for _n, _x, _y, cs, _f in s.piles() for c in cs)


def test_golden_deal_1():
    s = D.new(1)
    assert len(s.stock) == 96 and s.legal_moves() == [("turn",)]
    for _ in range(12):
        s = s.turn()
    p = {d["name"]: d["cards"] for d in s.layout()["piles"]}
    assert [len(p[n]) for n in D.PLACE_NAMES] == [1] * 12
    assert s.found == (1, 1, 1, 1, 13, 13, 13, 13)


def test_full_deal_and_side_rule():
    s = D.new(1)
    while s.stock:
        s = s.apply(("turn",))
    assert [len(p) for p in s.places] == [8] * 12
    # while dealing (reading during-deal), a side card goes only to its own foundation
    s = D.new(3, DD)
    seen = 0
    while s.stock:
        for m in s.foundation_moves():
            if D.BESIDE[m[1]] is not None:
                assert m[2] == D.BESIDE[m[1]]
                seen += 1
        s = s.apply(("turn",))
    assert cards(s) == Counter({c: 2 for c in range(52)})


def test_redeals_and_the_lost_end():
    """Greedy play of deal 1 (reading during-deal) loses; it redeals twice (three deals in
    all) and then stops."""
    o, f = playout(D.new(1, DD), "greedy", max_moves=5000)
    assert o == "lost" and f.deal_no == 3 and not f.stock
    o4, f4 = playout(D.new(1, {**DD, "deals": "three-redeals"}), "greedy", max_moves=5000)
    assert f4.deal_no == 4
    assert games.replay(G, 1, DD, f.moves()).key() == f.key()
    assert sum(1 for m in f.moves() if m == ("redeal",)) == 2


def test_solver_on_a_short_deal():
    """Under reading during-deal deal 1 is not decided within a small budget (the game is
    long: 96 cards, three deals); the solver answers undecided, never a wrong "lost"."""
    r = solve(D.new(1, DD), 2_000)
    assert r.outcome == "undecided"


def test_readings_change_play():
    s = D.new(1, DD)
    while s.stock:
        s = s.apply(("turn",))
    for rd in ({**DD, "build": "down"}, {"side-places": "always"}):
        t = D.new(1, rd)
        while t.stock:
            t = t.apply(("turn",))
        assert set(t.legal_moves()) < set(s.legal_moves()), rd
    a = playout(D.new(1, DD), "greedy")[1]
    b = playout(D.new(1, {**DD, "gather": "corner-last"}), "greedy")[1]
    assert a.moves() != b.moves()
    c = playout(D.new(1, {**DD, "deals": "three-redeals"}), "greedy")[1]
    assert len(c.moves()) > len(a.moves())


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 10_000), st.sampled_from([{}, {"build": "down", "gather": "corner-last"},
                                                {"side-places": "always"}, DD]),
       st.lists(st.integers(0, 99), max_size=150))
def test_invariants(deal, readings, picks):
    def invariant(s):
        assert cards(s) == Counter({c: 2 for c in range(52)})
    walk(D.new(deal, readings), picks, invariant)


# -- the proof of loss ``stuck-card`` -------------------------------------------------------

FR = {"side-places": "first-round"}


def _last_deal_positions(deals=range(1, 9), per_line=4):
    """(deal, moves) of positions in the last deal: along the solver's winning line (deals
    won under side-places=first-round) and along random playouts of the same deals."""
    for deal in deals:
        start = D.new(deal, FR)
        lines = [playout(start, "random", seed=deal, max_moves=2000)[1].moves()]
        r = solve(start, 5_000)
        if r.outcome == "won":
            lines.append(r.moves)
        for moves in lines:
            s, last = start, []
            for i, m in enumerate(moves):
                s = s.apply(m)
                if s.deal_no == s.cfg.max_deals:
                    last.append(i + 1)
            step = max(1, len(last) // per_line)
            for n in last[::step]:
                yield deal, moves[:n]


def _at(deal, moves, off=()):
    s = games.new(G, deal, FR, off=off)
    for m in moves:
        s = s.apply(m)
    return s


def _compare(where, budget=5_000):
    """(decided both ways, disagreements, positions the rule proves dead) of solving each
    position with ``stuck-card`` on and off."""
    decided, bad, fired = 0, [], 0
    for deal, moves in where:
        s = _at(deal, moves)
        fired += s.dead()
        on = solve(s, budget).outcome
        off = solve(_at(deal, moves, {"stuck-card"}), budget).outcome
        if "undecided" in (on, off):
            continue
        decided += 1
        if on != off:
            bad.append((deal, len(moves), on, off))
    return decided, bad, fired


def test_stuck_card_never_changes_a_verdict_and_fires():
    where = list(_last_deal_positions())
    decided, bad, fired = _compare(where)
    assert not bad, bad
    assert decided >= 10, decided
    assert fired >= 3, fired  # the rule proves some of these positions lost at once


def test_stuck_card_only_in_the_last_deal():
    """With a deal left the gathering frees every card: the test claims nothing."""
    s = D.new(1)
    while s.deal_no == 1:
        s = s.apply(s.safe_move() or s.search_moves()[0])
    assert s.deal_no < s.cfg.max_deals and not s._stuck_card()


def test_an_unsound_stuck_card_is_caught(monkeypatch):
    where = list(_last_deal_positions())
    monkeypatch.setattr(D.ColumnState, "_stuck_card", lambda self: (
        self.deal_no >= self.cfg.max_deals and any(len(p) > 1 for p in self.places)))
    decided, bad, _ = _compare(where)
    assert bad, f"an unsound stuck-card went unnoticed ({decided} decided)"


def _dealing_positions(deals=range(1, 9)):
    """(deal, moves) of the last deal's positions at the start of a round with cards in
    hand, along the solver's winning lines and random playouts (side-places=first-round)."""
    for deal, moves in _last_deal_positions(deals, per_line=10 ** 6):
        s = _at(deal, moves)
        if s.stock and s.dealt % D.NPLACES == 0:
            yield deal, moves


def test_stuck_card_while_dealing_never_changes_a_verdict():
    where = list(_dealing_positions())
    decided, bad, fired = _compare(where, 20_000)
    assert not bad, bad
    assert decided >= 5 and fired >= 1, (decided, fired)


def test_an_unsound_stuck_card_while_dealing_is_caught(monkeypatch):
    where = list(_dealing_positions())
    monkeypatch.setattr(D.ColumnState, "_stuck_dealing", lambda self: True)
    decided, bad, _ = _compare(where, 20_000)
    assert bad, f"an unsound stuck-card went unnoticed ({decided} decided)"


def test_the_default_is_the_literal_first_round():
    """dense-column:side-places defaults to first-round: after the first twelve cards of a
    deal, a card beside an ace may go to another foundation while the deal goes on, which
    during-deal forbids."""
    amb = next(a for a in D.AMBIGUITIES if a.id == "side-places")
    assert amb.default == "first-round"
    assert D.new(1).cfg.readings["side-places"] == "first-round"
    for deal in range(1, 30):
        s, t = D.new(deal), D.new(deal, DD)
        while s.stock:
            if s.dealt > D.NPLACES:
                extra = set(s.foundation_moves()) - set(t.foundation_moves())
                if extra:
                    assert all(D.BESIDE[m[1]] is not None for m in extra)
                    return
            s, t = s.apply(("turn",)), t.apply(("turn",))
    raise AssertionError("no side card went to another foundation in deals 1-29")
