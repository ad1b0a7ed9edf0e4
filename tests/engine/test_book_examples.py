"""Two claims of the book that had no test (issue 21), checked through the engine's public API
(:mod:`engine.api` plays and lists the legal moves; :func:`engine.games.replay` gives the
position with every card, face down or not): what the sentence says happens is what the engine
does.

- macedonian-phalanx:4: the layout ends with every card on the foundations, "которые все здесь
  кончатся тройками" (which will all end with threes) -- in the book's example, whose base card
  (macedonian-phalanx:2) is a four: each foundation runs from the base rank up, round the
  corner, to the rank below it.
- egyptian-pyramid:8: with a six on top of the middle (waste) pile, a seven alone on a building
  place and an eight on another, putting the six on the seven straight away takes one card off
  the middle pile; putting the seven on the eight first takes two.
"""
from __future__ import annotations

import pytest

from engine import api, games

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def rank(code: str) -> str:
    """The rank of a card code as the layout gives it (``"10S'"`` -> ``"10"``)."""
    return code.rstrip("'")[:-1]


def suit(code: str) -> str:
    return code.rstrip("'")[-1]


def layout(game: str, deal: int, moves=()) -> dict[str, list[str]]:
    """Pile name -> card codes (every card, face down or not) after ``moves`` from the deal,
    replayed with each move checked legal."""
    return {p["name"]: p["cards"]
            for p in games.replay(game, deal, None, moves).layout()["piles"]}


def foundations(piles: dict) -> list[list[str]]:
    return [c for name, c in piles.items() if name.startswith("foundation")]


# -- macedonian-phalanx:4, "ending on threes" --------------------------------------------------
#: a deal whose base card is a four, as in the book's example, and that the greedy player wins
PHALANX_FOUR = 232


def test_phalanx_with_a_four_for_base_ends_every_foundation_on_a_three():
    bases = [c for f in foundations(layout("macedonian-phalanx", PHALANX_FOUR)) for c in f]
    assert len(bases) == 1 and rank(bases[0]) == "4", bases    # the base card starts one
    r = api.play("macedonian-phalanx", PHALANX_FOUR)
    assert r["outcome"] == "won"
    end = layout("macedonian-phalanx", PHALANX_FOUR, r["moves"])
    found = foundations(end)
    assert len(found) == 8
    for f in found:
        assert len(f) == 13
        assert rank(f[0]) == "4" and rank(f[-1]) == "3", f       # "кончатся тройками"
        assert [rank(c) for c in f] == RANKS[3:] + RANKS[:3]      # up, round the corner
        assert len({suit(c) for c in f}) == 1
    # "кладутся четырьмя разными мастями по обеим сторонам": two foundations a suit
    assert sorted(suit(f[0]) for f in found) == sorted("CDHS" * 2)
    # and nothing is left elsewhere: the pyramid and the lower pile have gone up
    assert all(not c for name, c in end.items() if not name.startswith("foundation"))


def test_phalanx_foundations_end_on_the_rank_below_the_base():
    """The general form of the claim: whatever the base rank, a won layout ends each
    foundation on the rank just below it (threes when the base is a four)."""
    bases = set()
    for deal in range(1, 41):
        r = api.play("macedonian-phalanx", deal)
        if r["outcome"] != "won":
            continue
        for f in foundations(layout("macedonian-phalanx", deal, r["moves"])):
            assert len(f) == 13
            assert RANKS.index(rank(f[-1])) == (RANKS.index(rank(f[0])) - 1) % 13, (deal, f)
            bases.add(rank(f[0]))
    assert len(bases) >= 3, bases                     # several base ranks, not one


# -- egyptian-pyramid:8, the six, the seven and the eight ----------------------------------------
#: a position of a random line of play (deal 7, seed 3) with a six on the waste over other
#: cards, a seven alone on a building place and an eight on top of another
EGYPT = ("egyptian-pyramid", 7, 3)


def _six_seven_eight() -> tuple[list, int, int]:
    """(moves from the deal, the seven's place, the eight's place) of the first such position
    in the line; fails, saying so, if the line no longer passes one."""
    game, deal, seed = EGYPT
    line = api.play(game, deal, policy="random", seed=seed)["moves"]
    for n in range(len(line) + 1):
        ps = layout(game, deal, line[:n])
        waste = ps["waste"]
        tabs = [ps[f"tableau {i + 1}"] for i in range(8)]
        if len(waste) < 2 or rank(waste[-1]) != "6" or not all(tabs):
            continue
        seven = [i for i, t in enumerate(tabs) if len(t) == 1 and rank(t[-1]) == "7"]
        eight = [i for i, t in enumerate(tabs) if rank(t[-1]) == "8"]
        if seven and eight:
            return line[:n], seven[0], eight[0]
    pytest.fail(f"the random line of {EGYPT} no longer reaches a six on the waste, a lone "
                f"seven and an eight: choose another deal or seed")


def _play(moves: list, move) -> list:
    """``moves`` + ``move``, checked legal by the engine (:func:`engine.api.legal_moves_described`)."""
    game, deal, _ = EGYPT
    legal = [m["move"] for m in api.legal_moves_described(game, deal, moves=moves)]
    assert list(move) in legal, (move, legal)
    return moves + [list(move)]


def _forced(moves: list) -> list:
    """Play the moves the rules force (the compulsory fill of an emptied place, the only
    legal move then)."""
    game, deal, _ = EGYPT
    while True:
        legal = [m["move"] for m in api.legal_moves_described(game, deal, moves=moves)]
        if len(legal) == 1 and legal[0][0] == "fill":
            moves = moves + [legal[0]]
        else:
            return moves


def test_egyptian_pyramid_six_on_the_seven_first_takes_one_card_off_the_middle_not_two():
    game, deal, _ = EGYPT
    prefix, seven, eight = _six_seven_eight()
    waste = len(layout(game, deal, prefix)["waste"])
    # the six straight onto the seven: one card off the middle pile
    hasty = _forced(_play(prefix, ("build", "w", seven)))
    after = layout(game, deal, hasty)
    assert len(after["waste"]) == waste - 1
    assert [rank(c) for c in after[f"tableau {seven + 1}"]] == ["7", "6"]
    # the seven onto the eight first: its place, emptied, takes the six from the middle at
    # once (egyptian-pyramid:5, reading fill=compulsory), and the six then goes on the seven,
    # and its place takes the next card from the middle: two cards off it
    careful = _forced(_play(prefix, ("build", seven, eight)))
    assert rank(layout(game, deal, careful)[f"tableau {seven + 1}"][-1]) == "6"
    careful = _forced(_play(careful, ("build", seven, eight)))
    after = layout(game, deal, careful)
    assert len(after["waste"]) == waste - 2
    assert [rank(c) for c in after[f"tableau {eight + 1}"][-3:]] == ["8", "7", "6"]
    assert len(after[f"tableau {seven + 1}"]) == 1
