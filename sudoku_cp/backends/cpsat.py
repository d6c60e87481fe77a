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

import os

from ..board import Board, Geometry
from ..check import clashes
from ..encode.cp import CpEncoding, encode
from .base import KEEP_SHAPES, Backend, ShapeCache, require, time_left


#: Above this board side, solutions are found one solve at a time (see ``_solve_large``).
LARGE_ABOVE = 25
#: CP-SAT workers for a large board unless ``cpsat:workers=N`` says otherwise.
LARGE_WORKERS = 2

#: Up to this board side a solve runs on the calling thread (see ``interruptible_solve``).
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
        status = interruptible_solve(solver, enc.model, collector,
                                     allow=board.n > CATCH_SIGINT_ABOVE)

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
            status = interruptible_solve(solver, enc.model)
            stats["solves"] += 1
            for key in ("conflicts", "branches"):
                stats[key] += getattr(solver, f"num_{key}")
            stats["wall_time"] += solver.wall_time
            stats["deterministic_time"] += solver.deterministic_time
            stats["cp_status"] = solver.status_name(status)
            if status == cp_model.INFEASIBLE:
                exhausted = True
                break
            if status == cp_model.UNKNOWN:  # the clock
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


def interruptible_solve(solver, model, callback=None, *, allow: bool = True) -> int:
    """``solver.solve(model, callback)``, with Ctrl-C handled the way Python handles it
    elsewhere: the search stops and ``KeyboardInterrupt`` is raised, never a status.

    CP-SAT can take SIGINT itself (``catch_sigint_signal``), but then nothing tells
    an interrupted search from one stopped by its time limit (both answer UNKNOWN),
    and the handler it leaves behind is the default one: a second Ctrl-C would kill
    the process without a word. Telling them apart by the clock failed too, now and
    then: a time-out taken for Ctrl-C ended a check with exit 130 and no output. So
    CP-SAT never takes the signal. In the main thread of a process that handles
    SIGINT with Python's handler, the solve runs on a thread kept for the purpose
    (CP-SAT releases the GIL) while the main thread waits for it; a Ctrl-C reaches the main
    thread at once, calls ``stop_search`` and waits for the search to stop.

    Elsewhere (a batch worker that ignores SIGINT, another thread, ``allow=False``)
    the solve runs here; Python's handler, if any, records the signal and the
    ``KeyboardInterrupt`` comes at the next solution callback or when the solve
    returns. Up to ``CATCH_SIGINT_ABOVE`` the backend passes ``allow=False``: those
    solves take milliseconds, too short to pay for a thread.
    """
    import signal
    import threading

    solver.parameters.catch_sigint_signal = False
    if not (allow and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
        return solver.solve(model, callback)
    global _SOLVING
    if _SOLVING is None:
        from concurrent.futures import ThreadPoolExecutor

        _SOLVING = ThreadPoolExecutor(1, thread_name_prefix="cpsat-solve")
    done = _SOLVING.submit(solver.solve, model, callback)
    try:
        return done.result()
    except KeyboardInterrupt:
        _stop_and_wait(solver, done)
        raise


#: The thread ``interruptible_solve`` runs solves on: one for the process, kept (a
#: forked child starts without it). Six shared variant puzzles, CP-SAT's two solves each,
#: three rounds in one process: 613 ms on the calling thread, 621 on this kept thread,
#: 697 on a new thread per solve (most likely CP-SAT's memory then comes from a fresh
#: malloc arena each time).
_SOLVING = None


def _forget_solving_thread() -> None:
    global _SOLVING
    _SOLVING = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_solving_thread)


def _stop_and_wait(solver, done) -> None:
    """Stop the search and wait for the future ``done``, through a second Ctrl-C too: a
    process must not end while CP-SAT still runs (its thread torn down inside C++ code
    is "terminate called", SIGABRT). ``stop_search`` is asked again while waiting, in
    case the first came before the solve had begun."""
    from concurrent.futures import wait

    while True:
        try:
            solver.stop_search()
            wait([done], timeout=0.05)
            if done.done():
                return
        except KeyboardInterrupt:
            continue


def _collector_base():
    from ..cp_import import cp_model as load_cp_model  # (without pandas)

    cp_model = load_cp_model()

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
