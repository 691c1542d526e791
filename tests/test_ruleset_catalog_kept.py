"""Every use of a `define_ruleset` catalog gets the one the registry checked.

A held-out plugin author (helper-h191, finding 1) found the templates the
registry reported as "left out" of a ruleset's own catalog still used:
the checks, their ``explain=`` function and the role words kept the
catalog as written, so ``check --explain --lang de`` printed a raw ESC,
a role showed ``Wild {f}``, and a lone ``{`` stopped the command half way
with exit 3. Now the left-out language shows the English; an English
that is left out gives the default explanation; the contract kit reports
the template in the registry's words.
"""

from __future__ import annotations

import pickle

import attrs
import pytest

import rollwerk
from rollwerk import Degree, Outcome, ScriptedRng, build_check
from rollwerk.checks import (
    CheckDefinition,
    CheckSpec,
    Difficulty,
    Level,
    SuccessLevels,
    define_check,
)
from rollwerk.cli import main
from rollwerk.errors import ParameterError
from rollwerk.i18n import Catalog
from rollwerk.i18n._catalog import left_out_of
from rollwerk.plugins import Registry
from rollwerk.rulesets import OptionalRule, Ruleset, RulesetSpec, define_ruleset
from rollwerk.testing import (
    ContractViolation,
    assert_ruleset_contract,
    assert_ruleset_declaration,
)

ESC = "\x1b[31m"
LEVELS = SuccessLevels(
    Level("miss", Degree.FAILURE, en="miss", de="daneben"),
    Level("hit", Degree.SUCCESS, en="hit", de="Treffer"),
)


def toy(german: str, role: str = "Wild", *, english: str = "rolled {f}") -> RulesetSpec:
    """A toy ruleset whose ``explain=`` builds from the catalog as written."""
    cat = Catalog(
        {
            "en": {"hd.e": english, "hd.role.x": "wild", "hd.hard": "hard"},
            "de": {"hd.e": german, "hd.role.x": role, "hd.hard": "schwer"},
        }
    )
    check = define_check(
        "c",
        dice=[(6, "x")],
        judge=lambda faces: LEVELS.outcome("hit" if faces[0] > 3 else "miss", faces[0]),
        explain=lambda faces, outcome: cat.text("hd.e", f=faces[0]),
    )
    return define_ruleset(
        "hd",
        "HD",
        version="1",
        levels=LEVELS,
        catalog=cat,
        checks=[check],
        difficulties=[Difficulty("hard", -2, cat.text("hd.hard"))],
    )


class Plugin:
    def __init__(self, *rulesets: Ruleset, options: tuple[OptionalRule, ...] = ()):
        self.rulesets = list(rulesets)
        self.options = list(options)

    @rollwerk.hookimpl
    def rollwerk_register_rulesets(self) -> list[Ruleset]:
        return self.rulesets

    @rollwerk.hookimpl
    def rollwerk_register_optional_rules(self) -> list[OptionalRule]:
        return self.options


def registry(ruleset: RulesetSpec, *options: OptionalRule) -> Registry:
    return Registry(load_entrypoints=False, plugins=[Plugin(ruleset, options=options)])


@pytest.mark.parametrize(
    "german", [f"gewürfelt {ESC}{{f}}", "gewürfelt {f} {"], ids=["escape", "brace"]
)
def test_the_explanation_shows_the_english_for_a_left_out_template(
    german: str,
) -> None:
    reg = registry(toy(german))
    result = build_check(reg.ruleset("hd")).resolve(ScriptedRng([2]))
    assert result.explain("de") == "rolled 2"
    assert result.explain("de", reg.catalogs()) == "rolled 2"
    assert result.explain() == "rolled 2"
    assert [f.reason.split(" is left out")[0] for f in reg.failures] == [
        f"ruleset 'hd': catalog message 'hd.e' in 'de' ({german!r})"
    ]


@pytest.mark.parametrize(
    "german", [f"gewürfelt {ESC}{{f}}", "gewürfelt {f} {"], ids=["escape", "brace"]
)
def test_check_explain_lang_de_prints_the_english(
    german: str, capsys: pytest.CaptureFixture[str]
) -> None:
    reg = registry(toy(german, "Wild {f}"))
    code = main(
        ["check", "hd", "--rolls", "2", "--explain", "--lang", "de"], registry=reg
    )
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out == (
        "hd:c\nErgebnis: Misserfolg (daneben), Wert 2\n"
        "Würfe: 2 (W6 wild)\nErklärung: rolled 2\n"
    )


def test_the_failures_name_each_left_out_template() -> None:
    reg = registry(toy(f"gewürfelt {ESC}{{f}}", "Wild {f}"))
    reg.ruleset("hd")
    assert [f.reason for f in reg.failures] == [
        (
            "ruleset 'hd': catalog message 'hd.e' in 'de' ('gewürfelt \\x1b[31m{f}') "
            "is left out: it holds the control character U+001B; a template is "
            "printable text without control or format characters (Unicode "
            "category C), the joiners U+200C and U+200D aside"
        ),
        (
            "ruleset 'hd': catalog message 'hd.role.x' in 'de' ('Wild {f}') is "
            "left out: it names the field 'f', but a die's role is a word without "
            "fields (a brace as text is written twice: '{{', '}}')"
        ),
    ]


def test_the_checks_and_difficulties_are_bound_to_the_checked_catalog() -> None:
    reg = registry(toy("gewürfelt {f}", f"Wild{ESC}"))
    ruleset = reg.ruleset("hd")
    assert isinstance(ruleset, RulesetSpec)
    assert ruleset.catalog.template("de", "hd.role.x") is None
    assert left_out_of(ruleset.catalog) == {("de", "hd.role.x", f"Wild{ESC}")}
    check = build_check(ruleset)
    assert check.catalog is ruleset.catalog  # type: ignore[attr-defined]
    result = check.resolve(ScriptedRng([5]))
    assert result.explain("de") == "gewürfelt 5"
    assert result.explanation.catalog.template("de", "hd.role.x") is None
    assert ruleset.difficulties[0].label("de") == "schwer"


def test_a_left_out_english_gives_the_default_explanation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    reg = registry(toy("gewürfelt {f}", english=f"rolled {ESC}{{f}}"))
    result = build_check(reg.ruleset("hd")).resolve(ScriptedRng([5]))
    assert result.explain() == "d6 5 → 5: hit"
    assert result.explain("de") == "W6 5 → 5: Treffer"
    code = main(["check", "hd", "--rolls", "2", "--explain"], registry=reg)
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.endswith("explanation: d6 2 → 2: miss\n")


def test_a_label_left_out_shows_the_english_in_the_default_explanation() -> None:
    check = define_check(
        "c",
        dice=[6],
        judge=lambda faces: LEVELS.outcome("hit" if faces[0] > 3 else "miss", faces[0]),
    )
    cat = Catalog({"de": {"hd.label.hit": f"Treffer{ESC}"}})
    reg = registry(
        define_ruleset("hd", "HD", levels=LEVELS, catalog=cat, checks=[check])
    )
    result = build_check(reg.ruleset("hd")).resolve(ScriptedRng([5]))
    assert result.explain("de") == "W6 5 → 5: hit"


def test_an_optional_rule_binding_the_checked_catalog_keeps_it_checked() -> None:
    """The house-rule pattern of toolkit.md binds a variant to ruleset.catalog."""

    def doubled(ruleset: Ruleset) -> Ruleset:
        assert isinstance(ruleset, RulesetSpec)

        def changed(spec: CheckSpec) -> CheckSpec:
            definition = CheckDefinition.of(spec)
            assert definition is not None
            return definition.spec(ruleset.id, ruleset.catalog)

        return attrs.evolve(
            ruleset, check_specs=tuple(map(changed, ruleset.check_specs))
        )

    rule = OptionalRule("same", "hd", "Same", apply=doubled)
    reg = registry(toy(f"gewürfelt {ESC}{{f}}"), rule)
    result = build_check(reg.ruleset("hd", options=["same"])).resolve(ScriptedRng([2]))
    assert result.explain("de") == "rolled 2"


def test_a_checked_catalog_pickles_with_what_it_left_out() -> None:
    reg = registry(toy(f"gewürfelt {ESC}{{f}}"))
    check = build_check(reg.ruleset("hd"))
    again = pickle.loads(pickle.dumps(check.catalog))  # type: ignore[attr-defined]
    assert again == check.catalog  # type: ignore[attr-defined]
    assert left_out_of(again) == left_out_of(check.catalog)  # type: ignore[attr-defined]
    merged = again | Catalog({"fr": {"hd.e": "lancé {f}"}})
    assert left_out_of(merged) == left_out_of(again)


def test_a_ruleset_used_without_the_registry_is_unchanged() -> None:
    result = build_check(toy(f"gewürfelt {ESC}{{f}}")).resolve(ScriptedRng([2]))
    assert result.explain("de") == f"gewürfelt {ESC}2"


@pytest.mark.parametrize(
    ("german", "said"),
    [
        (
            f"gewürfelt {ESC}{{f}}",
            (
                "ruleset 'hd': catalog message 'hd.e' in 'de' "
                "('gewürfelt \\x1b[31m{f}') is left out: it holds the control "
                "character U+001B; a template is printable text without control or "
                "format characters (Unicode category C), the joiners U+200C and "
                "U+200D aside"
            ),
        ),
        (
            "gewürfelt {f} {",
            (
                "ruleset 'hd': catalog message 'hd.e' in 'de' ('gewürfelt {f} {') is "
                "left out: Single '{' encountered in format string; a brace as text "
                "is written twice ('{{', '}}')"
            ),
        ),
    ],
    ids=["escape", "brace"],
)
def test_the_contract_kit_reports_the_template_in_the_registrys_words(
    german: str, said: str
) -> None:
    ruleset = toy(german)
    reg = registry(ruleset)
    reg.ruleset("hd")
    assert [f.reason for f in reg.failures] == [said]
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(ruleset)
    assert str(info.value) == said
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_contract(ruleset, max_examples=0, replays=0)
    assert str(info.value) == said


def test_the_kit_counts_the_other_templates_left_out() -> None:
    with pytest.raises(ContractViolation) as info:
        assert_ruleset_declaration(toy(f"gewürfelt {ESC}{{f}}", "Wild {f}"))
    assert str(info.value).endswith("U+200D aside (and 1 more is left out)")


def test_call_names_the_functions_a_definition_has() -> None:
    check = define_check(
        "c", dice=[6], judge=lambda faces: Outcome(True, Degree.SUCCESS, faces[0])
    )
    assert check.call("judge", (3,), params={}) == Outcome(True, Degree.SUCCESS, 3)
    with pytest.raises(ParameterError) as info:
        check.call("odds", params={})
    assert str(info.value) == "what must be a function of 'c': 'judge', got 'odds'"
