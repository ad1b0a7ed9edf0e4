"""Every pruning rule of every game (its module's ``PRUNINGS``: safe automatic moves,
dominances, proofs of loss) never changes a verdict: positions of small deals (the start, and
positions a few moves before the end of a random playout, where the search is small enough to
finish) are solved with the rule on and off (``games.new(..., off={rule})``), and with the
automatic moves off altogether (``safe=False``); every pair of decided verdicts must agree.
A comparison that decides too few positions fails (it would prove nothing). Then a
deliberately unsound variant of one rule per game is shown to be caught by the same
comparison, and the replay check every "won" rests on is broken on purpose."""
import pytest

from engine import games, policies, solver
from engine.games import octagon

BUDGET = 2000
DEALS = range(1, 5)
BACK = (4, 8, 16, 32)  # moves before the end of the playout
MIN_DECIDED = 3


#: deals added to DEALS because the solver wins them (a comparison needs won positions too)
WON_DEALS = {"octagon": ((19, 10_000),), "mill": ((10, BUDGET),)}


def positions(slug: str, readings=None):
    """(deal, moves) of the start, some late positions of random playouts, and positions
    along the solver's winning line where it wins (deals 1-4, plus :data:`WON_DEALS`)."""
    for deal, budget in [(d, BUDGET) for d in DEALS] + list(WON_DEALS.get(slug, ())):
        start = games.new(slug, deal, readings)
        yield deal, []
        lines = [policies.run(start, "random", seed=deal, max_moves=600).state.moves()]
        r = solver.solve(start, budget)
        if r.outcome == "won":
            lines.append(r.moves)
        for moves in lines:
            for back in BACK:
                if len(moves) > back:
                    yield deal, moves[:len(moves) - back]


def at(slug: str, deal: int, moves, off=(), readings=None):
    s = games.new(slug, deal, readings, off=off)
    for m in moves:
        s = s.apply(m)
    return s


def compare(slug: str, rule, readings=None, where=None):
    """(decided pairs, disagreements) of solving with every rule on against ``rule`` off
    (``None``: the automatic moves off, ``safe=False``), under ``readings``, at the
    positions ``where`` (default: :func:`positions`)."""
    decided, bad = 0, []
    for deal, moves in where if where is not None else positions(slug, readings):
        on = solver.solve(at(slug, deal, moves, (), readings), BUDGET).outcome
        if rule is None:
            off = solver.solve(at(slug, deal, moves, (), readings), BUDGET, safe=False).outcome
        else:
            off = solver.solve(at(slug, deal, moves, {rule}, readings), BUDGET).outcome
        if "undecided" in (on, off):
            continue
        decided += 1
        if on != off:
            bad.append((deal, len(moves), on, off))
    return decided, bad


CASES = [(slug, rule) for slug in games.available()
         for rule in [None, *getattr(games.get(slug), "PRUNINGS", {})]]


@pytest.mark.parametrize("slug,rule", CASES, ids=[f"{s}-{r or 'safe=False'}" for s, r in CASES])
def test_switching_a_rule_off_never_changes_a_verdict(slug, rule):
    decided, bad = compare(slug, rule)
    assert not bad, f"{slug}: rule {rule or 'safe moves'} changes verdicts (deal, moves, on, off): {bad}"
    assert decided >= MIN_DECIDED, f"{slug} {rule}: only {decided} positions decided both ways"


def test_every_rule_has_an_argument():
    for slug in games.available():
        for name, why in getattr(games.get(slug), "PRUNINGS", {}).items():
            assert isinstance(why, str) and len(why.split()) >= 8, (slug, name)


def test_unknown_rule_is_refused():
    with pytest.raises(ValueError, match="no pruning rule"):
        games.new("octagon", 1, off={"no-such-rule"})


# -- deliberately unsound variants: the same comparison must catch each -------------------

def _last_move_variant(cls, rule):
    """A 'safe move' that plays the last legal move whatever it is (throwing wins away), at
    most 30 times per search (so that it ends); then, and with the rule off, the game's own."""
    orig = cls.safe_move
    used: dict = {}  # Config (one per search here) -> unsound moves played

    def safe_move(self):
        n = used.get(self.cfg, 0)
        if rule not in self.cfg.off and n < 30:
            used[self.cfg] = n + 1
            m = self.legal_moves()
            return m[-1] if m else None
        return orig(self)
    return safe_move


def _patch_safe(slug, cls_name, rule):
    def patch(mp):
        cls = getattr(games.get(slug), cls_name)
        mp.setattr(cls, "safe_move", _last_move_variant(cls, rule))
    return rule, patch


#: slug -> (rule, monkeypatch making it unsound, readings under which deals are won)
UNSOUND = {
    "octagon": ("blocked", lambda mp: mp.setattr(octagon, "_relaxed_blocked",
                                                 lambda *a: True), None),
    "dense-column": (*_patch_safe("dense-column", "ColumnState", "forced-turn"),
                     {"side-places": "first-round"}),
    "favourite": (*_patch_safe("favourite", "FavouriteState", "safe-foundation"), None),
    "goes-doesnt-go": (*_patch_safe("goes-doesnt-go", "GDGState", "safe-foundation"), None),
    "mill": (*_patch_safe("mill", "MillState", "safe-foundation"), {"redeals": "two"}),
}


@pytest.mark.parametrize("slug", sorted(UNSOUND))
def test_an_unsound_rule_is_caught(slug, monkeypatch):
    rule, patch, readings = UNSOUND[slug]
    where = list(positions(slug, readings))  # found by the sound solver
    patch(monkeypatch)
    decided, bad = compare(slug, rule, readings, where)
    assert bad, f"{slug}: an unsound {rule} went unnoticed ({decided} decided)"


# -- the replay check every "won" rests on --------------------------------------------------

def test_replay_refuses_an_illegal_move():
    r = solver.solve(games.new("mill", 1), 5000)
    assert r.outcome == "won"
    s = games.new("mill", 1)
    illegal = next(m for m in [("found", i) for i in range(20)] + [("build", 0, 1), ("redeal",)]
                   if not s.is_legal(m))
    with pytest.raises(ValueError, match="illegal"):
        games.replay("mill", 1, None, [illegal] + r.moves)


def test_solve_raises_on_a_solver_bug(monkeypatch):
    good = solver.search(games.new("mill", 1), 5000)
    assert good.outcome == "won"
    s = games.new("mill", 1)
    illegal = next(m for m in [("build", i, j) for i in range(13) for j in range(13)]
                   if not s.is_legal(m))
    for bogus in ([illegal] + good.moves, good.moves[:-1]):
        monkeypatch.setattr(solver, "search",
                            lambda *a, bogus=bogus, **k: solver.SolveResult("won", list(bogus)))
        with pytest.raises(RuntimeError, match="solver bug"):
            solver.solve(games.new("mill", 1), 5000)


def test_goes_doesnt_go_plays_up_automatically_only_in_the_last_deal():
    """goes-doesnt-go's ``safe-foundation`` waits for the last deal: a card gone up in the
    first deal is not gathered, so the redeal gives the cards after it other places. Deals
    52, 213 and 299 are won (and won with the rule off), and lost by a search that plays the
    card up in the first deal too."""
    for deal in (52, 213, 299):
        on = solver.solve(games.new("goes-doesnt-go", deal), BUDGET)
        off = solver.solve(games.new("goes-doesnt-go", deal, off={"safe-foundation"}), BUDGET)
        assert (on.outcome, off.outcome) == ("won", "won"), deal
        assert any(m == ("redeal",) for m in on.moves), deal
