"""The ``sat`` backend: the CNF encoding (``encode.cnf``) solved by a PySAT solver.

**Encoding.** ``extended`` by default: the minimal clauses (each cell some value,
each value at most once per house) plus the redundant ones (each cell at most one
value, each value somewhere in every house of n cells). The redundant clauses let
unit propagation find hidden singles, so the solver searches far less; ``minimal``
is kept for comparison (``sat:<solver>:minimal``).

**Incremental solving.** Loading the 9×9 formula into a solver costs more than
checking a puzzle, so the backend keeps, per board geometry, the encoded base
formula and one live solver. A puzzle's givens are passed as *assumptions*, never
added as clauses. To find more than one solution, each solution found is blocked by
a clause ``[-act, -x1, -x2, ...]`` over the cells' true literals (the givens' ones
are false under the assumptions, so they change nothing and save a pass), where
``act`` is a fresh activation literal assumed true for the rest of this puzzle
only; when the puzzle is done ``act`` is retired with the unit clause ``[-act]``,
which satisfies its blocking clauses for good, so nothing leaks into the next
puzzle. A variant board met once or twice (its own extra houses) is solved the
same way on the classic solver of its box shape: its houses' clauses are added
under the puzzle's activation literal and retired with it. Once the retired
activation literals outnumber the n³ cell-value variables (``REBUILD_AFTER``) the
solver is rebuilt from the base formula, so that millions of
puzzles neither bloat it nor slow down reading its models.

**Large boards: one reduced formula per puzzle.** Above ``REDUCED_ABOVE`` (16x16)
the shape's formula is mostly dead weight: a 36x36 puzzle with half its cells given
leaves about 4,000 of its 46,656 cell-value pairs possible. There ``solve`` encodes
the puzzle itself with ``encode.reduced`` (givens eliminated from their peers, naked
and hidden singles to a fixed point, variables only for the candidates left), loads
it into a fresh solver and drops it after the puzzle. The encoder's reduction refutes
a puzzle with clashing givens or a cell without candidates before any solver runs,
and settles a puzzle that singles solve (unique, no solver call). Blocking clauses
need no activation literal, and the zero-decision shortcut is not used (see
``_solve_reduced``). ``sat:reduced_above=N`` moves the line (0: every board).

**Default solver: CaDiCaL 1.9.5** (``cadical195``), chosen by measurement:
``python3 benchmarks/bench_sat.py --count 1000 --repeat 4``, uniqueness checks per CPU second,
one reused solver, extended encoding, best of 4 interleaved rounds on a shared
2-core machine (conflicts per puzzle in brackets)::

    solver       17-clue (1000)   top95 (95)    hardest1106 (375)   all
    cadical195     4043 (2.0)     1534 (18.1)      375 (103.6)      1123
    cadical153     4251 (1.9)     1485 (17.3)      355 (100.7)      1084
    glucose4       3707 (1.5)     1702 (18.3)      213 (105.7)       703
    glucose42      3684 (1.5)     1664 (18.5)      210 (104.4)       696
    minisat22      3914 (1.7)     1679 (19.3)      343 (119.5)      1046
    maplechrono    2291 (3.1)      665 (35.5)       54 (278.7)       194

On easy sets the solvers are within noise of each other (the Python side of the
loop weighs as much as the search); on the hard set CaDiCaL is ~1.6× Glucose,
so it is best overall. CaDiCaL 1.5.3 ties 1.9.5; the newer one is kept.

**Time limits.** Solvers that can be interrupted get a ``threading.Timer`` that
calls ``interrupt()``; CaDiCaL cannot be interrupted through PySAT, so it runs in
conflict-budget slices and the deadline is checked between slices; Lingeling has
no limited solve at all, so it refuses ``time_limit`` with a clear error. Kissat
takes no assumptions and is not offered. The clock starts when ``solve`` is called
and includes the one-time encoding of a new board shape.

A backend instance is not thread-safe: use one per thread.
"""

from __future__ import annotations

import atexit
import functools
import threading
import time
import weakref
from dataclasses import dataclass, field
from operator import neg
from typing import Any, Iterator

from ..board import Board, Geometry
from ..board import geometry as board_geometry
from ..encode.amo import check_encoding
from ..encode.cnf import ENCODINGS, Encoding, encode, givens_literals, house_clauses
from .base import Backend, TimeUp, passed, require

#: The solver used unless a spec names another (see the module docstring for why).
DEFAULT_SOLVER = "cadical195"
#: Solvers PySAT cannot interrupt but can limit by conflicts: time limits run in slices.
BUDGET_ONLY = frozenset({"cadical103", "cadical153", "cadical195", "cadical300"})
#: CaDiCaL options the backend sets when it loads a solver. PySAT's ``configure`` reaches
#: CaDiCaL 1.5.3 and 1.9.5 only (it ignores 1.0.3 without a word). ``elim=0``: the
#: zero-decision shortcut needs it (``SatBackend._forced``, point 3). ``chrono=0`` (no
#: chronological backtracking): in two runs 3-4% more checks per second on 17-clue
#: puzzles, 8-12% on top95, 6-7% on forum_hardest_1106, within noise on
#: magictour_top1465, and fewer conflicts on all four (``python3
#: benchmarks/bench_sat_options.py --variants 'base={}' 'chrono={"chrono": 1}'``,
#: docs/fast.md); measured for 1.9.5, the default, only.
SOLVER_OPTIONS = {"cadical153": {"elim": 0}, "cadical195": {"elim": 0, "chrono": 0}}
#: Solvers whose zero-decision first call proves uniqueness (see ``SatBackend._forced``):
#: CaDiCaL where elimination can be switched off (so not 1.0.3).
ZERO_DECISION_SOLVERS = frozenset(SOLVER_OPTIONS)
#: Solvers with neither interrupt nor budgets: no time limit possible.
NO_LIMIT = frozenset({"lingeling"})
#: Solvers PySAT builds that cannot serve this backend, and why.
UNSUITABLE = {"kissat404": "Kissat in PySAT takes no assumptions and cannot solve incrementally"}
#: Conflicts × cells in the first slice of a timed call (see ``_solve_until``).
FIRST_SLICE = 100_000
#: Statistics read from the solver's ``accum_stats()`` and reported per puzzle.
NATIVE_STATS = ("conflicts", "decisions", "propagations", "restarts")


def solver_names() -> dict[str, str]:
    """Every PySAT solver name and alias, mapped to its canonical name."""
    from pysat.solvers import SolverNames

    names = {}
    for canonical, aliases in vars(SolverNames).items():
        if canonical.startswith("_") or not isinstance(aliases, tuple):
            continue
        names[canonical] = canonical
        for alias in aliases:
            names[alias] = canonical
    return names


def available_solvers() -> list[str]:
    """Canonical names of the PySAT solvers this backend can use in this install."""
    from pysat.solvers import Solver

    usable = []
    for name in sorted(set(solver_names().values()) - set(UNSUITABLE)):
        try:
            Solver(name=name).delete()
        except Exception:  # not compiled into this PySAT build
            continue
        usable.append(name)
    return usable


@functools.lru_cache(maxsize=64)  # it builds a solver to see that one can be built
def canonical_solver(name: str) -> str:
    """The canonical PySAT name for ``name`` (any alias, any case), or a ValueError.

    >>> canonical_solver("G4"), canonical_solver("cadical195")
    ('glucose4', 'cadical195')
    """
    from pysat.solvers import Solver

    canonical = solver_names().get(name.lower())
    if canonical in UNSUITABLE:
        raise ValueError(f"solver {name!r} does not suit the sat backend: {UNSUITABLE[canonical]}")
    if canonical is not None:
        try:
            Solver(name=canonical).delete()
            return canonical
        except Exception:
            pass  # named by PySAT but not built into this install
    raise ValueError(
        f"unknown or unavailable SAT solver {name!r}; choose from: {', '.join(available_solvers())}"
    )


#: From this board side on, ``amo="auto"`` writes "at most one" as a sequential counter
#: (3k clauses for k literals) instead of pairwise (k²/2): a 36x36 board's formula
#: shrinks from 3.3 million clauses to about half a million
#: (``python3 benchmarks/bench_large.py``, docs/large_boards.md).
SEQUENTIAL_FROM = 25


#: Above this board side the backend writes one pre-propagated formula per puzzle
#: (``encode.reduced``) instead of solving under assumptions on the shape's formula
#: (see the module docstring; ``sat:reduced_above=N`` moves the line). Measured with
#: ``benchmarks/bench_reduced.py``: on 16x16 batches the shape's formula is as fast
#: or faster (4.5x at 35% given); from 25x25 on the reduced one is 2-10x faster.
REDUCED_ABOVE = 16


def _side(value: int | str) -> int:
    """A board side from a spec option (``sat:reduced_above=0`` reduces every board)."""
    side = int(value)
    if side < 0:
        raise ValueError(f"reduced_above must be 0 or more, not {value}")
    return side


def amo_for(n: int, amo: str = "auto") -> str:
    """The at-most-one encoding for an n×n board: ``amo`` itself unless it is ``auto``.

    >>> amo_for(9), amo_for(36), amo_for(36, "pairwise")
    ('pairwise', 'sequential', 'pairwise')
    """
    if amo != "auto":
        return amo
    return "sequential" if n >= SEQUENTIAL_FROM else "pairwise"


#: Live solvers kept, one per board shape, least recently used dropped first. A batch
#: of variant puzzles (each with its own extra houses) would otherwise keep a formula
#: and a solver for every puzzle: a soak run of 28,000 such checks grew to 24 GB.
KEEP_SHAPES = 16
#: ... and at most this many clauses in all of them (a 9x9 formula has 12k, a 16x16
#: one 130k, a 36x36 one about half a million).
KEEP_CLAUSES = 3_000_000
#: A variant (extra houses) gets a solver of its own once this many of its puzzles
#: have been seen; before that its extra houses ride on the classic solver of its box
#: shape, under an activation literal (see ``SatBackend._state``).
OWN_SOLVER_AFTER = 3


@dataclass
class _Live:
    """The base formula of one geometry and the solver loaded with it."""

    encoding: Encoding
    solver: Any = None
    next_var: int = 0  # next unused activation variable
    retired: int = 0  # activation literals retired since the last rebuild
    nv: int = 0  # cell-value variables (n³), the default rebuild threshold
    fixed: dict = field(default_factory=dict)  # the statistics every puzzle here reports alike


class SatBackend(Backend):
    """Solve boards with a PySAT solver on the CNF encoding, one live solver per shape."""

    name = "sat"
    SPEC_OPTIONS = ("solver", "encoding", "amo", "reduced_above")
    #: Rebuild a geometry's solver after this many retired activation literals; None
    #: means as many as there are cell-value variables (n³). Every model PySAT returns
    #: lists all variables, so retired ones slow each solution down: on 9×9, rebuilding
    #: every 729 puzzles (~8 ms a load) beat every 10,000 by ~10% in checks/s.
    REBUILD_AFTER: int | None = None

    def __init__(self, solver: str = DEFAULT_SOLVER, encoding: str = "extended",
                 amo: str = "auto", reduced_above: int | str = REDUCED_ABOVE):
        self.pysat = require("pysat.solvers", "python-sat", self.name)
        self.solver = canonical_solver(solver)
        if encoding not in ENCODINGS:
            raise ValueError(f"unknown encoding {encoding!r}; choose from: {', '.join(ENCODINGS)}")
        self.encoding = encoding
        if amo != "auto":
            check_encoding(amo)
        self.amo = amo
        self.reduced_above = _side(reduced_above)
        self._live: dict[Geometry, _Live] = {}
        self._seen: dict[Geometry, int] = {}  # variants met so far (see _one_off)
        self._last: tuple = (None, None)  # the geometry of the last puzzle and its state
        _OPEN.add(self)

    @staticmethod
    def refuses(options: dict, time_limit: float | None) -> str | None:
        """Why a spec with these options cannot run with ``time_limit``, or None
        (``backends.check_spec`` asks before any puzzle is read)."""
        if time_limit is None or "solver" not in options:
            return None
        try:
            solver = canonical_solver(options["solver"])
        except ValueError:
            return None  # an unknown solver is refused when the backend is built
        if solver in NO_LIMIT:
            return (f"the {solver} solver cannot be stopped early, so --time-limit cannot be "
                    f"honoured: choose another solver (e.g. sat:{DEFAULT_SOLVER}) or drop the "
                    "time limit")
        return None

    # -- per-geometry state ---------------------------------------------------------------
    def _state(self, geometry: Geometry) -> _Live:
        """The live solver for ``geometry``'s puzzles, loading it if needed.

        A variant seen fewer than ``OWN_SOLVER_AFTER`` times is served by the classic
        solver of its box shape (``_Live.encoding.geometry`` is then not ``geometry``):
        ``solve`` adds the extra houses' clauses under an activation literal and
        retires them with the puzzle. Loading a 9x9 formula costs ~20 ms and adding two
        houses ~0.3 ms, so a batch whose every puzzle has houses of its own (a soak
        run, generated variants) does not rebuild a solver per puzzle, while a variant
        that repeats (Sudoku-X) soon gets a formula of its own and pays nothing.
        """
        if geometry is self._last[0]:  # the same shape as the last puzzle: no hashing
            live = self._last[1]
            if (live.solver is not None and live.retired < (self.REBUILD_AFTER or live.nv)
                    and _same(live.encoding.geometry, geometry)):  # (a one-off variant counts on)
                return live
        key = geometry
        if geometry.extra and geometry not in self._live and self._one_off(geometry):
            key = board_geometry(geometry.box_rows, geometry.box_cols)
        live = self._live.pop(key, None)
        if live is None:
            amo = amo_for(key.n, self.amo)
            enc = encode(key, self.encoding, amo)
            live = _Live(enc, nv=enc.nv, fixed=dict(
                solver=self.solver, encoding=self.encoding, amo=amo, variables=enc.nv,
                clauses=len(enc.cnf.clauses)))
        self._live[key] = live  # most recently used last
        self._evict()
        if live.solver is None or live.retired >= (self.REBUILD_AFTER or live.nv):
            self._rebuild(live)
        self._last = (geometry, live)
        return live

    def _one_off(self, geometry: Geometry) -> bool:
        """True while a variant has been seen fewer than ``OWN_SOLVER_AFTER`` times.

        Only pairwise "at most one" can be added later without auxiliary variables,
        so boards that use another encoding always get a solver of their own.
        """
        if amo_for(geometry.n, self.amo) != "pairwise":
            return False
        seen = self._seen.pop(geometry, 0) + 1
        self._seen[geometry] = seen
        while len(self._seen) > 4 * KEEP_SHAPES:  # bounded: oldest first
            self._seen.pop(next(iter(self._seen)))
        return seen < OWN_SOLVER_AFTER

    def _evict(self) -> None:
        """Drop least recently used solvers beyond ``KEEP_SHAPES`` or ``KEEP_CLAUSES``."""
        while len(self._live) > 1 and (
                len(self._live) > KEEP_SHAPES
                or sum(len(live.encoding.cnf.clauses) for live in self._live.values())
                > KEEP_CLAUSES):
            oldest = self._live.pop(next(iter(self._live)))
            if oldest.solver is not None:
                oldest.solver.delete()
                oldest.solver = None

    def _rebuild(self, live: _Live) -> None:
        if live.solver is not None:
            live.solver.delete()
        live.solver = self.pysat.Solver(name=self.solver, bootstrap_with=live.encoding.cnf.clauses)
        if self.solver in SOLVER_OPTIONS:
            # No variable elimination: every variable of a model is then decided or
            # propagated, which _forced relies on. Lazy backtracking ("ilb") is left as
            # PySAT builds it (on): see _forced, point 2, for why the count stays true.
            live.solver.configure(SOLVER_OPTIONS[self.solver])
        live.next_var = live.encoding.pool.top + 1  # after any auxiliary variables
        live.retired = 0

    def _abandon(self, live: _Live) -> None:
        """Forget a solver that an exception (Ctrl-C) left in the middle of a call.

        PySAT answers Ctrl-C by jumping out of the solver, which CaDiCaL then treats
        as an invalid state: any later call on it, even adding a clause, aborts the
        process. The solver is set aside, never called again, and rebuilt on next use.
        """
        abandon(live.solver)
        live.solver = None

    def close(self) -> None:
        """Free every live solver (the backend rebuilds them if used again)."""
        for live in self._live.values():
            if live.solver is not None:
                live.solver.delete()
                live.solver = None

    # -- solving ----------------------------------------------------------------------------
    def search(self, board: Board, limit: int, deadline: float | None,
               stats: dict) -> tuple[list[tuple[int, ...]], bool]:
        """Refuse a time limit the solver cannot honour, then count as every backend does."""
        if deadline is not None and self.solver in NO_LIMIT:
            raise ValueError(self.refuses({"solver": self.solver}, 1.0))
        return super().search(board, limit, deadline, stats)

    def iter_solutions(self, board: Board, deadline: float | None,
                       stats: dict) -> Iterator[tuple[int, ...]]:
        """Models of the live solver under the givens as assumptions, each next one after
        a blocking clause guarded by this puzzle's activation literal."""
        if board.n > self.reduced_above:  # large boards: one pre-propagated formula each
            yield from self._reduced_solutions(board, deadline, stats)
            return
        live = self._state(board.geometry)
        enc, solver = live.encoding, live.solver
        nv, value_of = enc.nv, enc.value_of
        assumptions = givens_literals(enc, board)
        act = 0  # this puzzle's activation literal, once it needs one
        variant = not _same(enc.geometry, board.geometry)  # extra houses on the classic solver
        if variant:
            act = self._activate(live, assumptions)
            for clause in house_clauses(enc.x, board.n, board.geometry.extra,
                                        self.encoding == "extended"):
                solver.add_clause([-act] + clause)
        before = after = solver.accum_stats()
        calls = blocking = 0
        forced = False
        in_call = False  # True while the solver runs: an exception then leaves it mid-search
        try:
            while True:
                calls += 1
                in_call = True
                try:
                    if deadline is None:
                        found = solver.solve(assumptions=assumptions)
                    else:
                        found = self._run(live, assumptions, deadline)
                except Exception as exc:
                    raise interrupt_or(exc)
                in_call = False
                if found is None:  # stopped by the time limit
                    raise TimeUp
                if not found:
                    return
                # one true cell-value literal per cell, in cell order (see encode.cnf.decode)
                true_lits = [lit for lit in solver.get_model()[:nv] if lit > 0]
                yield tuple(map(value_of.__getitem__, true_lits))
                after = solver.accum_stats()
                if calls == 1 and self._forced(before, after, assumptions):
                    forced = True  # unique without a second call: see _forced
                    return
                if not act:
                    act = self._activate(live, assumptions)
                # (the givens' literals in it are false under the assumptions: harmless)
                solver.add_clause([-act, *map(neg, true_lits)])
                blocking += 1
        finally:
            if in_call:  # PySAT left the solver mid-search (CaDiCaL then aborts on any call)
                self._abandon(live)
            else:
                if act:  # retire: this puzzle's blocking clauses are void from now on
                    solver.add_clause([-act])
                    live.retired += 1
                if not forced:  # (the shortcut read the statistics already)
                    after = solver.accum_stats()
            stats.update({key: after.get(key, 0) - before.get(key, 0) for key in NATIVE_STATS})
            stats.update(calls=calls, blocking_clauses=blocking, forced_by_propagation=forced)
            stats.update(live.fixed)  # (in the order the statistics have always had)
            stats.update(assumptions=len(assumptions) - (1 if act else 0),
                         extra_houses_added=variant)

    def confirm_many(self, boards, solutions) -> list[bool]:
        """For each board, True when it has no solution other than ``solutions[i]``: one
        solver call under the givens, with that solution blocked by a clause guarded by
        a fresh activation literal (retired afterwards, as ``iter_solutions`` retires
        its own), so an unsatisfiable call proves there is no other. The caller checks
        that the given solution is one (``is_solution``); a board this shortcut does
        not serve (extra houses, a large board) is counted out the usual way. The
        generator's verification (``generate.verify_many``): about two thirds of the
        time of ``solve(board, limit=2)``, which also reads the model."""
        out = []
        for board, solution in zip(boards, solutions):
            if board.n > self.reduced_above or board.geometry.extra:
                r = self.solve(board, limit=2)
                out.append(r.exhausted and len(r.solutions) == 1
                           and r.solution == tuple(solution))
                continue
            live = self._state(board.geometry)
            x, solver = live.encoding.x, live.solver
            assumptions = givens_literals(live.encoding, board)
            act = self._activate(live, assumptions)
            solver.add_clause([-act] + [-x[c][v] for c, (v, given) in
                                        enumerate(zip(solution, board.givens)) if not given])
            try:
                other = solver.solve(assumptions=assumptions)
            except BaseException as exc:  # Ctrl-C inside the solver: never call it again
                self._abandon(live)
                if isinstance(exc, Exception):  # PySAT's own word for a Ctrl-C
                    raise interrupt_or(exc) from None
                raise
            solver.add_clause([-act])
            live.retired += 1
            out.append(not other)
        return out

    @staticmethod
    def _activate(live: _Live, assumptions: list[int]) -> int:
        """A fresh activation literal for this puzzle, assumed true until it is retired."""
        act = live.next_var
        live.next_var += 1
        assumptions.append(act)
        return act

    def _forced(self, before: dict, after: dict, assumptions: list[int]) -> bool:
        """True when the first call's model was forced by propagation from the givens,
        which proves it the only solution, so the second call can be skipped.

        Why this is sound, for CaDiCaL 1.5.3 and 1.9.5 (``ZERO_DECISION_SOLVERS``):

        1. CaDiCaL counts in ``decisions`` only its own choices, not the assumptions it
           assigns first (its ``decide()`` takes the assumptions before it counts), and
           its "lucky phases", which assign without counting, are skipped whenever there
           are assumptions; so we require at least one given.
        2. So with zero new decisions every variable of the model was assigned by unit
           propagation from the givens (and this puzzle's activation literal), over the
           base formula, this puzzle's extra houses and learned clauses, all implied by
           them (retired blocking and extra-house clauses only mention activation
           literals that are false for good). Every literal unit
           propagation implies holds in every solution, so every solution equals this
           model: it is unique. Lazy backtracking, on in PySAT's CaDiCaL 1.9.5
           (``ilb=1``, ``ilbassumptions=1``), keeps part of the previous call's trail,
           but only the levels whose decisions are assumptions of this call
           (``sort_and_reuse_assumptions`` backtracks to the first level that is not):
           what it keeps was propagated from this puzzle's own givens too.
        3. The one way a variable escapes both decision and propagation is variable
           elimination, whose eliminated variables are set afterwards and could be
           free: so these solvers run with elimination off (``_rebuild`` sets
           ``elim=0``). Equivalent-literal substitution and root-level units fix
           values, so they add no freedom.

        About half of the 17-clue puzzles end here (docs/fast.md, "The sat backend").
        """
        if self.solver not in ZERO_DECISION_SOLVERS or not assumptions:
            return False
        return after.get("decisions", 0) == before.get("decisions", 0)

    def _run(self, live: _Live, assumptions: list[int], deadline: float | None) -> bool | None:
        """One solver call: True (model), False (no model), None (deadline reached)."""
        if deadline is None:
            return live.solver.solve(assumptions=assumptions)
        # conflicts get dearer as boards grow: ~1,200 for 9x9, 390 for 16x16, 160 for 25x25
        first_budget = max(100, FIRST_SLICE // live.encoding.geometry.ncells)
        return _solve_until(live.solver, assumptions, deadline, first_budget,
                            interruptible=self.solver not in BUDGET_ONLY)


    # -- large boards: one reduced formula per puzzle ------------------------------------------
    def _reduced_solutions(self, board: Board, deadline: float | None,
                           stats: dict) -> Iterator[tuple[int, ...]]:
        """Solutions from the puzzle's own pre-propagated formula (``encode.reduced``).

        The formula is built, solved and dropped per puzzle: no assumptions, and each
        solution found is blocked by a plain clause over the free cells' true literals.
        The solver runs with its default options (variable elimination on), since the
        zero-decision shortcut ``_forced`` is not used here: the reduction already ran
        naked and hidden singles to a fixed point, which is all unit propagation can do
        on this encoding, so a first call without a decision could only happen on a
        board the reduction settled completely. Such a board needs no solver (its one
        solution is unique); one the reduction refutes (``contradiction``) has none.
        """
        from ..encode.reduced import PAIRWISE_UP_TO, reduce_board

        start = time.perf_counter()
        red = reduce_board(board, self.encoding, self.amo)
        stats.update(dict.fromkeys(NATIVE_STATS, 0))
        stats.update(red.stats(), reduced=True, solver=self.solver, encoding=self.encoding,
                     amo=self.amo if self.amo != "auto"
                     else f"pairwise up to {PAIRWISE_UP_TO} literals, then sequential",
                     encode_s=time.perf_counter() - start, calls=0, blocking_clauses=0,
                     forced_by_propagation=False, assumptions=0)
        if red.contradiction is not None:
            return
        if red.nv == 0:  # every cell settled by the reduction's own singles
            stats["forced_by_propagation"] = True
            yield red.settled
            return
        if passed(deadline):  # spent on reducing
            raise TimeUp
        solver = self.pysat.Solver(name=self.solver, bootstrap_with=red.clauses)
        first_budget = max(100, FIRST_SLICE // board.geometry.ncells)
        in_call = False
        try:
            while True:
                stats["calls"] += 1
                in_call = True
                try:
                    if deadline is None:
                        found = solver.solve()
                    else:
                        found = _solve_until(solver, [], deadline, first_budget,
                                             interruptible=self.solver not in BUDGET_ONLY)
                except Exception as exc:
                    raise interrupt_or(exc)
                in_call = False
                if found is None:
                    raise TimeUp
                if not found:
                    return
                true_lits = [lit for lit in solver.get_model()[:red.nv] if lit > 0]
                yield red.solution(true_lits)
                solver.add_clause([-lit for lit in true_lits])
                stats["blocking_clauses"] += 1
        finally:
            if in_call:  # Ctrl-C inside the solver: never call it again (see _abandon)
                abandon(solver)
            else:
                native = solver.accum_stats()
                solver.delete()
                stats.update({key: native.get(key, 0) for key in NATIVE_STATS})


def interrupt_or(exc: Exception) -> BaseException:
    """What to raise for ``exc``: PySAT reports a Ctrl-C that lands inside a solver call
    as its own error ("Caught keyboard interrupt"), which is a ``KeyboardInterrupt``."""
    if "keyboard interrupt" in str(exc).lower():
        interrupt = KeyboardInterrupt(str(exc))
        interrupt.__cause__ = exc
        return interrupt
    return exc


def _same(a: Geometry, b: Geometry) -> bool:
    return a is b or a == b


#: Solvers left mid-call by Ctrl-C: kept alive so that no destructor calls into them.
_ABANDONED: list = []


def abandon(solver) -> None:
    """Set aside a PySAT ``solver`` that Ctrl-C left mid-call: never called again, not
    even freed (CaDiCaL aborts the process on any later call; see ``_abandon``)."""
    _ABANDONED.append(solver)

#: Backends with live solvers, closed at exit: PySAT's ``Solver.__del__`` fails noisily
#: when it runs during interpreter shutdown, after its C module is gone.
_OPEN: "weakref.WeakSet[SatBackend]" = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for backend in list(_OPEN):
        backend.close()


def _solve_until(solver, assumptions: list[int], deadline: float, first_budget: int,
                 interruptible: bool) -> bool | None:
    """Solve with the clock running: True, False, or None once ``deadline`` has passed.

    A first conflict-budget slice settles almost every puzzle without starting a timer
    thread (a thread per call halved Glucose's checks/s). If it does not, a solver
    that can be interrupted gets a ``threading.Timer`` for the time left; CaDiCaL
    instead runs more slices, each sized by the last slice's conflict rate to fit the
    time left (at most double the last), and the clock is checked between them.
    """
    budget = first_budget
    while True:
        began = time.perf_counter()
        if began >= deadline:
            return None
        conflicts = solver.accum_stats().get("conflicts", 0)
        solver.conf_budget(budget)
        found = solver.solve_limited(assumptions=assumptions)
        if found is not None:
            return found
        now = time.perf_counter()
        if interruptible:
            solver.conf_budget(-1)  # no budget: only the timer stops this call
            return _solve_with_timer(solver, assumptions, deadline - now)
        done = max(solver.accum_stats().get("conflicts", 0) - conflicts, 1)
        rate = done / max(now - began, 1e-6)
        budget = max(100, min(2 * budget, int(rate * (deadline - now))))


def solve_within(solver, name: str, assumptions: list[int],
                 deadline: float | None) -> bool | None:
    """One call of a PySAT ``solver`` (built as ``name``) under an optional ``deadline``
    (a ``perf_counter`` value): True, False, or None once the deadline passed. The road
    every SAT search here takes: budget slices first, then a timer, or slices alone for
    a solver that cannot be interrupted (``_solve_until``)."""
    if deadline is None:
        return solver.solve(assumptions=assumptions)
    return _solve_until(solver, assumptions, deadline, max(100, FIRST_SLICE // 81),
                        interruptible=canonical_solver(name) not in BUDGET_ONLY)


def _solve_with_timer(solver, assumptions: list[int], seconds: float) -> bool | None:
    if seconds <= 0:
        return None
    timer = threading.Timer(seconds, solver.interrupt)
    timer.start()
    try:
        return solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
    finally:
        timer.cancel()
        timer.join()  # an interrupt already under way must land before it is cleared
        solver.clear_interrupt()
