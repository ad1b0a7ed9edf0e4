"""Game page titles made from the model as text nodes, never as markup.

A game's title comes from the corpus (a witness, ``games.toml``): it is untrusted data. The
generated page ``games/<slug>.md`` therefore holds only the slug (checked ASCII) and calls
``edition-game-page SLUG``; this directive makes the page's section and its title node from
the model, so a title such as ``Пасьянс «<img onerror=…>»`` shows as the characters it is,
in the heading, the table of contents, the games list, the prev/next links and the search.
"""
from __future__ import annotations

from docutils import nodes

from .directives import GameDirective


def page_title(game) -> str:
    """The title of a game's page: Russian title, then the English one if there is one."""
    return game.title_ru + (f" — {game.title_en}" if game.title_en else "")


class GamePageDirective(GameDirective):
    """``edition-game-page SLUG``: the whole game page, a section whose title is the game's
    title (a text node) and whose body is what ``edition-game`` renders."""

    def run(self):
        game = self.edition().game(self.arguments[0])
        sec = nodes.section(ids=[f"{game.slug}-page"])
        sec += nodes.title("", "", nodes.Text(" ".join(page_title(game).split())))
        sec.extend(super().run())
        return [sec]
