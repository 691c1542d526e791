"""Bad input to the Python API is a ParameterError naming it, not a TypeError.

Found by fuzzing the public API: each of these raised ``AttributeError``,
``TypeError`` or ``ValueError`` (or returned a float face) before.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from rollwerk import (
    Distribution,
    LimitExceeded,
    ParameterError,
    ScriptedRng,
    SeededRng,
    SystemRng,
    build_check,
    parse,
    roll,
)
from rollwerk.checks import check_from_request
from rollwerk.dice import Comparison, Condition, Die, Keep, KeepKind, Pool

D6: Distribution[int] = Distribution.uniform(range(1, 7))
ONE = Condition(Comparison.EQ, 1)
RNG = "an Rng such as SeededRng(7), SystemRng() or ScriptedRng([...])"
RULESET = "a ruleset (from Registry.ruleset or define_ruleset)"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: roll("1d6", None), f"rng must be {RNG}, got None"),  # type: ignore[arg-type]
        (lambda: roll("1d6", 5), f"rng must be {RNG}, got 5"),  # type: ignore[arg-type]
        (lambda: parse("4d6kh3").trace(None), f"rng must be {RNG}, got None"),  # type: ignore[arg-type]
        (lambda: ScriptedRng(5), "faces must be an iterable of integers, got 5"),  # type: ignore[arg-type]
        (
            lambda: parse("1d6").replay(None),  # type: ignore[arg-type]
            "faces must be an iterable of integers, got None",
        ),
        (lambda: SeededRng(1).roll(1.5), "sides must be an integer >= 1, got 1.5"),  # type: ignore[arg-type]
        (lambda: SystemRng().roll(True), "sides must be an integer >= 1, got True"),
        (lambda: ScriptedRng([1]).roll(1.5), "sides must be an integer >= 1, got 1.5"),  # type: ignore[arg-type]
        (lambda: ScriptedRng([1]).roll(0), "sides must be an integer >= 1, got 0"),
        (
            lambda: build_check(None, pw=3),  # type: ignore[arg-type]
            f"ruleset must be {RULESET}, got None",
        ),
        (
            lambda: check_from_request(None, "pw=1"),  # type: ignore[arg-type]
            f"ruleset must be {RULESET}, got None",
        ),
        (
            lambda: Distribution(5),  # type: ignore[arg-type]
            "probabilities must be a non-empty mapping, got 5",
        ),
        (lambda: D6.maximum(5), "other must be a Distribution, got 5"),  # type: ignore[arg-type]
        (
            lambda: D6.bind(lambda x: 5),  # type: ignore[arg-type,return-value]
            "func(1) must be a Distribution (bind's func gives one), got 5",
        ),
        (
            lambda: Distribution.mixture([(Fraction(1), 5)]),  # type: ignore[list-item]
            "mixture part must be a Distribution, got 5",
        ),
        (lambda: D6.quantile("x"), "q must be a probability from 0 to 1, got 'x'"),  # type: ignore[arg-type]
        (
            lambda: D6.cdf("x"),  # type: ignore[arg-type]
            "outcome must be a value that compares with the outcomes, got 'x'",
        ),
        (
            lambda: Die.custom(5),  # type: ignore[arg-type]
            "faces must be a sequence of 1 to 10000 integers, got 5",
        ),
        (
            lambda: Condition(">=", 5),  # type: ignore[arg-type]
            "comparison must be a Comparison (Comparison.GE, …), got '>='",
        ),
        (
            lambda: Condition(Comparison.GE, 1.5),  # type: ignore[arg-type]
            "target must be an integer from -1000000 to 1000000, got 1.5",
        ),
        (
            lambda: Keep("kh", 1),  # type: ignore[arg-type]
            "kind must be a KeepKind (KeepKind.KEEP_HIGHEST, …), got 'kh'",
        ),
        (
            lambda: Pool(2, 6),  # type: ignore[arg-type]
            "die must be a Die (Die(6), Die.fudge(), …), got 6",
        ),
        (
            lambda: Pool(3, Die(6), keep="kh1"),  # type: ignore[arg-type]
            "keep must be a Keep or None, got 'kh1'",
        ),
        (
            lambda: Pool(2, Die(6), success=5),  # type: ignore[arg-type]
            "success must be a Condition or None, got 5",
        ),
        (
            lambda: Pool(2, Die(6), reroll=ONE),  # type: ignore[arg-type]
            (
                "reroll must be a tuple of Conditions, got Condition(comparison="
                "<Comparison.EQ: '='>, target=1, modul… (63 characters)"
            ),
        ),
    ],
)
def test_bad_input_is_a_parameter_error(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        call()
    assert str(info.value) == message


def test_a_pool_over_the_draws_limit_is_refused_as_notation_refuses_it() -> None:
    with pytest.raises(LimitExceeded) as info:
        Pool(1000, Die(6), reroll=(ONE,))
    assert str(info.value) == (
        "dice drawn limit exceeded: 101000 is more than the maximum of 100000 (by 1000)"
    )
    with pytest.raises(LimitExceeded):
        parse("1000d6r1")
    assert Pool(990, Die(6), reroll=(ONE,)).worst_case_draws == 99_990


def test_a_pool_s_notation_parses_back_to_an_equal_pool() -> None:
    pool = Pool(4, Die(6), keep=Keep(KeepKind.KEEP_HIGHEST, 3), reroll=(ONE,))
    assert pool.notation() == "4d6r1kh3"
    assert parse(pool.notation()).distribution() == pool.distribution()


def test_a_script_that_never_ends_is_refused_not_read_forever() -> None:
    """``ScriptedRng(itertools.count(1))`` read faces until memory ran out."""
    import itertools

    assert ScriptedRng.MAX_FACES == 1_000_000
    with pytest.raises(LimitExceeded) as info:
        ScriptedRng(itertools.count(1))
    # the same limit as a list's, not the iterator's repr after a million items
    assert str(info.value) == (
        "scripted faces limit exceeded: at least 1000001 is more than the "
        "maximum of 1000000 (by at least 1)"
    )
    with pytest.raises(LimitExceeded) as too_many:
        ScriptedRng([1] * 1_000_001)
    assert str(too_many.value) == (
        "scripted faces limit exceeded: 1000001 is more than the maximum of "
        "1000000 (by 1)"
    )
    rng = ScriptedRng(iter([4, 2]))  # an iterator that ends is read whole
    assert (rng.roll(6), rng.remaining) == (4, 1)
