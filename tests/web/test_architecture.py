"""The shape of the manager (docs/manager.md, *Code layout*): short functions, as in the core
(``tests/test_code_shape.py``), and every write of a row through :mod:`swisspair_web.tournaments.services`,
each operation in one transaction.

A write is found in the source, without running it: a call of ``save``, ``delete``, ``create``, ``update``,
``get_or_create``, ``update_or_create``, ``bulk_create``, ``bulk_update``, ``create_user`` or
``create_superuser`` on a model's manager (``Player.objects``), on a query built from one or from a related
manager (``section.players``, ``rnd.boards.filter(...)``), on a name such a query was given in the same
function, or, for ``save`` and ``delete``, on anything (a model instance). ``create`` and ``update`` on other
things (a dict, a set, a module's function such as ``services.playoffs.create``) are not writes.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import source_trees
from django.apps import apps
from django.core.management import call_command

from tests.test_code_shape import LIMIT, long_functions

MANAGER = Path(__file__).resolve().parents[2] / "src" / "swisspair_web"

WRITES = frozenset({"save", "delete", "create", "update", "get_or_create", "update_or_create", "bulk_create",
                    "bulk_update", "create_user", "create_superuser"})
ALWAYS_WRITES = WRITES - {"create", "update"}
"""Writes whatever they are called on (``row.save()``, ``team.delete()``): no dict, set or object of the
manager other than a model instance or a query has a method of these names."""

QUERIES = frozenset({"objects", "all", "filter", "exclude", "select_related", "prefetch_related", "order_by",
                     "select_for_update", "annotate", "alias", "values", "values_list", "distinct", "only", "defer",
                     "none", "using"})
"""A manager and the methods of a query that return a query."""

ALLOWED = {
    "tournaments/services/": "the manager's writes: each operation one transaction with its audit entry",
    "tournaments/migrations/": "the schema and its data migrations",
    "tournaments/services/jobs.py": "the job queue's own rows (a job's state, progress and heartbeat, and the task backend's "
                           "results); a job's work is an operation of services, run in the transaction that marks "
                           "the job done",
    "tournaments/public/changes.py": "the public pages' bookkeeping: which event's rendered pages are out of date, "
                                     "and the pages asked for that are not rendered yet",
    "tournaments/public/render.py": "the public pages' bookkeeping: when an event's pages were rendered, and their stamp",
    "tournaments/public/store.py": "the public pages' bookkeeping: the pages asked for, once they are rendered",
    "tournaments/rows/sections.py:save": "a new section is saved with its prize settings and its overall category",
}
"""Where a write of a row may stand outside the services, and why: a file, a folder, or ``file:function``."""

NOT_ROWS = {
    "tournaments/pages/cards.py:self.canvas.save": "reportlab's canvas: the page of a PDF",
}
"""Calls named like a write that write no row (``file:receiver.method``)."""


def related_managers() -> frozenset[str]:
    """The names of the related managers of the manager's models (``section.players``, ``rnd.boards``...)."""
    names = set()
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if field.one_to_many or field.many_to_many:
                names.add(field.get_accessor_name() if field.auto_created else field.name)
    return frozenset(names)


def _chain(node: ast.expr) -> tuple[list[str], ast.expr]:
    """The attribute and method names of ``a.b(...).c`` (``["b", "c"]``) and its root (``a``)."""
    names: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            names.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Subscript):
            node = node.value
        else:
            return names[::-1], node


def _is_query(node: ast.expr, related: frozenset[str], queries: set[str], imported: set[str]) -> bool:
    """Whether ``node`` is a manager or a query of the manager's models, or a name given one. On an imported
    name only a manager or a query method counts (``services.playoffs`` is a module, not ``Section.playoffs``)."""
    names, root = _chain(node)
    if isinstance(root, ast.Name) and root.id in queries:
        return True
    if isinstance(root, ast.Name) and root.id in imported:
        related = frozenset()
    return any(name in QUERIES or name in related for name in names)


def _queries_of(function: ast.AST, related: frozenset[str], imported: set[str]) -> set[str]:
    """The names given a manager or a query in ``function`` (``rows = Job.objects.filter(...)``)."""
    names: set[str] = set()
    for node in source_trees.walk(function):
        if isinstance(node, ast.Assign) and _is_query(node.value, related, names, imported):
            names |= {target.id for target in node.targets if isinstance(target, ast.Name)}
    return names


@dataclass(frozen=True)
class Write:
    path: str
    line: int
    function: str
    call: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.call} (in {self.function})"


def _is_write(call: ast.Call, related: frozenset[str], queries: set[str], imported: set[str]) -> bool:
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in WRITES:
        return False
    if _is_query(func.value, related, queries, imported):
        return True
    _names, root = _chain(func.value)
    if isinstance(root, ast.Name) and root.id in imported:
        return False  # a module's function (services.playoffs.delete) or an imported object (cache.delete)
    return func.attr in ALWAYS_WRITES


def _imported(tree: ast.Module) -> set[str]:
    names = set()
    for node in source_trees.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return names


def writes_in(source: str, path: str, related: frozenset[str]) -> Iterator[Write]:
    """Every write of a row in ``source`` (the text of the file ``path``), with the function it stands in."""
    tree = source_trees.parse(source)
    imported = _imported(tree)
    functions = [node for node in source_trees.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    seen: set[int] = set()
    for function in sorted(functions, key=lambda f: -f.lineno):  # innermost first: a call belongs to one function
        queries = _queries_of(function, related, imported)
        for node in source_trees.walk(function):
            if isinstance(node, ast.Call) and id(node) not in seen and _is_write(node, related, queries, imported):
                seen.add(id(node))
                yield Write(path, node.lineno, function.name, ast.unparse(node)[:100])
    for node in source_trees.walk(tree):  # module level
        if isinstance(node, ast.Call) and id(node) not in seen and _is_write(node, related, set(), imported):
            yield Write(path, node.lineno, "<module>", ast.unparse(node)[:100])


def _allowed(write: Write) -> bool:
    if any(place.endswith("/") and write.path.startswith(place) for place in ALLOWED):
        return True
    if write.path in ALLOWED or f"{write.path}:{write.function}" in ALLOWED:
        return True
    return any(write.path == path and write.call.startswith(receiver + "(")
               for path, _, receiver in (call.partition(":") for call in NOT_ROWS))


def manager_writes() -> list[Write]:
    related = related_managers()
    found = []
    for path in sorted(MANAGER.rglob("*.py")):
        found += writes_in(path.read_text(encoding="utf-8"), path.relative_to(MANAGER).as_posix(), related)
    return sorted(found, key=lambda w: (w.path, w.line))


def test_no_function_of_the_manager_over_120_lines() -> None:
    assert LIMIT == 120
    assert long_functions(MANAGER) == []


def test_every_write_of_a_row_goes_through_the_services() -> None:
    """The writes outside :mod:`swisspair_web.tournaments.services` are the bookkeeping :data:`ALLOWED` names."""
    outside = [str(write) for write in manager_writes() if not _allowed(write)]
    assert outside == []


def test_every_allowed_place_still_writes() -> None:
    """An entry of :data:`ALLOWED` or :data:`NOT_ROWS` that no longer matches a write is taken out."""
    writes = manager_writes()
    for place in ALLOWED:
        if place.endswith("/"):
            assert any(w.path.startswith(place) for w in writes), place
        else:
            path, _, function = place.partition(":")
            assert any(w.path == path and function in ("", w.function) for w in writes), place
    for call in NOT_ROWS:
        path, _, receiver = call.partition(":")
        assert any(w.path == path and w.call.startswith(receiver + "(") for w in writes), call


STEPS = {
    "base.py:audit", "base.py:audits_together", "base.py:bump_section", "base.py:touch_section", "categories.py:bump_settings", "numbering.py:apply",
    "players.py:create_players", "trf_import.py:save_teams",
}
"""Public functions of the services that write inside their caller's transaction (their docstrings say so),
besides the private ones (``_take``, ``_follow_forfeits``...)."""


def functions_of(path: Path) -> dict[str, ast.FunctionDef]:
    tree = source_trees.parse(path.read_text(encoding="utf-8"))
    return {node.name: node for node in source_trees.walk(tree) if isinstance(node, ast.FunctionDef)}


TRANSACTIONS = ("transaction.atomic(", "operation(")
"""The blocks of a transaction: Django's, and an operation of the services (``effects.operation()``: one
transaction and the effects said in it)."""


def _atomic_lines(function: ast.AST) -> set[int]:
    """The lines of ``function`` inside a ``with transaction.atomic()`` or ``with operation()`` block."""
    lines: set[int] = set()
    for node in source_trees.walk(function):
        if isinstance(node, ast.With) and any(ast.unparse(item.context_expr).startswith(TRANSACTIONS)
                                              for item in node.items):
            lines |= set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


QUEUE = "jobs.py"
"""The job queue of the services: its writes are the queue's own rows (a job's state, progress, heartbeat), one
statement each; a job's work is an operation of the other modules, in its own transaction."""


def test_every_operation_of_the_services_writes_in_its_transaction() -> None:
    """Each write of an operation stands inside its ``transaction.atomic()`` block, so a failure leaves nothing
    half-written; the steps it calls (:data:`STEPS`, private functions) write inside that transaction."""
    related = related_managers()
    outside = []
    services = MANAGER / "tournaments" / "services"
    for path in sorted(p for p in services.glob("*.py") if p.name != QUEUE):
        functions = functions_of(path)
        for write in writes_in(path.read_text(encoding="utf-8"), path.name, related):
            if write.function.startswith("_") or f"{path.name}:{write.function}" in STEPS:
                continue
            if write.line not in _atomic_lines(functions[write.function]):
                outside.append(str(write))
    assert outside == []
    for step in STEPS:
        name, _, function = step.partition(":")
        assert "transaction" in (ast.get_docstring(functions_of(services / name)[function]) or ""), step


SAMPLE = '''
from swisspair_web.tournaments import services
from django.core.cache import cache

def writes(section, player, team):
    Player.objects.create(name="x")
    Player.objects.filter(pk=1).update(tpn=2)
    section.players.update(board_order=None)
    rows = Job.objects.filter(pk=1)
    rows.update(state="done")
    player.save()
    team.delete()
    Bye.objects.bulk_create([])
    users.objects.create_user("a")
    Registration.objects.get_or_create(section=section)

def not_writes(ctx, section):
    ctx.update({})
    seen = set()
    seen.update((1, 2))
    row = {"value": ""}
    row.update(value="1")
    services.playoffs.create(section, None, 1)
    services.playoffs.delete(None, None)
    cache.delete("key")
'''


def test_the_scan_finds_each_kind_of_write() -> None:
    """The scan can fail: each write of the sample is found, and nothing else."""
    found = list(writes_in(SAMPLE, "sample.py", related_managers()))
    assert sorted(w.line for w in found) == [6, 7, 8, 10, 11, 12, 13, 14, 15]
    assert {w.function for w in found} == {"writes"}


# -- layers ------------------------------------------------------------------------------------------------

LAYERS = ("rows", "reads", "public", "services", "pages")
"""The folders of ``tournaments/``, from the bottom up: a module imports nothing of a layer above its own
(docs/manager.md, *Code layout*). The public pages sit below the services, which say when a page must be
rendered again, and render from the reads alone, never through a view of ``pages/``."""

APP = "swisspair_web.tournaments"


def layer(module: str) -> int | None:
    """The rank of ``module``'s layer in :data:`LAYERS`; ``None`` outside them (``urls``, ``apps``...)."""
    parts = module.split(".")
    if module.startswith(APP + ".") and len(parts) > 2 and parts[2] in LAYERS:
        return LAYERS.index(parts[2])
    return None


def imports_of(source: str, module: str) -> Iterator[tuple[int, str, list[str]]]:
    """``(line, imported module, names)`` of every import of ``source`` (lazy ones too), relative ones
    resolved from ``module``."""
    for node in source_trees.walk(source_trees.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")[: -node.level]
                base = ".".join([*anchor, base] if base else anchor)
            names = [alias.name for alias in node.names]
            yield node.lineno, base, names
            for name in names:  # ``from swisspair_web.tournaments.public import store``: the module store
                yield node.lineno, f"{base}.{name}", []


def module_name(path: Path) -> str:
    parts = list(path.relative_to(MANAGER.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def manager_modules() -> set[str]:
    return {module_name(path) for path in MANAGER.rglob("*.py")}


def upward_imports(source: str, module: str) -> list[str]:
    """The imports of ``source`` (the module ``module``) from a layer above its own."""
    own = layer(module)
    if own is None:
        return []
    return [f"{module}:{line}: {target}" for line, target, _names in imports_of(source, module)
            if (rank := layer(target)) is not None and rank > own]


def test_no_layer_imports_a_layer_above_it() -> None:
    found = []
    for path in sorted(MANAGER.rglob("*.py")):
        found += upward_imports(path.read_text(encoding="utf-8"), module_name(path))
    assert found == []


def private_uses(source: str, module: str) -> list[str]:
    """Where ``source`` takes another module's private name: ``from ..x import _name``, or ``x._name`` on a
    module ``x`` of the manager it imported."""
    tree = source_trees.parse(source)
    found, modules = [], set()
    for line, target, names in imports_of(source, module):
        if not target.startswith("swisspair_web"):
            continue
        found += [f"{module}:{line}: {target}.{name}" for name in names if name.startswith("_")
                  and not name.startswith("__")]
    ours = manager_modules()
    for node in source_trees.walk(tree):  # the names bound to a module of the manager
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("swisspair_web"):
            modules |= {alias.asname or alias.name for alias in node.names if f"{node.module}.{alias.name}" in ours}
        elif isinstance(node, ast.Import):
            modules |= {(alias.asname or alias.name).split(".")[0] for alias in node.names
                        if alias.name.startswith("swisspair_web")}
    for node in source_trees.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                and isinstance(node.value, ast.Name) and node.value.id in modules:
            found.append(f"{module}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


@pytest.mark.slow
def test_no_module_takes_another_modules_private_name() -> None:
    found = []
    for path in sorted(MANAGER.rglob("*.py")):
        found += private_uses(path.read_text(encoding="utf-8"), module_name(path))
    assert found == []


LAYERED_SAMPLE = '''
from swisspair_web.tournaments.rows import Player
from swisspair_web.tournaments.pages.common import arbiter_page
from swisspair_web.tournaments.services.base import _helper
from swisspair_web.tournaments.public import store

def f():
    from swisspair_web.tournaments.services import jobs
    return store._recorded, jobs.start
'''


def test_the_layer_checks_find_what_they_look_for() -> None:
    """The checks can fail: in a module of ``public/``, the imports of ``pages`` and ``services`` (a lazy one
    too) go up, and a private name imported or read on a module is found."""
    up = upward_imports(LAYERED_SAMPLE, f"{APP}.public.sample")
    assert [entry.split(": ")[1] for entry in up] == [
        f"{APP}.pages.common", f"{APP}.pages.common.arbiter_page", f"{APP}.services.base",
        f"{APP}.services.base._helper", f"{APP}.services", f"{APP}.services.jobs"]
    assert upward_imports(LAYERED_SAMPLE, f"{APP}.pages.sample") == []
    private = private_uses(LAYERED_SAMPLE, f"{APP}.public.sample")
    assert [entry.split(": ")[1] for entry in private] == [f"{APP}.services.base._helper", "store._recorded"]


# -- side effects ------------------------------------------------------------------------------------------


def test_no_signal_and_no_private_state_of_django() -> None:
    """What a write makes happen is said in the write's code (``services/follow.py``): the manager connects
    no signal, and reads no private state of Django's transactions (the callbacks waiting for a commit)."""
    found = []
    for path in sorted(MANAGER.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for line, target, _names in imports_of(source, module_name(path)):
            if target.startswith(("django.db.models.signals", "django.dispatch", "django.core.signals")):
                found.append(f"{path.name}:{line}: {target}")
        found += [f"{path.name}: run_on_commit" for text in [source] if "run_on_commit" in text]
    assert found == []


def test_the_public_pages_are_rendered_by_their_builders() -> None:
    """The rendering calls each page's builder (``render.register``), never the URL resolver with a request
    made up for it: nothing of ``public/`` resolves a path or makes a request."""
    found = []
    for path in sorted((MANAGER / "tournaments" / "public").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        for line, target, names in imports_of(source, module_name(path)):
            if {"resolve", "WSGIRequest", "RequestFactory"} & set(names) or target.endswith(".handlers.wsgi"):
                found.append(f"{path.name}:{line}: {target} {names}")
    assert found == []
    from swisspair_web.tournaments.public import render

    assert {page.build.__module__.rpartition(".")[0] for page in render.PAGES} == {f"{APP}.public"}


QUIET = {
    "events.py:set_role": "the arbiters of an event: no public page shows them",
    "follow.py:_record_prize_list": "the prize list's own check, run after a write that said what follows it, or by "
                                    "follow.prize_list, which says so",
    "events.py:remove_role": "the same",
    "events.py:_change_role": "the same",
    "events.py:answer_invitation": "the same",
    "events.py:withdraw_invitation": "the same",
    "numbering.py:keep_sorted": "a step of the operations that add or delete players, which say what follows",
    "presence.py:set_presence": "the ticks of the check-in: no public page shows them (the absences they lead to "
                                "are recorded by record_absences, which says so)",
    "registration.py:submit": "an entry waiting for the arbiter: no public page shows it",
    "registration.py:approve": "the player approved is added by players.add_players, which says what follows",
    "registration.py:refuse": "an entry refused: no public page shows it",
    "registration.py:import_list": "the rating list the entries are completed from: no public page shows it",
    "results.py:_follow_forfeits": "a step of set_results, which says what follows",
}
"""Functions of the services that write an audit entry and say nothing follows them, and why."""


def test_every_audited_write_says_what_follows_it() -> None:
    """A function of the services that writes an audit entry says what follows it once it commits
    (``follow.section``, ``follow.event``), or is named in :data:`QUIET` with its reason."""
    silent = []
    for path in sorted((MANAGER / "tournaments" / "services").glob("*.py")):
        for name, function in functions_of(path).items():
            calls = {ast.unparse(node.func) for node in source_trees.walk(function) if isinstance(node, ast.Call)}
            if "audit" in calls and not any(call.startswith("follow.") for call in calls) \
                    and f"{path.name}:{name}" not in QUIET:
                silent.append(f"{path.name}:{name}")
    assert silent == []
    for place in QUIET:
        file, _, name = place.partition(":")
        assert name in functions_of(MANAGER / "tournaments" / "services" / file), place


def test_the_migrations_hold_every_field_of_the_rows() -> None:
    """Each change of the rows has its migration (and two migrations of one number are put in order)."""
    out = io.StringIO()
    try:
        call_command("makemigrations", "tournaments", check=True, dry_run=True, stdout=out, verbosity=1)
    except SystemExit:
        raise AssertionError(f"a change of the rows without its migration:\n{out.getvalue()}") from None
