"""The ``sat`` paradigm: the CNF of ``encode_cnf`` solved by a PySAT solver.

Solutions are enumerated with blocking clauses (over the cell-value literals) up to
``limit``. The solver runs in slices of conflicts (``SLICE``) with the GIL released,
so that the witness, searching in Python on a thread beside it, is not held up (PySAT
holds the GIL through a plain ``solve``: the witness took 40 s instead of 2 beside a
loop of them); between slices a time limit is checked and a Ctrl-C raised. The default
solver is Glucose 4 (see docs/variants.md for the measurement).

**The classic part is loaded once per shape.** Every cell one value and every house
distinct make most of a 9x9 variant's clauses (12,000 of 14,000 on a killer) and
building and loading them cost ~12 ms, more than solving a small puzzle. ``solve``
keeps, per shape (size, values, houses, solver), those clauses loaded in one live solver
(a bounded ``ShapeCache``). A puzzle adds its own constraints' clauses under a fresh
activation literal ``act`` (``[-act, ...]``), passes ``act`` and its givens as
assumptions, blocks each solution found under ``act`` too, and is retired with the
unit clause ``[-act]``, which satisfies all of its clauses (and every clause learnt
from them, which carries ``-act``) for good: nothing of one puzzle constrains the next.
So the next puzzle's auxiliary variables may take the same numbers; only the activation
literals are new each time, taken from a block of ``ACTS`` numbers below every
auxiliary variable, and the solver is loaded afresh when the block is used up.
A puzzle with many more clauses of its own than its shape has goes to a fresh solver at
once (``FRESH_ABOVE``; ``LIVE_BUDGET`` can also send a long search there: off by default).
A second caller while the solver is in use (another thread) gets a fresh solver of its own.

**A time limit covers it all.** The deadline reaches the encoder (which gives up past
it: ``EncodingTimeUp``), the loading of the clauses (in blocks, the clock read between
them) and the search, which a timer interrupts at the deadline (PySAT's ``interrupt``;
the slices alone overran by up to a slice, and a slice of 20,000 conflicts on a large
formula takes seconds). Glucose reads an interrupt only when it restarts, and on a large
formula its restarts can be seconds apart (a shaft of 78 cells in no house, 572,000
clauses: 2.7 and 8.6 s late): so under a time limit the search runs on a thread of its
own, and a solver still running ``GRACE`` after the deadline is left to stop by itself
(``abandon``: never called again, its memory never freed) while the caller gets its
answer. Each ends in a ``timeout`` result, never an exception. The first slice of a
search on a small formula runs on the calling thread with budgets instead (``INLINE``):
most puzzles are settled in it, without the two threads.

``candidates`` answers the setters' "all possibilities": for each cell, the values
some solution gives it, by incremental solving under assumptions on one solver.
"""

from __future__ import annotations

import atexit
import threading
import time
from contextlib import contextmanager
from importlib import import_module

from ..backends.sat import BUDGET_ONLY, abandon, canonical_solver, interrupt_or
from ..cache import ShapeCache
from ..errors import SudokuCpError, UsageError
from .encode_cnf import EncodingTimeUp, encode, encode_own, encode_shape, shape_key
from .paradigms import VariantResult

DEFAULT_SOLVER = "glucose4"


def _solver(enc, name):
    return _solver_of(enc.clauses, name)


def _read(enc, model_set):
    return tuple(next(v for v, lit in enc.x[cell].items() if lit in model_set)
                 for cell in range(enc.puzzle.num_cells))


#: Keep a live solver per shape (else a fresh solver loads the shape's cached clauses).
REUSE_SOLVER = True

#: Conflicts a puzzle may take on the live solver before it is solved again on a fresh
#: solver (the shape's clauses, its own, its givens as units), or None: no budget, every
#: puzzle is settled on the live solver. None is the measured choice: a budget of 500
#: was set when the live solver's state (saved phases, learnt clauses of earlier puzzles)
#: made iss-examples-10's search take from 0.8 to 1.7 times as long depending on the
#: puzzle before it; with the encodings of the later sums, in three shuffled orders of
#: the 51 shared puzzles, staying on the live solver was as fast or faster on nearly
#: every puzzle (iss-examples-18 190-300 ms CPU against 390, -10 31-40 against 44-57,
#: -11 20-32 against 21-48) and 10% faster over the set, since the wasted budget, the
#: second load and the search from scratch are gone (docs/variants_speed.md). A budget
#: is not cut short by a time limit; the fresh solver after it is.
LIVE_BUDGET = None

#: A puzzle with more than ``FRESH_ABOVE`` times as many clauses of its own as its shape's
#: classic clauses skips the live solver: adding them to it costs about what loading both
#: afresh does, and they would stay in it, retired, until its next load. With the old
#: budget of 500 conflicts, iss-examples-34, -38 and f-puzzles 25 and 29 lost 15 to 35 ms
#: CPU each to the live attempt; with no budget, sending every puzzle to the live solver
#: (no such rule) was slower again over the set (two shuffled orders: 2,142 and 2,550 ms
#: CPU against 1,942 and 2,103; iss-examples-36 with 146,000 clauses, f-puzzles 33;
#: docs/variants_speed.md).
FRESH_ABOVE = 1.0

#: Conflicts per slice of a search: the first slice, and the most a slice grows to
#: (doubling). A slice is a few ms to ~0.2 s on most puzzles, seconds on a large formula
#: (a pigeonhole formula of 90 variables: 2.4 s for 20,000); a Ctrl-C waits for the end
#: of the slice under way, the time limit interrupts it (``_alarm``).
SLICE = (2_000, 20_000)

#: Activation literals per load of a shape's solver: numbered nv + 1 ... nv + ACTS, right
#: after the cell-value literals, and the auxiliary variables of every puzzle after them,
#: so that no puzzle's auxiliaries meet an activation literal already retired (false).
#: After ACTS puzzles the solver is loaded afresh (~5 ms on 9x9).
ACTS = 64


class _Shape:
    """The classic clauses of one shape and the live solver holding them."""

    def __init__(self, key):
        puzzle, solver = key[-1], key[0]
        base = encode_shape(puzzle)
        self.clauses, self.nv, self.name = base.clauses, base.nv, solver
        self.solver = None
        self.acts = 0  # activation literals used on this load
        self.lock = threading.Lock()

    def live(self):
        if self.solver is None or self.acts >= ACTS:
            self.close()
            self.solver = _solver_of(self.clauses, self.name)
            self.acts = 0
        return self.solver

    def next_act(self):
        """The activation literal the next puzzle on the live solver gets (``live`` and
        then ``acts += 1`` make it so)."""
        fresh = self.solver is None or self.acts >= ACTS
        return self.nv + 1 + (0 if fresh else self.acts)

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

    s = Solver(name=name)
    _add_all(s, clauses)
    return s


def solve(puzzle, *, limit: int = 2, time_limit: float | None = None,
          solver: str = DEFAULT_SOLVER, cage: str = "combinations", into=None) -> VariantResult:
    """Up to ``limit`` solutions of ``puzzle``; ``exhausted`` when fewer exist. ``into``:
    where the solutions go (``tally.Tally`` counts them; default a new list).

    ``solver`` names a PySAT solver and ``cage`` the killer-cage encoding (both for
    measurement; the defaults are the measured choice)."""
    if time_limit is not None and solver.startswith("cadical"):
        raise UsageError(f"{solver} cannot be interrupted through PySAT: no time limit with it")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    shape = _SHAPES(_ShapeKey((solver, *shape_key(puzzle), puzzle)))
    if not REUSE_SOLVER or not shape.lock.acquire(blocking=False):  # a solver of our own
        return _solve_fresh(puzzle, limit, deadline, solver, cage, start, shape, into=into)
    try:
        act = shape.next_act()
        try:
            enc = encode_own(puzzle, shape.nv + ACTS + 1, cage, guard=(-act,), deadline=deadline)
        except EncodingTimeUp:
            return _timeout(start, "encoding")
        if len(enc.clauses) > FRESH_ABOVE * len(shape.clauses):  # the live solver would save little
            return _solve_fresh(puzzle, limit, deadline, solver, cage, start, shape, enc, act,
                                into=into)
        s = shape.live()
        shape.acts += 1
        assert act == shape.nv + shape.acts
        built = time.perf_counter()
        if not _add_all(s, enc.clauses, deadline):
            s.add_clause([-act])  # retires the part loaded
            return _timeout(start, "loading", build_time=built - start)
        assumptions = [act, *(enc.x[cell][value] for cell, value in puzzle.givens)]
        before = _native(s)
        try:
            found = _enumerate(s, enc, solver, assumptions, [-act], limit, deadline,
                               budget=LIVE_BUDGET, into=into)
            if found is None or found[1] != LATE:
                s.add_clause([-act])
        except BaseException:
            abandon(s)  # left mid-call (Ctrl-C): never called again
            shape.solver = None
            raise
        if found is not None and found[1] == LATE:  # abandoned by _solve_sliced
            shape.solver = None
            return _late(found[0], start, built)
        if found is None:  # a real search: on a solver of its own, as if loaded afresh
            if into is not None:
                into.clear()  # (the solutions of the attempt are found again)
            result = _solve_fresh(puzzle, limit, deadline, solver, cage, start, shape, enc, act,
                                  into=into)
            result.stats["live_attempt"] = LIVE_BUDGET
            return result
        solutions, status, exhausted = found
        own = {k: v - before.get(k, 0) for k, v in _native(s).items()}  # this puzzle's
        stats = {"variables": enc.nv, "clauses": len(shape.clauses) + len(enc.clauses),
                 "solver": solver, "build_time": built - start, **own}
    finally:
        shape.lock.release()
    return VariantResult("sat", solutions, exhausted, status, stats, time.perf_counter() - start)


def _late(solutions, start, built):
    """The result of a search the time limit stopped though the solver did not stop."""
    return VariantResult("sat", solutions, False, "timeout",
                         {"stopped_in": "search (solver abandoned)", "build_time": built - start},
                         time.perf_counter() - start)


def _timeout(start, where, **stats):
    """The result of a time limit reached before the search (``where``: ``encoding`` or
    ``loading``): no solution, not exhausted."""
    return VariantResult("sat", [], False, "timeout", {"stopped_in": where, **stats},
                         time.perf_counter() - start)


def _solve_fresh(puzzle, limit, deadline, solver, cage, start, shape, enc=None, act=None,
                 into=None):
    """On a solver of its own; ``enc``'s clauses guarded by ``-act`` when ``act`` is given."""
    if enc is None:
        try:
            enc = encode_own(puzzle, shape.nv + ACTS + 1, cage, deadline=deadline)
        except EncodingTimeUp:
            return _timeout(start, "encoding")
    built = time.perf_counter()
    s = _solver_of(shape.clauses, solver)
    for cell, value in puzzle.givens:
        s.add_clause([enc.x[cell][value]])
    if act is not None:
        s.add_clause([act])
    if not _add_all(s, enc.clauses, deadline):
        s.delete()
        return _timeout(start, "loading", build_time=built - start)
    try:
        solutions, status, exhausted = _enumerate(s, enc, solver, [], [], limit, deadline,
                                                  into=into)
    except BaseException:
        abandon(s)  # left mid-call (Ctrl-C): never called again, not even to free it
        raise
    if status == LATE:  # (abandoned by _solve_sliced)
        return _late(solutions, start, built)
    stats = {"variables": enc.nv, "clauses": len(shape.clauses) + len(enc.clauses),
             "solver": solver, "build_time": built - start, **_native(s)}
    s.delete()
    return VariantResult("sat", solutions, exhausted, status, stats, time.perf_counter() - start)


#: PySAT solver classes whose own add is called straight away by ``_add_all``: the
#: attribute holding the native solver and the ``pysolvers`` function adding a clause.
_NATIVE_ADD = {"Glucose4": ("glucose", "glucose41_add_cl"),
               "Minisat22": ("minisat", "minisat22_add_cl")}


#: Clauses loaded between two looks at the clock when a deadline is set (~25 ms).
LOAD_BLOCK = 100_000


def _add_all(s, clauses, deadline=None):
    """``s.append_formula(clauses)``, calling the solver's own add straight away where
    ``_NATIVE_ADD`` knows it: PySAT's two Python layers over it cost more than the add
    itself (about 2 of 6 ms for a zipper puzzle's 11,000 clauses). In blocks of
    ``LOAD_BLOCK`` with a ``deadline``: False (and the rest not loaded) once it passed."""
    if deadline is not None and len(clauses) > LOAD_BLOCK:
        for at in range(0, len(clauses), LOAD_BLOCK):
            if time.perf_counter() > deadline:
                return False
            _add_all(s, clauses[at:at + LOAD_BLOCK])
        return True
    native = _NATIVE_ADD.get(type(s.solver).__name__)
    handle = native and getattr(s.solver, native[0], None)
    add = handle and getattr(import_module("pysolvers"), native[1], None)
    if add is not None:  # (a PySAT without that function: its own road below)
        if not all([add(handle, clause) for clause in clauses]):
            s.solver.status = False  # as the solver's add_clause records it
        return True
    s.append_formula(clauses)
    return True


def _enumerate(s, enc, solver, assumptions, guard, limit, deadline, budget=None, into=None):
    """Solutions up to ``limit``: ``(solutions, status, exhausted)``, or None once the
    search has taken more than ``budget`` conflicts (when a budget is given). Status
    ``LATE``: the solver did not stop at the deadline and was abandoned."""
    solutions, status, exhausted = [] if into is None else into, "solved", False
    spent = s.accum_stats().get("conflicts", 0) if budget is not None else 0
    while len(solutions) < limit:
        try:
            if budget is None:
                answer = _solve_sliced(s, solver, assumptions, deadline)
            else:
                left = budget - (s.accum_stats().get("conflicts", 0) - spent)
                if left <= 0:
                    return None
                s.conf_budget(left)
                answer = s.solve_limited(assumptions=assumptions)
                if answer is None:
                    return None
        except SolverLate:
            status = LATE
            break
        except Exception as exc:  # PySAT's own word for a Ctrl-C inside the solver
            raise interrupt_or(exc) from None
        if answer is None:
            status = "timeout"
            break
        if not answer:
            exhausted = True
            break
        chosen = set(lit for lit in s.get_model() if lit > 0)
        values = _read(enc, chosen)
        solutions.append(values)
        s.add_clause([*guard, *(-enc.x[cell][v] for cell, v in enumerate(values)),
                      *(-lit for lit in enc.shown if lit in chosen)])  # (a second split: a second solution)
    else:
        status = "limit"
    return solutions, status, exhausted


#: The status ``_enumerate`` gives a search whose solver was abandoned (``SolverLate``).
LATE = "late"

#: Seconds past the deadline a solver may take to heed its interrupt before it is
#: abandoned (``_solve_sliced``).
GRACE = 0.2


class SolverLate(SudokuCpError):
    """The solver did not stop within ``GRACE`` of the deadline; it has been abandoned."""


def _solve_sliced(s, solver, assumptions, deadline):
    """True, False, or None once ``deadline`` (a ``perf_counter`` value) has passed:
    ``s.solve`` in slices of conflicts, each with the GIL released (``expect_interrupt``;
    CaDiCaL, which cannot take it, holds the GIL as before), a slice under way
    interrupted at the deadline (``_alarm``). Under a deadline the slices run on a
    thread of their own, and ``SolverLate`` (``s`` abandoned) when they have not ended
    ``GRACE`` after it."""
    release = canonical_solver(solver) not in BUDGET_ONLY
    if deadline is None or not release:
        return _slices(s, solver, assumptions, deadline, release, threading.Event())
    if deadline - time.perf_counter() > INLINE_MARGIN and s.nof_clauses() <= INLINE_CLAUSES:
        found = _inline(s, assumptions)
        if found is not None:
            return found
    with _alarm(s, deadline) as rang:
        box = []

        def run():
            try:
                box.append((True, _slices(s, solver, assumptions, deadline, True, rang)))
            except BaseException as exc:  # handed to the caller's thread
                box.append((False, exc))

        worker = threading.Thread(target=run, name="sat-search", daemon=True)
        worker.start()
        try:
            worker.join(max(0.0, deadline - time.perf_counter()) + GRACE)
        except BaseException:  # a Ctrl-C while waiting: the caller abandons the solver
            s.interrupt()
            raise
        if not box:  # still searching: Glucose heeds an interrupt only at a restart
            abandon(s)
            raise SolverLate
        ok, value = box[0]
        if not ok:
            raise value
        return value


#: The first slice of a search under a deadline, ``(conflicts, propagations)``: run on the
#: calling thread, without the search thread and the timer, which cost more than the
#: search of an easy puzzle (four threads started and joined per count to two: 2-3 ms
#: CPU of a median 8-11, more on a loaded machine, where each hand-over waits for a
#: core). Over the 79 shared puzzles a median one takes ~10,000 propagations and 30
#: conflicts, so most are settled here. MiniSat stops at the budget; Glucose reads it
#: only when it restarts (every few dozen conflicts on a formula of a 9x9 variant), so
#: the slice is taken only on a formula of at most ``INLINE_CLAUSES`` clauses, where a
#: restart is milliseconds away, and with ``INLINE_MARGIN`` seconds left before the
#: deadline; a large formula, whose restarts can be seconds apart, goes to the slices.
INLINE = (1_000, 200_000)

#: The most clauses (the shape's and those puzzles added, not the learnt) the solver may hold for
#: the inline slice (a 9x9 killer: ~14,000; a 16x16 classic: 92,000 to 124,000).
INLINE_CLAUSES = 60_000

#: Seconds the deadline must be away for the inline slice to be tried first.
INLINE_MARGIN = 0.5


def _inline(s, assumptions):
    """``s.solve_limited`` within ``INLINE``'s budgets, GIL released; None when they ran
    out or the solver takes no budget of propagations (those go straight to the slices)."""
    conflicts, propagations = INLINE
    try:
        s.prop_budget(propagations)
    except NotImplementedError:
        return None
    try:
        s.conf_budget(conflicts)
        return s.solve_limited(assumptions, expect_interrupt=True)
    finally:
        s.prop_budget(-1)  # (off again; the slices set their own conflicts)


def _slices(s, solver, assumptions, deadline, release, rang):
    slice_, most = SLICE
    while True:
        if rang.is_set() or deadline is not None and time.perf_counter() >= deadline:
            return None
        s.conf_budget(slice_)
        found = (s.solve_limited(assumptions, expect_interrupt=True) if release
                 else s.solve_limited(assumptions=assumptions))
        if found is not None:
            return found
        slice_ = min(2 * slice_, most)


@contextmanager
def _alarm(s, deadline):
    """While the block runs, a timer calls ``s.interrupt()`` at ``deadline`` (none when
    it is None); yields an event set once it has. Leaving the block normally, the timer
    is stopped and the interrupt cleared, so that the solver (a live one is reused)
    answers its next call; left by an exception (a Ctrl-C), the solver is never called
    again (``abandon``)."""
    rang = threading.Event()
    if deadline is None:
        yield rang
        return

    def ring():
        rang.set()
        s.interrupt()

    timer = threading.Timer(max(0.0, deadline - time.perf_counter()), ring)
    timer.daemon = True
    timer.start()
    try:
        yield rang
    finally:
        timer.cancel()
    timer.join()  # (a ring under way ends before the interrupt is cleared)
    if rang.is_set():
        s.clear_interrupt()


def _native(s):
    try:
        acc = s.accum_stats()
        return {k: acc[k] for k in ("conflicts", "decisions", "propagations") if k in acc}
    except Exception:  # some solvers keep no statistics
        return {}


def candidates(puzzle, *, cap: int = 2, time_limit: float | None = None,
               solver: str = DEFAULT_SOLVER, phases: bool = True):
    """``(counts, complete, solutions)``: ``counts[cell][value]`` = solutions giving ``cell`` that value,
    counted up to ``cap`` (0 for a value no solution uses); ``complete`` is False on timeout;
    ``solutions`` holds every solution met on the way (for the caller to verify).

    One solver answers one question again and again: "is there a solution not met yet
    that gives some cell a value counted fewer than ``cap`` times?" (a clause over those
    cell = value literals under an activation literal retired after the call; the
    solutions met are blocked under a literal kept on). A yes raises at least one count;
    the first no proves every count still below ``cap`` exact. So the calls are the
    solutions needed plus one, not one or more per candidate. With ``phases`` the solver
    is asked to try the literals still short first (PySAT's ``set_phases``), so that each
    solution covers many of them.
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    n2 = puzzle.num_cells
    values = tuple(puzzle.value_range)
    counts = [dict.fromkeys(values, 0) for _ in range(n2)]
    known: set = set()  # the solutions met so far
    try:
        enc = encode(puzzle, deadline=deadline)
    except EncodingTimeUp:
        return counts, False, known
    s = _solver(enc, solver)
    try:
        met = enc.pool.id(("candidates", "met"))
        asked = 0
        while True:
            short = [enc.x[c][v] for c in range(n2) for v in values if counts[c][v] < cap]
            if not short:
                break
            asked += 1
            ask = enc.pool.id(("candidates", asked))
            s.add_clause([-ask, *short])
            if phases:
                s.set_phases(short)
            try:
                answer = _solve_sliced(s, solver, [met, ask], deadline)
            except SolverLate:
                s = None  # abandoned: never called again, not even to free it
                return counts, False, known
            except BaseException:
                abandon(s)  # left mid-call (Ctrl-C)
                s = None
                raise
            s.add_clause([-ask])
            if answer is None:
                return counts, False, known
            if not answer:
                break
            sol = _read(enc, set(lit for lit in s.get_model() if lit > 0))
            known.add(sol)
            s.add_clause([-met, *(-enc.x[c][w] for c, w in enumerate(sol))])
            for c, w in enumerate(sol):
                if counts[c][w] < cap:
                    counts[c][w] += 1
    finally:
        if s is not None:
            s.delete()
    return counts, True, known
