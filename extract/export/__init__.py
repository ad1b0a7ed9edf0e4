"""The export stage: the model written out in forms other than the site's pages.

In: the model (and, for the figures and the odds, the engine's layouts and the stored rows
of ``corpus/results/odds.json``). Out: documents and fragments that the site, the checks and
the CLI use:

- :mod:`.tei`: the edition (and one normalisation) as TEI P5 XML, built with lxml;
- :mod:`.figures`: a game's starting layout drawn as SVG from the engine's own layout;
- :mod:`.odds_words`: the measured odds in plain words, every figure made from a stored row.
"""
