"""`rollwerk check --lang de` names this ruleset's dice roles and extras in German.

Found by integrators: the rolls line read `(W20 attack)`, `side_effect=false`.
"""

from __future__ import annotations

import pytest

from rollwerk.cli import main


@pytest.mark.parametrize(
    ("argv", "lines"),
    [
        (
            ["check", "mythandria:comparison", "pw=60", "--rolls", "61"],
            ["Ergebnis: Erfolg, Wert 121; Wurf=61", "Würfe: 61 (W100 Vergleich)"],
        ),
        (
            ["check", "mythandria:decision", "pw=60", "dice=2d10", "--rolls", "1,2"],
            [
                "Ergebnis: Erfolg, Wert 12",
                "Würfe: 1 (W10 Probe Zehner), 2 (W10 Probe Einer)",
            ],
        ),
    ],
)
def test_roles_and_extras_in_german(
    capsys: pytest.CaptureFixture[str], argv: list[str], lines: list[str]
) -> None:
    assert main([*argv, "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == lines


@pytest.mark.parametrize("word", ["2W10", "2w10", " 2W10 ", "2D10"])
def test_dice_read_as_german_help_writes_them(
    capsys: pytest.CaptureFixture[str], word: str
) -> None:
    """MY-R04: the German help offers ``ein W100, oder 2W10``; both read."""
    argv = ["check", "mythandria:decision", "pw=60", f"dice={word}", "--rolls", "1,2"]
    assert main([*argv, "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "Ergebnis: Erfolg, Wert 12",
        "Würfe: 1 (W10 Probe Zehner), 2 (W10 Probe Einer)",
    ]


def test_w100_reads_as_d100_and_unknown_dice_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["check", "mythandria:decision", "pw=60", "dice=W100", "--rolls", "61"])
        == 0
    )
    assert capsys.readouterr().out.splitlines()[1:] == [
        "result: failure, value 61",
        "rolls: 61 (d100 check)",
    ]
    assert main(["check", "mythandria:decision", "pw=60", "dice=3W10"]) == 2
    assert capsys.readouterr().err == (
        "rollwerk: error: dice must be one of 'd100', '2d10' (or 'W100', '2W10'), "
        "got '3W10'\n"
    )


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "  dice: one of 'd100', '2d10', also 'W100', '2W10'; default d100"),
        (
            "de",
            "  dice: einer der Werte 'd100', '2d10', auch 'W100', '2W10'; Vorgabe d100",
        ),
    ],
)
def test_rulesets_lists_the_dice_aliases(
    capsys: pytest.CaptureFixture[str], lang: str, line: str
) -> None:
    assert main(["rulesets", "mythandria", "--lang", lang]) == 0
    listed = capsys.readouterr().out.splitlines()[3]
    assert listed.partition(" (")[0] == line
