"""The ``(options: …)`` after a header is in the language asked for (helper-171).

It was written in English in every language: ``check``, ``odds``,
``contest`` and ``rulesets`` headers now word it from the catalog
(``cli.options``; German ``Optionen``).
"""

from __future__ import annotations

import contextlib
import io

import pytest

from rollwerk.cli._main import main
from rollwerk.plugins import Registry
from rollwerk.testing import examples


def _first_line(*argv: str) -> str:
    registry = Registry(load_entrypoints=False, plugins=[examples])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv), registry=registry) == 0
    return out.getvalue().splitlines()[0]


@pytest.mark.parametrize(
    ("lang", "aside"), [("en", "(options: generous)"), ("de", "(Optionen: generous)")]
)
@pytest.mark.parametrize(
    "command",
    [
        ["check", "toy", "skill=3", "--rolls", "2"],
        ["odds", "toy", "skill=3"],
        ["contest", "toy", "skill=3", "--vs", "skill=2", "--rolls", "2,3"],
    ],
)
def test_a_headers_options_are_worded_in_the_language(
    command: list[str], lang: str, aside: str
) -> None:
    line = _first_line(*command, "--option", "generous", "--lang", lang)
    assert line.startswith("toy:check skill=3 ")
    assert f" {aside}" in line


def test_the_rulesets_header_words_its_options() -> None:
    line = _first_line("rulesets", "toy", "--option", "generous", "--lang", "de")
    assert line.endswith(" (Optionen: generous)")


def test_a_contests_options_follow_both_sides() -> None:
    """helper-175: the options stood after the first side, though both use them."""
    line = _first_line(
        "contest", "toy", "skill=3", "--vs", "skill=2", "--option", "generous"
    )
    assert line.endswith(" (options: generous)")
    assert line.count("(options:") == 1
    assert " vs toy:check skill=2 " in line
