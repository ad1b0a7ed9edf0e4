"""``edition add FILE``: take a new witness into the corpus.

The file is checked (exists, UTF-8, not empty), its siglum chosen (``--siglum`` or the roman
numeral of its chapter heading), and the whole addition is tried on a scratch copy of the
corpus first: the model is built with the new witness, so its chapter heading, game titles and
sentences are found exactly as on every build. Only when that succeeds is the real corpus
changed: the file is copied verbatim into ``corpus/witnesses/``, a ``[[witness]]`` entry with
its sha256 is appended to ``manifest.toml`` (as text: comments and layout are kept) and the new
sentence ids are recorded in ``ids.lock`` (existing ids untouched). Each write is atomic; any
error leaves the corpus as it was and names the file and the fix.

A new copy of a known game joins that game's witnesses and is collated on the next build; a
game the edition has never seen builds into a page with original and normalised text, marked
untranslated and not executable, and ``edition check`` lists what it lacks.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .errors import EditionError

SIGLUM = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")
PRE_REFORM = re.compile(r"[ѣѢіІѳѲѵѴ]|[бвгджзклмнпрстфхцчшщ]ъ\b", re.I)


@dataclass(frozen=True)
class Added:
    """What ``add_witness`` did: the siglum, the stored file, the orthography, the games
    found (slug, known to the edition?, sentences) and how many ids were recorded."""

    siglum: str
    file: Path
    orthography: str
    games: tuple[tuple[str, bool, int], ...]
    new_ids: int

    def report(self) -> str:
        """A few lines for the command line."""
        from .words import count
        lines = [f"added witness {self.siglum} ({self.orthography} spelling) as {self.file}"]
        for slug, known, n in self.games:
            what = ("another copy of a known game: collated on the next build" if known else
                    "a new game: untranslated, not executable (see `edition check`)")
            lines.append(f"  {slug}: {count(n, 'sentence')} — {what}")
        lines.append(f"  {count(self.new_ids, 'new sentence id')} recorded in ids.lock")
        return "\n".join(lines)


def detect_orthography(text: str) -> str:
    """``"pre-reform"`` if the text has ѣ, і, ѳ, ѵ or a word-final ъ, else ``"modern"``."""
    return "pre-reform" if PRE_REFORM.search(text) else "modern"


def _toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)   # a JSON string is a valid TOML basic string


SCRATCH_PREFIX = "edition-add-"


def clean_scratch() -> list[Path]:
    """Remove scratch corpora (``$TMPDIR/edition-add-<pid>-*``) left by an ``add`` that was
    killed: those whose process is gone. Returns what was removed."""
    gone = []
    for p in Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*-*"):
        pid = p.name[len(SCRATCH_PREFIX):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
            continue            # still running
        except ProcessLookupError:
            pass
        except PermissionError:
            continue            # another user's live process
        shutil.rmtree(p, ignore_errors=True)
        gone.append(p)
    return gone


def clean_temporaries(root: Path) -> list[Path]:
    """Remove temporary files a killed writer left in the corpus (``.tmp-*``, ``*.tmp``); call only
    while holding the corpus lock (no writer is then at work)."""
    from .atomic import TMP_PREFIX
    gone = [p for p in Path(root).rglob("*")
            if p.is_file() and (p.name.startswith(TMP_PREFIX) or p.name.endswith(".tmp"))]
    for p in gone:
        p.unlink()
    return gone


def orphan_witness(root: Path, digest: str) -> str | None:
    """The name of a witness file with this sha256 left in ``witnesses/`` by an interrupted
    ``add`` (no manifest entry), so that adding the file again reuses it; else None."""
    folder = root / "witnesses"
    for p in sorted(folder.glob(f"*_{digest[:16]}.txt")) if folder.is_dir() else []:
        if hashlib.sha256(p.read_bytes()).hexdigest() == digest:
            return p.name
    return None


def _default_siglum(text: str, taken: set[str], path: Path) -> str:
    from .structure import HEADING, paragraphs
    for s, e in paragraphs(text)[:3]:
        m = HEADING.match(text[s:e])
        if m:
            base = m.group(1).translate(str.maketrans("ІХУ", "IXV"))
            for suffix in [""] + list("bcdefghijk"):
                if base + suffix not in taken:
                    return base + suffix
    raise EditionError("no siglum given and the file has no chapter heading to name it by", path,
                       fix="give one: edition add FILE --siglum NAME (ASCII, e.g. P14)")


def add_witness(file: str | Path, root: str | Path | None = None, siglum: str | None = None,
                title: str | None = None) -> Added:
    """Add the witness ``file`` to the corpus at ``root`` (default: the current corpus).

    ``siglum``: its short ASCII name (default: the chapter heading's numeral); ``title``: the
    manifest description (default: the chapter heading, or the file name). Returns
    :class:`Added`. Raises EditionError, leaving the corpus untouched, if the file is missing,
    empty or not UTF-8, the siglum is malformed or taken, no game is found in it, or the model
    cannot be built with it; or if another command holds the corpus lock for too long.

    The whole addition holds the corpus lock (:func:`extract.atomic.corpus_lock`), so two
    ``add`` or ``lock`` commands never lose each other's work. Writes go witness file, then
    manifest, then ``ids.lock``: a crash in between leaves a witness file without a manifest
    entry (``check`` names it; adding the file again reuses it) or sentences not yet locked
    (``check`` names them; ``edition lock`` records them).
    """
    from .atomic import corpus_lock
    from .corpus import corpus_dir
    root = corpus_dir(root).resolve()
    with corpus_lock(root):
        clean_scratch()
        clean_temporaries(root)
        return _add_witness(file, root, siglum, title)


def _add_witness(file, root: Path, siglum, title) -> Added:
    from .atomic import write_atomic
    from .corpus import decode_witness, load_witnesses
    from . import ids as idlock
    from .model import build_edition
    src = Path(file)
    if not src.is_file():
        raise EditionError("file not found", src, fix="give the path of an existing text file")
    data = src.read_bytes()
    text = decode_witness(src, data)
    existing = load_witnesses(root)
    taken = {w.siglum for w in existing}
    digest = hashlib.sha256(data).hexdigest()
    same = next((w for w in existing if w.sha256 == digest), None)
    if same is not None:
        raise EditionError(f"this file is already in the corpus as witness {same.siglum} "
                           f"({same.path.name})", src, fix="nothing to do")
    if siglum is None:
        siglum = _default_siglum(text, taken, src)
    if not SIGLUM.fullmatch(siglum):
        raise EditionError(f"siglum {siglum!r} is not a short ASCII name", src,
                           fix="use letters, digits, '-' or '_', starting with a letter (e.g. P14)")
    if siglum in taken:
        raise EditionError(f"siglum {siglum!r} is taken by another witness", root / "manifest.toml",
                           fix=f"choose another: --siglum {siglum}b")
    orthography = detect_orthography(text)
    if title is None:
        first = text.strip().split("\n", 1)[0].strip()
        title = first[:120] if first.startswith("Глава") else f"Witness {src.name}"
    n = len(list((root / "witnesses").glob("*.txt"))) if (root / "witnesses").is_dir() else 0
    name = orphan_witness(root, digest)   # the copy an interrupted add left: reuse it
    while name is None:
        candidate = f"{n:03d}_{digest[:16]}.txt"
        name = None if (root / "witnesses" / candidate).exists() else candidate
        n += 1
    title = title.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    entry = ("\n[[witness]]\n"
             f"siglum = {_toml_str(siglum)}\n"
             f"file = {_toml_str('witnesses/' + name)}\n"
             f"sha256 = {_toml_str(digest)}\n"
             f"description = {_toml_str(title)}\n"
             f"orthography = {_toml_str(orthography)}\n")
    manifest = (root / "manifest.toml").read_text(encoding="utf-8")
    new_manifest = manifest + ("" if manifest.endswith("\n") else "\n") + entry

    # try the whole addition on a scratch copy of the corpus
    with tempfile.TemporaryDirectory(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-") as scratch:
        trial = Path(scratch) / "corpus"
        shutil.copytree(root, trial, ignore=shutil.ignore_patterns("results", ".*"))
        (trial / "witnesses").mkdir(exist_ok=True)
        (trial / "witnesses" / name).write_bytes(data)
        (trial / "manifest.toml").write_text(new_manifest, encoding="utf-8")
        try:
            ed = build_edition(trial)
        except EditionError as e:
            where = src if e.file is not None and str(e.file).startswith(str(trial)) and \
                str(e.file).endswith(name) else e.file
            raise EditionError(f"cannot take in this witness: {e.message}", where, e.line,
                               fix=e.fix) from None
        found = [g for g in ed.games if siglum in g.witnesses]
        titled = [u for u in ed.units[siglum] if u.kind == "title"]
        if not titled:
            raise EditionError("no game found: no paragraph begins with a game title", src,
                               fix="a game begins 'Название. Text...' or 'Пасьянс «Название».' "
                                   "(its title named in a chapter heading 'Глава XL. A. - B.' "
                                   "or listed in corpus/games.toml)")
        entries = idlock.updated_lock(ed)
        old = {e.id for e in ed.lock.values()}
        games = tuple((g.slug, g.known, len(g.texts[siglum])) for g in found)

    # commit: witness file, manifest, lock (each atomic; see the docstring for a crash)
    (root / "witnesses").mkdir(exist_ok=True)
    dst = root / "witnesses" / name
    write_atomic(dst, data)
    try:
        write_atomic(root / "manifest.toml", new_manifest.encode("utf-8"))
    except BaseException:
        dst.unlink(missing_ok=True)
        raise
    try:
        idlock.write_lock(root, entries)
    except BaseException:
        write_atomic(root / "manifest.toml", manifest.encode("utf-8"))
        dst.unlink(missing_ok=True)
        raise
    return Added(siglum, dst, orthography, games, len([e for e in entries if e.id not in old]))
