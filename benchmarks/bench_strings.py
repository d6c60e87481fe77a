"""String in, verdict out: the cost of going from a one-line puzzle to a verdict.

    python3 benchmarks/bench_strings.py [--count 10000] [--rounds 3]

On the first ``--count`` 17-clue puzzles, as text, in process time, the roads taking
turns for ``--rounds`` rounds (each figure the median of the rounds):

- ``Board.parse(s)`` alone (its short road for a plain line), and the general parser
  ``parse_puzzle(s)`` that ``Board.parse`` used for every line before;
- ``solve(Board.parse(s), "fast", limit=2)``, one Python call per puzzle, parse inside
  the clock;
- ``fast.check_lines(lines)``: all the text to verdicts in one call.

Every verdict of the two checking roads must agree (the script stops if not).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_cp import Board, solve  # noqa: E402
from sudoku_cp.backends.fast import check_lines  # noqa: E402
from sudoku_cp.parse import parse_puzzle  # noqa: E402

from puzzle_lines import load  # noqa: E402

clock = time.process_time


def timed(f, lines):
    start = clock()
    out = f(lines)
    return clock() - start, out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--count", type=int, default=10000)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args(argv)
    lines = load(args.data / "royle_17_clue.txt", args.count)
    roads = {
        "Board.parse": lambda ls: [Board.parse(s) for s in ls],
        "parse_puzzle (the general parser)": lambda ls: [parse_puzzle(s) for s in ls],
        'solve(Board.parse(s), "fast", limit=2)':
            lambda ls: [solve(Board.parse(s), "fast", limit=2).count for s in ls],
        "fast.check_lines(lines)": lambda ls: check_lines(ls)[0].tolist(),
    }
    for f in roads.values():  # compiled code loaded, tables built, outside the clock
        f(lines[:20])
    seconds: dict[str, list[float]] = {name: [] for name in roads}
    for r in range(args.rounds):
        names = list(roads) if r % 2 == 0 else list(roads)[::-1]
        verdicts = {}
        for name in names:
            spent, out = timed(roads[name], lines)
            seconds[name].append(spent)
            verdicts[name] = out
        one = [str(c) for c in verdicts['solve(Board.parse(s), "fast", limit=2)']]
        bulk = [str(c) for c in verdicts["fast.check_lines(lines)"]]
        if one != bulk:
            raise SystemExit("solve and check_lines disagree on some verdict")
    print(f"{len(lines):,} 17-clue puzzles as text; median of {args.rounds} rounds, process time")
    print(f"| road | µs per puzzle | per second |\n|---|---:|---:|")
    for name, spent in seconds.items():
        s = statistics.median(spent)
        print(f"| {name} | {s / len(lines) * 1e6:.2f} | {len(lines) / s:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
