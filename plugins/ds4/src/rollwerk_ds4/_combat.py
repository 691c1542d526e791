"""DS4 combat rules as pure functions and values (DS4-R10 to DS4-R35).

Everything here is a plain function of its inputs; randomness comes only
through an injected [`Rng`][rollwerk.rng.Rng], and every die drawn is returned
as a [`DieRoll`][rollwerk.dice.DieRoll].

Longer than 500 lines because it is a catalogue of about forty small,
independent rule functions in rule-id order; each is short and self-contained.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

import attrs

from rollwerk import Combatant, ParameterError, Rng, RulesError
from rollwerk.dice import DieRoll
from rollwerk.encounter import Encounter, Event, Step
from rollwerk.i18n import Text
from rollwerk.rng import checked
from rollwerk_ds4._catalog import CATALOG
from rollwerk_ds4._check import Roll, roll_check

__all__ = [
    "ROUND_SECONDS",
    "Action",
    "ArmourKind",
    "ArmourPiece",
    "BaseClass",
    "CombatFumble",
    "Initiative",
    "LifeState",
    "Position",
    "Size",
    "SplitAttack",
    "Terrain",
    "TwoWeaponAttack",
    "aim_bonus",
    "armour_allowed",
    "armour_penalties",
    "breather",
    "can_aim",
    "can_charge",
    "combat_fumble",
    "crowd_bonus",
    "crowd_result",
    "delay_bonus",
    "don_armour_actions",
    "end_surprise",
    "initiative_order",
    "initiative_rule",
    "life_state",
    "natural_healing",
    "obstacle_fumble",
    "obstacle_modifier",
    "position_modifier",
    "push_back",
    "range_modifier",
    "resurrect",
    "run_distance",
    "size_modifier",
    "sleeping_in_armour",
    "split_attack",
    "stand_up_costs_action",
    "terrain_move",
    "tracks_ammunition",
    "triggered_order",
    "two_weapon_attack",
    "validate_loadout",
    "wake_attempt",
    "wake_up_hours",
]

ROUND_SECONDS = Fraction(5)
"""A combat round lasts 5 seconds (DS4-R10)."""


def _metres(name: str, value: object) -> int | Fraction:
    """A distance: an integer or a Fraction of metres, at least 0."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ParameterError(name, value, "metres, an integer or a Fraction")
    if value < 0:
        raise ParameterError(name, value, "at least 0")
    return value


def _size(name: str, value: object) -> Size:
    """A size category: a `Size` (or its integer)."""
    if isinstance(value, Size):
        return value
    if not isinstance(value, bool) and isinstance(value, int):
        try:
            return Size(value)
        except ValueError:
            pass
    raise ParameterError(name, value, "a Size (TINY to GIGANTIC)")


def _int(name: str, value: object, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError(name, value, "an integer")
    if minimum is not None and value < minimum:
        raise ParameterError(name, value, f"an integer >= {minimum}")
    return value


# -- initiative (DS4-R11, DS4-R24, DS4-A24) ---------------------------------


@attrs.frozen
class Initiative:
    """The order of one round, with the tie roll-offs kept for the combat.

    Pass ``tie_breaks`` of one round to the next call of
    [`initiative_order`][rollwerk_ds4.initiative_order]: the roll-off is made
    once per combat (DS4-A24).
    """

    order: tuple[str, ...]
    """The combatants, first to act first."""
    values: Mapping[str, int]
    """The effective initiative of each combatant this round."""
    tie_breaks: Mapping[str, tuple[int, ...]]
    """Every roll-off d20 so far, per combatant (ties of the roll-off add dice)."""
    rolls: tuple[DieRoll, ...] = ()
    """The d20s drawn for this round's roll-offs, in order."""


def initiative_order(
    initiative: Mapping[str, int],
    rng: Rng,
    *,
    round_number: int = 1,
    surprising: Iterable[str] = (),
    bonuses: Mapping[str, int] | None = None,
    tie_breaks: Mapping[str, tuple[int, ...]] | None = None,
) -> Initiative:
    """The acting order of a round by descending INI (DS4-R10, DS4-R11).

    INI is static. Members of a surprising party get +10 in round 1 only.
    Ties are broken by a d20 roll-off, higher first, made once per combat
    and kept (a tie of the roll-off rolls again among those still tied).

    Args:
        initiative: Each combatant's INI value.
        rng: The source of roll-off dice.
        round_number: The round (1 for the first).
        surprising: Combatants whose party surprised the other (+10 in
            round 1).
        bonuses: Further INI bonuses this round (e.g. from delaying).
        tie_breaks: The roll-offs of earlier rounds of this combat.

    >>> from rollwerk import ScriptedRng
    >>> ini = initiative_order({"Laros": 8, "Lios": 8, "Orc": 5}, ScriptedRng([7, 12]))
    >>> ini.order, dict(ini.tie_breaks)
    (('Lios', 'Laros', 'Orc'), {'Laros': (7,), 'Lios': (12,)})
    >>> initiative_order({"Laros": 8, "Lios": 8, "Orc": 5}, ScriptedRng([]),
    ...                  round_number=2, tie_breaks=ini.tie_breaks).order
    ('Lios', 'Laros', 'Orc')
    """
    _int("round_number", round_number, 1)
    rng = checked(rng)  # a face that breaks the Rng protocol is named so
    surprise = set(surprising)
    unknown = surprise - set(initiative)
    if unknown:
        raise ParameterError(
            "surprising", sorted(unknown), "names of combatants in `initiative`"
        )
    extra = dict(bonuses or {})
    stray = set(extra) - set(initiative)
    if stray:
        raise ParameterError(
            "bonuses", sorted(stray), "names of combatants in `initiative`"
        )
    values: dict[str, int] = {}
    for name, ini in initiative.items():
        value = _int(f"initiative of {name}", ini) + extra.get(name, 0)
        if round_number == 1 and name in surprise:
            value += 10
        values[name] = value
    breaks = {k: tuple(v) for k, v in (tie_breaks or {}).items()}
    rolls: list[DieRoll] = []
    groups: dict[int, list[str]] = {}
    for name in sorted(values):
        groups.setdefault(values[name], []).append(name)
    for members in groups.values():
        if len(members) < 2:
            continue
        while True:
            # still tied: equal roll-offs, or one that is a prefix of another's
            # (e.g. none yet against kept ones, when a bonus makes a new tie)
            keys = {name: breaks.get(name, ()) for name in members}
            tied = [
                name
                for name in members
                if any(
                    other != name and keys[other][: len(keys[name])] == keys[name]
                    for other in members
                )
            ]
            if not tied:
                break
            for name in tied:
                face = rng.roll(20)
                rolls.append(DieRoll(20, face, f"initiative roll-off: {name}"))
                breaks[name] = (*breaks.get(name, ()), face)
    order = sorted(
        values,
        key=lambda n: (-values[n], tuple(-f for f in breaks.get(n, ())), n),
    )
    return Initiative(tuple(order), values, breaks, tuple(rolls))


def initiative_rule(
    *, surprising: Iterable[str] = ()
) -> Callable[[Sequence[Combatant], Rng], Sequence[str]]:
    """The DS4 initiative rule for [`Encounter.create`][rollwerk.encounter.Encounter.create].

    Orders round 1 by INI (+10 for ``surprising`` combatants), ties by a d20
    roll-off whose dice the encounter records. The encounter keeps that
    order in every round: with ``surprising`` combatants, end the surprise
    with [`end_surprise`][rollwerk_ds4.end_surprise] during the last turn of
    round 1 (or after its ``end_turn()``), which puts everyone in their
    order without the +10 from round 2 on, keeping the roll-offs (DS4-R11).

    >>> from rollwerk import Combatant, Encounter, ScriptedRng
    >>> enc = Encounter.create(
    ...     [Combatant("Laros", initiative=8), Combatant("Orc", initiative=12)],
    ...     rng=ScriptedRng([]), initiative=initiative_rule(surprising=["Laros"]))
    >>> enc.order
    ('Laros', 'Orc')
    >>> enc, _ = enc.advance(2)                  # round 1, the Orc's turn
    >>> end_surprise(enc, ["Laros"]).state.order   # from round 2 on
    ('Orc', 'Laros')
    """
    chosen = tuple(surprising)

    def rule(combatants: Sequence[Combatant], rng: Rng) -> Sequence[str]:
        values = {c.id: c.initiative for c in combatants}
        return initiative_order(values, rng, surprising=chosen).order

    return rule


class _Replay:
    """An Rng that gives recorded d20 faces first, then draws from ``rng``."""

    def __init__(self, faces: Sequence[int], rng: Rng | None) -> None:
        self.faces = list(faces)
        self.used = 0
        self.rng = rng

    def roll(self, sides: int) -> int:
        if self.used < len(self.faces):
            self.used += 1
            return self.faces[self.used - 1]
        if self.rng is None:
            raise _NeedDie
        return self.rng.roll(sides)


class _NeedDie(Exception):
    """A roll-off needs a die that was not recorded and no Rng was given."""


def _delay_plan(
    old: Sequence[str], new: Sequence[str], fixed: Iterable[str]
) -> list[tuple[str, str]] | None:
    """The fewest ``delay(id, after=)`` moves that turn ``old`` into ``new``.

    The combatants that stay are a longest common subsequence of the two
    orders that holds ``fixed`` and the first of ``new`` (a delay only ever
    puts a combatant after another); each of the others is delayed behind
    its predecessor in ``new``, in that order. ``None`` if no such
    subsequence exists.
    """
    keep = {new[0], *fixed}
    n, m = len(old), len(new)
    worst = -(n + m + 1)
    # best[i][j]: the longest common subsequence of old[i:] and new[j:]
    # that skips none of ``keep`` (``worst`` if it cannot)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n, -1, -1):
        for j in range(m, -1, -1):
            if i == n or j == m:
                rest = old[i:] if j == m else new[j:]
                best[i][j] = worst if keep & set(rest) else 0
                continue
            options = [worst]
            if old[i] == new[j] and best[i + 1][j + 1] > worst:
                options.append(best[i + 1][j + 1] + 1)
            if old[i] not in keep:
                options.append(best[i + 1][j])
            if new[j] not in keep:
                options.append(best[i][j + 1])
            best[i][j] = max(options)
    if best[0][0] <= worst:
        return None
    stay: set[str] = set()
    i = j = 0
    while i < n and j < m:
        if (
            old[i] == new[j]
            and best[i + 1][j + 1] > worst
            and best[i][j] == best[i + 1][j + 1] + 1
        ):
            stay.add(old[i])
            i, j = i + 1, j + 1
        elif old[i] not in keep and best[i][j] == best[i + 1][j]:
            i += 1
        else:
            j += 1
    return [(c, new[k - 1]) for k, c in enumerate(new) if k and c not in stay]


def end_surprise(
    encounter: Encounter, surprising: Iterable[str], rng: Rng | None = None
) -> Step:
    """End the +10 INI of surprise after round 1 of an encounter (DS4-R11).

    "In der ersten Kampfrunde": members of a surprising party get +10 in
    the first round only. An encounter made with
    [`initiative_rule`][rollwerk_ds4.initiative_rule] keeps round 1's order;
    call this while the last turn of round 1 is under way, or after its
    ``end_turn()``, with the ``surprising`` given to ``initiative_rule``.
    It moves the combatants, with [`Encounter.delay`][rollwerk.encounter.Encounter.delay]
    (one ``CombatantDelayed`` event each, the fewest moves; durations keep
    counting turns), into the order
    [`initiative_order`][rollwerk_ds4.initiative_order] gives for round 2:
    by INI without the bonus, ties by the roll-offs kept from round 1
    (DS4-A24), read back from the encounter's ``initiative_rolls``.

    Combatants who tie only without the bonus roll off now, with ``rng``;
    those d20 are added to ``initiative_rolls`` (so a second call gives the
    same order and no events). Combatants who left are counted in reading
    back the roll-offs; those who joined are placed by their INI. A place
    taken with ``delay`` in round 1 does not carry over: delay again.

    Args:
        encounter: The encounter, in the last turn of round 1 or after it.
        surprising: The combatants given to ``initiative_rule`` as
            surprising (their party surprised the other).
        rng: The source of new roll-off dice; needed only for a tie that
            the bonus kept apart in round 1.

    Returns:
        The encounter in its order from round 2 on, and the events.

    Raises:
        ParameterError: ``encounter`` is not an ``Encounter``, ``surprising``
            is a single string or names no combatant of it.
        RulesError: Called at another time, a new roll-off is needed and
            ``rng`` is ``None``, or the encounter's initiative rolls are not
            those of ``initiative_rule(surprising=...)`` over its combatants.

    >>> from rollwerk import Combatant, Encounter, ScriptedRng
    >>> people = [Combatant("Laros", initiative=8), Combatant("Orc", initiative=12)]
    >>> enc = Encounter.create(people, rng=ScriptedRng([]),
    ...                        initiative=initiative_rule(surprising=["Laros"]))
    >>> enc, _ = enc.advance(2)                  # round 1: Laros, then the Orc
    >>> enc, events = end_surprise(enc, ["Laros"])
    >>> events
    (CombatantDelayed(combatant='Laros', after='Orc', next_round=False),)
    >>> from rollwerk.encounter import TurnStarted
    >>> enc, events = enc.advance(3)
    >>> " ".join(f"{e.round}:{e.combatant}" for e in events if isinstance(e, TurnStarted))
    '2:Orc 2:Laros 3:Orc'
    """
    if not isinstance(encounter, Encounter):
        raise ParameterError("encounter", encounter, "a rollwerk Encounter")
    if isinstance(surprising, (str, bytes)) or not isinstance(surprising, Iterable):
        raise ParameterError(
            "surprising", surprising, "a list of combatant ids (not a single string)"
        )
    chosen = tuple(surprising)
    people = (*encounter.combatants, *encounter.departed)
    values = {c.id: c.initiative for c in people}
    unknown = sorted(
        (c for c in chosen if not isinstance(c, str) or c not in values), key=repr
    )
    if unknown:
        raise ParameterError(
            "surprising",
            unknown,
            "ids of the encounter's combatants (" + ", ".join(values) + ")",
        )
    when = (
        "call it while the last turn of round 1 is under way or after its "
        "end_turn() (the +10 INI of surprise lasts the first round only, DS4-R11)"
    )
    if encounter.ended:
        raise RulesError(f"the encounter has ended: {when}")
    if encounter.round == 0:
        raise RulesError(f"the encounter has not begun (round 0): {when}")
    if encounter.round > 1:
        raise RulesError(f"the encounter is in round {encounter.round}: {when}")
    if encounter.up_next is not None:
        raise RulesError(
            f"round 1 has turns to come ({encounter.up_next!r} is up next): {when}"
        )
    recorded = encounter.initiative_rolls
    mismatch = (
        "the encounter's initiative rolls are not the roll-offs of "
        f"initiative_rule(surprising={list(chosen)!r}) over its combatants"
    )
    if any(r.sides != 20 for r in recorded):
        raise RulesError(mismatch)
    first = _Replay([r.face for r in recorded], None)
    try:
        round_one = initiative_order(values, first, surprising=chosen)
    except _NeedDie:
        raise RulesError(mismatch) from None
    more = None if rng is None else checked(rng)
    later = _Replay([r.face for r in recorded[first.used :]], more)
    try:
        round_two = initiative_order(
            values, later, round_number=2, tie_breaks=round_one.tie_breaks
        )
    except _NeedDie:
        raise RulesError(
            "a new initiative roll-off is needed for combatants tied without the "
            "surprise bonus (DS4-R11, DS4-A24): pass rng"
        ) from None
    if later.used < len(later.faces):
        raise RulesError(mismatch)
    target = [c for c in round_two.order if c in encounter.order]
    fixed = () if encounter.current is None else (encounter.current,)
    plan = _delay_plan(encounter.order, target, fixed)
    if plan is None:
        raise RulesError(
            f"{encounter.current!r} cannot be moved while its turn is under way: "
            "call end_surprise after its end_turn()"
        )
    state = encounter
    events: list[Event] = []
    for combatant, after in plan:
        state, happened = state.delay(combatant, after=after)
        events.extend(happened)
    new_dice = round_two.rolls[later.used :]
    if new_dice:
        state = attrs.evolve(
            state, initiative_rolls=(*state.initiative_rolls, *new_dice)
        )
    return Step(state, tuple(events))


def triggered_order(trigger: str, order: Sequence[str]) -> tuple[str, ...]:
    """Turns when a character's act triggers the fight (DS4-R24).

    The trigger acts alone first; then round 1 runs in INI order, the trigger
    again in its own slot.

    >>> triggered_order("Chief", ["Laros", "Chief", "Lios"])
    ('Chief', 'Laros', 'Chief', 'Lios')
    """
    if isinstance(order, (str, bytes)) or not isinstance(order, Sequence):
        raise ParameterError("order", order, "a sequence of combatant names")
    if not isinstance(trigger, str) or trigger not in order:
        raise ParameterError("trigger", trigger, f"one of {list(order)}")
    return (trigger, *order)


def delay_bonus(full_rounds: int) -> int:
    """INI bonus for delaying: +2 per full round, at most +10 (DS4-R22).

    The bonus is lost once the character acts or moves more than 1 m.

    >>> delay_bonus(3), delay_bonus(6)
    (6, 10)
    """
    return min(2 * _int("full_rounds", full_rounds, 0), 10)


# -- movement and actions (DS4-R12, DS4-R13, DS4-A25) -----------------------


def run_distance(move: int) -> int:
    """The action "run" grants a second move: ``2 × move`` metres (DS4-R12)."""
    return 2 * _int("move", move, 0)


def can_charge(move: int, distance: int | Fraction, *, clear_path: bool = True) -> bool:
    """A charge reaches a target at ``move < distance ≤ 2 × move`` (DS4-A25).

    The path must be straight and unobstructed. Closer targets take a normal
    move and an attack.

    >>> can_charge(5, 8), can_charge(5, 5), can_charge(5, 11)
    (True, False, False)
    """
    _int("move", move, 0)
    distance = _metres("distance", distance)
    return clear_path and move < distance <= 2 * move


def stand_up_costs_action(*, in_melee: bool) -> bool:
    """Standing up costs the action only while in melee (DS4-R13)."""
    return in_melee


class Terrain(enum.Enum):
    """How ground obstacles affect Laufen (DS4-R12)."""

    CLEAR = "clear"
    """No effect."""
    HALVED = "halved"
    """Rubble, dense undergrowth: Laufen halved (rounded down)."""
    QUARTERED = "quartered"
    """Very hard going: Laufen quartered (rounded down)."""


def terrain_move(
    move: int, terrain: Terrain = Terrain.CLEAR, reduction: int = 0
) -> int:
    """Laufen in difficult terrain: lowered by ``reduction``, halved or quartered.

    >>> terrain_move(5, Terrain.HALVED), terrain_move(5, reduction=2)
    (2, 3)
    """
    _int("move", move, 0)
    _int("reduction", reduction, 0)
    divisor = {Terrain.CLEAR: 1, Terrain.HALVED: 2, Terrain.QUARTERED: 4}[terrain]
    return max(0, move - reduction) // divisor


class Action(enum.Enum):
    """The listed actions of a turn (DS4-R13), with German labels."""

    DELAY = "Abwartehandlung"
    """Delay (DS4-R22)."""
    STAND_UP = "Aufstehen"
    """Stand up: an action only in melee."""
    STAND_UP_AND_DRAW = "Aufstehen und Waffe aufheben/ziehen"
    """Stand up and pick up or draw a weapon."""
    WAKE_UNCONSCIOUS = "Bewusstlosen wecken"
    """Wake an unconscious character (DS4-R17)."""
    TAKE_HERB = "Heilkraut einnehmen"
    """Take a healing herb."""
    CONCENTRATE = "Konzentrieren"
    """Concentrate (some spells)."""
    RUN = "Rennen"
    """Run: a second move."""
    SHOOT = "Schießen"
    """Ranged attack."""
    STRIKE = "Schlagen"
    """Melee attack."""
    PICK_LOCK = "Schloss knacken"
    """Pick a lock."""
    CHARGE = "Sturmangriff"
    """Charge (DS4-A25)."""
    DRINK_POTION = "Trank trinken"
    """Drink a potion."""
    DOOR = "Tür eintreten/öffnen/schließen"
    """Kick in, open or close a door."""
    WEAPON = "Waffe aufheben/wechseln/ziehen"
    """Pick up, switch or draw a weapon."""
    CAST = "Zaubern"
    """Cast a normal spell."""
    SWITCH_SPELL = "Zauber wechseln"
    """Switch the active spell (DS4-R41)."""
    AIM = "Zielen"
    """Aim (DS4-R34)."""
    TARGETED_CAST = "Zielzauber"
    """Cast a targeted spell."""

    def uses_action(self, *, in_melee: bool = True) -> bool:
        """Whether it takes the turn's action (standing up only in melee)."""
        if self is Action.STAND_UP:
            return stand_up_costs_action(in_melee=in_melee)
        return True


# -- damage, life points and healing (DS4-R14, DS4-R17 to DS4-R21) ----------


class LifeState(enum.Enum):
    """Whether a character is up, unconscious or dead."""

    CONSCIOUS = "conscious"
    """LK ≥ 1."""
    UNCONSCIOUS = "unconscious"
    """``−KÖR ≤ LK ≤ 0`` (DS4-R17, DS4-A08)."""
    DEAD = "dead"
    """``LK < −KÖR`` (DS4-R18)."""


def life_state(lp: int, body: int) -> LifeState:
    """Conscious, unconscious (LK ≤ 0) or dead (LK < −KÖR) (DS4-R17, DS4-R18).

    >>> tuple(life_state(lp, 8).value for lp in (0, -8, -9))
    ('unconscious', 'unconscious', 'dead')
    """
    _int("lp", lp)
    _int("body", body, 0)
    if lp < -body:
        return LifeState.DEAD
    if lp <= 0:
        return LifeState.UNCONSCIOUS
    return LifeState.CONSCIOUS


def wake_up_hours(rng: Rng) -> tuple[int, DieRoll]:
    """An unconscious character wakes after d20 hours with LK 1 (DS4-R17)."""
    rng = checked(rng)
    face = rng.roll(20)
    return face, DieRoll(20, face, "hours unconscious")


def wake_attempt(
    body_toughness: int, rng: Rng
) -> tuple[bool, Roll, tuple[DieRoll, ...]]:
    """Someone spends the action to wake an unconscious character (DS4-A11).

    The unconscious character rolls KÖR+HÄ (``body_toughness``); on success
    they wake with LK 1 and cannot catch their breath in this combat
    (pass ``woken_early=True`` to [`breather`][rollwerk_ds4.breather]).

    >>> from rollwerk import ScriptedRng
    >>> woke, roll, _ = wake_attempt(11, ScriptedRng([9]))
    >>> woke
    True
    """
    roll, rolls = roll_check(body_toughness, rng, role="wake up")
    return roll.success, roll, rolls


def breather(lp: int, lp_max: int, lost: int, *, woken_early: bool = False) -> int:
    """LK regained by catching one's breath after a combat (DS4-R19, DS4-A12).

    Half the LK lost in the combat, rounded down, at 1 LK per minute; never
    above the maximum (the cap is the rule's, see the docstring).

    Raises:
        RulesError: The character has fewer than 1 LK, or was woken early.

    >>> breather(10, 30, 12), breather(10, 30, 7), breather(28, 30, 12)
    (6, 3, 2)
    """
    _int("lp_max", lp_max, 1)
    _int("lost", lost, 0)
    if _int("lp", lp) < 1:
        raise RulesError(f"catching one's breath needs at least 1 LK, got LK {lp}")
    if lp > lp_max:
        raise ParameterError("lp", lp, f"at most lp_max ({lp_max})")
    if woken_early:
        raise RulesError(
            "a character woken early cannot catch their breath in this combat"
        )
    return max(0, min(lost // 2, lp_max - lp))


def natural_healing(
    d20: int, bed_rest_hours: int = 0, *, lp: int = 1, lp_max: int = 1000
) -> int:
    """LK regained per 24 hours: ``d20 / 2`` + 1 per 4 h of bed rest (DS4-R20).

    Rounded down (DS4-A09) and never above the maximum.

    >>> natural_healing(13, 8)
    8
    """
    if not 1 <= _int("d20", d20) <= 20:
        raise ParameterError("d20", d20, "an integer from 1 to 20")
    _int("bed_rest_hours", bed_rest_hours, 0)
    if bed_rest_hours > 24:
        raise ParameterError("bed_rest_hours", bed_rest_hours, "at most 24")
    if _int("lp", lp) < 1:
        raise RulesError(f"natural healing needs at least 1 LK, got LK {lp}")
    if lp > _int("lp_max", lp_max, 1):
        raise ParameterError("lp", lp, f"at most lp_max ({lp_max})")
    return max(0, min(d20 // 2 + bed_rest_hours // 4, lp_max - lp))


def resurrect(body: int) -> int:
    """KÖR after a resurrection: lowered by 1 for good (DS4-R21).

    Raises:
        RulesError: KÖR 1 (or less) cannot be resurrected.

    >>> resurrect(8)
    7
    """
    if _int("body", body, 0) <= 1:
        raise RulesError(f"a character with KÖR {body} cannot be resurrected")
    return body - 1


# -- combat details (DS4-R23, DS4-R25 to DS4-R35) ---------------------------


def range_modifier(distance_m: int | Fraction, *, adjacent: bool = False) -> int:
    """Ranged attacks and targeted spells: −1 per full 10 m (DS4-R23, DS4-A13).

    An adjacent target gives −2 (there is no minimum range otherwise). The
    rules give "directly by" the shooter no distance of its own, so an
    adjacent target is taken to be in the first band, under 10 m, where no
    range penalty applies; ``adjacent=True`` with 10 m or more contradicts
    itself and is refused.

    >>> range_modifier(35), range_modifier(1, adjacent=True), range_modifier(9)
    (-3, -2, 0)
    >>> range_modifier(25, adjacent=True)
    Traceback (most recent call last):
    ...
    rollwerk.errors.ParameterError: distance_m must be under 10 metres with adjacent=True: a target standing directly by the shooter (DS4-R23) is within the first 10 m, where no range penalty applies (the rules give adjacency no distance), got 25

    Raises:
        ParameterError: ``distance_m`` is not metres of at least 0, is 10 or
            more with ``adjacent=True``, or ``adjacent`` is not a bool.
    """
    distance_m = _metres("distance_m", distance_m)
    if not isinstance(adjacent, bool):
        raise ParameterError("adjacent", adjacent, "true or false")
    if adjacent and distance_m >= 10:
        raise ParameterError(
            "distance_m",
            distance_m,
            "under 10 metres with adjacent=True: a target standing directly by "
            "the shooter (DS4-R23) is within the first 10 m, where no range "
            "penalty applies (the rules give adjacency no distance)",
        )
    return -int(distance_m // 10) - (2 if adjacent else 0)


@attrs.frozen
class CombatFumble:
    """What a fumbled combat check does (DS4-R25; table from the full rules)."""

    check: str
    """The fumbled check: ``defense``, ``strike``, ``shoot``, ``cast``…"""

    @property
    def effect(self) -> Text:
        """What the fumble does (``effect("de")``), from ``ds4.fumble.<check>``."""
        return CATALOG.text(f"ds4.fumble.{self.check}")


_FUMBLES = ("defense", "strike", "shoot", "cast", "targeted_cast")


def combat_fumble(check: str) -> CombatFumble:
    """The effect of a fumbled combat check (DS4-R25).

    >>> combat_fumble("defense").effect()
    'falls prone (a mundane wooden shield breaks)'
    """
    if check not in _FUMBLES:
        raise ParameterError("check", check, "one of " + ", ".join(_FUMBLES))
    return CombatFumble(check)


@attrs.frozen
class SplitAttack:
    """Schlagen split over several adjacent opponents (DS4-R26)."""

    parts: tuple[int, ...]
    """The check value of each attack, one per opponent."""
    defense_malus: int
    """The attacker's Abwehr malus until its next turn (≤ 0)."""


def split_attack(
    melee: int,
    parts: Sequence[int],
    *,
    sweeping_blow: bool = False,
    malus_per_extra_opponent: bool = False,
) -> SplitAttack:
    """Split Schlagen over 2 to 4 adjacent opponents (DS4-R26, DS4-A14).

    Each part is rolled as its own attack. The attacker's Abwehr drops by 2
    per opponent (the variant flag: per opponent beyond the first) until its
    next turn, unless it has the talent Rundumschlag (``sweeping_blow``).

    Raises:
        RulesError: Not 2 to 4 positive parts summing to ``melee``.

    >>> split_attack(15, [8, 7])
    SplitAttack(parts=(8, 7), defense_malus=-4)
    """
    chosen = tuple(_int("part", p) for p in parts)
    n = len(chosen)
    if not 2 <= n <= 4:
        raise RulesError(f"Schlagen can be split over 2 to 4 opponents, got {n}")
    if any(p < 1 for p in chosen) or sum(chosen) != melee:
        raise RulesError(
            f"the parts must be positive and sum to Schlagen {melee}, got {list(chosen)}"
        )
    malus = 0 if sweeping_blow else -2 * (n - 1 if malus_per_extra_opponent else n)
    return SplitAttack(chosen, malus)


def tracks_ammunition(*, magical: bool = False, long_siege: bool = False) -> bool:
    """Ammunition is tracked only if magical or in long sieges (DS4-R27)."""
    return magical or long_siege


@attrs.frozen
class TwoWeaponAttack:
    """Attacking with two one-handed weapons in one action (DS4-R28)."""

    attacks: tuple[int, int]
    """The check value of each weapon's attack."""
    defense: int
    """The attacker's Abwehr until its next turn."""


def two_weapon_attack(
    melee: int,
    defense: int,
    *,
    talent: bool = False,
    weapon_bonuses: tuple[int, int] = (0, 0),
) -> TwoWeaponAttack:
    """Two one-handed weapons: one attack each, Schlagen and Abwehr −10 (DS4-R28).

    The talent "Zwei Waffen" removes the malus. ``melee`` is Schlagen without
    the weapons' WB, which ``weapon_bonuses`` adds per weapon.

    >>> two_weapon_attack(15, 12)
    TwoWeaponAttack(attacks=(5, 5), defense=2)
    """
    malus = 0 if talent else -10
    base = _int("melee", melee) + malus
    return TwoWeaponAttack(
        (base + weapon_bonuses[0], base + weapon_bonuses[1]),
        _int("defense", defense) + malus,
    )


class Position(enum.Enum):
    """Attack positions with their modifiers (DS4-R29; full rules)."""

    NORMAL = "normal"
    """No modifier."""
    PRONE = "prone"
    """Lying on the ground: attack −2 and Abwehr −2."""
    FROM_SIDE_OR_ABOVE = "from_side_or_above"
    """Attacking from the side or from above: +1."""
    FROM_BEHIND = "from_behind"
    """Attacking from behind: +2."""


def position_modifier(position: Position) -> int:
    """The attack modifier of a position (DS4-R29); prone also −2 Abwehr."""
    if not isinstance(position, Position):
        raise ParameterError(
            "position", position, f"a Position ({', '.join(p.name for p in Position)})"
        )
    return {
        Position.NORMAL: 0,
        Position.PRONE: -2,
        Position.FROM_SIDE_OR_ABOVE: 1,
        Position.FROM_BEHIND: 2,
    }[position]


class Size(enum.IntEnum):
    """Size categories, tiny to gigantic (player races are normal)."""

    TINY = 0
    """Winzig."""
    SMALL = 1
    """Klein."""
    NORMAL = 2
    """Normal."""
    LARGE = 3
    """Groß."""
    HUGE = 4
    """Riesig."""
    GIGANTIC = 5
    """Gewaltig."""


def size_modifier(attacker: Size, target: Size) -> int:
    """+2 per size category the target is larger, −2 per smaller (DS4-R29).

    >>> size_modifier(Size.NORMAL, Size.HUGE), size_modifier(Size.NORMAL, Size.SMALL)
    (4, -2)
    """
    return 2 * (int(_size("target", target)) - int(_size("attacker", attacker)))


def don_armour_actions(mundane_armour: int, *, helmet: bool = False) -> int:
    """Actions to don armour quickly: 2 per mundane PA; a helmet is free (DS4-R30).

    >>> don_armour_actions(3)
    6
    """
    if helmet:
        return 0
    return 2 * _int("mundane_armour", mundane_armour, 0)


def sleeping_in_armour(
    malus: int, *, body: int, slept_in_metal: bool, check_succeeded: bool = True
) -> int:
    """The malus on all checks after a night (DS4-R30, DS4-A17).

    Sleeping in metal armour and failing KÖR+HÄ adds 1; the malus stays and
    accumulates; a night unarmoured removes up to ``KÖR / 2`` points.
    ``malus`` and the return value are the size of the malus (≥ 0).

    >>> sleeping_in_armour(0, body=8, slept_in_metal=True, check_succeeded=False)
    1
    >>> sleeping_in_armour(5, body=6, slept_in_metal=False)
    2
    """
    _int("malus", malus, 0)
    if slept_in_metal:
        return malus + (0 if check_succeeded else 1)
    return max(0, malus - _int("body", body, 0) // 2)


def crowd_bonus(count: int) -> int:
    """Blind fire into a melee crowd: +1 per individual, at most +20 (DS4-R31).

    Raises:
        RulesError: Fewer than 2 individuals are no crowd.
    """
    if _int("count", count) < 2:
        raise RulesError(f"a crowd needs at least 2 individuals, got {count}")
    return min(count, 20)


def crowd_result(result: int, ranged_attack: int) -> int:
    """A crowd shot's result, capped at the normal maximum (DS4-R31, DS4-A15).

    The cap is the shooter's Schießen without the crowd bonus.

    >>> crowd_result(16, 12), crowd_result(9, 12)
    (12, 9)
    """
    return min(_int("result", result, 0), max(_int("ranged_attack", ranged_attack), 1))


def obstacle_modifier(obstacles: int, allies_in_melee: int = 0) -> int:
    """−1 per obstacle passed and per ally in melee with the target (DS4-R32)."""
    return -(
        _int("obstacles", obstacles, 0) + _int("allies_in_melee", allies_in_melee, 0)
    )


def obstacle_fumble(
    obstacles: int, pw: int, rng: Rng
) -> tuple[int, Roll, tuple[DieRoll, ...]]:
    """A fumbled shot past obstacles hits one at random (DS4-R32, DS4-A10).

    With two or more obstacles, a die of ``obstacles`` sides picks the one
    hit; a single obstacle is hit without a die. Then a new attack at ``pw``
    is rolled against it in which fumbles are excluded: the returned `Roll`
    has ``fumbles_excluded`` set whatever its dice (a coup too).

    Returns:
        The 1-based obstacle hit, the new attack and all dice drawn (the
        obstacle die first, if one was rolled).

    >>> from rollwerk import ScriptedRng
    >>> which, roll, dice = obstacle_fumble(1, 12, ScriptedRng([20]))
    >>> which, roll.result, [d.face for d in dice]    # no die picks the only one
    (1, 0, [20])
    >>> which, roll, dice = obstacle_fumble(3, 12, ScriptedRng([2, 7]))
    >>> which, roll.result, [(d.sides, d.face) for d in dice]
    (2, 7, [(3, 2), (20, 7)])
    """
    if _int("obstacles", obstacles) < 1:
        raise RulesError("a fumble can only hit an obstacle if there is one")
    rng = checked(rng)
    picked: tuple[DieRoll, ...] = ()
    which = 1
    if obstacles > 1:
        which = rng.roll(obstacles)
        picked = (DieRoll(obstacles, which, "obstacle hit"),)
    roll, rolls = roll_check(pw, rng, fumbles_excluded=True, role="attack on obstacle")
    return which, roll, (*picked, *rolls)


def aim_bonus(rounds: int) -> int:
    """+2 per round of aiming, at most +10 (DS4-R34).

    >>> aim_bonus(4), aim_bonus(7)
    (8, 10)
    """
    return min(2 * _int("rounds", rounds, 0), 10)


def can_aim(moved_m: int | Fraction, move: int) -> bool:
    """Aiming needs at most ``move / 2`` metres of movement this round (DS4-R34)."""
    return _metres("moved_m", moved_m) <= Fraction(_int("move", move, 0), 2)


def push_back(
    attacker: Size,
    target: Size,
    *,
    hit: bool,
    attacker_moved: bool,
    blocker_resisted: bool = False,
) -> tuple[bool, bool]:
    """Whether a melee hit pushes the target 1 m back, and the attacker may follow.

    Only a target of the same or a smaller size category; the attacker may
    follow only if it did not move before the attack; a "Blocker" who
    succeeds at KÖR+HÄ resists (DS4-R35).

    >>> push_back(Size.NORMAL, Size.NORMAL, hit=True, attacker_moved=False)
    (True, True)
    """
    pushed = hit and target <= attacker and not blocker_resisted
    return pushed, pushed and not attacker_moved


# -- weapons and armour (DS4-R15, DS4-R16) ----------------------------------


class BaseClass(enum.Enum):
    """The base classes; hero classes inherit their base class's limits."""

    WARRIOR = "warrior"
    """Krieger: all armour."""
    SCOUT = "scout"
    """Späher: anything but plate."""
    HEALER = "healer"
    """Heiler: up to leather."""
    WIZARD = "wizard"
    """Zauberer: cloth only."""
    SORCERER = "sorcerer"
    """Schwarzmagier: cloth only."""


class ArmourKind(enum.IntEnum):
    """Kinds of armour, lightest first."""

    CLOTH = 0
    """Stoff (robes)."""
    LEATHER = 1
    """Leder."""
    CHAIN = 2
    """Ketten."""
    PLATE = 3
    """Platten."""


_CLASS_ARMOUR = {
    BaseClass.WARRIOR: ArmourKind.PLATE,
    BaseClass.SCOUT: ArmourKind.CHAIN,
    BaseClass.HEALER: ArmourKind.LEATHER,
    BaseClass.WIZARD: ArmourKind.CLOTH,
    BaseClass.SORCERER: ArmourKind.CLOTH,
}


def armour_allowed(
    base_class: BaseClass, kind: ArmourKind, armoured: Iterable[ArmourKind] = ()
) -> bool:
    """Whether a class may wear an armour kind (DS4-R15).

    The talent "Gerüstet" adds ``armoured`` kinds.

    >>> armour_allowed(BaseClass.SCOUT, ArmourKind.PLATE)
    False
    >>> armour_allowed(BaseClass.HEALER, ArmourKind.CHAIN, [ArmourKind.CHAIN])
    True
    """
    return kind <= _CLASS_ARMOUR[base_class] or kind in set(armoured)


def armour_penalties(
    base_class: BaseClass,
    kind: ArmourKind,
    armour: int,
    armoured: Iterable[ArmourKind] = (),
) -> tuple[int, int]:
    """(spellcasting malus, agility malus) of one armour piece (DS4-R16).

    Allowed armour other than cloth lowers Zaubern and Zielzauber by its PA;
    armour outside the class's limits quadruples that and lowers AGI by PA.

    >>> armour_penalties(BaseClass.WIZARD, ArmourKind.PLATE, 2)
    (-8, -2)
    >>> armour_penalties(BaseClass.WARRIOR, ArmourKind.PLATE, 2)
    (-2, 0)
    """
    _int("armour", armour, 0)
    if kind is ArmourKind.CLOTH:
        return 0, 0
    if armour_allowed(base_class, kind, armoured):
        return -armour, 0
    return -4 * armour, -armour


@attrs.frozen
class ArmourPiece:
    """A piece of armour or a shield, for [`validate_loadout`][rollwerk_ds4.validate_loadout]."""

    name: str
    """Its name."""
    slot: str
    """``"helmet"``, ``"body"``, ``"arms"``, ``"legs"`` or ``"shield"``."""
    kind: ArmourKind = ArmourKind.CLOTH
    """The kind, for class limits."""
    armour: int = 0
    """Its PA."""


_DWARF_FORBIDDEN: Mapping[str, tuple[str, ...]] = {
    "two-handed sword": (
        "two-handed sword",
        "twohanded sword",
        "two-hander",
        "Bihänder",
        "Bihaender",
    ),
    "battle axe": ("battle axe", "battleaxe", "Schlachtbeil"),
    "longbow": ("longbow", "long bow", "Langbogen"),
    "elven bow": ("elven bow", "elvenbow", "elf bow", "elfbow", "Elfenbogen"),
}
"""The weapons dwarves cannot use (DS4-R15): each English name and its spellings."""


def _weapon_key(name: str) -> str:
    """A weapon name for matching: any case, ``-``/``_`` as spaces, spaces collapsed."""
    folded = unicodedata.normalize("NFC", name).casefold()
    return " ".join(folded.replace("-", " ").replace("_", " ").split())


_DWARF_FORBIDDEN_KEYS: Mapping[str, str] = {
    _weapon_key(spelling): weapon
    for weapon, spellings in _DWARF_FORBIDDEN.items()
    for spelling in spellings
}


def validate_loadout(
    *,
    base_class: BaseClass,
    pieces: Sequence[ArmourPiece] = (),
    weapons: Sequence[str] = (),
    two_handed: bool = False,
    dwarf: bool = False,
    armoured: Iterable[ArmourKind] = (),
    enforce_class_limits: bool = False,
) -> None:
    """Raise `RulesError` for equipment the rules forbid (DS4-R15).

    Dwarves cannot use two-handed swords, battle axes, longbows or elven
    bows; at most one helmet, one body armour, one kind each of arm and leg
    guards and one shield; no shield while carrying a two-handed weapon.
    Armour outside the class's limits is allowed with penalties (DS4-R16)
    unless ``enforce_class_limits`` asks for an error instead.

    ``weapons`` are free-form names: any weapon may be carried, and only the
    four weapons dwarves cannot use are recognised, in any case, with ``-``,
    ``_`` or a space alike, in English or German: "two-handed sword"
    ("two handed sword", "twohanded sword", "two-hander", "Bihänder",
    "Bihaender"), "battle axe" ("battleaxe", "Schlachtbeil"), "longbow"
    ("long bow", "Langbogen") and "elven bow" ("elvenbow", "elf bow",
    "elfbow", "Elfenbogen"). Any other name is accepted unchecked.

    >>> validate_loadout(base_class=BaseClass.WARRIOR, weapons=["battle axe"],
    ...                  dwarf=True)
    Traceback (most recent call last):
    ...
    rollwerk.errors.RulesError: dwarves cannot use a battle axe (too unwieldy)
    >>> validate_loadout(base_class=BaseClass.WARRIOR, weapons=["Langbogen"],
    ...                  dwarf=True)
    Traceback (most recent call last):
    ...
    rollwerk.errors.RulesError: dwarves cannot use a longbow (given as 'Langbogen'; too unwieldy)

    Raises:
        RulesError: Equipment the rules forbid.
        ParameterError: ``weapons`` is a single string or holds a name that
            is not a string, or a piece's ``slot`` is unknown.
    """
    if isinstance(weapons, (str, bytes)):
        raise ParameterError(
            "weapons", weapons, "a list of weapon names (not a single string)"
        )
    weapons = tuple(weapons)  # read twice below: an iterator would be read once
    for weapon in weapons:
        if not isinstance(weapon, str):
            raise ParameterError("weapon name", weapon, "a string")
    if dwarf:
        for weapon in weapons:
            forbidden = _DWARF_FORBIDDEN_KEYS.get(_weapon_key(weapon))
            if forbidden is None:
                continue
            article = "an" if forbidden[0] in "aeiou" else "a"
            given = "" if weapon == forbidden else f"given as {weapon!r}; "
            raise RulesError(
                f"dwarves cannot use {article} {forbidden} ({given}too unwieldy)"
            )
    slots: dict[str, int] = {}
    for piece in pieces:
        if piece.slot not in {"helmet", "body", "arms", "legs", "shield"}:
            raise ParameterError(
                "slot", piece.slot, "one of 'helmet', 'body', 'arms', 'legs', 'shield'"
            )
        slots[piece.slot] = slots.get(piece.slot, 0) + 1
        if slots[piece.slot] > 1:
            raise RulesError(
                f"at most one {piece.slot} piece can be worn, got a second: {piece.name}"
            )
        if enforce_class_limits and not armour_allowed(
            base_class, piece.kind, armoured
        ):
            raise RulesError(
                f"a {base_class.value} may not wear {piece.kind.name.lower()} armour "
                f"({piece.name}) without the talent Gerüstet"
            )
    if two_handed and "shield" in slots:
        raise RulesError("a shield cannot be used while carrying a two-handed weapon")
