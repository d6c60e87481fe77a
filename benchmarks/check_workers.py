"""``sudoku-cp check -f FILE --backends fast --workers N``: time after start-up, and scaling.

The command is run on the whole file and on its first ``--head`` puzzles (the same
start-up: the parent, the forkserver and N workers importing and loading the compiled
code), alternating, ``--rounds`` times; the difference is the time the puzzles cost
after start-up. Wall-clock seconds are read by the parent of the run; CPU seconds (user +
system) of the command and every process it starts are sampled with psutil.

On a shared machine the wall clock shows the share of the cores this run got, so the
script also prints, per worker count, the CPU seconds after start-up of the parent and of
the workers, and the **bound**: the least wall time those CPU seconds allow on this
machine's free cores, the largest of the parent's CPU, the workers' CPU divided by N, and
everything's CPU divided by the cores (the parent reads the file and writes the results
while the workers check, on the same cores). The **scaling** is the 1-worker bound over
the N-worker bound; the **parallel efficiency** ``workers' CPU at 1 worker / workers'
CPU at N`` (1.0 when a second worker adds no overhead). On a quiet machine the wall
figures are the target's.

    python3 benchmarks/check_workers.py                              # royle_17_clue, 1 and 2
    python3 benchmarks/check_workers.py --rounds 5 --workers 1,2 --backends fast
    python3 benchmarks/check_workers.py --engine dask --rounds 3
    python3 benchmarks/check_workers.py --rounds 3 --baseline ../main   # same run, two trees

With ``--baseline DIR`` every round runs the same commands in that checkout too (its
own ``sudoku_cp``), in turn with this one, and prints a summary for each: on a shared
machine only figures from one run compare.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from puzzle_lines import write_head  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("SUDOKU_DATA", ROOT.parent / "shared" / "data"))


def run(path: Path, workers: int, backends: str, engine: str = "local", root: Path = ROOT
        ) -> tuple[float, float, float]:
    """Wall seconds, parent CPU seconds, children CPU seconds of one run (of the
    ``sudoku_cp`` in the checkout ``root``)."""
    from batch_scaling import cpu_watch  # (this folder is on the path: the script's own)

    cmd = [sys.executable, "-m", "sudoku_cp", "check", "-f", str(path), "--backends", backends,
           "--workers", str(workers), "--no-progress", "--engine", engine]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seen = cpu_watch(proc.pid, proc, every=0.02)  # short runs: sample often
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode()
    if proc.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} failed ({proc.returncode}): {err}")
    parent = seen.get(proc.pid, 0.0)
    return wall, parent, sum(c for pid, c in seen.items() if pid != proc.pid)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(DATA / "royle_17_clue.txt"))
    ap.add_argument("--head", type=int, default=100, help="puzzles of the start-up run")
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--backends", default="fast")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--engine", default="local", help="local (default) or dask")
    ap.add_argument("--baseline", help="another checkout to measure in the same rounds")
    args = ap.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    trees = {"this tree": ROOT}
    if args.baseline:
        trees = {"baseline": Path(args.baseline).resolve(), **trees}
    with tempfile.TemporaryDirectory() as tmp:
        head = write_head(Path(args.file), args.head, Path(tmp) / "head.txt")
        got: dict[tuple, list] = {(t, w): [] for t in trees for w in counts}
        for r in range(args.rounds):
            for tree, root in trees.items():
                for w in counts:
                    full = run(Path(args.file), w, args.backends, args.engine, root)
                    small = run(head, w, args.backends, args.engine, root)
                    after = tuple(a - b for a, b in zip(full, small))
                    got[tree, w].append(after)
                    label = f"{tree}, " if args.baseline else ""
                    print(f"round {r + 1}, {label}{w} worker(s): after start-up {after[0]:.2f} s "
                          f"wall, CPU parent {after[1]:.2f} s, workers {after[2]:.2f} s "
                          f"(start-up run {small[0]:.2f} s wall; load {os.getloadavg()[0]:.1f})",
                          flush=True)
    cores = os.cpu_count() or 1
    for tree, root in trees.items():
        print(f"## {args.file}, --backends {args.backends}, --engine {args.engine}, "
              f"medians of {args.rounds} rounds" + (f", {tree} ({root})" if args.baseline else ""))
        base = first = None
        for w in counts:
            wall, parent, workers = (statistics.median(x[i] for x in got[tree, w])
                                     for i in range(3))
            bound = max(parent, workers / w, (parent + workers) / cores)
            base = base if base is not None else workers
            first = first if first is not None else bound
            print(f"{w} worker(s): after start-up {wall:.2f} s wall; CPU parent {parent:.2f} s, "
                  f"workers {workers:.2f} s; bound on {cores} free cores {bound:.2f} s "
                  f"(scaling {first / bound:.2f}x); parallel efficiency {base / workers:.2f}")


if __name__ == "__main__":
    main()
