"""Check that every puzzle of a file is minimal: each clue's removal leaves several solutions.

    python3 benchmarks/check_minimal.py FILE [FILE ...] [--backend sat]

Uniqueness itself is ``sudoku-cp check``'s job (several backends); this asks one backend
(default ``sat``, which shares no code with the ``fast`` engine the controlled-bias
generator searches with) about every puzzle less one clue. Prints the count, and each
puzzle that is not minimal; exit 1 if there is one.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's sudoku_cp


def main() -> int:
    from sudoku_cp import Board
    from sudoku_cp.generate import is_minimal

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--backend", default="sat")
    args = parser.parse_args()
    start = perf_counter()
    checked, bad = 0, 0
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            for line in f:
                text = line.split("#")[0].split()
                if not text:
                    continue
                board = Board.parse(text[0])
                checked += 1
                if not is_minimal(board, args.backend):
                    bad += 1
                    print(f"not minimal: {text[0]}")
    print(f"{checked:,} puzzles, {bad} not minimal ({args.backend}, {perf_counter() - start:.1f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
