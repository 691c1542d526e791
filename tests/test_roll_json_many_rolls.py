"""A roll document with more rolls than one roll may draw is refused first (h197)."""

from __future__ import annotations

import pytest

from rollwerk.errors import SchemaError
from rollwerk.notation import RollResult, parse
from rollwerk.rng import SeededRng


def test_more_rolls_than_one_roll_may_draw_are_refused_before_reading_them() -> None:
    data = parse("4d6").roll(SeededRng(1)).to_json()
    data["rolls"] = data["rolls"] * 25_001  # 100 004 rolls, none read
    with pytest.raises(SchemaError) as info:
        RollResult.from_json(data)
    assert str(info.value) == (
        "malformed roll result JSON: rolls must be at most 100000 rolls (the "
        "dice one roll may draw), got 100004"
    )
    data["rolls"] = data["rolls"][:4]
    assert RollResult.from_json(data).total == parse("4d6").roll(SeededRng(1)).total
