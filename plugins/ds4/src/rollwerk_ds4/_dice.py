"""Splitting check values, assigning dice to sub-checks (DS4-R05 to DS4-R08)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import attrs

from rollwerk import ParameterError, RulesError
from rollwerk.i18n import Catalog, Text
from rollwerk_ds4._catalog import CATALOG

__all__ = [
    "DiceAssignment",
    "assign_dice",
    "maximising_assignment",
    "rest_die_assignment",
    "slot_value",
    "sub_checks",
]

MAX_PW = 1000
"""The largest check value the Python API accepts (50 d20)."""
MIN_PW = -1000
"""The smallest check value the Python API accepts."""


def check_pw(pw: object, name: str = "pw") -> int:
    """Validate a check value for the Python API."""
    if isinstance(pw, bool) or not isinstance(pw, int) or not MIN_PW <= pw <= MAX_PW:
        raise ParameterError(name, pw, f"an integer from {MIN_PW} to {MAX_PW}")
    return pw


def sub_checks(pw: int) -> tuple[int, ...]:
    """The sub-checks a check value is split into (DS4-R05).

    A value up to 20 is a single check; above 20 it is split into sub-checks
    of 20 and the remainder.

    >>> sub_checks(44)
    (20, 20, 4)
    >>> sub_checks(40)
    (20, 20)
    >>> sub_checks(12)
    (12,)
    """
    return _split(check_pw(pw))


@lru_cache(maxsize=2048)
def _split(pw: int) -> tuple[int, ...]:
    """``sub_checks`` of a valid check value, kept: every judge asks for them."""
    if pw <= 20:
        return (pw,)
    n, r = divmod(pw, 20)
    return (20,) * n + ((r,) if r else ())


def slot_value(die: int, sub_check: int) -> int:
    """What a die yields in a sub-check of value ``sub_check`` (DS4-R06).

    A 1 is a coup for its own sub-check and yields the sub-check's value,
    at least 1 (the one sub-check of a PW of 0 or less: a coup there is 1,
    DS4-A03); a die up to the value yields itself; a higher die yields 0.

    A die alone cannot fumble here: only the first die of a check can, and
    [`assign_dice`][rollwerk_ds4.assign_dice] reads it so (DS4-R05).

    >>> slot_value(1, 4), slot_value(2, 4), slot_value(17, 4), slot_value(20, 20)
    (4, 2, 0, 20)
    >>> slot_value(1, -3)     # a coup at PW -3: raised to 1 by rule (DS4-A03)
    1
    """
    for name, value in (("die", die), ("sub_check", sub_check)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ParameterError(name, value, "an integer")
    if die == 1:
        return max(sub_check, 1)
    return die if die <= sub_check else 0


def check_dice(pw: int, dice: Sequence[int]) -> tuple[int, ...]:
    slots = sub_checks(pw)
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Sequence):
        raise ParameterError("dice", dice, "a sequence of d20 faces")
    faces = tuple(dice)
    if len(faces) != len(slots):
        raise ParameterError(
            "dice", list(faces), f"{len(slots)} d20 faces for PW {pw} ({_plus(slots)})"
        )
    for i, face in enumerate(faces, start=1):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 20:
            raise ParameterError(f"die {i}", face, "an integer from 1 to 20")
    return faces


def _plus(values: Sequence[int]) -> str:
    return " + ".join(str(v) for v in values)


def maximising_assignment(pw: int, dice: Sequence[int]) -> tuple[int, ...]:
    """The sub-check (0-based) for each die that gives the highest result (DS4-R07).

    With a remainder ``r = pw mod 20``, exactly one die goes to the remainder
    sub-check: the one that loses least there (``20 − r`` for a 1, nothing for
    a die from 2 to ``r``, the die itself above ``r``); the first such die
    wins ties. The others fill the sub-checks of 20 in order.

    >>> maximising_assignment(44, [2, 1, 17])
    (2, 0, 1)
    """
    faces = check_dice(pw, dice)
    slots = sub_checks(pw)
    k = len(slots)
    if pw <= 20 or slots[-1] == 20:
        return tuple(range(k))
    r = slots[-1]

    def loss(d: int) -> int:
        if d == 1:
            return 20 - r
        return 0 if d <= r else d

    rest = min(range(k), key=lambda i: (loss(faces[i]), i))
    out: list[int] = []
    nxt = 0
    for i in range(k):
        if i == rest:
            out.append(k - 1)
        else:
            out.append(nxt)
            nxt += 1
    return tuple(out)


def rest_die_assignment(pw: int, rest_die: int) -> tuple[int, ...] | None:
    """The assignment that puts die ``rest_die`` on the remainder sub-check.

    The sub-checks of 20 are interchangeable, so which die goes to the
    remainder sub-check (``pw mod 20``) fixes the result of an assignment;
    the other dice fill the sub-checks of 20 in roll order. ``rest_die`` is
    1-based in roll order; 0 means the maximising assignment (``None``).

    A check of one d20 (PW 20 or less, DS4-R05) is a single sub-check, not
    split: ``rest_die`` 1 names its one die, which goes to that sub-check
    either way, so it is accepted and changes nothing (``None``, as 0). A
    multiple of 20 above 20 is split into several sub-checks of 20 and no
    remainder: any ``rest_die`` but 0 is refused there.

    >>> rest_die_assignment(44, 1)
    (2, 0, 1)
    >>> rest_die_assignment(44, 0) is None
    True
    >>> rest_die_assignment(12, 1) is None     # one d20: its only sub-check
    True

    Raises:
        ParameterError: ``rest_die`` is not a die of the check (above 1 for
            a PW of 20 or less), or the check is split without a remainder
            sub-check (a multiple of 20 above 20).
    """
    slots = sub_checks(pw)
    k = len(slots)
    if isinstance(rest_die, bool) or not isinstance(rest_die, int):
        raise ParameterError("rest_die", rest_die, "an integer")
    if rest_die == 0:
        return None
    if k > 1 and slots[-1] == 20:
        raise ParameterError(
            "rest_die",
            rest_die,
            f"0 for PW {pw}: it is a multiple of 20 and has no remainder sub-check",
        )
    if not 1 <= rest_die <= k:
        raise ParameterError(
            "rest_die",
            rest_die,
            f"an integer from 0 to {k} for PW {pw} ({k} d20; 0 maximises)",
        )
    if k == 1:
        return None  # the single die has only one sub-check to go to
    out: list[int] = []
    nxt = 0
    for i in range(1, k + 1):
        if i == rest_die:
            out.append(k - 1)
        else:
            out.append(nxt)
            nxt += 1
    return tuple(out)


@attrs.frozen
class DiceAssignment:
    """Dice of a check assigned to its sub-checks, and what each yields.

    Its ``result`` is the check's: that of [`read_check`][rollwerk_ds4.read_check]
    for the same dice and assignment. A 20 on the first die is a fumble
    (DS4-R05) with result 0, unless ``fumbles_excluded`` (DS4-A10); a coup at
    a PW of 0 or less is 1 (DS4-A03).

    >>> a = assign_dice(44, [2, 1, 17])
    >>> a.result, a.values
    (39, (2, 20, 17))
    >>> a.describe()
    '1 → 20 (coup: 20), 17 → 20 (17), 2 → 4 (2)'
    >>> f = assign_dice(25, [20, 5])
    >>> f.is_fumble, f.result, f.describe()
    (True, 0, 'first die 20: fumble, result 0')
    """

    pw: int
    """The check value."""
    dice: tuple[int, ...]
    """The faces, in the order rolled."""
    sub_checks: tuple[int, ...]
    """The sub-check values (DS4-R05)."""
    assignment: tuple[int, ...]
    """For each die, the 0-based index of its sub-check."""
    fumbles_excluded: bool = False
    """Whether a 20 on the first die is an ordinary value (DS4-A10)."""

    @property
    def is_fumble(self) -> bool:
        """Whether the first die is 20 and fumbles count: a Patzer (DS4-R05)."""
        return self.dice[0] == 20 and not self.fumbles_excluded

    @property
    def values(self) -> tuple[int, ...]:
        """What each die yields in its sub-check, in roll order (all 0 in a fumble)."""
        if self.is_fumble:
            return (0,) * len(self.dice)
        return tuple(
            slot_value(d, self.sub_checks[s])
            for d, s in zip(self.dice, self.assignment, strict=True)
        )

    @property
    def result(self) -> int:
        """The check result: the sum over the sub-checks, 0 in a fumble (DS4-R06)."""
        return sum(self.values)

    def text(self) -> Text:
        """Which die went to which sub-check, listed by sub-check, as a text.

        Built from the ``ds4.assign.*`` messages of the ds4 catalog. A
        fumble assigns nothing: it says so (``ds4.assign.fumble``).
        """
        if self.is_fumble:
            return CATALOG.text("ds4.assign.fumble", die=self.dice[0])
        by_slot = sorted(
            zip(self.assignment, self.dice, strict=True), key=lambda pair: pair[0]
        )
        out: Text | None = None
        for slot, die in by_slot:
            p = self.sub_checks[slot]
            value = slot_value(die, p)
            if die == 1:
                message = "ds4.assign.coup" if p >= 1 else "ds4.assign.coup_raised"
            elif value == 0:
                message = "ds4.assign.fails"
            else:
                message = "ds4.assign.value"
            part = CATALOG.text(message, die=die, sub=p, value=value)
            out = (
                part if out is None else CATALOG.text("ds4.list", before=out, item=part)
            )
        assert out is not None  # a check above 20 has at least two dice
        return out

    def describe(
        self, lang: str = "en", catalogs: Catalog | Iterable[Catalog] | None = None
    ) -> str:
        """Which die went to which sub-check, listed by sub-check, in ``lang``.

        Args:
            lang: ``"en"``, ``"de"`` or a language ``catalogs`` add.
            catalogs: A further catalog or an iterable of them, searched
                first, in order, before the ds4 catalog.

        Raises:
            ParameterError: No catalog knows ``lang``, or ``catalogs`` is
                not a catalog, an iterable of catalogs or ``None``.
        """
        return self.text()(lang, catalogs)


def assign_dice(
    pw: int,
    dice: Sequence[int],
    assignment: Sequence[int] | None = None,
    *,
    fumbles_excluded: bool = False,
) -> DiceAssignment:
    """Assign rolled dice to the sub-checks of ``pw`` (DS4-R06, DS4-R07).

    The ``result`` is the check result, as [`read_check`][rollwerk_ds4.read_check]
    gives it for the same dice and assignment: a 20 on the first die is a
    fumble with result 0 and nothing to assign (``is_fumble``; DS4-R05), and
    a coup at a PW of 0 or less is 1 (DS4-A03).

    Args:
        pw: The check value (above 20 for several dice).
        dice: The faces in the order rolled, one per sub-check.
        assignment: For each die the 0-based sub-check it goes to, a
            bijection; ``None`` takes the maximising assignment.
        fumbles_excluded: A 20 on the first die is an ordinary value
            (DS4-A10), as on slaying-dice follow-ups.

    Raises:
        ParameterError: Wrong number of dice, a face outside 1..20, an
            assignment that is not a bijection, or ``fumbles_excluded`` not
            a bool.

    >>> assign_dice(25, [9, 12]).result
    12
    >>> assign_dice(25, [9, 12], assignment=[0, 1]).result
    9
    >>> assign_dice(25, [20, 5]).result, assign_dice(25, [20, 5], fumbles_excluded=True).result
    (0, 25)
    >>> assign_dice(-3, [1]).result
    1
    """
    if not isinstance(fumbles_excluded, bool):
        raise ParameterError("fumbles_excluded", fumbles_excluded, "true or false")
    faces = check_dice(pw, dice)
    slots = sub_checks(pw)
    if assignment is None:
        chosen = maximising_assignment(pw, faces)
    else:
        chosen = tuple(assignment)
        if sorted(chosen) != list(range(len(slots))):
            raise ParameterError(
                "assignment",
                list(chosen),
                f"a permutation of 0..{len(slots) - 1} (0-based sub-check per die)",
            )
    return DiceAssignment(pw, faces, slots, chosen, fumbles_excluded)


def require(condition: bool, message: str) -> None:
    """Raise `RulesError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise RulesError(message)
