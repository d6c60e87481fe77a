"""ISS's own example puzzles that use Or, And, Replicate, Regex or NFA: how many the project
reads, and whether each paradigm's count to two (and solution) agrees with ISS's.

    ISS=<checkout> python3 benchmarks/peers/iss_examples_sequences.py [--paradigms sat,cpsat,witness]

The puzzles come from ISS's data files (``iss_examples_sequences.mjs``); ISS counts them warm
(``iss_count.mjs``, through ``diff_iss.Iss``). A puzzle the project refuses is listed with the
reason (another type it does not read yet).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from diff_iss import Iss  # noqa: E402

from sudoku_cp.errors import SudokuCpError  # noqa: E402
from sudoku_cp.variants.iss import parse_iss  # noqa: E402
from sudoku_cp.variants.paradigms import solve  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iss", default=os.environ.get("ISS"))
    ap.add_argument("--paradigms", default="sat,cpsat,witness")
    ap.add_argument("--time-limit", type=float, default=60)
    args = ap.parse_args(argv)
    if not args.iss:
        print("set ISS or --iss to a checkout of sigh/Interactive-Sudoku-Solver", file=sys.stderr)
        return 2
    env = dict(os.environ, ISS=str(Path(args.iss).resolve()))
    lines = subprocess.run(["node", str(HERE / "iss_examples_sequences.mjs")], env=env,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    iss = Iss(args.iss)
    read = agree = slow = 0
    try:
        for line in lines:
            ex = json.loads(line)
            try:
                puzzle = parse_iss(ex["puzzle"])
            except SudokuCpError as exc:
                print(f"not read  {ex['name'][:34]:34} {str(exc)[:70]}")
                continue
            read += 1
            theirs = iss.count(ex["puzzle"])
            same, words = True, []
            for name in args.paradigms.split(","):
                r = solve(puzzle, name, limit=2, time_limit=args.time_limit)
                mine = len(r.solutions) if r.exhausted or len(r.solutions) >= 2 else None
                if mine is None:  # (no answer: not a disagreement, counted apart)
                    slow += 1
                    words.append(f"{name}: {r.status} at {args.time_limit:g} s")
                    continue
                sols = {"".join(map(str, s)) for s in r.solutions}
                ok = min(theirs.get("sols", -1), 2) == mine and (
                    mine != 1 or set(theirs.get("all") or []) == sols or not theirs.get("all"))
                same &= ok
                words.append(f"{name} {mine} in {r.time:.2f}s" + ("" if ok else " (differs)"))
            agree += same
            print(f"{'same' if same else 'DIFFERS':8}  {ex['name'][:34]:34} ISS {theirs.get('status')} "
                  f"{theirs.get('ms')} ms; " + "; ".join(words))
    finally:
        iss.close()
    print(f"{len(lines)} ISS examples use these types; {read} read; {agree} agree with ISS "
          f"(no paradigm's answer differs); {slow} answers not reached in the time limit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
