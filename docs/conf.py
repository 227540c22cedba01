"""Sphinx configuration of chessbits' documentation: Markdown pages (MyST), the API reference
generated from the installed package's docstrings, and a check, run at the end of every build,
that every public name of chessbits has its entry there (the build fails naming what is missing).

Build: ``pip install ".[docs]" && python -m sphinx -W -b html docs docs/_build/html``.
"""
import importlib
import inspect
import re

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import chessbits

project = "chessbits"
author = "the chessbits developers"
copyright = "2026, the chessbits developers"
release = version = chessbits.__version__

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "figures/*.py"]
myst_heading_anchors = 3
html_theme = "furo"
html_title = f"chessbits {release}"
autodoc_member_order = "groupwise"
autodoc_typehints = "signature"

# The modules whose public names the reference must hold. Those with __all__ are checked by
# it; the others by the classes and functions they define (what a user imports from them).
REFERENCED = ["chessbits", "chessbits.attacks", "chessbits.pgn", "chessbits.polyglot",
              "chessbits.variant", "chessbits.encode", "chessbits.engine", "chessbits.svg",
              "chessbits.syzygy", "chessbits.gaviota", "chessbits.deep", "chessbits.deep_dask",
              "chessbits.deep_tasks", "chessbits.pgn_dask", "chessbits.positions", "chessbits.suites",
              "chessbits.epd", "chessbits.compare", "chessbits.magics", "chessbits.uci", "chessbits.run",
              "chessbits.env.chess_v6", "chessbits.env.vector"]


def public_names(module_name: str) -> "list[str]":
    """The names a user imports from the module: its __all__, or what it defines."""
    module = importlib.import_module(module_name)
    if hasattr(module, "__all__"):
        return [n for n in module.__all__ if not n.startswith("__")]
    return [n for n, v in vars(module).items()
            if not n.startswith("_") and (inspect.isclass(v) or inspect.isroutine(v))
            and getattr(v, "__module__", None) in (module_name, "chessbits._core")]


def check_reference(app, exception):
    """Warn (fail the -W build) when a public name has no entry in the API reference."""
    if exception is not None or app.builder.name != "html":
        return
    documented = set(app.env.get_domain("py").objects)
    missing = [f"{m}.{n}" for m in REFERENCED for n in public_names(m)
               if f"{m}.{n}" not in documented and not (m == "chessbits" and f"chessbits.{n}" in documented)]
    if missing:  # a warning, so -W fails the build
        logging.getLogger(__name__).warning("%d public names missing from docs/api.md: %s", len(missing), ", ".join(missing))


class Names(SphinxDirective):
    """``.. names:: MODULE`` with ``:match: REGEX``: one entry (``py:data``, under the current
    module) for each name of MODULE (its __all__, else its globals) the pattern matches, the
    directive's text describing them all; so the 64 squares are listed by the module that
    defines them."""
    required_arguments = 1
    has_content = True
    option_spec = {"match": directives.unchanged_required}

    def run(self):
        pattern = re.compile(self.options["match"])
        module = importlib.import_module(self.arguments[0])
        names = [n for n in getattr(module, "__all__", vars(module)) if pattern.fullmatch(n)]
        if not names:
            raise self.error(f"no name of {self.arguments[0]} matches {pattern.pattern}")
        lines = [".. py:data:: " + names[0]] + ["             " + n for n in names[1:]] + [""]
        lines += ["   " + line for line in self.content]
        holder = nodes.section()
        self.state.nested_parse(StringList(lines, source=self.get_source_info()[0]), self.content_offset, holder)
        return holder.children


def setup(app):
    app.add_directive("names", Names)
    app.connect("build-finished", check_reference)
