"""Issue 19: explanations of long pools are summarised; the full list on request.

The shortcut for plain dice is checked against ``RolledDie.describe`` (the
slow reference) over random expressions.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rollwerk import SeededRng, parse
from rollwerk.notation._rolled import EXPLAIN_DICE, NodeKind


def _full_body(notation: str, seed: int, lang: str = "en") -> list[str]:
    result = parse(notation).roll(SeededRng(seed))
    return [
        ", ".join(d.describe(lang) for d in node.dice)
        for node in result.tree.walk()
        if node.kind is NodeKind.DICE
    ]


def test_perf_a_long_pool_is_summarised_with_face_counts() -> None:
    result = parse("1000d20").roll(SeededRng(3))
    assert result.explain() == (
        "1000d20 = 10342\n"
        "  1000d20: 1, 12, 20, 14, 15, 15, 15, 2, 1, 9, …, 7, 3, 1, 8, 18 "
        "(1000 dice, 15 shown; values 1×56, 2×47, 3×41, 4×50, 5×44, 6×59, 7×54, "
        "8×70, 9×47, 10×54, 11×53, 12×56, 13×41, 14×45, 15×43, 16×48, 17×45, "
        "18×46, 19×50, 20×51) → 10342"
    )
    assert (
        result.explain("de")
        .splitlines()[1]
        .endswith(
            "(1000 Würfel, 15 gezeigt; Werte 1×56, 2×47, 3×41, 4×50, 5×44, 6×59, "
            "7×54, 8×70, 9×47, 10×54, 11×53, 12×56, 13×41, 14×45, 15×43, 16×48, "
            "17×45, 18×46, 19×50, 20×51) → 10342"
        )
    )


def test_perf_the_full_list_on_request() -> None:
    result = parse("1000d20").roll(SeededRng(3))
    (body,) = _full_body("1000d20", 3)
    assert result.explain(full=True) == f"1000d20 = 10342\n  1000d20: {body} → 10342"


def test_perf_twenty_dice_are_listed_and_twenty_one_summarised() -> None:
    assert EXPLAIN_DICE == 20
    twenty = parse("20d6").roll(SeededRng(1)).explain()
    assert "…" not in twenty
    assert twenty.splitlines()[1].count(",") == 19
    more = parse("21d6").roll(SeededRng(1)).explain()
    assert "(21 dice, 15 shown; values " in more


@given(
    notation=st.sampled_from(
        [
            "4d6kh3",
            "4d6dl1",
            "10d6>=5",
            "6d10>=8f1",
            "3d6r1",
            "3d6ro<2",
            "4d6!",
            "3d6!!",
            "3d6!p",
            "2d20kl1+1d4",
            "5dF",
            "{4d6kh3, 2d8}kh1",
        ]
    ),
    seed=st.integers(0, 2**32),
    lang=st.sampled_from(["en", "de"]),
)
def test_perf_the_plain_die_shortcut_equals_describe(
    notation: str, seed: int, lang: str
) -> None:
    """Every die's words equal ``RolledDie.describe``, shortcut or not."""
    explanation = parse(notation).roll(SeededRng(seed)).explain(lang)
    for body in _full_body(notation, seed, lang):
        assert f": {body} → " in explanation
