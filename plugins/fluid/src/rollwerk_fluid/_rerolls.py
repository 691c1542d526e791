"""A Fluid check played with a stated reroll policy (FL-R11, FL-R12).

The player spends mana on failures (FL-R11) as long as it lasts, then, if
allowed, repeats the check for free at a cumulative −3 (FL-R12). Exact odds
come from a small dynamic programme over (attempt, mana left, earlier
fumbles); nothing enumerates sequences of dice.

This check is written by hand, not declared with the toolkit: how many dice
it draws, and the role of each (``check reroll``, ``fate repetition 1``…),
depend on the path the play takes, and its odds are a dynamic programme, not
a table of faces. Each attempt is judged and explained by the ``check``
check it plays.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from fractions import Fraction

import attrs

from rollwerk import CheckResult, Distribution, Outcome, Rng
from rollwerk.checks import FaceCheck, Monotonic, Parameter, Scalar, enum_parameter
from rollwerk.dice import DieRoll
from rollwerk.rng import checked
from rollwerk_fluid._catalog import CATALOG, join
from rollwerk_fluid._check import (
    REPEAT_STEP,
    SIDES,
    Die,
    FluidOutcome,
    _Roll,
    check_parameters,
    effective_chance,
    replay,
)

__all__ = ["Policy", "RerollCheck", "reroll_parameters"]

MAX_MANA = 10
"""The most mana a ``rerolls`` check may spend."""
MAX_REPEATS = 10
"""The most free repetitions a ``rerolls`` check may take."""


class Policy(enum.Enum):
    """Which die the player rerolls with mana after a failure (FL-R11).

    After a plain failure every policy rerolls the check die (there is no
    other die). They differ after a fumble.
    """

    CHECK = "check"
    """Reroll the check die after any failure."""
    FATE = "fate"
    """Reroll the fate die after a fumble (a fresh fate roll: 1/2 success)."""
    BEST = "best"
    """After a fumble, reroll the die that gives the higher final chance of
    success with the mana left (the fate die on a tie)."""


@functools.lru_cache(maxsize=8)
def reroll_parameters(trait_max: int = 20) -> tuple[Parameter, ...]:
    """The declared parameters of the ``rerolls`` check.

    Those of ``check`` (without ``repetition``) plus ``mana``, ``policy``
    and ``repeats``.

    Args:
        trait_max: The largest trait level allowed (FL-R13).

    Returns:
        The parameters in CLI order.
    """
    base = tuple(p for p in check_parameters(trait_max) if p.name != "repetition")
    return (
        *base,
        Parameter(
            "mana",
            int,
            help="mana the player will spend on rerolls of failed dice",
            default=0,
            min_value=0,
            max_value=MAX_MANA,
            monotonic=Monotonic.INCREASING,
        ),
        Parameter(
            "policy",
            str,
            help="which die to reroll after a fumble: check, fate or best",
            default=Policy.CHECK.value,
            choices=tuple(p.value for p in Policy),
        ),
        Parameter(
            "repeats",
            int,
            help="free repetitions (no time pressure) at a cumulative -3",
            default=0,
            min_value=0,
            max_value=MAX_REPEATS,
            monotonic=Monotonic.INCREASING,
        ),
    )


def _to_policy(value: Policy | str) -> Policy:
    return enum_parameter(Policy, "policy", value)


_Key = tuple[FluidOutcome, int, int, int, int]
"""(kind, quality die, attempt, mana left, standing fumbles) of a final state."""
_Table = dict[_Key, Fraction]


def _add(acc: _Table, part: Mapping[_Key, Fraction], p: Fraction) -> None:
    for k, q in part.items():
        acc[k] = acc.get(k, Fraction(0)) + p * q


def _success(table: Mapping[_Key, Fraction]) -> Fraction:
    return sum((p for k, p in table.items() if k[0].success), Fraction(0))


@attrs.frozen
class RerollCheck:
    """A Fluid check played with mana rerolls and free repetitions.

    The player rerolls a failed die with mana while it lasts (FL-R11),
    choosing the die by ``policy``; once the mana is spent, a failure is
    repeated for free at −3, −6, … (FL-R12) up to ``repeats`` times, as
    long as the reduced chance stays above 0. The outcome's extras record
    ``mana_spent``, ``repeats`` (free repetitions rolled) and
    ``side_effects`` (fumbles that stood, i.e. were not rerolled away).

    >>> from rollwerk import ScriptedRng
    >>> from rollwerk_fluid import fluid_check
    >>> check = RerollCheck(fluid_check(attribute=3, trait=2), mana=1)
    >>> check.success_probability()
    Fraction(279, 400)
    >>> r = check.resolve(ScriptedRng([9, 4]))
    >>> r.value, r.extra("mana_spent")
    (4, 1)
    """

    base: FaceCheck
    """The ``check`` check being played (its ``repetition`` is 0)."""
    mana: int = 0
    """The mana the player is willing to spend (one per reroll)."""
    policy: Policy = attrs.field(default=Policy.CHECK, converter=_to_policy)
    """Which die to reroll after a fumble."""
    repeats: int = 0
    """The most free repetitions to take (0 under time pressure)."""

    name: str = attrs.field(default="rerolls", init=False, repr=False)
    """The check's name, ``"rerolls"``."""

    def __attrs_post_init__(self) -> None:
        for p in reroll_parameters()[-3:]:
            value = getattr(self, p.name)
            p.validate(value.value if isinstance(value, Policy) else value)

    @property
    def ruleset(self) -> str:
        """The id of the ruleset that built the base check."""
        return self.base.ruleset

    @property
    def parameters(self) -> Mapping[str, Scalar]:
        """The base check's parameters but ``repetition``, and the policy's."""
        params = {k: v for k, v in self.base.parameters.items() if k != "repetition"}
        params.update(mana=self.mana, policy=self.policy.value, repeats=self.repeats)
        return params

    # -- attempts ------------------------------------------------------------

    def _attempt(self, k: int) -> FaceCheck:
        """The check as rolled in attempt ``k`` (0 first, then repetitions)."""
        if not k:
            return self.base
        first = self.base.parameters.get("repetition", 0)
        return self.base.with_parameters(repetition=int(first or 0) + k)

    def _can_repeat(self, k: int) -> bool:
        """Whether attempt ``k + 1`` may be taken and rolled."""
        return (
            k < self.repeats and effective_chance(self.base) - REPEAT_STEP * (k + 1) > 0
        )

    def _fumble_choice(self, k: int, m: int, se: int) -> Die:
        """The die to reroll after a fumble with ``m`` ≥ 1 mana left."""
        if self.policy is Policy.CHECK:
            return Die.CHECK
        if self.policy is Policy.FATE:
            return Die.FATE
        return _planner(self).best_fumble_die(k, m, se)

    def _outcome(self, key: _Key) -> Outcome:
        kind, die, k, m, se = key
        core = _Roll.of(self.base.parameters, k)
        return core.outcome(kind, die, **self._extras(k, m, se))

    def _extras(self, k: int, m: int, se: int) -> dict[str, Scalar]:
        return {"mana_spent": self.mana - m, "repeats": k, "side_effects": se}

    def outcomes(self) -> Distribution[Outcome]:
        """The exact distribution of final outcomes under the policy.

        >>> from rollwerk_fluid import fluid_check
        >>> RerollCheck(fluid_check(attribute=5), mana=1, policy="fate"
        ...             ).success_probability()
        Fraction(7, 10)
        """
        if effective_chance(self.base) <= 0:
            return Distribution.constant(
                _Roll.of(self.base.parameters).outcome(
                    FluidOutcome.NO_ROLL, 0, **self._extras(0, self.mana, 0)
                )
            )
        probs: dict[Outcome, Fraction] = {}
        for key, p in _planner(self).check_die(0, self.mana, 0).items():
            o = self._outcome(key)
            probs[o] = probs.get(o, Fraction(0)) + p
        return Distribution(probs)

    def success_probability(self) -> Fraction:
        """P(final success), critical included."""
        return self.outcomes().probability(lambda o: o.success)

    def expected_mana(self) -> Fraction:
        """The expected mana spent under the policy.

        >>> from rollwerk_fluid import fluid_check
        >>> RerollCheck(fluid_check(attribute=5), mana=1).expected_mana()
        Fraction(11, 20)
        """
        return self.outcomes().map(lambda o: int(o.extra("mana_spent") or 0)).mean()

    # -- resolving -----------------------------------------------------------

    def resolve(self, rng: Rng) -> CheckResult:
        """Play the check: roll, reroll with mana, repeat; record every die."""
        rng = checked(rng)  # a face that breaks the Rng protocol is named so
        if effective_chance(self.base) <= 0:
            return replay(
                self.base, (), (), extras=self._extras(0, self.mana, 0), name=self.name
            )
        k, m, se = 0, self.mana, 0
        base_chance = effective_chance(self.base)
        rolls: list[DieRoll] = []
        state = Die.CHECK
        suffix = ""
        die = 0
        while True:
            chance = base_chance - REPEAT_STEP * k
            if state is Die.CHECK:
                die = rng.roll(SIDES)
                rolls.append(DieRoll(SIDES, die, f"check{suffix}"))
                if die == 1:
                    state, suffix = Die.FATE, _role(k, reroll=False)
                    continue
                if die <= chance:
                    return self._final(die, None, rolls, k=k, m=m, se=se)
                if m > 0:
                    m, suffix = m - 1, _role(k, reroll=True)
                    continue
                if self._can_repeat(k):
                    k += 1
                    suffix = _role(k, reroll=False)
                    continue
                return self._final(die, None, rolls, k=k, m=m, se=se)
            fate = rng.roll(SIDES)
            rolls.append(DieRoll(SIDES, fate, f"fate{suffix}"))
            if fate <= 5:
                return self._final(1, fate, rolls, k=k, m=m, se=se)
            if m > 0:
                state = self._fumble_choice(k, m, se)
                m, suffix = m - 1, _role(k, reroll=True)
                continue
            if self._can_repeat(k):
                k, se, state = k + 1, se + 1, Die.CHECK
                suffix = _role(k, reroll=False)
                continue
            return self._final(1, fate, rolls, k=k, m=m, se=se + 1)

    def _final(
        self,
        die: int,
        fate: int | None,
        rolls: list[DieRoll],
        *,
        k: int,
        m: int,
        se: int,
    ) -> CheckResult:
        spent = self.mana - m
        notes = [CATALOG.text("fluid.note.mana_spent", n=spent)] if spent else []
        if k:
            notes.append(CATALOG.text("fluid.note.free_repetition", k=k))
        if se:
            notes.append(CATALOG.text("fluid.note.side_effects", n=se))
        note = join(notes) if notes else None
        return replay(
            self._attempt(k),
            (die,) if fate is None else (die, fate),
            rolls,
            note=note,
            extras=self._extras(k, m, se),
            name=self.name,
        )


def _role(k: int, *, reroll: bool) -> str:
    parts = []
    if k:
        parts.append(f"repetition {k}")
    if reroll:
        parts.append("reroll")
    return (" " + ", ".join(parts)) if parts else ""


class _Planner:
    """The dynamic programme behind a `RerollCheck`'s exact odds.

    States are (attempt, mana left, fumbles that stood); each maps to the
    distribution of final states. There are at most
    ``(repeats + 1) × (mana + 1) × (repeats + 1)`` of them.
    """

    def __init__(self, check: RerollCheck) -> None:
        self.check = check
        self.memo: dict[tuple[Die, int, int, int], _Table] = {}

    def check_die(self, k: int, m: int, se: int) -> _Table:
        """Final states after rolling the check die in attempt ``k``."""
        key = (Die.CHECK, k, m, se)
        if key in self.memo:
            return self.memo[key]
        chance = effective_chance(self.check.base) - REPEAT_STEP * k
        acc: _Table = {}
        tenth = Fraction(1, SIDES)
        failures = 0
        for die in range(2, SIDES + 1):
            if die <= chance:
                acc[(FluidOutcome.SUCCESS, die, k, m, se)] = tenth
            else:
                failures += 1
        if failures:
            _add(acc, self.after_failure(k, m, se), tenth * failures)
        _add(acc, self.fate_die(k, m, se), tenth)
        self.memo[key] = acc
        return acc

    def fate_die(self, k: int, m: int, se: int) -> _Table:
        """Final states after rolling the fate die in attempt ``k``."""
        key = (Die.FATE, k, m, se)
        if key in self.memo:
            return self.memo[key]
        acc: _Table = {(FluidOutcome.CRITICAL, 1, k, m, se): Fraction(1, 2)}
        _add(acc, self.after_fumble(k, m, se), Fraction(1, 2))
        self.memo[key] = acc
        return acc

    def after_failure(self, k: int, m: int, se: int) -> Mapping[_Key, Fraction]:
        """Final states after a plain failure."""
        if m > 0:
            return self.check_die(k, m - 1, se)
        if self.check._can_repeat(k):
            return self.check_die(k + 1, m, se)
        return {(FluidOutcome.FAILURE, 0, k, m, se): Fraction(1)}

    def after_fumble(self, k: int, m: int, se: int) -> Mapping[_Key, Fraction]:
        """Final states after a fumble."""
        if m > 0:
            if self.check._fumble_choice(k, m, se) is Die.FATE:
                return self.fate_die(k, m - 1, se)
            return self.check_die(k, m - 1, se)
        if self.check._can_repeat(k):
            return self.check_die(k + 1, m, se + 1)
        return {(FluidOutcome.FUMBLE, 0, k, m, se + 1): Fraction(1)}

    def best_fumble_die(self, k: int, m: int, se: int) -> Die:
        """The die with the higher final chance of success (fate on a tie)."""
        fate = _success(self.fate_die(k, m - 1, se))
        check = _success(self.check_die(k, m - 1, se))
        return Die.FATE if fate >= check else Die.CHECK


@functools.lru_cache(maxsize=128)
def _planner(check: RerollCheck) -> _Planner:
    return _Planner(check)
