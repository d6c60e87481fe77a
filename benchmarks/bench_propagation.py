"""How much of a puzzle propagation settles before any decision, per encoding.

    python3 benchmarks/bench_propagation.py --count 2000 --seed 1

For a seeded random sample of the 17-clue puzzles: the share fully solved by unit
propagation alone and by failed-literal probing, under the minimal and the extended
encoding. A value fixed by propagation must agree with the backtracker's solution;
any that does not is counted as an error (and means a bug).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_cp import solve  # noqa: E402
from sudoku_cp.parse import read_puzzles  # noqa: E402
from sudoku_cp.propagate import Propagator  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "royle_17_clue.txt")
    parser.add_argument("--count", type=int, default=2000, help="sample size (0: every puzzle)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    boards = [e.board for e in read_puzzles(str(args.data)) if e.board is not None]
    if args.count and args.count < len(boards):
        boards = random.Random(args.seed).sample(boards, args.count)
    solutions = [solve(b, "backtrack").solution for b in boards]
    print(f"{len(boards)} puzzles from {args.data.name} (seed {args.seed})")
    print(f"{'encoding':9} {'method':7} {'solved':>8} {'share':>7} {'cells fixed':>12} "
          f"{'errors':>6} {'ms/puzzle':>9}")
    errors = 0
    for encoding in ("minimal", "extended"):
        with Propagator(boards[0].geometry, encoding) as prop:
            for method in ("unit", "probe"):
                run = getattr(prop, method)
                solved = fixed = bad = 0
                start = time.perf_counter()
                for board, sol in zip(boards, solutions):
                    values = run(board)
                    if values is None or any(v and v != s for v, s in zip(values, sol)):
                        bad += 1
                        continue
                    k = sum(1 for v in values if v)
                    fixed += k
                    solved += k == len(values)
                ms = (time.perf_counter() - start) / len(boards) * 1000
                print(f"{encoding:9} {method:7} {solved:8d} {solved / len(boards):7.1%} "
                      f"{fixed / len(boards):12.1f} {bad:6d} {ms:9.2f}", flush=True)
                errors += bad
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
