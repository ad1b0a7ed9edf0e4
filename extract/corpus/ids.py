"""Citable identifiers and ``corpus/ids.lock``.

A sentence id is ``<game>:<n>``; an apparatus entry ``<game>:app-<n>``; an ambiguity
``<game>:<ambiguity>``; a reading ``<game>:<ambiguity>=<reading>``. Numbers are assigned once
and recorded in the lock, a sentence's with a short quote of its original text, an apparatus
entry's with its place (:func:`extract.model.collate.place_key`); an id is never renumbered or
reused.
:func:`anchor` makes the form used where ``:`` and ``=`` may not stand (HTML anchors, TEI
``xml:id``): both become ``.``.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import deque
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from pathlib import Path
from typing import Iterable, Sequence

from ..text.characters import bad_in_field
from ..text.errors import EditionError, line_of
from ..text.morph import lemma
from ..text.words import count
from .atomic import write_atomic
from .readers import CYRILLIC, read_text
from .structure import key

LOCK_NAME = "ids.lock"
QUOTE_CHARS = 48
_Q = r'"(?:[^"\\]|\\.)*"'
_LOCK_LINE = re.compile(r'^"(?P<id>[^"]+)" = \{ witness = "(?P<w>[^"]*)", quote = (?P<q>' + _Q + r')'
                        r', sum = "(?P<sum>[0-9a-f]{12})"(?:, retired = (?P<r>' + _Q + r'))? \}$')
LOCK_FORMAT = '"game:n" = { witness = "S", quote = "...", sum = "<12 hex>" [, retired = "why"] }'


def anchor(cid: str) -> str:
    """The NCName/anchor form of a citable id: ``mill:4`` -> ``mill.4``,
    ``goes-doesnt-go:deal-pattern=dittography`` -> ``goes-doesnt-go.deal-pattern.dittography``."""
    return cid.replace(":", ".").replace("=", ".").replace("@", ".")


def quote_of(original: str) -> str:
    """The lock's quote of a sentence: its original text, whitespace folded, first 48 chars."""
    return re.sub(r"\s+", " ", original).strip()[:QUOTE_CHARS]


def checksum(sid: str, witness: str, quote: str) -> str:
    """The lock line's checksum binding an id to its witness and quote (12 hex digits of
    sha256): a line whose id, witness or quote was edited by hand (two ids swapped, say) no
    longer matches it."""
    return hashlib.sha256(f"{sid}\n{witness}\n{quote}".encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class LockEntry:
    """One line of the lock: the id, the witness siglum, the quote, and why the id was
    retired (None while it is in use; a retired id is kept so that it is never reused)."""

    id: str
    witness: str
    quote: str
    line: int = 0
    retired: str | None = None

    @property
    def number(self) -> int:
        """The id's number: 4 for ``mill:4`` and for ``mill:app-4``."""
        return int(self.id.rsplit("-", 1)[-1] if self.is_apparatus else self.id.split(":")[1])

    @property
    def is_apparatus(self) -> bool:
        """Is this the id of an apparatus entry (``<game>:app-<n>``), not of a sentence?"""
        return ":app-" in self.id


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(s: str) -> str:
    return re.sub(r"\\(.)", r"\1", s[1:-1])


def read_lock(root: Path) -> dict[str, LockEntry]:
    """Read ``root/ids.lock`` (a TOML subset, one id a line); a missing lock is empty.

    Raises EditionError (file, line, fix) for a malformed line, an id locked twice, a line
    whose checksum does not match its id, witness and quote (an id edited or swapped by
    hand), a gap in a game's numbers (a line deleted: its sentence would be renumbered), or
    lines that do not match the lock's seal (:data:`SEAL`: a line deleted, added or edited).
    """
    path = root / LOCK_NAME
    if not path.exists():
        return {}
    out: dict[str, LockEntry] = {}
    seal, kept = None, []
    for n, line in enumerate(read_text(path, "id lock").splitlines(), 1):
        if line.startswith(SEAL):
            seal = (n, line[len(SEAL):].strip())
            continue
        if not line.strip() or line.startswith("#"):
            continue
        kept.append(line)
        m = _LOCK_LINE.match(line)
        if not m:
            raise EditionError("not a lock line", path, n, fix=f"each line is {LOCK_FORMAT}; "
                               "restore it from git: lines are written by `edition lock`")
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*:(?:app-)?[1-9][0-9]*", m["id"]):
            raise EditionError(f"{m['id']!r} is not a sentence id (<game>:<n>) or an apparatus "
                               f"id (<game>:app-<n>)", path, n,
                               fix="restore the line from git: ids are written by `edition lock`")
        if m["id"] in out:
            raise EditionError(f"id {m['id']} is locked twice", path, n,
                               fix="an id is assigned once: remove the later line")
        e = LockEntry(m["id"], m["w"], _unescape(m["q"]), n, _unescape(m["r"]) if m["r"] else None)
        if m["sum"] != checksum(e.id, e.witness, e.quote):
            raise EditionError(f"the line of {e.id} does not match its checksum: its id, witness "
                               f"or quote was edited by hand (two ids swapped?)", path, n,
                               fix="restore ids.lock from git (`git checkout corpus/ids.lock`); "
                                   "ids are never renumbered: retire one with `edition lock "
                                   "--retire ID --reason WHY`")
        out[e.id] = e
    numbers: dict[str, set[int]] = {}
    for e in out.values():   # sentences and apparatus entries are numbered apart
        prefix = e.id.split(":")[0] + (":app-" if e.is_apparatus else ":")
        numbers.setdefault(prefix, set()).add(e.number)
    for prefix, got in numbers.items():
        missing = _gaps(got, 5)   # never a set of all numbers: a lock line may say mill:10**20
        if missing:
            more = max(got) - len(got) - len(missing)
            what = "apparatus entry" if prefix.endswith("app-") else "sentence"
            raise EditionError(f"{', '.join(f'{prefix}{k}' for k in missing)}"
                               f"{f' and {more} more' if more else ''} "
                               f"{'is' if len(missing) == 1 and not more else 'are'} missing: "
                               f"{prefix}1 to {prefix}{max(got)} were assigned, so a line was "
                               f"deleted and its {what} would be renumbered", path,
                               fix="restore the line from git (`git checkout corpus/ids.lock`); "
                                   "an id no longer wanted stays in the lock, retired: "
                                   "`edition lock --retire ID --reason WHY`")
    if seal is not None and seal[1] != _seal(kept):
        raise EditionError("the lock's lines do not match the seal written with them: a line "
                           "was deleted, added or edited by hand (a retired id's line removed, "
                           "an id marked retired), so an id could be reused or renumbered",
                           path, seal[0],
                           fix="restore ids.lock from git (`git checkout corpus/ids.lock`); "
                               "ids are retired with `edition lock --retire ID --reason WHY`, "
                               "never by hand. After merging two edits of the lock (git), check "
                               "that no line was lost, delete the seal line and run `edition "
                               "lock`, which writes a new one")
    return out


#: the last line of the lock: a digest of its id lines, so that a line deleted (the last of a
#: game, which leaves no gap), added or edited (a ``retired`` marked by hand, which the line's
#: own checksum does not cover) is found. A lock written before it has none, and gets one
#: when next written.
SEAL = "# seal: "


def _seal(lines: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:16]


def _gaps(numbers: set[int], first: int) -> list[int]:
    """The first ``first`` whole numbers from 1 up to ``max(numbers)`` not in ``numbers``."""
    out: list[int] = []
    expected = 1
    for n in sorted(numbers):
        while expected < n and len(out) < first:
            out.append(expected)
            expected += 1
        if len(out) >= first:
            break
        expected = n + 1
    return out


def lock_line(e: LockEntry) -> str:
    """The line of ``ids.lock`` for an entry (with its checksum)."""
    line = (f'"{e.id}" = {{ witness = "{_escape(e.witness)}", quote = "{_escape(e.quote)}", '
            f'sum = "{checksum(e.id, e.witness, e.quote)}"')
    if e.retired is not None:
        line += f', retired = "{_escape(e.retired)}"'
    return line + " }"


def write_lock(root: Path, entries: Iterable[LockEntry]) -> None:
    """Write the lock atomically, ordered by game (first appearance) and number."""
    lines = ["# Citable sentence ids: assigned once, never renumbered or reused.",
             "# Written by `edition lock` / `edition add`; checked by `edition check`.",
             "# sum binds each id to its witness and quote; a retired id stays, never reused."]
    body = [lock_line(e) for e in entries]
    lines += body + [SEAL + _seal(body)]
    write_atomic(root / LOCK_NAME, ("\n".join(lines) + "\n").encode("utf-8"))


def assign(slug: str, sentences: Sequence, lock: dict[str, LockEntry]) -> tuple:
    """Give each base-witness sentence of a game its locked id, matched by quote in order
    (retired ids are never matched); sentences not in the lock get new numbers after the
    highest ever used (retired ones included), ``locked=False``. Linear in the sentences
    and the game's lock entries."""
    prefix = slug + ":"
    free: dict[str, deque[LockEntry]] = {}
    top = 0
    mine = []
    for e in lock.values():       # the game's sentence ids (not its apparatus ids), numbered
        cid = e.id
        if cid.startswith(prefix) and not cid.startswith(prefix + "app-"):
            mine.append((int(cid[len(prefix):]), e))
    for number, e in sorted(mine, key=lambda x: x[0]):
        top = max(top, number)
        if e.retired is None:
            free.setdefault(e.quote, deque()).append(e)
    out = []
    for s in sentences:
        hits = free.get(quote_of(s.original))
        if hits:
            out.append(replace(s, id=hits.popleft().id, locked=True))
        else:
            top += 1
            out.append(replace(s, id=f"{slug}:{top}", locked=False))
    return tuple(out)


#: share of a copy's sentence's words (in order) that must stand in one sentence the edition
#: already cites for the two to be the same sentence (a slip or a variant word aside; a
#: sentence cut off by a lost page is all found in its full form)
SAME_SENTENCE = 0.6


def sentence_words(sentence) -> list[str]:
    """The words of ``sentence``'s reading text, lower case, ё as е: what :func:`found_in`
    compares (made once per sentence by a caller that tests many sentences against it)."""
    return re.findall(r"\w+", sentence.normalised.lower().replace("ё", "е"))


def _found_in(words: list[str], known: Sequence[list[str]]) -> bool:
    """Whether most of ``words`` (:data:`SAME_SENTENCE`) stand, in order, in one of ``known``."""
    if not words:
        return True
    for other in known:
        sm = SequenceMatcher(None, words, other, autojunk=False)
        if sm.real_quick_ratio() * (len(words) + len(other)) / 2 < SAME_SENTENCE * len(words):
            continue
        if sum(b.size for b in sm.get_matching_blocks()) >= SAME_SENTENCE * len(words):
            return True
    return _loose_match(words, known) is not None


def best_match(words: list[str], known: Sequence[list[str]],
               hint: int | None = None) -> int | None:
    """The index of the sentence of ``known`` (word lists, :func:`sentence_words`) in which
    most of ``words`` stand in order, if at least :data:`SAME_SENTENCE` of them do there
    (the sentence :func:`found_in` finds it in, the first of equals); None if none, or if
    ``words`` is empty. ``hint``, the index to try first (for a copy read in order, the one
    after its last sentence's), is taken at once when every word stands in it in order, as
    no sentence can hold more: a copy like its base is matched in linear time, not by
    comparing each of its sentences with every one of the base's."""
    if words and hint is not None and 0 <= hint < len(known):
        sm = SequenceMatcher(None, words, known[hint], autojunk=False)
        if sum(b.size for b in sm.get_matching_blocks()) == len(words):
            return hint
    best, most = None, SAME_SENTENCE * len(words)
    for i, other in enumerate(known):
        sm = SequenceMatcher(None, words, other, autojunk=False)
        if sm.real_quick_ratio() * (len(words) + len(other)) / 2 < most:
            continue
        n = sum(b.size for b in sm.get_matching_blocks())
        if n > most or (best is None and n >= most):
            best, most = i, n
    if best is None and words:
        best = _loose_match(words, known, hint or 0)
    return best if words else None


#: a copy's sentence of at most this many words is read by its words' lemmas
#: (:func:`_loose_match`): three in five of two or three words asks for nearly all of them
SHORT_SENTENCE = 3


def _in_order(words: list[str], other: list[str]) -> int:
    """How many of ``words`` stand, in order, in ``other``."""
    sm = SequenceMatcher(None, words, other, autojunk=False)
    return sum(b.size for b in sm.get_matching_blocks())


def _loose_match(words: list[str], known: Sequence[list[str]], hint: int = 0) -> int | None:
    """For a copy's sentence that no one sentence of ``known`` holds three in five of
    (:data:`SAME_SENTENCE`), the index of the one it reads all the same, or None:

    - a short sentence (:data:`SHORT_SENTENCE` words at most) whose words' lemmas all stand,
      in order, in one sentence: a copy that shortens a sentence changes a form as it drops
      words ('Берутъ колоду.' for 'Берутъ двѣ полныя колоды картъ ...'), and one word in two
      is under three in five; the first such sentence from ``hint`` on, else before it;
    - a sentence that prints two neighbouring sentences as one ('... карты и тасуютъ её.'):
      three in five of its words stand, in order, in the two together, and three in five of
      each one's words in it, so that a sentence of its own that shares one of them is not
      read so. The first of the two; the collation reads the second with it
      (:func:`extract.model.collate._stretches`).

    :func:`found_in` and :func:`best_match` both end here, so the ids and the collation
    agree on which sentences are new."""
    if len(words) <= SHORT_SENTENCE:
        lemmas = [lemma(w) for w in words]
        need = set(lemmas)
        for i in [*range(hint, len(known)), *range(min(hint, len(known)))]:
            theirs = [lemma(w) for w in known[i]]
            if need.issubset(theirs) and _in_order(lemmas, theirs) == len(words):
                return i
    have = set(words)
    held = [sum(w in have for w in other) >= SAME_SENTENCE * len(other) for other in known]
    for i in range(len(known) - 1):
        first, second = known[i], known[i + 1]
        if not (held[i] and held[i + 1]):
            continue    # (a quick bound: too few of either's words stand in it at all)
        if (_in_order(words, first + second) >= SAME_SENTENCE * len(words)
                and _in_order(first, words) >= SAME_SENTENCE * len(first)
                and _in_order(second, words) >= SAME_SENTENCE * len(second)):
            return i
    return None


def found_in(sentence, others: Sequence[list[str]]) -> bool:
    """Whether ``sentence`` is one of the sentences whose words (:func:`sentence_words`) are
    ``others`` (:func:`_found_in`): the test
    by which :func:`assign_new` gives a copy's sentence a citable id of its own, and by which
    the collation (:mod:`extract.model.collate`) takes it for that copy's addition, so that
    the ids and the apparatus never disagree on which sentences are new."""
    return _found_in(sentence_words(sentence), others)


def assign_new(slug: str, siglum: str, sentences: Sequence, texts: dict, lock: dict) -> tuple:
    """Ids for a copy (witness ``siglum``, not the base) of a game: a sentence locked to this
    witness keeps its id (matched by quote, in order); a sentence that stands in none of the
    sentences the edition already cites (the base text, and the new sentences of the copies
    before this one, ``texts``: siglum -> sentences; :func:`_found_in`) is a sentence the
    earlier copies lack, and gets the next number (``locked=False`` until recorded); any
    other keeps its place-in-copy id ``<game>:<n>@<siglum>``. Never a number already used,
    retired ones included."""
    prefix = slug + ":"
    cited = [s for t in texts.values() for s in t if "@" not in s.id]
    used = {s.id for s in cited}
    top = 0
    free: dict[str, deque[LockEntry]] = {}
    for e in sorted((e for e in lock.values() if e.id.startswith(prefix) and not e.is_apparatus),
                    key=lambda e: e.number):
        top = max(top, e.number)
        if e.witness == siglum and e.retired is None and e.id not in used:
            free.setdefault(e.quote, deque()).append(e)
    top = max([top] + [int(i.split(":")[1]) for i in used])
    known = [sentence_words(s) for s in cited]
    out = []
    for s in sentences:
        hits = free.get(quote_of(s.original))
        if hits:
            s = replace(s, id=hits.popleft().id, locked=True)
        elif not _found_in(sentence_words(s), known):
            top += 1
            s = replace(s, id=f"{slug}:{top}", locked=False)
        else:
            out.append(s)
            continue
        known.append(sentence_words(s))
        out.append(s)
    return tuple(out)


def citable(edition) -> list:
    """Every sentence with a citable id: the base text's, and a copy's sentences that the
    earlier copies lack (:func:`assign_new`); not a copy's other sentences (``…@<siglum>``)."""
    return [s for g in edition.games for t in g.texts.values() for s in t if "@" not in s.id]


def broken_ids(edition) -> list[str]:
    """Locked ids that vanished (their sentence changed or went) or moved to another
    witness: a build refuses to publish while any is listed."""
    return [why for _, why in _broken(edition)]


def _broken(edition) -> list[tuple[str, str]]:
    """``(id, what is wrong)`` of each locked sentence id that vanished or moved
    (:func:`broken_ids`)."""
    problems = []
    present = {s.id: s for s in citable(edition)}
    renamed = _renamed_games(edition, present)
    for e in edition.lock.values():
        if e.retired is not None or e.is_apparatus:  # apparatus ids: collate.apparatus_problems
            continue
        s = present.get(e.id)
        slug, number = e.id.split(":", 1)
        if s is None and slug in renamed:
            now = present.get(f"{renamed[slug]}:{number}")
            same = (now is not None and now.witness == e.witness
                    and quote_of(now.original) == e.quote)
            problems.append((e.id, f"{edition.root / LOCK_NAME}:{e.line}: id {e.id} has vanished: "
                            f"games.toml now names its game {renamed[slug]!r}"
                            + (f" (its sentence is {renamed[slug]}:{number})" if same else "")
                            + f"; a game's slug is part of every id it has and never changes: "
                            f"put back slug = \"{slug}\" in {edition.root / 'games.toml'}"
                            + (" (retired, the ids would be lost for good)" if same else
                               f"; its sentence changed too (quote {e.quote!r}): then undo "
                               f"that change or, if it is intended, retire the id: `edition "
                               f"lock --retire {e.id} --reason WHY`")))
        elif s is None:
            problems.append((e.id, f"{edition.root / LOCK_NAME}:{e.line}: id {e.id} has vanished or its "
                            f"sentence changed (quote {e.quote!r}); undo what changed it (the "
                            f"witness, or the corpus's games.toml, emendations.toml or "
                            f"manifest.toml; in git, `git diff -- {edition.root}` shows it) or, "
                            f"if the change is intended, retire the id: `edition lock --retire "
                            f"{e.id} --reason WHY`"))
        elif s.witness != e.witness:
            problems.append((e.id, f"{edition.root / LOCK_NAME}:{e.line}: id {e.id} is locked to "
                            f"witness {e.witness} but its sentence now comes from witness "
                            f"{s.witness} (the base witness changed?); restore the base in "
                            f"corpus/games.toml or retire the id"))
    return problems


def renamed_games(edition) -> dict[str, str]:
    """Games whose slug games.toml changed, ``{locked slug: slug now}``
    (:func:`_renamed_games`): the cause of every vanished id of such a game, and of what the
    other checks find wrong with its translations, links and claims."""
    return _renamed_games(edition, {s.id: s for s in citable(edition)})


def _renamed_games(edition, present: dict) -> dict[str, str]:
    """Games whose slug games.toml changed: ``{locked slug: slug now}``, for a locked slug no
    game has now whose sentence of some number is, word for word and in the same witness,
    the sentence of that number of a game none of whose ids is locked (``present``: the
    citable sentences by id)."""
    slugs = {g.slug for g in edition.games}
    locked = {e.id.split(":", 1)[0] for e in edition.lock.values()}
    new = {(s.witness, s.id.split(":", 1)[1], quote_of(s.original)): s.id.split(":", 1)[0]
           for s in present.values() if s.id.split(":", 1)[0] not in locked}
    out: dict[str, str] = {}
    for e in edition.lock.values():
        slug, number = e.id.split(":", 1)
        if slug not in slugs and not e.is_apparatus and (e.witness, number, e.quote) in new:
            out.setdefault(slug, new[(e.witness, number, e.quote)])
    return out


def moved_bases(edition) -> dict[str, tuple[Path, int | None, str, str]]:
    """Games whose base witness is not the witness their sentence ids are locked to:
    ``{slug: (games.toml, line or None, what is wrong, the fix)}``. The base's sentences
    are matched to the lock by witness and quote, so a base changed in games.toml (or lost
    with its ``base`` line) would give the sentences already cited new ids, keep the old ones
    as a copy's, and retire every apparatus id: ``check``, ``lock``, ``add`` and ``build``
    refuse instead. The locked base is the witness of the game's lowest live sentence id (a
    copy's own sentences are numbered after the base's); a locked witness that no longer
    holds the game is the vanished ids' problem (:func:`broken_ids`), not this one."""
    first: dict[str, LockEntry] = {}
    for e in edition.lock.values():
        slug = e.id.split(":")[0]
        if not e.is_apparatus and e.retired is None and (
                slug not in first or e.number < first[slug].number):
            first[slug] = e
    path = edition.root / "games.toml"
    out: dict[str, tuple[Path, int | None, str, str]] = {}
    text = None
    for g in edition.games:
        e = first.get(g.slug)
        if e is None or e.witness == g.base or e.witness not in g.witnesses:
            continue
        if text is None:    # (read once, and only when a base moved)
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
        entry = re.search(rf'^slug\s*=\s*"{re.escape(g.slug)}"(?:\n(?!\[).*)*', text, re.M)
        base = re.search(r"^base\s*=.*$", entry.group(0), re.M) if entry else None
        keep = f'base = "{e.witness}"'
        if entry and base:
            line: int | None = line_of(text, entry.start() + base.start())
            fix = f"put back {keep} there" + (" (or remove the line)"
                                              if g.witnesses[0] == e.witness else "")
        elif entry:
            line = line_of(text, entry.start())
            fix = f"add {keep} to the game's [[game]] entry there"
        else:
            line, fix = None, f'list the game there (slug = "{g.slug}") with {keep}'
        out[g.slug] = (path, line, (
            f"game {g.slug}: its base witness is {g.base}, but its sentence ids ({e.id} ...) "
            f"are locked to witness {e.witness}: with {g.base} as base the sentences already "
            f"cited would get new ids and its apparatus ids would be retired"),
            f"{fix}, and change nothing else")
    return out


def lock_problems(edition) -> list[str]:
    """What is wrong between the model and the lock: a game's base moved off the witness its
    ids are locked to (:func:`moved_bases`; its new ids and vanished apparatus ids are not
    listed, as the base is the one fix), vanished, changed or moved ids (:func:`broken_ids`)
    and sentences not yet locked."""
    moved = moved_bases(edition)
    problems = [f"{path}:{line}: {why}; {fix}" if line else f"{path}: {why}; {fix}"
                for path, line, why, fix in moved.values()]
    problems += broken_ids(edition)
    then = ("once the ids above are mended or retired, `edition lock` records it" if problems
            else "run `edition lock` to record it")
    for g in (g for g in edition.games if g.slug not in moved):
        for s in (x for t in g.texts.values() for x in t if "@" not in x.id):
            if not s.locked:
                problems.append(f"sentence {s.id} ({quote_of(s.original)!r}) is not in the lock; "
                                f"{then}")
    return problems


def updated_lock(edition, retire: dict[str, str] | None = None,
                 apparatus: Sequence[LockEntry] = ()) -> list[LockEntry]:
    """The lock with every present sentence recorded (existing entries untouched) and the
    ids in ``retire`` (id -> reason) marked retired. ``apparatus``: the lock entries of the
    apparatus as collated now (:func:`extract.model.collate.apparatus_lock`), each recorded if new
    (a retired one among them is recorded retired). Raises EditionError for an id to retire
    that is not in the lock or whose sentence is still there, and for a game whose base
    moved off the witness its ids are locked to (:func:`moved_bases`): recorded, its cited
    sentences would have two ids and its apparatus ids would be retired for good."""
    for path, line, why, fix in moved_bases(edition).values():
        raise EditionError(why, path, line, fix=fix)
    entries = dict(edition.lock)
    for e in apparatus:
        if e.id not in entries or e.retired is not None:
            entries[e.id] = replace(e, line=0)
    present = {s.id: s for s in citable(edition)}
    for sid, why in (retire or {}).items():
        bad = bad_in_field(why) or next(((i, "a line break", "") for i, c in enumerate(why)
                                         if c in "\r\n"), None)
        if bad is not None:
            raise EditionError(f"the reason for retiring {sid} holds {bad[1]} (character "
                               f"{bad[0] + 1}): the lock keeps it on the id's one line",
                               edition.root / LOCK_NAME,
                               fix="give --reason as one line of text")
        if sid not in entries:
            raise EditionError(f"cannot retire {sid}: it is not in the lock",
                               edition.root / LOCK_NAME, fix="give a locked id (game:n)")
        if any(e.id == sid and e.retired is None for e in apparatus):
            raise EditionError(f"cannot retire {sid}: the apparatus still has that entry",
                               edition.root / LOCK_NAME,
                               fix="retire only an id whose entry is gone (`edition check` "
                                   "lists them as vanished)")
        if sid in present:
            raise EditionError(f"cannot retire {sid}: its sentence is still in witness "
                               f"{present[sid].witness}", edition.root / LOCK_NAME,
                               fix="retire only an id whose sentence is gone (`edition check` "
                                   "lists them as vanished)")
        entries[sid] = replace(entries[sid], retired=why)
    new = [s for s in citable(edition) if s.id not in entries]
    broken = [sid for sid, _ in _broken(edition) if sid not in (retire or {})]
    if new and broken:
        # (a slip, a title or a witness's declaration edited, makes the game's sentences new
        # ids while the locked ones vanish: recorded, the new ids would outlive the slip)
        raise EditionError(f"{count(len(new), 'new sentence id')} ({', '.join(s.id for s in new[:3])}"
                           f"{' ...' if len(new) > 3 else ''}) not recorded while "
                           f"{count(len(broken), 'locked id')} ({', '.join(broken[:3])}"
                           f"{' ...' if len(broken) > 3 else ''}) {'has' if len(broken) == 1 else 'have'}"
                           f" vanished or moved: recorded, the new ids would outlive the change",
                           edition.root / LOCK_NAME,
                           fix="undo the change that broke them (`edition check` lists them all), "
                               "or, if it is meant, retire them first (`edition lock --retire ID "
                               "--reason WHY`, the option once per id); then record the new ids")
    for s in new:
        entries[s.id] = LockEntry(s.id, s.witness, quote_of(s.original))
    order = {slug: i for i, slug in enumerate(g.slug for g in edition.games)}

    def sort_key(e: LockEntry):
        slug = e.id.split(":")[0]
        return (order.get(slug, len(order)), slug, e.is_apparatus, e.number)
    return sorted(entries.values(), key=sort_key)


CITED = re.compile(r"\b([a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*(?:=[a-z0-9]+(?:-[a-z0-9]+)*)?)")


def reading_ids(engine_games: dict) -> set[str]:
    """Every citable ambiguity and reading id the engine declares."""
    out = set()
    for slug, g in engine_games.items():
        for a in g.get("ambiguities", []):
            out.add(f"{slug}:{a['id']}")
            out.update(f"{slug}:{a['id']}={r['id'] if isinstance(r, dict) else r}"
                       for r in a["readings"])
    return out


_TRANSLIT = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюяѣіѳѵ",
                     "a b v g d e e zh z i i k l m n o p r s t u f kh ts ch sh shch _ y _ e yu ya "
                     "e i f i".split()))


def unmarked(text: str) -> str:
    """``text`` composed (NFC: a decomposed й or ё is one letter) without the marks that
    print nothing of a word's letters: a stress mark (``мага́зин``), another combining mark
    left over, an invisible format character (a zero-width space or joiner)."""
    text = unicodedata.normalize("NFC", text)
    return "".join(c for c in text if unicodedata.category(c) not in ("Mn", "Cf"))


def title_slug(title: str) -> str:
    """The slug of a game the edition does not know: :func:`slugify` of its title in the
    modern spelling (:func:`extract.text.normalise.normalise`), so that one game printed in
    the old spelling and in the new has one slug (``Пасьянсъ Великаго Могола`` and
    ``Пасьянс Великого Могола`` are both ``pasyans-velikogo-mogola``; from the title as
    printed the first was ``...-velikago-...``, a second game)."""
    from ..text.normalise import normalise   # lazy: the normaliser loads its dictionary
    return slugify(normalise(title).text)


def slugify(title: str) -> str:
    """An ASCII slug for a title the edition does not know (transliterated, '-' joined): a
    word with a Cyrillic letter in it is read as Russian (Latin look-alikes folded, as OCR
    leaves them), a word in Latin letters alone as itself, accents dropped (``Napoléon`` is
    ``napoleon``, not ``narol-on``; ``мага́зин`` is ``magazin``, :func:`unmarked`)."""
    words = [unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode().lower()
             if not CYRILLIC.search(w) else "".join(_TRANSLIT.get(c, c) for c in key(unmarked(w)))
             for w in title.split()]
    s = " ".join(words).replace("_", "")
    s = re.sub(r"[^a-z0-9]+", "-", s).strip("-") or "game"
    return s if s[0].isalpha() else f"game-{s}"   # an anchor and XML id begin with a letter
