"""Rule ``pile-pair`` of the Peacock's Tail (a proof of loss over two piles at once):
switched off it changes no verdict on positions near the end of won games (some lost), it
proves losses the other proofs miss, and each deliberately unsound variant (the cards from
elsewhere forgotten, the foundations showing each rank forgotten, every pair of top parts
demanded instead of a path through them) is caught by the same comparison. The generic
comparisons of test_pruning.py and test_peacock_tail_pruning.py switch the rule off too."""
import functools

from engine import games, solver
from engine.cards import RANK
from engine.games import peacock_tail as P
from engine_walk import disagreements

import test_peacock_tail_pruning as PT

RULE = "pile-pair"


@functools.cache
def _off() -> tuple:
    PT._solutions()
    return tuple(PT.verdicts({RULE}))


def test_pile_pair_decides_these_positions_both_ways():
    on, off = list(PT._on()), list(_off())
    assert {"won", "lost"} <= set(on)
    assert disagreements(on, off) == 0


def test_pile_pair_proves_a_loss_the_other_proofs_miss():
    """Deal 10 at its start is lost; the pile-pair proof shortens its search."""
    on = solver.search(games.new("peacock-tail", 10), 30_000)
    off = solver.search(games.new("peacock-tail", 10, off={RULE}), 30_000)
    assert on.outcome == off.outcome == "lost"
    assert on.states < off.states


def _caught(monkeypatch, variant) -> int:
    off = list(_off())
    monkeypatch.setattr(P, "_pair_path", variant)
    return disagreements(PT.verdicts(), off)


def test_pile_pair_without_the_cards_from_elsewhere_is_caught(monkeypatch):
    """Forgetting the semicircle's and the other piles' cards: unsound."""
    real = P._pair_path
    assert _caught(monkeypatch, lambda pa, pb, shows, free: real(pa, pb, shows, [0] * 14)) >= 1


def test_pile_pair_that_forgets_the_foundations_is_caught(monkeypatch):
    """Counting no foundation showing any rank (every card would need one of the rank
    below gone up first): unsound."""
    real = P._pair_path
    assert _caught(monkeypatch, lambda pa, pb, shows, free: real(pa, pb, [0] * 14, free)) >= 1


def test_pile_pair_demanding_every_pair_is_caught(monkeypatch):
    """Lost as soon as any pair of top parts cannot be made up (a win passes through the
    pairs of one path only): unsound."""
    def every(pa, pb, shows, free):
        for a in range(len(pa) + 1):
            for b in range(len(pb) + 1):
                least = [0] * 14
                for r in pa[:a] + pb[:b]:
                    least[r] += 1
                need = list(least)
                for r in range(13, 1, -1):
                    need[r - 1] = max(need[r - 1], need[r] - shows[r - 1])
                if any(need[r] - least[r] > free[r] for r in range(1, 14)):
                    return False
        return True
    assert _caught(monkeypatch, every) >= 1
