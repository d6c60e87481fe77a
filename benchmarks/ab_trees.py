"""Two trees of the project side by side on the shared variant puzzles, interleaved (issue 38).

    python3 benchmarks/ab_trees.py --base REV_OR_FOLDER [--tip FOLDER] [--paradigms fast,sat]
                                   [--passes 2] [--time-limit 5] [--sets iss,fpuzzles]
                                   [--ids ID,ID] [--clock cpu|wall] [--out FILE]
                                   [--repeat 1] [--rows WIDER.jsonl --below 1]

On this machine one run's figures move by up to a quarter from the run before with no
change of ours (docs/variants_speed.md, "Fifteenth round": unchanged ``cpsat`` 19.8 then
24.7 ms), which is as large as most single changes. So a change is measured against its
base in one run, the two trees alternating: each pass starts one fresh process per tree
(``PYTHONPATH`` set to the tree, the tree's own code imported), both kept alive, and hands
each puzzle to one tree then the other, the order turned round every puzzle and every pass;
each puzzle keeps the best of its passes per tree. (Whole passes in turn were not enough:
the host's speed drifts by up to half within minutes, and an A/A run of one tree against
itself so read 1.12 for ``fast`` and 1.16 for ``sat``.)

``--base`` is a folder or a git revision of this checkout (exported with ``git archive``
into a temporary folder). Before the timed passes each tree runs once untimed at a 0.2 s
limit, which fills its numba cache (``--no-warm`` skips it). A worker counts each puzzle
to two with each paradigm (``limit=2``), after one warm-up solve per paradigm, and records
the CPU time of the process (``--clock cpu``, the default: what the other load on the
machine changes least) or the wall time, and the verdict: ``ok`` (unique, the stated
solution), ``timeout``, ``declined``, ``second`` (two solutions, both passing the independent
checker: the source's "unique" is in doubt, or it states none and is not unique, as some of
ISS's "slow" test grids are; not timed, not wrong), ``none`` (no solution where the entry
states none, as ISS's "Zero solution" puzzles: not timed, not wrong) or ``WRONG``.
``--repeat N`` solves each puzzle N times in a row in the worker and keeps the best (for
puzzles of a millisecond or less, where one solve is within the clock's grain and the
noise).

``--sets`` may add ``iss-checkout``: ISS's example puzzles and collections from the checkout
``ISS`` names, those the shared sets hold left out (as ``bench_variants_fast.py`` reads
the wider set); an entry that states no solution counts as ``ok`` when the paradigm finds
it unique (its solution checked independently inside ``solve``, as every answer is).
``--rows F --below X`` keeps only the puzzles whose ISS time in ``F`` (an ``--out`` file of
``bench_variants_fast.py``) is under X ms: the fixed cost per puzzle, issue 38's tiny ones.

Printed: per paradigm, the puzzles each tree settles, and over those both settle the
tip's time over the base's: geometric mean, median, 10th and 90th percentiles, the
totals, each tree's median and geometric mean ms; then the five puzzles that moved most
each way, and the puzzles whose node count (where the paradigm reports one) differs
between the trees. A ``WRONG`` in either tree is listed and makes the exit code 1.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM = ".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4"


# --- the worker: runs inside one tree (its sudoku_cp first on the path) -------------------

def _solver(args):
    """(time one record -> its lines, the paradigms kept) inside this tree, after one warm-up
    solve per paradigm (a paradigm whose dependency is missing is left out)."""
    from sudoku_cp.errors import MissingDependencyError, SudokuCpError
    from sudoku_cp.variants.formats import read_entry
    from sudoku_cp.variants.fpuzzles import parse_fpuzzles
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import UnsupportedConstraint, solve

    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    paradigms = args.paradigms.split(",")
    for p in list(paradigms):
        try:
            solve(parse_iss(WARM), p, limit=2)
        except MissingDependencyError:
            paradigms.remove(p)

    def one(rec) -> list[dict]:
        try:
            if rec["format"] == "any":
                puzzle = read_entry(rec["puzzle"]).puzzle
            else:
                puzzle = (parse_iss if rec["format"] == "iss" else parse_fpuzzles)(rec["puzzle"])
        except SudokuCpError:
            puzzle = None
        if puzzle is None:
            return []
        lines = []
        for p in paradigms:
            start = clock()
            nodes = None
            try:
                r = solve(puzzle, p, limit=2, time_limit=args.time_limit)
            except UnsupportedConstraint:
                verdict, ms = "declined", None
            else:
                ms = (clock() - start) * 1000
                nodes = r.stats.get("nodes")
                verdict = verdict_of(puzzle, r, rec["cells"])
                for _ in range(args.repeat - 1 if verdict == "ok" else 0):
                    start = clock()
                    solve(puzzle, p, limit=2, time_limit=args.time_limit)
                    ms = min(ms, (clock() - start) * 1000)
            lines.append({"id": rec["id"], "paradigm": p, "verdict": verdict, "ms": ms,
                          "nodes": nodes})
        return lines
    return one


def work(args) -> int:
    """Time every record of ``args.records`` with each paradigm; one JSON line each."""
    one = _solver(args)
    for line in Path(args.records).read_text().splitlines():
        for row in one(json.loads(line)):
            print(json.dumps(row), flush=True)
    return 0


def serve(args) -> int:
    """The interleaved worker: ``ready`` once warm, then for each record line read on
    standard input its lines and ``done`` (the driver hands the two trees' workers the
    same puzzle one after the other)."""
    one = _solver(args)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if line.strip():
            for row in one(json.loads(line)):
                print(json.dumps(row), flush=True)
            print(json.dumps({"done": True}), flush=True)
    return 0


def verdict_of(puzzle, r, cells) -> str:
    """One count to two's verdict: ``timeout``; ``ok`` (unique and, when ``cells`` is
    stated, that solution); ``second`` (two solutions, each passing the independent
    checker); ``none`` (no solution, the search finished, and the entry states none, as
    ISS's "Zero solution" collections do: not timed, not wrong; the differential testers
    compare such verdicts with ISS's); else ``WRONG``."""
    from sudoku_cp.variants.rules import check_solution

    if r.status == "timeout":
        return "timeout"
    if r.count == 0 and r.exhausted and cells is None:
        return "none"
    stated = cells is None or list(r.solutions[0][:len(cells)]) == cells if r.count else False
    if r.count == 1 and r.exhausted and stated:
        return "ok"
    if r.count >= 2 and all(check_solution(puzzle, s) == [] for s in r.solutions):
        return "second"
    return "WRONG"


# --- the driver ---------------------------------------------------------------------------

def export(base: str, into: Path) -> Path:
    """``base`` as a folder: itself when it is one, else the git revision exported."""
    if Path(base).is_dir():
        return Path(base).resolve()
    tar = into / "base.tar"
    with open(tar, "wb") as fh:
        subprocess.run(["git", "-C", str(ROOT), "archive", base], stdout=fh,
                       stderr=subprocess.DEVNULL, check=True)
    folder = into / "base"
    with tarfile.open(tar) as t:
        t.extractall(folder, filter="data")
    return folder


def records(data: Path, sets: list[str], ids: set[str] | None,
            checkout: str | None = None) -> list[dict]:
    """The shared records that state a solution, as ``{id, format, puzzle, cells}``, then
    (``iss-checkout`` in ``sets``) the checkout's puzzles the shared sets do not hold."""
    out, seen = [], set()
    for name in sets:
        if name == "iss-checkout":
            continue
        for line in (data / "variants" / f"{name}.jsonl").read_text().splitlines():
            rec = json.loads(line)
            seen.add(rec["puzzle"].strip())
            cells = rec.get("cells")
            if (ids is not None and rec["id"] not in ids) or not cells:
                continue
            out.append({"id": rec["id"], "format": rec.get("format", name),
                        "puzzle": rec["puzzle"], "cells": cells})
    if "iss-checkout" in sets:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from bench_variants_fast import checkout_records

        out += [r for r in checkout_records(checkout, seen) if ids is None or r["id"] in ids]
    return out


def under(rows: str, below: float) -> set[str]:
    """The ids of an ``--out`` file of ``bench_variants_fast.py`` whose ISS ms is under ``below``."""
    keep = set()
    for line in Path(rows).read_text().splitlines():
        row = json.loads(line)
        if isinstance(row.get("iss"), (int, float)) and row["iss"] < below:
            keep.add(row["id"])
    return keep


def run_tree(tree: Path, recs_file: Path, args) -> list[dict]:
    """One pass of one tree: a fresh process whose ``sudoku_cp`` is the tree's."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    cmd = _worker_cmd(args, "--records", str(recs_file))
    proc = subprocess.run(cmd, env=env, cwd=str(tree), capture_output=True, text=True)
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"ab_trees: the worker in {tree} failed: {tail}")
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def _worker_cmd(args, *extra) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), "--worker", *extra, "--paradigms",
            args.paradigms, "--time-limit", str(args.time_limit), "--clock", args.clock,
            "--repeat", str(args.repeat)]


def run_interleaved(trees: dict, recs: list[dict], args, first: str) -> dict:
    """One pass of both trees at once: a fresh process per tree, each puzzle handed to one
    then the other (``first`` first, the order turned round every puzzle). The machine's
    own speed drifts by up to half within minutes (a shared host), so whole passes in turn
    let that drift into the ratio; puzzle by puzzle it falls on both trees alike."""
    names = [first, "tip" if first == "base" else "base"]
    procs = {}
    try:
        for name in names:
            procs[name] = subprocess.Popen(
                _worker_cmd(args, "--serve"), env=dict(os.environ, PYTHONPATH=str(trees[name])),
                cwd=str(trees[name]), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True)
        for name in names:
            _answer(procs[name], trees[name], "ready")
        rows = {name: [] for name in names}
        for i, rec in enumerate(recs):
            for name in (names if i % 2 == 0 else names[::-1]):
                procs[name].stdin.write(json.dumps(rec) + "\n")
                procs[name].stdin.flush()
                rows[name] += _answer(procs[name], trees[name], "done")
        return rows
    finally:
        for proc in procs.values():
            if proc.stdin:
                proc.stdin.close()
            proc.wait()


def _answer(proc, tree: Path, end: str) -> list[dict]:
    """The lines a serving worker writes up to its ``end`` line; its failure as one line."""
    got = []
    while True:
        line = proc.stdout.readline()
        if not line:
            proc.wait()
            tail = (proc.stderr.read().strip().splitlines() or ["no output"])[-1]
            raise SystemExit(f"ab_trees: the worker in {tree} failed: {tail}")
        if not line.startswith("{"):
            continue
        row = json.loads(line)
        if row.get(end):
            return got
        got.append(row)


def best(rows: list[dict]) -> dict:
    """(id, paradigm) -> the best settled time, else the last verdict; a ``WRONG`` in any
    pass stays, whatever the other passes found."""
    out: dict = {}
    for r in rows:
        key = (r["id"], r["paradigm"])
        prev = out.get(key)
        if prev == "WRONG" or r["verdict"] == "WRONG":
            out[key] = "WRONG"
        elif r["verdict"] == "ok":
            out[key] = r["ms"] if not isinstance(prev, float) else min(prev, r["ms"])
        elif not isinstance(prev, float):
            out[key] = r["verdict"]
    return out


def compare(base: dict, tip: dict, paradigm: str) -> dict:
    """The tip against the base for one paradigm: settled counts and ratios over both."""
    ids = sorted({i for (i, p) in list(base) + list(tip) if p == paradigm})
    both = [(i, base[(i, paradigm)], tip[(i, paradigm)]) for i in ids
            if isinstance(base.get((i, paradigm)), float)
            and isinstance(tip.get((i, paradigm)), float)]
    ratios = sorted((t / b if b > 0 else 1.0, i) for i, b, t in both)
    rs = [r for r, _ in ratios]

    def pct(q):
        return rs[min(len(rs) - 1, int(q * len(rs)))] if rs else math.nan

    return {
        "paradigm": paradigm,
        "settled_base": sum(isinstance(base.get((i, paradigm)), float) for i in ids),
        "settled_tip": sum(isinstance(tip.get((i, paradigm)), float) for i in ids),
        "both": len(both),
        "geomean": math.exp(statistics.fmean(math.log(max(r, 1e-9)) for r in rs)) if rs else math.nan,
        "median": statistics.median(rs) if rs else math.nan,
        "p10": pct(0.10), "p90": pct(0.90),
        "total_base": sum(b for _, b, _ in both), "total_tip": sum(t for _, _, t in both),
        "ms_base": [b for _, b, _ in both], "ms_tip": [t for _, _, t in both],
        "faster": [(i, r) for r, i in ratios[:5]], "slower": [(i, r) for r, i in ratios[::-1][:5]],
        "wrong": [i for i in ids if "WRONG" in (base.get((i, paradigm)), tip.get((i, paradigm)))],
        "only_base": [i for i in ids if isinstance(base.get((i, paradigm)), float)
                      and not isinstance(tip.get((i, paradigm)), float)],
        "only_tip": [i for i in ids if isinstance(tip.get((i, paradigm)), float)
                     and not isinstance(base.get((i, paradigm)), float)],
    }


def moved_nodes(rows: dict, paradigm: str) -> list[str]:
    """The puzzles whose node count differs between the trees' settled passes (or within one)."""
    seen: dict = {}
    for tree_rows in rows.values():
        for r in tree_rows:
            if r["paradigm"] == paradigm and r["verdict"] == "ok" and r.get("nodes") is not None:
                seen.setdefault(r["id"], set()).add(r["nodes"])
    return sorted(i for i, counts in seen.items() if len(counts) > 1)


def spread(ms: list[float]) -> str:
    """Median and geometric mean of some ms."""
    if not ms:
        return "none"
    return (f"median {statistics.median(ms):.3f}, geomean "
            f"{math.exp(statistics.fmean(math.log(max(m, 1e-9)) for m in ms)):.3f} ms")


def report(c: dict, clock: str) -> str:
    lines = [f"{c['paradigm']}: settled base {c['settled_base']}, tip {c['settled_tip']}; "
             f"over the {c['both']} both settle, tip / base ({clock}): geomean "
             f"{c['geomean']:.3f}, median {c['median']:.3f}, p10 {c['p10']:.3f}, "
             f"p90 {c['p90']:.3f}; totals {c['total_base']:.0f} -> {c['total_tip']:.0f} ms",
             f"  base {spread(c['ms_base'])}; tip {spread(c['ms_tip'])}"]
    if c["faster"]:
        lines.append("  faster: " + ", ".join(f"{i} x{r:.2f}" for i, r in c["faster"]))
        lines.append("  slower: " + ", ".join(f"{i} x{r:.2f}" for i, r in c["slower"]))
    for word, key in (("settled by the base only", "only_base"),
                      ("settled by the tip only", "only_tip"), ("WRONG", "wrong")):
        if c[key]:
            lines.append(f"  {word}: {', '.join(c[key])}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", help="a folder or a git revision of this checkout")
    ap.add_argument("--tip", default=str(ROOT), help="a folder (default: this checkout)")
    ap.add_argument("--paradigms", default="fast,sat")
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=5.0)
    ap.add_argument("--sets", default="iss,fpuzzles",
                    help="shared sets, and iss-checkout (needs ISS set to a checkout)")
    ap.add_argument("--ids", help="comma-separated puzzle ids (default: every one)")
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    ap.add_argument("--no-warm", action="store_true",
                    help="skip the untimed first pass per tree (at a 0.2 s limit) that fills "
                    "each tree's numba cache")
    ap.add_argument("--out", help="write every worker line here (JSON lines, with tree and pass)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="solves per puzzle in a pass, the best kept (default 1)")
    ap.add_argument("--rows", help="an --out file of bench_variants_fast.py: with --below, only "
                    "its puzzles whose ISS ms is under --below")
    ap.add_argument("--below", type=float, default=1.0, help="ISS ms for --rows (default 1)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--records", help=argparse.SUPPRESS)
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return serve(args) if args.serve else work(args)
    if not args.base:
        ap.error("--base is required")
    data = Path(args.data)
    if not (data / "variants").is_dir():
        print(f"ab_trees: no variants/ folder in {data}", file=sys.stderr)
        return 2
    sets = args.sets.split(",")
    if "iss-checkout" in sets and not os.environ.get("ISS"):
        print("ab_trees: --sets iss-checkout needs ISS set to a checkout", file=sys.stderr)
        return 2
    ids = set(args.ids.split(",")) if args.ids else None
    if args.rows:
        try:
            kept = under(args.rows, args.below)
        except (OSError, ValueError) as exc:
            print(f"ab_trees: cannot read --rows {args.rows}: {exc}", file=sys.stderr)
            return 2
        ids = kept if ids is None else ids & kept
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        try:
            trees = {"base": export(args.base, tmp), "tip": Path(args.tip).resolve()}
        except subprocess.CalledProcessError:
            print(f"ab_trees: {args.base!r} is neither a folder nor a revision", file=sys.stderr)
            return 2
        recs = records(data, sets, ids, os.environ.get("ISS"))
        recs_file = tmp / "records.jsonl"
        recs_file.write_text("".join(json.dumps(r) + "\n" for r in recs))
        print(f"{len(recs)} puzzles; base {trees['base']}, tip {trees['tip']}; "
              f"load average {os.getloadavg()[0]:.2f}", flush=True)
        if not args.no_warm:
            warm = argparse.Namespace(**dict(vars(args), time_limit=0.2))
            for name in ("base", "tip"):
                start = time.perf_counter()
                run_tree(trees[name], recs_file, warm)
                print(f"warm-up, {name}: {time.perf_counter() - start:.1f} s wall", flush=True)
        rows = {"base": [], "tip": []}
        try:
            out = open(args.out, "w") if args.out else None
        except OSError as exc:
            print(f"ab_trees: cannot write --out {args.out}: {exc.strerror}", file=sys.stderr)
            return 2
        for n in range(args.passes):
            start = time.perf_counter()
            got = run_interleaved(trees, recs, args, "base" if n % 2 == 0 else "tip")
            for name in ("base", "tip"):
                rows[name] += got[name]
                if out:
                    out.writelines(json.dumps(dict(r, tree=name, run=n)) + "\n"
                                   for r in got[name])
                    out.flush()
            print(f"pass {n + 1}, both trees puzzle by puzzle: "
                  f"{time.perf_counter() - start:.1f} s wall", flush=True)
        if out:
            out.close()
    base, tip = best(rows["base"]), best(rows["tip"])
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    wrong = False
    for p in args.paradigms.split(","):
        c = compare(base, tip, p)
        print(report(c, args.clock))
        moved = moved_nodes(rows, p)
        if moved:
            print(f"  node counts that differ: {', '.join(moved)}")
        wrong |= bool(c["wrong"])
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
