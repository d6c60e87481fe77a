"""Peak memory of a batch check on a file of a million lines: parent plus every child.

Writes ``--lines`` lines by repeating the 17-clue set, then runs ``python -m sudoku_cp
check -f BIG --backends sat --workers 2 --out RESULTS`` and samples, every second, the
summed RSS of the command and all its descendants (forkserver, resource tracker,
workers) with psutil. RSS counts shared pages once per process, so the sum is an upper
bound. ``--duration S`` stops the run (SIGINT, as Ctrl-C) after S seconds, for a
time-bounded run that shows whether memory stays flat; then ``--resume`` can finish it.

    python3 benchmarks/batch_memory.py --lines 1000000 --duration 300
    python3 benchmarks/batch_memory.py --lines 1000000            # to the end
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("SUDOKU_DATA", "/work/shared/data"))


def make_input(path: Path, lines: int) -> None:
    puzzles = [l for l in (DATA / "royle_17_clue.txt").read_text().splitlines()
               if l.strip() and not l.startswith("#")]
    with open(path, "w") as out:
        for i in range(lines):
            out.write(puzzles[i % len(puzzles)] + "\n")


def tree_rss(proc) -> tuple[int, int]:
    """(summed RSS in bytes, number of processes) of ``proc`` and its descendants."""
    import psutil

    total, n = 0, 0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            total += p.memory_info().rss
            n += 1
        except psutil.NoSuchProcess:
            pass
    return total, n


def main() -> None:
    import psutil

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--duration", type=float, help="stop after this many seconds")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--backends", default="sat")
    ap.add_argument("--dir", help="keep the input and results here (default: a temp dir)")
    args = ap.parse_args()
    tmp = Path(args.dir or tempfile.mkdtemp(prefix="batch_memory_"))
    tmp.mkdir(parents=True, exist_ok=True)
    big, out = tmp / "big.txt", tmp / "results.jsonl"
    if not big.exists():
        make_input(big, args.lines)
    out.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "sudoku_cp", "check", "-f", str(big), "--backends",
           args.backends, "--workers", str(args.workers), "--out", str(out), "--no-progress"]
    print(" ".join(cmd), flush=True)
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    ps = psutil.Process(proc.pid)
    peak, samples, last_print = 0, [], 0.0
    while proc.poll() is None:
        rss, n = tree_rss(ps)
        now = time.monotonic() - start
        peak = max(peak, rss)
        samples.append((now, rss))
        if now - last_print >= 30:
            lines = out.stat().st_size and sum(1 for _ in open(out, "rb"))
            print(f"  {now:6.0f} s: {rss / 2**20:6.1f} MB in {n} processes, "
                  f"{lines} results", flush=True)
            last_print = now
        if args.duration and now > args.duration:
            proc.send_signal(signal.SIGINT)
            break
        time.sleep(1.0)
    err = proc.communicate()[1]
    wall = time.monotonic() - start
    done = sum(1 for _ in open(out, "rb")) if out.exists() else 0
    print("\n".join(err.strip().splitlines()[-2:]) if err.strip() else "(no summary)")
    print(f"{done} of {args.lines} lines checked in {wall:.0f} s; peak RSS (parent + children) "
          f"{peak / 2**20:.1f} MB; RSS after 10% of the run "
          f"{samples[len(samples) // 10][1] / 2**20:.1f} MB, at the end "
          f"{samples[-1][1] / 2**20:.1f} MB; exit code {proc.returncode}")
    print(f"input and results in {tmp}")


if __name__ == "__main__":
    main()
