"""Value classes (:mod:`swisspair.valueclass`) behave as the dataclasses they replace.

Each value class of the modules the engine form loads is compared with the dataclass
``@dataclass(slots=True)`` makes from the same fields and defaults, on the objects a real run makes
(reading a corpus file, pairing its last round): the same ``repr``, equality, hash values, frozen
refusals, signature, copies and pickles. A small class checks the decorator itself.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import corpus_files

from swisspair import errors, model
from swisspair.pairing import dutch, pair, state, system
from swisspair.pairing import bracket as bracket_module
from swisspair.trf import diagnostics, load, reader
from swisspair.valueclass import FrozenInstanceError, field, replace, valueclass

ENGINE_MODULES = (errors, model, diagnostics, reader, state, bracket_module, dutch, system)
"""The modules the engine form loads that define value classes."""

VALUE_CLASSES = sorted((value for module in ENGINE_MODULES for value in vars(module).values()
                        if isinstance(value, type) and value.__module__ == module.__name__
                        and "__valueclass_fields__" in value.__dict__), key=lambda cls: cls.__qualname__)


def test_the_engine_modules_define_their_records_as_value_classes() -> None:
    assert [cls.__qualname__ for cls in VALUE_CLASSES] == [
        "Board", "BoardResult", "BracketRecord", "Diagnostic", "EventShape", "ForbiddenPairs", "Location",
        "PairingState", "Player", "PlayerState", "RoundPairing", "RoundRecord", "RoundResult", "Scoring",
        "TRFReadResult", "Tournament", "_Layout"]
    for module in ENGINE_MODULES:
        assert not any(dataclasses.is_dataclass(value) and "__valueclass_fields__" not in value.__dict__
                       for value in vars(module).values() if isinstance(value, type)), module.__name__


@pytest.fixture(scope="module")
def made() -> dict[type, list[object]]:
    """The objects of each value class that reading a corpus file with forbidden pairs and pairing its last
    round make (every ``__init__`` call recorded), with the module constants."""
    seen: dict[type, list[object]] = defaultdict(list)
    originals = {cls: cls.__dict__["__init__"] for cls in VALUE_CLASSES}

    def recording(cls: type) -> Any:
        def __init__(self: object, *args: object, **kwargs: object) -> None:
            originals[cls](self, *args, **kwargs)
            seen[cls].append(self)
        return __init__

    for cls in VALUE_CLASSES:
        type.__setattr__(cls, "__init__", recording(cls))
    try:
        read = load(corpus_files("dutch")[3])
        t = read.tournament
        last = t.truncated(t.recorded_rounds - 1)
        last.rounds = t.recorded_rounds
        last.forbidden_pairs.append(model.ForbiddenPairs((1, 2), 1, None))
        pair(last, "dutch")
        read.warnings.append(reader.Diagnostic("a note", errors.Location("t.trf", 3, 5, "001")))
    finally:
        for cls, init in originals.items():
            type.__setattr__(cls, "__init__", init)
    for constant in (model.ABSENT, system.INDIVIDUAL, *model.BOARD_RESULTS):
        seen[type(constant)].append(constant)
    return seen


def twin_of(cls: type) -> type:
    """The dataclass made from the fields of ``cls``, frozen and compared as ``cls`` is."""
    frozen, eq = "__setattr__" in cls.__dict__, "__eq__" in cls.__dict__
    fields = [(f.name, f.type, dataclasses.field(default=f.default, default_factory=f.default_factory))
              for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=frozen, eq=eq, slots=True)


def samples(made: dict[type, list[object]], cls: type) -> list[object]:
    """A few objects of ``cls``, spread over those made."""
    found = made[cls]
    assert found, f"no {cls.__qualname__} made"
    return found[:: max(1, len(found) // 12)][:12]


def as_twin(twin: type, obj: object) -> object:
    return twin(**{name: getattr(obj, name) for name in obj.__valueclass_fields__})  # type: ignore[attr-defined]


def outcome(call: Any) -> object:
    """What ``call()`` returns, or the kind of error it raises (FrozenInstanceError counts as its base)."""
    try:
        return call()
    except (TypeError, AttributeError) as error:
        return AttributeError if isinstance(error, AttributeError) else type(error)


def pairs(objects: list[object]) -> Iterator[tuple[object, object]]:
    for first in objects:
        for second in objects:
            yield first, second


@pytest.mark.parametrize("cls", VALUE_CLASSES, ids=lambda cls: cls.__qualname__)
def test_a_value_class_does_what_its_dataclass_does(cls: type, made: dict[type, list[object]]) -> None:
    twin = twin_of(cls)
    assert str(inspect.signature(cls)) == str(inspect.signature(twin))
    assert cls.__slots__ == twin.__slots__ == cls.__match_args__  # type: ignore[attr-defined]
    own_repr = "valueclass" not in cls.__repr__.__code__.co_filename
    by_value = "__eq__" in cls.__dict__  # else compared and hashed by identity, as the dataclass
    objects = samples(made, cls)
    for obj in objects:
        other = as_twin(twin, obj)
        if not own_repr:
            assert repr(obj) == repr(other)
        if by_value:
            assert outcome(lambda: hash(obj)) == outcome(lambda: hash(other))  # noqa: B023 - called at once
        for name in obj.__valueclass_fields__:  # type: ignore[attr-defined]
            assert outcome(lambda: setattr(copy.copy(obj), name, 0)) == \
                outcome(lambda: setattr(copy.copy(other), name, 0))  # noqa: B023 - called at once
        # a new attribute: AttributeError here, where Python 3.11's frozen dataclass fails on super()
        assert outcome(lambda: setattr(copy.copy(obj), "unknown", 0)) is AttributeError  # noqa: B023
        assert outcome(lambda: setattr(copy.copy(other), "unknown", 0)) in (AttributeError, TypeError)  # noqa: B023
        assert repr(copy.deepcopy(obj)) == repr(obj)
        assert repr(pickle.loads(pickle.dumps(obj))) == repr(obj)
        assert dataclasses.asdict(obj) == dataclasses.asdict(other)  # type: ignore[call-overload]
    for first, second in pairs(objects if by_value else []):
        assert (first == second) == (as_twin(twin, first) == as_twin(twin, second))


@valueclass(frozen=True)
class _Move:
    """A small frozen value class."""

    piece: str
    to: tuple[int, int] = (0, 0)
    notes: list[str] = field(default_factory=list)


@valueclass
class _Clock:
    seconds: int
    laps: list[int] = field(default_factory=list)


@valueclass(eq=False)
class _Handle:
    name: str


def test_the_methods_of_a_frozen_value_class() -> None:
    move = _Move("N", (2, 3))
    assert repr(move) == "_Move(piece='N', to=(2, 3), notes=[])"
    assert move == _Move("N", (2, 3)) and move != _Move("B", (2, 3))
    assert move != ("N", (2, 3), [])  # type: ignore[comparison-overlap]  # a tuple of the same values is not one
    assert _Move("N").notes is not _Move("N").notes  # a list made for each object
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'piece'"):
        move.piece = "B"  # type: ignore[misc]  # mypy knows it is frozen
    with pytest.raises(FrozenInstanceError, match="cannot delete field 'to'"):
        del move.to
    with pytest.raises(AttributeError):
        move.colour = "w"  # type: ignore[attr-defined]
    assert replace(move, to=(4, 4)) == _Move("N", (4, 4)) == dataclasses.replace(move, to=(4, 4))
    with pytest.raises(TypeError, match="no field 'colour'"):
        replace(move, colour="w")
    assert dataclasses.is_dataclass(move) and dataclasses.asdict(move) == {"piece": "N", "to": (2, 3), "notes": []}
    assert str(inspect.signature(_Move)) == "(piece: 'str', to: 'tuple[int, int]' = (0, 0), " \
        "notes: 'list[str]' = <factory>) -> None"
    assert _Move.__match_args__ == ("piece", "to", "notes")
    assert not hasattr(move, "__dict__")


def test_a_mutable_value_class_is_not_hashable_and_identity_is_kept_when_asked() -> None:
    clock = _Clock(30)
    clock.seconds = 40
    assert clock == _Clock(40) and repr(clock) == "_Clock(seconds=40, laps=[])"
    with pytest.raises(TypeError, match="unhashable"):
        hash(clock)
    first, second = _Handle("a"), _Handle("a")
    assert first != second and hash(first) != hash(second) and first == first


def test_copies_and_pickles_of_a_frozen_value_class() -> None:
    move = _Move("Q", (1, 1), ["check"])
    deep = copy.deepcopy(move)
    assert deep == move and deep.notes is not move.notes
    assert pickle.loads(pickle.dumps(model.RoundResult(3, model.Colour.WHITE, model.Result.WIN))) == \
        model.RoundResult(3, model.Colour.WHITE, model.Result.WIN)


def test_what_a_value_class_refuses() -> None:
    with pytest.raises(TypeError, match="cannot inherit"):
        @valueclass
        class _Later(_Clock):
            extra: int = 0
    with pytest.raises(TypeError, match="ClassVar"):
        @valueclass
        class _Counted:
            count: ClassVar[int] = 0  # type: ignore[name-defined]  # noqa: F821 - only its text is read


_TEXT = "def _make(_HAS_FACTORY):\n def __init__(self, a):\n   self.a = a\n return __init__"
_SHAPE = (False, ("a",), (0,))
"""The arguments of valueclass._init_text that make _TEXT."""


def _never_made() -> str:
    pytest.fail("the text was made again")


def test_init_codes_are_read_back_by_the_next_run(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A text compiled once is read from the file by the next run (nothing made nor compiled); a damaged file
    is passed by and the text compiled again."""
    from swisspair import valueclass

    assert valueclass._init_text(*_SHAPE) == _TEXT
    source = tmp_path / "maker.py"
    source.write_text("text = 1\n")
    path = tmp_path / "cache" / "init.marshal"
    first = valueclass.InitCodes(str(path), str(source))
    code = first.code(_SHAPE, lambda: _TEXT)
    first.write()
    second = valueclass.InitCodes(str(path), str(source))
    monkeypatch.setattr(valueclass, "compile", lambda *args: pytest.fail("compiled again"), raising=False)
    assert second.code(_SHAPE, _never_made) == code and not second.compiled
    monkeypatch.undo()
    path.write_bytes(b"\x00damaged")
    third = valueclass.InitCodes(str(path), str(source))
    assert third.code(_SHAPE, lambda: _TEXT) == code and third.compiled
    namespace: dict[str, Any] = {}
    exec(third.code(_SHAPE, _never_made), {}, namespace)  # noqa: S102 - the test's own text
    assert namespace["_make"](None).__code__.co_varnames == ("self", "a")


def test_init_codes_of_another_text_of_their_maker_are_not_read(tmp_path: Any) -> None:
    """The file is stamped with its maker's size and time, as a .pyc with its module's: once the module that
    makes the texts changes, its codes are made again, and without the module none are kept."""
    from swisspair import valueclass

    source = tmp_path / "maker.py"
    source.write_text("text = 1\n")
    path = tmp_path / "init.marshal"
    first = valueclass.InitCodes(str(path), str(source))
    first.code(_SHAPE, lambda: _TEXT)
    first.write()
    source.write_text("text = 22\n")
    changed = valueclass.InitCodes(str(path), str(source))
    assert changed.code(_SHAPE, lambda: "def _make():\n return 2") and changed.compiled
    source.unlink()
    lost = valueclass.InitCodes(str(path), str(source))
    assert lost.code(_SHAPE, lambda: _TEXT) and lost.compiled and lost.stamp is None
    written = path.read_bytes()
    lost.write()
    assert path.read_bytes() == written  # codes of no known maker are not written


def test_init_codes_keep_what_the_last_run_used_beyond_the_limit(tmp_path: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from swisspair import valueclass

    source = tmp_path / "maker.py"
    source.write_text("text = 1\n")
    path = tmp_path / "init.marshal"
    codes = valueclass.InitCodes(str(path), str(source))
    monkeypatch.setattr(codes, "LIMIT", 2)
    codes.code(_SHAPE, lambda: _TEXT)
    codes.codes = {**(codes.codes or {}), **{(n,): compile(f"x = {n}", "<string>", "exec") for n in range(3)}}
    codes.write()
    assert set(valueclass.InitCodes(str(path), str(source))._read()) == {_SHAPE}
