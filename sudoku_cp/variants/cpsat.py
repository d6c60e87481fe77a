"""The ``cpsat`` paradigm: the model of ``encode_cp`` solved by OR-Tools CP-SAT.

Up to two solutions are asked of one solve that enumerates (``enumerate_all_solutions``,
presolve off as always here: ``PRESOLVE``), stopped at the second solution told apart by
its cells (and the unknowns ``shown``: a chaos construction's regions). Two solves, the
second after a constraint "some cell differs", load the model twice; over the shared
ISS puzzles that settle within a second, one enumerating solve took about half the CPU
(19 puzzles: 0.58 s against 1.16 s; docs/variants_speed.md). An enumeration lists every
assignment of the model's own helper variables too, so two of its solutions may carry
the same cells; after ``REPEATS`` such repeats the solve is stopped and the search goes
on the other road, one solve per solution (with the solutions found blocked). One
worker; the time limit is shared across the solves through ``max_time_in_seconds``;
native statistics are summed in ``stats``.
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

#: Passes CP-SAT makes besides its search, off by measurement (docs/variants_speed.md,
#: "Twelfth round"): probing, the linear relaxation and symmetry detection at the root,
#: and the SAT solver's inprocessing (vivification, probing) during the search. They cost
#: 10-20 ms per solve, most of an easy puzzle's time, and no measured puzzle needed them.
#: Over the 71 shared puzzles that settle within a few seconds (best of three each way,
#: alternated), CPU: the root passes off, median 30.9 -> 27.0 ms, total 4.05 -> 2.73 s;
#: inprocessing off too, 27.5 -> 21.0 ms, 2.73 -> 2.23 s. An encoding's own parameters
#: still come after.
#: Seventeenth round: the detection of "greater than at least one of" constraints when the
#: model is loaded, off too (the same conflicts on nearly every shared puzzle, 5-20% less
#: CPU: docs/variants_speed.md).
PASSES_OFF = {"cp_model_probing_level": 0, "linearization_level": 0, "symmetry_level": 0,
              "use_sat_inprocessing": False, "auto_detect_greater_than_at_least_one_of": False}

#: The value CP-SAT tries first on a decision literal: true, not its default false. Where the
#: literal reads "this cell holds this value", a decision places a value, as a hand search
#: would, rather than crossing one out (a reading, not measured apart).
#: Twenty-seventh round (docs/variants_speed.md, "batch3"): on the long searches, fewer
#: conflicts (-35 23,902 -> 20,311, -50 56,812 -> 45,321; -18 and -49 within 1%); on the 76
#: shared puzzles that settle within a second, no gain at the median (per puzzle, best of five
#: each way alternated: ratio 0.998; conflicts 34,580 -> 33,052 in all). Random polarity: no
#: gain. An encoding's own parameters still come after.
POLARITY = "POLARITY_TRUE"


#: Solutions of one enumerating solve that repeat the cells of one already found (its
#: helper variables differ) before the search goes on one solve per solution.
REPEATS = 8


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None, into=None) -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``; ``exhausted`` when fewer exist. ``into``:
    where the solutions go (``tally.Tally`` counts them; default a new list)."""
    start = time.perf_counter()
    cp = encode(puzzle)
    built = time.perf_counter()
    solutions = [] if into is None else into
    stats = {"conflicts": 0, "branches": 0, "wall_time": 0.0, "build_time": built - start,
             "solves": 0}
    state, exhausted, keys = _enumerate(cp, solutions, limit, time_limit, start, stats)
    if state == "repeats":
        state, exhausted = _one_by_one(cp, solutions, keys, limit, time_limit, start, stats)
    return VariantResult("cpsat", solutions, exhausted, state, stats,
                         time.perf_counter() - start)


def _solver(cp, time_limit, start, stats):
    """A one-worker solver with what is left of the time limit, or None when none is."""
    solver = cp.cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.cp_model_presolve = PRESOLVE
    for key, value in PASSES_OFF.items():
        setattr(solver.parameters, key, value)
    solver.parameters.initial_polarity = getattr(type(solver.parameters), POLARITY)
    for key, value in cp.parameters.items():  # (an encoding's own: chaos's relaxation off)
        setattr(solver.parameters, key, value)
    if time_limit is not None:
        left = time_limit - (time.perf_counter() - start)
        if left <= 0:
            return None
        solver.parameters.max_time_in_seconds = left
    stats["solves"] += 1
    return solver


def _count(solver, stats) -> None:
    stats["conflicts"] += solver.NumConflicts()
    stats["branches"] += solver.NumBranches()
    stats["wall_time"] += solver.WallTime()


def _enumerate(cp, solutions, limit, time_limit, start, stats):
    """One enumerating solve: ``(state, exhausted, keys)`` (``keys``: the solutions found,
    with their unknowns), state ``repeats`` when it stopped on helper variables repeating
    a solution's cells (the caller goes on another road)."""
    solver = _solver(cp, time_limit, start, stats)
    if solver is None:
        return "timeout", False, []
    solver.parameters.enumerate_all_solutions = True
    watch = _watcher(cp.cp_model)(cp, solutions, limit)
    status = interruptible_solve(solver, cp.model, watch)
    _count(solver, stats)
    stats["repeats"] = watch.repeated
    m = cp.cp_model
    if status == m.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT rejected the model: {cp.model.validate()}")
    if watch.repeated > REPEATS:
        return "repeats", False, watch.keys
    if len(solutions) >= limit:
        return "limit", False, watch.keys
    if status in (m.OPTIMAL, m.INFEASIBLE):  # the enumeration ran to its end
        return "solved", True, watch.keys
    if status in (m.FEASIBLE, m.UNKNOWN):  # the clock
        return "timeout", False, watch.keys
    raise RuntimeError(f"unexpected CP-SAT status {solver.StatusName(status)}")


_WATCHER = None


def _watcher(cp_model):
    """The solution callback class (made once: OR-Tools is imported lazily)."""
    global _WATCHER
    if _WATCHER is None:
        class Watcher(cp_model.CpSolverSolutionCallback):
            """Keeps each new solution (its cells, told apart with the unknowns
            ``shown``); stops at ``limit`` of them or after ``REPEATS`` repeats."""

            def __init__(self, cp, solutions, limit):
                super().__init__()
                self.cp, self.solutions, self.limit = cp, solutions, limit
                self.keys, self.seen, self.repeated = [], set(), 0

            def on_solution_callback(self):
                values = tuple(self.Value(x) for x in self.cp.x)
                key = values + tuple(self.Value(u) for u in self.cp.shown)
                if key in self.seen:
                    self.repeated += 1
                    if self.repeated > REPEATS:
                        self.StopSearch()
                    return
                self.seen.add(key)
                self.keys.append(key)
                self.solutions.append(values)
                if len(self.solutions) >= self.limit:
                    self.StopSearch()

        _WATCHER = Watcher
    return _WATCHER


def _one_by_one(cp, solutions, keys, limit, time_limit, start, stats):
    """The other road: the solutions so far blocked, then one solve per solution, each
    followed by a constraint "some cell differs"."""
    m = cp.cp_model
    for j, key in enumerate(keys):
        _block(cp, key, f"e{j}")
    while len(solutions) < limit:
        solver = _solver(cp, time_limit, start, stats)
        if solver is None:
            return "timeout", False
        status = interruptible_solve(solver, cp.model)
        _count(solver, stats)
        if status in (m.OPTIMAL, m.FEASIBLE):
            values = tuple(solver.Value(x) for x in cp.x)
            solutions.append(values)
            _block(cp, values + tuple(solver.Value(u) for u in cp.shown), len(solutions))
        elif status == m.INFEASIBLE:
            return "solved", True
        elif status == m.UNKNOWN:
            return "timeout", False
        elif status == m.MODEL_INVALID:
            raise RuntimeError(f"CP-SAT rejected the model: {cp.model.validate()}")
        else:
            raise RuntimeError(f"unexpected CP-SAT status {solver.StatusName(status)}")
    return "limit", False


def _block(cp, values, k):
    """Some cell differs from ``values`` (the cells, then the unknowns ``cp.shown``: a
    second split of a chaos construction is a second solution)."""
    differs = []
    for i, (x, v) in enumerate(zip([*cp.x, *cp.shown], values)):
        b = cp.bool_var(f"block{k}_{i}")
        cp.model.add(x != v).OnlyEnforceIf(b)
        differs.append(b)
    cp.model.add_bool_or(differs)
