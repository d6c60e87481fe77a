"""``fast`` for variants over a set of puzzles in order, in one fresh process: per puzzle
its wall and CPU time, status, nodes, or the type it declines.

It shows what a worker pays as it meets each family for the first time: the first puzzle
carries numba's first load in the process (its target context, then the cached search);
a later puzzle that costs far more than its nodes would be a lazy load or compile of its
family (none is left: one compiled search serves every family).

    python3 benchmarks/bench_variants_in_order.py [../shared/data/variants/iss.jsonl] [--time-limit 10] [ID ...]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(ROOT.parent / "shared" / "data" / "variants"
                                                   / "iss.jsonl"))
    ap.add_argument("ids", nargs="*", help="only these ids")
    ap.add_argument("--time-limit", type=float, default=10.0)
    args = ap.parse_args(argv)

    from sudoku_cp.variants.fastvar import engine
    from sudoku_cp.variants.fpuzzles import parse_fpuzzles
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import UnsupportedConstraint
    from sudoku_cp.variants.rules import check_solution

    start = time.perf_counter()
    for line in Path(args.file).read_text().splitlines():
        rec = json.loads(line)
        if args.ids and rec["id"] not in args.ids:
            continue
        puzzle = (parse_iss if rec["format"] == "iss" else parse_fpuzzles)(rec["puzzle"])
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            r = engine.solve(puzzle, limit=2, time_limit=args.time_limit)
        except UnsupportedConstraint as exc:
            print(f"{rec['id']:18s} declined: {exc}")
            continue
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        held = all(not check_solution(puzzle, s) for s in r.solutions)
        print(f"{rec['id']:18s} {wall * 1000:9.1f} ms  cpu {cpu * 1000:9.1f} ms  {r.status:8s} "
              f"solutions {len(r.solutions)}  nodes {r.stats['nodes']:7d}  checker "
              f"{'ok' if held else 'REFUSES'}", flush=True)
    print(f"total {time.perf_counter() - start:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
