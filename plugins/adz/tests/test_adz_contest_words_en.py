"""``rollwerk contest adz`` names the outcomes in AdZ's English words (helper-195).

The German table used AdZ's German labels, but in English the command
line's own "first side wins"/"second side wins"/"tie" replaced AdZ's
"the initiator wins"/"the opponent wins"/"draw", against cli-checks.md.
"""

from __future__ import annotations

import pytest

from rollwerk.cli import main


def test_the_english_contest_table_and_result_use_adz_labels(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["contest", "adz", "dice=2", "--vs", "dice=4", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:7] == [
        "outcome             probability       %",
        "the initiator wins       88/243  36.21%  ██████████████████████████",
        "the opponent wins       401/729  55.01%  ████████████████████████████████████████",
        "draw                        0/1   0.00%",
        "both failed              64/729   8.78%  ██████",
        "result: the opponent wins",
    ]
