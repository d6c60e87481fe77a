"""Benchmark the generator: rate, 16x16 time, distribution of clues and levels.

    python3 benchmarks/bench_generate.py                 # 1,000 minimal 9x9 puzzles
    python3 benchmarks/bench_generate.py --count 300     # a quicker run
    python3 benchmarks/bench_generate.py --compare       # which backend should dig
    python3 benchmarks/bench_generate.py --against REF   # before (git REF) and after, one run
    python3 benchmarks/bench_generate.py --against REF --only-against --symmetry rot180 --count 200

Reports:

1. minimal 9x9 puzzles per second, each cross-checked by all three backends (target
   >= 5/s on a 2-core machine), with the time split between making a puzzle (full grid,
   digging, grading) and verifying it;
2. the time for one minimal 16x16 puzzle, verified (target under 10 s);
3. the distribution of clue counts and levels over the 9x9 puzzles;
4. with ``--compare``: the time to dig one puzzle with each candidate backend, on the
   same grids and removal orders, for several box shapes (how ``removal_backend`` was chosen);
5. with ``--against REF``: ``generate(count, minimal=True, seed=S)`` (verified as each
   tree does by default; ``--symmetry rot180`` and ``--no-verify`` change what is timed),
   timed in fresh processes for the tree at git REF and this tree, interleaved round by
   round (a ratio that survives a loaded machine).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.board import Board, geometry  # noqa: E402
from sudoku_cp.generate import dig, full_grid, make_puzzle, verify  # noqa: E402
from sudoku_cp.grade import LEVELS  # noqa: E402

COMPARE_BACKENDS = ["backtrack", "sat", "sat:cadical195", "sat:minisat22", "cpsat"]
COMPARE_SHAPES = {(2, 2): 50, (2, 3): 30, (3, 3): 20, (3, 4): 4, (4, 4): 1}


def progress(total: int, desc: str):
    if not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=desc, file=sys.stderr, leave=False)


def bench_9x9(count: int, seed: int) -> None:
    master = random.Random(seed)
    make_s = verify_s = grade_s = 0.0
    clues: Counter = Counter()
    levels: Counter = Counter()
    techniques: Counter = Counter()
    guessing_nodes = []
    boards = []
    verify(make_puzzle(0, minimal=True))  # imports, compiled code, solvers: not timed
    bar = progress(count, "9x9")
    start = time.perf_counter()
    for _ in range(count):  # the loop of generate(count, minimal=True, seed=seed)
        t0 = time.perf_counter()
        puzzle = make_puzzle(master.getrandbits(63), minimal=True)
        t1 = time.perf_counter()
        verify(puzzle)
        t2 = time.perf_counter()
        puzzle.grade  # grading is lazy: timed apart, as the text output never pays it
        t3 = time.perf_counter()
        make_s += t1 - t0
        verify_s += t2 - t1
        grade_s += t3 - t2
        boards.append(puzzle.board)
        clues[puzzle.clues] += 1
        levels[puzzle.level] += 1
        techniques.update(t for t, k in puzzle.techniques.items() if k)
        if puzzle.level == "expert":
            guessing_nodes.append(puzzle.nodes)
        if bar is not None:
            bar.update(1)
    total = time.perf_counter() - start
    if bar is not None:
        bar.close()
    print(f"## {count} minimal 9x9 puzzles, verified by sat, cpsat and backtrack (seed {seed})")
    print(f"rate: {count / (make_s + verify_s):.1f} puzzles/s made and verified; "
          f"{count / total:.1f} puzzles/s graded too ({total:.1f} s)")
    print(f"per puzzle: make {make_s / count * 1000:.1f} ms [grid, dig], verify "
          f"{verify_s / count * 1000:.1f} ms, grade {grade_s / count * 1000:.1f} ms")
    each_backend(boards)
    fills()
    values = sorted(clues.elements())
    print(f"clues: min {values[0]}, median {statistics.median(values):g}, "
          f"mean {statistics.mean(values):.2f}, max {values[-1]}")
    for k in sorted(clues):
        print(f"  {k:3d} clues: {clues[k]:5d}  {'#' * max(1, round(60 * clues[k] / count))}")
    print("levels:")
    for level in LEVELS:
        print(f"  {level:7s} {levels[level]:5d}  ({100 * levels[level] / count:.1f}%)")
    print("puzzles using each technique:")
    for name, k in techniques.most_common():
        print(f"  {name:14s} {k:5d}")
    if guessing_nodes:
        print(f"expert puzzles: backtracker nodes median {statistics.median(guessing_nodes):g}, "
              f"max {max(guessing_nodes)}")
    print()


def each_backend(boards) -> None:
    """What each verifying backend costs on the generated puzzles (process time)."""
    from sudoku_cp.backends import get_backend

    parts = []
    for spec in ("sat", "cpsat", "backtrack"):
        backend = get_backend(spec)
        start = time.process_time()
        for board in boards:
            backend.solve(board, limit=2)
        parts.append(f"{spec} {(time.process_time() - start) / len(boards) * 1000:.2f} ms")
    print("one uniqueness check (limit=2), CPU per puzzle: " + ", ".join(parts))


def fills(count: int = 200) -> None:
    """The 9x9 full-grid fill, compiled and in Python (the same grids; process time)."""
    from sudoku_cp.fill import can_compile, random_values

    g = geometry(3, 3)
    ways = [True, False] if can_compile(g) else [False]
    parts = []
    for compiled in ways:
        random_values(g, 0, compiled=compiled)
        start = time.process_time()
        for seed in range(count):
            random_values(g, seed, compiled=compiled)
        ms = (time.process_time() - start) / count * 1000
        parts.append(f"{'compiled' if compiled else 'Python'} {ms:.2f} ms")
    print("one 9x9 fill, CPU: " + ", ".join(parts))


def bench_16x16(count: int, seed: int) -> None:
    print(f"## minimal 16x16 puzzles, verified (seed {seed})")
    master = random.Random(seed)
    for _ in range(count):
        t0 = time.perf_counter()
        puzzle = make_puzzle(master.getrandbits(63), box=(4, 4), minimal=True)
        t1 = time.perf_counter()
        verify(puzzle)
        t2 = time.perf_counter()
        print(f"one 16x16 puzzle: {t2 - t0:.1f} s (make {t1 - t0:.1f} s, verify {t2 - t1:.1f} s); "
              f"{puzzle.clues} clues, {puzzle.level}")
    print()


def compare(seed: int, rounds: int) -> None:
    """Dig the same grids in the same order with each backend (same puzzles result);
    backends take turns in each round, and the median round is reported."""
    from sudoku_cp.backends import solve

    print(f"## digging time per puzzle by backend (same grids, same removal order, "
          f"median of {rounds} interleaved rounds)")
    for box, reps in COMPARE_SHAPES.items():
        g = geometry(*box)
        jobs = []
        for i in range(reps):
            rng = random.Random(seed + i)
            jobs.append((full_grid(box, rng), rng.getstate()))
        specs = [s for s in COMPARE_BACKENDS if not (s == "cpsat" and g.n > 9)]
        times: dict[str, list[float]] = {spec: [] for spec in specs}
        for spec in specs:
            solve(Board.empty(box), spec)  # build the per-shape state outside the clock
        for _ in range(rounds):
            for spec in specs:
                start = time.perf_counter()
                for grid, state in jobs:
                    rng = random.Random()
                    rng.setstate(state)
                    dig(grid, g, rng, backend=spec)
                times[spec].append((time.perf_counter() - start) / reps * 1000)
        row = [f"{spec} {statistics.median(times[spec]):.0f} ms" for spec in specs]
        print(f"{g.n}x{g.n} ({reps} puzzles): " + ", ".join(row), flush=True)
    print()


#: What ``--against`` times in each tree: only the API both versions have.
RATE = """
import sys, time
from sudoku_cp.generate import generate
count, seed, symmetry = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
verify = sys.argv[4] == "1"
options = dict(minimal=True, symmetry=symmetry, verify=verify)
list(generate(2, seed=0, **options))  # imports, compiled code, solvers: not timed
wall, cpu = time.perf_counter(), time.process_time()
made = list(generate(count, seed=seed, **options))
assert all(p.minimal and not p.missed for p in made)
print(count / (time.perf_counter() - wall), count / (time.process_time() - cpu))
"""


def against(ref: str, count: int, rounds: int, seed: int, symmetry: str = "none",
            verify: bool = True) -> None:
    """The generator's rate at git ``ref`` and here, in fresh processes, interleaved."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as before:
        archive = subprocess.run(["git", "-C", str(root), "archive", ref],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", before], input=archive, check=True)
        rates: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
        for r in range(rounds):
            for label, tree in (("before", before), ("after", str(root))):
                env = {**os.environ, "PYTHONPATH": tree}
                out = subprocess.run([sys.executable, "-c", RATE, str(count), str(seed + r),
                                      symmetry, "1" if verify else "0"],
                                     capture_output=True, text=True, env=env, cwd=tree,
                                     check=True).stdout.split()
                rates[label].append((float(out[0]), float(out[1])))
    print(f"## generate({count}, minimal=True, symmetry={symmetry!r}), "
          f"{'verified by each tree' + chr(39) + 's default' if verify else 'not verified'}: "
          f"{ref} against this tree ({rounds} interleaved rounds, seeds {seed}..)")
    for label, got in rates.items():
        walls = ", ".join(f"{w:.1f}" for w, _ in got)
        cpus = ", ".join(f"{c:.1f}" for _, c in got)
        print(f"{label:6}: {walls} puzzles/s wall; {cpus} per CPU second")
    ratio = statistics.median(a[0] / b[0] for a, b in zip(rates["after"], rates["before"]))
    print(f"after / before: {ratio:.1f}x (median of the rounds' wall ratios)")
    print()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=1000, help="9x9 puzzles (default 1000)")
    p.add_argument("--big", type=int, default=1, help="16x16 puzzles to time (default 1)")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--compare", action="store_true", help="compare backends for digging")
    p.add_argument("--rounds", type=int, default=3,
                   help="rounds for --compare and --against (default 3)")
    p.add_argument("--against", metavar="REF",
                   help="also time the generator at git REF and here, interleaved")
    p.add_argument("--symmetry", default="none", help="for --against (default none)")
    p.add_argument("--only-against", action="store_true",
                   help="with --against, stop after it (no 9x9 and 16x16 sections)")
    p.add_argument("--no-verify", dest="verify", action="store_false",
                   help="for --against: time the generator without verification")
    args = p.parse_args(argv)
    if args.against:
        against(args.against, args.count, args.rounds, args.seed, args.symmetry, args.verify)
        if args.only_against:
            return 0
    if args.compare:
        compare(args.seed, args.rounds)
    if args.count:
        bench_9x9(args.count, args.seed)
    if args.big:
        bench_16x16(args.big, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
