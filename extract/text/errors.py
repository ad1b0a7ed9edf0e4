"""The one error type the toolkit raises for bad input: it names the file, the line and the fix."""
from __future__ import annotations

import bisect
import os  # a file name that is not UTF-8 shows its bytes as \xNN
import re
from pathlib import Path


class EditionError(Exception):
    """Bad input to the edition: a corpus file, a witness, an option.

    ``file`` (path or None), ``line`` (1-based or None), ``message`` (what is wrong) and
    ``fix`` (what to do) are kept as attributes; ``str()`` gives one readable block.
    """

    def __init__(self, message: str, file: str | Path | None = None, line: int | None = None,
                 fix: str | None = None):
        self.message, self.file, self.line, self.fix = message, file, line, fix
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            name = os.fsencode(self.file).decode("utf-8", "backslashreplace")
            where = f"{name}:{self.line}: " if self.line else f"{name}: "
        text = where + self.message
        if self.fix:
            text += f"\n  fix: {self.fix}"
        return text


def line_of(text: str, offset: int) -> int:
    """The 1-based line number of character ``offset`` in ``text``."""
    return text.count("\n", 0, offset) + 1


def line_finder(text: str):
    """A function ``offset -> 1-based line number`` for ``text``, the same as
    :func:`line_of` but for many offsets of one text: the line starts are found once and
    searched (O(log lines) a call, where :func:`line_of` counts from the start each time)."""
    ends = [m.start() for m in re.finditer("\n", text)]
    return lambda offset: bisect.bisect_left(ends, offset) + 1
