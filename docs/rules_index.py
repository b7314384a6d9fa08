"""The rules index (docs/rules.md): each article of the FIDE texts swisspair applies, with the modules,
classes and functions whose docstrings cite it.

    python docs/rules_index.py          # rewrite docs/rules.md from the docstrings
    python docs/rules_index.py --check  # exit 1, naming the differences, when it is out of date

tests/test_rules_index.py runs the check, so the index cannot drift from the code: an article a
docstring cites and the index lacks, or an article the index lists for a function that no longer
cites it, fails the suite.

What counts as a citation (the docstrings' conventions):

* the code of a text with an article: ``C.04.1 art. 3``, ``C.07 (2026) 8.1``, ``C.04.3 (2026) C5``,
  ``GHR 3.4`` (the general handling rules, C.04.2); the code alone cites the whole text;
* in a module whose docstring names one text on its first line (``The Dubov System (FIDE
  C.04.4.1...``), a bare ``art. 4.2``, a criterion ``C5`` (and ``C10-C13``) of that text,
  and, in the 1992 Dutch rules, the lettered articles ``A 2`` ... ``F 3``; the 2017 Dutch text is
  named by a year 2017 on that line (or ``C.04.3 (2017)``), and its criteria are written ``C.5``;
* the historical texts by name: ``FIDE Swiss rules 1987-89, art. 16``; a module of the 1987 rules
  or of the 1992 Dutch rules cites them as above.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "swisspair"
INDEX = ROOT / "docs" / "rules.md"


@dataclass(frozen=True)
class Text:
    """A rule text of the index."""

    key: str
    """How the index names it (``C.04.3``, ``Swiss 1987``)."""
    title: str
    """What it is."""
    lettered: bool = False
    """Its articles are lettered (``A 2``, ``C 6``: the 1992 Dutch rules)."""
    criteria: bool = False
    """It has numbered criteria cited as ``C5`` (the Dutch, Dubov, Burstein, Lim and team systems)."""


TEXTS = [
    Text("C.04.1", "FIDE C.04.1: basic rules for Swiss systems"),
    Text("C.04.2", "FIDE C.04.2: general handling rules for Swiss tournaments (GHR)"),
    Text("C.04.3", "FIDE C.04.3: the Dutch system (2026 text)", criteria=True),
    Text("C.04.3 (2017)", "FIDE C.04.3: the Dutch system (2017 text, in force until 31 January 2026)", criteria=True),
    Text("C.04.4.1", "FIDE C.04.4.1: the Dubov system", criteria=True),
    Text("C.04.4.2", "FIDE C.04.4.2: the Burstein system", criteria=True),
    Text("C.04.4.3", "FIDE C.04.4.3: the Lim system", criteria=True),
    Text("C.04.5", "FIDE C.04.5: the Double-Swiss system", criteria=True),
    Text("C.04.6", "FIDE C.04.6: the Swiss team pairing system", criteria=True),
    Text("C.04.7", "FIDE C.04.7: accelerated pairings (Baku acceleration)"),
    Text("C.05", "FIDE C.05: general regulations for competitions (round-robin tables)"),
    Text("C.07", "FIDE C.07: tie-break regulations"),
    Text("C.02", "FIDE C.02 (2009): the former tie-break and play-off rules (historical)"),
    Text("Dutch 1992", "The FIDE Dutch system, 1992 rules (historical)", lettered=True),
    Text("Swiss 1987", "The FIDE Swiss rules, 1987, amended 1988-89 (historical)"),
]
"""The texts the index covers, in the order it lists them."""

_BY_KEY = {text.key: text for text in TEXTS}
_CODE = r"C\.0[0-9](?:\.[0-9]+)*"
_ARTICLE = r"(?:arts?\.\s*)?(?P<article>C\.?[0-9]{1,2}\b|[0-9]+(?:\.[0-9]+)*)"
_EXPLICIT = re.compile(rf"(?P<code>{_CODE})(?:\s*\((?P<year>[0-9]{{4}})\)|,?\s+(?P<textyear>[0-9]{{4}}) text)?"
                       rf"(?:,?\s+{_ARTICLE})?")
_GHR = re.compile(r"\bGHR\s+(?:art\.\s*)?(?P<article>[0-9]+(?:\.[0-9]+)*)")
_SWISS_1987 = re.compile(r"Swiss rules,? 1987(?:-89)?,? arts?\.\s*(?P<article>[0-9]+(?:\.[0-9]+)*)")
_BARE_ARTICLE = re.compile(r"\b[Aa]rts?\.\s*(?P<article>[0-9]+(?:\.[0-9]+)*)(?:-(?P<last>[0-9]+(?:\.[0-9]+)*))?")
_CRITERION = re.compile(r"\bC(?P<dot>\.?)(?P<number>[0-9]{1,2})\b(?:-C\.?(?P<last>[0-9]{1,2})\b)?")
_LETTERED = re.compile(r"\b(?P<letter>[A-F]) (?P<number>[0-9]{1,2})\b")
_HISTORICAL_MODULES = [(re.compile(r"\b1992 rules"), "Dutch 1992"), (re.compile(r"Swiss rules,? 1987"), "Swiss 1987")]


def _key(code: str) -> str | None:
    """The index's text for a code as cited (``C.04.4.1``; ``C.04.4`` alone is none of them)."""
    return code if code in _BY_KEY else None


def module_text(docstring: str) -> Text | None:
    """The text a module applies: the one its docstring's first line names, if exactly one."""
    first = docstring.strip().splitlines()[0] if docstring.strip() else ""
    keys = {_key(m.group("code")) for m in _EXPLICIT.finditer(first)} - {None}
    keys |= {key for pattern, key in _HISTORICAL_MODULES if pattern.search(first)}
    if len(keys) != 1:
        return None
    key = keys.pop()
    year = re.search(r"\b(19|20)[0-9]{2}\b", first)
    return _BY_KEY[f"{key} ({year.group(0)})" if year and f"{key} ({year.group(0)})" in _BY_KEY else key]


def _article(text: str) -> str:
    """An article as the index writes it (``C5``, ``C.5``, ``4.2``)."""
    return text.rstrip(".")


def citations(docstring: str, default: Text | None) -> set[tuple[str, str]]:
    """The (text, article) pairs ``docstring`` cites; an article ``""`` cites the whole text."""
    found: set[tuple[str, str]] = set()
    rest = docstring
    for match in _EXPLICIT.finditer(docstring):
        key = _key(match.group("code"))
        if key is not None and _key(f"{key} ({match.group('year')})") is not None:
            key = f"{key} ({match.group('year')})"
        if key is not None:
            article = match.group("article")
            found.add((key, _article(article) if article and not _is_year(article) else ""))
        rest = rest.replace(match.group(0), " ", 1)
    for pattern, key in ((_GHR, "C.04.2"), (_SWISS_1987, "Swiss 1987")):
        for match in pattern.finditer(rest):
            found.add((key, _article(match.group("article"))))
        rest = pattern.sub(" ", rest)
    if default is None:
        return found
    for match in _BARE_ARTICLE.finditer(rest):
        found.add((default.key, _article(match.group("article"))))
        if match.group("last"):
            found.add((default.key, _article(match.group("last"))))
    if default.criteria:
        for match in _CRITERION.finditer(rest):
            first, last = int(match.group("number")), int(match.group("last") or match.group("number"))
            key = default.key
            if match.group("dot") and _key(f"{key} (2017)") is not None:
                key = f"{key} (2017)"  # the 2017 Dutch text numbers its criteria C.1-C.19
            elif not match.group("dot") and key.endswith(" (2017)"):
                key = key[: -len(" (2017)")]  # C5 in the 2017 text's module: the 2026 criterion
            found |= {(key, f"C{match.group('dot')}{n}") for n in range(first, max(first, last) + 1)}
    if default.lettered:
        for match in _LETTERED.finditer(rest):
            found.add((default.key, f"{match.group('letter')} {match.group('number')}"))
    return found


def _is_year(article: str) -> bool:
    return article.isdigit() and len(article) == 4


def _definitions(tree: ast.Module, module: str) -> list[tuple[str, str]]:
    """(qualified name, docstring) of the module and of each class and function at module or class level."""
    out = [(module, ast.get_docstring(tree) or "")]
    module = module.replace(".", "\0")  # the module's dots apart from the qualified names' (see collect)

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix if node.name == "__init__" else f"{prefix}.{node.name}"  # the class's
                out.append((name, ast.get_docstring(node) or ""))
                if isinstance(node, ast.ClassDef):
                    visit(node.body, name)

    visit(tree.body, module)
    return out


def collect() -> dict[str, dict[str, set[str]]]:
    """text -> article -> the names that cite it (``module`` or ``module:qualified.name``), from every
    module of the package."""
    index: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        default = module_text(ast.get_docstring(tree) or "")
        for name, docstring in _definitions(tree, module):
            for key, article in citations(docstring, default):
                index[key][article].add(name.replace(".", ":", 1).replace("\0", ".") if "\0" in name else name)
    return index


def _order(article: str) -> tuple[object, ...]:
    """Whole text first, then lettered, criteria, numbered articles in numeric order."""
    if not article:
        return (0,)
    if article[0].isalpha():
        letter, number = re.match(r"([A-Z])\.? ?([0-9]*)", article).groups()  # type: ignore[union-attr]
        return (1, letter, int(number or 0), article)
    return (2, *(int(n) for n in article.split(".")))


def render(index: dict[str, dict[str, set[str]]]) -> str:
    """The text of docs/rules.md."""
    lines = [
        "# Rules index",
        "",
        "Each article of the FIDE texts swisspair applies, with the modules, classes and functions whose",
        "docstrings cite it (a module is listed for what its docstring describes). Generated from the",
        "docstrings by `python docs/rules_index.py`; `tests/test_rules_index.py` fails when this page and",
        "the docstrings disagree. The conventions it reads are in `docs/rules_index.py`.",
        "",
    ]
    for text in TEXTS:
        articles = index.get(text.key)
        if not articles:
            continue
        lines += [f"## {text.title}", "", "| article | applied by |", "|---|---|"]
        for article in sorted(articles, key=_order):
            names = _cell(articles[article])
            lines.append(f"| {article or '(the text)'} | {names} |")
        lines.append("")
    return "\n".join(lines)


def _cell(names: set[str]) -> str:
    """The names (``module`` or ``module:qualified.name``) as the index writes them: each module linked
    to its reference, then what in it cites the article (``(module)``: its docstring)."""
    by_module: dict[str, list[str]] = defaultdict(list)
    for name in sorted(names):
        module, _, qualified = name.partition(":")
        by_module[module].append(f"`{qualified}`" if qualified else "(module)")
    return "; ".join(f"{{py:mod}}`{module}`: {', '.join(items)}" for module, items in by_module.items())


def parse(text: str) -> dict[str, dict[str, set[str]]]:
    """The index as docs/rules.md holds it (the inverse of :func:`render`)."""
    index: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    titles = {text.title: text.key for text in TEXTS}
    key = None
    for line in text.splitlines():
        if line.startswith("## "):
            key = titles.get(line[3:])
        elif key and line.startswith("| ") and not line.startswith("| article"):
            article, names = (cell.strip() for cell in line.strip("| ").split(" | "))
            cited = index[key]["" if article == "(the text)" else article]
            for part in names.split("; "):
                module, items = re.fullmatch(r"\{py:mod\}`([\w.]+)`: (.*)", part).groups()  # type: ignore[union-attr]
                for item in items.split(", "):
                    cited.add(module if item == "(module)" else f"{module}:{item.strip('`')}")
    return index


def differences(written: dict[str, dict[str, set[str]]], cited: dict[str, dict[str, set[str]]]) -> list[str]:
    """What the index lacks and what it lists that no docstring cites, one line each."""
    out = []
    for key in sorted({*written, *cited}):
        for article in sorted({*written.get(key, {}), *cited.get(key, {})}):
            have, want = written.get(key, {}).get(article, set()), cited.get(key, {}).get(article, set())
            for name in sorted(want - have):
                out.append(f"{name.replace(':', '.')} cites {key} {article or '(the text)'}, which the index lacks for it")
            for name in sorted(have - want):
                out.append(f"the index lists {name.replace(':', '.')} for {key} {article or '(the text)'}, "
                           "which it does not cite")
    return out


def main(argv: list[str]) -> int:
    cited = collect()
    if "--check" in argv:
        problems = differences(parse(INDEX.read_text(encoding="utf-8")), cited)
        for line in problems:
            print(line)
        return 1 if problems else 0
    INDEX.write_text(render(cited) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
