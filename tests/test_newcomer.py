"""What a newcomer editing the corpus meets: a rebuild after adding a corpus file shows it,
and the CLI's messages about a game that is in the edition but has no engine module."""
from __future__ import annotations

import re
import shutil


def test_translation_file_added_after_a_build_reaches_the_site(cli, corpus_copy, tmp_path,
                                                                private_docs):
    """A translation file that did not exist at the last build (the usual case for a new
    game) is shown by the next incremental build into the same --out."""
    held = tmp_path / "mill.toml"
    shutil.move(corpus_copy / "translations" / "en" / "mill.toml", held)
    out = tmp_path / "site" / "html"
    r = cli("--corpus", corpus_copy, "build", "-q", "--out", out)
    assert r.exit_code == 0, r.output
    english = "All four aces are taken out and laid in a row"
    page = (out / "games" / "mill.html").read_text(encoding="utf-8")
    assert "not yet translated" in page and english not in page
    # the build says so (it published quietly while `edition check` failed)
    assert re.search(r"note: no English translation yet for (\d+) of \1 sentences of mill: the "
                     r"site shows them as not yet translated, and `edition check` fails", r.output)
    shutil.move(held, corpus_copy / "translations" / "en" / "mill.toml")
    r = cli("--corpus", corpus_copy, "build", "-q", "--out", out)
    assert r.exit_code == 0 and "note:" not in r.output, r.output
    page = (out / "games" / "mill.html").read_text(encoding="utf-8")
    assert english in page and "not yet translated" not in page


CLOCK = """ГЛАВА XLIX.

Часы.

Берутъ одну полную колоду въ пятьдесятъ двѣ карты и раскладываютъ ихъ въ двѣнадцать кучекъ
кругомъ, на подобіе циферблата. Пасьянсъ вышелъ, когда всѣ карты лежатъ на своихъ мѣстахъ.
"""


def test_playing_a_new_game_without_an_engine_says_so(cli, corpus_copy, tmp_path):
    """`play`/`odds` on a game the edition has (added by `edition add`) but the engine does
    not: not "unknown game", but that it has no engine module yet."""
    f = tmp_path / "ch49.txt"
    f.write_text(CLOCK, encoding="utf-8")
    assert cli("--corpus", corpus_copy, "add", f).exit_code == 0
    for args in (["play", "chasy", "--deal", "1"], ["odds", "chasy", "--deals", "2"]):
        r = cli("--corpus", corpus_copy, *args)
        assert r.exit_code == 2, r.output
        assert "chasy is a game of the edition but cannot be played yet" in r.output
        assert "unknown game" not in r.output and "mill" in r.output
    r = cli("--corpus", corpus_copy, "play", "nosuchgame", "--deal", "1")
    assert r.exit_code == 2 and "unknown game 'nosuchgame'" in r.output


def test_check_names_the_slug_a_new_game_must_keep(cli, corpus_copy, tmp_path):
    """`edition check` tells the editor of a new game which slug to list in games.toml and
    where its translation goes; doing just that passes the check, while another slug would
    orphan the ids `add` locked."""
    f = tmp_path / "ch49.txt"
    f.write_text(CLOCK, encoding="utf-8")
    assert cli("--corpus", corpus_copy, "add", f).exit_code == 0
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0, r.output
    # (the paths of this corpus, not the repository's: it was given with --corpus)
    assert f'an entry in {corpus_copy / "games.toml"} (slug = "chasy"' in r.output
    assert str(corpus_copy / "translations" / "en" / "chasy.toml") in r.output
    games = corpus_copy / "games.toml"
    games.write_text(games.read_text(encoding="utf-8") + '\n[[game]]\nslug = "chasy"\n'
                     'title_ru = "Часы"\ntitle_en = "The Clock"\n', encoding="utf-8")
    (corpus_copy / "translations" / "en" / "chasy.toml").write_text(
        '[sentences]\n"chasy:1" = "One full pack of fifty-two cards is taken and laid out in '
        'twelve piles in a circle, like a clock face."\n"chasy:2" = "The patience has come out '
        'when all the cards lie in their places."\n', encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0 and "check passed" in r.output, r.output
    assert "[ok] sentence and apparatus ids match ids.lock" in r.output
    # listed and translated, the game still has no engine module: check keeps saying so
    todo = r.output.split("new games still to edit: ", 1)[1]
    assert todo.startswith("1") and "chasy (Часы, witness XLIX) lacks: an engine module" in todo
    assert "docs/maintainers.md, 'How to add a game'" in " ".join(todo.split())


def test_a_one_game_list_under_a_bare_heading_is_the_heading_not_a_second_game(cli, corpus_copy,
                                                                               tmp_path):
    """``ГЛАВА XLIX.`` with the list of its games on the next line (README, "Layouts
    understood"), when the list names one game whose title then stands again over its text:
    one game, no empty game and no ``chasy-2``."""
    text = ("— 87 —\n\nГЛАВА XLIX.\nЧасы.\n\nЧасы.\n\n" + CLOCK.split("\n\n", 2)[2])
    f = tmp_path / "ch49.txt"
    f.write_text(text, encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", f, "--dry-run")
    assert r.exit_code == 0, r.output
    assert "lines 3-4    heading" in r.output
    assert "chasy: 2 sentences (new game)" in r.output
    assert "chasy-2" not in r.output and "stands 2 times" not in r.output
    # without the repeated title, the line under the heading is the game's title, as before
    f.write_text("ГЛАВА XLIX.\nЧасы.\n\n" + CLOCK.split("\n\n", 2)[2], encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", f, "--dry-run")
    assert "chasy: 2 sentences (new game)" in r.output and "warnings: none" in r.output, r.output


def test_games_json_gives_a_scholar_every_sentence_to_cite(cli, site):
    """`edition games --format json` lists each game's sentences with the id to cite, the
    anchor, the page and the text; every page#anchor it gives exists in the built site."""
    import json
    import re
    rows = json.loads(cli("games", "--format", "json").output)
    mill = next(r for r in rows if r["slug"] == "mill")
    assert mill["page"] == "games/mill.html"
    four = mill["sentence_details"][3]
    assert four["cite"] == "mill:4" and four["page"] == "games/mill.html#mill.4"
    assert four["witness"] == "XL" and four["original"].startswith("Верхние карты пачек")
    assert four["english"].startswith("The top cards of the piles")
    assert all(len(r["sentence_details"]) == r["sentences"] for r in rows)
    for r in rows:
        html = (site / r["page"]).read_text(encoding="utf-8")
        ids = set(re.findall(r'id="([^"]+)"', html))
        for s in r["sentence_details"]:
            assert s["page"] == f"{r['page']}#{s['anchor']}" and s["anchor"] in ids, s["cite"]


def test_adding_a_folder_says_it_is_a_folder(cli, corpus_copy, tmp_path):
    """`edition add FOLDER` (a newcomer's guess for several pages) names the folder and says
    to add the files one by one, rather than "file not found"."""
    r = cli("--corpus", corpus_copy, "add", tmp_path, "--dry-run")
    assert r.exit_code != 0
    assert f"{tmp_path}: is a folder, not a text file" in r.output
    assert "its own `edition add`" in r.output and "file not found" not in r.output


def test_a_second_copy_of_a_newly_added_game_is_reported_as_collated(cli, corpus_copy, tmp_path):
    """A second witness of a game that an earlier `add` brought in (not yet in games.toml)
    is another copy, collated against the first: not a "new game" with no new ids."""
    f = tmp_path / "ch49.txt"
    f.write_text(CLOCK, encoding="utf-8")
    assert cli("--corpus", corpus_copy, "add", f).exit_code == 0
    g = tmp_path / "ch49-copy.txt"
    g.write_text(CLOCK.replace("двѣнадцать", "двенадцать"), encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", g, "--siglum", "XLIXb", "--dry-run")
    assert r.exit_code == 0, r.output
    assert "chasy: 2 sentences (known game, collated)" in r.output
    assert "new game" not in r.output and "new sentence ids (0): none" in r.output
    r = cli("--corpus", corpus_copy, "add", g, "--siglum", "XLIXb")
    assert "chasy: 2 sentences — another copy of a known game: collated on the next build" in r.output


def test_sentence_ids_in_an_ambiguitys_question_and_reason_are_links(site):
    """A scholar reading why a default was chosen can follow the sentence it cites: ids in
    the ambiguity's reason link to the sentence on the same page (as in translator's notes)."""
    from lxml import html as lhtml
    page = lhtml.parse(str(site / "games" / "goes-doesnt-go.html")).getroot()
    amb = page.get_element_by_id("goes-doesnt-go.foundations")
    reason = amb.find_class("amb-reason")[0]
    hrefs = [a.get("href") for a in reason.iter("a")]
    assert "#goes-doesnt-go.1" in hrefs and "#goes-doesnt-go.2" in hrefs
    assert "goes-doesnt-go.1" in page.xpath("//@id")
    mill = lhtml.parse(str(site / "games" / "mill.html")).getroot()
    question = mill.get_element_by_id("mill.gather").find_class("amb")[0]
    assert "#mill.5" in [a.get("href") for a in question.iter("a")]
