"""The Macedonian Phalanx's proofs of loss (rules ``relaxed-bound`` and
``relaxed-deals-bury``) checked directly: at positions near the end of won games (a few
cards left in the pack, and short random detours from the winning line), under each
reading of ``refill`` and ``play-up``, a position the proof calls lost must not be won by an
exact search with both proofs switched off. Deliberately unsound variants of the
relaxations (among them a first version of the ``refill=stock`` pile that played greedily
without lending a free card for its buried twin) must be caught by the same check."""
import functools
import random

import pytest

from engine import games, solver
from engine.games import macedonian_phalanx as MP
from engine.state import Config

G = "macedonian-phalanx"
OFF = frozenset({"relaxed-bound", "relaxed-deals-bury"})
READINGS = ({}, {"refill": "stock"}, {"play-up": "optional"})


def recast(s, readings, off=frozenset()):
    """The position ``s`` under other readings (the cards where they lie)."""
    r = {**s.cfg.readings, **readings}
    cfg = Config(G, s.cfg.deal, r, base=s.cfg.base, base_card=s.cfg.base_card,
                 refill_from_waste=r["refill"] == "waste", play_up=r["play-up"])
    cfg.off = frozenset(off)
    t = MP.PhalanxState.__new__(MP.PhalanxState)
    t.cfg, t.hist = cfg, None
    t.found, t.pyr, t.stock, t.ptr, t.waste, t.phase = (s.found, s.pyr, s.stock, s.ptr,
                                                        s.waste, s.phase)
    return t


@functools.cache
def cases() -> tuple:
    """(position with every rule on, exact verdict with both proofs off) near the end of
    the solutions of deals 8 and 12, and up to four random moves away from them,
    dealing more often than not."""
    out = []
    for d in (8, 12, 4):
        sol = solver.solve(games.new(G, d), 20_000).moves
        rnd = random.Random(d)
        s = games.new(G, d)
        for m in sol:
            if s.phase == 2 and len(s.stock) - s.ptr <= 12 and rnd.random() < 0.5:
                u = s
                for _ in range(rnd.randrange(5)):   # dealing more often than not
                    ms = u.legal_moves()
                    if not ms:
                        break
                    u = u.apply(("turn",) if ("turn",) in ms and rnd.random() < 0.6
                                else rnd.choice(ms))
                for r in READINGS:
                    if r.get("refill") == "stock" and -1 in u.pyr and u.ptr < len(u.stock):
                        continue   # holes with cards left in the pack: not a refill=stock position
                    out.append((recast(u, r), solver.search(recast(u, r, OFF), 20_000).outcome))
            s = s.apply(m)
    for d in range(1, 11):   # a player who deals whenever he may: mostly lost
        s = games.new(G, d)
        while s.legal_moves() and len(s.stock) - s.ptr > 6:
            s = s.apply(s.legal_moves()[-1])
        for r in READINGS[::2]:
            out.append((recast(s, r), solver.search(recast(s, r, OFF), 20_000).outcome))
    return tuple(out)


def false_losses() -> list:
    """Won positions of :func:`cases` (and :func:`twin_position`, :func:`held_position`) a
    proof calls lost."""
    return [(s.cfg.readings["refill"], s.cfg.readings["play-up"])
            for s, v in cases() + ((twin_position(), "won"), (held_position(), "won"))
            if v == "won" and s.dead()]


def test_the_proofs_of_loss_never_call_a_won_position_lost():
    cs = cases()
    by = {}
    for s, v in cs:
        by.setdefault((s.cfg.readings["refill"], s.dead(), v), 0)
        by[(s.cfg.readings["refill"], s.dead(), v)] += 1
    assert not false_losses()
    for refill in ("waste", "stock"):   # the check has won and proved-lost positions
        assert by.get((refill, False, "won"), 0) >= 20, by
        assert by.get((refill, True, "lost"), 0) >= 5, by


def _no_lending(found, base, pyr, stock, waste):
    """The first, unsound, refill=stock pile: greedy play without lending (a free card
    that goes up may leave its buried twin stuck)."""
    avail = [0] * 52
    for c in list(pyr) + list(stock):
        if c >= 0:
            avail[c % 52] += 1
    pile = [c % 52 for c in waste]
    found = list(found)
    moved = True
    while moved:
        moved = False
        for f in range(8):
            n = found[f]
            if n < 13:
                c = (f // 2) * 13 + (base - 1 + n) % 13
                if pile and pile[-1] == c:
                    pile.pop()
                elif avail[c]:
                    avail[c] -= 1
                else:
                    continue
                found[f] = n + 1
                moved = True
    return found == [13] * 8


def twin_position(off=frozenset()) -> MP.PhalanxState:
    """A second-phase position of deal 8 under ``refill=stock`` (base rank king; 8 cards
    left in the pack) that is won: 8D goes up from the pyramid, the 3D refilled goes up, then
    4D and 9D from the waste top. Played greedily without lending, the free 9D of the
    pyramid goes up first, and the 9D of the waste is stuck above the 8D its foundation then
    needs: the first version of the ``refill=stock`` pile called it lost."""
    return _stock_position(8, 13, 103, (13, 5, 13, 6, 8, 3, 13, 2), (
        61, 58, 7, 45, 43, 41, 10, 42, 71, 73, 32, 22, 99, 87, 102, 35, 101, 33, 37, 36, 76,
        89, 88, 75, 34), (0, 80, 98, 83, 40, 44, 48, 18, 82), (72, 63, 85, 8, 5, 56, 86, 81),
        off)


def _stock_position(deal, base, base_card, found, pyr, stock, waste, off) -> MP.PhalanxState:
    """A second-phase position of ``deal`` under ``refill=stock``: the foundations' counts,
    the pyramid, the pack (its first card dealt: the pointer at 1) and the waste."""
    cfg = Config(G, deal, {"refill": "stock", "play-up": "turned-card"}, base=base,
                 base_card=base_card, refill_from_waste=False, play_up="turned-card")
    cfg.off = frozenset(off)
    s = MP.PhalanxState.__new__(MP.PhalanxState)
    s.cfg, s.hist = cfg, None
    s.found, s.pyr, s.stock, s.ptr, s.waste, s.phase = found, pyr, stock, 1, waste, 2
    return s


def _reach_at_once(found, base, pyr, stock, waste):
    """An unsound refill=stock pile tried once: the pack's cards are not free but dealt
    onto the pile, save the next card whenever a free card goes up (its place refills from
    the pack), every move up made at once. It forgets that the player may hold a pyramid
    card back while dealing, to save a later card of the pack instead of the next."""
    avail, rest, pile, lent = [0] * 52, [0] * 52, [c % 52 for c in waste], [0] * 52
    for c in pyr:
        if c >= 0:
            avail[c % 52] += 1
    for c in stock:
        rest[c % 52] += 1
    found, nxt = list(found), 0
    while True:
        moved = True
        while moved:
            moved = False
            for f in range(8):
                while pile and lent[pile[-1]]:
                    lent[pile[-1]] -= 1
                    avail[pile.pop()] += 1
                n = found[f]
                if n == 13:
                    continue
                c = (f // 2) * 13 + (base - 1 + n) % 13
                if avail[c]:
                    avail[c] -= 1
                    lent[c] += bool(c in pile or rest[c])
                    if nxt < len(stock):
                        rest[stock[nxt] % 52] -= 1
                        avail[stock[nxt] % 52] += 1
                        nxt += 1
                elif pile and pile[-1] == c:
                    pile.pop()
                else:
                    continue
                found[f] = n + 1
                moved = True
        if nxt >= len(stock):
            return found == [13] * 8
        rest[stock[nxt] % 52] -= 1
        pile.append(stock[nxt] % 52)
        nxt += 1


def held_position(off=frozenset()) -> MP.PhalanxState:
    """A won second-phase position of deal 6 under ``refill=stock`` (base rank five; 63
    cards left in the pack, four on the waste), after 18 moves of the solver's win. The win
    plays up the clubs 8-K and spades J-3 of the pyramid, then deals 8D, 3C and TD while
    the 4S of the pyramid could go up, and plays it only then, saving the 6C instead: a
    relaxation that plays every free card up at once, each saving the next card of the
    pack (:func:`_reach_at_once`), calls it lost."""
    return _stock_position(6, 5, 4, (6, 0, 3, 0, 0, 0, 3, 0), (
        34, 29, 60, 32, 11, 98, 101, 24, 80, 103, 15, 0, 48, 55, 79, 102, 25, 53, 33, 99, 40,
        49, 36, 67, 100), (
        98, 83, 10, 71, 12, 92, 54, 74, 90, 27, 38, 14, 7, 85, 93, 87, 44, 97, 91, 82, 47,
        39, 2, 37, 70, 43, 89, 57, 73, 31, 86, 51, 13, 77, 58, 75, 41, 78, 46, 72, 20, 42, 56,
        21, 76, 66, 68, 1, 23, 64, 62, 26, 30, 88, 52, 69, 84, 22, 50, 3, 81, 16, 63, 28),
        (35, 65, 9, 94), off)


def test_a_pyramid_card_held_back_to_save_a_later_card():
    s = held_position()
    win = solver.search(s, 20_000)   # a win, whatever prunes the search: check its moves
    assert win.outcome == "won"
    t = s
    for m in win.moves:
        assert t.is_legal(m)
        t = t.apply(m)
    assert t.is_won()
    assert not s.dead()
    assert not _reach_at_once(s.found, 5, s.pyr, s.stock[s.ptr:], s.waste)


def test_a_free_card_lent_for_its_buried_twin():
    s = twin_position()
    assert solver.search(twin_position(OFF), 20_000).outcome == "won"
    assert not s.dead()
    assert not _no_lending(s.found, 13, s.pyr, s.stock[s.ptr:], s.waste)


_REAL_BURY = MP._relaxed_deals_bury


@pytest.mark.parametrize("variant", ["no-lending", "waste-top-hidden", "reach-at-once"])
def test_an_unsound_relaxation_is_caught(variant, monkeypatch):
    cases()
    if variant == "no-lending":
        monkeypatch.setattr(MP, "_relaxed_waste_pile", _no_lending)
    elif variant == "reach-at-once":
        monkeypatch.setattr(MP, "_relaxed_waste_pile", _reach_at_once)
    else:   # the waste top taken as out of reach
        monkeypatch.setattr(MP, "_relaxed_deals_bury",
                            lambda f, b, p, s, w, r: _REAL_BURY(f, b, p, s, w[:-1], r))
    assert false_losses(), variant


def test_search_moves_reorders_the_legal_moves_only():
    """The solver's order (dealing first unless the waste top goes home soon) drops no
    legal move and adds none."""
    import random as _r
    seen_turn_first = 0
    for d in range(1, 6):
        rnd = _r.Random(d)
        for readings in ({}, {"refill": "stock"}):
            s = games.new(G, d, readings)
            while s.legal_moves():
                ms = s.legal_moves()
                sm = s.search_moves()
                assert sorted(map(repr, sm)) == sorted(map(repr, ms))
                seen_turn_first += len(sm) > 1 and sm[0] == ("turn",)
                s = s.apply(rnd.choice(ms))
    assert seen_turn_first
