"""Minlex forms: invariance under random transformations, and the rate, on a shared set.

    python3 benchmarks/bench_canon.py [--puzzles 1000] [--transforms 100] [--data DIR]

Takes the first PUZZLES puzzles of royle_17_clue.txt, canonicalises them, then 100 random
transformations of each (relabelling, transposition, row/band and column/stack
permutations, drawn with a fixed seed), and checks that every image has the form of its
puzzle and that the forms of different puzzles differ. The rate is puzzles per second of
wall time and per CPU second of this process (the machine may be shared).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from time import perf_counter, process_time

sys.path.insert(0, str(Path(__file__).resolve().parent))
from puzzle_lines import load, values  # noqa: E402


def main() -> int:
    import numpy as np

    from sudoku_cp.research.canon import canon_array, random_transform

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=1000)
    parser.add_argument("--transforms", type=int, default=100)
    parser.add_argument("--data", default=os.environ.get("SUDOKU_CP_DATA", "../shared/data"))
    args = parser.parse_args()
    lines = load(Path(args.data) / "royle_17_clue.txt", args.puzzles)
    puzzles = np.array([values(line) for line in lines], np.int64)
    canon_array(puzzles[:1], (3, 3))  # load the compiled code
    rng = random.Random(2026)
    moved = np.array([random_transform((3, 3), rng).apply(p.tolist()) for p in puzzles
                      for _ in range(args.transforms)], np.int64)
    wall, cpu = perf_counter(), process_time()
    forms = canon_array(puzzles, (3, 3))
    again = canon_array(moved, (3, 3))
    wall, cpu = perf_counter() - wall, process_time() - cpu
    same = bool((again == np.repeat(forms, args.transforms, axis=0)).all())
    distinct = len({tuple(f) for f in forms})
    total = len(puzzles) + len(moved)
    print(f"{len(puzzles):,} puzzles x {args.transforms} random transformations: every image "
          f"has its puzzle's form: {same}; distinct forms {distinct:,} of {len(puzzles):,}")
    print(f"{total:,} forms in {wall:.2f} s: {total / wall:,.0f} per second of wall time, "
          f"{total / cpu:,.0f} per CPU second")
    return 0 if same and distinct == len(puzzles) else 1


if __name__ == "__main__":
    sys.exit(main())
