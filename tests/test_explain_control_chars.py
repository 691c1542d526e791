"""A line break typed in a label or comment does not split an explanation line (helper-172).

docs/cli.md says control characters typed in a label or comment are
written as escapes (``1d6 [a\\nb]``) so that they cannot split a line; the
explanation wrote them raw, and the CLI keeps the explanation's own line
breaks, so ``rollwerk roll $'1d6 [a\\nb]' --explain`` printed a split line.
Both explainers (the compiled one and the traced one over the tree) now
write the notation's text with its control characters escaped.
"""

from __future__ import annotations

import contextlib
import io

import pytest

from rollwerk import ScriptedRng, parse
from rollwerk.cli._main import main
from rollwerk.notation._rolled import _explain


@pytest.mark.parametrize(
    ("notation", "faces", "expected"),
    [
        ("1d6 [a\nb]", [3], "1d6 [a\\nb] = 3\n  1d6 [a\\nb]: 3 → 3"),
        (
            "1d6 [a\nb] + 2d6 [c\td]",
            [3, 1, 2],
            (
                "1d6 [a\\nb] + 2d6 [c\\td] = 6\n  1d6 [a\\nb]: 3 → 3\n"
                "  2d6 [c\\td]: 1, 2 → 3"
            ),
        ),
        ("1d6\n+1", [3], "1d6\\n+1 = 4\n  1d6: 3 → 3"),
        ("(1d6\n)*2", [3], "(1d6\\n)*2 = 6\n  1d6: 3 → 3"),
        (
            "1d6 [\x1b[31mred]",
            [3],
            "1d6 [\\x1b[31mred] = 3\n  1d6 [\\x1b[31mred]: 3 → 3",
        ),
        (
            "1d6\n>=\n3",
            [3],
            "1d6\\n>=\\n3 = 1\n  1d6\\n>=\\n3: 3 (success) → 1 success",
        ),
        (
            "(1d6\n)\n>=\n3",
            [3],
            "(1d6\\n)\\n>=\\n3 = 1\n  1d6: 3 → 3\n  1d6 ≥ 3: 3 ≥ 3 → 1 (true)",
        ),
    ],
)
def test_both_explainers_escape_what_was_typed(
    notation: str, faces: list[int], expected: str
) -> None:
    result = parse(notation).roll(ScriptedRng(faces))
    assert result.explain() == expected
    traced = _explain(result.notation, result.tree, result.total, "en")
    assert traced == expected


def test_the_cli_explanation_has_one_line_per_part() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["roll", "1d6 [a\nb]", "--rolls", "3", "--explain"]) == 0
    assert out.getvalue() == "1d6 [a\\nb] = 3\n  1d6 [a\\nb]: 3 → 3\n"


def test_a_printable_notation_is_written_as_typed() -> None:
    result = parse("2d6 [fire] + 1").roll(ScriptedRng([1, 2]))
    assert result.explain() == "2d6 [fire] + 1 = 4\n  2d6 [fire]: 1, 2 → 3"
