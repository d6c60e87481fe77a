"""The ``cpsat`` backend: the all-different model solved by OR-Tools CP-SAT.

Solutions are enumerated with ``enumerate_all_solutions`` and a callback that calls
``stop_search()`` once ``limit`` solutions are in (uniqueness is ``limit=2``).

Enumeration uses **one worker**: with several workers CP-SAT can report the same
solution twice, and on these models the default worker count is slower anyway
(shared/FACTS.md). The base model is built once per board shape and reused: each
puzzle only narrows the given cells' domains.
"""

from __future__ import annotations

import time

from ..board import Board
from ..check import clashes
from ..encode.cp import CpEncoding, encode
from ..result import Result, Status
from . import require


#: Models kept, one per board shape, least recently used dropped first (see sat.KEEP_SHAPES).
KEEP_SHAPES = 8


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
            return Result(self.name, Status.NONE, (), True, time.perf_counter() - start,
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
        status = solver.solve(enc.model, collector)
        elapsed = time.perf_counter() - start

        solutions = tuple(dict.fromkeys(collector.solutions))  # de-duplicate, keep order
        stats = {
            "conflicts": solver.num_conflicts,
            "branches": solver.num_branches,
            "booleans": solver.num_booleans,
            "wall_time": solver.wall_time,
            "deterministic_time": solver.deterministic_time,
            "cp_status": solver.status_name(status),
        }
        if status == cp_model.OPTIMAL:  # enumeration finished: every solution was seen
            return Result(self.name, Status.SOLVED if solutions else Status.NONE,
                          solutions, True, elapsed, stats, limit)
        if status == cp_model.INFEASIBLE:
            return Result(self.name, Status.NONE, (), True, elapsed, stats, limit)
        if status == cp_model.FEASIBLE:  # stopped at the limit, or by the clock
            return Result(self.name, Status.SOLVED, solutions, False, elapsed, stats, limit)
        if status == cp_model.UNKNOWN:
            return Result(self.name, Status.SOLVED if solutions else Status.UNKNOWN,
                          solutions, False, elapsed, stats, limit)
        raise RuntimeError(f"CP-SAT answered {solver.status_name(status)} for a sudoku model")


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
