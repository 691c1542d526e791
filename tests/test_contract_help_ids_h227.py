"""Help ids of a ruleset's catalog name its checks and parameters (h227).

``<id>.help.<check>`` is written in the other languages only, its English
being the help the check declares, so a misspelt one (``x.help.tset``)
passed every check and was never shown.
"""

from __future__ import annotations

import pytest

from rollwerk import Degree, Outcome
from rollwerk.checks import Parameter, define_check
from rollwerk.i18n import Catalog
from rollwerk.rulesets import define_ruleset
from rollwerk.testing import ContractViolation, assert_ruleset_declaration


def _ruleset(german: dict[str, str]) -> object:
    check = define_check(
        "test",
        [Parameter("skill", int, min_value=1, max_value=20, help="the skill")],
        dice=[20],
        judge=lambda faces, skill: Outcome(
            faces[0] <= skill,
            Degree.SUCCESS if faces[0] <= skill else Degree.FAILURE,
            faces[0],
        ),
        help="a d20 under the skill",
    )
    return define_ruleset(
        "x", "X", version="1", catalog=Catalog({"de": german}), checks=[check]
    )


def test_help_for_declared_checks_and_parameters_passes() -> None:
    assert_ruleset_declaration(
        _ruleset(
            {"x.help.test": "ein W20 unter dem Wert", "x.help.test.skill": "der Wert"}
        )
    )


@pytest.mark.parametrize(
    ("german", "stray"),
    [
        ({"x.help.tset": "Tippfehler"}, "x.help.tset"),
        ({"x.help.test.skil": "Tippfehler"}, "x.help.test.skil"),
    ],
)
def test_help_for_no_declared_check_or_parameter_is_a_violation(
    german: dict[str, str], stray: str
) -> None:
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(_ruleset(german))
    assert str(info.value) == (
        "ruleset 'x': its catalog has help for no declared check or parameter "
        f"(it would never be shown): {stray}"
    )


def test_a_language_one_level_starts_must_have_every_word() -> None:
    """h227: a ``fr=`` on one Level left every other French word English."""
    from rollwerk.checks import Level, SuccessLevels

    levels = SuccessLevels(
        Level("miss", Degree.FAILURE, en="miss", de="daneben", fr="raté"),
        Level("hit", Degree.SUCCESS, en="hit", de="Treffer"),
    )
    check = define_check(
        "test",
        dice=[6],
        judge=lambda faces: levels.outcome("hit" if faces[0] > 3 else "miss", faces[0]),
    )
    ruleset = define_ruleset("x", "X", version="1", levels=levels, checks=[check])
    assert ruleset.labels["fr"]["hit"] == "hit"  # English, as the kit now says
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(ruleset)
    assert str(info.value).startswith(
        "ruleset 'x': its catalog lacks in 'fr' (these words would fall back "
        "to English): "
    )
    assert "x.label.hit" in str(info.value)
