"""Where a ``solve(board, "fast")`` call spends its time, piece by piece.

    python3 benchmarks/solve_overhead.py [--count 2000]

On the first ``--count`` 17-clue puzzles: microseconds per call of ``solve``, of the
backend's ``solve`` method, of the compiled work alone (``check_array`` over all of them,
per puzzle), and of the pieces of Python around the kernel. Each figure is the minimum
over repeats (``timeit``), so a shared machine's noise mostly drops out.
"""

from __future__ import annotations

import argparse
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def per_call(f, calls: int, repeat: int = 7, gc: bool = False) -> float:
    setup = "import gc; gc.enable()" if gc else "pass"  # timeit turns the collector off
    return min(timeit.repeat(f, setup=setup, number=1, repeat=repeat)) / calls * 1e6


def main() -> int:
    import numpy as np

    from sudoku_cp import Board, Result, solve
    from sudoku_cp.backends import get_backend
    from sudoku_cp.backends.fast import check_array
    from sudoku_cp.board import geometry

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=2000)
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = p.parse_args()
    lines = [s.strip() for s in open(args.data / "royle_17_clue.txt")
             if s.strip() and not s.startswith("#")][:args.count]
    boards = [Board.from_values([0 if c in ".0" else int(c) for c in s]) for s in lines]
    backend = get_backend("fast")
    solve(boards[0], "fast", limit=2)
    grid = np.array([b.givens for b in boards], dtype=np.int64)
    check_array(grid[:1], geometry(3, 3))
    n = len(boards)
    buf = bytearray(81)
    _, scratch = backend._shape(boards[0].geometry)
    entry, block = backend.engine.solve, scratch.block_address

    scratch.aim(2, 1 << 62, 1)  # a whole search for up to two solutions, from the root

    def entry_alone():  # what FastBackend.solve does before any Python around the answer
        for b in boards:
            scratch.given_bytes[:] = b.givens
            entry(block)

    rows = {
        'solve(board, "fast", limit=2), garbage collector on': (
            lambda: [solve(b, "fast", limit=2) for b in boards], True),
        'solve(board, "fast", limit=2)': lambda: [solve(b, "fast", limit=2) for b in boards],
        "FastBackend.solve": lambda: [backend.solve(b, limit=2) for b in boards],
        "givens copied + one call of the entry point": entry_alone,
        "compiled work alone (check_array)": lambda: check_array(grid, geometry(3, 3)),
        "givens to a new int64 array": lambda: [np.array(b.givens, dtype=np.int64)
                                                for b in boards],
        "givens into a reused bytearray": lambda: [buf.__setitem__(slice(None), b.givens)
                                                   for b in boards],
        "Result.of": lambda: [Result.of("fast", (b.givens,), True, 0.0,
                                        {"nodes": 1, "guesses": 0}, 2) for b in boards],
    }
    print(f"{n} 17-clue puzzles, microseconds per puzzle (minimum of 7 runs):")
    for name, f in rows.items():
        f, gc = f if isinstance(f, tuple) else (f, False)
        print(f"  {name:52} {per_call(f, n, gc=gc):6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
