"""The ``cpsat`` backend: the all-different model solved by OR-Tools CP-SAT.

Solutions are enumerated with ``enumerate_all_solutions`` and a callback that calls
``stop_search()`` once ``limit`` solutions are in (uniqueness is ``limit=2``).

Enumeration uses **one worker**: with several workers CP-SAT can report the same
solution twice, and on these models the default worker count is slower anyway
(measured on the benchmark sets, see docs/benchmarks.md). The base model is built once per board shape and reused: each
puzzle only narrows the given cells' domains.

**Large boards** (above ``LARGE_ABOVE``, 25x25): solutions are found one plain solve
at a time with ``LARGE_WORKERS`` (2) workers, each next solve on the puzzle's own model
with the solutions found forbidden (``_solve_large``). On the 36x36 puzzle with half
its cells given of docs/large_boards.md, that settled what neither enumeration nor a
plain one-worker solve did in minutes.
"""

from __future__ import annotations

import time

from ..board import Board, Geometry
from ..check import clashes
from ..encode.cp import CpEncoding, encode
from .base import KEEP_SHAPES, Backend, ShapeCache, require, time_left


#: Above this board side, solutions are found one solve at a time (see ``_solve_large``).
LARGE_ABOVE = 25
#: CP-SAT workers for a large board unless ``cpsat:workers=N`` says otherwise.
LARGE_WORKERS = 2

#: Up to this board side Ctrl-C is left to Python during a solve (see ``sigint_guard``).
CATCH_SIGINT_ABOVE = 16


class CpSatBackend(Backend):
    """Solve boards with CP-SAT; ``workers`` other than 1 is for experiments only."""

    name = "cpsat"
    SPEC_OPTIONS = ("workers",)

    def __init__(self, workers: int | str | None = None):
        self.cp_model = require("ortools.sat.python.cp_model", "ortools", self.name)
        self.workers = None if workers is None else int(workers)  # None: 1, or LARGE_WORKERS
        if self.workers is not None and self.workers < 1:
            raise ValueError(f"cpsat workers must be at least 1, not {workers}")
        # variants: each extra-house set is a shape of its own
        self._encoding: ShapeCache[Geometry, CpEncoding] = ShapeCache(encode, KEEP_SHAPES)

    def search(self, board: Board, limit: int, deadline: float | None,
               stats: dict) -> tuple[list[tuple[int, ...]], bool]:
        """Enumerate with a callback that stops the search at ``limit`` solutions."""
        if clashes(board):  # CP-SAT would say INFEASIBLE too; this is quicker and certain
            stats["clash"] = True
            return [], True
        if board.n > LARGE_ABOVE:
            return self._search_large(board, limit, deadline, stats)
        cp_model = self.cp_model
        enc = self._encoding(board.geometry)
        enc.set_givens(board)

        solver = cp_model.CpSolver()
        params = solver.parameters
        params.enumerate_all_solutions = True
        params.num_workers = self.workers or 1
        left = time_left(deadline)
        if left is not None:
            params.max_time_in_seconds = max(left, 1e-3)

        collector = _Collector(enc.x, limit)
        began = time.perf_counter()
        with sigint_guard(params, allow=board.n > CATCH_SIGINT_ABOVE) as guard:
            status = solver.solve(enc.model, collector)
        spent = time.perf_counter() - began
        if guard.caught and status in (cp_model.FEASIBLE, cp_model.UNKNOWN) \
                and len(collector.solutions) < limit \
                and (left is None or spent < 0.9 * left):
            # Ctrl-C, not the clock. (Judged by our clock, which started first: CP-SAT's
            # own wall_time can fall short of the limit it stopped at, and a time-out
            # taken for Ctrl-C ended a check with exit 130 and no output.)
            raise KeyboardInterrupt("cpsat was interrupted")

        solutions = list(dict.fromkeys(collector.solutions))  # de-duplicate, keep order
        stats.update(conflicts=solver.num_conflicts, branches=solver.num_branches,
                     booleans=solver.num_booleans, wall_time=solver.wall_time,
                     deterministic_time=solver.deterministic_time,
                     cp_status=solver.status_name(status))
        if status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):  # the search finished
            return solutions, True
        if status in (cp_model.FEASIBLE, cp_model.UNKNOWN):  # stopped at the limit or clock
            return solutions, False
        raise RuntimeError(f"CP-SAT answered {solver.status_name(status)} for a sudoku model")

    def _search_large(self, board: Board, limit: int, deadline: float | None,
                      stats: dict) -> tuple[list[tuple[int, ...]], bool]:
        """Solutions of a large board found one solve at a time, each next one on a
        model that forbids the ones found (a table constraint over the free cells).

        ``enumerate_all_solutions`` keeps every solution through presolve, which
        weakens it, and allows one worker only (more can report a solution twice);
        a plain solve may use ``LARGE_WORKERS`` (a portfolio of strategies). On the
        36x36 board of docs/large_boards.md that found a solution where one
        enumerating worker had found none.
        """
        cp_model = self.cp_model
        enc = encode(board.geometry)  # its own model: constraints are added to it
        enc.set_givens(board)
        free_cells = [cell for cell, value in enumerate(board.givens) if not value]
        free = [enc.x[cell] for cell in free_cells]
        solutions: list[tuple[int, ...]] = []
        stats.update(conflicts=0, branches=0, wall_time=0.0, deterministic_time=0.0, solves=0,
                     workers=self.workers or LARGE_WORKERS)
        exhausted = False
        while len(solutions) < limit:
            left = time_left(deadline)
            if left is not None and left <= 0:
                break
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = stats["workers"]
            if left is not None:
                solver.parameters.max_time_in_seconds = max(left, 1e-3)
            began = time.perf_counter()
            with sigint_guard(solver.parameters) as guard:
                status = solver.solve(enc.model)
            spent = time.perf_counter() - began  # our clock, as in ``solve``
            stats["solves"] += 1
            for key in ("conflicts", "branches"):
                stats[key] += getattr(solver, f"num_{key}")
            stats["wall_time"] += solver.wall_time
            stats["deterministic_time"] += solver.deterministic_time
            stats["cp_status"] = solver.status_name(status)
            if status == cp_model.INFEASIBLE:
                exhausted = True
                break
            if status == cp_model.UNKNOWN:
                if guard.caught and (left is None or spent < 0.9 * left):
                    raise KeyboardInterrupt("cpsat was interrupted")  # Ctrl-C, not the clock
                break
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                raise RuntimeError(f"CP-SAT answered {solver.status_name(status)} "
                                   f"for a sudoku model")
            solutions.append(tuple(solver.value(v) for v in enc.x))
            if not free:  # every cell given: that was the only solution
                exhausted = True
                break
            enc.model.add_forbidden_assignments(free, [[solutions[-1][c] for c in free_cells]])
        return solutions, exhausted


class sigint_guard:  # noqa: N801 (used as a context manager, like a function)
    """Ctrl-C during a CP-SAT solve, handled the way Python handles it elsewhere.

    CP-SAT installs its own SIGINT handler while it solves (``catch_sigint_signal``):
    the search stops at once, but the handler it leaves behind is the default one, so a
    second Ctrl-C would kill the process without a word, and a process that ignores
    SIGINT (a batch worker, a script's child) would have it caught and its puzzle cut
    short. So: CP-SAT catches the signal only in the main thread of a process that
    handles SIGINT with Python's handler, and that handler is put back after each
    solve. ``caught`` says whether CP-SAT was allowed to take the signal; the backend
    then tells an interrupted search from a time-out by the clock.

    But a Ctrl-C that CP-SAT takes just as its search ends anyway is lost: the solve
    returns a complete answer and nothing says a signal came (the generator, a solve
    every few milliseconds, went on making puzzles after Ctrl-C in 2 of 25 trials).
    So up to ``CATCH_SIGINT_ABOVE`` (``allow=False``) CP-SAT does not take the signal:
    Python's own handler records it, and the ``KeyboardInterrupt`` comes at the next
    solution callback or when the solve returns, which on those boards is soon.
    """

    def __init__(self, params, allow: bool = True) -> None:
        import signal
        import threading

        self.signal = signal
        main = threading.current_thread() is threading.main_thread()
        self.handler = signal.getsignal(signal.SIGINT) if main else None
        self.caught = allow and main and self.handler is signal.default_int_handler
        params.catch_sigint_signal = self.caught

    def __enter__(self) -> "sigint_guard":
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
