"""dlx on near-empty boards with partial houses (fewer than n cells): time-outs and nodes.

Each board is drawn from ``--seed``: a box shape up to 3x3, one to three extra houses of
2..n-1 random cells, up to n random givens (so some have no solution). Every board is
solved with ``limit=2`` under ``--time-limit``; the backtracker's answer is the
reference. To compare with an older tree, run this file with ``PYTHONPATH=OLD_TREE``::

    python3 benchmarks/dlx_partial.py --boards 150 --time-limit 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


def boards(count: int, seed: int):
    from sudoku_cp import Board

    rng = random.Random(seed)
    for _ in range(count):
        box = rng.choice([(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)])
        n = box[0] * box[1]
        houses = [rng.sample(range(n * n), rng.randint(2, n - 1)) for _ in range(rng.randint(1, 3))]
        values = [0] * (n * n)
        for cell in rng.sample(range(n * n), rng.randint(0, n)):
            values[cell] = rng.randint(1, n)
        yield Board.from_values(values, box=box, houses=houses)


def main(argv=None) -> int:
    import sudoku_cp
    from sudoku_cp import solve

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--boards", type=int, default=150)
    p.add_argument("--seed", type=int, default=27)
    p.add_argument("--time-limit", type=float, default=1.0)
    args = p.parse_args(argv)
    timeouts = wrong = 0
    nodes, times = [], []
    start = time.perf_counter()
    for board in boards(args.boards, args.seed):
        r = solve(board, "dlx", limit=2, time_limit=args.time_limit)
        ref = solve(board, "backtrack", limit=2, time_limit=60)
        if r.status.value == "unknown":
            timeouts += 1
        elif len(r.solutions) != len(ref.solutions) or r.exhausted != ref.exhausted:
            wrong += 1
        nodes.append(r.stats["nodes"])
        times.append(r.time_s)
    print(f"dlx ({sudoku_cp.__file__}): {args.boards} boards, {timeouts} time-outs at "
          f"{args.time_limit:g} s, {wrong} answers differing from backtrack; nodes median "
          f"{statistics.median(nodes):.0f}, max {max(nodes)}; dlx time {sum(times):.1f} s "
          f"in all ({time.perf_counter() - start:.0f} s with the reference)")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
