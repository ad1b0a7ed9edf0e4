"""`edition export tei` without --out (or with ``--out -``) writes the TEI to standard output
and leaves the current folder as it was (issue 21: it used to write ``edition.tei.xml`` there
without a word)."""
from __future__ import annotations

from lxml import etree

TEI = "{http://www.tei-c.org/ns/1.0}"


def test_export_without_out_goes_to_stdout_and_writes_no_file(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("export", "tei")
    assert r.exit_code == 0, r.output
    assert list(tmp_path.iterdir()) == []
    root = etree.fromstring(r.stdout_bytes)
    assert root.tag == f"{TEI}TEI"
    assert b"TEI written" not in r.stdout_bytes
    # the same document as the file export, byte for byte
    out = tmp_path.parent / f"{tmp_path.name}-file.tei.xml"
    f = cli("export", "tei", "--out", out)
    assert f.exit_code == 0 and f.output.strip() == f"TEI written: {out}"
    assert out.read_bytes() == r.stdout_bytes
    dash = cli("export", "tei", "--out", "-")
    assert dash.exit_code == 0 and dash.stdout_bytes == r.stdout_bytes
    assert list(tmp_path.iterdir()) == []
