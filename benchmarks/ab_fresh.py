"""Trees side by side on named puzzles, one fresh process per tree per round (issue 38).

    python3 benchmarks/ab_fresh.py TREE,TREE[,TREE] "NAME|NAME|..." [--rounds 10]

Each round starts one process per tree (``PYTHONPATH`` set to the tree, the order turned
round every other round); the process solves a small puzzle once (loading the numba
kernel), then each named puzzle once with ``fast`` counting to two, in an order shuffled
per round, and records its CPU time (``time.process_time``), nodes and runs. Printed per
puzzle and tree: the median, the range over the rounds and the node counts, the median
over the first tree's; then each tree's per-round geometric mean against the first
tree's in the same round (median, range, rounds faster). Made to tell a kernel change
from the process-to-process spread (``ab_trees.py`` keeps the best of few passes). A name
is an id of the shared sets or the tail of an ISS checkout id after its last ``:``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time

WARM = "iss-examples-19"


def work(names: list[str], seed: int) -> dict:
    """In a tree's process: (CPU ms, status, nodes, runs) per name."""
    root = os.getcwd()
    sys.path[:0] = [root + "/benchmarks", root + "/benchmarks/peers"]
    import bench_variants_fast as b
    from sudoku_cp.variants.paradigms import solve

    data = b.data_folder("/work/shared/data")
    recs = [json.loads(line) for n in ("iss", "fpuzzles")
            for line in (data / "variants" / f"{n}.jsonl").read_text().splitlines()]
    recs += b.checkout_records(os.environ.get("ISS", "/work/peers/iss"),
                               {r["puzzle"].strip() for r in recs})

    def find(name):
        return b.parse(next(r for r in recs if r["id"] == name or r["id"].endswith(":" + name)))

    solve(find(WARM), "fast", limit=2, time_limit=10)
    random.Random(seed).shuffle(names)
    out = {}
    for name in names:
        p = find(name)
        began = time.process_time()
        r = solve(p, "fast", limit=2, time_limit=10)
        ms = (time.process_time() - began) * 1000
        st = dict(getattr(r, "stats", None) or {})
        out[name] = [ms, r.status, st.get("nodes"), st.get("runs")]
    return out


def _geo(xs):
    return math.exp(statistics.mean(math.log(x) for x in xs))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trees")
    ap.add_argument("names")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    names = args.names.split("|")
    if args.worker is not None:
        print(json.dumps(work(names, args.worker)))
        return 0
    trees = [os.path.abspath(t) for t in args.trees.split(",")]
    res = {t: [] for t in trees}
    for k in range(args.rounds):
        for t in (trees if k % 2 == 0 else trees[::-1]):
            o = subprocess.run([sys.executable, os.path.abspath(__file__), t, args.names,
                                "--worker", str(k)], cwd=t, capture_output=True, text=True,
                               env=dict(os.environ, PYTHONPATH=t))
            if o.returncode:
                print(o.stderr[-2000:])
                return 1
            res[t].append(json.loads(o.stdout.strip().splitlines()[-1]))
        print(f"round {k} {time.strftime('%H:%M:%S')} load {os.getloadavg()[0]:.1f}", flush=True)
    base = trees[0]
    for name in names:
        bm = statistics.median(r[name][0] for r in res[base])
        cols = []
        for t in trees:
            v = [r[name][0] for r in res[t]]
            nodes = sorted({r[name][2] for r in res[t]}, key=str)
            m = statistics.median(v)
            cols.append(f"{os.path.basename(t)[:10]} {m:8.1f} [{min(v):.1f}-{max(v):.1f}] "
                        f"nodes {nodes} x{m / bm:.3f}")
        print(f"{name[:28]:28} | " + " | ".join(cols))
    for t in trees[1:]:
        rs = [_geo([x[n][0] for n in names]) / _geo([y[n][0] for n in names])
              for x, y in zip(res[t], res[base])]
        print(f"{os.path.basename(t)}: per-round geomean over {os.path.basename(base)}: median "
              f"{statistics.median(rs):.3f}, range {min(rs):.3f}-{max(rs):.3f}, "
              f"faster in {sum(r < 1 for r in rs)} of {len(rs)} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
