"""What a one-reading decision rests on (``Ambiguity.kind``, engine/readings.py): declared or
derived, checked, and carried into ``to_dict()`` for the pages."""
from __future__ import annotations

import pytest

from engine.readings import DECISION_KINDS, Ambiguity, Reading, decision


def test_kind_is_derived_when_not_declared():
    plain = decision("end", "When is it over?", ("g:1",), "out", "all cards up", "g:1 is plain.")
    assert plain.decision_kind == "text" and plain.to_dict()["kind"] == "text"
    ed = decision("fifth", "Where?", ("g:2",), "there", "beside", "never named", editorial=True,
                  justification="the only place left")
    assert ed.decision_kind == "editorial"
    silent = decision("order", "Which first?", ("g:3",), "any", "any", "The text does not say.",
                      kind="silent")
    assert silent.decision_kind == "silent" and silent.to_dict()["kind"] == "silent"
    two = Ambiguity("a", "q", ("g:1",), (Reading("x", "x"), Reading("y", "y")), "x", "r")
    assert two.decision_kind == "" and two.to_dict()["kind"] == ""
    assert DECISION_KINDS == ("text", "silent", "editorial")


def test_an_unknown_kind_or_a_kind_on_an_open_question_is_refused():
    with pytest.raises(ValueError, match="kind 'plain' not in"):
        decision("end", "q", ("g:1",), "out", "l", "r", kind="plain")
    with pytest.raises(ValueError, match="only a one-reading decision has a kind"):
        Ambiguity("a", "q", ("g:1",), (Reading("x", "x"), Reading("y", "y")), "x", "r", "silent")
