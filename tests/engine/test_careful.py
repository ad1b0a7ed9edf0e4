"""The careful player (engine.careful.careful_run) and the games' sample_hidden: it sees
only what a player at the table sees, is deterministic, and where every card lies face up
from the deal it plays the solver's game."""
import pytest

from engine import api, careful, games, policies, solver
from engine.deal import SplitMix64
from engine.state import hidden_relabel

GAMES = games.available()


def _unseen(s):
    """The cards of s off the foundations, sorted (what a sample may only rearrange)."""
    return sorted(c for p in s.piles() if not p[0].startswith("foundation") for c in p[3])


def _positions(slug, deal, n=25):
    """The deal and the positions after each of the greedy player's first n moves."""
    s = games.new(slug, deal)
    out = [s]
    for _ in range(n):
        if s.is_over():
            break
        s = s.apply(policies.choose("greedy", s))
        out.append(s)
    return out


@pytest.mark.parametrize("slug", GAMES)
def test_sample_hidden_keeps_what_is_seen_and_moves_only_hidden_cards(slug):
    for s in _positions(slug, 2):
        a = s.sample_hidden(SplitMix64(5))
        assert a.visible() == s.visible()
        assert _unseen(a) == _unseen(s)
        assert a.moves() == s.moves()
        assert sorted(map(repr, a.legal_moves())) == sorted(map(repr, s.legal_moves()))
        if a is not s:
            policies.run(a, "random", seed=1, max_moves=50)   # a sample can be played on
        if not hidden_relabel(s, SplitMix64(5)):
            assert a is s


@pytest.mark.parametrize("slug", GAMES)
def test_sample_hidden_does_not_depend_on_where_the_hidden_cards_lie(slug):
    """Two positions that differ only in their face-down cards sample alike (the sample is
    drawn from the set of hidden cards, not from their order)."""
    for s in _positions(slug, 3, 10):
        other = s.sample_hidden(SplitMix64(77))
        assert other.sample_hidden(SplitMix64(9)).piles() == s.sample_hidden(SplitMix64(9)).piles()


def test_samples_differ_from_the_deal_where_cards_are_hidden():
    s = games.new("octagon", 1)
    a, b = s.sample_hidden(SplitMix64(1)), s.sample_hidden(SplitMix64(2))
    assert a.key() != s.key() and a.key() != b.key()


def test_face_up_games_are_those_with_nothing_hidden_at_the_deal():
    for slug in GAMES:
        hidden = any(hidden_relabel(games.new(slug, d), SplitMix64(1)) for d in (1, 2, 3))
        assert (slug in careful.FACE_UP_GAMES) == (not hidden), slug
    # under deal-auto=optional the pack of goes-doesnt-go is in hand: hidden
    assert hidden_relabel(games.new("goes-doesnt-go", 1, {"deal-auto": "optional"}),
                          SplitMix64(1))


@pytest.mark.parametrize("slug", careful.FACE_UP_GAMES)
def test_careful_is_the_solver_where_everything_lies_face_up(slug):
    for d in range(1, 5):
        c = careful.careful_run(games.new(slug, d), solve_budget=3000)
        s = solver.solve_deal(slug, d, None, 3000)
        assert c.outcome == s.outcome, (slug, d)
        assert c.state.moves() == s.moves


@pytest.mark.parametrize("slug", [g for g in GAMES if g not in careful.FACE_UP_GAMES])
def test_first_move_does_not_change_when_the_hidden_cards_are_permuted(slug):
    """The same deal with its face-down cards rearranged (a sample of it, so every face-up
    card, count and history is the same): the careful player's first move is the same."""
    for d in (1, 2):
        s = games.new(slug, d)
        t = s.sample_hidden(SplitMix64(1234))
        assert t.piles() != s.piles()
        assert (careful.careful_choice(s, seed=3, budget=400)
                == careful.careful_choice(t, seed=3, budget=400)), (slug, d)


@pytest.mark.parametrize("slug", ["mill", "spinning-wheel"])
def test_careful_choices_follow_from_what_is_seen_along_a_line(slug):
    """Along a played line (deal 1, the greedy player's first 40 moves), at every position
    the choice is the same for the real position and for a rearrangement of its face-down
    cards. (A player who searched the real position instead of its samples chooses
    differently at 3 of these positions of the Mill and 4 of the Spinning Wheel.)"""
    for s in _positions(slug, 1, 40):
        if s.is_over():
            break
        t = s.sample_hidden(SplitMix64(len(s.moves()) + 100))
        assert careful.careful_choice(s, seed=7, budget=2000) == \
            careful.careful_choice(t, seed=7, budget=2000), len(s.moves())


def test_careful_is_deterministic_and_checks_its_arguments():
    a = careful.careful_run(games.new("mill", 2), seed=5, budget=500, max_moves=60)
    b = careful.careful_run(games.new("mill", 2), seed=5, budget=500, max_moves=60)
    assert a.state.moves() == b.state.moves() and a.outcome == b.outcome
    for bad in (0, -1, True, 1.5):
        with pytest.raises(ValueError):
            careful.careful_run(games.new("mill", 2), budget=bad)
        with pytest.raises(ValueError):
            careful.careful_run(games.new("mill", 2), samples=bad)


def test_careful_moves_are_legal_and_never_revisit_a_position():
    """Through the API (mill) and along the first 300 moves of an Egyptian Pyramid deal,
    where builds between alike piles would lead straight back without the referee's rule."""
    r = api.play("mill", 3, {}, "careful", 500)
    assert r["policy"] == "careful" and r["outcome"] in ("won", "lost", "undecided")
    ep = careful.careful_run(games.new("egyptian-pyramid", 2), budget=200, max_moves=300)
    for slug, deal, moves in (("mill", 3, r["moves"]),
                              ("egyptian-pyramid", 2, ep.state.moves())):
        s = games.new(slug, deal)
        keys = [s.key()]
        for m in moves:
            s = s.step(m)
            keys.append(s.key())
        assert len(keys) == len(set(keys)), slug
    assert games.replay("mill", 3, None, r["moves"]).is_won() == (r["outcome"] == "won")


def test_a_deal_the_careful_player_decides_within_a_move_limit_is_decided_alike_within_a_larger_one():
    """The argument of CAREFUL_MAX_MOVES: no choice depends on the limit, so a longer one
    only decides a deal a shorter one left open (deal 2 of the Egyptian Pyramid, open at 300
    moves, ends lost after some 3,500 with 200 states a decision), and the very moves played
    within the shorter limit open the longer game."""
    short = careful.careful_run(games.new("egyptian-pyramid", 2), budget=200, max_moves=300)
    long = careful.careful_run(games.new("egyptian-pyramid", 2), budget=200, max_moves=20_000)
    assert (short.outcome, short.reason) == ("undecided", "move limit reached")
    assert long.outcome == "lost" and 300 < len(long.state.moves()) < 20_000
    assert long.state.moves()[:300] == short.state.moves()


def test_a_deal_searches_a_bounded_number_of_states(monkeypatch):
    """The careful player stops deliberating once a deal has searched CAREFUL_DECISIONS
    decisions' worth of states (then the greedy order): the total stays within that plus
    one decision."""
    from engine import solver as solver_mod
    spent = []
    real = solver_mod.search

    def counting(root, budget=200_000, safe=True):
        r = real(root, budget, safe)
        spent.append(r.states)
        return r
    monkeypatch.setattr(careful, "search", counting)
    budget = 100
    careful.careful_run(games.new("heart-to-heart", 1), budget=budget)
    most = 50 * 4 * 25      # one decision: at most 25 legal moves x 4 samples x 50 states
    assert len(games.new("heart-to-heart", 1).legal_moves()) <= 25
    assert 0 < sum(spent) <= careful.CAREFUL_DECISIONS * budget + most


def test_careful_beats_greedy_in_the_mill():
    """The greedy player of the Mill loses deals 1-6, which the all-seeing solver wins:
    the careful player, who plans over samples, wins some of them (it is no greedy player
    in disguise)."""
    greedy = [policies.run(games.new("mill", d), "greedy").outcome for d in range(1, 7)]
    planned = [careful.careful_run(games.new("mill", d)).outcome for d in range(1, 7)]
    assert planned.count("won") > greedy.count("won")


def test_heart_to_heart_samples_keep_each_players_pack_on_its_side():
    """A player knows that each side's packets and reserve hold that side's own pack: a
    sample shuffles the hidden cards within a side, never across."""
    for s in _positions("heart-to-heart", 1, 10):
        a = s.sample_hidden(SplitMix64(len(s.moves())))
        for name, _x, _y, cards, _f in a.piles():
            side = {"A": 0, "B": 1}.get(name.split(" ", 1)[0])
            if side is not None:
                assert all(c // 52 == side for c in cards), name


# -- the careful player's memory (careful.remembering_sample) ------------------------------
def _seen_along(positions):
    """Every card face up at some position of ``positions`` (what a player has seen)."""
    return {c for s in positions for _n, cards in s.visible() for c in cards if c is not None}


def _hidden(s):
    return careful._hidden_places(s)


@pytest.mark.parametrize("slug", [g for g in GAMES if g not in careful.FACE_UP_GAMES])
def test_remembering_sample_keeps_the_cards_seen_and_shuffles_only_the_others(slug):
    """Along a played line: a sample keeps what is seen now, keeps every remembered card in
    its place, and moves only cards never seen; Heart Speaks to Heart (whose sampler
    shuffles each side apart) gets None, and the caller a sample without memory."""
    positions = _positions(slug, 2, 30)
    for n, s in enumerate(positions):
        known = _seen_along(positions[:n + 1])
        a = careful.remembering_sample(s, SplitMix64(n + 1), known)
        if slug == "heart-to-heart":
            assert a is None or a is s
            continue
        assert a is not None, (slug, n)
        assert a.visible() == s.visible() and _unseen(a) == _unseen(s)
        assert a.moves() == s.moves()
        for c, d in zip(_hidden(s), _hidden(a)):
            assert (c == d) if c in known else (d not in known), (slug, n)
        if all(c in known for c in _hidden(s)):
            assert a is s


@pytest.mark.parametrize("slug", ["mill", "macedonian-phalanx", "octagon", "peacock-tail"])
def test_remembering_sample_does_not_depend_on_where_the_unseen_cards_lie(slug):
    """Two positions alike but for where the cards never seen lie (the second a sample of
    the first) give the same sample: the unseen cards are drawn as a set."""
    positions = _positions(slug, 3, 20)
    for n, s in enumerate(positions):
        known = _seen_along(positions[:n + 1])
        t = careful.remembering_sample(s, SplitMix64(99), known)
        if t is s:
            continue
        assert t.piles() != s.piles() or len(set(_hidden(s)) - known) < 2
        a = careful.remembering_sample(s, SplitMix64(5), known)
        b = careful.remembering_sample(t, SplitMix64(5), known)
        assert a.piles() == b.piles(), (slug, n)


@pytest.mark.parametrize("slug,deal", [("mill", 2), ("mill", 6), ("macedonian-phalanx", 1),
                                       ("peacock-tail", 2)])
def test_careful_game_does_not_change_when_the_cards_it_never_sees_are_moved(slug, deal):
    """The careful player (with its memory) plays a deal; the cards it never saw are then
    rearranged in the deal (a remembering sample of it that keeps every card it saw): it
    plays the very same moves. A player who peeked at them would not (a player who
    'remembers' every card plays differently in each of these deals)."""
    n = 60
    s = games.new(slug, deal)
    four = careful.CAREFUL_SAMPLES      # the Mill's own effort sees every card by move 60
    r = careful.careful_run(s, seed=11, budget=800, samples=four, max_moves=n)
    line = [s]
    for m in r.state.moves():
        line.append(line[-1].apply(m))
    seen = _seen_along(line)
    t = careful.remembering_sample(s, SplitMix64(2024), seen)
    assert t is not None and t is not s and t.piles() != s.piles(), "nothing left unseen"
    r2 = careful.careful_run(t, seed=11, budget=800, samples=four, max_moves=n)
    assert r2.state.moves() == r.state.moves(), (slug, deal)


#: the Mill's careful outcomes of deals 1-12 as stored before the player remembered cards
#: (corpus/results/odds.json at commit 937c211)
FORGETFUL_MILL = "LWWLLWWLWLLL"


def test_careful_without_memory_is_the_earlier_player_and_with_it_the_stored_one():
    """``memory=False`` is exactly the earlier careful player (its stored outcomes in the
    Mill, deals 1-12, before this round); the default, with memory, is the player of the
    stored table now."""
    import json
    from pathlib import Path
    rows = json.loads((Path(__file__).resolve().parents[2] / "corpus" / "results"
                       / "odds.json").read_text(encoding="utf-8"))["rows"]
    readings = games.new("mill", 1).cfg.readings
    stored = next(r["outcomes"] for r in rows if r["game"] == "mill" and r["policy"] == "careful"
                  and r.get("change") is None and r["readings"] == readings)
    def play(memory, **effort):
        return "".join(careful.careful_run(games.new("mill", d), memory=memory,
                                           **effort).outcome[0].upper()
                       for d in range(1, 13))
    assert play(False, samples=careful.CAREFUL_SAMPLES,       # the effort of that player
                budget=careful.CAREFUL_BUDGET) == FORGETFUL_MILL
    assert play(True) == stored[:12] != FORGETFUL_MILL


def test_memory_makes_the_careful_player_better_in_the_mill():
    """Deals 1-40 of the Mill: remembering the cards it has seen (the packets it built) the
    careful player wins clearly more than without (20 against 11; greedy 8, solver 36), at
    the default effort of :func:`engine.careful.effort`."""
    effort = {"samples": careful.CAREFUL_SAMPLES, "budget": careful.CAREFUL_BUDGET}
    with_memory = sum(careful.careful_run(games.new("mill", d), **effort).outcome == "won"
                      for d in range(1, 41))
    without = sum(careful.careful_run(games.new("mill", d), memory=False, **effort).outcome
                  == "won" for d in range(1, 41))
    assert with_memory >= without + 5


def test_where_the_sampler_refuses_memory_the_player_is_the_one_without():
    """Heart Speaks to Heart shuffles each side's cards apart, which remembering_sample
    cannot lay out: the careful player there plays exactly as with ``memory=False``."""
    a = careful.careful_run(games.new("heart-to-heart", 3), budget=400, max_moves=40)
    b = careful.careful_run(games.new("heart-to-heart", 3), budget=400, max_moves=40,
                             memory=False)
    assert a.state.moves() == b.state.moves()


def test_careful_never_searches_a_sample_after_a_move_illegal_there(monkeypatch):
    """A move of the real position that names a card by its place can be illegal in a
    sample of the unseen cards (octagon under ``negation=literal``: an opening dig of a card
    that, in the sample, does not fit); the careful player then scores that sample as not
    won and never applies the move to it. Every ``apply`` along three deals is checked."""
    s = games.new("octagon", 1, {"negation": "literal"})
    cls = type(s)
    plain = cls.apply
    applied = []

    def checked(self, m):
        assert self.is_legal(m), f"{m} applied where it is illegal"
        applied.append(m)
        return plain(self, m)

    monkeypatch.setattr(cls, "apply", checked)
    for deal in (1, 3, 4):
        careful.careful_run(games.new("octagon", deal, {"negation": "literal"}), budget=400,
                             max_moves=40)
    assert any(m[0] == "dig" for m in applied)


def test_a_game_may_give_the_careful_player_more_effort_and_its_rows_say_so(tmp_path):
    """The Mill declares its careful player's effort (samples, states a decision); a game
    that declares none takes the defaults. The default run is the run with those figures,
    and a stored careful row records both (its ``budget`` and ``samples``)."""
    from engine import results
    from engine.games import mill
    assert careful.effort("mill") == mill.CAREFUL_EFFORT != (careful.CAREFUL_SAMPLES,
                                                               careful.CAREFUL_BUDGET)
    assert careful.effort("spinning-wheel") == (careful.CAREFUL_SAMPLES, careful.CAREFUL_BUDGET)
    samples, budget = mill.CAREFUL_EFFORT
    a = careful.careful_run(games.new("mill", 4), max_moves=40)
    b = careful.careful_run(games.new("mill", 4), samples=samples, budget=budget, max_moves=40)
    c = careful.careful_run(games.new("mill", 4), samples=careful.CAREFUL_SAMPLES,
                            budget=careful.CAREFUL_BUDGET, max_moves=40)
    assert a.state.moves() == b.state.moves() != c.state.moves()
    t = results.regenerate(tmp_path / "odds.json", ["mill"], ("careful",), deals=1, jobs=1)
    row = next(r for r in t["rows"] if r["change"] is None)
    assert (row["samples"], row["budget"]) == mill.CAREFUL_EFFORT
