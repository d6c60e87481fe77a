"""The parent's CPU to hand out calls and take back answers: ``workers.WorkerPool`` (the
local batch engine) against ``concurrent.futures.ProcessPoolExecutor``.

Each call sleeps a few milliseconds in a worker (the pace of a ``fast`` chunk) and
answers ``--bytes`` bytes (600 KB: a chunk of a thousand 9x9 records), or nothing; the
parent's CPU seconds (``time.process_time``: every thread of it) are printed per pool,
answer size and round. Only the parent is measured: the workers' side is the same work.

    python3 benchmarks/bench_pool.py
    python3 benchmarks/bench_pool.py --calls 50 --bytes 620000 --workers 2 --rounds 3
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def answer(size: int, pause: float) -> bytes:
    time.sleep(pause)
    return b"x" * size


def through_pool(workers: int, calls: int, size: int, pause: float) -> float:
    from sudoku_cp.workers import WorkerPool

    with WorkerPool(workers) as pool:
        time.sleep(0.5)  # started
        start = time.process_time()
        for _ in range(calls):
            pool.submit_call(answer, size, pause)
            while pool.in_flight >= pool.capacity:
                list(pool.finished())
        while pool.in_flight:
            list(pool.finished())
        return time.process_time() - start


def through_executor(workers: int, calls: int, size: int, pause: float) -> float:
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    with ProcessPoolExecutor(workers, multiprocessing.get_context(method)) as pool:
        list(pool.map(answer, [0] * workers, [0.0] * workers))  # started
        start = time.process_time()
        pending: set = set()
        for _ in range(calls):
            pending.add(pool.submit(answer, size, pause))
            while len(pending) >= 4 * workers:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    f.result()
        for f in pending:
            f.result()
        return time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=50)
    ap.add_argument("--bytes", type=int, default=620_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pause", type=float, default=0.005, help="seconds a call takes")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    got: dict = {}
    for r in range(args.rounds):
        for name, run in (("WorkerPool", through_pool), ("ProcessPoolExecutor", through_executor)):
            for size in (0, args.bytes):
                cpu = run(args.workers, args.calls, size, args.pause)
                got.setdefault((name, size), []).append(cpu)
                print(f"round {r + 1}: {name}, {args.calls} answers of {size:,} bytes: "
                      f"parent CPU {cpu:.4f} s", flush=True)
    print(f"## medians of {args.rounds} rounds, {args.workers} workers")
    for (name, size), cpus in got.items():
        print(f"{name}: {args.calls} answers of {size:,} bytes, parent CPU "
              f"{statistics.median(cpus):.4f} s")


if __name__ == "__main__":
    main()
