"""Benchmark: how many chapter layouts `edition add FILE` takes in unaided.

Run from the repository root::

    PYTHONPATH=. python benchmarks/intake_layouts.py [FOLDER] [--expected FILE]

For every ``*.txt`` in FOLDER (default ``tests/data/layouts``) it runs ``add_witness(FILE,
dry_run=True)`` against a scratch copy of the corpus, with no option (no siglum, no title), and
prints per file: whether it went in (or was refused as expected, with a fix), the derived
siglum, the games found against the games expected (``expected.toml`` in the folder, when it
lists the file: slug, which comes from the title, sentence count and first words), the
furniture lines the file lists that ended up inside a sentence, the warnings and the time
taken; and, over all files, the footnotes (``footnotes`` in expected.toml: game, marker,
text) attached to a sentence of the right game, and any attached that the list lacks; then the totals and the machine. A file the expected list does not name is counted
for "went in" only. Nothing in the real corpus is written.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def main() -> None:
    from benchmarks.machine import describe
    from extract.intake.add import add_witness
    from extract.text.errors import EditionError

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", nargs="?", type=Path, default=REPO / "tests" / "data" / "layouts")
    ap.add_argument("--expected", type=Path, default=None,
                    help="expected.toml (default: the one in FOLDER, if any)")
    args = ap.parse_args()
    exp_file = args.expected or args.folder / "expected.toml"
    expected = {}
    if exp_file.is_file():
        expected = {c["file"]: c for c in tomllib.loads(exp_file.read_text(encoding="utf-8"))["layout"]}
    files = sorted(args.folder.glob("*.txt"))
    print(f"intake of {len(files)} layout files from {args.folder} with `edition add FILE --dry-run`"
          f" (no other option)")
    went_in = exact = games_found = games_expected = titled = furniture_in = furniture_all = 0
    notes_right = notes_all = notes_made_up = 0
    refused_right = 0
    with tempfile.TemporaryDirectory(prefix="intake-bench-") as tmp:
        corpus = Path(tmp) / "corpus"
        shutil.copytree(REPO / "corpus", corpus, ignore=shutil.ignore_patterns("results"))
        for f in files:
            exp = expected.get(f.name)
            t0 = time.perf_counter()
            try:
                added = add_witness(f, root=corpus, dry_run=True)
            except EditionError as e:
                right = bool(exp and exp.get("refused") and exp["refused"] in str(e) and e.fix)
                refused_right += right
                exact += right
                print(f"  {f.name}: REFUSED{' as expected' if right else ''} "
                      f"({time.perf_counter() - t0:.1f} s): {str(e).splitlines()[0][:160]}")
                games_expected += len(exp.get("games", ())) if exp else 0
                continue
            dt = time.perf_counter() - t0
            went_in += 1
            got = [(slug, n) for slug, _, n in added.games]
            line = (f"  {f.name}: in ({dt:.1f} s), siglum {added.siglum} from "
                    f"{added.siglum_from}, {len(got)} games")
            if exp and exp.get("refused"):
                print(f"  {f.name}: went in, but should have been refused ({exp['refused']})")
                continue
            if exp:
                want = [tuple(g[:2]) for g in exp["games"]]
                hit = len(set(got) & set(want))
                firsts = {g[0]: g[2] for g in exp["games"] if len(g) > 2}
                sentences = [t for _, t in added.sentence_texts]
                first = {}
                for sid, t in added.sentence_texts:
                    first.setdefault(sid.split(":")[0], " ".join(t.split()))
                titled += sum(1 for g in want if g in set(got) and
                              first.get(g[0], "").startswith(firsts.get(g[0], "")))
                for fl in exp.get("furniture", ()):
                    furniture_all += 1
                    furniture_in += any(fl in s_ for s_ in sentences)
                want_notes = [tuple(x) for x in exp.get("footnotes", ())]
                notes_all += len(want_notes)
                notes_right += sum(1 for x in want_notes if x in added.footnotes)
                notes_made_up += sum(1 for x in added.footnotes if x not in want_notes)
                games_found += hit
                games_expected += len(want)
                exact += got == want and added.siglum == exp["siglum"]
                line += f" ({hit}/{len(want)} as expected" + \
                    ("" if added.siglum == exp["siglum"] else
                     f"; siglum expected {exp['siglum']}") + ")"
            print(line + (f", {len(added.warnings)} warning(s)" if added.warnings else ""))
            for slug, n in got:
                print(f"      {slug}: {n} sentences")
            for n, msg in added.warnings:
                print(f"      warning line {n}: {msg[:100]}")
    print(f"went in unaided: {went_in}/{len(files)}; refused with a fix as expected: "
          f"{refused_right}/{sum(1 for e in expected.values() if e.get('refused'))}")
    if expected:
        print(f"exactly as expected (games, sentence counts, siglum): {exact}/{len(expected)}; "
              f"games found as expected: {games_found}/{games_expected}; with the right title "
              f"and first words: {titled}/{games_expected}")
        print(f"furniture lines inside a sentence: {furniture_in}/{furniture_all}")
        print(f"footnotes attached to their sentence as expected: {notes_right}/{notes_all}; "
              f"footnotes made up: {notes_made_up}")
    print(f"machine: {describe()}")


if __name__ == "__main__":
    main()
