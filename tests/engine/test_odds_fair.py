"""Odds shown fairly: bounds when many deals are undecided, the blind player in the table,
and readings that only remove moves never coming out more often than the readings they
restrict (on the stored table and on freshly computed small samples)."""
import pytest

from engine import games, odds, results, solver
from engine.odds import describe_rate, wilson


def restriction_pairs():
    """(game, restricted reading change, wider reading change) for every declaration;
    a change is None for the default reading."""
    out = []
    for slug in games.available():
        for a in games.get(slug).AMBIGUITIES:
            for r in a.readings:
                if r.restricts:
                    def change(rid, a=a):
                        return None if rid == a.default else f"{a.id}={rid}"
                    out.append((slug, a.id, r.id, r.restricts, change(r.id), change(r.restricts)))
    return out


def test_there_are_declared_restrictions():
    pairs = {(p[0], p[1], p[2]) for p in restriction_pairs()}
    assert ("peacock-tail", "upper", "rule") in pairs
    assert ("egyptian-pyramid", "fill", "compulsory") in pairs
    assert ("macedonian-phalanx", "play-up", "compulsory") in pairs


def test_a_bad_restriction_is_refused():
    from engine.readings import Ambiguity, Reading
    with pytest.raises(ValueError, match="restricts 'nope'"):
        Ambiguity("x", "?", ("mill:1",), (Reading("a", "A", restricts="nope"),
                                          Reading("b", "B")), "a", "because")


def test_rate_shown_as_bounds_when_any_deal_is_undecided():
    many = {"deals": 94, "won": 3, "lost": 5, "undecided": 86, "ci95": [0.011, 0.976],
            "rate": 3 / 94}
    text = describe_rate(many)
    assert text.startswith("≥ 3.2% won, 91.5% undecided")
    one = {"deals": 100, "won": 50, "lost": 49, "undecided": 1, "ci95": [0.4, 0.6],
           "rate": 0.5}
    assert describe_rate(one).startswith("≥ 50.0% won, 1.0% undecided")
    none = dict(one, lost=50, undecided=0)
    assert describe_rate(none).startswith("50.0% (95%")


def test_the_table_measures_the_four_players_on_fixed_ranges():
    assert results.POLICIES == ("blind", "greedy", "careful", "solver")
    assert set(results.POLICIES) == set(results.BUDGETS) == set(results.DEALS)
    assert results.DEALS["solver"] == results.DEALS["greedy"] == 1000
    assert results.DEALS["careful"] >= 200
    # where everything lies face up the careful player is the solver of the table
    from engine import careful
    assert careful.CAREFUL_SOLVE_BUDGET == results.BUDGETS["solver"]
    assert results.deal_ranges(7) == {p: 7 for p in results.POLICIES}
    assert results.deal_ranges({"careful": 5})["careful"] == 5
    with pytest.raises(ValueError):
        results.deal_ranges(0)


def test_regenerate_writes_every_players_rows(tmp_path):
    """A tiny regeneration of one game writes a row per configuration and policy."""
    path = tmp_path / "odds.json"
    table = results.regenerate(path, ["heart-to-heart"], deals=1, jobs=1, date="2000-01-01")
    got = {(r["change"], r["policy"]) for r in table["rows"]}
    changes = [c for c, _r in results.configurations("heart-to-heart")]
    assert got == {(c, p) for c in changes for p in results.POLICIES}
    assert path.is_file() and "careful" in path.read_text("utf-8")


def _row(table, slug, change, policy):
    return next((r for r in table["rows"] if r["game"] == slug and r["change"] == change
                 and r["policy"] == policy), None)


@pytest.mark.parametrize("slug,amb,narrow,wide,c_narrow,c_wide", restriction_pairs())
def test_stored_table_restriction_never_comes_out_more_often(slug, amb, narrow, wide,
                                                             c_narrow, c_wide):
    """Every deal the solver wins under the restricted reading is won under the wider one,
    so the restricted reading's proved-won share cannot exceed the wider's beyond sampling
    noise: the Wilson low bound of its wins must not pass the Wilson high bound of the
    wider's. (Fails on a table measured before solve_deal used the restrictions.)"""
    table = results.load()
    a, b = _row(table, slug, c_narrow, "solver"), _row(table, slug, c_wide, "solver")
    if a is None or b is None:
        pytest.fail(f"the stored table lacks {slug} {c_narrow or 'default'} or "
                    f"{c_wide or 'default'} (solver): regenerate it")
    lo = wilson(a["won"], a["deals"])[0]
    hi = wilson(b["won"], b["deals"])[1]
    assert lo <= hi, (f"{slug}:{amb}={narrow} wins {a['won']}/{a['deals']}, more than "
                      f"{amb}={wide} {b['won']}/{b['deals']}")


def test_stored_table_players_never_beat_the_all_seeing_solver():
    table = results.load()
    for r in table["rows"]:
        if r["policy"] == "solver":
            continue
        s = _row(table, r["game"], r["change"], "solver")
        assert s is not None
        what = (r["game"], r["change"], r["policy"])
        if "outcomes" in r and "outcomes" in s:   # on the deals both rows hold
            r, s = results.common_counts(r, s)
        lo = wilson(r["won"], r["deals"])[0]
        hi = wilson(s["won"] + s["undecided"], s["deals"])[1]
        assert lo <= hi, what


@pytest.mark.parametrize("slug,amb,narrow,wide,c_narrow,c_wide", restriction_pairs())
def test_fresh_sample_restriction_wins_are_wins_of_the_wider_reading(slug, amb, narrow, wide,
                                                                     c_narrow, c_wide):
    """Deals 1-6, small budget: every deal won under the restricted reading is won under
    the wider one (solve_deal replays such a win under the wider reading, so a false
    declaration raises), and none lost under the wider one is won under the restricted one
    (a game's pruning may be stronger under the wider reading, so the restricted search
    may still be undecided there)."""
    narrow_out = odds.outcomes(slug, 6, 1, "solver", {amb: narrow}, 3000, jobs=1)
    wide_out = odds.outcomes(slug, 6, 1, "solver", {amb: wide}, 3000, jobs=1)
    for d, o in narrow_out.items():
        if o == "won":
            assert wide_out[d] == "won", (slug, d)
        if wide_out[d] == "lost":   # the narrow search may prune less and run out of budget
            assert o != "won", (slug, d)


def test_solve_deal_uses_a_restriction_and_replays_it():
    """Peacock's Tail deal where the search under upper=advice alone runs out of budget but
    upper=rule (a restriction) wins: solve_deal reports the win, legal under advice."""
    for d in range(1, 40):
        plain = solver.solve(games.new("peacock-tail", d), 2000)
        if plain.outcome == "won":
            continue
        r = solver.solve_deal("peacock-tail", d, None, 2000)
        if r.outcome == "won":
            assert games.replay("peacock-tail", d, None, r.moves).is_won()
            return
    pytest.fail("no deal in 1-39 where only the restricted search wins within 2000 states")


def test_edition_odds_never_rounds_a_lost_deal_away():
    """`edition odds` over 2,000 deals with one lost said "100.0%" (a breaker's find)."""
    row = {"deals": 2000, "won": 1999, "lost": 1, "undecided": 0, "ci95": [0.99717, 0.99991]}
    assert describe_rate(row).startswith("99.95% (95%")
    assert describe_rate(dict(row, won=1, lost=1999)).startswith("0.1% (95%")
    assert describe_rate(dict(row, deals=20000, won=1, lost=19999)).startswith("0.01% (95%")
    assert describe_rate(dict(row, won=2000, lost=0)).startswith("100.0% (95%")
