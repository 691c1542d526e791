"""The CLI writes to a terminal or file that cannot hold its symbols."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from rollwerk.cli._main import _plain_where_needed


def _cli(*argv: str, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [sys.executable, "-m", "rollwerk", *argv],
        capture_output=True,
        env=env,
        check=False,
    )


def test_an_ascii_stdout_gets_the_odds_table_in_ascii() -> None:
    proc = _cli("roll", "1d4", "--odds", encoding="ascii")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode("ascii").splitlines() == [
        "exact odds of 1d4 (mean 5/2 ~ 2.50)",
        "value  probability  percent",
        "    1          1/4   25.00%  ########################################",
        "    2          1/4   25.00%  ########################################",
        "    3          1/4   25.00%  ########################################",
        "    4          1/4   25.00%  ########################################",
    ]


def test_german_words_are_spelt_in_ascii_and_latin_1_keeps_its_umlauts() -> None:
    argv = ("check", "ds4", "pw=10", "--lang", "de", "--rolls", "1")
    plain = _cli(*argv, encoding="ascii")
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.decode("ascii").splitlines()[2] == "Wuerfe: 1 (W20 Probe)"
    latin = _cli(*argv, encoding="latin-1")
    assert latin.stdout.decode("latin-1").splitlines()[2] == "Würfe: 1 (W20 Probe)"


def test_an_error_on_an_ascii_stderr_is_still_one_line_and_exit_2() -> None:
    proc = _cli("roll", "3d6>=7…", encoding="ascii")
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert proc.stderr.decode("ascii") == (
        "rollwerk: error: unexpected '...': expected a modifier of the dice "
        "(kh/kl/dh/dl, h/l, adv/dis, r/ro, rr, ra, !, !!, !p, x/xo, e, mi/ma, "
        "min/max, >=5 (counting dice), cs/cf/df/even/odd, sf, ms), an operator "
        "(+ - * / % // **), a comparison of totals, a label '[...]', a comment "
        "'# ...' or the end of the notation at column 7 of '3d6>=7...'\n"
    )


def test_an_error_quotes_typed_letters_as_escapes_and_its_own_words_in_ascii() -> None:
    """A held-out CLI user: ``üd6`` was quoted as ``'ued6'``, text never typed.

    A typed letter or digit is escaped; a typed symbol (``…``) is spelt as
    the CLI spells its own (``...``), which cannot be mistaken for letters.
    """
    proc = _cli("roll", "üd6", encoding="ascii")
    assert proc.returncode == 2
    assert proc.stderr.decode("ascii") == (
        "rollwerk: error: unexpected '\\xfc': expected a number, a die or '(' "
        "at column 1 of '\\xfcd6'\n"
    )
    # the CLI's own words are still spelt in ASCII
    proc = _cli("check", "ds4", "pw=x", "--lang", "de", encoding="ascii")
    assert proc.returncode == 2
    assert "\\u" not in proc.stderr.decode("ascii")


def test_json_keeps_every_character_on_an_ascii_stdout() -> None:
    """``--json`` wrote ``größe`` as ``groesse``: JSON has escapes for it."""
    import json

    proc = _cli("roll", "1d6 # größe →", "--rolls", "3", "--json", encoding="ascii")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout.decode("ascii"))
    assert data["notation"] == "1d6 # größe →"
    assert data["comment"] == "größe →"
    latin = _cli(
        "roll",
        "4d6kh3",
        "--rolls",
        "1,2,3,4",
        "--json",
        "--explain",
        encoding="latin-1",
    )
    assert json.loads(latin.stdout.decode("latin-1"))["explanation"] == (
        "4d6kh3 = 9\n  4d6kh3: 1 (dropped), 2, 3, 4 → 9"
    )


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("█▏≈→≤≥≠±×−–—…", "#|~-><=>=!=+/-x---..."),
        ("„Würfe“ Äß", '"Wuerfe" Aess'),
        # no ASCII letter in it: escaped, so an error shows what was typed
        ("é ĵ ٣ 中", "e j \\u0663 \\u4e2d"),
    ],
)
def test_what_ascii_cannot_hold_is_spelt_in_ascii(text: str, plain: str) -> None:
    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="ascii")
    _plain_where_needed(stream)
    stream.write(text)
    stream.flush()
    assert buffer.getvalue().decode("ascii") == plain


def test_a_stream_that_holds_the_symbols_keeps_its_encoding() -> None:
    """UTF-8 stays; only what no encoding holds (a lone surrogate) is escaped."""
    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="utf-8", errors="strict")
    _plain_where_needed(stream, io.StringIO())
    assert (stream.encoding, stream.errors) == ("utf-8", "backslashreplace")
    stream.write("≈ Würfe \udcff")
    stream.flush()
    assert buffer.getvalue().decode("utf-8") == "≈ Würfe \\udcff"


def test_an_argument_that_is_not_utf8_is_echoed_escaped_not_an_internal_error() -> None:
    """The bytes of an argument that are not UTF-8 reach the CLI as lone
    surrogates; a strict UTF-8 stdout writes them as escapes (exit 0)."""
    text = os.fsdecode(b"1d6 # \xff")
    json_out = _cli("roll", text, "--seed", "1", "--json", encoding="utf-8")
    assert (json_out.returncode, json_out.stderr) == (0, b"")
    assert json_out.stdout.decode("utf-8").startswith(
        '{"schema": 1, "notation": "1d6 # \\udcff", "total": 5,'
    )
    explained = _cli("roll", text, "--seed", "1", "--explain", encoding="utf-8")
    assert explained.returncode == 0
    assert explained.stdout.decode("utf-8").splitlines() == [
        "1d6 # \\udcff = 5",
        "  1d6: 5 → 5",
    ]
