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
            ["check", "ds4:attack", "attack=12", "defense=5", "--rolls", "1,18"],
            [
                "Ergebnis: Erfolg (Immersieg), Wert 12",
                "Würfe: 1 (W20 Angriff), 18 (W20 Abwehr)",
            ],
        )
    ],
)
def test_roles_and_extras_in_german(
    capsys: pytest.CaptureFixture[str], argv: list[str], lines: list[str]
) -> None:
    assert main([*argv, "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == lines
