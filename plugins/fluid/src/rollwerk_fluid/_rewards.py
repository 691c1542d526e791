"""Rewards (b)–(e) of a successful self-imposed difficulty (FL-R09, FL-A08).

Each is a rollwerk [`Effect`][rollwerk.encounter.Effect] that an
[`Encounter`][rollwerk.encounter.Encounter] holds until the next qualifying check of
the named character uses it up:

| Reward | Target | Modifier | Used up by |
|---|---|---|---|
| (b) ``own_check`` | the player | +h to the chance | the player's next check |
| (c) ``opponent_check`` | the opponent | −h to the chance | the opponent's next check |
| (d) ``own_defence`` | the player | +h to the defence | the player's next defence |
| (e) ``opponent_defence`` | the opponent | −h to the defence | the opponent's next defence (against anyone's attack) |

(b) and (c) last one check ([`NextChecks`][rollwerk.encounter.NextChecks]); (d) and (e) last
until the event ``"<id>:defence"`` is signalled. A defence is a check too, so
it also uses up (b) and (c). Rewards on the same character add up. At the end
of the scene, [`end_scene`][rollwerk_fluid.end_scene] removes those left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from rollwerk import Check, CheckResult, Duration, Encounter, Modifier, ParameterError
from rollwerk.checks import FaceCheck
from rollwerk.encounter import NextChecks, Step, UntilEvent
from rollwerk_fluid._check import Reward, _check_arg, _to_reward, check_parameters
from rollwerk_fluid._ruleset import fluid_check

__all__ = [
    "CHANCE",
    "DEFENCE",
    "RewardEffect",
    "check_for",
    "defence_event",
    "earned_reward",
    "end_scene",
    "record_check",
]

CHANCE = "chance"
"""The modifier kind of rewards (b) and (c): the chance of the next check."""
DEFENCE = "defence"
"""The modifier kind of rewards (d) and (e): the next defence."""

_LETTER = {
    Reward.OWN_CHECK: "b",
    Reward.OPPONENT_CHECK: "c",
    Reward.OWN_DEFENCE: "d",
    Reward.OPPONENT_DEFENCE: "e",
}
_ON_OPPONENT = {Reward.OPPONENT_CHECK, Reward.OPPONENT_DEFENCE}
_ON_DEFENCE = {Reward.OWN_DEFENCE, Reward.OPPONENT_DEFENCE}
NAME_PREFIX = "self-imposed difficulty"
"""Every reward effect's name starts with this."""


def defence_event(combatant: str) -> str:
    """The event that marks ``combatant``'s defence (ends rewards (d), (e)).

    >>> defence_event("B")
    'B:defence'
    """
    return f"{combatant}:defence"


def _reward(value: Reward | str) -> Reward:
    reward = _to_reward(value)
    if reward is Reward.QUALITY:
        raise ParameterError(
            "reward",
            reward.value,
            "one of 'own_check', 'opponent_check', 'own_defence', "
            "'opponent_defence' (reward (a) changes the check itself)",
        )
    return reward


def _amount(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ParameterError("amount", value, "an integer >= 1")
    return value


@attrs.frozen
class RewardEffect:
    """One reward (b)–(e) as a rollwerk [`Effect`][rollwerk.encounter.Effect].

    >>> e = RewardEffect(Reward.OPPONENT_CHECK, 3, source="A", target="B")
    >>> e.name, e.modifiers
    ('self-imposed difficulty (c)', (Modifier(amount=-3, source='self-imposed difficulty of A', kind='chance'),))
    """

    reward: Reward = attrs.field(converter=_reward)
    """Which reward: own_check, opponent_check, own_defence or opponent_defence."""
    amount: int = attrs.field(validator=lambda _s, _a, v: _amount(v))
    """The self-imposed difficulty h that earned it (at least 1)."""
    source: str
    """The id of the player who earned it."""
    target: str
    """The id of the character it holds on: the player for (b) and (d), an
    opponent for (c) and (e)."""

    def __attrs_post_init__(self) -> None:
        for label, value in (("source", self.source), ("target", self.target)):
            if not isinstance(value, str) or not value:
                raise ParameterError(label, value, "a non-empty combatant id")
        if self.reward in _ON_OPPONENT and self.target == self.source:
            raise ParameterError(
                "target", self.target, f"an opponent of {self.source!r}, not themself"
            )
        if self.reward not in _ON_OPPONENT and self.target != self.source:
            raise ParameterError(
                "target", self.target, f"{self.source!r} (the reward is the player's)"
            )

    @property
    def name(self) -> str:
        """``"self-imposed difficulty (b)"`` … ``(e)``."""
        return f"{NAME_PREFIX} ({_LETTER[self.reward]})"

    @property
    def kind(self) -> str:
        """The modifier kind: `CHANCE` for (b), (c); `DEFENCE` for (d), (e)."""
        return DEFENCE if self.reward in _ON_DEFENCE else CHANCE

    @property
    def duration(self) -> Duration:
        """Until the target's next check, or next defence."""
        if self.reward in _ON_DEFENCE:
            return UntilEvent(defence_event(self.target))
        return NextChecks(1)

    @property
    def modifiers(self) -> Sequence[Modifier]:
        """+h for the player's own rewards, −h for those on an opponent."""
        sign = -1 if self.reward in _ON_OPPONENT else 1
        return (
            Modifier(
                sign * self.amount,
                f"self-imposed difficulty of {self.source}",
                self.kind,
            ),
        )

    @property
    def condition(self) -> str | None:
        """None: rewards impose no condition."""
        return None


def _encounter(value: object) -> Encounter:
    """``value`` if it is an Encounter."""
    if not isinstance(value, Encounter):
        raise ParameterError("encounter", value, "an Encounter")
    return value


def _flag(name: str, value: object) -> bool:
    """``value`` if it is true or false."""
    if not isinstance(value, bool):
        raise ParameterError(name, value, "true or false")
    return value


def _id(name: str, value: object) -> str:
    """``value`` if it is a non-empty string (a combatant's id)."""
    if not isinstance(value, str) or not value:
        raise ParameterError(name, value, "a non-empty combatant id")
    return value


def earned_reward(
    check: Check, result: CheckResult, *, player: str, opponent: str | None = None
) -> RewardEffect | None:
    """The effect a self-imposed difficulty earned, if any (FL-R09).

    ``None`` when there was no self-imposed difficulty, the check failed
    (no reward on failure), or the reward was (a), which already went into
    the quality.

    Args:
        check: The check that was rolled (``check`` or ``rerolls``).
        result: Its result.
        player: The id of the player's character.
        opponent: The opponent's id, needed for rewards (c) and (e).

    Raises:
        ParameterError: ``check`` is not a check, ``result`` not a check
            result, ``player`` or ``opponent`` not an id, or (c) or (e)
            without an opponent.
    """
    _check_arg(check)
    if not isinstance(result, CheckResult):
        raise ParameterError("result", result, "a CheckResult of the check")
    _id("player", player)
    if opponent is not None:
        _id("opponent", opponent)
    handicap = check.parameters.get("handicap", 0)
    reward = _to_reward(str(check.parameters.get("reward", Reward.QUALITY.value)))
    if not isinstance(handicap, int) or not handicap:
        return None
    if not result.success or reward is Reward.QUALITY:
        return None
    if reward in _ON_OPPONENT:
        if opponent is None:
            raise ParameterError(
                "opponent", None, f"a combatant id for reward {reward.value!r}"
            )
        return RewardEffect(reward, handicap, player, opponent)
    return RewardEffect(reward, handicap, player, player)


def check_for(
    encounter: Encounter, combatant: str, *, defence: bool = False, **params: Any
) -> FaceCheck:
    """A check of ``combatant`` with the rewards in force as its ``rewards``.

    Rewards (b) and (c) always count; (d) and (e) count when the check is a
    defence. Their sum is the check's parameter ``rewards`` (−100 to 100),
    apart from the GM's ``modifier`` (−60 to 60), so a GM modifier of 60
    and a reward of +3 make a chance 63 higher. Record the check afterwards
    with [`record_check`][rollwerk_fluid.record_check], which uses them up.

    Args:
        encounter: The encounter holding the reward effects.
        combatant: Whose check it is.
        defence: Whether the check is a defence.
        **params: The parameters of the ``check`` check
            ([`fluid_check`][rollwerk_fluid.fluid_check]); ``rewards`` is
            filled in here and may not be given.

    Raises:
        ParameterError: A parameter is not allowed, ``rewards`` is given,
            the rewards in force add up to more than 100 either way (the
            message names them), ``encounter`` is not an Encounter,
            ``combatant`` not one of its combatants, or ``defence`` not a
            bool.
    """
    _encounter(encounter)
    _flag("defence", defence)
    bonus = encounter.modifier_total(combatant, CHANCE)
    if defence:
        bonus += encounter.modifier_total(combatant, DEFENCE)
    if "rewards" in params:
        raise ParameterError(
            "rewards",
            params["rewards"],
            "not given: check_for adds the rewards in force on "
            f"{combatant!r} ({bonus:+d})",
        )
    low, high = _REWARDS_RANGE
    if not low <= bonus <= high:
        raise ParameterError(
            "rewards",
            bonus,
            f"an integer from {low} to {high}: the rewards in force on "
            f"{combatant!r} add up to {bonus:+d}",
        )
    if bonus:
        params["rewards"] = bonus
    return fluid_check(**params)


def _rewards_range() -> tuple[int, int]:
    (param,) = (p for p in check_parameters() if p.name == "rewards")
    assert param.min_value is not None
    assert param.max_value is not None
    return param.min_value, param.max_value


_REWARDS_RANGE = _rewards_range()
"""The declared range of the ``check`` check's ``rewards`` (−100 to 100)."""


def record_check(
    encounter: Encounter, combatant: str, *, defence: bool = False
) -> Step:
    """Record that ``combatant`` made a check (a defence if ``defence``).

    The rewards it used expire (``EffectExpired`` events).

    Raises:
        ParameterError: ``encounter`` is not an Encounter, ``combatant``
            not one of its combatants, or ``defence`` not a bool.
    """
    _encounter(encounter)
    _flag("defence", defence)
    step = encounter.record_check(combatant)
    if not defence:
        return step
    after = step.state.signal(defence_event(combatant))
    return Step(after.state, step.events + after.events)


def end_scene(encounter: Encounter) -> Step:
    """Remove every reward effect still waiting for its check (FL-A08).

    Raises:
        ParameterError: ``encounter`` is not an Encounter.
    """
    _encounter(encounter)
    state = encounter
    events: tuple[Any, ...] = ()
    for effect in encounter.effects:
        if effect.name.startswith(NAME_PREFIX):
            state, more = state.remove_effect(effect.id)
            events += more
    return Step(state, events)
