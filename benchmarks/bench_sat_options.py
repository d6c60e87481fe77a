"""CaDiCaL options and the rebuild interval of the ``sat`` backend, side by side.

Each variant is a ``SatBackend`` whose solver gets extra CaDiCaL options (on top of
the backend's own, ``sat.SOLVER_OPTIONS``: ``elim=0``, ``chrono=0``; ``chrono=1`` puts
PySAT's default back) or another ``REBUILD_AFTER``. The variants take turns
block by block (the order alternating), each with a solver of its own, on the first
``--count`` 17-clue puzzles, norvig_top95, magictour_top1465 and forum_hardest_1106; uniqueness
checks per CPU second and conflicts per check are printed. Every check must find the
puzzle unique (every solution is checked by ``is_solution``). On a shared machine
only differences well above a few percent mean anything: run it twice.

    python3 benchmarks/bench_sat_options.py          # restart=0 and other options
    python3 benchmarks/bench_sat_options.py --variants 'base={}' 'chrono={"chrono": 1}'
    python3 benchmarks/bench_sat_options.py --rebuild --variants default=None every250=250

A variant is ``NAME=JSON`` (CaDiCaL options, names as in CaDiCaL's ``options.hpp``), or
with ``--rebuild`` ``NAME=N`` (``REBUILD_AFTER``; ``None`` for the default, n³). The
first variant is the one the others are compared with.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_cp import Board, is_solution  # noqa: E402
from sudoku_cp.backends.sat import SatBackend  # noqa: E402

DEFAULT_VARIANTS = ['base={}', 'chrono={"chrono": 1}', 'norestart={"restart": 0}',
                    'noilb={"ilb": 0}', 'nostabilize={"stabilize": 0}',
                    'noinprocessing={"inprocessing": 0}']
SETS = (("17-clue", "royle_17_clue.txt", True), ("top95", "norvig_top95.txt", False),
        ("top1465", "magictour_top1465.txt", False),
        ("forum_hardest_1106", "forum_hardest_1106.txt", False))


def load(path: Path, count: int | None) -> list[Board]:
    boards = []
    for raw in path.read_text().splitlines():
        raw = raw.strip()
        if raw and not raw.startswith("#"):
            boards.append(Board.from_values([0 if ch in ".0" else int(ch) for ch in raw[:81]]))
            if count is not None and len(boards) >= count:
                break
    return boards


def with_options(options: dict) -> SatBackend:
    """A backend whose every (re)built solver also gets ``options``."""

    class Configured(SatBackend):
        def _rebuild(self, live) -> None:
            super()._rebuild(live)
            live.solver.configure(options)

    return Configured()


def parse_variant(text: str, rebuild: bool) -> tuple[str, SatBackend]:
    name, _, value = text.partition("=")
    if rebuild:
        backend = SatBackend()
        backend.REBUILD_AFTER = None if value == "None" else int(value)
        return name, backend
    return name, with_options(json.loads(value))


def race(variants: list[str], boards: list[Board], block: int, rebuild: bool) -> dict:
    """Checks per CPU second and conflicts per check of every variant on ``boards``."""
    backends = dict(parse_variant(v, rebuild) for v in variants)
    spent = dict.fromkeys(backends, 0.0)
    conflicts = dict.fromkeys(backends, 0)
    block = max(1, min(block, len(boards) // 8))  # small sets too take at least 8 turns
    for k, first in enumerate(range(0, len(boards), block)):
        chunk = boards[first:first + block]
        order = list(backends.items())
        for name, backend in order if k % 2 == 0 else reversed(order):
            start = time.process_time()
            results = [backend.solve(board, limit=2) for board in chunk]
            spent[name] += time.process_time() - start
            for board, r in zip(chunk, results):
                assert r.exhausted and len(r.solutions) == 1 and is_solution(board, r.solution)
                conflicts[name] += r.stats["conflicts"]
    for backend in backends.values():
        backend.close()
    return {name: (len(boards) / spent[name], conflicts[name] / len(boards)) for name in backends}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    p.add_argument("--count", type=int, default=6000, help="17-clue puzzles (default 6000)")
    p.add_argument("--block", type=int, default=100,
                   help="puzzles per turn (default 100; at most an eighth of a set)")
    p.add_argument("--variants", nargs="+", default=DEFAULT_VARIANTS)
    p.add_argument("--rebuild", action="store_true",
                   help="variants are REBUILD_AFTER values, not CaDiCaL options")
    args = p.parse_args(argv)
    for label, name, capped in SETS:
        boards = load(args.data / name, args.count if capped else None)
        rates = race(args.variants, boards, args.block, args.rebuild)
        base = next(iter(rates.values()))[0]
        print(f"{label} ({len(boards)}): " + "  ".join(
            f"{v}: {r:,.0f}/s ({r / base:.2f}x, {c:.1f} conflicts)" for v, (r, c) in rates.items()),
            flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
