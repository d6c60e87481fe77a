"""What a job in a worker process costs: the gui's API against the same work in-process.

    python3 benchmarks/bench_gui.py              # 20 rounds
    python3 benchmarks/bench_gui.py --rounds 50

Each request of ``sudoku-cp gui`` that may take long (check, solve, hint, grade, generate)
runs in a process forked from a warm fork server, so that a time limit or Cancel can kill
it. This prints, per kind of request, the median time of the same work called directly
and through the API (Starlette's test client, so HTTP parsing is included but no network),
interleaved round by round, and the difference: what killability costs per request.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from starlette.testclient import TestClient  # noqa: E402

from sudoku_cp import Board  # noqa: E402
from sudoku_cp.gui import work  # noqa: E402
from sudoku_cp.gui.app import create_app  # noqa: E402

# top95, first puzzle (../shared/data/norvig_top95.txt)
TOP95 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def cases():
    board = Board.parse(TOP95)
    position = list(board.givens)
    return {
        "check (3 backends)": (lambda: work.check(board, position, 30),
                               ("check", {"puzzle": TOP95})),
        "solve (sat)": (lambda: work.solve(board, 1, "sat", 30), ("solve", {"puzzle": TOP95})),
        "hint": (lambda: work.hint(board, position, [], 30), ("hint", {"puzzle": TOP95})),
        "generate 6x6 (seed 1)": (lambda: work.generate((2, 3), "none", None, 1, 30),
                                  ("generate", {"box": "2x3", "seed": 1})),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    with TestClient(create_app(time_limit=60)) as client:
        table = {name: ([], []) for name in cases()}
        for name, (direct, (endpoint, body)) in cases().items():  # warm both paths
            direct()
            client.post(f"/api/{endpoint}", json=body).raise_for_status()
        for _ in range(args.rounds):
            for name, (direct, (endpoint, body)) in cases().items():
                start = time.perf_counter()
                direct()
                table[name][0].append(time.perf_counter() - start)
                start = time.perf_counter()
                client.post(f"/api/{endpoint}", json=body).raise_for_status()
                table[name][1].append(time.perf_counter() - start)
    print(f"median of {args.rounds} rounds, milliseconds")
    print(f"{'request':<24}{'in-process':>12}{'through API':>13}{'difference':>12}")
    for name, (direct, api) in table.items():
        a, b = statistics.median(direct) * 1000, statistics.median(api) * 1000
        print(f"{name:<24}{a:>12.1f}{b:>13.1f}{b - a:>12.1f}")


if __name__ == "__main__":
    main()
