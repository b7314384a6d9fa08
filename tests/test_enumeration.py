"""Enumerations (:mod:`swisspair.enumeration`) behave as ``enum.Enum`` classes.

Each enumeration of the modules the engine form loads is compared with the ``Enum`` made from the same
names and values: members and their order, lookups and their errors, membership, ``str``, ``format``,
``repr``, copies and pickles. (``Float`` was an ``IntEnum``: its members are no longer ints, which no
code used; the engines compare them by identity.) A small class checks the rules of the class body.
"""

from __future__ import annotations

import copy
import enum
import pickle

import pytest

from swisspair import model
from swisspair.enumeration import Enumeration, EnumerationType
from swisspair.pairing import state

ENGINE_MODULES = (model, state)
"""The modules the engine form loads that define enumerations."""

ENUMERATIONS = sorted((value for module in ENGINE_MODULES for value in vars(module).values()
                       if isinstance(value, EnumerationType) and value.__module__ == module.__name__),
                      key=lambda cls: cls.__qualname__)


def twin(cls: EnumerationType) -> type[enum.Enum]:
    """The ``Enum`` of the same name, member names and values."""
    made: type[enum.Enum] = enum.Enum(cls.__name__, [(m.name, m.value) for m in cls])
    made.__qualname__ = cls.__qualname__
    return made


def test_the_engine_modules_define_their_enumerations_without_enum() -> None:
    assert [cls.__qualname__ for cls in ENUMERATIONS] == ["Colour", "Float", "Outcome", "Result"]
    for module in ENGINE_MODULES:
        assert not [value for value in vars(module).values()
                    if isinstance(value, type) and issubclass(value, enum.Enum)], module.__name__


@pytest.fixture(params=ENUMERATIONS, ids=lambda cls: cls.__qualname__)
def pair(request: pytest.FixtureRequest) -> tuple[EnumerationType, type[enum.Enum]]:
    cls: EnumerationType = request.param
    return cls, twin(cls)


def test_members_in_the_order_of_the_body(pair: tuple[EnumerationType, type[enum.Enum]]) -> None:
    cls, other = pair
    assert [(m.name, m.value) for m in cls] == [(m.name, m.value) for m in other]
    assert [m.name for m in reversed(cls)] == [m.name for m in reversed(other)]
    assert len(cls) == len(other) and bool(cls)
    assert list(cls.__members__) == list(other.__members__)
    assert all(cls.__members__[name] is getattr(cls, name) for name in cls.__members__)
    with pytest.raises(TypeError):
        cls.__members__["X"] = None  # read-only


def test_looked_up_by_value_and_by_name(pair: tuple[EnumerationType, type[enum.Enum]]) -> None:
    cls, other = pair
    for member in cls:
        assert cls(member.value) is member and cls(member) is member and cls[member.name] is member
    for wrong in ("no such value", 99, None, [1]):
        with pytest.raises(ValueError) as ours:
            cls(wrong)
        with pytest.raises(ValueError) as theirs:
            other(wrong)
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(KeyError):
        cls["NO_SUCH_NAME"]


def test_membership_of_members_and_values(pair: tuple[EnumerationType, type[enum.Enum]]) -> None:
    cls, other = pair
    assert all(member in cls and member.value in cls for member in cls)
    assert "no such value" not in cls and [1] not in cls
    assert not any(member in cls for member in other)  # the Enum twin's members are others


def test_str_format_and_repr_as_the_enums(pair: tuple[EnumerationType, type[enum.Enum]]) -> None:
    cls, other = pair
    for ours, theirs in zip(cls, other, strict=True):
        assert str(ours) == str(theirs) and f"{ours}" == f"{theirs}" and f"{ours:>30}" == f"{theirs:>30}"
        if "__repr__" not in vars(cls):  # Colour and Result print as their Python expression
            assert repr(ours) == repr(theirs)


def test_members_are_singletons(pair: tuple[EnumerationType, type[enum.Enum]]) -> None:
    cls, _ = pair
    for member in cls:
        assert copy.copy(member) is member and copy.deepcopy(member) is member
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            assert pickle.loads(pickle.dumps(member, protocol)) is member  # noqa: S301 - our own bytes
        assert hash(member) == object.__hash__(member)
        assert member != member.value
        assert [other for other in cls if other == member] == [member]
    first, second, *_ = cls
    with pytest.raises(TypeError):
        first < second  # noqa: B015 - members are not ordered


def test_members_cannot_be_reassigned_or_deleted(pair: tuple[EnumerationType, type[enum.Enum]]) -> None:
    cls, _ = pair
    first = next(iter(cls))
    with pytest.raises(AttributeError, match="cannot reassign member"):
        setattr(cls, first.name, "x")
    with pytest.raises(AttributeError, match="cannot delete member"):
        delattr(cls, first.name)
    assert getattr(cls, first.name) is first


class Piece(Enumeration):
    """A class body with members and names that are not members."""

    KING = "k"
    QUEEN = "q"
    _order = "kq"

    class Nested:
        pass

    @property
    def letter(self) -> str:
        return str(self.value).upper()

    def worth(self) -> int:
        return 0 if self is Piece.KING else 9


def test_what_the_body_assigns_is_a_member_unless_a_method_a_class_or_private() -> None:
    assert [m.name for m in Piece] == ["KING", "QUEEN"]
    assert Piece._order == "kq" and isinstance(Piece.Nested, type)
    assert Piece.QUEEN.letter == "Q" and Piece.QUEEN.worth() == 9
    assert isinstance(Piece.KING, Piece) and not isinstance(Piece.KING, enum.Enum)


def test_two_names_of_one_value_are_refused() -> None:
    with pytest.raises(ValueError, match="QUEEN has the value of KING"):
        class Twice(Enumeration):
            KING = "k"
            QUEEN = "k"


def test_auto_and_unhashable_values_are_refused() -> None:
    with pytest.raises(TypeError, match="KING = auto"):
        class Automatic(Enumeration):
            KING = enum.auto()
    with pytest.raises(TypeError, match="the value of KING cannot be hashed"):
        class Unhashable(Enumeration):
            KING = ["k"]


def test_an_enumeration_with_members_cannot_be_extended_one_without_can() -> None:
    with pytest.raises(TypeError, match="cannot be extended"):
        class More(Piece):
            ROOK = "r"
    with pytest.raises(TypeError, match="cannot be extended"):
        class Same(Piece):
            pass

    class Described(Enumeration):
        def describe(self) -> str:
            return f"{self.name} ({self.value})"

    class Side(Described):
        LEFT = "l"

    assert Side.LEFT.describe() == "LEFT (l)" and list(Described) == []


def test_a_match_statement_compares_members() -> None:
    def kind(result: model.Result) -> str:
        match result:
            case model.Result.WIN | model.Result.FORFEIT_WIN:
                return "won"
            case model.Result.PAB:
                return "bye"
            case _:
                return "other"

    assert [kind(r) for r in (model.Result.FORFEIT_WIN, model.Result.PAB, model.Result.DRAW)] == [
        "won", "bye", "other"]
