"""Benchmark: our normaliser against the ``prereform2modern`` package, accuracy and speed;
our sentence segmentation against spaCy's rule-based ``sentencizer``, F1 and speed.

Run from the repository root::

    PYTHONPATH=. python benchmarks/normalise.py [--repeat N] [--segment-mb MB] [--smoke]
    PYTHONPATH=. python benchmarks/normalise.py --speed [--rounds N]

``--speed`` prints only the yardstick of issue 20: our normaliser against prereform2modern,
in-process, on the first ~100 KB (UTF-8) of the development set's pre-reform layer, cold (our
caches cleared before the run; prereform2modern keeps none) and warm (the same text again,
caches kept), as CPU-time ratios: the median over ``--rounds`` interleaved rounds (ours cold,
theirs, ours warm, theirs, in each round), so that a loaded machine slows both alike.

Inputs:

* the development set ``../shared/data/tolstoy_azbuka4_dev.jsonl`` (relative to the
  repository; L. N. Tolstoy, «Азбука», book IV, 1872, TEI <orig>/<reg> by Tolstoy.Digital,
  HSE, CC BY-SA). Its modern layer was made by a converter (apparently prereform2modern itself or
  its predecessor: it shares that tool's mistakes, e.g. 'маленькия') and is not gold: besides
  the raw figure we give an "adjudicated" one, on the tokens whose reference is modern (no
  ѣ, і, ѳ, ѵ, Latin i or final ъ left in it) with the reference errors listed in
  ``DEV_REFERENCE_FIXES`` corrected by hand and the Latin letters it keeps inside Russian
  words read as Cyrillic;
* the hand-checked gold set ``tests/data/normalise_gold.tsv`` (orig TAB reg, ``\\n`` for a
  line break), written for the project;
* the hand-checked held-out gold set ``benchmarks/data/azbuka3_gold.tsv`` (Tolstoy, «Азбука»,
  book III, 1872: real pre-reform text with its encoding noise; see benchmarks/data/README.md);
* for segmentation, ``benchmarks/data/segment_gold.json`` (pages 12-18 of the same book, with
  hand-made sentence boundaries): boundary precision, recall and F1 (a boundary is the end
  offset of a sentence, trailing whitespace excluded), and the time to segment one paragraph
  of ``--segment-mb`` megabytes (the seed chapters repeated, line breaks removed).

Token accuracy: texts are split into word tokens (``\\w+``); the output is aligned with the
reference by difflib (token by token when the counts agree) and a reference token is right if
it is aligned with an equal output token; figures are given on all reference tokens and on
the tokens that the reference changes (those not aligned with an equal original token). Throughput: UTF-8 kilobytes of input per second,
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

from extract.text import normalise as ours_module  # noqa: E402

DEV = REPO.parent / "shared" / "data" / "tolstoy_azbuka4_dev.jsonl"
GOLD = REPO / "tests" / "data" / "normalise_gold.tsv"
HELD_OUT = REPO / "benchmarks" / "data" / "azbuka3_gold.tsv"
SEGMENT_GOLD = REPO / "benchmarks" / "data" / "segment_gold.json"
TOKEN = re.compile(r"(?:\w|[\u0300-\u036f])+")
MARKS = re.compile(r"[\u0300-\u036f]")
# Latin letters that the dev set's reference keeps inside Russian words (OCR look-alikes, also
# stressed vowels printed as accented Latin letters): read as the Cyrillic letter when
# adjudicating.
LATIN_IN_REF = str.maketrans("aceopxyAOCEPXáàéèóòýÁÉÓ", "асеорхуАОСЕРХааееооуАЕО")
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
    "oнo": "оно", "еcть": "есть", "пapàми": "парами",
    # OCR misprints in the printed text that the reference copies (checked by hand)
    "ужь": "уж", "позваль": "позвал", "тоть": "тот", "будешъ": "будешь",
    "Демъянъ": "Демьян", "Лѣзуть": "Лезут", "подоконннкѣ": "подоконнике", "тамь": "там",
    "одинь": "один", "Выбиратъ": "Выбирать", "пятъсотъ": "пятьсот", "ладонъ": "ладонь",
    "внночерпiя": "виночерпия", "корзипѣ": "корзине", "Промежь": "Промеж",
    "промежь": "промеж",
    # chapter numerals that OCR read with Cyrillic Х, І, which the reference copies (rule
    # ocr-roman reads them in Latin letters)
    "ХL": "XL", "ХLI": "XLI", "ХХХVІІ": "XXXVII",
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
    """Pairs (orig, reg) of a gold set; ``#`` lines are comments, ``\\n`` is a line break.

    Raises EditionError (file, line, fix) for a line that is not two TAB-separated fields.
    """
    from extract.text.errors import EditionError
    pairs = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 2:
            raise EditionError(f"expected 2 TAB-separated fields, found {len(fields)}", path, n,
                               fix="write the printed text, one TAB, the modern text")
        orig, reg = fields
        pairs.append((orig.replace("\\n", "\n"), reg.replace("\\n", "\n")))
    return pairs


def ours(text: str) -> str:
    return ours_module.normalise(text).text


def clear_ours() -> None:
    """Clear every cache of our normaliser (each ``lru_cache`` of the module and the word
    caches); the pymorphy3 dictionary stays loaded."""
    for f in vars(ours_module).values():
        if hasattr(f, "cache_clear"):
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


def _equal_positions(a: list[str], b: list[str]) -> set[int]:
    """Indices of ``a`` aligned (by difflib) with an equal token of ``b``."""
    if len(a) == len(b):
        return {i for i, (x, y) in enumerate(zip(a, b)) if x == y}
    out = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            out.update(range(i1, i2))
    return out


def tokens(text: str) -> list[str]:
    """Word tokens of ``text`` with stress marks (combining accents) removed: an accent is
    typography, not spelling."""
    return [MARKS.sub("", t) for t in TOKEN.findall(text)]


def _adjudicate(orig_tok: str, ref_tok: str) -> str:
    """The dev reference token corrected: :data:`DEV_REFERENCE_FIXES`, then Latin letters
    inside a Russian word (or a lone Latin look-alike letter) read as Cyrillic."""
    ref_tok = DEV_REFERENCE_FIXES.get(orig_tok, ref_tok)
    if re.search("[а-яё]", ref_tok, re.IGNORECASE) or ref_tok in ("a", "A", "o", "c"):
        ref_tok = ref_tok.translate(LATIN_IN_REF)
    return ref_tok


def token_scores(pairs, outputs, adjudicated=False):
    """(correct, total, correct_changed, total_changed) over the reference's word tokens.

    ``adjudicated``: correct the reference by :data:`DEV_REFERENCE_FIXES` and leave out
    reference tokens that still hold pre-reform letters (:data:`FAULTY_REF`); the dev set's
    reference is used token by token, so pairs whose token counts differ are skipped there.
    """
    ok = tot = ok_ch = tot_ch = 0
    for (orig, reg), out in zip(pairs, outputs):
        o, r, h = tokens(orig), tokens(reg), tokens(out)
        if adjudicated:
            if len(o) != len(r):
                continue
            r = [_adjudicate(a, b) for a, b in zip(o, r)]
        right = _equal_positions(r, h)
        kept = _equal_positions(r, o)
        for i, b in enumerate(r):
            if adjudicated and FAULTY_REF.search(b):
                continue
            tot += 1
            ok += i in right
            if i not in kept:
                tot_ch += 1
                ok_ch += i in right
    return ok, tot, ok_ch, tot_ch


def load_segment_gold(path: Path = SEGMENT_GOLD) -> tuple[str, list[tuple[int, int]]]:
    """The segmentation gold: its text and the sentence spans (offsets into the text).

    Raises EditionError (file, fix) if a sentence is not found in order in the text.
    """
    from extract.text.errors import EditionError
    data = json.loads(path.read_text(encoding="utf-8"))
    text, spans, pos = data["text"], [], 0
    for s in data["sentences"]:
        k = text.find(s, pos)
        if k < 0:
            raise EditionError(f"sentence {s[:40]!r} is not in the text after offset {pos}",
                               path, fix="copy sentences exactly and in order from `text`")
        spans.append((k, k + len(s)))
        pos = k + len(s)
    return text, spans


def boundary_f1(gold: list[tuple[int, int]], found: list[tuple[int, int]]):
    """(precision, recall, F1, true positives, found, gold) over sentence end offsets."""
    g, f = {e for _, e in gold}, {e for _, e in found}
    tp = len(g & f)
    p = tp / len(f) if f else 0.0
    r = tp / len(g) if g else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0), tp, len(f), len(g)


def sentencizer_spans(text: str) -> list[tuple[int, int]]:
    """spaCy's rule-based sentencizer (blank ``ru``) on each blank-line paragraph: the
    baseline."""
    import spacy
    from extract.corpus.structure import paragraphs
    nlp = spacy.blank("ru")
    nlp.add_pipe("sentencizer")
    out = []
    for s, e in paragraphs(text):
        for sent in nlp(text[s:e]).sents:
            a, b = s + sent.start_char, s + sent.end_char
            while b > a and text[b - 1].isspace():
                b -= 1
            out.append((a, b))
    return out


def segmentation(segment_mb: float) -> None:
    """Print boundary F1 on the segmentation gold (ours and the baseline) and our time on
    one long paragraph."""
    from extract.corpus.structure import segment_text
    text, gold = load_segment_gold()
    print(f"\n== segmentation gold ({SEGMENT_GOLD.relative_to(REPO)}): {len(gold)} sentences, "
          f"{len(text.encode('utf-8')) / 1024:.1f} KB")
    ours_spans = [(s["start"], s["end"]) for s in segment_text(text)]
    for name, spans in (("ours", ours_spans), ("spaCy sentencizer", sentencizer_spans(text))):
        p, r, f, tp, nf, ng = boundary_f1(gold, spans)
        print(f"  {name:17s} boundary P {p:.3f} R {r:.3f} F1 {f:.3f} ({tp} of {nf} found, "
              f"{ng} gold)")
    missed = sorted({e for _, e in gold} - {e for _, e in ours_spans})
    extra = sorted({e for _, e in ours_spans} - {e for _, e in gold})
    for label, ends in (("missed", missed), ("extra", extra)):
        for e in ends[:8]:
            print(f"    {label}: ...{text[max(0, e - 40):e]!r} | {text[e:e + 25]!r}")
    seeds = " ".join(p.read_text(encoding="utf-8")
                     for p in sorted((REPO / "corpus" / "witnesses").glob("*.txt")))
    seeds = re.sub(r"\s*\n\s*", " ", seeds)
    n = int(segment_mb * 1_000_000 * len(seeds) / len(seeds.encode("utf-8")))
    para = ((seeds + " ") * (n // len(seeds) + 1))[:n]
    t0 = time.perf_counter()
    found = segment_text(para)
    dt = time.perf_counter() - t0
    print(f"  one paragraph of {len(para.encode('utf-8')) / 1e6:.2f} MB ({len(para):,} "
          f"characters): {len(found):,} sentences in {dt:.1f} s "
          f"({len(para.encode('utf-8')) / 1024 / dt:.0f} KB/s, normaliser and spaCy included)")


# Letter confusions of Cyrillic OCR on pre-reform print, for the synthetic noise set: printed
# letter -> what OCR gives.
OCR_NOISE = {"ѣ": "ь", "и": "н", "н": "и", "п": "н", "ъ": "ь", "ь": "ъ", "ы": "м", "г": "і",
             "о": "o", "с": "c", "а": "a", "е": "e", "р": "p"}


def with_ocr_noise(pairs, seed: int = 1, rate: float = 0.02):
    """The pairs with the printed side corrupted: each letter of :data:`OCR_NOISE` replaced with
    probability ``rate`` (at most one per word), deterministically from ``seed``. Synthetic:
    a stand-in for real OCR output, labelled as such wherever it is printed."""
    import random
    rng = random.Random(seed)
    out = []
    for orig, reg in pairs:
        words = re.split(r"(\W+)", orig)
        for k, w in enumerate(words):
            spots = [i for i, c in enumerate(w) if c in OCR_NOISE]
            if spots and rng.random() < rate * len(spots):
                i = rng.choice(spots)
                words[k] = w[:i] + OCR_NOISE[w[i]] + w[i + 1:]
        out.append(("".join(words), reg))
    return out


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


def first_kb(pairs, kb: float = 100.0) -> list[str]:
    """The printed (pre-reform) texts of ``pairs`` from the start until ``kb`` KB (UTF-8)."""
    out, size = [], 0
    for orig, _ in pairs:
        if size >= kb * 1024:
            break
        out.append(orig)
        size += len(orig.encode("utf-8"))
    return out


def speed(rounds: int) -> None:
    """Print the normaliser yardstick (see the module docstring): CPU seconds of each run and
    the median ratios prereform2modern / ours, cold and warm."""
    import statistics
    theirs, why = load_theirs()
    if theirs is None:
        print(f"prereform2modern: NOT AVAILABLE ({why}); no ratio to print")
        return
    texts = first_kb(load_dev())
    kb = sum(len(t.encode("utf-8")) for t in texts) / 1024
    print(f"== yardstick: first {kb:.1f} KB of the dev set's pre-reform layer ({len(texts)} "
          f"texts), CPU time, {rounds} interleaved rounds")

    def cpu(fn) -> float:
        t0 = time.process_time()
        for t in texts:
            fn(t)
        return time.process_time() - t0

    ours(texts[0]), theirs(texts[0])   # dictionaries loaded: not part of either figure
    cold, warm = [], []
    for r in range(rounds):
        clear_ours()
        oc = cpu(ours)
        tc = cpu(theirs)
        ow = cpu(ours)
        tw = cpu(theirs)
        cold.append(tc / oc)
        warm.append(tw / ow)
        print(f"  round {r + 1}: ours cold {oc:.3f} s, warm {ow:.3f} s; prereform2modern "
              f"{tc:.3f} s, {tw:.3f} s; ratio cold {tc / oc:.1f}x, warm {tw / ow:.1f}x")
    print(f"  median: ours {statistics.median(cold):.1f}x faster than prereform2modern cold, "
          f"{statistics.median(warm):.1f}x warm (goal: >= 10x cold, >= 25x warm)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per tool (best is kept)")
    ap.add_argument("--segment-mb", type=float, default=2.0,
                    help="size of the long paragraph timed for segmentation (MB)")
    ap.add_argument("--smoke", action="store_true",
                    help="a quick run: one timed run, a 0.05 MB paragraph, no dev set")
    ap.add_argument("--speed", action="store_true",
                    help="only the speed yardstick against prereform2modern (issue 20)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds for --speed")
    args = ap.parse_args(argv)
    if args.smoke:
        args.repeat, args.segment_mb = 1, 0.05

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
    if args.speed:
        speed(args.rounds)
        return 0

    sets = []
    if args.smoke:
        pass
    elif DEV.exists():
        sets.append(("dev (Tolstoy.Digital, Azbuka IV)", load_dev()))
    else:
        print(f"dev set missing: {DEV} not found (expected ../shared/data next to the "
              f"repository); skipping it")
    sets.append(("gold (tests/data/normalise_gold.tsv)", load_gold()))
    sets.append(("held-out gold (benchmarks/data/azbuka3_gold.tsv, Azbuka III)",
                 load_gold(HELD_OUT)))
    sets.append(("the same with SYNTHETIC OCR noise (2% of confusable letters, seed 1)",
                 with_ocr_noise(load_gold(HELD_OUT))))

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
    segmentation(args.segment_mb)
    return 0


if __name__ == "__main__":
    sys.exit(main())
