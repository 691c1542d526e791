"""Issue 19: a never-seen request resolves without building its explanation.

Toolkit results carry a deferred explanation (`Text.deferred`): the
definition's ``explain`` runs when the text is first read, once, and gives
what the eager path gave. The request path reads parsed values once (no
second validation) and the checks' die records are shared per definition.
Nothing is timed.
"""

from __future__ import annotations

import copy

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import ScriptedRng, SeededRng
from rollwerk.checks import CheckRequests, Degree, Outcome, Parameter, define_check
from rollwerk.errors import CheckFault, ExplainFailed, ParameterError, RulesError
from rollwerk.i18n import Catalog, MissingMessage, Text
from rollwerk.plugins import Registry
from rollwerk.testing import examples

CAT = Catalog(
    {
        "en": {"t.explain": "{face} against {target}"},
        "de": {"t.explain": "{face} gegen {target}"},
    }
)
CALLS: list[tuple[int, ...]] = []


def _judge(faces: tuple[int, ...], target: int) -> Outcome:
    hit = faces[0] >= target
    return Outcome(hit, Degree.SUCCESS if hit else Degree.FAILURE, faces[0])


def _explain(faces: tuple[int, ...], outcome: Outcome, target: int) -> Text:
    CALLS.append(faces)
    return CAT.text("t.explain", face=faces[0], target=target)


TARGET = Parameter("target", int, min_value=1, max_value=20)
COUNTED = define_check("check", [TARGET], dice=[20], judge=_judge, explain=_explain)


def test_text_deferred_runs_make_once_when_first_read() -> None:
    made: list[int] = []

    def make() -> Text:
        made.append(1)
        return CAT.text("t.explain", face=3, target=9)

    text = Text.deferred(make)
    assert made == []
    assert isinstance(text, Text)
    assert text() == "3 against 9"
    assert text("de") == "3 gegen 9"
    assert text == CAT.text("t.explain", face=3, target=9)
    assert hash(text) == hash(CAT.text("t.explain", face=3, target=9))
    assert made == [1]
    assert text.message == "t.explain"
    assert dict(text.fields) == {"face": 3, "target": 9}
    assert repr(text) == "Text(message='t.explain')"


def test_text_deferred_copies_and_evolves_as_the_text_it_makes() -> None:
    text = Text.deferred(lambda: CAT.text("t.explain", face=3, target=9))
    assert copy.copy(text)("de") == "3 gegen 9"
    assert attrs.evolve(text, fields={"face": 4, "target": 9})() == "4 against 9"
    assert Text.deferred(lambda: text)() == "3 against 9"  # a deferred made text


def test_text_deferred_reports_a_bad_make_when_read() -> None:
    wrong = Text.deferred(lambda: "3 hits")  # type: ignore[arg-type, return-value]
    with pytest.raises(RulesError) as info:
        wrong()
    assert str(info.value) == "a deferred text was built as '3 hits', not a Text"
    broken = Text.deferred(lambda: Text.fixed(en=str(1 // 0)))
    with pytest.raises(RulesError) as info:
        broken()
    assert str(info.value) == (
        "a deferred text failed to build: ZeroDivisionError: "
        "integer division or modulo by zero"
    )


def test_resolving_builds_no_explanation_until_it_is_read() -> None:
    CALLS.clear()
    check = COUNTED.build("t", None, target=12)
    result = check.resolve(ScriptedRng([15]))
    assert (result.success, result.value, CALLS) == (True, 15, [])
    assert result.explain() == "15 against 12"
    assert result.explain("de") == "15 gegen 12"
    assert CALLS == [(15,)]
    # the memo gives the same result object, whose text is made already
    assert check.resolve(ScriptedRng([15])) is result
    assert result.explain() == "15 against 12"
    assert CALLS == [(15,)]


@given(target=st.integers(1, 20), face=st.integers(1, 20))
def test_deferred_result_equals_the_checked_result_for(target: int, face: int) -> None:
    check = COUNTED.build("t", None, target=target)
    resolved = check.resolve(ScriptedRng([face]))
    eager = check.result_for((face,))
    assert resolved == eager
    assert resolved.explain("de") == f"{face} gegen {target}"
    assert resolved.to_json() == eager.to_json()


def _raising(faces: tuple[int, ...], outcome: Outcome) -> Text:
    raise KeyError("no such word")


def test_a_failing_explain_is_reported_with_the_check_when_read() -> None:
    broken = define_check("broken", [TARGET], dice=[20], judge=_judge, explain=_raising)
    result = broken.build("demo", None, target=3).resolve(ScriptedRng([7]))
    assert result.value == 7
    with pytest.raises(RulesError) as info:
        result.explain()
    assert str(info.value) == (
        "the explain function of demo:broken raised KeyError: 'no such word'"
    )


def _unknown_word(faces: tuple[int, ...], outcome: Outcome) -> Text:
    return Catalog({"en": {"x.e": "{n}"}}).text("x.label.hit")


def test_a_message_missing_from_the_explain_functions_catalog_names_the_check() -> None:
    # a wording mistake of the plugin, not of the caller: a RulesError
    # naming the check, chained to the MissingMessage
    broken = define_check(
        "wordless", [TARGET], dice=[20], judge=_judge, explain=_unknown_word
    )
    result = broken.build("demo", None, target=3).resolve(ScriptedRng([7]))
    with pytest.raises(RulesError) as info:
        result.explain()
    assert str(info.value) == (
        "the explanation of demo:wordless failed: "
        "no catalog has the message 'x.label.hit' in 'en'"
    )
    assert isinstance(info.value, ExplainFailed)
    assert isinstance(info.value.__cause__, MissingMessage)
    with pytest.raises(ExplainFailed):
        result.to_json()


def test_die_records_are_shared_by_the_checks_of_one_definition() -> None:
    first = COUNTED.build("t", None, target=5).resolve(ScriptedRng([9]))
    second = COUNTED.build("t", None, target=6).resolve(ScriptedRng([9]))
    assert first.rolls[0] is second.rolls[0]
    assert first.rolls[0].face == 9


def test_request_values_are_checked_once_and_still_refused() -> None:
    toy = Registry(load_entrypoints=False, plugins=[examples]).ruleset("toy")
    requests = CheckRequests(maxsize=8)
    cases: list[tuple[str | list[str], str]] = [
        ("skill=7", "skill must be an integer from 0 to 6, got 7"),
        ("skill=+9", "skill must be an integer from 0 to 6, got 9"),
        ("skill=1_0", "skill must be an integer from 0 to 6, got '1_0'"),
        (
            "skill",
            (
                "parameter of toy:check must be written skill=<value> (skill is an "
                "integer from 0 to 6), got 'skill'"
            ),
        ),
        (
            ["skill=1", " =3"],
            (
                "parameter of toy:check must be written key=value with key one "
                "of: skill, modifier, edge, difficulty, got ' =3'"
            ),
        ),
        (
            "luck=3",
            (
                "parameter of toy:check must be one of: skill, modifier, edge, "
                "difficulty, got 'luck'"
            ),
        ),
        (
            ["skill=1", "skill=2"],
            "skill must be given once (first as 'skill=1'), got 'skill=2'",
        ),
    ]
    for text, message in cases:
        with pytest.raises(ParameterError) as info:
            requests.build(toy, text)
        assert str(info.value) == message
    check = requests.build(toy, "skill=+3")
    assert check.parameters["skill"] == 3
    assert requests.build(toy, "skill=3") is check
    assert requests.build(toy, ["skill=3"]) is check
    assert check.resolve(SeededRng(7)).explain() == (
        "rolled 5 against a chance of 3: failure"
    )
    requests.clear()
    assert len(requests) == 0
    assert requests.build(toy, "skill=3") is not check


def test_outcomes_keep_their_hash_and_sort_key_and_still_compare_by_value() -> None:
    low = Outcome(True, Degree.SUCCESS, 3)
    high = Outcome(True, Degree.CRITICAL_SUCCESS, 1)
    assert sorted([high, low]) == [low, high]
    assert low._sort_key == (2, 3, True, True, (), "")
    assert attrs.evolve(low, value=4)._sort_key is None  # made again on demand
    assert attrs.evolve(low, value=4) > low
    assert hash(low) == hash(Outcome(True, Degree.SUCCESS, 3))
    assert low == Outcome(True, Degree.SUCCESS, 3)
    assert repr(low) == (
        "Outcome(success=True, degree=<Degree.SUCCESS: 'success'>, value=3, "
        "rolled=True, extras=(), level=None)"
    )
    assert [d.rank for d in Degree] == [0, 1, 2, 3]


def test_a_forgotten_check_is_freed_without_the_cycle_collector() -> None:
    import gc
    import weakref

    gc.collect()
    gc.disable()
    try:
        check = COUNTED.build("t", None, target=12)
        check.resolve(ScriptedRng([15]))  # kept in the check's memo, unread
        ref = weakref.ref(check)
        del check
        assert ref() is None  # freed by reference counting alone
    finally:
        gc.enable()


def test_shared_dice_shapes_refuse_what_the_declaration_refuses() -> None:
    def listed(n: int) -> list[int]:
        return [6] * n

    shaped = define_check(
        "shaped",
        [Parameter("n", int, min_value=1, max_value=3)],
        dice=listed,
        judge=_judge_sum,
    )
    assert shaped.build("t", None, n=2).dice == ((6, "check"), (6, "check"))
    assert shaped.build("t", None, n=2).dice is shaped.build("t", None, n=2).dice

    def generated(n: int) -> object:
        return (6 for _ in range(n))

    lazy = attrs.evolve(shaped, dice=generated)
    lazy._shapes.update(shaped._shapes)  # even with the same dice already read
    with pytest.raises(CheckFault) as info:
        lazy.build("t", None, n=2)
    assert str(info.value).startswith(
        "the dice function of t:shaped returned no valid dice: dice must be a "
        "sequence of sides or (sides, role), got <generator object"
    )


def _judge_sum(faces: tuple[int, ...]) -> Outcome:
    return Outcome(True, Degree.SUCCESS, sum(faces))
