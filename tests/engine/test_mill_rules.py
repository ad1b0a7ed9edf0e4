"""The Mill's plain rule functions (goes_up, builds_on, rule_moves) against its fast
bit-mask move generator, along played deals under every reading."""
import pytest

from engine import games, policies
from engine.games import mill
from engine.readings import resolve


def readings_each():
    yield {}
    for a in mill.AMBIGUITIES:
        for r in a.readings:
            if r.id != a.default:
                yield {a.id: r.id}


@pytest.mark.parametrize("readings", list(readings_each()))
def test_fast_moves_equal_the_plain_rules(readings):
    checked = 0
    for deal in range(1, 9):
        start = games.new("mill", deal, readings)
        for policy in ("random", "greedy"):
            end = policies.run(start, policy, seed=deal, max_moves=400).state
            s = start
            for m in end.moves() + [None]:
                assert s.legal_moves() == mill.rule_moves(s)
                for mv in mill.rule_moves(s):
                    assert s.is_legal(mv)
                checked += 1
                if m is not None:
                    s = s.apply(m)
    assert checked >= 100


def test_plain_rules_read_like_the_text():
    # mill:3: the two of spades (card 1) goes on the ace of spades; the three does not
    assert mill.goes_up(1, (1, 1, 1, 1)) and not mill.goes_up(2, (1, 1, 1, 1))
    # mill:4: nine on ten of one suit only
    assert mill.builds_on(8, 9) and not mill.builds_on(8, 13 + 9) and not mill.builds_on(9, 8)
    assert resolve("mill", mill.AMBIGUITIES, None)["free-cards"] == "top-only"
