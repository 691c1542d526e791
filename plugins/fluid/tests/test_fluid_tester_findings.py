"""Findings of held-out testers: a result of another check, German words.

Rule ids refer to the Fluid specification (``fluid.md``); the German words
are those of its seed (``001_*.txt``): *Wurfwiederholung* (FL-R11),
*widriger Nebeneffekt* (FL-R06), *Erfolgsqualität* (FL-R05).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from rollwerk import CheckResult, ParameterError, RulesError, ScriptedRng
from rollwerk.cli import main
from rollwerk.dice import DieRoll
from rollwerk_adz import adz_check
from rollwerk_fluid import RerollCheck, chance, fluid_check, repeat, reroll
from rollwerk_fluid._catalog import CATALOG, ROLE_REPEATS
from rollwerk_fluid._rerolls import MAX_REPEATS, _role

# -- a result of another check (FL-R11, FL-R12) ---------------------------------


def _refused(call: Callable[[], object], parameter: str = "result") -> str:
    with pytest.raises(ParameterError) as err:
        call()
    assert err.value.parameter == parameter
    return str(err.value)


def test_fl_r11_reroll_refuses_a_result_of_another_chance() -> None:
    """FL-R11: "Nothing else changes (same C)": a result rolled against
    chance 2 is not rerolled against chance 6; nothing is drawn."""
    other = fluid_check(attribute=2).resolve(ScriptedRng([9]))
    rng = ScriptedRng([5])
    assert _refused(lambda: reroll(fluid_check(attribute=6), other, rng, mana=1)) == (
        "result must be a result of the check given (fluid:check), which explains "
        "its dice as 'chance 6 (attribute 6): rolled 9 > 6: failure', got "
        "'chance 2 (attribute 2): rolled 9 > 2: failure'"
    )
    assert rng.remaining == 1


def test_fl_r11_reroll_refuses_other_rulesets_checks_and_dice() -> None:
    """FL-R11: only d10 of the check's roles, from the check given."""
    check = fluid_check(attribute=5)
    rng = ScriptedRng([5])
    adz = adz_check(3).resolve(ScriptedRng([1, 2, 3]))
    assert _refused(lambda: reroll(check, adz, rng, mana=1)) == (
        "result must be a result of the check given (fluid:check), got 'adz:check'"
    )
    played = RerollCheck(check, mana=1).resolve(ScriptedRng([9, 2]))
    assert _refused(lambda: reroll(check, played, rng, mana=1)) == (
        "result must be a result of the check given (fluid:check), got 'fluid:rerolls'"
    )
    own = check.resolve(ScriptedRng([9]))
    d6 = attrs.evolve(own, rolls=(DieRoll(6, 5, "check"),))
    assert _refused(lambda: reroll(check, d6, rng, mana=1)) == (
        "result must be a result of the check given (fluid:check), whose dice are "
        "d10 of the roles 'check', 'check reroll', 'fate', 'fate reroll', got "
        "'a d6 (check)'"
    )
    assert _refused(lambda: reroll(check, "9", rng, mana=1)) == (  # type: ignore[arg-type]
        "result must be a result of the check given (fluid:check), got '9'"
    )
    assert _refused(
        lambda: reroll(adz_check(3), own, rng, mana=1),  # type: ignore[arg-type]
        "check",
    ).startswith("check must be a Fluid check (fluid_check, FLUID), got FaceCheck(")
    assert rng.remaining == 1


def test_fl_r03_reroll_refuses_dice_the_check_does_not_roll() -> None:
    """FL-R03: at a chance of 0 or less no die is rolled; the dice of a
    result must be what the check rolls."""
    rng = ScriptedRng([5])
    none = fluid_check(attribute=0).resolve(ScriptedRng([]))
    assert _refused(lambda: reroll(fluid_check(attribute=5), none, rng, mana=1)) == (
        "result must be a result of the check given (fluid:check), which rolls a "
        "check die, then a fate die after a 1, got 'dice []'"
    )
    rolled = fluid_check(attribute=5).resolve(ScriptedRng([9]))
    assert _refused(lambda: reroll(fluid_check(attribute=0), rolled, rng, mana=1)) == (
        "result must be a result of the check given (fluid:check), which rolls no "
        "die (its chance is 0 or less), got 'dice [9]'"
    )


def test_fl_r07_reroll_refuses_an_outcome_its_dice_do_not_give() -> None:
    """FL-R07: a result whose verdict its own dice do not give is refused."""
    check = fluid_check(attribute=5)
    own = check.resolve(ScriptedRng([9]))
    forged = attrs.evolve(own, success=True)
    assert _refused(lambda: reroll(check, forged, ScriptedRng([5]), mana=1)) == (
        "result must be a result of the check given (fluid:check): its dice give "
        "success False, got 'success True'"
    )


def test_fl_r11_reroll_takes_its_own_results_again_and_from_json() -> None:
    """FL-R11, FL-A09: a rerolled result, also loaded from JSON, rerolls again."""
    check = fluid_check(attribute=5)
    first = check.resolve(ScriptedRng([1, 8]))
    loaded = CheckResult.from_json(first.to_json())
    fate, mana = reroll(check, loaded, ScriptedRng([3]), mana=2, die="fate")
    again, mana = reroll(
        check, CheckResult.from_json(fate.to_json()), ScriptedRng([9]), mana=mana
    )
    assert (again.success, mana) == (False, 0)
    assert [r.role for r in again.rolls] == [
        "check",
        "fate",
        "fate reroll",
        "check reroll",
    ]


def test_fl_r12_repeat_refuses_a_result_of_another_check() -> None:
    """FL-R12: a free repetition repeats the check that failed."""
    other = fluid_check(attribute=2).resolve(ScriptedRng([9]))
    assert _refused(lambda: repeat(fluid_check(attribute=6), other)).startswith(
        "result must be a result of the check given (fluid:check), which explains"
    )
    check = fluid_check(attribute=2)
    assert repeat(check, other).parameters["repetition"] == 1


# -- German words of the seed ---------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["check", "fluid:rerolls", "attribute=5", "mana=1", "policy=fate"],
            (
                "Würfe: 1 (W10 Probe), 8 (W10 Schicksal), 3 (W10 Schicksal, "
                "Wurfwiederholung)"
            ),
        ),
        (
            ["check", "fluid:rerolls", "attribute=5", "repeats=1"],
            "Würfe: 9 (W10 Probe), 2 (W10 Probe, freie Wiederholung 1)",
        ),
        (
            ["check", "fluid:rerolls", "attribute=5", "mana=1"],
            "Würfe: 9 (W10 Probe), 4 (W10 Probe, Wurfwiederholung)",
        ),
        (
            ["check", "fluid:rerolls", "attribute=8", "mana=1", "repeats=2"],
            (
                "Würfe: 9 (W10 Probe), 9 (W10 Probe, Wurfwiederholung), 1 (W10 Probe, "
                "freie Wiederholung 1), 7 (W10 Schicksal, freie Wiederholung 1), 1 (W10 "
                "Probe, freie Wiederholung 2), 3 (W10 Schicksal, freie Wiederholung 2)"
            ),
        ),
    ],
)
def test_fl_r11_r12_die_roles_in_german(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    """FL-R11 (Wurfwiederholung), FL-R12 (freie Wiederholung): every role in German."""
    rolls = {
        "policy=fate": "1,8,3",
        "repeats=1": "9,2",
        "mana=1": "9,4",
        "repeats=2": "9,9,1,7,1,3",
    }[argv[-1]]
    assert main([*argv, "--rolls", rolls, "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[2] == line


def test_fl_r11_r12_every_role_has_words() -> None:
    """FL-R11, R12: the roles of every repetition a `rerolls` check may take."""
    assert ROLE_REPEATS >= MAX_REPEATS
    for k in range(MAX_REPEATS + 1):
        for again in (False, True):
            for die in ("check", "fate"):
                role = die + _role(k, reroll=again)
                if role != "check":  # the toolkit's own role
                    for lang in ("en", "de"):
                        assert CATALOG.template(lang, f"fluid.role.{role}"), role
    assert CATALOG.render("de", "fluid.role.fate repetition 10, reroll") == (
        "Schicksal, freie Wiederholung 10, Wurfwiederholung"
    )
    assert CATALOG.render("en", "fluid.role.fate repetition 10, reroll") == (
        "fate repetition 10, reroll"
    )


def test_fl_r06_side_effect_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    """FL-R06: "widriger Nebeneffekt", its value ja/nein in German."""
    argv = ["check", "fluid", "attribute=3", "trait=4", "--rolls", "1,7"]
    assert main([*argv, "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "Ergebnis: Misserfolg (Patzer); widriger Nebeneffekt=ja"
    )
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("side_effect=true")


def test_fl_r05_help_says_erfolgsqualitaet(capsys: pytest.CaptureFixture[str]) -> None:
    """FL-R05: the seed's term is "Erfolgsqualität"."""
    assert main(["rulesets", "fluid", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "W10 ≤ Attribut + Merkmal + Modifikator; Erfolgsqualität" in out
    assert "Qualität des Erfolgs" not in out
    assert "Nebenwirkung" not in out


def test_fl_r09_r12_repeat_refuses_a_handicap_that_leaves_no_chance() -> None:
    """FL-R09, FL-R12 (helper-h213): the 2nd repetition of attribute 10 with a
    self-imposed difficulty of 5 has chance 4; ``repeat`` had raised the
    declared parameter's ``handicap must be … 0 to 3`` for an argument the
    caller never passed. It now says why, and how to go on."""
    hard = fluid_check(attribute=10, handicap=5)
    again = repeat(hard, hard.resolve(ScriptedRng([10])))
    assert again.parameters["repetition"] == 1
    with pytest.raises(RulesError) as info:
        repeat(again, again.resolve(ScriptedRng([10])))
    assert str(info.value) == (
        "repetition 2 has a chance of 4, and the self-imposed difficulty of 5 "
        "would leave it none (FL-R09); repeat with a smaller handicap: "
        "check.with_parameters(repetition=2, handicap=…)"
    )


def test_fl_r12_repetitions_go_on_while_the_chance_lasts() -> None:
    """FL-R12, FL-R03 (helper-h213): the 21st repetition of chance 100 has
    chance 37 and had been refused (repetition 0 to 20); the 34th leaves
    none and is not rolled."""
    top = {"attribute": 20, "trait": 20, "modifier": 60}
    twentieth = fluid_check(**top, repetition=20)
    failed = twentieth.resolve(ScriptedRng([1, 10]))  # a fumble fails
    assert failed.success is False
    nxt = repeat(twentieth, failed)
    assert (nxt.parameters["repetition"], chance(nxt)) == (21, 37)
    assert chance(fluid_check(**top, repetition=33)) == 1
    last = fluid_check(**top, repetition=34)
    assert chance(last) == -2
    assert last.resolve(ScriptedRng([])).rolled is False
    # with rewards of +100 in force the chance is 200: the 67th leaves none
    # (helper-h244: repetition 0 to 67)
    most = fluid_check(**top, rewards=100, repetition=66)
    assert chance(most) == 2
    assert chance(most.with_parameters(repetition=67)) == -1
    with pytest.raises(ParameterError) as info:
        fluid_check(**top, repetition=68)
    assert str(info.value).startswith("repetition must be an integer from 0 to 67")
