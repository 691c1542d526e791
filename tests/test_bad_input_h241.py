"""Bad input a bad-input audit (h241) found accepted or answered with a bare
Python exception: each is now a ``ParameterError`` naming the parameter."""

from __future__ import annotations

import pytest

from rollwerk import Degree, Outcome, ParameterError, SeededRng
from rollwerk.checks import CheckRequests, d100, successes
from rollwerk.notation import parse
from rollwerk.plugins import Registry
from rollwerk.rng import ScriptedRng
from rollwerk.testing import examples

TOY = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")

PAIRS = "a mapping of extras' names to values, or a tuple of (name, value) pairs"


@pytest.mark.parametrize("extras", [False, 0, "", None, 0.0])
def test_falsy_extras_that_are_no_mapping_are_refused(extras: object) -> None:
    # Outcome(extras=False) had been "no extras", while extras=1 was refused
    with pytest.raises(ParameterError) as info:
        Outcome(True, Degree.SUCCESS, 1, extras=extras)  # type: ignore[arg-type]
    assert str(info.value) == f"extras must be {PAIRS}, got {extras!r}"


@pytest.mark.parametrize("empty", [{}, (), []])
def test_empty_extras_are_no_extras(empty: object) -> None:
    assert Outcome(True, Degree.SUCCESS, 1, extras=empty).extras == ()  # type: ignore[arg-type]


def test_bytes_are_no_faces() -> None:
    # bytes iterate as integers: b"56" had counted 2 successes
    with pytest.raises(ParameterError) as info:
        successes(b"56", 5)  # type: ignore[arg-type]
    assert str(info.value) == "faces must be a sequence of integer faces, got b'56'"
    with pytest.raises(ParameterError) as info:
        d100(bytearray(b"\x04\x02"))  # type: ignore[arg-type]
    assert str(info.value) == (
        "faces must be a sequence of integer faces, got bytearray(b'\\x04\\x02')"
    )
    with pytest.raises(ParameterError) as info:
        ScriptedRng(b"\x03")  # type: ignore[arg-type]
    assert str(info.value) == "faces must be an iterable of integers, got b'\\x03'"


@pytest.mark.parametrize("full", ["3", [], 1, None, float("nan")])
def test_explain_full_is_a_bool(full: object) -> None:
    rolled = parse("3d6").roll(SeededRng(1))
    with pytest.raises(ParameterError) as info:
        rolled.explain(full=full)  # type: ignore[arg-type]
    assert str(info.value) == f"full must be True or False, got {full!r}"
    assert rolled.explain(full=True) == rolled.explain()


@pytest.mark.parametrize("space", ["\u00a0", "\u3000", "\u2003", "\u200b"])
def test_request_text_splits_at_ascii_white_space_only(space: str) -> None:
    # checks.md: the same parsing as the CLI's words, which a shell splits at
    # ASCII white space; str.split() had split at a no-break space too
    requests = CheckRequests()
    with pytest.raises(ParameterError) as info:
        requests.build(TOY, f"skill=3{space}edge=yes")
    assert str(info.value) == (
        f"skill must be an integer from 0 to 6, got {('3' + space + 'edge=yes')!r}"
    )
    with pytest.raises(ParameterError) as again:
        requests.build(TOY, [f"skill=3{space}edge=yes"])
    assert str(again.value) == str(info.value)
    assert requests.build(TOY, " skill=3\t\nedge=yes\r\f\v").parameters["edge"] is True
