"""Findings of an audit against the German seed (helper-h244).

MY-R16 / MY-R18 / MY-R20: „Für jedes verbrauchte persönliche Phiol entsteht
eine Aetherkarenz von 1 Kampfrunde beziehungsweise 2 Aktionen“ — a round has
2 actions, so a recitation of „1 bis 5 Aktionen“ spends at most 2 per turn.
MY-R01 / MY-R03: „Ein Charakter kann für Körper × 3 Sekunden die Luft
anhalten“, and Körper is 35 to 100. Public helpers refuse wrong types by name.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import Encounter, ParameterError, RulesError
from rollwerk.encounter import EffectAdded, GameTime
from rollwerk.plugins import get_registry
from rollwerk_mythandria import (
    AetherFormula,
    Character,
    HoldingBreath,
    cast_from_slots,
    check_value,
    declaim,
    fixed_modifier,
    outcome_rank,
)


def _encounter() -> Encounter:
    rs = get_registry().ruleset("mythandria")
    enc, _ = Encounter.for_ruleset(rs, ["Mira", "Orc"]).advance()  # round 1: Mira
    return enc


def test_my_r16_r20_a_turn_holds_two_recitation_actions() -> None:
    """MY-R16, MY-R20: a level-5 formula had taken effect in the caster's first
    turn (5 recitations in round 1); the third is refused."""
    enc = _encounter()
    _, recital = declaim(enc, "Mira", AetherFormula(5))
    assert recital is not None
    for _ in range(2):
        (enc, _), recital = recital.recite(enc)
        assert recital is not None
    assert enc.actions_used("Mira") == 2
    with pytest.raises(RulesError) as info:
        recital.recite(enc)
    assert str(info.value) == (
        "Mira has used all 2 action slots of its turn in round 1 (at most 2 per "
        "round, MY-R20); recite again in Mira's next turn"
    )
    assert enc.actions_used("Mira") == 2  # nothing was spent


def test_my_r16_r20_a_level_5_formula_takes_effect_in_round_3() -> None:
    """MY-R16, MY-R18, MY-R20: 2 + 2 + 1 recitation actions over three rounds,
    then the effect and the lockout of 10 slots."""
    enc = _encounter()
    _, recital = declaim(enc, "Mira", AetherFormula(5))
    events: tuple[object, ...] = ()
    for turn in (2, 2, 1):
        for _ in range(turn):
            assert recital is not None
            (enc, events), recital = recital.recite(enc)
        if recital is not None:
            enc, _ = enc.advance(2)  # Mira ends, Orc's turn, Mira again
    assert recital is None
    assert enc.round == 3
    added = events[-1]
    assert isinstance(added, EffectAdded)
    assert added.effect.datum("personal_phiols") == 5
    assert enc.remaining(added.effect.id) == 10


def test_my_r16_no_recitation_outside_the_casters_turn() -> None:
    """MY-R16: the recitation is in the character phase, in the caster's own
    action slots; spending them in another's turn gave extra actions."""
    enc = _encounter()
    _, recital = declaim(enc, "Mira", AetherFormula(3))
    assert recital is not None
    (enc, _), recital = recital.recite(enc)
    assert recital is not None
    (enc, _), recital = recital.recite(enc)
    assert recital is not None
    enc, _ = enc.advance()  # Orc's turn
    with pytest.raises(RulesError) as info:
        recital.recite(enc)
    assert str(info.value) == (
        "Mira can recite only in its own turn; it is Orc's turn in round 1 (MY-R16)"
    )


BREATH = (
    "a multiple of 3 from 105 to 300 (Body × 3 seconds, Body 35 to 100; MY-R01, MY-R03)"
)


@pytest.mark.parametrize("seconds", [301, 104, 106, 303, 102, 0, 1, True, "105"])
def test_my_r01_r03_holding_breath_is_body_times_3(seconds: object) -> None:
    """MY-R01, MY-R03: ``HoldingBreath('Mira', 301)`` and ``(…, 104)`` had been
    accepted; Body × 3 with Body 35 to 100 is a multiple of 3 from 105 to 300."""
    with pytest.raises(ParameterError) as info:
        HoldingBreath("Mira", seconds)  # type: ignore[arg-type]
    assert str(info.value) == f"seconds must be {BREATH}, got {seconds!r}"


def test_my_r03_the_bounds_are_the_characters_extremes() -> None:
    """MY-R03, MY-A07: Body 35 gives 105 s and Body 100 gives 300 s."""
    least = HoldingBreath.of("Mira", Character())
    most = HoldingBreath.of("Mira", Character(body=100, total_xp=1700))
    assert (least.seconds, most.seconds) == (105, 300)
    assert most.duration == GameTime(300)


BAD = ["3", None, 3.5, [3], {}, b"3", True, -1]


def _calls(bad: object) -> list[tuple[str, Callable[[], object]]]:
    return [
        ("outcome", lambda: outcome_rank(bad)),  # type: ignore[arg-type]
        ("formula", lambda: cast_from_slots(bad, ["recite"])),  # type: ignore[arg-type]
        ("uses", lambda: cast_from_slots(AetherFormula(1), [bad])),  # type: ignore[list-item]
        ("fixed", lambda: check_value(40, 0, bad)),  # type: ignore[arg-type]
        ("kind", lambda: fixed_modifier(3, "sword", bad)),  # type: ignore[arg-type]
    ]


# ``fixed`` is any iterable: [3] and {} are iterables whose items are checked
CASES = [
    (index, bad)
    for index in range(5)
    for bad in BAD
    if not (index == 3 and isinstance(bad, (list, dict)))
]


@pytest.mark.parametrize(("index", "bad"), CASES, ids=repr)
def test_public_helpers_refuse_wrong_types_by_name(index: int, bad: object) -> None:
    """MY-R08, MY-R11, MY-A05: ``outcome_rank("3")`` and ``cast_from_slots``
    had raised AttributeError, ``check_value(…, fixed=None)`` and
    ``fixed_modifier(…, kind=[3])`` TypeError."""
    name, call = _calls(bad)[index]
    with pytest.raises(ParameterError) as info:
        call()
    assert info.value.parameter == name


def test_wrong_type_messages() -> None:
    """The messages name the parameter, the value and what is allowed."""
    with pytest.raises(ParameterError) as info:
        outcome_rank("3")  # type: ignore[arg-type]
    assert str(info.value) == (
        "outcome must be an Outcome of a comparison check, got '3'"
    )
    with pytest.raises(ParameterError) as info:
        cast_from_slots(AetherFormula(1), ["sing"])  # type: ignore[list-item]
    assert str(info.value) == (
        "uses must be a list of slot uses ('recite', 'other', 'prevented'), got 'sing'"
    )
