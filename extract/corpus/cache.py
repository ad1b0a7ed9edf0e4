"""The disk cache of built data (the model, the collation, the example deals): data, never code.

An entry is a JSON file ``<name>-<key>.json`` in the cache folder
(``$XDG_CACHE_HOME/patience-edition`` for the CLI). JSON was chosen over a pickle because
reading a pickle runs whatever code the file names, so anyone who can write the cache folder
could run code in every later command; an HMAC-signed pickle would need a secret kept
somewhere else that is no safer than the folder itself. JSON only ever yields data: the
few extra shapes the model needs are written as one-key objects (``{"\\u0000T": [...]}`` a
tuple, ``"\\u0000F"`` a frozenset, ``"\\u0000P"`` a path, ``"\\u0000D"`` a dict whose keys are
not plain strings, ``"\\u0000C"`` + ``"\\u0000f"`` a dataclass), and a dataclass is made only
from the classes its reader names (:func:`loads` ``classes``), through its own ``__init__``,
and only when its fields hold values of their declared types, checked all the way down
(a tuple of Sentences holds only Sentences).

The cache is an optimisation, never a risk: an entry that is damaged, foreign (not JSON of
the expected shape) or unreadable is rebuilt, with a one-line warning on stderr; when the
folder cannot be written (read-only, disk full) the command runs without the cache, with a
one-line warning, and its result is the same.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import os
import sys
import types
import typing
from pathlib import Path, PurePath

from . import atomic  # write_atomic: a unique temporary file, so concurrent runs never clash

_T, _F, _P, _D, _C, _FIELDS = "\0T", "\0F", "\0P", "\0D", "\0C", "\0f"


def _data(o):
    """``o`` as plain JSON values (see the module's docstring); TypeError for anything else."""
    if o is None or isinstance(o, (str, bool, int, float)):
        return o
    if isinstance(o, list):
        return [_data(x) for x in o]
    if isinstance(o, tuple):
        return {_T: [_data(x) for x in o]}
    if isinstance(o, dict):
        if all(type(k) is str and not k.startswith("\0") for k in o):
            return {k: _data(v) for k, v in o.items()}
        return {_D: [[_data(k), _data(v)] for k, v in o.items()]}
    if isinstance(o, frozenset):
        return {_F: sorted((_data(x) for x in o), key=repr)}
    if isinstance(o, PurePath):
        return {_P: str(o)}
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return {_C: type(o).__name__,
                _FIELDS: {f.name: _data(getattr(o, f.name)) for f in dataclasses.fields(o)
                          if f.init}}
    raise TypeError(f"the cache holds data only, not a {type(o).__name__}")


def dumps(value) -> bytes:
    """``value`` (None, bool, int, float, str, list, tuple, dict, frozenset, Path and
    dataclasses of these) as UTF-8 JSON bytes. Raises TypeError for any other type."""
    return json.dumps(_data(value), ensure_ascii=False, separators=(",", ":")).encode()


class Foreign(ValueError):
    """A cache file that is not an entry this code wrote (damaged, foreign or of another
    shape)."""


@functools.lru_cache(maxsize=None)
def _field_types(cls) -> dict[str, object]:
    """The declared type of each field of the dataclass ``cls`` (its annotations, resolved
    in its own module: the toolkit's source, never the cache's text)."""
    try:
        return typing.get_type_hints(cls)
    except Exception:                   # an annotation that does not resolve: checked by none
        return {}


def _fits(value, t) -> bool:
    """Whether ``value`` has the declared type ``t`` all the way down (``tuple[Sentence, ...]``
    holds only Sentences, ``dict[str, tuple[Unit, ...]]`` only such pairs); a type this
    does not know (a bare name, ``Any``) admits anything."""
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(value, a) for a in args)
    if t is type(None):
        return value is None
    if t is float:
        return isinstance(value, (int, float))
    if origin is None:
        if t in (Path, PurePath):
            return isinstance(value, PurePath)
        return isinstance(value, t) if isinstance(t, type) else True
    if not isinstance(origin, type):
        return True
    if not isinstance(value, origin):
        return False
    if not args:
        return True
    if origin is tuple and isinstance(value, tuple):
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(x, args[0]) for x in value)
        return len(args) == len(value) and all(_fits(x, a) for x, a in zip(value, args))
    if origin is dict and isinstance(value, dict):
        return all(_fits(k, args[0]) and _fits(v, args[1]) for k, v in value.items())
    if origin in (list, frozenset, set) and isinstance(value, (list, frozenset, set)):
        return all(_fits(x, args[0]) for x in value)
    return True


def loads(data: bytes, classes=(), expect: type = object):
    """The value :func:`dumps` wrote into ``data``. ``classes``: the dataclasses it may hold
    (any other class name is refused); ``expect``: the type the value must have. Raises
    :class:`Foreign` for anything else (bad UTF-8 or JSON, an unknown tag or class, fields
    that do not fit the class, a value of another type)."""
    by_name = {c.__name__: c for c in classes}

    def hook(d: dict):
        if len(d) == 1:
            (k, v), = d.items()
            if k == _T and isinstance(v, list):
                return tuple(v)
            if k == _F and isinstance(v, list):
                return frozenset(v)
            if k == _P and isinstance(v, str):
                return Path(v)
            if k == _D and isinstance(v, list) and all(isinstance(p, list) and len(p) == 2
                                                       for p in v):
                return {k2: v2 for k2, v2 in v}
        elif len(d) == 2 and _C in d and _FIELDS in d:
            cls = by_name.get(d[_C])
            if cls is None or not isinstance(d[_FIELDS], dict):
                raise Foreign(f"a {d[_C]!r} where the cache may hold only "
                              f"{', '.join(by_name) or 'plain data'}")
            fields = d[_FIELDS]
            for name, t in _field_types(cls).items():
                if name in fields and not _fits(fields[name], t):
                    raise Foreign(f"{cls.__name__}.{name} holds a {type(fields[name]).__name__} "
                                  f"that is not a {t}")
            try:
                return cls(**fields)
            except Exception as e:         # missing fields, or the class's own check
                raise Foreign(f"not a {cls.__name__} ({type(e).__name__})") from None
        if any(k.startswith("\0") for k in d):
            raise Foreign("an unknown tag")
        return d
    try:
        value = json.loads(data.decode("utf-8"), object_hook=hook)
    except Foreign:
        raise
    except (UnicodeDecodeError, ValueError, TypeError, RecursionError) as e:
        raise Foreign(f"not an entry of this cache ({type(e).__name__})") from None
    if not isinstance(value, expect):
        raise Foreign(f"a {type(value).__name__}, not a {expect.__name__}")
    return value


_WARNED: set[str] = set()


def warn(what: str, message: str) -> None:
    """One line on stderr, once per process for each ``what``."""
    if what not in _WARNED:
        _WARNED.add(what)
        print(f"warning: {message}", file=sys.stderr)


def entry_path(cache_dir: Path, name: str, key: str) -> Path:
    """The file of the entry ``name`` with ``key`` in ``cache_dir``."""
    return Path(cache_dir) / f"{name}-{key}.json"


def read(path: Path, classes=(), expect: type = object):
    """The value cached in ``path``, or None when there is none. A damaged, foreign or
    unreadable entry gives None and a one-line warning (it is rebuilt and rewritten)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        warn(f"read {path}", f"cannot read the cache entry {path} ({e.strerror}): rebuilding it")
        return None
    try:
        return loads(data, classes, expect)
    except Foreign as e:
        warn(f"read {path}", f"the cache entry {path} is damaged or foreign ({e}): rebuilding it")
        return None


def write(path: Path, value, stale: str | None = None) -> bool:
    """Write ``value`` to ``path`` atomically, first removing the older entries matching the
    glob ``stale``; True if written. When the cache folder cannot be written (read-only, disk
    full, not a folder) nothing is cached: a one-line warning, False."""
    data = dumps(value)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if stale:
            for old in path.parent.glob(stale):
                if old != path:
                    old.unlink(missing_ok=True)
        atomic.write_atomic(path, data)
        return True
    except OSError as e:
        warn("write", f"cannot write the cache {path.parent} "
                      f"({e.strerror or e}): running without it")
        return False


def usable(cache_dir: Path) -> bool:
    """Whether ``cache_dir`` exists or can be made, and a file can be written in it (a
    one-line warning when not: the caller then runs without the cache)."""
    try:
        Path(cache_dir).mkdir(parents=True, exist_ok=True)
        probe = Path(cache_dir) / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError as e:
        warn("write", f"cannot write the cache {cache_dir} ({e.strerror or e}): running without it")
        return False


def user_cache_dir() -> Path | None:
    """Where the command line keeps the built model and the data derived from it (collation,
    example deals) between runs and builds ($XDG_CACHE_HOME/patience-edition); entries are
    keyed by the corpus, code and engine fingerprints, so a stale one is never used. None (and
    a one-line warning) when that folder cannot be written: the command runs without it."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    folder = Path(base) / "patience-edition"
    return folder if usable(folder) else None
