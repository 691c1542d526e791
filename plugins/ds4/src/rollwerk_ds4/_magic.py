"""DS4 magic as pure functions and values (DS4-R38 to DS4-R46)."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence

import attrs

from rollwerk import ParameterError, Rng, Rounds, RulesError
from rollwerk.dice import DieRoll
from rollwerk.encounter import GameTime
from rollwerk_ds4._check import Roll, roll_check
from rollwerk_ds4._dice import assign_dice, check_pw, sub_checks

__all__ = [
    "CasterClass",
    "MagicAnalysis",
    "Rounding",
    "SpellAccess",
    "SpellKind",
    "SpellSwitch",
    "can_cast_with_wand",
    "can_learn",
    "castable",
    "cooldown_duration",
    "multi_target",
    "next_castable_round",
    "restrained_value",
    "spell_bonus_from_target",
    "spell_pw",
    "switch_spell",
]


class SpellKind(enum.Enum):
    """Normal spells use Zaubern, targeted spells Zielzauber (DS4-R38)."""

    NORMAL = "normal"
    """(N)ormaler Zauber: cast with Zaubern; success usually suffices."""
    TARGETED = "targeted"
    """(Z)ielzauber: cast with Zielzauber; the result is damage, Abwehr applies."""


class Rounding(enum.Enum):
    """How a spell formula rounds (DS4-A09: down unless the spell says up)."""

    DOWN = "down"
    """Round down (the default)."""
    UP = "up"
    """Round up, where a spell's own text asks for it."""


def spell_pw(
    kind: SpellKind, *, spellcasting: int, targeted_spellcasting: int, spell_bonus: int
) -> int:
    """The casting check value: Zaubern or Zielzauber + ZB (DS4-R38, DS4-R39).

    >>> spell_pw(SpellKind.NORMAL, spellcasting=16, targeted_spellcasting=12,
    ...          spell_bonus=-7)
    9
    """
    base = spellcasting if kind is SpellKind.NORMAL else targeted_spellcasting
    return base + spell_bonus


def spell_bonus_from_target(
    *values: int, divisor: int = 2, rounding: Rounding = Rounding.DOWN
) -> int:
    """A ZB computed from the target: ``−(sum of values) / divisor`` (DS4-R39).

    For Einschläfern, ``−(GEI + VE) / 2`` (DS4-A22). Rounding is per formula
    (DS4-A09): down by default.

    >>> spell_bonus_from_target(8, 6)
    -7
    >>> spell_bonus_from_target(8, 5), spell_bonus_from_target(8, 5, rounding=Rounding.UP)
    (-6, -7)
    """
    if isinstance(divisor, bool) or not isinstance(divisor, int) or divisor < 1:
        raise ParameterError("divisor", divisor, "an integer >= 1")
    total = sum(values)
    share = total // divisor if rounding is Rounding.DOWN else -(-total // divisor)
    return -share


def multi_target(
    base_pw: int, bonuses: Mapping[str, int], rng: Rng
) -> tuple[dict[str, Roll], tuple[DieRoll, ...]]:
    """One roll for several targets with different ZB (DS4-R40, DS4-A21).

    The check is rolled once at ``base_pw`` (without the target-dependent
    ZB); each target is then tested against ``base_pw + ZB``: a coup
    succeeds and a fumble fails for everyone. Above 20 the same dice are
    re-assigned for each target's own PW (which must need as many dice).

    >>> from rollwerk import ScriptedRng
    >>> res, _ = multi_target(16, {"A": -7, "B": -11}, ScriptedRng([6]))
    >>> {name: r.success for name, r in res.items()}
    {'A': True, 'B': False}

    Every target is checked before anything is rolled: a refusal draws no
    die from ``rng``, whatever the roll would have been.

    Raises:
        ParameterError: ``base_pw`` or a target's PW outside -1000 to 1000,
            ``bonuses`` not a mapping, or a ZB that is not an integer.
        RulesError: A target whose PW needs another number of d20 than
            ``base_pw`` (roll for it separately).
    """
    k = len(sub_checks(check_pw(base_pw, "base_pw")))
    if not isinstance(bonuses, Mapping):
        raise ParameterError("bonuses", bonuses, "a mapping of target names to ZB")
    pws: dict[str, int] = {}
    for name, zb in bonuses.items():
        if isinstance(zb, bool) or not isinstance(zb, int):
            raise ParameterError(f"ZB of target {name}", zb, "an integer")
        pw = pws[name] = check_pw(base_pw + zb, f"PW of target {name}")
        if len(sub_checks(pw)) != k:
            raise RulesError(
                f"target {name}: PW {pw} needs {len(sub_checks(pw))} d20, "
                f"the roll at PW {base_pw} has {k}; roll separately"
            )
    base, rolls = roll_check(base_pw, rng, role="spell")
    out: dict[str, Roll] = {}
    for name, pw in pws.items():
        if base.is_fumble:
            out[name] = attrs.evolve(base, pw=pw)
            continue
        if k == 1:
            d = base.dice[0]
            if base.is_coup:
                out[name] = attrs.evolve(base, pw=pw, result=max(pw, 1))
            elif d <= pw:  # a positive ZB can turn a failure at base_pw into one
                out[name] = attrs.evolve(
                    base, pw=pw, success=True, degree=base.degree.SUCCESS, result=d
                )
            else:
                out[name] = attrs.evolve(
                    base, pw=pw, success=False, degree=base.degree.FAILURE, result=0
                )
        else:
            assigned = assign_dice(pw, base.dice)
            out[name] = attrs.evolve(
                base, pw=pw, result=assigned.result, assignment=assigned
            )
    return out, rolls


@attrs.frozen
class SpellSwitch:
    """The outcome of switching the active spell (DS4-R41, DS4-A20)."""

    active: str | None
    """The active spell afterwards."""
    action_spent: bool
    """Whether the switch used the action (a coup keeps it free)."""
    switched: bool
    """Whether the new spell is now active."""


def switch_spell(current: str | None, new: str, check: Roll) -> SpellSwitch:
    """Switch the one active spell with a GEI+VE check (DS4-R41).

    Success makes ``new`` active and costs the action; a coup switches
    without spending the action, so the spell can be cast this round; a
    failure (or fumble, DS4-A20) spends the action and keeps the old spell.

    >>> from rollwerk import ScriptedRng
    >>> from rollwerk_ds4 import roll_check
    >>> roll, _ = roll_check(10, ScriptedRng([1]))
    >>> switch_spell("Einschläfern", "Heilende Hand", roll)
    SpellSwitch(active='Heilende Hand', action_spent=False, switched=True)
    """
    if check.success:
        return SpellSwitch(new, not check.is_coup, True)
    return SpellSwitch(current, True, False)


def next_castable_round(cast_round: int, cooldown: int) -> int:
    """After a successful cast in round ``t`` with cooldown ``c``: ``t + c + 1``.

    Cooldown 0 means every round (DS4-R42, DS4-A18).

    >>> next_castable_round(3, 10), next_castable_round(3, 0)
    (14, 4)
    """
    for name, value in (("cast_round", cast_round), ("cooldown", cooldown)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ParameterError(name, value, "an integer >= 0")
    return cast_round + cooldown + 1


def castable(round_number: int, *, cast_round: int | None, cooldown: int) -> bool:
    """Whether a spell can be cast in ``round_number`` (DS4-R42).

    ``cast_round`` is the round of the last **successful** cast (a failed cast
    starts no cooldown), or ``None``.
    """
    if cast_round is None:
        return True
    return round_number >= next_castable_round(cast_round, cooldown)


def cooldown_duration(
    *, rounds: int | None = None, hours: int | None = None
) -> Rounds | GameTime:
    """A cooldown as a core duration (DS4-R42).

    ``rounds=c`` gives [`Rounds`][rollwerk.encounter.Rounds] ``(c + 1)`` on the caster's
    turn starts: free again at the start of its turn in round ``t + c + 1``.
    ``hours=h`` gives [`GameTime`][rollwerk.encounter.GameTime] in real game time.

    >>> cooldown_duration(rounds=10)
    Rounds(n=11, tick_on=None, ends_at=None)
    """
    if (rounds is None) == (hours is None):
        raise ParameterError("rounds/hours", (rounds, hours), "exactly one of them")
    if rounds is not None:
        next_castable_round(0, rounds)
        return Rounds(rounds + 1)
    assert hours is not None
    if isinstance(hours, bool) or not isinstance(hours, int) or hours < 1:
        raise ParameterError("hours", hours, "an integer >= 1")
    return GameTime.hours(hours)


class CasterClass(enum.Enum):
    """The spellcasting base classes (hero classes keep their base's access)."""

    HEALER = "healer"
    """Heiler."""
    SORCERER = "sorcerer"
    """Schwarzmagier."""
    WIZARD = "wizard"
    """Zauberer."""


@attrs.frozen
class SpellAccess:
    """The access levels of a spell per caster class (DS4-R43); None = "–"."""

    healer: int | None = None
    """Minimum level for healers, or ``None`` if they cannot learn it."""
    sorcerer: int | None = None
    """Minimum level for sorcerers (Schwarzmagier)."""
    wizard: int | None = None
    """Minimum level for wizards (Zauberer)."""


def can_learn(access: SpellAccess, caster: CasterClass, level: int) -> bool:
    """Whether a caster of ``level`` may learn a spell (DS4-R43).

    >>> can_learn(SpellAccess(healer=1, wizard=5), CasterClass.WIZARD, 4)
    False
    """
    minimum: int | None = getattr(access, caster.value)
    return minimum is not None and level >= minimum


_RESTRAINTS = ("gestures", "words")
"""What a Wissensgebiet rank can let a caster do without (DS4-R44)."""


def restrained_value(
    value: int,
    *,
    bound: bool = False,
    gagged: bool = False,
    knowledge_ranks: int = 0,
    ignores: Iterable[str] | None = None,
) -> int:
    """Zaubern / Zielzauber of a bound or gagged caster (DS4-R44, DS4-A09).

    Bound or gagged: halved; both: quartered (rounding down). Each rank of
    the talent "Wissensgebiet" (at most II) lets the caster ignore one of
    the two penalties, chosen when the rank is learned: ``"gestures"``
    (casting without gestures: the penalty for being bound) or ``"words"``
    (casting without words: the penalty for being gagged).

    ``ignores`` names the choice of each rank, one per rank (so as many as
    ``knowledge_ranks``, each penalty at most once). Left out (``None``),
    the ranks cancel whichever penalties apply, as if each had been chosen
    for this situation: one rank removes one of two penalties, and a bound
    or a gagged caster with one rank casts at full value.

    >>> restrained_value(16, bound=True), restrained_value(16, bound=True, gagged=True)
    (8, 4)
    >>> restrained_value(15, bound=True), restrained_value(16, bound=True, gagged=True,
    ...                                                    knowledge_ranks=1)
    (7, 8)
    >>> restrained_value(16, bound=True, knowledge_ranks=1, ignores=["words"])
    8
    >>> restrained_value(16, bound=True, knowledge_ranks=1, ignores=["gestures"])
    16

    Raises:
        ParameterError: ``value`` not an integer, ``knowledge_ranks`` not 0,
            1 or 2, or ``ignores`` not one choice per rank of "gestures" or
            "words", each at most once.
    """
    if (
        isinstance(knowledge_ranks, bool)
        or not isinstance(knowledge_ranks, int)
        or not 0 <= knowledge_ranks <= 2
    ):
        raise ParameterError("knowledge_ranks", knowledge_ranks, "0, 1 or 2")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterError("value", value, "an integer")
    if ignores is None:
        penalties = max(0, int(bound) + int(gagged) - knowledge_ranks)
        return value // (1 << penalties)
    if isinstance(ignores, (str, bytes)) or not isinstance(ignores, Iterable):
        raise ParameterError(
            "ignores", ignores, "a list of 'gestures' or 'words' (not a single string)"
        )
    chosen = tuple(ignores)
    for choice in chosen:
        if choice not in _RESTRAINTS:
            raise ParameterError("ignores", choice, "'gestures' or 'words'")
    if len(set(chosen)) != len(chosen):
        raise ParameterError(
            "ignores", list(chosen), "each of 'gestures' and 'words' at most once"
        )
    if len(chosen) != knowledge_ranks:
        ranks = f"{knowledge_ranks} rank" + ("" if knowledge_ranks == 1 else "s")
        raise ParameterError(
            "ignores",
            list(chosen),
            f"one choice per Wissensgebiet rank ({ranks}: knowledge_ranks="
            f"{knowledge_ranks})",
        )
    penalties = int(bound and "gestures" not in chosen) + int(
        gagged and "words" not in chosen
    )
    return value // (1 << penalties)


@attrs.frozen
class MagicAnalysis:
    """What a caster has tried on one magic (DS4-R45).

    Sensing (GEI+AU, within ``level`` metres) and then identifying (GEI+VE,
    touching it, only after sensing it) may each be tried once per magic,
    and again only after gaining a level. Frozen: each attempt returns a new
    record.
    """

    sensed: bool = False
    """Whether the magic was sensed."""
    sense_tried_at: int | None = None
    """The caster level of the last sensing attempt."""
    identify_tried_at: int | None = None
    """The caster level of the last identifying attempt."""
    identified: bool = False
    """Whether its effect is known."""

    def sense(self, *, level: int, distance_m: int, success: bool) -> MagicAnalysis:
        """Record a GEI+AU attempt to sense the magic."""
        if distance_m > level:
            raise RulesError(
                f"magic can be sensed within {level} m (the level), got {distance_m} m"
            )
        if self.sense_tried_at is not None and level <= self.sense_tried_at:
            raise RulesError(
                f"sensing this magic was tried at level {self.sense_tried_at}; "
                "try again after gaining a level"
            )
        return attrs.evolve(self, sensed=self.sensed or success, sense_tried_at=level)

    def identify(self, *, level: int, touching: bool, success: bool) -> MagicAnalysis:
        """Record a GEI+VE attempt to learn what the magic does."""
        if not self.sensed:
            raise RulesError("a magic must be sensed before it can be identified")
        if not touching:
            raise RulesError("identifying a magic needs touching it")
        if self.identify_tried_at is not None and level <= self.identify_tried_at:
            raise RulesError(
                f"identifying this magic was tried at level {self.identify_tried_at}; "
                "try again after gaining a level"
            )
        return attrs.evolve(
            self, identified=self.identified or success, identify_tried_at=level
        )


def can_cast_with_wand(
    spell: str, *, known_spells: Sequence[str], wand_spell: str | None
) -> bool:
    """A wand lets a caster who knows its spell cast it without switching (DS4-R46).

    >>> can_cast_with_wand("Feuerball", known_spells=["Feuerball"],
    ...                    wand_spell="Feuerball")
    True
    """
    return wand_spell == spell and spell in known_spells
