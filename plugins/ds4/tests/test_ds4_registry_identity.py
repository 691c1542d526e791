"""``Registry.ruleset`` hands out one object per id while other plugins load (helper-170).

Loading another plugin collected every plugin's rulesets again, and the
handed-out ruleset was compared by its registry entry, which was new: the
same ``ruleset("ds4")`` came back as a second, equal object, so a bot's
request cache (keyed by the ruleset) built the same check twice.
reliability.md: the registry gives the same guarded object each time.
"""

from __future__ import annotations

import threading

import pytest

from rollwerk.plugins import Registry


def test_the_same_object_after_another_plugin_loads() -> None:
    registry = Registry()
    first = registry.ruleset("ds4")
    others = [i for i in registry.ids() if i != "ds4"]
    if not others:
        pytest.skip("no other ruleset is installed")
    registry.ruleset(others[0])
    assert registry.ruleset("ds4") is first
    registry.failures  # noqa: B018  (loads every plugin)
    assert registry.ruleset("ds4") is first


def test_threads_at_a_cold_start_get_one_object_per_id() -> None:
    registry = Registry()
    ids = registry.ids()
    got: dict[str, set[int]] = {i: set() for i in ids}
    objects: list[object] = []
    barrier = threading.Barrier(8)

    def look(k: int) -> None:
        barrier.wait()
        for n in range(len(ids)):
            rid = ids[(k + n) % len(ids)]
            ruleset = registry.ruleset(rid)
            objects.append(ruleset)
            got[rid].add(id(ruleset))

    threads = [threading.Thread(target=look, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {rid: len(seen) for rid, seen in got.items()} == dict.fromkeys(ids, 1)
