"""Findings of a tester comparing the default notation with icepool (h198).

A number after a target that is followed by a ``d`` starting no die is the
target, the ``d`` a modifier; a failure rule or ``cf`` written twice is
refused by name; a penetrating die shows the face rolled and what it counts.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollwerk.errors import NotationError
from rollwerk.notation import parse
from rollwerk.rng import ScriptedRng


@pytest.mark.parametrize(
    ("written", "same_as"),
    [
        ("4d6>=5dl1", "4d6dl1>=5"),
        ("4d6>=5dh1", "4d6dh1>=5"),
        ("4d6>=5d", "4d6dl1>=5"),
        ("4d6 >= 5 dl1", "4d6dl1>=5"),
    ],
)
def test_a_d_after_the_target_that_starts_no_die_is_a_modifier(
    written: str, same_as: str
) -> None:
    assert parse(written).distribution() == parse(same_as).distribution()


def test_a_die_after_the_target_is_still_a_term_to_compare_with() -> None:
    # notation.md: a comparison counts dice when a plain number follows, not a die
    assert parse("4d6>=5d1").distribution().probability(lambda o: o == 1) == Fraction(
        1295, 1296
    )
    assert parse("6d6>=4df").distribution().probability(lambda o: o == 1) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1d6df=1df=2", "'df' is given twice at column 8"),
        ("6d6cfcf", "'cf' is given twice at column 6"),
        (
            "1d6>=5f1df<=3",
            (
                "failures are given twice ('f' after the target and 'df'): write one "
                "of them at column 1"
            ),
        ),
        (
            "1d6df<=3>=5f1",
            (
                "failures are given twice ('f' after the target and 'df'): write one "
                "of them at column 1"
            ),
        ),
    ],
)
def test_a_failure_rule_given_twice_is_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert str(info.value).splitlines()[0] == message


@pytest.mark.parametrize(
    ("text", "faces", "line"),
    [
        ("1d6!p", [6, 4], "  1d6!p: 6, 4→3 (added by penetration, counts 1 less) → 9"),
        (
            "1d6mi3!p",
            [6, 1],
            "  1d6mi3!p: 6, 1→2 (added by penetration, counts 1 less) → 8",
        ),
    ],
)
def test_a_penetrating_die_shows_the_face_rolled_and_its_value(
    text: str, faces: list[int], line: str
) -> None:
    expression = parse(text)
    assert expression.replay(faces).explain().splitlines()[1] == line
    rolled = expression.roll(ScriptedRng(faces))  # through the rolled dice
    assert rolled.explain().splitlines()[1] == line


@pytest.mark.parametrize(
    ("text", "faces", "tail"),
    [
        (
            "1d6x",
            [6] * 21,
            (
                "6 (added by an explosion, the cap of 20 added dice: explodes no "
                "further) → 126"
            ),
        ),
        (
            "2d6x",
            [6] * 21 + [2],
            (
                "6 (added by an explosion, the cap of 20 added dice: explodes no "
                "further), 2 → 128"
            ),
        ),
        (
            "1d6!p",
            [6] * 21,
            (
                "6→5 (added by penetration, counts 1 less, the cap of 20 added dice: "
                "explodes no further) → 106"
            ),
        ),
    ],
)
def test_the_cap_of_added_dice_is_said(text: str, faces: list[int], tail: str) -> None:
    """notation.md: a cap is never hidden (only the 20th added die says it)."""
    for full in (True, False):
        fast = parse(text).replay(faces).explain(full=full).splitlines()[1]
        rolled = parse(text).roll(ScriptedRng(faces)).explain(full=full)
        assert fast == rolled.splitlines()[1]
        assert fast.count("explodes no further") == 1
    assert parse(text).replay(faces).explain(full=True).endswith(tail)
    one = parse("1d6xo").replay([6, 6]).explain()
    assert one == "1d6xo = 12\n  1d6xo: 6, 6 (added by an explosion) → 12"
