"""Where a ``check --workers N`` run's CPU goes, to the millisecond: the parent's threads and
the workers, after start-up.

``check_workers.py`` samples CPU seconds with psutil every 20 ms; this one reads them
exactly. Each run is ``python3 -c <wrapper> check -f FILE --backends fast --workers N``
(the wrapper is the command line plus a hook on ``batch.Batch.run``), on the whole file
and on its first ``--head`` puzzles, alternating, ``--rounds`` times; figures are the
whole file's less the start-up run's (medians):

- **parent**: the parent's own user + system seconds (``getrusage`` at exit);
- **in Batch.run, per thread**: each thread's CPU while the batch streams, from
  ``/proc/self/task/*/schedstat`` (nanoseconds): the main thread (reading, sending,
  writing), the executor's manager thread (answers and wake-ups) and its queue feeder
  (pickling what is sent);
- **tree**: CPU of the command and every process it starts (``perf stat -e task-clock``,
  which follows the forkserver's children; without ``perf`` on PATH only the parent's
  figures are printed); **workers** is the tree's less the parent's (the forkserver and
  the resource tracker, idle after start-up, are counted with them).

The **bound** and **scaling** are ``check_workers.py``'s: the least wall time those CPU
seconds allow on two free cores, and the 1-worker bound over the N-worker one.

    python3 benchmarks/bench_batch_cpu.py --rounds 5
    python3 benchmarks/bench_batch_cpu.py --rounds 5 --baseline ../main   # same rounds, two trees
    python3 benchmarks/bench_batch_cpu.py --rounds 7 --baseline . --chunk-size 2000
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from puzzle_lines import write_head  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("SUDOKU_DATA", ROOT.parent / "shared" / "data"))

#: The command line, with the parent's threads timed inside ``Batch.run`` and its own CPU
#: printed at exit (one JSON line on stderr).
WRAPPER = r'''
import atexit, json, os, resource, sys, threading
from sudoku_cp import batch

seen = {}

def cpu():
    out = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/schedstat") as f:
                out[int(tid)] = int(f.read().split()[0]) / 1e9
        except OSError:
            pass
    return out

def kind(t):
    name = type(t).__name__
    if name == "_ExecutorManagerThread":
        return "manager"
    return {"MainThread": "main", "QueueFeederThread": "feeder"}.get(t.name, t.name)

run = batch.Batch.run
def timed(self, *a, **k):
    before = cpu()
    try:
        return run(self, *a, **k)
    finally:
        after, names = cpu(), {t.native_id: kind(t) for t in threading.enumerate()}
        for tid, c in after.items():
            key = names.get(tid, "other")
            seen[key] = seen.get(key, 0.0) + c - before.get(tid, 0.0)
batch.Batch.run = timed

def report():
    r = resource.getrusage(resource.RUSAGE_SELF)
    print("CPU " + json.dumps({"parent": r.ru_utime + r.ru_stime, "threads": seen}),
          file=sys.stderr)
atexit.register(report)

from sudoku_cp.cli import main
sys.exit(main(sys.argv[1:]))
'''


def run(root: Path, path: Path, workers: int, backends: str, extra: list[str]) -> dict:
    """One run in the checkout ``root``: the parent's figures, and the tree's CPU."""
    cmd = [sys.executable, "-c", WRAPPER, "check", "-f", str(path), "--backends", backends,
           "--workers", str(workers), "--no-progress", *extra]
    perf = shutil.which("perf")
    if perf:
        cmd = [perf, "stat", "-x,", "-e", "task-clock", "--", *cmd]
    proc = subprocess.run(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    found = re.search(r"^CPU (\{.*\})$", proc.stderr, re.M)
    if proc.returncode not in (0, 1) or not found:
        sys.exit(f"{' '.join(cmd[-9:])} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    out = json.loads(found.group(1))
    tree = re.search(r"^([\d.]+),msec,task-clock", proc.stderr, re.M)
    out["tree"] = float(tree.group(1)) / 1000 if tree else None
    return out


def after(full: dict, small: dict) -> dict:
    """The whole file's figures less the start-up run's."""
    threads = {k: v - small["threads"].get(k, 0.0) for k, v in full["threads"].items()}
    out = {"parent": full["parent"] - small["parent"], "threads": threads}
    if full["tree"] is not None and small["tree"] is not None:
        out["workers"] = (full["tree"] - small["tree"]) - out["parent"]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(DATA / "royle_17_clue.txt"))
    ap.add_argument("--head", type=int, default=100, help="puzzles of the start-up run")
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--backends", default="fast")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--baseline", help="another checkout to measure in the same rounds")
    ap.add_argument("--chunk-size", type=int, help="this tree's --chunk-size (default: the "
                    "command's); the baseline runs with the command's default")
    args = ap.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    trees = {"this tree": ROOT}
    if args.baseline:
        trees = {"baseline": Path(args.baseline).resolve(), **trees}
    got: dict = {(t, w): [] for t in trees for w in counts}
    with tempfile.TemporaryDirectory() as tmp:
        head = write_head(Path(args.file), args.head, Path(tmp) / "head.txt")
        for r in range(args.rounds):
            for tree, root in trees.items():
                for w in counts:
                    extra = (["--chunk-size", str(args.chunk_size)]
                             if args.chunk_size and tree == "this tree" else [])
                    full = run(root, Path(args.file), w, args.backends, extra)
                    small = run(root, head, w, args.backends, extra)
                    got[tree, w].append(after(full, small))
            print(f"round {r + 1} done (load {os.getloadavg()[0]:.1f})", flush=True)
    cores = os.cpu_count() or 1
    for tree, root in trees.items():
        print(f"## {args.file}, --backends {args.backends}, medians of {args.rounds} rounds"
              + (f", {tree} ({root})" if args.baseline else ""))
        first = None
        for w in counts:
            rows = got[tree, w]
            parent = statistics.median(x["parent"] for x in rows)
            names = sorted({k for x in rows for k in x["threads"]})
            threads = ", ".join(
                f"{k} {statistics.median(x['threads'].get(k, 0.0) for x in rows):.3f}"
                for k in names)
            text = (f"{w} worker(s): CPU after start-up, parent {parent:.3f} s "
                    f"(in Batch.run: {threads})")
            if all("workers" in x for x in rows):
                workers = statistics.median(x["workers"] for x in rows)
                bound = max(parent, workers / w, (parent + workers) / cores)
                first = first if first is not None else bound
                text += (f"; workers {workers:.3f} s; bound on {cores} free cores {bound:.3f} s"
                         f" (scaling {first / bound:.2f}x)")
            print(text)


if __name__ == "__main__":
    main()
