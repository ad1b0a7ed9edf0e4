"""The machine's description, printed by every benchmark."""
from __future__ import annotations

import os
import platform


def describe() -> str:
    """One line: OS, CPU model, core count, memory, Python."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), cpu)
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            kb = int(next(ln.split()[1] for ln in f if ln.startswith("MemTotal")))
        mem = f", {kb / 2**20:.0f} GiB"
    except (OSError, StopIteration):
        pass
    return (f"{platform.system()} {platform.release()}; {cpu}; {os.cpu_count()} cores{mem}; "
            f"Python {platform.python_version()}")
