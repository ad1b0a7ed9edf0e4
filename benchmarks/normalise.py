"""Benchmark: our normaliser against the ``prereform2modern`` package, accuracy and speed.

Run from the repository root::

    PYTHONPATH=. python benchmarks/normalise.py [--repeat N]

Inputs:

* the development set ``../shared/data/tolstoy_azbuka4_dev.jsonl`` (relative to the
  repository; L. N. Tolstoy, «Азбука», book IV, 1872, TEI <orig>/<reg> by Tolstoy.Digital,
  HSE, CC BY-SA). Its modern layer was made by a converter (apparently prereform2modern itself or
  its predecessor: it shares that tool's mistakes, e.g. 'маленькия') and is not gold: besides
  the raw figure we give an "adjudicated" one, on the tokens whose reference is modern (no
  ѣ, і, ѳ, ѵ, Latin i or final ъ left in it) with the reference errors listed in
  ``DEV_REFERENCE_FIXES`` corrected by hand;
* the hand-checked gold set ``tests/data/normalise_gold.tsv`` (orig TAB reg, ``\\n`` for a
  line break).

Token accuracy: texts are split into word tokens (``\\w+``); the output is compared token by
token with the reference (aligned with difflib if the counts differ), on all tokens and on
the tokens that the reference changes. Throughput: UTF-8 kilobytes of input per second,
best of ``--repeat`` runs after one warm-up run (dictionaries loaded, caches cleared for our
normaliser before each timed run so repeated words are not free across runs).

``prereform2modern`` is optional (``pip install prereform2modern``); if it cannot be
imported the script says so and measures ours alone.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import platform
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from extract import normalise as ours_module  # noqa: E402

DEV = REPO.parent / "shared" / "data" / "tolstoy_azbuka4_dev.jsonl"
GOLD = REPO / "tests" / "data" / "normalise_gold.tsv"
TOKEN = re.compile(r"\w+")
FAULTY_REF = re.compile(r"[ѣѢіІѳѲѵѴi]|[бвгджзклмнпрстфхцчшщ]ъ$", re.IGNORECASE)
# Reference tokens of the dev set checked by hand and found wrong (left unconverted or
# converted wrongly by the machine that made the modern layer): orig token -> right modern
# form. Used only for the "adjudicated" figure, together with leaving out the reference
# tokens that still hold old letters, Latin i or a final ъ (FAULTY_REF).
DEV_REFERENCE_FIXES = {
    "ея": "ее", "Ея": "Ее", "нея": "нее",
    "большаго": "большого",  # 'отъ большаго уйдешь', 'быка большаго и сильнаго'
    "маленькiя": "маленькие", "тощiя": "тощие", "короткiя": "короткие", "тонкiя": "тонкие",
    "легкiя": "легкие", "синiя": "синие", "переднiя": "передние",
    "электрическiя": "электрические", "сухiя": "сухие", "святительскiя": "святительские",
    "тучныя": "тучные", "прежняго": "прежнего", "другаго": "другого",
    "oнo": "оно", "еcть": "есть", "пapàми": "парàми",
}


def load_dev(path: Path = DEV) -> list[tuple[str, str]]:
    """Pairs (orig, reg) of the development set; the first line (provenance) is skipped."""
    pairs = []
    with path.open(encoding="utf-8") as f:
        for i, line in enumerate(f):
            rec = json.loads(line)
            if i == 0 and "orig" not in rec:
                continue
            pairs.append((rec["orig"], rec["reg"]))
    return pairs


def load_gold(path: Path = GOLD) -> list[tuple[str, str]]:
    """Pairs (orig, reg) of the gold set; ``#`` lines are comments, ``\\n`` is a line break."""
    pairs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        orig, reg = line.split("\t")
        pairs.append((orig.replace("\\n", "\n"), reg.replace("\\n", "\n")))
    return pairs


def ours(text: str) -> str:
    return ours_module.normalise(text).text


def clear_ours() -> None:
    for f in (ours_module._analyse, ours_module._known, ours_module._modern_word,
              ours_module._plural_adjective, ours_module._join_decision):
        f.cache_clear()
    ours_module._CACHES.clear()


def load_theirs():
    """The prereform2modern converter as a function, or (None, reason)."""
    try:
        from prereform2modern.process import Processor
    except Exception as e:  # noqa: BLE001 - report any failure
        return None, f"{type(e).__name__}: {e}"

    def theirs(text: str) -> str:
        return Processor.process_text(text, show=False, delimiters=False,
                                      check_brackets=False)[0]
    return theirs, None


def token_scores(pairs, outputs, adjudicated=False):
    """(correct, total, correct_changed, total_changed) over word tokens.

    ``adjudicated``: correct the reference by :data:`DEV_REFERENCE_FIXES` and leave out
    reference tokens that still hold pre-reform letters (:data:`FAULTY_REF`).
    """
    ok = tot = ok_ch = tot_ch = 0
    for (orig, reg), out in zip(pairs, outputs):
        o, r, h = TOKEN.findall(orig), TOKEN.findall(reg), TOKEN.findall(out)
        if len(o) != len(r):
            continue  # the reference re-tokenises: not comparable
        if len(h) == len(r):
            hyp = h
        else:
            hyp = [None] * len(r)
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, r, h,
                                                               autojunk=False).get_opcodes():
                if tag == "equal":
                    hyp[i1:i2] = h[j1:j2]
        for a, b, c in zip(o, r, hyp):
            if adjudicated:
                b = DEV_REFERENCE_FIXES.get(a, b)
                if FAULTY_REF.search(b):
                    continue
            tot += 1
            ok += b == c
            if a != b:
                tot_ch += 1
                ok_ch += b == c
    return ok, tot, ok_ch, tot_ch


def throughput(fn, texts, repeat, before=None) -> float:
    """Best KB/s over ``repeat`` runs of ``fn`` on every text (after one warm-up run)."""
    size = sum(len(t.encode("utf-8")) for t in texts) / 1024
    for t in texts[:5]:
        fn(t)
    best = float("inf")
    for _ in range(repeat):
        if before:
            before()
        t0 = time.perf_counter()
        for t in texts:
            fn(t)
        best = min(best, time.perf_counter() - t0)
    return size / best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per tool (best is kept)")
    args = ap.parse_args(argv)

    print(f"machine: {platform.platform()}; {platform.processor() or platform.machine()}; "
          f"{os.cpu_count()} CPUs; Python {platform.python_version()} "
          f"({platform.python_implementation()})")
    theirs, why = load_theirs()
    if theirs is None:
        print(f"prereform2modern: NOT AVAILABLE ({why}); install it with "
              f"`pip install prereform2modern` to compare")
    else:
        import importlib.metadata as md
        print(f"prereform2modern {md.version('prereform2modern')}")

    sets = []
    if DEV.exists():
        sets.append(("dev (Tolstoy.Digital, Azbuka IV)", load_dev()))
    else:
        print(f"dev set missing: {DEV} not found (expected ../shared/data next to the "
              f"repository); skipping it")
    sets.append(("gold (tests/data/normalise_gold.tsv)", load_gold()))

    tools = [("ours", ours, clear_ours)]
    if theirs is not None:
        tools.append(("prereform2modern", theirs, None))
    for name, pairs in sets:
        texts = [o for o, _ in pairs]
        kb = sum(len(t.encode("utf-8")) for t in texts) / 1024
        print(f"\n== {name}: {len(pairs)} texts, {kb:.1f} KB")
        for tname, fn, before in tools:
            outs = [fn(t) for t in texts]
            ok, tot, okc, totc = token_scores(pairs, outs)
            line = (f"  {tname:17s} tokens {ok / tot:.4f} ({ok}/{tot}); changed tokens "
                    f"{okc / max(totc, 1):.4f} ({okc}/{totc})")
            if name.startswith("dev"):
                ok2, tot2, okc2, totc2 = token_scores(pairs, outs, adjudicated=True)
                line += (f"\n  {'':17s} adjudicated reference: tokens {ok2 / tot2:.4f} "
                         f"({ok2}/{tot2}); changed tokens {okc2 / max(totc2, 1):.4f} "
                         f"({okc2}/{totc2})")
            print(line)
            print(f"  {'':17s} throughput {throughput(fn, texts, args.repeat, before):.0f} KB/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
