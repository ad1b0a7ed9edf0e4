"""Nothing lost, no id changed silently: concurrent writers, interrupted `add`, the id lock's
checks (swapped, deleted, retired, moved ids) and the build's refusal to publish broken ids."""
from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from extract.corpus import ids
from extract.text.errors import EditionError
from extract.model.edition import build_edition
from tests.test_add import CHAPTER, MILL3

EDITION = [sys.executable, "-m", "extract.cli"]
XL = "003_7baec4a93eb690a9.txt"


def _edition(corpus: Path, *args, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "EDITION_CORPUS"}
    return subprocess.run(EDITION + ["--corpus", str(corpus), *map(str, args)], capture_output=True,
                          text=True, env=env, cwd=Path(__file__).parent.parent, **kw)


def _edit_witness(corpus: Path, name: str, old: str, new: str) -> None:
    path = corpus / "witnesses" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    data = text.replace(old, new).encode()
    path.write_bytes(data)
    m = corpus / "manifest.toml"
    mt = m.read_text(encoding="utf-8")
    sha = re.search(rf'file = "witnesses/{name}"\nsha256 = "([0-9a-f]+)"', mt).group(1)
    m.write_text(mt.replace(sha, hashlib.sha256(data).hexdigest()), encoding="utf-8")


# --- 2. two writers at once ------------------------------------------------------------

def test_concurrent_adds_lose_nothing(corpus_copy, tmp_path):
    a, b = tmp_path / "mill3.txt", tmp_path / "ch47.txt"
    a.write_text(MILL3, encoding="utf-8")
    b.write_text(CHAPTER, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "EDITION_CORPUS"}
    procs = [subprocess.Popen(EDITION + ["--corpus", str(corpus_copy), "add", str(f)] +
                              (["--siglum", s] if s else []), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env)
             for f, s in ((a, "M3"), (b, None))]
    outs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    ed = build_edition(corpus_copy)
    assert {"M3", "XLVII"} <= {w.siglum for w in ed.witnesses}
    locked_witnesses = {e.witness for e in ed.lock.values()}
    assert "XLVII" in locked_witnesses   # the new chapter's sentences are locked
    assert ids.lock_problems(ed) == []


def test_second_writer_waits_then_fails_clearly(corpus_copy):
    from extract.corpus.atomic import corpus_lock
    with corpus_lock(corpus_copy):
        with pytest.raises(EditionError) as e:
            with corpus_lock(corpus_copy, timeout=0.3):
                pass
    assert "in use by another edition command" in str(e.value) and "fix:" in str(e.value)
    with corpus_lock(corpus_copy, timeout=0.3):   # released: free again
        pass


def test_lock_command_waits_for_the_corpus_lock(corpus_copy):
    from extract.corpus.atomic import corpus_lock
    env = dict(os.environ, EDITION_LOCK_TIMEOUT="1")
    env.pop("EDITION_CORPUS", None)
    with corpus_lock(corpus_copy):
        r = subprocess.run(EDITION + ["--corpus", str(corpus_copy), "lock"], capture_output=True,
                           text=True, env=env, timeout=300)
    assert r.returncode == 1 and "in use by another edition command" in r.stderr
    assert "Traceback" not in r.stderr


def _check(corpus, timeout="1"):
    env = dict(os.environ, EDITION_LOCK_TIMEOUT=timeout)
    env.pop("EDITION_CORPUS", None)
    return subprocess.Popen(EDITION + ["--corpus", str(corpus), "check"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def test_check_says_a_write_is_under_way(corpus_copy):
    """`check` during an `add` could report a false "[FAIL] no stray files": it takes the
    corpus lock shared, so it waits for the writer, and says so when the writer keeps it."""
    from extract.corpus.atomic import corpus_lock
    with corpus_lock(corpus_copy):
        out, err = _check(corpus_copy).communicate(timeout=300)
    assert "is being written by another edition command (add or lock)" in err, (out, err)
    assert "Traceback" not in err and "[FAIL]" not in out


def test_check_waits_for_the_writer_then_runs(corpus_copy):
    import time
    from extract.corpus.atomic import corpus_lock
    with corpus_lock(corpus_copy):
        proc = _check(corpus_copy, timeout="120")
        (corpus_copy / "witnesses" / ".tmp-manifest.toml.w1").write_text("half", encoding="utf-8")
        time.sleep(3)                        # the writer is mid-write: check must not look now
        (corpus_copy / "witnesses" / ".tmp-manifest.toml.w1").unlink()
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0 and "check passed" in out, (out, err)


def test_two_checks_run_at_once(corpus_copy):
    from extract.corpus.atomic import corpus_lock
    with corpus_lock(corpus_copy, shared=True):     # another reader
        proc = _check(corpus_copy)
        out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0 and "check passed" in out, (out, err)


# --- 3. an add cut short ---------------------------------------------------------------

def test_check_names_an_orphan_witness_file_and_add_recovers(corpus_copy, cli, tmp_path):
    src = tmp_path / "mill3.txt"
    src.write_text(MILL3, encoding="utf-8")
    digest = hashlib.sha256(src.read_bytes()).hexdigest()
    orphan = corpus_copy / "witnesses" / f"004_{digest[:16]}.txt"
    orphan.write_bytes(src.read_bytes())          # the state a kill after the first write leaves
    (corpus_copy / "witnesses" / ".tmp-manifest.toml.x1").write_text("half", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1
    assert f"{orphan}: a witness file without an entry" in r.output
    assert ".tmp-manifest.toml.x1: a temporary file" in r.output
    r = cli("--corpus", corpus_copy, "add", src, "--siglum", "M3")
    assert r.exit_code == 0, r.output
    assert [p.name for p in (corpus_copy / "witnesses").glob(f"*_{digest[:16]}.txt")] == [orphan.name]
    assert f'file = "witnesses/{orphan.name}"' in (corpus_copy / "manifest.toml").read_text("utf-8")
    assert not list(corpus_copy.rglob(".tmp-*"))
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0, r.output
    assert "[ok] no stray files" in r.output


def test_manifest_entry_without_file_is_named(corpus_copy, cli):
    (corpus_copy / "witnesses" / XL).unlink()
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and f"witness file witnesses/{XL} not found" in r.output


def test_killed_add_leaves_no_scratch(tmp_path, monkeypatch):
    import tempfile
    from extract.intake.add import SCRATCH_PREFIX, clean_scratch
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    stale = tmp_path / f"{SCRATCH_PREFIX}{dead}-abc"
    (stale / "corpus").mkdir(parents=True)
    live = tmp_path / f"{SCRATCH_PREFIX}{os.getppid()}-def"
    live.mkdir()
    assert clean_scratch() == [stale]
    assert not stale.exists() and live.exists()


# --- 4. ids -----------------------------------------------------------------------------

def _lock_lines(corpus: Path) -> list[str]:
    return (corpus / "ids.lock").read_text(encoding="utf-8").splitlines()


def test_swapped_ids_fail_check(corpus_copy, cli):
    lines = _lock_lines(corpus_copy)
    i3 = next(i for i, l in enumerate(lines) if l.startswith('"mill:3"'))
    i4 = next(i for i, l in enumerate(lines) if l.startswith('"mill:4"'))
    lines[i3] = lines[i3].replace('"mill:3"', '"mill:4"', 1)
    lines[i4] = lines[i4].replace('"mill:4"', '"mill:3"', 1)
    (corpus_copy / "ids.lock").write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1
    assert f"ids.lock:{i3 + 1}: the line of mill:4 does not match its checksum" in r.output


def test_deleted_lock_line_never_renumbers(corpus_copy, cli):
    lines = _lock_lines(corpus_copy)
    gone = next(l for l in lines if l.startswith('"mill:5"'))
    (corpus_copy / "ids.lock").write_text("\n".join(l for l in lines if l != gone) + "\n",
                                          encoding="utf-8")
    r = cli("--corpus", corpus_copy, "lock")
    assert r.exit_code == 1 and "mill:5 is missing" in r.output and "git checkout" in r.output
    assert gone not in _lock_lines(corpus_copy)          # nothing written
    # the last id of a game deleted leaves no gap: the lock's seal finds it (a retired id's
    # line so deleted would let its number be given again)
    cut = [l for l in lines if not l.startswith('"mill:7"')]
    (corpus_copy / "ids.lock").write_text("\n".join(cut) + "\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "lock")
    assert r.exit_code == 1 and "do not match the seal" in r.output, r.output
    assert _lock_lines(corpus_copy) == cut                  # nothing written
    # a lock written before the seal (none in it): the old behaviour, the same number again
    legacy = [l for l in cut if not l.startswith(ids.SEAL)]
    (corpus_copy / "ids.lock").write_text("\n".join(legacy) + "\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "lock")
    assert r.exit_code == 0 and "1 new id recorded" in r.output
    assert build_edition(corpus_copy).game("mill").sentences[6].id == "mill:7"
    assert _lock_lines(corpus_copy)[-1].startswith(ids.SEAL)  # sealed when written


def test_retired_id_is_kept_and_never_reused(corpus_copy, cli):
    sentence = (" Иногда он удается скоро, а иногда вследствие повторения одних и тех же карт "
                "становится невозможным со второго, третьего раза.")
    _edit_witness(corpus_copy, XL, sentence, "")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "mill:7 has vanished" in r.output
    # the fix names every file that can change a sentence, not the witness alone
    assert "games.toml, emendations.toml or manifest.toml" in r.output
    assert f"git diff -- {corpus_copy}" in r.output
    r = cli("--corpus", corpus_copy, "lock", "--retire", "mill:7")
    assert r.exit_code == 2 and "--reason" in r.output
    r = cli("--corpus", corpus_copy, "lock", "--retire", "mill:6", "--reason", "no")
    assert r.exit_code == 1 and "cannot retire mill:6: its sentence is still in witness XL" in r.output
    r = cli("--corpus", corpus_copy, "lock", "--retire", "mill:7", "--reason", "dropped in 2nd ed.")
    assert r.exit_code == 0, r.output
    assert any(l.startswith('"mill:7"') and 'retired = "dropped in 2nd ed."' in l
               for l in _lock_lines(corpus_copy))
    r = cli("--corpus", corpus_copy, "check")
    assert "[ok] sentence and apparatus ids match ids.lock" in r.output
    # what still cites the retired id is named: the translation and the engine's rule link
    assert f"{corpus_copy}/translations/en/mill.toml:9: mill:7 is translated but is not a sentence" in r.output
    # the sentence comes back (or a new one is written): it gets a new number, never mill:7
    _edit_witness(corpus_copy, XL, "пока он не выйдет.", "пока он не выйдет." + sentence)
    ed = build_edition(corpus_copy)
    assert ed.game("mill").sentences[-1].id == "mill:8"
    # the retired line deleted by hand (the game's last: no gap) would give mill:7 again
    sealed = _lock_lines(corpus_copy)
    (corpus_copy / "ids.lock").write_text(
        "\n".join(l for l in sealed if not l.startswith('"mill:7"')) + "\n", encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "do not match the seal" in r.output, r.output


def test_an_id_marked_retired_by_hand_is_found(corpus_copy, cli):
    """A breaker marked a live id retired by hand (``retired = "by hand"`` added to its line,
    which the line's checksum does not cover): check asked to lock its sentence anew, and
    `lock` gave it a new number. The lock's seal finds the edit."""
    lines = _lock_lines(corpus_copy)
    edited = [l[:-2] + ', retired = "by hand" }' if l.startswith('"mill:3"') else l
              for l in lines]
    (corpus_copy / "ids.lock").write_text("\n".join(edited) + "\n", encoding="utf-8")
    for args in (["check"], ["lock"]):
        r = cli("--corpus", corpus_copy, *args)
        assert r.exit_code == 1 and "do not match the seal" in r.output, r.output
    assert _lock_lines(corpus_copy) == edited


def test_no_new_id_is_locked_while_locked_ids_are_broken(corpus_copy, cli):
    """A one-character slip in a game's printed title (games.toml) made its sentences new
    ids (melnitsa:1 ...) while mill:1-7 vanished; `lock` recorded the new ones, so the slip,
    once undone, left seven ids to retire for good. Now `lock` (and `add`) records no new id
    while a locked one is broken, and says which; undoing the slip mends all."""
    games = corpus_copy / "games.toml"
    good = games.read_text(encoding="utf-8")
    games.write_text(good.replace('title_ru = "Мельница"', 'title_ru = "Мельница!"'),
                     encoding="utf-8")
    before = _lock_lines(corpus_copy)
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "once the ids above are mended or retired" in r.output
    r = cli("--corpus", corpus_copy, "lock")
    assert r.exit_code == 1 and "not recorded while 7 locked ids (mill:1, mill:2, mill:3 ...) " \
        "have vanished or moved" in r.output, r.output
    assert _lock_lines(corpus_copy) == before
    games.write_text(good, encoding="utf-8")
    assert cli("--corpus", corpus_copy, "check").exit_code == 0


def test_witness_field_is_checked(corpus_copy, cli):
    entries = list(ids.read_lock(corpus_copy).values())
    moved = [e if e.id != "mill:2" else ids.LockEntry(e.id, "P13", e.quote) for e in entries]
    ids.write_lock(corpus_copy, moved)        # a consistent lock line naming the wrong witness
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1
    assert "id mill:2 is locked to witness P13 but its sentence now comes from witness XL" in r.output


def test_build_refuses_to_publish_broken_ids(corpus_copy, tmp_path):
    _edit_witness(corpus_copy, XL, "Колоду не тасуют", "Колоду не мешают")
    out = tmp_path / "site"
    r = _edition(corpus_copy, "build", "--out", out, timeout=600)
    assert r.returncode == 1
    assert "the site would publish with citable ids broken" in r.stderr
    assert "mill:6 has vanished" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists()


def test_build_refuses_unlocked_sentences_and_orphan_translations(corpus_copy, tmp_path):
    """What `edition check` fails, `edition build` does not publish: a sentence not yet in
    ids.lock (an add stopped before the lock was written) and a translation of an id that is
    no sentence (it would be left out of the site without a word)."""
    lock = ids.read_lock(corpus_copy).values()
    last = max((e for e in lock if e.id.startswith("mill:") and not e.is_apparatus),
               key=lambda e: int(e.id.split(":")[1])).id
    ids.write_lock(corpus_copy, [e for e in lock if e.id != last])
    out = tmp_path / "site"
    r = _edition(corpus_copy, "build", "--out", out, timeout=600)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert f"sentence {last} " in r.stderr and "is not in the lock" in r.stderr
    assert "`edition lock` records it" in r.stderr and not out.exists()
    assert _edition(corpus_copy, "lock").returncode == 0
    t = corpus_copy / "translations" / "en" / "mill.toml"
    text = t.read_text(encoding="utf-8")
    t.write_text(text.replace('"mill:1" = "', '"mill:99" = "An orphan."\n"mill:1" = "', 1),
                 encoding="utf-8")
    r = _edition(corpus_copy, "build", "--out", out, timeout=600)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert "mill:99 is translated but is not a sentence" in r.stderr and not out.exists()


def test_re_adding_a_file_whose_ids_are_not_locked_says_run_lock(corpus_copy, cli, tmp_path):
    """An add stopped after the manifest but before ids.lock: adding the file again is not
    "nothing to do" but `edition lock` (issue 19, item 11)."""
    src = tmp_path / "chapter.txt"
    src.write_text(CHAPTER, encoding="utf-8")
    lock_before = (corpus_copy / "ids.lock").read_bytes()
    assert cli("--corpus", corpus_copy, "add", src).exit_code == 0
    r = cli("--corpus", corpus_copy, "add", src)             # done already: exit 0
    assert r.exit_code == 0 and "its sentence ids locked: nothing added" in r.output, r.output
    (corpus_copy / "ids.lock").write_bytes(lock_before)      # as if killed before the lock
    r = cli("--corpus", corpus_copy, "add", src)
    assert r.exit_code == 1 and "its sentence ids are not locked yet" in r.output, r.output
    assert "fix: run `edition lock`" in r.output
    assert cli("--corpus", corpus_copy, "lock").exit_code == 0
    assert "nothing added" in cli("--corpus", corpus_copy, "add", src).output


def test_a_corpus_that_cannot_be_written_names_the_file_not_a_temporary(cli, corpus_copy,
                                                                         tmp_path, monkeypatch):
    """A read-only corpus (simulated: the tests may run as root, who may write anywhere)
    made `add` name the temporary file it could not create; it names the witness file."""
    import errno
    import tempfile
    real = tempfile.mkstemp

    def refuse(*a, dir=None, prefix="", **k):
        if str(corpus_copy) in str(dir):
            raise PermissionError(errno.EACCES, "Permission denied", f"{dir}/{prefix}x1y2")
        return real(*a, dir=dir, prefix=prefix, **k)
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    src = tmp_path / "chapter.txt"
    src.write_text(CHAPTER, encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", src)
    assert r.exit_code == 1 and "Permission denied" in r.output, r.output
    assert ".tmp-" not in r.output and f"{corpus_copy}/witnesses/" in r.output, r.output


def test_check_names_translations_it_never_reads(corpus_copy, cli):
    """A translation in another language's folder, one loose in translations/ or one not
    named .toml is never read (the site showed the sentences untranslated without a word):
    check names each file and where English translations go; a README and hidden files
    are let be."""
    tr = corpus_copy / "translations"
    mill = (tr / "en" / "mill.toml").read_text(encoding="utf-8")
    (tr / "fr").mkdir()
    (tr / "fr" / "mill.toml").write_text(mill, encoding="utf-8")
    (tr / "octagon.toml").write_text("[sentences]\n", encoding="utf-8")
    (tr / "en" / "favourite.txt").write_text("[sentences]\n", encoding="utf-8")
    (tr / "README.md").write_text("How to translate.\n", encoding="utf-8")
    (tr / "en" / ".DS_Store").write_bytes(b"\0")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1
    assert "[FAIL] no stray files in the corpus" in r.output
    unread = [l.strip() for l in r.output.splitlines() if ": not read: the edition reads" in l]
    assert [l.split(": not read")[0] for l in unread] == [
        str(tr / "en" / "favourite.txt"), str(tr / "fr" / "mill.toml"), str(tr / "octagon.toml")]
    assert f"one file a game, {tr / 'en' / '<game>.toml'}" in unread[0]
    for p in (tr / "fr" / "mill.toml", tr / "octagon.toml", tr / "en" / "favourite.txt"):
        p.unlink()
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0 and "[ok] no stray files" in r.output, r.output
