"""Issue 21, the newcomer's list: the marks under a sentence and `edition games` speak in words
(the question in a few words, the id kept beside it for citing), and `edition games` heads
one-reading decisions as decisions, by what they rest on, apart from the open questions."""
from __future__ import annotations

import json
import re

from engine import api
from extract.model.engine_link import decision_kind, question_label
from extract.corpus.ids import anchor

from test_site_questions import body, sentence_block, text_of

GAMES = [g for g in api.list_games() if g["executable"]]


def test_question_label_is_words_not_an_id():
    for g in GAMES:
        for a in g["ambiguities"]:
            label = question_label(a["question"])
            assert label and label != a["id"] and len(label) <= 91, (g["slug"], a["id"], label)
            assert label[0].isupper() and not re.search(r"\b[a-z0-9-]+:\d", label), label
    assert question_label("Which cards are the foundations (favourite:2-3)?") == \
        "Which cards are the foundations?"
    assert question_label("octagon:5 builds the side piles 'x' without saying 'in suit'.") == \
        "The text builds the side piles 'x' without saying 'in suit'."
    assert question_label("favourite:8 leaves the order 'to the will': chosen once, or not?") == \
        "Chosen once, or not?"


def test_the_marks_under_a_sentence_are_words_with_the_id_beside(site):
    n = 0
    for g in GAMES:
        page = body(site, g["slug"])
        for a in g["ambiguities"]:
            aid = f"{g['slug']}:{a['id']}"
            for sid in a["sentences"]:
                mark = sentence_block(page, sid)
                link = re.search(rf'<a class="q-[a-z]+[^"]*" href="#{re.escape(anchor(aid))}"'
                                 rf'[^>]*>(.*?)</a>\s*<code[^>]*q-id[^>]*>(.*?)</code>', mark, re.S)
                assert link, (sid, aid)
                assert text_of(link.group(1)) == question_label(a["question"]), (sid, aid)
                assert text_of(link.group(2)) == aid
                n += 1
    assert n >= 150
    text = " ".join(text_of(sentence_block(body(site, "egyptian-pyramid"),
                                           "egyptian-pyramid:5")).split())
    assert "Open question: Must an empty building place be filled from the waste at once, or " \
           "may the player wait? CODE" in text, text


def test_edition_games_heads_decisions_apart_from_open_questions_by_kind(cli):
    out = cli("games").output
    rows = {g["slug"]: g for g in json.loads(cli("games", "--format", "json").output)}
    for g in GAMES:
        part = out[out.index(g["slug"] + " "):]
        nxt = re.search(r"\n\S", part)
        part = part[:nxt.start()] if nxt else part
        for a in g["ambiguities"]:
            kind = decision_kind(g["slug"], a) or "open"
            assert rows[g["slug"]]["ambiguities"][[x["id"] for x in g["ambiguities"]].index(a["id"])]["kind"] == kind
            line = next(x for x in part.splitlines() if x.strip().startswith(f"{g['slug']}:{a['id']}:"))
            heads = [x for x in part[:part.index(line)].splitlines() if x.startswith("  ") and not x.startswith("    ")]
            head = heads[-1]
            if kind == "open":
                assert head.strip().startswith("Open question"), (a["id"], head)
                assert "Readings:" in line and f"{a['default']} (default)" in line
            else:
                assert head.strip().startswith("Decision"), (a["id"], head)
                assert {"text": "the text says it", "silent": "the text is silent",
                        "editorial": "editorial"}[kind] in head
                assert f"Reading: {a['default']}." in line
    assert "Decision (one reading; the text is silent" in out or \
        "Decisions (one reading; the text is silent" in out
