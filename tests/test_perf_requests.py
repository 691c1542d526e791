"""Issue 19: the bot path — checks from request text, cached and exact.

Fast path (a cached check) against slow reference (a freshly built check
from the same parameters): equal checks, equal results. Nothing is timed.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import ParameterError, SeededRng
from rollwerk.checks import (
    CheckRequests,
    check_from_request,
    parse_mapping,
    parse_words,
)
from rollwerk.cli import main
from rollwerk.errors import UnknownCheck
from rollwerk.plugins import Registry
from rollwerk.testing import examples

REGISTRY = Registry(load_entrypoints=False, plugins=[examples])
TOY = REGISTRY.ruleset("toy")


def test_perf_the_same_request_gives_the_same_check() -> None:
    requests = CheckRequests()
    check = requests.build(TOY, "skill=3 edge=yes")
    assert requests.build(TOY, "skill=3 edge=yes") is check
    assert requests.build(TOY, ["edge=true", "skill=+3"]) is check
    assert requests.build(TOY, {"skill": "3", "edge": "on"}) is check
    # a default written out is the same request as one left out
    assert requests.build(TOY, "skill=3 edge=yes modifier=0") is check
    assert requests.build(TOY, "difficulty=normal skill=3 edge=yes") is check
    assert requests.build(TOY, "skill=3 edge=yes modifier=1") is not check
    assert check.parameters == {
        "skill": 3,
        "modifier": 0,
        "edge": True,
        "difficulty": "normal",
    }
    assert requests.build(TOY, "dice=2", check="pool").parameters == {
        "dice": 2,
        "threshold": 1,
    }


def test_perf_the_cache_is_bounded_and_forgets_the_oldest() -> None:
    requests = CheckRequests(maxsize=4)
    first = requests.build(TOY, "skill=1")
    assert len(requests) == 2  # the words and the parameter values
    for skill in range(2, 7):
        requests.build(TOY, f"skill={skill}")
    assert len(requests) == 4
    again = requests.build(TOY, "skill=1")
    assert again is not first
    assert again == first  # a frozen value: forgetting changes no answer
    requests.clear()
    assert len(requests) == 0


@pytest.mark.parametrize("maxsize", [0, -1, True, 2.5, "10"])
def test_perf_a_bad_cache_size_is_refused(maxsize: object) -> None:
    with pytest.raises(ParameterError) as info:
        CheckRequests(maxsize=maxsize)  # type: ignore[arg-type]
    assert str(info.value) == f"maxsize must be an integer >= 1, got {maxsize!r}"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ["skill"],
            (
                "parameter of toy:check must be written skill=<value> (skill is an "
                "integer from 0 to 6), got 'skill'"
            ),
        ),
        (
            ["luck=3"],
            "parameter of toy:check must be one of: skill, modifier, edge, difficulty, got 'luck'",
        ),
        (
            ["skill=3", "skill=4"],
            "skill must be given once (first as 'skill=3'), got 'skill=4'",
        ),
        # spaces around '=': the words as written, and how to join them
        (
            ["skill", "=", "3"],
            (
                "parameter of toy:check must be written key=value without spaces "
                "around '=' ('skill=3'), got 'skill = 3'"
            ),
        ),
        (
            ["skill", "=3"],
            (
                "parameter of toy:check must be written key=value without spaces "
                "around '=' ('skill=3'), got 'skill =3'"
            ),
        ),
        (
            ["edge=true", "skill=", "3"],
            (
                "parameter of toy:check must be written key=value without spaces "
                "around '=' ('skill=3'), got 'skill= 3'"
            ),
        ),
        (["skill=9"], "skill must be an integer from 0 to 6, got 9"),
        (
            ["skill=٣"],
            "skill must be an integer from 0 to 6 (write '3' in ASCII), got '٣'",
        ),
        (
            ["skill=3", "difficulty=odd"],
            "difficulty must be one of 'easy', 'normal', 'hard', got 'odd'",
        ),
    ],
)
def test_perf_request_messages_are_the_clis(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ParameterError) as info:
        check_from_request(TOY, words)
    assert str(info.value) == message
    with pytest.raises(ParameterError) as info:
        check_from_request(TOY, " ".join(words))  # the same words as text
    assert str(info.value) == message
    assert main(["check", "toy", *words], registry=REGISTRY) == 2
    assert capsys.readouterr().err == f"rollwerk: error: {message}\n"


def test_perf_a_missing_parameter_and_an_unknown_check() -> None:
    with pytest.raises(ParameterError) as info:
        check_from_request(TOY, "")
    assert str(info.value) == ("skill is required (an integer from 0 to 6)")
    with pytest.raises(UnknownCheck) as unknown:
        check_from_request(TOY, "skill=1", check="attack")
    assert str(unknown.value) == (
        "check of ruleset 'toy' must be one of: check, pool, got 'attack'"
    )


@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        # a held-out author: a float named the whole pair, not the parameter
        ({"skill": 3.0}, "skill must be an integer from 0 to 6, got 3.0"),
        ({"skill": None}, "skill must be an integer from 0 to 6, got None"),
        ({"skill": [3]}, "skill must be an integer from 0 to 6, got [3]"),
        (
            {"difficulty": 2.5},
            "difficulty must be one of 'easy', 'normal', 'hard', got 2.5",
        ),
        (
            {"skil": 3.0},
            (
                "parameter of toy:check must be one of: skill, modifier, edge, "
                "difficulty, got 'skil'"
            ),
        ),
        (
            {3: "skill"},
            (
                "parameter of toy:check must be a string key and a string, integer "
                "or true/false value, got \"3: 'skill'\""
            ),
        ),
    ],
)
def test_perf_a_mapping_of_other_values_is_refused(
    mapping: dict[object, object], message: str
) -> None:
    with pytest.raises(ParameterError) as info:
        check_from_request(TOY, mapping)  # type: ignore[arg-type]
    assert str(info.value) == message
    if isinstance(next(iter(mapping)), str) and "skil'" not in message:
        assert info.value.parameter == next(iter(mapping))


def test_perf_a_json_object_may_hold_integers_and_bools() -> None:
    """Found by integrators: a web API's ``{"skill": 3}`` was refused."""
    requests = CheckRequests()
    check = requests.build(TOY, {"skill": 3, "edge": True})
    assert check is requests.build(TOY, "skill=3 edge=true")
    assert check.parameters["skill"] == 3
    assert check.parameters["edge"] is True
    # 1 == True and hash alike: the cache tells them apart, the bool is refused
    assert requests.build(TOY, {"skill": 1}).parameters["skill"] == 1
    with pytest.raises(ParameterError) as info:
        requests.build(TOY, {"skill": True})
    # the value as sent (a held-out bot author: "got 'true'" was never sent)
    assert str(info.value) == "skill must be an integer from 0 to 6, got True"
    with pytest.raises(ParameterError) as huge:
        requests.build(TOY, {"skill": 10**5000})
    assert str(huge.value) == (
        "skill must be an integer from 0 to 6, got an integer of 5001 digits"
    )


def test_perf_parse_words_and_parse_mapping_agree() -> None:
    spec = TOY.checks()[0]
    assert parse_words(spec, ["skill=4", "edge=ja"]) == {"skill": 4, "edge": True}
    assert parse_mapping(spec, {"skill": "4", "edge": "ja"}) == {
        "skill": 4,
        "edge": True,
    }


@given(
    skill=st.integers(0, 6),
    modifier=st.integers(-3, 3),
    edge=st.sampled_from(["true", "false", "yes", "no", "1", "0"]),
    difficulty=st.sampled_from(["easy", "normal", "hard"]),
    seed=st.integers(0, 2**32),
)
def test_perf_cached_checks_resolve_as_fresh_ones(
    skill: int, modifier: int, edge: str, difficulty: str, seed: int
) -> None:
    text = f"skill={skill} modifier={modifier} edge={edge} difficulty={difficulty}"
    cached = check_from_request(TOY, text)
    again = check_from_request(TOY, text)
    fresh = TOY.checks()[0].build(
        skill=skill,
        modifier=modifier,
        edge=edge in {"true", "yes", "1"},
        difficulty=difficulty,
    )
    assert cached is again
    assert cached == fresh
    assert cached.resolve(SeededRng(seed)) == fresh.resolve(SeededRng(seed))
    assert cached.outcomes() == fresh.outcomes()


def test_a_mapping_key_is_a_name_never_split_again() -> None:
    """A held-out bot author: ``{"pw=14": ""}`` was read as the word
    ``pw=14=`` and refused with ``got '14='``, a value never sent; a key is
    a parameter's name (spaces around it allowed, as in the words)."""
    spec = TOY.checks()[0]
    for key in ("skill=3", "skill = 3"):
        with pytest.raises(ParameterError) as info:
            parse_mapping(spec, {key: "1"})
        assert str(info.value) == (
            "parameter of check must be one of: skill, modifier, edge, difficulty, "
            f"got {key!r}"
        )
    assert parse_mapping(spec, {" skill ": "3"}) == {"skill": 3}
    with pytest.raises(ParameterError) as twice:
        parse_mapping(spec, {"skill": "3", " skill": "4"})
    assert (
        str(twice.value) == "skill must be given once (first as 'skill'), got ' skill'"
    )
