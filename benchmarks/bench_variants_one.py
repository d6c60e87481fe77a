"""Time the variant paradigms on a few shared puzzles, named by id: for one slow puzzle at a time.

    python3 benchmarks/bench_variants_one.py iss-examples-18,iss-examples-35 --data ../shared/data
    python3 benchmarks/bench_variants_one.py all --shuffle 1 --paradigms sat --data ../shared/data

    python3 benchmarks/bench_variants_one.py all --data ../shared/data --paradigms witness

For each puzzle (looked up by ``id`` in ``variants/*.jsonl``) and each paradigm asked for
(default: all three), one ``solve(puzzle, limit=...)`` with the time limit; prints the
wall time and the CPU time of this process (all its threads: CP-SAT's workers count),
whether the answer is *unique with the stated solution*, the status and the paradigm's
counters (nodes, conflicts, ...). Paradigms are warmed up on a 4x4 first. ``all`` names
every puzzle of the sets (in file order, or shuffled by ``--shuffle SEED``: a paradigm
that keeps state between puzzles, as ``sat``'s live solver does, meets them in another
order); the last lines give each paradigm's total CPU time and nodes over the puzzles
it answered.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzle_lines import variant_records  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.model import VariantPuzzle  # noqa: E402
from sudoku_cp.variants.crosscheck import DEFAULT_PARADIGMS  # noqa: E402
from sudoku_cp.variants.paradigms import UnsupportedConstraint, get_paradigm  # noqa: E402
from sudoku_cp.variants.rules import is_solution  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ids", help="puzzle ids, comma-separated (e.g. iss-examples-18), or all")
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--paradigms", default=",".join(DEFAULT_PARADIGMS),
                    help="comma-separated (default: those of the default check; mip on request)")
    ap.add_argument("--time-limit", type=float, default=30.0, help="seconds per solve")
    ap.add_argument("--limit", type=int, default=2, help="solutions to look for (2: uniqueness)")
    ap.add_argument("--shuffle", type=int, metavar="SEED", help="run the puzzles in a shuffled order")
    args = ap.parse_args(argv)
    records = variant_records(args.data)
    wanted = list(records) if args.ids == "all" else [i for i in args.ids.split(",") if i]
    if args.shuffle is not None:
        random.Random(args.shuffle).shuffle(wanted)
    missing = [i for i in wanted if i not in records]
    if missing:
        ap.error(f"no puzzle with id {missing[0]} under {args.data}/variants")
    solvers = {name: get_paradigm(name) for name in args.paradigms.split(",") if name}
    tiny = VariantPuzzle(4, givens=((0, 1), (5, 3)))
    for solve in solvers.values():
        solve(tiny, limit=2)
    totals = {name: [0.0, 0, 0] for name in solvers}  # CPU s, nodes, puzzles
    for ident in wanted:
        entry = read_entry(records[ident])
        if entry.error:
            if args.ids != "all":
                print(f"{ident}: {entry.error}")
            continue
        for name, solve in solvers.items():
            start, cpu = time.perf_counter(), time.process_time()
            try:
                result = solve(entry.puzzle, limit=args.limit, time_limit=args.time_limit)
            except UnsupportedConstraint as exc:
                print(f"{ident:36} {name:8} declined: {exc}")
                continue
            took, cpu = time.perf_counter() - start, time.process_time() - cpu
            right = (result.exhausted and len(result.solutions) == 1
                     and tuple(result.solutions[0]) == entry.expected
                     and is_solution(entry.puzzle, result.solutions[0]))
            counters = {k: v for k, v in result.stats.items() if isinstance(v, int)}
            totals[name][0] += cpu
            totals[name][1] += counters.get("nodes", 0)
            totals[name][2] += 1
            print(f"{ident:36} {name:8} {took * 1000:10.1f} ms  cpu {cpu * 1000:10.1f} ms  unique-and-stated={right}  "
                  f"status={result.status}  {counters}", flush=True)
    for name, (cpu, nodes, count) in totals.items():
        print(f"total {name:8} cpu {cpu * 1000:10.1f} ms  nodes {nodes}  puzzles {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
