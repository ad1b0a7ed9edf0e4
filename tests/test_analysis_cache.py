"""The modules' analysis kept between builds (extract.sphinxext.analysis), in a small Sphinx
project built as a user builds it: a module analysed once is taken from the cache by the next
build; an edited module is analysed again; a damaged entry is ignored with a warning."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

MODULE = '''"""A module."""

#: {comment}
ANSWER = 42


def asked(x: int) -> int:
    """The question."""
    return x
'''


def _project(tmp: Path, comment: str) -> Path:
    src = tmp / "src"
    src.mkdir(exist_ok=True)
    (src / "conf.py").write_text(
        'extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode", '
        '"extract.sphinxext.analysis"]\n', encoding="utf-8")
    (src / "index.rst").write_text("Index\n=====\n\n.. automodule:: answered\n   :members:\n",
                                   encoding="utf-8")
    (tmp / "answered.py").write_text(MODULE.format(comment=comment), encoding="utf-8")
    return src


def _build(tmp: Path, n: int) -> tuple[str, str]:
    """Build the project into a new output folder, reading every page again (``-E``) with
    the same doctrees folder (where the cache is kept); the index page's HTML and stderr."""
    out = tmp / f"out-{n}"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp), str(REPO)]))
    r = subprocess.run([sys.executable, "-m", "sphinx", "-E", "-q", "-b", "html", "-d",
                        str(tmp / "doctrees"), str(tmp / "src"), str(out)],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return (out / "index.html").read_text(encoding="utf-8"), r.stderr


def _entry(tmp: Path) -> Path:
    entries = list((tmp / "doctrees" / "edition").glob("pycode-*.json"))
    assert len(entries) == 1, entries
    return entries[0]


def test_an_unchanged_module_is_taken_from_the_cache_and_an_edited_one_analysed_again(tmp_path):
    _project(tmp_path, "The answer to everything.")
    html, _ = _build(tmp_path, 1)
    assert "The answer to everything." in html and "The question." in html
    entry = _entry(tmp_path)
    text = entry.read_text(encoding="utf-8")
    assert "The answer to everything." in text
    # The next build takes the module's analysis from the entry, as it stands there.
    entry.write_text(text.replace("The answer to everything.", "Kept from the cache."),
                     encoding="utf-8")
    html, _ = _build(tmp_path, 2)
    assert "Kept from the cache." in html and "The answer to everything." not in html
    # A module whose source changed is analysed again: the entry's text is not used.
    _project(tmp_path, "A new answer.")
    html, _ = _build(tmp_path, 3)
    assert "A new answer." in html and "Kept from the cache." not in html
    assert "A new answer." in _entry(tmp_path).read_text(encoding="utf-8")


def test_a_damaged_or_misshapen_entry_is_ignored_with_a_warning(tmp_path):
    _project(tmp_path, "The answer to everything.")
    _build(tmp_path, 1)
    entry = _entry(tmp_path)
    value = json.loads(entry.read_text(encoding="utf-8"))
    (key, analysis), = value.items()
    analysis["\0f"]["tags"] = "not a mapping"          # a field of the wrong type
    entry.write_text(json.dumps(value), encoding="utf-8")
    html, err = _build(tmp_path, 2)
    assert "The answer to everything." in html and "damaged or foreign" in err
    entry.write_bytes(b"\xff not json")
    html, err = _build(tmp_path, 3)
    assert "The answer to everything." in html and "damaged or foreign" in err
