"""Controlled-bias generation: tries and minimal puzzles per CPU second, and what 10,000 cost.

    python3 benchmarks/bench_cbias.py [--chunks 20] [--seed 1] [--tries-per-grid 10000]
                                      [--sets 1024] [--workers N [--engine local|dask]]

Runs CHUNKS chunks of ``cbias.CHUNK_TRIES`` 9x9 tries (chunk i seeded from (SEED, i), as
``generate --method controlled-bias`` does) and prints the tries per CPU second of the
chunks (process time, summed over workers; the machine may be shared), the searches per
try, the minimal puzzles found, and the CPU hours 10,000 puzzles take at Berthier's rate
of one minimal puzzle per 254,000 tries (his collections 000 and 001: 43,070 puzzles
from 10,944,645,909 tries, the count each line of his files carries). The puzzles found
in a short run are too few to measure that rate itself. ``--workers`` runs the chunks on
the batch engine and adds the wall-clock rate.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's sudoku_cp

#: Berthier's tries per minimal puzzle (collections 000 and 001 of his repository).
BERTHIER_TRIES_PER_PUZZLE = 10_944_645_909 / 43_070


def main() -> int:
    from sudoku_cp.research import cbias

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries-per-grid", type=int, default=cbias.TRIES_PER_GRID)
    parser.add_argument("--sets", type=int, default=cbias.SETS_PER_GRID,
                        help="unavoidable sets kept per grid (0: every check searches)")
    parser.add_argument("--workers", type=int)
    parser.add_argument("--engine", choices=("local", "dask"), default="local")
    args = parser.parse_args()
    grids = cbias.CHUNK_TRIES // args.tries_per_grid
    job = ((3, 3), args.seed, grids, args.tries_per_grid, 32, None, args.sets)
    cbias.run_chunk(*job[:2], 10 ** 6, 1, 1, 32)  # numba's start-up, outside the figures
    start = perf_counter()
    parts = []
    if args.workers:
        from sudoku_cp.batch import DaskEngine, LocalEngine

        engine = (DaskEngine(args.workers, None) if args.engine == "dask"
                  else LocalEngine(args.workers))
        with engine:
            for index in range(args.chunks):
                engine.submit_call(cbias.run_chunk, job[0], job[1], index, *job[2:])
            while engine.in_flight:
                parts.extend(engine.finished())
    else:
        parts = [cbias.run_chunk(job[0], job[1], index, *job[2:]) for index in range(args.chunks)]
    wall = perf_counter() - start
    tries = sum(p.tries for p in parts)
    cpu = sum(p.cpu_s for p in parts)
    searches = sum(p.searches for p in parts)
    skipped = sum(p.skipped for p in parts)
    found = sum(len(p.puzzles) for p in parts)
    rate = tries / cpu
    hours = 10_000 * BERTHIER_TRIES_PER_PUZZLE / rate / 3600
    print(f"{tries:,} tries in {cpu:.1f} CPU s: {rate:,.0f} tries per CPU second "
          f"({args.tries_per_grid:,} tries per grid, {args.sets} sets kept)")
    print(f"checks {searches + skipped:,}: {searches:,} searched ({searches / tries:.3f} per "
          f"try), {skipped:,} answered by a known unavoidable set")
    print(f"{found} minimal puzzles (one per {tries / found:,.0f} tries)" if found
          else "no minimal puzzle in this run")
    print(f"at one puzzle per {BERTHIER_TRIES_PER_PUZZLE:,.0f} tries (Berthier): "
          f"{rate / BERTHIER_TRIES_PER_PUZZLE:.2f} puzzles per CPU second, 10,000 puzzles "
          f"in {hours:.2f} CPU hours")
    if args.workers:
        print(f"wall: {wall:.1f} s, {tries / wall:,.0f} tries/s on {args.workers} "
              f"{args.engine} workers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
