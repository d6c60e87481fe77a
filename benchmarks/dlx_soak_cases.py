"""dlx and backtrack on the soak's hardest draws: near-empty boards up to 9x9 with extra houses.

The boards are the soak's own (``benchmarks/soak.py``, ``draw_board`` for ``--seed`` and
case index ``0 .. --cases-1``), kept when the board is at most 9x9, has extra houses
(random, fitted or the diagonals) and at most 20% of its cells given: where dlx and the
backtracker once timed out in a 30-minute soak (seed 27: cases 37857, 38308, 39256).
Each kept board is solved by each backend with ``limit=2`` under ``--time-limit``; the
figures are CPU seconds (``time.process_time``), so a loaded machine changes them little.
To compare with an older tree, run this file with ``PYTHONPATH=OLD_TREE``::

    python3 benchmarks/dlx_soak_cases.py --cases 40200 --seed 27 --time-limit 10
    python3 benchmarks/dlx_soak_cases.py --only 37857,38308,39256 --time-limit 10
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import soak  # noqa: E402  (the soak's board drawing, so the cases are the very same)


def kept(index: int, seed: int):
    """Case ``index`` of the soak as a Board, or None when it is not a near-empty
    board up to 9x9 with extra houses."""
    from sudoku_cp import Board

    (br, bc), variant, extra, givens = soak.draw_board(random.Random(f"{seed}:{index}"))
    n = br * bc
    if n > 9 or not extra or sum(1 for v in givens if v) > 0.2 * n * n:
        return None
    return Board.from_values(givens, box=(br, bc), houses=extra)


def main(argv=None) -> int:
    import sudoku_cp
    from sudoku_cp import solve

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--cases", type=int, default=40200, help="soak case indices 0 .. N-1")
    p.add_argument("--seed", type=int, default=27)
    p.add_argument("--only", default=None, help="comma-separated case indices instead")
    p.add_argument("--time-limit", type=float, default=10.0)
    p.add_argument("--backends", default="dlx,backtrack")
    args = p.parse_args(argv)
    indices = ([int(i) for i in args.only.split(",")] if args.only else range(args.cases))
    names = args.backends.split(",")
    worst = {name: [] for name in names}  # (CPU s, case) of each board
    timeouts = {name: [] for name in names}
    total = {name: 0.0 for name in names}
    boards = 0
    for index in indices:
        board = kept(index, args.seed)
        if board is None:
            continue
        boards += 1
        for name in names:
            start = time.process_time()
            r = solve(board, name, limit=2, time_limit=args.time_limit)
            spent = time.process_time() - start
            total[name] += spent
            if r.status.value == "unknown":
                timeouts[name].append(index)
            worst[name].append((spent, index))
    print(f"{boards} near-empty boards with extra houses up to 9x9 (soak seed {args.seed}; "
          f"{sudoku_cp.__file__})")
    for name in names:
        top = ", ".join(f"{spent:.2f} (case {index})"
                        for spent, index in sorted(worst[name], reverse=True)[:3])
        print(f"{name}: {len(timeouts[name])} time-outs at {args.time_limit:g} s "
              f"{timeouts[name][:10]}; slowest, CPU s: {top}; "
              f"{total[name]:.1f} CPU s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
