"""Directives that render parts of the edition's model as docutils nodes."""
from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.domains.std import make_glossary_term
from sphinx.util.docutils import SphinxDirective

import engine
from engine import games
from engine import results as engine_results

from ..corpus.ids import CITED, anchor, reading_ids
from ..corpus.readers import CLAIM_SPEC, entries
from ..export.figures import layout_key, starting_layout
from ..export.odds_words import (DASHED_BAR, WEAK_SHARE, bracket_sentences, budget_words, caveats, deal_range, measured_when, restamped_when, fill_figures, finding_sentence,
                                 forest_svg, gap_share, on_deals, rate_figure, row_key,
                                 row_label)
from ..model.collate import apparatus, base_sentence_of
from ..model.edition import Footnote
from ..model.engine_link import (  # noqa: F401 (re-exported)
    SILENT_DECISIONS,
    careful_sight,
    decision_kind,
    engine_games,
    question_label,
    rule_links,
    stale_games,
)
from ..model.notes import NoteTable, note_blocks
from ..text.normalise import FOOTNOTE_MARKER, RULES, Change, apply_changes
from ..text.words import count
from .apparatus import apparatus_nodes, sentence_variants, variant_markers
from .domain import permalink
from .edition import CORPUS_LISTING, cache_folder, get_edition, pages_folder
from .nodes import change, footnote_mark, id_literal
from .play import play_section


def _para(text: str, classes: list[str]) -> nodes.paragraph:
    p = nodes.paragraph(classes=classes)
    p += nodes.Text(text)
    return p


def _container(classes: list[str], *children, **attrs) -> nodes.container:
    c = nodes.container(classes=classes, **attrs)
    for ch in children:
        c += ch
    return c


def original_text(text: str, variants=(), marks=()) -> nodes.paragraph:
    """The original text verbatim; a paragraph or page break inside it is marked (``pb``),
    each apparatus entry's base reading (``variants``: entries with ``start``/``end`` in
    this text) is marked and linked to its entry, and each footnote marker (``marks``:
    ``(start, end, anchor of the note)`` in this text) links to its note."""
    p = nodes.paragraph(classes=["orig"], lang="ru")
    cuts = sorted({0, len(text)} | {x for v in variants for x in (v.start, v.end)}
                  | {x for a, b, _ in marks for x in (a, b)}
                  | {x for m in re.finditer(r"\n\s*\n", text) for x in (m.start(), m.end())})
    for a, b in zip(cuts, cuts[1:]):
        piece = text[a:b]
        entry = next((v for v in variants if v.start <= a and b <= v.end), None)
        mark = next((m for m in marks if m[0] <= a and b <= m[1]), None)
        if not piece.strip() and "\n\n" in piece.replace(" ", ""):
            node = nodes.inline(piece, piece, classes=["pb"])
        elif mark is not None and piece.strip():
            node = nodes.reference("", "", refuri=f"#{mark[2]}", classes=["fn-ref-orig"])
            node += nodes.Text(piece)
        else:
            node = nodes.Text(piece)
        if entry is not None:
            ref = nodes.reference("", "", refuri=f"#{entry.anchor}", classes=["app-lem", f"app-{entry.kind}"])
            ref += node
            node = ref
        p += node
    return p


WORDCHAR = re.compile(r"[\w\u0300-\u036f]")


def word_changes(text: str, changes) -> list:
    """The changes as a reader sees them: letter-level changes inside one word become one
    change of the whole word (``двѣ`` -> ``две``, rules joined); others are kept as they are.
    The model keeps the exact records; this is display only. A footnote marker's change is
    never part of a word's (the marker stands after the word, as its own mark)."""
    out: list = []
    i = 0
    marks = [c for c in changes if c.rule == FOOTNOTE_MARKER]
    changes = [c for c in changes if c.rule != FOOTNOTE_MARKER]
    for c in marks:                  # the word ends where its marker begins
        text = text[:c.start] + " " * (c.end - c.start) + text[c.end:]
    while i < len(changes):
        c = changes[i]
        if not (c.orig and all(WORDCHAR.match(ch) for ch in c.orig)):
            out.append(c)
            i += 1
            continue
        ws, we = c.start, c.end
        while ws > 0 and WORDCHAR.match(text[ws - 1]):
            ws -= 1
        while we < len(text) and WORDCHAR.match(text[we]):
            we += 1
        group = [c]
        while i + len(group) < len(changes) and changes[i + len(group)].end <= we:
            group.append(changes[i + len(group)])
        if out and out[-1].end > ws:   # the word overlaps a change already shown
            out.extend(group)
        else:
            rel = [Change(g.start - ws, g.end - ws, g.orig, g.reg, g.kind, g.rule) for g in group]
            kinds = sorted({g.kind for g in group}, key=["emendation", "ocr", "orthography",
                                                         "typography"].index)
            out.append(Change(ws, we, text[ws:we], apply_changes(text[ws:we], rel), kinds[0],
                              ", ".join(dict.fromkeys(r for g in group for r in g.rules))))
        i += len(group)
    return sorted(out + marks, key=lambda c: (c.start, c.end))


def footnote_anchors(sentence) -> list[tuple[Footnote, str, str]]:
    """``(footnote, anchor of the note, anchor of its mark)`` for each footnote of a
    sentence, in text order: ``mill.4.fn1`` and ``mill.4.fnref1``."""
    base = anchor(sentence.id)
    return [(f, f"{base}.fn{k}", f"{base}.fnref{k}")
            for k, f in enumerate(getattr(sentence, "footnotes", ()), 1)]


def _footnote_mark(sentence, c) -> nodes.Node:
    """The superscript mark, linked to its note, where a footnote marker was left out of the
    reading text (the change ``c``, offsets in the sentence)."""
    for f, note_id, mark_id in footnote_anchors(sentence):
        if f.anchor == (sentence.start + c.start, sentence.start + c.end):
            return footnote_mark(f.marker, f.marker, target=note_id, ids=[mark_id])
    return nodes.Text("")


def footnote_marks(sentence) -> list[tuple[int, int, str]]:
    """The markers of a sentence's footnotes in its original text, for
    :func:`original_text`: ``(start, end, anchor of the note)``."""
    return [(f.anchor[0] - sentence.start, f.anchor[1] - sentence.start, note_id)
            for f, note_id, _ in footnote_anchors(sentence)]


def footnote_notes(sentence) -> list[nodes.Node]:
    """Each footnote of a sentence as a note under it (``edition-footnote``, the note's anchor
    its id): the marker, the note's reading text with its changes, a link back to the mark,
    and the note as the witness prints it. Corpus text, set as text nodes."""
    out = []
    for f, note_id, mark_id in footnote_anchors(sentence):
        box = nodes.container(classes=["edition-footnote"], ids=[note_id])
        reg = reading_text(f)
        reg["classes"] = ["fn-reg"]
        reg.insert(0, nodes.inline(f.marker, f.marker, classes=["fn-label"]))
        reg.insert(1, nodes.Text(" "))
        back = nodes.reference("", "", refuri=f"#{mark_id}", classes=["fn-back"])
        back["reftitle"] = "back to the text"
        back += nodes.Text("↩")
        reg += nodes.Text(" ")
        reg += back
        box += reg
        orig = nodes.paragraph(classes=["fn-orig", "orig"], lang="ru")
        orig += nodes.Text(f.original)
        box += orig
        out.append(box)
    return out


#: rules of changes that the reading text shows as plain text, not as marked changes: a line
#: wrapped in the witness, several spaces (the Original column shows the line breaks)
PLAIN_CHANGES = frozenset({"line-wrap", "spaces"})


def reading_text(sentence, terms: dict | None = None, seen: set | None = None) -> nodes.paragraph:
    """The normalised text of a sentence with each change as a ``change`` node and, where
    ``terms`` (glossary key -> Term) is given, the first occurrence on the page (``seen``
    collects keys) of each glossary term as a link to its entry. A change that only makes a
    wrapped line or a run of spaces one space (:data:`PLAIN_CHANGES`) is plain text here: the
    Original column shows the line breaks, and the change stays in the JSON and TEI records."""
    p = nodes.paragraph(classes=["reg"], lang="ru")
    pieces: list[tuple[int, int, nodes.Node]] = []   # spans in normalised offsets
    pos = npos = 0
    orig = sentence.original
    for c in word_changes(orig, sentence.changes):
        if c.start > pos:
            pieces.append((npos, npos + c.start - pos, nodes.Text(orig[pos:c.start])))
            npos += c.start - pos
        if c.rule == FOOTNOTE_MARKER and not c.reg:
            node = _footnote_mark(sentence, c)
        elif set(c.rules) <= PLAIN_CHANGES:
            node = nodes.Text(c.reg)
        else:
            node = change(orig=c.orig, kind=c.kind, rule=", ".join(c.rules))
            node += nodes.Text(c.reg)
        pieces.append((npos, npos + len(c.reg), node))
        npos += len(c.reg)
        pos = c.end
    if pos < len(orig):
        pieces.append((npos, npos + len(orig) - pos, nodes.Text(orig[pos:])))
    links = []
    term_of = terms or {}
    for a, b, key in sentence.terms if term_of else ():
        if seen is not None and key in seen:
            continue
        if seen is not None:
            seen.add(key)
        links.append((a, b, term_of[key]))
    for a, b, term in links:   # split plain text pieces at term boundaries
        out = []
        for s, e, node in pieces:
            if isinstance(node, nodes.Text) and (s < a < e or s < b < e):
                cuts = sorted({s, e} | {x for x in (a, b) if s < x < e})
                text = str(node)
                out += [(x, y, nodes.Text(text[x - s:y - s])) for x, y in zip(cuts, cuts[1:])]
            else:
                out.append((s, e, node))
        pieces = out
    i = 0
    while i < len(pieces):
        s, e, node = pieces[i]
        link = next(((a, b, t) for a, b, t in links if a == s), None)
        j = i
        if link:
            while j < len(pieces) and pieces[j][1] <= link[1]:
                j += 1
        if link and j > i and pieces[j - 1][1] == link[1]:
            ref = pending_xref("", refdomain="std", reftype="term", reftarget=link[2].display,
                               refexplicit=True, refwarn=True, edition_term=True)
            inner = nodes.inline(classes=["term-link"])
            inner["title"] = link[2].english
            for _, _, n in pieces[i:j]:
                inner += n
            ref += inner
            p += ref
            i = j
        else:
            p += node
            i += 1
    return p


def cited_text(text: str, known: set[str] | frozenset[str], classes: list[str]) -> nodes.inline:
    """``text`` with each known sentence id turned into a ``{rule}`` citation and each known
    ambiguity or reading id into an ``{interp}`` citation."""
    out = nodes.inline(classes=classes)
    pos = 0
    for m in CITED.finditer(text):
        if m.group(1) not in known:
            continue
        out += nodes.Text(text[pos:m.start()])
        role = "rule" if re.fullmatch(r"[a-z0-9-]+:\d+", m.group(1)) else "interp"
        ref = pending_xref("", refdomain="edition", reftype=role, reftarget=m.group(1),
                           refexplicit=True, refwarn=True)
        ref += id_literal(m.group(1))
        out += ref
        pos = m.end()
    out += nodes.Text(text[pos:])
    return out


def question_marks(slug: str, asked: list[dict]) -> nodes.paragraph:
    """The marks under a sentence that lead to the ambiguities and decisions citing it
    (``asked``: their ``Ambiguity.to_dict()``), each a link to its block, whose "Concerns"
    line leads back: "Open questions: … Decisions: …". Each link is the question in a few
    words (:func:`extract.model.engine_link.question_label`; the whole question is its title),
    followed by the citable id (``game:ambiguity``) as code."""
    p = nodes.paragraph(classes=["sent-questions"])
    groups = [("Open question" if sum(len(a["readings"]) > 1 for a in asked) == 1
               else "Open questions", [a for a in asked if len(a["readings"]) > 1]),
              ("Decision" if sum(len(a["readings"]) == 1 for a in asked) == 1
               else "Decisions", [a for a in asked if len(a["readings"]) == 1])]
    first = True
    for label, items in groups:
        if not items:
            continue
        if not first:
            p += nodes.Text(" ")
        first = False
        p += nodes.Text(f"{label}: ")
        for i, a in enumerate(items):
            if i:
                p += nodes.Text(", ")
            aid = f"{slug}:{a['id']}"
            ref = nodes.reference("", "", internal=True, refuri=f"#{anchor(aid)}",
                                  classes=["q-open" if len(a["readings"]) > 1 else "q-decided"])
            ref["reftitle"] = a.get("question", "")
            ref += nodes.Text(question_label(a.get("question", "")) or a["id"])
            p += ref
            p += nodes.Text(" ")
            p += nodes.literal(aid, aid, classes=["q-id"])
        p += nodes.Text(".")
    return p


def rule_links_para(functions: list[str]) -> nodes.paragraph:
    """'Executed by' with a cross-reference to each engine function's documentation."""
    p = nodes.paragraph(classes=["rules"])
    p += nodes.Text("Executed by ")
    for i, fn in enumerate(functions):
        if i:
            p += nodes.Text(", ")
        ref = pending_xref("", refdomain="py", reftype="obj", reftarget=fn, refexplicit=True,
                           refwarn=False)
        ref += id_literal(fn.removeprefix("engine.games."), after=".", classes=("rule-link",))
        p += ref
    return p


def _declared_readings(slug: str) -> set[str]:
    """Citable ``<game>:<ambiguity>=<reading>`` ids the engine declares for ``slug``."""
    return {f"{slug}:{a.id}={r.id}" for a in games.get(slug).AMBIGUITIES for r in a.readings}


#: how the odds table names the policies (the solver is no player: see odds_table); the
#: careful player as it sees in the game (:data:`CAREFUL_NAMES`)
POLICY_NAMES = {"blind": "blind player, face-up cards only", "greedy": "greedy player",
                "careful": "careful player, face-up cards only, remembers them, plans ahead",
                "solver": "solver, all-seeing upper bound", "random": "random player"}
#: the careful player's name in the table by what it sees
#: (:func:`extract.model.engine_link.careful_sight`)
CAREFUL_NAMES = {"remembers": POLICY_NAMES["careful"],
                 "forgets": "careful player, face-up cards only, forgets a card once it is "
                            "covered, plans ahead",
                 "all": "careful player, who here sees every card (all lie face up), plans "
                        "ahead"}


def same_deals(row: dict, rows: list[dict]) -> str:
    """For a solver's row of more deals than the careful player's row of the same readings,
    the solver's figure on the careful player's deals, so that the table never sets the two
    side by side on different deals (the player may win a larger share of its 200 deals than
    the solver of its 1,000, though it wins no deal the solver does not: an auditor's find):
    ``"On deals 1–200, the careful player's: 47 won, 153 lost, 0 undecided; 23.5% (95%:
    ...)."``; empty otherwise (:func:`extract.export.odds_words.on_deals`)."""
    if row["policy"] != "solver":
        return ""
    player = next((c for c in rows if c["policy"] == "careful"
                   and c["change"] == row["change"]), None)
    if player is None or (player["first"], player["deals"]) == (row["first"], row["deals"]):
        return ""
    cut = on_deals(row, player["first"], player["first"] + player["deals"] - 1)
    if cut is None:
        return ""
    return (f"On deals {deal_range(cut)}, the careful player's: {cut['won']} won, "
            f"{cut['lost']} lost, {cut['undecided']} undecided; {rate_figure(cut)}.")


def policy_name(row: dict, rows: list[dict]) -> str:
    """How the odds table names the policy of ``row`` (one of ``rows``, the game's): its name
    (the careful player's as it sees in that game and readings), its budget, and where its
    per-deal outcomes are the greedy player's on the same deals, that it won and lost those
    very deals (the blind player's row is then not shown: :data:`BLIND_AS_GREEDY`)."""
    blind_too = row["policy"] == "greedy" and any(same_as_greedy(b, rows) for b in rows
                                                  if b["change"] == row["change"])
    if blind_too:
        name, rest = BLIND_AS_GREEDY.split(";", 1)
    elif row["policy"] == "careful" and row.get("readings") is not None and (
            sight := careful_sight(row["game"], row["readings"])) is not None:
        name, rest = CAREFUL_NAMES[sight], ""
    else:
        name, rest = POLICY_NAMES.get(row["policy"], row["policy"]), ""
    budget = budget_words(row)
    if budget:
        name += f" ({budget})"
    name += f";{rest}" if rest else ""
    if row["policy"] == "careful":
        greedy = next((g for g in rows if g["policy"] == "greedy"
                       and g["change"] == row["change"]), None)
        cut = greedy and on_deals(greedy, row["first"], row["first"] + row["deals"] - 1)
        if cut and cut.get("outcomes") == row.get("outcomes"):
            name += "; it won and lost the very deals the greedy player did"
    return name

#: how the heading of a one-reading decision words what it rests on (``Ambiguity.kind``)
DECISION_HEADINGS = {
    "text": "One reading: the text says it.",
    "silent": "One reading: the text is silent here, and the edition fills the gap; the "
              "reason below says why.",
    "editorial": "One reading, editorial: the text never gives it, and the edition supplies "
                 "it; the reason below says why.",
}

def editorial_note(justification: str) -> str:
    """The line under an editorial reading: ``Editorial reading, not in the text: <why>``, or
    ``Editorial reading: <why>`` when the justification itself begins by saying it is not in
    the text (no 'not in the text: Not in the text')."""
    if justification.lower().startswith("not in the text"):
        return f"Editorial reading: {justification}"
    return f"Editorial reading, not in the text: {justification}"


#: the greedy row's policy cell when the blind player's row of the same readings, dropped from
#: the table (:func:`same_as_greedy`), won and lost the very same deals
BLIND_AS_GREEDY = ("greedy player; the blind player (face-up cards only) won and lost the same "
                   "deals, deal for deal, so it has no row of its own")


def same_as_greedy(row: dict, rows: list[dict]) -> bool:
    """True for a blind player's row whose per-deal outcomes are those of the greedy player's
    row of the same readings, over the same deals (as on a game whose every card lies face up):
    the odds table shows the greedy row once and says so (:data:`BLIND_AS_GREEDY`)."""
    if row["policy"] != "blind" or not row.get("outcomes"):
        return False
    return any(g["policy"] == "greedy" and g["change"] == row["change"]
               and g.get("first") == row.get("first") and g.get("outcomes") == row["outcomes"]
               for g in rows)


def odds_rows(root: Path, slug: str, env=None) -> tuple[dict | None, list[dict]]:
    """The stored odds table (``corpus/results/odds.json``, None if there is none) and its rows
    for ``slug`` (``env``, when given, notes the file as a dependency of the page)."""
    path = root / "results" / "odds.json"
    if not path.is_file():
        return None, []
    if env is not None:
        env.note_dependency(str(path))
    table = engine_results.load_shared(path)
    return table, [r for r in table["rows"] if r["game"] == slug]


def _careful_effort(rows: list[dict], prov: dict) -> str:
    """How hard the careful player of a game's default row planned, and what it cost, from
    the row (its ``samples``, or for a row from before rows stored them the table's
    ``careful_samples``, its ``budget`` and
    ``cpu_seconds`` over its ``deals``): `` (4 shuffles of them and 2,000 positions searched
    at each decision; 0.41 s of CPU a deal on the machine that measured it)``; empty when the
    game has no careful row, or lies face up from the deal (there the careful player is the
    solver, :func:`extract.model.engine_link.careful_sight`)."""
    row = next((r for r in rows if r["policy"] == "careful" and r["change"] is None), None)
    samples = row and (row.get("samples") or prov.get("careful_samples"))
    if row is None or careful_sight(row["game"]) == "all" or not samples:
        return ""
    cost = (f"; {row['cpu_seconds'] / row['deals']:.2f} s of CPU a deal on the machine that "
            f"measured it" if row.get("cpu_seconds") else "")
    return (f" ({samples} shuffles of them and {row['budget']:,} positions "
            f"searched at each decision{cost})")


def _probes(prov: dict) -> str:
    """How the solver searched beyond its depth-first search, from the table's provenance
    (``solver_probes``, ``solver_playouts``, :mod:`engine.probes`): `` (depth first; where
    that leaves a deal open, 8 more short searches from random lines of play, then 22
    playouts: the greedy and blind players' games from the deal and the greedy player's
    after 20 random lines; these can only find a win)``; empty for a table measured before
    probes, without the playouts for one measured before them."""
    n, m = prov.get("solver_probes"), prov.get("solver_playouts")
    if not n:
        return ""
    then = (f", then {m} playouts: the greedy and blind players' games from the deal and the "
            f"greedy player's after {m - 2} random lines; these" if m else ", which")
    return (f" (depth first; where that leaves a deal open, {n} more short searches from "
            f"random lines of play{then} can only find a win)")


def odds_table(root: Path, slug: str, env) -> nodes.section | None:
    """The measured odds of a game from ``corpus/results/odds.json`` (None if none stored):
    the introduction, the default readings' bracket in plain words (:mod:`extract.export.odds_words`),
    the author's claims with their answers filled from the rows, and the table."""
    table, rows = odds_rows(root, slug, env)
    if table is None or not rows:
        return None
    sec = nodes.section(ids=[f"{slug}-odds"])
    sec += nodes.title("", "How often it comes out")
    prov = table["provenance"]
    run = next((r for r in reversed(prov.get("runs", [])) if slug in r.get("games", ())), prov)
    by_code: dict[str, list[str]] = {}      # the engine's code each policy's rows ran
    for r in rows:
        names = by_code.setdefault(r.get("engine", prov["engine"])[:12], [])
        if r["policy"] not in names:
            names.append(r["policy"])
    engines = "; ".join(f"{' and '.join(ps)} {h}" for h, ps in by_code.items())
    sight = careful_sight(slug) or "remembers"   # None: a game the engine no longer has
    careful = {
        "remembers": "sees only the face-up cards, remembers where the cards it has seen "
                     "lie, and plans by trying out the cards it has never seen",
        "forgets": "sees only the face-up cards, forgets a card once it is covered (in this "
                   "game it remembers nothing), and plans by trying out the cards it cannot "
                   "see",
        "all": "sees every card here, since they all lie face up from the deal, and plans "
               "by searching the deal itself, as the solver does"}[sight]
    when = measured_when(rows, prov.get("runs", []), slug) or f"on {run['date']}"
    intro = (f"Measured over numbered deals from deal {rows[0]['first']}, {when}, by the "
             f"engine's code as hashed for each player's rows "
             f"({engines}), under the default readings and "
             f"each single change of reading. Players: blind sees only the face-up cards, as "
             f"a person does; greedy plays the first good-looking move; neither plays a move "
             f"back into a position it has already had in that deal. That is the players' "
             f"sense, not a rule of the book nor a reading: when every move would, the deal "
             f"counts as lost. The careful player, where measured, {careful}"
             f"{_careful_effort(rows, prov)}. The solver is not a "
             f"player: it sees every face-down card and searches{_probes(prov)}, so its rate "
             f"is an upper bound on what any player can do. A deal the solver's budget did "
             f"not settle is undecided, and so is a deal a player was still playing when its "
             f"budget of moves ran out (it had neither won nor run out of moves); where any are, the rate is given only as bounds, at least the won "
             f"share, never as a point rate. Intervals are Wilson 95% with undecided deals "
             f"counted both ways, their ends rounded outward to a tenth of a per cent (so "
             f"that the interval shown holds the one computed).")
    restamped = restamped_when(prov.get("restamps", []), slug)
    if restamped:
        intro += " " + restamped
    declared = _declared_readings(slug)
    found = finding_sentence(rows, list(dict.fromkeys(r["change"] for r in rows if r["change"])), slug,
                             whole_game=True)
    plain = bracket_sentences(rows, None)
    # what was found comes first; how it was measured (the method) after it
    if found:
        finding = nodes.paragraph(classes=["amb-finding"])
        finding += cited_text(found, declared, [])
        sec += finding
    elif plain:
        sec += _para("Under the default readings: " + " ".join(plain), ["edition-bracket"])
    warned = caveats(rows)
    if warned:
        sec += _para(" ".join(warned), ["odds-caveat"])
    if slug in stale_games(root / "results" / "odds.json", table,
                           cache_folder(env.config, env.doctreedir)):
        sec += _para("The engine (or the budget of a player) has changed since these figures were measured.", ["odds-stale"])
    sec += _para(intro, ["odds-method"])
    cells = []
    shown = [r for r in rows if not same_as_greedy(r, rows)]
    for r in shown:
        label = f"{slug}:{r['change']}" if r["change"] else "default readings"
        if r["change"] and label not in declared:  # a stale table: the reading was withdrawn
            label += ", no longer a reading of the engine"
        rate = nodes.container()
        rate += _para(rate_figure(r), [])
        note = engine_results.undecided_note(r)   # from the row: an older stored note may be wrong
        if note:
            rate += _para(note[0].upper() + note[1:].rstrip(".") + ".", ["odds-note"])
        same = same_deals(r, rows)
        if same:
            rate += _para(same, ["odds-same-deals"])
        policy = policy_name(r, rows)
        cells.append([cited_text(label, declared, []), policy,
                      deal_range(r), f"{r['won']} / {r['lost']} / {r['undecided']}", rate])
    by_row = {row_key(r): r for r in rows}
    claims_path = root / "results" / "claims.toml"
    if claims_path.is_file():
        env.note_dependency(str(claims_path))
        for c, _line in entries(claims_path, "claim", CLAIM_SPEC):
            if c["game"] != slug:
                continue
            box = _container(["edition-claim"])
            p = nodes.paragraph()
            p += nodes.strong(text="The author's claim ")
            p += cited_text(f"({c['sentence']})", {c["sentence"]}, [])
            p += nodes.Text(f": {c['claim']}")
            box += p
            ans = nodes.paragraph(classes=["claim-answer"])
            ans += cited_text("What the engine finds: " + fill_figures(c["answer"], by_row),
                              declared | {c["sentence"]}, [])
            box += ans
            if c.get("measured"):
                box += _para(f"What was measured: {c['measured']}", ["claim-measured"])
            for key in c.get("rows", []):
                stored_row = by_row.get(key)
                if stored_row is not None:
                    merged = (" (the very deals the greedy player won and lost: the table "
                              "shows them once, in the greedy player's row)"
                              if same_as_greedy(stored_row, rows) else "")
                    box += _para(f"{row_label(stored_row)}: {stored_row['won']} won, "
                                 f"{stored_row['lost']} lost, {stored_row['undecided']} "
                                 f"undecided of {stored_row['deals']} deals "
                                 f"({deal_range(stored_row)}): {rate_figure(stored_row)}, "
                                 f"from the stored table{merged}.", ["claim-figure"])
                else:
                    box += _para(f"{key}: not in the stored table yet.", ["claim-figure"])
            if c.get("test"):
                t = nodes.paragraph(classes=["claim-figure", "claim-test"])
                t += nodes.Text("Tested by ")
                t += id_literal(c["test"], after="/:_")
                t += nodes.Text(" in the edition's test suite.")
                box += t
            sec += box
    sec += make_table("edition-odds", [("Readings", 30), ("Policy", 14), ("Deals", 10),
                                       ("Won / lost / undecided", 18),
                                       ("Comes out (95% interval)", 30)], cells)
    return sec


def ambiguity_item(slug: str, a: dict, dom, location,
                   known: frozenset[str] | set[str] = frozenset(),
                   rows: Sequence[dict] = ()) -> nodes.container:
    """One declared decision of the engine (``Ambiguity.to_dict()``) on its game page: its
    citation id and anchor, the question, the sentences it concerns (each a link back to the
    sentence, whose mark leads here), for a one-reading decision a heading that says what it
    rests on (:func:`decision_kind`), the readings (each with its own anchor, label, editorial
    justification, what it restricts and, from the stored odds ``rows`` of the game, its
    bracket in plain words), a forest plot of the readings' intervals, the finding when the
    default readings leave the game (nearly) never coming out and another reading of this
    question changes that (:func:`extract.export.odds_words.finding_sentence`), the default and the
    reason. All text from the engine is set as text nodes (escaped); citations are noted in
    the domain; the ids in ``known`` (sentences, ambiguities, readings) that the question or
    the reason names become links."""
    aid = f"{slug}:{a['id']}"
    dom.note_object(aid, "ambiguity", anchor(aid), aid, location=location)
    item = _container(["edition-ambiguity"], ids=[anchor(aid)])
    head = nodes.paragraph(classes=["amb"])
    head += nodes.literal(aid, aid, classes=["amb-id"])
    head += cited_text(f" — {a.get('question', '')}", known, [])
    head += permalink(anchor(aid), f"ambiguity {aid}")
    item += head
    if a.get("sentences"):
        concerns = nodes.paragraph(classes=["amb-sentences"])
        concerns += cited_text("Concerns " + ", ".join(a["sentences"]) + ".", known, [])
        item += concerns
    readings = a["readings"]
    if len(readings) == 1:
        item += _para(DECISION_HEADINGS[decision_kind(slug, a)], ["amb-plain"])
    changes = {r["id"]: (None if r["id"] == a["default"] else f"{a['id']}={r['id']}")
               for r in readings}
    lst = nodes.bullet_list()
    for r in readings:
        r = r if isinstance(r, dict) else {"id": r}
        full = f"{aid}={r['id']}"
        dom.note_object(full, "reading", anchor(full), full, location=location)
        li = nodes.list_item(ids=[anchor(full)])
        p = nodes.paragraph()
        p += nodes.literal(full, full, classes=["reading-id"])
        if r["id"] == a["default"]:
            p += nodes.Text(", the default")
        if r.get("label"):
            p += nodes.Text(f": {r['label']}" + ("" if r["label"].endswith(".") else "."))
        if r.get("restricts"):
            p += nodes.Text(f" It only removes moves from {aid}={r['restricts']}, so with every "
                            f"card known (the solver) it cannot come out more often; a player's "
                            f"odds may still be higher under it (a move taken away may be one "
                            f"the player would have played badly).")
        p += permalink(anchor(full), f"reading {full}")
        li += p
        if r.get("editorial"):
            li += _para(editorial_note(r.get("justification", "")), ["amb-editorial"])
        if len(readings) > 1:
            said = bracket_sentences(list(rows), changes[r["id"]])
            if said:
                li += _para(" ".join(said), ["amb-bracket"])
        lst += li
    item += lst
    if len(readings) > 1:
        labels = [(changes[r["id"]], r["id"] + (", default" if r["id"] == a["default"] else ""))
                  for r in readings]
        svg = forest_svg(list(rows), aid, labels, f"forest-{anchor(aid).replace('.', '-')}")
        if svg:
            fig = _container(["edition-forest-box"])
            fig += nodes.raw("", svg, format="html")
            bound = (" A dashed open bar is a bound where deals stayed undecided, its tick "
                     "the won share." if DASHED_BAR in svg else "")   # one is drawn
            fig += _para(f"Each line is a 95% interval of how often the game comes out under "
                         f"one reading of {aid}; a dot marks the won share.{bound} The "
                         f"figures are in the list above.", ["forest-caption"])
            item += fig
        found = finding_sentence(list(rows), [c for c in changes.values() if c], slug)
        if found:
            finding = nodes.paragraph(classes=["amb-finding"])
            finding += cited_text(found, known, [])
            item += finding
    reason = nodes.paragraph(classes=["amb-reason"])
    reason += cited_text(f"Default {a['default']}: {a.get('reason', '')}", known, [])
    item += reason
    return item


def make_table(cls: str, columns: list[tuple[str, int]], rows: list[list]) -> nodes.table:
    """A docutils table: ``columns`` (heading, relative width); cells are nodes or text. On a
    phone it shows one card per row (class ``edition-cards``)."""
    table = nodes.table(classes=[cls, "edition-cards"])
    tgroup = nodes.tgroup(cols=len(columns))
    table += tgroup
    for _, w in columns:
        tgroup += nodes.colspec(colwidth=w)
    head, body = nodes.thead(), nodes.tbody()
    tgroup += head
    tgroup += body

    def row(cells) -> nodes.row:
        r = nodes.row()
        for c in cells:
            e = nodes.entry()
            e += c if isinstance(c, nodes.Node) else _para(str(c), [])
            r += e
        return r
    head += row([h for h, _ in columns])
    for cells in rows:
        body += row(cells)
    return table


class EditionDirective(SphinxDirective):
    """Base: gives the model and records the corpus files as dependencies of the page."""

    def translations_shown(self) -> frozenset[str]:
        """The games whose English (``translations/en/<slug>.toml``) the directive shows:
        none here (a game's page shows its own, :class:`GameDirective`). The other games'
        translation files are not dependencies of the page, so a translation edit makes
        only its game's page stale."""
        return frozenset()

    def edition(self):
        ed = get_edition(self.env)
        shown = self.translations_shown()
        for p in sorted(ed.root.rglob("*")):
            rel = p.relative_to(ed.root).parts
            if (p.is_file() and "results" not in p.parts
                    and not (rel[0] == "translations" and p.stem not in shown)):
                self.env.note_dependency(str(p))
        # a file added to the corpus makes the page stale too
        self.env.note_dependency(str(Path(self.env.srcdir) / pages_folder(self.config)
                                     / CORPUS_LISTING))
        code = Path(engine.__file__).parent, Path(__file__).parent.parent
        for p in sorted(p for folder in code for p in folder.rglob("*.py")):
            self.env.note_dependency(str(p))  # the page is made by this code
        return ed


class GameDirective(EditionDirective):
    """``edition-game SLUG``: the game's text, sentence by sentence, in three columns."""

    required_arguments = 1

    def translations_shown(self) -> frozenset[str]:
        return frozenset({self.arguments[0]})

    def run(self):
        ed = self.edition()
        game = ed.game(self.arguments[0])
        dom = self.env.get_domain("edition")
        links = rule_links()
        eg = engine_games().get(game.slug, {})
        terms = {t.key: t for t in ed.glossary}
        known_ids = reading_ids(engine_games()) | {s.id for g in ed.games for s in g.cited}
        seen: set[str] = set()
        out: list[nodes.Node] = []
        asked: dict[str, list[dict]] = {}   # sentence id -> the ambiguities that cite it
        for a in eg.get("ambiguities", []):
            for sid in a.get("sentences", []):
                asked.setdefault(sid, []).append(a)

        intro = nodes.paragraph(classes=["edition-meta"])
        wit = ", ".join(f"{s}{' (base)' if s == game.base and len(game.witnesses) > 1 else ''}"
                        for s in game.witnesses)
        intro += nodes.Text(f"Witnesses: {wit}. Sentences: {len(game.sentences)}. ")
        intro += nodes.Text("Rules executable in the engine." if eg.get("executable") else
                            ("Not executable: "
                             + eg.get("why_not", "no engine module yet").rstrip(".") + "."))
        out.append(intro)
        key = _para("Key to the reading text: a shaded word is a change made by the "
                    "editors (red underline: an emendation of a slip); hover or focus it for "
                    "the original and the rule. A word underlined in blue links to the "
                    "glossary. In the original, an orange word differs in another witness "
                    "(see the apparatus).", ["edition-key"])
        if game.sentences:      # where the reader meets the ids: how to cite them
            key += nodes.Text(f" The id beside a sentence ({game.sentences[0].id}) is its "
                              "stable citation: see \u201cHow to cite\u201d on ")
            home = pending_xref("", refdomain="std", reftype="doc", reftarget="/index",
                                refexplicit=True, refwarn=True)
            home += nodes.inline(text="the home page")
            key += home
            key += nodes.Text(".")
        out.append(key)
        if game.title_original:
            out.append(_container(["edition-title-orig"],
                                  _para(game.title_original, ["orig"])))

        figures_after: dict[str | None, list] = {}
        for f in game.figures:
            figures_after.setdefault(f.after, []).append(f)
        body = _container(["edition-text"])
        executable = bool(eg.get("executable"))
        for f in figures_after.get(None, []):
            body += self._figure(game, f, executable, links)
        para = None
        for s in game.sentences:
            if para is None or s.paragraph != para["paragraph"]:
                para = _container(["edition-para"])
                para["paragraph"] = s.paragraph
                body += para
            aid = anchor(s.id)
            dom.note_object(s.id, "sentence", aid, f"{game.title_en or game.title_ru}, sentence {s.n}",
                            location=self.get_location())
            sid = nodes.paragraph(classes=["sid"])
            sid += nodes.reference(s.id, s.id, refuri=f"#{aid}", classes=["sid-link"])
            variants = []
            if len(game.witnesses) > 1:
                sid += variant_markers(ed, game, s.id)
                variants = sentence_variants(ed, game, s.id)
            en = _para(s.english or "[not yet translated]", ["en"] + ([] if s.english else ["missing"]))
            more = add_note(en, s.note, known_ids) if s.note else None
            orig = original_text(s.original, variants, footnote_marks(s))
            sent = _container(["edition-sentence"], sid, orig, reading_text(s, terms, seen), en,
                              ids=[aid])
            if more is not None:
                sent += more
            for note in footnote_notes(s):
                sent += note
            if asked.get(s.id):
                sent += question_marks(game.slug, asked[s.id])
            if links.get(s.id):
                sent += rule_links_para(links[s.id])
            para += sent
            for f in figures_after.get(s.id, []):
                para = None
                body += self._figure(game, f, executable, links)
        if not game.figures and executable:
            body += self._figure(game, None, executable, links)
        out.append(body)

        others = [sig for sig in game.witnesses if sig != game.base]
        if others:
            sec = nodes.section(ids=[f"{game.slug}-witnesses"])
            sec += nodes.title("", "Other witnesses")
            sec += apparatus_nodes(ed, game)
            for e in apparatus(ed, game):   # each entry citable, as its anchor says
                dom.note_object(e.id, "apparatus", e.anchor, e.id, location=self.get_location())
            reads = base_sentence_of(game)   # a copy sentence's number need not be the base's
            for sig in others:
                sec += _para(f"Witness {sig}:", ["edition-witness-label"])
                for s in game.texts[sig]:
                    english: list[nodes.Node] = []
                    if "@" not in s.id:      # a sentence the earlier copies lack: citable
                        dom.note_object(s.id, "sentence", anchor(s.id),
                                        f"{game.title_en or game.title_ru}, sentence {s.n} "
                                        f"(witness {sig})", location=self.get_location())
                        english.append(_para(s.english or "[not yet translated]",
                                             ["en"] + ([] if s.english else ["missing"])))
                        more = add_note(english[0], s.note, known_ids) if s.note else None
                        if more is not None:  # translated like the base's (Game.cited)
                            english.append(more)
                    label = _para(s.id, ["sid"])
                    if s.id in reads:
                        label += nodes.Text(" reads ")
                        label += nodes.reference(reads[s.id], reads[s.id],
                                                 refuri=f"#{anchor(reads[s.id])}",
                                                 classes=["sid-link"])
                    c = _container(["edition-sentence", "edition-variant"],
                                   label, original_text(s.original, (),
                                                                       footnote_marks(s)),
                                   reading_text(s), *english, *footnote_notes(s),
                                   ids=[anchor(s.id)])
                    sec += c
            out.append(sec)

        if eg.get("executable"):
            out.append(play_section(game.slug, game.title_en or game.title_ru, eg, ed.cache_dir,
                                        ed.root / "results" / "odds.json"))

        odds = odds_table(ed.root, game.slug, self.env)
        if odds is not None:
            out.append(odds)

        if eg.get("ambiguities"):
            sec = nodes.section(ids=[f"{game.slug}-readings"])
            sec += nodes.title("", "Ambiguities and readings")
            known = ({s.id for s in game.sentences} | _declared_readings(game.slug)
                     | {f"{game.slug}:{a['id']}" for a in eg["ambiguities"]})
            _table, rows = odds_rows(ed.root, game.slug, self.env)
            for a in eg["ambiguities"]:
                item = ambiguity_item(game.slug, a, dom, self.get_location(), known, rows)
                sec += item
            out.append(sec)
        return out

    def _figure(self, game, f, executable: bool, links: dict) -> nodes.Node:
        """The book's figure marker and, for an executable game, the reconstructed layout."""
        box = _container(["edition-figure"], ids=[f"{game.slug}-fig-{f.number}"] if f else [])
        label = f"Фиг. {f.number}" if f else "Layout"
        if not executable:
            box += _para(f"{label}: the book's figure is not in the witness, and this game has "
                         f"no engine to draw it from.", ["figure-marker"])
            return box
        upto = [s.id for s in game.sentences]
        if f and f.after in upto:
            upto = upto[:upto.index(f.after) + 1]
        follows = [sid for sid in upto if sid in links]
        # a named anchor, so the caption's permalink reads #mill.fig-30, never #id1
        fig = nodes.figure(classes=["edition-reconstruction"],
                           ids=[f"{game.slug}.fig-{f.number}" if f else f"{game.slug}.layout"])
        alt = (f"Reconstructed starting layout of {game.title_en or game.title_ru}, deal 1, "
               f"drawn from the engine")
        # a width makes Sphinx link the picture to the SVG itself (open it full size, zoom)
        fig += nodes.image(uri=f"figures/{game.slug}.svg", alt=alt, classes=["layout-svg"],
                           width="100%")
        cap = nodes.caption()
        cap += nodes.Text(f"{label} (reconstruction, not the book's figure): the starting layout "
                          f"of deal 1 under the default readings, drawn from the engine's own "
                          f"layout; it follows sentences {', '.join(follows) or 'none linked yet'}. "
                          f"Open the drawing by itself to zoom in. "
                          f"{layout_key(starting_layout(game.slug))}".strip())
        fig += cap
        box += fig
        return box


class WitnessesDirective(EditionDirective):
    """``edition-witnesses``: a table of the witnesses (siglum, what it is, orthography, sha256)."""

    def run(self):
        ed = self.edition()
        rows = []
        for w in ed.witnesses:
            games = [g.slug for g in ed.games if w.siglum in g.witnesses]
            rows.append([w.siglum, f"{w.description} (games: {', '.join(games)})",
                         w.orthography, nodes.literal(text=w.sha256[:16] + "…")])
        table = make_table("edition-witnesses", [("Siglum", 8), ("What it is", 50),
                                                 ("Orthography", 14), ("sha256", 28)], rows)
        return [table]


class SummaryDirective(EditionDirective):
    """``edition-summary``: what the edition holds, counted from the corpus (witnesses, games,
    games the engine plays), so that the home page stays true after ``edition add``."""

    def run(self):
        ed = self.edition()
        playable = engine_games()
        plays = [g for g in ed.games if playable.get(g.slug, {}).get("executable")]
        text = (f"This site is an edition of {count(len(ed.witnesses), 'witness', 'witnesses')} "
                f"({', '.join(w.siglum for w in ed.witnesses)}; see Witnesses below) of a "
                f"nineteenth-century Russian book of patience (solitaire) games. They give the "
                f"text of {count(len(ed.games), 'game')}, and the engine plays "
                f"{'all' if len(plays) == len(ed.games) else len(plays)} of them")
        others = [g.title_en or g.title_ru for g in ed.games if g not in plays]
        say = "its page says" if len(others) == 1 else "their pages say"
        text += f"; not {', '.join(others)}: {say} why." if others else "."
        return [nodes.paragraph("", text, classes=["edition-summary"])]


class GamesDirective(EditionDirective):
    """``edition-games``: the games with their Russian and English titles, linked."""

    def run(self):
        ed = self.edition()
        lst = nodes.bullet_list(classes=["edition-games"])
        for g in ed.games:
            li = nodes.list_item()
            p = nodes.paragraph()
            ref = pending_xref("", refdomain="std", reftype="doc", reftarget=f"/{pages_folder(self.config)}/{g.slug}",
                               refexplicit=True, refwarn=True)
            ref += nodes.inline(text=g.title_ru)
            p += ref
            p += nodes.Text(f" — {g.title_en or 'untranslated'} ({g.slug}; "
                            f"{len(g.sentences)} sentences; {', '.join(g.witnesses)})")
            li += p
            lst += li
        return [lst]


def _share(low, high) -> str:
    """The share of the distance closed (:func:`gap_share`'s ``low``, ``high``) as the
    overview writes it. The careful player never wins a deal the solver cannot, so the share
    is at most 1 (a higher end, from deals undecided both ways, is cut there); a lower end
    below 0 means it may have won fewer than the greedy player."""
    if low is None:
        return "no distance"
    if high is not None:
        high = min(high, Fraction(1))
    if low < 0:
        if high is None or high >= 1:
            return "not known: too many undecided deals"
        return f"below 0 (fewer than the greedy player) to {float(high):.2f}"
    if high is None:
        return f"at least {float(low):.2f}"
    lo, hi = f"{float(low):.2f}", f"{float(high):.2f}"
    return lo if lo == hi else f"{lo}–{hi}"


class OddsOverviewDirective(EditionDirective):
    """``edition-odds-overview``: per game, the default readings' greedy player, careful
    player and solver on the deals their rows share, and the share of the distance from the
    greedy player to the solver's ceiling that the careful player closes
    (:func:`extract.export.odds_words.gap_share`), with a sentence counting the games where it
    closes at least half (a range counts by its lower end). Every figure comes from the
    stored table; nothing when there is none."""

    def run(self):
        ed = self.edition()
        table, _ = odds_rows(ed.root, "", self.env)       # the table, read once
        defaults = [r for r in (table or {}).get("rows", []) if r["change"] is None]
        rows, closed, measured, face_up, face_up_closed = [], [], 0, [], 0
        unknown, weak = [], []
        for g in ed.games:
            by = {r["policy"]: r for r in defaults if r["game"] == g.slug}
            if not all(p in by for p in ("greedy", "careful", "solver")):
                continue
            first, last, gw, cw, sw, low, high = gap_share(by["careful"], by["greedy"],
                                                           by["solver"])
            n = last - first + 1
            und = {p: by[p]["outcomes"][first - by[p]["first"]:last - by[p]["first"] + 1]
                   .count("U") for p in ("greedy", "careful", "solver")}
            share = _share(low, high)
            name = g.title_en or g.title_ru
            if Fraction(und["solver"], n) >= WEAK_SHARE:
                weak.append(f"{name} ({und['solver']} of {n})")
            if share.startswith("not known"):
                unknown.append(name)           # counted in no denominator
            elif careful_sight(g.slug) == "all":
                share += " (every card face up: the careful player is the solver)"
                face_up.append(g.title_en or g.title_ru)
                face_up_closed += low is not None and low >= Fraction(1, 2)
            elif low is not None:
                measured += 1
                if low >= Fraction(1, 2):
                    closed.append(g.title_en or g.title_ru)
            ref = pending_xref("", refdomain="std", reftype="doc", reftarget=f"/{pages_folder(self.config)}/{g.slug}",
                               refexplicit=True, refwarn=True)
            ref += nodes.inline(text=g.title_en or g.title_ru)
            cell = nodes.paragraph()
            cell += ref
            rows.append([cell, f"{first}–{last}"] + [
                f"{w} of {n}" + (f", {und[p]} undecided" if und[p] else "")
                for p, w in (("greedy", gw), ("careful", cw), ("solver", sw))] + [share])
        if not rows:
            return []
        table = make_table("edition-odds-overview",
                           [("Game", 22), ("Deals", 10), ("Greedy player wins", 14),
                            ("Careful player wins", 14), ("Solver wins (every card known)", 20),
                            ("Share of the distance closed", 20)], rows)
        said = (f"Under the default readings, on the deals a game's three rows share, the "
                f"careful player closes at least half the distance between the greedy player "
                f"and the solver's ceiling in {count(len(closed), 'game')} of the "
                f"{measured} where it does not see every card and there is a distance to close"
                + (f": {'; '.join(closed)}." if closed else ".")
                + (f" In {' and '.join(face_up)} every card lies face up from the deal, so "
                   f"the careful player plays as the solver and closes the whole distance by "
                   f"construction; {'they are' if len(face_up) > 1 else 'it is'} left out of "
                   f"that count. With {'them' if len(face_up) > 1 else 'it'} (each counted "
                   f"by the share its rows measure), it is {len(closed) + face_up_closed} of the "
                   f"{measured + len(face_up)} games."
                   if face_up else "")
                + (f" Not known, and not counted: {'; '.join(unknown)} (too many undecided "
                   f"deals)." if unknown else "")
                + " Where the solver left deals undecided, the ceiling is a range, and so is "
                  "the share; so are the players' figures where a game was still going when "
                  "it reached its move limit (undecided). A range counts here by its lower "
                  "end."
                + (f" The solver left at least one deal in ten undecided in: {'; '.join(weak)}."
                   if weak else ""))
        return [_para(said, ["edition-odds-overview-said"]), table]


class PrinciplesDirective(EditionDirective):
    """``edition-principles``: the normalisation rules, the emendations and change counts."""

    def run(self):
        ed = self.edition()
        out = []
        lst = nodes.definition_list()
        for r in RULES.values():
            item = nodes.definition_list_item()
            item += nodes.term("", f"{r.name} ({r.kind})")
            d = nodes.definition()
            d += _para(r.description, [])
            item += d
            lst += item
        out.append(lst)
        ems = [c for sig, n in ed.normalisations.items() for c in n.changes if c.kind == "emendation"]
        el = nodes.bullet_list()
        for sig, n in ed.normalisations.items():
            for c in n.changes:
                if c.kind == "emendation":
                    li = nodes.list_item()
                    li += _para(f"{sig}: «{c.orig}» → «{c.reg}» — {c.rule}", [])
                    el += li
        out.append(_para(f"Emendations ({len(ems)}):", []))
        out.append(el)
        counts = nodes.bullet_list()
        for g in ed.games:
            by: dict[str, int] = {}
            for s in g.sentences:
                for c in s.changes:
                    by[c.kind] = by.get(c.kind, 0) + 1
            li = nodes.list_item()
            li += _para(f"{g.slug}: " + (", ".join(f"{k} {v}" for k, v in sorted(by.items()))
                                           or "no changes"), [])
            counts += li
        out.append(_para("Changes per game (base witness):", []))
        out.append(counts)
        return out


class GlossaryDirective(EditionDirective):
    """``edition-glossary``: the glossary as a Sphinx glossary (terms citable with ``{term}``)."""

    def run(self):
        ed = self.edition()
        known = {s.id for g in ed.games for s in g.cited}
        gloss = nodes.definition_list(classes=["glossary", "edition-glossary"])
        source, line = self.get_source_info()
        for t in sorted(ed.glossary, key=lambda t: t.display.lower()):
            item = nodes.definition_list_item()
            item += make_glossary_term(self.env, [nodes.Text(t.display)], None, source, line,
                                       t.anchor, self.state.document)
            d = nodes.definition()
            d += _para(f"{t.english}" + (f" — modern Russian: {t.modern}" if t.modern else ""), [])
            if t.note:
                note = nodes.paragraph(classes=["term-note"])
                note += cited_text(t.note, known, [])
                d += note
            item += d
            gloss += item
        return [gloss]


DIRECTIVES = {
    "edition-odds-overview": OddsOverviewDirective,
    "edition-glossary": GlossaryDirective,
    "edition-game": GameDirective,
    "edition-witnesses": WitnessesDirective,
    "edition-games": GamesDirective,
    "edition-summary": SummaryDirective,
    "edition-principles": PrinciplesDirective,
}


def add_note(en: nodes.paragraph, note: str, known: set[str]) -> nodes.container | None:
    """Put a translator's note under the English ``en``: its first paragraph inside ``en``
    (class ``tr-note``), as a one-paragraph note has always been shown; any further paragraphs
    and tables go into the returned container (classes ``tr-note tr-note-more``), to be placed
    after ``en`` in the sentence; None if there are none. Sentence, ambiguity and reading ids
    in ``known`` become citations; everything else is text."""
    blocks = note_blocks(note)
    first = blocks[0] if blocks else None
    if isinstance(first, str):
        blocks.pop(0)
        en += cited_text(first, known, ["tr-note"])
    if not blocks:
        return None
    more = nodes.container(classes=["tr-note", "tr-note-more"])
    for b in blocks:
        if isinstance(b, NoteTable):
            width = max(1, 100 // len(b.head))
            rows = [[cited_text(c, known, []) for c in row] for row in b.rows]
            more += make_table("edition-note-table", [(h, width) for h in b.head], rows)
        else:
            p = nodes.paragraph()
            p += cited_text(b, known, [])
            more += p
    return more
