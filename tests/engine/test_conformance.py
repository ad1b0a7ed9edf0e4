"""One conformance suite over every registered game (issue 19, item 3).

For every game of :func:`engine.games.available`, on a sample of deals and readings (the
defaults on deals 1-3; every single-change reading, one ambiguity set to one other reading,
on deals 1-2), a seeded random playout to the end of the game (at most ``MAX_MOVES +
GAME_MOVES`` moves) checks after every move that:

- every card is dealt, each as many times as there are packs, and no card is made up or
  comes back once taken away;
- ``is_legal(m) == (m in legal_moves())`` both ways: every offered move is legal, and
  plausible moves that are not offered (every kind of move the game has under any of its
  readings, with other piles, other arities, each argument out of range, an unknown kind,
  a list for a tuple; every few positions each kind with every combination of the
  arguments seen) are refused; these legality checks go on to the end of the game (a
  redeal and the last pass come only after the stock has run out), the others below stop
  after ``MAX_MOVES``;
- ``key()`` is hashable and the JSON round trip (``to_json`` -> :func:`engine.games.from_json`)
  gives a state with the same key and the same piles;
- ``visible()`` agrees with ``piles()`` (same piles, same counts, a shown card is the card
  that lies there) and never shows a card of a pile the game lays face down
  (:data:`engine.state.FACE_DOWN_PILES`), but for the top card where the game's own
  ``visible`` turns it up to be played;
- replaying the history with :func:`engine.games.replay` (which checks each move with
  ``is_legal``) gives the same state;
- along a line the solver wins (default readings), the legality checks hold as well, and
  the won end offers no move and refuses every one.
"""
from __future__ import annotations

import collections
import functools
import itertools
import json
import random

import pytest

from engine import games, solver
from engine.cards import RANK, SUIT
from engine.state import FACE_DOWN_PILES, State

MAX_MOVES = 120
#: ... and the legality checks go on to the end of the game (at most this many moves more):
#: a redeal, the last pass and the end come only after the stock has run out, and a guard
#: of theirs (a redeal refused while a card must be played, a deal's last round) is reached
#: by no shorter playout.
GAME_MOVES = 3000
#: Every this many positions, each kind of move is tried with every combination of the
#: arguments seen (:func:`_every_move`), at most EVERY_MOVE_MOST combinations a kind.
EVERY_MOVE_EACH = 5
EVERY_MOVE_MOST = 400
#: The deals whose playouts, under every reading, gather the kinds of move a game has (a
#: kind some deals never offer, such as the Favourite's fill of an emptied row, is met on
#: others).
KIND_DEALS = range(1, 11)


def _cases():
    out = []
    for slug in games.available():
        mod = games.get(slug)
        out += [(slug, d, {}) for d in (1, 2, 3)]
        out += [(slug, d, {a.id: r.id}) for a in mod.AMBIGUITIES for r in a.readings
                if r.id != a.default for d in (1, 2)]
    return out


def _packs(s) -> int:
    return getattr(s.cfg, "packs", games.get(s.cfg.slug).PACKS)


def _census(s, before: collections.Counter | None) -> collections.Counter:
    """The cards on the table: at the deal every card of every pack; after it no card made
    up, none more often than there are packs, and none back once taken away (Heart to Heart
    takes pairs away). Returns the census, for the next move."""
    n = collections.Counter((RANK[c], SUIT[c]) for _n, _x, _y, cards, _f in s.piles()
                            for c in cards)
    packs = _packs(s)
    if before is None:
        assert sum(n.values()) == 52 * packs, f"{sum(n.values())} cards dealt"
        assert len(n) == 52 and set(n.values()) == {packs}, n
    else:
        assert not n - before, f"cards that were not on the table: {n - before}"
    return n


def _not_offered(rng: random.Random, legal: list[tuple], seen: dict, npiles: int) -> set:
    """Plausible moves: every kind in ``seen`` (the game's, :func:`_kinds`, and this
    playout's), with arguments drawn from the values seen in that place (and pile numbers),
    plus malformed ones; less the offered moves."""
    out = {(), ("no-such-move",), ("found", 10_000), ("build", -1, 0)}
    out.update(_AsList(m) for m in legal)   # a move's arguments, but not a move (a list)
    out.update(("no-such-move",) + m[1:] for m in legal)   # ... or with a kind unknown
    for kind, shapes in seen.items():
        out.add((kind,) + (10_000,) * max(len(a) for a in shapes))
        for _ in range(12):
            args = rng.choice(list(shapes))
            m = tuple(rng.choice(list(seen_at(seen, kind, i)) + list(range(npiles)))
                      if rng.random() < 0.8 else rng.choice([-1, "w", None])
                      for i in range(len(args)))
            out.add((kind,) + m)
            if args:
                out.add((kind,) + m[:-1])      # one argument short
            out.add((kind,) + m + (0,))          # one too many
            for i in range(len(m)):              # each argument in turn out of range
                for bad in (-1, "w", None, 10_000):
                    out.add((kind,) + m[:i] + (bad,) + m[i + 1:])
    return out - set(legal)


def _every_move(seen: dict) -> set:
    """Each kind of move with every combination of the arguments seen at its places (at most
    :data:`EVERY_MOVE_MOST` a kind): a move that only a rare position makes legal (a card
    built onto the right card, a pile moved onto itself or onto an empty one) is tried in
    every such position."""
    out = set()
    for kind, shapes in seen.items():
        for n in {len(a) for a in shapes}:
            values = [sorted(seen_at(seen, kind, i), key=repr) for i in range(n)]
            out.update((kind,) + args for args in
                       itertools.islice(itertools.product(*values), EVERY_MOVE_MOST))
    return out


@functools.lru_cache(maxsize=None)
def _kinds(slug: str) -> tuple:
    """Every kind of move (with its arguments) random playouts of deals KIND_DEALS of ``slug``
    offer under any of its readings: a kind that only one reading has (a side pile's card
    dug out, a transfer) is tried under the others too, where it must be refused."""
    mod = games.get(slug)
    seen: dict[str, set] = collections.defaultdict(set)
    choices = [{}] + [{a.id: r.id} for a in mod.AMBIGUITIES for r in a.readings
                      if r.id != a.default]
    for readings, deal in itertools.product(choices, KIND_DEALS):
        rng = random.Random(f"kinds:{slug}:{deal}:{sorted(readings.items())}")
        s = games.new(slug, deal, readings)
        for _ in range(MAX_MOVES + GAME_MOVES):
            legal = s.legal_moves()
            for m in legal:
                seen[m[0]].add(m[1:])
            if not legal or s.is_won():
                break
            s = s.apply(rng.choice(legal))
    return tuple((k, frozenset(v)) for k, v in seen.items())


class _AsList(list):
    """A legal move's items as a list, which no game offers (moves are tuples): hashable so
    that it can sit in the set of moves tried, and unequal to the tuple it copies."""

    def __hash__(self):
        return hash(("list",) + tuple(self))


def seen_at(seen: dict, kind: str, i: int) -> set:
    return {a[i] for a in seen[kind] if len(a) > i} or {0}


def _visible(s) -> None:
    piles = s.piles()
    vis = s.visible()
    assert [n for n, _c in vis] == [p[0] for p in piles]
    own = type(s).visible is not State.visible
    # (a foundation's card as drawn, shown_piles: the copy not lying elsewhere)
    for (name, _x, _y, cards, fan), (_n, shown), drawn in zip(piles, vis, s.shown_piles()):
        assert len(shown) == len(cards), name
        assert all(v is None or v == c for v, c in zip(shown, drawn[3])), f"{name}: a wrong card"
        if fan == "none" and name.rsplit(" ", 1)[-1] in FACE_DOWN_PILES and shown:
            below = shown[:-1] if own else shown
            assert all(v is None for v in below), f"{name} lies face down, but shows {shown}"


@pytest.mark.parametrize("slug,deal,readings", _cases(),
                         ids=lambda v: (",".join(f"{k}={r}" for k, r in v.items()) or "default")
                         if isinstance(v, dict) else str(v))
def test_conformance(slug, deal, readings):
    rng = random.Random(f"{slug}:{deal}:{sorted(readings.items())}")
    s = games.new(slug, deal, readings)
    # the playout first, to know every kind of move (and its arguments) the game offers in
    # it: a move of a kind first offered late (a redeal) is tried from the start
    played: list = []
    seen: dict[str, set] = collections.defaultdict(set)
    for kind, args in _kinds(slug):
        seen[kind].update(args)
    for _ in range(MAX_MOVES + GAME_MOVES + 1):
        legal = s.legal_moves()
        played.append((s, legal))
        for m in legal:
            seen[m[0]].add(m[1:])
        if not legal or s.is_won():
            break
        s = s.apply(rng.choice(legal))
    census = None
    for n, (t, legal) in enumerate(played):
        census = _census(t, census)
        assert all(t.is_legal(m) for m in legal), [m for m in legal if not t.is_legal(m)]
        tried = _not_offered(rng, legal, seen, len(t.piles()))
        if n % EVERY_MOVE_EACH == 0:
            tried |= _every_move(seen) - set(legal)
        bad = [m for m in tried if t.is_legal(m)]
        assert not bad, f"legal but not offered: {bad[:5]} (offered: {legal})"
        if n <= MAX_MOVES:
            hash(t.key())
            back = games.from_json(json.loads(json.dumps(t.to_json())))
            assert back.key() == t.key() and back.piles() == t.piles()
            _visible(t)
    again = games.replay(slug, deal, readings, s.moves())
    assert again.key() == s.key() and again.piles() == s.piles()
    assert again.to_json() == s.to_json()


@pytest.mark.parametrize("slug", games.available())
def test_the_solver_s_line_and_its_won_end(slug):
    """Along a line the solver wins, which reaches positions no random playout does (an
    emptied column refilled, the last deal, the end), every move offered is legal and every
    other is refused (each kind with every combination of the arguments seen, at every
    :data:`EVERY_MOVE_EACH`-th position); once every card is home no move is offered and
    each is refused. The line: the first deal among 1-40 the solver wins within 3,000
    states."""
    for deal in range(1, 41):
        won = solver.solve(games.new(slug, deal), 3_000)
        if won.outcome == "won":
            break
    else:
        pytest.fail(f"{slug}: no deal of 1-40 won within 3,000 states")
    seen: dict[str, set] = collections.defaultdict(set)
    for kind, args in _kinds(slug):
        seen[kind].update(args)
    for m in won.moves:
        seen[m[0]].add(m[1:])
    every = _every_move(seen)
    rng = random.Random(f"line:{slug}:{deal}")
    s = games.new(slug, deal)
    for n, m in enumerate(won.moves + [None]):
        legal = s.legal_moves()
        assert all(s.is_legal(x) for x in legal), [x for x in legal if not s.is_legal(x)]
        if m is None or n % EVERY_MOVE_EACH == 0:
            tried = (every | _not_offered(rng, legal, seen, len(s.piles()))) - set(legal)
            allowed = [x for x in tried if s.is_legal(x)]
            assert not allowed, f"{slug} deal {deal} after {n} moves allows {allowed[:5]}"
        if m is None:
            break
        assert m in legal, f"{slug} deal {deal}: the solver's move {n}, {m}, is not offered"
        s = s.apply(m)
    assert s.is_won() and s.legal_moves() == []
