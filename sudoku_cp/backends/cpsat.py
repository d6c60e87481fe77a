"""The ``cpsat`` backend: the all-different model solved by OR-Tools CP-SAT.

Solutions are enumerated with ``enumerate_all_solutions`` and a callback that calls
``stop_search()`` once ``limit`` solutions are in (uniqueness is ``limit=2``).

Enumeration uses **one worker**: with several workers CP-SAT can report the same
solution twice, and on these models the default worker count is slower anyway
(measured on the benchmark sets, see docs/benchmarks.md). The base model is built once per board shape and reused: each
puzzle only narrows the given cells' domains.
"""

from __future__ import annotations

import time

from ..board import Board
from ..check import clashes
from ..encode.cp import CpEncoding, encode
from ..result import Result
from . import require


#: Models kept, one per board shape, least recently used dropped first (see sat.KEEP_SHAPES).
KEEP_SHAPES = 16


class CpSatBackend:
    """Solve boards with CP-SAT; ``workers`` other than 1 is for experiments only."""

    name = "cpsat"
    SPEC_OPTIONS = ("workers",)

    def __init__(self, workers: int | str = 1):
        self.cp_model = require("ortools.sat.python.cp_model", "ortools", self.name)
        self.workers = int(workers)
        if self.workers < 1:
            raise ValueError(f"cpsat workers must be at least 1, not {workers}")
        self._models: dict = {}

    def _encoding(self, board: Board) -> CpEncoding:
        enc = self._models.pop(board.geometry, None)
        if enc is None:
            enc = encode(board.geometry)
        self._models[board.geometry] = enc  # most recently used last
        while len(self._models) > KEEP_SHAPES:  # variants: each extra-house set is a shape
            del self._models[next(iter(self._models))]
        return enc

    def solve(self, board: Board, *, limit: int = 1, time_limit: float | None = None) -> Result:
        start = time.perf_counter()
        if clashes(board):  # CP-SAT would say INFEASIBLE too; this is quicker and certain
            return Result.of(self.name, (), True, time.perf_counter() - start,
                             {"clash": True}, limit)
        cp_model = self.cp_model
        enc = self._encoding(board)
        enc.set_givens(board)

        solver = cp_model.CpSolver()
        params = solver.parameters
        params.enumerate_all_solutions = True
        params.num_workers = self.workers
        if time_limit is not None:
            params.max_time_in_seconds = max(float(time_limit), 1e-3)

        collector = _Collector(enc.x, limit)
        with _sigint_guard(params) as guard:
            status = solver.solve(enc.model, collector)
        elapsed = time.perf_counter() - start
        if guard.caught and status in (cp_model.FEASIBLE, cp_model.UNKNOWN) \
                and len(collector.solutions) < limit \
                and (time_limit is None or elapsed < 0.9 * time_limit):
            # Ctrl-C, not the clock. (Judged by our clock, which started first: CP-SAT's
            # own wall_time can fall short of the limit it stopped at, and a time-out
            # taken for Ctrl-C ended a check with exit 130 and no output.)
            raise KeyboardInterrupt("cpsat was interrupted")

        solutions = tuple(dict.fromkeys(collector.solutions))  # de-duplicate, keep order
        stats = {
            "conflicts": solver.num_conflicts,
            "branches": solver.num_branches,
            "booleans": solver.num_booleans,
            "wall_time": solver.wall_time,
            "deterministic_time": solver.deterministic_time,
            "cp_status": solver.status_name(status),
        }
        if status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):  # the search finished
            return Result.of(self.name, solutions, True, elapsed, stats, limit)
        if status in (cp_model.FEASIBLE, cp_model.UNKNOWN):  # stopped at the limit or clock
            return Result.of(self.name, solutions, False, elapsed, stats, limit)
        raise RuntimeError(f"CP-SAT answered {solver.status_name(status)} for a sudoku model")


class _sigint_guard:
    """Ctrl-C during a CP-SAT solve, handled the way Python handles it elsewhere.

    CP-SAT installs its own SIGINT handler while it solves (``catch_sigint_signal``):
    the search stops at once, but the handler it leaves behind is the default one, so a
    second Ctrl-C would kill the process without a word, and a process that ignores
    SIGINT (a batch worker, a script's child) would have it caught and its puzzle cut
    short. So: CP-SAT catches the signal only in the main thread of a process that
    handles SIGINT with Python's handler, and that handler is put back after each
    solve. ``caught`` says whether CP-SAT was allowed to take the signal; the backend
    then tells an interrupted search from a time-out by the clock.
    """

    def __init__(self, params) -> None:
        import signal
        import threading

        self.signal = signal
        main = threading.current_thread() is threading.main_thread()
        self.handler = signal.getsignal(signal.SIGINT) if main else None
        self.caught = main and self.handler is signal.default_int_handler
        params.catch_sigint_signal = self.caught

    def __enter__(self) -> "_sigint_guard":
        return self

    def __exit__(self, *exc) -> None:
        if self.caught:
            self.signal.signal(self.signal.SIGINT, self.handler)


def _collector_base():
    from ortools.sat.python import cp_model

    return cp_model.CpSolverSolutionCallback


class _Collector(_collector_base()):  # type: ignore[misc]
    """Keeps each solution as a tuple and stops the search at ``limit``."""

    def __init__(self, x: list, limit: int):
        super().__init__()
        self.x = x
        self.limit = limit
        self.solutions: list[tuple[int, ...]] = []

    def on_solution_callback(self) -> None:
        value = self.value
        self.solutions.append(tuple(value(v) for v in self.x))
        if len(self.solutions) >= self.limit:
            self.stop_search()
