"""Variant uniqueness checks side by side with sigh's Interactive Sudoku Solver (ISS), in one run.

For every puzzle of the shared variant sets (``variants/iss.jsonl`` and
``variants/fpuzzles.jsonl`` in the data folder) this runs each paradigm (``sat``,
``cpsat``, ``witness``) with ``limit=2`` and then, for the ISS-format puzzles, ISS's own
headless solver on the same string, so the two are timed back to back on the same
(possibly loaded) machine. Every answer is checked: unique, and equal to the stated
solution; a puzzle the model cannot express is counted as refused, with the name.

ISS is not a Python package: get a copy of its repository and point at it,

    git clone https://github.com/sigh/Interactive-Sudoku-Solver
    python3 benchmarks/bench_variants_iss.py --iss Interactive-Sudoku-Solver --data ../shared/data

(or set ``ISS_CHECKOUT``; node must be on PATH; no ``npm install`` is needed). Without
``--iss`` only our paradigms run. ISS is timed by what it reports itself
(``tools/perf/benchmark_puzzles.js --max-backtracks none --json``: its solve time in ms,
node start-up and parsing excluded); ours by the wall time of ``solve`` (parsing
excluded). ISS cannot read f-puzzles strings headless, so that set runs ours only.

Reported: per puzzle, our fastest paradigm against ISS; per paradigm median / p90 / max;
the puzzles where our fastest is within 3x ISS's median over the set; the puzzles whose
three-way check (the sum of the three paradigms) passes 10 s; and which paradigm is
fastest on each constraint type (the model's names, so both formats count together).
``--out FILE`` writes one JSON line per puzzle.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.errors import MissingDependencyError, SudokuCpError  # noqa: E402
from sudoku_cp.variants.fpuzzles import parse_fpuzzles  # noqa: E402
from sudoku_cp.variants.iss import parse_iss  # noqa: E402
from sudoku_cp.variants.paradigms import UnsupportedConstraint, solve  # noqa: E402

PARADIGMS = ("sat", "cpsat", "witness", "fast")  # fast: puzzles that are houses only


def data_folder(given: str | None) -> Path:
    for candidate in (given, os.environ.get("SUDOKU_CP_DATA"), "../shared/data"):
        if candidate and (Path(candidate) / "variants").is_dir():
            return Path(candidate)
    sys.exit("no data folder with variants/: pass --data DIR or set SUDOKU_CP_DATA")


def run_iss(checkout: Path, puzzle: str, timeout: float) -> dict:
    """ISS's verdict and its own solve time (ms) for one constraint string."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(puzzle)
    try:
        p = subprocess.run(["node", "tools/perf/benchmark_puzzles.js", "--max-backtracks", "none",
                            "--json", "--input-file", f.name], cwd=checkout,
                           capture_output=True, text=True, timeout=timeout)
        rows = json.loads(p.stdout[p.stdout.index("["):]) if "[" in p.stdout else []
        if not rows:
            return {"status": "error", "error": p.stderr.strip().splitlines()[-1:]}
        row = rows[0]
        return {"status": row.get("status"), "ms": row.get("ms"), "guesses": row.get("guesses")}
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "ms": None}
    finally:
        os.unlink(f.name)


def run_ours(puzzle, cells, paradigm: str, time_limit: float) -> dict:
    """One paradigm's verdict on one puzzle, checked against the stated solution."""
    start = time.perf_counter()
    try:
        r = solve(puzzle, paradigm, limit=2, time_limit=time_limit)
    except UnsupportedConstraint as exc:
        return {"status": "declined", "why": str(exc)}
    ms = (time.perf_counter() - start) * 1000
    if r.status == "timeout":
        status = "timeout"
    elif r.count == 1 and r.exhausted:
        status = "unique" if list(r.solutions[0]) == list(cells) else "WRONG"
    else:
        status = "WRONG" if r.count != 1 else "unknown"
    return {"status": status, "ms": round(ms, 2), "nodes": r.stats.get("nodes")}


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))] if xs else float("nan")


def families(puzzle) -> list[str]:
    """The model's constraint types in a puzzle (both formats name them alike there),
    plus ``irregular`` for jigsaw regions; ``classic`` when there is nothing else."""
    tags = sorted({c.TYPE for c in puzzle.constraints})
    if puzzle.regions is not None:
        tags.append("irregular")
    return tags or ["classic"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iss", default=os.environ.get("ISS_CHECKOUT"),
                    help="a checkout of sigh/Interactive-Sudoku-Solver (or $ISS_CHECKOUT)")
    ap.add_argument("--data", help="the data folder (default $SUDOKU_CP_DATA or ../shared/data)")
    ap.add_argument("--sets", default="iss,fpuzzles", help="which variant sets (default both)")
    ap.add_argument("--paradigms", default=",".join(PARADIGMS))
    ap.add_argument("--time-limit", type=float, default=30.0, help="per paradigm, seconds")
    ap.add_argument("--iss-timeout", type=float, default=60.0, help="seconds")
    ap.add_argument("--out", help="write one JSON line per puzzle here")
    args = ap.parse_args(argv)
    data = data_folder(args.data)
    paradigms = args.paradigms.split(",")
    records = []
    for name in args.sets.split(","):
        for line in (data / "variants" / f"{name}.jsonl").read_text().splitlines():
            records.append(json.loads(line))
    # Warm up: the first solve of each paradigm imports its solver package (PySAT,
    # OR-Tools), which is start-up, not solving; node's start-up is outside ISS's ms too.
    warm = parse_iss(".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4")
    for p in list(paradigms):
        try:
            try:
                solve(warm, p, limit=2)
            except UnsupportedConstraint:  # fast takes houses only: warm it on a plain grid
                solve(parse_iss(".Shape~4x4"), p, limit=2)
        except MissingDependencyError as exc:  # e.g. fast without numba
            print(f"# {p} not run: {exc}")
            paradigms.remove(p)
    out = open(args.out, "w") if args.out else None
    rows = []
    print(f"{'puzzle':36} {'family':28} " + " ".join(f"{p:>9}" for p in paradigms)
          + f" {'ISS ms':>8}  fastest/ISS")
    for rec in records:
        row = {"id": rec["id"], "set": rec["format"]}
        try:
            puzzle = (parse_iss if rec["format"] == "iss" else parse_fpuzzles)(rec["puzzle"])
        except SudokuCpError as exc:
            row["refused"] = str(exc)
            row["family"] = "+".join(t for t in rec["constraints"] if t != "givens")
            puzzle = None
        if puzzle is not None:
            row["families"] = families(puzzle)
            row["family"] = "+".join(row["families"])
            row["ours"] = {p: run_ours(puzzle, rec["cells"], p, args.time_limit) for p in paradigms}
        if args.iss and rec["format"] == "iss":
            row["iss"] = run_iss(Path(args.iss), rec["puzzle"], args.iss_timeout)
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        iss = row.get("iss", {})
        iss_ms = iss.get("ms") if iss.get("status") == "unique" else None
        if "refused" in row:
            print(f"{rec['id']:36} {row['family'][:28]:28} refused: {row['refused'][:60]}")
            continue
        cells = []
        for p in paradigms:
            o = row["ours"][p]
            cells.append(f"{o['ms']:9.1f}" if o["status"] == "unique" else f"{o['status']:>9}")
        times = [o["ms"] for o in row["ours"].values() if o["status"] == "unique"]
        ratio = f"{min(times) / iss_ms:8.2f}x" if times and iss_ms else ""
        print(f"{rec['id']:36} {row['family'][:28]:28} " + " ".join(cells)
              + f" {iss_ms if iss_ms is not None else '':>8}  {ratio}", flush=True)
    if out:
        out.close()
    summarise(rows, paradigms)
    return 0


def summarise(rows, paradigms) -> None:
    ran = [r for r in rows if "ours" in r]
    print(f"\n{len(rows)} puzzles: {len(ran)} expressed in the model, "
          f"{len(rows) - len(ran)} refused by name")
    statuses = Counter((p, r["ours"][p]["status"]) for r in ran for p in paradigms)
    print("verdicts: " + ", ".join(f"{p} {s} {k}" for (p, s), k in sorted(statuses.items())))
    print(f"\n{'paradigm':10} {'solved':>6} {'median ms':>10} {'p90 ms':>9} {'max ms':>9}")
    for p in paradigms:
        ts = [r["ours"][p]["ms"] for r in ran if r["ours"][p]["status"] == "unique"]
        print(f"{p:10} {len(ts):6} {pct(ts, .5):10.1f} {pct(ts, .9):9.1f} {max(ts, default=0):9.1f}")
    fastest = [min((r["ours"][p]["ms"] for p in paradigms if r["ours"][p]["status"] == "unique"),
                   default=None) for r in ran]
    fast_ok = [f for f in fastest if f is not None]
    print(f"{'fastest':10} {len(fast_ok):6} {pct(fast_ok, .5):10.1f} {pct(fast_ok, .9):9.1f} "
          f"{max(fast_ok, default=0):9.1f}")
    both = [(f, r["iss"]["ms"]) for f, r in zip(fastest, ran)
            if f is not None and r.get("iss", {}).get("status") == "unique"]
    if both:
        iss_all = [r["iss"]["ms"] for r in rows if r.get("iss", {}).get("status") == "unique"]
        iss_ours = [i for _, i in both]
        print(f"{'ISS':10} {len(iss_ours):6} {pct(iss_ours, .5):10.1f} {pct(iss_ours, .9):9.1f} "
              f"{max(iss_ours):9.1f}   (the same puzzles; over its whole set: median "
              f"{pct(iss_all, .5):.1f} ms, max {max(iss_all):.1f} ms)")
        bar = 3 * pct(iss_ours, .5)
        within = sum(1 for f, _ in both if f <= bar)
        print(f"our fastest within 3x ISS's median ({bar:.1f} ms): {within} of {len(both)}; "
              f"per puzzle, fastest/ISS median {pct([f / i for f, i in both], .5):.2f}x, "
              f"faster than ISS on {sum(1 for f, i in both if f < i)}")
        misses = [(r["id"], f, r["iss"]["ms"]) for f, r in zip(fastest, ran)
                  if f is not None and r.get("iss", {}).get("status") == "unique" and f > bar]
        print("  outside that bar: " + (", ".join(f"{i} ({f:.1f} vs ISS {s:.1f} ms)"
                                                 for i, f, s in misses) or "none"))
        iss_over = sum(1 for i in iss_ours if i > bar)
        print(f"  ISS itself is over that bar on {iss_over} of the same {len(iss_ours)} puzzles")
        same = sum(1 for f, i in both if f <= 3 * i)
        print(f"our fastest within 3x ISS's time on the same puzzle: {same} of {len(both)}")
    slow = [r["id"] for r in ran
            if any(r["ours"][p]["status"] not in ("unique", "declined") for p in paradigms)
            or sum(r["ours"][p].get("ms", 0) for p in paradigms) > 10_000]
    print(f"three-way check over 10 s (or not unique in every paradigm): {len(slow)} "
          + (f"({', '.join(slow)})" if slow else ""))
    wins = defaultdict(Counter)
    for r in ran:
        done = {p: r["ours"][p]["ms"] for p in paradigms if r["ours"][p]["status"] == "unique"}
        if done:
            for fam in r["families"]:
                wins[fam][min(done, key=done.get)] += 1
    print("\nfastest paradigm per constraint type (puzzles with that type won; a puzzle "
          "counts once for each of its types):")
    for fam in sorted(wins):
        print(f"  {fam[:60]:60} " + ", ".join(f"{p} {k}" for p, k in wins[fam].most_common()))
    total = Counter()
    for r in ran:
        done = {p: r["ours"][p]["ms"] for p in paradigms if r["ours"][p]["status"] == "unique"}
        if done:
            total[min(done, key=done.get)] += 1
    print("  all puzzles: " + ", ".join(f"{p} {k}" for p, k in total.most_common()))


if __name__ == "__main__":
    raise SystemExit(main())
