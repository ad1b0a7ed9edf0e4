"""The change span's attributes hold witness text (the original form, the rule): escaped, so
a form such as ``"><script>`` stays an attribute value (issue 19, item 2: the guard broken
once, this test caught it)."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from extract.sphinxext import nodes as enodes

HOSTILE = ['"><script>alert(1)</script>', "' onmouseover='x", "a&amp;b <!--", "ѣ\"<>&'"]


class _Spans(HTMLParser):
    def __init__(self):
        super().__init__()
        self.spans, self.tags = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "span":
            self.spans.append(dict(attrs))


def _Translator():
    """docutils' HTML translator: the visitor builds its tag with ``self.starttag()``."""
    from docutils.frontend import get_default_settings
    from docutils.utils import new_document
    from docutils.writers.html5_polyglot import HTMLTranslator, Writer
    return HTMLTranslator(new_document("x", get_default_settings(Writer)))


@pytest.mark.parametrize("orig", HOSTILE)
def test_change_span_attributes_keep_hostile_text_as_values(orig):
    node = enodes.change("ять", "ять", orig=orig, kind="orthography", rule=orig)
    t = _Translator()
    enodes._visit_change_html(t, node)
    enodes._depart_change_html(t, node)
    p = _Spans()
    p.feed("".join(t.body))
    assert p.tags == ["span"], p.tags                    # no element made from the text
    (span,) = p.spans
    assert span["data-orig"] == orig and span["data-rule"] == orig
    assert orig in span["title"]
