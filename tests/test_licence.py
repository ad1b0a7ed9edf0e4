"""One licence everywhere: README, pyproject, corpus/README.md, the site's footer, the TEI."""
from __future__ import annotations

import tomllib
from pathlib import Path

from extract import CODE_LICENCE, LICENCE

REPO = Path(__file__).resolve().parent.parent
FACTS = ("GPL-3.0-or-later", "public domain", "CC0 1.0")


def _says_the_licence(text: str, where: str) -> None:
    for fact in FACTS:
        assert fact in text, f"{where} does not say {fact!r}"
    for other in ("MIT", "Apache", "BSD", "CC BY "):
        assert other not in text.replace("CC BY-SA", ""), f"{where} names another licence: {other}"


def test_statement_itself():
    assert CODE_LICENCE == "GPL-3.0-or-later"
    _says_the_licence(LICENCE, "extract.LICENCE")


def test_files_agree():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    _says_the_licence(readme[readme.index("## Licence"):], "README.md")
    corpus = (REPO / "corpus" / "README.md").read_text(encoding="utf-8")
    _says_the_licence(corpus[corpus.index("## Licence"):], "corpus/README.md")
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["license"] == CODE_LICENCE   # an SPDX expression (PEP 639)
    # the licence's text and the corpus's own terms travel with the package as licence files
    assert meta["license-files"] == ["LICENSE", "corpus/README.md"]
    gpl = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert gpl.split()[:6] == ["GNU", "GENERAL", "PUBLIC", "LICENSE", "Version", "3,"]
    assert "END OF TERMS AND CONDITIONS" in gpl
    conf = (REPO / "docs" / "conf.py").read_text(encoding="utf-8")
    assert "MIT" not in conf and "LICENCE" in conf


def test_tei_header(edition):
    from lxml import etree
    from extract.export.tei import TEI_NS, edition_to_tei
    root = edition_to_tei(edition).getroot()
    lic = root.find(f".//{{{TEI_NS}}}publicationStmt/{{{TEI_NS}}}availability/{{{TEI_NS}}}licence")
    assert lic is not None and lic.text == LICENCE
    assert lic.get("target").endswith("GPL-3.0-or-later.html")
    # the editors' part has its own: a reader of the site has no corpus/README.md to look in
    lics = root.findall(f".//{{{TEI_NS}}}availability/{{{TEI_NS}}}licence")
    assert [x.get("target") for x in lics][1] == "https://creativecommons.org/publicdomain/zero/1.0/"
    assert "corpus/README.md" not in LICENCE
    assert "MIT" not in etree.tostring(root.find(f"{{{TEI_NS}}}teiHeader"), encoding="unicode")
