"""How far the variant logic engine gets, and whether any of its steps is wrong.

    python3 benchmarks/bench_variant_logic.py --data ../shared/data
    python3 benchmarks/bench_variant_logic.py --data ../shared/data --random 200 --seed 1

For each shared variant puzzle the project reads (``variants/*.jsonl`` with a stated
solution), one solve path (``sudoku_cp.variants.logic.solve_path``), then a line: solved
by logic alone, solved only with labelled trial steps, or stuck; the rating; the steps;
the time. Every step's eliminations and placements are judged against the stated
solution (``unsound`` counts the steps that remove the solution's value). The last
lines give the counts. ``--random N`` adds N random variants built around random grids
(``variants.logic.samples``), judged the same way against their grid (those puzzles are
not always unique, so only soundness is counted for them).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.logic import solve_path  # noqa: E402
from sudoku_cp.variants.logic.samples import random_variant  # noqa: E402


def unsound(path, solution) -> int:
    """Steps that remove the solution's value or place another."""
    bad = 0
    for step in path.steps:
        if any(solution[c] == v for c, v in step.eliminations) or \
                any(solution[c] != v for c, v in step.placements):
            bad += 1
    return bad


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    ap.add_argument("--random", type=int, default=0, metavar="N", help="also N random variants")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-trials", action="store_true", help="never take a trial step")
    ap.add_argument("--random-only", action="store_true", help="skip the shared puzzles")
    args = ap.parse_args(argv)

    rows = []
    for name in () if args.random_only else ("iss.jsonl", "fpuzzles.jsonl"):
        path = Path(args.data) / "variants" / name
        for line in path.read_text().splitlines():
            ident = json.loads(line)["id"]
            entry = read_entry(line)
            if entry.error:
                rows.append((ident, "unread", entry.error))
                continue
            began = time.perf_counter()
            p = solve_path(entry.puzzle, time_limit=args.time_limit, trials=not args.no_trials)
            took = time.perf_counter() - began
            bad = unsound(p, entry.expected)
            state = ("logic" if p.by_logic else "trials" if p.solved else
                     "timeout" if not p.complete else "stuck")
            kinds = ",".join(sorted({c.TYPE for c in entry.puzzle.constraints})) or "classic"
            print(f"{ident:40s} {state:7s} rating {p.rating:3.1f}  steps {len(p.steps):4d}  "
                  f"trials {p.trials:3d}  unsound {bad}  {took:6.2f}s  {kinds}", flush=True)
            rows.append((ident, state, bad, took))
    read = [r for r in rows if r[1] != "unread"]
    if read:
        _report(rows, read)
    if args.random:
        _random(args)
    return 0


def _report(rows, read) -> None:
    count = {s: sum(r[1] == s for r in read) for s in ("logic", "trials", "stuck", "timeout")}
    print(f"\nshared variant puzzles: {len(rows)}, read by the project: {len(read)} "
          f"(the other {len(rows) - len(read)} use constraint types the model lacks)")
    print(f"solved by logic alone (no trial step): {count['logic']}/{len(read)}")
    print(f"solved with labelled trial steps:      {count['trials']}/{len(read)}")
    print(f"stuck: {count['stuck']}, out of time: {count['timeout']}")
    print(f"unsound steps: {sum(r[2] for r in read)}; "
          f"time: {sum(r[3] for r in read):.1f}s in all, max {max(r[3] for r in read):.1f}s")


def _random(args) -> None:
    rng = random.Random(args.seed)
    bad = steps = solved = trials = 0
    began = time.perf_counter()
    for _ in range(args.random):
        grid, puzzle = random_variant(rng)
        p = solve_path(puzzle, time_limit=5, trials=not args.no_trials)
        bad += unsound(p, grid)
        steps += len(p.steps)
        trials += p.trials
        solved += p.solved
    print(f"random variants: {args.random} (seed {args.seed}), steps {steps} ({trials} trials), "
          f"unsound steps {bad}, solved {solved} (not all are unique), "
          f"{time.perf_counter() - began:.1f}s")


if __name__ == "__main__":
    sys.exit(main())
