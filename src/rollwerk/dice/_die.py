"""Dies, comparisons, keep rules and the record of a rolled die."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence

import attrs

from rollwerk._repr import value_repr
from rollwerk.dice._limits import DICE_LIMITS
from rollwerk.dice._roll import DieRoll
from rollwerk.distribution import Distribution
from rollwerk.errors import ParameterError
from rollwerk.i18n import CORE, Catalog, render
from rollwerk.i18n._catalog import catalog_tuple
from rollwerk.rng import _OWN, Rng, checked


class Comparison(enum.Enum):
    """A comparison of a value with a target, as written in the notation."""

    EQ = "="
    """Equal to the target."""
    LT = "<"
    """Less than the target."""
    LE = "<="
    """Less than or equal to the target."""
    GT = ">"
    """Greater than the target."""
    GE = ">="
    """Greater than or equal to the target."""

    def test(self, value: int, target: int) -> bool:
        """Whether ``value`` compares to ``target`` as this comparison says."""
        if self is Comparison.EQ:
            return value == target
        if self is Comparison.LT:
            return value < target
        if self is Comparison.LE:
            return value <= target
        if self is Comparison.GT:
            return value > target
        return value >= target

    @property
    def symbol(self) -> str:
        """The typographic symbol (``≥`` for ``>=``) for explanations."""
        return {"=": "=", "<": "<", "<=": "≤", ">": ">", ">=": "≥"}[self.value]


@attrs.frozen
class Condition:
    """A test of one die's value: ``>=5``, ``<3``, ``=1``.

    >>> Condition(Comparison.GE, 5)(6)
    True
    """

    __repr__ = value_repr

    comparison: Comparison
    """How the value is compared."""
    target: int
    """What it is compared with."""
    modulus: int = 0
    """If not 0, the value's remainder modulo this is compared instead
    (``even`` is ``Condition(Comparison.EQ, 0, modulus=2)``)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.comparison, Comparison):
            raise ParameterError(
                "comparison", self.comparison, "a Comparison (Comparison.GE, …)"
            )
        m = DICE_LIMITS.max_face
        _check_int("target", self.target, -m, m)
        _check_int("modulus", self.modulus, 0, DICE_LIMITS.max_sides)

    def __call__(self, value: int) -> bool:
        """Whether ``value`` meets the condition.

        Raises:
            ParameterError: ``value`` is not a number (``Condition(...)('a')``).
        """
        try:
            if self.modulus:
                value %= self.modulus
            return self.comparison.test(value, self.target)
        except TypeError:  # costs nothing unless raised
            raise ParameterError("value", value, "an integer (a die's value)") from None

    def notation(self, *, bare_equal: bool = False) -> str:
        """The condition as written; ``bare_equal`` writes ``=1`` as ``1``.

        A modulus is written as the notation writes it (``even``, ``odd``)
        or else spelt out (``'<1 modulo 3'``: no notation has it).

        >>> Condition(Comparison.EQ, 1, modulus=2).notation()
        'odd'
        >>> Condition(Comparison.EQ, 0, modulus=1).notation()
        '=0 modulo 1'
        """
        if self.modulus:
            parity = self.modulus == 2 and self.comparison is Comparison.EQ
            if parity and self.target in (0, 1):
                return "even" if self.target == 0 else "odd"
            return f"{self.comparison.value}{self.target} modulo {self.modulus}"
        if bare_equal and self.comparison is Comparison.EQ and self.target >= 0:
            return str(self.target)
        return f"{self.comparison.value}{self.target}"


def die_letter(lang: str) -> str:
    """``"d"`` for ``"en"``, ``"W"`` for ``"de"``; the letter a notation writes."""
    if lang == "en":
        return "d"
    if lang == "de":
        return "W"
    raise ParameterError("lang", lang, "'en' or 'de' (the dice letter d or W)")


class KeepKind(enum.Enum):
    """Which dice of a pool count."""

    KEEP_HIGHEST = "kh"
    """Keep the highest n dice."""
    KEEP_LOWEST = "kl"
    """Keep the lowest n dice."""
    DROP_HIGHEST = "dh"
    """Drop the highest n dice."""
    DROP_LOWEST = "dl"
    """Drop the lowest n dice."""


@attrs.frozen
class Keep:
    """Keep or drop the highest or lowest ``amount`` dice of a pool."""

    __repr__ = value_repr

    kind: KeepKind
    """Keep or drop, highest or lowest."""
    amount: int
    """How many dice are kept or dropped."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, KeepKind):
            raise ParameterError(
                "kind", self.kind, "a KeepKind (KeepKind.KEEP_HIGHEST, …)"
            )
        _check_int("keep amount", self.amount, 0, DICE_LIMITS.max_dice)

    def kept(self, count: int) -> tuple[bool, int]:
        """``(highest, n)``: keep the ``n`` highest (or lowest) of ``count`` dice."""
        if self.kind is KeepKind.KEEP_HIGHEST:
            return True, self.amount
        if self.kind is KeepKind.KEEP_LOWEST:
            return False, self.amount
        if self.kind is KeepKind.DROP_LOWEST:
            return True, count - self.amount
        return False, count - self.amount


def _check_int(name: str, value: object, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ParameterError(name, value, f"an integer from {lo} to {hi}")
    return value


def _faces_converter(faces: Iterable[int]) -> Sequence[int]:
    """The faces as a tuple; the faces 1 to n of a standard die as ``range(1, n + 1)``.

    A standard die's faces take no memory per side (a ``d10000`` in notation
    held 10 000 integers per term).
    """
    if faces.__class__ is range and faces.start == 1 and faces.step == 1:
        return faces
    out = tuple(faces)
    if out == tuple(range(1, len(out) + 1)) and not any(
        f.__class__ is bool
        for f in out  # True == 1: refused as a face below
    ):
        return range(1, len(out) + 1)
    return out


def _validate_faces(instance: Die, attribute: object, faces: Sequence[int]) -> None:
    limit = DICE_LIMITS.max_sides
    if not 1 <= len(faces) <= limit:
        raise ParameterError("faces", list(faces), f"1 to {limit} faces")
    if faces.__class__ is range:
        return  # 1 to n, n within the sides' limit (below max_face)
    m = DICE_LIMITS.max_face
    for face in faces:
        _check_int("face", face, -m, m)


def face_bounds(faces: Sequence[int]) -> tuple[int, int]:
    """The lowest and highest face; a standard die's without reading its sides.

    >>> face_bounds(range(1, 10_001)), face_bounds((3, -1, 2))
    ((1, 10000), (-1, 3))
    """
    if faces.__class__ is range:
        return faces[0], faces[-1]
    return min(faces), max(faces)


class _DieKind(enum.Enum):
    STANDARD = "standard"
    FUDGE = "fudge"
    CUSTOM = "custom"


@attrs.frozen(repr=False, init=False)
class Die:
    """A die: the Rng draws an index from 1 to ``sides``, the die shows a face.

    >>> Die(6).distribution()[6]
    Fraction(1, 6)
    >>> Die.fudge().faces
    (-1, 0, 1)
    >>> Die.custom([1, 1, 2, 3]).distribution()[1]
    Fraction(1, 2)
    >>> from rollwerk import ScriptedRng
    >>> Die(6).roll(ScriptedRng([4]))
    4
    """

    faces: Sequence[int] = attrs.field(
        converter=_faces_converter, validator=_validate_faces
    )
    """The face value shown for each index 1 to ``sides``, in index order.

    A tuple, or for a standard die ``range(1, sides + 1)`` (equal dice have
    equal faces: ``Die.custom([1, 2, 3]) == Die(3)``).
    """
    _kind: _DieKind = attrs.field(default=_DieKind.CUSTOM, eq=False)

    def __init__(self, sides: int) -> None:
        """A standard die with faces 1 to ``sides`` (``Die(20)`` is a d20)."""
        _check_int("sides", sides, 1, DICE_LIMITS.max_sides)
        self.__attrs_init__(range(1, sides + 1), _DieKind.STANDARD)

    @classmethod
    def fudge(cls) -> Die:
        """A Fudge/FATE die ``dF``: indices 1, 2, 3 show −1, 0, +1."""
        die = object.__new__(cls)
        die.__attrs_init__((-1, 0, 1), _DieKind.FUDGE)
        return die

    @classmethod
    def custom(cls, faces: Sequence[int]) -> Die:
        """A die with the given faces, one per index (``d{1,1,2,3}``).

        Raises:
            ParameterError: ``faces`` is not a sequence of 1 to
                ``max_sides`` integers within ``max_face``.
        """
        if isinstance(faces, (str, bytes, set, frozenset, Mapping)) or not isinstance(
            faces, Iterable
        ):
            # a set has no order, and the order names the faces (index 1 is
            # the first): the same set could make other dice in other runs
            raise ParameterError(
                "faces", faces, f"a sequence of 1 to {DICE_LIMITS.max_sides} integers"
            )
        die = object.__new__(cls)
        die.__attrs_init__(faces, _DieKind.CUSTOM)
        if die.faces.__class__ is range:
            object.__setattr__(die, "_kind", _DieKind.STANDARD)
        return die

    @property
    def sides(self) -> int:
        """How many sides (indices) the die has."""
        return len(self.faces)

    @property
    def is_standard(self) -> bool:
        """Whether the die shows 1 to ``sides``."""
        return self._kind is _DieKind.STANDARD

    def value_of(self, face: int) -> int:
        """The face value shown for the index ``face`` (1 to ``sides``).

        Raises:
            ParameterError: ``face`` is not an integer from 1 to ``sides``.
        """
        _check_int("face", face, 1, len(self.faces))
        return self.faces[face - 1]

    def roll(self, rng: Rng) -> int:
        """Draw one index from ``rng`` and return the face value it shows.

        Raises:
            ParameterError: ``rng`` is not an Rng, or gives no index from 1
                to the number of faces.
        """
        if rng.__class__ not in _OWN:
            rng = checked(rng)
        return self.faces[rng.roll(len(self.faces)) - 1]

    def distribution(self) -> Distribution[int]:
        """The exact distribution of the face value."""
        return Distribution.uniform(self.faces)

    def notation(self, lang: str = "en") -> str:
        """The die in dice notation: ``d6``, ``dF``, ``d{1,1,2}``; ``"de"`` writes ``W6``.

        Args:
            lang: ``"en"`` (the letter ``d``) or ``"de"`` (``W``, German
                *Würfel*), as the explanations take ``lang``; both parse back
                to an equal die.

        Raises:
            ParameterError: ``lang`` is neither.

        >>> Die(20).notation(), Die(20).notation("de"), Die.fudge().notation("de")
        ('d20', 'W20', 'WF')
        """
        letter = die_letter(lang)
        if self._kind is _DieKind.STANDARD:
            return f"{letter}{self.sides}"
        if self._kind is _DieKind.FUDGE:
            return f"{letter}F"
        return letter + "{" + ",".join(map(str, self.faces)) + "}"

    def __repr__(self) -> str:
        if self._kind is _DieKind.STANDARD:
            return f"Die({self.sides})"
        if self._kind is _DieKind.FUDGE:
            return "Die.fudge()"
        return f"Die.custom({list(self.faces)!r})"


@attrs.frozen
class RolledDie:
    """One die of a rolled pool: its draws and what became of it.

    ``rolls`` lists every draw for this die in order: the first draw, the
    rerolls that replaced it, and the extra dice of an explosion. The first
    ``rerolled`` draws were replaced; the value is the sum of the others.
    """

    __repr__ = value_repr

    rolls: tuple[DieRoll, ...]
    """Every draw for this die, in the order drawn."""
    values: tuple[int, ...]
    """The face value shown by each draw (differs from the index for Fudge
    and custom dice)."""
    rerolled: int = 0
    """How many of the first draws were replaced by a reroll."""
    value: int = 0
    """The die's value: the sum of the draws that were not replaced."""
    kept: bool = True
    """Whether keep/drop kept this die."""
    counted: int = 0
    """With success counting: +1 for a success, −1 for a failure, else 0."""

    @property
    def exploded(self) -> int:
        """How many extra dice an explosion added."""
        return sum(1 for r in self.rolls if r.role == "explosion")

    def to_json(self) -> dict[str, object]:
        """Plain JSON of this die."""
        return {
            "rolls": [r.to_json() for r in self.rolls],
            "values": list(self.values),
            "rerolled": self.rerolled,
            "value": self.value,
            "kept": self.kept,
            "counted": self.counted,
        }

    def describe(self, lang: str, catalogs: Catalog | Iterable[Catalog] = ()) -> str:
        """The die in an explanation: ``1→4 (rerolled)``, ``6+3=9 (exploded)``.

        The words come from the core catalog; ``catalogs`` (a catalog or an
        iterable of them) are searched first, in order.

        Raises:
            ParameterError: ``catalogs`` is not a catalog or an iterable of
                catalogs.
        """
        if catalogs.__class__ is tuple:  # as explanations pass them
            cats = (*catalogs, CORE)
        else:
            cats = (*catalog_tuple(catalogs), CORE)

        def word(message: str, **fields: int) -> str:
            return render(cats, lang, message, **fields)

        vals = self.values
        used = vals[self.rerolled :]
        if len(used) > 1:
            text = "+".join(map(str, used)) + f"={self.value}"
        elif self.rolls[-1].role == "penetration":  # the face, then 1 less
            text = f"{self.value + 1}→{self.value}"
        else:
            text = str(self.value)
        notes = []
        # A cap that was reached is said, never hidden (the last face stands).
        if self.rerolled:
            text = "→".join(map(str, vals[: self.rerolled])) + "→" + text
            notes.append(word("die.rerolled"))
            cap = DICE_LIMITS.reroll_cap
            if cap > 1 and self.rerolled >= cap:
                notes[-1] = word("die.rerolled_cap", cap=cap)
        if self.exploded:
            notes.append(word("die.exploded"))
            cap = DICE_LIMITS.explosion_cap
            if self.exploded >= cap:
                one = ".one" if cap == 1 else ""
                notes[-1] = word(f"die.exploded_cap{one}", cap=cap)
        roles = {r.role for r in self.rolls}
        if "added" in roles:
            notes.append(word("die.added"))
        elif "penetration" in roles:
            notes.append(word("die.penetrated"))
        if not self.kept:
            notes.append(word("die.dropped"))
        elif self.counted > 0:
            notes.append(word("die.success"))
        elif self.counted < 0:
            notes.append(word("die.failure"))
        if notes:
            text += " (" + ", ".join(notes) + ")"
        return text
