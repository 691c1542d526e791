"""DS4 fights with optional rules: ``--option`` and ``with_ruleset`` (helper-178).

The fights page's hero against its orc, 40 rounds: plain DS4 and with
slaying dice (DS4-R36: a 20 on the attack rolls again and adds), which the
``ds4-slayers`` plugin offers. The damage is the value of the ``attack``
check (DS4-R14) of the ruleset the rules are built on.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwerk import build_check
from rollwerk.analysis import fight
from rollwerk.cli import main
from rollwerk.errors import ParameterError
from rollwerk.plugins import Registry
from rollwerk_ds4 import Ds4FightRules, plugin

slayers = pytest.importorskip("rollwerk_ds4_slayers.plugin")

REGISTRY = Registry(load_entrypoints=False, plugins=[plugin, slayers])
RULES = REGISTRY.fight_rules()["ds4"]
HERO = {"attack": 12, "defense": 10, "life": 20, "initiative": 8}
ORC = {"attack": 10, "defense": 8, "life": 18, "initiative": 6}
WORDS = [
    "fight",
    "ds4",
    "attack=12",
    "defense=10",
    "life=20",
    "initiative=8",
    "--vs",
    "attack=10",
    "defense=8",
    "life=18",
    "initiative=6",
    "--rounds",
    "40",
]


def _slaying() -> Ds4FightRules:
    rules = RULES.with_ruleset(REGISTRY.ruleset("ds4", options=["slaying-dice"]))
    assert isinstance(rules, Ds4FightRules)
    return rules


def test_slaying_dice_lower_the_heros_chance_from_0_8309_to_0_8075() -> None:
    """DS4-R36 helps both sides; the orc, the weaker one, gains more."""
    plain = fight(RULES, HERO, ORC, max_rounds=40)
    slaying = fight(_slaying(), HERO, ORC, max_rounds=40)
    assert f"{float(plain.first):.4f}" == "0.8309"
    assert f"{float(slaying.first):.4f}" == "0.8075"
    assert slaying.first + slaying.second + slaying.undecided == 1
    assert slaying.first_acts_first == plain.first_acts_first == 1  # INI 8 > 6


def test_the_damage_is_the_optioned_rulesets_attack_check() -> None:
    """DS4-R14 over DS4-R36: the rules ask the ruleset they are built on."""
    rules = _slaying()
    ruleset = REGISTRY.ruleset("ds4", options=["slaying-dice"])
    hero, orc = rules.fighter(HERO), rules.fighter(ORC)
    expected = build_check(
        ruleset, "attack", attack=12, defense=8, defense_reduction=0
    ).outcomes()
    damage = rules.damage(hero, orc, attack=0, faced=0)
    assert damage == expected.map(lambda o: int(o.value or 0))
    assert damage != RULES.damage(hero, orc, attack=0, faced=0)
    assert rules.parameters() == RULES.parameters()


def test_with_ruleset_refuses_another_rulesets_rules() -> None:
    pf2e_like = Registry(load_entrypoints=False, plugins=[slayers])
    with pytest.raises(ParameterError) as info:
        RULES.with_ruleset(pf2e_like)  # type: ignore[arg-type]
    assert str(info.value).startswith(
        "ruleset must be the 'ds4' ruleset, with or without optional rules, got "
    )


def test_the_command_line_takes_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*WORDS, "--option", "slaying-dice"], registry=REGISTRY) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "ds4 fight: attack=12 defense=10 life=20 initiative=8 "
        "defense_reduction=0 vs attack=10 defense=8 life=18 initiative=6 "
        "defense_reduction=0 (at most 40 rounds) (options: slaying-dice)"
    )
    assert out[2].split() == ["first", "side", "wins", "80.75%", "█" * 40]


def test_the_json_names_the_options_after_the_ruleset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    assert main([*WORDS, "--option", "slaying-dice", "--json"], registry=REGISTRY) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data)[:4] == ["schema", "ruleset", "options", "first"]
    assert data["options"] == ["slaying-dice"]
    slaying = fight(_slaying(), HERO, ORC, max_rounds=40)
    first = Fraction(data["probabilities"]["first"])
    assert first == slaying.first
    # without --option the document has no "options" key
    assert main([*WORDS, "--json"], registry=REGISTRY) == 0
    assert "options" not in json.loads(capsys.readouterr().out)


def test_an_unknown_option_is_refused_naming_the_offered_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*WORDS, "--option", "nope"], registry=REGISTRY) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: --option must be one of: slayer-points, slaying-dice "
        "for ruleset 'ds4', got 'nope'\n"
    )
