"""German words as users type them (helper-h220).

A parameter ``stärke`` typed decomposed (``a`` + U+0308, as some keyboards
and macOS text give it) was refused as unknown with a message naming two
words that look the same; a ``str`` parameter's choices were read in any
case only when the parameter also had aliases (``modus=Risiko`` refused,
``STANDARD`` read once an unrelated alias was added).
"""

from __future__ import annotations

import pytest

from rollwerk import Degree, Outcome
from rollwerk.checks import Parameter, define_check, parse_words
from rollwerk.errors import ParameterError

MODUS = Parameter(
    "modus", str, default="standard", choices=("standard", "risiko", "übel")
)


def test_a_str_parameters_choices_are_read_in_any_case_without_aliases() -> None:
    assert MODUS.parse("Risiko") == "risiko"
    assert MODUS.parse("STANDARD") == "standard"
    assert MODUS.parse("ÜBEL") == "übel"
    # in Python the value is the choice itself, as written
    with pytest.raises(ParameterError) as info:
        MODUS.validate("Risiko")
    assert str(info.value) == (
        "modus must be one of 'standard', 'risiko', 'übel', got 'Risiko'"
    )


def test_choices_alike_but_for_case_are_read_as_written() -> None:
    both = Parameter("x", str, choices=("a", "A"))
    assert both.parse("a") == "a"
    assert both.parse("A") == "A"


def test_a_decomposed_choice_is_the_composed_one() -> None:
    assert MODUS.parse("u\u0308bel") == "übel"
    aliased = Parameter(
        "würfel", str, choices=("d100",), aliases={"Wu\u0308rfel": "d100"}
    )
    assert aliased.parse("würfel") == "d100"


def test_a_parameter_name_python_could_not_take_is_refused() -> None:
    with pytest.raises(ParameterError) as info:
        Parameter("sta\u0308rke", int, min_value=1, max_value=20)
    assert str(info.value) == (
        "name must be a parameter's name as Python reads an identifier (NFKC: "
        "'stärke'), as key=value words and keyword arguments need, got "
        "'sta\u0308rke'"
    )


def test_a_key_typed_decomposed_names_the_parameter() -> None:
    def judge(faces: tuple[int, ...], stärke: int) -> Outcome:
        hit = faces[0] <= stärke
        return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])

    spec = define_check(
        "kraft",
        [Parameter("stärke", int, min_value=1, max_value=20)],
        dice=[20],
        judge=judge,
    ).spec("würfel")
    assert parse_words(spec, ["sta\u0308rke=12"]) == {"stärke": 12}
