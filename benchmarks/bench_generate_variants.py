"""Benchmark the variant generator: verified puzzles per second per type, and the killer table.

    python3 benchmarks/bench_generate_variants.py                  # 5 puzzles of each type, 9x9
    python3 benchmarks/bench_generate_variants.py --types killer --count 20 --minimal
    python3 benchmarks/bench_generate_variants.py --types killer --count 1000 --table

Reports, per type: puzzles per second (each confirmed by two paradigms as the CLI
writes them, ``generate.VERIFY``: sat and fast, cpsat standing in for fast; the split between digging and that confirmation), CPU seconds per puzzle
(the machine is shared: CPU time is the steadier figure), mean givens and constraints,
solver calls and the drops counterexample grids rejected with no solver call. With
``--table``: cage counts and cage sizes over the killer puzzles made.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this tree's sudoku_cp

from sudoku_cp.variants.generate import TYPES, VERIFY, generate


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--types", default=",".join(TYPES) + ",mixed")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--minimal", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-verify", action="store_true", help="time the digging alone")
    ap.add_argument("--table", action="store_true", help="cage counts and sizes (killer)")
    args = ap.parse_args(argv)
    verify = None if args.no_verify else VERIFY
    next(generate(1, ("thermo",), size=4, seed=0))  # imports and first loads, not timed
    print(f"{'type':14} {'puzzles/s':>9} {'cpu s/p':>8} {'dig s':>6} {'check s':>7} "
          f"{'givens':>6} {'constr':>6} {'calls':>6} {'cex rej':>7}")
    for kind in args.types.split(","):
        wall, cpu = time.perf_counter(), time.process_time()
        made = list(generate(args.count, (kind,), size=args.size, minimal=args.minimal,
                             seed=args.seed, verify=verify))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        mean = lambda f: statistics.mean(f(m) for m in made)  # noqa: E731
        dig = mean(lambda m: m.stats["dig_time"])
        print(f"{kind:14} {len(made) / wall:9.2f} {cpu / len(made):8.3f} {dig:6.3f} "
              f"{mean(lambda m: m.stats['time']) - dig:7.3f} "
              f"{mean(lambda m: len(m.puzzle.givens)):6.1f} "
              f"{mean(lambda m: len(m.puzzle.constraints)):6.1f} "
              f"{mean(lambda m: m.stats['solver_calls']):6.1f} "
              f"{mean(lambda m: m.stats['counterexample_rejects']):7.1f}", flush=True)
        if args.table and kind == "killer":
            counts = Counter(len(m.puzzle.constraints) for m in made)
            sizes = Counter(len(c.cells) for m in made for c in m.puzzle.constraints)
            print("  cages per puzzle:", dict(sorted(counts.items())))
            print("  cells per cage:  ", dict(sorted(sizes.items())))
            print("  givens per puzzle:", dict(Counter(len(m.puzzle.givens) for m in made)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
