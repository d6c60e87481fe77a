"""Does ``--time-limit T`` hold? Every variant paradigm alone on every puzzle, timed from outside.

    python3 benchmarks/bench_variants_time_limit.py --data ../shared/data --time-limit 10
    python3 benchmarks/bench_variants_time_limit.py --time-limit 2 --paradigms sat --match pill

Each puzzle of ``DATA/variants/*.jsonl`` that the project reads (a refused one is
skipped), and the constructed long pill arrows below (``--no-constructed`` leaves them
out), is solved by each paradigm alone (``limit=2``, a uniqueness check, as ``check``
asks it) with the time limit, one after another on this thread. A paradigm that
declines the puzzle (``fast`` on anything but houses, ``mip`` on some types) is counted
apart. The wall time is taken around the call, encoding included; the bound is
``max(1.1 T, T + 0.5 s)`` (issue 35). Prints, per paradigm: puzzles run, declined,
stopped by the limit, the largest wall time, how many exceeded the bound, and the worst
puzzles with their status. Each paradigm is warmed up on a 4x4 first (its imports are
not the puzzle's). ``--check`` also times the default cross-check of each puzzle
(sat, cpsat and fast in turn, the witness beside them), whose bound is the per-paradigm
bound times the paradigms it runs in turn. The exit code is 1 when some time exceeded
its bound.

The constructed puzzles stand in for the long pill arrows on which issue 35 measured sat
(27.9 s under a 10 s limit; those puzzles are not among the shared ones): one pill arrow whose three-digit pill starts a shaft through every other cell, with no
givens (many solutions; cpsat and sat alike need long to find one) and with 23 givens
(unique: pill 387), two pills of three digits with shafts of 35 cells, and the
78-cell shaft in an order where no two cells in a row share a house (no line a setter
would draw, but it keeps sat's sum cell by cell: seconds of encoding to bound).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzle_lines import variant_records  # noqa: E402
from sudoku_cp.errors import MissingDependencyError  # noqa: E402
from sudoku_cp.variants.crosscheck import crosscheck  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.model import VariantPuzzle  # noqa: E402
from sudoku_cp.variants.paradigms import ALL_PARADIGMS, UnsupportedConstraint, get_paradigm  # noqa: E402


def bound(t: float) -> float:
    """The most a call with time limit ``t`` may take (issue 35)."""
    return max(1.1 * t, t + 0.5)


def _snake(rows=range(9)):
    """R1C1 ... R1C9, R2C9 ... R2C1, R3C1 ...: a path through the rows ``rows``."""
    path = []
    for r in rows:
        cols = range(9) if r % 2 == 0 else range(8, -1, -1)
        path += [f"R{r + 1}C{c + 1}" for c in cols]
    return path


#: The 23 givens that make the 78-cell pill arrow unique (solution
#: 387456912452193876196872345639541728724638591518927634941385267265719483873264159).
_GIVENS_78 = ("R5C9_1 R4C4_5 R5C1_7 R3C2_9 R7C8_6 R5C5_3 R9C5_6 R9C9_9 R6C8_3 R3C4_8 "
              "R6C3_8 R2C8_7 R5C3_4 R2C2_5 R5C7_5 R8C6_9 R2C1_4 R8C7_4 R3C6_2 R7C3_1 "
              "R1C6_6 R7C5_8 R8C9_3").split()


def constructed() -> dict[str, str]:
    """The long pill arrows, as ISS strings by id."""
    long = ".PillArrow~3~" + "~".join(_snake())
    top, bottom = _snake(range(4)) + ["R5C1", "R5C2"], _snake(range(5, 9))[::-1] + ["R5C9", "R5C8"]
    return {
        "constructed-pill3-shaft78": long,
        "constructed-pill3-shaft78-unique": long + "." + "".join(f"~{g}" for g in _GIVENS_78),
        "constructed-two-pills3-shaft35": (".PillArrow~3~" + "~".join(top) +
                                           ".PillArrow~3~" + "~".join(bottom)),
        "constructed-pill3-shaft78-scattered": ".PillArrow~3~" + "~".join(
            f"R{i % 9 + 1}C{(i // 9 + 3 * (i % 9)) % 9 + 1}" for i in range(81)),
    }


def available(names) -> dict:
    """The paradigms asked for that run here, each warmed up on a 4x4."""
    tiny = VariantPuzzle(4, givens=((0, 1), (5, 3)))
    ready = {}
    for name in names:
        try:
            solve = get_paradigm(name)
            solve(tiny, limit=2, time_limit=60)
        except (MissingDependencyError, ImportError) as exc:
            print(f"# {name} not run: {exc}")
            continue
        ready[name] = solve
    return ready


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--time-limit", type=float, default=10.0, help="T, seconds per call (default 10)")
    ap.add_argument("--paradigms", default="sat,cpsat,witness,fast,mip",
                    help=f"comma-separated, from {', '.join(ALL_PARADIGMS)} (default: all)")
    ap.add_argument("--match", default="", help="only puzzles whose id contains this")
    ap.add_argument("--limit-puzzles", type=int, metavar="N", help="only the first N puzzles")
    ap.add_argument("--no-constructed", action="store_true", help="the shared puzzles only")
    ap.add_argument("--check", action="store_true", help="also time the default cross-check")
    ap.add_argument("--worst", type=int, default=3, help="worst puzzles shown per paradigm")
    ap.add_argument("--json", metavar="FILE", help="also write every measurement here")
    ap.add_argument("-v", "--verbose", action="store_true", help="a line per call as it ends")
    args = ap.parse_args(argv)
    t = args.time_limit
    print("# " + " ".join(["python3", "benchmarks/bench_variants_time_limit.py",
                           *map(shlex.quote, sys.argv[1:] if argv is None else argv)]))
    records = {i: r for i, r in variant_records(args.data).items()}
    if not args.no_constructed:
        records.update(constructed())
    ids = [i for i in records if args.match in i][:args.limit_puzzles]
    solvers = available([n for n in args.paradigms.split(",") if n])
    runs = {name: [] for name in solvers}  # name -> [(id, wall, status, stopped_in)]
    declined = {name: 0 for name in solvers}
    checks, skipped = [], 0
    for ident in ids:
        entry = read_entry(records[ident])
        if entry.error:
            skipped += 1
            continue
        for name, solve in solvers.items():
            start = time.perf_counter()
            try:
                r = solve(entry.puzzle, limit=2, time_limit=t)
            except UnsupportedConstraint:
                declined[name] += 1
                continue
            wall = time.perf_counter() - start
            runs[name].append((ident, wall, r.status, r.stats.get("stopped_in", "")))
            if args.verbose:
                print(f"{ident:40} {name:8} {wall:8.3f} s  {r.status}", flush=True)
        if args.check:
            start = time.perf_counter()
            report = crosscheck(entry.puzzle, time_limit=t)
            wall = time.perf_counter() - start
            in_turn = len([n for n in report.ran if n != "witness"]) or 1
            checks.append((ident, wall, report.verdict.value, in_turn))
            if args.verbose:
                print(f"{ident:40} {'check':8} {wall:8.3f} s  {report.verdict.value} "
                      f"{'; '.join(report.evidence)}", flush=True)
    print(f"{len(ids) - skipped} puzzles read ({skipped} refused, skipped); time limit "
          f"T = {t:g} s, bound max(1.1 T, T + 0.5 s) = {bound(t):.2f} s")
    print(f"{'paradigm':10} {'run':>4} {'declined':>8} {'timeout':>7} {'max wall':>9} "
          f"{'over bound':>10}   worst")
    failed = 0
    for name, rows in runs.items():
        over = [row for row in rows if row[1] > bound(t)]
        failed += len(over)
        worst = sorted(rows, key=lambda row: -row[1])[:args.worst]
        top = max((row[1] for row in rows), default=0.0)
        print(f"{name:10} {len(rows):4} {declined[name]:8} "
              f"{sum(1 for row in rows if row[2] == 'timeout'):7} {top:8.2f}s {len(over):10}   "
              + ", ".join(f"{i} {w:.2f} s ({s}{' in ' + where if where else ''})"
                          for i, w, s, where in worst))
    if checks:
        over = [c for c in checks if c[1] > c[3] * bound(t)]
        failed += len(over)
        worst = sorted(checks, key=lambda c: -c[1])[:args.worst]
        print(f"{'check':10} {len(checks):4} {'':8} "
              f"{sum(1 for c in checks if c[2] == 'unknown'):7} "
              f"{max(c[1] for c in checks):8.2f}s {len(over):10}   "
              + ", ".join(f"{i} {w:.2f} s ({v})" for i, w, v, _ in worst)
              + "   (bound: the paradigms run in turn times the bound; 'timeout' = unknown)")
    if args.json:
        Path(args.json).write_text(json.dumps({"time_limit": t, "runs": runs, "declined": declined,
                                               "checks": checks}, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
