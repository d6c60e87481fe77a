"""The ``sat`` paradigm: the CNF of ``encode_cnf`` solved by a PySAT solver.

Solutions are enumerated with blocking clauses (over the cell-value literals) up to
``limit``; a time limit interrupts the solver through a ``threading.Timer``. The
default solver is Glucose 4 (interruptible; see docs/variants.md for the measurement).

``candidates`` answers the setters' "all possibilities": for each cell, the values
some solution gives it, by incremental solving under assumptions on one solver.
"""

from __future__ import annotations

import time

from ..backends.sat import solve_within
from ..errors import UsageError
from .encode_cnf import encode
from .paradigms import VariantResult

DEFAULT_SOLVER = "glucose4"


def _solver(enc, name):
    from pysat.solvers import Solver

    s = Solver(name=name, bootstrap_with=enc.clauses)
    return s


def _read(enc, model_set):
    return tuple(next(v for v, lit in enc.x[cell].items() if lit in model_set)
                 for cell in range(enc.puzzle.num_cells))


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None,
          solver: str = DEFAULT_SOLVER, cage: str = "combinations") -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``; ``exhausted`` when fewer exist.

    ``solver`` names a PySAT solver and ``cage`` the killer-cage encoding (both for
    measurement; the defaults are the measured choice)."""
    if time_limit is not None and solver.startswith("cadical"):
        raise UsageError(f"{solver} cannot be interrupted through PySAT: no time limit with it")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    enc = encode(puzzle, cage)
    built = time.perf_counter()
    solutions, status, exhausted = [], "solved", False
    with _solver(enc, solver) as s:
        while len(solutions) < limit:
            answer = solve_within(s, solver, [], deadline)
            if answer is None:
                status = "timeout"
                break
            if not answer:
                exhausted = True
                break
            chosen = set(lit for lit in s.get_model() if lit > 0)
            values = _read(enc, chosen)
            solutions.append(values)
            s.add_clause([-enc.x[cell][v] for cell, v in enumerate(values)])
        else:
            status = "limit"
        stats = {"variables": enc.nv, "clauses": len(enc.clauses), "solver": solver,
                 "build_time": built - start, **_native(s)}
    return VariantResult("sat", solutions, exhausted, status, stats, time.perf_counter() - start)


def _native(s):
    try:
        acc = s.accum_stats()
        return {k: acc[k] for k in ("conflicts", "decisions", "propagations") if k in acc}
    except Exception:  # some solvers keep no statistics
        return {}


def candidates(puzzle, *, cap: int = 2, time_limit: float | None = None,
               solver: str = DEFAULT_SOLVER):
    """``(counts, complete, solutions)``: ``counts[cell][value]`` = solutions giving ``cell`` that value,
    counted up to ``cap`` (0 for a value no solution uses); ``complete`` is False on timeout;
    ``solutions`` holds every solution met on the way (for the caller to verify).

    One solver answers every question: "is there a solution with cell = value?" is a call
    under that assumption; counting past the first solution blocks each solution found
    under an activation literal that is then switched off, so later questions see the
    whole formula again.
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    enc = encode(puzzle)
    n2 = puzzle.num_cells
    counts = [dict.fromkeys(puzzle.value_range, 0) for _ in range(n2)]
    known: set = set()  # solutions found so far, shared by every question
    with _solver(enc, solver) as s:
        for cell in range(n2):
            for v in puzzle.value_range:
                using = [sol for sol in known if sol[cell] == v]
                if len(using) >= cap:
                    counts[cell][v] = cap
                    continue
                act = enc.pool.id(("candidates", cell, v))
                for sol in using:
                    s.add_clause([-act, *(-enc.x[c][w] for c, w in enumerate(sol))])
                found = len(using)
                while found < cap:
                    answer = solve_within(s, solver, [enc.x[cell][v], act], deadline)
                    if answer is None:
                        return counts, False, known
                    if not answer:
                        break
                    sol = _read(enc, set(lit for lit in s.get_model() if lit > 0))
                    known.add(sol)
                    found += 1
                    s.add_clause([-act, *(-enc.x[c][w] for c, w in enumerate(sol))])
                s.add_clause([-act])
                counts[cell][v] = found
    return counts, True, known
