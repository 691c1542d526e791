"""Findings of held-out testers: luck on an empty pool, a result of another
check, negative dice counts, one message per refusal, German words.

Rule ids refer to the AdZ specification (``aera-der-zauberey.md``); the
German words are those of its seed (``000_*.txt``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest

from rollwerk import (
    CheckResult,
    Degree,
    Distribution,
    ParameterError,
    RulesError,
    ScriptedRng,
)
from rollwerk.checks import FaceCheck
from rollwerk.cli import main
from rollwerk.dice import DieRoll
from rollwerk_adz import (
    LuckPool,
    RoundState,
    adz_check,
    best_of,
    chance,
    count_successes,
    kp_for_magnitude,
    melee_distribution,
    reaction_dice,
    resolve_melee,
    spend_luck,
    success_chance,
    successes,
    trivial_result,
)
from rollwerk_fluid import fluid_check

# -- 1. luck on a check that rolled no die (ADZ-R11, A02, A04, A26) ---------------


@pytest.mark.parametrize(
    ("check", "pool"),
    [
        (adz_check(0, 1, allow_impossible=True), 0),
        (adz_check(2, 1, modifier=-3, allow_impossible=True), -1),
    ],
)
def test_adz_r11_a02_no_luck_on_a_pool_that_rolls_no_die(
    check: FaceCheck, pool: int
) -> None:
    """ADZ-R11, A02, A04: a GM-allowed pool <= 0 rolls nothing and fails;
    luck is spent "after rolling a check and seeing the dice", so not on it."""
    result = check.resolve(ScriptedRng([]))
    assert (result.success, result.value, result.rolled, result.rolls) == (
        False,
        0,
        False,
        (),
    )
    rng = ScriptedRng([6, 5])
    with pytest.raises(RulesError) as err:
        spend_luck(check, result, LuckPool(2), rng)
    assert str(err.value) == (
        f"luck must be spent on a rolled check, got one whose pool of {pool} "
        "rolled no die (ADZ-R11, A02)"
    )
    assert rng.remaining == 2  # no luck die drawn


@pytest.mark.parametrize("policy", ["on_failure", "always"])
def test_adz_r11_a02_luck_policy_draws_no_luck_die_on_an_empty_pool(
    policy: str,
) -> None:
    """ADZ-R11, A02, A26: resolve, outcomes() and spend_luck agree: an empty
    GM-allowed pool rolls no die, luck dice included, and fails."""
    check = adz_check(0, 1, allow_impossible=True, luck=2, luck_policy=policy)
    assert check.dice == ()
    result = check.resolve(ScriptedRng([]))
    assert (result.success, result.value, result.rolled, result.rolls) == (
        False,
        0,
        False,
        (),
    )
    assert result.explain() == (
        "0 dice []: needs every die to succeed (threshold 1 above the pool): "
        "0 successes at threshold 1: failure"
    )
    assert check.outcomes() == Distribution.constant(result.outcome())
    assert chance(check) == 0
    # one die rolled: luck is drawn as before (ADZ-A26); a success stays one
    # (ADZ-R11), so spending it always gives what spending on failure gives
    one = adz_check(1, 2, allow_impossible=True, luck=2, luck_policy=policy)
    assert chance(one) == Fraction(11, 27)


def test_adz_a26_luck_still_spent_on_a_rolled_gm_allowed_check() -> None:
    """ADZ-A26, V32: a GM-allowed check with dice takes luck as before."""
    check = adz_check(2, 3, allow_impossible=True)
    first = check.resolve(ScriptedRng([5, 2]))
    better, pool = spend_luck(check, first, LuckPool(2), ScriptedRng([6, 5]))
    assert (better.success, better.value, pool) == (True, 3, LuckPool(1))


# -- 2. a result of another check (ADZ-R11) -----------------------------------------


def _refused(call: Callable[[], object]) -> str:
    with pytest.raises(ParameterError) as err:
        call()
    assert err.value.parameter == "result"
    return str(err.value)


def test_adz_r11_luck_refuses_a_result_of_another_ruleset() -> None:
    """ADZ-R11: a Fluid d10 is not counted as a d6 of the AdZ check."""
    other = fluid_check(attribute=3).resolve(ScriptedRng([2]))
    rng = ScriptedRng([6])
    message = _refused(lambda: spend_luck(adz_check(5, 1), other, LuckPool(1), rng))
    assert message == (
        "result must be a result of the check given (adz:check), got 'fluid:check'"
    )


def test_adz_r11_luck_refuses_another_check_name_and_foreign_dice() -> None:
    """ADZ-R11: the result names the AdZ check and holds only its d6."""
    check = adz_check(1)
    result = check.resolve(ScriptedRng([2]))
    renamed = attrs.evolve(result, check="melee")
    assert _refused(
        lambda: spend_luck(check, renamed, LuckPool(1), ScriptedRng([]))
    ) == ("result must be a result of the check given (adz:check), got 'adz:melee'")
    d10 = attrs.evolve(result, rolls=(DieRoll(10, 2, "check"),))
    assert _refused(lambda: spend_luck(check, d10, LuckPool(1), ScriptedRng([]))) == (
        "result must be a result of the check given (adz:check), whose dice are d6 "
        "of the role 'check' or 'luck', got 'a d10 (check)'"
    )
    attack = attrs.evolve(result, rolls=(DieRoll(6, 2, "attack"),))
    assert _refused(
        lambda: spend_luck(check, attack, LuckPool(1), ScriptedRng([]))
    ) == (
        "result must be a result of the check given (adz:check), whose dice are d6 "
        "of the role 'check' or 'luck', got 'a d6 (attack)'"
    )
    assert _refused(
        lambda: spend_luck(check, "2", LuckPool(1), ScriptedRng([]))  # type: ignore[arg-type]
    ) == ("result must be a result of the check given (adz:check), got '2'")


def test_adz_r11_luck_refuses_a_result_of_other_parameters() -> None:
    """ADZ-R05 to R08: another pool, threshold, kind or permission shows in
    the result, and is refused; nothing is rolled."""
    rng = ScriptedRng([6])
    three = adz_check(3, 1).resolve(ScriptedRng([5, 5, 5]))
    assert _refused(lambda: spend_luck(adz_check(5, 1), three, LuckPool(1), rng)) == (
        "result must be a result of the check given (adz:check), which rolls 5 "
        "check dice, got '3 check dice'"
    )
    at_two = adz_check(5, 2).resolve(ScriptedRng([5, 5, 1, 1, 1]))
    assert _refused(lambda: spend_luck(adz_check(5, 3), at_two, LuckPool(1), rng)) == (
        "result must be a result of the check given (adz:check): its dice give "
        "success False, got 'success True'"
    )
    # the same verdict, but the explanation names the threshold
    at_one = adz_check(2, 1).resolve(ScriptedRng([1, 2]))
    assert _refused(lambda: spend_luck(adz_check(2, 2), at_one, LuckPool(1), rng)) == (
        "result must be a result of the check given (adz:check), which explains "
        "its dice as '2 dice [1, 2]: 0 successes at threshold 2: failure', got "
        "'2 dice [1, 2]: 0 successes at threshold 1: failure'"
    )
    skill = adz_check(2).resolve(ScriptedRng([5, 1]))
    spell = adz_check(2, kind="spell")
    assert _refused(lambda: spend_luck(spell, skill, LuckPool(1), rng)) == (
        "result must be a result of the check given (adz:check): its dice give "
        "extras {'surplus': 0}, got 'extras {}'"
    )
    allowed = adz_check(0, allow_impossible=True).resolve(ScriptedRng([]))
    assert _refused(lambda: spend_luck(adz_check(0), allowed, LuckPool(1), rng)) == (
        "result must be a result of the check given (adz:check): its dice give "
        "extras {'impossible': True}, got 'extras {}'"
    )
    assert rng.remaining == 1  # nothing drawn


def test_adz_r11_luck_takes_its_own_results_and_their_json() -> None:
    """ADZ-R11, A08: the check's own result, also loaded from JSON, takes
    luck; a result with luck dice (a policy's, or luck spent) takes no more."""
    check = adz_check(3, 2)
    first = check.resolve(ScriptedRng([5, 1, 2]))
    loaded = CheckResult.from_json(first.to_json())
    better, pool = spend_luck(check, loaded, LuckPool(1), ScriptedRng([6]))
    assert (better.success, better.value, pool) == (True, 2, LuckPool(0))
    with pytest.raises(RulesError) as err:
        spend_luck(check, better, LuckPool(2), ScriptedRng([6, 6]))
    assert str(err.value) == "luck must be spent at most once per check (ADZ-A08)"
    policy = adz_check(3, 2, luck=1, luck_policy="always")
    lucky = policy.resolve(ScriptedRng([5, 1, 2, 6]))
    with pytest.raises(RulesError) as err:
        spend_luck(policy, lucky, LuckPool(2), ScriptedRng([6, 6]))
    assert str(err.value) == "luck must be spent at most once per check (ADZ-A08)"


def test_adz_r11_r35_trivial_spell_of_the_check_still_refused_by_rule() -> None:
    """ADZ-R11, R35: a waived trivial spell is the check's; the rule refuses it."""
    check = adz_check(dice=3, kind="spell")
    with pytest.raises(RulesError):
        spend_luck(check, trivial_result(check), LuckPool(2), ScriptedRng([6, 6]))
    # a skill check never gave a trivial spell's result
    skill = adz_check(dice=3)
    assert _refused(
        lambda: spend_luck(skill, trivial_result(check), LuckPool(1), ScriptedRng([]))
    ) == (
        "result must be a result of the check given (adz:check), which rolls 3 "
        "check dice, got '0 check dice'"
    )


def test_adz_a08_luck_must_be_a_luck_pool() -> None:
    """ADZ-A08: the pool spent is a LuckPool, named when it is not."""
    check = adz_check(2)
    result = check.resolve(ScriptedRng([1, 2]))
    with pytest.raises(ParameterError) as err:
        spend_luck(check, result, 2, ScriptedRng([6, 6]))  # type: ignore[arg-type]
    assert str(err.value) == "luck must be a LuckPool, got 2"


# -- 3. negative or impossible dice counts (ADZ-R03, A02, R18, R23) --------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: best_of(-1, 2),
            "main must be a number of dice from 0 to 1000, got -1",
        ),
        (
            lambda: best_of(2, -1),
            "extra must be a number of dice from 0 to 1000, got -1",
        ),
        (
            lambda: successes(-1),
            "n must be a number of dice from 0 to 1000, got -1",
        ),
        (
            lambda: success_chance(-1, 1),
            "pool must be a number of dice from 0 to 1000, got -1",
        ),
        (
            lambda: melee_distribution(attack_dice=-1, base_damage=1),
            "attack_dice must be a number of dice from 0 to 1000, got -1",
        ),
        (
            lambda: melee_distribution(
                attack_dice=1, base_damage=1, defence_extra_dice=-2
            ),
            "defence_extra_dice must be a number of dice from 0 to 1000, got -2",
        ),
        (
            lambda: melee_distribution(attack_dice=1001, base_damage=1),
            "attack_dice must be a number of dice from 0 to 1000, got 1001",
        ),
        (lambda: reaction_dice(-3, 1), "pool must be an integer >= 0, got -3"),
        (lambda: RoundState().react(-3), "pool must be an integer >= 0, got -3"),
        (lambda: RoundState().action_dice(-1), "pool must be an integer >= 0, got -1"),
        (
            lambda: count_successes([7]),
            "faces must be d6 faces: integers from 1 to 6, got [7]",
        ),
        (
            lambda: count_successes([5, 0]),
            "faces must be d6 faces: integers from 1 to 6, got [5, 0]",
        ),
        (
            lambda: count_successes(5),  # type: ignore[arg-type]
            "faces must be d6 faces: integers from 1 to 6, got 5",
        ),
    ],
)
def test_adz_a02_negative_dice_counts_are_refused_by_name(
    call: Callable[[], object], message: str
) -> None:
    """ADZ-R03, A02, R18, R23: a number of dice is never negative (a pool
    below 0 after penalties is passed as 0), a face is 1 to 6; never clamped."""
    with pytest.raises(ParameterError) as err:
        call()
    assert str(err.value) == message


def test_adz_a02_a_pool_of_zero_rolls_nothing() -> None:
    """ADZ-A02, R18: 0 dice is allowed and gives 0 successes."""
    assert successes(0) == Distribution.constant(0)
    assert best_of(0, 0) == Distribution.constant(0)
    assert reaction_dice(0, 1) == 0
    assert RoundState().react(0)[0] == 0
    assert melee_distribution(attack_dice=0, base_damage=3) == Distribution.constant(0)


def test_adz_r19_resolve_melee_refuses_before_drawing_a_die() -> None:
    """ADZ-R19 to R21: a bad later pool is refused before the attack is rolled."""
    rng = ScriptedRng([5, 6])
    with pytest.raises(ParameterError) as err:
        resolve_melee(rng, attack_dice=2, base_damage=1, defence_dice=-1)
    assert str(err.value) == (
        "defence_dice must be a number of dice from 0 to 1000, got -1"
    )
    result = resolve_melee(rng, attack_dice=2, base_damage=1)
    assert (result.attack_successes, result.final) == (2, 3)


# -- 4. one message for a magnitude (ADZ-R29, A16) -----------------------------------


@pytest.mark.parametrize("magnitude", [-5, 0, Fraction(0), Fraction(-1, 2), "5", True])
def test_adz_r29_magnitude_refused_in_one_message(magnitude: object) -> None:
    """ADZ-R29: a magnitude is an integer or a Fraction above 0, one message."""
    with pytest.raises(ParameterError) as err:
        kp_for_magnitude(magnitude)  # type: ignore[arg-type]
    assert str(err.value) == (
        f"magnitude must be an integer or a Fraction > 0, got {magnitude!r}"
    )


# -- 5. German words of the seed ----------------------------------------------------


def test_adz_r04_r09_german_help_uses_the_seed_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ADZ-R04, R09: "Attributsproben" and "Magiebereiche", as seed 000 says."""
    assert main(["rulesets", "adz", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "(Fertigkeits-, Zauber- oder Attributsprobe (Probenart))" in out
    assert (
        "(Punkte einer unterstützenden Fertigkeit oder eines Magiebereichs: "
        "aufgerundet Punkte/3 zusätzliche Würfel)"
    ) in out
    assert "Eigenschaftsprobe" not in out
    assert "Domäne" not in out


def test_adz_r08_boolean_extras_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    """ADZ-R08: `unmöglich=ja` in German, `impossible=true` in English."""
    argv = ["check", "adz", "dice=3", "minimum=8"]
    assert main([*argv, "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "Ergebnis: Misserfolg (gescheitert), Wert 0; kein Wurf, unmöglich=ja"
    )
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("impossible=true")


def test_adz_r35_trivial_extra_in_german() -> None:
    """ADZ-R35: the trivial spell's extra has German words for name and value."""
    from rollwerk_adz._catalog import CATALOG

    assert CATALOG.render("de", "adz.extra.trivial") == "trivial"
    assert CATALOG.render("de", "adz.extra.trivial.true") == "ja"
    assert CATALOG.render("de", "adz.extra.impossible.false") == "nein"
    assert trivial_result(adz_check(3, kind="spell")).degree is Degree.SUCCESS
