"""Side-by-side benchmark: rollwerk against d20, icepool and brute force.

Run ``python bench/compare.py`` (or ``nox -s bench``). It measures everything
in one run on one machine and reports ratios, not absolute times:

- the per-call cost of resolving a single-die check of each bundled ruleset
  and of rolling pre-parsed dice expressions, relative to
  ``random.randint(1, 20)``, next to the same rolls with ``d20.roll``;
- exact distributions with rollwerk and with icepool (the probabilities are
  asserted to be equal, as dicts of `Fraction`), and DS4 check odds against
  brute-force enumeration;
- the start-up time of ``python -c "import rollwerk"`` and of
  ``rollwerk check ds4 pw=14`` relative to ``python -c pass``.

It prints one table per part and a table of the targets of issue 11, and
writes the same tables to ``docs/performance.md`` (``--output PATH`` to write
elsewhere, ``--no-write`` to only print). Needs the bench dependency group
(``d20``, ``icepool``) and the bundled plugins installed. Times are the
minimum over several repeats (``timeit``), which is the least noisy estimate
on a busy machine.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import itertools
import json
import os
import platform
import random
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "docs" / "performance.md"

# The five exact-distribution cases. The icepool form is the idiomatic one
# from icepool's documentation; ``{X}`` is the explosion cap (see below).
EXACT_CASES: list[tuple[str, str]] = [
    ("100d6>=5", "100 @ (icepool.d6 >= 5)"),
    ("4d6kh3", "icepool.d6.highest(4, 3)"),
    ("8d6!", "8 @ icepool.d6.explode(depth={X})"),
    ("2d20kh1+5", "icepool.d20.highest(2, 1) + 5"),
    ("3d6+1d8", "3 @ icepool.d6 + icepool.d8"),
]
# Warm-up in each fresh process: the same five shapes on other dice, so that
# every code path has run once (Python specialises code as it runs it) but no
# cache of either library holds a measured result.
WARMUP_ROLLWERK = ["100d4>=3", "4d4kh3", "8d4!", "2d12kh1+5", "3d4+1d10"]
WARMUP_ICEPOOL = [
    "100 @ (icepool.d4 >= 3)",
    "icepool.d4.highest(4, 3)",
    "8 @ icepool.d4.explode(depth={X})",
    "icepool.d12.highest(2, 1) + 5",
    "3 @ icepool.d4 + icepool.d10",
]

# Single-die checks: (ruleset id, check name, parameters).
CHECKS: list[tuple[str, str, dict[str, object]]] = [
    ("ds4", "check", {"pw": 14}),
    ("fluid", "check", {"attribute": 5, "trait": 3}),
    ("mythandria", "decision", {"pw": 50}),
    ("pf2e", "check", {"modifier": 7, "dc": 18}),
    ("adz", "check", {"dice": 1, "minimum": 1}),
]
ROLLS = ["1d20+5", "4d6kh3", "10d6>=5"]
DS4_PWS = [44, 64, 84, 100]

# Issue 19: exact at scale, with a time target each; icepool computes each
# once in its own process (1000d6 takes it tens of seconds).
SCALE_CASES: list[tuple[str, str, float]] = [
    ("1000d6", "1000 @ icepool.d6", 0.150),
    ("100d6kh50", "icepool.d6.highest(100, 50)", 0.050),
    ("(275d6)>(275d6)", "(275 @ icepool.d6) > (275 @ icepool.d6)", 0.300),
    ("94d6r1", "94 @ icepool.d6.reroll([1], depth=100)", 0.300),
]
# Issue 19: the bot path, request text -> check -> resolved result. The
# second entry makes the i-th never-seen request of a ruleset.
BOT_REQUESTS: list[tuple[str, str, str, Callable[[int], str]]] = [
    ("ds4", "check", "pw=14", lambda i: f"pw={i % 100 + 1}"),
    (
        "fluid",
        "check",
        "attribute=5 trait=3",
        lambda i: f"attribute={i % 10 + 1} trait={i // 10 % 4}",
    ),
    ("mythandria", "decision", "pw=50", lambda i: f"pw={i % 201 - 50}"),
    (
        "pf2e",
        "check",
        "modifier=7 dc=18",
        lambda i: f"modifier={i % 30} dc={i // 30 % 30 + 10}",
    ),
    ("adz", "check", "dice=1 minimum=1", lambda i: f"dice=1 minimum={i % 100 + 1}"),
]
EXPLAIN_ROLLS = ["1d20+5", "4d6kh3", "10d6>=5", "3d6+1d8"]


# -- measuring ---------------------------------------------------------------------


def per_call(func: Callable[[], object], repeat: int) -> float:
    """Seconds per call: the minimum over ``repeat`` timeit runs of ~20 ms."""
    timer = timeit.Timer(func)
    number, elapsed = timer.autorange()
    number = max(1, int(number * 0.02 / max(elapsed, 1e-9)))
    return min(timer.repeat(repeat=repeat, number=number)) / number


def wall(cmd: list[str], runs: int) -> float:
    """The minimum wall time of running ``cmd`` (seconds), output discarded.

    One untimed run first, allowed to write bytecode caches, so that the
    timed runs start the way a user's second call does.
    """
    skip = {"ROLLWERK_NO_ENTRYPOINTS", "PYTHONDONTWRITEBYTECODE"}
    env = {k: v for k, v in os.environ.items() if k not in skip}
    subprocess.run(cmd, stdout=subprocess.DEVNULL, env=env, check=False)
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(
            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False
        )
        best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode()}")
    return best


def explosion_cap() -> int:
    from rollwerk.dice import DICE_LIMITS

    return DICE_LIMITS.explosion_cap


def icepool_form(form: str) -> str:
    return form.replace("{X}", str(explosion_cap()))


def child(library: str) -> None:
    """Time each exact case once, cold, in this fresh process; print JSON."""
    times: dict[str, float] = {}
    if library in CHILDREN:
        times = CHILDREN[library]()
    elif library == "rollwerk":
        import rollwerk

        for notation in WARMUP_ROLLWERK:
            rollwerk.parse(notation).distribution()
        for notation, _ in EXACT_CASES:
            gc.collect()
            gc.disable()  # as timeit does
            start = time.perf_counter()
            rollwerk.parse(notation).distribution()
            times[notation] = time.perf_counter() - start
            gc.enable()
    else:
        import icepool

        scope = {"icepool": icepool}
        for form in WARMUP_ICEPOOL:
            eval(icepool_form(form), scope)
        for notation, form in EXACT_CASES:
            code = compile(icepool_form(form), notation, "eval")
            gc.collect()
            gc.disable()  # as timeit does
            start = time.perf_counter()
            eval(code, scope)
            times[notation] = time.perf_counter() - start
            gc.enable()
    print(json.dumps(times))


def _timed(func: Callable[[], object]) -> float:
    gc.collect()
    gc.disable()  # as timeit does
    start = time.perf_counter()
    func()
    elapsed = time.perf_counter() - start
    gc.enable()
    return elapsed


def child_scale() -> dict[str, float]:
    """rollwerk's scale cases, each once, cold (after the usual warm-up)."""
    import rollwerk

    for notation in WARMUP_ROLLWERK:
        rollwerk.parse(notation).distribution()
    return {
        n: _timed(lambda n=n: rollwerk.parse(n).distribution())
        for n, _, _ in SCALE_CASES
    }


def child_scale_icepool() -> dict[str, float]:
    """icepool's forms of the scale cases, each once (``--quick``: not 1000d6)."""
    import icepool

    sys.setrecursionlimit(20_000)  # icepool's `1000 @ d6` recurses per die
    scope = {"icepool": icepool}
    for form in WARMUP_ICEPOOL:
        eval(icepool_form(form), scope)
    quick = os.environ.get("ROLLWERK_BENCH_QUICK") == "1"
    return {
        n: _timed(lambda f=f: eval(f, scope))
        for n, f, _ in SCALE_CASES
        if not (quick and n == "1000d6")
    }


def child_tables() -> dict[str, float]:
    """The designer's tables, cold in this fresh process (plugins loaded first)."""
    from rollwerk.plugins import get_registry

    registry = get_registry()
    myth = registry.ruleset("mythandria")
    ds4 = registry.ruleset("ds4")
    decision = next(s for s in myth.checks() if s.name == "decision")
    check = ds4.checks()[0]
    return {
        "mythandria": _timed(
            lambda: [decision.build(pw=pw).outcomes() for pw in range(-50, 151)]
        ),
        "ds4": _timed(lambda: [check.build(pw=pw).outcomes() for pw in range(1, 101)]),
    }


def child_registry() -> dict[str, float]:
    """The shared registry in a fresh process: ids, one ruleset, everything."""
    start = time.perf_counter()
    from rollwerk.plugins import get_registry

    registry = get_registry()
    ids = registry.ids()
    t_ids = time.perf_counter() - start
    plugins_after_ids = sum(1 for m in sys.modules if m.startswith("rollwerk_"))
    registry.ruleset("ds4")
    t_one = time.perf_counter() - start
    plugins_after_one = sorted(
        m for m in sys.modules if m.startswith("rollwerk_") and "." not in m
    )
    registry.failures  # noqa: B018 - a full load
    t_all = time.perf_counter() - start
    return {
        "ids": t_ids,
        "one": t_one,
        "all": t_all,
        "count": float(len(ids)),
        "imported_by_ids": float(plugins_after_ids),
        "imported_by_one": float(len(plugins_after_one)),
        "only_ds4": float(plugins_after_one == ["rollwerk_ds4"]),
    }


CHILDREN: dict[str, Callable[[], dict[str, float]]] = {
    "scale": child_scale,
    "scale-icepool": child_scale_icepool,
    "tables": child_tables,
    "registry": child_registry,
}


def cold_times(library: str, runs: int) -> dict[str, float]:
    """The minimum over ``runs`` fresh processes of each case's cold time."""
    best: dict[str, float] = {}
    env = {k: v for k, v in os.environ.items() if k != "ROLLWERK_NO_ENTRYPOINTS"}
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, __file__, "--child", library],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        ).stdout
        for key, value in json.loads(out).items():
            best[key] = min(best.get(key, float("inf")), value)
    return best


def as_fractions(die: Any) -> dict[int, Fraction]:
    """An icepool die as ``{outcome: Fraction}`` (booleans counted as 0/1)."""
    den = die.denominator()
    return {
        int(k): Fraction(die.quantity(k), den)
        for k in die.outcomes()
        if die.quantity(k)
    }


# -- the parts ------------------------------------------------------------------------


@dataclass
class Target:
    """One target of issue 11 with what was measured."""

    what: str
    target: str
    measured: str
    met: bool
    why: str = ""
    """Why the target can be missed (shown only when it is)."""


Row = list[str]


def rolling(repeat: int) -> tuple[list[Row], list[Target], float]:
    import d20

    import rollwerk
    from rollwerk.plugins import get_registry

    rng = rollwerk.SeededRng(2026)
    registry = get_registry()
    randint = random.randint
    base = per_call(lambda: randint(1, 20), repeat)
    rows: list[Row] = [
        ["`random.randint(1, 20)`", "1.00", "", f"the unit ({base * 1e9:.0f} ns here)"]
    ]
    roll = rng.roll
    rows.append(
        [
            "`SeededRng.roll(20)`",
            f"{per_call(lambda: roll(20), repeat) / base:.2f}",
            "",
            "rollwerk's reproducible draw",
        ]
    )
    targets: list[Target] = []
    worst = 0.0
    for ruleset_id, name, params in CHECKS:
        check = rollwerk.build_check(registry.ruleset(ruleset_id), name, **params)
        resolve = check.resolve
        ratio = per_call(lambda resolve=resolve: resolve(rng), repeat) / base
        worst = max(worst, ratio)
        args = " ".join(f"{k}={v}" for k, v in params.items())
        rows.append(
            [
                f"check `{ruleset_id}:{name} {args}`",
                f"{ratio:.2f}",
                "",
                "`resolve(rng)`",
            ]
        )
        targets.append(
            Target(
                f"single-die check `{ruleset_id}:{name}`",
                "≤ 2× randint",
                f"{ratio:.2f}×",
                ratio <= 2,
            )
        )
    ratios: dict[str, tuple[float, float]] = {}
    for notation in ROLLS:
        expr = rollwerk.parse(notation)
        ours = per_call(lambda expr=expr: expr.roll(rng), repeat) / base
        if ">=" in notation:
            tree = d20.parse(notation.split(">=")[0])
            limit = int(notation.split(">=")[1])

            def d20_count(tree: Any = tree, limit: int = limit) -> int:
                result = d20.roll(tree)
                return sum(1 for die in result.expr.roll.keptset if die.number >= limit)

            theirs = per_call(d20_count, repeat) / base
            note = (
                f"d20 has no success counting: `d20.roll` of the pre-parsed "
                f"`{notation.split('>=')[0]}`, then dice ≥ {limit} counted in Python"
            )
        else:
            tree = d20.parse(notation)
            theirs = per_call(lambda tree=tree: d20.roll(tree), repeat) / base
            note = "pre-parsed on both sides (`parse` once, then roll)"
        ratios[notation] = (ours, theirs)
        rows.append([f"roll `{notation}`", f"{ours:.2f}", f"{theirs:.2f}", note])
    ours, _ = ratios["1d20+5"]
    targets.append(
        Target("pre-parsed `1d20+5`", "≤ 3× randint", f"{ours:.2f}×", ours <= 3)
    )
    ours, theirs = ratios["10d6>=5"]
    speedup = theirs / ours
    targets.append(
        Target(
            "`10d6>=5` against d20's workaround",
            "≥ 20× faster",
            f"{speedup:.1f}× faster",
            speedup >= 20,
            WHY_COUNT,
        )
    )
    return rows, targets, base


def exact(runs: int) -> tuple[list[Row], list[Target]]:
    import icepool

    import rollwerk

    rows: list[Row] = []
    targets: list[Target] = []
    for notation, form in EXACT_CASES:
        ours = dict(rollwerk.parse(notation).distribution().items())
        theirs = as_fractions(eval(icepool_form(form), {"icepool": icepool}))
        if ours != theirs:
            raise SystemExit(f"{notation}: rollwerk and icepool disagree")
    ours_t = cold_times("rollwerk", runs)
    theirs_t = cold_times("icepool", runs)
    for notation, form in EXACT_CASES:
        a, b = ours_t[notation], theirs_t[notation]
        rows.append(
            [
                f"`{notation}`",
                f"{a * 1000:.3f}",
                f"{b * 1000:.3f}",
                f"{b / a:.1f}×",
                f"`{icepool_form(form)}`",
            ]
        )
        targets.append(
            Target(
                f"exact `{notation}` against icepool",
                "no slower",
                f"{b / a:.1f}× faster" if a <= b else f"{a / b:.1f}× slower",
                a <= b,
            )
        )
    return rows, targets


def bot(repeat: int, base: float) -> tuple[list[Row], list[Target]]:
    """Issue 19: request text -> check -> resolved result, per call."""
    import rollwerk
    from rollwerk.checks import CheckRequests, check_from_request
    from rollwerk.plugins import get_registry

    rng = rollwerk.SeededRng(2026)
    registry = get_registry()
    rows: list[Row] = []
    targets: list[Target] = []
    for rid, name, text, fresh in BOT_REQUESTS:
        ruleset = registry.ruleset(rid)
        check_from_request(ruleset, text, check=name).resolve(rng)
        repeated = (
            per_call(
                lambda r=ruleset, t=text, n=name: check_from_request(
                    r, t, check=n
                ).resolve(rng),
                repeat,
            )
            / base
        )
        texts = [fresh(i) for i in range(200)]

        def never_seen(
            ruleset: Any = ruleset, texts: list[str] = texts, name: str = name
        ) -> None:
            requests = CheckRequests()  # empty: every parameter set is new
            seen = set()
            for t in texts:
                if t not in seen:
                    seen.add(t)
                    requests.build(ruleset, t, check=name).resolve(rng)

        count = len(set(texts))
        new = min(timeit.repeat(never_seen, number=1, repeat=repeat)) / count / base
        rows.append(
            [
                f"`{rid}:{name}`",
                f"`{text}`",
                f"{repeated:.2f}",
                f"{new:.1f}",
            ]
        )
        targets.append(
            Target(
                f"bot request `{rid}:{name} {text}`, repeated",
                "≤ 5× randint",
                f"{repeated:.2f}×",
                repeated <= 5,
            )
        )
        targets.append(
            Target(
                f"bot request `{rid}:{name}`, never-seen parameters",
                "≤ 15× randint",
                f"{new:.1f}×",
                new <= 15,
                WHY_FRESH,
            )
        )
    return rows, targets


def scale(runs: int, quick: bool) -> tuple[list[Row], list[Target]]:
    """Issue 19: exact at scale, rollwerk cold (min of runs), icepool once."""
    ours = cold_times("scale", runs)
    if quick:
        os.environ["ROLLWERK_BENCH_QUICK"] = "1"
    theirs = cold_times("scale-icepool", 1)
    rows: list[Row] = []
    targets: list[Target] = []
    for notation, form, limit in SCALE_CASES:
        a = ours[notation]
        b = theirs.get(notation)
        rows.append(
            [
                f"`{notation}`",
                f"{a * 1000:.1f}",
                "not run (--quick)" if b is None else f"{b * 1000:.1f}",
                "—" if b is None else f"{b / a:.0f}×",
                f"`{form}`",
            ]
        )
        faster = b is None or a <= b
        targets.append(
            Target(
                f"exact `{notation}`",
                f"≤ {limit * 1000:.0f} ms, no slower than icepool",
                f"{a * 1000:.1f} ms"
                + ("" if b is None else f", {b / a:.0f}× faster than icepool"),
                a <= limit and faster,
            )
        )
    return rows, targets


def tables(runs: int, repeat: int) -> tuple[list[Row], list[Target]]:
    """Issue 19: a designer's odds tables, cold in fresh processes, and warm odds."""
    import rollwerk
    from rollwerk.plugins import get_registry

    cold = cold_times("tables", runs)
    rows: list[Row] = [
        [
            "Mythandria `decision` PW −50…150 (201 checks)",
            f"{cold['mythandria'] * 1000:.1f}",
            "cold: fresh process, each check built and enumerated once",
        ],
        [
            "DS4 `check` PW 1…100 (100 checks)",
            f"{cold['ds4'] * 1000:.1f}",
            "cold: fresh process",
        ],
    ]
    targets = [
        Target(
            "Mythandria decision table, 201 checks",
            "≤ 20 ms cold",
            f"{cold['mythandria'] * 1000:.1f} ms",
            cold["mythandria"] <= 0.020,
            WHY_TABLE,
        ),
        Target(
            "DS4 PW 1–100 odds",
            "≤ 50 ms cold",
            f"{cold['ds4'] * 1000:.1f} ms",
            cold["ds4"] <= 0.050,
        ),
    ]
    registry = get_registry()
    worst = 0.0
    for rid, name, params in CHECKS:
        check = rollwerk.build_check(registry.ruleset(rid), name, **params)
        check.outcomes()
        warm = per_call(check.outcomes, repeat)
        worst = max(worst, warm)
        args = " ".join(f"{k}={v}" for k, v in params.items())
        rows.append(
            [
                f"`{rid}:{name} {args}` outcomes",
                f"{warm * 1000:.4f}",
                "warm: the check's cached distribution",
            ]
        )
    targets.append(
        Target(
            "exact outcomes of a single-die check, warm",
            "≤ 0.1 ms",
            f"{worst * 1000:.4f} ms (worst of five)",
            worst <= 0.0001,
        )
    )
    return rows, targets


def registry_rows(runs: int) -> tuple[list[Row], list[Target]]:
    """Issue 19: the shared registry in fresh processes (import included)."""
    t = cold_times("registry", runs)
    rows: list[Row] = [
        [
            "`get_registry().ids()`",
            f"{t['ids'] * 1000:.1f}",
            f"{t['imported_by_ids']:.0f} plugin modules imported",
        ],
        [
            '`… .ruleset("ds4")`',
            f"{t['one'] * 1000:.1f}",
            "only `rollwerk_ds4` imported"
            if t["only_ds4"]
            else f"{t['imported_by_one']:.0f} plugin packages imported",
        ],
        [
            "`… .failures` (every plugin)",
            f"{t['all'] * 1000:.1f}",
            f"{t['count']:.0f} rulesets",
        ],
    ]
    targets = [
        Target(
            "listing ruleset ids imports no plugin",
            "0 plugin modules",
            f"{t['imported_by_ids']:.0f}",
            t["imported_by_ids"] == 0,
        ),
        Target(
            'one ruleset imports only its plugin (`ruleset("ds4")`)',
            "only `rollwerk_ds4`",
            f"{t['imported_by_one']:.0f} plugin package(s), {t['one'] * 1000:.0f} ms",
            bool(t["only_ds4"]),
        ),
    ]
    return rows, targets


def explaining(repeat: int) -> tuple[list[Row], list[Target]]:
    """Issue 19: ``explain()`` of a fresh roll against the roll itself."""
    import rollwerk

    rng = rollwerk.SeededRng(2026)
    rows: list[Row] = []
    worst = 0.0
    for notation in [*EXPLAIN_ROLLS, "1000d20"]:
        expr = rollwerk.parse(notation)
        rolled = per_call(lambda expr=expr: expr.roll(rng), repeat)
        both = per_call(lambda expr=expr: expr.roll(rng).explain(), repeat)
        ratio = (both - rolled) / rolled
        if notation in EXPLAIN_ROLLS:
            worst = max(worst, ratio)
        lines = len(expr.roll(rng).explain())
        rows.append([f"`{notation}`", f"{ratio:.1f}", f"{lines} characters"])
    targets = [
        Target(
            "`explain()` of a typical roll",
            "≤ 3× the roll",
            f"{worst:.1f}× (worst of {', '.join(EXPLAIN_ROLLS)})",
            worst <= 3,
            WHY_EXPLAIN,
        )
    ]
    return rows, targets


def ds4_brute_force(pw: int) -> Any:
    """DS4 outcomes by enumerating all 20**k face combinations (the reference)."""
    from rollwerk import Degree, Distribution, Outcome
    from rollwerk_ds4 import assign_dice, sub_checks

    k = len(sub_checks(pw))
    counts: dict[Any, int] = {}
    for dice in itertools.product(range(1, 21), repeat=k):
        if dice[0] == 20:
            key = Outcome(False, Degree.CRITICAL_FAILURE, 0)
        else:
            degree = Degree.CRITICAL_SUCCESS if dice[0] == 1 else Degree.SUCCESS
            key = Outcome(True, degree, assign_dice(pw, dice).result)
        counts[key] = counts.get(key, 0) + 1
    return Distribution.from_weights(counts)


def ds4(repeat: int, brute_dice: int) -> tuple[list[Row], list[Target]]:
    from rollwerk_ds4 import check, sub_checks
    from rollwerk_ds4._check import _outcomes
    from rollwerk_ds4._odds import check_weights

    def cold(pw: int) -> Any:
        check_weights.cache_clear()
        _outcomes.cache_clear()
        return check(pw).outcomes()

    rows: list[Row] = []
    targets: list[Target] = []
    for pw in DS4_PWS:
        k = len(sub_checks(pw))
        ours = min(timeit.repeat(lambda pw=pw: cold(pw), number=1, repeat=repeat * 2))
        if k <= brute_dice:
            start = time.perf_counter()
            reference = ds4_brute_force(pw)
            brute = time.perf_counter() - start
            if reference != cold(pw):
                raise SystemExit(f"DS4 PW {pw}: closed form and brute force disagree")
            brute_text, ratio = f"{brute * 1000:.1f}", f"{brute / ours:.0f}×"
        else:
            brute_text, ratio = f"not run ({20**k:,} face combinations)", "—"
        rows.append([str(pw), str(k), f"{ours * 1000:.3f}", brute_text, ratio])
        if pw == 100:
            targets.append(
                Target(
                    "DS4 PW 100 exact odds",
                    "≤ 10 ms",
                    f"{ours * 1000:.2f} ms",
                    ours <= 0.010,
                )
            )
    return rows, targets


# A PF2e duel of two level-1 fighters (longsword against greataxe, ~20 HP).
FIGHT_FIRST = {
    "attack": 7,
    "ac": 18,
    "damage": "1d8+4",
    "hp": 20,
    "strikes": 2,
    "initiative": 5,
}
FIGHT_SECOND = {
    "attack": 7,
    "ac": 17,
    "damage": "1d12+2",
    "hp": 22,
    "strikes": 2,
    "initiative": 4,
    "adversary": True,
}


def fights(repeat: int) -> tuple[list[Row], list[Target]]:
    """Exact fight odds (issue 21): the PF2e duel and a DS4 hero against three orcs."""
    from rollwerk.analysis import DEFAULT_ROUNDS, fight
    from rollwerk.plugins import get_registry
    from rollwerk_ds4 import Ds4FightRules
    from rollwerk_pf2e import Pf2eFightRules

    registry = get_registry()
    cases = [
        (
            "PF2e duel, level 1, 20 and 22 HP, 2 Strikes each",
            lambda: Pf2eFightRules(registry.ruleset("pf2e")),
            FIGHT_FIRST,
            FIGHT_SECOND,
            1,
        ),
        (
            "DS4 hero (LK 24) against 3 orcs (LK 9)",
            lambda: Ds4FightRules(registry.ruleset("ds4")),
            {"attack": 14, "defense": 12, "life": 24, "initiative": 8},
            {"attack": 9, "defense": 7, "life": 9, "initiative": 5},
            3,
        ),
    ]
    rows: list[Row] = []
    targets: list[Target] = []
    for label, make, first, second, count in cases:

        def run(
            make: Any = make,
            first: Any = first,
            second: Any = second,
            count: int = count,
        ) -> Any:
            # fresh rules: no damage distribution is cached between runs
            return fight(make(), first, second, second_count=count)

        ours = min(timeit.repeat(run, number=1, repeat=repeat))
        result = run()
        rows.append(
            [
                label,
                f"{ours * 1000:.1f}",
                f"{float(result.first):.4f}",
                f"{float(result.undecided):.1e}",
            ]
        )
        if label.startswith("PF2e"):
            targets.append(
                Target(
                    f"PF2e level-1 duel, exact ({DEFAULT_ROUNDS} rounds)",
                    "≤ 1 s",
                    f"{ours * 1000:.0f} ms",
                    ours <= 1.0,
                )
            )
    return rows, targets


def startup(runs: int) -> tuple[list[Row], list[Target]]:
    py = sys.executable
    cli = Path(py).with_name("rollwerk")
    cli_cmd = [str(cli)] if cli.exists() else [py, "-m", "rollwerk"]
    base = wall([py, "-c", "pass"], runs)
    cases = [
        ("`python -c pass`", [py, "-c", "pass"], "the unit"),
        (
            '`python -c "import re"`',
            [py, "-c", "import re"],
            "what a console script written by pip or uv imports first",
        ),
        (
            '`python -c "import attrs"`',
            [py, "-c", "import attrs"],
            "a runtime dependency: the floor under any check",
        ),
        ('`python -c "import rollwerk"`', [py, "-c", "import rollwerk"], ""),
        ("`rollwerk check ds4 pw=14`", [*cli_cmd, "check", "ds4", "pw=14"], ""),
    ]
    rows: list[Row] = []
    targets: list[Target] = []
    attrs_time = base
    for label, cmd, note in cases:
        t = base if cmd == [py, "-c", "pass"] else wall(cmd, runs)
        rows.append([label, f"{t * 1000:.1f}", f"{t / base:.2f}", note])
        if "import attrs" in label:
            attrs_time = t
        if "check ds4" in label:
            targets.append(
                Target(
                    "CLI `rollwerk check ds4 pw=14`",
                    '≤ 1.6× `python -c "import attrs"`',
                    f"{t / attrs_time:.2f}×",
                    t / attrs_time <= 1.6,
                    WHY_CLI,
                )
            )
    return rows, targets


# -- output ---------------------------------------------------------------------------


def table(header: list[str], rows: list[Row]) -> str:
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join("---" for _ in header) + "|")
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def report(
    parts: dict[str, tuple[list[str], list[Row]]], targets: list[Target], seconds: float
) -> str:
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    libs = ", ".join(
        f"{d} {version(d)}" for d in ("rollwerk", "d20", "icepool", "rollwerk-ds4")
    )
    met = sum(t.met for t in targets)
    out = [
        "# Performance",
        "",
        "<!-- Generated by `nox -s bench` (`python bench/compare.py`); do not edit. -->",
        "",
        INTRO,
        "",
        (
            f"Last run: {now}; Python {platform.python_version()} on "
            f"{platform.system()} {platform.machine()} ({os.cpu_count()} cores); "
            f"{libs}; {seconds:.0f} s in all."
        ),
        "",
        "## Targets",
        "",
        f"{met} of {len(targets)} targets met.",
        "",
        table(
            ["What", "Target", "Measured", "Met"],
            [
                [t.what, t.target, t.measured, "yes" if t.met else "**no**"]
                for t in targets
            ],
        ),
    ]
    missed = [t for t in targets if not t.met and t.why]
    if missed:
        out += ["", "Targets missed, and why:", ""]
        reasons: dict[str, list[str]] = {}  # one reason, the targets it explains
        for t in missed:
            reasons.setdefault(t.why, []).append(t.what)
        out += [f"- {'; '.join(whats)}: {why}" for why, whats in reasons.items()]
    for title, (header, rows) in parts.items():
        out += ["", f"## {title}", "", table(header, rows)]
    out += ["", NOTES]
    return "\n".join(out) + "\n"


INTRO = """\
rollwerk is measured side by side with [d20](https://github.com/avrae/d20),
[icepool](https://github.com/HighDiceRoller/icepool) and brute-force
enumeration, in one run on one machine. Machines differ and are noisy, so the
tables give **ratios**: rolls in units of one `random.randint(1, 20)`,
start-up in units of `python -c pass`. Each time is the minimum over several
repeats. Regenerate this page with `nox -s bench`."""

WHY_COUNT = (
    "every face comes from `SeededRng`, whose draw is fixed so that seeds "
    "reproduce everywhere (the top byte of one 32-bit Mersenne Twister output "
    "per face, drawn again for the few values of an incomplete last block), "
    "and the result records every face; the `10d6>=5` row below shows the "
    "cost per call."
)
WHY_CLI = (
    "the floor is Python's own start-up and the runtime dependency attrs "
    '(`python -c "import attrs"`, the unit of this target). `rollwerk check` '
    "then loads only what a check needs — argparse, pluggy, the check model, "
    "the catalogs, the ruleset value and its plugin — and no encounter "
    "state, dice model, notation, JSON or fight analysis (tested). What is "
    "left is about 25 attrs classes (results, outcomes, parameters, the "
    "toolkit, the registry's records, the plugin's own), each built and its "
    "methods compiled at import (about 0.3 ms apiece; the core's share one "
    "`__repr__`, which halved that), plus `fractions`, argparse's gettext "
    "and pluggy. Meeting 1.6× would mean values that are "
    "not attrs classes, against the architecture's choice of frozen attrs "
    "values."
)
WHY_FRESH = (
    "a never-seen parameter set is read once (each value checked as it is "
    "parsed), built into a new frozen check (the ruleset's factory through "
    "the plugin guard, its dice function, the toolkit's memo) and resolved "
    "(one draw, the ruleset's judge, an `Outcome` and a `CheckResult`); the "
    "explanation is deferred until read. Each of those steps is one or two "
    "`random.randint` calls' worth of Python, and the ruleset's own judge "
    "and dice function are the largest parts for DS4 (sub-check "
    "assignment) and Fluid (the fate roll). Below this, a check would have "
    "to stop being a validated frozen value. Repeated requests — what a bot "
    "mostly sees — are a dictionary lookup and meet their target."
)
WHY_TABLE = (
    "Mythandria's decision check has no closed form, so each of the 201 "
    "checks judges all 100 faces of its d100 (20 100 calls of the "
    "ruleset's judge, each building an `Outcome`) and sorts the outcomes "
    "into a `Distribution`; the toolkit now passes the parameters once per "
    "check and skips re-validating generated faces. An `odds=` closed "
    "form in the ruleset (as DS4 has) would meet it."
)
WHY_EXPLAIN = (
    "`roll()` runs closures compiled for the expression's shape and keeps "
    "only the faces; `explain()` runs a renderer compiled once per "
    "expression and language that turns those faces into the words (the "
    "fixed words pre-rendered from the catalogs). Rerolls and explosions "
    "draw a varying number of faces, so the renderer reads their offsets "
    "as it goes; long pools are summarised (`explain(full=True)` lists "
    "every die)."
)

NOTES = """\
## How it is measured

- **Rolls and checks**: `timeit` per call, minimum of several repeats, with a
  `SeededRng` for rollwerk and d20's own (global) random source for d20.
  Checks are built once and then resolved; expressions are parsed once and
  then rolled (`d20.parse` once, then `d20.roll` of the parsed tree, which
  also builds d20's Markdown result string as it always does).
- **Exact distributions**: each library computes each expression once, cold,
  in a fresh process, after a warm-up that computes the same five shapes
  on other dice (so every code path has run once, but no cache of either
  library holds the result: both cache, and repeating an expression in one
  process would time a cache lookup), with the garbage collector paused as
  `timeit` does; the table shows the minimum over several processes. Before
  timing, both results are converted to dicts of `Fraction`s and asserted
  equal. Explosions: icepool's `explode` defaults to `depth=9` extra dice,
  rollwerk's cap is `DICE_LIMITS.explosion_cap` extra dice; in both the last
  extra die counts at face value and does not explode further. The icepool
  form uses rollwerk's cap as its `depth`, so both compute the same
  distribution.
- **DS4**: `rollwerk_ds4.check(pw).outcomes()` with its caches cleared before each
  timing, against enumerating all 20^k face combinations with the maximising
  dice assignment (run only for up to three dice; the results are asserted
  equal).
- **Start-up**: wall time of a fresh process, minimum of several runs,
  after one untimed run that writes the bytecode caches.
- **Bot path**: `check_from_request(ruleset, "pw=14").resolve(rng)` per
  call with the shared cache holding the request (repeated), and a fresh
  `CheckRequests()` fed 200 generated requests whose parameter sets it has
  not seen (never-seen: parse, build, first resolution), per request.
- **Exact at scale**: rollwerk as the exact distributions above (cold,
  minimum over several fresh processes); icepool computes each once in one
  fresh process (its `1000d6` takes tens of seconds; `--quick` skips it).
  The icepool forms give the same distributions (checked in
  `tests/test_perf_exact.py` against slow references, and here by hand).
- **Odds tables**: in a fresh process with the plugins loaded, every check
  of the table built and its `outcomes()` computed once (cold); warm rows
  ask a built check again (its cached distribution).
- **One ruleset out of many**: a fresh process; the times include importing
  rollwerk and the plugins each call imports; the imported plugin modules
  are read from `sys.modules`.
- **Explanations**: a fresh roll then `explain()`, less the roll alone,
  divided by the roll alone.

## What makes it fast

- A check is a frozen value, so a single-die check builds the result of
  each face once and answers later resolutions from that memo (the same
  result objects, equal to freshly built ones).
- A parsed expression compiles to closures specialised for its shape; a
  pool of standard dice reads a `SeededRng` in batches of Mersenne Twister
  outputs, with exactly the faces and the state of drawing one at a time.
  `SeededRng` reads a die of up to 256 sides from the top byte of one output
  and draws again only for the `256 % sides` byte values of an incomplete
  last block (4 of 256 for a d6), so a pool seldom needs a second batch; its
  faces stay bytes until `RollResult.faces` is read.
- Exact distributions never enumerate faces: sums are polynomial powers
  (Kronecker substitution on big integers, `decimal` for huge products,
  or J. C. P. Miller's recurrence when the die has few faces and there are
  many dice: one pass over the totals, half of it for a fair die — `1000d6`
  and `94d6r1`), success counting is a binomial, keep/drop is a dynamic
  programme whose states are packed into big integers (keeping one die is
  a difference of powers; keeping the highest or lowest of whole terms,
  `max(a, b)` and `{a, b}kh1`, and `Distribution.maximum`/`minimum`
  multiply running sums in one pass), explosions are truncated geometric
  series. DS4
  odds come from a closed form over generating functions.
- The bot path interns checks: the same request (or the same parameter
  values) gives the same check object from a bounded cache, and its
  per-face memo answers the resolution.
- `rollwerk.plugins.Registry` reads ruleset ids from the installed
  metadata (entry-point group `rollwerk.rulesets`) and imports only the
  plugin that declares the id asked for; entry points are read without
  importing `importlib.metadata` (a reader tested equal to it).
- `tests/test_fast_paths.py` and `tests/test_perf_*.py` check each of these against a slow reference
  implementation (brute-force enumeration, naive convolution, freshly built
  checks, one-at-a-time draws); the test suite never times anything.
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument(
        "--brute-dice", type=int, default=3, help="largest DS4 brute force (dice)"
    )
    parser.add_argument("--child", choices=["rollwerk", "icepool", *CHILDREN])
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    start = time.perf_counter()
    repeat = 3 if args.quick else 7
    runs = 3 if args.quick else 7
    targets: list[Target] = []
    parts: dict[str, tuple[list[str], list[Row]]] = {}

    rows, t, base = rolling(repeat)
    targets += t
    parts["Rolls and checks (per call, in units of `random.randint(1, 20)`)"] = (
        ["Call", "rollwerk", "d20", "Notes"],
        rows,
    )
    rows, t = bot(repeat, base)
    targets += t
    parts["Bot path: request text → check → result (per call, × randint)"] = (
        ["Check", "request", "repeated request", "never-seen parameters"],
        rows,
    )
    rows, t = exact(runs)
    targets += t
    parts["Exact distributions (ms, cold)"] = (
        ["Expression", "rollwerk", "icepool", "rollwerk faster by", "icepool form"],
        rows,
    )
    rows, t = scale(runs, args.quick)
    targets += t
    parts["Exact at scale (ms, cold; icepool once)"] = (
        ["Expression", "rollwerk", "icepool", "rollwerk faster by", "icepool form"],
        rows,
    )
    rows, t = tables(runs, repeat)
    targets += t
    parts["Odds tables (ms)"] = (["Table", "rollwerk", "Notes"], rows)
    rows, t = registry_rows(runs)
    targets += t
    parts["One ruleset out of many (ms, fresh process, imports included)"] = (
        ["Call", "ms", "Notes"],
        rows,
    )
    rows, t = explaining(repeat)
    targets += t
    parts["Explanations (`explain()` of a fresh roll, × the roll)"] = (
        ["Roll", "explain ÷ roll", "explanation"],
        rows,
    )
    rows, t = ds4(repeat, args.brute_dice)
    targets += t
    parts["DS4 check odds: closed form against brute force (ms)"] = (
        ["PW", "dice", "rollwerk", "brute force", "speed-up"],
        rows,
    )
    rows, t = fights(repeat)
    targets += t
    parts["Exact fight odds (ms, fresh rules each run, 100 rounds)"] = (
        ["Fight", "rollwerk", "first side wins", "undecided"],
        rows,
    )
    rows, t = startup(runs + 3)
    targets += t
    parts["Start-up (wall time)"] = (
        ["Command", "ms", "× `python -c pass`", "Notes"],
        rows,
    )
    text = report(parts, targets, time.perf_counter() - start)
    print(text)
    if not args.no_write:
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
