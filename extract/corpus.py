"""Reading the data in ``corpus/``: the manifest, the witnesses, the known games, emendations.

Every reader checks what it reads and raises :class:`~extract.errors.EditionError` naming the
file, the line and the fix. Nothing here writes.
"""
from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .errors import EditionError, line_of
from .normalise import Emendation

DEFAULT_CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def corpus_dir(path: str | Path | None = None) -> Path:
    """The corpus folder: ``path`` if given, else ``$EDITION_CORPUS``, else the repository's."""
    import os
    p = Path(path or os.environ.get("EDITION_CORPUS") or DEFAULT_CORPUS)
    if not (p / "manifest.toml").is_file():
        raise EditionError("no manifest.toml here: this is not an edition corpus", p,
                           fix="pass --corpus DIR pointing at a folder with manifest.toml")
    return p


def read_toml(path: Path) -> dict:
    """Parse a TOML file; a syntax error becomes an EditionError with the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise EditionError("file not found", path, fix="create it or restore it from git") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise EditionError(f"not valid TOML: {e}", path, int(m.group(1)) if m else None,
                           fix="correct the TOML syntax") from None


def _entry_line(text: str, table: str, index: int) -> int | None:
    """Line of the ``index``-th ``[[table]]`` header in a TOML text (for error messages)."""
    found = [m.start() for m in re.finditer(rf"^\[\[{re.escape(table)}\]\]", text, re.M)]
    return line_of(text, found[index]) if index < len(found) else None


def _require(entry: dict, keys: tuple[str, ...], path: Path, line: int | None, what: str):
    for k in keys:
        if not isinstance(entry.get(k), (str, int)) or entry.get(k) == "":
            raise EditionError(f"{what} lacks `{k}`", path, line,
                               fix=f"add `{k} = ...` to this entry")


@dataclass(frozen=True)
class Witness:
    """One witness: a source text kept verbatim.

    ``siglum`` is its short citable name; ``path`` the file; ``text`` its content (str, decoded
    from UTF-8); ``orthography`` ``"modern"`` or ``"pre-reform"``; ``page_title`` a line that
    belongs to the web page, not the book (or None); ``fragment`` the slug for text before the
    first game title (or None).
    """

    siglum: str
    path: Path
    text: str
    sha256: str
    description: str
    orthography: str
    page_title: str | None = None
    fragment: str | None = None


def decode_witness(path: Path, data: bytes) -> str:
    """Decode a witness file's bytes as UTF-8; raise EditionError if it is empty or not UTF-8."""
    if not data.strip():
        raise EditionError("the witness is empty", path, fix="put the page's text in the file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise EditionError(f"not UTF-8 (byte {e.start}: {data[e.start:e.start + 1]!r})", path, line,
                           fix="convert the file to UTF-8 (e.g. iconv -f cp1251 -t utf-8)") from None


def load_witnesses(root: Path) -> list[Witness]:
    """Load every witness named in ``root/manifest.toml``, verifying each checksum."""
    mpath = root / "manifest.toml"
    manifest = read_toml(mpath)
    mtext = mpath.read_text(encoding="utf-8")
    out, seen = [], set()
    for i, e in enumerate(manifest.get("witness", [])):
        line = _entry_line(mtext, "witness", i)
        _require(e, ("siglum", "file", "sha256"), mpath, line, "witness entry")
        if e["siglum"] in seen:
            raise EditionError(f"siglum {e['siglum']!r} is used twice", mpath, line,
                               fix="give each witness its own siglum")
        seen.add(e["siglum"])
        path = root / e["file"]
        if not path.is_file():
            raise EditionError(f"witness file {e['file']} not found", mpath, line,
                               fix="restore the file or correct `file`")
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest != e["sha256"]:
            raise EditionError(
                f"checksum mismatch for witness {e['siglum']}: the file's sha256 is {digest}",
                path, fix=f"witnesses are kept verbatim: restore the file from git, or if the "
                          f"new text is intended, set sha256 = \"{digest}\" in {mpath}:{line}")
        text = decode_witness(path, data)
        orth = e.get("orthography", "modern")
        if orth not in ("modern", "pre-reform"):
            raise EditionError(f"orthography {orth!r} is unknown", mpath, line,
                               fix='use "modern" or "pre-reform"')
        out.append(Witness(e["siglum"], path, text, digest, e.get("description", ""), orth,
                           e.get("page_title"), e.get("fragment")))
    if not out:
        raise EditionError("the manifest lists no witness", mpath,
                           fix="add a [[witness]] entry (or use `edition add FILE`)")
    return out


@dataclass(frozen=True)
class KnownGame:
    """A game listed in ``corpus/games.toml``: slug, titles, base witness siglum (or None)."""

    slug: str
    title_ru: str
    title_en: str | None
    base: str | None = None
    fragment: bool = False


def load_games(root: Path) -> list[KnownGame]:
    """Load ``root/games.toml`` (missing file: no known games)."""
    path = root / "games.toml"
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    out = []
    for i, g in enumerate(read_toml(path).get("game", [])):
        _require(g, ("slug", "title_ru"), path, _entry_line(text, "game", i), "game entry")
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", g["slug"]):
            raise EditionError(f"slug {g['slug']!r} is not lowercase ASCII words joined by '-'",
                               path, _entry_line(text, "game", i), fix="rename the slug")
        out.append(KnownGame(g["slug"], g["title_ru"], g.get("title_en"), g.get("base"),
                             bool(g.get("fragment", False))))
    return out


def load_emendations(root: Path, witnesses: list[Witness]) -> dict[str, list[Emendation]]:
    """Load ``root/emendations.toml``: for each siglum, its emendations at original offsets.

    Each entry gives ``witness``, ``line`` (1-based), ``reading`` (as in the witness),
    ``correction``, ``reason`` and optionally ``occurrence`` (which occurrence of the reading on
    that line, from 1). Raises EditionError if the reading is not on that line.
    """
    path = root / "emendations.toml"
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    by_siglum = {w.siglum: w for w in witnesses}
    out: dict[str, list[Emendation]] = {}
    for i, e in enumerate(read_toml(path).get("emendation", [])):
        line = _entry_line(text, "emendation", i)
        _require(e, ("witness", "line", "reading", "correction", "reason"), path, line, "emendation")
        w = by_siglum.get(e["witness"])
        if w is None:
            raise EditionError(f"unknown witness {e['witness']!r}", path, line,
                               fix=f"use one of {', '.join(by_siglum)}")
        lines = w.text.split("\n")
        n = int(e["line"])
        if not 1 <= n <= len(lines):
            raise EditionError(f"witness {w.siglum} has no line {n}", path, line,
                               fix=f"give a line from 1 to {len(lines)}")
        starts = [m.start() for m in re.finditer(re.escape(e["reading"]), lines[n - 1])]
        occ = int(e.get("occurrence", 1))
        if not starts or occ > len(starts):
            raise EditionError(f"{e['reading']!r} is not on line {n} of witness {w.siglum}",
                               path, line, fix="correct `line` or `reading`")
        if len(starts) > 1 and "occurrence" not in e:
            raise EditionError(f"{e['reading']!r} stands {len(starts)} times on line {n}",
                               path, line, fix="add `occurrence = N` to say which one")
        start = sum(len(x) + 1 for x in lines[:n - 1]) + starts[occ - 1]
        out.setdefault(w.siglum, []).append(
            Emendation(start, start + len(e["reading"]), e["reading"], e["correction"], e["reason"]))
    return out
