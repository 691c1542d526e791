"""Integer parameters read ASCII digits with an optional sign only (issue 17)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk.checks import Parameter, parse_words
from rollwerk.errors import ParameterError, shown

PW = Parameter("pw", int, min_value=-20, max_value=100, default=10)


@pytest.mark.parametrize(
    ("text", "value"), [("14", 14), ("+14", 14), ("-3", -3), (" 7 ", 7), ("0", 0)]
)
def test_ascii_integers_are_read(text: str, value: int) -> None:
    assert PW.parse(text) == value


@pytest.mark.parametrize("text", ["1_0", "1e2", "0x10", "", "+", "1.0", "١٠١"])
def test_other_integer_spellings_are_refused(text: str) -> None:
    with pytest.raises(ParameterError) as info:
        PW.parse(text)
    assert str(info.value) == (f"pw must be an integer from -20 to 100, got {text!r}")


@pytest.mark.parametrize(
    ("text", "ascii"), [("１２", "12"), ("٣", "3"), ("\u22123", "-3"), ("−３", "-3")]
)
def test_other_digits_are_refused_saying_what_to_type(text: str, ascii: str) -> None:
    with pytest.raises(ParameterError) as info:
        PW.parse(text)
    assert str(info.value) == (
        f"pw must be an integer from -20 to 100 (write {ascii!r} in ASCII), "
        f"got {text!r}"
    )


def test_a_huge_integer_text_is_refused_before_it_is_read() -> None:
    with pytest.raises(ParameterError) as info:
        PW.parse("9" * 5000)
    assert str(info.value) == (
        "pw must be an integer from -20 to 100, got "
        "'999999999999999999999999999999999999999999999999999999999… "
        "(5000 characters)"
    )


def test_a_huge_integer_value_is_named_by_its_digits() -> None:
    with pytest.raises(ParameterError) as info:
        PW.validate(10**5000)
    assert str(info.value) == (
        "pw must be an integer from -20 to 100, got an integer of 5001 digits"
    )


@given(st.integers(min_value=-(10**3000), max_value=10**3000))
def test_shown_never_fails_and_stays_short(value: int) -> None:
    text = shown(value)
    assert len(text) <= 1300
    if abs(value) < 10**50:
        assert text == repr(value)


def test_a_required_parameter_shows_its_missing_default_as_required() -> None:
    import copy
    import pickle

    skill = Parameter("skill", int, min_value=1)
    assert repr(skill) == (
        "Parameter(name='skill', type=<class 'int'>, help='', default=REQUIRED, "
        "min_value=1, max_value=None, choices=None, monotonic=None, aliases=())"
    )
    # copies and pickles keep it required (the default is compared with `is`)
    assert copy.deepcopy(skill).required
    assert pickle.loads(pickle.dumps(skill)).required
    assert not Parameter("bonus", int, default=0).required


def test_a_choice_is_read_without_the_white_space_around_it() -> None:
    """As an integer's digits are: ``" spell "`` is ``spell``."""
    kind = Parameter("kind", str, choices=("spell", "attribute"))
    assert kind.parse(" spell\t") == "spell"
    assert Parameter("pw", int, min_value=1, max_value=5).parse(" 3 ") == 3


@pytest.mark.parametrize("value", [5, None, ["3"]])
def test_parse_refuses_what_is_not_text(value: object) -> None:
    pw = Parameter("pw", int, min_value=1, max_value=5)
    with pytest.raises(ParameterError) as info:
        pw.parse(value)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"pw must be text to parse as an integer from 1 to 5, got {value!r}"
    )


def test_words_and_mappings_that_are_not_refuse_naming_the_check() -> None:
    from rollwerk.checks import CheckSpec, parse_mapping, parse_words

    spec = CheckSpec("check", (Parameter("pw", int, min_value=1),), dict)
    cases = [
        (
            lambda: parse_words(spec, [5]),
            "parameter of check must be a key=value word (a string), got 5",
        ),
        (
            lambda: parse_words(spec, "pw=4"),
            (
                "words of check must be a list of "
                "key=value words ([\"pw=14\"]), got 'pw=4'"
            ),
        ),
        (
            lambda: parse_mapping(spec, ["pw=4"]),
            (
                "mapping must be a mapping of "
                "parameter names of check to texts, got ['pw=4']"
            ),
        ),
    ]
    for call, message in cases:
        with pytest.raises(ParameterError) as info:
            call()
        assert str(info.value) == message
    assert parse_words(spec, ["pw=4"]) == {"pw": 4}


@pytest.mark.parametrize(
    ("text", "value"),
    [("0" * 30 + "3", 3), ("-" + "0" * 40 + "3", -3), ("+" + "0" * 50, 0)],
)
def test_leading_zeros_do_not_count_toward_the_digit_cap(text: str, value: int) -> None:
    """Found by a CLI audit: 31 characters for 3 were refused as out of range."""
    assert PW.parse(text) == value


def test_the_digit_cap_counts_the_digits_after_leading_zeros() -> None:
    with pytest.raises(ParameterError) as info:
        PW.parse("0" * 10 + "1" * 31)
    assert str(info.value) == (
        f"pw must be an integer from -20 to 100, got '{'0' * 10}{'1' * 31}'"
    )


def test_a_check_without_parameters_says_it_takes_none() -> None:
    """A held-out author: ``must be one of: none`` read like a value."""
    from rollwerk.checks import define_check
    from rollwerk.rulesets import define_ruleset

    check = define_check("c", dice=[6], judge=lambda faces: None)  # type: ignore[arg-type,return-value]
    spec = define_ruleset("demo", "Demo", checks=[check]).checks()[0]
    for words, got in ((["x"], "'x'"), (["x=1"], "'x'")):
        with pytest.raises(ParameterError) as info:
            parse_words(spec, words)
        assert str(info.value) == (
            f"parameter of c must be left out (c takes no parameters), got {got}"
        )
    with pytest.raises(ParameterError) as built:
        check.build("demo", x=1)
    assert str(built.value) == (
        "parameter of demo:c must be left out (demo:c takes no parameters), got 'x'"
    )
