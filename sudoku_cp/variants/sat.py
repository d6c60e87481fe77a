"""The ``sat`` paradigm: the CNF of ``encode_cnf`` solved by a PySAT solver.

Solutions are enumerated with blocking clauses (over the cell-value literals) up to
``limit``; a time limit interrupts the solver through a ``threading.Timer``. The
default solver is Glucose 4 (interruptible; see docs/variants.md for the measurement).

**The classic part is loaded once per shape.** Every cell one value and every house
distinct make most of a 9x9 variant's clauses (12,000 of 14,000 on a killer) and
building and loading them cost ~12 ms, more than solving a small puzzle. ``solve``
keeps, per shape (size, values, houses, solver), those clauses loaded in one live solver
(a bounded ``ShapeCache``). A puzzle adds its own constraints' clauses under a fresh
activation literal ``act`` (``[-act, ...]``), passes ``act`` and its givens as
assumptions, blocks each solution found under ``act`` too, and is retired with the
unit clause ``[-act]``, which satisfies all of its clauses (and every clause learnt
from them, which carries ``-act``) for good: nothing of one puzzle constrains the next.
Once the variables of retired puzzles outnumber ``REBUILD_AFTER`` the solver is loaded
afresh (every model PySAT returns lists them all). A second caller while the solver is
in use (another thread) gets a fresh solver of its own.

``candidates`` answers the setters' "all possibilities": for each cell, the values
some solution gives it, by incremental solving under assumptions on one solver.
"""

from __future__ import annotations

import atexit
import threading
import time

from ..backends.sat import solve_within
from ..cache import ShapeCache
from ..errors import UsageError
from .encode_cnf import encode, encode_own, encode_shape, shape_key
from .paradigms import VariantResult

DEFAULT_SOLVER = "glucose4"


def _solver(enc, name):
    return _solver_of(enc.clauses, name)


def _read(enc, model_set):
    return tuple(next(v for v, lit in enc.x[cell].items() if lit in model_set)
                 for cell in range(enc.puzzle.num_cells))


#: Keep a live solver per shape (else a fresh solver loads the shape's cached clauses).
REUSE_SOLVER = True

#: A puzzle that took more conflicts leaves the solver to be loaded afresh: reused after
#: iss-examples-10 (~11,000 conflicts) the solver took ~15% longer per conflict, and a
#: load (~5 ms) is small beside such a search.
FRESH_AFTER = 2_000

#: Variables of retired puzzles after which a shape's solver is loaded afresh.
REBUILD_AFTER = 20_000


class _Shape:
    """The classic clauses of one shape and the live solver holding them."""

    def __init__(self, key):
        puzzle, solver = key[-1], key[0]
        base = encode_shape(puzzle)
        self.clauses, self.nv, self.name = base.clauses, base.nv, solver
        self.solver = None
        self.next_var = self.nv + 1
        self.lock = threading.Lock()

    def live(self):
        if self.solver is None or self.next_var - self.nv > REBUILD_AFTER:
            self.close()
            self.solver = _solver_of(self.clauses, self.name)
            self.next_var = self.nv + 1
        return self.solver

    def close(self):
        if self.solver is not None:
            self.solver.delete()
            self.solver = None


class _ShapeKey(tuple):
    """``(solver, *shape_key(puzzle), puzzle)``, hashed and compared without the puzzle
    (whose own constraints do not change the shape)."""

    def __hash__(self):
        return hash(self[:-1])

    def __eq__(self, other):
        return self[:-1] == other[:-1]


_SHAPES: ShapeCache = ShapeCache(_Shape, size=8)


@atexit.register
def _close_all():  # PySAT's destructors fail noisily at interpreter shutdown
    for shape in list(_SHAPES._items.values()):
        shape.close()


def _solver_of(clauses, name):
    from pysat.solvers import Solver

    return Solver(name=name, bootstrap_with=clauses)


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None,
          solver: str = DEFAULT_SOLVER, cage: str = "combinations") -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``; ``exhausted`` when fewer exist.

    ``solver`` names a PySAT solver and ``cage`` the killer-cage encoding (both for
    measurement; the defaults are the measured choice)."""
    if time_limit is not None and solver.startswith("cadical"):
        raise UsageError(f"{solver} cannot be interrupted through PySAT: no time limit with it")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    shape = _SHAPES(_ShapeKey((solver, *shape_key(puzzle), puzzle)))
    if not REUSE_SOLVER or not shape.lock.acquire(blocking=False):  # a solver of our own
        return _solve_fresh(puzzle, limit, deadline, solver, cage, start, shape.clauses)
    try:
        enc = encode_own(puzzle, shape.next_var if shape.solver is not None else shape.nv + 1,
                         cage)
        s = shape.live()
        act = enc.nv + 1
        shape.next_var = act + 1
        built = time.perf_counter()
        for clause in enc.clauses:
            s.add_clause([-act, *clause])
        assumptions = [act, *(enc.x[cell][value] for cell, value in puzzle.givens)]
        before = _native(s)
        try:
            solutions, status, exhausted = _enumerate(s, enc, solver, assumptions, [-act],
                                                      limit, deadline)
            s.add_clause([-act])
        except BaseException:
            shape.solver = None  # left mid-call: never called again
            raise
        own = {k: v - before.get(k, 0) for k, v in _native(s).items()}  # this puzzle's
        if own.get("conflicts", 0) > FRESH_AFTER:
            shape.close()  # a long search's learnt clauses slow the next puzzle down
        stats = {"variables": enc.nv, "clauses": len(shape.clauses) + len(enc.clauses),
                 "solver": solver, "build_time": built - start, **own}
    finally:
        shape.lock.release()
    return VariantResult("sat", solutions, exhausted, status, stats, time.perf_counter() - start)


def _solve_fresh(puzzle, limit, deadline, solver, cage, start, base):
    enc = encode_own(puzzle, len(base) and max(abs(lit) for cl in base for lit in cl) + 1, cage)
    built = time.perf_counter()
    with _solver_of(base, solver) as s:
        s.append_formula(enc.clauses)
        for cell, value in puzzle.givens:
            s.add_clause([enc.x[cell][value]])
        solutions, status, exhausted = _enumerate(s, enc, solver, [], [], limit, deadline)
        stats = {"variables": enc.nv, "clauses": len(base) + len(enc.clauses), "solver": solver,
                 "build_time": built - start, **_native(s)}
    return VariantResult("sat", solutions, exhausted, status, stats, time.perf_counter() - start)


def _enumerate(s, enc, solver, assumptions, guard, limit, deadline):
    solutions, status, exhausted = [], "solved", False
    while len(solutions) < limit:
        answer = solve_within(s, solver, assumptions, deadline)
        if answer is None:
            status = "timeout"
            break
        if not answer:
            exhausted = True
            break
        chosen = set(lit for lit in s.get_model() if lit > 0)
        values = _read(enc, chosen)
        solutions.append(values)
        s.add_clause([*guard, *(-enc.x[cell][v] for cell, v in enumerate(values))])
    else:
        status = "limit"
    return solutions, status, exhausted


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
