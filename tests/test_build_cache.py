"""Derived data cached on disk beside the model: the collation of the witnesses and the
example deals. A build after a translation edit reuses them; a change of the witness text
(or of the engine, for the examples) makes them again."""
from __future__ import annotations

import pytest

from extract.model import collate
from extract.model.edition import build_edition
from extract.sphinxext import play


def _edit_translation(corpus):
    p = corpus / "translations" / "en" / "dense-column.toml"
    text = p.read_text(encoding="utf-8")
    p.write_text(text.replace("Before the patience begins", "Before the game begins", 1),
                 encoding="utf-8")


def _forbid(monkeypatch, module, name):
    def boom(*a, **k):
        raise AssertionError(f"{name} ran again although its result was cached")
    monkeypatch.setattr(module, name, boom)


def test_collation_survives_a_translation_edit(corpus_copy, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    ed = build_edition(corpus_copy, cache)
    assert ed.cache_dir == cache
    first = collate.apparatus(ed, "dense-column")
    assert first and list(cache.glob("collation-dense-column-*.json"))
    _edit_translation(corpus_copy)
    ed2 = build_edition(corpus_copy, cache)
    assert ed2.fingerprint != ed.fingerprint            # the model itself is new
    assert ed2.game("dense-column").sentences[0].english.startswith("Before the game begins")
    _forbid(monkeypatch, collate, "_collate")
    assert collate.apparatus(ed2, "dense-column") == first


def test_collation_is_made_again_when_a_witness_changes(corpus_copy, tmp_path):
    cache = tmp_path / "cache"
    ed = build_edition(corpus_copy, cache)
    before = collate.collation_key(ed.game("dense-column"))
    collate.apparatus(ed, "dense-column")
    em = corpus_copy / "emendations.toml"
    assert "флангового" in em.read_text(encoding="utf-8")
    # drop every emendation: the reading text changes, so the collation's input does
    em.write_text("", encoding="utf-8")
    ed2 = build_edition(corpus_copy, cache)
    assert collate.collation_key(ed2.game("dense-column")) != before
    assert len(list(cache.glob("collation-dense-column-*.json"))) == 1
    collate.apparatus(ed2, "dense-column")
    assert len(list(cache.glob("collation-dense-column-*.json"))) == 1   # the old one went


def test_example_trace_is_cached_and_keyed_by_the_engine(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    t = play.example_trace("mill", cache)
    assert t["choice"]["comes_out"] and t["outcome"] == "won"
    assert len(list(cache.glob("example-mill-*.json"))) == 1
    _forbid(monkeypatch, play, "choose_example")
    assert play.example_trace("mill", cache) == t
    from engine import results
    monkeypatch.setattr(results, "engine_hash", lambda: "another-engine")
    with pytest.raises(AssertionError, match="choose_example ran again"):
        play.example_trace("mill", cache)


def test_example_trace_is_keyed_by_the_captions_code_too(tmp_path, monkeypatch):
    """The example's step-through is told in the words of ``engine/describe.py`` (and played
    through ``engine/api.py``), which the rules' hash leaves out: an edit of them makes the
    cached trace stale (a fixer's find: a warm build kept the old "onto" captions)."""
    import shutil
    cache = tmp_path / "cache"
    t = play.example_trace("mill", cache)
    _forbid(monkeypatch, play, "choose_example")
    assert play.example_trace("mill", cache) == t
    engine = tmp_path / "engine"
    shutil.copytree(play.ENGINE, engine, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(play, "ENGINE", engine)
    assert play.example_trace("mill", cache) == t        # the same sources: the same entry
    with (engine / "describe.py").open("a", encoding="utf-8") as f:
        f.write("\n# an edit of the captions' code\n")
    with pytest.raises(AssertionError, match="choose_example ran again"):
        play.example_trace("mill", cache)


def test_a_damaged_cache_entry_is_made_again(tmp_path):
    from extract.model.edition import disk_cached
    assert disk_cached(tmp_path, "thing", "k1", lambda: {"a": 1}) == {"a": 1}
    (tmp_path / "thing-k1.json").write_bytes(b"not a pickle")
    assert disk_cached(tmp_path, "thing", "k1", lambda: {"a": 2}) == {"a": 2}
    assert disk_cached(tmp_path, "thing", "k1", lambda: {"a": 3}) == {"a": 2}
    assert disk_cached(None, "thing", "k1", lambda: {"a": 4}) == {"a": 4}


def test_examples_made_alongside_in_a_worker(tmp_path):
    cache = tmp_path / "cache"
    with play.examples_alongside(["mill", "heart-to-heart"], cache):
        t = play.example_trace("mill", cache)      # waits for the worker, then reads its file
    assert sorted(p.name.rsplit("-", 1)[0] for p in cache.glob("example-*.json")) == [
        "example-heart-to-heart", "example-mill"]
    assert t == play.example_trace("mill", None)   # the same as made in this process


def test_an_error_in_the_examples_worker_is_raised_in_the_build(tmp_path):
    with play.examples_alongside(["no-such-game"], tmp_path / "cache"):
        with pytest.raises(Exception, match="no-such-game"):
            play.example_trace("mill", tmp_path / "cache")
    assert play.example_trace("mill", None)["game"] == "mill"    # nothing left pending


def test_two_corpus_folders_with_the_same_content_each_get_their_own_model(corpus_copy,
                                                                          tmp_path):
    """A model read from the disk cache names the folder it was asked for: the site's pages
    depend on that folder's files (an edit there makes them stale)."""
    import shutil
    cache = tmp_path / "cache"
    twin = tmp_path / "twin"
    shutil.copytree(corpus_copy, twin)
    first = build_edition(corpus_copy, cache)
    second = build_edition(twin, cache)
    assert first.fingerprint == second.fingerprint
    assert first.root == corpus_copy.resolve() and second.root == twin.resolve()


def test_a_translation_edit_does_not_build_the_text_model_again(corpus_copy, tmp_path,
                                                                monkeypatch):
    """The text model (witnesses, sentences, normalisation) has its own cache entry, keyed
    without the translation layer: a translation or glossary edit lays the new layer over
    it, and the result is the model built from scratch."""
    from extract.model import edition
    cache = tmp_path / "cache"
    build_edition(corpus_copy, cache)
    assert len(list(cache.glob("text-model-*.json"))) == 1
    _edit_translation(corpus_copy)
    glossary = corpus_copy / "glossary.toml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    with monkeypatch.context() as m:
        _forbid(m, edition, "_text_model")
        ed = build_edition(corpus_copy, cache)
    assert ed.game("dense-column").sentences[0].english.startswith("Before the game begins")
    fresh = edition._build(corpus_copy.resolve(), edition.corpus_fingerprint(corpus_copy))
    assert ed == fresh
    # a witness's text is not of the translation layer: the text model is built again
    em = corpus_copy / "emendations.toml"
    em.write_text("", encoding="utf-8")
    ed2 = build_edition(corpus_copy, cache)
    assert ed2 == edition._build(corpus_copy.resolve(), edition.corpus_fingerprint(corpus_copy))
    assert ed2.game("dense-column").sentences != ed.game("dense-column").sentences
    assert len(list(cache.glob("text-model-*.json"))) == 1


def test_the_glossary_layer_is_cached_apart_from_the_translations(corpus_copy, tmp_path,
                                                                 monkeypatch):
    """The glossary and the terms it finds in the sentences have a cache entry keyed by the
    glossary file and the text model: a translation edit lays the cached terms over the
    new English (the glossary is not read again), a glossary edit finds them anew, and
    either way the model is the one built from scratch."""
    from extract.model import edition
    cache = tmp_path / "cache"
    build_edition(corpus_copy, cache)
    assert len(list(cache.glob("glossary-layer-*.json"))) == 1
    _edit_translation(corpus_copy)
    with monkeypatch.context() as m:
        _forbid(m, edition, "load_glossary")
        ed = build_edition(corpus_copy, cache)
    assert ed == edition._build(corpus_copy.resolve(), edition.corpus_fingerprint(corpus_copy))
    assert any(s.terms for s in ed.game("dense-column").sentences)
    # a glossary entry removed: its term is no longer found
    glossary = corpus_copy / "glossary.toml"
    text = glossary.read_text(encoding="utf-8")
    first = ed.glossary[0]
    start = text.index("[[term]]")
    end = text.find("[[term]]", start + 1)
    glossary.write_text(text[:start] + text[end:], encoding="utf-8")
    ed2 = build_edition(corpus_copy, cache)
    assert ed2 == edition._build(corpus_copy.resolve(), edition.corpus_fingerprint(corpus_copy))
    assert first.key not in {t.key for t in ed2.glossary}
    assert all(k != first.key for g in ed2.games for s in g.sentences for _a, _b, k in s.terms)
    assert len(list(cache.glob("glossary-layer-*.json"))) == 1


@pytest.mark.parametrize("damage", [
    '{"\\u0000T":[1,2]}',                                        # not the layer at all
    '{"\\u0000C":"GlossaryLayer","\\u0000f":{"glossary":{"\\u0000T":[1,2]},"terms":{}}}',
    "TERMS_AS_TEXT", "UNKNOWN_TERM", "MISSING_SENTENCE", "OUTSIDE"])
def test_a_damaged_glossary_layer_is_made_again(corpus_copy, tmp_path, damage, capsys):
    """A glossary-layer entry of the wrong shape, or of the right types but not of this
    text (a sentence missing, a term the glossary lacks, offsets outside the sentence), is
    made again with a one-line warning: the model is the one built from scratch."""
    import json

    from extract.corpus import cache as cache_mod
    from extract.model import edition
    cache = tmp_path / "cache"
    build_edition(corpus_copy, cache)
    (entry,) = cache.glob("glossary-layer-*.json")
    if damage.startswith("{"):
        entry.write_text(damage, encoding="utf-8")
    else:
        data = json.loads(entry.read_text(encoding="utf-8"))
        terms = data["\0f"]["terms"]
        sid = next(k for k, v in terms.items() if v["\0T"])
        if damage == "TERMS_AS_TEXT":
            terms[sid] = "abc"
        elif damage == "UNKNOWN_TERM":
            terms[sid]["\0T"][0]["\0T"][2] = "no such term"
        elif damage == "MISSING_SENTENCE":
            del terms[sid]
        else:
            terms[sid]["\0T"][0]["\0T"][1] = 10 ** 6
        entry.write_text(json.dumps(data), encoding="utf-8")
    cache_mod._WARNED.clear()
    edition._LOADED.clear()
    for e in cache.glob("edition-*.json"):
        e.unlink()                                  # the layer is read again
    ed = build_edition(corpus_copy, cache)
    assert ed == edition._build(corpus_copy.resolve(), edition.corpus_fingerprint(corpus_copy))
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "damaged or foreign" in err, err
