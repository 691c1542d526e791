"""The contract kit on the pf2e ruleset (checks) and on its durations."""

from __future__ import annotations

import pytest

from rollwerk import Encounter
from rollwerk.encounter import Timeline
from rollwerk.testing import assert_ruleset_contract
from rollwerk_pf2e import (
    DURATION_KINDS,
    PF2E,
    CreatorLeaves,
    encounter_long,
    game_time,
    new_encounter,
    rounds,
    through_next_turns,
    until_end_of_next_turn,
    until_event,
)

try:  # exported by rollwerk.testing once the durations kit is wired in
    from rollwerk.testing import (  # type: ignore[attr-defined]
        assert_encounter_contract,
        assert_timeline_contract,
    )
except ImportError:  # pragma: no cover - depends on the core's progress
    from rollwerk.testing._durations import (
        assert_encounter_contract,
        assert_timeline_contract,
    )


def test_pf2e_ruleset_passes_the_contract_kit() -> None:
    assert_ruleset_contract(PF2E)


def _with_every_duration(when: int) -> Encounter:
    enc = new_encounter(["A", "B", "C"])
    if when:
        enc = enc.advance(when).state
    for i, duration in enumerate(
        [
            rounds(1),
            rounds(3),
            rounds(2, creator_leaves=CreatorLeaves.END),
            until_end_of_next_turn(),
            through_next_turns(3),
            until_event("B:stood-up"),
            encounter_long(),
            game_time(rounds=4),
        ]
    ):
        source, target = "ABC"[i % 3], "ABC"[(i + 1) % 3]
        enc = enc.add_effect(
            f"fx{i}", source=source, target=target, duration=duration
        ).state
    return enc


@pytest.mark.parametrize("when", [0, 1, 2, 3])
def test_pf2e_durations_pass_the_encounter_contract(when: int) -> None:
    """Contract: no revival, remaining never grows, JSON, exact rewind."""
    assert_encounter_contract(
        _with_every_duration(when), turns=12, kinds=DURATION_KINDS
    )


def test_pf2e_a03_leaving_and_delay_pass_the_timeline_contract() -> None:
    tl = Timeline.start(_with_every_duration(1))
    tl = tl.do(lambda s: s.advance(2))
    tl = tl.do(lambda s: s.delay("A", after="B"))
    tl = tl.do(Encounter.advance)
    tl = tl.do(lambda s: s.leave("A"))
    for _ in range(8):
        tl = tl.do(Encounter.advance)
    tl = tl.do(lambda s: s.signal("B:stood-up"))
    assert_timeline_contract(tl, DURATION_KINDS)
