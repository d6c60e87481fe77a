"""Uniqueness checks per second for every backend, side by side in one run.

    python3 benchmarks/bench_core.py                    # top95, 1,000 17-clue, forum_hardest
    python3 benchmarks/bench_core.py --count 200 --backends sat,backtrack

Each puzzle is checked by every backend in turn (interleaved), so a noisy machine
slows all of them alike and the ratios hold. Every solution is verified with
``is_solution``; a puzzle that is not unique by some backend is counted as a failure.
Reports wall-clock rate, CPU-time rate, and the median of each backend's main native
statistic. The datasets come from ``--data`` (default: ../shared/data beside the repo).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_cp import get_backend, is_solution  # noqa: E402
from sudoku_cp.parse import read_puzzles  # noqa: E402

SETS = [("top95", "norvig_top95.txt"), ("17-clue", "royle_17_clue.txt"),
        ("forum_hardest", "forum_hardest_1106.txt")]
MAIN_STAT = {"backtrack": "nodes", "sat": "conflicts", "cpsat": "conflicts"}
TARGETS = {("sat", "17-clue"): 800, ("backtrack", "17-clue"): 250,
           ("backtrack", "forum_hardest"): 15, ("cpsat", "17-clue"): 50}


def boards(path: Path, count: int):
    out = []
    for entry in read_puzzles(str(path)):
        if entry.board is not None:
            out.append(entry.board)
        if len(out) >= count:
            break
    return out


def run_set(puzzles, specs):
    backends = {spec: get_backend(spec) for spec in specs}
    for spec, backend in backends.items():  # warm-up: encode the shape, load the solver
        backend.solve(puzzles[0], limit=2)
    wall = dict.fromkeys(specs, 0.0)
    cpu = dict.fromkeys(specs, 0.0)
    stat = {spec: [] for spec in specs}
    failures = dict.fromkeys(specs, 0)
    for board in puzzles:
        for spec, backend in backends.items():
            w0, c0 = time.perf_counter(), time.process_time()
            result = backend.solve(board, limit=2)
            cpu[spec] += time.process_time() - c0
            wall[spec] += time.perf_counter() - w0
            if not (result.exhausted and len(result.solutions) == 1
                    and is_solution(board, result.solution)):
                failures[spec] += 1
            key = MAIN_STAT.get(spec.split(":")[0])
            if key in result.stats:
                stat[spec].append(result.stats[key])
    return {spec: (len(puzzles) / wall[spec], len(puzzles) / cpu[spec],
                   statistics.median(stat[spec]) if stat[spec] else float("nan"),
                   failures[spec]) for spec in specs}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--count", type=int, default=1000, help="puzzles per set at most")
    parser.add_argument("--backends", default="backtrack,sat,cpsat")
    args = parser.parse_args(argv)
    specs = [s.strip() for s in args.backends.split(",") if s.strip()]
    print(f"uniqueness checks (limit=2) per second; {args.count} puzzles per set at most")
    print(f"{'set':14} {'n':>5} {'backend':22} {'wall/s':>9} {'cpu/s':>9} "
          f"{'median stat':>16} {'target':>7} {'fail':>5}")
    bad = 0
    for label, name in SETS:
        puzzles = boards(args.data / name, args.count)
        for spec, (rate, cpu_rate, med, fail) in run_set(puzzles, specs).items():
            target = TARGETS.get((spec, label))
            stat = f"{MAIN_STAT.get(spec.split(':')[0], '-')} {med:g}"
            mark = "" if target is None else (f"{target}" + (" ok" if rate >= target else " MISS"))
            print(f"{label:14} {len(puzzles):5d} {spec:22} {rate:9.1f} {cpu_rate:9.1f} "
                  f"{stat:>16} {mark:>7} {fail:5d}", flush=True)
            bad += fail
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
