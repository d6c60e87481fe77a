"""Where the sat backend should switch to one pre-propagated formula per puzzle.

For each board size, makes ``--count`` puzzles (givens of a random full grid kept with
probability ``--density``, seed ``--seed``) and checks each for uniqueness (``limit=2``)
twice in one process, interleaved: with the shape's one formula and the givens as
assumptions (``sat:reduced_above=64``, the path of boards up to ``REDUCED_ABOVE``),
and with the puzzle's own reduced formula (``sat:reduced_above=0``). Each path's first
puzzle pays for its set-up (the shape's formula is encoded and loaded once); the
figures are total seconds per path, and the answers must agree.

    nice -n 10 python3 benchmarks/bench_reduced.py --boxes 4x4,5x5,6x6 --count 10 --density 0.7
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PATHS = {"one formula per shape": "sat:reduced_above=64", "reduced per puzzle": "sat:reduced_above=0"}


def puzzles(box, count: int, density: float, seed: int):
    from sudoku_cp.board import Board
    from sudoku_cp.generate import full_grid

    rng = random.Random(seed)
    for _ in range(count):
        grid = full_grid(box, rng)
        yield Board.from_values([v if rng.random() < density else 0 for v in grid], box)


def main(argv=None) -> int:
    from sudoku_cp.backends import solve
    from sudoku_cp.crosscheck import claim

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--boxes", default="4x4,5x5,6x6")
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--density", type=float, default=0.7)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--time-limit", type=float, default=120.0)
    args = p.parse_args(argv)
    print(f"{args.count} puzzles per size, {args.density:.0%} of cells given, seed {args.seed}, "
          f"uniqueness checks (limit=2), seconds per path")
    for text in args.boxes.split(","):
        box = tuple(int(x) for x in text.split("x"))
        seconds = dict.fromkeys(PATHS, 0.0)
        claims: dict[str, list[str]] = {name: [] for name in PATHS}
        for board in puzzles(box, args.count, args.density, args.seed):
            for name, spec in PATHS.items():
                start = time.perf_counter()
                result = solve(board, spec, limit=2, time_limit=args.time_limit)
                seconds[name] += time.perf_counter() - start
                claims[name].append(claim(result))
        agree = "agree" if len(set(map(tuple, claims.values()))) == 1 else "DISAGREE"
        n = box[0] * box[1]
        row = "  ".join(f"{name}: {s:7.2f} s" for name, s in seconds.items())
        tally = {c: claims["reduced per puzzle"].count(c) for c in sorted(set(claims["reduced per puzzle"]))}
        print(f"  {n}x{n}  {row}  answers {agree} {tally}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
