"""Differential test against dclamage's SudokuVariantSolverJS (SVSJS), the f-puzzles oracle.

Random f-puzzles strings (``svsjs_gen``: every field both the project and SVSJS read, on
4x4, 6x6 and 9x9, boxes or random irregular regions, each type alone and mixed, clues read
off a random full grid or drawn at random) are answered by both sides:

- SVSJS counts solutions to two (``svsjs_count.js``, a pool of persistent node workers
  talking JSON lines; one Solver per process, see that file for why) and, when there is
  one, gives it;
- the project parses the same string with its own f-puzzles reader and cross-checks it
  with ``sat``, ``cpsat`` and ``witness`` (``crosscheck(..., time_limit=...)``).

Verdicts (unique / multiple / none) are compared, and the solution when unique; our own
paradigms disagreeing counts as a disagreement too. A disagreement is shrunk (constraints,
lines, givens, pencilmarks, cells of cages and lines dropped one at a time while the same
disagreement stays) and written to ``--out`` as an f-puzzles string and link. A puzzle where
either side times out is skipped and counted apart; so is one our reader refuses or where
a side raises (each written out too).

    SVSJS=../svsjs python3 benchmarks/peers/diff_svsjs.py --count 200 --seed 1

The SVSJS checkout must be built (``npm install && npm run build``: ``dist/bundle.js``); node
must be on PATH. Options: ``--count``, ``--seed``, ``--types``, ``--sizes``, ``--out``,
``--time-limit``, ``--jobs``, ``--only`` (rerun some puzzle numbers of a seed).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import re
import select
import shlex
import subprocess
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

import svsjs_gen as gen  # noqa: E402
from sudoku_cp.errors import PuzzleError  # noqa: E402
from sudoku_cp.variants import fpuzzles  # noqa: E402
from sudoku_cp.variants.crosscheck import ParadigmError, crosscheck  # noqa: E402

HELPER = HERE / "svsjs_count.js"
LINK = "https://www.f-puzzles.com/?load="
OURS = ("sat", "cpsat", "witness")

#: The f-puzzles fields each generator writes (to say which fields the run covers).
FIELDS_OF = {"givens": (), "region": (), "givenpencilmarks": (), "nonconsecutive": ("nonconsecutive",),
             "negative-ratio": ("negative",), "negative-xv": ("negative",)}


# -- SVSJS: a persistent node worker -----------------------------------------------------------

class SvsjsWorker:
    """One node process running ``svsjs_count.js``: a request line in, an answer line out."""

    def __init__(self, checkout: str):
        self.checkout = checkout
        self.proc = None
        self.asked = 0

    def start(self):
        env = dict(os.environ, SVSJS=self.checkout)
        self.proc = subprocess.Popen(["node", str(HELPER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, env=env, bufsize=1)

    def send(self, puzzle: str, ms: int):
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        self.asked += 1
        self.proc.stdin.write(json.dumps({"id": self.asked, "puzzle": puzzle, "ms": ms}) + "\n")
        self.proc.stdin.flush()

    def receive(self, wait: float) -> dict:
        """The answer to the last request; after ``wait`` seconds of silence the worker is
        ended (a board whose set-up alone outlasts the limit never checks its cancel flag)."""
        ready, _, _ = select.select([self.proc.stdout], [], [], wait)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            self.close()
            return {"verdict": "timeout", "err": "no answer (worker ended)"}
        return json.loads(line)

    def ask(self, puzzle: str, time_limit: float) -> dict:
        self.send(puzzle, int(time_limit * 1000))
        return self.receive(time_limit * 2 + 10)

    def close(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


# -- ours, and the comparison -----------------------------------------------------------------

def ours(text: str, time_limit: float) -> dict:
    """The project's verdict on an f-puzzles string, read by its own reader."""
    try:
        puzzle = fpuzzles.parse_fpuzzles(text)
    except PuzzleError as exc:  # UnsupportedConstraint is a PuzzleError
        return {"verdict": "refused", "err": str(exc)}
    try:
        r = crosscheck(puzzle, OURS, time_limit=time_limit)
    except ParadigmError as exc:
        return {"verdict": "error", "err": str(exc)}
    out = {"verdict": r.verdict.value}
    if r.verdict.value == "unknown" and len(r.results) < 2:  # declined, not slow
        out.update(verdict="refused", err="; ".join(f"{k}: {v}" for k, v in r.not_run.items()))
    if r.verdict.value == "unique":
        out["solution"] = list(r.solution)
    if r.evidence:
        out["evidence"] = r.evidence[:3]
    if r.not_run:
        out["not_run"] = r.not_run
    return out


def outcome(mine: dict, theirs: dict) -> str:
    """``agree``, ``disagree``, or why the puzzle does not count: ``timeout``, ``refused``
    (our reader refused the string), ``error`` (a side raised)."""
    a, b = mine["verdict"], theirs["verdict"]
    if a == "refused":
        return "refused"
    if a == "error" or b == "error":
        return "error"
    if a == "disagree":
        return "disagree"  # our own paradigms contradict each other
    if a == "unknown" or b == "timeout":
        return "timeout"
    if a != b:
        return "disagree"
    if a == "unique" and mine["solution"] != theirs.get("solution"):
        return "disagree"
    return "agree"


def both(worker: SvsjsWorker, data: dict, time_limit: float):
    """``(ours, theirs, outcome)`` for one f-puzzles JSON object; SVSJS works meanwhile."""
    text = fpuzzles.encode(data)
    worker.send(text, int(time_limit * 1000))
    mine = ours(text, time_limit)
    theirs = worker.receive(time_limit * 2 + 10)
    return mine, theirs, outcome(mine, theirs)


# -- shrinking -------------------------------------------------------------------------------------

_CELL_LISTS = {"killercage": 1, "extraregion": 2}  # field -> fewest cells kept
_LINES_MIN = {"arrow": 2, "betweenline": 2, "doublearrow": 2}  # other lines keep 2 cells too


def reductions(data: dict):
    """Every puzzle one step smaller than ``data``: big steps (whole constraints, all givens)
    first, single cells last."""
    n = data["size"]
    givens = [(r, c) for r in range(n) for c in range(n) if data["grid"][r][c].get("given")]
    for key in [k for k, v in data.items() if v is True]:
        yield _without(data, key)
    for i in range(len(data.get("negative", []))):
        d = copy.deepcopy(data)
        del d["negative"][i]
        if not d["negative"]:
            del d["negative"]
        yield d
    for key, entries in [(k, v) for k, v in data.items() if isinstance(v, list) and k not in ("grid", "negative")]:
        for i in range(len(entries)):
            d = copy.deepcopy(data)
            del d[key][i]
            if not d[key]:
                del d[key]
            yield d
    if len(givens) > 1:
        for part in (givens[: len(givens) // 2], givens[len(givens) // 2:]):
            yield _ungiven(data, part)
    for rc in givens:
        yield _ungiven(data, [rc])
    for r in range(n):
        for c in range(n):
            if "givenPencilMarks" in data["grid"][r][c]:
                d = copy.deepcopy(data)
                del d["grid"][r][c]["givenPencilMarks"]
                yield d
    for key, entries in [(k, v) for k, v in data.items() if isinstance(v, list) and k not in ("grid", "negative")]:
        for i, e in enumerate(entries):
            if not isinstance(e, dict):
                continue
            for j, line in enumerate(e.get("lines", ())):
                if len(e["lines"]) > 1:
                    d = copy.deepcopy(data)
                    del d[key][i]["lines"][j]
                    yield d
                first = 1 if key == "arrow" else 0  # an arrow's line starts in its bulb
                if len(line) > _LINES_MIN.get(key, 2):
                    for k in range(first, len(line)):
                        d = copy.deepcopy(data)
                        del d[key][i]["lines"][j][k]
                        yield d
            if key in _CELL_LISTS and len(e["cells"]) > _CELL_LISTS[key]:
                for k in range(len(e["cells"])):
                    d = copy.deepcopy(data)
                    del d[key][i]["cells"][k]
                    yield d
            if key == "clone" and len(e["cells"]) > 1:
                for k in range(len(e["cells"])):
                    d = copy.deepcopy(data)
                    del d[key][i]["cells"][k]
                    del d[key][i]["cloneCells"][k]
                    yield d
            if key == "quadruple" and len(e["values"]) > 1:
                for k in range(len(e["values"])):
                    d = copy.deepcopy(data)
                    del d[key][i]["values"][k]
                    yield d


def _without(data, key):
    d = copy.deepcopy(data)
    del d[key]
    return d


def _ungiven(data, cells):
    d = copy.deepcopy(data)
    for r, c in cells:
        cell = d["grid"][r][c]
        cell.pop("value", None)
        cell.pop("given", None)
    return d


def shrink(worker, data, first, time_limit, budget=150.0, max_checks=600):
    """The smallest puzzle found that keeps the disagreement ``first`` = (ours, theirs)."""
    want = (first[0]["verdict"], first[1]["verdict"])
    best, best_pair = data, first
    start, checks, i, changed = time.monotonic(), 0, 0, False
    while time.monotonic() - start < budget and checks < max_checks:
        cands = list(reductions(best))
        if i >= len(cands):
            if not changed:
                break
            i, changed = 0, False
            continue
        checks += 1
        mine, theirs, out = both(worker, cands[i], time_limit)
        if out == "disagree" and (mine["verdict"], theirs["verdict"]) == want:
            best, best_pair, changed = cands[i], (mine, theirs), True
        else:
            i += 1
    return best, best_pair, checks


# -- one puzzle, in a pool worker -------------------------------------------------------------

_WORKER = None


def _init_worker(checkout):
    global _WORKER
    _WORKER = SvsjsWorker(checkout)


def recipe(seed: int, index: int, types, sizes):
    """Puzzle ``index`` of ``seed``: even numbers take the types alone in turn, odd ones mix
    two to four; the size and the mode (clues off the grid, or random) are drawn."""
    rng = random.Random(f"svsjs/{seed}/{index}")
    n = rng.choice(sizes)
    mode = "grid" if rng.random() < 0.7 else "random"
    if index % 2 == 0 or len(types) == 1:
        chosen = [types[(index // 2) % len(types)]]
    else:
        chosen = rng.sample(types, rng.randint(2, min(4, len(types))))
    return rng, n, chosen, mode


def run_one(args) -> dict:
    seed, index, types, sizes, time_limit, do_shrink = args
    rng, n, chosen, mode = recipe(seed, index, types, sizes)
    p = gen.make_puzzle(rng, n, chosen, mode)
    t0 = time.monotonic()
    mine, theirs, out = both(_WORKER, p.data, time_limit)
    rec = {"index": index, "size": n, "mode": mode, "types": p.types, "alone": len(chosen) == 1,
           "outcome": out, "ours": mine["verdict"], "svsjs": theirs["verdict"],
           "seconds": round(time.monotonic() - t0, 3)}
    if out in ("disagree", "error", "refused"):
        text = fpuzzles.encode(p.data)
        rec.update(fpuzzles=text, link=LINK + text, detail={"ours": mine, "svsjs": theirs})
        if out == "disagree" and do_shrink:
            small, (m2, t2), checks = shrink(_WORKER, p.data, (mine, theirs), time_limit)
            s_text = fpuzzles.encode(small)
            rec["shrunk"] = {"fpuzzles": s_text, "link": LINK + s_text, "json": small, "checks": checks,
                             "ours": m2, "svsjs": t2}
    return rec


def sample(checkout: str, count: int, seed: int, sizes=(4, 6), time_limit: float = 5.0, types=None):
    """The records of puzzles ``0..count-1`` of ``seed``, in this process (for the tests)."""
    global _WORKER
    _WORKER = SvsjsWorker(checkout)
    try:
        return [run_one((seed, i, list(types or gen.TYPES), list(sizes), time_limit, False))
                for i in range(count)]
    finally:
        _WORKER.close()


# -- which fields the run covers --------------------------------------------------------------

def svsjs_fields(checkout: str) -> set:
    """The f-puzzles fields SVSJS reads, from its source (registrations and the fields its
    aggregate constraints read off the board)."""
    found = set()
    for ts in Path(checkout, "src", "solver", "Constraint").glob("*.ts"):
        text = ts.read_text()
        found.update(re.findall(r"register(?:Boolean|Multi)?Constraint\(\s*'([^']+)'", text))
        if "registerAggregateConstraint" in text:
            found.update(re.findall(r"boardData\.(\w+)", text))
    return found


def coverage(checkout: str, types) -> list[str]:
    theirs, mine = svsjs_fields(checkout), set(fpuzzles.SUPPORTED)
    written = {f for t in types for f in FIELDS_OF.get(t, (t,))}
    lines = [f"fields both read and generated: {', '.join(sorted(written & theirs & mine))}"]
    missing = (theirs & mine) - written - {"negative"}
    if missing:
        lines.append(f"fields both read, NOT generated: {', '.join(sorted(missing))}")
    lines.append(f"fields only the project reads (not compared: SVSJS would ignore them): "
                 f"{', '.join(sorted(mine - theirs)) or '-'}")
    return lines


# -- the command --------------------------------------------------------------------------------

def table(records) -> list[str]:
    rows = defaultdict(Counter)
    for r in records:
        for t in r["types"] + ["(all)"]:
            row = rows[t]
            counted = r["outcome"] in ("agree", "disagree")
            if t == "(all)":
                row["tried"] += counted
            else:
                row["alone" if r["alone"] else "mixed"] += counted
            row[r["outcome"]] += 1
    out = [f"{'type':<18}{'alone':>7}{'mixed':>7}{'tried':>7}{'disagree':>10}{'timeout':>9}{'error':>7}{'refused':>9}"]
    for t in sorted(rows, key=lambda t: (t == "(all)", t)):
        row = rows[t]
        tried = row["tried"] if t == "(all)" else row["alone"] + row["mixed"]
        alone = "" if t == "(all)" else row["alone"]
        mixed = "" if t == "(all)" else row["mixed"]
        out.append(f"{t:<18}{alone!s:>7}{mixed!s:>7}{tried:>7}{row['disagree']:>10}{row['timeout']:>9}"
                   f"{row['error']:>7}{row['refused']:>9}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--svsjs", default=os.environ.get("SVSJS"), help="built SVSJS checkout (default $SVSJS)")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None, help="default: drawn, and printed")
    ap.add_argument("--types", default=",".join(gen.TYPES), help="comma-separated generator names")
    ap.add_argument("--sizes", default="4,6,9")
    ap.add_argument("--out", default="out/svsjs_diff.jsonl", help="JSONL of disagreements, errors, refusals")
    ap.add_argument("--time-limit", type=float, default=10.0, help="seconds per side and puzzle")
    ap.add_argument("--jobs", type=int, default=1, help="puzzles at a time (each with its node worker)")
    ap.add_argument("--only", default="", help="comma-separated puzzle numbers to rerun")
    ap.add_argument("--no-shrink", action="store_true")
    a = ap.parse_args(argv)
    if not a.svsjs or not Path(a.svsjs, "dist", "bundle.js").is_file():
        print("need a built SVSJS checkout: --svsjs DIR or $SVSJS (npm install && npm run build)", file=sys.stderr)
        return 2
    types = [t for t in a.types.split(",") if t]
    unknown = [t for t in types if t not in gen.TYPES]
    if unknown:
        print(f"unknown type(s) {', '.join(unknown)}; choose from {', '.join(gen.TYPES)}", file=sys.stderr)
        return 2
    sizes = [int(s) for s in a.sizes.split(",")]
    if set(sizes) - set(gen.BOX):
        print(f"sizes must be among {sorted(gen.BOX)}", file=sys.stderr)
        return 2
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(10**6)
    indices = [int(i) for i in a.only.split(",") if i] if a.only else list(range(a.count))
    argv_used = [arg for arg in (argv if argv is not None else sys.argv[1:])]
    if a.seed is None:
        argv_used += ["--seed", str(seed)]
    rerun = "python3 benchmarks/peers/diff_svsjs.py " + " ".join(shlex.quote(x) for x in argv_used)
    print(f"seed {seed}; rerun: {rerun}", flush=True)
    for line in coverage(a.svsjs, types):
        print(line)
    tasks = [(seed, i, types, sizes, a.time_limit, not a.no_shrink) for i in indices]
    records, start = [], time.monotonic()
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)  # (out/ by default: git-ignored)
    with open(a.out, "w") as out, ProcessPoolExecutor(a.jobs, initializer=_init_worker,
                                                      initargs=(a.svsjs,)) as pool:
        for k, rec in enumerate(pool.map(run_one, tasks)):
            records.append(rec)
            if rec["outcome"] in ("disagree", "error", "refused"):
                out.write(json.dumps({"seed": seed, **rec}) + "\n")
                out.flush()
                print(f"#{rec['index']} {rec['outcome']}: ours {rec['ours']}, svsjs {rec['svsjs']} "
                      f"({', '.join(rec['types'])}; {rec['size']}x{rec['size']}, {rec['mode']})"
                      + (f" shrunk: {rec['shrunk']['link']}" if "shrunk" in rec else ""), flush=True)
            if (k + 1) % 250 == 0:
                c = Counter(r["outcome"] for r in records)
                print(f"... {k + 1}/{len(tasks)} in {time.monotonic() - start:.0f} s: {dict(c)}", flush=True)
    print()
    for line in table(records):
        print(line)
    c = Counter(r["outcome"] for r in records)
    slow = [str(r["index"]) for r in records if r["outcome"] == "timeout"]
    if slow:
        print(f"\ntimed out (rerun with --only): {','.join(slow)}")
    print(f"\n{len(records)} puzzles in {time.monotonic() - start:.0f} s: {c['agree'] + c['disagree']} compared, "
          f"{c['disagree']} disagreements, {c['timeout']} timed out, {c['error']} errors, "
          f"{c['refused']} refused by our reader (out: {a.out})")
    print(f"seed {seed}; rerun: {rerun}")
    return 1 if c["disagree"] else 0


if __name__ == "__main__":
    sys.exit(main())
