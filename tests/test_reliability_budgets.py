"""Issue 17: budgets cover the whole call, refusals stay short.

The exact-computation estimate charges products by their pairs (three units
each) and comparisons by one pass over each side, so that the worst accepted
expression takes about a second on a 2-core machine; ``--odds`` shows at
most ``--max-outcomes`` outcomes (default 1000) and says what it left out.
Measured figures are in ``docs/reliability.md``; the tests assert exact
values and messages, never times.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import LimitExceeded, parse
from rollwerk.cli import main
from rollwerk.dice import DICE_LIMITS


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        (
            "(103d20)*(103d20)",  # accepted before: 3.5 s, 343 MB, 979 769 outcomes
            (
                "exact computation size limit exceeded: 23159264 is more than the "
                "maximum of 4000000 (by 19159264)"
            ),
        ),
        (
            "900d6r1",  # about 1.1 s by Miller's recurrence (273 600-bit weights)
            (
                "exact computation size limit exceeded: 12107708 is more than the "
                "maximum of 4000000 (by 8107708)"
            ),
        ),
        (
            "20d100rr5",  # accepted before: 2.5-4 s (all 1981 sums computed)
            (
                "exact computation size limit exceeded: 6079989 is more than the "
                "maximum of 4000000 (by 2079989)"
            ),
        ),
        (
            "(200d10rr2)>(200d10rr2)",  # accepted before: 2.5-4 s
            (
                "exact computation size limit exceeded: 15450839 is more than the "
                "maximum of 4000000 (by 11450839)"
            ),
        ),
        (
            # two sums of 150 000-bit weights: 23 000 products of two wide
            # numbers (accepted before as 3.5 million units: 30 s)
            "150d1000r>2ma2+150d1000r>2ma2",
            (
                "exact computation size limit exceeded: 114827162 is more than the "
                "maximum of 4000000 (by 110827162)"
            ),
        ),
        (
            # accepted before the keep programme's estimate: 3-4 s; the
            # highest of two is now one pass of running sums (about a
            # second: 301 products of 108 000-bit weights), of three too wide
            "{300d12r12ma2, 300d12r12ma2, 300d12r12ma2}kh1",
            (
                "exact computation size limit exceeded: 6511551 is more than the "
                "maximum of 4000000 (by 2511551)"
            ),
        ),
        (
            # 47 859 totals of 15 000-byte weights: 0.7 s but 687 MB
            "2d80*1000+300d12r12ma2",
            (
                "exact computation size limit exceeded: 5853730 is more than the "
                "maximum of 4000000 (by 1853730)"
            ),
        ),
        (
            "164d12r12ma2*1d1000",  # 1.2 s and 866 MB
            (
                "exact computation size limit exceeded: 11091960 is more than the "
                "maximum of 4000000 (by 7091960)"
            ),
        ),
        (
            # a keep of 11 among 12 values of different distributions: about
            # 3**12 moves per value (2.6 s; 14 of them took 25 s)
            (
                "{d{1,2},d{1,2,2},d{1,1,2},d{1,2,2,2},d{1,1,1,2},d{1,2,2,2,2},"
                "d{1,1,1,1,2},d{1,2,2,2,2,2},d{1,1,1,1,1,2},d{1,2,2,2,2,2,2},"
                "d{1,1,1,1,1,1,2},d{1,2,2,2,2,2,2,2}}k11"
            ),
            (
                "exact computation size limit exceeded: 13816936 is more than the "
                "maximum of 4000000 (by 9816936)"
            ),
        ),
        (
            "1d1000*" * 6 + "1",  # a product of six d1000: 19 digits of pairs
            (
                "exact computation size limit exceeded: about 6.0e18 is more than the "
                "maximum of 4000000 (by about 6.0e18)"
            ),
        ),
    ],
)
def test_too_big_is_refused_before_any_work_with_a_short_message(
    notation: str, message: str
) -> None:
    expr = parse(notation)
    with pytest.raises(LimitExceeded) as info:
        expr.distribution()
    assert str(info.value) == message
    assert info.value.maximum == DICE_LIMITS.max_work == 4_000_000


def test_a_comparison_of_two_big_sums_is_one_pass_each_side() -> None:
    """``(275d6)>(275d6)`` took 1.6 s over 1.9 million pairs; now a few ms.

    By symmetry P(first > second) = (1 - P(equal)) / 2.
    """
    sides = parse("275d6").distribution()
    equal = sum((p * p for _, p in sides.items()), Fraction(0))
    dist = parse("(275d6)>(275d6)").distribution()
    assert dist.probability(1) == (1 - equal) / 2
    assert dist.probability(0) == (1 + equal) / 2


@pytest.mark.parametrize(
    ("notation", "expected"),
    [
        ("(2d6)>(1d12)", {0: Fraction(1, 2), 1: Fraction(1, 2)}),
        ("(2d6)<(1d12)", {0: Fraction(7, 12), 1: Fraction(5, 12)}),
        ("(2d6)>=(1d12)", {0: Fraction(5, 12), 1: Fraction(7, 12)}),
        ("(2d6)<=(1d12)", {0: Fraction(1, 2), 1: Fraction(1, 2)}),
        ("(2d6)=(1d12)", {0: Fraction(11, 12), 1: Fraction(1, 12)}),
        ("(1d6)>(7)", {0: Fraction(1)}),
        ("(7)>(1d6)", {1: Fraction(1)}),
    ],
)
def test_comparisons_are_exact(notation: str, expected: dict[int, Fraction]) -> None:
    assert dict(parse(notation).distribution().items()) == expected


def test_the_worst_accepted_product_is_computed() -> None:
    """``(60d20)*(60d20)``: 0.8 s, 93 MB, 340 702 outcomes (docs/reliability.md)."""
    dist = parse("(60d20)*(60d20)").distribution()
    assert len(dist) == 340_702
    assert dist.mean() == 630 * 630
    with pytest.raises(LimitExceeded):
        parse("(61d20)*(61d20)").distribution()


# -- --odds shows at most --max-outcomes outcomes -------------------------------


def test_odds_leaves_out_the_least_likely_outcomes_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["roll", "3d6", "--odds", "--max-outcomes", "4"]) == 0
    assert capsys.readouterr().out == (
        "exact odds of 3d6 (mean 21/2 ≈ 10.50)\n"
        "value  probability  percent\n"
        "    9       25/216   11.57%  █████████████████████████████████████\n"
        "   10          1/8   12.50%  ████████████████████████████████████████\n"
        "   11          1/8   12.50%  ████████████████████████████████████████\n"
        "   12       25/216   11.57%  █████████████████████████████████████\n"
        "… 12 outcomes not shown, none likelier than those shown (51.85% in all); "
        "--max-outcomes N shows more\n"
    )


def test_odds_json_lists_what_was_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "3d6", "--odds", "--json", "--max-outcomes", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "schema": 1,
        "notation": "3d6",
        "outcomes": [
            {"value": 10, "probability": "1/8"},
            {"value": 11, "probability": "1/8"},
        ],
        "omitted": {"outcomes": 14, "probability": "3/4"},
    }


def test_odds_shows_1000_outcomes_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``(10d10)*(10d10)`` has 2658 outcomes."""
    assert main(["roll", "(10d10)*(10d10)", "--odds", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["outcomes"]) == 1000
    assert data["omitted"]["outcomes"] == 1658
    shown = sum(Fraction(o["probability"]) for o in data["outcomes"])
    assert shown + Fraction(data["omitted"]["probability"]) == 1


def test_odds_german_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "2d6", "--odds", "--max-outcomes", "1", "--lang", "de"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == (
        "… 10 Ergebnisse nicht gezeigt, keines wahrscheinlicher als die gezeigten (zusammen 83,33%); "
        "--max-outcomes N zeigt mehr"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["roll", "2d6", "--odds", "--max-outcomes", "0"],
            (
                "argument --max-outcomes: must be an integer from 1 to "
                "999999999999999999 (ASCII digits), got '0'"
            ),
        ),
        (
            ["odds", "toy", "--max-outcomes", "1000000000000000000"],
            (
                "argument --max-outcomes: must be an integer from 1 to "
                "999999999999999999 (ASCII digits), got '1000000000000000000'"
            ),
        ),
        (
            ["roll", "2d6", "--seed", "1_0"],
            (
                "argument --seed: must be an integer (ASCII digits with an optional "
                "sign), got '1_0'"
            ),
        ),
        (
            ["roll", "2d6", "--seed", "٣"],
            (
                "argument --seed: must be an integer (ASCII digits with an optional "
                "sign), got '٣'"
            ),
        ),
        (
            ["roll", "2d6", "--rolls", "1,٣"],
            "--rolls must be comma-separated die faces such as 2,1,17, got '1,٣'",
        ),
    ],
)
def test_integer_options_take_ascii_digits_only(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's errors
        code = int(str(exc.code))
    assert code == 2
    assert message in capsys.readouterr().err


@given(
    sides=st.integers(2, 12),
    low=st.integers(1, 12),
    high=st.integers(1, 12),
    reroll=st.sampled_from(["", "r1", "ro1"]),
    fudge=st.booleans(),
)
def test_a_die_counts_as_symmetric_only_when_its_weights_are(
    sides: int, low: int, high: int, reroll: str, fudge: bool
) -> None:
    """Miller's recurrence computes half the sums of a symmetric die only.

    The work estimate may call a die symmetric only when its weights read
    the same from both ends (else it would count half the work it does).
    """
    die = "dF" if fudge else f"d{sides}"
    clamps = "" if fudge else f"min{min(low, high)}max{max(low, high)}"
    pool = parse(f"3{die}{reroll}{clamps}")._node.pool
    weights, _ = pool._first_weights()
    lo, hi = min(weights), max(weights)
    dense = [weights.get(v, 0) for v in range(lo, hi + 1)]
    if pool._symmetric(pool._faces()):
        assert dense == dense[::-1]
    elif not reroll:
        assert dense != dense[::-1]


def test_a_sparse_term_and_wide_weights_are_summed_pair_by_pair() -> None:
    """``2d80*80+300d12r12ma2`` took 13 s: 159 values spread over 12 641
    were packed with 121 500-bit weights into mostly zeros. The convolution
    now costs both ways and multiplies the 47 859 pairs instead."""
    from rollwerk._poly import _naive_is_cheaper

    sparse, wide = parse("2d80*80").distribution(), parse("300d12r12ma2").distribution()
    assert (len(sparse), len(wide)) == (159, 301)
    assert _naive_is_cheaper(sparse._weights, wide._weights, 159 * 301)
    dist = parse("2d80*80+300d12r12ma2").distribution()
    assert len(dist) == 80 * 158 + 301  # totals 460 to 13 400
    assert dist.mean() == sparse.mean() + wide.mean()
    assert dist.probability(460) == sparse.probability(160) * wide.probability(300)


def test_a_wide_product_plus_few_wide_weights_is_summed_pair_by_pair() -> None:
    """A bad-input audit (h241): ``(4d10)*(8d667)+3d6rr1``, priced at 3 987 335
    units, took 4.9 s: its 86 732 products over 213 409 totals were packed
    against 16 weights of 781 bits, and libmpdec's transform costs the long
    number's length however short the other. Packing now costs at least that
    length; the 1 387 712 pairs take under a second. Narrow weights (``3d6``)
    stay packed."""
    from rollwerk._poly import _naive_is_cheaper

    product = parse("(4d10)*(8d667)").distribution()._weights
    rerolled = parse("3d6rr1").distribution()._weights
    plain = parse("3d6").distribution()._weights
    assert (len(product), len(rerolled)) == (86_732, 16)
    assert _naive_is_cheaper(product, rerolled, 86_732 * 16)
    assert not _naive_is_cheaper(product, plain, 86_732 * 16)


def test_a_filter_then_a_keep_over_a_set_counts_a_keep_per_filter_outcome() -> None:
    """d20's ``p>3kh5`` over ten different dice: a keep for each way the
    values pass the filter (4.7-5.4 s, estimated at 144 212 units)."""
    expr = parse(
        "(1d6,1d6rr1,1d6ro1,1d6mi2,1d6ma5,1d6rr2,1d6ro2,1d6rr6,1d6ro6,1d6ro3)p>3kh5",
        "avrae",
    )
    with pytest.raises(LimitExceeded) as info:
        expr.distribution()
    assert str(info.value) == (
        "exact computation size limit exceeded: 217497812 is more than the "
        "maximum of 4000000 (by 213497812)"
    )
    assert parse("8d6p>3kh2", "avrae").distribution().mean() > 0


def test_keep_moves_counts_states_and_placements() -> None:
    from rollwerk.notation._tree import keep_moves

    assert keep_moves([4], 5) == 15  # one type: 5 + 4 + 3 + 2 + 1
    assert keep_moves([1, 1], 3) == 9  # two types: 3**2
    assert keep_moves([1] * 10, 11) == 3**10
    assert keep_moves([1] * 10, 1) == 2**10  # only the start state
    assert keep_moves([2], 3, filtered=True) == 6 + 3 + 1
