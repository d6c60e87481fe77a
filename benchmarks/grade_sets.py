"""Levels of published puzzle sets, as ``sudoku-cp grade`` rates them.

    python3 benchmarks/grade_sets.py ../shared/data/norvig_easy50.txt ../shared/data/norvig_hardest.txt
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.grade import LEVELS, grade  # noqa: E402
from sudoku_cp.parse import read_puzzles  # noqa: E402


def main(argv=None) -> int:
    paths = (argv if argv is not None else sys.argv[1:]) or []
    if not paths:
        sys.exit("usage: grade_sets.py FILE...")
    for path in paths:
        levels, guesses = Counter(), Counter()
        for entry in read_puzzles(path):
            if entry.ok:
                g = grade(entry.board)
                levels[g.level] += 1
                guesses[g.techniques.get("guess", 0)] += 1
        total = sum(levels.values())
        print(f"{Path(path).name}: {total} puzzles: "
              + ", ".join(f"{level} {levels[level]}" for level in LEVELS)
              + "; guesses needed: " + ", ".join(f"{k}: {v}" for k, v in sorted(guesses.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
