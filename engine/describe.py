"""Moves in words, with the rule sentences they execute, and what a player at the table sees.

Used by the in-page Play panel (which runs this package in Pyodide) through
:mod:`engine.api`, and by CPython tests. Everything here is generic over
:func:`engine.games.available`: a game state is read only through the State API
(``legal_moves``, ``apply``, ``layout``, ``is_won``, ``is_over``, ``over_reason``, ``key``).

**What a move does** is found by comparing the layouts before and after it
(:func:`transfers`): which cards left which pile, which pile they went to and where in it
(on top, or under cards that stay there: a redeal may deal them under).

**Which sentences a move executes** is found from :mod:`engine.registry`: while the state
generates its legal moves, and while it applies a move, the calls of functions decorated
with ``@executes`` are recorded (:func:`sys.setprofile`). A move's rule ids are those of the
innermost recorded function whose returned list contains the move (the generator that
allowed it), then those of the decorated functions its ``apply`` called (the code that
executed it); when the only generator found is ``legal_moves`` itself, its ids come last,
as they describe every move. No game module needs to know about this.

**What a player sees** is the game's own :meth:`engine.state.State.visible` (the same view the
``blind`` policy decides from): a face-down or covered card is never named.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from . import games
from .cards import Card

if TYPE_CHECKING:
    from .state import State

#: A caption lists at most this many transfers; more make a summary ("48 cards move ...").
MAX_CLAUSES = 3
_KIND_WORDS = {"redeal": "redeal", "turn": "turn a card", "reserve": "turn up the reserve",
               "pair": "pair", "match": "take away the matching cards"}


#: the mark of a second pack's card in what a reader sees (U+2032 PRIME, as the site's
#: drawings have it: ``7♣′``); the engine's codes keep the ASCII ``'`` (``7C'``)
PRIME = "\u2032"


@lru_cache(maxsize=None)
def symbol(code: str) -> str:
    """``"7C"`` -> ``"7♣"``; a second pack's ``"7C'"`` -> ``"7♣′"`` (:data:`PRIME`)."""
    card = Card.parse(code)
    return card.symbol.rstrip("'") + PRIME * card.pack


# -- rule ids ------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def rule_codes(game: str) -> dict:
    """Code object -> (sentence ids, function name) of every ``@executes`` function of
    ``game``: the functions and methods defined in the game's own module that carry the
    ``__executes__`` attribute :func:`engine.registry.executes` gives them, with ids of
    ``game``. Only that module is imported, not every game's (the Play panel's first answer
    in the browser compiles one game, not ten); a game's rules live in its own module, and
    tests/engine/test_describe_profiler.py checks that this finds exactly what
    :func:`engine.games.entries` lists for every game. ValueError for an unknown game."""
    mod = games.get(game)
    out = {}
    for fn in games.own_functions(mod):
        ids = tuple(getattr(fn, "__executes__", ()))
        if any(i.split(":")[0] == game for i in ids):
            out[fn.__code__] = (ids, fn.__code__.co_name)
    return out


def _record(fn, codes: dict):
    """Call ``fn()``; return (its result, [[depth, (ids, name), return value], ...]) for the
    decorated functions called, in call order."""
    calls: list = []
    stack: list = []

    def prof(frame, event, arg):
        if event == "call":
            info = codes.get(frame.f_code)
            if info is not None:
                stack.append(len(calls))
                calls.append([len(stack), info, None])
        elif event == "return" and frame.f_code in codes and stack:
            # a copy: the caller may extend the very list returned (moves += ...)
            calls[stack.pop()][2] = tuple(arg) if isinstance(arg, (list, set)) else arg

    old = sys.getprofile()
    sys.setprofile(prof)
    try:
        result = fn()
    finally:
        if old is None or callable(old):
            sys.setprofile(old)
        else:   # a profiler written in C (cProfile's Profile): not a hook sys.setprofile takes
            sys.setprofile(None)
            old.enable()
    return result, calls


def legal_with_rules(state, only: tuple | None = None) -> list[tuple[tuple, list[str], State]]:
    """``[(move, [sentence ids], state after the move)]`` for every legal move of ``state``,
    in the game's order (see the module docstring for how the ids are found); with ``only``
    (a legal move), for that move alone: the ids are the same, and the other moves are not
    applied (a step-through of a played line needs no more)."""
    codes = rule_codes(state.cfg.slug)
    moves, gen = _record(state.legal_moves, codes)
    out = []
    for m in moves:
        if only is not None and m != only:
            continue
        best: list = []
        depth = 0
        for d, info, ret in gen:
            if isinstance(ret, (list, tuple, set, frozenset)) and m in ret and d >= depth:
                if d > depth:
                    best = []
                depth = d
                best.append(info)
        child, applied = _record(lambda: state.apply(m), codes)
        ids: list[str] = []
        late = [i for ids_, name in best if name == "legal_moves" for i in ids_]
        for ids_, name in best:
            if name != "legal_moves":
                ids += ids_
        for _d, (ids_, _name), _r in applied:
            ids += ids_
        ids += late
        out.append((m, list(dict.fromkeys(ids)), child))
    return out


# -- what moves -------------------------------------------------------------------------
def _twin(code: str) -> str:
    """The other pack's copy of a card: ``"7C"`` <-> ``"7C'"``."""
    return code[:-1] if code.endswith("'") else code + "'"


def _home(name: str) -> bool:
    """A foundation: in a game of two packs it keeps only a count, and which copy of a card
    its layout names there (:meth:`engine.state.State.shown_piles`) can change with a move
    elsewhere."""
    return name.startswith("foundation")


def _less(xs: list[str], ys: list[str]) -> list[str]:
    """The cards of ``xs`` not in ``ys`` (as multisets), in the order of ``xs``."""
    left = Counter(ys)
    out = []
    for c in xs:
        if left[c]:
            left[c] -= 1
        else:
            out.append(c)
    return out


def transfers(before: dict, after: dict) -> list[tuple[list[str], int | None, int | None,
                                                     tuple[str | None, str | None] | None]]:
    """What a move did, from two layouts (:meth:`engine.state.State.layout`) of the same game:
    ``[(card codes, from pile index or None, to pile index or None, place)]``, pile indices of
    ``before``, never from a pile to itself, each card once, in the order they happen (a
    pile empties before it is refilled). ``None`` as the source means the cards appeared
    (dealt from outside the layout); as the destination, that they were taken away.

    ``place`` says where the cards lie in their destination (:func:`_places`): ``(below,
    above)``, the codes of the cards right under and right over them there (None where
    there is none), or None where that is not said (a foundation, cards taken away or
    scattered among others). Not every move puts cards on top: a redeal that gathers the
    packets and deals them again puts some under cards that stay, and a caption must not
    say "onto" the top card then.

    A card moved if it left its pile: a card that stays in its pile did not, though the
    move shifted it (a dig from under it, a redeal that gathers and deals the pile again).
    Cards are matched by identity. A foundation keeps only a count, so the copy of a card
    its layout names (:meth:`engine.state.State.shown_piles`) may change when that card did
    not move: a foundation's card that took its twin's label is the same card, and a card
    that went to or from a foundation is matched with its twin there (it is named as the
    pile that is not a foundation names it). Cards that left one pile and appeared on another
    under other codes are matched by number when one pile lost and one gained. A pile that
    the move empties may leave the layout (matched by name)."""
    bp, ap = before["piles"], after["piles"]
    if [p["name"] for p in bp] == [p["name"] for p in ap]:
        now = [p["cards"] for p in ap]
    else:
        by_name = {p["name"]: p["cards"] for p in ap}
        now = [by_name.get(p["name"], []) for p in bp]
    lost: dict[int, list[str]] = {}
    gained: dict[int, list[str]] = {}
    for i, (b, ac) in enumerate(zip(bp, now)):
        bc = b["cards"]
        if bc == ac:
            continue
        gone, came = _less(bc, ac), _less(ac, bc)
        if _home(b["name"]):   # a label swap: the same card, named by the other copy
            swapped = [c for c in gone if _twin(c) in came]
            for c in swapped:
                gone.remove(c)
                came.remove(_twin(c))
        if gone:
            lost[i] = gone
        if came:
            gained[i] = came
    out: list = []
    where = {c: j for j, cs in gained.items() for c in cs}
    for twins in (False, True):
        for i in list(lost):
            groups: dict = {}
            rest = []
            for c in lost[i]:
                j = where.get(_twin(c) if twins else c)
                if j is not None and twins and not (_home(bp[i]["name"]) or _home(bp[j]["name"])):
                    j = None
                if j is None or j == i:
                    rest.append(c)
                    continue
                got = _twin(c) if twins else c
                gained[j].remove(got)
                del where[got]
                named = got if twins and _home(bp[i]["name"]) and not _home(bp[j]["name"]) else c
                groups.setdefault(j, []).append(named)
            for j, cs in groups.items():
                out.append((cs, i, j))
            lost[i] = rest
    lost = {i: cs for i, cs in lost.items() if cs}
    gained = {j: cs for j, cs in gained.items() if cs}
    if len(lost) == 1 and len(gained) == 1:
        (i, cs), (j, gs) = next(iter(lost.items())), next(iter(gained.items()))
        if len(cs) == len(gs) and i != j:
            return _places(_in_order(out + [(cs, i, j)]), bp, now)
    out += [(cs, i, None) for i, cs in lost.items()]
    out += [(gs, None, j) for j, gs in gained.items()]
    return _places(_in_order(out), bp, now)


def _places(moved: list, bp: list[dict], now: list[list[str]]) -> list:
    """``moved`` (in the order the cards move) with the place of each transfer in its
    destination ``j`` added: among the cards there at that point of the move (those that
    stay in the pile and those an earlier transfer brought), the one right under the cards
    and the one right over them, as the pile lies after the move (``now[j]``); None for a
    foundation (a count, no order), and where the cards are not all found under their
    codes or lie apart among those cards (dealt in turn with them)."""
    out = []
    there: dict[int, set] = {}
    for cs, i, j in moved:
        place = None
        if j is not None and not _home(bp[j]["name"]):
            pos = {c: k for k, c in enumerate(now[j])}
            here = there.setdefault(j, set(bp[j]["cards"]) & set(now[j]))
            if all(c in pos for c in cs):
                lo, hi = min(pos[c] for c in cs), max(pos[c] for c in cs)
                ks = sorted(pos[c] for c in here)
                if not any(lo < k < hi for k in ks):
                    below = [k for k in ks if k < lo]
                    above = [k for k in ks if k > hi]
                    place = (now[j][below[-1]] if below else None,
                             now[j][above[0]] if above else None)
            here.update(cs)
        out.append((cs, i, j, place))
    return out


# -- what a player sees -------------------------------------------------------------------
def short_labels(names: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Short pile labels that fit above a card, and their key.

    A numbered pile is shortened to the initials of its words and its number ("foundation 3"
    -> ``F3``, "side pile 2" -> ``SP2``, "A packet 12" -> ``AP12``); an unnumbered name of
    up to 7 letters is kept ("waste", "hand"), a longer one becomes its initials ("upper left
    corner" -> ``ULC``). Returns ``(labels, key)`` with ``key`` ``[("F", "foundation"), ...]``
    for each abbreviation used. If two different names would share a label, the full names
    are used (no key)."""
    labels, key = _short_labels(tuple(names))
    return list(labels), list(key)


@lru_cache(maxsize=256)
def _short_labels(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    labels: list[str] = []
    key: dict[str, str] = {}
    clash = False
    for name in names:
        m = re.fullmatch(r"(.*?)\s*(\d+)", name)
        words, num = (m.group(1), m.group(2)) if m else (name, "")
        if not num and len(words) <= 7:
            labels.append(words)
            continue
        initials = "".join(w[0].upper() for w in words.split())
        labels.append(initials + num)
        clash = clash or key.setdefault(initials, words) != words
    if clash or len(set(labels)) != len(set(names)):
        return names, ()
    return tuple(labels), tuple(key.items())


def masked(state, layout: dict) -> list[dict]:
    """The piles of ``layout`` (``state.layout()``) as a player sees them, from
    :meth:`engine.state.State.visible`: ``[{"name", "label", "x", "y", "fan", "cards": [code
    or None for a card the player cannot see]}]`` (``label`` from :func:`short_labels`)."""
    labels, _key = short_labels([p["name"] for p in layout["piles"]])
    return [{"name": p["name"], "label": label, "x": p["x"], "y": p["y"], "fan": p["fan"],
             "cards": [c if v is not None else None for c, v in zip(p["cards"], seen)]}
            for p, label, (_name, seen) in zip(layout["piles"], labels, state.visible())]


# -- captions -----------------------------------------------------------------------------
def _cards_text(codes: list[str], shown: bool) -> str:
    if not shown:
        return "a face-down card" if len(codes) == 1 else f"{len(codes)} face-down cards"
    return ", ".join(symbol(c) for c in codes)


def caption(move: tuple, moved: list, before: list[dict], after: list[dict] | None) -> str:
    """Words for ``move``: ``moved`` from :func:`transfers`; ``before`` / ``after`` the
    masked piles (:func:`masked`) before and, for a move already played, after it (then a
    card that the move turned up is named). E.g. ``"7♣ from packet 5 onto 8♣ on packet
    2"``; where the cards do not go on top (:func:`transfers`' place), ``"K♠ from packet 3
    to the bottom of packet 1"`` or ``"... under 9♠ on packet 1"`` (:func:`_where`)."""
    kind = str(move[0]) if move else ""
    word = _KIND_WORDS.get(kind)
    if not moved:
        return (word or kind) + (": " + " ".join(str(x) for x in move[1:]) if move[1:] else "")
    if len(moved) > MAX_CLAUSES:
        n = len({c for cs, _i, _j, _p in moved for c in cs})
        piles = {x for _cs, i, j, _p in moved for x in (i, j) if x is not None}
        if all(j is None for _cs, _i, j, _p in moved):
            return f"{word or kind}: {n} cards taken away from {len(piles)} piles"
        return f"{word or kind}: {n} cards move among {len(piles)} piles"
    clauses = []
    seen: dict[int, set] = {}  # per destination, the cards a player sees there so far
    for cs, i, j, place in moved:
        shown = (i is not None and _visible(before[i], cs)) or (
            after is not None and j is not None and _visible(after[j], cs))
        what = _cards_text(cs, shown)
        eyes = set() if j is None else seen.setdefault(
            j, {c for c in before[j]["cards"] if c is not None})
        if i is None:
            clauses.append(f"{what} to {before[j]['name']}")
        elif j is None:
            clauses.append(f"{what} taken away from {before[i]['name']}")
        else:
            clauses.append(f"{what} from {before[i]['name']} "
                           f"{_where(place, before[j]['name'], eyes)}")
        if shown:
            eyes.update(cs)
    text = "; ".join(clauses)
    if word and kind in ("redeal", "turn", "reserve", "match"):
        text = f"{word}: {text}"
    return text


def _where(place, dst: str, seen: set) -> str:
    """Where a clause's cards go in pile ``dst``, from their ``place`` (:func:`transfers`):
    "onto Y on Q" only when they lie on top of what is there, right on Y; "to the bottom of
    Q" under all of it; "under Z on Q" between; a card the player does not see (not in
    ``seen``) is not named, and then, as for a foundation or a place not known, "to Q"."""
    below, above = place or (None, None)
    if above is None and below in seen:
        return f"onto {symbol(below)} on {dst}"
    if above is not None and below is None:
        return f"to the bottom of {dst}"
    if above in seen and below is not None:
        return f"under {symbol(above)} on {dst}"
    return f"to {dst}"


def _in_order(moved: list) -> list:
    """Transfers in the order they happen: a pile empties before it is refilled."""
    sources = {i for _cs, i, _j in moved if i is not None}
    return sorted(moved, key=lambda t: t[2] is not None and t[2] in sources)


def _visible(pile: dict, codes: list[str]) -> bool:
    shown = {c for c in pile["cards"] if c is not None}
    return all(c in shown for c in codes)


def described(state) -> dict:
    """Everything a player sees at ``state``: ``{"piles": masked piles, "legal": [{"move",
    "caption", "rules", "from", "to"}], "won", "over", "reason"}``; ``from`` / ``to`` are
    the pile indices the move takes cards from / puts cards on (for highlighting)."""
    layout = state.layout()
    legal = legal_with_rules(state)
    entries = [(m, ids, transfers(layout, child.layout())) for m, ids, child in legal]
    piles = masked(state, layout)
    out = []
    for m, ids, moved in entries:
        out.append({"move": list(m), "caption": caption(m, moved, piles, None), "rules": ids,
                    "from": sorted({i for _c, i, _j, _p in moved if i is not None}),
                    "to": sorted({j for _c, _i, j, _p in moved if j is not None})})
    won = state.is_won()
    over = won or not legal
    return {"piles": piles, "legal": out, "won": won, "over": over,
            "reason": state.over_reason() if over else ""}


# -- moves in a URL -----------------------------------------------------------------------
_ITEM = re.compile(r"^[A-Za-z0-9_-]+$")


def format_moves(moves) -> str:
    """Moves as URL text: items joined by ``.``, moves by ``,`` (``found.8,build.0.6``).
    ValueError for an item that is not letters, digits, ``_`` or ``-``."""
    out = []
    for m in moves:
        for x in m:
            if not _ITEM.match(str(x)):
                raise ValueError(f"move item {x!r} of {list(m)} cannot be written in a URL")
        out.append(".".join(str(x) for x in m))
    return ",".join(out)


def parse_moves(text: str) -> list[tuple]:
    """Inverse of :func:`format_moves` (digit items become ints). ValueError on bad text."""
    if not text:
        return []
    out = []
    for part in text.split(","):
        items = part.split(".")
        if not all(_ITEM.match(x) for x in items):
            raise ValueError(f"bad move {part!r} in {text!r}; expected e.g. found.8,build.0.6")
        out.append(tuple(int(x) if re.fullmatch(r"-?[0-9]+", x) else x for x in items))
    return out
