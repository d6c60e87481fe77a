"""Houses-only puzzles by both engines of ``fast``: the classic solver and ``fastvar``.

    ISS=/work/peers/iss PYTHONPATH=$PWD python3 benchmarks/bench_houses_route.py \\
        "iss-examples-59|16x16: Windoku|iss-examples-48" --drop 0.1

For each puzzle named (an id of the shared sets or of ISS's checkout, or its tail after
``:``), and for ``--trials`` copies of it with a share ``--drop`` of its givens left out
(seeded), the CPU time (best of ``--best``) and nodes of each engine, then each one's
geomean over the copies: where ``variants.fast.CROSSING_SIZE`` comes from
(docs/variants_speed.md, "Twenty-third round — nodes3"). ``--drop 0`` times the puzzle
itself, ``--trials`` times over.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parent / "peers")]

import bench_variants_fast as b  # noqa: E402

from sudoku_cp.variants import fast  # noqa: E402
from sudoku_cp.variants.fastvar.engine import solve as solve_variant  # noqa: E402


def classic(puzzle, **kw):
    """The classic solver, whatever ``fast.solve`` would choose (no size sends it on)."""
    keep = fast.CROSSING_SIZE
    fast.CROSSING_SIZE = fast.CROSSING_MAX + 1
    try:
        return fast.solve(puzzle, **kw)
    finally:
        fast.CROSSING_SIZE = keep


def _best(solve, puzzle, best):
    times = []
    for _ in range(best):
        start = time.process_time()
        r = solve(puzzle, limit=2, time_limit=5)
        times.append(time.process_time() - start)
    return min(times) * 1000, r


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", help="puzzle ids (or their tails) separated by |")
    ap.add_argument("--drop", type=float, default=0.1)
    ap.add_argument("--trials", type=int, default=8)
    ap.add_argument("--best", type=int, default=3)
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--data", default="/work/shared/data")
    args = ap.parse_args()
    data = b.data_folder(args.data)
    records = [json.loads(line) for name in ("iss", "fpuzzles")
               for line in (data / "variants" / f"{name}.jsonl").read_text().splitlines()]
    if os.environ.get("ISS"):
        records += b.checkout_records(os.environ["ISS"], {r["puzzle"].strip() for r in records})
    rng = random.Random(args.seed)
    for name in args.names.split("|"):
        rec = next(r for r in records if r["id"] == name or r["id"].endswith(":" + name))
        whole = b.parse(rec)
        fast.solve(whole)
        solve_variant(whole)  # (both warm on its geometry)
        logs = [0.0, 0.0]
        for _ in range(args.trials):
            givens = tuple(g for g in whole.givens if rng.random() >= args.drop)
            puzzle = dataclasses.replace(whole, givens=givens)
            (tc, rc), (tv, rv) = (_best(classic, puzzle, args.best),
                                  _best(solve_variant, puzzle, args.best))
            logs[0] += math.log(tc)
            logs[1] += math.log(tv)
            print(f"  {name[:30]:30} {len(givens):3} givens  classic {tc:8.2f} ms "
                  f"{rc.stats.get('nodes')!s:>7} nodes  fastvar {tv:8.2f} ms "
                  f"{rv.stats.get('nodes')!s:>7} nodes")
        print(f"{name}: geomean classic {math.exp(logs[0] / args.trials):.2f} ms, "
              f"fastvar {math.exp(logs[1] / args.trials):.2f} ms")


if __name__ == "__main__":
    main()
