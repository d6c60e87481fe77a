"""Where time and memory go on a large board: one uniqueness check per backend.

Makes one puzzle (``--box 6x6``: 36x36, ``--density 0.5``: half the cells given, from a
random full grid, seed ``--seed``) and checks it with each backend spec (``limit=2``)
in a fresh process, so that each figure includes loading the formula or model and the
peak memory (``ru_maxrss`` of that process) is the backend's own. On a shared machine
the process CPU seconds (Python start-up and imports included) are the fairer figure. For the SAT specs
the encoding alone is timed as well (clause count, seconds, peak memory).

    nice -n 10 python3 benchmarks/bench_large.py --box 6x6 --time-limit 300
    nice -n 10 python3 benchmarks/bench_large.py --box 5x5 --specs sat:amo=pairwise,sat:amo=sequential
    python3 benchmarks/bench_large.py --box 6x6 --specs '' --write /tmp/p36.txt
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SPECS = "sat:amo=pairwise,sat:amo=sequential,cpsat,backtrack"

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
from sudoku_cp.board import Board
args = json.loads(sys.argv[1])
board = Board.from_values(args["givens"], tuple(args["box"]))
out = {{}}
if args["what"] == "encode":
    from sudoku_cp.encode.cnf import encode
    start = time.perf_counter()
    enc = encode(board.geometry, "extended", args["amo"])
    out = {{"clauses": len(enc.cnf.clauses), "variables": enc.pool.top,
            "seconds": time.perf_counter() - start}}
else:
    from sudoku_cp.backends import solve
    from sudoku_cp.check import is_solution
    from sudoku_cp.crosscheck import claim
    start = time.perf_counter()
    result = solve(board, args["what"], limit=2, time_limit=args["time_limit"])
    out = {{"seconds": time.perf_counter() - start, "claim": claim(result),
            "valid": all(is_solution(board, s) for s in result.solutions)}}
usage = resource.getrusage(resource.RUSAGE_SELF)
out["peak_mb"] = usage.ru_maxrss / 1024
out["cpu"] = usage.ru_utime + usage.ru_stime
print(json.dumps(out))
"""


def puzzle(box: tuple[int, int], density: float, seed: int) -> list[int]:
    from sudoku_cp.generate import full_grid

    rng = random.Random(seed)
    grid = full_grid(box, rng)
    return [v if rng.random() < density else 0 for v in grid]


def run(what: str, givens, box, time_limit, amo="pairwise") -> dict:
    args = json.dumps({"what": what, "givens": givens, "box": box, "time_limit": time_limit,
                       "amo": amo})
    proc = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT)), args],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1:]}
    return json.loads(proc.stdout)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--box", default="6x6")
    p.add_argument("--density", type=float, default=0.5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--time-limit", type=float, default=300.0)
    p.add_argument("--specs", default=SPECS, help="backend specs to time; '' for none")
    p.add_argument("--write", metavar="FILE",
                   help="also write the puzzle to FILE, one line (for `sudoku-cp check FILE`)")
    args = p.parse_args(argv)
    from sudoku_cp.board import Board
    from sudoku_cp.encode.reduced import reduce_board

    box = tuple(int(x) for x in args.box.split("x"))
    givens = puzzle(box, args.density, args.seed)
    n = box[0] * box[1]
    if args.write:
        Path(args.write).write_text(Board.from_values(givens, box).to_text() + "\n")
    print(f"{n}x{n}, {sum(1 for v in givens if v)} givens of {n * n} (seed {args.seed}), "
          f"time limit {args.time_limit:g} s per backend")
    red = reduce_board(Board.from_values(givens, box))
    print(f"  reduced formula (sat above 16x16): {red.nv:,} candidate variables "
          f"(of {n ** 3:,}), {red.top - red.nv:,} auxiliary, {len(red.clauses):,} clauses; "
          f"{red.settled_by_singles} cells settled by singles")
    for spec in filter(None, args.specs.split(",")):
        if spec.startswith("sat:amo="):
            amo = spec.split("=", 1)[1]
            r = run("encode", givens, box, None, amo)
            print(f"  encode extended/{amo}: {r.get('clauses', 0):,} clauses, "
                  f"{r.get('seconds', 0):.1f} s, process CPU {r.get('cpu', 0):.1f} s, "
                  f"peak {r.get('peak_mb', 0):.0f} MB {r.get('error', '')}", flush=True)
        r = run(spec, givens, box, args.time_limit)
        print(f"  {spec:22} {r.get('claim', '-'):8} {r.get('seconds', 0):7.1f} s wall  "
              f"{r.get('cpu', 0):7.1f} s CPU (process)  peak {r.get('peak_mb', 0):6.0f} MB  "
              f"{r.get('error', '')}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
