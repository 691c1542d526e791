"""Issue 19: the Fluid judge without building a ``_Roll``.

For integer parameters the judge computes the chance and the quality
itself and shares its outcomes; it must equal ``_Roll.of(params)``, its
kind and its outcome, and other values still take that path. Nothing is
timed.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rollwerk import Outcome, SeededRng
from rollwerk_fluid import fluid_check
from rollwerk_fluid._check import _judge, _Roll


def _reference(faces: tuple[int, ...], **params: Any) -> Outcome:
    core = _Roll.of(params)
    return core.outcome(core.kind(faces), faces[0] if faces else 0)


def _checked(fn: Any, faces: tuple[int, ...], params: dict[str, Any]) -> object:
    try:
        return ("ok", fn(faces, **params))
    except (TypeError, IndexError) as exc:
        return ("refused", type(exc), str(exc))


_VALUE = st.integers(-30, 30) | st.booleans()

_PARAMS = st.dictionaries(
    st.sampled_from(
        [
            "attribute",
            "trait",
            "modifier",
            "handicap",
            "repetition",
            "equipment",
            "reward",
            "double_critical",
        ]
    ),
    _VALUE | st.sampled_from(["quality", "own_check", "x", None]),
)


@given(
    faces=st.tuples()
    | st.tuples(st.integers(1, 10))
    | st.tuples(st.just(1), st.integers(1, 10))
    | st.tuples(st.integers(1, 10), st.integers(1, 10)),
    params=_PARAMS,
)
def test_fluid_judge_equals_the_roll_it_skips(
    faces: tuple[int, ...], params: dict[str, Any]
) -> None:
    fast = _checked(_judge, faces, params)
    slow = _checked(_reference, faces, params)
    assert fast == slow
    if fast[0] == "ok":
        assert isinstance(fast[1], Outcome)
        assert fast[1].extras == slow[1].extras  # type: ignore[index]


@given(
    params=st.fixed_dictionaries(
        {
            "attribute": st.integers(0, 20),
            "trait": st.integers(0, 20),
            "modifier": st.integers(-60, 60),
            "equipment": st.integers(0, 20),
            "double_critical": st.booleans(),
        }
    ),
    handicap=st.integers(0, 5),
    seed=st.integers(0, 2**32),
)
def test_fluid_fresh_checks_resolve_as_the_roll_says(
    params: dict[str, Any], handicap: int, seed: int
) -> None:
    if params["attribute"] + params["trait"] + params["modifier"] - handicap > 0:
        params["handicap"] = handicap
    check = fluid_check(**params)
    result = check.resolve(SeededRng(seed))
    faces = tuple(r.face for r in result.rolls)
    assert result.outcome() == _reference(faces, **check.parameters)
