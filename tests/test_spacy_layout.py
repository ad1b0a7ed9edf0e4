"""The data the edition's spaCy components leave on a Doc, pinned: ``extract.text.nlp`` writes
``token._.reg`` straight into ``Doc.user_data`` under spaCy's private key form
``("._.", name, token.idx, None)`` (much quicker than the attribute machinery), so a spaCy
that changed that form would leave the tokens' extensions silently empty. These tests say
what the layout is and fail if spaCy stops reading it."""
from __future__ import annotations

from spacy.tokens import Doc

from extract.text import nlp as enlp
from extract.text.normalise import normalise

TEXT = "Кладутъ даму и валета. Потомъ т. е. карты."


def test_spacy_keeps_a_token_extension_under_the_key_the_normaliser_writes():
    """spaCy's own setter writes ``("._.", name, idx, None)``: the key the normaliser writes
    directly, and spaCy's getter reads a value put there."""
    doc = enlp.pipeline().make_doc("один два")
    doc[1]._.lemma = "x"
    assert doc.user_data == {("._.", "lemma", doc[1].idx, None): "x"}
    doc.user_data[("._.", "reg", doc[0].idx, None)] = "y"
    assert doc[0]._.reg == "y"


def test_the_doc_layout_after_the_pipeline():
    """After the pipeline (with lemmas): the normalisation as plain data under ``norm_data``,
    one ``reg`` and (for words) one ``lemma`` per token, keyed by its offset; nothing else."""
    norm = normalise(TEXT)
    doc = enlp.analyse(norm, lemmas=True)
    keys = set(doc.user_data)
    data = doc.user_data[("._.", "norm_data", None, None)]
    assert data == norm.to_json() and isinstance(data, dict)
    regs = {("._.", "reg", t.idx, None) for t in doc}
    lemmas = {("._.", "lemma", t.idx, None) for t in doc if (t._.reg or t.text)[:1].isalpha()}
    assert keys == {("._.", "norm_data", None, None)} | regs | lemmas
    assert all(isinstance(doc.user_data[k], str) for k in regs | lemmas)
    assert [t._.reg for t in doc][:2] == ["Кладут", "даму"]
    assert doc._.normalisation.text == norm.text and doc._.changes == norm.changes
    assert [s.text for s in doc.sents] == ["Кладутъ даму и валета.", "Потомъ т. е. карты."]


def test_the_layout_survives_serialisation():
    """Plain data only: ``Doc.to_bytes`` carries the whole layout and the rebuilt
    normalisation."""
    doc = enlp.analyse(normalise(TEXT))
    back = Doc(enlp.pipeline().vocab).from_bytes(doc.to_bytes())
    assert back.user_data == doc.user_data
    assert back._.normalisation == normalise(TEXT)


def test_the_components_declare_what_they_assign_and_require():
    nlp = enlp.pipeline(lemmas=True)
    meta = {name: nlp.get_pipe_meta(name) for name in nlp.pipe_names}
    assert set(meta["edition_normaliser"].assigns) == {"doc._.norm_data", "token._.reg"}
    assert meta["edition_sentences"].requires == ["token._.reg"]
    assert meta["edition_sentences"].assigns == ["token.is_sent_start"]
    assert meta["edition_lemmas"].requires == ["token._.reg"]
    assert meta["edition_lemmas"].assigns == ["token._.lemma"]
    assert nlp.analyze_pipes()["problems"] == {name: [] for name in nlp.pipe_names}
