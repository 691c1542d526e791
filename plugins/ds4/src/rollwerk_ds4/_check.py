"""The DS4 check (``check``): Immersieg, Patzer and check values above 20.

The check is declared with the toolkit ([`define_check`][rollwerk.checks.define_check]):
its dice (one d20 per sub-check, DS4-R05), a pure judge of the faces, the
explanation from the ds4 catalog and the closed form of its exact odds over
generating functions ([`check_weights`][rollwerk_ds4.check_weights]).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import attrs

from rollwerk import Degree, Distribution, Outcome, ParameterError, Rng
from rollwerk.checks import (
    CheckDefinition,
    Explanation,
    FaceCheck,
    Monotonic,
    Parameter,
    define_check,
)
from rollwerk.dice import DieRoll
from rollwerk.rng import checked
from rollwerk_ds4._catalog import CATALOG
from rollwerk_ds4._dice import (
    MAX_PW,
    MIN_PW,
    DiceAssignment,
    _split,
    assign_dice,
    check_dice,
    check_pw,
    rest_die_assignment,
    sub_checks,
)
from rollwerk_ds4._odds import check_weights, fixed_assignment_weights

__all__ = ["CHECK", "PW_MAX", "PW_MIN", "Roll", "check", "read_check", "roll_check"]

RULESET_ID = "ds4"

PW_MIN = -20
"""The smallest check value declared to generic code (CLI, contract kit)."""
PW_MAX = 100
"""The largest check value declared to generic code (five d20)."""


@attrs.frozen
class Roll:
    """A resolved DS4 check in detail: the dice and what they made.

    The plain [`CheckResult`][rollwerk.checks.CheckResult] of the ``check``
    is built from it; other rules (attacks, spells, slaying dice) read it
    directly.
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

    def outcome(self) -> Outcome:
        """The outcome: success, degree and the result as value."""
        return Outcome(self.success, self.degree, self.result)

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


def dice_count(pw: int, need_result: bool = True) -> int:
    """How many d20 a check rolls: one per sub-check, one without a result."""
    return len(sub_checks(pw)) if need_result else 1


def read_check(
    pw: int,
    faces: Sequence[int],
    *,
    need_result: bool = True,
    assignment: tuple[int, ...] | None = None,
    fumbles_excluded: bool = False,
) -> Roll:
    """The DS4 check of value ``pw`` when its d20 show ``faces`` (a pure function).

    Args:
        pw: The check value (any integer from -1000 to 1000).
        faces: The d20 faces in roll order: one per sub-check (DS4-R05), or
            one when ``need_result`` is ``False``.
        need_result: ``False``: PW above 20 rolled with a single d20, only
            success matters (DS4-R05).
        assignment: The 0-based sub-check of each die; ``None`` maximises
            (DS4-R07).
        fumbles_excluded: A natural 20 is an ordinary value (DS4-A10).

    >>> read_check(44, [2, 1, 17]).result
    39

    Raises:
        ParameterError: ``pw`` out of range, or faces that do not fit it.
    """
    check_pw(pw)
    slots = sub_checks(pw)
    if isinstance(faces, (str, bytes)) or not isinstance(faces, Sequence):
        raise ParameterError("faces", faces, "a sequence of d20 faces")
    faces = tuple(faces)
    first = faces[0] if faces else 0
    if len(slots) == 1 or not need_result:
        if len(faces) != 1 or first.__class__ is not int or not 1 <= first <= 20:
            raise ParameterError("faces", list(faces), "one d20 face (1 to 20)")
        if first == 20 and not fumbles_excluded:
            return Roll(
                pw, faces, False, Degree.CRITICAL_FAILURE, 0, None, False, False
            )
        if first == 1:
            result = None if len(slots) > 1 else max(pw, 1)
            return Roll(
                pw,
                faces,
                True,
                Degree.CRITICAL_SUCCESS,
                result,
                None,
                fumbles_excluded,
                False,
            )
        if len(slots) > 1:
            return Roll(
                pw, faces, True, Degree.SUCCESS, None, None, fumbles_excluded, False
            )
        if first <= pw:
            return Roll(pw, faces, True, Degree.SUCCESS, first, None, fumbles_excluded)
        return Roll(pw, faces, False, Degree.FAILURE, 0, None, fumbles_excluded)
    # At the table all d20 are rolled at once (D8): after a fumbling first
    # die the others are still drawn and recorded.
    check_dice(pw, faces)
    if first == 20 and not fumbles_excluded:
        return Roll(pw, faces, False, Degree.CRITICAL_FAILURE, 0)
    assigned = assign_dice(pw, faces, assignment, fumbles_excluded=fumbles_excluded)
    degree = Degree.CRITICAL_SUCCESS if first == 1 else Degree.SUCCESS
    return Roll(pw, faces, True, degree, assigned.result, assigned, fumbles_excluded)


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

    Draws the dice of [`read_check`][rollwerk_ds4.read_check] (all of them
    at once, D8) and reads them.

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
    rng = checked(rng)
    rolls = tuple(
        DieRoll(20, rng.roll(20), role) for _ in range(dice_count(pw, need_result))
    )
    roll = read_check(
        pw,
        [r.face for r in rolls],
        need_result=need_result,
        assignment=assignment,
        fumbles_excluded=fumbles_excluded,
    )
    return roll, rolls


@lru_cache(maxsize=2048)
def _outcomes(
    pw: int, need_result: bool, assignment: tuple[int, ...] | None
) -> Distribution[Outcome]:
    """The closed form of a check's exact odds (generating functions)."""
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
    known = _OUTCOMES
    table: dict[Outcome, int] = {}
    for key, w in weights:
        outcome = known.get(key)
        if outcome is None:
            degree, value = key
            outcome = known[key] = Outcome(degree.rank >= 2, degree, value)
        table[outcome] = w
    return Distribution.from_weights(table)


_OUTCOMES: dict[tuple[Degree, int], Outcome] = {}
"""The outcomes of the closed form by (degree, result), shared by every PW.

At most four degrees times the results up to ``MAX_PW``: bounded.
"""


def _dice(pw: int, need_result: bool, rest_die: int) -> list[int]:
    """One d20 per sub-check; validates what the declared ranges do not."""
    if not (
        rest_die.__class__ is int
        and rest_die == 0
        and pw.__class__ is int
        and MIN_PW <= pw <= MAX_PW
    ):  # rest_die 0 of a valid pw needs no checks (it maximises)
        rest_die_assignment(pw, rest_die)
        if rest_die and not need_result and len(sub_checks(pw)) > 1:
            # one d20 decides success alone: no die goes to a remainder
            raise ParameterError(
                "rest_die",
                rest_die,
                f"0 when need_result is false: PW {pw} is then rolled with one "
                "d20 and has no sub-checks",
            )
    return [20] * dice_count(pw, need_result)


@lru_cache(maxsize=64)
def _read(faces: tuple[int, ...], pw: int, need_result: bool, rest_die: int) -> Roll:
    """The faces read once for the judge and the explanation of one result."""
    return read_check(
        pw,
        faces,
        need_result=need_result,
        assignment=rest_die_assignment(pw, rest_die),
    )


_outcome = lru_cache(maxsize=1024)(Outcome)
"""Outcomes by ``(success, degree, value)``: checks that give the same share one."""


def _judge(
    faces: tuple[int, ...], pw: int, need_result: bool, rest_die: int
) -> Outcome:
    # the outcome of read_check, without its checks and its Roll: the dice
    # function checked pw and rest_die and the toolkit the faces; anything
    # else (a direct call) takes the checked path and its messages
    if pw.__class__ is int and MIN_PW <= pw <= MAX_PW and rest_die.__class__ is int:
        slots = _split(pw)
        k = len(slots)
        last = slots[-1]
        if (rest_die == 0 or (1 <= rest_die <= k and (k == 1 or last != 20))) and len(
            faces
        ) == (k if need_result else 1):
            for face in faces:
                if face.__class__ is not int or not 1 <= face <= 20:
                    break
            else:
                return _fast_outcome(faces, pw, slots, need_result, rest_die)
    return _read(faces, pw, need_result, rest_die).outcome()


def _fast_outcome(
    faces: tuple[int, ...],
    pw: int,
    slots: tuple[int, ...],
    need_result: bool,
    rest_die: int,
) -> Outcome:
    """``read_check(...).outcome()`` of faces and a ``rest_die`` that fit ``pw``.

    ``slots`` are the sub-checks of ``pw`` (DS4-R05).
    """
    k = len(slots)
    last = slots[-1]
    first = faces[0]
    if first == 20:
        return _outcome(False, Degree.CRITICAL_FAILURE, 0)
    if k == 1 or not need_result:
        if first == 1:
            return _outcome(
                True, Degree.CRITICAL_SUCCESS, None if k > 1 else max(pw, 1)
            )
        if k > 1:
            return _outcome(True, Degree.SUCCESS, None)
        if first <= pw:
            return _outcome(True, Degree.SUCCESS, first)
        return _outcome(False, Degree.FAILURE, 0)
    # sub-checks of 20, the last perhaps a remainder (DS4-R06, DS4-R07)
    if last == 20:
        rest = -1  # every die in a sub-check of 20
    elif rest_die:
        rest = rest_die - 1
    else:
        # the die that loses least on the remainder, the first on ties
        rest, least = 0, 21
        for i, face in enumerate(faces):
            loss = 20 - last if face == 1 else (0 if face <= last else face)
            if loss < least:
                rest, least = i, loss
    result = 0
    for i, face in enumerate(faces):
        sub = last if i == rest else 20
        result += sub if face == 1 else (face if face <= sub else 0)
    degree = Degree.CRITICAL_SUCCESS if first == 1 else Degree.SUCCESS
    return _outcome(True, degree, result)


def _explain(
    faces: tuple[int, ...],
    outcome: Outcome,
    *,
    pw: int,
    need_result: bool,
    rest_die: int,
) -> Explanation:
    return _read(faces, pw, need_result, rest_die).explanation()


def _odds(pw: int, need_result: bool, rest_die: int) -> Distribution[Outcome]:
    return _outcomes(pw, need_result, rest_die_assignment(pw, rest_die))


CHECK: CheckDefinition = define_check(
    "check",
    [
        Parameter(
            "pw",
            int,
            help="check value (Probenwert); above 20 rolls several d20",
            min_value=PW_MIN,
            max_value=PW_MAX,
            monotonic=Monotonic.INCREASING,
        ),
        Parameter(
            "need_result",
            bool,
            help="false: for PW above 20 roll one d20, only success matters",
            default=True,
        ),
        Parameter(
            "rest_die",
            int,
            help="which die (1-based) goes to the remainder sub-check; 0 maximises",
            default=0,
            min_value=0,
            max_value=5,
        ),
    ],
    dice=_dice,
    judge=_judge,
    odds=_odds,
    explain=_explain,
    help="a DS4 check: d20 ≤ PW, 1 is a coup (Immersieg), 20 a fumble (Patzer)",
)
"""The DS4 check (Probe) as declared to the toolkit: ``pw``, ``need_result``, ``rest_die``.

Roll a d20: a 20 is a fumble (Patzer), a 1 a coup (Immersieg) with the
highest result ``max(pw, 1)``; otherwise success iff the die is at most
``pw``, and the die is the result (DS4-R02). Check values above 20 are
split into sub-checks, one d20 each; only the first die can fumble and the
check is a coup iff the first die is 1 (DS4-R05 to DS4-R08). The outcome's
value is the check result (0 on a failure). ``rest_die`` (1-based, in roll
order) puts that die on the remainder sub-check (DS4-R06, DS4-A01); 0 takes
the maximising assignment (DS4-R07). A single-die check answers from the
toolkit's per-face memo; exact odds come from the closed form.
"""


def check(pw: int, need_result: bool = True, rest_die: int = 0) -> FaceCheck:
    """A DS4 check (Probe) against the check value ``pw`` (see [`CHECK`][rollwerk_ds4.CHECK]).

    The Python API takes any ``pw`` from -1000 to 1000 (50 d20); the CLI and
    the contract kit use the declared range ``PW_MIN`` to ``PW_MAX``.

    >>> from rollwerk import ScriptedRng
    >>> r = check(44).resolve(ScriptedRng([2, 1, 17]))
    >>> r.value, r.degree.name
    (39, 'SUCCESS')
    >>> check(10).outcomes().probability(lambda o: o.success)
    Fraction(1, 2)

    Raises:
        ParameterError: ``pw`` out of range, ``need_result`` not a bool, or
            ``rest_die`` not a die of the check.
    """
    check_pw(pw)
    if not isinstance(need_result, bool):
        raise ParameterError("need_result", need_result, "true or false")
    params = {"pw": pw, "need_result": need_result, "rest_die": rest_die}
    return FaceCheck(CHECK, RULESET_ID, params, CATALOG)
