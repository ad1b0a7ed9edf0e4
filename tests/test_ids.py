"""The id lock: a removed or changed sentence is caught; new ids never reuse old numbers."""
from __future__ import annotations

import hashlib
import re

from extract.corpus import ids
from extract.model.edition import build_edition


def _edit_witness(corpus, name, old, new):
    path = corpus / "witnesses" / name
    data = path.read_text(encoding="utf-8").replace(old, new).encode()
    path.write_bytes(data)
    m = corpus / "manifest.toml"
    text = m.read_text(encoding="utf-8")
    sha = re.search(rf'file = "witnesses/{name}"\nsha256 = "([0-9a-f]+)"', text).group(1)
    m.write_text(text.replace(sha, hashlib.sha256(data).hexdigest()), encoding="utf-8")


def test_anchor_form():
    assert ids.anchor("mill:4") == "mill.4"
    assert ids.anchor("goes-doesnt-go:deal-pattern=dittography") == "goes-doesnt-go.deal-pattern.dittography"


def test_repository_lock_is_complete(edition):
    from extract.model.collate import apparatus, apparatus_problems
    assert ids.lock_problems(edition) == [] and apparatus_problems(edition) == []
    assert len(edition.lock) == sum(len(g.sentences) + len(apparatus(edition, g))
                                    for g in edition.games)


def test_lock_catches_changed_sentence(corpus_copy, cli):
    _edit_witness(corpus_copy, "003_7baec4a93eb690a9.txt", "Колоду не тасуют", "Колоду не мешают")
    ed = build_edition(corpus_copy)
    problems = ids.lock_problems(ed)
    assert any("mill:6 has vanished" in p for p in problems)
    assert any("mill:8" in p and "not in the lock" in p for p in problems)
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "mill:6 has vanished" in r.output


def test_a_slug_changed_in_games_toml_is_named_with_its_fix(corpus_copy, cli):
    """A newcomer's find: a slip in a game's slug in games.toml vanished every id of the
    game, and each line advised retiring it (which would lose the ids for good). Check
    names the rename and says to put the slug back; a sentence truly changed in another
    game keeps the old advice."""
    games = corpus_copy / "games.toml"
    games.write_text(games.read_text(encoding="utf-8").replace('slug = "mill"', 'slug = "mil"'),
                     encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1
    vanished = [line for line in r.output.splitlines() if "has vanished" in line]
    mill = [line for line in vanished if "id mill:" in line]
    assert len(mill) == 7 and all("games.toml now names its game 'mil'" in line
                                  and 'put back slug = "mill"' in line
                                  and "--retire" not in line for line in mill), mill
    assert "its sentence is mil:4" in mill[3]
    # a sentence changed as well: that id alone is told to be undone or retired too
    _edit_witness(corpus_copy, "003_7baec4a93eb690a9.txt", "Колоду не тасуют", "Колоду не мешают")
    r = cli("--corpus", corpus_copy, "check")
    six = next(line for line in r.output.splitlines() if "id mill:6 has vanished" in line)
    assert "--retire mill:6" in six and 'put back slug = "mill"' in six
    assert "its sentence is mil:6" not in six and "its sentence changed too" in six
    assert all("games.toml now names its game 'mil'" in line for line in r.output.splitlines()
               if "has vanished" in line and "mill:6" not in line)


def test_a_slug_slip_is_named_as_the_cause_by_every_check_it_sets_off(corpus_copy, cli):
    """A tester's find: with a slug slip in games.toml (ids locked as mill:N, games.toml
    saying 'mil'), check said to put the slug back, but its other sections gave advice that
    would do damage: each translated mill:N 'is not a sentence of the edition (... or
    delete the line)', lines were asked for in translations/en/mil.toml, the engine's
    links and the author's claims were to be 'corrected'. Each of those now names the slip
    and says to put the slug back instead."""
    games = corpus_copy / "games.toml"
    games.write_text(games.read_text(encoding="utf-8").replace('slug = "mill"', 'slug = "mil"'),
                     encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1
    out = r.output.splitlines()
    follow = [line for line in out if ("mill" in line or "mil:" in line or "mil " in line)
              and "has vanished" not in line and "is not in the lock" not in line]
    assert follow and all('put back slug = "mill"' in line for line in follow), follow
    assert not [line for line in out if "delete the line" in line or "mil.toml" in line
                or "correct `game`" in line], out
    orphans = out.index("[FAIL] every translated id is a sentence of the edition - not so for:")
    assert "translations/en/mill.toml:3:" in out[orphans + 1]
    assert "7 translated sentences" in out[orphans + 1] and "keep" in out[orphans + 1]


def test_lock_catches_removed_sentence_and_never_reuses(corpus_copy, cli):
    _edit_witness(corpus_copy, "003_7baec4a93eb690a9.txt",
                  " Иногда он удается скоро, а иногда вследствие повторения одних и тех же карт "
                  "становится невозможным со второго, третьего раза.", "")
    ed = build_edition(corpus_copy)
    assert [s.id for s in ed.game("mill").sentences] == [f"mill:{i}" for i in range(1, 7)]
    assert any("mill:7 has vanished" in p for p in ids.lock_problems(ed))
    # a new sentence after a removal gets a fresh number, not the removed one
    _edit_witness(corpus_copy, "003_7baec4a93eb690a9.txt", "пока он не выйдет.",
                  "пока он не выйдет. Новое предложение.")
    ed = build_edition(corpus_copy)
    assert ed.game("mill").sentences[-1].id == "mill:8"


def test_lock_command_records_new_ids_only(corpus_copy, cli):
    _edit_witness(corpus_copy, "003_7baec4a93eb690a9.txt", "пока он не выйдет.",
                  "пока он не выйдет. Новое предложение.")
    before = (corpus_copy / "ids.lock").read_text(encoding="utf-8")
    r = cli("--corpus", corpus_copy, "lock")
    assert r.exit_code == 0 and "1 new id recorded" in r.output
    after = (corpus_copy / "ids.lock").read_text(encoding="utf-8")
    assert after.startswith(before[:200])
    assert '"mill:8" = { witness = "XL", quote = "Новое предложение.", sum = "' in after
    for line in before.splitlines():
        assert line in after or line.startswith(ids.SEAL)    # (the seal is written anew)


def test_best_match_with_a_hint_is_as_good_as_the_full_search():
    """The hint (a copy's sentence after its last match) is taken at once only when it holds
    every word in order; otherwise the whole base is searched: a hint never gives a sentence
    that holds fewer of the words, nor a match where the full search finds none."""
    import random
    from difflib import SequenceMatcher
    from extract.corpus.ids import best_match
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(12)]
    for _ in range(2000):
        words = [rng.choice(vocab) for _ in range(rng.randint(1, 8))]
        # the base's sentences: others, and the copy's with some of its words lost (a hint
        # that holds most but not all of them must not win over one that holds all)
        known = [[w for w in words if rng.random() < rng.choice((0.6, 0.8, 1.0))]
                 + [rng.choice(vocab) for _ in range(rng.randint(0, 2))]
                 if rng.random() < 0.7 else [rng.choice(vocab) for _ in range(rng.randint(1, 8))]
                 for _ in range(rng.randint(1, 6))]
        hint = rng.randint(-1, len(known))

        def held(i):
            return sum(b.size for b in SequenceMatcher(None, words, known[i],
                                                       autojunk=False).get_matching_blocks())
        plain, hinted = best_match(words, known), best_match(words, known, hint)
        assert (plain is None) == (hinted is None), (words, known, hint)
        if plain is not None:
            assert held(hinted) == held(plain), (words, known, hint)
