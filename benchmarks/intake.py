"""Intake and check at scale: time against the number of sentences of one witness.

    python benchmarks/intake.py [--sizes 1000,2000,4000,8000,16000] [--skip-model] [--add-only]
                                [--prereform] [--markup] [--debris] [--lists] [--notes]

For each size N a synthetic witness (one chapter, one game, N distinct sentences in
paragraphs of 8) is written into a temporary copy of the corpus, and the script prints the
CPU time of: ``edition add`` of it (``add_witness`` into a temporary copy of the corpus, so
the yardstick of issue 20: at most 2 ms a sentence, flat as N grows); ``ids.assign`` over N sentences against a lock holding them all; building the
model (load, normalise, segment, assign ids); ``ids.updated_lock`` (what `edition lock`
computes); and ``run_checks`` (what `edition check` runs). Each is printed with its time per
1000 sentences: a linear step keeps that figure flat as N doubles.

``--markup`` makes the witness a wiki page written as one paragraph on one line, every sentence
with formatting (``''x''``, ``[[a|b]]``), an entity and a piece of formatting that closes
nothing: the case that was quadratic (4,000 such sentences on one line took 36 s to add).

``--debris`` puts a line of web debris (``----``) and a closed wiki table after every sentence,
each a paragraph of its own: a witness of many units outside the text, the case that was
quadratic in the TEI writer (40,000 such lines took 66 s to add).

``--lists`` makes the witness a wiki page whose sentences are each an item of a list (``* ``,
a line each): thousands of pieces of markup read apart from the words, the case that was
quadratic in the reading of markup (20,000 such lines took 137 s to add).

``--notes`` makes the witness a Markdown page whose every sentence calls a footnote
(``[^k]``), the definitions gathered at the page's end as Markdown writes them: the case that
was quadratic in footnotes (4,000 notes, each below its paragraph, took 18 s to add; gathered
at the end they were not found beyond about 60 lines).
"""
from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from machine import describe  # noqa: E402
# benchmarks/engine.py would shadow the engine package: import the project from the repository
sys.path[:] = [str(REPO)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

WORDS = ("карты кладут пачки ряд масти тузы короли колода место начальное сборное "
         "переводят снимают вскрывают раскладка пасьянс").split()


#: The same words in pre-reform spelling (``--prereform``): every word has changes to record.
OLD_WORDS = ("карты кладутъ пачки рядъ масти тузы короли колода мѣсто начальное сборное "
             "переводятъ снимаютъ вскрываютъ раскладка пасьянсъ").split()


def witness_text(n: int, words: tuple[str, ...] | list[str] = WORDS,
                 markup: bool = False, debris: bool = False, lists: bool = False,
                 notes: bool = False) -> str:
    """A chapter with one game of ``n`` distinct sentences (paragraphs of 8; with ``markup``
    one paragraph of wiki-formatted sentences; with ``debris`` a sentence a paragraph, each
    followed by debris; with ``lists`` a wiki list, a sentence an item; with ``notes`` a
    Markdown page, a sentence a paragraph calling a note defined at the end; see the module
    doc)."""
    if notes:
        paras = [f"{words[(i * 7) % len(words)].capitalize()} {words[(i * 3) % len(words)]} "
                 f"{i}.[^{i}]" for i in range(n)]
        return ("# Глава L\n\n## Большой пасьянс\n\n" + "\n\n".join(paras) + "\n\n"
                + "".join(f"[^{i}]: Примечание {i}.\n" for i in range(n)))
    if lists:
        items = [f"* {words[(i * 7) % len(words)].capitalize()} {words[(i * 3) % len(words)]} {i}."
                 for i in range(n)]
        return "== Глава L ==\n\n== Большой пасьянс ==\n\n" + "\n".join(items) + "\n"
    paras, para = [], []
    for i in range(n):
        w = [words[(i * 7 + k * 3) % len(words)] for k in range(6)]
        if markup:
            para.append(f"{w[0].capitalize()} ''{w[1]}'' {i} [[{w[2]}|{w[2]}]] {w[3]} &amp; "
                        f"''{w[4]} {w[5]}.")
        else:
            para.append(f"{w[0].capitalize()} {w[1]} {i} {w[2]} {w[3]}, {w[4]} {w[5]}.")
        if debris:
            paras.append(para.pop() + "\n\n----\n\n{|\n| a || b\n|}")
        elif len(para) == 8 and not markup:
            paras.append(" ".join(para))
            para = []
    if para:
        paras.append(" ".join(para))
    return "Глава L. Большой пасьянс\n\nБольшой пасьянс. " + "\n\n".join(paras) + "\n"


def corpus_with(n: int, folder: Path) -> Path:
    root = folder / "corpus"
    shutil.copytree(REPO / "corpus", root, ignore=shutil.ignore_patterns("results"))
    data = witness_text(n).encode("utf-8")
    (root / "witnesses" / "900_big.txt").write_bytes(data)
    with (root / "manifest.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[[witness]]\nsiglum = "L"\nfile = "witnesses/900_big.txt"\n'
                f'sha256 = "{hashlib.sha256(data).hexdigest()}"\n')
    return root


def timed(fn):
    """(CPU seconds, result) of ``fn()``: CPU time, since the machine may be shared."""
    t = time.process_time()
    out = fn()
    return time.process_time() - t, out


def time_add(n: int, words=WORDS, markup: bool = False, debris: bool = False,
             lists: bool = False, notes: bool = False) -> float:
    """CPU seconds of ``add_witness`` of the ``n``-sentence witness into a copy of the corpus."""
    from extract.intake.add import add_witness
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "corpus"
        shutil.copytree(REPO / "corpus", root, ignore=shutil.ignore_patterns("results"))
        src = Path(tmp) / ("big.md" if notes else "big.txt")
        src.write_text(witness_text(n, words, markup, debris, lists, notes), encoding="utf-8")
        return timed(lambda: add_witness(src, root))[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,2000,4000,8000,16000")
    ap.add_argument("--skip-model", action="store_true",
                    help="time ids.assign only (no spaCy model build)")
    ap.add_argument("--add-only", action="store_true", help="time `edition add` only")
    ap.add_argument("--prereform", action="store_true",
                    help="the witness of `add` in pre-reform spelling (changes in every word)")
    ap.add_argument("--markup", action="store_true",
                    help="the witness of `add` a wiki page on one line (see the module doc)")
    ap.add_argument("--debris", action="store_true",
                    help="web debris after every sentence of the witness of `add` (module doc)")
    ap.add_argument("--lists", action="store_true",
                    help="the witness of `add` a wiki list, a sentence an item (module doc)")
    ap.add_argument("--notes", action="store_true",
                    help="the witness of `add` a Markdown page, a note a sentence (module doc)")
    args = ap.parse_args()
    from dataclasses import dataclass

    from extract.corpus import ids
    from extract.intake.checks import run_checks
    from extract.model.edition import build_edition

    @dataclass(frozen=True)
    class S:
        id: str
        original: str
        locked: bool = False

    print(f"machine: {describe()}")
    print("CPU seconds")
    print(f"{'sentences':>9} {'bytes':>10} {'step':<14} {'seconds':>8} {'s/1000 sent.':>13}")
    for n in (int(x) for x in args.sizes.split(",")):
        words = OLD_WORDS if args.prereform else WORDS
        text = witness_text(n, words, args.markup, args.debris, args.lists, args.notes)
        sents = [S("", f"Sentence {i} of a long witness, distinct.") for i in range(n)]
        lock = {f"big:{i + 1}": ids.LockEntry(f"big:{i + 1}", "L", ids.quote_of(s.original))
                for i, s in enumerate(sents)}
        rows = [("add", time_add(n, words, args.markup, args.debris, args.lists, args.notes))]
        if not args.add_only:
            rows.append(("ids.assign", timed(lambda: ids.assign("big", sents, lock))[0]))
        if not args.skip_model and not args.add_only:
            with tempfile.TemporaryDirectory() as tmp:
                root = corpus_with(n, Path(tmp))
                t, ed = timed(lambda: build_edition(root))
                rows.append(("build model", t))
                t, entries = timed(lambda: ids.updated_lock(ed))
                rows.append(("updated_lock", t))
                ids.write_lock(root, entries)
                ed = build_edition(root)
                rows.append(("run_checks", timed(lambda: run_checks(ed))[0]))
        for step, t in rows:
            print(f"{n:>9} {len(text.encode()):>10} {step:<14} {t:>8.3f} {1000 * t / n:>13.4f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
