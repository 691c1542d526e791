"""docs/fights.md's reference tables say what the code does.

The side parameter tables (one per ruleset with fight rules, and ``count``)
are written by hand; these tests read every installed ruleset's
[`FightRules.parameters`][rollwerk.analysis.FightRules.parameters] from the
registry and compare names, order, types, ranges and defaults, so the page
cannot drift from the code. The ``--json`` field tables are compared with
the keys [`FightResult.to_json`][rollwerk.analysis.FightResult.to_json]
writes. Core tests import no plugin: a bundled ruleset that is not installed
is skipped, one installed without the fight rules the page documents fails.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rollwerk.analysis import (
    COUNT,
    DEFAULT_ROUNDS,
    MAX_COUNT,
    MAX_ROUNDS,
    FightRules,
    fight,
)
from rollwerk.checks import Parameter, Scalar
from rollwerk.cli._fight import parse_side
from rollwerk.errors import ParameterError
from rollwerk.plugins import get_registry
from rollwerk.testing.examples import ToyFightRules

PAGE = Path(__file__).resolve().parent.parent / "docs" / "fights.md"
TEXT = PAGE.read_text(encoding="utf-8")
_SECTION = re.compile(r"^### `(\w+)` side parameters$", re.MULTILINE)
DOCUMENTED = _SECTION.findall(TEXT)
TYPES = {int: "integer", bool: "boolean", str: "string"}


def _table_after(marker: str) -> list[dict[str, str]]:
    """The rows of the first table after the line ``marker``, by header."""
    lines = TEXT.splitlines()
    start = lines.index(marker)
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split(" | ")])
        elif rows:
            break
    header, rule, *body = rows
    assert set("".join(rule)) <= {"-", " "}, rule
    for row in body:
        assert len(row) == len(header), row
    return [dict(zip(header, row, strict=True)) for row in body]


def _keys(cell: str) -> list[str]:
    """The backticked names of a table's first cell (`` `first`, `second` ``)."""
    return re.findall(r"`(\w+)`", cell)


def _rules(ruleset_id: str) -> FightRules:
    registry = get_registry()
    found = registry.fight_rules()
    if ruleset_id not in found:
        if ruleset_id in registry.ids():
            pytest.fail(f"{ruleset_id} is installed without fight rules")
        pytest.skip(f"the {ruleset_id} plugin is not installed")
    return found[ruleset_id]


def _allowed(p: Parameter) -> str | None:
    """The start of the ``allowed`` cell for ``p``; None: any text (a ``str``)."""
    if p.type is bool:
        return "`true` or `false`"
    if p.choices is not None:
        return "one of " + ", ".join(f"`{c}`" for c in p.choices)
    if p.type is str:
        return None  # the ruleset's fighter() validates it; the cell says how
    lo, hi = p.min_value, p.max_value
    if lo is not None and hi is not None:
        return f"{lo} to {hi}"
    if lo is not None:
        return f"{lo} or more"
    if hi is not None:
        return f"{hi} or less"
    return "any integer"


def _default(p: Parameter) -> str:
    if p.required:
        return "required"
    value = p.default
    return f"`{str(value).lower() if isinstance(value, bool) else value}`"


def _check_row(row: dict[str, str], p: Parameter) -> None:
    assert _keys(row["key"]) == [p.name]
    assert row["type"] == TYPES[p.type], p.name
    assert row["default"] == _default(p), p.name
    assert row["meaning"], p.name
    allowed = _allowed(p)
    if allowed is None:
        assert row["allowed"], p.name
    else:  # exactly the range, or the range and a further limit after ';'
        assert row["allowed"] == allowed or row["allowed"].startswith(allowed + ";"), (
            p.name,
            row["allowed"],
            allowed,
        )


def test_the_page_has_a_table_for_each_bundled_ruleset_with_fight_rules() -> None:
    """Docs: DS4, PF2e and AdZ have fight rules; every installed one is documented."""
    assert DOCUMENTED == ["ds4", "pf2e", "adz"]
    installed = set(get_registry().fight_rules())
    assert installed <= set(DOCUMENTED), installed - set(DOCUMENTED)


@pytest.mark.parametrize("ruleset_id", DOCUMENTED)
def test_side_parameter_table_is_the_declared_parameters(ruleset_id: str) -> None:
    """Docs: names in order, type, range and default of each side parameter."""
    parameters = list(_rules(ruleset_id).parameters())
    rows = _table_after(f"### `{ruleset_id}` side parameters")
    assert [_keys(r["key"])[0] for r in rows] == [p.name for p in parameters]
    for row, p in zip(rows, parameters, strict=True):
        _check_row(row, p)


def test_count_row_and_limits() -> None:
    """Docs: ``count`` is 1 to MAX_COUNT, default 1; the round cap 1 to MAX_ROUNDS."""
    (row,) = _table_after("([`COUNT`][rollwerk.analysis.COUNT]):")
    _check_row(row, COUNT)
    assert (COUNT.min_value, COUNT.max_value, MAX_COUNT) == (1, 100, 100)
    assert "`count=N` allows a whole number from 1 to 100" in TEXT
    assert f"a whole number from 1 to {MAX_ROUNDS}" in " ".join(TEXT.split())
    assert f"{DEFAULT_ROUNDS} by default" in TEXT


def test_count_is_a_command_line_word_and_refused_in_a_dict() -> None:
    """Docs: ``count=N`` is read from the words; a side's dict may not hold it."""
    rules = ToyFightRules()
    assert parse_side(rules.parameters(), ["hits=2", "count=100"], "toy fight") == (
        {"hits": 2},
        100,
    )
    with pytest.raises(ParameterError) as info:
        parse_side(rules.parameters(), ["hits=2", "count=101"], "toy fight")
    assert str(info.value) == "count must be an integer from 1 to 100, got 101"
    with pytest.raises(ParameterError) as info:
        fight(rules, {"hits": 1, "count": 2}, {"hits": 1})
    assert str(info.value) == (
        "parameter of toy fight side must be one of: hits, speed, attacks, "
        "sharp, got 'count'"
    )
    with pytest.raises(ParameterError) as info:
        fight(rules, {"hits": 1}, {"hits": 1}, second_count=MAX_COUNT + 1)
    assert str(info.value) == "second_count must be an integer from 1 to 100, got 101"


def test_pf2e_attack_with_more_strikes() -> None:
    """Docs: the lowest ``attack`` each ``strikes``/``agile`` allows, found by trying."""
    rules = _rules("pf2e")
    target: dict[str, Scalar] = {"attack": 0, "ac": 10, "damage": "1", "hp": 1}

    def refusal(attack: int, strikes: int, agile: bool) -> str | None:
        side: dict[str, Scalar] = {
            **target,
            "attack": attack,
            "strikes": strikes,
            "agile": agile,
        }
        try:
            fight(rules, side, target, max_rounds=1)
        except ParameterError as exc:
            return str(exc)
        return None

    def lowest(strikes: int, agile: bool) -> int:
        return next(a for a in range(-20, 61) if refusal(a, strikes, agile) is None)

    bounds = {(s, a): lowest(s, a) for s in (1, 2, 3) for a in (False, True)}
    assert bounds == {
        (1, False): -20,
        (1, True): -20,
        (2, False): -15,
        (2, True): -16,
        (3, False): -10,
        (3, True): -12,
    }
    # one below: refused when the side is read, naming attack (the multiple
    # attack penalty puts the last Strike below -20)
    for (strikes, agile), bound in bounds.items():
        penalty = ((0, -4, -8) if agile else (0, -5, -10))[strikes - 1]
        below = bound - 1
        if strikes == 1:
            expected = f"attack must be an integer from -20 to 60, got {below}"
        else:
            given = f"strikes={strikes}" + (" agile=true" if agile else "")
            expected = (
                f"attack must be an integer from {bound} to 60 with {given} (the "
                f"last Strike's modifier, attack {penalty}, must be at least -20), "
                f"got {below}"
            )
        assert refusal(below, strikes, agile) == expected
    (row,) = [
        r
        for r in _table_after("### `pf2e` side parameters")
        if _keys(r["key"]) == ["attack"]
    ]
    assert row["allowed"] == (
        "-20 to 60; with more Strikes, each Strike's modifier after the multiple "
        "attack penalty must be -20 or more too: `strikes=2` needs "
        f"{bounds[2, False]} or more (agile {bounds[2, True]}), `strikes=3` "
        f"{bounds[3, False]} or more (agile {bounds[3, True]})"
    )
    message = (
        "attack must be an integer from -15 to 60 with strikes=2 (the last "
        "Strike's modifier, attack -5, must be at least -20), got -16"
    )
    assert f"`attack=-16 strikes=2` is refused with `{message}`" in " ".join(
        TEXT.split()
    )
    assert refusal(-16, 2, False) == message


def test_pf2e_damage_is_dice_notation_within_the_limits() -> None:
    """Docs: ``damage`` is dice notation whose distribution is within the limits."""
    rules = _rules("pf2e")
    side = {"attack": 7, "ac": 18, "hp": 20}
    assert rules.fighter({**side, "damage": "2d6+3"}).parameters["damage"] == "2d6+3"
    with pytest.raises(ParameterError) as info:
        rules.fighter({**side, "damage": "1000d1000"})
    assert str(info.value) == (
        "damage must be dice notation within the limits (exact computation size "
        "limit exceeded: 687313688 is more than the maximum of 4000000 (by "
        "683313688)), got '1000d1000'"
    )


def test_adz_defaults_are_the_documented_placeholders() -> None:
    """ADZ-R12 (levels, placeholder 6), ADZ-R18 (defence 0: none), ADZ-R15 (initiative)."""
    fighter = _rules("adz").fighter({"attack": 3, "damage": 1})
    assert fighter.health == 6
    assert dict(fighter.parameters) == {
        "attack": 3,
        "defence": 0,
        "damage": 1,
        "armour": 0,
        "resistance": 0,
        "levels": 6,
        "initiative": 0,
    }


def test_ds4_life_is_the_health() -> None:
    """DS4-R17 (out at 0 LK), DS4-R11 (initiative default 0): ``life`` is the health."""
    fighter = _rules("ds4").fighter({"attack": 12, "defense": 10, "life": 20})
    assert fighter.health == 20
    assert fighter.parameters["initiative"] == 0
    assert fighter.parameters["defense_reduction"] == 0


# -- the --json document ---------------------------------------------------------


def _document() -> dict[str, object]:
    rules = ToyFightRules()
    return fight(
        rules, {"hits": 2}, {"hits": 1}, second_count=2, max_rounds=2
    ).to_json()


def test_json_table_lists_every_key_in_order() -> None:
    """Docs: the top-level table is exactly the keys ``to_json`` writes, in order."""
    rows = _table_after("### The `--json` document")
    written = list(_document())
    # `fight --option` adds "options" after "ruleset" (the CLI, not to_json)
    with_options = [*written[:2], "options", *written[2:]]
    assert [k for r in rows for k in _keys(r["key"])] == with_options
    types = {k: r["type"] for r in rows for k in _keys(r["key"])}
    assert types["options"] == "array of strings"
    assert (types["schema"], types["ruleset"]) == ("`1`", "string")
    assert types["max_rounds"] == f"integer, 1 to {MAX_ROUNDS}"
    sides = _table_after("#### A side in the JSON document")
    assert [r["type"] for r in sides] == [
        "object",
        f"integer, 1 to {MAX_COUNT}",
        "integer ≥ 1",
    ]


def test_json_side_table_lists_every_key() -> None:
    """Docs: a side's table is exactly ``parameters``, ``count`` and ``health``."""
    data = _document()
    rows = _table_after("#### A side in the JSON document")
    first, second = data["first"], data["second"]
    assert isinstance(first, dict)
    assert isinstance(second, dict)
    assert [k for r in rows for k in _keys(r["key"])] == list(first) == list(second)
    assert (first["count"], first["health"], second["count"], second["health"]) == (
        1,
        2,
        2,
        1,
    )


def test_json_entry_shapes_are_the_documented_ones() -> None:
    """Docs: ``rounds`` and ``health`` entries, ``probabilities`` and ``expected_health``."""
    data = _document()
    types = {
        k: r["type"]
        for r in _table_after("### The `--json` document")
        for k in _keys(r["key"])
    }
    assert types["rounds"] == 'array of `{"round": n, "probability": "p/q"}`'
    assert types["health"] == (
        'object: `first`, `second` → array of `{"health": h, "probability": "p/q"}`'
    )
    assert types["probabilities"] == 'object: `first`, `second`, `undecided` → `"p/q"`'
    assert types["expected_health"] == 'object: `first`, `second` → `"p/q"`'
    # first-side wins by hand: acting first it needs both its attacks to hit
    # (1/4); acting second also to outlast the two creatures' first turn (1/8)
    assert data["probabilities"] == {
        "first": "3/16",
        "second": "61/128",
        "undecided": "43/128",
    }
    assert data["rounds"] == [
        {"round": 1, "probability": "3/16"},
        {"round": 2, "probability": "61/128"},
    ]
    assert data["expected_health"] == {"first": "11/16", "second": "159/128"}
    assert data["health"] == {
        "first": [
            {"health": 0, "probability": "61/128"},
            {"health": 1, "probability": "23/64"},
            {"health": 2, "probability": "21/128"},
        ],
        "second": [
            {"health": 0, "probability": "3/16"},
            {"health": 1, "probability": "49/128"},
            {"health": 2, "probability": "55/128"},
        ],
    }
