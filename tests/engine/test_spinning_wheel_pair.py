"""Rule ``waste-pair`` of the Spinning Wheel (a proof of loss over both waste piles at
once): switched off it changes no verdict on positions near the end of won games (some of
them lost), and each deliberately unsound variant (the hand forgotten, the tops forgotten,
every pair of top parts demanded instead of a path through them) is caught by the same
comparison. The generic comparisons of test_pruning.py and test_spinning_wheel_pruning.py
switch the rule off as well."""
from engine import games
from engine.cards import RANK
from engine.games import spinning_wheel as SW
from engine_walk import disagreements

from test_peacock_spinning_rules import _sw_sound, _sw_verdicts

RULE = "waste-pair"


def _off():
    return _sw_sound(frozenset({RULE}))


def test_waste_pair_decides_these_positions_both_ways():
    on, off = _sw_sound(), _off()
    assert {"won", "lost"} <= set(on)
    assert sum("undecided" not in (x, y) for x, y in zip(on, off)) >= 100
    assert disagreements(on, off) == 0


def test_waste_pair_proves_losses_the_other_proofs_miss():
    """The rule does work: some positions lost by it are not lost by the other proofs."""
    found = 0
    for d, moves in SW_POSITIONS():
        s = games.new("spinning-wheel", d)
        for m in moves:
            s = s.apply(m)
        if not s._lead_dead() and not s._chain_dead() and s._pair_dead():
            found += 1
    assert found >= 1


def SW_POSITIONS():
    from test_peacock_spinning_rules import _sw_positions
    return _sw_positions()


def test_waste_pair_without_the_hand_is_caught(monkeypatch):
    """Forgetting that the cards still in hand can make up the counts: unsound."""
    from test_peacock_spinning_rules import forgetting_the_hand
    off = _off()
    monkeypatch.setattr(SW.WheelState, "_pair_dead", forgetting_the_hand(SW.WheelState._pair_dead))
    assert disagreements(_sw_verdicts(), off) >= 1


def test_waste_pair_that_forgets_the_tops_is_caught(monkeypatch):
    """Counting no top showing any rank (every card would need a card of the rank below
    played first, all the way round): unsound."""
    off = _off()
    real = SW.WheelState._pair_dead

    def forgets(self):
        s = self._child(None)
        s.tops = (0,) * SW.N
        return real(s)
    monkeypatch.setattr(SW.WheelState, "_pair_dead", forgets)
    assert disagreements(_sw_verdicts(), off) >= 1


def test_waste_pair_demanding_every_pair_is_caught(monkeypatch):
    """Lost as soon as any pair of top parts cannot be made up by the hand (a win passes
    through the pairs of one path only, not all of them): unsound."""
    off = _off()

    def every(self):
        w0, w1 = self.waste
        if not w0 or not w1:
            return False
        shows = [0] * 14
        for t in self.tops:
            shows[t] += 1
        hand = self.cfg.hand_left[self.pos]
        a_ranks = [RANK[c] for c in reversed(w0)]
        b_ranks = [RANK[c] for c in reversed(w1)]
        for a in range(len(a_ranks) + 1):
            for b in range(len(b_ranks) + 1):
                least = [0] * 14
                for r in a_ranks[:a] + b_ranks[:b]:
                    least[r] += 1
                need = list(least)
                for _ in range(3):                 # round the wheel, enough to close
                    for r in range(1, 14):
                        d = SW._BELOW[r]
                        need[d] = max(need[d], need[r] - shows[d])
                if any(need[r] - least[r] > hand[r] for r in range(1, 14)):
                    return True
        return False
    monkeypatch.setattr(SW.WheelState, "_pair_dead", every)
    assert disagreements(_sw_verdicts(), off) >= 1
