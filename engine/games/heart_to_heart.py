"""Сердце сердцу весть подает, Heart Speaks to Heart (chapter XLVI): a patience for two
players, each with a pack of 52: sixteen packets of three face down and four reserve cards;
cards of the same rank showing at both players are taken away.

Both players are modelled in one state (they play together against the cards: the game
comes out when every card of both packs has been taken away). Player A has pack 0, player B
pack 1 (the second pack's cards carry a prime).

Sentences (``heart-to-heart:<n>``) and where they are executed:

1. "раскладывается двумя лицами в две полные колоды" and
2. "Каждый берет по полной колоде карт, тщательно тасует их и дает снимать своему
   партнеру" -- :func:`deal_packs` (the deal's 104 shuffled cards split by pack keep each
   pack in a uniformly random order of its own; a cut changes nothing in that).
3. "раскладывает свою колоду на 16 пачек, по 3 карты в каждой, крапом вверх" and
4. "Оставшиеся 4 карты откладываются к стороне, на выручку" -- :func:`deal_packs`.
5. "один из играющих начинает последовательно перевертывать верхнюю карту каждой пачки" and
6. "то же самое делает и партнер" -- :func:`deal_packs` (the top card of every packet is
   face up from the start: the order of turning changes nothing).
7. "Все карты одинакового достоинства у обоих играющих снимаются к стороне, а оставшиеся
   ... вторые карты ... снова перевертываются, снова сравниваются" -- :meth:`HeartState.
   pair_moves` (reading ``pairing``); the card under a removed card is face up at once.
8. "игра продолжается до тех пор, пока карты не сходятся" and
9. "Тогда каждый берет по одной карте из запасных 4 карт и опять сравнивает со всеми
   открытыми картами партнера" -- :meth:`HeartState.reserve_moves`: only when no pair is
   left, each player turns the next reserve card (reading ``unmatched``).
10. "Вместо снятой при этом карты нижняя опять перевертывается и т. д." -- as 7.
11. "Когда весь запас (4 карты) истощен, то редко случается, чтобы пасьянс не удался" --
   :meth:`HeartState.is_won`, :meth:`HeartState.over_reason` (the claim is measured: see
   ``corpus/results/odds.json``).

Where the players choose: with ``pairing=pairs`` (the default), when a rank shows more than
once at one player or the other, which card is paired with which (each choice turns up a
different card underneath). Nothing else is theirs to decide: the reserve is taken in its
order when no pair is left. With ``pairing=all-of-rank`` nothing is left to choose (every
match of a round goes at once).

The solver's key holds ranks only (suits play no part) and sorts the packets (their places
play no part).
"""
from __future__ import annotations

import copy
from ..cards import RANK
from ..deal import check_deal, shuffled
from ..readings import Ambiguity, Reading, resolve
from ..registry import executes
from ..state import Config, State, hidden_relabel, relabelled
from . import Game, register

SLUG = "heart-to-heart"
#: The solver's pruning rules (name -> argument); each is gated on ``name not in cfg.off``.
PRUNINGS = {
    "same-packets":
        "A pair that differs from an earlier one only in taking a card from another packet "
        "with the same ranks, top to bottom (or another open reserve card of the same "
        "rank), leads to a position of the same key, so the solver tries one of them.",
    "key-ranks-only":
        "Suits play no part (cards pair by rank), so the key holds ranks only.",
    "key-packets-alike":
        "The places of the packets play no part (any open card pairs with any), so the key "
        "sorts the packets of each side.",
}
PACKS = 2
PLAYER_HAS_CHOICE = True
NPACKETS = 16
OPEN = 16  # sources 16, 17, ... are a player's open reserve cards

AMBIGUITIES = (
    Ambiguity(
        "pairing",
        "heart-to-heart:7 'Все карты одинакового достоинства у обоих играющих снимаются': "
        "one card of A with one card of B, or every showing card of a rank that shows at "
        "both players at once?",
        ("heart-to-heart:7",),
        (Reading("pairs", "a card of one player is taken away with one card of the same rank "
                 "of the partner; which with which is the players' choice"),
         Reading("all-of-rank", "every showing card of a rank that shows at both players is "
                 "taken away, however many each has")),
        "pairs",
        "The title (heart answers heart) and heart-to-heart:9 ('сравнивает со всеми "
        "открытыми картами партнера', a card compared and matched) speak of cards answering "
        "one another; both packs hold four of each rank, so one-for-one pairs can take "
        "every card away.",
    ),
    Ambiguity(
        "unmatched",
        "heart-to-heart:9 says what a reserve card is compared with, not what becomes of it "
        "if no card of the partner matches it.",
        ("heart-to-heart:9", "heart-to-heart:10"),
        (Reading("stays-open", "it stays face up beside the packets and can be matched "
                 "later like any showing card"),
         Reading("set-aside", "it is put aside unmatched (and the patience can no longer "
                 "come out)", restricts="stays-open")),
        "stays-open",
        "heart-to-heart:11 says the patience rarely fails once the reserve is used; a card "
        "put aside unmatched would make it fail whenever a reserve card finds no partner.",
    ),
    Ambiguity(
        "players",
        "Two players lay it out: do they play against each other or together?",
        ("heart-to-heart:1", "heart-to-heart:7"),
        (Reading("together", "together, against the cards: it comes out when every card of "
                 "both packs has been taken away; the two layouts are one position"),),
        "together",
        "Plain enough: heart-to-heart:1 'пасьянс раскладывается двумя лицами' -- one patience "
        "for two; :7 takes cards away in pairs across the players and :11 speaks of the "
        "patience succeeding ('пасьянс ... удался'), not of a winner.",
    ),
    Ambiguity(
        "layout",
        "How is each pack laid out, and which cards show?",
        ("heart-to-heart:3", "heart-to-heart:4", "heart-to-heart:5", "heart-to-heart:6"),
        (Reading("sixteen-threes-four-reserve", "16 packets of three face down and four reserve cards; the "
                 "top card of every packet turned face up (who turns first changes nothing)"),),
        "sixteen-threes-four-reserve",
        "Plain: heart-to-heart:3 'на 16 пачек, по 3 карты в каждой, крапом вверх'; :4 "
        "'Оставшиеся 4 карты откладываются к стороне, на выручку'; :5-6 each player turns "
        "'верхнюю карту каждой пачки'.",
    ),
    Ambiguity(
        "reserve-when",
        "When is a reserve card taken, and by whom?",
        ("heart-to-heart:8", "heart-to-heart:9"),
        (Reading("when-stuck", "only when no two showing cards match; both players take "
                 "their next reserve card together and compares it with the partner's showing cards"),),
        "when-stuck",
        "Plain: heart-to-heart:8 'игра продолжается до тех пор, пока карты не сходятся'; "
        ":9 'Тогда каждый берет по одной карте из запасных 4 карт'.",
    ),
    Ambiguity(
        "end",
        "When is the patience over, and when has it come out?",
        ("heart-to-heart:11",),
        (Reading("all-taken", "over when the reserve is used up and no showing cards "
                 "match; come out when every card has been taken away"),),
        "all-taken",
        "heart-to-heart:11 'Когда весь запас (4 карты) истощен, то редко случается, чтобы "
        "пасьянс не удался': the reserve used up is the end; the text never says what "
        "'удался' means, and taking every card away is the only end the rules allow.",
        kind="silent",
    ),
    Ambiguity(
        "match-across",
        "Are equal cards matched only between the two players, or also within one "
        "player's own layout?",
        ("heart-to-heart:7",),
        (Reading("across", "only a card of one player with a card of the partner"),),
        "across",
        "Plain: heart-to-heart:7 'Все карты одинакового достоинства у обоих играющих' and "
        "'сравниваются с картами партнера'; :9 'сравнивает со всеми открытыми картами "
        "партнера'.",
    ),
)


@executes("heart-to-heart:1", "heart-to-heart:2", "heart-to-heart:3", "heart-to-heart:4",
          "heart-to-heart:5", "heart-to-heart:6")
def deal_packs(cards) -> tuple[tuple, tuple]:
    """Split the deal's two packs between the players and lay each out: 16 packets of three
    (bottom first, the top card face up) and 4 reserve cards (first to take first).
    Returns ((packets A, reserve A), (packets B, reserve B))."""
    out = []
    for pack in (0, 1):
        own = [c for c in cards if c // 52 == pack]
        packets = tuple(tuple(own[3 * i:3 * i + 3]) for i in range(NPACKETS))
        out.append((packets, tuple(own[48:52])))
    return out[0], out[1]


class HeartState(State):
    """``packets`` per player 16 tuples (bottom first; the top card shows); ``open`` per
    player the reserve cards turned up and not yet matched; ``taken`` reserve cards taken
    by each player so far (both take together); ``aside`` cards put aside unmatched."""

    __slots__ = ("packets", "open", "taken", "aside")
    packets: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    open: tuple[tuple[int, ...], tuple[int, ...]]
    taken: int
    aside: tuple[int, ...]

    def _child(self, move):
        s = HeartState.__new__(HeartState)
        s.cfg = self.cfg
        s.hist = (move, self.hist)
        s.packets, s.open, s.taken, s.aside = self.packets, self.open, self.taken, self.aside
        return s

    def showing(self, p: int) -> list[tuple[int, int]]:
        """(source, card) of every face-up card of player ``p``: packet tops, then open
        reserve cards (source 16, 17, ...)."""
        out = [(i, pk[-1]) for i, pk in enumerate(self.packets[p]) if pk]
        out += [(OPEN + k, c) for k, c in enumerate(self.open[p])]
        return out

    @executes("heart-to-heart:7", "heart-to-heart:8", "heart-to-heart:10")
    def pair_moves(self) -> list[tuple]:
        """Pairs of showing cards of equal rank, one of each player (``pairing=pairs``):
        ``("pair", a, b)``; or (``all-of-rank``) the single move ``("match",)`` that takes
        away at once every showing card of every rank that shows at both players (then the
        cards beneath turn up and are compared again: heart-to-heart:7)."""
        a = self.showing(0)
        b = self.showing(1)
        rb: dict[int, list[int]] = {}
        for src, c in b:
            rb.setdefault(RANK[c], []).append(src)
        if self.cfg.all_of_rank:
            return [("match",)] if {RANK[c] for _s, c in a} & set(rb) else []
        return [("pair", sa, sb) for sa, c in a for sb in rb.get(RANK[c], ())]

    def search_moves(self) -> list[tuple]:
        """:meth:`legal_moves` less the pairs that differ from an earlier one only in taking
        a card from another packet with the same ranks, top to bottom (or another open
        reserve card of the same rank): they lead to positions of the same :meth:`key`.
        Only the solver drops them: the player cannot tell such packets apart (their
        covered cards lie face down), so the rules offer every pair."""
        if "same-packets" in self.cfg.off:
            return self.legal_moves()
        out = []
        seen = set()
        for m in self.legal_moves():
            if m[0] == "pair":
                k = (self._sig(0, m[1]), self._sig(1, m[2]))
                if k in seen:
                    continue
                seen.add(k)
            out.append(m)
        return out

    def _sig(self, p: int, src: int) -> tuple:
        if src >= OPEN:
            return ("o", RANK[self.open[p][src - OPEN]])
        return tuple(RANK[c] for c in self.packets[p][src])

    @executes("heart-to-heart:9")
    def reserve_moves(self) -> list[tuple]:
        """When no pair is left and reserve cards remain: each player turns up his next
        reserve card (heart-to-heart:9)."""
        if self.taken >= 4 or self.pair_moves():
            return []
        return [("reserve",)]

    def legal_moves(self) -> list[tuple]:
        if self.is_won():
            return []
        return self.pair_moves() or self.reserve_moves()

    def _remove(self, p: int, src: int, packets: list, opens: list) -> None:
        if src >= OPEN:
            o = opens[p]
            opens[p] = o[:src - OPEN] + o[src - OPEN + 1:]
        else:
            pk = list(packets[p])
            pk[src] = pk[src][:-1]
            packets[p] = tuple(pk)

    def apply(self, move):
        s = self._child(move)
        packets = list(self.packets)
        opens = list(self.open)
        if move[0] == "pair":
            # remove the open reserve card with the higher index first (indices stay valid)
            self._remove(0, move[1], packets, opens)
            self._remove(1, move[2], packets, opens)
        elif move[0] == "match":
            both = ({RANK[c] for _s, c in self.showing(0)}
                    & {RANK[c] for _s, c in self.showing(1)})
            for p in (0, 1):
                for src, c in sorted(self.showing(p), reverse=True):
                    if RANK[c] in both:
                        self._remove(p, src, packets, opens)
        else:  # reserve
            t = self.taken
            ca, cb = self.cfg.reserve[0][t], self.cfg.reserve[1][t]
            s.taken = t + 1
            if self.cfg.set_aside:
                ra = {RANK[c] for _s, c in self.showing(0)} | {RANK[ca]}
                rb = {RANK[c] for _s, c in self.showing(1)} | {RANK[cb]}
                aside = list(self.aside)
                if RANK[ca] not in rb:
                    aside.append(ca)
                    ca = None
                if RANK[cb] not in ra:
                    aside.append(cb)
                    cb = None
                s.aside = tuple(aside)
            if ca is not None:
                opens[0] = opens[0] + (ca,)
            if cb is not None:
                opens[1] = opens[1] + (cb,)
        s.packets = tuple(packets)
        s.open = tuple(opens)
        return s

    def _card(self, p: int, src) -> int | None:
        if not isinstance(src, int) or src < 0:
            return None
        if src < NPACKETS:
            pk = self.packets[p][src]
            return pk[-1] if pk else None
        k = src - OPEN
        return self.open[p][k] if k < len(self.open[p]) else None

    def is_legal(self, move) -> bool:
        if not isinstance(move, tuple) or not move or self.is_won():
            return False
        if move[0] == "pair" and len(move) == 3 and not self.cfg.all_of_rank:
            a, b = self._card(0, move[1]), self._card(1, move[2])
            return a is not None and b is not None and a % 13 == b % 13
        if move == ("match",) and self.cfg.all_of_rank:
            ra = {c % 13 for _s, c in self.showing(0)}
            return any(c % 13 in ra for _s, c in self.showing(1))
        if move == ("reserve",):
            if self.taken >= 4:
                return False
            ra = {c % 13 for _s, c in self.showing(0)}
            return not any(c % 13 in ra for _s, c in self.showing(1))
        return False

    @executes("heart-to-heart:11")
    def is_won(self) -> bool:
        """The patience has come out ('пасьянс ... удался', heart-to-heart:11): the reserve
        is used up and every card of both packs has been taken away."""
        return (self.taken == 4 and not self.open[0] and not self.open[1]
                and not any(self.packets[0]) and not any(self.packets[1]))

    def key(self):
        """Ranks only, packets sorted (rules ``key-ranks-only``, ``key-packets-alike`` of
        :data:`PRUNINGS`)."""
        off = self.cfg.off
        fold = (lambda c: c) if "key-ranks-only" in off else RANK.__getitem__
        order = (lambda x: tuple(x)) if "key-packets-alike" in off else (
            lambda x: tuple(sorted(x)))

        def side(p):
            return (order(tuple(map(fold, pk)) for pk in self.packets[p]),
                    order(map(fold, self.open[p])))
        return (self.taken, side(0), side(1), len(self.aside))

    def frees(self, move) -> bool:
        return True

    @executes("heart-to-heart:8", "heart-to-heart:11")
    def over_reason(self) -> str:
        """Why the game ended: won; or the reserve is used up ('весь запас (4 карты)
        истощен', heart-to-heart:11) and no showing cards match ('пока карты не сходятся',
        heart-to-heart:8); "" while it goes on."""
        if self.is_won():
            return "won"
        if self.legal_moves():
            return ""
        if self.aside:
            return "a reserve card was put aside unmatched"
        return "the reserve is used up and no two showing cards are alike"

    def piles(self):
        out = []
        for p, y0 in ((0, 0.0), (1, 3.0)):
            who = "A" if p == 0 else "B"
            for i, pk in enumerate(self.packets[p]):
                out.append((f"{who} packet {i + 1}", float(i % 8), y0 + i // 8, pk, "none"))
            out.append((f"{who} reserve", 9.0, y0, self.cfg.reserve[p][self.taken:][::-1],
                        "none"))
            out.append((f"{who} open reserve", 10.0, y0, self.open[p], "right"))
        out.append(("aside unmatched", 9.0, 2.0, self.aside, "right"))
        return out

    def sample_hidden(self, rng) -> "HeartState":
        """The same position with the cards a player cannot see dealt anew: the cards that
        :meth:`visible` shows as ``None`` (foundations aside: their cards follow from the
        counts) shuffled among those places by :func:`engine.state.hidden_relabel` (``rng``
        an :class:`engine.deal.SplitMix64`), the visible cards, counts and history kept.
        The reserves live in ``cfg.reserve``: the sample has a copy of
        the :class:`~engine.state.Config` with them relabelled. Each player's packets and
        reserve hold that player's own pack (:func:`deal_packs`), which a player knows, so
        the cards are shuffled within each side. The identity (``self``) where nothing is
        hidden. A determinisation for the ``careful`` player (:mod:`engine.careful`); the
        result is for planning only (its cards differ from the deal's, so it does not replay
        from the deal number)."""
        sigma = hidden_relabel(self, rng, group=lambda name: name.split(" ", 1)[0])
        if not sigma:
            return self
        s = self._child(None)
        s.hist = self.hist
        s.cfg = copy.copy(self.cfg)
        s.cfg.reserve = tuple(relabelled(r, sigma) for r in self.cfg.reserve)
        s.packets = tuple(tuple(relabelled(p, sigma) for p in side) for side in self.packets)
        s.open = tuple(relabelled(o, sigma) for o in self.open)
        s.aside = relabelled(self.aside, sigma)
        return s


def new(deal: int, readings: dict[str, str] | None = None) -> HeartState:
    """Deal ``deal`` of Heart Speaks to Heart under ``readings`` (see :data:`AMBIGUITIES`)."""
    check_deal(deal)
    r = resolve(SLUG, AMBIGUITIES, readings)
    (pa, ra), (pb, rb) = deal_packs(shuffled(SLUG, deal, PACKS))
    cfg = Config(SLUG, deal, r, reserve=(ra, rb), all_of_rank=r["pairing"] == "all-of-rank",
                 set_aside=r["unmatched"] == "set-aside")
    s = HeartState.__new__(HeartState)
    s.cfg, s.hist = cfg, None
    s.packets = (pa, pb)
    s.open = ((), ())
    s.taken = 0
    s.aside = ()
    return s


GAME = register(Game(SLUG, "Heart Speaks to Heart", __name__, PACKS, AMBIGUITIES))
