"""Generated variant puzzles counted by sigh's Interactive Sudoku Solver (ISS), headless.

    ISS=../Interactive-Sudoku-Solver python3 benchmarks/peers/check_generated_iss.py --count 20 --out benchmarks/out/gen_iss

Makes ``--count`` puzzles of every ``--variant`` type (9x9, confirmed by sat and cpsat as
the CLI writes them), writes them as ISS strings to ``OUT.jsonl`` (``{id, puzzle,
solution}``), runs ``../shared/tools/iss_batch.mjs`` on them (ISS counts to two, warm in
one node process) and prints, per type, how many ISS finds unique with the same solution.
Exit 0 when every one is, 3 otherwise (the others are listed).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))  # this tree's sudoku_cp

from sudoku_cp.variants.generate import MIXED, TYPES, generate  # noqa: E402
from sudoku_cp.variants.iss_write import write_iss  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--types", default=",".join((*TYPES, MIXED)))
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "out" / "gen_iss"))
    ap.add_argument("--batch", default=str(ROOT.parent / "shared" / "tools" / "iss_batch.mjs"))
    args = ap.parse_args(argv)
    if not os.environ.get("ISS"):
        print("set ISS to a checkout of sigh/Interactive-Sudoku-Solver", file=sys.stderr)
        return 2
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    want = {}
    with open(args.out + ".jsonl", "w") as f:
        for kind in args.types.split(","):
            for k, m in enumerate(generate(args.count, (kind,), seed=args.seed)):
                ident = f"{kind}-{k}"
                want[ident] = "".join(map(str, m.solution))
                f.write(json.dumps({"id": ident, "puzzle": write_iss(m.puzzle),
                                    "solution": want[ident]}) + "\n")
    run = subprocess.run(["node", args.batch, args.out + ".jsonl"], capture_output=True,
                         text=True, check=False)
    counts, wrong = Counter(), []
    for line in run.stdout.splitlines():
        r = json.loads(line)
        sol = r.get("solution")
        same = ("".join(map(str, sol)) if isinstance(sol, list) else str(sol)) == want[r["id"]]
        ok = r.get("sols") == 1 and same
        counts[(r["id"].rsplit("-", 1)[0], ok)] += 1
        if not ok:
            wrong.append(r)
    for kind in args.types.split(","):
        print(f"{kind:14} ISS unique, same solution: {counts[(kind, True)]} of "
              f"{counts[(kind, True)] + counts[(kind, False)]}")
    for r in wrong:
        print("NOT CONFIRMED:", json.dumps(r)[:300])
    return 0 if not wrong and len(want) == sum(counts.values()) else 3


if __name__ == "__main__":
    raise SystemExit(main())
