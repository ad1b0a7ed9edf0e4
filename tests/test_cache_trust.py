"""The cache is an optimisation, never a risk (issue 19, item 5): a cache file never runs code,
a damaged or foreign entry is rebuilt with a one-line warning, and a cache folder that cannot
be written (not a folder, disk full) is run without: build, check, lock and export still work."""
from __future__ import annotations

import errno
import pickle

import pytest

import extract.corpus.atomic
import extract.model.edition
from extract.corpus import cache
from extract.model.edition import MODEL_CLASSES, build_edition


class _Runs:
    """A pickle that, when loaded, creates the file ``marker`` (code run from the cache)."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _fresh(monkeypatch):
    monkeypatch.setattr(extract.model.edition, "_LOADED", {})   # as a new process would
    monkeypatch.setattr(cache, "_WARNED", set())


def _entries(tmp_path, pattern="edition-*"):
    return sorted((tmp_path / "cache" / "patience-edition").glob(pattern))


def test_a_model_round_trips_through_the_cache_format(edition):
    value = cache.loads(cache.dumps(edition), MODEL_CLASSES, type(edition))
    assert value == edition and value.games[0].sentences[0] == edition.games[0].sentences[0]


def test_the_cache_format_refuses_code_and_unknown_classes():
    with pytest.raises(TypeError):
        cache.dumps(object())
    bomb = b'{"\\u0000C":"Popen","\\u0000f":{"args":["touch","/tmp/x"]}}'
    with pytest.raises(cache.Foreign, match="Popen"):
        cache.loads(bomb, MODEL_CLASSES)
    with pytest.raises(cache.Foreign):
        cache.loads(pickle.dumps({"a": 1}))
    with pytest.raises(cache.Foreign, match="not a dict"):
        cache.loads(b"[1, 2]", expect=dict)
    with pytest.raises(cache.Foreign):   # fields that do not fit the class
        cache.loads(b'{"\\u0000C":"Unit","\\u0000f":{"colour":1}}', MODEL_CLASSES)
    with pytest.raises(cache.Foreign, match="Unit.start holds a str"):   # nor their types
        cache.loads(b'{"\\u0000C":"Unit","\\u0000f":{"kind":"debris","start":"x","end":1,'
                    b'"tail":1}}', MODEL_CLASSES)


@pytest.mark.parametrize("where", ["json", "pickle"])
def test_a_pickle_that_runs_code_in_the_cache_never_runs(cli, corpus_copy, tmp_path, monkeypatch,
                                                         where):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert cli("--corpus", corpus_copy, "check").exit_code == 0
    marker = tmp_path / "ran"
    for p in _entries(tmp_path):
        p.with_suffix(f".{where}").write_bytes(pickle.dumps(_Runs(marker)))
    _fresh(monkeypatch)
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0 and "check passed" in r.output, r.output
    assert not marker.exists()


@pytest.mark.parametrize("foreign", [b"[1, 2, 3]", b'{"root": "/"}', b"\x80\x04K\x01.",
                                     b'{"\\u0000C":"Sentence","\\u0000f":{}}'])
def test_a_foreign_model_entry_is_rebuilt_with_a_one_line_warning(cli, corpus_copy, tmp_path,
                                                                  monkeypatch, foreign):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert cli("--corpus", corpus_copy, "check").exit_code == 0
    (entry,) = _entries(tmp_path)
    entry.write_bytes(foreign)
    _fresh(monkeypatch)
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output
    warnings = [line for line in r.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "damaged or foreign" in warnings[0] and str(entry) in warnings[0]
    assert entry.read_bytes() != foreign and entry.stat().st_size > 1000   # written afresh


def test_a_foreign_derived_entry_is_rebuilt(tmp_path, monkeypatch):
    from extract.sphinxext import play
    monkeypatch.setattr(cache, "_WARNED", set())
    t = play.example_trace("mill", tmp_path)
    (entry,) = tmp_path.glob("example-mill-*.json")
    entry.write_bytes(b"[]")            # valid JSON, but not a trace
    assert play.example_trace("mill", tmp_path) == t


def _unwritable(monkeypatch, tmp_path, how):
    """Make the CLI's cache folder impossible to write: ``file`` puts a file where the folder
    would be (root ignores permission bits, so this is how a read-only folder is simulated);
    ``full`` makes every write into it fail as on a full disk."""
    base = tmp_path / "cache"
    if how == "file":
        base.write_text("not a folder")
    else:
        real = extract.corpus.atomic.write_atomic

        def full(path, data):
            if str(base) in str(path):
                raise OSError(errno.ENOSPC, "No space left on device", str(path))
            return real(path, data)
        monkeypatch.setattr(extract.corpus.atomic, "write_atomic", full)
    monkeypatch.setenv("XDG_CACHE_HOME", str(base))


@pytest.mark.parametrize("how", ["file", "full"])
def test_check_lock_and_export_run_without_a_writable_cache(cli, corpus_copy, tmp_path,
                                                            monkeypatch, how):
    _unwritable(monkeypatch, tmp_path, how)
    _fresh(monkeypatch)
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 0 and "check passed" in r.output, r.output
    warnings = [line for line in r.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "running without it" in warnings[0], r.output
    r = cli("--corpus", corpus_copy, "lock")
    assert r.exit_code == 0, r.output
    out = tmp_path / "edition.xml"
    r = cli("--corpus", corpus_copy, "export", "tei", "--out", out)
    assert r.exit_code == 0 and out.stat().st_size > 10000, r.output
    assert not list(tmp_path.glob("cache/**/*.json"))


def test_build_runs_without_a_writable_cache(cli, corpus_copy, tmp_path, monkeypatch,
                                             private_docs):
    _unwritable(monkeypatch, tmp_path, "file")
    _fresh(monkeypatch)
    out = tmp_path / "site"
    r = cli("--corpus", corpus_copy, "build", "-q", "--out", out)
    assert r.exit_code == 0, r.output
    assert (out / "games" / "mill.html").is_file()
    assert "running without it" in r.output


def test_the_model_is_the_same_with_and_without_the_cache(corpus_copy, tmp_path, monkeypatch):
    _fresh(monkeypatch)
    cached = build_edition(corpus_copy, tmp_path / "c")
    _fresh(monkeypatch)
    reread = build_edition(corpus_copy, tmp_path / "c")    # read back from the JSON file
    assert reread == cached == build_edition(corpus_copy)


@pytest.mark.parametrize("field, value", [
    ("games", {"\0T": ["x", 1]}),                          # a tuple of Games holding strings
    ("units", {"XL": "abc"}),                              # dict[str, tuple[Unit, ...]]
    ("lock", {"a": 1}),                                    # dict[str, LockEntry]
    ("witnesses", {"\0T": [{"\0C": "Game", "\0f": {}}]}),  # a class made without its fields
])
def test_an_entry_with_allowed_classes_but_wrong_nested_types_is_rebuilt(
        cli, corpus_copy, tmp_path, monkeypatch, field, value):
    """Crafted from a good entry: the outer types fit, the inner ones do not; the command
    warns once and rebuilds (never an AttributeError later on)."""
    import json
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert cli("--corpus", corpus_copy, "check").exit_code == 0
    (entry,) = _entries(tmp_path)
    data = json.loads(entry.read_bytes())
    data["\0f"][field] = value
    entry.write_text(json.dumps(data), encoding="utf-8")
    _fresh(monkeypatch)
    r = cli("--corpus", corpus_copy, "check")
    warnings = [line for line in r.output.splitlines() if line.startswith("warning:")]
    assert r.exit_code == 0 and len(warnings) == 1 and "damaged or foreign" in warnings[0], r.output
