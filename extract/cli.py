"""The ``edition`` command line: build, check, games, segment, normalise, lock, play, serve.

Every error is one message naming the file, the line and what to do, and a non-zero exit.
Output files are written atomically: a failed run leaves the previous result intact.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import click

from .errors import EditionError

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"


def _fail(e: Exception) -> None:
    click.echo(f"edition: {e}", err=True)
    sys.exit(2 if isinstance(e, click.UsageError) else 1)


class _Group(click.Group):
    """Turns EditionError into a clear one-message exit instead of a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except EditionError as e:
            _fail(e)
        except OSError as e:   # a path that cannot be written or read, a cluster out of reach
            where = f"{e.filename}: " if e.filename else ""
            _fail(EditionError(f"{where}{e.strerror or e}", fix="check the path or address, "
                               "its parent folder and its permissions"))


@click.group(cls=_Group)
@click.option("--corpus", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Corpus folder (default: $EDITION_CORPUS or the repository's corpus/).")
@click.pass_context
def main(ctx: click.Context, corpus: Path | None) -> None:
    """Build, check and use the edition of the book of patience games."""
    ctx.obj = corpus.resolve() if corpus is not None else None


def _corpus() -> Path | None:
    """The corpus folder given with --corpus (None: $EDITION_CORPUS or the repository's)."""
    return click.get_current_context().find_root().obj


def cache_dir() -> Path:
    """Where the CLI keeps the built model between runs ($XDG_CACHE_HOME/patience-edition);
    entries are keyed by the corpus and code fingerprints, so a stale one is never used."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "patience-edition"


def _edition():
    from .model import build_edition
    return build_edition(_corpus(), cache_dir())


def _read_input(file: str) -> str:
    from .corpus import decode_utf8
    if file == "-":
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        p = Path(file)
        if p.is_dir():
            raise EditionError("is a folder, not a text file", p, fix="give a text file, or - for stdin")
        if not p.exists():
            raise EditionError("file not found", p, fix="give an existing text file, or - for stdin")
        data, name = p.read_bytes(), file
    return decode_utf8(Path(name), data)


def sync_sources(docs: Path, source: Path) -> None:
    """Mirror the Sphinx project ``docs`` into ``source``, the build's own source folder
    (so builds of different corpora or outputs never share generated pages). Files whose
    content is unchanged are left alone, keeping incremental rebuilds fast."""
    keep = set()
    for p in docs.rglob("*"):
        rel = p.relative_to(docs)
        if not p.is_file() or rel.parts[0] in ("_build", "games") or "__pycache__" in rel.parts:
            continue
        keep.add(rel)
        dst = source / rel
        if not dst.exists() or dst.read_bytes() != p.read_bytes():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, dst)
    for p in source.rglob("*"):
        rel = p.relative_to(source)
        if p.is_file() and rel.parts[0] != "games" and rel not in keep:
            p.unlink()


@main.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              default=DOCS / "_build" / "html", show_default=True, help="Output folder.")
@click.option("--quiet", "-q", is_flag=True, help="Only warnings and errors (the default).")
@click.option("--verbose", "-v", is_flag=True, help="Show Sphinx's own progress.")
def build(out: Path, quiet: bool, verbose: bool) -> None:
    """Build the web site from the corpus (warnings are errors).

    The site is built into a temporary folder beside OUT and swapped in only when the build
    succeeds, so a failed build leaves the previous site intact.
    """
    from sphinx.cmd.build import build_main

    from .model import build_edition
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    doctrees = out.parent / f".{out.name}.doctrees"
    corpus = _corpus()
    build_edition(corpus, doctrees / "edition")  # fail early on bad corpus data; cached on disk
    source = out.parent / f".{out.name}.source"
    sync_sources(DOCS, source)
    tmp = Path(tempfile.mkdtemp(dir=out.parent if out.parent.exists() else None,
                                prefix=f".{out.name}.building."))
    if out.exists():
        shutil.copytree(out, tmp, dirs_exist_ok=True)
    args = ["-b", "html", "-W", "--keep-going", "-d", str(doctrees), str(source), str(tmp)]
    if corpus is not None:
        args += ["-D", f"edition_corpus={corpus}"]
    if not verbose:
        args.insert(0, "-q")
        click.echo(f"building the site from {corpus or 'corpus/'} (use -v for Sphinx's progress) ...",
                   err=True)
    code = build_main(args)
    if code != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        raise EditionError(f"the site build failed (sphinx exit {code}); the previous site in "
                           f"{out} is untouched", fix="read the warnings above: each names a "
                           "file and line")
    old = out.with_name(f".{out.name}.old")
    if out.exists():
        shutil.rmtree(old, ignore_errors=True)
        out.rename(old)
    tmp.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    click.echo(f"site built: {out / 'index.html'}")


@main.command()
def check() -> None:
    """Run every validation over the corpus and print a report; exit 1 on any failure."""
    from .checks import run_checks
    ok, report = run_checks(_edition())
    click.echo(report)
    sys.exit(0 if ok else 1)


@main.command()
def lock() -> None:
    """Record every sentence id not yet in corpus/ids.lock (existing ids are never changed)."""
    from . import ids
    ed = _edition()
    before = len(ed.lock)
    entries = ids.updated_lock(ed)
    ids.write_lock(ed.root, entries)
    click.echo(f"{len(entries) - before} new ids recorded; {len(entries)} in {ed.root / ids.LOCK_NAME}")


@main.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output as plain text or JSON.")
def games(fmt: str) -> None:
    """List the games with their witnesses, sentences and readings."""
    from .checks import game_summaries
    rows = game_summaries(_edition())
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        flag = "executable" if r["executable"] else "not executable"
        click.echo(f"{r['slug']:20} {r['title_ru']} / {r['title_en'] or '(untranslated)'}"
                   f" — {r['sentences']} sentences, witnesses {', '.join(r['witnesses'])}, {flag}")
        for a in r["ambiguities"]:
            click.echo(f"    {a['id']}: {', '.join(a['readings'])} (default {a['default']})")


@main.command()
@click.argument("file", default="-")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output as plain text or JSON.")
def segment(file: str, fmt: str) -> None:
    """Split FILE (or stdin, '-') into sentences: one a line, or JSON with offsets."""
    from .nlp import segment_text
    text = _read_input(file)
    sents = segment_text(text)
    if fmt == "json":
        click.echo(json.dumps(sents, ensure_ascii=False, indent=1))
    else:
        for s in sents:
            click.echo(" ".join(s["text"].split()))


@main.command()
@click.argument("file", default="-")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "tei"]), default="text",
              show_default=True, help="The normalised text, JSON with every change, or TEI.")
def normalise(file: str, fmt: str) -> None:
    """Normalise FILE (or stdin, '-'): modern text, JSON with every change, or TEI."""
    from .normalise import normalise as run
    norm = run(_read_input(file))
    if fmt == "json":
        click.echo(json.dumps(norm.to_json(), ensure_ascii=False, indent=1))
    elif fmt == "tei":
        from .tei import normalisation_to_tei
        click.echo(normalisation_to_tei(norm))
    else:
        click.echo(norm.text, nl=False)


def _readings(values: tuple[str, ...], game: str) -> dict[str, str]:
    """``("deal-pattern=dittography", ...)`` -> dict; the citation form
    ``GAME:AMBIGUITY=READING`` is accepted too; a malformed one is a usage error."""
    out = {}
    for v in values:
        amb, sep, reading = v.partition("=")
        amb = amb.removeprefix(f"{game}:")
        if not sep or not amb or not reading:
            _usage(f"--reading takes AMBIGUITY=READING (or {game}:AMBIGUITY=READING), not {v!r}")
        out[amb] = reading
    return out


def _executable(game: str) -> None:
    """A one-line usage error for a game of the edition that has no engine."""
    from engine import games as engine_games
    if game in engine_games.NOT_EXECUTABLE:
        _usage(f"{game} cannot be played: {engine_games.NOT_EXECUTABLE[game]}")


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


@main.command()
@click.argument("game")
@click.option("--deal", type=click.IntRange(min=1), required=True, help="Deal number (1, 2, ...).")
@click.option("--reading", "readings", multiple=True, metavar="AMBIGUITY=READING",
              help="Choose a reading (repeatable); the others take their defaults.")
@click.option("--policy", type=click.Choice(["solver", "greedy", "random"]), default="greedy",
              show_default=True)
@click.option("--budget", type=click.IntRange(min=1), default=100_000, show_default=True,
              help="States for the solver, moves for the other policies.")
@click.option("--seed", type=int, default=None, help="Seed of the random policy.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output as plain text or JSON.")
def play(game, deal, readings, policy, budget, seed, fmt) -> None:
    """Play deal N of GAME under the readings with a policy, and report the outcome."""
    from engine import api
    _executable(game)
    result = _engine_call(api.play, game, deal, _readings(readings, game), policy, budget, seed=seed)
    if fmt == "json":
        click.echo(json.dumps(result, ensure_ascii=False, indent=1))
        return
    r = ", ".join(f"{k}={v}" for k, v in result["readings"].items()) or "no ambiguities"
    if result["outcome"] == "undecided":
        unit = "states" if policy == "solver" else "moves"
        click.echo(f"{result['game']} deal {result['deal']} ({r}), policy {result['policy']}: "
                   f"undecided: the budget of {budget} {unit} ran out before the "
                   f"{'solver found a win or proved a loss' if policy == 'solver' else 'game ended'}"
                   f" (try a larger --budget{' or --policy greedy' if policy == 'solver' else ''})")
    else:
        click.echo(f"{result['game']} deal {result['deal']} ({r}), policy {result['policy']}: "
                   f"{result['outcome']} after {len(result['moves'])} moves")
    from engine import games as engine_games
    final = engine_games.replay(game, deal, result["readings"], result["moves"])
    click.echo(f"final position:\n{final.render()}")


def _progress_bar(label: str):
    """A progress callback ``(done, total)`` drawing a bar on a terminal (nothing otherwise),
    and a function that closes it."""
    if not sys.stderr.isatty():
        return None, lambda: None
    state = {"bar": None, "done": 0}

    def progress(done: int, total: int) -> None:
        if state["bar"] is None:
            state["bar"] = click.progressbar(length=total, label=label, file=sys.stderr)
            state["bar"].__enter__()
        state["bar"].update(done - state["done"])
        state["done"] = done

    def close() -> None:
        if state["bar"] is not None:
            state["bar"].__exit__(None, None, None)
    return progress, close


@main.command()
@click.argument("game")
@click.option("--deals", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--first", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--policy", type=click.Choice(["solver", "greedy", "random"]), default="solver",
              show_default=True)
@click.option("--reading", "readings", multiple=True, metavar="AMBIGUITY=READING",
              help="Choose a reading (repeatable); the others take their defaults.")
@click.option("--budget", type=click.IntRange(min=1), default=None,
              help="States for the solver, moves for the other policies (default 100000).")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Local worker processes (default: all CPUs).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run on a Dask distributed cluster (tcp://host:8786) instead.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output as plain text or JSON.")
def odds(game, deals, first, policy, readings, budget, jobs, scheduler, fmt) -> None:
    """How often GAME comes out over deals FIRST..FIRST+DEALS-1: counts and a Wilson 95%
    interval, with undecided deals counted both ways."""
    from engine import odds as engine_odds
    _executable(game)
    kwargs = {"budget": budget} if budget else {}
    progress, close = _progress_bar(f"{game} {policy}")
    try:
        res = _engine_call(engine_odds.odds, game, deals, first, policy, _readings(readings, game),
                           jobs=jobs, scheduler=scheduler, progress=progress, **kwargs)
    finally:
        close()
    click.echo(json.dumps(res, ensure_ascii=False, indent=1) if fmt == "json"
               else engine_odds.format_text(res))


@main.command()
@click.option("--game", "game_list", multiple=True, help="Only these games (repeatable).")
@click.option("--seconds-per-row", type=float, default=60.0, show_default=True,
              help="Computing time allowed for each row of the table.")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Local worker processes (default: all CPUs).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run on a Dask distributed cluster (tcp://host:8786) instead.")
def results(game_list, seconds_per_row, jobs, scheduler) -> None:
    """Regenerate the odds table corpus/results/odds.json (every game, the default readings
    and each single-reading change, greedy and solver), with its provenance."""
    from engine import results as engine_results
    path = (_corpus() or engine_results.DEFAULT_PATH.parent.parent) / "results" / "odds.json"
    table = _engine_call(engine_results.regenerate, path, list(game_list) or None,
                         seconds_per_row=seconds_per_row, jobs=jobs, scheduler=scheduler,
                         progress=lambda msg: click.echo(f"measuring {msg}", err=True))
    click.echo(engine_results.summary_text(table))
    click.echo(f"written: {path}")


@main.command()
@click.option("--port", default=8000, show_default=True)
@click.option("--dir", "site", type=click.Path(file_okay=False, path_type=Path),
              default=DOCS / "_build" / "html", show_default=True)
def serve(port: int, site: Path) -> None:
    """Serve the built site on http://127.0.0.1:PORT (build it first)."""
    import functools
    import http.server
    if not (site / "index.html").is_file():
        raise EditionError("no built site here", site, fix="run `edition build` first")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        click.echo(f"serving {site} on http://127.0.0.1:{port}/ (Ctrl-C to stop)")
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
    from .add import add_witness
    click.echo(add_witness(file, siglum=siglum, title=title, root=_corpus(),
                           dry_run=dry_run).report())


@main.group()
def export() -> None:
    """Export the edition in other formats."""


@export.command("tei")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("edition.tei.xml"), show_default=True, help="Output file.")
def export_tei(out: Path) -> None:
    """Write the whole edition as one TEI P5 document (atomically)."""
    from .tei import write_tei
    click.echo(f"TEI written: {write_tei(_edition(), out)}")


if __name__ == "__main__":  # pragma: no cover
    main()
