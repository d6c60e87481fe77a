"""Where the ``sat`` paradigm's time goes on a few variant puzzles: encoding, search, the rest.

    python3 benchmarks/bench_variants_phases.py iss-examples-10,iss-examples-43 --data ../shared/data
    python3 benchmarks/bench_variants_phases.py iss-examples-10 --data ../shared/data --profile 15

What a benchmark or ``sudoku-cp check`` times is one ``solve(puzzle, limit=2)``; this
splits that one call, in CPU time of the process, by wrapping two of the paradigm's own
functions while it runs: *encode* (``encode_own``: the puzzle's own clauses, built in
Python), *search* (``_enumerate``: the solver's calls, blocking each solution found),
and *rest* (the rest of the call: finding the shape's live solver, loading the clauses
into it, reading the solution back). The shape's classic clauses are built and loaded
once, before the puzzles, by solving ``--warm`` first (``iss-examples-0``, a 9x9 classic),
as a batch or a benchmark run meets them. Each puzzle is solved ``--reps`` times: the
first is its first meeting in the process (nothing of its encoding planned yet), as a
single ``check`` pays it; the later ones reuse what the first planned. ``--profile N``
also prints the N functions with the most own time under cProfile, for the first solve.
The wrapped names are those of the project's tree before and after the sixth round of
docs/variants_speed.md, so the same script times both.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzle_lines import variant_records  # noqa: E402
from sudoku_cp.variants import sat  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.rules import is_solution  # noqa: E402


def _timed(name, spent, fn):
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[name] += time.process_time() - start
    return wrapper


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ids", help="puzzle ids, comma-separated")
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--reps", type=int, default=2, help="solves per puzzle (default 2)")
    ap.add_argument("--warm", default="iss-examples-0", help="a puzzle solved first (its shape)")
    ap.add_argument("--profile", type=int, default=0, metavar="N")
    args = ap.parse_args(argv)
    records = variant_records(args.data)
    spent = {"encode": 0.0, "search": 0.0}
    sat.encode_own = _timed("encode", spent, sat.encode_own)
    sat._enumerate = _timed("search", spent, sat._enumerate)
    sat.solve(read_entry(records[args.warm]).puzzle, limit=2)
    for ident in args.ids.split(","):
        entry = read_entry(records[ident])
        for rep in range(args.reps):
            spent.update(encode=0.0, search=0.0)
            profile = cProfile.Profile() if args.profile and rep == 0 else None
            start = time.process_time()
            if profile:
                profile.enable()
            result = sat.solve(entry.puzzle, limit=2, time_limit=120)
            if profile:
                profile.disable()
            total = time.process_time() - start
            right = (result.exhausted and len(result.solutions) == 1
                     and tuple(result.solutions[0]) == entry.expected
                     and is_solution(entry.puzzle, result.solutions[0]))
            rest = total - spent["encode"] - spent["search"]
            print(f"{ident:30} solve {rep + 1}: total {total * 1e3:6.2f} ms CPU  encode "
                  f"{spent['encode'] * 1e3:6.2f}  search {spent['search'] * 1e3:6.2f}  rest "
                  f"{rest * 1e3:6.2f}  clauses {result.stats.get('clauses')}  conflicts "
                  f"{result.stats.get('conflicts')}  unique-and-stated={right}", flush=True)
            if profile:
                pstats.Stats(profile).sort_stats("tottime").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
