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
            ["check", "ds4", "pw=12", "--option", "slaying-dice", "--rolls", "1,5"],
            [
                "Ergebnis: Erfolg (Immersieg), Wert 17",
                "Würfe: 1 (W20 Probe), 5 (W20 Probe, Slayender Würfel)",
            ],
        )
    ],
)
def test_roles_and_extras_in_german(
    capsys: pytest.CaptureFixture[str], argv: list[str], lines: list[str]
) -> None:
    assert main([*argv, "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == lines
