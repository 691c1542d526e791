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
    if library == "rollwerk":
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


def cold_times(library: str, runs: int) -> dict[str, float]:
    """The minimum over ``runs`` fresh processes of each case's cold time."""
    best: dict[str, float] = {}
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, __file__, "--child", library],
            capture_output=True,
            text=True,
            check=True,
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
    for label, cmd, note in cases:
        t = base if cmd == [py, "-c", "pass"] else wall(cmd, runs)
        rows.append([label, f"{t * 1000:.1f}", f"{t / base:.2f}", note])
        if "check ds4" in label:
            targets.append(
                Target(
                    "CLI `rollwerk check ds4 pw=14`",
                    "≤ 2.5× `python -c pass`",
                    f"{t / base:.2f}×",
                    t / base <= 2.5,
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
        out += [f"- {t.what}: {t.why}" for t in missed]
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
    "the floor is Python's own start-up, the `import re` of the console "
    "script that pip or uv writes, and the runtime dependency attrs, whose "
    'import alone costs more than the target (see `python -c "import attrs"` '
    "below); then every check, result and parameter class is an attrs class "
    "built at import. Everything of rollwerk's own is lazy: `import rollwerk` "
    "and the plugin packages load their modules on first use, the CLI "
    "imports only the subcommand it runs (not `json` unless asked for JSON, "
    "not `shutil` for argparse's help width) and loads only the plugin named "
    "after the ruleset (its entry point read straight from the installed "
    "metadata, without `importlib.metadata` or pluggy's entry-point scan). "
    "Meeting the target would mean dropping attrs, which the design "
    "(frozen attrs values) requires."
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
  (Kronecker substitution on big integers, `decimal` for huge products),
  success counting is a binomial, keep/drop is a dynamic programme (keeping
  one die is a difference of powers), explosions are truncated geometric
  series. DS4 odds come from a closed form over generating functions.
- `tests/test_fast_paths.py` checks each of these against a slow reference
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
    parser.add_argument("--child", choices=["rollwerk", "icepool"])
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    start = time.perf_counter()
    repeat = 3 if args.quick else 7
    runs = 3 if args.quick else 7
    targets: list[Target] = []
    parts: dict[str, tuple[list[str], list[Row]]] = {}

    rows, t, _ = rolling(repeat)
    targets += t
    parts["Rolls and checks (per call, in units of `random.randint(1, 20)`)"] = (
        ["Call", "rollwerk", "d20", "Notes"],
        rows,
    )
    rows, t = exact(runs)
    targets += t
    parts["Exact distributions (ms, cold)"] = (
        ["Expression", "rollwerk", "icepool", "rollwerk faster by", "icepool form"],
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
