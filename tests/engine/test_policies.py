"""Policies never revisit a position; every game finishes greedy play; fast-path invariants."""
import pytest

from engine import api, games, policies
from engine.cards import Card
from engine.deal import SplitMix64, numbers, shuffled

MINE = ["mill", "egyptian-pyramid", "macedonian-phalanx", "octagon", "goes-doesnt-go"]


def _keys_along(slug, deal, moves):
    s = games.new(slug, deal)
    keys = [s.key()]
    for m in moves:
        s = s.step(m)
        keys.append(s.key())
    return keys


@pytest.mark.parametrize("slug", games.available())
def test_greedy_finishes_deals_1_to_20(slug):
    """The greedy policy ends every deal (won or lost), never by the move limit."""
    for deal in range(1, 21):
        r = api.play(slug, deal, {}, "greedy", budget=100_000)
        assert r["outcome"] in ("won", "lost"), (slug, deal, r["final"]["reason"])
        assert r["final"]["reason"]


def test_egyptian_pyramid_greedy_no_longer_loops():
    r = api.play("egyptian-pyramid", 1, {}, "greedy")
    assert r["outcome"] == "lost" and r["final"]["reason"] == policies.REVISIT_REASON
    keys = _keys_along("egyptian-pyramid", 1, r["moves"])
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("slug", MINE)
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_no_position_played_twice(slug, policy):
    for deal in (1, 2, 3):
        r = api.play(slug, deal, {}, policy, budget=20_000)
        keys = _keys_along(slug, deal, r["moves"])
        assert len(set(keys)) == len(keys), (slug, deal)


def test_revisit_reason_reported():
    # Mill deal 19: the greedy's last redeal would deal the packets as they lie
    r = api.play("mill", 19, {}, "greedy")
    assert r["outcome"] == "lost" and r["final"]["reason"] == policies.REVISIT_REASON
    assert not r["final"]["over"]  # the rules still allow a move: the policy gave up


def test_random_draws_as_before_when_nothing_repeats():
    # Without a repeated position the random policy draws exactly SplitMix64's moves.
    s = games.new("macedonian-phalanx", 5)
    rng = SplitMix64(11)
    t = s
    while not t.is_over():
        ms = t.legal_moves()
        t = t.apply(ms[rng.below(len(ms))])
    out, end = policies.playout(s, "random", seed=11, max_moves=10_000)
    assert end.moves() == t.moves()


def test_choose_avoids_seen_positions():
    s = games.new("mill", 1)
    m = policies.choose("greedy", s)
    seen = {s.apply(mv).key() for mv in s.legal_moves()}
    assert m in s.legal_moves()
    assert policies.choose("greedy", s, seen=seen) is None
    assert policies.choose("random", s, SplitMix64(1), seen=seen) is None
    assert len(seen) == len({s.apply(mv).key() for mv in s.legal_moves()})  # unchanged


def test_run_reports_reasons():
    r = policies.run(games.new("mill", 21), "greedy")
    assert r.outcome == "lost" and "repeat" in r.reason
    r = policies.run(games.new("mill", 1), "greedy", max_moves=1)
    assert r.outcome == "undecided" and r.reason == "move limit reached"
    with pytest.raises(ValueError, match="allowed"):
        policies.run(games.new("mill", 1), "solver")


def test_numbers_are_plain_ints_and_match_shuffled():
    for slug, packs in (("mill", 1), ("octagon", 2)):
        ns = numbers(slug, 7, packs)
        assert all(type(c) is int for c in ns)
        assert ns == [int(c) for c in shuffled(slug, 7, packs)]


def test_mill_derived_fields_follow_the_packets():
    """The Mill keeps top cards and foundation wants as bit masks: check them on play."""
    from engine.games.mill import _want
    for deal in range(1, 30):
        s = games.new("mill", deal, {"deal-order": "round"} if deal % 2 else {})
        rng = SplitMix64(deal)
        while True:
            tops = tuple(p[-1] if p else -1 for p in s.packets)
            assert s.tops == tops
            assert s.tmask == sum(1 << c for c in tops if c >= 0)
            assert s.fmask == _want(s.found)
            assert all(s.is_legal(m) for m in s.legal_moves())
            ms = s.legal_moves()
            if not ms:
                break
            s = s.apply(ms[rng.below(len(ms))])


@pytest.mark.parametrize("slug", ["egyptian-pyramid", "octagon"])
def test_symmetric_keys(slug):
    """Keys see through the symmetries of the rules (piles alike, packs alike)."""
    s = games.new(slug, 4)
    attr = "tab" if slug == "egyptian-pyramid" else "sides"
    piles = getattr(s, attr)
    t = s._child(("x",))
    setattr(t, attr, tuple(reversed(piles)))
    assert t.key() == s.key()
    u = s._child(("x",))
    setattr(u, attr, tuple(tuple((c + 52) % 104 for c in p) for p in piles))
    assert u.key() == s.key()
    w = s._child(("x",))
    setattr(w, attr, (piles[0][:-1],) + piles[1:])
    assert w.key() != s.key()



def test_hashes_answer_as_a_set_of_the_values():
    """:class:`~engine.policies.Hashes` answers ``in`` as a set of its values does (a
    ``Card`` equal to an int is the same value), and holds one entry a value."""
    values = [(i, "x", b"\x01" * i, None, i % 2 == 0) for i in range(10)]
    values[3] = (Card(3), "x", b"\x01" * 3, None, False)
    m = policies.Hashes(values[:1])
    for i, v in enumerate(values[1:], 2):
        m.add(v)
        m.add(v)
        assert len(m) == i
        assert all(w in m for w in values[:i]) and not any(w in m for w in values[i:])
    assert (0, "x", b"", None, True) in m and (0, "x", b"", None, False) not in m
    assert (3, "x", b"\x01" * 3, None, 0) in m    # equal to values[3]: a Card is its int
