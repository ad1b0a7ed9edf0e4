"""Dense Column: the solver's position key and the readings added with issue 12."""
from engine import api, games
from engine.games import dense_column as D
from engine.solver import search


def _endgame(dealt: int, readings: dict) -> D.ColumnState:
    """A last-deal position: every card home but the king of hearts (it goes on the hearts
    ace pile, foundation 1), which is the last card in hand; ``dealt`` cards of this deal
    already laid (all gone up), so the king goes to place ``dealt % 12``."""
    s = D.new(1, readings)
    s.found = (13, 12, 13, 13, 1, 1, 1, 1)
    s.places = ((),) * D.NPLACES
    s.stock = (1 * 13 + 12,)  # K of hearts, pack 0
    s.dealt = dealt
    s.deal_no = s.cfg.max_deals
    return s


def test_key_holds_where_the_next_card_goes():
    """Two positions alike in foundations, places, hand and deal number but not in where
    the next card goes: the old key (without ``dealt``) made them one position, yet one is
    won and the other lost (reading side-places=always: the king dealt beside the spades
    ace can go only to the spades ace pile)."""
    rd = {"side-places": "always"}
    a, b = _endgame(0, rd), _endgame(1, rd)   # place 0 a corner; place 1 beside ace 1
    old = lambda s: (s.found, s.places, s.stock, s.deal_no)  # noqa: E731
    assert old(a) == old(b)
    assert a.key() != b.key()
    assert search(a, 100).outcome == "won"
    assert search(b, 100).outcome == "lost"
    c = _endgame(2, rd)  # beside ace 2, the hearts ace: goes up
    assert search(c, 100).outcome == "won"
    # the key looks at the round only: 12 cards later the next card goes to the same place
    assert _endgame(13, rd).key() == b.key()


def test_fifth_card_is_an_editorial_reading():
    a = next(a for a in D.AMBIGUITIES if a.id == "fifth-card")
    assert a.plain and a.readings[0].editorial and "шестую" in a.readings[0].justification
    s = D.new(1)
    for _ in range(5):
        s = s.turn()
    assert [len(p) for p in s.places[:6]] == [1, 1, 1, 1, 1, 0]
    assert D.BESIDE[4] == 3  # the fifth card lies beside the fourth ace


def test_side_places_first_round_reading():
    """Reading first-round: the side rule holds while the first twelve cards are laid
    out, then (still during the deal) a side card may go to any foundation it fits."""
    found = False
    for d in range(1, 300):
        s = {r: D.new(d, {"side-places": r}) for r in ("during-deal", "first-round")}
        for _ in range(40):
            fd = set(s["during-deal"].foundation_moves())
            ff = set(s["first-round"].foundation_moves())
            if s["during-deal"].dealt <= 12:
                assert fd == ff
            else:
                assert fd <= ff
                if ff - fd:
                    found = True
                    m = sorted(ff - fd)[0]
                    assert s["first-round"].is_legal(m) and not s["during-deal"].is_legal(m)
                    moves = s["first-round"].moves() + [m]
                    out = api.play("dense-column", d, {"side-places": "first-round"},
                                   "greedy", 5000)
                    assert out["readings"]["side-places"] == "first-round"
                    games.replay("dense-column", d, {"side-places": "first-round"}, moves)
                    break
            if not s["during-deal"].stock:
                break
            s = {k: v.turn() for k, v in s.items()}
        if found:
            break
    assert found
