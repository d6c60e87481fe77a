"""tdoku against the ``fast`` batch entry point, on the same files, in alternating rounds.

    python3 benchmarks/peers/bench_tdoku.py --tdoku ../tdoku [--rounds 3] [--seconds 2]

Run on demand, never in CI: it needs a copy of t-dillon/tdoku that the user fetched
(see README.md beside this file). The script builds tdoku's ``run_benchmark`` in that
copy with tdoku's own ``BUILD.sh`` when it is not built yet, and never copies any of it.

Both sides count to two solutions (a uniqueness check), take the puzzles as given (no
permutation: tdoku ``-r0``) and skip ``#`` comment lines:

- **tdoku**: ``build/run_benchmark -s tdoku -r0 -v0 -c1 -t SECONDS -w WARMUP FILE``,
  one process per set and round; its CSV line gives puzzles per second (by the wall
  clock), the share of puzzles solved without a guess and the guesses per puzzle. Its
  rate per CPU second is that rate times the process's wall time over its CPU time.
- **fast**: ``check_array`` over the whole file as one int64 array (built outside the
  clock), repeated until ``--seconds`` of process time have passed; the same two
  search metrics from its per-puzzle statistics.

The table compares rates per CPU second (on a shared machine a process gets only part
of a core, and the wall clock counts the waits); the wall-clock rates of both sides and
their ratio are printed too, and the ratio of each round's two runs (taken one after the
other), which shows how far a single figure moves on the machine at hand.

The two take turns set by set (tdoku first in odd rounds, fast first in even ones); each
figure is the median of the rounds. Guesses: tdoku counts one per binary split (a value
assigned, its negation left for the backtrack); ``fast`` counts one per value tried at a
branching cell, so a cell of k candidates searched to the end counts k. The table gives
both for ``fast``: its own count, and tdoku's way of counting, which is its count less one
per branching cell (the last value of a cell is its negation). On a search that ran to
the end every branching cell had all its values tried, so that is the guesses less the
nodes that branched (the nodes that are not a solution): exact here, as every puzzle of
these sets has one solution and every search is exhausted (the script checks both).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from puzzle_lines import load, values  # noqa: E402

SETS = ("royle_17_clue.txt", "norvig_top95.txt", "magictour_top1465.txt",
        "forum_hardest_1106.txt")


def build(tdoku: Path) -> Path:
    """tdoku's ``run_benchmark`` in the user's copy, built with its ``BUILD.sh`` if missing."""
    binary = tdoku / "build" / "run_benchmark"
    if not binary.exists():
        if not (tdoku / "BUILD.sh").exists():
            raise SystemExit(f"{tdoku}: no BUILD.sh here; give --tdoku a copy of t-dillon/tdoku")
        print(f"building tdoku in {tdoku} (its BUILD.sh run_benchmark) ...", flush=True)
        done = subprocess.run(["./BUILD.sh", "run_benchmark"], cwd=tdoku,
                              capture_output=True, text=True)
        if done.returncode != 0 or not binary.exists():
            raise SystemExit(f"tdoku's build failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return binary


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_tdoku(binary: Path, path: Path, seconds: float, warmup: float) -> dict:
    """One tdoku run on one file: puzzles/s, share without a guess, guesses per puzzle.

    tdoku times itself by the wall clock. On a shared machine the process gets only part
    of a core, so its rate is also given per CPU second: the wall rate scaled by the
    process's wall time over its CPU time (the whole run, warm-up included; on an idle
    machine the two rates agree)."""
    cmd = [str(binary), "-s", "tdoku", "-r0", "-v0", "-c1", "-t", str(seconds),
           "-w", str(warmup), str(path)]
    wall, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run(cmd, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    rows = [line.split(",") for line in done.stdout.splitlines() if ",tdoku," in line]
    if done.returncode != 0 or not rows:
        raise SystemExit(f"tdoku failed on {path.name}: {done.stdout[-500:]}{done.stderr[-500:]}")
    *_, rate, _usec, no_guess, guesses = rows[-1]
    return {"wall_rate": float(rate), "rate": float(rate) * wall / max(cpu, 1e-9),
            "no_guess": float(no_guess), "guesses": float(guesses)}


class Fast:
    """The ``fast`` side: each set as one int64 array, built once, outside the clock."""

    def __init__(self, data: Path, names) -> None:
        import numpy as np

        from sudoku_cp.backends.fast import check_array
        from sudoku_cp.board import geometry

        self.check_array, self.g = check_array, geometry(3, 3)
        self.sets = {name: np.array([values(s) for s in load(data / name)], dtype=np.int64)
                     for name in names}
        for grid in self.sets.values():  # the compiled code loaded, caches warm
            check_array(grid[:50], self.g)

    def run(self, name: str, seconds: float) -> dict:
        grid = self.sets[name]
        done = 0
        spent = wall = 0.0
        while spent < seconds:
            start, began = time.process_time(), time.perf_counter()
            counts, _first, stats = self.check_array(grid, self.g, 2)
            spent += time.process_time() - start
            wall += time.perf_counter() - began
            done += len(grid)
        if (counts != 1).any():
            raise SystemExit(f"{name}: fast finds {int((counts != 1).sum())} puzzles "
                             f"without exactly one solution")
        if not stats[:, 2].all():  # the guesses in tdoku's count below need it
            raise SystemExit(f"{name}: {int((stats[:, 2] == 0).sum())} searches did not run "
                             f"to the end")
        nodes, guesses = stats[:, 0], stats[:, 1]
        splits = guesses - (nodes - counts)  # tdoku's count: less one per branching cell
        return {"rate": done / spent, "wall_rate": done / wall,
                "no_guess": 100.0 * float((guesses == 0).mean()),
                "guesses": float(guesses.mean()), "splits": float(splits.mean())}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tdoku", type=Path, required=True,
                   help="a copy of t-dillon/tdoku (built here if build/run_benchmark is missing)")
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=int, default=2,
                   help="timed seconds per set and side (whole: tdoku reads an integer)")
    p.add_argument("--warmup", type=int, default=1, help="tdoku's warm-up seconds (whole)")
    p.add_argument("--sets", default=",".join(SETS), help="comma-separated files in --data")
    args = p.parse_args(argv)
    names = [s for s in args.sets.split(",") if s]
    for name in names:
        if not (args.data / name).exists():
            raise SystemExit(f"{args.data / name}: no such file (give --data the shared folder)")
    binary = build(args.tdoku.resolve())
    fast = Fast(args.data, names)
    rows: dict = {(side, name): [] for side in ("tdoku", "fast") for name in names}
    for r in range(args.rounds):
        for name in names:
            sides = ("tdoku", "fast") if r % 2 == 0 else ("fast", "tdoku")
            for side in sides:
                if side == "tdoku":
                    row = run_tdoku(binary, args.data / name, args.seconds, args.warmup)
                else:
                    row = fast.run(name, args.seconds)
                rows[side, name].append(row)
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr, flush=True)

    def median(side, name, key):
        return statistics.median(row[key] for row in rows[side, name])

    def by_round(name):  # each round's two runs were next to each other: the spread to expect
        ratios = [t["rate"] / f["rate"] for t, f in zip(rows["tdoku", name], rows["fast", name])]
        return ", ".join(f"{r:.2f}×" for r in ratios)

    print(f"median of {args.rounds} alternating rounds; count to 2, puzzles as given; "
          f"per CPU second (wall-clock rates and their ratio after the bar)")
    print("| set | tdoku /s | fast batch /s | tdoku ÷ fast | tdoku no guess | fast no guess |"
          " tdoku guesses/puzzle | fast guesses/puzzle, tdoku's count | fast values tried/puzzle |"
          " wall: tdoku /s, fast /s, ratio | ratio by round |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        t, f = median("tdoku", name, "rate"), median("fast", name, "rate")
        tw, fw = median("tdoku", name, "wall_rate"), median("fast", name, "wall_rate")
        print(f"| {name.removesuffix('.txt')} ({len(fast.sets[name]):,}) | {t:,.0f} | {f:,.0f} |"
              f" {t / f:.2f}× | {median('tdoku', name, 'no_guess'):.1f}% |"
              f" {median('fast', name, 'no_guess'):.1f}% |"
              f" {median('tdoku', name, 'guesses'):.2f} | {median('fast', name, 'splits'):.2f} |"
              f" {median('fast', name, 'guesses'):.2f} |"
              f" {tw:,.0f}, {fw:,.0f}, {tw / fw:.2f}× | {by_round(name)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
