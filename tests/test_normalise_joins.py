"""Words joined across a line end: the join is recorded as hyphenation and nothing more; a
particle printed joined to its word, or hyphenated at a line end, is still written apart."""
from __future__ import annotations

import pytest

from extract.normalise import normalise


@pytest.mark.parametrize("text,expected,rules", [
    ("а-\nтакже ", "атакже ", ["hyphenation"]),      # found by hypothesis: was 'атак же'
    ("раз-\nложить", "разложить", ["hyphenation"]),
    ("что-\nжъ", "что ж", ["particle-hyphen"]),
    ("чтожъ", "что ж", ["particle-apart"]),
    ("лучшебъ", "лучше б", ["particle-apart"]),
])
def test_join_and_particles(text, expected, rules):
    n = normalise(text)
    assert n.text == expected
    assert [c.rule for c in n.changes] == rules
