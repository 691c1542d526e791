"""Die.notation and Pool.notation take ``lang`` as explain does (issue 20, part 5)."""

from __future__ import annotations

import pytest

from rollwerk import Die, ParameterError, Pool, parse
from rollwerk.dice import Keep, KeepKind


def test_die_and_pool_notation_take_lang() -> None:
    pool = Pool(4, Die(6), keep=Keep(KeepKind.KEEP_HIGHEST, 3))
    assert (pool.notation(), pool.notation("de")) == ("4d6kh3", "4W6kh3")
    assert (Die(20).notation(), Die(20).notation(lang="de")) == ("d20", "W20")
    assert Die.custom([1, 1, 2]).notation("de") == "W{1,1,2}"
    assert parse(pool.notation("de")).distribution() == pool.distribution()


@pytest.mark.parametrize("lang", ["fr", True, ""])
def test_other_languages_are_refused(lang: object) -> None:
    with pytest.raises(ParameterError) as info:
        Die(6).notation(lang)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"lang must be 'en' or 'de' (the dice letter d or W), got {lang!r}"
    )


def test_expression_notation_is_the_text_as_written() -> None:
    assert parse("2W6+3").notation == "2W6+3"
