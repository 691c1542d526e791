"""Foundry's ``sf`` (subtract failures): a failing die counts minus its face.

After Foundry's ``Die.subtractFailures`` and ``DiceTerm._applyDeduct``
(``invertFailure``): a die meeting the condition counts ``-1 * result``,
the others what they count already; without a target the failures are the
lowest face, as rollwerk reads ``df``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from rollwerk.dice import Comparison, Condition, Tally, TallyKind
from rollwerk.errors import NotationError
from rollwerk.notation import parse


def brute(count: int, score: Callable[[int], int]) -> dict[int, Fraction]:
    """Every face combination of ``count`` d6, each die scored alone."""
    totals = Counter(
        sum(map(score, faces)) for faces in itertools.product(range(1, 7), repeat=count)
    )
    return {t: Fraction(n, 6**count) for t, n in totals.items()}


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("3d6sf<3", lambda v: -v if v < 3 else v),
        ("3d6sf1", lambda v: -v if v == 1 else v),
        ("3d6sf=1", lambda v: -v if v == 1 else v),
        ("3d6sf>=5", lambda v: -v if v >= 5 else v),
    ],
)
def test_sf_distribution_equals_brute_force(
    text: str, score: Callable[[int], int]
) -> None:
    expr = parse(text, dialect="foundry")
    assert dict(expr.distribution().items()) == brute(3, score)


def test_sf_rolls_and_explains_failures() -> None:
    result = parse("3d6sf<3", dialect="foundry").replay([1, 2, 5])
    assert result.total == -1 - 2 + 5
    assert result.explain() == (
        "3d6sf<3 = 2\n  3d6sf<3: 1 (failure), 2 (failure), 5 → 2"
    )
    assert result.explain("de").splitlines()[1] == (
        "  3d6sf<3: 1 (Fehlschlag), 2 (Fehlschlag), 5 → 2"
    )


def test_sf_after_keep_and_with_added_dice() -> None:
    kept = parse("4d6kh3sf<3", dialect="foundry").replay([1, 2, 5, 6])
    assert kept.total == -2 + 5 + 6  # the 1 is dropped before it is counted
    exploded = parse("2d6x6sf=6", dialect="foundry").replay([6, 1, 3])
    assert exploded.total == -6 + 1 + 3  # each die of an explosion on its own
    margin = parse("6d6sf<3ms>2", dialect="foundry").replay([1, 2, 3, 4, 5, 6])
    assert margin.total == (-1 - 2 + 3 + 4 + 5 + 6) - 2


def test_sf_tally() -> None:
    tally = Tally(TallyKind.SUBTRACT, Condition(Comparison.LT, 3))
    assert [tally(v) for v in range(1, 7)] == [-1, -2, 3, 4, 5, 6]
    assert not tally.drops(1)
    assert tally.notation() == "sf<3"


COUNT_REFUSED = (
    "'sf' together with a count ('cs', 'cf', 'df', 'even', 'odd', '>=5') "
    "is not read by rollwerk at column "
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "6d6cs>4sf<2",
            COUNT_REFUSED + "8",
        ),
        (
            "6d6sf1df1",
            COUNT_REFUSED + "4",
        ),
        (
            "6d6min2sf1",
            (
                "'sf' together with 'min'/'max' is not read by rollwerk ('sf' "
                "subtracts the face rolled, 'min'/'max' change what a die adds) "
                "at column 8"
            ),
        ),
        ("6d6sf<3sf<2", "'sf' is given twice at column 8"),
    ],
)
def test_sf_refusals(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text, dialect="foundry")
    assert str(info.value).splitlines()[0] == message


def test_sf_is_not_in_the_d20_or_roll20_dialects() -> None:
    with pytest.raises(NotationError) as info:
        parse("6d6sf", dialect="avrae")
    assert str(info.value).splitlines()[0] == (
        "'sf' is not part of the avrae dialect at column 4"
    )
    with pytest.raises(NotationError) as info:
        parse("6d6sf", dialect="roll20")  # Roll20's 's' sorts: not Foundry's sf
    assert str(info.value).splitlines()[0] == (
        "'sf' is not part of the roll20 dialect at column 4"
    )
    assert parse("6d6sf<3").replay([1, 2, 3, 4, 5, 6]).total == 15
