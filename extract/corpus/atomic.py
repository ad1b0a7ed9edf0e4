"""Safe writing: atomic file replacement and the corpus write lock.

Every command that writes ``corpus/`` (``add``, ``lock``) holds :func:`corpus_lock` for the
whole read-modify-write, so two writers never interleave: the second waits (up to ``timeout``
seconds) and then fails with a clear message. ``check`` holds it shared, so it waits for a
writer instead of reporting a write half done. Files are
replaced atomically (temporary file in the same folder, fsync, rename), so a reader sees the
old or the new file, never half of one.
"""
from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import time
from pathlib import Path

from ..text.errors import EditionError

#: how long a second writer waits for the corpus lock before giving up (seconds;
#: ``$EDITION_LOCK_TIMEOUT`` sets it)
def env_seconds(default: float) -> float | None:
    """``$EDITION_LOCK_TIMEOUT`` as seconds (unset or empty: ``default``); None if it is not
    a number (:func:`folder_lock` then stops with a message naming it, not a traceback at
    import)."""
    value = os.environ.get("EDITION_LOCK_TIMEOUT")
    if not value:
        return default
    try:
        seconds = float(value)
    except ValueError:
        return None
    return None if seconds != seconds else seconds   # NaN would wait for ever


LOCK_TIMEOUT = env_seconds(120)
#: the prefix of temporary files written beside their target (``check`` reports leftovers)
TMP_PREFIX = ".tmp-"


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (mode 0644). On any error the old file is
    intact and the temporary file is removed."""
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f"{TMP_PREFIX}{path.name}.")
    except OSError as e:   # a folder that cannot be written: name the file, not the temporary
        raise OSError(e.errno, e.strerror or str(e), str(path)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)   # mkstemp makes 0600; a corpus file is readable by all
        os.replace(tmp, path)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        if e.filename is None:   # a failed write (disk full...) names no file by itself
            raise OSError(e.errno, e.strerror or str(e), str(path)) from None
        raise
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def folder_lock(folder: Path, name: str | None, what: str, timeout: float | None = LOCK_TIMEOUT,
                shared: bool = False):
    """Hold an exclusive ``fcntl.flock`` on ``folder/name`` (created if need be), or on the
    folder itself when ``name`` is None (nothing is written into it), while the block runs.
    A second holder waits up to ``timeout`` seconds, then EditionError. The lock dies with
    its process, so a killed writer never leaves it held. ``shared``: a reader's lock (many
    readers at once; it waits only for an exclusive holder, a writer)."""
    if timeout is None:
        raise EditionError(f"EDITION_LOCK_TIMEOUT={os.environ.get('EDITION_LOCK_TIMEOUT')!r} is "
                           f"not a number of seconds",
                           fix="set it to a number (e.g. EDITION_LOCK_TIMEOUT=120) or unset it")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder if name is None else folder / name
    fd = os.open(path, os.O_RDONLY) if name is None else os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    busy = ("is being written by another edition command (add or lock)"
                            if shared else "is in use by another edition command")
                    raise EditionError(f"{what} {busy} (waited {timeout:.0f} s)", path,
                                       fix="wait for the other command to finish, then run this "
                                           "one again") from None
                time.sleep(0.1)
        yield
    finally:
        os.close(fd)   # closing releases the lock


def corpus_lock(root: Path, timeout: float | None = LOCK_TIMEOUT, shared: bool = False):
    """The corpus write lock: a lock on the corpus folder itself (see :func:`folder_lock`);
    ``shared`` for a reader (``check``) that must not see a write half done."""
    return folder_lock(Path(root), None, f"the corpus {root}", timeout, shared)
