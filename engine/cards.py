"""Cards, suits and ranks, with Russian and English names and symbols.

A card is a :class:`Card`, a subclass of :class:`int` so that game states can hold plain,
cheaply hashed integers. The number of a card is ``pack * 52 + suit * 13 + (rank - 1)``:

* ``rank`` 1..13 (1 ace / туз, 11 jack / валет, 12 queen / дама, 13 king / король);
* ``suit`` 0..3 in the order spades / пики, hearts / черви, diamonds / бубны, clubs / трефы;
* ``pack`` 0 or 1: two-pack games tell the packs apart (the second pack's code carries a
  prime: ``AS'``).

Hot code should use the lookup tables :data:`RANK`, :data:`SUIT`, :data:`PACK` and
:data:`CODES` (indexed by the card number) rather than the properties.
"""
from __future__ import annotations

SUITS = ("spades", "hearts", "diamonds", "clubs")
SUITS_RU = ("пики", "черви", "бубны", "трефы")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SUIT_LETTERS = ("S", "H", "D", "C")
RANKS = (None, "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
         "ten", "jack", "queen", "king")
RANKS_RU = (None, "туз", "двойка", "тройка", "четверка", "пятерка", "шестерка", "семерка",
            "восьмерка", "девятка", "десятка", "валет", "дама", "король")
RANK_LETTERS = (None, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_LETTERS_RU = (None, "Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")
# Genitive plural suit adjectives for Russian card names ("дама пиковая").
_SUIT_ADJ_RU = ("пиковая", "червонная", "бубновая", "трефовая")
_SUIT_ADJ_RU_M = ("пиковый", "червонный", "бубновый", "трефовый")
_MASC = {1, 13, 11}  # туз, король, валет are masculine


class Card(int):
    """A playing card; an ``int`` in ``0..103`` (see the module docstring for the numbering).

    >>> Card.parse("QH").name_ru
    'дама червонная'
    """

    __slots__ = ()

    @property
    def rank(self) -> int:
        """1 (ace) .. 13 (king)."""
        return self % 13 + 1

    @property
    def suit(self) -> int:
        """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
        return (self // 13) % 4

    @property
    def pack(self) -> int:
        """0 for the first pack, 1 for the second."""
        return self // 52

    @property
    def red(self) -> bool:
        return self.suit in (1, 2)

    @property
    def code(self) -> str:
        """ASCII code: rank letter + suit letter, a prime for the second pack (``10H'``)."""
        return RANK_LETTERS[self.rank] + SUIT_LETTERS[self.suit] + ("'" * self.pack)  # type: ignore[operator]  # rank is 1..13: never the None at index 0

    @property
    def symbol(self) -> str:
        """Short form with the suit symbol, e.g. ``Q♥``; a prime for the second pack."""
        return RANK_LETTERS[self.rank] + SUIT_SYMBOLS[self.suit] + ("'" * self.pack)  # type: ignore[operator]  # rank is 1..13: never the None at index 0

    @property
    def name_en(self) -> str:
        return f"{RANKS[self.rank]} of {SUITS[self.suit]}"

    @property
    def name_ru(self) -> str:
        adj = _SUIT_ADJ_RU_M if self.rank in _MASC else _SUIT_ADJ_RU
        return f"{RANKS_RU[self.rank]} {adj[self.suit]}"

    def __repr__(self) -> str:
        return f"Card({self.code})"

    __str__ = symbol.fget  # type: ignore[attr-defined]  # mypy reads a property in its class body as the getter function, without fget

    @staticmethod
    def make(rank: int, suit: int, pack: int = 0) -> "Card":
        """The card of ``rank`` 1..13, ``suit`` 0..3, ``pack`` 0..1; ValueError otherwise."""
        if not (1 <= rank <= 13 and 0 <= suit <= 3 and 0 <= pack <= 1):
            raise ValueError(f"no card rank={rank} suit={suit} pack={pack}; "
                             "allowed rank 1..13, suit 0..3, pack 0..1")
        return CARDS[pack * 52 + suit * 13 + rank - 1]

    @staticmethod
    def parse(code: str) -> "Card":
        """Inverse of :attr:`code` (also accepts the suit symbols); ValueError otherwise."""
        s = code.strip()
        pack = len(s) - len(s.rstrip("'"))
        s = s.rstrip("'")
        if len(s) < 2:
            raise ValueError(f"bad card code {code!r}; expected e.g. AS, 10H, QD' ")
        r, u = s[:-1].upper(), s[-1].upper()
        if u in SUIT_SYMBOLS:
            suit = SUIT_SYMBOLS.index(u)
        elif u in SUIT_LETTERS:
            suit = SUIT_LETTERS.index(u)
        else:
            raise ValueError(f"bad suit in {code!r}; allowed S H D C or ♠ ♥ ♦ ♣")
        if r == "T":
            r = "10"
        if r not in RANK_LETTERS[1:]:
            raise ValueError(f"bad rank in {code!r}; allowed A 2..10 J Q K")
        return Card.make(RANK_LETTERS.index(r), suit, pack)


#: The 104 cards, indexed by card number.
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(104))
#: Rank (1..13) of each card number.
RANK: tuple[int, ...] = tuple(i % 13 + 1 for i in range(104))
#: Suit (0..3) of each card number.
SUIT: tuple[int, ...] = tuple((i // 13) % 4 for i in range(104))
#: Pack (0 or 1) of each card number.
PACK: tuple[int, ...] = tuple(i // 52 for i in range(104))
#: ASCII code (:attr:`Card.code`, e.g. ``10H'``) of each card number.
CODES: tuple[str, ...] = tuple(c.code for c in CARDS)


def deck(packs: int = 1) -> list[Card]:
    """Unshuffled cards of ``packs`` (1 or 2) packs of 52, in card-number order."""
    if packs not in (1, 2):
        raise ValueError(f"packs must be 1 or 2, not {packs!r}")
    return list(CARDS[: 52 * packs])


def codes(cards) -> list[str]:
    """Card codes of an iterable of card numbers (for JSON), from :data:`CODES`."""
    return list(map(CODES.__getitem__, cards))
