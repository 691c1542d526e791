"""Findings of an outside rules-conformance tester (helper-214).

The German rules text wins over the English specification: the dwarf
weapon ban names German weapons, a Wissensgebiet rank is a choice between
the two penalties, a multi-target spell refuses a target before rolling,
and ``rest_die`` 1 at a PW of 20 or less names the single die.
"""

from __future__ import annotations

import pytest

from rollwerk import ParameterError, RulesError, ScriptedRng
from rollwerk_ds4 import (
    BaseClass,
    multi_target,
    rest_die_assignment,
    restrained_value,
    validate_loadout,
)
from rollwerk_ds4 import check as ds4_check

# -- 1. the dwarf weapon ban (DS4-R15) ---------------------------------------


def _dwarf(*weapons: str) -> None:
    validate_loadout(base_class=BaseClass.WARRIOR, weapons=list(weapons), dwarf=True)


@pytest.mark.parametrize(
    ("weapon", "message"),
    [
        ("longbow", "dwarves cannot use a longbow (too unwieldy)"),
        ("battle axe", "dwarves cannot use a battle axe (too unwieldy)"),
        ("two-handed sword", "dwarves cannot use a two-handed sword (too unwieldy)"),
        ("elven bow", "dwarves cannot use an elven bow (too unwieldy)"),
        (
            "Longbow",
            "dwarves cannot use a longbow (given as 'Longbow'; too unwieldy)",
        ),
        (
            "LONG BOW",
            "dwarves cannot use a longbow (given as 'LONG BOW'; too unwieldy)",
        ),
        (
            "Langbogen",
            "dwarves cannot use a longbow (given as 'Langbogen'; too unwieldy)",
        ),
        (
            "Bihänder",
            "dwarves cannot use a two-handed sword (given as 'Bihänder'; too unwieldy)",
        ),
        (
            "Bihaender",
            (
                "dwarves cannot use a two-handed sword (given as 'Bihaender'; "
                "too unwieldy)"
            ),
        ),
        (
            "two handed sword",
            (
                "dwarves cannot use a two-handed sword (given as 'two handed sword'; "
                "too unwieldy)"
            ),
        ),
        (
            "Two-Hander",
            (
                "dwarves cannot use a two-handed sword (given as 'Two-Hander'; "
                "too unwieldy)"
            ),
        ),
        (
            "Schlachtbeil",
            "dwarves cannot use a battle axe (given as 'Schlachtbeil'; too unwieldy)",
        ),
        (
            "battleaxe",
            "dwarves cannot use a battle axe (given as 'battleaxe'; too unwieldy)",
        ),
        (
            "battle-axe",
            "dwarves cannot use a battle axe (given as 'battle-axe'; too unwieldy)",
        ),
        (
            "Elfenbogen",
            "dwarves cannot use an elven bow (given as 'Elfenbogen'; too unwieldy)",
        ),
        (
            "elfbow",
            "dwarves cannot use an elven bow (given as 'elfbow'; too unwieldy)",
        ),
        (
            "  Elven   Bow ",
            "dwarves cannot use an elven bow (given as '  Elven   Bow '; too unwieldy)",
        ),
    ],
)
def test_ds4_r15_dwarf_ban_in_any_case_and_in_german(weapon: str, message: str) -> None:
    """DS4-R15: "Für Zwerge sind Bihänder, Schlachtbeile und Lang- oder
    Elfenbögen … zu unhandlich": the ban matches any case and the German
    names; only exact lower-case English names were refused (helper-214)."""
    with pytest.raises(RulesError) as err:
        _dwarf("dagger", weapon)
    assert str(err.value) == message


def test_ds4_r15_dwarf_ban_decomposed_umlaut() -> None:
    """DS4-R15: "Bihänder" typed with a combining diaeresis is the same name."""
    with pytest.raises(RulesError) as err:
        _dwarf("Biha\u0308nder")
    assert str(err.value) == (
        "dwarves cannot use a two-handed sword (given as 'Biha\u0308nder'; "
        "too unwieldy)"
    )


def test_ds4_r15_weapons_are_free_form_names() -> None:
    """DS4-R15: any weapon may be carried; names the ban does not list pass,
    for dwarves too, and the banned ones pass for everyone else."""
    _dwarf("short sword", "Kurzschwert", "crossbow", "bow", "Langschwert")
    validate_loadout(base_class=BaseClass.WARRIOR, weapons=["Bihänder", "Langbogen"])


def test_ds4_r15_weapons_must_be_names() -> None:
    """DS4-R15: a single string (read letter by letter) or a non-string name is
    refused by name; a bare "longbow" used to pass for a dwarf."""
    with pytest.raises(ParameterError) as err:
        validate_loadout(base_class=BaseClass.WARRIOR, weapons="longbow", dwarf=True)
    assert str(err.value) == (
        "weapons must be a list of weapon names (not a single string), got 'longbow'"
    )
    with pytest.raises(ParameterError) as err2:
        validate_loadout(base_class=BaseClass.WARRIOR, weapons=["axe", None])  # type: ignore[list-item]
    assert str(err2.value) == "weapon name must be a string, got None"


# -- 2. Wissensgebiet: one chosen penalty per rank (DS4-R44) -----------------


def test_ds4_r44_rank_ignores_the_chosen_penalty_only() -> None:
    """DS4-R44: "Pro Talentrang … wählt man aus, ob man den Malus für
    gestenloses Zaubern oder den Malus für wortloses Zaubern ignorieren
    kann": a rank-I caster who chose wordless casting is still halved when
    bound (helper-214)."""
    assert restrained_value(16, bound=True, knowledge_ranks=1, ignores=["words"]) == 8
    assert (
        restrained_value(16, bound=True, knowledge_ranks=1, ignores=["gestures"]) == 16
    )
    assert restrained_value(16, gagged=True, knowledge_ranks=1, ignores=["words"]) == 16
    assert (
        restrained_value(16, gagged=True, knowledge_ranks=1, ignores=["gestures"]) == 8
    )
    both = {"bound": True, "gagged": True}
    assert restrained_value(16, **both, knowledge_ranks=1, ignores=["words"]) == 8
    assert restrained_value(16, **both, knowledge_ranks=1, ignores=("gestures",)) == 8
    assert (
        restrained_value(16, **both, knowledge_ranks=2, ignores=["words", "gestures"])
        == 16
    )
    assert restrained_value(15, **both, knowledge_ranks=0, ignores=[]) == 3
    assert restrained_value(15, knowledge_ranks=1, ignores=iter(["words"])) == 15


def test_ds4_r44_without_a_choice_the_ranks_cancel_what_applies() -> None:
    """DS4-R44: without ``ignores`` the ranks cancel the penalties that apply
    (the choice that fits the situation), as before."""
    assert restrained_value(16, bound=True, knowledge_ranks=1) == 16
    assert restrained_value(16, gagged=True, knowledge_ranks=1) == 16
    assert restrained_value(16, bound=True, gagged=True, knowledge_ranks=1) == 8
    assert restrained_value(16, bound=True, gagged=True, knowledge_ranks=2) == 16
    assert restrained_value(16, bound=True, gagged=True) == 4


@pytest.mark.parametrize(
    ("ranks", "ignores", "message"),
    [
        (
            1,
            ["words", "gestures"],
            (
                "ignores must be one choice per Wissensgebiet rank "
                "(1 rank: knowledge_ranks=1), got ['words', 'gestures']"
            ),
        ),
        (
            0,
            ["words"],
            (
                "ignores must be one choice per Wissensgebiet rank "
                "(0 ranks: knowledge_ranks=0), got ['words']"
            ),
        ),
        (
            2,
            ["gestures"],
            (
                "ignores must be one choice per Wissensgebiet rank "
                "(2 ranks: knowledge_ranks=2), got ['gestures']"
            ),
        ),
        (1, ["hands"], "ignores must be 'gestures' or 'words', got 'hands'"),
        (1, ["Words"], "ignores must be 'gestures' or 'words', got 'Words'"),
        (
            2,
            ["words", "words"],
            (
                "ignores must be each of 'gestures' and 'words' at most once, "
                "got ['words', 'words']"
            ),
        ),
        (
            1,
            "words",
            (
                "ignores must be a list of 'gestures' or 'words' (not a single string), "
                "got 'words'"
            ),
        ),
        (
            1,
            5,
            (
                "ignores must be a list of 'gestures' or 'words' (not a single string), "
                "got 5"
            ),
        ),
    ],
)
def test_ds4_r44_choices_are_refused_by_name(
    ranks: int, ignores: object, message: str
) -> None:
    """DS4-R44: one choice per rank, each "gestures" or "words", each once."""
    with pytest.raises(ParameterError) as err:
        restrained_value(16, bound=True, knowledge_ranks=ranks, ignores=ignores)  # type: ignore[arg-type]
    assert str(err.value) == message


# -- 3. multi-target spells refuse before rolling (DS4-R40, DS4-A21) ---------


@pytest.mark.parametrize("face", [5, 1, 20])
def test_ds4_a21_multi_target_refuses_before_the_roll(face: int) -> None:
    """DS4-R40, DS4-A21: a target whose PW needs another number of d20 is
    refused whatever the roll (a 20 used to pass) and no die is drawn."""
    rng = ScriptedRng([face])
    with pytest.raises(RulesError) as err:
        multi_target(16, {"A": -7, "B": +10}, rng)
    assert str(err.value) == (
        "target B: PW 26 needs 2 d20, the roll at PW 16 has 1; roll separately"
    )
    assert rng.used == 0


def test_ds4_a21_multi_target_refuses_the_first_bad_target_in_order() -> None:
    """DS4-A21: every target is checked, in order, before the dice."""
    rng = ScriptedRng([2, 1, 17])
    with pytest.raises(RulesError) as err:
        multi_target(44, {"A": 0, "B": -30, "C": 20}, rng)
    assert str(err.value) == (
        "target B: PW 14 needs 1 d20, the roll at PW 44 has 3; roll separately"
    )
    assert rng.used == 0


def test_ds4_r40_multi_target_arguments_refused_before_the_roll() -> None:
    """DS4-R39/R40: a ZB that is not an integer, a target PW out of range, a
    base PW out of range and bonuses that are not a mapping, by name."""
    rng = ScriptedRng([5])
    cases = [
        (
            lambda: multi_target(16, {"A": "3"}, rng),  # type: ignore[dict-item]
            "ZB of target A must be an integer, got '3'",
        ),
        (
            lambda: multi_target(16, {"A": True}, rng),
            "ZB of target A must be an integer, got True",
        ),
        (
            lambda: multi_target(990, {"A": 20}, rng),
            "PW of target A must be an integer from -1000 to 1000, got 1010",
        ),
        (
            lambda: multi_target(1001, {"A": 0}, rng),
            "base_pw must be an integer from -1000 to 1000, got 1001",
        ),
        (
            lambda: multi_target(16, [("A", 0)], rng),  # type: ignore[arg-type]
            "bonuses must be a mapping of target names to ZB, got [('A', 0)]",
        ),
    ]
    for call, message in cases:
        with pytest.raises(ParameterError) as err:
            call()
        assert str(err.value) == message
    assert rng.used == 0


def test_ds4_r40_multi_target_fumble_and_results_unchanged() -> None:
    """DS4-R40: targets that fit still get one shared roll; a 20 fails all."""
    fumble, rolls = multi_target(16, {"A": -7, "B": 4}, ScriptedRng([20]))
    assert [(n, r.pw, r.success) for n, r in fumble.items()] == [
        ("A", 9, False),
        ("B", 20, False),
    ]
    assert [r.face for r in rolls] == [20]


# -- 5. rest_die where there is no remainder sub-check (DS4-R05, DS4-R06) ----


@pytest.mark.parametrize("pw", [20, 12, 0, -5])
def test_ds4_r05_rest_die_one_names_the_single_die(pw: int) -> None:
    """DS4-R05: a PW of 20 or less is one d20 on one sub-check; ``rest_die``
    1 names it and changes nothing (pinned by the DS4-R06 tests), 2 is no
    die of the check."""
    assert rest_die_assignment(pw, 1) is None
    assert ds4_check(pw, rest_die=1).outcomes() == ds4_check(pw).outcomes()
    with pytest.raises(ParameterError) as err:
        ds4_check(pw, rest_die=2)
    assert str(err.value) == (
        f"rest_die must be an integer from 0 to 1 for PW {pw} (1 d20; 0 maximises), "
        "got 2"
    )


@pytest.mark.parametrize("pw", [40, 60, 100])
def test_ds4_r05_rest_die_refused_for_a_split_without_remainder(pw: int) -> None:
    """DS4-R05, DS4-R06: a multiple of 20 above 20 has no remainder sub-check."""
    with pytest.raises(ParameterError) as err:
        ds4_check(pw, rest_die=1)
    assert str(err.value) == (
        f"rest_die must be 0 for PW {pw}: it is a multiple of 20 and has no "
        "remainder sub-check, got 1"
    )
