"""The DS4 check (``check``): Immersieg, Patzer and check values above 20."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import attrs

from rollwerk import (
    CheckResult,
    Degree,
    Distribution,
    Outcome,
    ParameterError,
    Rng,
    ScriptedRng,
)
from rollwerk.checks import Explanation, Scalar
from rollwerk.dice import DieRoll
from rollwerk_ds4._catalog import CATALOG
from rollwerk_ds4._dice import (
    DiceAssignment,
    assign_dice,
    check_pw,
    rest_die_assignment,
    sub_checks,
)
from rollwerk_ds4._odds import check_weights, fixed_assignment_weights

__all__ = ["Ds4Check", "Roll", "roll_check"]

RULESET_ID = "ds4"


@attrs.frozen
class Roll:
    """A resolved DS4 check in detail: the dice and what they made.

    The plain [`CheckResult`][rollwerk.checks.CheckResult] of
    [`Ds4Check.resolve`][rollwerk_ds4.Ds4Check.resolve] is built from it;
    other rules (attacks, spells, slaying dice) read it directly.
    """

    pw: int
    """The check value."""
    dice: tuple[int, ...]
    """The faces rolled, in order."""
    success: bool
    """Whether the check succeeded."""
    degree: Degree
    """Coup (CRITICAL_SUCCESS), fumble (CRITICAL_FAILURE) or plain."""
    result: int | None
    """The check result (0 on failure; ``None`` when not needed)."""
    assignment: DiceAssignment | None = None
    """How the dice went to the sub-checks (PW above 20 with a result)."""
    fumbles_excluded: bool = False
    """Whether a natural 20 counted as an ordinary value (DS4-A10)."""
    need_result: bool = True
    """``False`` when a PW above 20 was rolled with one d20 (DS4-R05)."""

    @property
    def is_coup(self) -> bool:
        """Whether the check is an Immersieg (first die 1; DS4-R08)."""
        return self.degree is Degree.CRITICAL_SUCCESS

    @property
    def is_fumble(self) -> bool:
        """Whether the check is a Patzer (first die 20)."""
        return self.degree is Degree.CRITICAL_FAILURE

    def explanation(self) -> Explanation:
        """What happened, from the ``ds4.check.*`` messages; names clamps by rule."""
        pw = self.pw
        die = self.dice[0]
        if len(sub_checks(pw)) == 1 or not self.need_result:
            if self.is_fumble:
                return CATALOG.text("ds4.check.fumble", pw=pw)
            if self.is_coup:
                if self.result is None:
                    return CATALOG.text("ds4.check.coup", pw=pw)
                message = "ds4.check.coup_raised" if pw < 1 else "ds4.check.coup_result"
                return CATALOG.text(message, pw=pw, result=self.result)
            if self.result is None:
                return CATALOG.text("ds4.check.success_only", pw=pw, die=die)
            message = "ds4.check.success" if self.success else "ds4.check.failure"
            if self.fumbles_excluded and die == 20:
                message += "_fumbles_excluded"
            return CATALOG.text(message, pw=pw, die=die)
        slots = " + ".join(str(s) for s in sub_checks(pw))
        dice = ", ".join(str(d) for d in self.dice)
        if self.is_fumble:
            return CATALOG.text("ds4.check.split_fumble", pw=pw, slots=slots, dice=dice)
        if self.fumbles_excluded:
            note = CATALOG.text("ds4.check.note.fumbles_excluded")
        elif self.is_coup:
            note = CATALOG.text("ds4.check.note.coup")
        else:
            note = CATALOG.text("ds4.check.note.no_fumble", die=die)
        assert self.assignment is not None
        degree = "coup" if self.is_coup else "success"
        return CATALOG.text(
            "ds4.check.split",
            pw=pw,
            slots=slots,
            dice=dice,
            note=note,
            assignment=self.assignment.text(),
            result=self.result,
            degree=CATALOG.text(f"ds4.check.degree.{degree}"),
        )


def roll_check(
    pw: int,
    rng: Rng,
    *,
    need_result: bool = True,
    assignment: tuple[int, ...] | None = None,
    fumbles_excluded: bool = False,
    role: str = "check",
) -> tuple[Roll, tuple[DieRoll, ...]]:
    """Roll a DS4 check with ``rng`` and return it with the dice drawn.

    Args:
        pw: The check value (any integer from -1000 to 1000).
        rng: The source of the d20 faces.
        need_result: ``False`` rolls a single d20 for PW above 20 when only
            success matters (DS4-R05).
        assignment: The 0-based sub-check of each die; ``None`` maximises
            (DS4-R07).
        fumbles_excluded: A natural 20 is an ordinary value (DS4-A10), as for
            slaying-dice follow-ups and re-rolled attacks against obstacles.
        role: The role recorded with each die.

    Returns:
        The detailed roll and the dice drawn, in order.
    """
    check_pw(pw)
    slots = sub_checks(pw)
    first = rng.roll(20)
    rolls = [DieRoll(20, first, role)]
    if len(slots) == 1 or not need_result:
        if first == 20 and not fumbles_excluded:
            roll = Roll(
                pw, (first,), False, Degree.CRITICAL_FAILURE, 0, None, False, False
            )
        elif first == 1:
            result = None if len(slots) > 1 else max(pw, 1)
            roll = Roll(
                pw, (first,), True, Degree.CRITICAL_SUCCESS, result, None, False, False
            )
        elif len(slots) > 1:
            roll = Roll(
                pw, (first,), True, Degree.SUCCESS, None, None, fumbles_excluded, False
            )
        elif first <= pw:
            roll = Roll(
                pw, (first,), True, Degree.SUCCESS, first, None, fumbles_excluded
            )
        else:
            roll = Roll(pw, (first,), False, Degree.FAILURE, 0, None, fumbles_excluded)
        return roll, tuple(rolls)
    # At the table all d20 are rolled at once (D8): after a fumbling first
    # die the others are still drawn and recorded.
    rolls.extend(DieRoll(20, rng.roll(20), role) for _ in slots[1:])
    faces = tuple(r.face for r in rolls)
    if first == 20 and not fumbles_excluded:
        return Roll(pw, faces, False, Degree.CRITICAL_FAILURE, 0), tuple(rolls)
    assigned = assign_dice(pw, faces, assignment)
    degree = Degree.CRITICAL_SUCCESS if first == 1 else Degree.SUCCESS
    roll = Roll(pw, faces, True, degree, assigned.result, assigned, fumbles_excluded)
    return roll, tuple(rolls)


@lru_cache(maxsize=2048)
def _outcomes(
    pw: int, need_result: bool, assignment: tuple[int, ...] | None
) -> Distribution[Outcome]:
    if len(sub_checks(pw)) > 1 and not need_result:
        return Distribution.from_weights(
            {
                Outcome(False, Degree.CRITICAL_FAILURE, 0): 1,
                Outcome(True, Degree.SUCCESS, None): 18,
                Outcome(True, Degree.CRITICAL_SUCCESS, None): 1,
            }
        )
    if assignment is None:
        weights = check_weights(pw)
    else:
        weights = fixed_assignment_weights(pw, assignment)
    return Distribution.from_weights(
        {Outcome(degree.rank >= 2, degree, value): w for (degree, value), w in weights}
    )


@attrs.frozen
class Ds4Check:
    """A DS4 check (Probe) against a check value ``pw``.

    Roll a d20: a 20 is a fumble (Patzer), a 1 a coup (Immersieg) with the
    highest result ``max(pw, 1)``; otherwise success iff the die is at most
    ``pw``, and the die is the result (DS4-R02). Check values above 20 are
    split into sub-checks, one d20 each; only the first die can fumble and
    the check is a coup iff the first die is 1 (DS4-R05 to DS4-R08).

    The outcome's value is the check result (0 on a failure).

    >>> from rollwerk import ScriptedRng
    >>> r = Ds4Check(44).resolve(ScriptedRng([2, 1, 17]))
    >>> r.value, r.degree.name
    (39, 'SUCCESS')
    >>> Ds4Check(10).outcomes().probability(lambda o: o.success)
    Fraction(1, 2)
    """

    pw: int = attrs.field(validator=lambda _i, _a, v: check_pw(v))
    """The check value (Probenwert)."""
    need_result: bool = True
    """``False``: for PW above 20 roll one d20, as only success matters."""
    rest_die: int = 0
    """Which die (1-based, in roll order) goes to the remainder sub-check.

    0 (the default) takes the maximising assignment (DS4-R07); any other
    choice is an explicit assignment (DS4-R06, DS4-A01). After the roll, any
    bijection can also be applied with [`assign_dice`][rollwerk_ds4.assign_dice].
    """
    _single: bool = attrs.field(default=False, init=False, repr=False, eq=False)
    """Whether the check rolls exactly one d20 (PW up to 20, or no result)."""
    _memo: dict[int, CheckResult] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """For a single-die check, the result of each face: a check is a frozen
    value, so each result is built once and then reused (fast resolving)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.need_result, bool):
            raise ParameterError("need_result", self.need_result, "true or false")
        rest_die_assignment(self.pw, self.rest_die)
        single = len(sub_checks(self.pw)) == 1 or not self.need_result
        object.__setattr__(self, "_single", single)

    @property
    def ruleset(self) -> str:
        """``"ds4"``."""
        return RULESET_ID

    @property
    def name(self) -> str:
        """``"check"``."""
        return "check"

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """``pw``, ``need_result`` and ``rest_die``."""
        return {
            "pw": self.pw,
            "need_result": self.need_result,
            "rest_die": self.rest_die,
        }

    @property
    def assignment(self) -> tuple[int, ...] | None:
        """The explicit assignment (0-based), or ``None`` for the maximising one."""
        return rest_die_assignment(self.pw, self.rest_die)

    def roll(self, rng: Rng) -> tuple[Roll, tuple[DieRoll, ...]]:
        """Roll the check and return the detailed [`Roll`][rollwerk_ds4.Roll]."""
        return roll_check(
            self.pw, rng, need_result=self.need_result, assignment=self.assignment
        )

    def resolve(self, rng: Rng) -> CheckResult:
        """Roll the check with ``rng`` and say what happened."""
        if self._single:
            face = rng.roll(20)
            result = self._memo.get(face)
            if result is None:
                result = self._memo[face] = self._resolve(ScriptedRng([face]))
            return result
        return self._resolve(rng)

    def _resolve(self, rng: Rng) -> CheckResult:
        roll, rolls = self.roll(rng)
        return CheckResult(
            success=roll.success,
            degree=roll.degree,
            value=roll.result,
            rolls=rolls,
            explanation=roll.explanation(),
            ruleset=RULESET_ID,
            check=self.name,
        )

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution of outcomes (value = result)."""
        return _outcomes(self.pw, self.need_result, self.assignment)
