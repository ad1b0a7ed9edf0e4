"""The odds in plain words (extract/export/odds_words.py): every figure is made from a stored row,
shares are said as a reader says them and never overstate a bound, a claim's answer that types
a figure is caught, and the forest plot draws what the rows hold."""
from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from extract.export.odds_words import (FIELDS, bracket_sentences, figure, fill_figures,
                                finding_sentence, forest_svg, never_comes_out, share_words,
                                typed_figures, wins_words)


def row(change, policy, won, lost, und, ci=(0.1, 0.3), game="g"):
    return {"game": game, "change": change, "policy": policy, "won": won, "lost": lost,
            "undecided": und, "deals": won + lost + und, "ci95": list(ci)}


@pytest.mark.parametrize("k, n, how, words", [
    (0, 96, "near", "no deal"), (16, 16, "near", "every deal"),
    (168, 896, "near", "about 1 deal in 5"), (728, 896, "near", "about 4 deals in 5"),
    (1, 16, "near", "about 1 deal in 16"), (95, 100, "near", "all but about 1 deal in 20"),
    # a reader tells 6% from 0.2% (both were "fewer than 1 deal in 10"), and the words do
    # not jump between 13.5% and 14.5% (they were "1 in 10" and "1 in 5")
    (12, 200, "near", "about 1 deal in 17"), (2, 1000, "near", "about 1 deal in 500"),
    (27, 200, "near", "about 1 deal in 7"), (29, 200, "near", "about 1 deal in 7"),
    (50, 100, "near", "about half the deals"), (66, 80, "floor", "at least 4 deals in 5"),
    (1, 16, "floor", "at least 1 deal in 20"), (95, 100, "ceil", "at most 19 deals in 20"),
    # bounds as tight as the figure (a reader's audit): 4 of 1,000 was "at least 1 deal in
    # 1000", 40 of 1,000 "at most 1 deal in 10", 994 of 1,000 "at least 9 deals in 10"
    (4, 1000, "floor", "at least 1 deal in 250"), (40, 1000, "ceil", "at most 1 deal in 25"),
    (994, 1000, "floor", "at least 99 deals in 100"), (996, 1000, "ceil", "at most 249 deals in 250"),
    (1, 1000, "floor", "at least 1 deal in 1,000"),
    # a bound may say eighths: 39% was "at least 1 deal in 3" (a newcomer found it odd)
    (78, 200, "floor", "at least 3 deals in 8"), (125, 200, "ceil", "at most 5 deals in 8"),
    # just above a tenth the nearest one-in-N (an auditor's find: 11.1% was "1 in 8", 13%
    # "1 in 7")
    (111, 1000, "near", "about 1 deal in 9"), (26, 200, "near", "about 1 deal in 8"),
    (21, 200, "near", "about 1 deal in 10"),
])
def test_share_words(k, n, how, words):
    assert share_words(k, n, how) == words


def _value(words: str) -> float:
    if "half the deals" in words:
        return 0.5
    a, b = map(int, re.search(r"(\d+) deals? in (\d+)", words.replace(",", "")).groups())
    return a / b


def test_a_bound_in_words_never_overstates_nor_understates():
    """'at least a in b' is never more than k/n, 'at most a in b' never less, for every k/n."""
    for n in (7, 16, 80, 97, 160, 896, 1000, 2003):
        for k in range(1, n):
            lo, hi = share_words(k, n, "floor"), share_words(k, n, "ceil")
            assert lo.startswith("at least") and hi.startswith("at most"), (k, n)
            assert _value(lo) <= k / n <= _value(hi), (k, n, lo, hi)


def test_near_words_between_a_tenth_and_a_fifth_say_the_nearest_one_in_n():
    """From a tenth to a fifth a reader hears "1 deal in N": N is the nearest whole number to
    n/k (the one-in-N fractions lie close together there, so a simpler one is no excuse)."""
    for n in (200, 1000):
        for k in range(n // 10 + 1, n // 5):
            words = share_words(k, n)
            m = re.fullmatch(r"about 1 deal in (\d+)", words)
            if m:
                assert abs(1 / int(m[1]) - k / n) <= min(abs(1 / b - k / n)
                                                        for b in range(5, 11)) + 1e-12, (k, n)


def test_share_words_rejects_nonsense():
    with pytest.raises(ValueError):
        share_words(3, 2)
    with pytest.raises(ValueError):
        share_words(1, 2, "round")


def test_a_row_with_undecided_deals_is_a_bound_never_a_rate():
    text = wins_words(row(None, "solver", 66, 0, 14, (0.727, 1.0)))
    assert text.startswith("wins at least 4 deals in 5 and perhaps every deal")
    assert "66 won, 0 lost and 14 undecided of 80 deals" in text and "about" not in text
    none = wins_words(row(None, "solver", 0, 0, 16, (0.0, 1.0)))
    assert none.startswith("settled none of its 16 deals")
    assert none.endswith("counting the undecided both ways"), none   # as every bound says
    close = wins_words(row(None, "solver", 597, 395, 8, (0.566, 0.635)))
    assert close.startswith("wins between 59.7% and 60.5% of the deals: "
                            "597 won, 395 lost and 8 undecided of 1000 deals"), close
    assert "about" not in close     # no share between the bounds: it would read as a rate
    assert figure(row(None, "solver", 597, 395, 8), "won") == (
        "between 59.7% and 60.5% of the deals (the undecided counted both ways)")
    wide = wins_words(row(None, "solver", 597, 380, 23, (0.566, 0.635)))  # 2.3% undecided
    assert wide.startswith("wins at least half the deals and at most 5 deals in 8"), wide
    decided = wins_words(row(None, "greedy", 476, 188, 0, (0.681, 0.750)))
    assert decided == "wins about 7 deals in 10: 476 of 664 deals, 95% interval 68.1%–75.0%"


def test_bracket_says_only_what_is_measured_careful_first_solver_last():
    rows = [row(None, "solver", 60, 20, 20), row(None, "greedy", 10, 90, 0),
            row(None, "blind", 5, 95, 0), row("a=b", "careful", 30, 70, 0)]
    said = bracket_sentences(rows, None)
    assert [s.split(",")[0] for s in said] == ["A greedy player", "With every card known"]
    rows.append(row(None, "careful", 20, 80, 0))
    said = bracket_sentences(rows, None)
    assert said[0].startswith("A careful player, who sees only the face-up cards")
    assert "wins about 1 deal in 5: 20 of 100 deals" in said[0]
    assert all(s[0].isupper() and s.endswith(".") for s in said)
    assert bracket_sentences(rows, "a=b")[0].startswith("A careful player")
    assert bracket_sentences(rows, "x=y") == []


def test_placeholders_are_filled_from_the_named_row():
    by = {"default/solver": row(None, "solver", 168, 728, 0)}
    text = fill_figures("proves {default/solver:lost} lost, {default/solver:lost-count}; "
                        "wins {default/solver}; {other/greedy} elsewhere", by)
    assert text == ("proves about 4 deals in 5 lost, 728 of 896 deals; wins about 1 deal in 5; "
                    "not measured yet elsewhere")
    bound = row(None, "solver", 66, 0, 14)
    assert figure(bound, "won") == "at least 4 deals in 5"
    # none proved lost, but the 14 undecided may be: "no deal" would be a rate of 0
    assert figure(bound, "lost") == "no deal for certain"
    assert figure(bound, "deals") == "80 deals"
    with pytest.raises(ValueError):
        figure(bound, "rate")
    assert set(FIELDS) >= {"won", "lost-count"}


def test_a_placeholder_of_none_won_beside_undecided_deals_is_a_bound():
    """A breaker's find: {ROW:won} of a row with no deal won and most undecided said "no
    deal" ("the solver wins no deal"), a rate of 0 where up to 8 deals in 10 may come out;
    the bracket says "no deal for certain" and so does the placeholder now."""
    open_ = row(None, "solver", 0, 2, 8)
    assert figure(open_, "won") == "no deal for certain"
    assert fill_figures("the solver wins {default/solver}", {"default/solver": open_}) == \
        "the solver wins no deal for certain"
    assert figure(row(None, "solver", 0, 10, 0), "won") == "no deal"      # every deal decided
    assert figure(row(None, "solver", 0, 0, 10), "lost") == "no deal for certain"


@pytest.mark.parametrize("answer, typed", [
    ("the solver proves about nine deals in ten lost", ["nine", "ten"]),
    ("about half", ["half"]), ("82.5% won", ["8", "2", "5"]), ("one deal in three", ["one", "three"]),
    ("wins {default/solver} under mill:redeals=two and placement=advice", []),
])
def test_a_figure_typed_by_hand_is_found(answer, typed):
    assert typed_figures(answer) == typed


def test_the_claims_type_no_figure_and_name_their_rows():
    """The stored claims (corpus/results/claims.toml) pass the check that `edition check` runs."""
    import tomllib
    from pathlib import Path
    from extract.export.odds_words import PLACEHOLDER
    claims = tomllib.loads((Path(__file__).parent.parent / "corpus" / "results" / "claims.toml")
                           .read_text(encoding="utf-8"))["claim"]
    assert len(claims) >= 5
    for c in claims:
        assert typed_figures(c["answer"]) == [], c["sentence"]
        for m in PLACEHOLDER.finditer(c["answer"]):
            assert m.group(1) in c["rows"], (c["sentence"], m.group(0))


def test_the_finding_when_the_defaults_never_come_out():
    rows = [row(None, "greedy", 0, 96, 0), row(None, "solver", 0, 0, 16),
            row("side=first", "greedy", 476, 188, 0), row("side=always", "greedy", 0, 96, 0)]
    assert never_comes_out(rows)
    found = finding_sentence(rows, ["side=first", "side=always"], "g")
    assert found.startswith("Under the default readings no measured deal of this game came out")
    assert "Under g:side=first: A greedy player" in found and "g:side=always" not in found
    assert finding_sentence(rows, ["side=always"], "g") is None       # no alternative comes out
    whole = finding_sentence(rows, ["side=always"], "g", whole_game=True)
    assert whole.endswith("No measured single change of reading changes that.")
    assert "Other single changes of reading change that." in finding_sentence(
        rows + [row("x=y", "solver", 50, 50, 0)], ["side=first", "x=y"], "g", whole_game=True)
    rows[0] = row(None, "greedy", 20, 76, 0)                            # the default comes out
    assert not never_comes_out(rows) and finding_sentence(rows, ["side=first"], "g") is None


def test_the_finding_never_says_almost_never_over_undecided_deals():
    """A breaker's find: a default solver row of 3 won, 7 lost and 90 undecided of 100 (a
    ceiling anywhere from 3% to 93%) beside players who win next to nothing gave "this game
    almost never comes out", a rate the undecided deals may belie. The finding then says only
    what was measured: few measured deals came out."""
    rows = [row(None, "greedy", 1, 99, 0), row(None, "solver", 3, 7, 90),
            row("side=first", "greedy", 476, 188, 0)]
    found = finding_sentence(rows, ["side=first"], "g")
    assert found.startswith("Under the default readings few measured deals of this game came "
                            "out"), found
    assert "almost never" not in found
    decided = [row(None, "greedy", 1, 99, 0), row(None, "solver", 3, 97, 0),
               row("side=first", "greedy", 476, 188, 0)]
    assert finding_sentence(decided, ["side=first"], "g").startswith(
        "Under the default readings this game almost never comes out")


def test_forest_plot_is_accessible_svg_with_one_line_per_reading_and_policy():
    rows = [row(None, "greedy", 10, 90, 0, (0.05, 0.17)), row(None, "solver", 60, 20, 20, (0.5, 0.9)),
            row(None, "careful", 20, 80, 0, (0.13, 0.29)), row("a=b", "greedy", 70, 30, 0, (0.6, 0.78)),
            row(None, "blind", 1, 99, 0)]
    svg = forest_svg(rows, "g:a", [(None, "x<default>"), ("a=b", "b")], "fp")
    tree = ElementTree.fromstring(svg)           # well-formed; the label's '<' is escaped
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert tree.get("role") == "img" and tree.get("aria-labelledby") == "fp-t fp-d"
    assert tree.find("s:title", ns).text.endswith("g:a")
    desc = tree.find("s:desc", ns).text
    assert "x<default> (deals 1–100), careful player: wins about 1 deal in 5" in desc
    assert "b (deals 1–100), greedy player: wins about 7 deals in 10" in desc
    assert len(tree.findall("s:circle", ns)) == 3 + 3     # 3 decided rows + 3 legend dots
    assert len(tree.findall("s:rect", ns)) == 1           # the solver's bound
    assert desc.endswith("A dashed open bar is a bound: some deals were undecided.")
    assert "blind" not in svg
    assert forest_svg(rows, "g:a", [(None, "default"), ("c=d", "d")], "fp") is None


def test_edition_check_fails_on_a_figure_typed_into_a_claim(cli, corpus_copy):
    """The check that keeps stale figures out: an answer with a typed figure, or a placeholder
    naming a row the claim does not list, fails `edition check` with the file and line."""
    from pathlib import Path
    src = Path(__file__).parent.parent / "corpus" / "results"
    (corpus_copy / "results").mkdir()
    (corpus_copy / "results" / "odds.json").write_bytes((src / "odds.json").read_bytes())
    text = (src / "claims.toml").read_text(encoding="utf-8")
    (corpus_copy / "results" / "claims.toml").write_text(text, encoding="utf-8")
    assert cli("--corpus", corpus_copy, "check").exit_code == 0
    typed = text.replace("{default/solver:lost}", "about nine deals in ten", 1)
    (corpus_copy / "results" / "claims.toml").write_text(typed, encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "types figures by hand (nine, ten)" in r.output, r.output
    assert f"{corpus_copy}/results/claims.toml:" in r.output
    # heart-to-heart:11's answer fills {default/greedy:lost}: drop that row from its `rows`
    unnamed = text.replace(
        'rows = ["default/solver", "default/greedy", "default/blind"]\n\n[[claim]]\ngame = "mill"',
        'rows = ["default/solver", "default/blind"]\n\n[[claim]]\ngame = "mill"', 1)
    (corpus_copy / "results" / "claims.toml").write_text(unnamed, encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "which is not in `rows`" in r.output, r.output


def test_a_claim_on_a_game_the_engine_does_not_play_fails_the_check(cli, corpus_copy):
    """A breaker's find: a claim on fragment-p13 (a game of the edition, which the engine
    does not play, so its page has no odds section) passed `edition check` and the build,
    and was shown nowhere. The check names the claim's line and why."""
    from pathlib import Path
    src = Path(__file__).parent.parent / "corpus" / "results"
    (corpus_copy / "results").mkdir()
    (corpus_copy / "results" / "odds.json").write_bytes((src / "odds.json").read_bytes())
    text = (src / "claims.toml").read_text(encoding="utf-8")
    at = text.count("\n") + 2
    text += ('\n[[claim]]\ngame = "fragment-p13"\nsentence = "fragment-p13:1"\n'
             'claim = "It comes out."\nanswer = "Not measured."\n')
    (corpus_copy / "results" / "claims.toml").write_text(text, encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and (f"claims.toml:{at}: game 'fragment-p13' is not played by the "
                                 f"engine") in r.output, r.output


def test_notes_and_the_engines_reasons_state_no_measured_figure(edition):
    """Text the build does not fill from the rows (translator's notes, the English, the
    engine's questions, reasons, labels and justifications) may count cards, never odds."""
    from engine import api
    from extract.export.odds_words import MEASURED_PHRASE
    assert MEASURED_PHRASE.search("the solver proves about nine deals in ten lost")
    assert MEASURED_PHRASE.search("at least 82.5% won") and MEASURED_PHRASE.search("about half of the deals")
    assert not MEASURED_PHRASE.search("16 packets of 3 cards; the ace moves six places")
    found = []
    for g in edition.games:
        for s in g.sentences:
            for text in (s.note or "", s.english or ""):
                found += [(s.id, m.group(0)) for m in MEASURED_PHRASE.finditer(text)]
    for g in api.list_games():
        for a in g.get("ambiguities", []):
            texts = [a["question"], a["reason"]] + [r["label"] + " " + r["justification"]
                                                    for r in a["readings"]]
            found += [(f"{g['slug']}:{a['id']}", m.group(0)) for t in texts
                      for m in MEASURED_PHRASE.finditer(t)]
    assert found == []


def test_a_table_figure_with_any_undecided_deal_is_a_bound():
    from extract.export.odds_words import rate_figure
    assert rate_figure(row(None, "solver", 194, 1045, 1, (0.137296, 0.178575))) == \
        "≥ 15.6% won, 0.1% undecided (95%: 13.7–17.9%)"
    assert rate_figure(row(None, "greedy", 476, 188, 0, (0.681429, 0.749811))) == \
        "71.7% (95%: 68.1–75.0%)"


@pytest.mark.parametrize("new, message", [
    ("{default/solver:lost", "the answer has a '{' that is not part of a placeholder"),
    ("{Default/Solver:lost}", "the answer has a '{' that is not part of a placeholder"),
    ("{default/solver:lost}}", "the answer has a '}' that is not part of a placeholder"),
    ("about fifty deals", "the answer types figures by hand (fifty)"),
    ("fourteen deals", "the answer types figures by hand (fourteen)"),
    ("a thousand deals", "the answer types figures by hand (thousand)"),
    ("twice as many", "the answer types figures by hand (twice)"),
])
def test_a_malformed_placeholder_or_a_number_word_fails_the_check_at_the_answer_s_line(
        cli, corpus_copy, new, message):
    """Braces that are not a placeholder would stand on the site as typed; number words past
    twelve are figures too. The line given is the answer's own."""
    from pathlib import Path
    src = Path(__file__).parent.parent / "corpus" / "results"
    (corpus_copy / "results").mkdir()
    (corpus_copy / "results" / "odds.json").write_bytes((src / "odds.json").read_bytes())
    text = (src / "claims.toml").read_text(encoding="utf-8")
    at = next(n for n, ln in enumerate(text.splitlines(), 1)
              if ln.startswith("answer = ") and "{default/solver:lost}" in ln)
    (corpus_copy / "results" / "claims.toml").write_text(
        text.replace("{default/solver:lost}", new, 1), encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and f"claims.toml:{at}: {message}" in r.output, r.output


def test_a_placeholder_outside_the_answer_fails_the_check(cli, corpus_copy):
    """`claim` and `measured` are shown as typed: a placeholder there would reach the site raw."""
    from pathlib import Path
    src = Path(__file__).parent.parent / "corpus" / "results"
    (corpus_copy / "results").mkdir()
    (corpus_copy / "results" / "odds.json").write_bytes((src / "odds.json").read_bytes())
    text = (src / "claims.toml").read_text(encoding="utf-8")
    at = next(n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith("measured = "))
    (corpus_copy / "results" / "claims.toml").write_text(
        text.replace('measured = "', 'measured = "{default/solver} ', 1), encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and f"claims.toml:{at}: `measured` holds a placeholder" in r.output, r.output


def _row(policy: str, outcomes: str, first: int = 1) -> dict:
    return {"policy": policy, "first": first, "outcomes": outcomes}


def test_gap_share_compares_the_rows_on_their_common_deals_and_brackets_undecided():
    """The careful player's share of the greedy-to-solver distance, on the deals the three
    rows share; undecided solver deals make the ceiling, and so the share, a range."""
    from fractions import Fraction
    from extract.export.odds_words import gap_share
    greedy, careful = _row("greedy", "WLLLLLLLLL" + "W" * 10), _row("careful", "WWWLLLLLLL")
    solver = _row("solver", "WWWWWLLLLL")
    assert gap_share(careful, greedy, solver) == (1, 10, 1, 3, 5, Fraction(1, 2), Fraction(1, 2))
    solver = _row("solver", "WWWWWUULLL")          # the ceiling lies between 5 and 7
    assert gap_share(careful, greedy, solver)[5:] == (Fraction(1, 3), Fraction(1, 2))
    # deals 3-10 only, where the careful row starts
    late = _row("careful", "WLLLLLLL", first=3)
    assert gap_share(late, greedy, _row("solver", "WWWWWLLLLL"))[:5] == (3, 10, 0, 1, 3)
    # a careful row's undecided deal is not a win, but it may be: the share's upper end
    assert gap_share(_row("careful", "WUULLLLLLL"), greedy, solver)[3] == 1
    done = _row("solver", "WWWWWLLLLL")
    assert gap_share(_row("careful", "WUULLLLLLL"), greedy, done)[5:] == (Fraction(0),
                                                                          Fraction(2, 4))
    # a greedy row's undecided deal may be a win: the share's lower end counts it won
    assert gap_share(careful, _row("greedy", "WULLLLLLLL"), done)[5:] == (Fraction(1, 3),
                                                                          Fraction(2, 4))
    # no distance: the solver wins no more than greedy even counting its undecided as won
    assert gap_share(careful, greedy, _row("solver", "WLLLLLLLLL"))[5:] == (None, None)
    # the solver wins no more than greedy, but undecided deals may: at least, no upper end
    lo, hi = gap_share(careful, greedy, _row("solver", "WUULLLLLLL"))[5:]
    assert lo == Fraction(2, 2) and hi is None
    with pytest.raises(ValueError, match="share no deal"):
        gap_share(_row("careful", "WW", first=50), greedy, solver)
    with pytest.raises(ValueError, match="outcomes"):
        gap_share({"policy": "careful", "first": 1}, greedy, solver)


def _measured(policy, outcomes, first=1, change=None, game="mill", readings=None):
    from engine.odds import interval
    w, l, u = (outcomes.count(c) for c in "WLU")
    return {"game": game, "change": change, "policy": policy, "first": first,
            "deals": len(outcomes), "won": w, "lost": l, "undecided": u,
            "outcomes": outcomes, "ci95": list(interval(w, u, len(outcomes))),
            "readings": readings}


def test_the_bracket_sets_figures_side_by_side_only_on_the_same_deals():
    """A careful row on fewer deals than the solver's could seem to beat its ceiling (41% on
    deals 1-200 against 39.6% on 1-1000): the solver's and the greedy player's figures are
    also given on the careful player's deals, recounted from their outcomes."""
    careful = _measured("careful", "WWLW")
    solver = _measured("solver", "WWLWLLLL")
    greedy = _measured("greedy", "LWLLLLLU")
    said = bracket_sentences([careful, greedy, solver], None)
    assert "3 of 4 deals" in said[0]
    assert said[1].endswith("on deals 1–4, which the careful player played too, it wins "
                            "about 1 deal in 4: 1 of 4 deals, 95% interval 4.5%–70.0%.")
    assert "on deals 1–4, which the careful player played too, it wins about 3 deals in 4: "\
           "3 of 4 deals" in said[2]
    assert said[2].endswith("on deals 1–4 the careful player won and lost the very same deals.")
    # a solver row on fewer deals than the careful player's: the careful player is recounted
    short = _measured("solver", "WL")
    said = bracket_sentences([careful, short], None)
    assert said[1].endswith("on the same deals 1–2 the careful player wins every deal: 2 of 2 "
                            "deals, 95% interval 34.2%–100.0%.")
    # rows on the same deals need no second figure
    said = bracket_sentences([careful, _measured("solver", "WWLL")], None)
    assert "which the careful player" not in said[1] and "same deals" not in said[1]


@pytest.mark.parametrize("game, readings, words", [
    ("mill", {}, "remembers them"),
    ("heart-to-heart", {}, "forgetting a card once it is covered"),
    ("favourite", {}, "sees every card (they all lie face up from the deal)"),
    ("goes-doesnt-go", {"deal-auto": "optional"}, "remembers them"),
])
def test_the_careful_player_is_said_to_see_what_it_sees_in_that_game(game, readings, words):
    """Heart Speaks to Heart's careful player remembers nothing (its sampler shuffles each
    side apart); where every card lies face up it plays as the solver; Goes, Doesn't Go
    hides the pack in hand under deal-auto=optional."""
    row = _measured("careful", "WL", game=game, readings=readings)
    assert words in bracket_sentences([row], None)[0]


def test_forest_plot_draws_the_players_of_a_reading_on_the_deals_they_all_played():
    """A careful player measured on deals 1-200 beside a solver on 1-1000 (a reader's audit:
    the careful player looked above the ceiling): both are drawn on deals 1-200, cut from the
    solver's per-deal outcomes, and the plot says so."""
    def measured(change, policy, outcomes):
        won, lost, und = (outcomes.count(c) for c in "WLU")
        return {"game": "g", "change": change, "policy": policy, "first": 1, "won": won,
                "lost": lost, "undecided": und, "deals": len(outcomes), "outcomes": outcomes,
                "ci95": [0.0, 1.0]}
    rows = [measured(None, "careful", "WL" * 100), measured(None, "solver", "WW" * 100 + "L" * 800),
            measured("a=b", "careful", "L" * 200), measured("a=b", "solver", "W" * 1000)]
    svg = forest_svg(rows, "g:a", [(None, "default"), ("a=b", "b")], "fp")
    tree = ElementTree.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert tree.find("s:title", ns).text.endswith("on deals 1–200 (every player shown played them all)")
    desc = tree.find("s:desc", ns).text
    assert "default, solver, every card known: wins every deal: 200 of 200 deals" in desc, desc
    assert "default, careful player: wins about half the deals: 100 of 200 deals" in desc
    assert "On deals 1–200." in [t.text for t in tree.findall("s:text", ns)]
    assert "dashed" not in desc         # no deal undecided, no bound drawn: none said


def test_measured_when_dates_each_policys_rows_by_the_run_that_made_them():
    """A reader's audit: one date per page hid that rows came from several runs, and that a
    row took over deals of an earlier run. Each policy is dated by the last run of the game
    that measured it (a run without deal_ranges measured every policy)."""
    from extract.export.odds_words import measured_when
    runs = [{"games": ["g", "h"], "date": "2026-12-01"},
            {"games": ["g"], "date": "2026-12-02", "deal_ranges": {"greedy": [1, 9]}},
            {"games": ["h"], "date": "2026-12-05", "deal_ranges": {"solver": [1, 9]}},
            {"games": ["g"], "date": "2026-12-03", "deal_ranges": {"solver": [1, 9]}}]
    rows = [{"policy": "solver", "first": 1, "reused_deals": 5}, {"policy": "greedy"},
            {"policy": "careful"}]
    assert measured_when(rows, runs, "g") == (
        "on 2026-12-01 (the rows of the careful player) and on 2026-12-02 (the rows of the "
        "greedy player) and on 2026-12-03 (the rows of the solver; its deals 1–5 taken over "
        "from the run of 2026-12-01, made by the same code)")
    assert measured_when([{"policy": "greedy"}], runs[:1], "g") == "on 2026-12-01"
    assert measured_when(rows, runs, "nowhere") == ""


def test_a_share_is_never_rounded_to_all_or_none_when_it_is_not():
    """1,999 of 2,000 deals won is not "100.0%", 1 of 2,000 not "0.0%": the figure takes the
    places it needs (a breaker's find: `edition odds` over more than 1,000 deals)."""
    from extract.export.odds_words import rate_figure
    assert rate_figure(row(None, "solver", 1999, 1, 0, (0.99717, 0.99991))).startswith(
        "99.95% (95%")
    assert rate_figure(row(None, "solver", 1, 1999, 0, (0.00009, 0.00283))).startswith(
        "0.1% (95%")
    assert rate_figure(row(None, "solver", 19999, 0, 1, (0.9997, 1.0))).startswith(
        "≥ 99.995% won, 0.01% undecided (95%: 99.9–100.0%)")
    assert rate_figure(row(None, "solver", 2000, 0, 0, (0.998, 1.0))).startswith("100.0% (95%")
    assert rate_figure(row(None, "solver", 0, 2000, 0, (0.0, 0.002))).startswith("0.0% (95%")
    close = wins_words(row(None, "solver", 19990, 0, 10, (0.999, 1.0)))
    assert close.startswith("wins between 99.95% and 100.0% of the deals"), close


def test_one_deal_is_one_deal_not_one_deals():
    assert wins_words(row(None, "greedy", 1, 0, 0, (0.2, 1.0))).startswith(
        "wins every deal: 1 of 1 deal, 95% interval")
    assert figure(row(None, "greedy", 0, 1, 0), "lost-count") == "1 of 1 deal"
    assert figure(row(None, "greedy", 0, 1, 0), "deals") == "1 deal"
    assert wins_words(row(None, "solver", 0, 0, 1, (0.0, 1.0))).startswith(
        "settled none of its 1 deal within")


@pytest.mark.parametrize("new, said", [
    ("tests/engine/test_claims.py::test_no_such_test", "defines no test_no_such_test"),
    ("tests/engine/no_such_file.py::test_x", "has no file tests/engine/no_such_file.py"),
    ("test_claims", "is not PATH::TEST_NAME"),
])
def test_a_claim_naming_a_test_that_does_not_exist_fails_the_check(cli, corpus_copy, new, said):
    """The site says "Tested by X in the edition's test suite": `check` makes sure X is a test
    function of a file under the project (the folder holding corpus/), named at its line (a
    breaker's find: a misspelt test was published)."""
    from pathlib import Path
    src = Path(__file__).parent.parent / "corpus" / "results"
    (corpus_copy / "results").mkdir()
    (corpus_copy / "results" / "odds.json").write_bytes((src / "odds.json").read_bytes())
    text = (src / "claims.toml").read_text(encoding="utf-8")
    old = re.search(r'^test = "([^"]+)"', text, re.M)
    (corpus_copy / "results" / "claims.toml").write_text(
        text.replace(old.group(1), new, 1), encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    line = text[:old.start()].count("\n") + 1
    assert r.exit_code == 1 and said in r.output, r.output
    assert f"{corpus_copy}/results/claims.toml:{line}: `test`" in r.output, r.output


def test_a_copy_of_the_corpus_checks_from_any_folder(cli, corpus_copy, tmp_path, monkeypatch):
    """A newcomer's find: the repository's corpus copied to another folder failed `check`
    from there (its claims' tests are no files of that folder). The test suite looked in is
    the first that has the path's folder: the corpus's project, the current folder, the
    toolkit's own source tree; the copy's claims are found in the toolkit's."""
    import shutil
    from pathlib import Path
    shutil.copytree(Path(__file__).parent.parent / "corpus" / "results", corpus_copy / "results")
    monkeypatch.chdir(tmp_path)
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0, r.output


def test_a_claims_test_may_be_a_method_of_a_test_class_and_must_be_a_test(tmp_path):
    """A breaker's finds: a pytest node id naming a test class's method
    (``tests/test_x.py::TestDeal::test_wins``) was refused as 'not PATH::TEST_NAME', and a
    function pytest never runs as a test (``tests/test_x.py::helper``) passed as the claim's
    test. A class's method is looked for inside that class; a name must be a test's
    (``test...``)."""
    from extract.intake.checks import _test_problems
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(
        "def helper():\n    pass\n\n\nclass TestDeal:\n    def test_wins(self):\n        pass\n\n\n"
        "def test_loses():\n    pass\n", encoding="utf-8")
    assert _test_problems(tmp_path, "tests/test_x.py::TestDeal::test_wins") == []
    assert _test_problems(tmp_path, "tests/test_x.py::TestDeal::test_wins[1-2]") == []
    assert _test_problems(tmp_path, "tests/test_x.py::test_loses") == []
    said = _test_problems(tmp_path, "tests/test_x.py::TestDeal::test_loses")
    assert said and "TestDeal" in said[0], said
    said = _test_problems(tmp_path, "tests/test_x.py::TestNone::test_wins")
    assert said and "TestNone" in said[0], said
    said = _test_problems(tmp_path, "tests/test_x.py::helper")
    assert said and "not a test" in said[0], said
