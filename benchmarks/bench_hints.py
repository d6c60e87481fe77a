"""What the hint ladder changes: explain's path with the techniques SE lacks against SE's own.

For a sample of rated puzzles, walks each one's explain path twice: on SE's ladder
(``explain(..., hints=False)``, the path the SE rating reads) and on the hint ladder
(``hints=True``, what ``sudoku-cp explain`` and the page's hints show, with finned fish,
empty rectangles, W-wings, ALS-XZ, ...). Every step of both is checked against the
solution by ``explain``. Prints how many paths use each new technique (and how many
of SE's do: a W-wing is also what SE's chain finder calls a chain of that shape), how many chain
and forcing-chain steps the two paths hold, and the CPU seconds of each.

    nice -n 10 python3 benchmarks/bench_hints.py ../shared/data/berthier_cb002_rated.txt --sample 200
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "berthier_cb002_rated.txt"
#: techniques made by the chaining rungs (what a named pattern replaces)
CHAIN = ("x_cycle", "y_cycle", "xy_cycle", "skyscraper", "two_string_kite", "turbot_fish",
         "x_chain", "xy_chain", "aic", "simple_colouring", "nishio", "cell_forcing_chain",
         "region_forcing_chain", "dynamic_forcing_chain")


def walk(job):
    puzzle, assume_unique = job
    from sudoku_cp import Board
    from sudoku_cp.logic import explain

    board = Board.parse(puzzle)
    out = []
    for hints in (False, True):
        cpu = time.process_time()
        steps = explain(board, assume_unique=assume_unique, hints=hints)
        out.append(([st.technique for st in steps], time.process_time() - cpu))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("path", nargs="?", default=str(DEFAULT))
    p.add_argument("--sample", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--no-unique", action="store_true",
                   help="do not assume one solution (no uniqueness techniques)")
    args = p.parse_args(argv)

    from sudoku_cp.logic.ratings import TECHNIQUES
    from sudoku_cp.logic.solver import HINT_LADDER, LADDER

    new = {rung[0] for rung in HINT_LADDER} - {rung[0] for rung in LADDER}
    new |= {t for t in TECHNIQUES if t.startswith(("finned_", "sashimi_"))}
    lines = [ln.split()[0] for ln in Path(args.path).read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    if args.sample and args.sample < len(lines):
        lines = random.Random(args.seed).sample(lines, args.sample)
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(walk, [(pz, not args.no_unique) for pz in lines], chunksize=4))

    uses, steps_new, uses_se = Counter(), Counter(), Counter()
    chains = [0, 0]
    cpu = [0.0, 0.0]
    changed = 0
    for (se, se_cpu), (hint, hint_cpu) in results:
        cpu[0] += se_cpu
        cpu[1] += hint_cpu
        chains[0] += sum(t in CHAIN for t in se)
        chains[1] += sum(t in CHAIN for t in hint)
        used = {t for t in hint if t in new}
        uses.update(used)
        uses_se.update({t for t in se if t in new})  # W-wing: also a chain's name on SE's
        steps_new.update(t for t in hint if t in new)
        changed += bool(used)
    print(f"{len(results)} puzzles from {Path(args.path).name} (seed {args.seed}), "
          f"uniqueness {'not ' if args.no_unique else ''}assumed")
    print(f"paths that use a technique SE lacks: {changed}")
    for t in sorted(uses, key=list(TECHNIQUES).index):
        print(f"  {t:22s} {uses[t]:4d} paths  {steps_new[t]:4d} steps "
              f"(SE's ladder: {uses_se[t]} paths)")
    print(f"chain and forcing-chain steps: SE's ladder {chains[0]}, hint ladder {chains[1]}")
    print(f"CPU seconds: SE's ladder {cpu[0]:.1f}, hint ladder {cpu[1]:.1f} "
          f"(ratio {cpu[1] / max(cpu[0], 1e-9):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
