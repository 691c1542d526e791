"""Combat: initiative, rounds and reactions, melee, equipment, two weapons, ranged.

Rules ADZ-R15 to R24 with the resolutions A09, A10, A12 to A14, A22.

Longer than 500 lines because it follows one combat round in rule order
(initiative, reactions, melee, ranged); the parts share the round state.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import Combatant, Distribution, Encounter, ParameterError, Rng, RulesError
from rollwerk.checks import Explanation
from rollwerk.dice import DieRoll
from rollwerk.encounter import CounterReset, Step
from rollwerk.rng import checked
from rollwerk_adz._catalog import CATALOG, count, join
from rollwerk_adz._check import _int as _ranged
from rollwerk_adz._damage import Health, Track
from rollwerk_adz._pool import MAX_DICE, SIDES, count_successes, successes

__all__ = [
    "REACTIONS_COUNTER",
    "ROUND_SECONDS",
    "Act",
    "DefenceKind",
    "Equipment",
    "Initiative",
    "InitiativeEntry",
    "MeleeResult",
    "RoundState",
    "armour_value",
    "attack_pool",
    "best_of",
    "defence_pool",
    "distance_band",
    "initiative_distribution",
    "initiative_order",
    "melee_damage",
    "melee_distribution",
    "ranged_attack_pool",
    "ranged_threshold",
    "react_in",
    "reaction_dice",
    "resistance_pool",
    "resolve_melee",
    "roll_initiative",
    "two_weapon_pools",
]

ROUND_SECONDS = Fraction(3)
"""A combat round lasts about 3 seconds (ADZ-R16)."""


def _int(name: str, value: object, low: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(name, value, "an integer")
    if low is not None and value < low:
        raise ParameterError(name, value, f"an integer >= {low}")
    return value


_ATTRIBUTE = (1, 10)
"""Attribute points: every attribute at least 1, at most 10 (ADZ-R01)."""
_SKILL = (0, 10)
"""Skill points, *Beidhändiger Kampf* too: 0 to 10 (ADZ-R01)."""
_SPECIALIZATION = (0, 5)
"""Specialization points: 0 to 5 (ADZ-R01)."""


def _points(name: str, value: object, bounds: tuple[int, int]) -> int:
    """The points of a property, in its range of ADZ-R01; never clamped."""
    return _ranged(name, value, *bounds)


def _dice(name: str, value: object) -> int:
    """A number of dice to roll: 0 to ``MAX_DICE``, never negative.

    A pool below 0 after penalties rolls no die (ADZ-A02); the caller says
    so with ``max(pool, 0)``: a negative count is refused, not clamped.
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not 0 <= value <= MAX_DICE
    ):
        raise ParameterError(name, value, f"a number of dice from 0 to {MAX_DICE}")
    return value


def _optional_dice(name: str, value: object) -> int | None:
    """`_dice`, or ``None`` for a pool that is not rolled at all."""
    return None if value is None else _dice(name, value)


# -- reactions and rounds ----------------------------------------------------


def reaction_dice(pool: int, k: int) -> int:
    """Dice of a character's ``k``-th reaction in a round: ``ceil(pool / 2**(k-1))``.

    At least one die remains for ``pool >= 1``; a pool of 0 stays 0
    (ADZ-R18, A02). ``pool`` is the reaction's final pool after all
    modifiers (ADZ-A09), a number of dice: one below 0 after penalties
    rolls no die and is passed as 0 (a negative pool is refused).

    >>> tuple(reaction_dice(7, k) for k in range(1, 6))
    (7, 4, 2, 1, 1)
    >>> tuple(reaction_dice(10, k) for k in range(1, 6))
    (10, 5, 3, 2, 1)

    Raises:
        ParameterError: ``pool`` is not an integer >= 0 or ``k`` not one >= 1.
    """
    pool = _int("pool", pool, 0)
    k = _int("k", k, 1)
    if pool <= 0:
        return 0
    if k - 1 >= pool.bit_length():
        return 1  # pool < 2**(k-1): one die remains (no huge power of two)
    return -(-pool // (1 << (k - 1)))


class Act(enum.Enum):
    """What a character does with an action or a reaction (ADZ-R16, R17)."""

    ATTACK = "attack"
    """An attack: only ever an action, never a reaction."""
    DEFENCE = "defence"
    """A defence roll: a reaction to an attack."""
    SPELL = "spell"
    """Casting a spell."""
    OTHER = "other"
    """Any other act."""


@attrs.frozen
class RoundState:
    """One character's acts in the current round (immutable).

    >>> state = RoundState()
    >>> dice, state = state.react(7)
    >>> dice, state.react(7)[0], state.action_dice(7)
    (7, 4, 7)
    """

    action_taken: bool = False
    """Whether the one action of this round is used (ADZ-R16)."""
    reactions: int = attrs.field(default=0)
    """How many reactions were made this round (ADZ-R18)."""

    @reactions.validator
    def _check(self, _attribute: object, value: object) -> None:
        _int("reactions", value, 0)

    def act(self, act: Act = Act.OTHER) -> RoundState:
        """Use the round's one action (never more than one; none is forced)."""
        if not isinstance(act, Act):
            raise ParameterError("act", act, "an Act")
        if self.action_taken:
            raise RulesError(
                "a character may perform at most one action per round (ADZ-R16)"
            )
        return attrs.evolve(self, action_taken=True)

    def action_dice(self, pool: int) -> int:
        """The dice of the action: never reduced by reactions (ADZ-R18).

        Raises:
            ParameterError: ``pool`` is not an integer >= 0 (a pool below 0
                after penalties rolls no die: pass 0, ADZ-A02).
        """
        return _int("pool", pool, 0)

    def react(self, pool: int, act: Act = Act.DEFENCE) -> tuple[int, RoundState]:
        """Make a reaction with normal pool ``pool``: its dice and the new state.

        Raises:
            ParameterError: ``pool`` is not an integer >= 0 (see
                [`reaction_dice`][rollwerk_adz.reaction_dice]).
            RulesError: ``act`` is an attack (never a reaction, ADZ-R17).
        """
        if not isinstance(act, Act):
            raise ParameterError("act", act, "an Act")
        if act is Act.ATTACK:
            raise RulesError("an attack is never a reaction (ADZ-R17)")
        dice = reaction_dice(pool, self.reactions + 1)
        return dice, attrs.evolve(self, reactions=self.reactions + 1)

    def new_round(self) -> RoundState:
        """The state at the start of the next round: everything resets."""
        return RoundState()


REACTIONS_COUNTER = "reactions"
"""The encounter counter that holds a combatant's reactions this round."""


def react_in(
    encounter: Encounter, combatant: str, pool: int, act: Act = Act.DEFENCE
) -> tuple[int, Step]:
    """Make a reaction inside an [`Encounter`][rollwerk.encounter.Encounter] (ADZ-R17, R18).

    The dice come from the combatant's ``reactions`` counter, which the
    encounter resets at the start of every round; the returned step counts
    the reaction.

    Raises:
        ParameterError: ``pool`` is not an integer >= 0 (see
            [`reaction_dice`][rollwerk_adz.reaction_dice]).
        RulesError: ``act`` is an attack (never a reaction), or it is the
            combatant's own phase (a reaction answers another character's
            action, ADZ-R17).
    """
    if not isinstance(act, Act):
        raise ParameterError("act", act, "an Act")
    if act is Act.ATTACK:
        raise RulesError("an attack is never a reaction (ADZ-R17)")
    if encounter.current == combatant:
        raise RulesError(
            "a reaction must answer another character's action, not come in the "
            f"reacting character's own phase ({combatant!r}, ADZ-R17)"
        )
    k = encounter.counter(combatant, REACTIONS_COUNTER) + 1
    dice = reaction_dice(pool, k)  # refuses a bad pool before counting
    step = encounter.count(combatant, REACTIONS_COUNTER, reset=CounterReset.ROUND)
    return dice, step


# -- initiative ----------------------------------------------------------------


@attrs.frozen
class InitiativeEntry:
    """One combatant's place in the initiative order."""

    id: str
    """The combatant's id."""
    total: int
    """Base + modifier + the 2d6 initiative roll (ADZ-R15)."""
    roll_offs: tuple[int, ...] = ()
    """The 2d6 roll-offs that ordered ties, in order (ADZ-A22)."""


@attrs.frozen
class Initiative:
    """An initiative order (descending) with every die rolled for it."""

    order: tuple[InitiativeEntry, ...]
    """The combatants, first to act first."""
    rolls: tuple[DieRoll, ...]
    """Every die drawn, in draw order (roles ``initiative`` and ``roll-off``)."""

    @property
    def ids(self) -> tuple[str, ...]:
        """The combatant ids in acting order."""
        return tuple(e.id for e in self.order)


TieBreaker = Callable[[Sequence[str], Rng], Sequence[str]]
"""Orders tied combatant ids (first to act first), drawing from the Rng."""


def roll_initiative(
    combatants: Iterable[Combatant],
    rng: Rng,
    *,
    modifiers: Mapping[str, int] | None = None,
    tie_breaker: TieBreaker | None = None,
) -> Initiative:
    """Roll initiative: base + modifiers + 2d6, descending; ties roll off (ADZ-R15).

    A [`Combatant`][rollwerk.encounter.Combatant]'s ``initiative`` is its base value
    (*Initiativebasiswert*; its derivation is missing from the excerpt);
    ``modifiers`` maps ids to situational modifiers (e.g. −2 for surprise).
    Tied combatants each roll 2d6 again, the higher acts first, and ties
    repeat (ADZ-A22) unless ``tie_breaker`` orders them. Call it again to
    re-roll after a significant change of the situation.

    >>> from rollwerk import ScriptedRng
    >>> init = roll_initiative(
    ...     [Combatant("ada", initiative=5), Combatant("bo", initiative=4)],
    ...     ScriptedRng([3, 4, 2, 3]),
    ...     modifiers={"ada": -2},
    ... )
    >>> tuple((e.id, e.total) for e in init.order)
    (('ada', 10), ('bo', 9))
    """
    rng = checked(rng)
    people = list(combatants)
    ids = [c.id for c in people]
    if len(set(ids)) != len(ids):
        raise ParameterError("combatant ids", ids, "unique ids")
    mods = dict(modifiers or {})
    unknown = sorted(set(mods) - set(ids))
    if unknown:
        raise ParameterError("modifiers", unknown, f"ids of the combatants {ids}")
    rolls: list[DieRoll] = []

    def two_d6(role: str) -> int:
        a, b = rng.roll(SIDES), rng.roll(SIDES)
        rolls.extend((DieRoll(SIDES, a, role), DieRoll(SIDES, b, role)))
        return a + b

    totals = {
        c.id: _int("initiative", c.initiative)
        + _int("modifier", mods.get(c.id, 0))
        + two_d6("initiative")
        for c in people
    }
    offs: dict[str, list[int]] = {i: [] for i in ids}

    def order_group(group: list[str]) -> list[str]:
        if len(group) == 1:
            return group
        if tie_breaker is not None:
            ordered = list(tie_breaker(list(group), rng))
            if sorted(ordered) != sorted(group):
                raise ParameterError(
                    "tie_breaker result", ordered, f"an ordering of {group}"
                )
            return ordered
        rolled = {i: two_d6("roll-off") for i in group}
        for i in group:
            offs[i].append(rolled[i])
        out: list[str] = []
        for value in sorted(set(rolled.values()), reverse=True):
            out += order_group([i for i in group if rolled[i] == value])
        return out

    order: list[str] = []
    for total in sorted(set(totals.values()), reverse=True):
        order += order_group([i for i in ids if totals[i] == total])
    entries = tuple(InitiativeEntry(i, totals[i], tuple(offs[i])) for i in order)
    return Initiative(entries, tuple(rolls))


def initiative_order(combatants: Sequence[Combatant], rng: Rng) -> tuple[str, ...]:
    """AdZ initiative as an encounter's initiative rule (ids in acting order).

    [`Encounter.for_ruleset`][rollwerk.encounter.Encounter.for_ruleset] uses it through
    ``AdzRuleset.initiative_order``.
    """
    return roll_initiative(combatants, rng).ids


def initiative_distribution(base: int = 0, modifier: int = 0) -> Distribution[int]:
    """The exact distribution of an initiative total: base + modifier + 2d6.

    >>> d = initiative_distribution()
    >>> d[2], d[7], d[12]
    (Fraction(1, 36), Fraction(1, 6), Fraction(1, 36))
    """
    d6 = Distribution.uniform(range(1, SIDES + 1))
    return (d6 + d6) + (_int("base", base) + _int("modifier", modifier))


# -- equipment and pools --------------------------------------------------------


def _armour(value: object) -> int:
    return _int("armour", value, 0)


def _resistance_bonus(value: object) -> int:
    return _int("resistance_bonus", value, 0)


def _attack_penalty(value: object) -> int:
    return _int("attack_penalty", value, 0)


def _signed(value: object) -> int:
    return _int("defence_mod", value)


@attrs.frozen
class Equipment:
    """Armour, a weapon, a parrying weapon or a shield (ADZ-R22).

    >>> shield = Equipment("shield", defence_mod=2, attack_penalty=1)
    >>> chain = Equipment("chain mail", armour=3, resistance_bonus=1, attack_penalty=1)
    >>> attack_pool(6, 4, [shield, chain]), defence_pool(3, 4, 1, [shield, chain])
    (8, 10)
    """

    name: str
    """What it is."""
    armour: int = attrs.field(default=0, converter=_armour)
    """Armour protection (*Rüstungsschutz*, RS): damage removed before resistance."""
    defence_mod: int = attrs.field(default=0, converter=_signed)
    """Defence modifier (*Verteidigungsmodifikator*, VM): signed defence dice."""
    resistance_bonus: int = attrs.field(default=0, converter=_resistance_bonus)
    """Resistance bonus (*Widerstandsbonus*, WB): extra resistance dice."""
    attack_penalty: int = attrs.field(default=0, converter=_attack_penalty)
    """Attack penalty (*Angriffsmalus*, AM): dice removed from attack rolls."""


def _worn(equipment: object) -> tuple[Equipment, ...]:
    """``equipment`` as a tuple, each item an `Equipment`."""
    if isinstance(equipment, (str, bytes, Mapping)) or not isinstance(
        equipment, Iterable
    ):
        raise ParameterError("equipment", equipment, "an iterable of Equipment")
    items = tuple(equipment)
    for item in items:
        if not isinstance(item, Equipment):
            raise ParameterError("equipment", item, "an iterable of Equipment")
    return items


def attack_pool(
    skill: int, attribute: int, equipment: Iterable[Equipment] = (), modifier: int = 0
) -> int:
    """Melee attack pool: skill + damage-code attribute − Σ AM + modifier (ADZ-R19).

    >>> attack_pool(skill=11, attribute=4)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: skill must be an integer from 0 to 10, got 11

    Raises:
        ParameterError: ``skill`` is not from 0 to 10 or ``attribute`` not
            from 1 to 10 (ADZ-R01), or ``modifier`` is not an integer.
    """
    return (
        _points("skill", skill, _SKILL)
        + _points("attribute", attribute, _ATTRIBUTE)
        - sum(e.attack_penalty for e in _worn(equipment))
        + _int("modifier", modifier)
    )


def ranged_attack_pool(
    dexterity: int, skill: int, equipment: Iterable[Equipment] = (), modifier: int = 0
) -> int:
    """Ranged attack pool: FF + weapon skill − Σ AM + modifier (ADZ-R24, A14).

    Raises:
        ParameterError: ``dexterity`` is not from 1 to 10 or ``skill`` not
            from 0 to 10 (ADZ-R01), or ``modifier`` is not an integer.
    """
    _points("dexterity", dexterity, _ATTRIBUTE)
    return attack_pool(skill, dexterity, equipment, modifier)


def defence_pool(
    skill: int,
    attribute: int,
    specialization: int = 0,
    equipment: Iterable[Equipment] = (),
    modifier: int = 0,
) -> int:
    """Defence pool: attribute (GE) + Defence + specialization + Σ VM (ADZ-R20, A10).

    Raises:
        ParameterError: ``skill`` is not from 0 to 10, ``attribute`` not
            from 1 to 10, ``specialization`` not from 0 to 5 (ADZ-R01), or
            ``modifier`` is not an integer.
    """
    return (
        _points("attribute", attribute, _ATTRIBUTE)
        + _points("skill", skill, _SKILL)
        + _points("specialization", specialization, _SPECIALIZATION)
        + sum(e.defence_mod for e in _worn(equipment))
        + _int("modifier", modifier)
    )


def resistance_pool(constitution: int, equipment: Iterable[Equipment] = ()) -> int:
    """Resistance pool: KO + Σ WB; not a reaction, never halved (ADZ-R21, A12).

    Raises:
        ParameterError: ``constitution`` is not from 1 to 10 (ADZ-R01).
    """
    return _points("constitution", constitution, _ATTRIBUTE) + sum(
        e.resistance_bonus for e in _worn(equipment)
    )


def armour_value(equipment: Iterable[Equipment]) -> int:
    """The total armour protection (RS) of the worn equipment."""
    return sum(e.armour for e in _worn(equipment))


# -- two weapons ------------------------------------------------------------------


class DefenceKind(enum.Enum):
    """How a defence roll is made (specializations of *Verteidigung*)."""

    PLAIN = "plain"
    """No specialization."""
    DODGE = "dodge"
    """*Ausweichen*: not with two weapons."""
    PARRY = "parry"
    """*Parade*: may be used with two weapons (ADZ-A13)."""
    SHIELD_BLOCK = "shield_block"
    """*Schildblock*: not with two weapons."""


def two_weapon_pools(
    skill: int,
    dual_wield: int,
    attribute: int,
    specialization: int = 0,
    other: int = 0,
    *,
    same_type: bool = True,
    defence: DefenceKind | None = None,
    parrying_weapon: bool = False,
) -> tuple[int, int]:
    """The main and the extra pool of a two-weapon act (ADZ-R23, A13).

    In the extra pool the skill dice are capped at *Beidhändiger Kampf*
    (``dual_wield``); attribute and specialization dice are not. ``other`` is
    everything else (AM, VM, circumstances, concentration) and applies to both.

    >>> two_weapon_pools(6, 2, 4)
    (10, 6)

    Raises:
        ParameterError: ``skill`` or ``dual_wield`` is not from 0 to 10,
            ``attribute`` not from 1 to 10, ``specialization`` not from 0 to
            5 (ADZ-R01), or ``other`` is not an integer.
        RulesError: The weapons differ in type, the defence is a dodge or a
            shield block, or a parrying weapon is used.
    """
    if not same_type:
        raise RulesError(
            "two-weapon fighting needs two weapons of the same type (ADZ-R23)"
        )
    if parrying_weapon:
        raise RulesError(
            "fighting with a parrying weapon is not two-weapon fighting (ADZ-R23)"
        )
    if defence in (DefenceKind.DODGE, DefenceKind.SHIELD_BLOCK):
        assert defence is not None
        raise RulesError(
            f"a {defence.value.replace('_', ' ')} is not made with both weapons (ADZ-R23)"
        )
    skill = _points("skill", skill, _SKILL)
    cap = _points("dual_wield", dual_wield, _SKILL)
    rest = _points("attribute", attribute, _ATTRIBUTE) + _points(
        "specialization", specialization, _SPECIALIZATION
    )
    other = _int("other", other)
    return skill + rest + other, min(skill, cap) + rest + other


def best_of(main: int, extra: int) -> Distribution[int]:
    """Successes of the better of two pools rolled together (ADZ-R23).

    >>> best_of(3, 2).probability(lambda s: s >= 1)
    Fraction(211, 243)

    Raises:
        ParameterError: ``main`` or ``extra`` is not a number of dice from 0
            to ``MAX_DICE`` (a pool below 0 after penalties: pass 0, ADZ-A02).
    """
    return successes(_dice("main", main)).maximum(successes(_dice("extra", extra)))


# -- melee --------------------------------------------------------------------------


@attrs.frozen
class MeleeResult:
    """What one attack did, step by step (ADZ-R19 to R21)."""

    attack_successes: int
    """Successes of the attack roll (the better roll with two weapons)."""
    hit: bool
    """Whether at least one attack success remained after the defence."""
    defence_successes: int
    """Successes of the defence roll (0 without a defence)."""
    net: int
    """``max(0, attack − defence)`` if the attack reached its threshold, else 0."""
    raw: int
    """Base damage + net on a hit, else 0."""
    after_armour: int
    """``max(0, raw − armour)``."""
    resistance_successes: int
    """Successes of the resistance roll (0 if none was needed)."""
    final: int
    """``max(0, after_armour − resistance)``: the levels marked on the track."""
    rolls: tuple[DieRoll, ...]
    """Every die drawn, in order (roles ``attack``, ``attack-extra``,
    ``defence``, ``defence-extra``, ``resistance``)."""
    explanation: Explanation
    """What happened, in English and German."""
    health: Health | None = None
    """The defender's tracks after the damage, if they were given."""

    def explain(self, lang: str = "en") -> str:
        """A short text of the steps in ``"en"`` or ``"de"``."""
        return self.explanation(lang)


def melee_damage(
    base_damage: int,
    attack_successes: int,
    defence_successes: int = 0,
    *,
    armour: int = 0,
    resistance_successes: int = 0,
    threshold: int = 1,
) -> tuple[int, int, int, int]:
    """The damage steps ``(net, raw, after_armour, final)`` (ADZ-R19 to R21).

    An attack below its threshold misses; the defence must cancel every
    attack success, even above the threshold (ADZ-R20).

    >>> melee_damage(4, 3, 1, armour=2, resistance_successes=1)
    (2, 6, 4, 3)
    """
    base = _int("base_damage", base_damage, 0)
    a = _int("attack_successes", attack_successes, 0)
    d = _int("defence_successes", defence_successes, 0)
    rs = _int("armour", armour, 0)
    res = _int("resistance_successes", resistance_successes, 0)
    if a < _int("threshold", threshold, 1):
        return 0, 0, 0, 0
    net = max(0, a - d)
    if not net:
        return 0, 0, 0, 0
    raw = base + net
    after = max(0, raw - rs)
    return net, raw, after, max(0, after - res)


def resolve_melee(
    rng: Rng,
    *,
    attack_dice: int,
    base_damage: int,
    defence_dice: int | None = None,
    armour: int = 0,
    resistance_dice: int = 0,
    threshold: int = 1,
    attack_extra_dice: int | None = None,
    defence_extra_dice: int | None = None,
    track: Track = Track.PHYSICAL,
    health: Health | None = None,
) -> MeleeResult:
    """Resolve one attack: attack → defence → damage → resistance → track.

    ``defence_dice`` is the defence reaction's final pool (after reaction
    halving, see [`RoundState.react`][rollwerk_adz.RoundState.react]);
    ``None`` means no defence. The ``*_extra_dice`` are the extra pools of
    two-weapon fighting: both are rolled and the better counts. No defence is
    rolled after a miss, no resistance after a full defence or when armour
    stops everything.

    >>> from rollwerk import ScriptedRng
    >>> r = resolve_melee(
    ...     ScriptedRng([5, 6, 6, 1, 5, 1, 6, 2, 3]),
    ...     attack_dice=4, base_damage=4, defence_dice=2, armour=2, resistance_dice=3,
    ... )
    >>> r.net, r.raw, r.after_armour, r.final
    (2, 6, 4, 3)
    """
    rng = checked(rng)  # a face that breaks the Rng protocol is named so
    rolls: list[DieRoll] = []

    def roll(n: int, role: str) -> int:
        faces = [rng.roll(SIDES) for _ in range(n)]
        rolls.extend(DieRoll(SIDES, f, role) for f in faces)
        return count_successes(faces)

    # Validate before any die is drawn, so bad input never consumes dice.
    attack_dice = _dice("attack_dice", attack_dice)
    threshold = _int("threshold", threshold, 1)
    base_damage = _int("base_damage", base_damage, 0)
    armour = _int("armour", armour, 0)
    resistance_dice = _dice("resistance_dice", resistance_dice)
    extra_attack = _optional_dice("attack_extra_dice", attack_extra_dice)
    defence = _optional_dice("defence_dice", defence_dice)
    extra_defence = _optional_dice("defence_extra_dice", defence_extra_dice)
    a = roll(attack_dice, "attack")
    if extra_attack is not None:
        a = max(a, roll(extra_attack, "attack-extra"))
    steps = [
        CATALOG.text("adz.melee.attack", successes=count("successes", a), t=threshold)
    ]
    d = res = 0
    if a < threshold:
        steps.append(CATALOG.text("adz.melee.miss"))
    else:
        if defence is not None:
            d = roll(defence, "defence")
            if extra_defence is not None:
                d = max(d, roll(extra_defence, "defence-extra"))
            steps.append(
                CATALOG.text("adz.melee.defence", successes=count("successes", d))
            )
        net = max(0, a - d)
        after = max(0, base_damage + net - armour) if net else 0
        if not net:
            steps.append(CATALOG.text("adz.melee.defended"))
        elif after:
            res = roll(resistance_dice, "resistance")
    net, raw, after, final = melee_damage(
        base_damage, a, d, armour=armour, resistance_successes=res, threshold=threshold
    )
    if net:
        # No resistance roll is made when the armour stops everything (ADZ-R21).
        resistance = (
            CATALOG.text("adz.melee.resistance", res=res, final=final)
            if after
            else CATALOG.text("adz.melee.no_resistance")
        )
        steps.append(
            CATALOG.text(
                "adz.melee.damage",
                base=base_damage,
                net=net,
                raw=raw,
                armour=armour,
                after=after,
                resistance=resistance,
            )
        )
    after_health = health.take(final, track) if health is not None else None
    return MeleeResult(
        attack_successes=a,
        hit=net > 0,
        defence_successes=d,
        net=net,
        raw=raw,
        after_armour=after,
        resistance_successes=res,
        final=final,
        rolls=tuple(rolls),
        explanation=join(steps),
        health=after_health,
    )


def melee_distribution(
    *,
    attack_dice: int,
    base_damage: int,
    defence_dice: int | None = None,
    armour: int = 0,
    resistance_dice: int = 0,
    threshold: int = 1,
    attack_extra_dice: int | None = None,
    defence_extra_dice: int | None = None,
) -> Distribution[int]:
    """The exact distribution of the final damage of one attack (0 = no damage).

    Built from the success distributions of the attack, defence and
    resistance pools, so the work grows with the product of the pool sizes,
    never with ``6**dice``.

    >>> melee_distribution(attack_dice=1, base_damage=1)
    Distribution({0: 2/3, 2: 1/3})

    Raises:
        ParameterError: A number of dice is not from 0 to ``MAX_DICE`` (a
            pool below 0 after penalties: pass 0, ADZ-A02), or another value
            is out of range.
    """
    base = _int("base_damage", base_damage, 0)
    rs = _int("armour", armour, 0)
    threshold = _int("threshold", threshold, 1)
    attack = _dice("attack_dice", attack_dice)
    extra_attack = _optional_dice("attack_extra_dice", attack_extra_dice)
    defence = _optional_dice("defence_dice", defence_dice)
    extra_defence = _optional_dice("defence_extra_dice", defence_extra_dice)
    res = successes(_dice("resistance_dice", resistance_dice))
    att = successes(attack)
    if extra_attack is not None:
        att = att.maximum(successes(extra_attack))
    dfn: Distribution[int] = Distribution.constant(0)
    if defence is not None:
        dfn = successes(defence)
        if extra_defence is not None:
            dfn = dfn.maximum(successes(extra_defence))

    def after_armour(a: int, d: int) -> int:
        if a < threshold or a <= d:
            return 0
        return max(0, base + a - d - rs)

    before = att.combine(dfn, after_armour)
    return before.combine(res, lambda x, r: max(0, x - r))


# -- ranged ---------------------------------------------------------------------------


def ranged_threshold(distance_mod: int, size_mod: int) -> int:
    """Ranged threshold: ``max(1, 1 + distance_mod + size_mod)`` (ADZ-R24).

    >>> ranged_threshold(2, -3), ranged_threshold(2, 0)
    (1, 3)
    """
    return max(1, 1 + _int("distance_mod", distance_mod) + _int("size_mod", size_mod))


def distance_band(distance: int | Fraction, limits: Sequence[int | Fraction]) -> int:
    """The distance band (0 = closest) of ``distance`` metres for a range class.

    ``limits`` are the largest distances of each band, ascending: the
    rulebook's table (missing from the excerpt) for the weapon's range class.

    >>> distance_band(12, [5, 20, 50])
    1

    Raises:
        RulesError: The target is beyond the last band (out of range).
    """
    if isinstance(distance, bool) or not isinstance(distance, (int, Fraction)):
        raise ParameterError("distance", distance, "metres, an integer or a Fraction")
    dist = Fraction(distance)
    if dist < 0:
        raise ParameterError("distance", distance, "at least 0")
    if isinstance(limits, (str, bytes)) or not isinstance(limits, Sequence):
        raise ParameterError("limits", limits, "ascending distances")
    for x in limits:
        if isinstance(x, bool) or not isinstance(x, (int, Fraction)):
            raise ParameterError("limits", list(limits), "ascending distances")
    bounds = [Fraction(x) for x in limits]
    if not bounds or any(b <= a for a, b in itertools.pairwise(bounds)):
        raise ParameterError("limits", list(limits), "ascending distances")
    for band, limit in enumerate(bounds):
        if dist <= limit:
            return band
    raise RulesError(
        f"distance must be at most {bounds[-1]} m for this range class, got {dist}"
    )
