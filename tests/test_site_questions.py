"""From a sentence to its questions and back, and the odds in plain words, as a reader sees the
built game pages (issue 21, issue 23 items 4-6): every sentence an ambiguity or decision cites
has a mark that leads to it, and the block leads back; decisions are headed by what they rest
on; the claims' answers and the brackets say the stored rows' figures; the reader's text has no
run-on joins of generated phrases, no nested parentheses, no words said twice ('not in the
text: Not in the text') and no test path."""
from __future__ import annotations

import html
import re

import pytest

from engine import api
from extract.corpus.ids import anchor
from extract.export.odds_words import PLACEHOLDER, bracket_sentences, fill_figures, row_key
from extract.sphinxext.directives import DECISION_HEADINGS, SILENT_DECISIONS, decision_kind

GAMES = [g for g in api.list_games() if g["executable"]]


def text_of(fragment: str) -> str:
    """The text a reader sees: inline tags join what they split; other tags separate; code
    (ids, function names, the claims' test) stands as one word, CODE; drawings are left out."""
    fragment = re.sub(r"<(script|style|svg|pre|title)\b.*?</\1>", "\n", fragment, flags=re.S)
    fragment = re.sub(r"<code\b.*?</code>", "CODE", fragment, flags=re.S)
    inline = re.sub(r"</?(?:a|span|wbr|strong|em|abbr|b|i)\b[^>]*>", "", fragment)
    return html.unescape(re.sub(r"<[^>]+>", "\n", inline))


def body(site, slug: str) -> str:
    page = (site / "games" / f"{slug}.html").read_text(encoding="utf-8")
    return page[page.index('<div class="body"'):page.index('<div class="sphinxsidebar"')]


def block(page: str, aid: str) -> str:
    start = page.index(f'id="{anchor(aid)}"')
    nxt = page.find('class="edition-ambiguity', start + 10)
    return page[start:nxt if nxt > 0 else len(page)]


def sentence_block(page: str, sid: str) -> str:
    start = re.search(rf'<div class="edition-sentence[^"]*" id="{re.escape(anchor(sid))}"',
                      page).start()
    end = re.compile(r'class="edition-sentence|<section|class="edition-figure').search(page, start + 10)
    return page[start:end.start()]


def test_every_cited_sentence_leads_to_its_questions_and_back(site):
    n = 0
    for g in GAMES:
        page = body(site, g["slug"])
        for a in g["ambiguities"]:
            aid = f"{g['slug']}:{a['id']}"
            here = block(page, aid)
            for sid in a["sentences"]:
                mark = sentence_block(page, sid)
                assert f'href="#{anchor(aid)}"' in mark, (sid, aid)
                kind = "q-open" if len(a["readings"]) > 1 else "q-decided"
                assert re.search(rf'class="{kind}[^"]*" href="#{re.escape(anchor(aid))}"', mark)
                assert f'href="#{anchor(sid)}"' in here.split("</p>", 2)[1], (aid, sid)
                n += 1
    assert n >= 150


def test_the_sentence_mark_names_open_questions_apart_from_decisions(site):
    page = body(site, "egyptian-pyramid")
    text = " ".join(text_of(sentence_block(page, "egyptian-pyramid:5")).split())
    assert re.search(r"Open questions?: .*\bfilled\b.* CODE", text), text
    assert 'egyptian-pyramid:fill</span></code>' in sentence_block(page, "egyptian-pyramid:5")
    assert "Decision" in text


def test_decisions_are_headed_by_what_they_rest_on(site):
    seen = set()
    for g in GAMES:
        page = body(site, g["slug"])
        for a in g["ambiguities"]:
            if len(a["readings"]) != 1:
                continue
            kind = decision_kind(g["slug"], a)
            seen.add(kind)
            assert DECISION_HEADINGS[kind] in " ".join(text_of(block(page, f"{g['slug']}:{a['id']}")).split())
    assert seen == {"text", "silent", "editorial"}
    assert "the engine's decision where the text is plain" not in body(site, "octagon")
    wheel = " ".join(text_of(block(body(site, "spinning-wheel"), "spinning-wheel:hand")).split())
    assert "the text is silent here, and the edition fills the gap" in wheel
    dense = " ".join(text_of(block(body(site, "dense-column"), "dense-column:fifth-card")).split())
    assert "One reading, editorial" in dense


def test_the_silent_decisions_table_agrees_with_the_engine():
    """SILENT_DECISIONS stands in for kinds the game modules do not declare yet: each names a
    one-reading decision the engine has, whose declared kind is not another one."""
    declared = {f"{g['slug']}:{a['id']}": a for g in GAMES for a in g["ambiguities"]}
    for aid in SILENT_DECISIONS:
        a = declared[aid]
        assert len(a["readings"]) == 1, aid
        assert a["kind"] in ("text", "silent"), (aid, a["kind"])  # "text" is only the derived default


def test_claims_answers_are_the_stored_rows_in_words(site):
    import tomllib
    from pathlib import Path
    from engine import results
    root = Path(__file__).parent.parent / "corpus" / "results"
    table = results.load(root / "odds.json")
    claims = tomllib.loads((root / "claims.toml").read_text(encoding="utf-8"))["claim"]
    for c in claims:
        rows = {row_key(r): r for r in table["rows"] if r["game"] == c["game"]}
        assert all(m.group(1) in rows for m in PLACEHOLDER.finditer(c["answer"])), c["sentence"]
        want = " ".join(re.sub(r"[a-z0-9-]+:[a-z0-9=-]+", "CODE",
                               fill_figures(c["answer"], rows)).split())
        text = " ".join(text_of(body(site, c["game"])).split())
        assert f"What the engine finds: {want}" in text, c["sentence"]
    page = " ".join(text_of(body(site, "goes-doesnt-go")).split())
    assert "about nine deals in ten" not in page and "{default/" not in page
    assert "the solver proves about 4 deals in 5 lost, 728 of 896 deals" in page or \
        "728 of 896" not in str(table)


def test_each_reading_shows_its_bracket_and_each_ambiguity_its_forest_plot(site):
    from engine import results
    from pathlib import Path
    table = results.load(Path(__file__).parent.parent / "corpus" / "results" / "odds.json")
    plots = 0
    for g in GAMES:
        rows = [r for r in table["rows"] if r["game"] == g["slug"]]
        page = body(site, g["slug"])
        for a in g["ambiguities"]:
            if len(a["readings"]) < 2:
                continue
            here = block(page, f"{g['slug']}:{a['id']}")
            text = " ".join(text_of(here).split())
            for r in a["readings"]:
                change = None if r["id"] == a["default"] else f"{a['id']}={r['id']}"
                for said in bracket_sentences(rows, change):
                    assert " ".join(said.split()) in text, (g["slug"], change)
            if sum(1 for r in a["readings"] if any(
                    x["change"] == (None if r["id"] == a["default"] else f"{a['id']}={r['id']}")
                    for x in rows)) >= 2:
                svg = re.search(r"<svg\b.*?</svg>", here, re.S)
                assert svg and "<title" in svg.group(0) and "<desc" in svg.group(0), a["id"]
                assert 'role="img"' in svg.group(0)
                plots += 1
    assert plots >= 20


def test_no_finding_where_the_defaults_come_out(site):
    """dense-column comes out under its default side-places=first-round (the default until
    this round, during-deal, (nearly) never did), and so does the mill: neither page states
    the finding of a default that never comes out. That finding, with its alternative's odds,
    is tested on a table made to show it (tests/test_site_careful.py)."""
    from engine import results
    from pathlib import Path
    from extract.export.odds_words import never_comes_out
    table = results.load(Path(__file__).parent.parent / "corpus" / "results" / "odds.json")
    for slug in ("dense-column", "mill"):
        rows = [r for r in table["rows"] if r["game"] == slug]
        assert rows and not never_comes_out(rows), slug
        text = " ".join(text_of(body(site, slug)).split())
        assert "never comes out" not in text and "no measured deal of this game" not in text


#: capitalised words that may follow a lowercase word inside a sentence: the names of games
#: (besides the titles), pages, languages and tools the pages name
PROPER = {"English", "Russian", "Wilson", "JavaScript", "Perseverance", "Pyodide", "Python",
          "Sphinx", "Witnesses", "Glossary", "CODE"}


def test_the_readers_text_has_no_run_on_joins_nested_parentheses_or_test_paths(site, edition):
    titles = {w for g in edition.games for w in re.findall(r"[A-Z][a-z']+", g.title_en or "")}
    bad = []
    for g in [*edition.games, None]:          # the game pages and the home page
        where = g.slug if g else "index"
        page = (site / "index.html").read_text(encoding="utf-8") if g is None else None
        text = text_of(body(site, g.slug) if g else
                       page[page.index('<div class="body"'):page.index('<div class="sphinxsidebar"')])
        for piece in text.split("\n"):
            piece = " ".join(piece.split())
            for m in re.finditer(r"\b[a-z][a-z']* ([A-Z][a-z][A-Za-z']*)", piece):
                if m.group(1) not in PROPER | titles | {"The"}:
                    bad.append((where, "run-on", piece[max(0, m.start() - 40):m.end() + 20]))
            if "((" in piece or "))" in piece or re.search(r"\([^()]*\(", piece):
                bad.append((where, "nested parentheses", piece[:120]))
            if re.search(r"tests/\S+\.py|::test_", piece):
                bad.append((where, "test path", piece[:120]))
            said = re.search(r"\b(\w+(?: \w+){2,})[.:;,] \1\b", piece, re.I)
            if said:             # a label that the text after it repeats
                bad.append((where, "said twice", said.group(0)))
    assert not bad, "\n".join(map(str, bad))


def test_titles_allowed_in_the_join_check_are_only_titles():
    """The exception list must not swallow the joins it exists to catch."""
    assert not PROPER & {"Only", "Default", "Editorial", "Measured", "Under", "With", "A"}
