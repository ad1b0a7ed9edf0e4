"""The ``edition`` command line: build, check, games, segment, normalise, lock, play, serve.

Every error is one message naming the file, the line and what to do, and a non-zero exit.
Output files are written atomically: a failed run leaves the previous result intact.
"""
from __future__ import annotations

import errno
import json
import os
import re
import shutil
import sys
import threading
import time
from pathlib import Path

import click

from engine import games as engine_games
from engine.deal import MAX_DEAL_DIGITS

from .build import DEFAULT_SITE, build_site, default_site
from .corpus.atomic import corpus_lock
from .corpus.cache import user_cache_dir
from .text.characters import check_text, compose, strip_bom
from .text.errors import EditionError
from .text.words import count

# Imports inside a command are the heavy ones (each says why): the corpus readers, the
# model, the checks, the TEI (lxml), the intake and the engine's solver and measurements
# take longer to import than all of the above, and most commands need one or two of them.

def _fail(e: Exception) -> None:
    click.echo(f"edition: {e}", err=True)
    sys.exit(2 if isinstance(e, click.UsageError) else 1)


def _quiet_broken_pipe() -> None:
    """The reader of our output has gone (``edition games | head -1``): stop quietly, as
    Unix tools do. Later writes go to /dev/null, so Python's exit flush cannot complain."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)


class _Group(click.Group):
    """Turns EditionError into a clear one-message exit instead of a traceback."""

    def invoke(self, ctx):
        try:
            out = super().invoke(ctx)
            sys.stdout.flush()   # a closed pipe (`edition games | head -1`) shows up here
            return out
        except click.NoSuchOption as e:
            # an option of the whole CLI given to a command, or a format as an option
            if e.option_name == "--corpus" and ctx.invoked_subcommand:
                e.message += (f" (put --corpus before the command: edition --corpus DIR "
                              f"{ctx.invoked_subcommand} ...)")
            elif e.option_name == "--format" and ctx.invoked_subcommand == "export":
                e.message += (" (the format is a command of its own: edition export tei; "
                              "see edition export --help)")
            raise
        except BrokenPipeError:
            _quiet_broken_pipe()
        except EditionError as e:
            _fail(e)
        except OSError as e:   # a path that cannot be written or read, a cluster out of reach
            _fail(_os_error(e))


def _os_error(e: OSError) -> EditionError:
    """One message for an operating-system error: the file, what happened and the fix (a
    ``shutil.Error``, which carries a list of failed copies, is reduced to its first)."""
    if isinstance(e, shutil.Error) and e.args and isinstance(e.args[0], list) and e.args[0]:
        src, dst, why = (list(e.args[0][0]) + ["", "", ""])[:3]
        return EditionError(f"copying {src} failed: {why}", dst or None,
                            fix="check the free space and permissions of the target folder")
    what = e.strerror or str(e)
    fixes: dict[int | None, str] = {
        errno.ENOSPC: "free some disk space (or choose another --out), then run again",
        errno.EDQUOT: "free some disk space (over quota), then run again",
        errno.EROFS: "the file system is read-only: choose another --out",
        errno.EACCES: "choose a folder you may write to, or change its permissions",
        errno.EPERM: "choose a folder you may write to, or change its permissions",
        errno.EADDRINUSE: "the port is taken: choose another --port",
    }
    fix = fixes.get(e.errno, "check the path or address, its parent folder and its permissions")
    return EditionError(what, _printable(e.filename) if e.filename else None, fix=fix)


def _printable(name) -> str:
    """A file name as text, its undecodable bytes shown as ``\\xNN`` (never a crash)."""
    if isinstance(name, bytes):
        return name.decode("utf-8", "backslashreplace")
    return os.fsencode(str(name)).decode("utf-8", "backslashreplace")


class _Count(click.IntRange):
    """A whole number from ``min`` up, as :class:`click.IntRange`, written in the ASCII
    digits 0-9 (Python's ``int`` reads any script's digits: ``٣`` was deal 3, which the Play
    panel refuses); a number of more digits than a deal number has
    (:data:`engine.deal.MAX_DEAL_DIGITS`, the panel's limit too) is refused as too long,
    quoting its first digits and its length, not echoed whole."""

    name = "integer"

    def convert(self, value, param, ctx):
        if isinstance(value, str):
            text = value.strip()
            if len(text) > MAX_DEAL_DIGITS:
                self.fail(f"{text[:12]}... has {len(text):,} characters; a number here has at "
                          f"most {MAX_DEAL_DIGITS:,} digits", param, ctx)
            if not re.fullmatch(r"[+-]?[0-9]+", text):
                self.fail(f"{text!r} is not a whole number written in the digits 0-9", param,
                          ctx)
        return super().convert(value, param, ctx)


def _utf8_option(value: str | None, option: str) -> str | None:
    """An option's text must be UTF-8 (bytes that are not arrive as surrogates): a usage
    error naming the option otherwise."""
    if value is None:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        _usage(f"{option} is not UTF-8 text (byte "
               f"{os.fsencode(value[e.start:e.end]).hex(' ')} at character {e.start + 1}); "
               f"give it in UTF-8")
    return value


def _cap_jobs(jobs: int | None, force: bool, option: str = "--jobs") -> int | None:
    """``--jobs`` (or ``option``, ``--workers``) may not exceed the CPUs of this machine
    unless ``--force-jobs``."""
    cpus = os.cpu_count() or 1
    if jobs is not None and jobs > cpus and not force:
        _usage(f"{option} {jobs} is more than the {cpus} CPUs of this machine (extra processes "
               f"only slow it down); use {option} {cpus}, or add --force-jobs to run {jobs} "
               f"anyway")
    return jobs


def _dask_client(address: str, timeout: float):
    """Connect to the Dask scheduler at ``address`` within ``timeout`` seconds; a usage
    error, not a hang, if nothing or something else answers there."""
    try:
        from distributed import Client   # lazy: optional (the cluster extra), and heavy
    except ImportError:
        _usage("--scheduler needs Dask's distributed, an optional part: "
               "pip install 'patience-edition[cluster]'")
    box: dict = {}

    def connect():
        try:
            box["client"] = Client(address, timeout=timeout)
        except BaseException as e:   # reported below, in the main thread
            box["error"] = e
    t = threading.Thread(target=connect, daemon=True)
    t.start()
    t.join(timeout + 1)
    if "client" in box:
        return box["client"]
    why = f": {box['error']}" if "error" in box and str(box["error"]) else ""
    _usage(f"no Dask scheduler answered at {address} within {timeout:g} s{why} (is it a Dask "
           f"scheduler, e.g. tcp://host:8786, and is it running?); raise --scheduler-timeout "
           f"or run without --scheduler")


@click.group(cls=_Group)
@click.version_option(package_name="patience-edition", prog_name="edition",
                      message="%(prog)s (patience-edition) %(version)s")
@click.option("--corpus", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Corpus folder (default: $EDITION_CORPUS or the repository's corpus/).")
@click.pass_context
def main(ctx: click.Context, corpus: Path | None) -> None:
    """Build, check and use the edition of the book of patience games."""
    ctx.obj = corpus.resolve() if corpus is not None else None


def _corpus() -> Path | None:
    """The corpus folder given with --corpus (None: $EDITION_CORPUS or the repository's)."""
    return click.get_current_context().find_root().obj


def _edition():
    from .model.edition import build_edition   # lazy: the model and the pipeline under it
    return build_edition(_corpus(), user_cache_dir())


#: the most ``segment`` and ``normalise`` read (a whole book is a few MiB)
MAX_INPUT_BYTES = 64 * 2**20


def _read_input(file: str) -> str:
    """The text of FILE (or stdin, '-'): UTF-8, a leading byte order mark dropped,
    decomposed letters composed (NFC), and checked for characters that are not book text
    (:mod:`extract.text.characters`)."""
    from .corpus.readers import check_runs, decode_utf8, refuse_not_text   # lazy: the corpus readers
    if file == "-":
        if sys.stdin is None or sys.stdin.closed:
            raise EditionError("standard input is closed: there is no text to read", "<stdin>",
                               fix="give a FILE, or pipe the text in (edition normalise - < FILE)")
        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        name = "<stdin>"
    else:
        p = Path(file)
        if p.is_dir():
            raise EditionError("is a folder, not a text file", p, fix="give a text file, or - for stdin")
        if not p.exists():
            raise EditionError("file not found", p, fix="give an existing text file, or - for stdin")
        with p.open("rb") as f:      # (a device such as /dev/zero has no end: read no further)
            data, name = f.read(MAX_INPUT_BYTES + 1), file
    if len(data) > MAX_INPUT_BYTES:
        raise EditionError(f"the text is larger than {MAX_INPUT_BYTES // 2**20} MiB, more than "
                           f"a book (it read on without end, or ran out of memory)", name,
                           fix="give a chapter or a book at a time")
    refuse_not_text(Path(name), data)
    text = decode_utf8(Path(name), compose(strip_bom(data)[0])[0])
    check_text(text, name)
    check_runs(text, Path(name))
    return text


@main.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=f"Output folder. [default: {DEFAULT_SITE} for the repository's corpus; "
                   f"for another --corpus, _build/html in the current folder]")
@click.option("--quiet", "-q", is_flag=True,
              help="No progress line: only warnings, errors and the one-line result.")
@click.option("--verbose", "-v", is_flag=True, help="Show Sphinx's own progress.")
@click.option("--force", is_flag=True, help="Build even when nothing has changed, writing "
              "every page anew (without it a rebuild writes only the pages that changed).")
def build(out: Path | None, quiet: bool, verbose: bool, force: bool) -> None:
    """Build the web site from the corpus (warnings are errors).

    When nothing the site is built from has changed since the last build into OUT (the
    corpus, docs/, the toolkit's code, the pinned Pyodide, the installed packages) and OUT
    has not been touched, the site is left as it is and the build says so; --force builds
    anyway.

    The site is built from scratch into a temporary folder beside OUT (pages of removed
    games disappear) and swapped in only when the build succeeds, so a failed build leaves
    the previous site intact. Two builds into one OUT take turns (a lock beside OUT); a
    killed build's leftovers are cleaned up by the next one. The build refuses to publish
    while a locked sentence id has vanished or moved (see `edition check`).
    """
    if quiet and verbose:
        _usage("--quiet and --verbose contradict each other: give one")
    click.echo(build_site(out or default_site(_corpus()), _corpus(), user_cache_dir, force=force,
                          verbose=verbose,
                          say=None if quiet else lambda msg: click.echo(msg, err=True)))



@main.command()
def check() -> None:
    """Run every validation over the corpus and print a report; exit 1 on any failure.

    When the model cannot be built, every file that cannot be read (a TOML file's syntax, a
    witness's checksum) is named, all of them at once; the other checks need them mended.

    Holds the corpus lock shared: while `add` or `lock` writes, it waits for them."""
    from .intake.checks import corpus_file_errors, run_checks   # lazy: the checks, the model
    from .corpus.readers import corpus_dir   # lazy: the corpus readers
    root = corpus_dir(_corpus()).resolve()
    with corpus_lock(root, shared=True):
        try:
            edition = _edition()
        except EditionError as first:
            # (the files are read one by one again only when the model stopped at one)
            errors = corpus_file_errors(root)
            if not any(str(e) == str(first) for e in errors):
                errors.insert(0, first)
            if len(errors) == 1:
                raise
            for e in errors:
                click.echo(f"edition: {e}", err=True)
            click.echo(f"edition: {count(len(errors), 'problem')} in the corpus's files (each "
                       f"above, with its fix); mend them and run check again: nothing else "
                       f"was checked", err=True)
            sys.exit(1)
        ok, report = run_checks(edition)
    click.echo(report)
    sys.exit(0 if ok else 1)


@main.command()
@click.option("--retire", "retire", multiple=True, metavar="ID",
              help="Retire a locked sentence id whose sentence is gone (repeatable): it stays in "
                   "the lock, marked, and is never reused.")
@click.option("--reason", default=None, help="Why the ids given with --retire are retired.")
def lock(retire: tuple[str, ...], reason: str | None) -> None:
    """Record every sentence and apparatus id not yet in corpus/ids.lock (existing ids are never
    changed; an apparatus id whose entry is gone is retired, and said).

    Holds the corpus lock: a second writer (add, lock) waits for this one."""
    from .corpus import ids   # lazy: the ids and the corpus readers under them
    from .corpus.readers import corpus_dir   # lazy: the corpus readers
    if retire and not (reason or "").strip():
        _usage("--retire needs --reason WHY (kept in the lock beside the retired id)")
    if reason is not None and not retire:
        _usage("--reason goes with --retire ID")
    root = corpus_dir(_corpus()).resolve()
    with corpus_lock(root):
        from .intake.add import clean_temporaries   # lazy: the intake
        clean_temporaries(root)
        ed = _edition()
        before = len(ed.lock)
        from .model.collate import apparatus_lock   # lazy: the collation
        app = apparatus_lock(ed)
        entries = ids.updated_lock(ed, {sid: reason or "" for sid in retire}, app)
        ids.write_lock(ed.root, entries)
    gone = [e.id for e in app if e.retired is not None and e.id in ed.lock
            and ed.lock[e.id].retired is None]
    click.echo(f"{count(len(entries) - before, 'new id')} recorded"
               + (f", {len(retire)} retired" if retire else "")
               + f"; {len(entries)} in {ed.root / ids.LOCK_NAME}")
    if gone:
        click.echo(f"{count(len(gone), 'apparatus id')} retired, the witnesses now collating "
                   f"differently: {', '.join(gone)}")


@main.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output as plain text or JSON.")
def games(fmt: str) -> None:
    """List the games with their witnesses, sentences and readings."""
    from .intake.checks import game_summaries, question_label   # lazy: the checks, and the model under them
    rows = game_summaries(_edition())
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        flag = "executable" if r["executable"] else "not executable"
        click.echo(f"{r['slug']:20} {r['title_ru']} / {r['title_en'] or '(untranslated)'}"
                   f" — {count(r['sentences'], 'sentence')}, witnesses {', '.join(r['witnesses'])}, {flag}")
        for kind, heading in GAMES_TEXT_HEADINGS.items():
            items = [a for a in r["ambiguities"] if a["kind"] == kind]
            if not items:
                continue
            click.echo(f"  {heading[len(items) > 1]}")
            for a in items:
                # the question's whole first sentence: a terminal has room for it (the site's
                # mark under a sentence cuts it at a glance's length)
                label = question_label(a["question"], limit=len(a["question"])) or a["label"]
                if kind == "open":
                    readings = ", ".join(f"{x} (default)" if x == a["default"] else x
                                         for x in a["readings"])
                    click.echo(f"    {a['cite']}: {label} Readings: {readings}.")
                else:
                    click.echo(f"    {a['cite']}: {label} Reading: {a['default']}.")


#: how ``edition games`` heads the ambiguities of a game, by kind (singular, plural): the open
#: questions, then the one-reading decisions by what they rest on
GAMES_TEXT_HEADINGS = {
    "open": ("Open question (two or more readings, each implemented):",
             "Open questions (two or more readings, each implemented):"),
    "text": ("Decision (one reading; the text says it):",
             "Decisions (one reading; the text says it):"),
    "silent": ("Decision (one reading; the text is silent and the edition fills the gap):",
               "Decisions (one reading; the text is silent and the edition fills the gap):"),
    "editorial": ("Decision (one reading, editorial; the text never gives it):",
                  "Decisions (one reading, editorial; the text never gives it):"),
}


@main.command()
@click.argument("file", default="-")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output as plain text or JSON.")
def segment(file: str, fmt: str) -> None:
    """Split FILE (or stdin, '-') into sentences: one a line, or JSON with offsets.

    This splits plain text as it stands: running heads, page numbers, footnotes and contents
    are sentences to it. To see the sentences `edition add` would make of a chapter (page
    furniture, titles and footnotes set apart, sentences joined across a page), run
    `edition add FILE --dry-run`.

    As text, each sentence is one line: a word divided by a hyphen at a line end is joined
    ('кар-' + line end + 'ты' -> 'карты'; a compound keeps its own hyphen, 'какой-нибудь'), as
    in the reading text; the JSON's ``text`` is the witness's exact text.

    A byte order mark at the start is dropped (offsets count from the character after it),
    decomposed letters are composed (й as и and a combining breve is read as й: offsets count
    in the composed text); control characters and direction marks are refused, naming line
    and column."""
    from .corpus.structure import segment_text, unwrap_lines   # lazy: the segmenter
    text = _read_input(file)
    sents = segment_text(text)
    if fmt == "json":
        click.echo(json.dumps(sents, ensure_ascii=False, indent=1))
    else:
        for s in sents:
            click.echo(unwrap_lines(s["text"]))


@main.command()
@click.argument("file", default="-")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "tei"]), default="text",
              show_default=True, help="The normalised text, JSON with every change, or TEI.")
def normalise(file: str, fmt: str) -> None:
    """Normalise FILE (or stdin, '-'): modern text, JSON with every change, or TEI.

    A byte order mark at the start is dropped (offsets count from the character after it),
    decomposed letters are composed (offsets count in the composed text); zero-width
    characters are removed as recorded changes; control characters and direction marks are
    refused, naming line and column."""
    from .text.normalise import normalise as run   # lazy: the normaliser
    norm = run(_read_input(file))
    if fmt == "json":
        click.echo(json.dumps(norm.to_json(), ensure_ascii=False, indent=1))
    elif fmt == "tei":
        from .export.tei import normalisation_to_tei   # lazy: the TEI, and lxml under it
        click.echo(normalisation_to_tei(norm))
    else:
        click.echo(norm.text, nl=False)


def _readings(values: tuple[str, ...], game: str) -> dict[str, str]:
    """``("deal-pattern=dittography", ...)`` -> dict; the citation form
    ``GAME:AMBIGUITY=READING`` is accepted too; a malformed one is a usage error."""
    out: dict[str, str] = {}
    for v in values:
        amb, sep, reading = v.partition("=")
        amb = amb.removeprefix(f"{game}:")
        if not sep or not amb or not reading:
            _usage(f"--reading takes AMBIGUITY=READING (or {game}:AMBIGUITY=READING), not {v!r}")
        if ":" in amb:
            _usage(_foreign_reading(v, amb.partition(":")[0], game))
        if amb in out:
            _usage(f"--reading is given twice for the ambiguity {amb} ({amb}={out[amb]} and "
                   f"{amb}={reading}): choose one reading per ambiguity")
        out[amb] = reading
    return out


def _foreign_reading(value: str, prefix: str, game: str) -> str:
    """The one-line error for ``--reading PREFIX:AMBIGUITY=READING`` whose prefix is not
    ``game``: what it names, ``game``'s own ambiguities and the form to use."""
    what = (f"a reading of {prefix}" if prefix in engine_games.known()
            else f"the unknown prefix {prefix!r}")
    try:
        ambs = engine_games.get(game).AMBIGUITIES
    except ValueError as e:  # an unknown game: that is the error to report
        return str(e)
    own = (f"{game}'s ambiguities are {', '.join(a.id for a in ambs)}" if ambs
           else f"{game} has no ambiguities")
    example = f" (e.g. --reading {ambs[0].id}={ambs[0].default})" if ambs else ""
    return (f"--reading {value} names {what}, not {game}: {own}; give AMBIGUITY=READING or "
            f"{game}:AMBIGUITY=READING{example}; `edition games` lists the readings")


def _executable(game: str) -> None:
    """A one-line usage error for a game of the edition that has no engine."""
    if game in engine_games.known() and not engine_games.record(game).executable:
        _usage(f"{game} cannot be played: {engine_games.record(game).why_not}")
    if game not in engine_games.known() and game in {g.slug for g in _edition().games}:
        _usage(f"{game} is a game of the edition but cannot be played yet: the engine has no "
               f"module for it (engine/games/); playable: "
               f"{', '.join(engine_games.available())}")


def _engine_call(fn, *args, **kwargs):
    """Call the engine; its ValueErrors (unknown game, ambiguity, reading...) become one line."""
    try:
        return fn(*args, **kwargs)
    except ValueError as e:
        _usage(str(e))


def _usage(message: str):
    """A one-line usage error (exit 2): what was wrong and what is allowed."""
    click.echo(f"edition: {message}", err=True)
    sys.exit(2)


#: The policy ``play`` and ``odds`` use when none is given: the greedy player plays a deal as a
#: person would, quickly and with every move shown; ``--policy solver`` asks instead whether
#: the deal can come out at all (a search, slower, bounded by --budget).
DEFAULT_POLICY = "greedy"
POLICY_HELP = ("greedy: the best move by a fixed priority, as a player would (the default), "
               "but judging which moves lead back to a position it has had on the whole "
               "position, face-down cards and stock order included; "
               "blind: the same priority, judging only by the face-up cards, as a person "
               "at the table must; careful: a player who sees only the face-up cards and plans, solving "
               "samples of the unseen cards at each decision (slower; --budget is its states "
               "per decision), the realistic figure; solver: an all-seeing search for any way to come out (won / proven "
               "lost / undecided), an upper bound for any player; random: a seeded random "
               "legal move. The players never play a move back into a position they have "
               "had in the deal (their sense, not a rule of the book): when every move would, "
               "the deal is lost.")


def play_reason(result: dict, budget: int) -> str:
    """Why a played deal ended as it did, in words (``result`` from :func:`engine.api.play`).

    A greedy or random playout that is lost ended with no legal move left or with every move
    leading back to a position already played (the game's or the policy's reason); 0 moves
    means the deal was already stuck as dealt. A solver's loss means every reachable
    position was searched; "undecided" means the budget ran out."""
    policy, moves = result["policy"], len(result["moves"])
    why = result["final"].get("reason") or ""
    if result["outcome"] == "won":
        return "the patience came out"
    if result["outcome"] == "undecided":
        if policy == "solver":
            return (f"the solver's budget of {count(budget, 'state')} ran out before it found a "
                    f"win or proved a loss, and neither its probes from random lines nor its "
                    f"playouts found one "
                    f"(try a larger --budget)")
        return f"the budget of {count(budget, 'move')} ran out before the game ended (try a larger --budget)"
    if moves == 0 and result["final"].get("over"):
        return (f"no legal move in the starting layout ({why or 'no legal moves'}): "
                "the deal is stuck as dealt")
    if policy == "solver":
        states = result.get("search", {}).get("states")
        searched = f" ({count(states, 'state')})" if states else ""
        return (f"the solver searched every position reachable from the deal{searched} and "
                "none comes out: no way of playing wins this deal")
    if why == "no legal moves" or not why:
        return "no legal move was left"
    return why


@main.command()
@click.argument("game")
@click.option("--deal", type=_Count(min=1), required=True, help="Deal number (1, 2, ...).")
@click.option("--reading", "readings", multiple=True, metavar="AMBIGUITY=READING",
              help="Choose a reading (repeatable); the others take their defaults.")
@click.option("--policy", type=click.Choice(["solver", "careful", "greedy", "blind", "random"]),
              default=DEFAULT_POLICY, show_default=True, help=POLICY_HELP)
@click.option("--budget", type=_Count(min=1), default=None,
              help="States for the solver (default 100000), states per decision for the "
                   "careful player (default: the game's, 2000 in most games), moves for the other policies (default 100000).")
@click.option("--seed", type=_Count(), default=None,
              help="Seed of the random and careful policies, 0 to 2**64-1 (default: the "
                   "deal number modulo 2**64).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output as plain text or JSON.")
def play(game, deal, readings, policy, budget, seed, fmt) -> None:
    """Play deal N of GAME under the readings with a policy, and report the outcome and why,
    then every move (its words and the sentences that allow it) and the final position
    (JSON: the engine's result, its "steps" [{"n", "move", "caption", "rules"}], plus
    "reason")."""
    from engine import api   # lazy: the engine's solver and policies
    from engine.odds import DEFAULT_BUDGET   # lazy: as above
    _executable(game)
    if seed is not None and policy not in ("random", "careful"):
        _usage(f"--seed seeds the random and the careful players; the {policy} policy draws "
               f"nothing (give --policy random or careful, or leave --seed out)")
    if budget is None:
        from engine.careful import effort   # lazy: the careful player
        budget = effort(game)[1] if policy == "careful" else DEFAULT_BUDGET
    if policy in ("solver", "careful") and fmt == "text":   # a search: say so before a long wait
        per = " at each decision" if policy == "careful" else ""
        click.echo(f"searching up to {budget:,} states{per} (a hard deal can take a minute; "
                   f"--budget sets it) ...", err=True)
    result = _engine_call(api.play, game, deal, _readings(readings, game), policy, budget,
                          seed=seed, captions=True)
    result["reason"] = play_reason(result, budget)
    if fmt == "json":
        click.echo(json.dumps(result, ensure_ascii=False, indent=1))
        return
    r = ", ".join(f"{k}={v}" for k, v in result["readings"].items()) or "no ambiguities"
    played = "" if policy == "solver" and result["outcome"] != "won" else \
        f" after {count(len(result['moves']), 'move')}"
    seeded = f" (seed {result['seed']}; --seed changes it)" if "seed" in result else ""
    click.echo(f"{result['game']} deal {result['deal']} ({r}), policy {result['policy']}{seeded}: "
               f"{result['outcome']}{played}: {result['reason']}")
    if result["steps"]:
        click.echo("moves:")
    for st in result["steps"]:
        rules = f" ({', '.join(st['rules'])})" if st["rules"] else ""
        click.echo(f"{st['n']:>4}. {st['caption']}{rules}")
    final = engine_games.replay(game, deal, result["readings"], result["moves"])
    click.echo(f"final position:\n{final.render()}")


#: seconds between two progress lines when standard error is not a terminal
PROGRESS_EVERY = 30.0


def _progress_lines(label: str):
    """A progress callback ``(done, total)`` for a standard error that is not a terminal (a
    log, a pipe): a line ``LABEL: DONE of TOTAL deals (N s)`` at most every
    :data:`PROGRESS_EVERY` seconds, so a long run shows that it is running and how far it
    has got; nothing for a run shorter than that."""
    start = time.monotonic()
    state = {"said": start}

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - state["said"] >= PROGRESS_EVERY and done < total:
            state["said"] = now
            click.echo(f"{label}: {done} of {total} deals ({now - start:.0f} s)", err=True)
    return progress


def _progress_bar(label: str):
    """A progress callback ``(done, total)`` drawing a bar on a terminal (lines now and then
    otherwise: :func:`_progress_lines`), and a function that closes it."""
    if not sys.stderr.isatty():
        return _progress_lines(label), lambda: None
    state: dict = {"bar": None, "done": 0}

    def progress(done: int, total: int) -> None:
        if state["bar"] is None:
            bar = click.progressbar(length=total, label=label, file=sys.stderr)
            bar.__enter__()
            state["bar"] = bar
        state["bar"].update(done - state["done"])
        state["done"] = done

    def close() -> None:
        if state["bar"] is not None:
            state["bar"].__exit__(None, None, None)
    return progress, close


#: the most deals one ``odds`` run measures (the deal numbers are held in memory at once)
MAX_DEALS = 1_000_000


@main.command()
@click.argument("game")
@click.option("--deals", type=_Count(min=1, max=MAX_DEALS), default=100, show_default=True,
              help=f"How many deals (1 to {MAX_DEALS:,}).")
@click.option("--first", type=_Count(min=1), default=1, show_default=True,
              help="The first deal's number (deals are numbered from 1; the same number is "
                   "the same shuffle on every machine).")
@click.option("--policy", type=click.Choice(["solver", "careful", "greedy", "blind", "random"]),
              default=DEFAULT_POLICY, show_default=True, help=POLICY_HELP)
@click.option("--reading", "readings", multiple=True, metavar="AMBIGUITY=READING",
              help="Choose a reading (repeatable); the others take their defaults.")
@click.option("--budget", type=_Count(min=1), default=None,
              help="States for the solver (default 100000), states per decision for the "
                   "careful player (default: the game's, 2000 in most games), moves for the other policies (default 100000).")
@click.option("--jobs", type=_Count(min=1), default=None,
              help="Local worker processes (default: all CPUs).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run on a Dask distributed cluster (tcp://host:8786) instead.")
@click.option("--scheduler-timeout", type=click.FloatRange(min=0.1), default=20.0,
              show_default=True, help="Seconds to wait for the Dask scheduler to answer.")
@click.option("--force-jobs", is_flag=True, help="Allow --jobs above the number of CPUs.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output as plain text or JSON.")
@click.option("--stored", is_flag=True,
              help="Measure nothing: show GAME's rows of the stored odds table "
                   "(results/odds.json in the corpus), the figures the site shows: every "
                   "reading's and player's, or those of --reading and --policy if given.")
@click.pass_context
def odds(ctx, game, deals, first, policy, readings, budget, jobs, scheduler, scheduler_timeout,
         force_jobs, fmt, stored) -> None:
    """How often GAME comes out over deals FIRST..FIRST+DEALS-1: counts and a Wilson 95%
    interval, with undecided deals counted both ways. With --stored, the measured figures
    the edition publishes, at once."""
    from engine import odds as engine_odds   # lazy: the measurements and the solver
    _executable(game)
    _engine_call(engine_games.get, game)    # an unknown game is that, stored or measured
    if stored:
        given = [f"--{n.replace('_', '-')}" for n in ("deals", "first", "budget", "jobs",
                                                      "scheduler", "force_jobs")
                 if ctx.get_parameter_source(n) is not click.core.ParameterSource.DEFAULT]
        if given:
            _usage(f"--stored measures nothing: {', '.join(given)} would not be used (the "
                   f"stored rows say their own deals and budget); give --reading, --policy "
                   f"and --format only")
        explicit = ctx.get_parameter_source("policy") is not click.core.ParameterSource.DEFAULT
        _stored_odds(game, _readings(readings, game), policy if explicit else None, fmt)
        return
    if jobs is not None and scheduler is not None:   # (--jobs was silently ignored)
        _usage("give one of --jobs and --scheduler: the deals run either in local processes "
               "or on the cluster")
    jobs = _cap_jobs(jobs, force_jobs)
    chosen = _readings(readings, game)
    if scheduler is not None:
        scheduler = _dask_client(scheduler, scheduler_timeout)
    kwargs = {"budget": budget} if budget else {}
    progress, close = _progress_bar(f"{game} {policy}")
    try:
        res = _engine_call(engine_odds.odds, game, deals, first, policy, chosen,
                           jobs=jobs, scheduler=scheduler, progress=progress, **kwargs)
    finally:
        close()
    click.echo(json.dumps(res, ensure_ascii=False, indent=1) if fmt == "json"
               else engine_odds.format_text(res))


def _stored_odds(game: str, chosen: dict[str, str], policy: str | None, fmt: str) -> None:
    """Print ``game``'s rows of the corpus's stored odds table (``odds --stored``): those of
    the one change of reading ``chosen`` (all the game's rows if empty) and of ``policy``
    (all players if None), as text (the table's figures, the site's caveats on the default
    readings, and which rows are stale) or JSON (the rows as stored). A usage error (exit
    2) names the file when there is no table or it cannot be read, and the readings that
    have rows when none matches."""
    from engine import results as engine_results   # lazy: the engine's table code
    from .export.odds_words import budget_words, caveats, deal_range, row_label  # lazy: the engine's too
    from engine.odds import describe_rate   # lazy: the measurements
    path = (_corpus() or engine_results.DEFAULT_PATH.parent.parent) / "results" / "odds.json"
    try:
        table = engine_results.load(path)
        problems = engine_results.problems(table)
    except (OSError, ValueError) as e:
        _usage(f"{path}: no stored odds table to show ({e}); `edition results` measures one")
    if problems:
        _usage(f"{path}: the stored odds table is malformed ({problems[0]}); `edition check` "
               f"lists every problem")
    mine = [r for r in table["rows"] if r["game"] == game]
    # a default reading (a one-reading decision's too) changes nothing: the default row, as
    # `play` and `odds` take it
    defaults = {a.id: a.default for a in engine_games.get(game).AMBIGUITIES}
    changes = {a: r for a, r in chosen.items() if defaults.get(a) != r}
    if len(changes) > 1:
        _usage("--stored: the table holds the default readings and each single change of "
               "reading; give at most one --reading")
    change = next((f"{a}={r}" for a, r in changes.items()), None)
    rows = [r for r in mine if (not chosen or r["change"] == change)
            and (policy is None or r["policy"] == policy)]
    if not rows:
        have = sorted({r["change"] or "default" for r in mine})
        _usage(f"{path}: no stored row of {game}"
               + (f" under {change}" if change else "") + (f" for {policy}" if policy else "")
               + (f"; its rows: {', '.join(have)}" if have else "; `edition results --game "
                  f"{game}` measures them"))
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    stale = {id(r) for r in engine_results.stale_rows(table)}
    click.echo(f"{game}: stored odds ({path}), measured as the site shows them")
    for r in rows:
        click.echo(f"  {row_label(r)}: {describe_rate(r)}; {r['won']} won, {r['lost']} lost, "
                   f"{r['undecided']} undecided, deals {deal_range(r)}, budget "
                   f"{budget_words(r) or r['budget']}"
                   + (" (stale: measured by older engine code; see `edition check`)"
                      if id(r) in stale else ""))
    if change is None:      # (the caveats are on the default readings' figures)
        for sentence in caveats(mine):
            click.echo(f"  {sentence}")


@main.command()
@click.option("--game", "game_list", multiple=True, help="Only these games (repeatable).")
@click.option("--policy", "policy_list", multiple=True,
              type=click.Choice(["blind", "greedy", "careful", "solver"]),
              help="Only these policies' rows (repeatable); the other rows are kept.")
@click.option("--deals", type=_Count(min=1), default=1000, show_default=True,
              help="Deals 1..N for the solver, greedy and blind rows (every reading).")
@click.option("--careful-deals", type=_Count(min=1), default=200, show_default=True,
              help="Deals 1..N for the careful player's rows (it searches at every move).")
@click.option("--workers", type=_Count(min=1), default=None,
              help="Start a local Dask cluster of this many worker processes (every listener "
                   "on 127.0.0.1, no dashboard) and run there.")
@click.option("--jobs", type=_Count(min=1), default=None,
              help="Local worker processes without Dask (default: all CPUs).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run on a running Dask distributed cluster (tcp://host:8786) instead.")
@click.option("--scheduler-timeout", type=click.FloatRange(min=0.1), default=20.0,
              show_default=True, help="Seconds to wait for the Dask scheduler to answer.")
@click.option("--force-jobs", is_flag=True,
              help="Allow --jobs or --workers above the number of CPUs.")
@click.option("--fresh", is_flag=True,
              help="Play every deal anew (by default a stored row that today's engine made "
                   "keeps its deals and only the deals after them are played).")
@click.option("--restamp", "restamp_deals", type=_Count(min=1), default=None, metavar="N",
              help="Measure nothing: play N sampled deals of every stale row again and, when "
                   "every one comes out as stored, mark the rows as today's engine's (for an "
                   "edit of the engine that changes no rule); otherwise write nothing.")
@click.option("--playouts", is_flag=True,
              help="With --restamp, for an edit of the solver's playouts alone: first play "
                   "every undecided deal of the stale solver rows through today's playouts "
                   "and write what they win, then check the sample as --restamp does.")
def results(game_list, policy_list, deals, careful_deals, workers, jobs, scheduler,
            scheduler_timeout, force_jobs, fresh, restamp_deals, playouts) -> None:
    """Regenerate the odds table corpus/results/odds.json on fixed deal ranges: every game,
    the default readings and each single-reading change, with the blind, greedy and careful
    players and the all-seeing solver; every row stores its per-deal outcomes, and the
    provenance how it was run. `edition results --workers 2` is the full run; `--game` and
    `--policy` measure some rows and keep the others (`edition check` names stale rows).
    A row today's engine made at the same budget keeps its deals: `--deals 200` after
    `--deals 100` plays deals 101-200 alone (`--fresh` plays them all)."""
    from engine import results as engine_results   # lazy: the measurements and the solver
    if sum(x is not None for x in (workers, jobs, scheduler)) > 1:
        _usage("give one of --workers, --jobs and --scheduler")
    jobs = _cap_jobs(jobs, force_jobs)
    _cap_jobs(workers, force_jobs, "--workers")
    if scheduler is not None:
        scheduler = _dask_client(scheduler, scheduler_timeout)
    path = (_corpus() or engine_results.DEFAULT_PATH.parent.parent) / "results" / "odds.json"
    if playouts and restamp_deals is None:
        _usage("--playouts goes with --restamp N (it plays the undecided deals of the stale "
               "solver rows)")
    if restamp_deals is not None:
        if game_list or policy_list or fresh or workers:
            _usage("--restamp checks every stale row: give it without --game, --policy, "
                   "--fresh and --workers (--jobs or --scheduler run its deals)")
        if not path.is_file():
            _usage(f"{path}: no odds table to restamp")
        before = len(engine_results.stale_rows(engine_results.load(path)))
        table = _engine_call(engine_results.restamp, path, restamp_deals, jobs=jobs,
                             scheduler=scheduler, playouts=playouts,
                             command=f"edition results --restamp {restamp_deals}"
                                     + (" --playouts" if playouts else ""))
        staged = table.get("provenance", {}).get("restamps", [{}])[-1].get("playouts")
        if before and playouts and staged:
            n = sum(g["deals"] for g in staged["games"].values())
            won = sum(g["won"] for g in staged["games"].values())
            click.echo(f"the playouts won {won} of the {n} undecided deal(s) of the stale "
                       f"solver rows ({staged['cpu_seconds']} s CPU)")
        click.echo(f"restamped {before} stale row(s) after playing their sampled deals "
                   f"as stored: {path}" if before else f"no stale row: {path} unchanged")
        return
    ranges = {p: deals for p in engine_results.POLICIES}
    ranges["careful"] = careful_deals
    policies = tuple(p for p in engine_results.POLICIES if p in policy_list) or \
        engine_results.POLICIES
    command = " ".join(["edition results"] + [f"--game {g}" for g in game_list]
                       + [f"--policy {p}" for p in policy_list]
                       + [f"--deals {deals}", f"--careful-deals {careful_deals}"]
                       + ([f"--workers {workers}"] if workers else [])
                       + ([f"--jobs {jobs}"] if jobs else [])
                       + (["--fresh"] if fresh else [])
                       + (["--scheduler ADDRESS"] if scheduler is not None else []))
    try:
        row: dict = {}

        def measuring(msg: str) -> None:
            click.echo(f"measuring {msg}", err=True)
            row["deals"] = _progress_lines(f"  {msg}")
        table = _engine_call(engine_results.regenerate, path, list(game_list) or None,
                             policies, deals=ranges, workers=workers, jobs=jobs, scheduler=scheduler,
                             command=command, progress=measuring, reuse=not fresh,
                             deal_progress=lambda done, total: row["deals"](done, total))
    except RuntimeError as e:
        _usage(str(e))
    except KeyboardInterrupt:
        click.echo(f"edition: stopped; the rows measured so far are kept in {path} (`edition "
                   f"check` names the run that stopped)", err=True)
        sys.exit(130)
    click.echo(engine_results.summary_text(table))
    click.echo(f"written: {path}")


@main.command()
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="TCP port (0 to 65535; 0: any free port).")
@click.option("--dir", "site", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=f"The built site to serve (the --out of `edition build`). [default: "
                   f"{DEFAULT_SITE} for the repository's corpus; for another --corpus, "
                   f"_build/html in the current folder]")
def serve(port: int, site: Path | None) -> None:
    """Serve the built site on http://127.0.0.1:PORT (build it first)."""
    from . import serve as served   # lazy: http.server, which no other command needs
    site = site or default_site(_corpus())
    if not (site / "index.html").is_file():
        raise EditionError("no built site here", site, fix="run `edition build` first")
    try:
        server = served.site_server(site, port)
    except OSError as e:   # the port is taken, reserved or privileged: name it
        fix = ("ports below 1024 need root: choose another --port (e.g. 8000)"
               if e.errno in (errno.EACCES, errno.EPERM) else _os_error(e).fix)
        raise EditionError(f"cannot serve on 127.0.0.1:{port}: {e.strerror or e}",
                           fix=fix) from None
    with server as httpd:
        click.echo(f"serving {site} on http://127.0.0.1:{httpd.server_address[1]}/ (Ctrl-C to stop)")
        httpd.serve_forever()


@main.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--siglum", default=None,
              help="Short ASCII name (default: derived from the chapter heading, the web page "
                   "title or the file name).")
@click.option("--title", default=None, help="Description for the manifest.")
@click.option("--dry-run", is_flag=True,
              help="Print what would be taken in (units, games, new ids, siglum, warnings); "
                   "write nothing.")
def add(file: Path, siglum: str | None, title: str | None, dry_run: bool) -> None:
    """Add witness FILE to the corpus: copy, manifest entry with sha256, new sentence ids."""
    from .intake.add import AlreadyAdded, add_witness   # lazy: the intake, and the model under it
    title = _utf8_option(title, "--title")
    siglum = _utf8_option(siglum, "--siglum")
    try:
        click.echo(add_witness(file, siglum=siglum, title=title, root=_corpus(),
                               dry_run=dry_run).report())
    except AlreadyAdded as e:      # the same file again: done already (exit 0)
        click.echo(str(e))


@main.group()
def export() -> None:
    """Export the edition in other formats."""


@export.command("tei")
@click.option("--out", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
              default=None, help="Output file (written atomically); without it, or with "
                                 "'-', the TEI goes to standard output.")
def export_tei(out: Path | None) -> None:
    """Write the whole edition as one TEI P5 document: to standard output, or to --out."""
    from .export.tei import (edition_to_tei, tei_bytes, tei_out_guard,
                      write_tei)   # lazy: the TEI, and lxml under it
    from .corpus.ids import moved_bases   # lazy: the corpus layer
    ed = _edition()
    for path, line, why, fix in moved_bases(ed).values():   # as build refuses: ids would move
        raise EditionError(why, path, line, fix=fix)
    if out is None or str(out) == "-":
        data = tei_bytes(edition_to_tei(ed))
        with click.open_file("-", "wb") as stream:
            stream.write(data)
        return
    tei_out_guard(out, _corpus())
    click.echo(f"TEI written: {write_tei(ed, out)}")


if __name__ == "__main__":  # pragma: no cover
    main()
