"""Value classes for the modules every engine run loads: ``@dataclass(slots=True)``, cheaper to start.

Tournament software starts ``swisspair --dutch IN -p OUT`` once per round, so defining the classes
of the model, the reader and the pairing state counts as much as pairing. :func:`dataclasses.dataclass`
cost a third of that process: importing :mod:`dataclasses` loads :mod:`inspect` (with :mod:`ast`,
:mod:`dis`, :mod:`tokenize`), and each class is built from about ten generated functions, each one
compiled from text. :func:`valueclass` compiles one function per class, ``__init__`` (its parameters
are the fields), once: its code is kept beside the byte code for the next run (:class:`InitCodes`); it
gives the others as closures over the field names:

- ``__init__`` with the fields as parameters, in order, with their defaults (:func:`field` gives a
  factory, as :func:`dataclasses.field` does);
- ``__repr__`` (``Board(white=1, black=2)``), ``__eq__`` (same class and the tuples of the fields'
  values equal) and, when frozen, ``__hash__`` (the hash of that tuple); a value class that is not
  frozen is not hashable, and one made with ``eq=False`` compares and hashes by identity. A method the
  class defines itself is kept;
- ``__slots__`` (the class is made again with them) and ``__match_args__``;
- when frozen, assigning or deleting an attribute raises :exc:`FrozenInstanceError` (an
  :exc:`AttributeError`, as :exc:`dataclasses.FrozenInstanceError`);
- ``__getstate__`` / ``__setstate__``, so that :mod:`copy` and :mod:`pickle` work on frozen objects;
- ``__dataclass_fields__``, made by :mod:`dataclasses` itself the first time it is asked for: to
  :func:`dataclasses.fields`, :func:`~dataclasses.replace`, :func:`~dataclasses.asdict` and
  :func:`~dataclasses.is_dataclass` a value class is the dataclass it replaces.

These are the methods of ``@dataclass(slots=True)`` (with ``frozen`` and ``eq`` as given), with the same
results: the same ``repr``, the same equality, the same hash values (tests/test_valueclass.py compares
each value class with the dataclass made from the same class body). What is not offered: inheriting
from a value class, ``ClassVar`` and ``InitVar`` annotations, ``order``, ``kw_only``, ``__post_init__``,
a ``repr`` guarded against recursion. mypy reads :func:`valueclass` as a dataclass maker (PEP 681,
``dataclass_transform``).

The modules the engine form does not load use :mod:`dataclasses` (tests/test_startup.py checks that
the engine form does not import it).
"""

from __future__ import annotations

import marshal
import os
import sys
from _operator import attrgetter  # operator's own, from the builtin module: operator.py is pure Python to load

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable
    from dataclasses import Field
    import types
    from typing import Any, TypeVar, dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**_: object) -> object:
        """PEP 681's marker, which only type checkers read."""
        return lambda function: function


class FrozenInstanceError(AttributeError):
    """An attribute of a frozen value class was assigned or deleted."""


class _Factory:
    """A field's default made anew for each object (:func:`field`)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], object]) -> None:
        self.make = make


class _FactoryDefault:
    """The default of a parameter whose field has a factory; ``<factory>`` in a signature, as a dataclass's."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


_HAS_FACTORY = _FactoryDefault()
_NO_DEFAULT = object()
_FIELDS = "__valueclass_fields__"
"""The class attribute holding the field names, in order."""


def field(*, default_factory: Callable[[], T]) -> T:
    """A field whose default is ``default_factory()``, called for each object (``list``, ``dict``...)."""
    return _Factory(default_factory)  # type: ignore[return-value]  # the decorator takes it out of the class


@dataclass_transform(field_specifiers=(field,))
def valueclass(cls: type[T] | None = None, /, *, frozen: bool = False, eq: bool = True) -> Any:
    """Make ``cls`` a value class: its annotated class attributes are the fields (see the module's text).

    Used as ``@valueclass`` or ``@valueclass(frozen=True)``; ``eq=False`` keeps identity comparison.

    :raises: :exc:`TypeError` for a class that inherits from a value class or has a ``ClassVar``.
    """

    def wrap(cls: type[T]) -> type[T]:
        return _make(cls, frozen, eq)

    return wrap if cls is None else wrap(cls)


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the value object ``obj`` with ``changes`` (by field name), as :func:`dataclasses.replace`.

    :raises: :exc:`TypeError` for a name that is not a field.
    """
    values = {name: getattr(obj, name) for name in getattr(obj, _FIELDS)}
    unknown = changes.keys() - values.keys()
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field {sorted(unknown)[0]!r}")
    values.update(changes)
    return type(obj)(**values)


def _make(cls: type[T], frozen: bool, eq: bool) -> type[T]:
    """The class made again with slots and the generated methods, all in the namespace it is made from (so the
    type is built complete, not changed afterwards)."""
    if any(hasattr(base, _FIELDS) for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a value class cannot inherit from a value class")
    body = cls.__dict__
    annotations: dict[str, str] = body.get("__annotations__", {})
    if any(str(annotation).startswith(("ClassVar", "typing.ClassVar")) for annotation in annotations.values()):
        raise TypeError(f"{cls.__name__}: a value class has no ClassVar")
    names = tuple(annotations)
    defaults = {name: body[name] for name in names if name in body}
    namespace = {name: value for name, value in body.items()
                 if name not in defaults and name not in ("__dict__", "__weakref__")}
    made: list[type] = []  # the class once made: the frozen methods tell it from a subclass
    methods = {"__init__": _init(cls, names, defaults, frozen),
               **_value_methods(made, cls.__mro__[1], names, eq, frozen)}
    own_hash = "__hash__" in body and not (body["__hash__"] is None and "__eq__" in body)
    for name, method in methods.items():
        if name in body or (name == "__hash__" and own_hash):
            continue  # the class's own method is kept
        if method is not None:
            method.__qualname__ = f"{cls.__qualname__}.{name}"
        namespace[name] = method
    namespace.update({"__slots__": names, "__match_args__": names, _FIELDS: names, "__qualname__": cls.__qualname__,
                      "__dataclass_fields__": _DataclassFields(defaults, frozen, eq)})
    metaclass: type = type(cls)
    new: type[T] = metaclass(cls.__name__, cls.__bases__, namespace)
    made.append(new)
    return new


def _init(cls: type, names: tuple[str, ...], defaults: dict[str, object], frozen: bool) -> Callable[..., None]:
    """``__init__``, the one method compiled from text (:func:`_init_text`). A function that takes the defaults
    and factories (so that they are in the closure) returns it; its globals are the module of ``cls``, as a
    dataclass's, so that its annotations read as the fields' do."""
    scope: dict[str, object] = {"_HAS_FACTORY": _HAS_FACTORY}
    kinds = []
    for name in names:
        default = defaults.get(name, _NO_DEFAULT)
        if isinstance(default, _Factory):
            scope[f"_factory_{name}"] = default.make
            kinds.append(_FACTORY)
        elif default is not _NO_DEFAULT:
            scope[f"_default_{name}"] = default
            kinds.append(_DEFAULT)
        else:
            kinds.append(_REQUIRED)
    shape = (frozen, names, tuple(kinds))
    namespace: dict[str, Any] = {}
    code = _INIT_CODES.code(shape, lambda: _init_text(*shape))
    exec(code, sys.modules[cls.__module__].__dict__, namespace)  # noqa: S102 - our own text
    init: Callable[..., None] = namespace["_make"](**scope)
    annotations = cls.__dict__.get("__annotations__", {})
    init.__annotations__ = {**{name: annotations[name] for name in names}, "return": None}
    return init


_REQUIRED, _DEFAULT, _FACTORY = 0, 1, 2
"""What a field's parameter of ``__init__`` takes when it is not given: nothing, the default, the factory's value."""


def _init_text(frozen: bool, names: tuple[str, ...], kinds: tuple[int, ...]) -> str:
    """The text of the function that makes ``__init__`` for the fields ``names``, whose defaults are of ``kinds``:
    it takes the defaults (``_default_NAME``) and factories (``_factory_NAME``) and returns ``__init__``."""
    scope, parameters, lines = ["_HAS_FACTORY"], ["self"], []
    for name, kind in zip(names, kinds):
        value = name
        if kind == _FACTORY:
            scope.append(f"_factory_{name}")
            parameters.append(f"{name}=_HAS_FACTORY")
            value = f"_factory_{name}() if {name} is _HAS_FACTORY else {name}"
        elif kind == _DEFAULT:
            scope.append(f"_default_{name}")
            parameters.append(f"{name}=_default_{name}")
        else:
            parameters.append(name)
        lines.append(f"  object.__setattr__(self, {name!r}, {value})" if frozen else f"  self.{name} = {value}")
    return "\n".join([f"def _make({', '.join(scope)}):", f" def __init__({', '.join(parameters)}):",
                      *(f" {line}" for line in lines or ["  pass"]), " return __init__"])


def _value_methods(made: list[type], parent: Any, names: tuple[str, ...], eq: bool, frozen: bool) -> dict[str, Any]:
    """``__repr__``, ``__eq__``, ``__hash__``, the frozen ``__setattr__`` and ``__delattr__`` and the pickle
    state, on the tuple of the fields' values (the tuple a dataclass's methods compare and hash). ``made`` holds
    the class once it is made; ``parent`` is what super() gives in a class with one base."""
    values = _getter(names)

    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(names, values(self)))
        return f"{self.__class__.__qualname__}({shown})"

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(values(self) == values(other))
        return NotImplemented

    def __hash__(self: object) -> int:
        return hash(values(self))

    def __setattr__(self: object, name: str, value: object) -> None:
        if type(self) is made[0] or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        parent.__setattr__(self, name, value)

    def __delattr__(self: object, name: str) -> None:
        if type(self) is made[0] or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        parent.__delattr__(self, name)

    def __getstate__(self: object) -> tuple[object, ...]:
        return values(self)

    def __setstate__(self: object, state: tuple[object, ...]) -> None:
        for name, value in zip(names, state):
            object.__setattr__(self, name, value)

    methods: dict[str, Any] = {"__repr__": __repr__, "__getstate__": __getstate__, "__setstate__": __setstate__}
    if eq:
        methods.update(__eq__=__eq__, __hash__=__hash__ if frozen else None)  # mutable and equal: unhashable
    if frozen:
        methods.update(__setattr__=__setattr__, __delattr__=__delattr__)
    return methods


def _getter(names: tuple[str, ...]) -> Callable[[object], tuple[object, ...]]:
    """The tuple of the fields' values of an object (:func:`operator.attrgetter`; a tuple for one name too)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


class _DataclassFields:
    """A value class's ``__dataclass_fields__``, made on first use by :func:`dataclasses.make_dataclass` from
    the same fields and defaults (so that the :mod:`dataclasses` functions take the class for a dataclass);
    the class keeps the result."""

    def __init__(self, defaults: dict[str, object], frozen: bool, eq: bool) -> None:
        self.defaults, self.frozen, self.eq = defaults, frozen, eq

    def __get__(self, obj: object, owner: type) -> dict[str, Field[Any]]:
        import dataclasses

        specs: list[tuple[str, object] | tuple[str, object, object]] = []
        for name, annotation in owner.__dict__["__annotations__"].items():
            default = self.defaults.get(name, _NO_DEFAULT)
            if isinstance(default, _Factory):
                specs.append((name, annotation, dataclasses.field(default_factory=default.make)))
            elif default is not _NO_DEFAULT:
                specs.append((name, annotation, dataclasses.field(default=default)))
            else:
                specs.append((name, annotation))
        twin = dataclasses.make_dataclass(owner.__name__, specs, frozen=self.frozen, eq=self.eq)
        described: dict[str, Field[Any]] = getattr(twin, "__dataclass_fields__")  # noqa: B009 - not typed
        type.__setattr__(owner, "__dataclass_fields__", described)
        return described


class InitCodes:
    """The compiled texts of the value classes' ``__init__`` makers, kept between runs as Python keeps byte code.

    Compiling an ``__init__`` from text costs about as much as the rest of making its class, and the engine
    form makes every value class of the model, the reader and the engine each time it starts. The code
    objects are kept in ``path`` (:mod:`marshal`, in the package's ``__pycache__``, named with the
    interpreter's cache tag) and read back by the next run by their class's shape, the arguments of
    :func:`_init_text`, which decide the text: a run that finds the shape does not even make the text. The
    file is stamped with the size and modification time of ``source`` (the module that makes the texts), as a
    ``.pyc`` is with its module's, and another stamp's file is not read: an entry can never be stale. Written
    at exit when something was compiled, unless byte code is not written (``PYTHONDONTWRITEBYTECODE``,
    ``-B``); a file that cannot be read or written is passed by (the text is compiled as before).
    """

    LIMIT = 256
    """Entries kept; beyond it the file keeps only what the last run used."""

    def __init__(self, path: str | None, source: str | None) -> None:
        self.path = path
        self.source = source
        self.stamp: tuple[int, int] | None = None
        """The size and modification time (ns) of ``source`` when the file was read (None: not known)."""
        self.codes: dict[Hashable, types.CodeType] | None = None
        self.used: set[Hashable] = set()
        self.compiled = False

    def code(self, shape: Hashable, text: Callable[[], str]) -> types.CodeType:
        """The code compiled (``exec`` mode) from ``text()``, the text of ``shape``: from the file when an
        earlier run compiled it."""
        if self.codes is None:
            self.codes = self._read()
        code = self.codes.get(shape)
        if code is None:
            code = self.codes[shape] = compile(text(), "<string>", "exec")
            if not self.compiled and self.stamp is not None and not sys.dont_write_bytecode:
                import atexit

                atexit.register(self.write)
            self.compiled = True
        self.used.add(shape)
        return code

    def _read(self) -> dict[Hashable, types.CodeType]:
        """The codes of the file if its stamp is that of ``source`` now (else none); the stamp is kept for
        :meth:`write`."""
        if self.path is None or self.source is None:
            return {}
        try:
            found = os.stat(self.source)
            self.stamp = (found.st_size, found.st_mtime_ns)
            with open(self.path, "rb") as file:
                stamp, codes = marshal.loads(file.read())  # noqa: S302 - our own file beside the byte code
        except (OSError, ValueError, EOFError, TypeError):
            return {}
        if stamp != self.stamp or not isinstance(codes, dict):
            return {}
        return codes

    def write(self) -> None:
        """Write the codes (at exit): to a file of this process, renamed over ``path`` (readers see a whole file)."""
        if self.path is None or self.stamp is None or not self.codes:
            return
        codes = self.codes
        if len(codes) > self.LIMIT:
            codes = {shape: code for shape, code in codes.items() if shape in self.used}
        partial = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(partial, "wb") as file:
                file.write(marshal.dumps((self.stamp, codes)))
            os.replace(partial, self.path)
        except OSError:
            try:
                os.unlink(partial)
            except OSError:
                pass


def _init_codes_path() -> str | None:
    """Where Python would keep this module's byte code, for the ``__init__`` codes (None: no cache tag); the
    byte code's magic number is part of the name, so another interpreter's file is never read."""
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    folder = os.path.dirname(os.path.abspath(__file__))
    if sys.pycache_prefix:
        cache = os.path.join(sys.pycache_prefix, os.path.splitdrive(folder)[1].lstrip(os.sep))
    else:
        cache = os.path.join(folder, "__pycache__")
    # marshal's code objects are those of one byte-code version: its magic number names the file, as in a .pyc
    from _frozen_importlib_external import MAGIC_NUMBER

    return os.path.join(cache, f"valueclass-init.{tag}-{MAGIC_NUMBER[:2].hex()}.marshal")


_INIT_CODES = InitCodes(_init_codes_path(), __file__)
