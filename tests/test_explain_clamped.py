"""Explanations show the face rolled where a clamp changed a die (``6→3``).

``mi``/``ma`` (``min``/``max`` in ``foundry``) change what a die counts;
before, ``2d6ma3`` rolling 6 and 1 was explained ``3, 1 → 4`` and the 6
was lost. A die a clamp changed is now written as the face rolled, the
arrow a reroll uses and its value (``6→3``; ``6->3`` where the output holds
ASCII only); a die a clamp did not change is written as before. The
compiled explainer (``notation._explain_fast``) and the traced one
(``_rolled._explain`` over ``RollResult.tree``) say the same, checked here
for fixed rolls and over random clamped pools in every dialect with
clamps. No rule of ``/work/shared/rules`` covers dice notation clamps.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rollwerk import ScriptedRng, SeededRng, parse
from rollwerk.errors import LimitExceeded, NotationError, ParameterError
from rollwerk.notation import Expression, RollResult
from rollwerk.notation._rolled import NodeKind, _explain


def _traced(result: RollResult, lang: str = "en", *, full: bool = False) -> str:
    return _explain(result.notation, result.tree, result.total, lang, (), full=full)


def _explained(text: str, faces: list[int], dialect: str = "rollwerk") -> str:
    """The explanation of ``text`` rolling ``faces``, both explainers agreeing."""
    result = parse(text, dialect=dialect).roll(ScriptedRng(faces))
    fast = result.explain()
    assert fast == _traced(result)
    return fast


# -- the examples ---------------------------------------------------------------------


def test_a_maximum_shows_the_face_rolled() -> None:
    assert _explained("2d6ma3", [6, 1]) == "2d6ma3 = 4\n  2d6ma3: 6→3, 1 → 4"


def test_dice_a_clamp_did_not_change_stay_as_they_were() -> None:
    assert _explained("2d6ma3", [2, 3]) == "2d6ma3 = 5\n  2d6ma3: 2, 3 → 5"


def test_a_minimum_shows_each_die_it_raised() -> None:
    assert _explained("4d6mi2", [1, 2, 5, 1]) == (
        "4d6mi2 = 11\n  4d6mi2: 1→2, 2, 5, 1→2 → 11"
    )


def test_a_clamped_die_that_keep_drops_keeps_its_mark() -> None:
    # keep sees the clamped values: 3, 6, 3, 4 (the second 3 is dropped)
    assert _explained("4d6mi3kh3", [1, 6, 2, 4]) == (
        "4d6mi3kh3 = 13\n  4d6mi3kh3: 1→3, 6, 2→3 (dropped), 4 → 13"
    )


def test_a_clamped_die_that_counts_keeps_its_mark() -> None:
    assert _explained("4d6mi3>=3", [1, 6, 2, 4]) == (
        "4d6mi3>=3 = 4\n"
        "  4d6mi3>=3: 1→3 (success), 6 (success), 2→3 (success), 4 (success) "
        "→ 4 successes"
    )


def test_a_reroll_shows_its_faces_then_the_face_the_clamp_changed() -> None:
    # the reroll tests the face rolled (1), the clamp changes the new face (2)
    assert _explained("2d6r1mi3", [1, 2, 5]) == (
        "2d6r1mi3 = 8\n  2d6r1mi3: 1→2→3 (rerolled), 5 → 8"
    )
    assert _explained("1d6ro<3ma4", [2, 6]) == (
        "1d6ro<3ma4 = 4\n  1d6ro<3ma4: 2→6→4 (rerolled) → 4"
    )
    # a rerolled die the clamp did not change, as before
    assert _explained("2d6r1mi3", [1, 5, 4]) == (
        "2d6r1mi3 = 9\n  2d6r1mi3: 1→5 (rerolled), 4 → 9"
    )


def test_an_explosion_die_a_clamp_changed_is_marked_too() -> None:
    assert _explained("1d6mi3!>=5", [1]) == "1d6mi3!>=5 = 3\n  1d6mi3!>=5: 1→3 → 3"
    assert _explained("1d6mi3!>=5", [6, 2]) == (
        "1d6mi3!>=5 = 9\n  1d6mi3!>=5: 6+2→3=9 (exploded) → 9"
    )
    assert _explained("1d6mi3!>=5", [5, 1]) == (
        "1d6mi3!>=5 = 8\n  1d6mi3!>=5: 5+1→3=8 (exploded) → 8"
    )


def test_explosions_that_add_dice_mark_each_clamped_die() -> None:
    assert _explained("2d6mi3x", [6, 1, 4]) == (
        "2d6mi3x = 13\n  2d6mi3x: 6, 1→3 (added by an explosion), 4 → 13"
    )
    # a penetrating die counts its clamped face (3) less one: the face
    # rolled, then what it counts
    assert _explained("1d6mi3!p", [6, 1]) == (
        "1d6mi3!p = 8\n  1d6mi3!p: 6, 1→2 (added by penetration, counts 1 less) → 8"
    )


def test_fudge_and_custom_dice_show_the_face_rolled_not_the_index() -> None:
    assert _explained("4dFmi0", [1, 2, 3, 1]) == (
        "4dFmi0 = 1\n  4dFmi0: -1→0, 0, 1, -1→0 → 1"
    )
    assert _explained("2d{1,5,9}ma6", [3, 1]) == (
        "2d{1,5,9}ma6 = 7\n  2d{1,5,9}ma6: 9→6, 1 → 7"
    )


def test_min_and_max_read_as_mi_and_ma() -> None:
    assert _explained("2d6max3", [6, 1]) == "2d6max3 = 4\n  2d6max3: 6→3, 1 → 4"


# -- the dialects with clamps (docs/notation.md: rollwerk, foundry, avrae, german) -----


def test_avrae_mi_and_ma() -> None:
    assert _explained("2d6ma3", [6, 1], "avrae") == "2d6ma3 = 4\n  2d6ma3: 6→3, 1 → 4"
    # d20's d% is the tens die 0-90: the face rolled is 20, not the index 3
    assert _explained("1d%mi50", [3], "avrae") == "1d%mi50 = 50\n  1d%mi50: 20→50 → 50"


def test_avrae_keep_chain_is_explained_by_the_traced_path_with_the_marks() -> None:
    # a chain of k/p operations (kh1kl1) is not compiled: only the traced
    # path explains it, and it marks the clamped dice as the compiled one does
    expr = parse("4d6mi3kh1kl1", dialect="avrae")
    assert expr._explainer("en", None) is None
    assert _explained("4d6mi3kh1kl1", [1, 6, 2, 4], "avrae") == (
        "4d6mi3kh1kl1 = 9\n  4d6mi3kh1kl1: 1→3, 6, 2→3 (dropped), 4 (dropped) → 9"
    )


def test_foundry_min_and_max() -> None:
    assert _explained("4d6min3", [1, 6, 2, 4], "foundry") == (
        "4d6min3 = 16\n  4d6min3: 1→3, 6, 2→3, 4 → 16"
    )
    assert _explained("4d6min3kh3", [1, 6, 2, 4], "foundry") == (
        "4d6min3kh3 = 13\n  4d6min3kh3: 1→3, 6, 2→3 (dropped), 4 → 13"
    )


def test_foundry_counts_ignore_min_and_max_so_nothing_is_marked() -> None:
    # Foundry counts the face rolled: min/max change no die of a count
    assert _explained("4d6min3cs>=3", [1, 6, 2, 4], "foundry") == (
        "4d6min3cs>=3 = 2\n  4d6min3cs>=3: 1, 6 (success), 2, 4 (success) → 2 successes"
    )


def test_german_in_german() -> None:
    result = parse("2W6r1mi3", dialect="german").roll(ScriptedRng([1, 2, 5]))
    assert (
        result.explain("de")
        == _traced(result, "de")
        == ("2W6r1mi3 = 8\n  2W6r1mi3: 1→2→3 (neu gewürfelt), 5 → 8")
    )
    # W66 is one result from 11 to 66: its face, not its index 20
    assert (
        _explained("W66ma30", [20], "german") == "W66ma30 = 30\n  W66ma30: 42→30 → 30"
    )


# -- long pools, other nodes, JSON and the CLI ------------------------------------------


def test_a_summarised_pool_marks_its_first_and_last_dice_and_counts_values() -> None:
    result = parse("25d6mi3").roll(ScriptedRng([1, 2, 3, 4, 5, 6] * 4 + [1]))
    assert (
        result.explain()
        == _traced(result)
        == (
            "25d6mi3 = 99\n"
            "  25d6mi3: 1→3, 2→3, 3, 4, 5, 6, 1→3, 2→3, 3, 4, …, 3, 4, 5, 6, 1→3 "
            "(25 dice, 15 shown; values 3×13, 4×4, 5×4, 6×4) → 99"
        )
    )
    listed = result.explain(full=True)
    assert listed == _traced(result, full=True)
    assert listed.splitlines()[1].count("→3") == 9


def test_a_clamped_pool_in_a_sum_and_a_group() -> None:
    assert _explained("2d6ma3+1d20", [6, 1, 17]) == (
        "2d6ma3+1d20 = 21\n  2d6ma3: 6→3, 1 → 4\n  1d20: 17 → 17"
    )
    assert _explained("{2d6ma3, 1d4}kh1", [6, 1, 4]) == (
        "{2d6ma3, 1d4}kh1 = 4\n"
        "  2d6ma3: 6→3, 1 → 4\n"
        "  1d4: 4 → 4\n"
        "  {2d6ma3, 1d4}kh1: 4, 4 (dropped) → 4"
    )


def test_the_json_is_unchanged_and_a_loaded_result_explains_the_same() -> None:
    result = parse("2d6ma3").roll(ScriptedRng([6, 1]))
    data = result.to_json()
    assert data["tree"]["dice"][0] == {
        "rolls": [{"sides": 6, "face": 6, "role": "roll"}],
        "values": [3],
        "rerolled": 0,
        "value": 3,
        "kept": True,
        "counted": 0,
    }
    assert "die_faces" not in data["tree"]
    loaded = RollResult.from_json(data)
    assert loaded == result
    assert loaded.explain() == result.explain() == "2d6ma3 = 4\n  2d6ma3: 6→3, 1 → 4"


def test_the_tree_records_the_faces_before_the_clamp() -> None:
    (node,) = [
        n
        for n in parse("2d6ma3").roll(ScriptedRng([6, 1])).tree.walk()
        if n.kind is NodeKind.DICE
    ]
    assert tuple(node.die_faces) == (1, 2, 3, 4, 5, 6)
    assert "die_faces" not in repr(node)


def test_an_ascii_terminal_gets_the_arrow_in_ascii() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    argv = ["roll", "2d6ma3", "--rolls", "6,1", "--explain"]
    proc = subprocess.run(
        [sys.executable, "-m", "rollwerk", *argv],
        capture_output=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode("ascii").splitlines() == [
        "2d6ma3 = 4",
        "  2d6ma3: 6->3, 1 -> 4",
    ]


# -- both explainers agree over random clamped pools ----------------------------------

_CMP = ["", "<", "<=", ">", ">="]


@st.composite
def _clamped(draw: st.DrawFn) -> tuple[str, str]:
    """A dice term with a clamp, and its dialect."""
    dialect = draw(st.sampled_from(["rollwerk", "german", "foundry", "avrae"]))
    count = draw(st.integers(1, 6) | st.integers(19, 30))
    if dialect == "avrae":
        die = draw(st.sampled_from(["2", "4", "6", "10", "20", "%"]))
    else:
        die = draw(
            st.sampled_from(["2", "4", "6", "8", "10", "20", "100", "F"])
            | st.lists(st.integers(-3, 9), min_size=1, max_size=5).map(
                lambda faces: "{" + ",".join(map(str, faces)) + "}"
            )
        )
    text = f"{count}d{die}"
    words = ["min", "max"] if dialect == "foundry" else ["mi", "ma"]
    if dialect in ("rollwerk", "german"):
        words += ["min", "max"]
    for _ in range(draw(st.integers(1, 2))):
        text += draw(st.sampled_from(words)) + str(draw(st.integers(-2, 10)))
    if dialect == "avrae":
        if draw(st.booleans()):
            text += draw(st.sampled_from(["kh", "kl", "ph", "pl"]))
            text += str(draw(st.integers(0, count)))
        if draw(st.booleans()):  # a chain: the traced path alone
            text += draw(st.sampled_from(["kh1kl1", "k>2", "p<3"]))
        return text, dialect
    if dialect == "foundry":
        if draw(st.booleans()):
            text += draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
            text += str(draw(st.integers(0, count)))
        if draw(st.booleans()):
            text += draw(st.sampled_from(["cs>=3", "cs<2", "even", "odd"]))
        return text, dialect
    if draw(st.integers(0, 2)) == 0:
        text += draw(st.sampled_from(["r", "ro"]))
        text += draw(st.sampled_from(_CMP)) + str(draw(st.integers(-1, 3)))
    if draw(st.integers(0, 2)) == 0:
        text += draw(st.sampled_from(["!", "!!", "x", "xo", "!p"]))
        if draw(st.booleans()):
            text += draw(st.sampled_from(["", ">", ">="]))
            text += str(draw(st.integers(1, 9)))
    if draw(st.booleans()):
        text += draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
        text += str(draw(st.integers(0, count)))
    if draw(st.integers(0, 3)) == 0:
        text += draw(st.sampled_from([">=", "<", "="])) + str(draw(st.integers(-1, 8)))
    return text, dialect


def _parsed(text: str, dialect: str) -> Expression | None:
    try:
        return parse(text, dialect=dialect)
    except (NotationError, LimitExceeded, ParameterError):
        return None


@settings(max_examples=300, deadline=None)
@given(term=_clamped(), seed=st.integers(0, 2**32 - 1), wrap=st.booleans())
def test_both_explainers_agree_on_clamped_pools(
    term: tuple[str, str], seed: int, wrap: bool
) -> None:
    text, dialect = term
    if wrap:  # inside a sum, after another term, labelled
        text = f"1d4+{text} [x]" if dialect != "avrae" else f"1d4+{text}"
    expr = _parsed(text, dialect)
    assume(expr is not None)
    result = expr.roll(SeededRng(seed))
    for lang in ("en", "de"):
        for full in (False, True):
            assert result.explain(lang, full=full) == _traced(result, lang, full=full)


@settings(max_examples=200, deadline=None)
@given(
    sides=st.integers(1, 20),
    low=st.none() | st.integers(-2, 22),
    high=st.none() | st.integers(-2, 22),
    faces=st.lists(st.integers(1, 20), min_size=1, max_size=30),
)
def test_each_die_is_its_face_or_its_face_and_clamped_value(
    sides: int, low: int | None, high: int | None, faces: list[int]
) -> None:
    """An oracle apart from both explainers: ``face→value`` exactly where they differ."""
    assume(low is not None or high is not None)
    faces = [(f - 1) % sides + 1 for f in faces]
    text = f"{len(faces)}d{sides}"
    if low is not None:
        text += f"mi{low}"
    if high is not None:
        text += f"ma{high}"
    expr = _parsed(text, "rollwerk")
    assume(expr is not None)
    result = expr.roll(ScriptedRng(faces))
    shown = []
    for face in faces:
        value = face
        if low is not None and value < low:
            value = low
        if high is not None and value > high:
            value = high
        shown.append(str(value) if value == face else f"{face}→{value}")
    listed = result.explain(full=True)
    assert listed == _traced(result, full=True)
    assert listed.splitlines()[1] == f"  {text}: {', '.join(shown)} → {result.total}"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_clamp_that_changes_nothing_leaves_the_text_as_before(lang: str) -> None:
    plain = parse("3d6").roll(ScriptedRng([2, 3, 4])).explain(lang)
    clamped = parse("3d6mi1ma6").roll(ScriptedRng([2, 3, 4])).explain(lang)
    assert clamped == plain.replace("3d6", "3d6mi1ma6")
