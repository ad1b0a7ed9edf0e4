"""``edition check``: every validation of the corpus against the model, the lock, the engine's
rule registry and the translations, as one report."""
from __future__ import annotations

import importlib.util
import json
import re
from bisect import bisect_left, bisect_right
from pathlib import Path

from ..corpus import ids
from ..corpus.atomic import TMP_PREFIX
from ..corpus.glossary import WORD
from ..corpus.ids import CITED, anchor, reading_ids, unmarked
from ..corpus.readers import (CLAIM_SPEC, EMENDATION_SPEC, _key_line, entries, load_games,
                              load_marks, load_witnesses, read_toml, structure_file)
from ..corpus.structure import analyse
from ..export.odds_words import FIELDS, PLACEHOLDER, typed_figures
from ..model.collate import apparatus_problems
from ..model.engine_link import decision_kind, engine_games, question_label, rule_links  # noqa: F401 (used here; re-exported)
from ..text.errors import EditionError, line_of
from ..text.normalise import Change, ambiguous_endings, apply_changes, normalise
from ..text.words import count
from .add import ending_warnings, witness_warnings


def corpus_file_errors(root: Path) -> list[EditionError]:
    """Every problem met reading the corpus's files one by one, each with its file, line and
    fix: each TOML file under ``root`` (a regular file: what is not, the model names) that is
    not valid (its syntax, characters the site
    cannot carry) and, when the manifest reads, each witness it lists whose file is missing,
    changed (its checksum) or not readable text, and each of their corrections files
    (``structure/<siglum>.toml``) with a wrong mark (its first). ``edition check`` reports
    them all at once; the model (:func:`extract.model.edition.build_edition`) stops at the first."""
    errors: list[EditionError] = []
    for path in sorted(p for p in root.rglob("*.toml") if p.is_file() and
                       not any(part.startswith(".") for part in p.relative_to(root).parts)):
        try:
            read_toml(path)
        except EditionError as e:
            errors.append(e)
    if not any(Path(str(e.file)) == root / "manifest.toml" for e in errors):
        try:
            witnesses = load_witnesses(root, errors)
        except EditionError as e:   # the manifest's own entries are wrong
            errors.append(e)
            witnesses = []
        # each witness's corrections file (corpus/structure/<siglum>.toml) that reads as TOML:
        # its first wrong mark
        unread = {Path(str(e.file)) for e in errors}
        for w in witnesses:
            if structure_file(root, w.siglum) not in unread:
                try:
                    load_marks(root, w.siglum, w.text)
                except EditionError as e:
                    errors.append(e)
    return errors


def game_summaries(edition) -> list[dict]:
    """One dict per game: slug, titles, witnesses, sentence count, executable, ambiguities,
    the game's ``page`` and ``sentence_details``: each citable sentence's ``cite`` id,
    ``anchor``, ``page`` (with the anchor), ``witness``, ``original``, ``normalised`` and
    ``english`` (None while untranslated): the base text's, then each copy's sentences that
    the copies before it lack (their own ids in ids.lock, ``extract.corpus.ids.citable``;
    untranslated: the translations are of the base text)."""
    eg = engine_games()
    rows = []
    for g in edition.games:
        e = eg.get(g.slug, {})
        page = f"games/{g.slug}.html"
        cited = g.cited
        rows.append({
            "slug": g.slug, "title_ru": g.title_ru, "title_en": g.title_en,
            "witnesses": list(g.witnesses), "sentences": len(cited),
            "executable": bool(e.get("executable", False)),
            "ambiguities": [decision_summary(g.slug, a) for a in e.get("ambiguities", [])],
            "page": page,
            "sentence_details": [
                {"cite": s.id, "anchor": anchor(s.id), "page": f"{page}#{anchor(s.id)}",
                 "witness": s.witness,
                 "original": s.original, "normalised": s.normalised, "english": s.english}
                for s in cited],
        })
    return rows


#: a word of letters from both the Cyrillic and the Latin alphabet (OCR's: ``Домb``)
_MIXED_WORD = re.compile(r"(?=[^\W\d_]*[\u0400-\u04ff])(?=[^\W\d_]*[A-Za-z])[^\W\d_]+")


#: a Roman numeral with a Russian ending (``XIXв``, ``IIго``): no OCR slip
_ROMAN_WITH_ENDING = re.compile(r"[IVXLCDM]+[а-яё]{1,3}")


def unread_mixed_words(edition) -> list[str]:
    """Words of the games' sentences that mix Cyrillic and Latin letters in the reading
    text too (an OCR slip the repair could not decide: ``Домb`` is домъ or домѣ; a Roman
    numeral with an ending, ``XIXв``, is none), each with its witness file and line and the
    fix."""
    out = []
    for w in edition.witnesses:
        changes = edition.normalisations[w.siglum].changes
        starts = [c.start for c in changes]
        for g in edition.games:
            for s in g.texts.get(w.siglum, ()):
                for m in _MIXED_WORD.finditer(w.text, s.start, s.end):
                    a, b = m.span()
                    if _ROMAN_WITH_ENDING.fullmatch(m.group()):
                        continue
                    near = changes[max(0, bisect_right(starts, a) - 1):bisect_left(starts, b)]
                    near = [c for c in near if c.start < b and c.end > a]
                    if near:    # read as changed: still mixed?
                        x, y = min(a, near[0].start), max(b, near[-1].end)
                        reading = apply_changes(w.text[x:y], [
                            Change(c.start - x, c.end - x, c.orig, c.reg, c.kind, c.rule)
                            for c in near])
                        if not _MIXED_WORD.search(reading):
                            continue
                    out.append(f"{w.path}:{line_of(w.text, a)}: {m.group()!r} ({s.id}) mixes "
                               f"Cyrillic and Latin letters and no OCR repair reads it as "
                               f"one word: left as printed; if you know the reading, emend "
                               f"it in emendations.toml")
    return out


def corpus_leftovers(edition) -> list[str]:
    """Files in the corpus folder that no manifest entry accounts for: a witness file
    without a ``[[witness]]`` entry (an ``add`` cut short), a corrections file
    ``structure/<siglum>.toml`` of no witness, a file under ``translations/`` that is no
    ``translations/en/<game>.toml`` (another language's folder, a ``.txt``: never read; a
    README or a hidden file is let be), and temporary files a killed writer left
    (``.tmp-*``, ``*.tmp``). (A manifest entry without its file stops the model
    from loading at all, with the manifest's file and line.)"""
    root = edition.root
    listed = {w.path.resolve() for w in edition.witnesses}
    out = []
    folder = root / "witnesses"
    for p in sorted(folder.iterdir()) if folder.is_dir() else []:
        if p.is_file() and not p.name.startswith(".") and p.resolve() not in listed:
            out.append(f"{p}: a witness file without an entry in {root / 'manifest.toml'} (an "
                       f"interrupted `edition add`?); run `edition add {p}` to take it in, or "
                       f"delete it")
    sigla = {w.siglum for w in edition.witnesses}
    for p in sorted((root / "structure").glob("*")) if (root / "structure").is_dir() else []:
        if p.is_file() and not p.name.startswith(".") and (p.suffix != ".toml" or p.stem not in sigla):
            out.append(f"{p}: corrections for a witness the manifest does not list (a misspelt "
                       f"siglum, or a witness not added yet); name it <siglum>.toml of a witness "
                       f"in {root / 'manifest.toml'}")
    folder = root / "translations"
    for p in sorted(folder.rglob("*")) if folder.is_dir() else []:
        rel = p.relative_to(folder)
        if (p.is_file() and not any(x.startswith(".") for x in rel.parts)
                and not p.name.startswith(TMP_PREFIX) and not p.name.endswith(".tmp")
                and not p.name.upper().startswith("README")
                and not (len(rel.parts) == 2 and rel.parts[0] == "en" and p.suffix == ".toml")):
            out.append(f"{p}: not read: the edition reads English translations only, one file a "
                       f"game, {folder / 'en' / '<game>.toml'}; move it there (renamed "
                       f"<game>.toml) if it is one, or keep it outside the corpus")
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        if p.is_file() and (p.name.startswith(TMP_PREFIX) or p.name.endswith(".tmp")
                            or p.name.startswith(".") and rel.parts[0] == "witnesses"):
            out.append(f"{p}: a temporary file left by a command that was stopped; delete it "
                       f"(`edition lock` and `edition add` remove such files)")
    return out


def decision_summary(slug: str, a: dict) -> dict:
    """One declared decision (an engine ambiguity, ``Ambiguity.to_dict()``) for ``edition games``:
    ``id``, ``readings`` (ids, as before), ``default``, plus ``cite`` (``<game>:<ambiguity>``),
    ``anchor`` (its anchor on the game page, :func:`extract.corpus.ids.anchor`), ``page``
    (``games/<slug>.html#<anchor>``), ``kind`` (``open`` for an open question with two or more
    readings; for a one-reading decision what it rests on: ``text``, ``silent`` or
    ``editorial``, :func:`extract.model.engine_link.decision_kind`), ``label`` (the question in a few
    words, :func:`extract.model.engine_link.question_label`), ``question``, ``reason``, ``sentences`` and
    ``reading_details``: per reading ``id``, ``cite`` (``<game>:<ambiguity>=<reading>``),
    ``anchor``, ``page``, ``label``, ``editorial``, ``justification``, ``restricts``."""
    cite = f"{slug}:{a['id']}"
    page = f"games/{slug}.html#"
    details = []
    for r in a["readings"]:
        r = r if isinstance(r, dict) else {"id": r}
        rc = f"{cite}={r['id']}"
        details.append({"id": r["id"], "cite": rc, "anchor": anchor(rc),
                        "page": page + anchor(rc), "label": r.get("label", ""),
                        "editorial": bool(r.get("editorial", False)),
                        "justification": r.get("justification", ""),
                        "restricts": r.get("restricts", "")})
    return {"id": a["id"], "readings": [d["id"] for d in details], "default": a["default"],
            "cite": cite, "anchor": anchor(cite), "page": page + anchor(cite),
            "kind": decision_kind(slug, a) or "open",
            "label": question_label(a.get("question", "")),
            "question": a.get("question", ""), "reason": a.get("reason", ""),
            "sentences": list(a.get("sentences", [])), "reading_details": details}


def dangling_citations(edition, eg: dict) -> list[str]:
    """Citations in translator's notes and glossary notes that point at nothing: a sentence
    id of a game of the edition that is not one of its sentences (``mill:99``); any other id
    of a game the engine does not execute (``chasy:piles``: such a game declares no
    ambiguity, so it is a slip for a sentence id or a rule not yet written), unless the
    engine is not installed; and, in the glossary, an ambiguity or reading id of an
    executable game that the engine does not declare (the translator's notes' readings have
    their own check). Such a citation would be printed as plain text, not a link. Each
    problem names the file and line."""
    sentences = {s.id for g in edition.games for s in g.cited}
    slugs = {g.slug for g in edition.games}
    readings = reading_ids(eg)
    out = []

    def why(cid: str, with_readings: bool, missing: str) -> str:
        """What is wrong with the citation ``cid`` ('' if nothing); ``missing``: the words
        for an id the edition does not have."""
        slug = cid.split(":")[0]
        if slug not in slugs:
            return ""
        rng = re.fullmatch(r"([a-z0-9-]+):(\d+)(?:-(\d+))?", cid)   # mill:4, or octagon:4-8
        if rng:
            return missing if any(f"{slug}:{n}" not in sentences
                                  for n in rng.groups()[1:] if n) else ""
        if eg and not eg.get(slug, {}).get("executable"):
            return (f"which is no sentence id, and {slug} has no ambiguities (the engine does "
                    f"not execute it); correct the id (a sentence is {slug}:N; an ambiguity is "
                    f"declared by the game's engine module, once it has one)")
        return missing if with_readings and eg.get(slug, {}).get("executable") \
            and cid not in readings else ""
    for g in edition.games:
        for s in g.cited:
            for m in CITED.finditer(s.note or ""):
                if said := why(m.group(1), False, "which is not a sentence of the edition; "
                                                  "correct the id"):
                    out.append(f"{_translation_at(edition, s.id, 'notes')}: the note on {s.id} "
                               f"cites {m.group(1)}, {said}")
    path = edition.root / "glossary.toml"
    for t in edition.glossary:
        for m in CITED.finditer(t.note or ""):
            if said := why(m.group(1), True, "which the edition does not have; correct the id"):
                at = _line_with(path, m.group(1), after="display = " + json.dumps(t.display,
                                                                                ensure_ascii=False))
                out.append(f"{path}:{at}: the note on {t.display!r} cites {m.group(1)}, {said}")
    return list(dict.fromkeys(out))   # an id cited twice in one note: one line


def unknown_lemmas(edition) -> list[str]:
    """Entries of ``glossary.toml`` whose lemma holds a word no dictionary knows (pymorphy3):
    a typo (``магазинн``), which no sentence's word would ever match, so that the entry
    linked from nothing and nothing said so. (An entry the text uses only in other forms,
    ``вскрывать`` beside the book's ``вскрывается``, is a dictionary word and stays.)"""
    from ..text.morph import analyzer   # lazy: the dictionaries are slow to load
    m = analyzer()
    path = edition.root / "glossary.toml"
    return [f"{path}:{_line_with(path, 'display = ' + json.dumps(t.display, ensure_ascii=False))}: "
            f"the lemma of {t.display!r} has {w!r}, which no dictionary knows, so no word of the "
            f"text can match it; correct the lemma (its words' dictionary forms)"
            for t in edition.glossary for w in WORD.findall(unmarked(t.written))
            if not m.word_is_known(w.lower())]


def idle_emendations(edition) -> list[str]:
    """Emendations that change nothing the normaliser would not: the correction is the
    normaliser's own reading of the span, as printed where no rule changes it ('тщательно' →
    'тщательно') or as the rules read it ('картъ' → 'карт'), so the entry settles nothing,
    yet the TEI lists it as an editorial correction. A correction that differs from that
    reading (a real one; the word kept as printed where a rule would change it, a surname in
    -аго) and one giving the rule's own reading of an ambiguous ending (it confirms it,
    :func:`extract.intake.add.ending_warnings`) settle something and are not named. (One
    more normalisation of each witness that holds an emendation: the model keeps only the
    normalisation with its emendations.)"""
    path = edition.root / "emendations.toml"
    listed = list(entries(path, "emendation", EMENDATION_SPEC))
    out = []
    for w in edition.witnesses:
        mine = [(e, line) for e, line in listed if e["witness"] == w.siglum]
        if not mine:
            continue
        ruled = normalise(w.text)
        confirmed = [c for c, _ in ambiguous_endings(ruled)]
        for c in edition.normalisations[w.siglum].changes:
            if c.kind != "emendation" or c.reg != _ruled_reading(w.text, ruled.changes, c) or \
                    any(r.start < c.end and c.start < r.end for r in confirmed):
                continue
            at = next((f":{line}" for e, line in mine if e["line"] == line_of(w.text, c.start)
                       and e["reading"] == c.orig and e.get("correction") == c.reg), "")
            out.append(f"{path}{at}: the emendation of {c.orig!r} (witness {w.siglum}) has the "
                       f"reading as its correction, and the normaliser leaves the word as "
                       f"printed anyway: it changes nothing; remove the entry"
                       if c.orig == c.reg else
                       f"{path}{at}: the emendation of {c.orig!r} to {c.reg!r} (witness "
                       f"{w.siglum}) gives the normaliser's own reading: it corrects nothing the "
                       f"rules would not; remove the entry (the normaliser already reads it so)")
    return out


def _ruled_reading(text: str, ruled: tuple[Change, ...], span: Change) -> str | None:
    """What the normaliser's rules (``ruled``, its changes of ``text``) read in ``span``'s
    stretch of ``text``; None where a rule's change runs across either of its edges (a part
    of a changed word has no reading of its own)."""
    inside = [r for r in ruled if r.start < span.end and span.start < r.end]
    if any(r.start < span.start or r.end > span.end for r in inside):
        return None
    read, pos = [], span.start
    for r in inside:
        read += [text[pos:r.start], r.reg]
        pos = r.end
    return "".join(read) + text[pos:span.end]


def games_in_no_witness(edition) -> list[str]:
    """Entries of ``games.toml`` whose game no witness holds: its ``title_ru`` matches no
    title in the witnesses (a typo, or a title spelt otherwise than printed), so the entry
    names nothing and the game, if present, is built untranslated under another slug.

    The model matches a game to its entry by title (by slug only a fragment's), and marks
    the games it matched ``known``; an entry stands in a witness only if a known game has
    its slug. A game built from the printed title under the entry's own slug (``okno`` from
    «Окно» beside ``title_ru = "Окно!"``) is not the entry's: it is named with its title."""
    path = edition.root / "games.toml"
    known = {g.slug for g in edition.games if g.known}
    unmatched = {g.slug: g for g in edition.games if not g.known}
    out = []
    for kg in load_games(edition.root):
        if kg.slug in known:
            continue
        at = f"{path}:{_line_with(path, 'slug = ' + json.dumps(kg.slug))}"
        if g := unmatched.get(kg.slug):
            out.append(f"{at}: title_ru {kg.title_ru!r} of game {kg.slug} is not the printed "
                       f"title {g.title_ru!r} (witness {g.base}: {g.title_original!r}), so the "
                       f"entry names no game and the game is built untranslated; write "
                       f"title_ru = {json.dumps(g.title_ru, ensure_ascii=False)}")
        else:
            out.append(f"{at}: game {kg.slug} ({kg.title_ru}) stands in no witness: no title "
                       f"there reads {kg.title_ru!r}; write title_ru as the witness prints it, "
                       f"or remove the entry")
    return out


#: the players whose rows the odds table stores (a claim's ``rows`` name one of them)
ROW_POLICIES = ("blind", "greedy", "careful", "solver")


def claim_problems(edition) -> list[str]:
    """Claims in ``results/claims.toml`` that point at nothing: a game that is not a game of
    the edition or that the engine does not play (its claim would never be shown) or a
    sentence that is not one of that game's; an answer that types a figure by hand instead of a placeholder filled from the
    stored odds (:func:`extract.export.odds_words.typed_figures`), whose placeholder names a row
    not in its ``rows`` or a field that does not exist, or whose ``rows`` name a row that
    cannot exist (not ``default/POLICY`` or ``AMBIGUITY=READING/POLICY`` of a reading of
    the game). Raises EditionError (file, line, fix)
    for a malformed entry."""
    path = edition.root / "results" / "claims.toml"
    games = {g.slug: {s.id for s in g.cited} for g in edition.games}
    slips = slug_slips(edition)
    played = engine_games()
    readings = {r for r in reading_ids(played) if "=" in r}
    out = []
    src = path.read_text(encoding="utf-8") if path.is_file() else ""
    for c, line in entries(path, "claim", CLAIM_SPEC):
        at = _key_line(src, "answer", line) or line       # the answer's own line
        for k in ("claim", "measured"):                   # filled nowhere: shown as typed
            if held := PLACEHOLDER.search(c.get(k) or ""):
                out.append(f"{path}:{_key_line(src, k, line) or line}: `{k}` holds a placeholder "
                           f"({held.group(0)}), which only `answer` fills; "
                           f"move the figure to `answer`")
        stray = re.search(r"[{}]", PLACEHOLDER.sub(" ", c["answer"]))
        if stray:
            out.append(f"{path}:{at}: the answer has a {stray.group(0)!r} that is not part of a "
                       f"placeholder (it would stand on the site as typed); write "
                       f"{{ROW}} or {{ROW:FIELD}} in lowercase, e.g. {{default/solver:won}}")
        if c["game"] in slips:
            out.append(f"{path}:{line}: game {c['game']!r} is no game of the edition because "
                       f"{slips[c['game']]}")
        elif c["game"] not in games:
            out.append(f"{path}:{line}: game {c['game']!r} is not a game of the edition; correct "
                       f"`game`")
        elif c["sentence"] not in games[c["game"]]:
            out.append(f"{path}:{line}: sentence {c['sentence']} is not a sentence of "
                       f"{c['game']}; correct `sentence`")
        elif played and not played.get(c["game"], {}).get("executable"):
            # a claim is shown in its game's odds section, which only a game the engine
            # plays has
            out.append(f"{path}:{line}: game {c['game']!r} is not played by the engine, so "
                       f"its page has no odds to show the claim beside; remove the claim, or "
                       f"keep it as a note on the sentence (translations/en/{c['game']}.toml)")
        typed = typed_figures(c["answer"])
        if typed:
            out.append(f"{path}:{at}: the answer types figures by hand ({', '.join(typed)}); "
                       f"write a placeholder such as {{default/solver:won}} that the site fills "
                       f"from corpus/results/odds.json")
        for row in c.get("rows", []):
            change, _, policy = row.rpartition("/") if isinstance(row, str) else ("", "", "")
            if policy not in ROW_POLICIES or not (
                    change == "default" or f"{c['game']}:{change}" in readings):
                out.append(f"{path}:{_key_line(src, 'rows', line) or line}: `rows` holds "
                           f"{row!r}, which names no row of {c['game']}: write "
                           f"\"default/POLICY\" or \"AMBIGUITY=READING/POLICY\" (a reading of "
                           f"the game; POLICY one of {', '.join(ROW_POLICIES)})")
        if "test" in c:
            out += [f"{path}:{_key_line(src, 'test', line) or line}: `test` {said}"
                    for said in _test_problems(edition.root.parent, c["test"])]
        for m in PLACEHOLDER.finditer(c["answer"]):
            if m.group(1) not in c.get("rows", []):
                out.append(f"{path}:{at}: placeholder {m.group(0)} names row {m.group(1)!r}, "
                           f"which is not in `rows`; add it there")
            if m.group(2) and m.group(2) not in FIELDS:
                out.append(f"{path}:{at}: placeholder {m.group(0)}: unknown field "
                           f"{m.group(2)!r}; allowed: {', '.join(FIELDS)}")
    return out


#: a claim's ``test``: a pytest node id, ``tests/x.py::test_name`` or ``...::test_name[case]``
#: or a test class's method, ``tests/x.py::TestClass::test_name``
TEST_ID = re.compile(r"([\w./-]+\.py)::(?:(\w+)::)?(\w+)(?:\[[^\]]*\])?")


def _test_problems(project: Path, test: str) -> list[str]:
    """What is wrong with a claim's ``test`` (the site says the claim is "tested by" it): not
    ``PATH::TEST_NAME`` (or ``PATH::CLASS::TEST_NAME``, a test class's method); a name that is
    no test's (pytest runs ``test...``); or, in the first of ``project`` (the folder holding the corpus), the
    current folder and the toolkit's own source tree that has the path's first folder (its
    test suite, ``tests/``), no such file, or no function of that name in it. Where none of
    them has a test suite (a copy of the corpus on its own, an installed toolkit) the test
    cannot be looked for: nothing is said. Empty when the test exists."""
    m = TEST_ID.fullmatch(test)
    if not m:
        return [f"{test!r} is not PATH::TEST_NAME (e.g. tests/engine/test_claims.py::test_x); "
                f"correct it"]
    top = Path(m.group(1)).parts[0]
    suite = next((root for root in (project, Path.cwd(), Path(__file__).resolve().parents[2])
                  if (root / top).is_dir()), None)
    if suite is None:
        return []
    file = suite / m.group(1)
    if not file.is_file():
        return [f"names {test!r}, but the test suite in {suite} has no file {m.group(1)}; "
                f"give the test's path from the folder holding the corpus"]
    cls, name = m.group(2), m.group(3)
    if not name.startswith("test"):
        return [f"names {test!r}, but {name} is not a test (pytest runs functions named "
                f"test...); name the test that checks the claim"]
    text = file.read_text(encoding="utf-8", errors="replace")
    where = m.group(1)
    if cls is not None:      # the class's body: its indented lines, up to the next top line
        body = re.search(rf"^class {cls}\b[^\n]*\n((?:[ \t]+[^\n]*\n|[ \t]*\n)*)", text + "\n",
                         re.M)
        if body is None:
            return [f"names {test!r}, but {m.group(1)} defines no class {cls}; correct the "
                    f"name, or remove `test` (the site says the claim is tested by it)"]
        text, where = body.group(1), f"{m.group(1)}'s class {cls}"
    if not re.search(rf"^\s*(?:async\s+)?def {name}\(", text, re.M):
        return [f"names {test!r}, but {where} defines no {name}; correct the "
                f"name, or remove `test` (the site says the claim is tested by it)"]
    return []


def _line_with(path, needle: str, after: str = "") -> int | str:
    """The 1-based line of the first occurrence of ``needle`` in the file at or after the
    first line holding ``after`` (or '?')."""
    try:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if after and after in line:
                after = ""
            if not after and needle in line:
                return n
    except OSError:
        pass
    return "?"


def _translation_at(edition, sid: str, table: str = "sentences") -> str:
    """``FILE:LINE`` of the line that translates (``table`` "sentences") or annotates
    ("notes") ``sid`` in the corpus's ``translations/en/<game>.toml`` (else its first line
    for ``sid``; ``FILE`` alone if there is none)."""
    path = edition.root / "translations" / "en" / f"{sid.split(':')[0]}.toml"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        text = ""
    line = _key_line(text, sid, _key_line(text, table, 0)) or _key_line(text, sid, 0)
    return f"{path}:{line}" if line else str(path)


def slug_slips(edition) -> dict[str, str]:
    """The fix of each slug slip in games.toml (a game's ids locked as ``chasy:N``, its entry
    saying ``slug = "chasi"``), under both slugs: the lock check names the slip, and the
    checks that find its translations, engine links or claims pointing at no sentence (or
    its sentences untranslated) give this fix instead of their own, which would throw the
    finished work away (delete the translated lines, write them again under the new slug)."""
    path = edition.root / "games.toml"
    out = {}
    for locked, now in ids.renamed_games(edition).items():
        at = _line_with(path, "slug = " + json.dumps(now))
        out[locked] = out[now] = (f"games.toml names the game {now!r}, but its ids are locked as "
                                  f"{locked}:N: put back slug = \"{locked}\" in {path}:{at} "
                                  f"(as the id check says) and change nothing else")
    return out


def id_slips(edition) -> dict[str, str]:
    """:func:`slug_slips`, and for each game whose base moved off the witness its ids are
    locked to (:func:`extract.corpus.ids.moved_bases`) the base's fix: its engine links
    and translations point at the ids now in a copy, and their own fixes (translate the
    base's new ids) would cite the same sentences twice."""
    out = slug_slips(edition)
    for slug, (path, line, why, fix) in ids.moved_bases(edition).items():
        out.setdefault(slug, f"its base moved off the witness its ids are locked to "
                             f"({path}{f':{line}' if line else ''}): {fix}")
    return out


def translation_orphans(edition) -> list[str]:
    """``FILE:LINE: ID is translated but ...`` for each id of the translations that is no
    sentence of the edition (the site would leave its translation out); for a game whose
    slug games.toml misspells (:func:`slug_slips`), one line that says so."""
    known = {s.id for g in edition.games for s in g.cited}
    slips = slug_slips(edition)
    orphans = [sid for sid in sorted(edition.translated) if sid not in known]
    out = [f"{_translation_at(edition, sid)}: {sid} is translated but is not a sentence of "
           f"the edition (correct the id, or delete the line)"
           for sid in orphans if sid.split(":")[0] not in slips]
    for slug in sorted({sid.split(":")[0] for sid in orphans} & slips.keys()):
        mine = [sid for sid in orphans if sid.split(":")[0] == slug]
        out.append(f"{_translation_at(edition, mine[0])}: {count(len(mine), 'translated sentence')} "
                   f"of {slug} stand apart from the edition because {slips[slug]}; keep the "
                   f"lines")
    return out


#: what a game with no rules module lacks: code, not corpus data
_NO_ENGINE = ("an engine module: rules are code, written in the toolkit (engine/games/; see "
              "docs/maintainers.md, 'How to add a game'), or the reason it cannot be executed "
              "(a module registering the game with why_not, engine.games.Game); until then the site shows it as not executable")


def witness_warning_lines(edition) -> list[str]:
    """The warnings ``edition add`` gave of each witness that come from its own text (a
    garbled title, a U+FFFD, a private-use glyph, the structure finder's:
    :func:`extract.intake.add.witness_warnings`), computed again from the stored witness,
    each ``warning: FILE:LINE: message``: so that ``check`` keeps saying what the add said
    once. (The model reads the structure too but keeps
    no warning, and a cached model reads nothing: one more structure pass per witness, some
    10 to 80 ms a chapter.)"""
    titles = [g.title_ru for g in load_games(edition.root)]
    out = []
    for w in edition.witnesses:
        layout = analyse(w.text, w.path, w.page_title, titles,
                         load_marks(edition.root, w.siglum, w.text))
        out += [f"warning: {w.path}:{n}: {m}"
                for n, m in sorted(witness_warnings(w.text, layout, w.siglum, locked=True) +
                                   ending_warnings(w.text, edition.normalisations[w.siglum],
                                                   w.siglum))]
    return out


def run_checks(edition) -> tuple[bool, str]:
    """Run all checks; return (passed, report text). Failures make ``passed`` False;
    what a newly added game still lacks is reported without failing."""
    lines: list[str] = []
    failures = 0

    def section(title: str, problems: list[str], fatal: bool = True, flag: str = "todo"):
        nonlocal failures
        mark = "ok" if not problems else ("FAIL" if fatal else flag)
        # (the title says what should hold: with exceptions, the line says so before them)
        lines.append(f"[{mark}] {title}" + (" - not so for:" if problems else ""))
        for p in problems:
            lines.append(f"    {p}")
        if problems and fatal:
            failures += 1

    # 1. witnesses: checksums verified at load; every character in exactly one unit
    tiling = []
    for w in edition.witnesses:
        us = edition.units[w.siglum]
        joined = w.text[:us[0].start] + "".join(w.text[u.start:u.tail] for u in us)
        if joined != w.text:
            tiling.append(f"{w.path}: the model's units do not reproduce the witness")
    section(f"{len(edition.witnesses)} witnesses load, checksums match, every character in one unit",
            tiling)

    # 2. the lock
    section(f"sentence and apparatus ids match {ids.LOCK_NAME} "
            f"({count(len(edition.lock), 'id')})",
            ids.lock_problems(edition) + apparatus_problems(edition))
    section("no stray files in the corpus (witness files without a manifest entry, unread "
            "translations, temporary files)", corpus_leftovers(edition))
    section("no word of a sentence mixes Cyrillic and Latin letters unread (an OCR slip)",
            unread_mixed_words(edition), fatal=False)

    # sigla, slugs, engine ids and the TEI's fixed ids must not collide as anchors/xml:ids
    from ..export.tei import edition_to_tei, name_problems  # lazy: extract.export.tei loads lxml
    clashes = name_problems(edition)
    section("sigla, game slugs, ambiguity ids and fixed ids are distinct XML ids", clashes)
    refused = []
    if not clashes:   # (a clash is reported above, and would refuse the TEI for that reason)
        try:
            edition_to_tei(edition)
        except EditionError as e:
            refused.append(str(e))
    section("the TEI export (which the site build makes too) is made: every xml:id once",
            refused)

    # 3. engine registry against the lock
    links = rule_links()
    known = {s.id for g in edition.games for s in g.sentences}
    slips = id_slips(edition)
    bad = [f"{', '.join(fns)} executes {sid}, which is not a sentence id"
           + (f" because {slips[sid.split(':')[0]]}" if sid.split(":")[0] in slips else "")
           for sid, fns in sorted(links.items()) if sid not in known]
    section(f"engine rule links point at real sentences ({count(len(links), 'sentence')} linked)", bad)

    # 4. translations: known games must be complete; new games are listed as to-do
    missing: list[str] = []
    todo: list[str] = []
    later: list[str] = []
    total = done = 0
    eg = engine_games()
    was = {now: locked for locked, now in ids.renamed_games(edition).items()}  # slug slips
    listed = {kg.slug for kg in load_games(edition.root)}
    for g in edition.games:
        cited = g.cited   # a copy's own sentences are the edition's too, to translate
        have = sum(1 for s in cited if s.english)
        total += len(cited)
        done += have
        for sentences, where in ((g.sentences, missing), (cited[len(g.sentences):], later)):
            # a line that stands with "" (a sentence left to translate later): its line,
            # not the fix of a line that is not there
            empty = [s.id for s in sentences if s.english == ""
                     and g.known and g.slug not in slips]
            where.extend(f"{_translation_at(edition, sid)}: {sid}: the translation is empty; "
                         f"fill in the empty string with the sentence's English" for sid in empty)
            absent = [s.id for s in sentences if not s.english and s.id not in empty]
            if g.slug in slips and absent:    # translated under the locked slug or base
                where.append(f"{edition.root / 'games.toml'}: {g.slug}: "
                             f"{count(len(absent), 'sentence')} untranslated because "
                             f"{slips[g.slug]}")
            elif g.known and absent:  # a copy's new sentence (todo): `add` leaves it so
                where.append(f"{edition.root / 'translations' / 'en' / (g.slug + '.toml')}: "
                             f"{g.slug}: {count(len(absent), 'sentence')} "
                             f"{'' if where is missing else 'of another witness '}untranslated "
                             f"({', '.join(absent[:5])}{' ...' if len(absent) > 5 else ''}); "
                             f"add a line `\"ID\" = \"English\"` under [sentences] for each")
        if g.known and not (g.title_en or "").strip():
            gt = edition.root / "games.toml"
            gtext = gt.read_text(encoding="utf-8") if gt.is_file() else ""
            m = re.search(rf'^\s*slug\s*=\s*["\']{re.escape(g.slug)}["\']', gtext, re.M)
            at = f":{line_of(gtext, m.start())}" if m else ""
            missing.append(f"{gt}{at}: {g.slug}: no English title (the site shows "
                           f"'(untranslated)'); add title_en = \"...\" to its [[game]]")
        if not g.known and g.slug in listed:   # games_in_no_witness names the entry's line
            lacks = [f'an entry in {edition.root / "games.toml"} whose title_ru is the printed '
                     f'title {g.title_ru!r} (the entry slug = "{g.slug}" has another)']
        elif not g.known:
            lacks = [f'an entry in {edition.root / "games.toml"} (slug = "{g.slug}", the slug '
                     f'its sentence ids are locked under; title_ru = '
                     f'{json.dumps(g.title_ru, ensure_ascii=False)}, the printed title '
                     f'{g.title_original.strip()!r} as the edition reads it; title_en)']
        if not g.known:
            if have < len(cited):
                lacks.append(f"translation ({have}/{len(cited)} sentences, in "
                             f"{edition.root / 'translations' / 'en' / (g.slug + '.toml')}; a "
                             f"partial file is fine until the game is in games.toml, then "
                             f"`edition check` fails until it is complete)")
            if g.slug not in eg:
                lacks.append(_NO_ENGINE)
            lacks.append("notes on its ambiguities")
            todo.append(f"{g.slug} ({g.title_ru}, witness {', '.join(g.witnesses)}) lacks: "
                        + "; ".join(lacks))
        elif g.slug not in eg:      # listed in games.toml, but the engine knows nothing of it
            todo.append(f"{g.slug} ({g.title_ru}, witness {', '.join(g.witnesses)}) lacks: "
                        + (f"its slug: {slips[g.slug]}" if was.get(g.slug) in eg else _NO_ENGINE))
    known_readings = reading_ids(eg)
    stale = []
    for g in edition.games:
        for s in g.cited:
            for m in CITED.finditer(s.note or ""):
                cid = m.group(1)
                if eg.get(cid.split(":")[0], {}).get("executable") and cid not in known_readings \
                        and not re.fullmatch(
                        r"[a-z0-9-]+:\d+", cid):
                    stale.append(f"translator's note on {s.id} cites {cid}, which the engine "
                                 f"does not declare ({_translation_at(edition, s.id, 'notes')})")
    section("translator's notes cite ambiguities and readings the engine declares", stale)
    section("translator's notes and the glossary cite sentences and readings that exist",
            dangling_citations(edition, eg))
    section("every game of games.toml stands in a witness", games_in_no_witness(edition))
    section("every glossary lemma is made of dictionary words", unknown_lemmas(edition))
    section("the author's claims (results/claims.toml) name games and sentences of the edition",
            claim_problems(edition))
    section("every translated id is a sentence of the edition", translation_orphans(edition))
    pct = 100.0 * done / total if total else 100.0
    section(f"English translation coverage {done}/{total} sentences ({pct:.1f}%)", missing)
    section(f"new games still to edit: {len(todo) or 'none'}", todo, fatal=False)
    section("every sentence another witness adds is translated (the site shows it in that "
            "witness's text)", later, fatal=False)

    stored = edition.root / "results" / "odds.json"
    if stored.is_file() and importlib.util.find_spec("engine.results") is not None:
        from engine import results as engine_results   # lazy: the engine is optional (find_spec)
        _check_odds(stored, engine_results, section)

    # (last, beside the verdict: they do not change it)
    section("every emendation changes something", idle_emendations(edition), fatal=False,
            flag="warn")
    section("the witnesses' own text (what `edition add` warned of in it, given again)",
            witness_warning_lines(edition), fatal=False, flag="warn")

    lines.append("")
    lines.append("check passed" if not failures else f"check FAILED: {failures} section(s)")
    return failures == 0, "\n".join(lines)


def _check_odds(stored: Path, engine_results, section) -> None:
    """The sections of ``edition check`` on the stored odds table ``stored``: well-formed
    (fatal: :func:`engine.results.problems`), then, as work still to do, rows stale or
    missing, rows of games, readings or policies the engine no longer has, and runs that
    stopped part-way (or are still going) and that no later complete run has redone."""
    try:
        table = engine_results.load(stored)
        found = engine_results.problems(table)
    except (OSError, ValueError) as e:
        table, found = None, [f"cannot be read ({e})"]
    section("the stored odds table is well-formed",
            [f"{stored}: {p}" for p in found]
            + ([f"fix: restore it (git checkout -- {stored}) or regenerate it (`edition "
                f"results --workers 2`)"] if found else []))
    if table is None or found:
        return
    playable = engine_results.games.available()
    known = {g: {c for c, _ in engine_results.configurations(g)} for g in playable}
    todo: dict[str, list[str]] = {}   # game -> policies to measure again
    for row in engine_results.stale_rows(table):
        todo.setdefault(row["game"], []).append(row["policy"])
    have = {(r["game"], r["change"], r["policy"]) for r in table["rows"]}
    for g in playable:
        for c in known[g]:
            todo.setdefault(g, []).extend(p for p in engine_results.POLICIES
                                          if (g, c, p) not in have)
    for slug in engine_results.stale_games(table):
        todo.setdefault(slug, [])
    section(f"stored odds ({len(table['rows'])} rows, {table['provenance'].get('date')}) are "
            f"current with the engine",
            [f"{stored}: {'the ' + '/'.join(dict.fromkeys(ps)) + ' rows' if ps else 'rows'} "
             f"of {slug} were made by another engine source or at another budget, or are "
             f"missing; run `edition results --game {slug}"
             + "".join(f" --policy {p}" for p in dict.fromkeys(ps)) + "` to regenerate them"
             for slug, ps in todo.items() if ps or slug in engine_results.stale_games(table)],
            fatal=False)
    unknown = []
    cannot = {g.slug for g in engine_results.games.registered() if not g.executable}
    for r in table["rows"]:
        what = (f"game {r['game']!r}" if r["game"] not in known
                else f"reading {r['change']!r}" if r["change"] not in known[r["game"]]
                else None)
        if what and r["game"] not in cannot:
            unknown.append(f"{stored}: a row of {what}, which the engine does not have "
                           f"(withdrawn?): regenerate the game's rows or remove the row")
        elif not what and r["policy"] not in engine_results.POLICIES:
            # `random` is a player of `play` and `odds`, but `results` measures none but these
            unknown.append(f"{stored}: a row of policy {r['policy']!r} ({r['game']} "
                           f"{r['change'] or 'default'}), which is no policy of the odds table "
                           f"(it measures {', '.join(engine_results.POLICIES)}): remove the row")
    section("every stored odds row is of a game and reading the engine has and a policy the "
            "table measures", unknown,
            fatal=False)
    section("every stored odds row holds the readings it is shown under",
            [f"{stored}: {words}; fix: measure the row anew (`edition results --game "
             f"{r['game']} --policy {r['policy']}`) or restore the file (git checkout -- "
             f"{stored})" for r, words in engine_results.readings_problems(table)])
    default = {(r["game"], r["policy"]): r for r in table["rows"] if r["change"] is None}
    ranges = [f"{stored}: the {r['policy']} row of {r['game']} {r['change']} covers deals "
              f"{r['first']}-{r['first'] + r['deals'] - 1}, its default row "
              f"{d['first']}-{d['first'] + d['deals'] - 1}: the two cannot be compared; run "
              f"`edition results --game {r['game']} --policy {r['policy']}` to measure both "
              f"on one range"
              for r in table["rows"] if r["change"] is not None
              for d in [default.get((r["game"], r["policy"]))]
              if d is not None and (r["first"], r["deals"]) != (d["first"], d["deals"])]
    section("every reading's odds row covers the deals of its default row", ranges,
            fatal=False)
    breaches = engine_results.ceiling_breaches(table)
    section("no deal a player won is one the solver's row calls lost",
            [f"{stored}: {b.words}; mend the game's proof of loss and measure its solver rows "
             f"anew (`edition results --game {b.game} --policy solver`)"
             for b in breaches if b.kind == "lost"])
    section("every deal a quick player won is won in the solver's row",
            [f"{stored}: {b.words}; the solver's playouts play that player, so its row is "
             f"older than they are: `edition results --game {b.game} --policy solver`"
             for b in breaches if b.kind == "undecided" and b.policy != "careful"], fatal=False)
    section("every deal the careful player won is won in the solver's row",
            [f"{stored}: {b.words}; no error of the corpus: the careful player's search found "
             f"a win the solver's budget missed, so that row's won share is a lower bound, "
             f"which this deal shows (the page counts the deal undecided in the solver's row)"
             for b in breaches if b.kind == "undecided" and b.policy == "careful"],
            fatal=False, flag="note")
    runs = table["provenance"].get("runs", [])
    open_runs = []
    for i, r in enumerate(runs):
        if r.get("complete") is False:
            covers = {(g, p) for g in r.get("games", []) for p in r.get("deal_ranges", {})}
            redone = {(g, p) for later in runs[i + 1:] if later.get("complete") is not False
                      for g in later.get("games", []) for p in later.get("deal_ranges", {})}
            if not covers or not covers <= redone:
                open_runs.append(r)
    section("every run of the stored odds ended",
            [f"{stored}: the run `{r.get('command')}` of {r.get('date')} stopped (or is still "
             f"going) after {r.get('rows')} of its {r.get('rows_planned')} rows (the rows it "
             f"did not reach are older ones); run it again to finish it" for r in open_runs],
            fatal=False)
