"""The fragment of page 13 (``fragment-p13``): the end of an unnamed patience, not executable.

Page 13 begins in the middle of a game: its eight sentences tell what to do "когда все карты
уложены в ряды" (once all the cards are laid in rows), how the last cards of the columns go to
the foundations and onto one another (up or down in suit), how the columns are gathered
(the left column first, the second on it ...), dealt again "ряды по 12 карт" without
shuffling, three times, and that the game fails if the cards are not all on "7 основных
кучек" after the third time.

Why it is not executable (:data:`WHY_NOT`): the beginning is lost with the previous page.
Nothing says how many packs, which cards are the foundations ("7 основных кучек" is an odd
number for suits: seven foundations of what rank, taken out how?), how many rows and columns
are dealt at first, nor in which direction the foundations are built. Any engine would have
to invent the deal and the foundations, i.e. another game, so the edition shows the text and
its translation only. Should the missing page turn up, the game gets a module like the others.
"""
from __future__ import annotations

from . import Game, register

SLUG = "fragment-p13"
WHY_NOT = ("the text begins in mid-game (page 13 lacks the beginning): the number of packs, "
           "the seven foundations ('7 основных кучек') and the first layout of the rows are "
           "not given, so the rules cannot be executed without inventing them")

GAME = register(Game(SLUG, "The fragment of page 13", __name__, why_not=WHY_NOT))
