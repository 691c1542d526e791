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
