"""``fast``'s fixed cost on the wider set: its program's build against the rest, per puzzle.

    ISS=<checkout> python3 benchmarks/bench_fast_build.py fingerprint
    ISS=<checkout> python3 benchmarks/bench_fast_build.py split --iss-times RUN.jsonl [--repeat 5]
    ISS=<checkout> python3 benchmarks/bench_fast_build.py ab TREE_A,TREE_B --iss-times RUN.jsonl [--rounds 2]

The wider set is issue 38's (``--sets iss,fpuzzles,iss-checkout`` of
``bench_variants_fast.py``). ``RUN.jsonl`` is that benchmark's ``--out`` file, run with
``--paradigms fast``: it names the puzzles ``fast`` settled and gives ISS's time for each
(ISS's own clock, its search alone), the fixed denominator of every ratio here. All times
are CPU (``time.process_time``), best of ``--repeat``: the machine may be shared.

- ``fingerprint``: one SHA-1 over every array of every program the set builds (and the
  names of the puzzles declined), to show a change leaves the programs byte-identical.
- ``split``: per puzzle, the build (``compile_puzzle``), the kernel (``engine.solve`` less
  the build) and the wrapper (``paradigms.solve`` less ``engine.solve``); the ratio of
  ``paradigms.solve`` to ISS's time; the medians; the puzzles from the median ratio up.
- ``ab``: the trees alternated, ``--rounds`` times, one process per tree and round (so
  each imports its own tree: a copy made with ``git archive``); per puzzle the best over
  the rounds; the median and geometric mean of the ratio and of the build per tree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The tree measured: the one PYTHONPATH names (``ab`` runs this file once per tree), else this.
TREE = Path(os.environ["PYTHONPATH"].split(os.pathsep)[0]) if os.environ.get("PYTHONPATH") else ROOT
sys.path.insert(0, str(TREE))
sys.path.insert(0, str(TREE / "benchmarks"))  # (its bench_variants_fast puts TREE first again)

ARRAYS = ("dom", "kinds", "pstart", "cstart", "data", "pcells", "tab", "hstart", "hcells",
          "hbits", "wlist", "wstart")
#: Puzzles over this many ms of CPU are timed once per round (the search's, not the build's).
SLOW_MS = 100.0


def records():
    """The wider set's records, as ``bench_variants_fast.py`` reads them."""
    from bench_variants_fast import checkout_records, data_folder

    if not os.environ.get("ISS"):
        sys.exit("bench_fast_build: the wider set needs ISS set to a checkout")
    data = data_folder(None)
    recs = [json.loads(line) for name in ("iss", "fpuzzles")
            for line in (data / "variants" / f"{name}.jsonl").read_text().splitlines()]
    return recs + checkout_records(os.environ["ISS"], {r["puzzle"].strip() for r in recs})


def settled(path) -> dict:
    """id -> ISS's ms, for the puzzles both ``fast`` and ISS settled in ``path``."""
    out = {}
    for line in Path(path).read_text().splitlines():
        row = json.loads(line)
        if row.get("iss") and isinstance(row["ms"].get("fast"), float):
            out[row["id"]] = row["iss"]
    return out


def puzzles(ids=None):
    """(id, puzzle) of the wider set that the project reads (only ``ids`` when given)."""
    from bench_variants_fast import read

    for rec in records():
        if ids is None or rec["id"] in ids:
            puzzle = read(rec)
            if puzzle is not None:
                yield rec["id"], puzzle


def fingerprint() -> str:
    from sudoku_cp.variants.fastvar.program import compile_puzzle
    from sudoku_cp.variants.paradigms import UnsupportedConstraint

    total, built = hashlib.sha1(), 0
    for pid, puzzle in puzzles():
        try:
            prog = compile_puzzle(puzzle)
        except UnsupportedConstraint:
            total.update(b"declined " + pid.encode())
            continue
        built += 1
        total.update(pid.encode())
        for name in ARRAYS:
            a = getattr(prog, name)
            total.update(name.encode() + str(a.dtype).encode() + a.tobytes())
        total.update(repr((prog.first, prog.inorder, prog.shown, prog.lo, prog.nv)).encode())
    return f"{total.hexdigest()} over {built} programs"


def best_cpu(f, repeat: int) -> float:
    best = math.inf
    for _ in range(repeat):
        start = time.process_time()
        f()
        best = min(best, time.process_time() - start)
    return best * 1000


def measure(iss: dict, repeat: int, parts: bool) -> dict:
    """id -> {para, build[, engine]} in ms of CPU for the puzzles of ``iss``."""
    from sudoku_cp.variants.fastvar import engine
    from sudoku_cp.variants.fastvar.program import compile_puzzle
    from sudoku_cp.variants.iss import parse_iss
    from sudoku_cp.variants.paradigms import UnsupportedConstraint, solve

    solve(parse_iss(".Thermo~R1C1~R1C2~R1C3~R1C4.Shape~4x4"), "fast", limit=2)  # (warm)
    out = {}
    for pid, puzzle in puzzles(set(iss)):
        def count():
            solve(puzzle, "fast", limit=2, time_limit=2.0)

        first = best_cpu(count, 1)
        n = 1 if first > SLOW_MS else repeat
        row = {"para": min(first, best_cpu(count, n - 1))}
        try:
            row["build"] = best_cpu(lambda: compile_puzzle(puzzle), n)
        except UnsupportedConstraint:
            pass  # (the classic solver's: houses only)
        else:
            if parts:
                row["engine"] = best_cpu(lambda: engine.solve(puzzle, limit=2, time_limit=2.0), n)
        out[pid] = row
    return out


def geomean(xs) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def summary(times: dict, iss: dict) -> str:
    ratios = [t["para"] / max(iss[k], 0.05) for k, t in times.items()]
    builds = [t["build"] for t in times.values() if "build" in t]
    return (f"{len(ratios)} puzzles: fast / ISS median {statistics.median(ratios):.3f}, "
            f"geomean {geomean(ratios):.3f}; build median {statistics.median(builds):.4f} ms, "
            f"geomean {geomean(builds):.4f} ms over {len(builds)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("fingerprint", "split", "ab", "measure"))
    ap.add_argument("trees", nargs="?", help="ab: two or more trees, comma-separated")
    ap.add_argument("--iss-times", help="bench_variants_fast.py --paradigms fast --out file")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--out", help="measure: where the times go (JSON)")
    args = ap.parse_args(argv)
    if args.what == "fingerprint":
        print(fingerprint())
        return 0
    iss = settled(args.iss_times)
    if args.what == "measure":  # (one round of ``ab``, in the tree on PYTHONPATH)
        Path(args.out).write_text(json.dumps(measure(iss, args.repeat, False)))
        return 0
    if args.what == "split":
        times = measure(iss, args.repeat, True)
        print(summary(times, iss))
        rows = sorted(times.items(), key=lambda kv: kv[1]["para"] / max(iss[kv[0]], 0.05))
        print(f"{'ratio':>6} {'ISS':>7} {'fast':>8} {'build':>7} {'kernel':>8} {'wrap':>6}  puzzle")
        for pid, t in rows[len(rows) // 2:]:
            k = t["engine"] - t["build"] if "engine" in t else float("nan")
            w = t["para"] - t["engine"] if "engine" in t else float("nan")
            print(f"{t['para'] / max(iss[pid], 0.05):6.2f} {iss[pid]:7.2f} {t['para']:8.2f} "
                  f"{t.get('build', float('nan')):7.2f} {k:8.2f} {w:6.2f}  {pid}")
        return 0
    trees = args.trees.split(",")
    best = [{} for _ in trees]
    for r in range(args.rounds):
        for i, tree in enumerate(trees):
            out = Path(f"/tmp/bench_fast_build_{os.getpid()}_{i}.json")
            subprocess.run([sys.executable, __file__, "measure", "--iss-times", args.iss_times, "--repeat", str(args.repeat),
                            "--out", str(out)], env={**os.environ, "PYTHONPATH": tree}, check=True)
            for pid, t in json.loads(out.read_text()).items():
                for key, ms in t.items():
                    best[i].setdefault(pid, {})[key] = min(best[i].get(pid, {}).get(key, math.inf), ms)
            out.unlink()
    both = set.intersection(*(set(b) for b in best))
    for tree, b in zip(trees, best):
        print(f"{tree}: {summary({k: b[k] for k in both}, iss)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
