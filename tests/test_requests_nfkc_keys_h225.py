"""Keys that fold to a parameter's name under NFKC (helper-h225).

``ｐｗ=14 ｐｗ=15`` (full-width, as an East Asian keyboard types it) raised a
bare ``StopIteration`` while the words looked for the first ``pw``: in a
coroutine a ``RuntimeError``, under ``asyncio.to_thread`` a future that
never resolved, and ``rollwerk check`` exit 1. The refusal named the wrong
first word (``ｐｗ=14 pw=15`` said first as ``'pw=15'``), an unknown key
was shown folded (``ＰＷ`` as ``'PW'``), and a mapping read keys without
the words' NFKC.
"""

from __future__ import annotations

import asyncio

import pytest

from rollwerk.checks import CheckSpec, Parameter, parse_mapping, parse_words
from rollwerk.cli import main
from rollwerk.errors import ParameterError
from rollwerk.plugins import Registry
from rollwerk.testing.examples import ToyRuleset

SPEC = CheckSpec(
    "check",
    (Parameter("pw", int, min_value=1), Parameter("bonus", int, default=0)),
    dict,
)


def _refusal(call: object, *args: object) -> str:
    with pytest.raises(ParameterError) as info:
        call(*args)  # type: ignore[operator]
    return str(info.value)


def test_a_key_given_twice_in_full_width_is_a_parameter_error() -> None:
    assert parse_words(SPEC, ["ｐｗ=14"]) == {"pw": 14}
    assert _refusal(parse_words, SPEC, ["ｐｗ=14", "ｐｗ=15"]) == (
        "pw must be given once (first as 'ｐｗ=14'), got 'ｐｗ=15'"
    )
    assert _refusal(parse_words, SPEC, ["𝐩𝐰=1", "ᵖʷ=2"]) == (
        "pw must be given once (first as '𝐩𝐰=1'), got 'ᵖʷ=2'"
    )


def test_the_first_word_named_is_the_first_given() -> None:
    assert _refusal(parse_words, SPEC, ["ｐｗ=14", "bonus=1", "pw=15"]) == (
        "pw must be given once (first as 'ｐｗ=14'), got 'pw=15'"
    )
    assert _refusal(parse_words, SPEC, ["pw=14", " pw=15"]) == (
        "pw must be given once (first as 'pw=14'), got ' pw=15'"
    )


def test_an_unknown_key_is_named_as_typed() -> None:
    assert _refusal(parse_words, SPEC, ["ＰＷ=14"]) == (
        "parameter of check must be one of: pw, bonus, got 'ＰＷ'"
    )


def test_a_mapping_reads_keys_as_the_words_do() -> None:
    assert parse_mapping(SPEC, {"ｐｗ": "14"}) == {"pw": 14}
    assert _refusal(parse_mapping, SPEC, {"ｐｗ": "3", "pw": 4}) == (
        "pw must be given once (first as 'ｐｗ'), got 'pw'"
    )
    assert _refusal(parse_mapping, SPEC, {"pw": "3", " pw": "4"}) == (
        "pw must be given once (first as 'pw'), got ' pw'"
    )


def test_a_worker_thread_gets_the_error_back() -> None:
    async def ask() -> str:
        try:
            await asyncio.wait_for(
                asyncio.to_thread(parse_words, SPEC, ["ｐｗ=14", "ｐｗ=15"]), 5
            )
        except ParameterError as exc:
            return str(exc)
        return "no error"

    assert asyncio.run(ask()) == (
        "pw must be given once (first as 'ｐｗ=14'), got 'ｐｗ=15'"
    )


def test_the_cli_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    registry = Registry(load_entrypoints=False, plugins=[_Plugin()])
    assert (
        main(["check", "toy", "ｓｋｉｌｌ=3", "ｓｋｉｌｌ=4"], registry=registry) == 2
    )
    err = capsys.readouterr().err
    assert err == (
        "rollwerk: error: skill must be given once (first as 'ｓｋｉｌｌ=3'), "
        "got 'ｓｋｉｌｌ=4'\n"
    )


class _Plugin:
    from rollwerk.plugins import hookimpl

    @hookimpl
    def rollwerk_register_rulesets(self) -> list[object]:
        return [ToyRuleset()]


@pytest.mark.parametrize("hidden", ["\u3164", "\u115f", "\u034f", "\u2060", "\uffa0"])
def test_one_line_escapes_characters_that_show_as_nothing(hidden: str) -> None:
    """h225: a Hangul filler showed as a blank in ``one_line()`` quotes."""
    from rollwerk import RollwerkError, parse

    escape = hidden.encode("unicode_escape").decode("ascii")
    with pytest.raises(RollwerkError) as info:
        parse(f"1d6{hidden}")
    line = info.value.one_line()
    assert line.startswith(f"unexpected '{escape}': expected")
    assert line.endswith(f"at column 4 of '1d6{escape}'")
    assert hidden not in line
    assert ParameterError("x", f"a{hidden}", "b").one_line() == (
        f"x must be b, got 'a{escape}'"
    )


def test_a_soft_hyphen_in_a_word_stays() -> None:
    from rollwerk.errors import _escaped

    assert _escaped("Wahr\u00adnehmung") == "Wahr\u00adnehmung"


def test_full_width_values_are_refused_with_what_to_type() -> None:
    """h225: ``pw=１４`` was refused with no hint (notation says "write '1'")."""
    assert _refusal(parse_words, SPEC, ["pw=１４"]) == (
        "pw must be an integer >= 1 (write '14' in ASCII), got '１４'"
    )
    assert _refusal(parse_words, SPEC, ["bonus=－３"]) == (
        "bonus must be an integer (write '-3' in ASCII), got '－３'"
    )
    # other scripts' digits and the minus sign too (h230)
    assert _refusal(parse_words, SPEC, ["pw=٣"]) == (
        "pw must be an integer >= 1 (write '3' in ASCII), got '٣'"
    )
    assert _refusal(parse_words, SPEC, ["bonus=\u22123"]) == (
        "bonus must be an integer (write '-3' in ASCII), got '\u22123'"
    )
    flag = CheckSpec("f", (Parameter("need", bool, default=True),), dict)
    assert _refusal(parse_words, flag, ["need=ＹＥＳ"]) == (
        "need must be true or false (or yes/no, on/off, 1/0, ja/nein, "
        "wahr/falsch, an/aus) (write 'yes' in ASCII), got 'ＹＥＳ'"
    )


def test_the_hint_is_given_only_where_its_ascii_form_is_read() -> None:
    """h230: ``６`` for 0 to 5 was told to write 6, ``ﬁ`` for a bool 'fi'."""
    die = CheckSpec("d", (Parameter("rest", int, min_value=0, max_value=5),), dict)
    assert _refusal(parse_words, die, ["rest=６"]) == (
        "rest must be an integer from 0 to 5, got '６'"
    )
    assert _refusal(parse_words, die, ["rest=５"]) == (
        "rest must be an integer from 0 to 5 (write '5' in ASCII), got '５'"
    )
    flag = CheckSpec("f", (Parameter("need", bool, default=True),), dict)
    assert _refusal(parse_words, flag, ["need=\ufb01"]) == (
        "need must be true or false (or yes/no, on/off, 1/0, ja/nein, "
        "wahr/falsch, an/aus), got '\ufb01'"
    )


def test_expression_work_is_the_estimate_distribution_refuses_by() -> None:
    """h225: a bot could not ask what exact odds would cost before asking."""
    from rollwerk import parse
    from rollwerk.dice import DICE_LIMITS
    from rollwerk.errors import LimitExceeded

    assert parse("2d6").work == 50
    big = parse("1000d100")
    with pytest.raises(LimitExceeded) as info:
        big.distribution()
    assert info.value.value == big.work
    assert info.value.maximum == DICE_LIMITS.max_work
