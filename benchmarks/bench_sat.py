"""Compare PySAT solvers and CNF encodings on uniqueness checks (limit=2).

Each solver/encoding pair gets one ``SatBackend`` that is reused for every puzzle of
every set (givens as assumptions, as in production); encoding and loading the formula
happen once, untimed. Rounds are interleaved and the best round of each counts. The
clock is process time by default: the solvers are single-threaded, and on a shared
machine wall time mostly measures the neighbours (``--clock wall`` to compare).
Every solution is checked with ``is_solution`` and every puzzle must be unique.

    python3 benchmarks/bench_sat.py --count 1000 --repeat 4
    python3 benchmarks/bench_sat.py --solvers glucose4,cadical195 \
        --encodings extended,minimal --repeat 1
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.backends.sat import SatBackend  # noqa: E402
from sudoku_cp.board import Board  # noqa: E402
from sudoku_cp.check import is_solution  # noqa: E402

DATA = Path("/work/shared/data")
SETS = {  # label -> (file, take at most --count puzzles?)
    "17-clue": ("royle_17_clue.txt", True),
    "top95": ("norvig_top95.txt", False),
    "hardest1106": ("forum_hardest_1106.txt", False),
}
SOLVERS = "cadical195,cadical153,glucose4,glucose42,minisat22,maplechrono"


def load(path: Path, count: int | None = None) -> list[Board]:
    """Boards from 81-character lines; '#' lines are comments."""
    boards = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        boards.append(Board.from_values([0 if ch in ".0" else int(ch) for ch in line[:81]]))
        if count is not None and len(boards) >= count:
            break
    return boards


def run(backend: SatBackend, boards: list[Board], clock=time.process_time) -> tuple[float, int]:
    """Seconds for uniqueness checks of all boards, and total conflicts."""
    conflicts = 0
    start = clock()
    for board in boards:
        result = backend.solve(board, limit=2)
        conflicts += result.stats["conflicts"]
        assert result.exhausted and len(result.solutions) == 1, (board.to_text(), result)
        assert is_solution(board, result.solution)
    return clock() - start, conflicts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="17-clue puzzles to check")
    parser.add_argument("--solvers", default=SOLVERS, help="comma-separated PySAT names")
    parser.add_argument("--encodings", default="extended", help="extended,minimal")
    parser.add_argument("--repeat", type=int, default=3,
                        help="interleaved rounds; the best round counts (the machine is shared)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="cpu (process time, steadier on a shared machine) or wall")
    parser.add_argument("--data", type=Path, default=DATA, help="folder of puzzle files")
    args = parser.parse_args(argv)

    sets = {label: load(args.data / name, args.count if capped else None)
            for label, (name, capped) in SETS.items()}
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    pairs = [(s, e) for e in args.encodings.split(",") for s in args.solvers.split(",")]
    backends = {}
    for solver, encoding in pairs:  # encode + load once, untimed, as a batch would
        backends[solver, encoding] = SatBackend(solver, encoding)
        backends[solver, encoding].solve(sets["17-clue"][0], limit=2)
    best: dict[tuple, float] = {}
    conflicts: dict[tuple, int] = {}
    for _ in range(args.repeat):
        for pair in pairs:
            for label, boards in sets.items():
                seconds, conflicts[pair, label] = run(backends[pair], boards, clock)
                best[pair, label] = min(best.get((pair, label), seconds), seconds)

    header = f"{'solver':<12} {'encoding':<9}" + "".join(
        f" {label + ' (' + str(len(b)) + ')':>19}" for label, b in sets.items()) + f" {'all /s':>7}"
    print(f"uniqueness checks per {args.clock} second (conflicts per puzzle); "
          f"one reused solver; best of {args.repeat}")
    print(header)
    print("-" * len(header))
    total_n = sum(len(b) for b in sets.values())
    for pair in pairs:
        cells = [f"{len(b) / best[pair, label]:>8.0f} ({conflicts[pair, label] / len(b):>6.1f})"
                 for label, b in sets.items()]
        total_t = sum(best[pair, label] for label in sets)
        print(f"{pair[0]:<12} {pair[1]:<9}" + "".join(f" {c:>19}" for c in cells)
              + f" {total_n / total_t:>7.0f}")
    for backend in backends.values():
        backend.close()
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
