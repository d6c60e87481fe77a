"""Locked candidates in the ``fast`` kernel: how many passes, where, measured in one process.

    python3 benchmarks/bench_locked.py [--rounds 5] [--count 10000]

The passes of locked candidates at the root and at the other nodes of the counting
search are two entries of the packed tables' header (``fast.Tables.lock_passes``), read
by the compiled code on every call, so one compiled kernel runs every setting: no
locked candidates (the search of the kernel's second round), the root only, one pass
per node (the default), two, and a fixed point at every node. The settings take turns
set by set for ``--rounds`` rounds, process time, each figure the best round; counts
must agree between settings (every puzzle of these sets has one solution).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzle_lines import load, values  # noqa: E402

FOREVER = 1 << 62
SETTINGS = {"none": (0, 0), "root only": (FOREVER, 0), "1 per node": (FOREVER, 1),
            "2 per node": (FOREVER, 2), "fixed point": (FOREVER, FOREVER)}


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    from sudoku_cp.backends import fast
    from sudoku_cp.board import geometry

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--count", type=int, default=10000, help="17-clue puzzles")
    args = p.parse_args(argv)
    g = geometry(3, 3)
    sets = {name: np.array([values(s) for s in load(args.data / f, count)], dtype=np.int64)
            for name, f, count in (("17-clue", "royle_17_clue.txt", args.count),
                                   ("top95", "norvig_top95.txt", None),
                                   ("top1465", "magictour_top1465.txt", None),
                                   ("forum_hardest", "forum_hardest_1106.txt", None))}
    t = fast.tables(g)
    saved = t.tab[9:11].copy()
    fast.check_array(sets["17-clue"][:10], g)  # the compiled code loaded
    best: dict = {}
    work: dict = {}
    try:
        for r in range(args.rounds):
            for name, grid in sets.items():
                order = list(SETTINGS) if r % 2 == 0 else list(SETTINGS)[::-1]
                for setting in order:
                    t.tab[9:11] = SETTINGS[setting]
                    start = time.process_time()
                    counts, _, stats = fast.check_array(grid, g)
                    spent = time.process_time() - start
                    if (counts != 1).any():
                        raise SystemExit(f"{name}, {setting}: a count other than one")
                    key = (setting, name)
                    best[key] = min(best.get(key, float("inf")), spent / len(grid) * 1e6)
                    work[key] = (int(stats[:, 0].sum()), int(stats[:, 1].sum()),
                                 float((stats[:, 1] == 0).mean()))
    finally:
        t.tab[9:11] = saved
    print(f"µs per uniqueness check (best of {args.rounds} rounds, process time); "
          f"speed-up over no locked candidates; nodes; share solved without a guess")
    print("| set | " + " | ".join(SETTINGS) + " |\n|---|" + "---:|" * len(SETTINGS))
    for name in sets:
        base = best["none", name]
        cells = []
        for setting in SETTINGS:
            us = best[setting, name]
            nodes, _, no_guess = work[setting, name]
            cells.append(f"{us:.2f} ({base / us:.2f}×; {nodes:,} nodes; {100 * no_guess:.1f}%)")
        print(f"| {name} ({len(sets[name]):,}) | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
