"""Enumerations for the modules every engine run loads: the interface of :class:`enum.Enum`, cheaper to start.

Tournament software starts ``swisspair --dutch IN -p OUT`` once per round, and the model's colours and
results are needed before anything is read. Importing :mod:`enum` loads :mod:`functools`,
:mod:`collections`, :mod:`types`, :mod:`keyword` and :mod:`reprlib`, and making an ``Enum`` class runs a
long Python-level metaclass: together about a ninth of that process at 100 players. An
:class:`Enumeration` is a class whose members are its instances, made once, from the class attributes
its body assigns, as an ``Enum``'s:

- each member has its ``name`` and ``value``; the class is iterated
  in the order of the body, has a length, and is looked up by value (``Colour("w")``: a :exc:`ValueError`
  for no member, the message of ``Enum``) and by name (``Colour["WHITE"]``: a :exc:`KeyError`);
  ``__members__`` maps the names to the members; ``x in Colour`` is true for a member and for a
  member's value (as ``Enum`` from Python 3.12; Python 3.11's raises :exc:`TypeError` for a value);
- members compare and hash by identity (two members are never equal, and they are not ordered); the
  ``repr`` is ``Enum``'s (``<Outcome.WIN: 'win'>``), ``str`` and ``format`` give ``Outcome.WIN``; a copy
  is the member itself and a pickle is read back as the member of the same value;
- a member cannot be assigned or deleted on its class, and a class with members cannot be subclassed;
- methods, properties and names that begin with ``_`` are not members; nor is a class.

What is not offered: ``isinstance(member, enum.Enum)`` is false; refused when the class is made, where
an ``Enum`` takes them: two names of one value (an ``Enum`` alias), ``auto()`` and an unhashable value; no
``_missing_``, functional API, flags, or mixed-in types (a member is not an ``int`` or a ``str``, as an
``IntEnum``'s is). A type checker reads :class:`Enumeration` as :class:`enum.Enum` (it is
imported for it alone), so members, exhaustive ``if``/``match`` chains and ``Literal`` types are checked
as an ``Enum``'s. tests/test_enumeration.py compares each enumeration of the engine's modules with the
``Enum`` made from the same body. The modules the engine form does not load use :mod:`enum`
(tests/test_startup.py checks that the engine form does not import it).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from typing import Any

__all__ = ["Enumeration", "EnumerationType"]

_MappingProxy: Any = type(type.__dict__)
"""``types.MappingProxyType`` (a read-only view of a dict) without importing :mod:`types`."""


class EnumerationType(type):
    """The class of an enumeration: makes the members and looks them up by value and by name."""

    _member_map_: dict[str, Any]
    _value2member_map_: dict[object, Any]

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> EnumerationType:
        if any(getattr(base, "_member_map_", None) for base in bases):
            raise TypeError(f"{name}: an enumeration with members cannot be extended")
        members = {key: value for key, value in namespace.items() if _is_member(key, value)}
        cls = super().__new__(mcs, name, bases, {key: value for key, value in namespace.items() if key not in members})
        by_name: dict[str, Any] = {}
        by_value: dict[object, Any] = {}
        for key, value in members.items():
            _check_value(name, key, value, by_value)
            member: Any = object.__new__(cls)  # type: ignore[arg-type]  # mypy takes cls for a metaclass
            member._name_, member._value_ = key, value
            by_name[key] = by_value[value] = member
            type.__setattr__(cls, key, member)
        type.__setattr__(cls, "_member_map_", by_name)
        type.__setattr__(cls, "_value2member_map_", by_value)
        return cls

    def __call__(cls, value: object) -> Any:
        """The member whose value is ``value`` (a member gives itself)."""
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):  # TypeError: an unhashable value, which no member has
            if isinstance(value, cls):
                return value
        raise ValueError(f"{value!r} is not a valid {cls.__qualname__}")

    def __getitem__(cls, name: str) -> Any:
        """The member named ``name``."""
        return cls._member_map_[name]

    def __iter__(cls) -> Iterator[Any]:
        return iter(cls._member_map_.values())

    def __reversed__(cls) -> Iterator[Any]:
        return reversed(cls._member_map_.values())

    def __len__(cls) -> int:
        return len(cls._member_map_)

    def __bool__(cls) -> bool:
        return True  # a class, whatever its number of members

    def __contains__(cls, item: object) -> bool:
        if isinstance(item, cls):
            return True
        try:
            return item in cls._value2member_map_
        except TypeError:  # unhashable
            return False

    @property
    def __members__(cls) -> Mapping[str, Any]:
        """The members by name, in order (read-only)."""
        return _MappingProxy(cls._member_map_)  # type: ignore[no-any-return]

    def __setattr__(cls, name: str, value: object) -> None:
        if name in cls.__dict__.get("_member_map_", ()):
            raise AttributeError(f"cannot reassign member {name!r}")
        super().__setattr__(name, value)

    def __delattr__(cls, name: str) -> None:
        if name in cls.__dict__.get("_member_map_", ()):
            raise AttributeError(f"cannot delete member {name!r}")
        super().__delattr__(name)


def _check_value(name: str, key: str, value: object, by_value: dict[object, Any]) -> None:
    """Refuse what an ``Enum`` would take but an enumeration does not: ``auto()`` (its value is not chosen
    here), an unhashable value (members are found by value in a dict) and a value two names share."""
    enum = sys.modules.get("enum")  # an auto() exists only once enum is loaded
    if enum is not None and isinstance(value, enum.auto):
        raise TypeError(f"{name}: {key} = auto(): an enumeration's values are written out")
    try:
        shared = by_value.get(value)
    except TypeError:
        raise TypeError(f"{name}: the value of {key} cannot be hashed ({value!r})") from None
    if shared is not None:
        raise ValueError(f"{name}: {key} has the value of {shared._name_} ({value!r})")


def _is_member(name: str, value: object) -> bool:
    """A name the class body assigns is a member unless it begins with ``_`` or holds a method, a property
    (any descriptor) or a class."""
    return not name.startswith("_") and not hasattr(type(value), "__get__") and not isinstance(value, type)


class _Enumeration(metaclass=EnumerationType):
    """What the members of every enumeration do (see the module's text): the methods of :class:`Enumeration`,
    written here, where the type checker reads them."""

    __slots__ = ("_name_", "_value_")
    _name_: str
    _value_: object

    @property
    def name(self) -> str:
        """The member's name in the class body."""
        return self._name_

    @property
    def value(self) -> Any:
        """The value the class body gives the member."""
        return self._value_

    def __repr__(self) -> str:
        return f"<{type(self).__qualname__}.{self._name_}: {self._value_!r}>"

    def __str__(self) -> str:
        return f"{type(self).__qualname__}.{self._name_}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce_ex__(self, protocol: object) -> tuple[type, tuple[object]]:
        return type(self), (self._value_,)

    def __copy__(self) -> _Enumeration:
        return self

    def __deepcopy__(self, memo: object) -> _Enumeration:
        return self


if TYPE_CHECKING:
    from enum import Enum as Enumeration
else:

    class Enumeration(_Enumeration):
        """The base of an enumeration (see the module's text): a class with members subclasses it.

        The type checker reads it as :class:`enum.Enum`; its methods are those of the class it subclasses,
        which the type checker reads.
        """

        __slots__ = ()
