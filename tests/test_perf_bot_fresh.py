"""Issue 19: a check built for a request seen for the first time.

The bot path builds a `FaceCheck` for every new parameter set and resolves
it once. Its shortcuts are pinned here against slow references, never
timed:

- `FaceCheck.__init__` (written out in one call) against what the
  definition's functions give when called as `CheckDefinition.call` calls
  them, for dict and other mappings of parameters;
- `_pick` against the plain comprehension;
- results built positionally against results built by keyword;
- `CheckSpec._build` (defaults read once per spec) against the loop over
  the declared parameters;
- `CheckRequests.build` (a new check's two entries written, then trimmed
  once) against the cache that wrote and trimmed each.
"""

from __future__ import annotations

import math
import pickle
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rollwerk.checks._toolkit as toolkit
from rollwerk import ParameterError, SeededRng
from rollwerk.checks import (
    CheckRequests,
    CheckResult,
    CheckSpec,
    Degree,
    FaceCheck,
    Outcome,
    Parameter,
    define_check,
)
from rollwerk.checks._requests import _read, find_spec, parse_mapping, parse_words
from rollwerk.checks._toolkit import MEMO_LIMIT, _dice, _pick
from rollwerk.dice import DieRoll
from rollwerk.errors import CheckFault
from rollwerk.plugins import Registry
from rollwerk.testing import examples

# -- a check with every kind of function signature ---------------------------------


def _dice_of(count: int, sides: int) -> list[int | tuple[int, str]]:
    return [(sides, "check")] + [sides] * (count - 1)


def _judge(faces: tuple[int, ...], target: int, **rest: Any) -> Outcome:
    total = sum(faces) + int(rest.get("bonus", 0))
    hit = total >= target
    degree = Degree.SUCCESS if hit else Degree.FAILURE
    extras = {"first": faces[0]} if rest.get("note") else {}
    return Outcome(hit, degree, total, extras=extras)


def _stop(faces: tuple[int, ...], target: int) -> bool:
    return faces[0] >= target


def _settled(faces: tuple[int, ...]) -> bool:
    return faces[0] != 1


_PARAMETERS = (
    Parameter("count", int, min_value=1, max_value=3),
    Parameter("sides", int, min_value=1, max_value=12),
    Parameter("target", int, min_value=1, max_value=40),
    Parameter("bonus", int, default=0, min_value=-5, max_value=5),
    Parameter("note", bool, default=False),
)

DEFINITIONS = {
    "plain": define_check(
        "plain", _PARAMETERS, dice=_dice_of, judge=_judge, help="no stop rule"
    ),
    "stop": define_check("stop", _PARAMETERS, dice=_dice_of, judge=_judge, stop=_stop),
    "settled": define_check(
        "settled", _PARAMETERS, dice=_dice_of, judge=_judge, stop=_settled
    ),
    "fixed": define_check("fixed", _PARAMETERS, dice=[6, (6, "wild")], judge=_judge),
}


def _reference(
    d: Any, params: Mapping[str, Any]
) -> tuple[tuple[tuple[int, str], ...], dict[str, Any], dict[str, Any] | None, bool]:
    """What a check of ``d`` holds: dice, judge parameters, stop parameters, memo."""
    plain = dict(params)
    raw = d.call("dice", params=plain) if callable(d.dice) else d.dice
    dice = _dice(raw)
    accepted = d._accepts["judge"]
    judge = {k: v for k, v in plain.items() if accepted is None or k in accepted}
    stop = None
    if d.stop is not None and len(dice) > 1:
        accepted = d._accepts["stop"]
        stop = {k: v for k, v in plain.items() if accepted is None or k in accepted}
    small = math.prod(s for s, _ in dice) <= MEMO_LIMIT
    return dice, judge, stop, small


_VALUES = st.fixed_dictionaries(
    {
        "count": st.integers(1, 3),
        "sides": st.integers(1, 12),
        "target": st.integers(1, 40),
        "bonus": st.integers(-5, 5),
        "note": st.booleans(),
    }
)


@given(
    name=st.sampled_from(sorted(DEFINITIONS)),
    values=_VALUES,
    how=st.sampled_from(["dict", "proxy", "pairs"]),
    seed=st.integers(0, 2**32),
)
def test_perf_a_fresh_check_holds_what_the_definition_gives(
    name: str, values: dict[str, Any], how: str, seed: int
) -> None:
    d = DEFINITIONS[name]
    values = {p.name: values[p.name] for p in _PARAMETERS}  # as a spec orders them
    given_params: Any = {
        "dict": values,
        "proxy": MappingProxyType(values),
        "pairs": list(values.items()),
    }[how]
    check = FaceCheck(d, "perf", given_params)
    dice, judge, stop, small = _reference(d, values)
    assert check._params == tuple(values.items())
    assert check.parameters == values
    assert check.dice == dice
    assert check._judge_params == judge
    assert check._judge_params is not values  # never the caller's dict
    assert (check._stop is None) == (stop is None)
    assert (check._memo is not None) is small
    assert check._first == (dice[0][0] if len(dice) == 1 or stop is not None else 0)
    assert check._unsettled == set()
    assert check._cache == {}
    # the same check as one built through the spec, and after a round trip
    built = d.build("perf", **values)
    assert check == built
    assert hash(check) == hash(built)
    assert attrs.evolve(check) == check
    assert attrs.evolve(check, params={**values, "bonus": 0}) == d.build(
        "perf", **{**values, "bonus": 0}
    )
    if check._stop is None:  # a stop rule is a closure, as it always was
        assert pickle.loads(pickle.dumps(check)).parameters == values
    # it resolves as the judge says, drawing as the stop rule says
    result = check.resolve(SeededRng(seed))
    faces = tuple(r.face for r in result.rolls)
    assert len(faces) == (
        check._drawn(faces + (1,) * len(dice)) if stop is not None else len(dice)
    )
    expected = d.judge(faces, **judge)
    assert result.outcome() == expected
    assert result.rolls == tuple(
        DieRoll(s, f, role) for f, (s, role) in zip(faces, dice, strict=False)
    )
    assert result.ruleset == "perf"
    assert result.check == name
    assert check.resolve(SeededRng(seed)) == result


def test_perf_the_dice_are_read_before_a_check_exists() -> None:
    d = DEFINITIONS["plain"]
    with pytest.raises(CheckFault) as caught:  # the dice function's mistake
        FaceCheck(d, "perf", {"count": 1, "sides": 0, "target": 3})
    assert str(caught.value) == (
        "the dice function of perf:plain returned no valid dice: dice must be "
        "sides >= 1, or (sides, role), got (0, 'check')"
    )
    assert isinstance(caught.value.__cause__, ParameterError)
    with pytest.raises(TypeError):
        FaceCheck(d, "perf", {"count": 2, "target": 3})  # the dice need sides


_NAMES = st.sampled_from(["a", "b", "c", "d", "e"])


@given(
    accepted=st.none() | st.frozensets(_NAMES),
    params=st.dictionaries(_NAMES, st.integers()),
    proxy=st.booleans(),
)
def test_perf_pick_is_the_comprehension(
    accepted: frozenset[str] | None, params: dict[str, int], proxy: bool
) -> None:
    given_params: Mapping[str, int] = MappingProxyType(params) if proxy else params
    picked = _pick(accepted, given_params)
    expected = {k: v for k, v in params.items() if accepted is None or k in accepted}
    assert picked == expected
    assert list(picked) == list(expected)
    assert picked is not params


@given(
    name=st.sampled_from(sorted(DEFINITIONS)),
    values=_VALUES,
    seed=st.integers(0, 2**32),
)
def test_perf_results_by_position_equal_results_by_keyword(
    name: str, values: dict[str, Any], seed: int
) -> None:
    fast = FaceCheck(DEFINITIONS[name], "perf", values).resolve(SeededRng(seed))
    toolkit._RESULT_POSITIONAL = False
    try:
        slow = FaceCheck(DEFINITIONS[name], "perf", values).resolve(SeededRng(seed))
    finally:
        toolkit._RESULT_POSITIONAL = True
    assert fast == slow
    for field in attrs.fields(CheckResult):
        assert getattr(fast, field.name) == getattr(slow, field.name)
    assert fast.explain() == slow.explain()
    assert fast.explain("de") == slow.explain("de")


def test_perf_results_are_built_positionally_in_the_fields_order() -> None:
    names = tuple(a.alias for a in attrs.fields(CheckResult) if a.init)
    assert toolkit._RESULT_POSITIONAL is (names == toolkit._RESULT_FIELDS)
    assert toolkit._RESULT_POSITIONAL


# -- CheckSpec._build ----------------------------------------------------------------

_SPEC_PARAMETERS = (
    Parameter("a", int, min_value=0, max_value=9),
    Parameter("b", int, default=3, min_value=0, max_value=9),
    Parameter("c", str, default="x", choices=("x", "y")),
    Parameter("d", bool),
    Parameter("e", bool, default=True),
)
SPEC = CheckSpec("spec", _SPEC_PARAMETERS, dict)


def _reference_build(params: Mapping[str, object], validate: bool) -> object:
    values: dict[str, object] = {}
    for p in _SPEC_PARAMETERS:
        if p.name in params:
            value = params[p.name]
            values[p.name] = p.validate(value) if validate else value
        elif p.required:
            error = ParameterError(p.name, None, p.allowed(), missing=True)
            # every other required parameter left out is named too
            rest = [
                q.name
                for q in _SPEC_PARAMETERS
                if q.required and q.name not in params and q is not p
            ]
            if rest:
                error.args = (f"{error}; also required: {', '.join(rest)}",)
            raise error
        else:
            values[p.name] = p.default
    return values


@given(
    params=st.dictionaries(
        st.sampled_from("abcde"),
        st.integers(-2, 12) | st.booleans() | st.sampled_from(["x", "y", "z"]),
    ),
    validate=st.booleans(),
)
def test_perf_spec_build_fills_defaults_as_the_declarations_say(
    params: dict[str, object], validate: bool
) -> None:
    def outcome(build: Any) -> object:
        try:
            built = build(params, validate)
        except ParameterError as exc:
            return ("refused", str(exc))
        return ("built", built, list(built))

    assert outcome(SPEC._build) == outcome(_reference_build)


# -- CheckRequests: both entries written, then trimmed once ---------------------------


class _TwoPuts(CheckRequests):
    """The cache as it was: the canonical entry and the request's, each trimmed.

    Each put keeps its entry as the latest (an entry put again moves to the
    end), then forgets the oldest beyond ``maxsize``.
    """

    def _one(self, key: object, entry: Any) -> None:
        self._entries.pop(key, None)
        self._entries[key] = entry
        while len(self._entries) > self.maxsize:
            self._entries.pop(next(iter(self._entries)))

    def build(
        self,
        ruleset: Any,
        request: str | Sequence[str] | Mapping[str, str | int | bool],
        *,
        check: str | None = None,
    ) -> Any:
        entries = self._entries
        if isinstance(request, str):
            key: object = (id(ruleset), check, request)
        elif isinstance(request, Mapping):
            key = (
                id(ruleset),
                check,
                2,
                tuple((k, v.__class__, v) for k, v in request.items()),
            )
        else:
            key = (id(ruleset), check, 1, tuple(request))
        found = entries.get(key)
        if found is not None and found[0] is ruleset:
            return found[1]
        spec = find_spec(ruleset, check)
        where = f"{ruleset.id}:{spec.name}"
        if isinstance(request, str):
            values = _read(spec.parameters, spec._by_name, request.split(), where)
        elif isinstance(request, Mapping):
            values = parse_mapping(spec, request, where)
        else:
            values = parse_words(spec, list(request), where)
        filled = tuple(values.get(name, p.default) for name, p in spec._by_name.items())
        canonical = (id(ruleset), spec.name, 0, filled)
        same = entries.get(canonical)
        if same is not None and same[0] is ruleset:
            built = same[1]
        else:
            built = spec._build(values, validate=False)
            self._one(canonical, (ruleset, built))
        self._one(key, (ruleset, built))
        return built


_TOY = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")
_REQUEST = st.builds(
    lambda skill, modifier, form: {
        "text": f"skill={skill} modifier={modifier}",
        "words": [f"modifier={modifier}", f"skill={skill}"],
        "mapping": {"skill": str(skill), "modifier": str(modifier)},
        "json": {"skill": skill, "modifier": modifier},  # a JSON object's ints
    }[form],
    st.integers(0, 6),
    st.integers(-3, 3),
    st.sampled_from(["text", "words", "mapping", "json"]),
)


@given(requests=st.lists(_REQUEST, max_size=30), maxsize=st.integers(1, 6))
def test_perf_the_cache_keeps_what_two_puts_kept(
    requests: list[Any], maxsize: int
) -> None:
    fast, slow = CheckRequests(maxsize), _TwoPuts(maxsize)
    for request in requests:
        assert fast.build(_TOY, request) == slow.build(_TOY, request)
        assert list(fast._entries) == list(slow._entries)
        assert [v[1] for v in fast._entries.values()] == [
            v[1] for v in slow._entries.values()
        ]
