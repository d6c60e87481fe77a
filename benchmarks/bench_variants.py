"""Variant puzzles: every shared one either checked unique with its stated solution by every
paradigm, or refused naming the unsupported type; times per paradigm, in one run.

    python3 benchmarks/bench_variants.py --data ../shared/data

For each puzzle of ``variants/*.jsonl``: read it (a refusal must say ``unsupported
constraint NAME``), then run each paradigm present (``sat``, ``cpsat``, and ``witness``
once written) with ``limit=2``, interleaved per puzzle. An answer is right when the
paradigm finished with exactly one solution, equal to the stated one, that passes the
independent checker. Prints per paradigm the median / p90 / max wall time (and CPU time), the sum
of the default paradigms' times (the check as it ran until the witness went beside the
others), the default check itself as ``check`` runs it (``crosscheck``: the witness on a
thread beside sat and cpsat; its verdict must be unique with the stated solution), the
wrong answers (must be 0), and which paradigm is faster on which constraint family.
The solver packages are imported and warmed up before timing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.errors import MissingDependencyError  # noqa: E402
from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.model import VariantPuzzle  # noqa: E402
from sudoku_cp.variants.crosscheck import DEFAULT_PARADIGMS, crosscheck  # noqa: E402
from sudoku_cp.variants.paradigms import UnsupportedConstraint, get_paradigm  # noqa: E402
from sudoku_cp.variants.rules import is_solution  # noqa: E402


def sat_variant(spec):
    """``SOLVER[/sums]``: the sat paradigm with another PySAT solver or cage encoding."""
    from functools import partial

    from sudoku_cp.variants import sat

    solver, _, cage = spec.partition("/")
    return partial(sat.solve, solver=solver or sat.DEFAULT_SOLVER, cage=cage or "combinations")


def available(extra=()) -> dict:
    """The paradigms that run here, warmed up on a 4x4 (imports and first-call costs)."""
    tiny = VariantPuzzle(4, givens=((0, 1), (5, 3)))
    ready = {}
    for spec in extra:
        solve = sat_variant(spec)
        solve(tiny, limit=2)
        ready[f"sat:{spec}"] = solve
    for name in DEFAULT_PARADIGMS:
        try:
            solve = get_paradigm(name)
            solve(tiny, limit=2)
        except (MissingDependencyError, ImportError) as exc:
            print(f"# {name} not run: {exc}")
            continue
        ready[name] = solve
    return ready


def _families(puzzle) -> list[str]:
    """The puzzle's constraint types (the model's tags), and its geometry when not boxes."""
    tags = {c.TYPE for c in puzzle.constraints} - {"candidates"}
    if puzzle.regions is not None:
        tags.add("irregular regions")
    elif puzzle.box is None:
        tags.add("no boxes")
    return sorted(tags) or ["classic (givens only)"]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per paradigm per puzzle")
    ap.add_argument("--json", metavar="FILE", help="also write every measurement here")
    ap.add_argument("--sat-variants", metavar="LIST", default="",
                    help="also time sat with these SOLVER[/sums] settings, comma-separated "
                         "(e.g. cadical195,minisat22,/sums); for choosing the defaults")
    args = ap.parse_args(argv)
    files = sorted((Path(args.data) / "variants").glob("*.jsonl"))
    if not files:
        ap.error(f"no variants/*.jsonl under {args.data}")
    paradigms = available([v for v in args.sat_variants.split(",") if v])
    times, cpus = defaultdict(list), defaultdict(list)
    rows, wrong, refused, checked = [], [], [], 0
    misses = []  # answers not right from the --sat-variants settings (experiments, not paradigms)
    timeouts = []  # a paradigm stopped by --time-limit before settling the puzzle
    for path in files:
        for raw in path.read_text().splitlines():
            if not raw.strip() or raw.startswith("#"):
                continue
            record = json.loads(raw)
            entry = read_entry(raw)
            if entry.error:
                if "unsupported constraint " not in entry.error:
                    wrong.append(f"{record['id']}: refused without naming a type: {entry.error}")
                refused.append((record["id"], entry.error))
                continue
            checked += 1
            row = {"id": record["id"], "families": _families(entry.puzzle), "times": {}}
            for name, solve in paradigms.items():
                start, cpu = time.perf_counter(), time.process_time()
                limit = None if "cadical" in name else args.time_limit  # not interruptible
                try:
                    result = solve(entry.puzzle, limit=2, time_limit=limit)
                except UnsupportedConstraint:  # fast: the puzzle is not houses only
                    continue
                took = time.perf_counter() - start
                row["times"][name] = took
                row.setdefault("cpu", {})[name] = time.process_time() - cpu
                times[name].append(took)
                cpus[name].append(row["cpu"][name])
                ok = (result.exhausted and len(result.solutions) == 1
                      and tuple(result.solutions[0]) == entry.expected
                      and is_solution(entry.puzzle, result.solutions[0]))
                if not ok:
                    what = (f"{record['id']}: {name} found {len(result.solutions)} "
                            f"(exhausted {result.exhausted}, status {result.status})")
                    # stopped by the time limit with nothing false said: unknown, not wrong
                    unsettled = (result.status == "timeout" and len(result.solutions) <= 1
                                 and all(tuple(s) == entry.expected for s in result.solutions))
                    if name not in DEFAULT_PARADIGMS:
                        misses.append(what)
                    else:
                        (timeouts if unsettled else wrong).append(what)
            start, cpu = time.perf_counter(), time.process_time()
            report = crosscheck(entry.puzzle, time_limit=args.time_limit)
            row["check"] = time.perf_counter() - start
            row["check_cpu"] = time.process_time() - cpu
            if report.verdict.value != "unique" or tuple(report.solution) != entry.expected:
                what = f"{record['id']}: the default check said {report.verdict.value}"
                (timeouts if report.verdict.value == "unknown" else wrong).append(what)
            rows.append(row)
    print(f"{checked} puzzles checked, {len(refused)} refused by name, "
          f"{len(wrong)} wrong answers from the paradigms, {len(timeouts)} stopped by the "
          f"time limit ({args.time_limit:g} s)")
    print(f"{'paradigm':16} {'median':>10} {'p90':>10} {'max':>10}   CPU: median, p90, max; "
          f"puzzles run")
    for name, ts in times.items():
        cs = cpus[name]
        print(f"{name:16} {_ms(statistics.median(ts))} {_ms(pct(ts, 0.9))} {_ms(max(ts))}   "
              f"{_ms(statistics.median(cs))} {_ms(pct(cs, 0.9))} {_ms(max(cs))}  {len(ts)}")
    default = [n for n in DEFAULT_PARADIGMS if n in paradigms]
    total = [sum(r["times"][n] for n in default if n in r["times"]) for r in rows]
    total_cpu = [sum(r["cpu"][n] for n in default if n in r["cpu"]) for r in rows]
    fastest = [min(r["times"][n] for n in default if n in r["times"]) for r in rows]
    print(f"{'sum (in turn)':16} {_ms(statistics.median(total))} {_ms(pct(total, 0.9))} "
          f"{_ms(max(total))}   ({' then '.join(default)}, as the check ran them before; "
          f"a paradigm that declines the puzzle adds nothing)")
    print(f"{'check, CPU':16} {_ms(statistics.median(total_cpu))} {_ms(pct(total_cpu, 0.9))} "
          f"{_ms(max(total_cpu))}")
    checks = [r["check"] for r in rows]
    print(f"{'check (as run)':16} {_ms(statistics.median(checks))} {_ms(pct(checks, 0.9))} "
          f"{_ms(max(checks))}   CPU {_ms(statistics.median(r['check_cpu'] for r in rows))} "
          f"{_ms(pct([r['check_cpu'] for r in rows], 0.9))} "
          f"{_ms(max(r['check_cpu'] for r in rows))}  (crosscheck: the witness beside the others)")
    slow = sorted(rows, key=lambda r: -r["check"])[:3]
    print("slowest checks as run: " + ", ".join(f"{r['id']} {r['check']:.2f} s" for r in slow)
          + f"; over 10 s: {sum(1 for t in checks if t > 10)}")
    over_cpu = [(r["id"], t) for r, t in zip(rows, total_cpu) if t > 10]
    print(f"checks over 10 CPU s: {len(over_cpu)} "
          + ", ".join(f"{i} {t:.2f} s" for i, t in over_cpu))
    over = [(r["id"], t) for r, t in zip(rows, total) if t > 10]
    print(f"sums over 10 s: {len(over)}" + "".join(
        f"\n  {i}: {t:.2f} s (" + ", ".join(f"{n} {r['times'][n]:.2f}" for n in default
                                             if n in r["times"]) + ")"
        for (i, t), r in zip(over, [r for r, t in zip(rows, total) if t > 10])))
    print(f"{'fastest of them':16} {_ms(statistics.median(fastest))} {_ms(pct(fastest, 0.9))} "
          f"{_ms(max(fastest))}")
    print("\nfaster paradigm by constraint family (median over the puzzles that use it):")
    families = defaultdict(list)
    for r in rows:
        for f in r["families"]:
            families[f].append(r)
    for fam, rs in sorted(families.items()):
        meds = {n: statistics.median(r["times"][n] for r in rs) for n in default
                if all(n in r["times"] for r in rs)}
        best = min(meds, key=meds.get)
        detail = ", ".join(f"{n} {meds[n] * 1000:.0f} ms" for n in meds)
        print(f"  {fam:20} {len(rs):3} puzzles  {best:6} ({detail})")
    print("\nrefused:")
    for ident, why in refused:
        print(f"  {ident}: {why}")
    for line in wrong:
        print(f"WRONG {line}")
    for line in timeouts:
        print(f"time limit: {line}")
    for line in misses:
        print(f"not right (a --sat-variants setting): {line}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "refused": refused, "wrong": wrong,
                                               "timeouts": timeouts}))
    return 1 if wrong else 0


def _ms(seconds):
    return f"{seconds * 1000:8.1f} ms"


if __name__ == "__main__":
    sys.exit(main())
