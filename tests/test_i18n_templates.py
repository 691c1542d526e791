"""Templates that cannot be filled are the author's error, named, never a KeyError."""

from __future__ import annotations

from typing import Any

import pytest

from rollwerk import Degree, Outcome, ScriptedRng, build_check
from rollwerk.checks import define_check
from rollwerk.errors import ExplainFailed, ParameterError, RulesError
from rollwerk.i18n import Catalog, TemplateError, Text
from rollwerk.rulesets import define_ruleset

CAT = Catalog(
    {
        "en": {"t.e": "rolled {face}", "t.plain": "no {{fields}} here", "t.pos": "{}"},
        "de": {"t.e": "gewürfelt {fase}", "t.bad": "offen {face"},
    }
)


def test_a_field_the_text_does_not_give() -> None:
    with pytest.raises(TemplateError) as info:
        CAT.text("t.e", face=3)("de")
    assert str(info.value) == (
        "the template of 't.e' in 'de' ('gewürfelt {fase}') names the field "
        "'fase', which the text does not give (it gives: face)"
    )
    assert isinstance(info.value, RulesError)
    assert isinstance(info.value.__cause__, KeyError)
    assert (info.value.message, info.value.lang) == ("t.e", "de")


def test_a_text_without_its_fields_is_refused_not_shown_raw() -> None:
    with pytest.raises(TemplateError, match=r"\(it gives: none\)$"):
        CAT.text("t.e")()


def test_positional_and_broken_templates() -> None:
    with pytest.raises(TemplateError) as info:
        CAT.text("t.pos", face=1)()
    assert str(info.value).startswith("the template of 't.pos' in 'en' ('{}') ")
    with pytest.raises(TemplateError) as info:
        CAT.text("t.bad", face=1)("de")
    assert str(info.value) == (
        "the template of 't.bad' in 'de' ('offen {face') cannot be filled: "
        "expected '}' before end of string"
    )


def test_escaped_braces_render_alike_with_and_without_fields() -> None:
    assert CAT.text("t.plain")() == "no {fields} here"


def test_fixed_texts_keep_their_braces() -> None:
    text = Text.fixed(en="a {x} }{", de="{{b}}")
    assert (text(), text("de")) == ("a {x} }{", "{{b}}")


def test_an_explanation_naming_a_missing_field_is_the_checks_fault() -> None:
    check = define_check(
        "c",
        dice=[6],
        judge=lambda faces: Outcome(True, Degree.SUCCESS, faces[0]),
        explain=lambda faces, outcome: CAT.text("t.e", face=faces[0]),
    )
    ruleset = define_ruleset("t", "T", version="1", checks=[check], catalog=CAT)
    result = build_check(ruleset).resolve(ScriptedRng([3]))
    assert result.explain() == "rolled 3"
    with pytest.raises(ExplainFailed) as info:
        result.explain("de")
    assert str(info.value) == (
        "the explanation of t:c failed: the template of 't.e' in 'de' "
        "('gewürfelt {fase}') names the field 'fase', which the text does not "
        "give (it gives: face)"
    )


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Text.fixed(en=3),
            "en must be a string, got 3",
        ),
        (
            lambda: Catalog({"en": {"a": 3}}),
            (
                "messages['en'] must be message ids and templates that are strings, "
                "got {'a': 3}"
            ),
        ),
        (
            lambda: Catalog({1: {}}),
            "messages must be a language (a string) and a mapping, got {1: {}}",
        ),
        (
            lambda: Catalog(["x"]),
            (
                "messages must be a mapping of languages to {message id: template}, "
                "got ['x']"
            ),
        ),
    ],
)
def test_catalogs_hold_strings_only(make: Any, message: str) -> None:
    with pytest.raises(ParameterError) as info:
        make()
    assert str(info.value) == message
