"""Points held as integers: read, checked and paired without :mod:`fractions`.

Scores are exact rationals: the TRF points fields (``001`` columns 81-84, the scoring records ``162``,
``XXS``, ``BB?``) are decimals, a participant's score is the sum of the points of its rounds under the
scoring (TRF16 and TRF26, the points column), and participants are paired with others of equal score
(C.04.1 (2026) art. 5), so scores are summed and compared exactly. The model gives them as
:class:`~fractions.Fraction`, but that module (which imports :mod:`decimal`, :mod:`numbers` and :mod:`re`)
is a large part of the start of the engine form ``swisspair --dutch IN -p OUT``, which needs no Fraction:
it sums and compares integers.

So a number is held as its two integers (:class:`Exact`) until somebody asks for its Fraction:

* the TRF reader reads a points field into an :class:`Exact`;
* a field of the model that holds points (:func:`hold`: the values of
  :class:`~swisspair.model.Scoring`, :attr:`~swisspair.model.Player.points`) keeps what it was given, an
  :class:`Exact` or a Fraction, and gives a Fraction to whoever reads it, made on the first read and kept
  (equality, ``repr``, copies and pickles read the field as everybody does);
* the checks and the pairing state read the held value (:func:`held_value`) and count in the
  least common denominator of the values they meet (:func:`scale_of`): integer sums and comparisons in that
  unit are exactly the rational ones.

The divisors are Euclid's (:func:`_gcd`), not :mod:`math`'s: that module is a shared library, which costs the
engine form's start more to load than the few small divisors it computes.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import types
    from collections.abc import Callable, Iterable
    from fractions import Fraction
    from typing import Any


class Exact:
    """A number held as two integers, its numerator and denominator in lowest terms (denominator > 0).

    It is a carrier, not a number: it has no arithmetic. Whoever needs one asks for the :meth:`fraction`;
    the integer code reads ``numerator`` and ``denominator``, as it reads them of a Fraction or an int.

    >>> Exact(115, 10), Exact(2), Exact(3, 6).fraction()
    (23/2, 2, Fraction(1, 2))
    """

    __slots__ = ("numerator", "denominator")

    def __init__(self, numerator: int, denominator: int = 1) -> None:
        if not isinstance(numerator, int) or not isinstance(denominator, int):  # as math.gcd refuses them
            raise TypeError(f"an exact number is two integers, got {numerator!r} and {denominator!r}")
        if denominator <= 0:
            raise ValueError(f"the denominator of an exact number must be positive, got {denominator}")
        common = _gcd(numerator, denominator)
        self.numerator = numerator // common
        self.denominator = denominator // common

    def fraction(self) -> Fraction:
        """The same number as a :class:`~fractions.Fraction` (the module is imported here, when first asked)."""
        from fractions import Fraction

        return Fraction(self.numerator, self.denominator)

    def __bool__(self) -> bool:
        return self.numerator != 0

    def __repr__(self) -> str:
        return str(self.numerator) if self.denominator == 1 else f"{self.numerator}/{self.denominator}"


def _gcd(number: int, positive: int) -> int:
    """The greatest common divisor of ``number`` and ``positive`` (> 0), by Euclid's algorithm: positive, as
    :func:`math.gcd` gives it.

    >>> _gcd(115, 10), _gcd(-6, 4), _gcd(0, 7)
    (5, 2, 7)
    """
    number %= positive
    while number:
        positive, number = number, positive % number
    return positive


def held(value: Exact) -> Fraction:
    """``value`` given to a held field (:func:`hold`), which reads it back as a Fraction.

    A held field is declared a Fraction, as its readers get one; this is the one place where an
    :class:`Exact` is passed for it.
    """
    return value  # type: ignore[return-value]  # the held field makes it a Fraction when read


def same(first: Exact | Fraction, second: Exact | Fraction) -> bool:
    """Whether two held values are the same number (both are in lowest terms)."""
    return first.numerator == second.numerator and first.denominator == second.denominator


def scale_of(values: Iterable[Exact | Fraction]) -> int:
    """The least common denominator of ``values``: each is a whole number of this unit's inverse.

    >>> scale_of([Exact(1, 2), Exact(3, 4), Exact(5, 6), Exact(2)]), scale_of([])
    (12, 1)
    """
    scale = 1
    for value in values:
        denominator = value.denominator
        if scale % denominator:
            scale *= denominator // _gcd(scale, denominator)
    return scale


def in_units(value: Exact | Fraction, scale: int) -> int:
    """``value`` times ``scale``, a multiple of its denominator (:func:`scale_of`): an exact integer."""
    return value.numerator * (scale // value.denominator)


def exact_sum(values: Iterable[Exact | Fraction]) -> Fraction:
    """The exact sum of ``values``, computed on a common denominator (much faster than ``sum``).

    >>> from fractions import Fraction
    >>> exact_sum([Fraction(1, 2), Fraction(3, 4), Exact(2)])
    Fraction(13, 4)
    """
    from fractions import Fraction

    items = list(values)
    scale = scale_of(items)
    return Fraction(sum(in_units(value, scale) for value in items), scale)


class HeldFraction:
    """A field of a value class that holds an :class:`Exact` or a Fraction and is read as a Fraction.

    It stands on the class in place of the field's slot and keeps the value in that slot: setting the
    field stores what is given; reading it makes a held :class:`Exact` a Fraction, once (the Fraction
    is stored in its place, the same number, so equality and hashes do not change).
    """

    __slots__ = ("slot", "held", "_set")

    def __init__(self, slot: types.MemberDescriptorType) -> None:
        self.slot = slot
        self.held: Callable[[object], Exact | Fraction | None] = slot.__get__
        """The value as an object holds it: an :class:`Exact` not read yet, else the Fraction (or ``None``)."""
        self._set = slot.__set__

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        value = self.held(obj) if obj is not None else self.slot
        if value.__class__ is Exact:
            value = value.fraction()
            self._set(obj, value)
        return value

    def __set__(self, obj: object, value: object) -> None:
        self._set(obj, value)

    def __delete__(self, obj: object) -> None:
        self.slot.__delete__(obj)


def hold(cls: type, *names: str) -> None:
    """Make the fields ``names`` of the value class ``cls`` held fields (:class:`HeldFraction`)."""
    for name in names:
        setattr(cls, name, HeldFraction(cls.__dict__[name]))


def held_value(obj: object, name: str) -> Exact | Fraction | None:
    """The held field ``name`` of ``obj`` as ``obj`` holds it: an :class:`Exact` not read yet, else the Fraction."""
    field: HeldFraction = type(obj).__dict__[name]
    return field.held(obj)
