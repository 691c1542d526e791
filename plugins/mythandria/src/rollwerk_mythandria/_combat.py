"""Aether formulas and holding breath on a core encounter (MY-R03, MY-R15..R20).

The lockout is an effect on the caster with a core ``Actions`` duration of
``2 × personal`` slots, added right after the last recitation action (or at
once after a slip), so it starts with the character's next slot (MY-A04). An
encounter built with [`Encounter.for_ruleset`][rollwerk.encounter.Encounter.for_ruleset]
from the Mythandria ruleset has 2 action slots per round; slots a character
leaves unused at the end of its turn count as elapsed.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from rollwerk import Encounter, Modifier, ParameterError, RulesError
from rollwerk.encounter import Actions, GameTime, Step
from rollwerk_mythandria._aether import (
    FORMULA_LEVELS,
    LOCKOUT_ACTIONS_PER_PHIOL,
    AetherFormula,
    _int_in,
)
from rollwerk_mythandria._character import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_START,
    BREATH_SECONDS_PER_BODY,
    Character,
)

__all__ = [
    "FORMULA_EFFECT_EVENT",
    "HOLDING_BREATH",
    "LOCKOUT_CONDITION",
    "AetherLockout",
    "HoldingBreath",
    "Recital",
    "declaim",
    "is_locked_out",
]

LOCKOUT_CONDITION = "aether_lockout"
"""The condition label of the lockout effect (*Aetherkarenz*)."""
HOLDING_BREATH = "holding_breath"
"""The condition label of the holding-breath effect."""
FORMULA_EFFECT_EVENT = "aether-formula-effect:{combatant}"
"""The event signalled when a formula takes effect (``{combatant}`` is the id)."""
_MOST_LOCKED = LOCKOUT_ACTIONS_PER_PHIOL * (FORMULA_LEVELS.stop - 1)


@attrs.frozen
class AetherLockout:
    """The aether lockout as an [`Effect`][rollwerk.encounter.Effect] on the caster (MY-R18).

    While it lasts the caster may not begin another aether formula (MY-A01);
    every other action is allowed.
    """

    caster: str = attrs.field(validator=lambda _, a, v: _id(a.name, v))
    """The id of the caster (source and target)."""
    actions: int = attrs.field(
        validator=lambda _, a, v: _int_in(a.name, v, 1, _MOST_LOCKED)
    )
    """The locked action slots (1 to 10: twice the phiols of a level-5 formula)."""
    formula: str = attrs.field(default="", validator=lambda _, a, v: _text(a.name, v))
    """The formula that caused it, for display."""

    @property
    def name(self) -> str:
        """``"aether lockout"``."""
        return "aether lockout"

    @property
    def source(self) -> str:
        """The caster."""
        return self.caster

    @property
    def target(self) -> str:
        """The caster."""
        return self.caster

    @property
    def duration(self) -> Actions:
        """``Actions(actions)`` of the caster, from its next slot."""
        return Actions(self.actions, of=self.caster)

    @property
    def modifiers(self) -> Sequence[Modifier]:
        """None."""
        return ()

    @property
    def condition(self) -> str | None:
        """``"aether_lockout"``."""
        return LOCKOUT_CONDITION


def is_locked_out(encounter: Encounter, combatant: str) -> bool:
    """Whether ``combatant`` is under an aether lockout (MY-A01).

    Raises:
        ParameterError: ``encounter`` is not an Encounter, or ``combatant``
            not a combatant's id.
    """
    _encounter(encounter)
    _id("combatant", combatant)
    return LOCKOUT_CONDITION in encounter.conditions(combatant)


def _encounter(value: object) -> Encounter:
    """``value`` if it is an Encounter."""
    if not isinstance(value, Encounter):
        raise ParameterError("encounter", value, "an Encounter")
    return value


def _id(name: str, value: object) -> str:
    """``value`` if it is a non-empty string (a combatant's id)."""
    if not isinstance(value, str) or not value:
        raise ParameterError(name, value, "a combatant's id (a non-empty string)")
    return value


def _text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise ParameterError(name, value, "a string")
    return value


def _formula(value: object) -> AetherFormula:
    if not isinstance(value, AetherFormula):
        raise ParameterError("formula", value, "an AetherFormula")
    return value


def _chain(first: Step, second: Step) -> Step:
    return Step(second.state, first.events + second.events)


def _lock(
    encounter: Encounter, caster: str, formula: AetherFormula, slots: int
) -> Step:
    if slots < 1:
        return Step(encounter, ())
    effect = AetherLockout(caster, slots, formula.name)
    return encounter.add_effect(
        effect.name,
        source=caster,
        target=caster,
        duration=effect.duration,
        condition=effect.condition,
        data={
            "level": formula.level,
            "personal_phiols": formula.personal,
            "replaced_phiols": formula.replaced,
            "formula": formula.name,
        },
    )


def _within_turn(encounter: Encounter, caster: str) -> None:
    """Refuse an action of ``caster`` outside its turn or past its slots (MY-R20).

    The core does not cap ``spend_action`` (rules with extra actions decide
    that); Mythandria has ``actions_per_round`` slots (2) per turn.
    """
    limit = encounter.actions_per_round
    if encounter.current != caster:
        whose = (
            f"{encounter.current}'s turn"
            if encounter.current is not None
            else "nobody's turn"
        )
        raise RulesError(
            f"{caster} can recite only in its own turn; it is {whose} in "
            f"round {encounter.round} (MY-R16)"
        )
    c = encounter.combatant(caster)
    if c.actions - c.turn_start_actions >= limit:
        raise RulesError(
            f"{caster} has used all {limit} action slots of its turn in round "
            f"{encounter.round} (at most {limit} per round, MY-R20); recite "
            f"again in {caster}'s next turn"
        )


@attrs.frozen
class Recital:
    """A formula being recited by a combatant in an encounter (MY-R16).

    Get one from [`declaim`][rollwerk_mythandria.declaim]; call
    [`recite`][rollwerk_mythandria.Recital.recite] in each of the caster's
    next L action slots, or
    [`interrupt`][rollwerk_mythandria.Recital.interrupt] when the caster does
    anything else (MY-A05).
    """

    caster: str = attrs.field(validator=lambda _, a, v: _id(a.name, v))
    """The id of the reciting combatant."""
    formula: AetherFormula = attrs.field(validator=lambda _, a, v: _formula(v))
    """The formula."""
    first_slot: int = attrs.field(validator=lambda _, a, v: _int_in(a.name, v, 1, None))
    """The caster's slot number (``actions_used + 1``) of the first recitation action."""
    recited: int = attrs.field(default=0)
    """Recitation actions performed so far (0 to the formula's level − 1)."""

    def __attrs_post_init__(self) -> None:
        _int_in("recited", self.recited, 0, self.formula.level - 1)

    @property
    def next_slot(self) -> int:
        """The slot the next recitation action must take."""
        return self.first_slot + self.recited

    def recite(self, encounter: Encounter) -> tuple[Step, Recital | None]:
        """Spend the caster's next slot reciting.

        After the L-th action the formula takes effect: the event
        ``aether-formula-effect:<caster>`` is signalled and the lockout is
        added. Returns the step and the recital still under way (``None``
        when done).

        Raises:
            ParameterError: ``encounter`` is not an Encounter.
            RulesError: If slots of the caster passed since the last
                recitation action (then it was interrupted; call
                ``interrupt``), if it is not the caster's turn, or if the
                caster has used all action slots of its turn (2 per round
                for Mythandria, MY-R20: a level-3 to level-5 formula takes
                effect in a later round).
        """
        used = _encounter(encounter).actions_used(self.caster)
        if used != self.next_slot - 1:
            raise RulesError(
                f"{self.caster}'s recitation was interrupted: slot {used} passed "
                f"without reciting (the next recitation slot was {self.next_slot}); "
                "call interrupt()"
            )
        _within_turn(encounter, self.caster)
        step = encounter.spend_action(self.caster)
        if self.recited + 1 < self.formula.level:
            return step, attrs.evolve(self, recited=self.recited + 1)
        step = _chain(
            step, step.state.signal(FORMULA_EFFECT_EVENT.format(combatant=self.caster))
        )
        step = _chain(
            step,
            _lock(step.state, self.caster, self.formula, self.formula.lockout_actions),
        )
        return step, None

    def interrupt(self, encounter: Encounter) -> Step:
        """The recitation fails: all phiols are spent and the lockout begins.

        The lockout starts with the slot after the last recitation action
        (MY-A04); slots that already passed since then count toward it.

        Raises:
            ParameterError: ``encounter`` is not an Encounter.
        """
        passed = _encounter(encounter).actions_used(self.caster) - (self.next_slot - 1)
        return _lock(
            encounter, self.caster, self.formula, self.formula.lockout_actions - passed
        )


def declaim(
    encounter: Encounter, caster: str, formula: AetherFormula, *, slip: bool = False
) -> tuple[Step, Recital | None]:
    """The player declaims the formula in the player phase (MY-R15, MY-A06).

    Without a slip, returns an unchanged step and a
    [`Recital`][rollwerk_mythandria.Recital] starting with the caster's next
    slot. With a slip the formula fails at once: the lockout is added and
    starts with the caster's next slot (V24); the recital is ``None``.

    Raises:
        ParameterError: ``encounter`` is not an Encounter, ``caster`` not an
            id, ``formula`` not an AetherFormula or ``slip`` not a bool.
        RulesError: If the caster is under an aether lockout (MY-A01).
    """
    _encounter(encounter)
    _id("caster", caster)
    _formula(formula)
    if not isinstance(slip, bool):
        raise ParameterError("slip", slip, "true or false")
    if is_locked_out(encounter, caster):
        raise RulesError(
            f"{caster} is under an aether lockout and cannot begin an aether formula"
        )
    if slip:
        return _lock(encounter, caster, formula, formula.lockout_actions), None
    first = encounter.actions_used(caster) + 1
    return Step(encounter, ()), Recital(caster, formula, first)


_FEWEST_BREATH = ATTRIBUTE_START * BREATH_SECONDS_PER_BODY
_MOST_BREATH = ATTRIBUTE_MAX * BREATH_SECONDS_PER_BODY


def _breath_seconds(value: object) -> int:
    """``value`` if it is Body × 3 for a Body of 35 to 100 (MY-R01, MY-R03)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not _FEWEST_BREATH <= value <= _MOST_BREATH
        or value % BREATH_SECONDS_PER_BODY
    ):
        raise ParameterError(
            "seconds",
            value,
            f"a multiple of {BREATH_SECONDS_PER_BODY} from {_FEWEST_BREATH} to "
            f"{_MOST_BREATH} (Body × {BREATH_SECONDS_PER_BODY} seconds, Body "
            f"{ATTRIBUTE_START} to {ATTRIBUTE_MAX}; MY-R01, MY-R03)",
        )
    return value


@attrs.frozen
class HoldingBreath:
    """Holding breath as an [`Effect`][rollwerk.encounter.Effect]: ``GameTime(body × 3)`` (MY-R03).

    When the effect expires and the character still cannot breathe, it dies.
    """

    who: str = attrs.field(validator=lambda _, a, v: _id(a.name, v))
    """The id of the combatant holding its breath."""
    seconds: int = attrs.field(validator=lambda _, a, v: _breath_seconds(v))
    """How long it can hold its breath: ``body × 3`` (MY-R03, MY-A07).

    Body is 35 to 100 (MY-R01), so a multiple of 3 from 105 to 300.
    """

    @classmethod
    def of(cls, who: str, character: Character) -> HoldingBreath:
        """The effect for ``character`` (its Body, without modifiers).

        Raises:
            ParameterError: ``character`` is not a Character.
        """
        if not isinstance(character, Character):
            raise ParameterError("character", character, "a Character")
        return cls(who, character.breath_seconds)

    @property
    def name(self) -> str:
        """``"holding breath"``."""
        return "holding breath"

    @property
    def source(self) -> str:
        """The combatant itself."""
        return self.who

    @property
    def target(self) -> str:
        """The combatant itself."""
        return self.who

    @property
    def duration(self) -> GameTime:
        """``GameTime(seconds)``."""
        return GameTime(Fraction(self.seconds))

    @property
    def modifiers(self) -> Sequence[Modifier]:
        """None."""
        return ()

    @property
    def condition(self) -> str | None:
        """``"holding_breath"``."""
        return HOLDING_BREATH
