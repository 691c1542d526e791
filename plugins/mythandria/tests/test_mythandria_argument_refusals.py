"""Mythandria's helpers refuse arguments of the wrong type by name.

Found by a type-confusion fuzz of the plugin's public functions (session 25):
each raised Python's ``TypeError`` or ``AttributeError`` (``rng=None``,
``pws=None``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rollwerk import ParameterError, ScriptedRng
from rollwerk_mythandria import comparison_odds, preparation_window, roll_d100

RNG = (
    "rng must be an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...]), "
    "got None"
)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: roll_d100(None), RNG),  # type: ignore[arg-type]
        (lambda: preparation_window(None), RNG),  # type: ignore[arg-type]
        (
            lambda: comparison_odds(None),  # type: ignore[arg-type]
            "pws must be a sequence of check values, got None",
        ),
    ],
)
def test_wrong_arguments_are_refused_by_name(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_the_documented_forms_still_work() -> None:
    assert roll_d100(ScriptedRng([37]))[0] == 37
    assert preparation_window(ScriptedRng([3])).explain("de") == (
        "1W4 zeigt 3: 3 Stunden Vorbereitungszeit"
    )
    assert preparation_window(None, granted=False).hours == 0  # type: ignore[arg-type]


class _Loaded:
    """A caller's Rng that breaks the protocol: 0 from any die."""

    def roll(self, sides: int) -> int:
        return 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: roll_d100(_Loaded()),
            "rng.roll(100) must be an integer from 1 to 100 (the Rng protocol), got 0",
        ),
        (
            lambda: preparation_window(_Loaded()),
            "rng.roll(4) must be an integer from 1 to 4 (the Rng protocol), got 0",
        ),
    ],
)
def test_faces_outside_the_protocol_are_refused(
    call: Callable[[], object], message: str
) -> None:
    # rollwerk.rng.checked: the helpers check a caller's faces as the core does
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def _aether_calls() -> list[tuple[Callable[[], object], str]]:
    from rollwerk_mythandria import (
        AetherFormula,
        AetherLockout,
        HoldingBreath,
        Recital,
        cast,
        declaim,
        is_locked_out,
    )

    two = AetherFormula(2)
    return [
        (lambda: cast(3), "formula must be an AetherFormula, got 3"),  # type: ignore[arg-type]
        (
            lambda: declaim(None, "Mira", two),  # type: ignore[arg-type]
            "encounter must be an Encounter, got None",
        ),
        (
            lambda: Recital("a", two, 1).recite(None),  # type: ignore[arg-type]
            "encounter must be an Encounter, got None",
        ),
        (
            lambda: Recital("a", two, 1).interrupt(None),  # type: ignore[arg-type]
            "encounter must be an Encounter, got None",
        ),
        (
            lambda: Recital("a", two, 1, recited=2),
            "recited must be an integer from 0 to 1, got 2",
        ),
        (
            lambda: is_locked_out(None, "a"),  # type: ignore[arg-type]
            "encounter must be an Encounter, got None",
        ),
        (
            lambda: HoldingBreath.of("a", None),  # type: ignore[arg-type]
            "character must be a Character, got None",
        ),
        (
            lambda: HoldingBreath("a", "x"),  # type: ignore[arg-type]
            "seconds must be a multiple of 3 from 105 to 300 (Body × 3 seconds, Body 35 to 100; MY-R01, MY-R03), got 'x'",
        ),
        (
            lambda: HoldingBreath("a", -1),
            "seconds must be a multiple of 3 from 105 to 300 (Body × 3 seconds, Body 35 to 100; MY-R01, MY-R03), got -1",
        ),
        (
            lambda: HoldingBreath("", 105),
            "who must be a combatant's id (a non-empty string), got ''",
        ),
        (
            lambda: AetherLockout("a", -2),
            "actions must be an integer from 1 to 10, got -2",
        ),
        (
            lambda: AetherLockout("a", 0),
            "actions must be an integer from 1 to 10, got 0",
        ),
        (
            lambda: cast(two).timeline(until=10**9),
            "until must be an integer from 0 to 10000, got 1000000000",
        ),
        (
            lambda: cast(two, 5).timeline(until="x"),  # type: ignore[arg-type]
            "until must be an integer from 4 to 10004, got 'x'",
        ),
    ]


@pytest.mark.parametrize("index", range(14))
def test_aether_and_breath_refuse_wrong_arguments_when_built(index: int) -> None:
    """MY-R03, MY-R15..R18: a held-out rules lawyer found AttributeErrors
    (``cast(3)``, ``declaim(None, …)``, ``recite(None)``,
    ``HoldingBreath.of("a", None)``), a ValueError from a ``HoldingBreath``
    of ``"x"`` seconds only when applied, lockouts of -2 actions accepted
    until applied (then named ``n``), and ``timeline(until=10**9)`` running
    out of memory."""
    calls = _aether_calls()
    assert len(calls) == 14
    call, message = calls[index]
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_a_timeline_lists_up_to_its_limit() -> None:
    from rollwerk_mythandria import MAX_TIMELINE, AetherFormula, cast

    casting = cast(AetherFormula(2), 5)
    assert len(casting.timeline(until=5 + MAX_TIMELINE - 1)) == MAX_TIMELINE
    assert casting.timeline(until=4) == []
    assert casting.timeline()[:3] == [
        (5, "recite"),
        (6, "recite, effect"),
        (7, "lockout"),
    ]
