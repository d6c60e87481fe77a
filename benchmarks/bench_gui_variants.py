"""How long the page's variant requests take, through the API (the worker's time included).

    python3 benchmarks/bench_gui_variants.py             # 5 rounds
    python3 benchmarks/bench_gui_variants.py --rounds 9
    python3 benchmarks/bench_gui_variants.py --hints     # the page's variant hints

For four puzzles of tests/data/page_variants.jsonl (a killer, a thermometer puzzle, an
arrow puzzle, an f-puzzles anti-king puzzle with arrows and thermometers), the median
time of ``variant/open`` (read for drawing, in the server), ``variant/check`` (every
paradigm, each solution through the independent checker), ``variant/solve`` (the first
paradigm, two solutions asked) and ``variant/possibilities`` (the values some solution
gives each cell), through Starlette's test client: HTTP parsing included, no network.

``--hints``: the page's Hint (``variant/hint``) on every puzzle of page_variants.jsonl the
project reads, at the positions a player meets: the givens, and the positions after a
quarter, half, three quarters and all of the steps of the solve path from the givens
(each step applied as the page applies it: values placed, eliminations sent back as
``excluded``; the last position is where the path stopped, stuck or solved). The first
hint on a puzzle is timed apart (``cold``: it proves the solution unique); the rest are
``warm`` (the worker keeps the solution and the engine's finders). The server's first
job (which starts its worker) is a ``variant/solve``, timed apart. Then the median and
the largest, against the targets (median 300 ms, largest 3 s), and the whole ``explain``
path of the 9x9 killers
(``sudoku-cp explain``, a process of its own, import and solution included; target 10 s).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from starlette.testclient import TestClient  # noqa: E402

from sudoku_cp.gui.app import create_app  # noqa: E402

PUZZLES = ["iss-examples-17", "iss-examples-3", "iss-examples-23",
           "dclamage-uniqueVariantFPuzzles-5"]
PATHS = ["variant/open", "variant/check", "variant/solve", "variant/possibilities"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--hints", action="store_true", help="time the page's variant hints")
    args = ap.parse_args(argv)
    data = ROOT / "tests" / "data" / "page_variants.jsonl"
    found = {d["id"]: d for d in map(json.loads, data.read_text().splitlines())}
    if args.hints:
        return hints(found)
    print("puzzle | " + " | ".join(p.split("/")[1] for p in PATHS) + "  (ms, median)")
    with TestClient(create_app(time_limit=60)) as client:
        for pid in PUZZLES:
            times = {p: [] for p in PATHS}
            for _ in range(args.rounds):
                for path in PATHS:  # interleaved, round by round
                    start = time.perf_counter()
                    r = client.post(f"/api/{path}", json={"puzzle": found[pid]["puzzle"]})
                    times[path].append(time.perf_counter() - start)
                    if r.status_code != 200:
                        print(f"{pid} {path}: {r.status_code} {r.text}", file=sys.stderr)
                        return 1
            print(pid + " | " + " | ".join(f"{1000 * statistics.median(times[p]):.0f}"
                                           for p in PATHS))
    return 0


def hints(found: dict) -> int:
    """The ``--hints`` report (see the module docstring)."""
    import subprocess

    from sudoku_cp.variants.formats import read_entry

    warm, cold = [], []
    print("puzzle | steps | cold hint | warm hints at 0, 1/4, 1/2, 3/4, end (ms)")
    with TestClient(create_app(time_limit=60)) as client:
        start = time.perf_counter()  # the server's first job starts its worker: not a hint's time
        client.post("/api/variant/solve", json={"puzzle": found["iss-examples-17"]["puzzle"]})
        print(f"(the server's first job, variant/solve: {1000 * (time.perf_counter() - start):.0f} "
              f"ms, worker start and imports included; not counted below)")
        for pid, record in found.items():
            entry = read_entry(record["puzzle"])
            if entry.error:
                continue
            text = record["puzzle"]
            start = time.perf_counter()
            r = client.post("/api/variant/hint", json={"puzzle": text})
            cold.append(time.perf_counter() - start)
            if r.status_code != 200:
                print(f"{pid}: {r.status_code} {r.text}", file=sys.stderr)
                return 1
            steps = client.post("/api/variant/path", json={"puzzle": text}).json()["steps"]
            row = []
            for k in sorted({0, len(steps) // 4, len(steps) // 2, 3 * len(steps) // 4,
                             len(steps)}):
                values = [0] * entry.puzzle.num_cells
                for c, v in entry.puzzle.givens:
                    values[c] = v
                for st in steps[:k]:
                    for c, v in st["placements"]:
                        values[c] = v
                excluded = sorted({tuple(e) for st in steps[:k] for e in st["eliminations"]})
                start = time.perf_counter()
                r = client.post("/api/variant/hint", json={
                    "puzzle": text, "values": values, "excluded": [list(e) for e in excluded]})
                row.append(time.perf_counter() - start)
                if r.status_code != 200:
                    print(f"{pid} after {k} steps: {r.status_code} {r.text}", file=sys.stderr)
                    return 1
            warm += row
            print(f"{pid} | {len(steps)} | {1000 * cold[-1]:.0f} | "
                  + " ".join(f"{1000 * t:.0f}" for t in row), flush=True)
    every = warm + cold
    print(f"hint: median {1000 * statistics.median(every):.0f} ms, largest "
          f"{1000 * max(every):.0f} ms over {len(every)} hints (warm median "
          f"{1000 * statistics.median(warm):.0f} ms, largest {1000 * max(warm):.0f} ms; cold "
          f"median {1000 * statistics.median(cold):.0f} ms); targets 300 ms and 3000 ms")
    for pid in ("iss-examples-17", "dclamage-uniqueVariantFPuzzles-9"):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "sudoku_cp", "explain", "--time-limit", "120",
                               found[pid]["puzzle"]], capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        took = time.perf_counter() - start
        last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
        print(f"explain {pid} ({found[pid].get('title')}): {took:.1f} s (target 10 s), "
              f"exit {done.returncode}: {last[:100]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
