"""The site build's check for stale odds rows is kept on disk by the contents of the odds
table and the engine's sources (extract.model.engine_link.stale_games)."""
from __future__ import annotations

import json
import shutil

import pytest

from engine import results
from extract.model import engine_link


def _refuse(table):
    raise AssertionError("the engine's code was hashed again")


def test_a_second_build_reads_the_stale_games_from_disk(tmp_path, monkeypatch):
    odds = tmp_path / "odds.json"
    shutil.copy(results.DEFAULT_PATH, odds)
    table = results.load(odds)
    cache = tmp_path / "cache"
    first = engine_link.stale_games(odds, table, cache)
    assert first == results.stale_games(table)
    assert len(list(cache.glob("stale-games-*.json"))) == 1
    engine_link._STALE.clear()                       # a new build process
    monkeypatch.setattr(results, "stale_games", _refuse)
    assert engine_link.stale_games(odds, table, cache) == first


def test_a_changed_table_or_a_damaged_entry_is_worked_out_again(tmp_path, monkeypatch):
    odds = tmp_path / "odds.json"
    shutil.copy(results.DEFAULT_PATH, odds)
    table = results.load(odds)
    cache = tmp_path / "cache"
    engine_link.stale_games(odds, table, cache)
    engine_link._STALE.clear()
    # the table changed (here: one row's engine hash), so the key changes: hashed again
    table["rows"][0]["engine"] = "0" * 16
    odds.write_text(json.dumps(table), encoding="utf-8")
    expected = results.stale_games(table)
    assert table["rows"][0]["game"] in expected
    monkeypatch.setattr(results, "stale_games", _refuse)
    with pytest.raises(AssertionError, match="hashed again"):
        engine_link.stale_games(odds, table, cache)
    monkeypatch.undo()
    engine_link._STALE.clear()
    assert engine_link.stale_games(odds, table, cache) == expected
    assert len(list(cache.glob("stale-games-*.json"))) == 1     # the older entry removed
    # an entry of another shape is never believed: worked out again
    (entry,) = cache.glob("stale-games-*.json")
    entry.write_text('["not", 1]', encoding="utf-8")
    engine_link._STALE.clear()
    assert engine_link.stale_games(odds, table, cache) == expected
