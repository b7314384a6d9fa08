"""Sphinx settings: the guides (Markdown, read by myst-parser) and the API reference built from
the docstrings (autodoc). Build with ``bash scripts/docs.sh``; tests/test_docs.py builds them with
warnings as errors and every cross-reference checked (nitpicky).

The reference is generated from the package as it is: ``.. swisspair-modules:: PACKAGE`` documents
every module found under PACKAGE (docs/reference/), so a module added, moved or removed needs no
edit here.
"""

from __future__ import annotations

import builtins
import functools
import importlib
import pkgutil
import re
import sys
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

project = "swisspair"
author = "the swisspair authors"
copyright = "the swisspair authors"
extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_theme_options = {"nosidebar": False}
html_sidebars = {"**": ["globaltoc.html", "searchbox.html"]}

myst_heading_anchors = 4
"""Markdown links may point at a heading: ``[Start-up](pairing.md#start-up)``."""

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
autodoc_inherit_docstrings = False
"""A method that overrides click's keeps no click docstring (their references point into click)."""

nitpicky = True
"""Every cross-reference must resolve: to a swisspair object, or to the standard library and the
packages swisspair uses (no inventory of theirs is fetched: the build runs offline)."""

_EXTERNAL = {*sys.stdlib_module_names, "click", "django", "typing_extensions"}
nitpick_ignore_regex = [
    (r"py:.*", r"(%s)(\..*)?" % "|".join(sorted(_EXTERNAL))),
    (r"py:.*", r"(%s)" % "|".join(name for name in dir(builtins) if not name.startswith("_"))),
    (r"py:class", r".*\.(_?T|F|_Units)"),  # type variables
    (r"py:.*", r"(.*\.)?_[A-Za-z].*"),  # private names are not in the reference (private by name)
    (r"py:class", r".*[\[\]].*"),  # pieces of a type annotation that names a type-checking-only import
    (r"py:.*", r"(Self|Any|Literal|Callable|Iterable|Iterator|Sequence|Mapping|Fraction|Path|TextIO|PathLike"
               r"|Protocol|TypeVar|Generic|F|T|ResultT|NoneType|ellipsis"
               r"|Rules)"),  # type aliases defined for the type checker only
]


class ModulesDirective(SphinxDirective):
    """``.. swisspair-modules:: PACKAGE``: a section with ``automodule`` for each module under PACKAGE,
    found by walking it. Each documents what it defines (not what it re-exports, documented where it
    is defined), less the public names (:doc:`api`), which are documented there."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        package = self.arguments[0]
        public = importlib.import_module("swisspair")._EXPORTS
        lines: list[str] = []
        for name in modules_of(package):
            if name == "swisspair" or any(part.startswith("_") for part in name.split(".")):
                continue  # the public API's page; private modules (the compiled matching core)
            lines += [name, "-" * len(name), "", f".. automodule:: {name}", "   :ignore-module-all:"]
            exported = sorted(public_name for public_name, module in public.items() if module == name)
            if exported:
                lines.append(f"   :exclude-members: {', '.join(exported)}")
            lines.append("")
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source=f"<modules of {package}>"), node)
        return node.children


def modules_of(package: str) -> list[str]:
    """``package`` and every module under it, in name order (compiled ones too)."""
    module = importlib.import_module(package)
    names = [package]
    if hasattr(module, "__path__"):
        names += [info.name for info in pkgutil.walk_packages(module.__path__, package + ".")]
    return sorted(names)


@functools.cache
def documented_name(dotted: str) -> str | None:
    """The name under which the object ``dotted`` leads to is documented: a public name
    (``swisspair.Tournament``) for what ``swisspair`` exports, else where it is defined
    (``swisspair.trf.read`` -> ``swisspair.trf.reader.read``); attributes follow their class.
    ``None`` when ``dotted`` names nothing importable."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        break
    else:
        return None
    name = ".".join(parts[:split])
    public = importlib.import_module("swisspair")
    rest = parts[split:]
    while rest:
        try:
            obj = getattr(obj, rest[0])
        except AttributeError:
            break
        rest = rest[1:]
        qualname = getattr(obj, "__qualname__", None)
        module = getattr(obj, "__module__", None)
        if isinstance(qualname, str) and "." not in qualname and isinstance(module, str) \
                and not isinstance(obj, type(sys)):
            exported = getattr(public, qualname, None) if qualname in public._EXPORTS else None
            name = f"swisspair.{qualname}" if exported is obj else f"{module}.{qualname}"
        else:
            name = f"{name}.{getattr(obj, '__name__', None) or parts[len(parts) - len(rest) - 1]}"
    return ".".join([name, *rest])


def resolve_by_import(app: Sphinx, env: object, node: nodes.Element, contnode: nodes.Element) -> nodes.Element | None:
    """A Python reference that names an object where it is re-exported or by a short name: resolve it
    where the object is documented (:func:`documented_name`)."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    module, cls = node.get("py:module"), node.get("py:class")
    bases = [f"{module}.{cls}" if module and cls else "", module or "", ""]
    described = re.search(r"docstring of ([\w.]+)", node.source or "")
    if described:  # a public object is documented as swisspair.NAME: its own module's names count
        parts = described.group(1).split(".")
        bases[:0] = [".".join(parts[:end]) for end in range(len(parts) - 1, 1, -1)]
        defined = getattr(importlib.import_module(parts[0]), parts[1], None) if len(parts) > 1 else None
        if isinstance(getattr(defined, "__module__", None), str):
            bases.insert(len(parts) - 2, defined.__module__)
    domain = app.env.get_domain("py")
    for base in dict.fromkeys(bases):
        full = f"{base}.{target}" if base else target
        documented = documented_name(full)
        if documented is None or documented == node["reftarget"] \
                or documented.removesuffix("()") not in domain.objects:
            continue  # (the domain's own search would scan every object for a suffix before failing)
        found = domain.resolve_xref(app.env, node["refdoc"], app.builder, node["reftype"], documented, node, contnode)
        if found is not None:
            return found
    return None


def show_enumeration_values() -> None:
    """autodoc shows a member of an :class:`enum.Enum` by its value (``DRAW = '='``, the TRF code), asking
    ``sphinx.util.inspect.isenumattribute``; the enumerations of :mod:`swisspair.enumeration` have the
    interface of ``Enum`` without being ``Enum``s (the engine form does not load :mod:`enum`), so they are
    shown the same way."""
    from sphinx.util import inspect as sphinx_inspect

    from swisspair.enumeration import EnumerationType

    is_enum_member = sphinx_inspect.isenumattribute
    sphinx_inspect.isenumattribute = lambda x: is_enum_member(x) or isinstance(type(x), EnumerationType)


def setup(app: Sphinx) -> None:
    app.add_directive("swisspair-modules", ModulesDirective)
    app.connect("missing-reference", resolve_by_import)
    show_enumeration_values()
