"""Certified uniqueness: proof size, time to make a certificate, time to check it.

    python3 benchmarks/bench_certify.py --count 1000 --hard 1106
    python3 benchmarks/bench_certify.py --count 200 --hard 100 --solvers cadical195,glucose4

For the first ``--count`` 17-clue puzzles and ``--hard`` puzzles of forum_hardest_1106
(the first ones, or a seeded sample with ``--sample``), one process, one puzzle at a
time:

- *settle*: the ``sat`` backend finds the solution and shows it is the only one;
- *make*: ``make_certificate`` writes the CNF, the solution and the proof (a fresh
  proof-logging solver per puzzle), without its own check;
- *check*: ``verify_record`` re-checks the certificate as ``certify verify`` does:
  the solution by ``is_solution``, the CNF file against the re-derived formula, the
  proof by our checker.

Prints medians (proof bytes, make ms, check ms) and certified puzzles per second over
settle + make + check; "UP only" is the share refuted by unit propagation alone (proof
``0``, no solver called), "solver clauses" the median number of clauses the proof
solver was given when it was called (of ~12,000 in the CNF). With several ``--solvers`` the proof solvers are interleaved
per puzzle, so their ratio survives a noisy machine. Every certificate must hold: the
exit code is 1 if any fails.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_cp import solve  # noqa: E402
from sudoku_cp.certify.make import make_certificate  # noqa: E402
from sudoku_cp.certify.verify import verify_record  # noqa: E402
from sudoku_cp.parse import read_puzzles  # noqa: E402

DATA = ROOT.parent / "shared" / "data"


def boards_of(path: Path, count: int, sample: bool, seed: int) -> list:
    boards = [e.board for e in read_puzzles(str(path)) if e.board is not None]
    if sample and count < len(boards):
        return random.Random(seed).sample(boards, count)
    return boards[:count]


def run(boards: list, solvers: list[str], directory: str) -> tuple[dict, int]:
    """Settle, make and check every board with every solver; returns figures per solver."""
    figures = {s: {"bytes": [], "make": [], "check": [], "settle": [], "wall": 0.0,
                   "clauses": []}
               for s in solvers}
    failures = 0
    for index, board in enumerate(boards, 1):
        t0 = time.perf_counter()
        result = solve(board, "sat", limit=2)  # once a puzzle: shared by every proof solver
        settle = time.perf_counter() - t0
        for solver in solvers:
            f = figures[solver]
            t1 = time.perf_counter()
            where = os.path.join(directory, solver)  # each solver creates its own files
            rec = make_certificate(board, "unique", result.solutions, where, index,
                                   solver=solver, checker=None)
            t2 = time.perf_counter()
            verified = verify_record(where, rec)
            t3 = time.perf_counter()
            failures += not verified.ok
            f["settle"].append(settle)
            f["make"].append(t2 - t1)
            f["check"].append(t3 - t2)
            f["bytes"].append(rec["sizes"]["proof"])
            f["clauses"].append(rec["solver_clauses"])
            f["wall"] += settle + t3 - t1
    return figures, failures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="17-clue puzzles (the first N)")
    parser.add_argument("--hard", type=int, default=1106, help="forum_hardest_1106 puzzles")
    parser.add_argument("--sample", action="store_true",
                        help="a seeded random sample of the hard set instead of its first N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solvers", default="cadical195",
                        help="comma-separated proof solvers, interleaved per puzzle")
    args = parser.parse_args(argv)
    solvers = [s for s in args.solvers.split(",") if s]
    sets = [("17-clue", boards_of(DATA / "royle_17_clue.txt", args.count, False, args.seed)),
            ("forum_hardest_1106", boards_of(DATA / "forum_hardest_1106.txt", args.hard,
                                             args.sample, args.seed))]
    warm = sets[0][1][:3]
    failures = 0
    print(f"{'set':20} {'solver':11} {'puzzles':>7} {'proof B':>8} {'make ms':>8} "
          f"{'check ms':>8} {'settle ms':>9} {'certified/s':>11} {'UP only':>7} "
          f"{'solver clauses':>14}")
    with tempfile.TemporaryDirectory() as directory:
        for solver in solvers:
            os.mkdir(os.path.join(directory, solver))
        run(warm, solvers, directory)  # numba's compiled loop and the encodings, loaded once
        for name, boards in sets:
            if not boards:
                continue
            figures, bad = run(boards, solvers, directory)
            failures += bad
            for solver, f in figures.items():
                print(f"{name:20} {solver:11} {len(boards):7d} "
                      f"{statistics.median(f['bytes']):8.0f} "
                      f"{statistics.median(f['make']) * 1000:8.2f} "
                      f"{statistics.median(f['check']) * 1000:8.2f} "
                      f"{statistics.median(f['settle']) * 1000:9.2f} "
                      f"{len(boards) / f['wall']:11.1f} "
                      f"{sum(c == 0 for c in f['clauses']) / len(boards):7.0%} "
                      f"{statistics.median(c for c in f['clauses'] if c) if any(f['clauses']) else 0:14.0f}",
                      flush=True)
    if failures:
        print(f"{failures} certificates FAILED", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
