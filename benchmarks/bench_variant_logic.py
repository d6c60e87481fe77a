"""How far the variant logic engine gets, side by side with SudokuVariantSolverJS, and
whether any of its steps is wrong.

    python3 benchmarks/bench_variant_logic.py --data ../shared/data
    SVSJS=/work/peers/svsjs python3 benchmarks/bench_variant_logic.py --data ../shared/data
    python3 benchmarks/bench_variant_logic.py --random 1000 --random-only --seed 1

The puzzles: the shared variant sets (``variants/*.jsonl``) and, with ``SVSJS`` set (a built
checkout of dclamage's SudokuVariantSolverJS), its own ``puzzles/*.json`` (real f-puzzles
with the setters' solutions), one copy of each solution grid. For each puzzle the project
reads: whether it is unique (``sat``, counting to two), one solve path without trial steps
(``solve_path(trials=False)``), its rating and band; every step's eliminations and placements
are judged against the stated solution (``unsound`` counts the steps that remove the
solution's value or place another). With ``SVSJS``, the same puzzle through SVSJS's
``logicalSolve`` (``peers/svsjs_logic.js``; an ISS string goes through the project's
f-puzzles writer, and a puzzle the writer cannot carry is "not readable" for SVSJS): solved
when its last grid is the stated solution. SVSJS's logicalSolve includes its "Simple
Contradiction" step (one assumption followed by easy steps: a trial), so its count is given
both with and without paths that needed that step.

The counts are over the *unique* puzzles: those the project reads and counts one solution
for, plus those it cannot read that SVSJS solves to the stated solution by logic (which
proves them unique under SVSJS's reading). Then the calibration: the project's band against
whether SVSJS finishes (a confusion table) and Spearman's rank correlation between the
project's rating and SVSJS's order (0 solved without a trial, 1 with, 2 not finished).
Neither file carries setters' difficulty labels (no such field; said in the output).

``--random N``: N random variants built around random grids (``variants.logic.samples``),
every step judged against the grid (not always unique puzzles, so only soundness counts).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import select
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.variants.formats import read_entry  # noqa: E402
from sudoku_cp.variants.logic import solve_path  # noqa: E402
from sudoku_cp.variants.logic.samples import random_variant  # noqa: E402
from sudoku_cp.variants.logic.scores import BANDS  # noqa: E402
from sudoku_cp.variants.rules import is_solution  # noqa: E402

HELPER = Path(__file__).resolve().parent / "peers" / "svsjs_logic.js"
SVSJS_FILES = ("puzzles.json", "puzzles-ci.json", "puzzles-timeout.json", "lubaf-coloring-book.json")
#: SVSJS's order: 0 solved without a trial step, 1 solved with one, 2 not finished.
SVSJS_ORDER = ("no trial", "trial", "unfinished")


def unsound(path, solution) -> int:
    """Steps that remove the solution's value or place another."""
    bad = 0
    for step in path.steps:
        if any(solution[c] == v for c, v in step.eliminations) or \
                any(solution[c] != v for c, v in step.placements):
            bad += 1
    return bad


def puzzles(data: Path, svsjs: str | None):
    """``(set, id, text, solution)`` once per solution grid, shared sets first; the
    solution as a list of values, row by row."""
    seen = set()
    for name in ("iss.jsonl", "fpuzzles.jsonl"):
        for line in (data / "variants" / name).read_text().splitlines():
            d = json.loads(line)
            if d["solution"] not in seen:
                seen.add(d["solution"])
                yield name.split(".")[0], d["id"], line, list(d["cells"])
    if svsjs:
        for name in SVSJS_FILES:
            path = Path(svsjs) / "puzzles" / name
            for k, d in enumerate(json.loads(path.read_text()) if path.exists() else ()):
                sol = d.get("solution") or d.get("puzzleSolution")
                if sol and sol.isdigit() and sol not in seen:  # (digits: up to 9x9)
                    seen.add(sol)
                    ident = f"svsjs-{name.split('.')[0]}-{k}"
                    line = json.dumps({"id": ident, "format": "fpuzzles", "puzzle": d["puzzle"]})
                    yield "svsjs", ident, line, [int(c) for c in sol]


class Peer:
    """SVSJS's logicalSolve in one persistent node process (``svsjs_logic.js``), started
    again when a puzzle holds it past its time limit (some loops of SVSJS never look at
    the cancel flag: ``peers/svsjs_count.js``)."""

    def __init__(self, root):
        self.env = dict(os.environ, SVSJS=root)
        self._start()

    def _start(self):
        self.proc = subprocess.Popen(["node", str(HELPER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=self.env)

    def solve(self, ident, fpuzzles, ms):
        self.proc.stdin.write(json.dumps({"id": ident, "puzzle": fpuzzles, "ms": ms}) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], ms / 1000 + 15)
        if not ready:
            self.proc.kill()
            self.proc.wait()
            self._start()
            return {"id": ident, "err": "hung past its time limit (process restarted)", "ms": ms}
        return json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def ours(entry, solution, time_limit):
    """The project's row for one read puzzle."""
    from sudoku_cp.variants import sat

    counted = sat.solve(entry.puzzle, limit=2, time_limit=time_limit)
    unique = None if counted.status == "timeout" else counted.count == 1
    began = time.perf_counter()
    p = solve_path(entry.puzzle, time_limit=time_limit, trials=False)
    return {"unique": unique, "logic": p.by_logic and list(p.grid) == solution,
            "rating": p.rating, "band": p.level, "steps": len(p.steps),
            "unsound": unsound(p, solution), "complete": p.complete,
            "unhandled": p.unhandled, "seconds": round(time.perf_counter() - began, 2)}


def theirs(peer, ident, entry, solution, time_limit):
    """SVSJS's row: ``readable`` False when the puzzle cannot be written as f-puzzles."""
    from sudoku_cp.errors import SudokuCpError
    from sudoku_cp.variants import fpuzzles

    if entry.format == "fpuzzles":
        text = json.loads(entry.text)["puzzle"] if entry.text.lstrip().startswith("{") else entry.text
    elif entry.puzzle is None:
        return {"readable": False}
    else:
        try:
            text = fpuzzles.write_fpuzzles(entry.puzzle)
        except SudokuCpError:
            return {"readable": False}
    got = peer.solve(ident, text, int(time_limit * 1000))
    finished = bool(got.get("solved")) and got.get("grid") == solution
    order = 2 if not finished else 1 if got.get("contradictions") else 0
    return {"readable": True, "solved": finished, "order": order, "lines": got.get("lines"),
            "wrong": bool(got.get("solved")) and not finished, "ms": got.get("ms"),
            "err": got.get("err") or ("cancelled" if got.get("cancelled") else None)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data", help="folder holding variants/")
    ap.add_argument("--svsjs", default=os.environ.get("SVSJS"),
                    help="built checkout of SudokuVariantSolverJS (default: $SVSJS)")
    ap.add_argument("--time-limit", type=float, default=20.0, help="seconds per puzzle and side")
    ap.add_argument("--only", help="regular expression: only the puzzle ids it finds")
    ap.add_argument("--out", help="write one JSON line per puzzle here")
    ap.add_argument("--from", dest="earlier", metavar="FILE", action="append", default=[],
                    help="take each side's rows from an earlier --out file when there (a side "
                         "runs only for puzzles not in them; repeatable): SVSJS's side does not "
                         "change with the project's, and two runs on one side each can be joined")
    ap.add_argument("--side", choices=("both", "ours", "peer"), default="both",
                    help="run both sides (default), or only one (the files are read the same)")
    ap.add_argument("--random", type=int, default=0, metavar="N", help="also N random variants")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random-only", action="store_true", help="skip the real puzzles")
    args = ap.parse_args(argv)
    if not args.random_only:
        _real(args)
    if args.random:
        _random(args)
    return 0


def _real(args) -> None:
    peer = Peer(args.svsjs) if args.svsjs and args.side != "ours" else None
    if not args.svsjs:
        print("SVSJS not set: the project's side only, and the shared sets only")
    before = {"ours": {}, "svsjs": {}}
    for name in args.earlier:
        for line in Path(name).read_text().splitlines():
            row = json.loads(line)
            for side in before:
                if side in row:
                    before[side][row["id"]] = row[side]
    rows = []
    out = open(args.out, "w") if args.out else None
    try:
        for group, ident, line, solution in puzzles(Path(args.data), args.svsjs):
            if args.only and not re.search(args.only, ident):
                continue
            entry = read_entry(line)
            row = {"set": group, "id": ident, "read": entry.error is None}
            if row["read"] and not is_solution(entry.puzzle, solution):
                solution = _own_solution(entry.puzzle, args.time_limit) or solution
                row["stated_wrong"] = True
            if ident in before["ours"]:
                row["ours"] = before["ours"][ident]
            elif row["read"] and args.side != "peer":
                row["ours"] = ours(entry, solution, args.time_limit)
            if ident in before["svsjs"]:
                row["svsjs"] = before["svsjs"][ident]
            elif peer is not None:
                row["svsjs"] = theirs(peer, ident, entry, solution, args.time_limit)
            rows.append(row)
            _line(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
    finally:
        if peer is not None:
            peer.close()
        if out:
            out.close()
    if args.side != "peer":
        _report(rows, any("svsjs" in r for r in rows))


def _own_solution(puzzle, time_limit):
    """The puzzle's one solution by the project's count (``sat``), or None. For a stated
    solution that breaks the puzzle's rules (SVSJS's "Executive Function" states a grid
    whose region-sum lines do not add up; SVSJS's own count finds the same other grid
    as the project's), both sides are judged against the grid the rules give."""
    from sudoku_cp.variants import sat

    counted = sat.solve(puzzle, limit=2, time_limit=time_limit)
    return list(counted.solutions[0]) if counted.count == 1 else None


def _line(row) -> None:
    o, s = row.get("ours"), row.get("svsjs")
    mine = ("unread" if not row["read"] else "-" if o is None else
            f"{'logic' if o['logic'] else 'stuck' if o['complete'] else 'timeout':7s} "
            f"rating {o['rating']:3.1f} steps {o['steps']:4d} unsound {o['unsound']} "
            f"unique {o['unique']} {o['seconds']:6.2f}s")
    peer = "" if s is None else ("  svsjs: not readable" if not s["readable"] else
                                 f"  svsjs: {SVSJS_ORDER[s['order']]}"
                                 f"{' WRONG' if s['wrong'] else ''} {s['ms']} ms")
    print(f"{row['id']:36s} {mine}{peer}", flush=True)


def is_unique(row) -> bool:
    """Counted once by the project, or solved by SVSJS's logic when the project cannot read it."""
    if row["read"]:
        return bool(row["ours"]["unique"])
    return bool(row.get("svsjs", {}).get("solved"))


def _report(rows, with_peer) -> None:
    read = [r for r in rows if r["read"]]
    unique = [r for r in rows if is_unique(r)]
    print(f"\npuzzles: {len(rows)} (one per solution grid), read by the project: {len(read)}, "
          f"unique: {len(unique)}")
    print(f"unsound steps over every path: {sum(r['ours']['unsound'] for r in read)}")
    wrong = [r["id"] for r in rows if r.get("stated_wrong")]
    if wrong:
        print(f"stated solutions that break the rules (judged against the rules' one grid "
              f"instead): {', '.join(wrong)}")
    groups = sorted({r["set"] for r in rows})
    print(f"\n{'set':10s} {'unique':>6s} {'ours':>5s} {'svsjs':>6s} {'svsjs-no-trial':>15s}")
    for name in groups + ["all"]:
        us = [r for r in unique if name in ("all", r["set"])]
        mine = sum(bool(r.get("ours", {}).get("logic")) for r in us)
        theirs_ = sum(bool(r.get("svsjs", {}).get("solved")) for r in us)
        plain = sum(r.get("svsjs", {}).get("order") == 0 for r in us)
        print(f"{name:10s} {len(us):6d} {mine:5d} {theirs_ if with_peer else '-':>6} "
              f"{plain if with_peer else '-':>15}")
    mine = sum(bool(r.get("ours", {}).get("logic")) for r in unique)
    print(f"\nsolved to the end by logic alone (no trial step): ours {mine}/{len(unique)} "
          f"({100 * mine / max(len(unique), 1):.0f}%)")
    if not with_peer:
        return
    theirs_ = sum(bool(r["svsjs"].get("solved")) for r in unique)
    plain = sum(r["svsjs"].get("order") == 0 for r in unique)
    print(f"SVSJS logicalSolve: {theirs_}/{len(unique)} "
          f"({100 * theirs_ / max(len(unique), 1):.0f}%), of them {plain} without its "
          f"Simple Contradiction (trial) step")
    both = [r for r in unique if r["read"]]
    print(f"only ours: {sum(r['ours']['logic'] and not r['svsjs'].get('solved') for r in both)}, "
          f"only SVSJS: {sum(r['svsjs'].get('solved', False) and not r['ours']['logic'] for r in unique)}")
    print(f"SVSJS could not read (no f-puzzles form): "
          f"{sum(not r['svsjs']['readable'] for r in unique)}; "
          f"SVSJS ended on another grid: {sum(r['svsjs'].get('wrong', False) for r in rows)}")
    _calibration(both)


def _calibration(rows) -> None:
    """The project's band against SVSJS's order, and Spearman's rho between them."""
    rows = [r for r in rows if r["svsjs"]["readable"]]
    bands = [name for _, name in BANDS] + ["beyond the engine"]
    print(f"\ncalibration on {len(rows)} unique puzzles both sides read "
          f"(rows: our band; columns: SVSJS {', '.join(SVSJS_ORDER)}):")
    for band in bands:
        counts = [sum(r["ours"]["band"] == band and r["svsjs"]["order"] == k for r in rows)
                  for k in range(3)]
        print(f"  {band:18s} " + " ".join(f"{c:5d}" for c in counts))
    ours_ = [r["ours"]["rating"] if r["ours"]["logic"] else 99.0 for r in rows]
    theirs_ = [r["svsjs"]["order"] for r in rows]
    print(f"Spearman rho (our rating, unfinished = top; SVSJS order): {spearman(ours_, theirs_):.2f}")
    print("setters' difficulty labels: none (neither the shared files nor SVSJS's carry a "
          "difficulty field)")


def spearman(xs, ys) -> float:
    """Spearman's rank correlation (ties share their mean rank), by SciPy.

    >>> spearman([1, 2, 3], [1, 3, 2]), spearman([1, 2, 3], [3, 2, 1])
    (0.5, -1.0)
    """
    from scipy.stats import spearmanr

    return round(float(spearmanr(xs, ys).statistic), 6)


def _random(args) -> None:
    rng = random.Random(args.seed)
    bad = steps = solved = 0
    began = time.perf_counter()
    for _ in range(args.random):
        grid, puzzle = random_variant(rng)
        p = solve_path(puzzle, time_limit=5, trials=False, classic=False)
        bad += unsound(p, grid)
        steps += len(p.steps)
        solved += p.solved
    print(f"random variants: {args.random} (seed {args.seed}), steps {steps}, "
          f"unsound steps {bad}, solved {solved} (not all are unique), "
          f"{time.perf_counter() - began:.1f}s")


if __name__ == "__main__":
    sys.exit(main())
