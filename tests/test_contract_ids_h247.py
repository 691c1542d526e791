"""The contract refuses catalog ids a ruleset can never show (helper-247).

An outside tester's ruleset had ``rt.role.atribute`` (the role is
``attribute``), ``rt.extra.damge`` (the extra is ``damage``) and
``other.role.wild`` in its ``catalog=``; ``assert_ruleset_contract``
passed, and German output then showed the English names.
"""

from __future__ import annotations

import pytest

from rollwerk import Degree, Outcome
from rollwerk.checks import Parameter, define_check
from rollwerk.i18n import Catalog
from rollwerk.rulesets import RulesetSpec, define_ruleset
from rollwerk.testing import (
    ContractViolation,
    assert_ruleset_contract,
    assert_ruleset_declaration,
)


def _outcome(faces: tuple[int, ...]) -> Outcome:
    six = 6 in faces
    return Outcome(
        six,
        Degree.SUCCESS if six else Degree.FAILURE,
        max(faces),
        extras={"damage": faces.count(1)},
    )


_CHECK = define_check("c", dice=[(6, "attribute"), (6, "wild")], judge=_outcome)


def _ruleset(words: dict[str, str], *checks: object) -> RulesetSpec:
    german = {k: f"de {v}" for k, v in words.items()}
    return define_ruleset(
        "rt",
        "RT",
        catalog=Catalog({"en": words, "de": german}),
        checks=list(checks or [_CHECK]),
    )


def test_an_id_outside_the_rulesets_prefix_is_a_violation() -> None:
    ruleset = _ruleset({"rt.role.wild": "wild", "other.role.wild": "wild"})
    with pytest.raises(ContractViolation) as caught:
        assert_ruleset_declaration(ruleset)
    assert str(caught.value) == (
        "ruleset 'rt': its catalog has ids that do not start with 'rt.': a "
        "ruleset's message ids start with its id, as the command line looks "
        "its words up ('rt.role.<role>'…) and never reads these; words for "
        "another ruleset, the toolkit or the core belong in a catalog "
        "rollwerk_register_catalogs returns: other.role.wild"
    )


def test_misspelt_role_and_extra_words_are_violations() -> None:
    ruleset = _ruleset({"rt.role.atribute": "attribute", "rt.extra.damge": "damage"})
    with pytest.raises(ContractViolation) as caught:
        assert_ruleset_contract(ruleset, max_examples=0)
    assert str(caught.value) == (
        "ruleset 'rt': its catalog words roles or extras that no check the "
        "contract explored gives, each like one a check gives that has no word "
        "of its own (a misspelt id is never shown): rt.role.atribute (the role "
        "'attribute'?); rt.extra.damge (the extra 'damage'?)"
    )


def test_a_misspelt_word_of_an_extras_value_is_a_violation() -> None:
    ruleset = _ruleset({"rt.extra.damge.0": "none"})
    with pytest.raises(ContractViolation, match=r"rt\.extra\.damge\.0 \(the extra"):
        assert_ruleset_contract(ruleset, max_examples=0)


def test_the_right_words_and_unknown_names_pass() -> None:
    # every role and extra worded, a value's word, and a word for a role no
    # check gives that is like no role without a word (luck, check)
    ruleset = _ruleset(
        {
            "rt.role.attribute": "attribute",
            "rt.role.wild": "wild",
            "rt.role.luck": "luck",
            "rt.extra.damage": "damage",
            "rt.extra.damage.0": "none",
        }
    )
    assert_ruleset_contract(ruleset, max_examples=0)


def test_a_role_only_some_parameters_give_is_not_a_violation() -> None:
    # the kit explores repeats 1, 2 and 3 (rep 1…rep 3, without words); the
    # word of `rep 9` names a role of the same family, not a misspelling
    repeated = define_check(
        "r",
        [Parameter("repeats", int, default=1, min_value=1, max_value=3)],
        dice=lambda repeats: [(6, f"rep {repeats}")],
        judge=lambda faces, repeats: Outcome(
            faces[0] > 3, Degree.SUCCESS if faces[0] > 3 else Degree.FAILURE, faces[0]
        ),
    )
    assert_ruleset_contract(_ruleset({"rt.role.rep 9": "9th"}, repeated))


def test_the_words_are_compared_once_calls_passed_every_check() -> None:
    other = define_check(
        "d",
        dice=[(6, "check")],
        judge=lambda faces: Outcome(
            faces[0] > 3, Degree.SUCCESS if faces[0] > 3 else Degree.FAILURE, faces[0]
        ),
    )
    ruleset = _ruleset({"rt.role.atribute": "attribute"}, _CHECK, other)
    # as `pytest --rollwerk-contract` runs them: one call per check
    assert_ruleset_contract(ruleset, max_examples=0, checks=["c"], properties=False)
    with pytest.raises(ContractViolation) as caught:
        assert_ruleset_contract(ruleset, max_examples=0, checks=["d"], properties=False)
    assert str(caught.value).endswith(": rt.role.atribute (the role 'attribute'?)")
    # the comparison starts over: one check alone does not run it again
    assert_ruleset_contract(ruleset, max_examples=0, checks=["d"], properties=False)
