"""`fast` on the puzzles ISS settles quickly, two trees interleaved: the fixed cost per puzzle.

    ISS=<checkout> python3 benchmarks/ab_floor.py --rows wider.jsonl --base FOLDER
        [--below 1] [--repeat 20] [--rounds 3] [--paradigm fast]

``--rows`` is an ``--out`` file of ``bench_variants_fast.py`` run on the wider set
(``--sets iss,fpuzzles,iss-checkout``); the puzzles timed are its rows whose ISS time is
under ``--below`` ms (issue 38: where the wider ratio comes from). Each round starts one
fresh process per tree (``PYTHONPATH`` the tree; the base first in odd rounds, the tip
first in even ones); a process warms the paradigm on a 4x4, then times each puzzle
``--repeat`` times in CPU time (``time.process_time``), counting to two as the benchmarks
do, and keeps the best. Each puzzle keeps its best over the rounds per tree.

Printed: per tree, the median and geometric mean of the best ms over the puzzles both
settle; the tip over the base per puzzle (median, geometric mean); and every puzzle whose
node count or verdict differs between the trees (none should, for a change of cost only).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM = ".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4"


def puzzles(rows: str, below: float, checkout: str) -> list:
    """(id, record) of the rows ISS settled in under ``below`` ms, as the wider set reads them."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_variants_fast import checkout_records, data_folder

    wanted = set()
    for line in Path(rows).read_text().splitlines():
        row = json.loads(line)
        if isinstance(row.get("iss"), (int, float)) and row["iss"] < below:
            wanted.add(row["id"])
    data = data_folder(None)
    recs = [json.loads(line) for name in ("iss", "fpuzzles")
            for line in (data / "variants" / f"{name}.jsonl").read_text().splitlines()]
    recs += checkout_records(checkout, {r["puzzle"].strip() for r in recs})
    return [r for r in recs if r["id"] in wanted]


def work(args) -> int:
    """Inside one tree: each record's best CPU ms, verdict and nodes, one JSON line each."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_variants_fast import read
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import UnsupportedConstraint, solve

    solve(parse_iss(WARM), args.paradigm, limit=2)
    for line in Path(args.records).read_text().splitlines():
        rec = json.loads(line)
        puzzle = read(rec)
        if puzzle is None:
            continue
        try:
            r = solve(puzzle, args.paradigm, limit=2, time_limit=2)
        except UnsupportedConstraint:
            continue
        verdict = ("ok" if r.count == 1 and r.exhausted else r.status)
        best = math.inf
        for _ in range(args.repeat):
            start = time.process_time()
            solve(puzzle, args.paradigm, limit=2, time_limit=2)
            best = min(best, time.process_time() - start)
        print(json.dumps({"id": rec["id"], "verdict": verdict, "nodes": r.stats.get("nodes"),
                          "ms": best * 1000}), flush=True)
    return 0


def run(tree: Path, recs: Path, args) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--records", str(recs),
           "--repeat", str(args.repeat), "--paradigm", args.paradigm]
    proc = subprocess.run(cmd, env=env, cwd=str(tree), capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"ab_floor: the worker in {tree} failed: {proc.stderr.strip()[-300:]}")
    return {r["id"]: r for r in map(json.loads, proc.stdout.splitlines())}


def geomean(xs):
    return math.exp(statistics.fmean(math.log(x) for x in xs))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", help="bench_variants_fast.py --out rows of the wider set")
    ap.add_argument("--base", help="the other tree (a folder)")
    ap.add_argument("--tip", default=str(ROOT), help="this tree (default: the one holding this file)")
    ap.add_argument("--below", type=float, default=1.0, help="ISS ms under which a puzzle is timed")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--paradigm", default="fast")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--records", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return work(args)
    if not (args.rows and args.base and os.environ.get("ISS")):
        ap.error("needs --rows, --base and ISS set to a checkout")
    recs = puzzles(args.rows, args.below, os.environ["ISS"])
    trees = {"base": Path(args.base).resolve(), "tip": Path(args.tip).resolve()}
    best: dict = {"base": {}, "tip": {}}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "records.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in recs))
        for n in range(args.rounds):
            for name in (("base", "tip") if n % 2 == 0 else ("tip", "base")):
                for ident, row in run(trees[name], path, args).items():
                    old = best[name].get(ident)
                    if old is None or row["ms"] < old["ms"]:
                        best[name][ident] = row
    both = [i for i in best["base"] if i in best["tip"]
            and best["base"][i]["verdict"] == best["tip"][i]["verdict"] == "ok"]
    print(f"{len(recs)} puzzles under {args.below} ms for ISS; {len(both)} settled by both trees "
          f"({args.rounds} rounds x {args.repeat} repeats, best CPU)")
    for name in ("base", "tip"):
        ms = [best[name][i]["ms"] for i in both]
        print(f"  {name}: median {statistics.median(ms):.3f} ms, geomean {geomean(ms):.3f} ms")
    ratios = [best["tip"][i]["ms"] / best["base"][i]["ms"] for i in both]
    print(f"  tip / base per puzzle: median {statistics.median(ratios):.3f}, "
          f"geomean {geomean(ratios):.3f}")
    moved = [i for i in best["base"] if i in best["tip"]
             and (best["base"][i]["nodes"], best["base"][i]["verdict"])
             != (best["tip"][i]["nodes"], best["tip"][i]["verdict"])]
    print(f"  node counts or verdicts that differ: {len(moved)}"
          + "".join(f"\n    {i}: {best['base'][i]} -> {best['tip'][i]}" for i in moved))
    return 0


if __name__ == "__main__":
    sys.exit(main())
