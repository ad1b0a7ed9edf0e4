"""Site build time: a clean build and a no-change rebuild, medians of several runs.

    python benchmarks/build.py [--runs 3]

Each run calls the `edition build` CLI in a fresh process on a temporary output folder,
as a user would. Aims (issue 2): clean build under 20 s, no-change rebuild under 3 s.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from machine import describe  # noqa: E402


def timed(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    edition = [sys.executable, "-m", "extract.cli", "build", "-q", "--out"]
    clean, rebuild = [], []
    for _ in range(args.runs):
        tmp = Path(tempfile.mkdtemp())
        out = tmp / "html"
        clean.append(timed(edition + [str(out)]))
        rebuild.append(timed(edition + [str(out)]))
        shutil.rmtree(tmp)
    print(f"machine: {describe()}")
    print(f"clean build:       median {statistics.median(clean):.2f} s over {args.runs} runs "
          f"({', '.join(f'{x:.2f}' for x in clean)}); aim < 20 s")
    print(f"no-change rebuild: median {statistics.median(rebuild):.2f} s over {args.runs} runs "
          f"({', '.join(f'{x:.2f}' for x in rebuild)}); aim < 3 s")


if __name__ == "__main__":
    main()
