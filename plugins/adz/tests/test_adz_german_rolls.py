"""`rollwerk check --lang de` names AdZ's luck dice and extras in German.

Found by integrators: the rolls line read `(W6 luck)`.
"""

from __future__ import annotations

import pytest

from rollwerk.cli import main


def test_luck_dice_and_extras_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["check", "adz", "dice=5", "minimum=2", "luck=2", "luck_policy=always"]
    assert main([*argv, "--rolls", "5,2,1,2,4,5,6", "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "Ergebnis: Erfolg (gelungen), Wert 3; Glückswürfel=2",
        (
            "Würfe: 5 (W6 Probe), 2 (W6 Probe), 1 (W6 Probe), 2 (W6 Probe), "
            "4 (W6 Probe), 5 (W6 Glück), 6 (W6 Glück)"
        ),
    ]
    assert main(["check", "adz", "dice=3", "minimum=8", "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "Ergebnis: Misserfolg (gescheitert), Wert 0; kein Wurf, unmöglich=ja"
    )
