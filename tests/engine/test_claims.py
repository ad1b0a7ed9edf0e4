"""The author's claims (corpus/results/claims.toml), each tested as the claim itself on
numbered deals. The solver sees every face-down card: what it wins *can* be won (an upper
bound for any player), what it proves lost cannot be won by anyone; the greedy player sees
only what a player sees."""
from collections import Counter
from pathlib import Path
import tomllib

from engine import games, policies, solver

ROOT = Path(__file__).resolve().parents[2]


def solve_all(slug, deals, readings=None, budget=20_000):
    return {d: solver.solve(games.new(slug, d, readings), budget) for d in deals}


def test_claims_file_names_tests_that_exist():
    claims = tomllib.loads((ROOT / "corpus/results/claims.toml").read_text("utf-8"))["claim"]
    assert {c["sentence"] for c in claims} >= {"heart-to-heart:11", "mill:7",
                                                "spinning-wheel:6", "goes-doesnt-go:8"}
    for c in claims:
        path, _, name = c["test"].partition("::")
        assert name, c["test"]
        assert f"def {name}(" in (ROOT / path).read_text("utf-8"), c["test"]
        assert c.get("measured"), c["sentence"]


def test_heart_to_heart_every_deal_can_come_out_but_careless_play_often_fails():
    """heart-to-heart:11 'редко случается, чтобы пасьянс не удался': every one of deals
    1-30 can come out (the solver wins each, its solutions replayed through the rules); a
    player who takes the first pair he sees (greedy) fails on a fair share of deals 1-100."""
    won = solve_all("heart-to-heart", range(1, 31))
    assert all(r.outcome == "won" for r in won.values())
    greedy = Counter(policies.playout(games.new("heart-to-heart", d), "greedy")[0]
                     for d in range(1, 101))
    assert greedy["undecided"] == 0
    assert 15 <= greedy["lost"] <= 60, greedy   # about a third: 'rarely' only if played well


def _redeals(r):
    return sum(1 for m in r.moves if m[0] == "redeal")


def test_mill_deals_to_a_win_and_the_dealing_and_gathering_readings():
    """mill:7 'Иногда он удается скоро, а иногда ... становится невозможным со второго,
    третьего раза': under the default readings most of deals 1-40 come out, after very
    different numbers of redeals, and the lost ones end on a repeated pack; how often
    depends on readings the text leaves open: dealing round the packets wins every deal,
    gathering the first packet first loses far more."""
    default = solve_all("mill", range(1, 41))
    won = [r for r in default.values() if r.outcome == "won"]
    lost = [d for d, r in default.items() if r.outcome == "lost"]
    assert len(won) >= 30 and lost
    counts = sorted(_redeals(r) for r in won)
    assert counts[0] <= 6 and counts[-1] >= 15       # 'quickly' and slowly
    for d in lost:  # a lost deal ends when a redeal would repeat a pack (mill:7)
        r = policies.run(games.new("mill", d), "greedy")
        assert r.outcome == "lost" and "(mill:7)" in r.reason
    rnd = solve_all("mill", range(1, 41), {"deal-order": "round"})
    first = solve_all("mill", range(1, 41), {"gather": "first-packet-first"})
    n_round = sum(r.outcome == "won" for r in rnd.values())
    n_first = sum(r.outcome == "won" for r in first.values())
    assert n_round == 40 and n_first < len(won) - 5


def test_spinning_wheel_proved_wins_are_a_lower_bound_under_the_text_waste_rule():
    """spinning-wheel:6 'непременно выйдет, если только аккуратно были положены карты на
    две сборные кучки': under the default reading of the waste rule (waste=to-wheel) the
    solver proves a win on at least a third of deals 1-20 and proves none lost; the rest stay
    undecided, so 'certainly' is not refuted and not yet confirmed (the words of its answer
    in corpus/results/claims.toml): the proved share is a lower bound. Under waste=dead
    nothing comes out."""
    res = solve_all("spinning-wheel", range(1, 21))
    out = Counter(r.outcome for r in res.values())
    assert out["lost"] == 0 and out["won"] >= 7, out
    dead = solve_all("spinning-wheel", range(1, 6), {"waste": "dead"})
    assert all(r.outcome == "lost" for r in dead.values())


def test_goes_doesnt_go_failure_is_mostly_the_deal_not_the_player():
    """goes-doesnt-go:8 'большею частью виноват раскладывающий' is not borne out: on deals
    1-60 the all-seeing solver proves most deals lost (no player could win them), so most
    failures are the deal's; the player can be to blame only where the solver wins."""
    res = solve_all("goes-doesnt-go", range(1, 61))
    out = Counter(r.outcome for r in res.values())
    assert out["undecided"] == 0
    assert out["lost"] >= 45 and out["won"] >= 1, out


def test_dense_column_default_reason_agrees_with_the_stored_rows():
    """The reason of the default dense-column:side-places=first-round says that under the two
    wider readings (during-deal, always) the patience "(nearly) never" comes out, for any
    player, and that the literal reading gives a game that comes out: the stored rows must
    say so (no player wins more than one deal in a hundred under the wider readings, the
    solver's search finds a win in at most one deal in twenty; under first-round the solver
    wins most deals)."""
    import json
    from engine.games import dense_column as D
    reason = next(a for a in D.AMBIGUITIES if a.id == "side-places").reason
    assert "(nearly) never does, for any player" in reason
    rows = json.loads((ROOT / "corpus/results/odds.json").read_text("utf-8"))["rows"]
    by = {}
    for r in rows:
        if r["game"] == "dense-column" and (r["change"] is None
                                            or r["change"].startswith("side-places=")):
            by[(r["readings"]["side-places"], r["policy"])] = r
    for wide in ("during-deal", "always"):
        for policy in ("blind", "greedy", "careful"):
            assert by[(wide, policy)]["won"] * 100 <= by[(wide, policy)]["deals"], (wide, policy)
        assert by[(wide, "solver")]["won"] * 20 <= by[(wide, "solver")]["deals"], wide
    literal = by[("first-round", "solver")]
    assert literal["change"] is None and literal["won"] * 2 > literal["deals"]


def test_a_claim_s_verdict_agrees_with_its_stored_rows():
    """A claim's answer opens with a verdict in words that the stored rows must bear out:
    "Not refuted, and not yet confirmed" only while the all-seeing solver proves no deal
    lost and leaves some undecided in the answer's default/solver row."""
    import json
    claims = tomllib.loads((ROOT / "corpus/results/claims.toml").read_text("utf-8"))["claim"]
    rows = json.loads((ROOT / "corpus/results/odds.json").read_text("utf-8"))["rows"]
    said = [c for c in claims if c["answer"].startswith("Not refuted, and not yet confirmed")]
    assert said
    for c in said:
        row = next(r for r in rows if r["game"] == c["game"] and r["change"] is None
                   and r["policy"] == "solver")
        assert row["lost"] == 0 and row["undecided"] > 0, (c["sentence"], row["lost"])



def test_goes_doesnt_go_not_borne_out_agrees_with_its_stored_rows():
    """goes-doesnt-go:8's answer opens "Not borne out" (the author: a failure is mostly the
    player's fault): that holds only while the deals the all-seeing solver proves lost are
    more than half of the deals the greedy player fails, on the same deals (a breaker's find:
    the verdict's words were compared with no row)."""
    import json
    claims = tomllib.loads((ROOT / "corpus/results/claims.toml").read_text("utf-8"))["claim"]
    claim = next(c for c in claims if c["sentence"] == "goes-doesnt-go:8")
    assert claim["answer"].startswith("Not borne out")
    rows = json.loads((ROOT / "corpus/results/odds.json").read_text("utf-8"))["rows"]
    mine = {r["policy"]: r for r in rows if r["game"] == "goes-doesnt-go" and r["change"] is None}
    solver, greedy = mine["solver"]["outcomes"], mine["greedy"]["outcomes"]
    assert mine["solver"]["first"] == mine["greedy"]["first"] and len(solver) == len(greedy)
    failed = [d for d, o in enumerate(greedy) if o != "W"]
    proved_lost = sum(1 for d in failed if solver[d] == "L")
    assert 2 * proved_lost > len(failed), (proved_lost, len(failed))
