"""Benchmark: our segmenter (``extract.corpus.structure.segment_text``: normaliser, spaCy tokenizer and
the edition's sentence rules) against spaCy's ``blank("ru")`` + ``sentencizer`` (issue 20's
yardstick), on the same modern text.

    PYTHONPATH=. python benchmarks/segment.py [--rounds N] [--sizes 10,100,1000]

The text is the development set's modern layer (``../shared/data/tolstoy_azbuka4_dev.jsonl``,
one paragraph a record, blank lines between), repeated and cut at a paragraph end to each
size in KB (UTF-8); the last row is one paragraph of the largest size (line breaks and blank
lines made spaces). The sentencizer gets each text as one Doc (``nlp.max_length`` raised).
Figures are CPU seconds, the median of ``--rounds`` interleaved rounds (ours, then the
sentencizer, in each round), and the ratio sentencizer / ours (above 1: ours is faster), and
ours in microseconds per KB: a linear segmenter keeps that figure flat as the size grows.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from machine import describe  # noqa: E402
sys.path[:] = [str(REPO)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

DEV = REPO.parent / "shared" / "data" / "tolstoy_azbuka4_dev.jsonl"


def modern_text(kb: int) -> str:
    """The dev set's modern layer, paragraphs joined by blank lines, repeated to ``kb`` KB
    (without the dev set: the corpus witnesses' paragraphs, not the yardstick)."""
    paras = []
    if DEV.exists():
        with DEV.open(encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                if "reg" in rec:
                    paras.append(rec["reg"].strip())
    else:
        for p in sorted((REPO / "corpus" / "witnesses").glob("*.txt")):
            paras += [x.strip() for x in p.read_text(encoding="utf-8").split("\n\n") if x.strip()]
    out, size, k = [], 0, 0
    while size < kb * 1024:
        p = paras[k % len(paras)]
        out.append(p)
        size += len(p.encode("utf-8")) + 2
        k += 1
    return "\n\n".join(out)


def cpu(fn, text: str) -> float:
    t0 = time.process_time()
    fn(text)
    return time.process_time() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sizes", default="10,100,1000", help="sizes in KB")
    ap.add_argument("--smoke", action="store_true", help="one round at 10 KB")
    args = ap.parse_args(argv)
    if args.smoke:
        args.rounds, args.sizes = 1, "10"
    import spacy
    from extract.corpus.structure import segment_text
    print(f"machine: {describe()}; spaCy {spacy.__version__}")
    if not DEV.exists():
        print(f"dev set missing: {DEV} not found; timing the corpus witnesses instead "
              f"(not the yardstick)")
    nlp = spacy.blank("ru")
    nlp.add_pipe("sentencizer")
    nlp.max_length = 100_000_000

    def theirs(text: str) -> int:
        return sum(1 for _ in nlp(text).sents)

    def ours(text: str) -> int:
        return len(segment_text(text))

    sizes = [int(x) for x in args.sizes.split(",")]
    cases = [(f"{kb} KB", modern_text(kb)) for kb in sizes]
    big = modern_text(sizes[-1])
    cases.append((f"{sizes[-1]} KB, one paragraph", " ".join(big.split())))
    ours(cases[0][1][:2000]), theirs(cases[0][1][:2000])   # dictionaries and models loaded
    print(f"CPU seconds, median of {args.rounds} interleaved rounds")
    print(f"{'text':<24} {'sentences':>9} {'ours s':>8} {'sentencizer s':>13} "
          f"{'ratio':>6} {'ours us/KB':>10}")
    for name, text in cases:
        o, t = [], []
        for _ in range(args.rounds):
            o.append(cpu(ours, text))
            t.append(cpu(theirs, text))
        mo, mt = statistics.median(o), statistics.median(t)
        kb = len(text.encode("utf-8")) / 1024
        print(f"{name:<24} {ours(text):>9} "
              f"{mo:>8.3f} {mt:>13.3f} {mt / mo:>5.2f}x {1e6 * mo / kb:>10.0f}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
