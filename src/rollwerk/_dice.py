"""Dice, dice pools and their exact distributions.

A [`Die`][rollwerk.Die] maps the index an [`Rng`][rollwerk.Rng] draws
(1 to ``sides``) to a face value: a standard die shows the index itself, a
Fudge die shows ``index - 2`` (−1, 0 or +1), a custom die shows whatever its
faces list says. A [`Pool`][rollwerk.Pool] is what one dice term of the
notation means: ``count`` dice of one kind with optional reroll, explode,
keep/drop and success-counting modifiers, applied in that order.

Exact distributions never enumerate face combinations: sums are polynomial
powers (multiplied by Kronecker substitution on Python's big integers),
keep/drop is a dynamic programme over the sorted order statistics with
multinomial counting, success counting is a binomial, explosions and rerolls
are truncated geometric series up to their documented caps.
"""

from __future__ import annotations

import decimal
import enum
import functools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rollwerk._checks import DieRoll
from rollwerk._distribution import Distribution
from rollwerk._errors import ParameterError
from rollwerk._rng import Rng, SeededRng

if TYPE_CHECKING:
    from rollwerk._notation import RollResult

__all__ = [
    "DICE_LIMITS",
    "Comparison",
    "Condition",
    "DiceLimits",
    "Die",
    "Keep",
    "KeepKind",
    "Pool",
    "RolledDie",
]

Weights = dict[int, int]
"""Integer weights of integer outcomes; paired with a total to be exact."""


@attrs.frozen
class DiceLimits:
    """The documented limits of dice and notation, checked before any work.

    Exceeding one raises [`LimitExceeded`][rollwerk.LimitExceeded] naming the
    limit, the requested amount and the maximum; nothing is rolled or computed
    first.
    """

    max_dice: int = 1000
    """Dice in one expression (the sum of all dice counts)."""
    max_sides: int = 10_000
    """Sides of one die (and faces of a custom die)."""
    max_face: int = 1_000_000
    """Absolute value of a face of a custom die and of comparison targets."""
    max_length: int = 1000
    """Characters in one notation."""
    max_depth: int = 50
    """Nesting depth of parentheses."""
    max_draws: int = 100_000
    """Dice drawn by one roll in the worst case (rerolls and explosions
    included)."""
    reroll_cap: int = 100
    """Rerolls of one die with ``r`` (reroll until): after that many rerolls
    the last face stands even if it matches."""
    explosion_cap: int = 20
    """Extra dice one die may add by exploding: the last extra die does not
    explode further."""
    max_work: int = 4_000_000
    """Estimated steps of an exact distribution (see the notation docs)."""


DICE_LIMITS = DiceLimits()
"""The limits in force (an instance of [`DiceLimits`][rollwerk.DiceLimits])."""


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

    comparison: Comparison
    """How the value is compared."""
    target: int
    """What it is compared with."""

    def __call__(self, value: int) -> bool:
        """Whether ``value`` meets the condition."""
        return self.comparison.test(value, self.target)

    def notation(self, *, bare_equal: bool = False) -> str:
        """The condition as written; ``bare_equal`` writes ``=1`` as ``1``."""
        if bare_equal and self.comparison is Comparison.EQ and self.target >= 0:
            return str(self.target)
        return f"{self.comparison.value}{self.target}"


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

    kind: KeepKind
    """Keep or drop, highest or lowest."""
    amount: int
    """How many dice are kept or dropped."""

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


def _faces_converter(faces: Iterable[int]) -> tuple[int, ...]:
    return tuple(faces)


def _validate_faces(instance: Die, attribute: object, faces: tuple[int, ...]) -> None:
    limit = DICE_LIMITS.max_sides
    if not 1 <= len(faces) <= limit:
        raise ParameterError("faces", list(faces), f"1 to {limit} faces")
    m = DICE_LIMITS.max_face
    for face in faces:
        _check_int("face", face, -m, m)


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

    faces: tuple[int, ...] = attrs.field(
        converter=_faces_converter, validator=_validate_faces
    )
    """The face value shown for each index 1 to ``sides``, in index order."""
    _kind: _DieKind = attrs.field(default=_DieKind.CUSTOM, eq=False)

    def __init__(self, sides: int) -> None:
        """A standard die with faces 1 to ``sides`` (``Die(20)`` is a d20)."""
        _check_int("sides", sides, 1, DICE_LIMITS.max_sides)
        self.__attrs_init__(tuple(range(1, sides + 1)), _DieKind.STANDARD)

    @classmethod
    def fudge(cls) -> Die:
        """A Fudge/FATE die ``dF``: indices 1, 2, 3 show −1, 0, +1."""
        die = object.__new__(cls)
        die.__attrs_init__((-1, 0, 1), _DieKind.FUDGE)
        return die

    @classmethod
    def custom(cls, faces: Sequence[int]) -> Die:
        """A die with the given faces, one per index (``d{1,1,2,3}``)."""
        die = object.__new__(cls)
        die.__attrs_init__(tuple(faces), _DieKind.CUSTOM)
        if die.faces == tuple(range(1, len(die.faces) + 1)):
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
        """The face value shown for the index ``face`` (1 to ``sides``)."""
        return self.faces[face - 1]

    def roll(self, rng: Rng) -> int:
        """Draw one index from ``rng`` and return the face value it shows."""
        return self.faces[rng.roll(len(self.faces)) - 1]

    def distribution(self) -> Distribution[int]:
        """The exact distribution of the face value."""
        return Distribution.uniform(self.faces)

    def notation(self, german: bool = False) -> str:
        """The die as written in dice notation (``d6``, ``dF``, ``d{1,1,2}``)."""
        letter = "W" if german else "d"
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

    def describe(self, lang: str) -> str:
        """The die in an explanation: ``1→4 (rerolled)``, ``6+3=9 (exploded)``."""
        de = lang == "de"
        vals = self.values
        used = vals[self.rerolled :]
        if len(used) > 1:
            text = "+".join(map(str, used)) + f"={self.value}"
        else:
            text = str(self.value)
        notes = []
        # A cap that was reached is said, never hidden (the last face stands).
        if self.rerolled:
            text = "→".join(map(str, vals[: self.rerolled])) + "→" + text
            notes.append("neu gewürfelt" if de else "rerolled")
            cap = DICE_LIMITS.reroll_cap
            if cap > 1 and self.rerolled >= cap:
                notes[-1] = (
                    f"{cap}-mal neu gewürfelt, die Obergrenze: der letzte Wurf zählt"
                    if de
                    else f"rerolled {cap} times, the cap: the last face stands"
                )
        if self.exploded:
            notes.append("explodiert" if de else "exploded")
            cap = DICE_LIMITS.explosion_cap
            if self.exploded >= cap:
                notes[-1] = (
                    f"{cap}-mal explodiert, die Obergrenze"
                    if de
                    else f"exploded {cap} times, the cap"
                )
        if not self.kept:
            notes.append("verworfen" if de else "dropped")
        elif self.counted > 0:
            notes.append("Erfolg" if de else "success")
        elif self.counted < 0:
            notes.append("Fehlschlag" if de else "failure")
        if notes:
            text += " (" + ", ".join(notes) + ")"
        return text


@functools.lru_cache(maxsize=256)
def _face_table(sides: int) -> tuple[bytes, bytes]:
    """How to read the top byte of a Mersenne Twister output as a die face.

    Returns the translation table (top byte -> face) and the top bytes that
    `SeededRng.roll` rejects (for `bytes.translate` to delete), for a die of
    at most 256 sides: byte ``b`` shows ``b % sides + 1`` and is rejected
    from ``256 - 256 % sides`` on.
    """
    limit = 256 - 256 % sides
    table = bytes(b % sides + 1 if b < limit else 0 for b in range(256))
    return table, bytes(range(limit, 256))


def _drawer(sides: int, n: int) -> Callable[[Rng], Sequence[int]]:
    """A closure drawing ``n`` indices from 1 to ``sides``, in draw order.

    Any Rng is asked one face at a time. A [`SeededRng`][rollwerk.SeededRng]
    (exactly that class) with at most 255 sides is read in batches instead,
    with the very same result and the same state left behind: its
    ``roll(sides)`` reads the top byte of the next 32-bit Mersenne Twister
    output and rejects a few large values, and ``getrandbits(32 * m)``
    returns the next ``m`` outputs as one number, the first in the lowest 32
    bits. A batch of ``m`` outputs is drawn only while ``m`` dice are still
    missing, and each die needs at least one output, so no output is drawn
    that one-at-a-time rolling would not draw too.
    """
    times = range(n)

    def one_at_a_time(rng: Rng) -> list[int]:
        roll = rng.roll
        return [roll(sides) for _ in times]

    if sides > 255 or n < 2:
        return one_at_a_time
    table, rejected = _face_table(sides)
    seeded = SeededRng

    def draw(rng: Rng) -> Sequence[int]:
        if type(rng) is not seeded:
            roll = rng.roll
            return [roll(sides) for _ in times]
        bits = rng._bits
        got = bits(32 * n).to_bytes(4 * n, "little")[3::4].translate(table, rejected)
        m = n - len(got)
        while m:
            raw = bits(32 * m).to_bytes(4 * m, "little")[3::4]
            more = raw.translate(table, rejected)
            got += more
            m -= len(more)
        return got

    return draw


def _default_explode(die: Die) -> Condition:
    return Condition(Comparison.EQ, max(die.faces))


@attrs.frozen
class Pool:
    """``count`` dice of one kind with optional modifiers: one dice term.

    The modifiers apply in a fixed order, whatever order they are written in:
    reroll each die (``r``: until it no longer matches, at most
    ``reroll_cap`` times; ``ro``: once), then explode it (the extra dice add
    to the same die, so keep/drop and success counting see the sum), then
    keep or drop, then count successes (and failures) among the kept dice,
    or else sum them.

    >>> pool = Pool(4, Die(6), keep=Keep(KeepKind.KEEP_HIGHEST, 3))
    >>> pool.notation()
    '4d6kh3'
    >>> pool.distribution()[18]
    Fraction(7, 432)
    >>> pool.distribution()[3]
    Fraction(1, 1296)
    """

    count: int
    """How many dice."""
    die: Die
    """The kind of die."""
    reroll: tuple[Condition, ...] = ()
    """Reroll a die whose value meets any of these conditions."""
    reroll_once: bool = False
    """``ro``: reroll at most once (otherwise until no condition holds)."""
    explode: Condition | None = None
    """Explode a die whose value meets this condition."""
    keep: Keep | None = None
    """Keep or drop the highest or lowest dice."""
    success: Condition | None = None
    """Count the kept dice meeting this condition instead of summing them."""
    failure: Condition | None = None
    """With success counting: subtract the kept dice meeting this condition."""

    def __attrs_post_init__(self) -> None:
        _check_int("count", self.count, 1, DICE_LIMITS.max_dice)
        if self.keep is not None:
            _check_int("keep amount", self.keep.amount, 0, self.count)
        if self.failure is not None and self.success is None:
            raise ParameterError("failure", self.failure, "used with success")
        if (
            self.reroll
            and not self.reroll_once
            and all(any(c(v) for c in self.reroll) for v in self.die.faces)
        ):
            raise ParameterError(
                "reroll", self.reroll, "a condition some face does not meet"
            )
        if self.explode is not None and all(map(self.explode, self.die.faces)):
            raise ParameterError(
                "explode", self.explode, "a condition some face does not meet"
            )

    # -- notation ------------------------------------------------------------

    def notation(self, german: bool = False) -> str:
        """The pool in canonical dice notation (parses back to an equal pool)."""
        text = f"{self.count}{self.die.notation(german)}"
        for c in self.reroll:
            text += ("ro" if self.reroll_once else "r") + c.notation(bare_equal=True)
        if self.explode is not None:
            text += "!"
            # A comparison right after a bare "!" would be read as the
            # explosion's condition, so then the default is written out too.
            bare_next = self.keep is None and self.success is not None
            if bare_next or self.explode != _default_explode(self.die):
                text += self.explode.notation(bare_equal=True)
        if self.keep is not None:
            text += f"{self.keep.kind.value}{self.keep.amount}"
        if self.success is not None:
            text += self.success.notation()
            if self.failure is not None:
                text += "f" + self.failure.notation(bare_equal=True)
        return text

    @property
    def worst_case_draws(self) -> int:
        """The most dice one roll of this pool can draw."""
        per_die = 1
        if self.reroll:
            per_die += 1 if self.reroll_once else DICE_LIMITS.reroll_cap
        if self.explode is not None:
            per_die += DICE_LIMITS.explosion_cap
        return self.count * per_die

    @property
    def is_plain(self) -> bool:
        """Whether the pool is a plain sum of dice without modifiers."""
        return (
            not self.reroll
            and self.explode is None
            and self.keep is None
            and self.success is None
        )

    # -- rolling -------------------------------------------------------------

    def roll(self, rng: Rng) -> RollResult:
        """Roll the pool: a [`RollResult`][rollwerk.RollResult] with every draw."""
        from rollwerk._notation import parse

        return parse(self.notation()).roll(rng)

    def _draw_fast(self) -> Callable[[Rng, list[int]], int]:
        """A closure that rolls one die, appends its indices, returns its value."""
        faces = self.die.faces
        sides = len(faces)
        rr = self.reroll
        once = self.reroll_once
        cap = DICE_LIMITS.reroll_cap if not once else 1
        ex = self.explode
        xcap = DICE_LIMITS.explosion_cap

        def draw(rng: Rng, out: list[int]) -> int:
            i = rng.roll(sides)
            out.append(i)
            v = faces[i - 1]
            if rr:
                n = 0
                while n < cap and any(c(v) for c in rr):
                    i = rng.roll(sides)
                    out.append(i)
                    v = faces[i - 1]
                    n += 1
            if ex is not None:
                total = v
                n = 0
                while n < xcap and ex(v):
                    i = rng.roll(sides)
                    out.append(i)
                    v = faces[i - 1]
                    total += v
                    n += 1
                return total
            return v

        return draw

    def _scorer(self) -> Callable[[int], int] | None:
        """The success-counting map of a value (+1, -1 or 0), if counting."""
        succ, fail = self.success, self.failure
        if succ is None:
            return None

        def g(v: int) -> int:
            return int(succ(v)) - int(fail is not None and fail(v))

        return g

    def _roller(self) -> Callable[[Rng, list[int]], int]:
        """A fast closure: roll the pool, append indices to ``out``, return value."""
        n = self.count
        faces = self.die.faces
        sides = len(faces)
        standard = self.die.is_standard
        g = self._scorer()
        keep = self.keep
        if self.reroll or self.explode is not None:
            return self._roller_general()
        draw = _drawer(sides, n)
        if keep is None and g is None:
            if standard and n == 1:

                def one(rng: Rng, out: list[int]) -> int:
                    x = rng.roll(sides)
                    out.append(x)
                    return x

                return one
            if standard:

                def plain(rng: Rng, out: list[int]) -> int:
                    idx = draw(rng)
                    out += idx
                    return sum(idx)

                return plain
            table = (0, *faces)

            def custom(rng: Rng, out: list[int]) -> int:
                idx = draw(rng)
                out += idx
                return sum([table[i] for i in idx])

            return custom
        if keep is None and g is not None:
            scores = (0, *(g(f) for f in faces))

            def count(rng: Rng, out: list[int]) -> int:
                idx = draw(rng)
                out += idx
                return sum([scores[i] for i in idx])

            return count
        assert keep is not None
        highest, k = keep.kept(n)
        lo, hi = (n - k, n) if highest else (0, k)
        values = (0, *faces)
        score_of = {} if g is None else {f: g(f) for f in faces}

        def kept(rng: Rng, out: list[int]) -> int:
            idx = draw(rng)
            out += idx
            vals = sorted(idx) if standard else sorted([values[i] for i in idx])
            if g is None:
                return sum(vals[lo:hi])
            return sum([score_of[v] for v in vals[lo:hi]])

        return kept

    def _roller_general(self) -> Callable[[Rng, list[int]], int]:
        n = self.count
        draw = self._draw_fast()
        keep = self.keep
        g = self._scorer()
        times = range(n)
        lo, hi = 0, n
        if keep is not None:
            highest, k = keep.kept(n)
            lo, hi = (n - k, n) if highest else (0, k)

        def general(rng: Rng, out: list[int]) -> int:
            vals = [draw(rng, out) for _ in times]
            if keep is not None:
                vals.sort()
                vals = vals[lo:hi]
            if g is None:
                return sum(vals)
            return sum([g(v) for v in vals])

        return general

    def _roll_traced(self, rng: Rng) -> tuple[int, tuple[RolledDie, ...]]:
        """Roll with a full record: the value and each die's history."""
        faces = self.die.faces
        sides = len(faces)
        cap = 1 if self.reroll_once else DICE_LIMITS.reroll_cap
        xcap = DICE_LIMITS.explosion_cap
        dice: list[tuple[list[DieRoll], list[int], int]] = []
        for _ in range(self.count):
            rolls = [DieRoll(sides, rng.roll(sides), "roll")]
            vals = [faces[rolls[0].face - 1]]
            rerolled = 0
            if self.reroll:
                while rerolled < cap and any(c(vals[-1]) for c in self.reroll):
                    rolls.append(DieRoll(sides, rng.roll(sides), "reroll"))
                    vals.append(faces[rolls[-1].face - 1])
                    rerolled += 1
            if self.explode is not None:
                n = 0
                while n < xcap and self.explode(vals[-1]):
                    rolls.append(DieRoll(sides, rng.roll(sides), "explosion"))
                    vals.append(faces[rolls[-1].face - 1])
                    n += 1
            dice.append((rolls, vals, rerolled))
        values = [sum(v[r:]) for _, v, r in dice]
        kept = [True] * self.count
        if self.keep is not None:
            highest, k = self.keep.kept(self.count)
            order = sorted(range(self.count), key=values.__getitem__, reverse=highest)
            for pos in order[k:]:
                kept[pos] = False
        counted = [0] * self.count
        if self.success is not None:
            score = self._scorer()
            assert score is not None
            for i, v in enumerate(values):
                if kept[i]:
                    counted[i] = score(v)
            total = sum(counted)
        else:
            total = sum(v for v, k in zip(values, kept, strict=True) if k)
        result = tuple(
            RolledDie(tuple(r), tuple(v), rr, values[i], kept[i], counted[i])
            for i, (r, v, rr) in enumerate(dice)
        )
        return total, result

    # -- exact distribution ----------------------------------------------------

    def value_range(self) -> tuple[int, int]:
        """The smallest and largest value the pool can give (a static bound)."""
        lo_f, hi_f = min(self.die.faces), max(self.die.faces)
        if self.explode is not None:
            xcap = DICE_LIMITS.explosion_cap
            lo_d = min(lo_f, lo_f * (xcap + 1))
            hi_d = max(hi_f, hi_f * (xcap + 1))
        else:
            lo_d, hi_d = lo_f, hi_f
        if self.success is not None:
            lo = -self.count if self.failure is not None else 0
            return lo, self.count
        n = self.count
        if self.keep is not None:
            n = self.keep.kept(self.count)[1]
        return n * lo_d, n * hi_d

    def work(self) -> int:
        """An estimate of the cost of the exact distribution.

        One unit is roughly a quarter of a microsecond of work; see
        [`DiceLimits.max_work`][rollwerk.DiceLimits.max_work].
        """
        xcap = DICE_LIMITS.explosion_cap
        distinct = len(set(self.die.faces))
        work = distinct
        if self.reroll:
            work += distinct * 2
        if self.explode is not None:
            exploding = sum(1 for f in set(self.die.faces) if self.explode(f))
            work += xcap * exploding * xcap * distinct // 2
            distinct *= xcap + 1
        single_lo, single_hi = self._single_range()
        n = self.count
        bits = n * (self._single_bits() + 1)
        k = n if self.keep is None else self.keep.kept(n)[1]
        if 0 < k < n:
            kept_span = 2 * k + 1 if self.success else k * (single_hi - single_lo) + 1
            # big-number products cost more than linearly in their size
            size = bits // 1000 + 1
            work += distinct * k * n * kept_span * size * math.isqrt(size) // 10
        elif self.success is not None and self.failure is None:
            size = bits // 64 + 1  # huge binomial terms multiply superlinearly
            work += n * size * (math.isqrt(size) // 20 + 1)
        else:
            lo, hi = self.value_range()
            work += product_cost(hi - lo + 1, bits)
        return work

    def _single_range(self) -> tuple[int, int]:
        lo_f, hi_f = min(self.die.faces), max(self.die.faces)
        if self.explode is None:
            return lo_f, hi_f
        xcap = DICE_LIMITS.explosion_cap
        return min(lo_f, lo_f * (xcap + 1)), max(hi_f, hi_f * (xcap + 1))

    def _single_bits(self) -> int:
        bits = self.die.sides.bit_length()
        draws = 1
        if self.reroll:
            draws += 1 if self.reroll_once else DICE_LIMITS.reroll_cap
        if self.explode is not None:
            draws += DICE_LIMITS.explosion_cap
        return bits * draws

    def single_weights(self) -> tuple[Weights, int]:
        """Weights of one die's value after rerolls and explosions, with total."""
        faces = self.die.faces
        s = len(faces)
        base: Weights = {}
        for f in faces:
            base[f] = base.get(f, 0) + 1
        total = s
        if self.reroll:
            hit = {v for v in base if any(c(v) for c in self.reroll)}
            r = sum(base[v] for v in hit)
            cap = 1 if self.reroll_once else DICE_LIMITS.reroll_cap
            # P(v) = c(v)/s * sum_{t<=cap} (r/s)^t  for v not rerolled,
            #        c(v)/s * (r/s)^cap           for v rerolled (last draw).
            geo = sum(r**t * s ** (cap - t) for t in range(cap + 1))
            out: Weights = {}
            for v, c in base.items():
                w = c * (r**cap if v in hit else geo)
                if w:
                    out[v] = w
            base, total = out, s ** (cap + 1)
        if self.explode is None:
            return base, total
        ex = self.explode
        plain: Weights = {}
        for f in faces:
            plain[f] = plain.get(f, 0) + 1
        p_e = {v: w for v, w in plain.items() if ex(v)}
        p_n = {v: w for v, w in plain.items() if not ex(v)}
        # T_0 = P; T_j = P_N * s^j + P_E * T_{j-1}  (weights over s^(j+1)).
        tail: Weights = dict(plain)
        for j in range(1, DICE_LIMITS.explosion_cap):
            scale = s**j
            nxt = _convolve(p_e, tail)
            for v, w in p_n.items():
                nxt[v] = nxt.get(v, 0) + w * scale
            tail = nxt
        t_total = s**DICE_LIMITS.explosion_cap
        b_e = {v: w for v, w in base.items() if ex(v)}
        result = _convolve(b_e, tail) if b_e else {}
        for v, w in base.items():
            if not ex(v):
                result[v] = result.get(v, 0) + w * t_total
        return result, total * t_total

    def weights(self) -> tuple[Weights, int]:
        """Exact integer weights of the pool's value, with their total."""
        single, total = self.single_weights()
        # Reduce one die's weights first: rerolls and explosions give weights
        # over s**(cap+1) with large common factors, which would otherwise
        # grow n-fold through every power and keep/drop step.
        common = math.gcd(total, *single.values())
        if common > 1:
            single = {v: w // common for v, w in single.items()}
            total //= common
        n = self.count
        g = self._scorer()
        if self.keep is not None:
            highest, k = self.keep.kept(n)
            if k == n:
                pass
            elif k == 0:
                return {0: total**n}, total**n
            else:
                return _keep_dp(single, n, k, highest, g), total**n
        if g is not None:
            mapped: Weights = {}
            for v, w in single.items():
                m = g(v)
                mapped[m] = mapped.get(m, 0) + w
            if -1 not in mapped:
                return _binomial(mapped.get(1, 0), mapped.get(0, 0), n), total**n
            single = mapped
        return _power(single, n), total**n

    def distribution(self) -> Distribution[int]:
        """The exact distribution of the pool's value."""
        from rollwerk._notation import check_work

        check_work(self.work())
        weights, total = self.weights()
        return Distribution._from_weights(weights, total)


# -- polynomial helpers (exact integer weights) ----------------------------------

_NAIVE = 2500
_WIDE_BITS = 13_000
"""Coefficients wider than this (about 4000 digits) leave the fast decimal path."""


def product_cost(span: int, bits: int) -> int:
    """Estimated work units of polynomial products with ``span`` coefficients.

    ``bits`` bounds the size of one coefficient. Up to about 4000 digits the
    product packs into a `decimal` number (a fast transform, nearly linear);
    wider coefficients fall back to `int` multiplication (Karatsuba, about
    the power 1.585 of the packed size), which the estimate charges for (as
    the power 1.5 in exact integers, calibrated at tens of millions of bits).
    """
    cost = span * (bits // 64 + 1) * 4
    if bits > _WIDE_BITS:
        packed = span * bits
        cost += packed * math.isqrt(packed) // 16_000
    return cost


def _convolve(a: Weights, b: Weights) -> Weights:
    """The convolution of two weight maps (sum of independent values)."""
    if not a or not b:
        return {}
    if len(b) == 1:
        a, b = b, a
    if len(a) == 1:  # a shift and a scale (explosion chains): no product needed
        ((x, wx),) = a.items()
        return {x + y: wx * wy for y, wy in b.items()}
    pairs = len(a) * len(b)
    if pairs <= _NAIVE or pairs <= (max(a) - min(a) + max(b) - min(b)) // 4:
        out: Weights = {}
        for x, wx in a.items():
            for y, wy in b.items():
                k = x + y
                out[k] = out.get(k, 0) + wx * wy
        return out
    ao, al = _dense(a)
    bo, bl = _dense(b)
    return _sparse(ao + bo, _kron(al, bl))


def _dense(w: Weights) -> tuple[int, list[int]]:
    lo, hi = min(w), max(w)
    arr = [0] * (hi - lo + 1)
    for k, v in w.items():
        arr[k - lo] = v
    return lo, arr


def _sparse(offset: int, arr: Sequence[int]) -> Weights:
    return {i + offset: v for i, v in enumerate(arr) if v}


def _kron(a: list[int], b: list[int] | None) -> list[int]:
    """Multiply polynomials with non-negative coefficients via big numbers.

    Coefficients are packed into one big number each (Kronecker
    substitution), multiplied, and unpacked; ``b=None`` squares ``a``. Large
    products go through `decimal` (libmpdec multiplies huge numbers by a
    number-theoretic transform, far faster than `int`'s Karatsuba).
    """
    bb = a if b is None else b
    bound = max(a) * max(bb) * min(len(a), len(bb))
    n = len(a) + len(bb) - 1
    width = bound.bit_length() * 30103 // 100000 + 2
    if width * n >= _DECIMAL_DIGITS and width <= _MAX_STR_DIGITS:
        return _kron_decimal(a, b, width, n)
    nbytes = (bound.bit_length() + 8) // 8
    pa = int.from_bytes(b"".join(c.to_bytes(nbytes, "little") for c in a), "little")
    if b is None:
        prod = pa * pa
    else:
        pb = int.from_bytes(b"".join(c.to_bytes(nbytes, "little") for c in b), "little")
        prod = pa * pb
    raw = prod.to_bytes(n * nbytes, "little")
    fb = int.from_bytes
    return [fb(raw[i : i + nbytes], "little") for i in range(0, n * nbytes, nbytes)]


_DECIMAL_DIGITS = 200_000
_MAX_STR_DIGITS = 4000
_CONTEXT = decimal.Context(
    prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN
)


def _kron_decimal(a: list[int], b: list[int] | None, width: int, n: int) -> list[int]:
    def pack(coeffs: list[int]) -> decimal.Decimal:
        return decimal.Decimal("".join(str(c).zfill(width) for c in reversed(coeffs)))

    da = pack(a)
    prod = _CONTEXT.multiply(da, da if b is None else pack(b))
    text = str(prod)
    end = len(text)
    out = []
    for _ in range(n):
        start = max(0, end - width)
        out.append(int(text[start:end]) if start < end else 0)
        end = start
    return out


def _power(w: Weights, n: int) -> Weights:
    """The ``n``-fold convolution of ``w`` with itself, by repeated squaring."""
    if n == 1:
        return dict(w)
    if len(w) == 1:
        ((k, v),) = w.items()
        return {k * n: v**n}
    offset, base = _dense(w)
    g = 0
    for i, c in enumerate(base):
        if c:
            g = math.gcd(g, i)
    if g > 1:
        base = base[::g]
    result: list[int] | None = None
    e = n
    while True:
        if e & 1:
            result = base[:] if result is None else _mul(result, base)
        e >>= 1
        if not e:
            break
        base = _mul(base, None)
    assert result is not None
    if g > 1:
        return {offset * n + i * g: v for i, v in enumerate(result) if v}
    return _sparse(offset * n, result)


def _mul(a: list[int], b: list[int] | None) -> list[int]:
    bb = a if b is None else b
    if len(a) * len(bb) <= _NAIVE:
        out = [0] * (len(a) + len(bb) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(bb):
                    out[i + j] += x * y
        return out
    return _kron(a, b)


def _binomial(success: int, other: int, n: int) -> Weights:
    """Weights of the number of successes among ``n`` dice (binomial law)."""
    out: Weights = {}
    # the powers by repeated multiplication, not n + 1 separate ** calls
    other_powers = [1] * (n + 1)
    for i in range(1, n + 1):
        other_powers[i] = other_powers[i - 1] * other
    c = 1
    success_power = 1
    for k in range(n + 1):
        w = c * success_power * other_powers[n - k]
        if w:
            out[k] = w
        success_power *= success
        c = c * (n - k) // (k + 1)
    return out


def _keep_dp(
    single: Weights,
    n: int,
    k: int,
    highest: bool,
    g: Callable[[int], int] | None,
) -> Weights:
    """Weights of the sum of the ``k`` highest (or lowest) of ``n`` dice.

    Walks the distinct values from the best down. A state is ``(c, sum)``:
    ``c`` dice have been given values so far and ``sum`` is the total of those
    of them that are kept. Giving ``j`` of the remaining ``n - c`` dice the
    current value has ``C(n - c, j) * w**j`` ways. As soon as ``k`` dice are
    placed, the rest only need values below the current one, counted in one
    step as ``(weight below) ** (dice left)``. Values pass through ``g`` (the
    success mapping) when counting successes.

    Keeping one die (advantage, disadvantage) takes a shortcut: the best of
    ``n`` dice is at most ``v`` with weight ``(weight of values up to v) ** n``.
    """
    if k == 1:
        out: Weights = {}
        upto = prev = 0
        for v in sorted(single, reverse=not highest):
            upto += single[v]
            now = upto**n
            key = v if g is None else g(v)
            out[key] = out.get(key, 0) + now - prev
            prev = now
        return {key: w for key, w in out.items() if w}
    values = sorted(single, reverse=highest)
    below = sum(single.values())
    states: dict[int, Weights] = {0: {0: 1}}
    final: Weights = {}
    for v in values:
        w = single[v]
        below -= w
        gv = v if g is None else g(v)
        new: dict[int, Weights] = {}
        for c, poly in states.items():
            left = n - c
            wj = 1
            comb = 1
            for j in range(left + 1):
                coef = comb * wj
                wj *= w
                comb = comb * (left - j) // (j + 1)
                c2 = c + j
                add = gv * min(j, k - c)
                if c2 >= k:
                    rest = below ** (n - c2)
                    if not rest:
                        continue
                    coef *= rest
                    target = final
                else:
                    if c2 == c and not below:
                        continue
                    target = new.setdefault(c2, {})
                for s, pw in poly.items():
                    key = s + add
                    target[key] = target.get(key, 0) + pw * coef
        states = new
        if not states:
            break
    return {s: w for s, w in final.items() if w}
