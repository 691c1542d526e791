"""Dice pools: ``count`` dice of one kind with reroll, explode, keep and count.

A [`Pool`][rollwerk.dice.Pool] is what one dice term of the notation means:
``count`` dice of one kind with optional reroll, explode, keep/drop and
success-counting modifiers, applied in that order. It rolls by itself and
gives its exact distribution from the kernels in ``_exact`` (explosions and
rerolls are truncated geometric series up to their documented caps).

Longer than 500 lines because a pool's rolling, its fast rollers and its
exact weights must agree modifier by modifier; they are kept side by side.
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
from collections.abc import Callable, Sequence

import attrs

from rollwerk._poly import (
    _convolve,
    _power,
    power_cost,
)
from rollwerk._repr import value_repr
from rollwerk.dice._die import (
    Comparison,
    Condition,
    Die,
    Keep,
    KeepKind,
    RolledDie,
    _check_int,
    face_bounds,
)
from rollwerk.dice._exact import (
    _binomial,
    _keep_dp,
)
from rollwerk.dice._limits import DICE_LIMITS
from rollwerk.dice._roll import DieRoll
from rollwerk.distribution import Distribution
from rollwerk.errors import LimitExceeded, ParameterError
from rollwerk.rng import _OWN, Rng, SeededRng, checked

Weights = dict[int, int]
"""Integer weights of integer outcomes; paired with a total to be exact."""

_KEEPS = (KeepKind.KEEP_HIGHEST, KeepKind.KEEP_LOWEST)
"""Kinds that name the dice kept (with amount 0: none of them)."""


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

    Any Rng is asked one face at a time. A [`SeededRng`][rollwerk.rng.SeededRng]
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
    return Condition(Comparison.EQ, face_bounds(die.faces)[1])


class ExplodeMode(enum.Enum):
    """What an explosion's extra die becomes."""

    COMPOUND = "compound"
    """The extra dice add to the die that exploded: one die, one value
    (rollwerk's ``!``, Roll20's ``!!``)."""
    ADD = "add"
    """Each extra die is a die of its own that keep/drop and success
    counting see separately (Roll20's ``!``, Foundry's ``x``, d20's ``e``)."""
    PENETRATE = "penetrate"
    """As ``ADD``, but each extra die counts one less than it shows
    (Roll20's ``!p``); whether it explodes again is read from what it shows."""


class TallyKind(enum.Enum):
    """How a [`Tally`][rollwerk.dice.Tally] scores a die that meets its condition."""

    KEEP = "k"
    """Only dice meeting the condition count their value, the others 0
    (d20's ``k3``, ``k>3``)."""
    DROP = "d"
    """Dice meeting the condition count 0, the others their value
    (d20's ``p3``, ``p<3``)."""
    DEDUCT = "df"
    """Dice meeting the condition count −1, the others their value
    (Foundry's ``df`` without ``cs``)."""
    SUBTRACT = "sf"
    """Dice meeting the condition count minus their value, the others their
    value (Foundry's ``sf``)."""


_COUNTING = frozenset({TallyKind.DEDUCT, TallyKind.SUBTRACT})
"""Tallies that keep every die and count a die meeting the condition as a
failure (−1, or minus its value)."""


@attrs.frozen
class Tally:
    """A per-die score that replaces the sum of a pool's dice.

    Raises:
        ParameterError: ``kind`` is not a `TallyKind` (the string ``"k"`` is
            not read as one) or ``condition`` not a `Condition`.

    >>> Tally(TallyKind.KEEP, Condition(Comparison.GT, 3))(5)
    5
    >>> Tally(TallyKind.DEDUCT, Condition(Comparison.EQ, 1))(1)
    -1
    """

    __repr__ = value_repr

    kind: TallyKind
    """What a die meeting the condition scores."""
    condition: Condition
    """Which dice are meant."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, TallyKind):
            raise ParameterError(
                "kind",
                self.kind,
                "a TallyKind (TallyKind.KEEP, DROP, DEDUCT, SUBTRACT)",
            )
        if not isinstance(self.condition, Condition):
            raise ParameterError(
                "condition", self.condition, "a Condition (Condition(Comparison.GT, 3))"
            )

    def __call__(self, value: int) -> int:
        """The score of a die with this value."""
        hit = self.condition(value)
        if self.kind is TallyKind.KEEP:
            return value if hit else 0
        if self.kind is TallyKind.DROP:
            return 0 if hit else value
        if self.kind is TallyKind.SUBTRACT:
            return -value if hit else value
        return -1 if hit else value

    def drops(self, value: int) -> bool:
        """Whether a die with this value is left out (for explanations)."""
        hit = self.condition(value)
        return (self.kind is TallyKind.KEEP) != hit and self.kind not in _COUNTING

    def notation(self) -> str:
        """The tally as rollwerk writes it (``k>3``, ``d=1``, ``df=1``)."""
        return self.kind.value + self.condition.notation()


@attrs.frozen
class PoolRoll:
    """One roll of a [`Pool`][rollwerk.dice.Pool]: its value and every die."""

    __repr__ = value_repr

    pool: Pool
    """The pool that was rolled."""
    total: int
    """The pool's value: the sum of the kept dice, or the successes counted."""
    dice: tuple[RolledDie, ...]
    """Every die of the pool with its history, in draw order."""

    @property
    def rolls(self) -> tuple[DieRoll, ...]:
        """Every die drawn, in draw order (feed their faces to a ScriptedRng)."""
        return tuple(r for d in self.dice for r in d.rolls)


@functools.lru_cache(maxsize=64)
def _clamped(
    faces: tuple[int, ...], low: int | None, high: int | None
) -> tuple[int, ...]:
    """``faces`` clamped to ``[low, high]`` (kept: a roll asks once per die)."""
    out = []
    for face in faces:
        v = face if low is None or face >= low else low
        out.append(v if high is None or v <= high else high)
    return tuple(out)


@attrs.frozen
class Pool:
    """``count`` dice of one kind with optional modifiers: one dice term.

    The modifiers apply in a fixed order, whatever order they are written in:
    reroll each die (``r``: until it no longer matches, at most
    ``reroll_cap`` times; ``ro``: once), then clamp it (``minimum``,
    ``maximum``), then explode it (``explode_mode`` says whether the extra
    dice add to the same die, so keep/drop and counting see the sum, or are
    dice of their own), then keep or drop, then score the kept dice: count
    successes (and failures), or apply the ``tally``, or else sum them.

    Args:
        count: How many dice, 1 to ``max_dice``.
        die: The kind of die.
        reroll: Reroll a die whose face meets any of these conditions.
        reroll_once: ``ro`` instead of ``r``: reroll at most once.
        explode: Explode a die whose value (after the clamps) meets this
            condition.
        keep: Keep or drop the highest or lowest dice.
        success: Count the kept dice meeting this condition instead of
            summing them.
        failure: With ``success``: subtract the kept dice meeting this.
        explode_mode: What an explosion's extra die becomes
            ([`ExplodeMode`][rollwerk.dice.ExplodeMode]): ``COMPOUND``
            (the default, ``!``) adds it to the die that exploded, ``ADD``
            (``x``) makes it a die of its own, ``PENETRATE`` (``!p``) a die
            of its own counting one less.
        explode_limit: The most explosions **per die** (each die of the
            pool may add that many extra dice), 1 to ``explosion_cap``;
            ``None`` means the cap. With a limit the roll always ends, so
            a condition that every face meets is allowed (without one it is
            refused: the roll would never end).
        minimum: Each die showing less counts as this (after rerolls;
            d20's ``mi``, Foundry's ``min``).
        maximum: Each die showing more counts as this (at least
            ``minimum``).
        tally: Score each kept die instead of summing them
            ([`Tally`][rollwerk.dice.Tally], [`TallyKind`][rollwerk.dice.TallyKind]:
            keep ``k>3`` or drop ``d=1`` the dice meeting a condition, deduct
            them ``df=1``, subtract them ``sf<3``); not with ``success``.

    Raises:
        ParameterError: A part has the wrong type or is out of range, or
            the parts do not fit together: ``failure`` without ``success``,
            ``tally`` with ``success``, ``explode_mode`` or
            ``explode_limit`` without ``explode``, ``maximum`` below
            ``minimum``, a subtracting tally (``sf``) with ``minimum`` or
            ``maximum`` (``sf`` subtracts the face rolled, a clamp changes
            what a die adds: the notation refuses it in every dialect), a
            reroll (``r``) or an explosion without a limit that every face
            meets (the roll would never end).
        LimitExceeded: One roll could draw more than ``max_draws`` dice.

    [`notation`][rollwerk.dice.Pool.notation] writes a pool so that it
    parses back to an equal pool; a few pools that rolls and odds handle
    have no notation, and it says why (see there).

    >>> from rollwerk.dice import Die, Keep, KeepKind
    >>> pool = Pool(4, Die(6), keep=Keep(KeepKind.KEEP_HIGHEST, 3))
    >>> pool.notation()
    '4d6kh3'
    >>> pool.distribution()[18]
    Fraction(7, 432)
    >>> pool.distribution()[3]
    Fraction(1, 1296)
    """

    __repr__ = value_repr

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
    explode_mode: ExplodeMode = ExplodeMode.COMPOUND
    """Whether explosions add to the same die (``!``), add dice (``x``), or
    penetrate (``!p``); only with ``explode``."""
    explode_limit: int | None = None
    """At most this many explosions per die (``xo``: 1), 1 to
    ``explosion_cap``; ``None`` means the documented cap. Only with
    ``explode``."""
    minimum: int | None = None
    """Every die showing less counts as this (after rerolls; d20 ``mi``,
    Foundry ``min``)."""
    maximum: int | None = None
    """Every die showing more counts as this (after rerolls; d20 ``ma``,
    Foundry ``max``); at least ``minimum``."""
    tally: Tally | None = None
    """Score each die instead of summing (d20 ``k>3``, Foundry ``df``)."""

    def __attrs_post_init__(self) -> None:
        _check_int("count", self.count, 1, DICE_LIMITS.max_dice)
        self._check_types()
        if self.tally is not None and self.success is not None:
            raise ParameterError(
                "tally", self.tally, "None when success counts the dice"
            )
        if self.keep is not None:
            _check_int("keep amount", self.keep.amount, 0, self.count)
        if self.failure is not None and self.success is None:
            raise ParameterError("failure", self.failure, "used with success")
        self._check_fit()
        if (
            self.reroll
            and not self.reroll_once
            and all(any(c(v) for c in self.reroll) for v in self.die.faces)
        ):
            raise ParameterError(
                "reroll",
                " ".join(c.notation() for c in self.reroll),
                "conditions some face does not meet (faces "
                f"{_faces_shown(self, clamped=False)})",
            )
        if (
            self.explode is not None
            and self.explode_limit is None
            and all(map(self.explode, self._faces()))
        ):
            raise ParameterError(
                "explode",
                self.explode.notation(),
                f"a condition some face does not meet (faces {_faces_shown(self)})",
            )

    def _check_fit(self) -> None:
        """Refuse parts that mean nothing together (no notation writes them)."""
        if self.explode is None:
            if self.explode_limit is not None:
                raise ParameterError(
                    "explode limit",
                    self.explode_limit,
                    "None when nothing explodes (explode is None)",
                )
            if self.explode_mode is not ExplodeMode.COMPOUND:
                raise ParameterError(
                    "explode mode",
                    self.explode_mode,
                    "ExplodeMode.COMPOUND (the default) when nothing explodes "
                    "(explode is None)",
                )
        low, high = self.minimum, self.maximum
        if low is not None and high is not None and high < low:
            raise ParameterError(
                "maximum", high, f"None or at least the minimum ({low})"
            )
        tally = self.tally
        if (
            tally is not None
            and tally.kind is TallyKind.SUBTRACT
            and (low is not None or high is not None)
        ):
            raise ParameterError(
                "tally",
                tally.notation(),
                "other than TallyKind.SUBTRACT ('sf') with a minimum or maximum "
                "('sf' subtracts the face rolled, a minimum or maximum changes "
                "what a die adds; the notation refuses it in every dialect too)",
            )

    def _check_types(self) -> None:
        """Refuse parts of the wrong kind, and a pool over the draws limit."""
        if not isinstance(self.die, Die):
            raise ParameterError("die", self.die, "a Die (Die(6), Die.fudge(), …)")
        reroll = self.reroll
        if not isinstance(reroll, tuple) or not all(
            isinstance(c, Condition) for c in reroll
        ):
            raise ParameterError("reroll", reroll, "a tuple of Conditions")
        if not isinstance(self.reroll_once, bool):
            raise ParameterError("reroll_once", self.reroll_once, "True or False")
        for name in ("explode", "success", "failure"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Condition):
                raise ParameterError(name, value, "a Condition or None")
        for name, kind in (("keep", Keep), ("tally", Tally)):
            value = getattr(self, name)
            if value is not None and not isinstance(value, kind):
                raise ParameterError(name, value, f"a {kind.__name__} or None")
        if not isinstance(self.explode_mode, ExplodeMode):
            raise ParameterError("explode mode", self.explode_mode, "an ExplodeMode")
        for name in ("minimum", "maximum"):
            value = getattr(self, name)
            if value is not None:
                m = DICE_LIMITS.max_face
                _check_int(name, value, -m, m)
        if self.explode_limit is not None:
            # before the worst case, which counts with it
            _check_int(
                "explode limit", self.explode_limit, 1, DICE_LIMITS.explosion_cap
            )
        draws = self.worst_case_draws
        if draws > DICE_LIMITS.max_draws:
            raise LimitExceeded("dice drawn", draws, DICE_LIMITS.max_draws)

    def _clamp(self, v: int) -> int:
        if self.minimum is not None and v < self.minimum:
            v = self.minimum
        if self.maximum is not None and v > self.maximum:
            v = self.maximum
        return v

    def _faces(self) -> Sequence[int]:
        """What each index counts as once clamped by ``minimum``/``maximum``."""
        if self.minimum is None and self.maximum is None:
            return self.die.faces
        return _clamped(self.die.faces, self.minimum, self.maximum)

    @property
    def _xcap(self) -> int:
        return (
            DICE_LIMITS.explosion_cap
            if self.explode_limit is None
            else self.explode_limit
        )

    @property
    def _separate(self) -> bool:
        """Whether explosions add dice of their own."""
        return (
            self.explode is not None and self.explode_mode is not ExplodeMode.COMPOUND
        )

    # -- notation ------------------------------------------------------------

    def notation(self, lang: str = "en") -> str:
        """The pool in canonical dice notation: it parses back to an equal pool.

        ``parse(pool.notation())`` (the default dialect) reads one dice term
        holding a pool equal to this one, with the same distribution. The
        modifiers are written in the order they apply (reroll, ``mi``/``ma``,
        explode, keep, tally, count); a comparison is written out where a
        bare number would be read otherwise (``1dFx=7<-2``: ``x7<-2`` is at
        most 7 explosions on a face below −2), and an explosion limit as
        ``xo`` (1 per die) or, on a single die, ``x3=6``.

        Args:
            lang: ``"en"`` writes ``4d6kh3``, ``"de"`` the German ``4W6kh3``.

        Raises:
            ParameterError: ``lang`` is neither; or the pool has no notation
                (it still rolls and has odds), naming the part no notation
                writes: an ``explode_limit`` on compounding or penetrating
                explosions (``!`` and ``!p`` have none), an ``explode_limit``
                above 1 on several dice (``x3=6`` is read on one die only,
                as Foundry counts it across the dice), a ``tally`` that
                keeps or drops (``k>3``, ``d=1``) together with ``keep``
                (a term keeps or drops once), a condition with a modulus
                other than success counting's ``even`` and ``odd``, or
                ``reroll_once`` without a reroll.
        """
        text = f"{self.count}{self.die.notation(lang)}"
        refusal = self._no_notation()
        if refusal is not None:
            raise refusal
        for c in self.reroll:
            text += ("ro" if self.reroll_once else "r") + c.notation(bare_equal=True)
        if self.minimum is not None:
            text += f"mi{self.minimum}"
        if self.maximum is not None:
            text += f"ma{self.maximum}"
        if self.explode is not None:
            text += self._explode_notation()
        if self.keep is not None:
            text += f"{self.keep.kind.value}{self.keep.amount}"
        if self.tally is not None:
            text += self.tally.notation()
        if self.success is not None:
            text += self.success.notation()
            if self.failure is not None:
                # "f" follows a comparison; after "even"/"odd", "df" says it
                word = "df" if self.success.modulus else "f"
                text += word + self.failure.notation(bare_equal=True)
        return text

    def _explode_notation(self) -> str:
        """The explosion as written: ``!``, ``!p``, ``x``, ``xo``, ``x3=6``."""
        explode = self.explode
        assert explode is not None
        mode, limit = self.explode_mode, self.explode_limit
        # A comparison right after the explosion is read as its condition,
        # so then its condition is written out, even the default one.
        bare_next = self.keep is None and self.success is not None
        written = bare_next or explode != _default_explode(self.die)
        if mode is ExplodeMode.ADD and limit is not None and limit > 1:
            # Foundry's "x<limit><compare><target>" (one die; see _no_notation)
            return f"x{limit}{explode.notation()}"
        if mode is ExplodeMode.ADD and limit is None and bare_next:
            # "x6>=5" would read 6 as the most explosions: write "x=6>=5"
            return "x" + explode.notation()
        word = {
            ExplodeMode.COMPOUND: "!",
            ExplodeMode.ADD: "x" if limit is None else "xo",
            ExplodeMode.PENETRATE: "!p",
        }[mode]
        return word + (explode.notation(bare_equal=True) if written else "")

    def _no_notation(self) -> ParameterError | None:
        """The error saying why no notation writes this pool, or ``None``.

        Each names the part of the pool that has no spelling; the pool
        itself is meaningful (it rolls and has odds).
        """
        limit = self.explode_limit
        if limit is not None and self.explode_mode is not ExplodeMode.ADD:
            how = (
                "compounding"
                if self.explode_mode is ExplodeMode.COMPOUND
                else "penetrating"
            )
            return ParameterError(
                "explode limit",
                limit,
                f"None for a pool with {how} explosions to have a notation "
                "('!' and '!p' have no limit; 'xo', and 'x3=6' on a single die, "
                "limit explosions that add dice: ExplodeMode.ADD)",
            )
        if limit is not None and limit > 1 and self.count > 1:
            return ParameterError(
                "explode limit",
                limit,
                "None or 1 for a pool of several dice to have a notation ('xo' "
                "is 1 per die; 'x3=6' is read on a single die only, since "
                "Foundry counts that limit across the dice)",
            )
        tally = self.tally
        if (
            tally is not None
            and self.keep is not None
            and tally.kind in (TallyKind.KEEP, TallyKind.DROP)
        ):
            return ParameterError(
                "tally",
                tally.notation(),
                "None together with keep for the pool to have a notation (a "
                f"term keeps or drops once: {self.keep.kind.value}"
                f"{self.keep.amount} and {tally.notation()} cannot both be "
                "written)",
            )
        if self.reroll_once and not self.reroll:
            return ParameterError(
                "reroll_once",
                True,
                "False without a reroll for the pool to have a notation ('ro' "
                "is written with its condition)",
            )
        named: list[tuple[str, Condition | None]] = [
            *(("reroll", c) for c in self.reroll),
            ("explode", self.explode),
            ("tally", None if tally is None else tally.condition),
            ("failure", self.failure),
        ]
        for name, cond in named:
            if cond is not None and cond.modulus:
                return ParameterError(
                    name,
                    _modular(cond),
                    "a condition without a modulus for the pool to have a "
                    "notation (only success counting writes one: even, odd)",
                )
        success = self.success
        if success is not None and success.modulus and not _parity(success):
            return ParameterError(
                "success",
                _modular(success),
                "a comparison, or even or odd (=0 or =1 modulo 2), for the "
                "pool to have a notation",
            )
        return None

    @property
    def worst_case_draws(self) -> int:
        """The most dice one roll of this pool can draw."""
        per_die = 1
        if self.reroll:
            per_die += 1 if self.reroll_once else DICE_LIMITS.reroll_cap
        if self.explode is not None:
            per_die += self._xcap
        return self.count * per_die

    @property
    def is_plain(self) -> bool:
        """Whether the pool is a plain sum of dice without modifiers."""
        return (
            not self.reroll
            and self.explode is None
            and self.keep is None
            and self.success is None
            and self.tally is None
            and self.minimum is None
            and self.maximum is None
        )

    # -- rolling -------------------------------------------------------------

    def roll(self, rng: Rng) -> PoolRoll:
        """Roll the pool: a [`PoolRoll`][rollwerk.dice.PoolRoll] with every die.

        >>> from rollwerk.rng import ScriptedRng
        >>> from rollwerk.dice import Die
        >>> result = Pool(4, Die(6)).roll(ScriptedRng([3, 6, 1, 5]))
        >>> result.total
        15
        """
        if rng.__class__ not in _OWN:
            rng = checked(rng)
        total, dice = self._roll_traced(rng)
        return PoolRoll(self, total, dice)

    def _draw_fast(self) -> Callable[[Rng, list[int]], int]:
        """A closure that rolls one die, appends its indices, returns its value.

        For compounding explosions (or none): the die's one value.
        """
        raw = self.die.faces
        faces = self._faces()
        sides = len(faces)
        rr = self.reroll
        once = self.reroll_once
        cap = DICE_LIMITS.reroll_cap if not once else 1
        ex = self.explode
        xcap = self._xcap

        def draw(rng: Rng, out: list[int]) -> int:
            i = rng.roll(sides)
            out.append(i)
            if rr:
                n = 0
                while n < cap and any(c(raw[i - 1]) for c in rr):
                    i = rng.roll(sides)
                    out.append(i)
                    n += 1
            v = faces[i - 1]
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

    def _draw_separate(self) -> Callable[[Rng, list[int], list[int]], None]:
        """A closure that rolls one die and the dice its explosions add.

        It appends the indices to ``out`` and each die's value to ``vals``.
        """
        raw = self.die.faces
        faces = self._faces()
        sides = len(faces)
        rr = self.reroll
        cap = DICE_LIMITS.reroll_cap if not self.reroll_once else 1
        ex = self.explode
        assert ex is not None
        xcap = self._xcap
        pen = 1 if self.explode_mode is ExplodeMode.PENETRATE else 0

        def draw(rng: Rng, out: list[int], vals: list[int]) -> None:
            i = rng.roll(sides)
            out.append(i)
            if rr:
                n = 0
                while n < cap and any(c(raw[i - 1]) for c in rr):
                    i = rng.roll(sides)
                    out.append(i)
                    n += 1
            v = faces[i - 1]
            vals.append(v)
            n = 0
            while n < xcap and ex(v):
                i = rng.roll(sides)
                out.append(i)
                v = faces[i - 1]
                vals.append(v - pen)
                n += 1

        return draw

    def _scorer(self) -> Callable[[int], int] | None:
        """The map of a die's value to what it counts (successes, tallies)."""
        if self.tally is not None:
            return self.tally
        succ, fail = self.success, self.failure
        if succ is None:
            return None

        def g(v: int) -> int:
            return int(succ(v)) - int(fail is not None and fail(v))

        return g

    def _roller(self) -> Callable[[Rng, list[int]], int]:
        """A fast closure: roll the pool, append indices to ``out``, return value."""
        n = self.count
        faces = self._faces()
        sides = len(faces)
        standard = self.die.is_standard and faces is self.die.faces
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
        keep = self.keep
        g = self._scorer()
        times = range(n)
        if self._separate:
            draw_many = self._draw_separate()

            def separate(rng: Rng, out: list[int]) -> int:
                vals: list[int] = []
                for _ in times:
                    draw_many(rng, out, vals)
                if keep is not None:
                    highest, k = keep.kept(len(vals))
                    vals.sort(reverse=highest)
                    vals = vals[: max(k, 0)]
                if g is None:
                    return sum(vals)
                return sum([g(v) for v in vals])

            return separate
        draw = self._draw_fast()
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
        raw = self.die.faces
        faces = self._faces()
        sides = len(faces)
        cap = 1 if self.reroll_once else DICE_LIMITS.reroll_cap
        xcap = self._xcap
        ex = self.explode
        separate = self._separate
        pen = 1 if self.explode_mode is ExplodeMode.PENETRATE else 0
        role = "penetration" if pen else "added"
        # (draws, values shown, how many were rerolled, the die's value)
        dice: list[tuple[list[DieRoll], list[int], int, int]] = []
        for _ in range(self.count):
            rolls = [DieRoll(sides, rng.roll(sides), "roll")]
            vals = [raw[rolls[0].face - 1]]
            rerolled = 0
            if self.reroll:
                while rerolled < cap and any(c(vals[-1]) for c in self.reroll):
                    rolls.append(DieRoll(sides, rng.roll(sides), "reroll"))
                    vals.append(raw[rolls[-1].face - 1])
                    rerolled += 1
            v = vals[-1] = faces[rolls[-1].face - 1]
            if ex is None:
                dice.append((rolls, vals, rerolled, v))
                continue
            if not separate:
                n = 0
                while n < xcap and ex(vals[-1]):
                    rolls.append(DieRoll(sides, rng.roll(sides), "explosion"))
                    vals.append(faces[rolls[-1].face - 1])
                    n += 1
                dice.append((rolls, vals, rerolled, sum(vals[rerolled:])))
                continue
            dice.append((rolls, vals, rerolled, v))
            n = 0
            while n < xcap and ex(v):
                extra = DieRoll(sides, rng.roll(sides), role)
                v = faces[extra.face - 1]
                dice.append(([extra], [v - pen], 0, v - pen))
                n += 1
        values = [d[3] for d in dice]
        total, kept, counted = _settle(values, self.keep, self.tally, self._scorer())
        result = tuple(
            RolledDie(tuple(r), tuple(v), rr, values[i], kept[i], counted[i])
            for i, (r, v, rr, _) in enumerate(dice)
        )
        return total, result

    # -- exact distribution ----------------------------------------------------

    def _result_range(self) -> tuple[int, int]:
        """Bounds of what one die counts (its score when counting)."""
        faces = self._faces()
        lo, hi = face_bounds(faces)
        if self._separate:
            if self.explode_mode is ExplodeMode.PENETRATE:
                lo -= 1
        else:
            lo, hi = self._single_range()
        if self.tally is not None:
            if self.tally.kind is TallyKind.SUBTRACT:
                return min(lo, -hi), max(hi, -lo)
            floor = -1 if self.tally.kind is TallyKind.DEDUCT else 0
            return min(lo, floor), max(hi, floor)
        if self.success is not None:
            return (-1 if self.failure is not None else 0), 1
        return lo, hi

    def value_range(self) -> tuple[int, int]:
        """The smallest and largest value the pool can give (a static bound)."""
        lo, hi = self._result_range()
        if self._separate:
            keep = self.keep
            if keep is not None and keep.amount == 0:  # kh0: none, dl0: all
                if keep.kind in _KEEPS:
                    return 0, 0
                keep = None
            most = self.count * (self._xcap + 1)
            least = 0 if keep is not None else self.count
            low = min(least * lo, most * lo)
            if (
                keep is None
                and self.explode_mode is ExplodeMode.PENETRATE
                and self.tally is None
                and self.success is None
            ):
                # only an added die counts 1 less: each first throw shows
                # at least the lowest face (3d6!p is at least 3)
                first, _ = face_bounds(self._faces())
                low = self.count * first + self.count * self._xcap * min(0, lo)
            return low, max(least * hi, most * hi)
        n = self.count
        if self.keep is not None:
            n = self.keep.kept(self.count)[1]
        return n * lo, n * hi

    def work(self) -> int:
        """An estimate of the cost of the exact distribution.

        One unit is roughly a quarter of a microsecond of work; see
        [`DiceLimits.max_work`][rollwerk.dice.DiceLimits.max_work]. Keeping
        or dropping dice that explosions add has no algorithm here (exact odds
        are refused as such, before any work): its estimate is the number of
        face combinations, beyond any budget.
        """
        xcap = self._xcap
        faces = self._faces()
        n = self.count
        if self._separate and self.keep is not None and self.keep.amount:
            combinations: int = len(faces) ** min(n * (xcap + 1), 64)
            return combinations
        distinct = len(faces) if faces.__class__ is range else len(set(faces))
        work = distinct
        if self.reroll:
            work += distinct * 2
        if self.explode is not None:
            exploding = sum(1 for f in set(faces) if self.explode(f))
            work += xcap * exploding * xcap * distinct // 2
            distinct *= xcap + 1
        bits = n * (self._single_bits() + 1)
        k = n if self.keep is None else self.keep.kept(n)[1]
        if 0 < k < n:
            g = self._scorer()
            if g is not None and self.explode is None:
                # neighbouring values that score the same are walked as one
                scores = [g(v) for v in sorted(set(faces))]
                distinct = 1 + sum(a != b for a, b in itertools.pairwise(scores))
            # the sums of the kept dice's scores (a tally may score the value;
            # explosions adding dice returned above, so a die is one value)
            if k == 1:
                # one die kept: a difference of powers per distinct score
                # (`_keep_dp`), each power of a running weight as wide as
                # the result's; products of wide weights cost more than
                # linearly in their size (size ** 1.5 / 2 fits 100d1000r1kh1,
                # 0.85 s, and 1000d80!kh1, 9 s, whose weights have 100 000+
                # bits)
                size = bits // 1000 + 1
                work += (
                    distinct * max(size, size * math.isqrt(size) // 2) * n.bit_length()
                )
                return max(work, distinct)
            score_lo, score_hi = self._result_range()
            kept_span = k * (score_hi - score_lo) + 1
            # big-number products and powers cost more than linearly in
            # their size: size ** 1.8 fits 300d10000r1kh2>=5000 (3.7 s) and
            # 100d1000r1kh2>=500 (0.16 s), whose weights have 1000+ bits
            size = bits // 1000 + 1
            work += distinct * k * n * kept_span * int(size**1.8) // 10
        elif self.success is not None and self.failure is None and not self._separate:
            size = bits // 64 + 1  # huge binomial terms multiply superlinearly
            work += n * size * (math.isqrt(size) // 20 + 1)
        else:
            lo, hi = self.value_range()
            work += power_cost(
                (hi - lo) // self.total_step() + 1,
                distinct,
                n,
                bits,
                symmetric=self._symmetric(faces),
            )
        return work

    def total_step(self) -> int:
        """The step between the pool's possible totals (1 but for custom faces).

        Faces that differ by multiples of ``g`` (``d{0,1000000}``: 10⁶) give
        sums that do too, and the exact power walks only those: its cost and
        the number of totals are those of ``(hi - lo) / g + 1`` values, not
        of every integer between. Only for plain sums of faces (no
        explosions, counting or keeping), else 1.
        """
        if (
            self.explode is not None
            or self.success is not None
            or self.failure is not None
            or self.tally is not None
            or self.keep is not None
            or self._separate
        ):
            return 1
        faces = self._faces()
        if faces.__class__ is range:
            return 1
        low = min(faces)
        return math.gcd(*(f - low for f in set(faces))) or 1

    def _symmetric(self, faces: Sequence[int]) -> bool:
        """Whether one die's weights read the same from both ends (a fair die).

        Rerolls, explosions and counted dice weigh faces unequally; clamped
        or custom faces are symmetric when they mirror around their middle.
        """
        if (
            self.reroll
            or self.explode is not None
            or self.success is not None
            or self.failure is not None
            or self.tally is not None
        ):
            return False
        if faces.__class__ is range:
            return True  # a standard die: 1 to n
        ordered = sorted(faces)
        ends = ordered[0] + ordered[-1]
        return all(
            a + b == ends for a, b in zip(ordered, reversed(ordered), strict=True)
        )

    def _single_range(self) -> tuple[int, int]:
        faces = self._faces()
        lo_f, hi_f = face_bounds(faces)
        if self.explode is None:
            return lo_f, hi_f
        xcap = self._xcap
        return min(lo_f, lo_f * (xcap + 1)), max(hi_f, hi_f * (xcap + 1))

    def _single_bits(self) -> int:
        bits = self.die.sides.bit_length()
        draws = 1
        if self.reroll:
            draws += 1 if self.reroll_once else DICE_LIMITS.reroll_cap
        if self.explode is not None:
            draws += self._xcap
        return bits * draws

    def _first_weights(self) -> tuple[Weights, int]:
        """Weights of a die's value after rerolls and clamps, with their total."""
        raw = self.die.faces
        s = len(raw)
        base: Weights = {}
        for f in raw:
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
        if self.minimum is not None or self.maximum is not None:
            clamped: Weights = {}
            for v, w in base.items():
                cv = self._clamp(v)
                clamped[cv] = clamped.get(cv, 0) + w
            base = clamped
        return base, total

    def _chain(
        self, first: Callable[[int], int], extra: Callable[[int], int]
    ) -> tuple[Weights, int]:
        """Weights of what one die and its explosions count, with their total.

        ``first`` maps the die's value to what it counts, ``extra`` an
        explosion die's shown value; explosions test the shown value.
        """
        base, total = self._first_weights()
        ex = self.explode
        if ex is None:
            out: Weights = {}
            for v, w in base.items():
                key = first(v)
                out[key] = out.get(key, 0) + w
            return out, total
        faces = self._faces()
        s = len(faces)
        plain: Weights = {}
        for f in faces:
            plain[f] = plain.get(f, 0) + 1
        p_e: Weights = {}
        p_n: Weights = {}
        for v, w in plain.items():
            side = p_e if ex(v) else p_n
            key = extra(v)
            side[key] = side.get(key, 0) + w
        # T_0 = P; T_j = P_N * s^j + P_E * T_{j-1}  (weights over s^(j+1)).
        tail: Weights = {}
        for v, w in plain.items():
            key = extra(v)
            tail[key] = tail.get(key, 0) + w
        xcap = self._xcap
        for j in range(1, xcap):
            scale = s**j
            nxt = _convolve(p_e, tail)
            for v, w in p_n.items():
                nxt[v] = nxt.get(v, 0) + w * scale
            tail = nxt
        t_total = s**xcap
        b_e: Weights = {}
        result: Weights = {}
        for v, w in base.items():
            key = first(v)
            if ex(v):
                b_e[key] = b_e.get(key, 0) + w
            else:
                result[key] = result.get(key, 0) + w * t_total
        if b_e:
            for v, w in _convolve(b_e, tail).items():
                result[v] = result.get(v, 0) + w
        return result, total * t_total

    def single_weights(self) -> tuple[Weights, int]:
        """Weights of one die's value after rerolls and explosions, with total.

        When explosions add dice of their own, this is what one die and the
        dice it adds count together (their scores when counting).
        """
        if not self._separate:
            return self._chain(_same, _same)
        g = self._scorer() or _same
        if self.explode_mode is ExplodeMode.PENETRATE:
            return self._chain(g, lambda v: g(v - 1))
        return self._chain(g, g)

    def weights(self) -> tuple[Weights, int]:
        """Exact integer weights of the pool's value, with their total."""
        single, total = self.single_weights()
        # Reduce one die's weights first: rerolls and explosions give weights
        # over s**(cap+1) with large common factors, which would otherwise
        # grow n-fold through every power and keep/drop step.
        single, total = _lowest_terms(single, total)
        n = self.count
        if self._separate:
            refusal = self._no_exact_odds()
            if refusal is not None:  # refused by distribution(); never enumerated
                raise refusal
            if self.keep is not None and self.keep.kind in _KEEPS:
                return {0: total**n}, total**n  # keeps none of the dice: 0
            return _power_or_binomial(single, n), total**n
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
            single = mapped
            # the scores' sums may share a factor the values did not
            # (20d20>=11!r1: success and failure both of 20**k), which the
            # binomial would raise to the n-th power
            single, total = _lowest_terms(single, total)
        return _power_or_binomial(single, n), total**n

    def _no_exact_odds(self) -> ParameterError | None:
        """The error that refuses exact odds of this pool, or ``None``.

        Keeping or dropping among dice that explosions add (``8d6!kh3`` in
        Roll20, ``4d6x6kh3`` in Foundry) has no exact algorithm here, at any
        size: rolling works, exact odds are refused (before any work).
        Keeping none of the dice (``kh0``) or dropping none (``dl0``) does
        not depend on how many dice there are, and has exact odds.
        """
        if not self._separate or self.keep is None or self.keep.amount == 0:
            return None
        return ParameterError(
            "keep",
            f"{self.keep.kind.value}{self.keep.amount}",
            "none for exact odds when explosions add dice (rollwerk has no "
            "exact odds of keeping or dropping among the dice that explosions "
            "add, at any size; rolling works)",
        )

    def distribution(self) -> Distribution[int]:
        """The exact distribution of the pool's value.

        Raises:
            ParameterError: The pool keeps or drops among dice that its
                explosions add (no exact odds at any size).
            LimitExceeded: The computation is larger than the limit.
        """
        from rollwerk.dice._limits import check_work

        refusal = self._no_exact_odds()
        if refusal is not None:
            raise refusal
        check_work(self.work())
        weights, total = self.weights()
        return Distribution._from_weights(weights, total)


def _settle(
    values: Sequence[int],
    keep: Keep | None,
    tally: Tally | None,
    score: Callable[[int], int] | None,
) -> tuple[int, list[bool], list[int]]:
    """A pool's total from its dice's values: ``(total, kept, counted)``.

    ``keep`` leaves the highest or lowest dice out; then a ``tally`` scores
    each kept die (and may drop it), or ``score`` counts successes and
    failures (``counted``: +1, −1 or 0 per die), or the kept values add up.
    Rolling and the compiled explanations both settle a pool this way.

    >>> from rollwerk.dice import Keep, KeepKind
    >>> _settle([5, 2, 6], Keep(KeepKind.KEEP_HIGHEST, 2), None, None)
    (11, [True, False, True], [0, 0, 0])
    """
    count = len(values)
    kept = [True] * count
    if keep is not None:
        highest, k = keep.kept(count)
        order = sorted(range(count), key=values.__getitem__, reverse=highest)
        for pos in order[max(k, 0) :]:
            kept[pos] = False
    counted = [0] * count
    if tally is not None:
        deduct = tally.kind in _COUNTING
        total = 0
        for i, v in enumerate(values):
            if not kept[i]:
                continue
            total += tally(v)
            if tally.drops(v):
                kept[i] = False
            elif deduct and tally.condition(v):
                counted[i] = -1
    elif score is not None:
        for i, v in enumerate(values):
            if kept[i]:
                counted[i] = score(v)
        total = sum(counted)
    else:
        total = sum(v for v, k in zip(values, kept, strict=True) if k)
    return total, kept, counted


def _faces_shown(pool: Pool, *, clamped: bool = True) -> str:
    """The faces a pool's die shows, as a message names them.

    After its clamps (what explodes), or as rolled (what a reroll tests).
    """
    faces = sorted(set(pool._faces() if clamped else pool.die.faces))
    if faces == list(range(faces[0], faces[-1] + 1)) and len(faces) > 2:
        return f"{faces[0]} to {faces[-1]}"
    return ", ".join(map(str, faces))


def _modular(cond: Condition) -> str:
    """A condition with a modulus as a message names it: ``'<1 modulo 3'``."""
    return f"{cond.comparison.value}{cond.target} modulo {cond.modulus}"


def _parity(cond: Condition) -> bool:
    """Whether a condition is ``even`` or ``odd``, as the notation writes them."""
    return (
        cond.modulus == 2 and cond.comparison is Comparison.EQ and cond.target in (0, 1)
    )


def _same(v: int) -> int:
    return v


def _lowest_terms(single: Weights, total: int) -> tuple[Weights, int]:
    """``single`` and ``total`` divided by their greatest common factor."""
    common = math.gcd(total, *single.values())
    if common > 1:
        return {v: w // common for v, w in single.items()}, total // common
    return single, total


def _power_or_binomial(single: Weights, n: int) -> Weights:
    """The weights of ``n`` independent dice: a binomial when they count 0 or 1."""
    if set(single) <= {0, 1}:
        return _binomial(single.get(1, 0), single.get(0, 0), n)
    return _power(single, n)
