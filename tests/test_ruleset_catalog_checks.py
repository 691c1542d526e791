"""A ruleset's own catalog is checked when it loads, as a language pack is.

A held-out designer (helper-185, session 37) put ``"Treffer {"`` in the
German label of a `define_ruleset` catalog: `define_ruleset` took it, the
registry listed no failure, and ``rollwerk odds`` stopped with exit code 2
(a user's error) without naming the plugin; a broken German label broke
the English output too.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import rollwerk
from rollwerk.checks import Degree, Level, SuccessLevels, define_check
from rollwerk.cli import main
from rollwerk.i18n import Catalog
from rollwerk.plugins import Registry
from rollwerk.rulesets import DelegatingRuleset, Ruleset, define_ruleset

LEVELS = SuccessLevels(
    Level("miss", Degree.FAILURE, en="miss", de="daneben"),
    Level("hit", Degree.SUCCESS, en="hit", de="Treffer"),
)
CHECK = define_check(
    "c",
    [],
    dice=[6],
    judge=lambda f: LEVELS.outcome("hit" if f[0] > 3 else "miss", f[0]),
)


class _Plugin:
    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return [self.ruleset]


def _registry(catalog: Catalog) -> Registry:
    ruleset = define_ruleset("q", "Q", levels=LEVELS, catalog=catalog, checks=[CHECK])
    return Registry(load_entrypoints=False, plugins=[_Plugin(ruleset)])


def test_a_template_that_cannot_be_filled_is_left_out_and_reported() -> None:
    registry = _registry(Catalog({"de": {"q.label.hit": "Treffer {"}}))
    ruleset = registry.ruleset("q")
    # left out, as a language pack's template is: German shows the English
    assert ruleset.labels["de"]["hit"] == "hit"
    assert ruleset.labels["de"]["miss"] == "daneben"
    (failure,) = registry.failures
    assert failure.plugin == "_Plugin"
    assert failure.reason == (
        "ruleset 'q': catalog message 'q.label.hit' in 'de' ('Treffer {') is left "
        "out: Single '{' encountered in format string; a brace as text is written "
        "twice ('{{', '}}')"
    )


def test_odds_print_with_the_bad_template_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = _registry(Catalog({"de": {"q.label.hit": "Treffer {"}}))
    assert main(["odds", "q", "--lang", "de"], registry=registry) == 0
    out = capsys.readouterr().out
    assert "Erfolg      hit" in out
    assert "daneben" in out


def test_a_control_character_in_an_extra_word_is_left_out() -> None:
    registry = _registry(Catalog({"en": {"q.extra.x.1": "\x1b[31mred"}}))
    registry.ruleset("q")
    (failure,) = registry.failures
    assert failure.reason.startswith(
        "ruleset 'q': catalog message 'q.extra.x.1' in 'en' ('\\x1b[31mred') is "
        "left out: it holds the control character U+001B"
    )


def test_labels_that_raise_are_the_plugins_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A hand-written ruleset whose labels fail: exit 3, the plugin named."""
    base = define_ruleset("q", "Q", levels=LEVELS, checks=[CHECK])

    class Broken(DelegatingRuleset):
        @property
        def labels(self) -> Mapping[str, Mapping[str, str]]:
            raise rollwerk.i18n.TemplateError(
                "q.label.hit", "de", "Treffer {", "a brace"
            )

    registry = Registry(load_entrypoints=False, plugins=[_Plugin(Broken(base))])
    assert main(["odds", "q"], registry=registry) == 3
    err = capsys.readouterr().err
    assert "plugin '_Plugin'" in err
    assert "q labels raised TemplateError" in err
