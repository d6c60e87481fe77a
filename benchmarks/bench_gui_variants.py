"""How long the page's variant requests take, through the API (the worker's time included).

    python3 benchmarks/bench_gui_variants.py             # 5 rounds
    python3 benchmarks/bench_gui_variants.py --rounds 9

For four puzzles of tests/data/page_variants.jsonl (a killer, a thermometer puzzle, an
arrow puzzle, an f-puzzles anti-king puzzle with arrows and thermometers), the median
time of ``variant/open`` (read for drawing, in the server), ``variant/check`` (every
paradigm, each solution through the independent checker), ``variant/solve`` (the first
paradigm, two solutions asked) and ``variant/possibilities`` (the values some solution
gives each cell), through Starlette's test client: HTTP parsing included, no network.
"""

from __future__ import annotations

import argparse
import json
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
    args = ap.parse_args(argv)
    data = ROOT / "tests" / "data" / "page_variants.jsonl"
    found = {d["id"]: d for d in map(json.loads, data.read_text().splitlines())}
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


if __name__ == "__main__":
    sys.exit(main())
