"""What a job in a worker process costs: the gui's API against the same work in-process.

    python3 benchmarks/bench_gui.py              # 20 rounds
    python3 benchmarks/bench_gui.py --rounds 50
    python3 benchmarks/bench_gui.py --hints      # hint times over positions, 9x9 and 16x16

Each request of ``sudoku-cp gui`` that may take long (check, solve, hint, grade, generate)
runs in a process forked from a warm fork server, so that a time limit or Cancel can kill
it. This prints, per kind of request, the median time of the same work called directly
and through the API (Starlette's test client, so HTTP parsing is included but no network),
interleaved round by round, and the difference: what killability costs per request.

With ``--hints`` it times ``/api/hint`` instead (through the API, so the worker's time is
included) at positions from the start of a game to late in it: for each puzzle, the givens
plus the first 0, 20, 40, 60 and 80 percent of its empty cells filled from the solution.
The 9x9 puzzles are the first ``--puzzles`` of top95; the 16x16 ones are generated with
seeds 1, 2, 3... (generation is not timed).
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


def positions(board: Board, solution) -> list[list[int]]:
    """The givens plus the first 0, 20, 40, 60 and 80 percent of the empty cells solved."""
    empty = [c for c, v in enumerate(board.givens) if not v]
    out = []
    for share in (0, 0.2, 0.4, 0.6, 0.8):
        values = list(board.givens)
        for c in empty[:int(len(empty) * share)]:
            values[c] = solution[c]
        out.append(values)
    return out


def hint_times(puzzles: int) -> None:
    from sudoku_cp.generate import generate

    here = Path(__file__).resolve().parent.parent
    top95 = [line.strip() for line in (here / "tests" / "data" / "top95_sample.txt").open()
             if line.strip() and not line.startswith("#")][:puzzles]
    sets = {"9x9 (top95)": [(Board.parse(t), None) for t in top95],
            "16x16 (generated)": [(p.board, p.solution) for seed in range(1, puzzles + 1)
                                  for p in generate(1, box=(4, 4), seed=seed)]}
    with TestClient(create_app(time_limit=60)) as client:
        client.post("/api/hint", json={"puzzle": TOP95}).raise_for_status()  # warm
        for name, boards in sets.items():
            times = []
            for board, solution in boards:
                if solution is None:
                    solution = client.post("/api/solve", json={"puzzle": board.to_text()}
                                           ).json()["solutions"][0]
                box = f"{board.box[0]}x{board.box[1]}"
                for values in positions(board, solution):
                    start = time.perf_counter()
                    client.post("/api/hint", json={"puzzle": list(board.givens), "box": box,
                                                   "values": values}).raise_for_status()
                    times.append(time.perf_counter() - start)
            print(f"{name}: {len(times)} hints over {len(boards)} puzzles: median "
                  f"{statistics.median(times) * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--hints", action="store_true", help="time hints over game positions")
    parser.add_argument("--puzzles", type=int, default=3, help="puzzles per size for --hints")
    args = parser.parse_args()
    if args.hints:
        return hint_times(args.puzzles)
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
