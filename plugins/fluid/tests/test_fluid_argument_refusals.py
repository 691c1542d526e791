"""Fluid's helpers refuse arguments of the wrong type by name.

Found by a type-confusion fuzz of the plugin's public functions (session 25):
``overflow(None)`` raised Python's ``TypeError``.
"""

from __future__ import annotations

import pytest

from rollwerk import ParameterError
from rollwerk_fluid import overflow


@pytest.mark.parametrize("chance", [None, "13", 1.5, True])
def test_overflow_refuses_what_is_not_an_integer(chance: object) -> None:
    with pytest.raises(ParameterError) as info:
        overflow(chance)  # type: ignore[arg-type]
    assert str(info.value) == f"chance must be an integer, got {chance!r}"
    assert overflow(13) == 3
