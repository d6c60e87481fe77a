"""Checks per second of ``sudoku-cp check --workers N`` on a 17-clue sample, N = 1 and 2.

Runs the real command line (``python -m sudoku_cp check -f SAMPLE --workers N --out ...
--json``) and reads the closing summary it prints; the runs alternate (1 worker, 2
workers, 1, 2, ...) so that a change in machine load hits both. The rate counts the
whole run, worker start-up included. Prints one line per run and the medians.

The CPU seconds of the command and all its child processes are sampled with psutil
(when installed): on a shared machine whose kernel gives each session a fair share
(``/proc/sys/kernel/sched_autogroup_enabled``), the wall-clock rate shows that share,
and the checks per CPU-second show what a second worker costs in overhead.

    python3 benchmarks/batch_scaling.py --count 5000 --backends sat --repeat 3
    python3 benchmarks/batch_scaling.py --count 5000 --repeat 1          # all backends
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("SUDOKU_DATA", "/work/shared/data"))


def sample(count: int, path: Path) -> None:
    """The first ``count`` puzzles of the 17-clue set, one per line."""
    with open(DATA / "royle_17_clue.txt") as src, open(path, "w") as out:
        written = 0
        for line in src:
            if line.strip() and not line.startswith("#"):
                out.write(line)
                written += 1
                if written == count:
                    break


def run(sample_path: Path, workers: int, backends: str | None, tmp: Path) -> dict:
    out = tmp / f"out-{workers}.jsonl"
    out.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "sudoku_cp", "check", "-f", str(sample_path), "--workers",
           str(workers), "--out", str(out), "--json", "--no-progress"]
    if backends:
        cmd += ["--backends", backends]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    cpu = cpu_watch(proc.pid, proc)
    stdout, stderr = proc.communicate()
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({proc.returncode}): {stderr}")
    summary = json.loads(stdout.strip().splitlines()[-1])
    summary["cpu_parent_s"] = cpu.get(proc.pid, 0.0)
    summary["cpu_children_s"] = sum(c for pid, c in cpu.items() if pid != proc.pid)
    return summary


def cpu_watch(pid: int, proc, every: float = 0.1) -> dict[int, float]:
    """CPU seconds (user + system) of a process and its descendants, last seen alive
    (sampled every ``every`` seconds until ``proc`` ends)."""
    try:
        import psutil
    except ImportError:
        return {}
    root, seen = psutil.Process(pid), {}
    while proc.poll() is None:
        try:
            for p in [root, *root.children(recursive=True)]:
                t = p.cpu_times()
                seen[p.pid] = t.user + t.system
        except psutil.Error:
            pass
        time.sleep(every)
    return seen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=5000)
    ap.add_argument("--backends", default=None, help="default: check's default (all)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", default="1,2")
    args = ap.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    rates: dict[int, list[float]] = {w: [] for w in counts}
    per_cpu: dict[int, list[float]] = {w: [] for w in counts}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        sample(args.count, tmp / "sample.txt")
        print(f"{args.count} 17-clue puzzles, backends {args.backends or 'default (all)'}, "
              f"load average {os.getloadavg()[0]:.2f} at the start", flush=True)
        for rep in range(args.repeat):
            for w in counts:
                s = run(tmp / "sample.txt", w, args.backends, tmp)
                assert s["verdicts"] == {"unique": args.count}, s
                rates[w].append(s["checked_per_s"])
                cpu = s["cpu_parent_s"] + s["cpu_children_s"]
                per_cpu[w].append(args.count / cpu if cpu else float("nan"))
                print(f"  run {rep + 1}, {w} worker(s): {s['checked_per_s']:.0f} checks/s "
                      f"in {s['wall_s']:.1f} s; CPU {cpu:.1f} s = {cpu / s['wall_s']:.2f} cores "
                      f"(parent {s['cpu_parent_s']:.2f} s), {args.count / cpu:.0f} checks per "
                      f"CPU-second (load {os.getloadavg()[0]:.2f})", flush=True)
    base = statistics.median(rates[counts[0]])
    for w in counts:
        med = statistics.median(rates[w])
        print(f"{w} worker(s): median {med:.0f} checks/s ({med / base:.2f}x), "
              f"{statistics.median(per_cpu[w]):.0f} checks per CPU-second")


if __name__ == "__main__":
    main()
