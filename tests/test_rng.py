"""The Rng protocol and its seeded, system and scripted implementations.

Rule ids refer to issue 2 ("rollwerk core I"), item 2 (randomness).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rollwerk import ParameterError, Rng, ScriptedRng, SeededRng, SystemRng
from rollwerk.errors import ScriptExhausted


def test_core1_i2_seeded_fixed_values() -> None:
    """I2-2: the seeded Rng gives fixed faces for a fixed seed (any platform)."""
    rng = SeededRng(42)
    assert [rng.roll(6) for _ in range(5)] == [2, 5, 1, 4, 5]
    rng = SeededRng(2024)
    assert [rng.roll(20) for _ in range(6)] == [1, 7, 7, 9, 18, 12]
    rng = SeededRng(-5)
    assert [rng.roll(100) for _ in range(4)] == [60, 66, 90, 92]


def _documented_faces(seed: int, sides: int, n: int) -> list[int]:
    """The algorithm of the `SeededRng` docstring, written out on `random.Random`."""
    twister = random.Random(seed)
    faces = []
    for _ in range(n):
        while True:
            if sides <= 256:
                x = twister.getrandbits(32) >> 24
                limit = 256 - 256 % sides
            elif sides <= 2**32:
                x = twister.getrandbits(32)
                limit = 2**32 - 2**32 % sides
            else:
                x = twister.getrandbits(sides.bit_length())
                if x < sides:
                    faces.append(x + 1)
                    break
                continue
            if x < limit:
                faces.append(x % sides + 1)
                break
    return faces


@given(
    seed=st.integers(0, 2**64),
    sides=st.one_of(st.integers(1, 300), st.integers(1, 2**33), st.integers(1, 2**70)),
)
def test_core1_i2_seeded_follows_the_documented_algorithm(
    seed: int, sides: int
) -> None:
    """I2-2: the seeded faces are those the docstring's algorithm gives.

    The algorithm is the reproducibility promise: a reimplementation from the
    documentation on a plain `random.Random` gives the very same faces.
    """
    rng = SeededRng(seed)
    assert [rng.roll(sides) for _ in range(8)] == _documented_faces(seed, sides, 8)


def test_core1_i2_seeded_does_not_touch_global_random() -> None:
    """I2-2: the seeded Rng never uses or changes the global random state."""
    random.seed(7)
    before = random.getstate()
    rng = SeededRng(1)
    for _ in range(100):
        rng.roll(20)
    assert random.getstate() == before


@given(st.integers(), st.integers(1, 10**6))
def test_core1_i2_seeded_in_range_and_reproducible(seed: int, sides: int) -> None:
    """I2-2: faces lie in 1..sides and the same seed repeats them."""
    a, b = SeededRng(seed), SeededRng(seed)
    faces = [a.roll(sides) for _ in range(10)]
    assert faces == [b.roll(sides) for _ in range(10)]
    assert all(1 <= f <= sides for f in faces)


def test_core1_i2_seeded_uniform_on_d6() -> None:
    """I2-2: every face of a d6 appears (a coarse uniformity check)."""
    rng = SeededRng(0)
    counts = [0] * 7
    for _ in range(6000):
        counts[rng.roll(6)] += 1
    assert all(900 < c < 1100 for c in counts[1:])


def test_core1_i2_bad_arguments() -> None:
    """I2-8: bad seeds and side counts are ParameterErrors naming the value."""
    with pytest.raises(
        ParameterError, match="seed must be an integer of at most 400 digits, got True"
    ):
        SeededRng(True)
    with pytest.raises(
        ParameterError, match="seed must be an integer of at most 400 digits, got '1'"
    ):
        SeededRng("1")  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match="sides must be an integer >= 1, got 0"):
        SeededRng(1).roll(0)
    with pytest.raises(ParameterError, match="sides must be an integer >= 1, got -3"):
        SystemRng().roll(-3)


def test_core1_i2_system_rng() -> None:
    """I2-2: the system Rng stays in range."""
    rng = SystemRng()
    assert all(1 <= rng.roll(4) <= 4 for _ in range(100))
    assert repr(rng) == "SystemRng()"


def test_core1_i2_scripted_plays_back_and_reports() -> None:
    """I2-2: the scripted Rng plays back faces and fails clearly."""
    rng = ScriptedRng([2, 1, 17])
    assert [rng.roll(20), rng.roll(20)] == [2, 1]
    assert (rng.used, rng.remaining) == (2, 1)
    assert rng.roll(20) == 17
    with pytest.raises(ScriptExhausted) as info:
        rng.roll(6)
    assert str(info.value) == (
        "scripted Rng ran out of faces: all 3 given faces were used, a 4th d6 "
        "was asked for"
    )
    with pytest.raises(ParameterError) as bad:
        ScriptedRng([0]).roll(6)
    assert (
        str(bad.value) == "the 1st face must be an integer from 1 to 6 for a d6, got 0"
    )
    with pytest.raises(
        ParameterError, match="the 2nd face must be an integer, got 'x'"
    ):
        ScriptedRng([1, "x"])  # type: ignore[list-item]
    assert repr(ScriptedRng([1, 2])) == "ScriptedRng([1, 2])"


def test_core1_i2_ordinals_in_messages() -> None:
    """I2-2: the ordinal in the exhausted message is English (1st, 2nd, 11th)."""
    for n, word in [(0, "1st"), (1, "2nd"), (2, "3rd"), (10, "11th"), (21, "22nd")]:
        rng = ScriptedRng([1] * n)
        for _ in range(n):
            rng.roll(1)
        with pytest.raises(ScriptExhausted, match=f"a {word} d1 was asked for"):
            rng.roll(1)


def test_core1_i2_protocol() -> None:
    """I2-2: all three implement the Rng protocol."""
    for rng in (SeededRng(1), SystemRng(), ScriptedRng([])):
        assert isinstance(rng, Rng)


def test_a_zero_on_a_d10_or_d100_says_how_it_is_written():
    """A physical d10 shows 0 where rollwerk reads 10 (a d100's 00 is 100)."""
    with pytest.raises(ParameterError) as bad:
        ScriptedRng([0]).roll(10)
    assert str(bad.value) == (
        "the 1st face must be an integer from 1 to 10 for a d10 (a 0 on it is "
        "written 10), got 0"
    )
    rng = ScriptedRng([5, 0])
    rng.roll(100)
    with pytest.raises(ParameterError) as bad:
        rng.roll(100)
    assert str(bad.value) == (
        "the 2nd face must be an integer from 1 to 100 for a d100 (00 on it is "
        "written 100), got 0"
    )


def test_a_seed_that_could_not_be_saved_is_refused() -> None:
    """to_json writes a long seed as its digits, which load back up to 400."""
    big = 10**400 - 1
    assert SeededRng.from_json(SeededRng(big).to_json()).seed == big
    with pytest.raises(ParameterError) as info:
        SeededRng(10**400)
    assert str(info.value) == (
        "seed must be an integer of at most 400 digits, got an integer of 401 digits"
    )


def test_a_script_of_one_face_or_none_is_worded_in_the_singular() -> None:
    """Found by a held-out plugin author: "all 1 given faces were used"."""
    from rollwerk.errors import ScriptNotExhausted

    one = ScriptedRng([5])
    one.roll(10)
    with pytest.raises(ScriptExhausted) as info:
        one.roll(10)
    assert str(info.value) == (
        "scripted Rng ran out of faces: the 1 given face was used, a 2nd d10 "
        "was asked for"
    )
    with pytest.raises(ScriptExhausted) as none:
        ScriptedRng([]).roll(20)
    assert str(none.value) == (
        "scripted Rng ran out of faces: no faces were given, a 1st d20 was asked for"
    )
    with pytest.raises(ScriptNotExhausted) as left:
        ScriptedRng([5]).assert_exhausted()
    assert str(left.value) == (
        "scripted Rng has faces left over: the 1 given face was not used ([5])"
    )
