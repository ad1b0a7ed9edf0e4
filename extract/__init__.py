"""The edition's pipeline: corpus -> model -> site, TEI and checks (see ``extract.model.edition``).

One package a stage, from the bottom: :mod:`extract.text` (characters, normalisation,
sentences), :mod:`extract.corpus` (the files in ``corpus/`` read, split and kept),
:mod:`extract.model` (the one model, the collation), :mod:`extract.export` (TEI, figures, odds
in words), :mod:`extract.intake` (``edition add``, ``edition check``), :mod:`extract.sphinxext`
(the site); then :mod:`extract.build`, :mod:`extract.serve` and the command line,
:mod:`extract.cli`. A stage imports only from the stages below it (pyproject.toml's
import-linter contract).
"""

#: The licence, stated in these words wherever it is shown (site footer, TEI header); the
#: README, pyproject.toml and corpus/README.md say the same (a test keeps them in step).
CODE_LICENCE = "GPL-3.0-or-later"
LICENCE = ("Code: GPL-3.0-or-later (it depends on the GPLv3 collatex). Corpus: the text of the "
           "book is in the public domain; the editors' translations, notes, glossary and "
           "emendations are dedicated to the public domain (CC0 1.0).")
