"""The ``sat`` paradigm on a few variant puzzles under each value of one encoding setting, in turn.

    python3 benchmarks/bench_variants_setting.py iss-examples-25,iss-examples-11 --setting encode_cnf_sums.SET_SUMS=False,True --data ../shared/data
    python3 benchmarks/bench_variants_setting.py iss-examples-10 --setting encode_cnf.CNF.sums="'full','lean'" --data ../shared/data

``--setting MODULE.NAME=V1,V2,...`` names a module-level constant (or a class attribute,
``MODULE.CLASS.NAME``) of ``sudoku_cp.variants`` and the Python values to give it. Each
puzzle is solved ``--reps`` times under each value in turn, in one process, after a 9x9
classic has built the shape's live solver; the encoders' planning caches are emptied
before every solve, so each pays its planning as a first meeting does. Printed: per
puzzle and value, the CPU ms and the conflicts of each solve, every answer checked
(unique, the stated solution). The live solver carries each solve's state into the next,
so a value's figures move with the order; compare medians over several repetitions.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzle_lines import variant_records  # noqa: E402
from sudoku_cp.variants import encode_cnf_base, encode_cnf_sums, sat  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.rules import is_solution  # noqa: E402

CACHES = ("_sum_plan", "_relation_plan", "_set_sum_plan", "_cage_sets", "_at_most_one_plan")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ids", help="puzzle ids, comma-separated")
    ap.add_argument("--setting", required=True, help="MODULE.NAME=V1,V2,... (Python values)")
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args(argv)
    where, _, values = args.setting.partition("=")
    module, *attrs = where.split(".")
    owner = importlib.import_module(f"sudoku_cp.variants.{module}")
    for attr in attrs[:-1]:
        owner = getattr(owner, attr)
    if not hasattr(owner, attrs[-1]):  # (a setting moved to another module would do nothing)
        print(f"no setting {where} (encode_cnf's sums live in encode_cnf_sums, its machinery "
              f"in encode_cnf_base)")
        return 2
    values = ast.literal_eval(f"({values},)")
    records = variant_records(args.data)
    sat.solve(read_entry(records["iss-examples-0"]).puzzle, limit=2)
    for ident in args.ids.split(","):
        entry = read_entry(records[ident])
        runs = {v: [] for v in values}
        for _ in range(args.reps):
            for v in values:
                setattr(owner, attrs[-1], v)
                for name in CACHES:
                    for home in (encode_cnf_base, encode_cnf_sums):
                        cached = getattr(home, name, None)
                        if cached is not None:
                            cached.cache_clear()
                start = time.process_time()
                r = sat.solve(entry.puzzle, limit=2, time_limit=120)
                took = time.process_time() - start
                if not (r.exhausted and len(r.solutions) == 1
                        and tuple(r.solutions[0]) == entry.expected
                        and is_solution(entry.puzzle, r.solutions[0])):
                    print(f"{ident}: not unique with the stated solution under {v!r}")
                    return 1
                runs[v].append(f"{took * 1e3:6.1f} ms/{r.stats.get('conflicts')}")
        for v, xs in runs.items():
            print(f"{ident:34} {v!r:10} " + "  ".join(xs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
