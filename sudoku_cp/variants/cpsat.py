"""The ``cpsat`` paradigm: the model of ``encode_cp`` solved by OR-Tools CP-SAT.

Solutions are found one solve at a time: after each, a constraint "some cell differs
from this solution" is added and the model solved again, up to ``limit``. (Asking
CP-SAT to enumerate all solutions instead switches off most of its presolve; on a
killer puzzle with no givens that made a uniqueness check time out at 20 s where
two plain solves take well under one.) One worker; the time limit is shared across
the solves through ``max_time_in_seconds``; native statistics are summed in ``stats``.
"""

from __future__ import annotations

import time

from ..backends.cpsat import interruptible_solve
from .encode_cp import encode
from .paradigms import VariantResult

#: CP-SAT's presolve, off by measurement (docs/variants_speed.md): over the 51 shared
#: puzzles, two passes each way, 5.3-5.4 s CPU off against 6.4-6.8 s on; much less on
#: the long searches (iss-examples-18 1.4 against 2.2-2.3 s, -34, -25 and f-puzzles 25,
#: 27, 29 about half), 2 to 20 ms more on puzzles presolve nearly settles by itself
#: (iss-examples-0, -24, -32 with many givens; -43's anti-knight and anti-king).
PRESOLVE = False


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None, into=None) -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``; ``exhausted`` when fewer exist. ``into``:
    where the solutions go (``tally.Tally`` counts them; default a new list)."""
    start = time.perf_counter()
    cp = encode(puzzle)
    built = time.perf_counter()
    cp_model = cp.cp_model
    solutions, state, exhausted = [] if into is None else into, "limit", False
    stats = {"conflicts": 0, "branches": 0, "wall_time": 0.0, "build_time": built - start}
    while len(solutions) < limit:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.cp_model_presolve = PRESOLVE
        for key, value in cp.parameters.items():
            setattr(solver.parameters, key, value)
        if time_limit is not None:
            left = time_limit - (time.perf_counter() - start)
            if left <= 0:
                state = "timeout"
                break
            solver.parameters.max_time_in_seconds = left
        status = interruptible_solve(solver, cp.model)
        stats["conflicts"] += solver.NumConflicts()
        stats["branches"] += solver.NumBranches()
        stats["wall_time"] += solver.WallTime()
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            values = tuple(solver.Value(x) for x in cp.x)
            solutions.append(values)
            _block(cp, values + tuple(solver.Value(u) for u in cp.shown), len(solutions))
        elif status == cp_model.INFEASIBLE:
            exhausted, state = True, "solved"
            break
        elif status == cp_model.UNKNOWN:
            state = "timeout"
            break
        elif status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"CP-SAT rejected the model: {cp.model.Validate()}")
        else:
            raise RuntimeError(f"unexpected CP-SAT status {solver.StatusName(status)}")
    return VariantResult("cpsat", solutions, exhausted, state, stats,
                         time.perf_counter() - start)


def _block(cp, values, k):
    """Some cell differs from ``values`` (the cells, then the unknowns ``cp.shown``: a
    second split of a chaos construction is a second solution)."""
    differs = []
    for i, (x, v) in enumerate(zip([*cp.x, *cp.shown], values)):
        b = cp.bool_var(f"block{k}_{i}")
        cp.model.Add(x != v).OnlyEnforceIf(b)
        differs.append(b)
    cp.model.AddBoolOr(differs)
