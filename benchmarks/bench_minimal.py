"""How often a symmetric puzzle is minimal clue by clue, and what ``--minimal`` costs.

For each symmetry, ``--count`` seeds make one orbit-minimal puzzle each (one complete
dig: no orbit can be removed); the share of them that are also minimal clue by clue is
what ``generate(minimal=True, symmetry=...)`` must search through. Then ``--make``
puzzles are generated with ``minimal=True`` (unverified) and timed.

    python3 benchmarks/bench_minimal.py --count 100 --make 5
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.generate import generate, is_minimal, make_puzzle  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--count", type=int, default=100, help="orbit-minimal puzzles per symmetry")
    p.add_argument("--make", type=int, default=5, help="--minimal puzzles to time per symmetry")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--symmetries", default="rot180,mirror,diagonal,rot90")
    args = p.parse_args(argv)
    print(f"9x9, seed {args.seed}: orbit-minimal puzzles that are minimal clue by clue; "
          f"time per --minimal puzzle (the first one loads the compiled code)")
    for symmetry in args.symmetries.split(","):
        strict = 0
        for i in range(args.count):
            puzzle = make_puzzle(args.seed + i, symmetry=symmetry, orbit_minimal=True)
            strict += is_minimal(puzzle.board)
        line = f"{symmetry:9} {strict:4} of {args.count} ({100 * strict / args.count:.1f}%)"
        if args.make:
            start = time.perf_counter()
            made = list(generate(args.make, symmetry=symmetry, minimal=True, seed=args.seed,
                                 verify=False))
            per = (time.perf_counter() - start) / len(made)
            missed = sum(bool(p.missed) for p in made)
            line += f"; --minimal: {per * 1000:.1f} ms per puzzle over {len(made)}, {missed} missed"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
