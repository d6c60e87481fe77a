#!/usr/bin/env python3
"""Differential test against sigh's Interactive Sudoku Solver (ISS): random puzzles of every
type the project reads from ISS strings, counted to two by ISS (warm, one node process) and by
each of the project's paradigms (the cross-check: sat, cpsat and the witness); the verdicts and
the solutions must agree.

    ISS=../iss python3 benchmarks/peers/diff_iss.py --count 2000 --seed 1 --out out/diff_iss.jsonl

ISS is a checkout of sigh/Interactive-Sudoku-Solver (node must be on PATH; nothing to build).
A disagreement is shrunk (items, then givens, then cells of a clue dropped one at a time while
it still disagrees) and written to ``--out`` as an ISS string and a link. The table printed at
the end gives, per type, the puzzles tried and the disagreements; puzzles that ISS refuses, or
that a time limit left unsettled on either side, are counted apart, not compared. Seeds are
``SEED:INDEX``: ``--only SEED:INDEX`` reruns one puzzle.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import iss_random  # noqa: E402
import iss_random_shape  # noqa: E402
import iss_random_vars  # noqa: E402

LINK = "https://sigh.github.io/Interactive-Sudoku-Solver/?q="
PARADIGMS = ("sat", "cpsat", "witness")


class Iss:
    """A warm ISS: one node process answering JSON lines (benchmarks/peers/iss_count.mjs)."""

    def __init__(self, checkout, cap=2_000_000):
        env = dict(os.environ, ISS=str(Path(checkout).resolve()))
        self.proc = subprocess.Popen(["node", str(HERE / "iss_count.mjs"), str(cap)], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def count(self, puzzle):
        self.proc.stdin.write(json.dumps({"id": 0, "puzzle": puzzle}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("ISS stopped answering")
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(10)


def iss_verdict(r):
    """(verdict, solution string or None) from ISS's answer; verdict None: not comparable."""
    status = r["status"]
    if status == "unique":
        return "unique", r["all"][0]
    if status == "multiple":
        return "multiple", None
    if status == "no-solution":
        return "none", None
    return None, r.get("err") or status


def ours(puzzle_text, time_limit, paradigms=None):
    """(verdict, solution string or None, detail) from the project's cross-check."""
    from sudoku_cp.errors import SudokuCpError
    from sudoku_cp.variants.crosscheck import crosscheck, reconcile
    from sudoku_cp.variants.iss import parse_iss

    try:
        puzzle = parse_iss(puzzle_text)
    except SudokuCpError as exc:
        return "refused", None, str(exc)
    try:
        report = crosscheck(puzzle, list(paradigms or PARADIGMS), time_limit=time_limit)
    except Exception as exc:  # a bug of ours: a finding like any other
        return "error", None, f"{type(exc).__name__}: {exc}"
    verdict = report.verdict.value
    if len(report.results) == 1 and verdict == "unknown":
        # one paradigm ran (``--paradigms X`` alone): the cross-check's verdict wants two
        # agreeing, so compare that paradigm's own claim, its solutions checked by the
        # rules all the same; otherwise every unique answer would go uncompared
        verdict = reconcile(puzzle, report.results)[0].value
    grid = puzzle.grid_cells  # (ISS's solution names the grid's cells, not its Var cells)
    sol = "".join(str(v) for v in report.solution[:grid]) if verdict == "unique" else None
    detail = "; ".join(report.evidence)
    if verdict == "unknown":
        return None, None, detail or "time limit"
    return verdict, sol, detail


def compare(iss, text, time_limit):
    """None when both agree (or one could not settle it), else a short reason."""
    theirs = iss_verdict(iss.count(text))
    if theirs[0] is None:
        return None, ("iss: " + str(theirs[1]))
    mine = ours(text, time_limit)
    if mine[0] is None:
        return None, "ours: " + mine[2]
    if mine[0] != theirs[0]:
        return f"ISS {theirs[0]}, ours {mine[0]}" + (f" ({mine[2]})" if mine[2] else ""), None
    if mine[0] == "unique" and mine[1] != theirs[1]:
        return f"both unique, solutions differ: ISS {theirs[1]}, ours {mine[1]}", None
    return None, None


def _shape(text):
    """The table's rows for the grid: its size and, when not 1..n, its values."""
    spec = next(x for x in _items(text) if x.startswith("Shape~")).split("~")[1:]
    rows = [f"{spec[0]} grid"] + (["Raw grid"] if "Raw" in spec[1:] else [])
    if len(spec) > 1:
        rows.append("values 0..n-1" if spec[1].startswith("0-") else "n+1 values")
    return rows


def _items(text):
    return [x for x in text.split(".")[1:] if x]


def _join(items):
    return "." + ".".join(items)


def shrink(iss, text, time_limit, budget=300):
    """A smaller puzzle that still disagrees: items dropped, then givens, then clue cells."""
    items = _items(text)
    calls = [0]

    def still(cand):
        calls[0] += 1
        try:
            return compare(iss, _join(cand), time_limit)[0] is not None
        except Exception:
            return False

    fixed = ("Shape", "NoBoxes", "Jigsaw")
    changed = True
    while changed and calls[0] < budget:
        changed = False
        for i in range(len(items) - 1, -1, -1):
            if items[i].split("~")[0] in fixed or calls[0] >= budget:
                continue
            cand = items[:i] + items[i + 1:]
            if still(cand):
                items, changed = cand, True
        for i, item in enumerate(items):
            if not item.startswith("~"):
                continue
            parts = item.split("~")[1:]
            for j in range(len(parts) - 1, -1, -1):
                if calls[0] >= budget or len(parts) == 1:
                    break
                rest = parts[:j] + parts[j + 1:]
                cand = items[:i] + ["~" + "~".join(rest)] + items[i + 1:]
                if still(cand):
                    items, parts, changed = cand, rest, True
    return _join(items)


def puzzle_string(seed, types, sizes):
    """The puzzle of ``seed``: non-square shapes (``4x6``) from ``iss_random_shape``,
    ``--types Var`` (with others to clue extra cells) from ``iss_random_vars``."""
    if types and "Var" in types:
        return iss_random_vars.puzzle_string(seed, types=types)
    if any(isinstance(s, str) for s in sizes):
        return iss_random_shape.puzzle_string(seed, types=types, shapes=sizes)
    return iss_random.puzzle_string(seed, types=types, sizes=sizes)


def undrawn(types, sizes) -> list[str]:
    """The names in ``types`` the generator ``puzzle_string`` picks for them never draws
    (a name it does not know would be passed over without a word, and the run would
    compare other types than the command says).

    >>> undrawn(("Cage", "LittleKiller", "SlowThermo"), (4, 6, 9))
    ['SlowThermo']
    >>> undrawn(("Var", "Sum"), (9,)), undrawn(("Thermo",), ("4x6",)), undrawn(("Sum",), (4,))
    ([], [], [])
    """
    import iss_random_chaos
    import iss_random_sets

    if "Var" in types:
        known = set(iss_random_vars.TYPES) | {"Var"}
    elif any(isinstance(s, str) for s in sizes):
        known = set(iss_random_shape.TYPES)
    else:
        known = (set(iss_random.TYPES) | set(iss_random_sets.ON_REQUEST)
                 | set(iss_random_chaos.ON_REQUEST)
                 | {t for extra in iss_random.EXTRA for t in extra.ON_REQUEST})
    return sorted(set(types) - known)


def _work(seed, types, sizes, time_limit):
    """Worker side: the puzzle of ``seed`` and our verdict on it (ISS runs in the parent)."""
    text = puzzle_string(seed, types, sizes)
    return text, ours(text, time_limit)


def main(argv=None):
    global PARADIGMS  # (--paradigms: the workers, forked, and the shrinking read it)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default=os.environ.get("ISS"), help="ISS checkout (or $ISS)")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--start", type=int, default=0, help="first index (to resume a run)")
    ap.add_argument("--types", help="comma-separated ISS types (default: all generated; Var: "
                                    "puzzles with extra cells, iss_random_vars)")
    ap.add_argument("--sizes", default="4,6,9",
                    help="square sides, or non-square shapes such as 4x6,6x8 (issue 37: "
                         "iss_random_shape's types on them)")
    ap.add_argument("--time-limit", type=float, default=10.0, help="per paradigm, seconds")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--paradigms", default=",".join(PARADIGMS),
                    help="ours that must agree with ISS (default sat,cpsat,witness; fast may "
                         "join: it declines what it does not take, by name)")
    ap.add_argument("--only", help="SEED:INDEX: one puzzle, printed with both answers")
    ap.add_argument("--out", help="JSONL of the disagreements, shrunk (appended)")
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--table", help="write the table here every 500 puzzles (a long run's record)")
    args = ap.parse_args(argv)
    PARADIGMS = tuple(args.paradigms.split(","))
    if not args.iss:
        ap.error("give --iss or set ISS to a checkout of sigh/Interactive-Sudoku-Solver")
    types = tuple(args.types.split(",")) if args.types else None
    sizes = tuple(s if "x" in s else int(s) if s.isdigit() else s
                  for s in args.sizes.split(","))
    bad = [str(s) for s in sizes if not (isinstance(s, str) and re.fullmatch(r"\d+x\d+", s))
           and s not in iss_random.BOX_ROWS]
    if bad:
        ap.error(f"--sizes: the generator draws square sides {', '.join(map(str, iss_random.BOX_ROWS))}"
                 f" or shapes such as 4x6, not {', '.join(bad)}")
    if len({isinstance(s, str) for s in sizes}) > 1:
        ap.error("--sizes takes square sides or non-square shapes, not both")
    if types and undrawn(types, sizes):
        ap.error(f"--types: no generator for these sizes draws {', '.join(undrawn(types, sizes))}"
                 " (iss_random.TYPES, the ON_REQUEST of iss_random.EXTRA, iss_random_shape.TYPES"
                 " and iss_random_vars.TYPES name what each draws)")
    iss = Iss(args.iss)
    if args.only:
        seed, index = args.only.rsplit(":", 1)
        text = puzzle_string(f"{seed}:{index}", types, sizes)
        print(text)
        print("ISS: ", iss.count(text))
        print("ours:", ours(text, args.time_limit))
        return 0
    seeds = [f"{args.seed}:{i}" for i in range(args.start, args.start + args.count)]
    started = time.time()
    print(f"# {len(seeds)} puzzles (seed {args.seed}, from {args.start})", flush=True)
    tried, disagreed, skipped = Counter(), Counter(), Counter()
    verdicts, found = Counter(), []
    iss_ms = []
    out = open(args.out, "a") if args.out else None

    def table(done):
        compared = sum(verdicts.values())
        lines = [f"{compared} puzzles compared of {done} drawn ({dict(verdicts)} by ISS's verdict); "
                 f"not compared: {dict(skipped) or 0}; {len(found)} disagreements; "
                 f"{time.time() - started:.0f} s",
                 f"{'type':<16}{'tried':>8}{'disagree':>10}"]
        lines += [f"{t:<16}{tried[t]:>8}{disagreed[t]:>10}"
                  for t in sorted(tried, key=lambda t: (-tried[t], t))]
        lines.append(f"rerun: ISS=<checkout> python3 benchmarks/peers/diff_iss.py --count {done} "
                     f"--seed {args.seed} --start {args.start}"
                     + (f" --types {args.types}" if args.types else "")
                     + (f" --sizes {args.sizes}" if args.sizes != "4,6,9" else ""))
        return "\n".join(lines) + "\n"
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(_work, s, types, sizes, args.time_limit) for s in seeds]
        for k, (seed, fut) in enumerate(zip(seeds, futures), 1):
            text, mine = fut.result()
            tys = sorted({item.split("~")[0] for item in _items(text)} - {"Shape", ""}) + _shape(text)
            r = iss.count(text)
            iss_ms.append(r.get("ms") or 0)
            theirs = iss_verdict(r)
            if theirs[0] is None or mine[0] is None:  # not settled on one side: not compared
                skipped["ISS refused" if r["status"] == "error" else "ISS capped"
                        if theirs[0] is None else "ours unknown"] += 1
                continue
            for t in tys:
                tried[t] += 1
            verdicts[theirs[0]] += 1
            reason = None
            if mine[0] != theirs[0]:
                reason = f"ISS {theirs[0]}, ours {mine[0]}" + (f" ({mine[2]})" if mine[2] else "")
            elif mine[0] == "unique" and mine[1] != theirs[1]:
                reason = f"both unique, solutions differ: ISS {theirs[1]}, ours {mine[1]}"
            if reason:
                for t in tys:
                    disagreed[t] += 1
                small = text if args.no_shrink else shrink(iss, text, args.time_limit)
                row = {"seed": seed, "reason": reason, "puzzle": text, "shrunk": small,
                       "link": LINK + urllib.parse.quote(small, safe="")}
                found.append(row)
                print(f"DISAGREE {seed}: {reason}\n  {small}", flush=True)
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
            if k % 500 == 0:
                print(f"# {k}/{len(seeds)} done, {len(found)} disagreements, "
                      f"{time.time() - started:.0f} s", flush=True)
                if args.table:
                    Path(args.table).write_text(table(k))
    iss.close()
    text = table(len(seeds))
    if args.table:
        Path(args.table).write_text(text)
    print("\n" + text, end="")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
