"""The solver's automatic "safe" moves never change a verdict: for every game, positions of
small deals (the start, and positions a few moves before the end of a random playout, where
the search is small enough to finish) are solved with the safe moves on and off, and every
pair of decided verdicts must agree (won/lost). A game whose safe move throws a win away
fails here."""
import pytest

from engine import games, policies, solver

BUDGET = 3000
DEALS = range(1, 7)
BACK = (4, 8, 16, 32)  # moves before the end of the playout


def positions(slug: str):
    """The start and some late positions of random playouts of deals 1-6 (defaults)."""
    for deal in DEALS:
        start = games.new(slug, deal)
        yield start
        end = policies.run(start, "random", seed=deal, max_moves=600).state
        moves = end.moves()
        for back in BACK:
            if len(moves) > back:
                s = start
                for m in moves[:len(moves) - back]:
                    s = s.apply(m)
                yield s


@pytest.mark.parametrize("slug", games.available())
def test_safe_moves_never_change_the_verdict(slug):
    decided = 0
    for s in positions(slug):
        on = solver.solve(s, BUDGET, safe=True).outcome
        off = solver.solve(s, BUDGET, safe=False).outcome
        if "undecided" in (on, off):
            continue
        decided += 1
        assert on == off, (f"{slug} deal {s.cfg.deal} after {len(s.moves())} moves: "
                           f"safe moves on {on}, off {off}")
    # the comparison must have been made somewhere, or the test proves nothing
    assert decided >= 3, f"{slug}: only {decided} positions decided both ways"
