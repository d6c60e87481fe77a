"""How well the logic engine's rating tracks Sudoku Explainer's, and how fast it is.

Reads puzzles with their SE rating (``../shared/data/berthier_cb002_rated.txt``: puzzle,
SE rating, W rating per line; a rating may also be SE's ``ER/EP/ED`` triple, as the forum's
lists give it), rates each with ``sudoku_cp.logic`` (uniqueness assumed, as SE does), and
prints the share rated exactly as SE, Spearman's rho overall and for SE >= 4.2, the
confusion table of SE bands x levels, how many needed trial and error, and the time per
puzzle (median, p90, p99, max) and in all. ``--hodoku N`` also rates the first N puzzles
of the sample with ``hodoku-py`` (if installed) and compares its level with the level
of HoDoKu's own path here (``sudoku_cp.logic.hodoku``), with the confusion table.

    nice -n 10 python benchmarks/bench_rating.py --sample 2000 --seed 1 --workers 2
    nice -n 10 python benchmarks/bench_rating.py ../shared/data/forum_hardest_1106.txt --sample 50 --time-limit 5
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# the source tree this script sits in, never an installed copy that may be older
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "berthier_cb002_rated.txt"
SE_BANDS = ((1.0, 2.0), (2.0, 2.6), (2.6, 3.0), (3.0, 4.2), (4.2, 5.6), (5.6, 6.6), (6.6, 7.5),
            (7.5, 8.5), (8.5, 12.0))


def read(path: Path) -> list[tuple[str, float | None, tuple | None]]:
    """(puzzle, SE rating or None, (ER, EP, ED) or None) per line."""
    out = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        se, triple = None, None
        if len(parts) > 1 and "/" in parts[1]:
            triple = tuple(float(x) for x in parts[1].split("/"))
            se = triple[0]
        elif len(parts) > 1:
            se = float(parts[1])
        out.append((parts[0], se, triple))
    return out


def rate(job):
    puzzle, time_limit, hodoku = job
    from sudoku_cp import Board
    from sudoku_cp.logic import rate_board

    board = Board.parse(puzzle)
    start, cpu = time.perf_counter(), time.process_time()
    r = rate_board(board, assume_unique=True, time_limit=time_limit)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    level, hodoku_cpu = "", 0.0
    if hodoku:  # HoDoKu's own path, timed apart from SE's
        from sudoku_cp.logic import hodoku as hodoku_path
        from sudoku_cp.logic.scales import hodoku as hodoku_scale
        from sudoku_cp.logic.state import State

        hodoku_cpu = time.process_time()
        path = hodoku_path.solve_path(State.from_board(board), assume_unique=True,
                                      time_limit=time_limit)
        level = hodoku_scale(path.steps)[1]
        hodoku_cpu = time.process_time() - hodoku_cpu
    return (r.rating, r.level, r.hardest, r.complete, wall, cpu, r.ep, r.ed, r.guesses, level,
            hodoku_cpu)


def hodoku_py_level(puzzle: str) -> tuple[str, float]:
    """hodoku-py's level of a puzzle and the CPU seconds it took."""
    from hodoku.api import Solver

    cpu = time.process_time()
    level = Solver().rate(puzzle).level.name.lower()
    return level, time.process_time() - cpu


def spearman(a, b) -> float:
    """Spearman's rank correlation (ties share their mean rank), by SciPy."""
    from scipy.stats import spearmanr

    return float(spearmanr(a, b).statistic)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("path", nargs="?", default=str(DEFAULT))
    p.add_argument("--sample", type=int, default=2000, help="puzzles drawn (0: all)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--time-limit", type=float, default=None, help="seconds per puzzle")
    p.add_argument("--out", metavar="FILE",
                   help="write each puzzle, its SE rating, ER/EP/ED here (and 'lower-bound' when "
                        "the time limit cut it short), the hardest technique and its CPU seconds")
    p.add_argument("--hodoku", type=int, default=0, metavar="N",
                   help="compare levels with hodoku-py on the first N puzzles of the sample")
    args = p.parse_args(argv)

    from sudoku_cp.logic import LEVELS

    puzzles = read(Path(args.path))
    if args.sample and args.sample < len(puzzles):
        puzzles = random.Random(args.seed).sample(puzzles, args.sample)
    start = time.perf_counter()
    jobs = [(pz, args.time_limit, i < args.hodoku) for i, (pz, _, _) in enumerate(puzzles)]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(rate, jobs, chunksize=8))
    wall = time.perf_counter() - start
    if args.out:
        with open(args.out, "w") as out:
            for (pz, se, _), r in zip(puzzles, results):
                bound = "" if r[3] else " lower-bound"
                out.write(f"{pz} {se} {r[0]:.1f}/{r[6]:.1f}/{r[7]:.1f}{bound} {r[2]} "
                          f"{r[5]:.1f}s-CPU\n")
    print(f"{len(results)} puzzles from {args.path} (seed {args.seed}), {args.workers} workers, "
          f"{wall:.1f} s wall, {sum(r[5] for r in results):.1f} s CPU in the workers")
    for label, k in (("wall", 4), ("CPU", 5)):
        times = sorted(r[k] for r in results)
        q = lambda f: times[min(len(times) - 1, int(f * len(times)))] * 1000  # noqa: E731
        print(f"{label} time per puzzle: median {q(0.5):.1f} ms, p90 {q(0.9):.1f} ms, "
              f"p99 {q(0.99):.1f} ms, max {times[-1] * 1000:.0f} ms")
    slow = sorted(range(len(results)), key=lambda i: -results[i][4])[:3]
    print("slowest:", "; ".join(f"{puzzles[i][0]} {results[i][4]:.1f} s" for i in slow))
    cut = sum(1 for r in results if not r[3])
    if cut:
        print(f"{cut} puzzles stopped at the time limit (their rating is a lower bound)")
    hardest: dict[str, int] = {}
    for r in results:
        hardest[r[2] or "-"] = hardest.get(r[2] or "-", 0) + 1
    print("hardest technique:", ", ".join(f"{k} {v}" for k, v in
                                          sorted(hardest.items(), key=lambda kv: -kv[1])))
    guessed = sum(1 for r in results if r[8])
    print(f"trial and error: {guessed} of {len(results)} puzzles needed a guess "
          f"({sum(1 for r in results if r[8] and r[3])} of them finished within the limit)")
    if args.hodoku:
        compare_hodoku(puzzles[:args.hodoku], results[:args.hodoku], args.workers)
    counts: dict[float, int] = {}
    for r in results:
        counts[r[0]] = counts.get(r[0], 0) + 1
    print("ratings here:", ", ".join(f"{k} x{v}" for k, v in sorted(counts.items())))
    se = [s for _, s, _ in puzzles]
    if None in se:
        return 0
    triples = [t for _, _, t in puzzles]
    if None not in triples:
        for name, k, i in (("EP", 6, 1), ("ED", 7, 2)):
            same = sum(1 for r, t in zip(results, triples) if abs(r[k] - t[i]) < 0.05)
            print(f"same {name} as SE: {same / len(results):.1%}")
        counts = {}
        for _, s_, _ in puzzles:
            counts[s_] = counts.get(s_, 0) + 1
        print("SE's ratings:", ", ".join(f"{k} x{v}" for k, v in sorted(counts.items())))
    ours = [r[0] for r in results]
    print(f"Spearman rho, all: {spearman(ours, se):.3f} (n={len(se)})")
    hi = [(o, s) for o, s in zip(ours, se) if s >= 4.2]
    if len(hi) > 2:
        print(f"Spearman rho, SE >= 4.2: {spearman(*zip(*hi)):.3f} (n={len(hi)})")
    exact = sum(1 for o, s in zip(ours, se) if abs(o - s) < 0.05)
    close = sum(1 for o, s in zip(ours, se) if abs(o - s) <= 0.3)
    print(f"same rating as SE: {exact / len(se):.1%}; within 0.3: {close / len(se):.1%}")
    print("\nSE band x level (counts)")
    print(f"{'SE':>10} " + " ".join(f"{lv:>8}" for lv in LEVELS))
    for lo, hi_ in SE_BANDS:
        row = [sum(1 for r, s in zip(results, se) if lo <= s < hi_ and r[1] == lv) for lv in LEVELS]
        if sum(row):
            print(f"{lo:>4}-{hi_:<5} " + " ".join(f"{k:>8}" for k in row))
    return 0


def compare_hodoku(puzzles, results, workers: int) -> None:
    from importlib.util import find_spec

    if find_spec("hodoku") is None:  # hodoku-py
        print("hodoku-py is not installed (pip install hodoku-py): no HoDoKu comparison")
        return
    with ProcessPoolExecutor(workers) as pool:
        got = list(pool.map(hodoku_py_level, [pz for pz, _, _ in puzzles], chunksize=8))
    theirs = [level for level, _ in got]
    ours = sorted(r[10] for r in results)
    print(f"\nHoDoKu's path here: {sum(ours):.1f} s CPU, median {ours[len(ours) // 2] * 1000:.1f} ms, "
          f"max {ours[-1] * 1000:.0f} ms per puzzle; hodoku-py: {sum(c for _, c in got):.1f} s CPU")
    levels = ("easy", "medium", "hard", "unfair", "extreme")
    same = sum(1 for r, h in zip(results, theirs) if r[9] == h)
    print(f"HoDoKu level (hodoku-py) x HoDoKu level here, {len(theirs)} puzzles: same level "
          f"{same / len(theirs):.1%}")
    print(f"{'hodoku-py':>10} " + " ".join(f"{lv:>8}" for lv in levels))
    for h in levels:
        row = [sum(1 for r, x in zip(results, theirs) if x == h and r[9] == lv) for lv in levels]
        if sum(row):
            print(f"{h:>10} " + " ".join(f"{k:>8}" for k in row))


if __name__ == "__main__":
    sys.exit(main())
