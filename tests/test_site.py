"""The built site read as a reader would: pages, sentences, anchors, columns, search."""
from __future__ import annotations

import html
import json
import re
import zlib

from extract.corpus.ids import anchor


def page(site, slug):
    return (site / "games" / f"{slug}.html").read_text(encoding="utf-8")


def test_every_game_page_has_every_sentence_and_anchor(site, edition):
    for g in edition.games:
        raw = page(site, g.slug)
        plain = html.unescape(re.sub(r"<[^>]+>", "", raw))
        for s in g.sentences:
            assert f'id="{anchor(s.id)}"' in raw, s.id
            assert f'href="#{anchor(s.id)}"' in raw, s.id
            assert s.original in plain, s.id
            assert s.normalised in plain, s.id


def test_three_columns_per_sentence(site, edition):
    text = page(site, "mill")
    block = text.split('id="mill.4"', 1)[1].split("edition-sentence", 1)[0]
    assert 'class="orig"' in block and 'class="reg"' in block and 'class="en"' in block
    s = edition.game("mill").sentence("mill:4")
    assert s.english in html.unescape(re.sub(r"<[^>]+>", "", block))


def test_home_page_lists_witnesses_and_games(site, edition):
    text = html.unescape((site / "index.html").read_text(encoding="utf-8"))
    for w in edition.witnesses:
        assert w.siglum in text and w.sha256[:16] in text
    for g in edition.games:
        assert g.title_ru in text and f"games/{g.slug}.html" in text
        if g.title_en:
            assert g.title_en in text
    assert ("an edition of 4 witnesses (XL, XLIV, XLVI, P13; see Witnesses below)" in text
            and "the text of 11 games, and the engine plays 10 of them; not Fragment (page 13): "
                "its page says why." in text)


def test_page_title_not_in_reading_text(site, edition):
    for g in edition.games:
        assert "Пасьянсы - страница 13" not in html.unescape(page(site, g.slug))


def test_changes_marked_with_original_and_rule(site):
    text = page(site, "dense-column")
    m = re.search(r'<span class="chg chg-typography"[^>]*data-rule="page-break"[^>]*>', text)
    assert m and 'tabindex="0"' in m.group()


def test_objects_inventory_holds_sentences(site):
    raw = (site / "objects.inv").read_bytes()
    body = zlib.decompress(raw.split(b"\n", 4)[4]).decode()
    assert "mill:4 edition:sentence" in body


def test_search_index_has_russian_stems_and_english_words(site):
    js = (site / "searchindex.js").read_text(encoding="utf-8")
    data = json.loads(js[js.index("(") + 1:js.rindex(")")])
    terms = data["terms"]
    assert "колод" in terms          # колода, колоды, колоду -> колод (Russian Snowball)
    assert "foundat" in terms or "foundation" in terms
    assert "ace" in terms


def test_apparatus_entries_marked_at_their_place(site):
    text = page(site, "dense-column")
    block = text.split('id="dense-column.8"', 1)[1].split('class="reg"', 1)[0]
    assert re.search(r'<a class="app-lem app-ocr[^"]*" href="#dense-column.app-\d+">елевой</a>', block)
    assert 'id="dense-column.app-1"' in text and 'id="dense-column.app-2"' in text


def test_author_claims_shown_with_measured_figures(site):
    text = html.unescape(re.sub(r"<[^>]+>", "", page(site, "heart-to-heart")))
    assert "The author's claim (heart-to-heart:11)" in text
    from engine import results
    table = results.load()
    r = next(r for r in table["rows"] if r["game"] == "heart-to-heart" and r["change"] is None
             and r["policy"] == "solver")
    assert (f"default readings, solver: {r['won']} won, {r['lost']} lost, {r['undecided']} "
            f"undecided of {r['deals']} deals (1–{r['deals']})") in text


def test_home_page_sets_the_three_players_side_by_side_from_the_stored_rows(site):
    """The home page's overview: per game, the greedy player, the careful player and the
    solver on the deals their default rows share, and the share of the distance closed; the
    sentence counts the games where the careful player closes at least half (a range by its
    lower end). Every figure is read back against corpus/results/odds.json."""
    from fractions import Fraction
    from pathlib import Path

    from extract.export.odds_words import gap_share
    from extract.model.engine_link import careful_sight
    page = (site / "index.html").read_text(encoding="utf-8")
    start = page.index("edition-odds-overview-said")
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page[start:page.index("</table>", start)])).split())
    rows = json.loads((Path(__file__).resolve().parent.parent / "corpus" / "results"
                       / "odds.json").read_text(encoding="utf-8"))["rows"]
    by = {(r["game"], r["policy"]): r for r in rows if r["change"] is None}
    games = sorted({g for g, p in by if p == "careful"})
    assert len(games) >= 5
    closed, measured, face_up, face_up_closed, unknown = 0, 0, [], 0, []
    for g in games:
        first, last, gw, cw, sw, low, high = gap_share(by[(g, "careful")], by[(g, "greedy")],
                                                       by[(g, "solver")])
        n = last - first + 1
        und = [by[(g, p)]["outcomes"][first - by[(g, p)]["first"]:last - by[(g, p)]["first"] + 1]
               .count("U") for p in ("greedy", "careful", "solver")]
        cells = [f"{w} of {n}" + (f", {u} undecided" if u else "")
                 for w, u in zip((gw, cw, sw), und)]
        assert f"{first}–{last} {' '.join(cells)}" in words, g
        if careful_sight(g) == "all":       # the careful player is the solver: not counted
            assert "(every card face up: the careful player is the solver)" in words
            face_up.append(g)
            face_up_closed += low is not None and low >= Fraction(1, 2)
            continue
        if low is not None and low < 0 and (high is None or high >= 1):
            unknown.append(g)      # not known: counted in no denominator (a reader's audit)
            continue
        measured += low is not None
        closed += low is not None and low >= Fraction(1, 2)
    if unknown:
        from extract.model.edition import build_edition
        ed = build_edition(Path(__file__).resolve().parent.parent / "corpus")
        names = "; ".join(ed.game(g).title_en for g in unknown)
        assert f"Not known, and not counted: {names} (too many undecided deals)." in words
    said = re.search(r"closes at least half .* in (\d+) games? of the (\d+) where it does not "
                     r"see every card and there is a distance to close", words)
    assert said and (int(said.group(1)), int(said.group(2))) == (closed, measured)
    assert face_up == ["favourite", "goes-doesnt-go"]
    assert "every card lies face up from the deal, so the careful player plays as the solver " \
           "and closes the whole distance by construction; they are left out of that count" \
        in words
    with_them = re.search(r"With them \(each counted by the share its rows measure\), it is "
                          r"(\d+) of the (\d+) games", words)
    assert with_them and (int(with_them.group(1)), int(with_them.group(2))) == (
        closed + face_up_closed, measured + len(face_up))
    # a share is never outside 0-1: the careful player never wins what the solver cannot
    for share in re.findall(r"(-?\d+\.\d\d)–(-?\d+\.\d\d)", words):
        assert 0 <= float(share[0]) <= float(share[1]) <= 1, share


def test_weak_figures_are_flagged_and_players_drawn_on_the_deals_they_share(site):
    """A reader's audit: where the solver settled few deals the game page says so, with the
    counts of the stored row; the players of a reading are drawn on the deals they all played
    (a careful player on 1-200 never drawn beside a solver on 1-1000); the table gives each
    row's deals as a range."""
    from pathlib import Path
    rows = json.loads((Path(__file__).resolve().parent.parent / "corpus" / "results"
                       / "odds.json").read_text(encoding="utf-8"))["rows"]
    for slug in ("egyptian-pyramid", "octagon"):
        r = next(x for x in rows if x["game"] == slug and x["change"] is None
                 and x["policy"] == "solver")
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page(site, slug))).split())
        n, und = r["deals"], r["undecided"]
        assert (f"Read these figures with care: the solver settled only {n - und} of its {n} "
                f"deals ({100 * (n - und) / n:.1f}%); {und} stay undecided") in text, slug
        assert f"1–{n}" in text
        if r.get("reused_deals"):        # the deals a row took over are dated apart
            assert f"(the rows of the solver; its deals 1–{r['reused_deals']} taken over " \
                   f"from the run of" in text, slug
    mill = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page(site, "mill"))).split())
    assert "Read these figures with care" not in mill
    fav = page(site, "favourite")
    careful = next(x for x in rows if x["game"] == "favourite" and x["policy"] == "careful")
    titles = re.findall(r'<title id="forest-[^"]*-t">([^<]*)</title>', fav)
    assert titles and all(t.endswith(f"on deals 1–{careful['deals']} (every player shown "
                                     f"played them all)") for t in titles), titles
