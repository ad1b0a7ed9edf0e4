"""TEI and anchors: sigla, slugs, engine ids and fixed ids never collide; whitespace is kept
when a reader drops blank text; English sentences have their own ids."""
from __future__ import annotations

import hashlib

import pytest
from lxml import etree

from extract.text.errors import EditionError
from extract.model.edition import build_edition, slugify
from extract.export.tei import (TEI_NS, XML_NS, edition_to_tei, name_problems,
                         regenerate_witness_text, tei_bytes)
from tests.test_add import MILL3

XID = f"{{{XML_NS}}}id"


def _add_witness_entry(corpus, siglum: str, text: str) -> None:
    data = text.encode("utf-8")
    name = f"9{len(siglum):02d}_{siglum}.txt"
    (corpus / "witnesses" / name).write_bytes(data)
    with (corpus / "manifest.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[[witness]]\nsiglum = "{siglum}"\nfile = "witnesses/{name}"\n'
                f'sha256 = "{hashlib.sha256(data).hexdigest()}"\n')


def test_siglum_equal_to_a_slug_is_refused(corpus_copy, cli):
    _add_witness_entry(corpus_copy, "mill", MILL3)
    ed = build_edition(corpus_copy)
    problems = name_problems(ed)
    assert any("the siglum mill" in p and "the game slug mill" in p for p in problems)
    with pytest.raises(EditionError, match="would collide"):
        edition_to_tei(ed)
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "[FAIL] sigla, game slugs" in r.output


def test_slug_editor_collides_with_the_fixed_id(corpus_copy):
    games = corpus_copy / "games.toml"
    games.write_text(games.read_text(encoding="utf-8").replace('slug = "mill"', 'slug = "editor"'),
                     encoding="utf-8")
    problems = name_problems(build_edition(corpus_copy))
    assert any(p.startswith("the game slug editor (") and p.endswith(
        "and the editors' id in the TEI header both make the id 'editor': rename one")
        for p in problems), problems


def test_slug_beginning_with_a_digit(corpus_copy, cli):
    assert slugify("1812") == "game-1812"
    games = corpus_copy / "games.toml"
    games.write_text(games.read_text(encoding="utf-8").replace('slug = "mill"', 'slug = "1812"'),
                     encoding="utf-8")
    r = cli("--corpus", corpus_copy, "check")
    assert r.exit_code == 1 and "slug '1812' is not lowercase ASCII words" in r.output
    assert "beginning with a letter" in r.output


def test_a_title_1812_gets_a_valid_id(corpus_copy):
    _add_witness_entry(corpus_copy, "Y", "Пасьянс «1812». Карты кладут в ряд. Пасьянс выходит.\n")
    ed = build_edition(corpus_copy)
    assert "game-1812" in [g.slug for g in ed.games]
    root = edition_to_tei(ed).getroot()
    assert root.xpath("//t:div[@xml:id='game-1812']", namespaces={"t": TEI_NS})


def test_dots_and_numbers_in_engine_ids_are_refused(edition):
    engine = {"mill": {"ambiguities": [{"id": "4", "readings": ["a"]},
                                       {"id": "deal.order", "readings": [{"id": "x.y"}]}]}}
    problems = name_problems(edition, engine)
    assert any("mill:4" in p and "begin with a letter" in p for p in problems)   # = sentence mill:4
    assert any("mill:deal.order" in p for p in problems)
    assert any("mill:deal.order=x.y" in p for p in problems)


def test_round_trip_survives_remove_blank_text(edition):
    data = tei_bytes(edition_to_tei(edition))
    parsed = etree.fromstring(data, etree.XMLParser(remove_blank_text=True))
    for w in edition.witnesses:
        assert regenerate_witness_text(parsed, w.siglum) == w.text, w.siglum


def test_english_sentences_have_their_own_ids(edition):
    root = edition_to_tei(edition).getroot()
    ns = {"t": TEI_NS}
    en = root.xpath("//t:text[@type='translation']//t:s", namespaces=ns)
    assert en and all(s.get(XID) == s.get("corresp")[1:] + "_en" for s in en)
    every = [el.get(XID) for el in root.iter() if isinstance(el.tag, str) and el.get(XID)]
    assert len(every) == len(set(every))


def test_a_title_in_latin_letters_is_slugged_as_latin(cli, corpus_copy, tmp_path):
    """A breaker's page: ``## Пасьянсъ «Napoléon»`` made the slug ``narol-on`` (its Latin
    letters folded as OCR's look-alikes of Cyrillic ones, the é dropped), and the slug is
    permanent once its ids are locked. A word in Latin letters alone is slugged as itself;
    a word with a Cyrillic letter in it still has its look-alikes folded (``Meльница``)."""
    assert [slugify(t) for t in ("Napoléon", "Les Quatre Rois", "Meльница", "Звѣздочка")] == [
        "napoleon", "les-quatre-rois", "melnitsa", "zvezdochka"]
    page = tmp_path / "napoleon.md"
    page.write_text("# Глава L\n\n## Пасьянсъ «Napoléon»\n\nБерутъ двѣ колоды.\n",
                    encoding="utf-8")
    r = cli("--corpus", corpus_copy, "add", page)
    assert r.exit_code == 0 and "napoleon: 1 sentence" in r.output, r.output
