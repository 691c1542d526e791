"""SeededRng: saving and restoring its state as JSON, seeding from text (issue 20, part 3)."""

from __future__ import annotations

import hashlib
import json

import pytest

from rollwerk import ParameterError, SchemaError, SeededRng


def test_saved_state_rolls_on_exactly() -> None:
    rng = SeededRng(2024)
    first = [rng.roll(20) for _ in range(6)]
    assert first == [1, 7, 7, 9, 18, 12]
    saved = json.loads(json.dumps(rng.to_json()))
    expected = [rng.roll(s) for s in (6, 20, 100, 1000, 2**40)]
    restored = SeededRng.from_json(saved)
    assert [restored.roll(s) for s in (6, 20, 100, 1000, 2**40)] == expected
    assert restored.seed == 2024
    assert repr(restored) == "SeededRng(2024)"


def test_state_document_shape() -> None:
    data = SeededRng(7).to_json()
    assert sorted(data) == ["rng", "schema", "seed", "state"]
    assert (data["schema"], data["rng"], data["seed"]) == (1, "seeded", 7)
    assert len(data["state"]) == 625
    assert data["state"][-1] == 624  # a fresh twister regenerates on its first draw
    assert all(0 <= w < 2**32 for w in data["state"])


def test_restoring_does_not_touch_the_saved_rng() -> None:
    rng = SeededRng(5)
    saved = rng.to_json()
    copy = SeededRng.from_json(saved)
    assert [copy.roll(6) for _ in range(10)] == [rng.roll(6) for _ in range(10)]
    assert saved == SeededRng.from_json(saved).to_json()


def test_text_seed_is_sha256_of_utf8_big_endian() -> None:
    for text in ("", "Kyra", "channel:1234567890", "Würfel 🎲"):
        digest = hashlib.sha256(text.encode("utf-8")).digest()
        assert SeededRng.text_seed(text) == int.from_bytes(digest, "big")


def test_from_text_gives_fixed_faces_on_every_platform() -> None:
    rng = SeededRng.from_text("#tavern")
    assert [rng.roll(20) for _ in range(4)] == [7, 2, 2, 14]
    alice = SeededRng.from_text("alice")
    assert alice.seed == SeededRng.text_seed("alice")
    assert alice.seed == int(
        "2bd806c97f0e00af1a1fc3328fa763a9269723c8db8fac4f93af71db186d6e90", 16
    )
    assert [alice.roll(6) for _ in range(6)] == [4, 5, 3, 6, 4, 3]


def test_from_text_refuses_non_text() -> None:
    with pytest.raises(ParameterError) as info:
        SeededRng.from_text(42)  # type: ignore[arg-type]
    assert str(info.value) == "text must be a string, got 42"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.update(schema=2),
            "malformed seeded rng JSON: schema must be 1, got 2",
        ),
        (
            lambda d: d.update(rng="system"),
            "malformed seeded rng JSON: rng must be 'seeded', got 'system'",
        ),
        (
            lambda d: d.pop("rng"),  # found by integrators: it said "got None"
            "malformed seeded rng JSON: rng is required ('seeded')",
        ),
        (
            lambda d: d.update(seed="7"),  # an int64 is written as a number
            (
                "malformed seeded rng JSON: seed must be an integer from -2**63 to "
                "2**63 - 1, or the decimal digits of one outside that range, got '7'"
            ),
        ),
        (
            lambda d: d.update(seed=True),
            (
                "malformed seeded rng JSON: seed must be an integer from -2**63 to "
                "2**63 - 1, or the decimal digits of one outside that range, got True"
            ),
        ),
        (
            lambda d: d.update(seed=10**30),  # JSON integers stay within 64 bits
            (
                "malformed seeded rng JSON: seed must be an integer from -2**63 to "
                "2**63 - 1, or the decimal digits of one outside that range, got "
                "1000000000000000000000000000000"
            ),
        ),
        (
            lambda d: d.update(state=[0] * 624 + [624]),
            (
                "malformed seeded rng JSON: state must be a state the twister can "
                "run from: a word after the first that is not 0, or the first "
                "word's top bit (2**31) set (it reads no other bit of the first "
                "word), got 624 words that are 0 but for the low 31 bits of the "
                "first (0)"
            ),
        ),
        # a held-out replay tester: the twister ignores the first word's low 31
        # bits, so this state loaded and then rolled nothing but 1s
        (
            lambda d: d.update(state=[0x7FFFFFFF] + [0] * 623 + [624]),
            (
                "malformed seeded rng JSON: state must be a state the twister can "
                "run from: a word after the first that is not 0, or the first "
                "word's top bit (2**31) set (it reads no other bit of the first "
                "word), got 624 words that are 0 but for the low 31 bits of the "
                "first (2147483647)"
            ),
        ),
        (
            lambda d: d.update(state=d["state"][:10]),
            (
                "malformed seeded rng JSON: state must be a list of 624 integers from 0 "
                "to 2**32 - 1 and a position from 0 to 624, got a list of 10 items"
            ),
        ),
        (
            lambda d: d["state"].__setitem__(3, -1),
            (
                "malformed seeded rng JSON: state[3] must be an integer from 0 to "
                "4294967295, got -1"
            ),
        ),
        (
            lambda d: d["state"].__setitem__(624, 625),
            (
                "malformed seeded rng JSON: state[624] must be an integer from 0 to 624, "
                "got 625"
            ),
        ),
        (
            lambda d: d["state"].__setitem__(0, 1.5),
            (
                "malformed seeded rng JSON: state[0] must be an integer from 0 to "
                "4294967295, got 1.5"
            ),
        ),
        (
            lambda d: d.pop("state"),
            (
                "malformed seeded rng JSON: state is required (a list of 624 integers "
                "from 0 to 2**32 - 1 and a position from 0 to 624)"
            ),
        ),
        (
            lambda d: d.pop("seed"),
            (
                "malformed seeded rng JSON: seed is required (an integer from -2**63 "
                "to 2**63 - 1, or the decimal digits of one outside that range)"
            ),
        ),
    ],
)
def test_malformed_state_is_refused(change: object, message: str) -> None:
    data = SeededRng(7).to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(SchemaError) as info:
        SeededRng.from_json(data)
    assert str(info.value) == message
    # a held-out integrator: the error says where, as every loader's does
    assert info.value.document == "seeded rng"
    assert info.value.path is not None
    assert info.value.path.partition("[")[0] in ("schema", "rng", "seed", "state")


def test_non_object_is_refused() -> None:
    with pytest.raises(SchemaError) as info:
        SeededRng.from_json([1, 2])  # type: ignore[arg-type]
    assert str(info.value) == (
        "malformed seeded rng JSON: the document must be an object, got [1, 2]"
    )


def test_a_text_seed_is_saved_as_digits_and_restored() -> None:
    """A text's SHA-256 seed has 256 bits: JSON holds it as a string."""
    rng = SeededRng.from_text("#tavern")
    data = json.loads(json.dumps(rng.to_json()))
    assert data["seed"] == str(SeededRng.text_seed("#tavern"))
    restored = SeededRng.from_json(data)
    assert restored.seed == rng.seed
    assert restored.to_json() == rng.to_json()
    assert [restored.roll(20) for _ in range(5)] == [rng.roll(20) for _ in range(5)]
    assert SeededRng(2026).to_json()["seed"] == 2026


def test_a_text_with_a_lone_surrogate_is_refused_naming_text() -> None:
    """A JSON string may carry a lone surrogate; UTF-8 cannot encode it."""
    with pytest.raises(ParameterError) as info:
        SeededRng.from_text("ab\ud800")
    assert str(info.value) == (
        "text must be a string UTF-8 can encode (no lone surrogate, as at "
        "index 2), got 'ab\\ud800'"
    )
