"""Sphinx configuration of the edition's site. The extension does the work."""
project = "Patience games"
author = "The edition's editors"
from extract import LICENCE  # noqa: E402 (one statement of the licence, everywhere)
copyright = f"2026, the editors. {LICENCE.removesuffix('.')}"  # the theme adds the full stop
language = "en"
# the toolkit's version (pyproject.toml), stated in the inventory (objects.inv) that other
# projects cite sentences and readings through, and in the pages' metadata
from importlib.metadata import PackageNotFoundError, version as _version  # noqa: E402
try:
    release = version = _version("patience-edition")
except PackageNotFoundError:  # sources on the path, not installed: no version to state
    release = version = ""

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.viewcode", "extract.sphinxext"]
autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": False}
myst_enable_extensions = ["colon_fence", "attrs_block"]  # {.edition-cards} on a table
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "README.md"]

html_theme = "alabaster"
html_title = "Patience games: an executable edition"
html_theme_options = {"description": "19th-century Russian patience games, edited and executable",
                      "fixed_sidebar": False, "page_width": "1240px", "sidebar_width": "220px",
                      "body_max_width": "none", "show_relbar_top": True,
                      "show_relbar_bottom": True}
html_static_path: list[str] = []
html_search_language = "en_ru"  # English and Russian stemming (extract.sphinxext.search)
smartquotes = False  # never alter the witnesses' text in rendering
html_favicon = "favicon.svg"
html_copy_source = False
html_show_sourcelink = False

# edition_corpus = "../corpus"   # default: $EDITION_CORPUS or the repository's corpus/
