"""Benchmark the compiled dig (issue 24): time and work per removal order, and the orders per grid.

    python3 benchmarks/bench_dig.py                              # rot180, 300 grids x 8 orders
    python3 benchmarks/bench_dig.py --symmetry none --orders 1   # the plain minimal dig
    python3 benchmarks/bench_dig.py --witnesses 0,1024           # kept witnesses off / on
    python3 benchmarks/bench_dig.py --digs 8,64 --count 200      # orders per grid, whole puzzles
    python3 benchmarks/bench_dig.py --sat sat,sat:glucose4       # the SAT verifier's solver

Reports, per CPU second (``time.process_time``; the machine is shared), median of
``--rounds`` interleaved rounds in one process:

1. the compiled dig (``fast.dig_orders`` with the minimality question asked, as the
   generator asks it for ``--minimal --symmetry S``), per removal order: microseconds,
   searches, cells read off as forced, searches that found nothing and searches that
   found a witness with their nodes (the root and each guess), removals refused by a
   kept witness; for each capacity of the witness store in ``--witnesses``, on the same
   grids and orders;
2. with ``--digs``: ``generate(count, minimal=True, symmetry=S)`` (verified as by
   default) per CPU second for each value of ``generate.DIGS_PER_GRID``;
3. with ``--sat``: microseconds per puzzle of each SAT spec's ``confirm_many`` (the
   generator's second verifier) on ``3 * count`` plain minimal 9x9 puzzles.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.board import geometry  # noqa: E402

gen = importlib.import_module("sudoku_cp.generate")  # the module (the package names a function so)


def per_order(symmetry: str, grids: int, orders: int, capacities: list[int], rounds: int,
              seed: int) -> None:
    from sudoku_cp.backends.fast import backend as fast

    g = geometry(3, 3)
    orbits = gen._orbits(g, symmetry)
    rng = random.Random(seed)
    jobs = [(gen.full_grid((3, 3), rng), [gen.shuffled(len(orbits), rng) for _ in range(orders)])
            for _ in range(grids)]
    fast.dig_orders(jobs[0][0], g, orbits, jobs[0][1], minimal=True)  # compiled code loaded
    scratch = fast._reused_scratch(fast.tables(g))
    times: dict[int, list[float]] = {c: [] for c in capacities}
    work: dict[int, list[int]] = {}
    answers: dict[int, list] = {}
    for _ in range(rounds):
        for capacity in capacities:
            fast.DIG_WITNESSES = capacity
            scratch.aux = None  # made again with this capacity
            totals = [0] * 11
            dug = 0
            got = []
            start = time.process_time()
            for grid, numbers in jobs:
                result = fast.dig_orders(grid, g, orbits, numbers, minimal=True)
                totals = [a + b for a, b in zip(totals, scratch.dig_result.tolist())]
                dug += result[3] + 1
                got.append(result)
            times[capacity].append((time.process_time() - start) / dug * 1e6)
            work[capacity] = totals + [dug]
            answers[capacity] = got
    print(f"## the compiled dig, 9x9 {symmetry}: {grids} grids, up to {orders} orders each, "
          f"minimality asked ({rounds} interleaved rounds, seed {seed})")
    for capacity in capacities:
        t = work[capacity]
        dug = t[-1]
        same = "same puzzles" if answers[capacity] == answers[capacities[0]] else "OTHER PUZZLES"
        print(f"witnesses kept {capacity:5}: {statistics.median(times[capacity]):6.1f} us per "
              f"order (CPU, median; {', '.join(f'{x:.1f}' for x in times[capacity])}); per "
              f"order: {t[1] / dug:.1f} searches, {t[4] / dug:.1f} cells forced, "
              f"{t[8] / dug:.1f} found nothing ({t[6] / max(t[8], 1):.2f} nodes), "
              f"{t[9] / dug:.1f} found a witness ({t[7] / max(t[9], 1):.2f} nodes), "
              f"{t[10] / dug:.1f} refused by a kept witness; {dug} orders; {same}")
    print()


def per_puzzle(symmetry: str, count: int, digs: list[int], rounds: int, seed: int) -> None:
    list(gen.generate(2, minimal=True, symmetry=symmetry, seed=0))  # start-up, not timed
    rates: dict[int, list[float]] = {d: [] for d in digs}
    for r in range(rounds):
        for d in digs:
            gen.DIGS_PER_GRID = d
            start = time.process_time()
            made = list(gen.generate(count, minimal=True, symmetry=symmetry, seed=seed + r))
            assert all(p.minimal and not p.missed for p in made)
            rates[d].append(count / (time.process_time() - start))
    print(f"## generate({count}, minimal=True, symmetry={symmetry!r}), verified, per CPU "
          f"second, by DIGS_PER_GRID ({rounds} interleaved rounds, seeds {seed}..)")
    for d in digs:
        print(f"{d:4} orders per grid: {statistics.median(rates[d]):7.1f} "
              f"({', '.join(f'{x:.1f}' for x in rates[d])})")
    print()


def per_confirmation(specs: list[str], count: int, rounds: int, seed: int) -> None:
    from sudoku_cp.backends import get_backend

    made = list(gen.generate(count, minimal=True, seed=seed, verify=False))
    boards, grids = [p.board for p in made], [p.solution for p in made]
    backends = {spec: get_backend(spec) for spec in specs}
    for backend in backends.values():
        backend.confirm_many(boards[:2], grids[:2])  # the solver is loaded: not timed
    times: dict[str, list[float]] = {spec: [] for spec in specs}
    for _ in range(rounds):
        for spec, backend in backends.items():
            start = time.process_time()
            assert all(backend.confirm_many(boards, grids))
            times[spec].append((time.process_time() - start) / len(boards) * 1e6)
    print(f"## confirm_many on {len(boards)} plain minimal 9x9 puzzles, CPU us a puzzle "
          f"({rounds} interleaved rounds)")
    for spec in specs:
        print(f"{spec:16} {statistics.median(times[spec]):6.1f} "
              f"({', '.join(f'{x:.1f}' for x in times[spec])})")
    print()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--symmetry", default="rot180", help="none or a symmetry (default rot180)")
    p.add_argument("--grids", type=int, default=300, help="grids for the dig section (300)")
    p.add_argument("--orders", type=int, default=8, help="orders per grid there (8)")
    p.add_argument("--witnesses", default="1024",
                   help="capacities of the witness store to compare, e.g. 0,1024 (1024)")
    p.add_argument("--digs", default="", help="DIGS_PER_GRID values to compare, e.g. 8,64")
    p.add_argument("--count", type=int, default=200, help="puzzles per --digs round (200)")
    p.add_argument("--sat", default="", help="SAT specs to compare as verifiers, e.g. "
                   "sat,sat:glucose4")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seed", type=int, default=2024)
    args = p.parse_args(argv)
    if args.symmetry not in gen.SYMMETRIES:
        p.error(f"unknown symmetry {args.symmetry!r}; choose from: {', '.join(gen.SYMMETRIES)}")
    try:
        capacities = [int(c) for c in args.witnesses.split(",") if c]
        digs = [int(d) for d in args.digs.split(",") if d]
    except ValueError:
        p.error("--witnesses and --digs take integers separated by commas")
    per_order(args.symmetry, args.grids, args.orders, capacities, args.rounds, args.seed)
    if digs:
        per_puzzle(args.symmetry, args.count, digs, args.rounds, args.seed)
    if args.sat:
        per_confirmation([s for s in args.sat.split(",") if s], 3 * args.count, args.rounds,
                         args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
