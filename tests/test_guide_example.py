"""The plugin-author guide's example system: at most 40 lines, and it works.

The nox session ``guide`` installs the extracted package and runs its tests;
this test keeps the line budget and runs the worked example in-process (the
module source is executed, not imported: core tests import no plugin).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from rollwerk import ScriptedRng, build_check
from rollwerk.rulesets import contest_odds
from rollwerk.testing import assert_ruleset_contract

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guide" / "write-a-ruleset.md"
SOURCE = "rollwerk-percent/src/rollwerk_percent/__init__.py"
LIMIT = 40


def _block(title: str) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    match = re.search(
        rf'^```\w*\s+title="{re.escape(title)}"\n(.*?)^```$', text, re.M | re.S
    )
    assert match, f"the guide has no block titled {title}"
    return match.group(1)


def source_lines(source: str) -> int:
    """Non-blank lines that are not only a comment (docstrings count)."""
    comment_only = {
        tok.start[0]
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.COMMENT and not tok.line[: tok.start[1]].strip()
    }
    return sum(
        1
        for number, line in enumerate(source.splitlines(), start=1)
        if line.strip() and number not in comment_only
    )


def test_line_counter_counts_docstrings_not_comments():
    assert source_lines('"""Doc."""\n\n# note\nx = 1  # trailing\n') == 2


def test_the_example_system_is_at_most_40_lines():
    count = source_lines(_block(SOURCE))
    assert count <= LIMIT, f"the guide's plugin has {count} lines (limit {LIMIT})"
    assert count == 38


def test_the_example_system_works_in_process():
    namespace: dict[str, object] = {}
    exec(compile(_block(SOURCE), SOURCE, "exec"), namespace)
    ruleset = namespace["RULESET"]
    check = build_check(ruleset, skill=60, bonus=1)  # type: ignore[arg-type]
    result = check.resolve(ScriptedRng([1, 4, 2]))
    assert (result.value, result.level) == (12, "extreme")
    assert result.explain() == "d10 1, d10 4, d10 2 → 12: extreme"
    high, low = build_check(ruleset, skill=60), build_check(ruleset, skill=50)  # type: ignore[arg-type]
    assert (
        str(contest_odds(ruleset, high, low))
        == "Distribution({<ContestOutcome.FIRST: 'first'>: 701/1000, <ContestOutcome.SECOND: 'second'>: 299/1000})"
    )  # type: ignore[arg-type]
    assert_ruleset_contract(ruleset, max_examples=2, resolutions=500)  # type: ignore[arg-type]


def test_the_example_package_marks_itself_typed():
    """PEP 561: the guide's package ships an empty ``py.typed``."""
    assert _block("rollwerk-percent/src/rollwerk_percent/py.typed") == ""
