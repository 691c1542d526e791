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
            ["check", "fluid", "attribute=3", "trait=4", "--rolls", "1,2"],
            [
                (
                    "Ergebnis: Erfolg (Kritischer Erfolg), Wert 2; "
                    "widriger Nebeneffekt=nein"
                ),
                "Würfe: 1 (W10 Probe), 2 (W10 Schicksal)",
            ],
        )
    ],
)
def test_roles_and_extras_in_german(
    capsys: pytest.CaptureFixture[str], argv: list[str], lines: list[str]
) -> None:
    assert main([*argv, "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == lines
