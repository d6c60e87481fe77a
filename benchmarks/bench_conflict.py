"""Naming what cannot hold together: ``variants.conflict`` on drafts with no solution.

    python3 benchmarks/bench_conflict.py --data ../shared/data            # every shared puzzle
    python3 benchmarks/bench_conflict.py --data ../shared/data --limit 10 --seed 2

A setter's draft goes wrong by one clue. For each unique shared variant puzzle
(``data/variants/*.jsonl``, read by the project) one mistake is made: a wrong given in an
empty cell (a value the solution does not put there), kept when ``sat`` then finds no
solution at all (else the seed's next cell is tried, up to ``TRIES``). ``conflict`` then
names the set of givens and constraints that cannot hold together. Printed per puzzle:
the items in the set, whether it is minimal, the solver calls and the seconds; then the
median and the largest time, which the setter's page adds to a "no solution" verdict (it
gives the search at most 3 s). Every set found is checked: ``cpsat`` finds no solution of
the set alone.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: Wrong givens tried per puzzle before it is left out (a wrong given may leave solutions).
TRIES = 12


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--limit", type=int, default=0, help="at most this many puzzles (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=10.0, help="per search, seconds")
    args = ap.parse_args(argv)

    from sudoku_cp.variants.conflict import conflict, sub_puzzle
    from sudoku_cp.variants.formats import read_entry
    from sudoku_cp.variants.paradigms import solve

    rng = random.Random(args.seed)
    rows, skipped = [], 0
    files = sorted(Path(args.data, "variants").glob("*.jsonl"))
    records = [json.loads(line) for f in files for line in f.read_text().splitlines() if line.strip()]
    for rec in records:
        if args.limit and len(rows) >= args.limit:
            break
        entry = read_entry(rec["puzzle"])
        cells = rec.get("cells")
        if entry.error or not cells:
            skipped += 1
            continue
        p = entry.puzzle
        given = {c for c, _ in p.givens}
        empty = [c for c in range(p.num_cells) if c not in given]
        broken = None
        for cell in rng.sample(empty, min(TRIES, len(empty))):
            wrong = rng.choice([v for v in p.value_range if v != cells[cell]])
            q = dataclasses.replace(p, givens=p.givens + ((cell, wrong),))
            r = solve(q, "sat", limit=1, time_limit=args.time_limit)
            if r.exhausted and r.count == 0:
                broken = q
                break
        if broken is None:
            skipped += 1
            continue
        began = time.perf_counter()
        found = conflict(broken, names=entry.names, time_limit=args.time_limit)
        took = time.perf_counter() - began
        if found is None:
            print(f"{rec['id']}: not settled within {args.time_limit} s")
            continue
        alone = solve(sub_puzzle(broken, found.items), "cpsat", limit=1,
                      time_limit=args.time_limit)
        ok = alone.exhausted and alone.count == 0
        rows.append((rec["id"], len(broken.givens) + len(broken.constraints), len(found.items),
                     found.minimal, found.calls, took, ok))
        print(f"{rec['id']:<40} items {rows[-1][1]:>3}  conflict {len(found.items):>2}  "
              f"{'minimal' if found.minimal else 'not minimal':<11}  calls {found.calls:>3}  "
              f"{took * 1000:8.1f} ms  {'cpsat agrees' if ok else 'CPSAT FINDS A SOLUTION'}")
    if not rows:
        print("no puzzle to break")
        return 1
    times = [r[5] for r in rows]
    print(f"\n{len(rows)} drafts with one wrong given ({skipped} puzzles left out: refused, no "
          f"stated solution, or no wrong given left them without a solution); conflict sizes "
          f"median {statistics.median(r[2] for r in rows):.0f}, max {max(r[2] for r in rows)}; "
          f"minimal {sum(r[3] for r in rows)}/{len(rows)}; time median "
          f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; "
          f"checked by cpsat: {sum(r[6] for r in rows)}/{len(rows)}")
    return 0 if all(r[6] for r in rows) else 3


if __name__ == "__main__":
    sys.exit(main())
