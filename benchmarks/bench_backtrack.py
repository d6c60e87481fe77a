"""Uniqueness checks per second: the backtrack backend against a Norvig-style baseline.

Both solvers run in one process on the same puzzles, one after the other, so the
ratio between them holds even when the machine is noisy. The baseline below is the
classic dict-of-strings design (squares named 'A1'..'I9', candidates as strings of
digits, constraint propagation by mutual recursion of assign/eliminate, search on the
square with fewest candidates), written here for 9×9 only as a yardstick.

    python3 benchmarks/bench_backtrack.py --count 1000 --limit 2

Every solution either solver returns is checked with ``sudoku_cp.check.is_solution``
(outside the timed loop), and the two solvers must agree on every count.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_cp.backends.backtrack import BacktrackBackend  # noqa: E402
from sudoku_cp.board import Board  # noqa: E402
from sudoku_cp.check import is_solution  # noqa: E402

#: (label, file name); --count caps how many puzzles are read from each.
SETS = [
    ("17-clue", "royle_17_clue.txt"),
    ("top95", "norvig_top95.txt"),
    ("forum_hardest", "forum_hardest_1106.txt"),
]


# -- the baseline: a Norvig-style solver over a dict of strings ------------------------
DIGITS = "123456789"
ROW_NAMES = "ABCDEFGHI"


def cross(a: str, b: str) -> list[str]:
    return [x + y for x in a for y in b]


SQUARES = cross(ROW_NAMES, DIGITS)
UNIT_LIST = (
    [cross(ROW_NAMES, d) for d in DIGITS]
    + [cross(r, DIGITS) for r in ROW_NAMES]
    + [cross(rs, ds) for rs in ("ABC", "DEF", "GHI") for ds in ("123", "456", "789")]
)
UNITS = {s: [u for u in UNIT_LIST if s in u] for s in SQUARES}
PEERS = {s: set(sum(UNITS[s], [])) - {s} for s in SQUARES}


def baseline_assign(values: dict, s: str, d: str):
    """Keep only digit d at square s by eliminating the others; False on a contradiction."""
    for other in values[s].replace(d, ""):
        if not baseline_eliminate(values, s, other):
            return False
    return values


def baseline_eliminate(values: dict, s: str, d: str):
    """Remove digit d from square s and propagate both kinds of singles."""
    if d not in values[s]:
        return values
    values[s] = values[s].replace(d, "")
    left = values[s]
    if not left:
        return False
    if len(left) == 1:  # naked single: remove it from the peers
        for peer in PEERS[s]:
            if not baseline_eliminate(values, peer, left):
                return False
    for unit in UNITS[s]:  # hidden single: d has one place left in a unit
        places = [sq for sq in unit if d in values[sq]]
        if not places:
            return False
        if len(places) == 1 and not baseline_assign(values, places[0], d):
            return False
    return values


def baseline_count(line: str, limit: int) -> list[dict]:
    """Up to ``limit`` solutions of an 81-character puzzle, as dicts square -> digit."""
    values = {s: DIGITS for s in SQUARES}
    for s, ch in zip(SQUARES, line):
        if ch in DIGITS and not baseline_assign(values, s, ch):
            return []
    found: list[dict] = []
    baseline_search(values, limit, found)
    return found


def baseline_search(values, limit: int, found: list) -> None:
    if values is False:
        return
    open_squares = [s for s in SQUARES if len(values[s]) > 1]
    if not open_squares:
        found.append(values)
        return
    s = min(open_squares, key=lambda sq: len(values[sq]))
    for d in values[s]:
        baseline_search(baseline_assign(values.copy(), s, d), limit, found)
        if len(found) >= limit:
            return


# -- the benchmark ------------------------------------------------------------------------
def data_dir(given: str | None) -> Path:
    """--data, else $SUDOKU_CP_DATA, else ./data in the repo, else /work/shared/data."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (given, os.environ.get("SUDOKU_CP_DATA"), here / "data", "/work/shared/data"):
        if candidate and Path(candidate, SETS[0][1]).exists():
            return Path(candidate)
    raise SystemExit("puzzle files not found: pass --data DIR")


def read_lines(path: Path, count: int) -> list[str]:
    """The first ``count`` puzzle lines of a file ('#' lines are comments)."""
    lines = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                lines.append(line[:81])
                if len(lines) >= count:
                    break
    return lines


def to_board(line: str) -> Board:
    return Board.from_values([0 if ch in ".0" else int(ch) for ch in line])


#: --clock: wall time, or this process's CPU time (steadier when others share the machine).
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = CLOCKS["wall"]


def best_time(run, repeat: int) -> tuple[float, object]:
    """The fastest of ``repeat`` runs and the output of the last one."""
    best, out = float("inf"), None
    for _ in range(repeat):
        start = clock()
        out = run()
        best = min(best, clock() - start)
    return best, out


def bench_set(lines: list[str], limit: int, repeat: int, baseline: bool) -> dict:
    boards = [to_board(line) for line in lines]
    backend = BacktrackBackend()
    bt_time, results = best_time(lambda: [backend.solve(b, limit=limit) for b in boards], repeat)
    for board, r in zip(boards, results):
        assert all(is_solution(board, s) for s in r.solutions), board.to_text()
    row = {
        "puzzles": len(boards),
        "backtrack": len(boards) / bt_time,
        "nodes": sum(r.stats["nodes"] for r in results) / len(boards),
    }
    if baseline:
        base_time, found = best_time(
            lambda: [baseline_count(line, limit) for line in lines], repeat)
        for board, r, sols in zip(boards, results, found):
            grids = [tuple(int(v[s]) for s in SQUARES) for v in sols]
            assert all(is_solution(board, g) for g in grids), board.to_text()
            assert len(grids) == len(r.solutions), board.to_text()
        row["baseline"] = len(boards) / base_time
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--count", type=int, default=1000, help="puzzles per set at most (default 1000)")
    add("--limit", type=int, default=2, help="solutions to look for (2 = uniqueness)")
    add("--repeat", type=int, default=1, help="runs per solver and set; the best counts")
    add("--no-baseline", action="store_true", help="time the backtrack backend only")
    add("--clock", choices=CLOCKS, default="wall", help="what to time (default wall)")
    add("--data", help="directory holding the puzzle files")
    args = parser.parse_args(argv)
    global clock
    clock = CLOCKS[args.clock]
    folder = data_dir(args.data)
    print(f"limit={args.limit}, checks per second ({args.clock} clock, best of {args.repeat})")
    print(f"{'set':<15}{'puzzles':>8}{'backtrack/s':>13}{'baseline/s':>12}{'ratio':>8}{'nodes':>8}")
    for label, name in SETS:
        row = bench_set(read_lines(folder / name, args.count), args.limit, args.repeat,
                        not args.no_baseline)
        base = row.get("baseline")
        if base:
            base_text = f"{base:12.1f}{row['backtrack'] / base:7.1f}x"
        else:
            base_text = f"{'-':>12}{'-':>8}"
        print(f"{label:<15}{row['puzzles']:>8}{row['backtrack']:13.1f}{base_text}"
              f"{row['nodes']:8.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
