"""Exact cover, integer programming and ASP: how fast, next to SAT and CP-SAT, in one run.

Two tables, each measured with every solver interleaved per puzzle (so a noisy machine
slows them alike) on this process's CPU clock:

1. ``dlx`` against a *baseline* Algorithm X written the usual short way (the one the
   blogs show: the columns a dict of sets of rows, ``select``/``deselect`` that pop and
   restore whole sets, ``min(X, key=len)`` for the column, the matrix built per
   puzzle), written below for any box shape, on the 17-clue sample. Both must find the
   same number of solutions, and every solution passes ``is_solution``.
2. Uniqueness checks per second (``limit=2``) of sat, cpsat, dlx, mip and asp on
   top95, the 17-clue sample and forum_hardest_1106, every answer checked.

    python3 benchmarks/bench_paradigms.py --data ../shared/data \\
        --count17 1000 --count-top95 95 --count-hardest 40

The solvers that need a package (mip: highspy, asp: clingo) are left out, with a
note, when it is missing.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.backends import get_backend  # noqa: E402
from sudoku_cp.board import Board  # noqa: E402
from sudoku_cp.check import is_solution  # noqa: E402

SETS = {
    "17-clue": "royle_17_clue.txt",
    "top95": "norvig_top95.txt",
    "forum_hardest": "forum_hardest_1106.txt",
}
clock = time.process_time


# -- the baseline: Algorithm X over a dict of sets, the short textbook way ----------------
def baseline_solutions(board: Board, limit: int) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions, with the exact-cover matrix built for this puzzle."""
    n, (br, bc) = board.n, board.box
    columns = {}
    rows = {}
    for r in range(n):
        for c in range(n):
            b = (r // br) * br + c // bc
            for v in range(1, n + 1):
                rows[r, c, v] = [("rc", r, c), ("rv", r, v), ("cv", c, v), ("bv", b, v)]
    for key, cols in rows.items():
        for col in cols:
            columns.setdefault(col, set()).add(key)
    for cell, v in enumerate(board.givens):
        if v:
            select(columns, rows, (cell // n, cell % n, v))
    grid = list(board.givens)
    found = []
    for chosen in islice(algorithm_x(columns, rows, []), limit):
        for r, c, v in chosen:
            grid[r * n + c] = v
        found.append(tuple(grid))
    return found


def algorithm_x(columns, rows, chosen):
    if not columns:
        yield list(chosen)
        return
    col = min(columns, key=lambda c: len(columns[c]))
    for row in list(columns[col]):
        chosen.append(row)
        removed = select(columns, rows, row)
        yield from algorithm_x(columns, rows, chosen)
        deselect(columns, rows, row, removed)
        chosen.pop()


def select(columns, rows, row):
    removed = []
    for col in rows[row]:
        for other in columns[col]:
            for other_col in rows[other]:
                if other_col != col:
                    columns[other_col].remove(other)
        removed.append(columns.pop(col))
    return removed


def deselect(columns, rows, row, removed):
    for col in reversed(rows[row]):
        columns[col] = removed.pop()
        for other in columns[col]:
            for other_col in rows[other]:
                if other_col != col:
                    columns[other_col].add(other)


# -- measuring ------------------------------------------------------------------------------
def data_dir(given: str | None) -> Path:
    here = Path(__file__).resolve().parent.parent
    for candidate in (given, os.environ.get("SUDOKU_CP_DATA"), here.parent / "shared" / "data"):
        if candidate and Path(candidate, SETS["top95"]).exists():
            return Path(candidate)
    raise SystemExit("puzzle files not found: pass --data DIR (e.g. ../shared/data)")


def read_boards(path: Path, count: int) -> list[Board]:
    boards = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                boards.append(Board.from_values([0 if ch in ".0" else int(ch)
                                                 for ch in line[:81]]))
                if len(boards) >= count:
                    break
    return boards


def timed(run):
    start = clock()
    out = run()
    return clock() - start, out


def dlx_against_baseline(boards: list[Board]) -> dict:
    """Interleaved per puzzle: baseline, then dlx; counts must agree."""
    dlx = get_backend("dlx")
    dlx.solve(boards[0], limit=2)  # build the links of the shape outside the clock
    spent = {"baseline": 0.0, "dlx": 0.0}
    nodes = 0
    for board in boards:
        t, base = timed(lambda: baseline_solutions(board, 2))
        spent["baseline"] += t
        t, result = timed(lambda: dlx.solve(board, limit=2))
        spent["dlx"] += t
        nodes += result.stats["nodes"]
        assert all(is_solution(board, s) for s in base + list(result.solutions)), board.to_text()
        assert len(base) == len(result.solutions), board.to_text()
    return {"baseline": len(boards) / spent["baseline"], "dlx": len(boards) / spent["dlx"],
            "nodes": nodes / len(boards)}


def checks_per_second(boards: list[Board], specs: list[str]) -> dict[str, float]:
    """Uniqueness checks per CPU second of each spec, interleaved per puzzle."""
    backends = {spec: get_backend(spec) for spec in specs}
    for backend in backends.values():  # per-shape set-up outside the clock
        backend.solve(boards[0], limit=2)
    spent = dict.fromkeys(specs, 0.0)
    for board in boards:
        counts = set()
        for spec, backend in backends.items():
            t, result = timed(lambda: backend.solve(board, limit=2))
            spent[spec] += t
            assert result.exhausted or len(result.solutions) == 2, (spec, board.to_text())
            assert all(is_solution(board, s) for s in result.solutions), (spec, board.to_text())
            counts.add(len(result.solutions))
        assert len(counts) == 1, board.to_text()
    return {spec: len(boards) / t for spec, t in spent.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--data", help="directory holding the puzzle files (default ../shared/data)")
    add("--count17", type=int, default=1000, help="17-clue puzzles (default 1000)")
    add("--count-top95", type=int, default=95, help="top95 puzzles (default 95)")
    add("--count-hardest", type=int, default=40, help="forum_hardest puzzles (default 40)")
    args = parser.parse_args(argv)
    folder = data_dir(args.data)
    counts = {"17-clue": args.count17, "top95": args.count_top95,
              "forum_hardest": args.count_hardest}
    boards = {label: read_boards(folder / SETS[label], counts[label]) for label in SETS}
    print(f"CPU clock, interleaved per puzzle; {os.cpu_count()} cores; "
          f"load average {os.getloadavg()[0]:.1f}")

    row = dlx_against_baseline(boards["17-clue"])
    print(f"\n1. dlx against a dict-of-sets Algorithm X, {len(boards['17-clue'])} 17-clue puzzles, "
          "uniqueness checks per second")
    print(f"   baseline {row['baseline']:8.1f}/s   dlx {row['dlx']:8.1f}/s   "
          f"ratio {row['dlx'] / row['baseline']:.2f}x   ({row['nodes']:.0f} dlx nodes a puzzle)")

    specs = ["sat", "cpsat", "dlx"]
    for spec, module in (("mip", "highspy"), ("asp", "clingo")):
        if importlib.util.find_spec(module) is None:
            print(f"   (no {spec}: {module} is not installed)")
        else:
            specs.append(spec)
    print("\n2. uniqueness checks per CPU second")
    print(f"   {'set':<15}{'puzzles':>8}" + "".join(f"{s:>10}" for s in specs))
    for label in ("top95", "17-clue", "forum_hardest"):
        rates = checks_per_second(boards[label], specs)
        print(f"   {label:<15}{len(boards[label]):>8}"
              + "".join(f"{rates[s]:10.1f}" for s in specs), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
